//! Opening rules as data: for each rule, which answers are open at each
//! stage, a stage being told by the number of stones on the board and
//! whether fifth moves are on offer.
//!
//! Every rule here is built from the same few mechanics:
//!
//! - the player holding the colour to move may **swap** (take the other
//!   colour), and then the opponent, now holding the colour to move, plays
//!   on with the swap closed;
//! - a **stone** for the side to move, maybe inside a central square, maybe
//!   with a declared number of fifth moves;
//! - the three-stone **opening** (one of the 26 for the renju rules);
//! - black's **offers** of fifth moves, and white **keeping** one of them and
//!   playing move 6;
//! - swap2's **two stones** (white 4 and black 5, after which the opponent
//!   chooses a colour).
//!
//! The rule texts: RIF, <http://renju.net/study/starting.php>; Yamaguchi,
//! <http://renju.net/media/showrule.php?rule=5>; Soosõrv-N and Taraguchi-N,
//! the Wikipedia articles "Soosõrv opening rule" and "Taraguchi opening
//! rule" (Tarannikov's rule is Taraguchi's without the offers); swap2, the Gomocup `SWAP2BOARD` description
//! (<https://gomocup.org/news/experimental-tournament-update-2020/>).

use super::area::Area;
use std::fmt;

/// The largest number of fifth moves any request may ask for.
pub const MAX_OFFERS: usize = 16;

/// An opening rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// The RIF rule of 1996: the tentative black places one of the 26
    /// openings, the tentative white may swap, white plays move 4 anywhere,
    /// black offers two fifth moves (五手两打; the request may set another
    /// number) and white keeps one and plays move 6.
    Rif,
    /// Yamaguchi: as RIF, but the tentative black declares the number of
    /// fifth moves together with the opening.
    Yamaguchi,
    /// Soosõrv-N: the first player places one of the 26; the other may swap;
    /// white plays move 4 anywhere and declares 1 to N fifth moves; the other
    /// may swap; black offers them; white keeps one and plays move 6.
    Soosorv(u8),
    /// Taraguchi-N: stones 1 to 4 placed one at a time in the central 1×1,
    /// 3×3, 5×5 and 7×7 squares, each followed by a chance to swap; then
    /// black either plays move 5 in the central 9×9 square (and white may
    /// swap once more) or offers N fifth moves anywhere.
    Taraguchi(u8),
    /// Tarannikov: Taraguchi without the offers; stones 1 to 5 in the
    /// central 1×1 to 9×9 squares, each followed by a chance to swap, then
    /// move 6 anywhere.
    Tarannikov,
    /// Swap1: three stones anywhere, then the opponent picks a colour.
    Swap1,
    /// Swap2, as the Gomocup `SWAP2BOARD` command plays it.
    Swap2,
}

/// A kind of answer that a stage allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// `SWAP`: the player takes the other colour.
    Swap,
    /// Black 1, white 2 and black 3. With `canonical`, one of the 26
    /// openings with black 1 on the centre; with `declare`, followed by the
    /// number of fifth moves.
    Opening {
        /// Must be one of the 26 canonical openings.
        canonical: bool,
        /// The number of fifth moves follows.
        declare: bool,
    },
    /// One stone for the side to move.
    Stone {
        /// Where it may go.
        area: Area,
        /// The number of fifth moves follows.
        declare: bool,
    },
    /// Swap2's third option: white 4 and black 5, after which the opponent
    /// chooses a colour.
    TwoStones,
    /// Black's offered fifth moves, no two equivalent.
    Offers {
        /// Where they may go.
        area: Area,
    },
    /// White keeps one of the offered fifth moves and plays move 6.
    Keep,
}

/// One stage of a rule: the answers open to the player holding the colour
/// to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageRow {
    /// Stones on the board.
    pub stones: usize,
    /// Whether fifth moves are on offer.
    pub offered: bool,
    /// The answers open to the player.
    pub answers: &'static [Answer],
    /// The answers open when the player got the colour by the opponent's
    /// swap at this very stage (the request says `NOSWAP`).
    pub after_swap: &'static [Answer],
}

const ANY: Area = Area::Anywhere;

const fn row(
    stones: usize,
    offered: bool,
    answers: &'static [Answer],
    after_swap: &'static [Answer],
) -> StageRow {
    StageRow {
        stones,
        offered,
        answers,
        after_swap,
    }
}

const STONE: Answer = Answer::Stone {
    area: ANY,
    declare: false,
};
const KEEP: StageRow = row(4, true, &[Answer::Keep], &[Answer::Keep]);

const RIF: &[StageRow] = &[
    row(
        0,
        false,
        &[Answer::Opening {
            canonical: true,
            declare: false,
        }],
        &[],
    ),
    row(3, false, &[Answer::Swap, STONE], &[STONE]),
    row(
        4,
        false,
        &[Answer::Offers { area: ANY }],
        &[Answer::Offers { area: ANY }],
    ),
    KEEP,
];

