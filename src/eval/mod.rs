//! Evaluation: scores from the board's pattern state.
//!
//! Every empty point near the stones carries, per line and per colour, the
//! pattern a stone there would make ([`crate::pattern::Pattern`]), and per
//! colour the combination of the four ([`Combo`]). [`scan`] reads them once
//! per node and returns three things together: the tactical facts (fives,
//! open fours, threats to make one), the candidate moves with their
//! ordering scores, and a static evaluation.
//!
//! The evaluation is rule-aware: under renju a point forbidden to black
//! (overline or double four, decided by the lines alone) is worth nothing
//! to black, and [`Position::is_legal`] keeps black off the recursive
//! double-three points.

mod position;

pub use position::{Position, NEAR_RADIUS};

use crate::board::{Dir, Pos};
use crate::pattern::{Combo, Pattern};
use crate::rules::{Color, Rule};

/// What a pattern on an empty point is worth to its owner in the static
/// evaluation, indexed by `Pattern as usize`. Each shape on the board shows
/// at several points, so the sum rewards shapes with many ways to grow.
pub const PATTERN_VALUE: [i32; 12] = [
    0,   // Dead
    0,   // Overline
    1,   // BlockedOne
    3,   // OpenOne
    5,   // BlockedTwo
    16,  // OpenTwo
    14,  // BlockedThree
    60,  // OpenThree
    45,  // Four
    250, // OpenFour
    0,   // DoubleFour
    600, // Five
];

/// Extra value of a combination on a point, to its owner, in the static
/// evaluation (the lines alone miss that two threats on one point are worth
/// more than the two apart).
pub const COMBO_VALUE: [i32; 14] = [
    0,   // None
    0,   // Forbidden
    0,   // OpenTwo
    0,   // BlockedThree
    12,  // DoubleTwo
    15,  // BlockedThreePlus
    0,   // Three
    30,  // ThreePlus
    150, // DoubleThree
    0,   // Four
    40,  // FourPlus
    250, // FourThree
    400, // OpenFour
    0,   // Five
];

/// The share (out of 16) of the opponent's values the evaluation
/// subtracts: below 16 because the side to move acts on its shapes first.
pub const OPPONENT_SHARE: i32 = 13;

/// Move-ordering value of making a combination (attack), by `Combo as
/// usize`.
pub const ATTACK: [i32; 14] = [
    0, 0, 30, 24, 90, 100, 200, 320, 1_400, 180, 400, 8_000, 30_000, 1_000_000,
];

/// Move-ordering value of taking a point where the opponent would make a
/// combination (defence), by `Combo as usize`.
pub const DEFENCE: [i32; 14] = [
    0, 0, 20, 12, 60, 70, 160, 250, 900, 80, 200, 4_000, 12_000, 500_000,
];

/// A candidate move with its ordering score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cand {
    /// The point.
    pub pos: Pos,
    /// What the side to move makes there.
    pub own: Combo,
    /// What the opponent would make there.
    pub opp: Combo,
    /// Move-ordering score (higher first).
    pub score: i32,
    /// Whether the opponent has a four (or better) through this point in
    /// some line: a defence point against the opponent's threes.
    pub opp_four_line: bool,
    /// Whether the side to move makes a four (or better) in some line here.
    pub own_four_line: bool,
}

/// The tactical facts of a position, for the side to move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Facts {
    /// A point where the side to move makes five.
    pub own_five: Option<Pos>,
    /// Points where the opponent would make five (the side to move must
    /// block them): how many, and the first.
    pub opp_fives: u32,
    /// The first of those points.
    pub opp_five: Option<Pos>,
    /// A legal point where the side to move makes an open four (or a
    /// double four where that wins).
    pub own_open_four: Option<Pos>,
    /// Whether the opponent has a point making an open four (the side to
    /// move faces an open three).
    pub opp_open_four: bool,
    /// How many points make a four (or better) for the side to move.
    pub own_fours: u32,
    /// Static evaluation for the side to move.
    pub eval: i32,
}

/// Whether `color` has a four (or better) in some line through `pos`.
#[inline]
#[must_use]
pub fn four_line(board: &crate::board::Board, pos: Pos, color: Color) -> bool {
    Dir::ALL
        .iter()
        .any(|&d| board.pattern(pos, d, color) >= Pattern::Four)
}

/// Reads the candidate points of `pos` once: their tactical facts, the
/// static evaluation, and (into `cands`, cleared first) every candidate
/// with its ordering score. Black's forbidden points under renju are left
/// out of `cands` when black is to move (the recursive double-three check
/// runs only on the rare candidate double threes).
pub fn scan(pos: &mut Position, cands: &mut Vec<Cand>) -> Facts {
    scan_impl::<true>(pos, cands)
}

/// [`scan`] without the candidate list: the facts and the evaluation only
/// (what a leaf needs).
pub fn scan_facts(pos: &mut Position) -> Facts {
    let mut none = Vec::new();
    scan_impl::<false>(pos, &mut none)
}

