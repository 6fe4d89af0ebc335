//! What can go wrong in an opening stage: a request that does not parse, a
//! position that does not fit the rule, or an answer that breaks it.

use super::area::Area;
use super::symmetry::Symmetry;
use crate::board::Pos;
use crate::rules::Color;
use std::fmt;

/// Why an opening request or answer was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// The opening rule named in the request is not known.
    UnknownRule(String),
    /// The request's first line is malformed.
    BadHeader(String),
    /// A stone line is not `x,y,c` with c 1 (black), 2 (white) or 3 (offer).
    BadLine(String),
    /// An answer that does not parse as any answer the stage allows.
    BadReply(String),
    /// A board size the engine does not support.
    BadSize {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
    },
    /// A point off the board.
    OffBoard {
        /// Column as given.
        x: i64,
        /// Row as given.
        y: i64,
    },
    /// A stone on an occupied point.
    Occupied(Pos),
    /// The stones are not in move order (black, white, black, …).
    OutOfOrder {
        /// Zero-based place in the list.
        index: usize,
        /// The colour that move should have.
        expected: Color,
    },
    /// An offered fifth move listed before the fourth stone, or offers
    /// given at a stage that has none.
    MisplacedOffer(Pos),
    /// The rule has no stage with this many stones and offers.
    NoStage {
        /// Stones on the board.
        stones: usize,
        /// Offered fifth moves.
        offers: usize,
    },
    /// The stage needs the declared number of fifth moves, and it is missing.
    MissingCount,
    /// A declared number of fifth moves out of range.
    BadCount {
        /// The number given.
        count: usize,
        /// The largest the rule allows.
        max: usize,
    },
    /// The first three stones are not one of the 26 canonical openings with
    /// black 1 on the centre.
    NotCanonical,
    /// The wrong number of offered fifth moves.
    WrongCount {
        /// How many the stage asks for.
        expected: usize,
        /// How many were given.
        got: usize,
    },
    /// A stone outside the area the stage allows.
    OutsideArea {
        /// The stone.
        pos: Pos,
        /// The allowed area.
        area: Area,
    },
    /// The same point offered twice.
    Repeated(Pos),
    /// Two offered fifth moves that a symmetry of the position maps onto
    /// each other.
    Symmetric {
        /// The earlier offer.
        first: Pos,
        /// The later offer, equivalent to the first.
        second: Pos,
        /// A symmetry of the position that maps `first` to `second`.
        symmetry: Symmetry,
    },
    /// An answer of a kind the stage does not allow (`SWAP` where no swap is
    /// open, two stones where one is asked for, …).
    NotAllowed(&'static str),
    /// The kept fifth move is not one of the offers.
    NotOffered(Pos),
    /// The engine found no point to play (a full board or area).
    NoMove,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::UnknownRule(r) => write!(f, "unknown opening rule '{r}'"),
            OpeningError::BadHeader(h) => write!(f, "malformed opening request '{h}'"),
            OpeningError::BadLine(l) => write!(
                f,
                "malformed stone line '{l}' (expected x,y,c with c 1, 2 or 3)"
            ),
            OpeningError::BadReply(r) => write!(f, "answer '{r}' not understood"),
            OpeningError::BadSize { width, height } => {
                write!(f, "board size {width}x{height} is not supported")
            }
            OpeningError::OffBoard { x, y } => write!(f, "point {x},{y} is off the board"),
            OpeningError::Occupied(p) => write!(f, "point {p} is already occupied"),
            OpeningError::OutOfOrder { index, expected } => {
                write!(
                    f,
                    "stone {} should be {:?}: stones go in move order",
                    index + 1,
                    expected
                )
            }
            OpeningError::MisplacedOffer(p) => write!(f, "offer {p} where no offers belong"),
            OpeningError::NoStage { stones, offers } => {
                write!(
                    f,
                    "the rule has no stage with {stones} stones and {offers} offers"
                )
            }
            OpeningError::MissingCount => f.write_str("the number of fifth moves was not declared"),
            OpeningError::BadCount { count, max } => {
                write!(
                    f,
                    "{count} fifth moves declared; the rule allows 1 to {max}"
                )
            }
            OpeningError::NotCanonical => f.write_str("not one of the 26 canonical openings"),
            OpeningError::WrongCount { expected, got } => {
                write!(f, "{got} fifth moves offered, {expected} expected")
            }
            OpeningError::OutsideArea { pos, area } => write!(f, "{pos} is outside {area}"),
            OpeningError::Repeated(p) => write!(f, "{p} offered twice"),
            OpeningError::Symmetric {
                first,
                second,
                symmetry,
            } => {
                write!(f, "offers {first} and {second} are symmetric ({symmetry})")
            }
            OpeningError::NotAllowed(what) => write!(f, "{what} is not allowed at this stage"),
            OpeningError::NotOffered(p) => write!(f, "{p} was not offered"),
            OpeningError::NoMove => f.write_str("no point to play"),
        }
    }
}

impl std::error::Error for OpeningError {}
