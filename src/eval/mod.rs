//! Evaluation: scores from the board's pattern state.
//!
//! Every empty point near the stones carries, per line and per colour, the
//! pattern a stone there would make ([`crate::pattern::Pattern`]), and per
//! colour the combination of the four ([`Combo`]), and the board keeps per
//! colour the sum of the points' values and the counts of their fives,
//! fours and threes. [`leaf_facts`] reads those totals: the static
//! evaluation (the values and the threat mask, [`threat_mask`]) and the
//! tactical facts (fives, open fours, threats to make one). [`scan`] adds
//! one pass over the points near the stones for the candidate moves and
//! their ordering scores.
//!
//! The evaluation is rule-aware: under renju a point forbidden to black
//! (overline or double four, decided by the lines alone) is worth nothing
//! to black, and [`Position::is_legal`] keeps black off the recursive
//! double-three points.

mod score;

pub use score::MATE;

use crate::board::{Board, Pos};
use crate::pattern::Combo;
use crate::position::{four_line, Position};
use crate::rules::{Color, Rule};

/// The share (out of 16) of the opponent's values the evaluation
/// subtracts: below 16 because the side to move acts on its shapes first.
/// 12 and 14, two-ply smoothing, a learned waiting value and a joint term
/// were measured and not taken (lab E-027, E-004, E-012, E-025).
pub const OPPONENT_SHARE: i32 = 13;

/// The static part of a node's move order: a candidate scores
/// `attack[own] + defence[opp]` for what the side to move makes on the point
/// and what the opponent would make there (`Combo as usize`), plus the two
/// colours' point values weighted by `value_weight` (side to move, then
/// opponent, in units of 2^-[`ORDER_VALUE_SHIFT`]). `eval_tune order` fits
/// one to games (lab E-010).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderTable {
    /// Value of making a combination, by `Combo as usize`.
    pub attack: [i32; 14],
    /// Value of taking a point where the opponent would make one.
    pub defence: [i32; 14],
    /// Weights of the side to move's and the opponent's point values.
    pub value_weight: [i32; 2],
}

/// The move order of every rule: hand-set. Other value weights and orders
/// fitted to the moves played gained nothing (lab E-008, E-010).
pub const ORDER: OrderTable = OrderTable {
    attack: [
        0, 0, 30, 24, 90, 100, 200, 320, 1_400, 180, 400, 8_000, 30_000, 1_000_000,
    ],
    defence: [
        0, 0, 20, 12, 60, 70, 160, 250, 900, 80, 200, 4_000, 12_000, 500_000,
    ],
    value_weight: [16, 16],
};

/// [`OrderTable::value_weight`] counts in units of 2^-this.
pub const ORDER_VALUE_SHIFT: u32 = 6;

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

/// The tactical facts of a position, for the side to move. The counts and
/// the evaluation come from the board's running totals.
#[derive(Clone, Copy, Debug, Default)]
pub struct Facts {
    /// How many points make five for the side to move.
    pub own_fives: u32,
    /// Points where the opponent would make five (the side to move must
    /// block them): how many, and the first.
    pub opp_fives: u32,
    /// The first of those points.
    pub opp_five: Option<Pos>,
    /// How many points make an open four (or a double four where that
    /// wins) for the side to move.
    pub own_open_fours: u32,
    /// Whether the opponent has a point making an open four (the side to
    /// move faces an open three).
    pub opp_open_four: bool,
    /// How many points make a four (or better) for the side to move.
    pub own_fours: u32,
    /// Static evaluation for the side to move.
    pub eval: i32,
}

/// The static evaluation for the side to move, from the board's running
/// totals: its values less [`OPPONENT_SHARE`] sixteenths of the
/// opponent's, plus what the threats on the board are worth to it (the
/// rule's threat table, [`crate::pattern::values::ThreatMask`]), and
/// what the board's net adds, when it keeps one ([`crate::net`]).
#[inline]
#[must_use]
pub fn static_eval(board: &Board) -> i32 {
    let me = board.side_to_move();
    let opp = me.opp();
    let mask = threat_mask(board);
    let tables = board.value_sum(me) - board.value_sum(opp) * OPPONENT_SHARE / 16
        + board.tables().threat(me, mask);
    match board.net() {
        Some(net) => tables + net.evaluate(board.accumulator(), me, mask),
        None => tables,
    }
}