const YAMAGUCHI: &[StageRow] = &[
    row(
        0,
        false,
        &[Answer::Opening {
            canonical: true,
            declare: true,
        }],
        &[],
    ),
    row(3, false, &[Answer::Swap, STONE], &[STONE]),
    row(
        4,
        false,
        &[Answer::Offers { area: ANY }],
        &[Answer::Offers { area: ANY }],
    ),
    KEEP,
];

const STONE_DECLARE: Answer = Answer::Stone {
    area: ANY,
    declare: true,
};

const SOOSORV: &[StageRow] = &[
    row(
        0,
        false,
        &[Answer::Opening {
            canonical: true,
            declare: false,
        }],
        &[],
    ),
    row(3, false, &[Answer::Swap, STONE_DECLARE], &[STONE_DECLARE]),
    row(
        4,
        false,
        &[Answer::Swap, Answer::Offers { area: ANY }],
        &[Answer::Offers { area: ANY }],
    ),
    KEEP,
];

const fn central(side: u8) -> Answer {
    Answer::Stone {
        area: Area::Central(side),
        declare: false,
    }
}

const TARAGUCHI: &[StageRow] = &[
    row(0, false, &[central(1)], &[]),
    row(1, false, &[Answer::Swap, central(3)], &[central(3)]),
    row(2, false, &[Answer::Swap, central(5)], &[central(5)]),
    row(3, false, &[Answer::Swap, central(7)], &[central(7)]),
    // After the fourth move the black player chooses: swap, one fifth move
    // in the 9×9 square (choice 1) or N offers anywhere (choice 2). A player
    // who got black by a swap here is in choice 1.
    row(
        4,
        false,
        &[Answer::Swap, central(9), Answer::Offers { area: ANY }],
        &[central(9)],
    ),
    row(5, false, &[Answer::Swap, STONE], &[STONE]),
    KEEP,
];

const TARANNIKOV: &[StageRow] = &[
    row(0, false, &[central(1)], &[]),
    row(1, false, &[Answer::Swap, central(3)], &[central(3)]),
    row(2, false, &[Answer::Swap, central(5)], &[central(5)]),
    row(3, false, &[Answer::Swap, central(7)], &[central(7)]),
    row(4, false, &[Answer::Swap, central(9)], &[central(9)]),
    row(5, false, &[Answer::Swap, STONE], &[STONE]),
];

const THREE_FREE: Answer = Answer::Opening {
    canonical: false,
    declare: false,
};

const SWAP1: &[StageRow] = &[
    row(0, false, &[THREE_FREE], &[]),
    row(3, false, &[Answer::Swap, STONE], &[STONE]),
];

const SWAP2: &[StageRow] = &[
    row(0, false, &[THREE_FREE], &[]),
    row(
        3,
        false,
        &[Answer::Swap, STONE, Answer::TwoStones],
        &[STONE],
    ),
    row(5, false, &[Answer::Swap, STONE], &[STONE]),
];

impl OpeningRule {
    /// Every opening rule, the numbered ones with a usual number of offers
    /// (Soosõrv-8, Taraguchi-10).
    pub const ALL: [OpeningRule; 7] = [
        OpeningRule::Rif,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv(8),
        OpeningRule::Taraguchi(10),
        OpeningRule::Tarannikov,
        OpeningRule::Swap1,
        OpeningRule::Swap2,
    ];

    /// Parses `rif`, `yamaguchi`, `soosorv-N` (also `soosõrv-N`,
    /// `soosyrv-N`; plain `soosorv` is N = 4), `taraguchi-N` (plain
    /// `taraguchi` is N = 5), `swap1` and `swap2`, in any case.
    #[must_use]
    pub fn parse(text: &str) -> Option<OpeningRule> {
        let t = text.trim().to_lowercase();
        let (name, n) = match t.split_once('-') {
            Some((name, n)) => (name, Some(n.parse::<u8>().ok()?)),
            None => (t.as_str(), None),
        };
        let ranged = |n: u8| (1..=MAX_OFFERS as u8).contains(&n).then_some(n);
        match (name, n) {
            ("rif", None) => Some(OpeningRule::Rif),
            ("yamaguchi", None) => Some(OpeningRule::Yamaguchi),
            ("soosorv" | "soosõrv" | "soosyrv", n) => {
                ranged(n.unwrap_or(4)).map(OpeningRule::Soosorv)
            }
            ("taraguchi", n) => ranged(n.unwrap_or(5)).map(OpeningRule::Taraguchi),
            ("tarannikov", None) => Some(OpeningRule::Tarannikov),
            ("swap1", None) => Some(OpeningRule::Swap1),
            ("swap2", None) => Some(OpeningRule::Swap2),
            _ => None,
        }
    }

