//! The move picker: a node's candidates in the order the search tries them.
//!
//! A candidate's place comes from its pattern score (what the evaluation's
//! scan gave it), raised by [`TT_MOVE_BONUS`] for the transposition
//! table's move, by [`KILLER_BONUS`] for a killer, and by a share of its
//! history score ([`HISTORY_ORDER_DIVISOR`]). Most nodes cut off after
//! their first move or two, so the picker selects the first
//! [`PICKED_MOVES`] one at a time (a linear scan each) and sorts the rest
//! only when the search reaches them; the order is the same as one full
//! sort's, ties going to the lower point index.

use super::params::{HISTORY_ORDER_DIVISOR, KILLER_BONUS, PICKED_MOVES, TT_MOVE_BONUS};
use crate::board::Pos;
use crate::eval::Cand;

/// A node's candidates handed out best first, each with its place in the
/// order (0 for the first), which the reductions and the move-count
/// pruning read.
pub struct Picker<'c> {
    cands: &'c mut [Cand],
    next: usize,
}

impl<'c> Picker<'c> {
    /// Adds the ordering bonuses to `cands`' scores: the table move's, the
    /// two killers' (a move earns one bonus at most, the table move's
    /// first), and every move's history share. `history` holds the side to
    /// move's history scores, indexed by [`Pos::index`].
    pub fn new(
        cands: &'c mut [Cand],
        tt_move: Option<Pos>,
        killers: [Option<Pos>; 2],
        history: &[i32],
    ) -> Picker<'c> {
        for c in cands.iter_mut() {
            if Some(c.pos) == tt_move {
                c.score += TT_MOVE_BONUS;
            } else if Some(c.pos) == killers[0] {
                c.score += KILLER_BONUS[0];
            } else if Some(c.pos) == killers[1] {
                c.score += KILLER_BONUS[1];
            }
            c.score += history[c.pos.index()] / HISTORY_ORDER_DIVISOR;
        }
        Picker { cands, next: 0 }
    }
}

impl Iterator for Picker<'_> {
    type Item = (usize, Cand);

    fn next(&mut self) -> Option<(usize, Cand)> {
        let i = self.next;
        if i >= self.cands.len() {
            return None;
        }
        if i < PICKED_MOVES {
            let mut best_i = i;
            let mut best_key = order_key(&self.cands[i]);
            for (j, c) in self.cands.iter().enumerate().skip(i + 1) {
                let k = order_key(c);
                if k > best_key {
                    best_key = k;
                    best_i = j;
                }
            }
            self.cands.swap(i, best_i);
        } else if i == PICKED_MOVES {
            self.cands[i..].sort_unstable_by_key(|c| std::cmp::Reverse(order_key(c)));
        }
        self.next += 1;
        Some((i, self.cands[i]))
    }
}

/// A candidate's place in the move order as one number, larger first: the
/// higher score, and between equal scores the lower point index.
#[inline]
fn order_key(c: &Cand) -> i64 {
    (i64::from(c.score) << 16) | (0xFFFF - c.pos.index() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::Combo;

    /// A quiet candidate at `(x, y)` with the pattern score `score`.
    fn cand(x: usize, y: usize, score: i32) -> Cand {
        Cand {
            pos: Pos::new(x, y),
            own: Combo::None,
            opp: Combo::None,
            score,
            opp_four_line: false,
            own_four_line: false,
        }
    }

    /// The points of `cands` in the order the picker hands them out, with
    /// a check that the places count up from 0.
    fn order(cands: &mut [Cand], tt: Option<Pos>, killers: [Option<Pos>; 2]) -> Vec<Pos> {
        let history = vec![0; Pos::GRID_SIZE];
        let picked: Vec<(usize, Cand)> = Picker::new(cands, tt, killers, &history).collect();
        for (n, (i, _)) in picked.iter().enumerate() {
            assert_eq!(*i, n);
        }
        picked.into_iter().map(|(_, c)| c.pos).collect()
    }

    #[test]
    fn the_table_move_comes_first_then_the_killers_then_the_pattern_scores() {
        // Pattern scores 900 > 500 > 300 > 100; the table move is the
        // worst of them, the first killer the third.
        let mut cands = [
            cand(1, 1, 500),
            cand(2, 2, 100),
            cand(3, 3, 900),
            cand(4, 4, 300),
        ];
        let tt = Some(Pos::new(2, 2));
        let killers = [Some(Pos::new(4, 4)), Some(Pos::new(9, 9))];
        assert_eq!(
            order(&mut cands, tt, killers),
            [
                Pos::new(2, 2),
                Pos::new(4, 4),
                Pos::new(3, 3),
                Pos::new(1, 1)
            ]
        );
    }

    #[test]
    fn history_counts_for_its_share_and_ties_go_to_the_lower_index() {
        // Two equal pattern scores: the lower point index (row 0 before
        // row 5) first; then history lifts the last one above both.
        let mut cands = [cand(3, 5, 40), cand(3, 0, 40), cand(7, 7, 30)];
        let mut history = vec![0; Pos::GRID_SIZE];
        history[Pos::new(7, 7).index()] = 11 * HISTORY_ORDER_DIVISOR;
        let got: Vec<Pos> = Picker::new(&mut cands, None, [None, None], &history)
            .map(|(_, c)| c.pos)
            .collect();
        assert_eq!(got, [Pos::new(7, 7), Pos::new(3, 0), Pos::new(3, 5)]);
    }

    #[test]
    fn the_order_is_one_full_sorts_past_the_picked_moves() {
        // More candidates than the picker selects one at a time, with
        // repeated scores, so both the selection and the sort are used.
        let mut cands: Vec<Cand> = (0..40)
            .map(|i| cand(i % 13, i / 13 + 2, ((i * 37) % 11) as i32 * 10))
            .collect();
        let mut sorted = cands.clone();
        sorted.sort_by_key(|c| std::cmp::Reverse(order_key(c)));
        let want: Vec<Pos> = sorted.iter().map(|c| c.pos).collect();
        assert!(cands.len() > PICKED_MOVES);
        assert_eq!(order(&mut cands, None, [None, None]), want);
    }
}