/// The threat mask of `board` for its side to move, from the board's
/// counts of threat points (see [`crate::pattern::values::threat_mask`]).
#[inline]
#[must_use]
pub fn threat_mask(board: &Board) -> crate::pattern::values::ThreatMask {
    let counts = |c: Color| crate::pattern::values::ThreatCounts {
        open_fours: board.open_four_count(c),
        fours: board.four_count(c),
        four_threes: board.four_three_count(c),
        three_plus: board.three_plus_count(c),
        threes: board.three_count(c),
    };
    let me = board.side_to_move();
    crate::pattern::values::threat_mask(counts(me), counts(me.opp()))
}

/// The facts of `pos` without a scan of the candidates: the counts and
/// the evaluation from the board's totals, and the opponent's five point
/// when there is one (looked for next to the last move first). What a leaf
/// needs, at a cost independent of the board.
pub fn leaf_facts(pos: &Position) -> Facts {
    let board = pos.board();
    let opp = board.side_to_move().opp();
    let mut facts = totals(board);
    if facts.opp_fives > 0 {
        if let Some(last) = board.last_move().filter(|m| !m.pos.is_pass()) {
            let (near, n) = pos.fives_around(last.pos, opp);
            facts.opp_five = near[..n].first().copied();
        }
        if facts.opp_five.is_none() {
            pos.for_each_candidate(|p| {
                if facts.opp_five.is_none() && board.combo(p, opp) == Combo::Five {
                    facts.opp_five = Some(p);
                }
            });
        }
    }
    facts
}

/// The facts the board's running totals give, with no point found.
fn totals(board: &Board) -> Facts {
    let me = board.side_to_move();
    let opp = me.opp();
    Facts {
        own_fives: board.five_count(me),
        opp_fives: board.five_count(opp),
        own_open_fours: board.open_four_count(me),
        opp_open_four: board.open_four_count(opp) > 0,
        own_fours: board.four_count(me),
        eval: static_eval(board),
        ..Facts::default()
    }
}

/// Reads the candidate points of `pos` once: their tactical facts (as
/// [`leaf_facts`]) and (into `cands`, cleared first) every candidate with
/// its ordering score.
/// Black's forbidden points under renju are left out of `cands` when black
/// is to move (the recursive double-three check runs only on the rare
/// candidate double threes).
pub fn scan(pos: &mut Position, cands: &mut Vec<Cand>) -> Facts {
    cands.clear();
    let me = pos.side();
    let opp = me.opp();
    let renju = pos.board().rule() == Rule::Renju;
    let board = pos.board();
    let mut facts = totals(board);
    let mut check_legal: u32 = 0;
    pos.for_each_candidate(|p| {
        let own = board.combo(p, me);
        let oc = board.combo(p, opp);
        if oc == Combo::Five {
            facts.opp_five.get_or_insert(p);
        }
        let own_forbidden = renju && me == Color::Black && own == Combo::Forbidden;
        if own_forbidden {
            return;
        }
        if renju && me == Color::Black && own == Combo::DoubleThree {
            check_legal += 1;
        }
        // A point forbidden to renju black can still be white's defence.
        let opp_line = (oc >= Combo::Three || oc == Combo::Forbidden) && four_line(board, p, opp);
        let own_line = own >= Combo::Four || (own == Combo::DoubleThree && four_line(board, p, me));
        let score = ORDER.attack[own as usize]
            + ORDER.defence[oc as usize]
            + (board.value(p, me) * ORDER.value_weight[0]
                + board.value(p, opp) * ORDER.value_weight[1])
                / (1 << ORDER_VALUE_SHIFT);
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
    facts
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
        assert_eq!(f.own_fives, 0);
        assert!(f.own_open_fours > 0);
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
        let black = static_eval(&b);
        b.set_side_to_move(Color::White);
        let white = static_eval(&b);
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