fn scan_impl<const MOVES: bool>(pos: &mut Position, cands: &mut Vec<Cand>) -> Facts {
    cands.clear();
    let me = pos.side();
    let opp = me.opp();
    let renju = pos.board().rule() == Rule::Renju;
    let mut facts = Facts::default();
    let (mut own_sum, mut opp_sum) = (0i32, 0i32);
    let board = pos.board();
    let mut check_legal: u32 = 0;
    pos.for_each_candidate(|p| {
        let own = board.combo(p, me);
        let oc = board.combo(p, opp);
        if own == Combo::Five {
            facts.own_five.get_or_insert(p);
        }
        if oc == Combo::Five {
            facts.opp_fives += 1;
            facts.opp_five.get_or_insert(p);
        }
        let mut ov = 0;
        let mut pv = 0;
        for d in Dir::ALL {
            ov += PATTERN_VALUE[board.pattern(p, d, me) as usize];
            pv += PATTERN_VALUE[board.pattern(p, d, opp) as usize];
        }
        let own_forbidden = renju && me == Color::Black && own == Combo::Forbidden;
        let opp_forbidden = renju && opp == Color::Black && oc == Combo::Forbidden;
        if !own_forbidden {
            own_sum += ov + COMBO_VALUE[own as usize];
        }
        if !opp_forbidden {
            opp_sum += pv + COMBO_VALUE[oc as usize];
        }
        if own >= Combo::Four {
            facts.own_fours += 1;
            if own == Combo::OpenFour && facts.own_open_four.is_none() {
                facts.own_open_four = Some(p);
            }
        }
        if oc == Combo::OpenFour {
            facts.opp_open_four = true;
        }
        if own_forbidden || !MOVES {
            return;
        }
        if renju && me == Color::Black && own == Combo::DoubleThree {
            check_legal += 1;
        }
        // A point forbidden to renju black can still be white's defence.
        let opp_line = (oc >= Combo::Three || oc == Combo::Forbidden) && four_line(board, p, opp);
        let own_line = own >= Combo::Four || (own == Combo::DoubleThree && four_line(board, p, me));
        let score = ATTACK[own as usize]
            + if opp_forbidden {
                0
            } else {
                DEFENCE[oc as usize]
            }
            + (ov + pv) / 4;
        cands.push(Cand {
            pos: p,
            own,
            opp: oc,
            score,
            opp_four_line: opp_line || oc >= Combo::Four,
            own_four_line: own_line,
        });
    });
    if check_legal > 0 {
        cands.retain(|c| c.own != Combo::DoubleThree || pos.is_legal(c.pos, me));
    }
    facts.eval = own_sum - opp_sum * OPPONENT_SHARE / 16;
    facts
}

/// The static evaluation alone, for the side to move.
pub fn evaluate(pos: &mut Position) -> i32 {
    scan_facts(pos).eval
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn facts_see_fives_and_open_fours() {
        let b = Board::from_diagram(
            Rule::Freestyle,
            "
            . . . . . . . . .
            . . X X X . . . .
            . . . . . . . . .
            . . O O O O . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        )
        .unwrap();
        let mut p = Position::new(&b);
        assert_eq!(p.side(), Color::Black);
        let mut c = Vec::new();
        let f = scan(&mut p, &mut c);
        assert_eq!(f.opp_fives, 2);
        assert!(f.own_five.is_none());
        assert!(f.own_open_four.is_some());
    }

    #[test]
    fn evaluation_favours_the_side_with_the_shapes() {
        let mut b = Board::from_diagram(
            Rule::Freestyle,
            "
            . . . . . . . . .
            . . . . . . . . .
            . . X X X . . . .
            . . . . . . . . .
            . . . . . O . . .
            . . . . . . . . .
            . . . . . . . O .
            ",
        )
        .unwrap();
        b.set_side_to_move(Color::Black);
        let black = evaluate(&mut Position::new(&b));
        b.set_side_to_move(Color::White);
        let white = evaluate(&mut Position::new(&b));
        assert!(black > 0 && white < 0, "black {black}, white {white}");
    }

    #[test]
    fn renju_forbidden_points_are_not_candidates_for_black() {
        // (4,4) is a double three for black.
        let b = Board::from_diagram(
            Rule::Renju,
            "
            . . . . . . . . .
            . . . . . . . . .
            . . X . . . . . .
            . . . X . . . . .
            . . . . . X X . .
            . . . . . . . . .
            . . . . . . . . .
            . O . O . O . . .
            . . . . . . O . .
            ",
        )
        .unwrap();
        let mut p = Position::new(&b);
        assert_eq!(p.side(), Color::Black);
        let mut c = Vec::new();
        scan(&mut p, &mut c);
        assert!(!c.iter().any(|c| c.pos == Pos::new(4, 4)));
        assert!(c.iter().any(|c| c.pos == Pos::new(4, 5)));
    }
}
