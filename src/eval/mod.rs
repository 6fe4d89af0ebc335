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
///
/// Tried and not taken: the points' part of the evaluation averaged with
/// the same sum before the last move (from the same side's view), the
/// learned tables unchanged. `tengen-arena`, self-play, 100 ms a move,
/// `--sprt 0,30` (as in `src/search/params.rs`): freestyle 79–0–105 in 184
/// games (−49.4 Elo ±51.1, H0 accepted). Nor the same with a table fitted
/// for it (each position's features the mean of its own and those a move
/// before, from 1 200 new self-play games' 26 994 quiet positions scored
/// by Rapfi classic and 1 466 VCF wins; held-out loss 0.0422 → 0.0304,
/// where the unsmoothed table refitted on the same files gains nothing):
/// freestyle 224–9–239 in 471 games (−11.0 ±31.1, H0). Nor a learned
/// waiting value per class and colour in its place (what a point is worth
/// to its owner while the opponent is to move, fitted like the values, with
/// this share as its prior): held-out losses fell by 4–5 % in every rule,
/// but against the build before, same conditions, it scored freestyle
/// 494–29–477 in 1000 games (+5.9 ±21.2, LLR −2.31) and renju 274–15–281
/// in 570 (−4.3 ±28.2, stopped); see README ("Learning the evaluation").
/// Nor a joint value per point for the pair of combos the two colours make
/// there (black's and white's, per colour of the side to move; 392 values,
/// a running sum the board kept with the others), fitted with the table to
/// the same 1 200 games' Rapfi-scored positions (held-out loss 0.03237 →
/// 0.03189, where the table alone gains nothing): freestyle 247–14–257 in
/// 518 games (−6.7 ±29.6, H0; over the pairs −6.7 ±15.9). Nor 14 or 12
/// with the same tables, against Rapfi classic at 100 ms a move (README,
/// "Against Rapfi classic at 100 ms"), freestyle, seeds 201–203, where 13
/// scored −77.7 ± 26.3 over the 300 pairs: 14 scored 194–7–399 (−123.7 ±
/// 26.2), 12 scored 238–1–361 (−72.2 ± 26.2).
pub const OPPONENT_SHARE: i32 = 13;

/// The static part of a node's move order: a candidate scores
/// `attack[own] + defence[opp]` for what the side to move makes on the point
/// and what the opponent would make there (`Combo as usize`), plus the two
/// colours' point values weighted by `value_weight` (side to move, then
/// opponent, in units of 2^-[`ORDER_VALUE_SHIFT`]). `eval_tune order` fits
/// one to games ([`ORDER`] says what that bought).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderTable {
    /// Value of making a combination, by `Combo as usize`.
    pub attack: [i32; 14],
    /// Value of taking a point where the opponent would make one.
    pub defence: [i32; 14],
    /// Weights of the side to move's and the opponent's point values.
    pub value_weight: [i32; 2],
}

/// The move order of every rule: hand-set.
///
/// The value weights: `tengen-arena`, self-play, as in
/// `src/search/params.rs` (`--sprt 0,30`), freestyle: both at 1/2 instead
/// of 1/4 scored 130–7–151 in 288 games (−25.4 Elo ±39.9, H0); both at 1/8,
/// 496–36–468 in 1000 games (+9.7 ±21.2, no verdict) and, `--seed 12`,
/// 318–18–323 in 659 (−2.6 ±26.2, H0): pooled +4.8 ±16.5 in 1659; with
/// two other near misses (`SINGLE_MOVE_DEPTH` and `LMR_NON_PV_EXTRA` in
/// `src/search/params.rs`), 430–29–425 in 884 (+2.0 ±22.6, H0). 1/4
/// stays.
///
/// Not taken, same conditions: freestyle's order fitted by `eval_tune
/// order` to 517 self-play games (held-out cross-entropy 3.598 → 2.627, the
/// order's first move the one played 26.7 % → 27.2 %; attack `[0, 231, 93,
/// 122, 263, 311, 344, 543, 622, 305, 484, 771, 981, 25230]`, defence `[0,
/// 201, 68, 104, 111, 191, 307, 395, 552, 385, 428, 465, 607, 12700]`, value
/// weights 18 and 14; 1 517 games fit nearly the same numbers): 490–45–465
/// in 1000 games (+8.7 ±21.1, LLR −1.63) and, `--seed 12`, 262–12–273 in
/// 547 (−7.0 ±28.9, stopped): pooled 752–57–738 in 1547, +3.1 ±17.0. In
/// renju (the same numbers) 193–15–210 in 418 (−14.1 ±32.8, stopped). With
/// terms for the point's distance (1, 2, 3, 4, farther) to each of the last
/// two stones fitted too, on the 1 517 games (held-out 2.662 → 2.600, first
/// move 26.5 % → 28.1 %): 296–23–303 in 622 games (−3.9 ±26.8, H0).
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
/// rule's threat table, [`crate::pattern::values::ThreatMask`]).
#[inline]
#[must_use]
pub fn static_eval(board: &Board) -> i32 {
    let me = board.side_to_move();
    let opp = me.opp();
    board.value_sum(me) - board.value_sum(opp) * OPPONENT_SHARE / 16
        + board.tables().threat(me, threat_mask(board))
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