    /// The stages of this rule.
    #[must_use]
    pub fn stages(self) -> &'static [StageRow] {
        match self {
            OpeningRule::Rif => RIF,
            OpeningRule::Yamaguchi => YAMAGUCHI,
            OpeningRule::Soosorv(_) => SOOSORV,
            OpeningRule::Taraguchi(_) => TARAGUCHI,
            OpeningRule::Tarannikov => TARANNIKOV,
            OpeningRule::Swap1 => SWAP1,
            OpeningRule::Swap2 => SWAP2,
        }
    }

    /// The stage with this many stones, with or without offers.
    #[must_use]
    pub fn stage(self, stones: usize, offered: bool) -> Option<&'static StageRow> {
        self.stages()
            .iter()
            .find(|r| r.stones == stones && r.offered == offered)
    }

    /// The largest number of fifth moves that may be declared or asked for.
    #[must_use]
    pub fn max_offers(self) -> usize {
        match self {
            OpeningRule::Soosorv(n) | OpeningRule::Taraguchi(n) => usize::from(n),
            _ => MAX_OFFERS,
        }
    }

    /// The number of fifth moves when nobody declares it: 2 under RIF, N
    /// under Taraguchi-N; `None` where it is declared during the opening.
    #[must_use]
    pub fn fixed_offers(self) -> Option<usize> {
        match self {
            OpeningRule::Rif => Some(2),
            OpeningRule::Taraguchi(n) => Some(usize::from(n)),
            _ => None,
        }
    }

    /// Whether the first three stones must be one of the 26 canonical
    /// openings.
    #[must_use]
    pub fn canonical(self) -> bool {
        matches!(
            self,
            OpeningRule::Rif | OpeningRule::Yamaguchi | OpeningRule::Soosorv(_)
        )
    }

    /// The area stone `index` (zero-based, in move order) must lie in, for
    /// the stones placed one at a time before the offers.
    #[must_use]
    pub fn area_of_stone(self, index: usize) -> Area {
        match self {
            OpeningRule::Taraguchi(_) | OpeningRule::Tarannikov if index < 5 => {
                Area::Central(2 * index as u8 + 1)
            }
            _ => Area::Anywhere,
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningRule::Rif => f.write_str("rif"),
            OpeningRule::Yamaguchi => f.write_str("yamaguchi"),
            OpeningRule::Soosorv(n) => write!(f, "soosorv-{n}"),
            OpeningRule::Taraguchi(n) => write!(f, "taraguchi-{n}"),
            OpeningRule::Tarannikov => f.write_str("tarannikov"),
            OpeningRule::Swap1 => f.write_str("swap1"),
            OpeningRule::Swap2 => f.write_str("swap2"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in OpeningRule::ALL {
            assert_eq!(OpeningRule::parse(&r.to_string()), Some(r));
        }
        assert_eq!(
            OpeningRule::parse("Soosõrv-8"),
            Some(OpeningRule::Soosorv(8))
        );
        assert_eq!(OpeningRule::parse("soosyrv"), Some(OpeningRule::Soosorv(4)));
        assert_eq!(
            OpeningRule::parse("TARAGUCHI"),
            Some(OpeningRule::Taraguchi(5))
        );
        assert_eq!(OpeningRule::parse("taraguchi-0"), None);
        assert_eq!(OpeningRule::parse("rif-2"), None);
        assert_eq!(OpeningRule::parse("swap3"), None);
    }

    #[test]
    fn every_stage_is_told_apart_by_its_stone_count() {
        for r in OpeningRule::ALL {
            let rows = r.stages();
            for (i, a) in rows.iter().enumerate() {
                assert!(!a.answers.is_empty());
                for b in &rows[i + 1..] {
                    assert!(
                        (a.stones, a.offered) != (b.stones, b.offered),
                        "{r}: two stages alike"
                    );
                }
                // After a swap the swap is closed, and nothing new opens.
                assert!(!a.after_swap.contains(&Answer::Swap));
                assert!(a.after_swap.iter().all(|x| a.answers.contains(x)));
            }
        }
    }

    #[test]
    fn taraguchi_squares_grow_by_two() {
        let r = OpeningRule::Taraguchi(10);
        assert_eq!(r.area_of_stone(0), Area::Central(1));
        assert_eq!(r.area_of_stone(3), Area::Central(7));
        assert_eq!(r.area_of_stone(4), Area::Central(9));
        assert_eq!(r.area_of_stone(5), Area::Anywhere);
        assert_eq!(r.fixed_offers(), Some(10));
        assert_eq!(OpeningRule::Rif.fixed_offers(), Some(2));
        assert_eq!(OpeningRule::Soosorv(8).max_offers(), 8);
    }
}
