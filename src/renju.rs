//! Black's forbidden points under renju, judged as the RIF rules define them.
//!
//! - A move that makes exactly five is never forbidden.
//! - An **overline** (six or more) is forbidden.
//! - A **double four** (two fours at once, also two in one line such as
//!   `X.XXX.X`) is forbidden.
//! - A **double three** is forbidden, where a three counts only if it can
//!   become a straight four by a move that is itself not forbidden. That
//!   question is asked again of the completing move, with the first stone on
//!   the board, so the check recurses.
//!
//! The line-level facts (five, overline, fours, open threes) come from the
//! board's incremental pattern state; only candidate double threes need the
//! recursive look, which plays stones on the board and takes them back.

use crate::board::{Board, Dir, Pos};
use crate::pattern::{Combo, Pattern};
use crate::rules::{Color, Rule};
use std::fmt;

/// Why a point is forbidden for black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Two or more real open threes at once.
    DoubleThree,
    /// Two or more fours at once.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        })
    }
}

/// Whether black playing on `pos` is forbidden, and as what.
///
/// `None` for every rule but renju, for occupied points and for points off
/// the board. The board is used as scratch space (stones are played and
/// taken back) and is left exactly as it was.
pub fn forbidden(board: &mut Board, pos: Pos) -> Option<Forbidden> {
    if board.rule() != Rule::Renju || !board.contains(pos) || !board.is_empty(pos) {
        return None;
    }
    judge(board, pos)
}

/// Every forbidden point of the position, row by row.
pub fn forbidden_points(board: &mut Board) -> Vec<(Pos, Forbidden)> {
    if board.rule() != Rule::Renju {
        return Vec::new();
    }
    let mut out = Vec::new();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let pos = Pos::new(x, y);
            if board.is_empty(pos) {
                if let Some(kind) = judge(board, pos) {
                    out.push((pos, kind));
                }
            }
        }
    }
    out
}

/// The judgement for an empty board point, renju assumed.
fn judge(board: &mut Board, pos: Pos) -> Option<Forbidden> {
    match board.combo(pos, Color::Black) {
        Combo::Forbidden => {
            let fours: u32 = Dir::ALL
                .iter()
                .map(|&d| board.pattern(pos, d, Color::Black).fours())
                .sum();
            Some(if fours >= 2 {
                Forbidden::DoubleFour
            } else {
                Forbidden::Overline
            })
        }
        Combo::DoubleThree if is_double_three(board, pos) => Some(Forbidden::DoubleThree),
        _ => None,
    }
}

/// Whether the candidate double three at `pos` has two real threes.
fn is_double_three(board: &mut Board, pos: Pos) -> bool {
    let mut dirs = [Dir::Horizontal; 4];
    let mut n = 0;
    for d in Dir::ALL {
        if board.pattern(pos, d, Color::Black) == Pattern::OpenThree {
            dirs[n] = d;
            n += 1;
        }
    }
    board.make_color(pos, Color::Black);
    let mut real = 0;
    for (i, &d) in dirs[..n].iter().enumerate() {
        // Stop early once the answer is certain either way.
        if real >= 2 || real + (n - i) < 2 {
            break;
        }
        if is_real_three(board, pos, d) {
            real += 1;
        }
    }
    board.unmake();
    real >= 2
}

/// With black's stone already on `pos`, whether its three along `dir` can
/// become a straight four through a move that is not forbidden.
///
/// The straight four contains `pos`, so the completing point is the first
/// empty point on either side of `pos` past its unbroken black stones.
fn is_real_three(board: &mut Board, pos: Pos, dir: Dir) -> bool {
    for sign in [-1isize, 1] {
        let mut q = pos.offset(dir, sign);
        let mut steps = 1;
        while steps < 4 && board.stone(q) == Some(Color::Black) {
            q = q.offset(dir, sign);
            steps += 1;
        }
        if board.contains(q)
            && board.is_empty(q)
            && board.pattern(q, dir, Color::Black) == Pattern::OpenFour
            && judge(board, q).is_none()
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renju_basic_forbidden_points() {
        // A double three at (3,3): open threes along the row and the column.
        let mut b = Board::from_diagram(
            Rule::Renju,
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . X X . . . . . .
            . . . X . . . . .
            . . . X . . . . .
            . . . . . . . . .
            . O O O . . . . .
            . . . . . . . . .
            ",
        )
        .unwrap();
        // Row: . X X _ . . is an open three; column: _ X X . O with (3,2) free
        // makes the straight four (3,2)-(3,5), so it is open too.
        assert_eq!(
            forbidden(&mut b, Pos::new(3, 3)),
            Some(Forbidden::DoubleThree)
        );
        let mut b = Board::from_diagram(
            Rule::Renju,
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X X . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . X . . .
            . O O O . . . . .
            . O . . . . . . .
            ",
        )
        .unwrap();
        // (4,3): row X X _ open three, diagonal _ . X X ... let the table decide.
        let all = forbidden_points(&mut b);
        for (p, _) in &all {
            assert!(b.is_empty(*p));
        }
        assert!(b.same_state(&b.recomputed()));
    }
}
