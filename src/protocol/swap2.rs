//! Swap2 decisions for `SWAP2BOARD`, made by evaluation with the search.
//!
//! Swap2: the first player places three stones (black, white, black); the
//! second player then either takes black (`SWAP`), stays white and plays the
//! fourth move, or places two more stones (white, black) and lets the first
//! player choose; with five stones on the board that player either takes
//! black (`SWAP`) or stays white and plays the sixth move.
//!
//! Every decision rests on one number, white's *edge*: the search's score of
//! the position with white to move, less its score of the same stones with
//! black to move. The edge is positive when white stands better. Comparing
//! the two sides on the same stones cancels whatever offset the scores carry,
//! so the rule works for a one-ply policy and a deep search alike.

use crate::board::{Board, Pos};
use crate::rules::Color;
use crate::search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How far from level (in score units, centi-stones) the edge must be before
/// the second player commits to a colour instead of placing two stones.
pub const COMMIT_EDGE: i64 = 100;

/// Fourth-move candidates (and fifth-move replies to each) tried when
/// placing two stones.
pub const PUT_TWO_WIDTH: usize = 3;

/// The three-stone openings offered on an empty board, relative to the
/// centre: black, white, black. The most level one by the search is chosen.
pub const OPENINGS: [[(i64, i64); 3]; 8] = [
    [(0, 0), (1, 0), (2, 2)],
    [(0, 0), (1, 1), (2, 0)],
    [(0, 0), (1, 0), (0, 2)],
    [(0, 0), (1, 1), (-1, 2)],
    [(0, 0), (0, 1), (2, -1)],
    [(0, 0), (1, -1), (2, 1)],
    [(0, 0), (-1, 1), (2, 2)],
    [(0, 0), (1, 0), (-2, 1)],
];

/// The engine's answer to `SWAP2BOARD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The first three stones (black, white, black).
    Opening([Pos; 3]),
    /// Take black.
    Swap,
    /// Stay white and play this move (the fourth or the sixth).
    Move(Pos),
    /// Place the fourth (white) and fifth (black) stones.
    PutTwo(Pos, Pos),
}

/// An answer and the position it leaves.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// What to print.
    pub answer: Answer,
    /// The stones after the answer.
    pub board: Board,
}

/// Splits a deadline over a number of searches.
struct Slicer {
    deadline: Option<Instant>,
    left: u32,
}

impl Slicer {
    fn next(&mut self) -> Option<Instant> {
        let deadline = self.deadline?;
        let now = Instant::now();
        let parts = self.left.max(1);
        self.left = self.left.saturating_sub(1);
        Some(now + deadline.saturating_duration_since(now) / parts)
    }
}

struct Judge<'a> {
    searcher: &'a mut Searcher,
    stop: &'a AtomicBool,
    slicer: Slicer,
    base: Limits,
}

impl Judge<'_> {
    /// The best moves for the side to move, best first, with their scores.
    fn ranked(&mut self, board: &Board, width: usize) -> Vec<(Pos, i32)> {
        let limits = Limits {
            deadline: self.slicer.next(),
            multipv: width,
            ..self.base.clone()
        };
        let result = self.searcher.think(board, &limits, self.stop, &mut |_| {});
        let mut ranked = result.ranked;
        if ranked.is_empty() {
            if let Some(best) = result.best {
                ranked.push((best, result.score));
            }
        }
        ranked
    }

    /// White's edge on `board` (white to move) and white's best move.
    fn edge(&mut self, board: &Board) -> (i64, Option<Pos>) {
        let white = self.ranked(board, 1);
        let mut flipped = board.clone();
        flipped.pass();
        let black = self.ranked(&flipped, 1);
        let w = white.first().map_or(0, |&(_, s)| i64::from(s));
        let b = black.first().map_or(0, |&(_, s)| i64::from(s));
        (w - b, white.first().map(|&(p, _)| p))
    }
}

/// Decides the answer for `board`, which holds the 0, 3 or 5 stones the
/// manager sent, black first and alternating.
///
/// # Errors
/// A message when the stone count is not 0, 3 or 5, or no move is possible.
pub fn decide(
    searcher: &mut Searcher,
    board: &Board,
    limits: &Limits,
    stop: &AtomicBool,
) -> Result<Outcome, String> {
    let planned = match board.stone_count() {
        0 => 2 * OPENINGS.len() as u32,
        3 => 3 + (PUT_TWO_WIDTH as u32 + 1) * (1 + 2 * PUT_TWO_WIDTH as u32),
        5 => 2,
        n => return Err(format!("SWAP2BOARD needs 0, 3 or 5 stones, got {n}")),
    };
    let mut judge = Judge {
        searcher,
        stop,
        slicer: Slicer {
            deadline: limits.deadline,
            left: planned,
        },
        base: Limits {
            deadline: None,
            max_depth: limits.max_depth,
            max_nodes: limits.max_nodes,
            multipv: 1,
            excluded: limits.excluded.clone(),
        },
    };
    match board.stone_count() {
        0 => opening(&mut judge, board),
        3 => three(&mut judge, board),
        _ => five(&mut judge, board),
    }
}

fn opening(judge: &mut Judge<'_>, empty: &Board) -> Result<Outcome, String> {
    let (cx, cy) = ((empty.width() / 2) as i64, (empty.height() / 2) as i64);
    let mut best: Option<(i64, [Pos; 3], Board)> = None;
    for shape in OPENINGS {
        let mut board = empty.clone();
        let mut stones = [Pos::PASS; 3];
        let mut fits = true;
        for (i, &(dx, dy)) in shape.iter().enumerate() {
            match board.pos(cx + dx, cy + dy) {
                Some(p) if board.is_empty(p) && !judge.base.excluded.contains(&p) => {
                    stones[i] = p;
                    board.make(p);
                }
                _ => fits = false,
            }
        }
        if !fits {
            continue;
        }
        let (edge, _) = judge.edge(&board);
        if best.as_ref().map_or(true, |(e, _, _)| edge.abs() < *e) {
            best = Some((edge.abs(), stones, board));
        }
    }
    let (_, stones, board) = best.ok_or("no opening fits this board")?;
    Ok(Outcome {
        answer: Answer::Opening(stones),
        board,
    })
}

fn three(judge: &mut Judge<'_>, board: &Board) -> Result<Outcome, String> {
    let (edge, best) = judge.edge(board);
    if edge < -COMMIT_EDGE {
        return Ok(Outcome {
            answer: Answer::Swap,
            board: board.clone(),
        });
    }
    if edge > COMMIT_EDGE {
        if let Some(p) = best {
            let mut after = board.clone();
            after.make(p);
            return Ok(Outcome {
                answer: Answer::Move(p),
                board: after,
            });
        }
    }
    // Close to level: place two stones that keep it level.
    let mut choice: Option<(i64, Pos, Pos, Board)> = None;
    for (fourth, _) in judge.ranked(board, PUT_TWO_WIDTH) {
        let mut four = board.clone();
        four.make(fourth);
        if four.winner().is_some() {
            continue;
        }
        for (fifth, _) in judge.ranked(&four, PUT_TWO_WIDTH) {
            let mut five = four.clone();
            five.make(fifth);
            if five.winner().is_some() {
                continue;
            }
            let (e, _) = judge.edge(&five);
            if choice.as_ref().map_or(true, |(c, ..)| e.abs() < *c) {
                choice = Some((e.abs(), fourth, fifth, five));
            }
        }
    }
    match (choice, best) {
        (Some((_, fourth, fifth, five)), _) => Ok(Outcome {
            answer: Answer::PutTwo(fourth, fifth),
            board: five,
        }),
        (None, Some(p)) => {
            let mut after = board.clone();
            after.make(p);
            Ok(Outcome {
                answer: Answer::Move(p),
                board: after,
            })
        }
        (None, None) => Ok(Outcome {
            answer: Answer::Swap,
            board: board.clone(),
        }),
    }
}

fn five(judge: &mut Judge<'_>, board: &Board) -> Result<Outcome, String> {
    let (edge, best) = judge.edge(board);
    match best {
        Some(p) if edge >= 0 => {
            let mut after = board.clone();
            after.make(p);
            Ok(Outcome {
                answer: Answer::Move(p),
                board: after,
            })
        }
        _ => Ok(Outcome {
            answer: Answer::Swap,
            board: board.clone(),
        }),
    }
}

/// The board for the stones of a `SWAP2BOARD`, black first and alternating,
/// white to move after three or five.
///
/// # Errors
/// When a stone is off the board or repeated.
pub fn setup(board: &Board, stones: &[Pos]) -> Result<Board, String> {
    let mut b = board.clone();
    for (i, &p) in stones.iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        b.play_color(p, color)
            .map_err(|e| format!("stone {p}: {e}"))?;
    }
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    fn decide_on(stones: &[(usize, usize)]) -> Outcome {
        let empty = Board::square(15, Rule::Standard).unwrap();
        let stones: Vec<Pos> = stones.iter().map(|&(x, y)| Pos::new(x, y)).collect();
        let board = setup(&empty, &stones).unwrap();
        let mut searcher = Searcher::new(crate::search::Config {
            threads: 1,
            hash_bytes: 1 << 20,
            ..Default::default()
        });
        // A fixed depth keeps the decisions deterministic and quick.
        let limits = Limits {
            max_depth: 3,
            ..Limits::default()
        };
        decide(&mut searcher, &board, &limits, &AtomicBool::new(false)).unwrap()
    }

    #[test]
    fn an_empty_board_gets_three_stones_near_the_centre() {
        let out = decide_on(&[]);
        let Answer::Opening(stones) = out.answer else {
            panic!("{:?}", out.answer)
        };
        for p in stones {
            assert!(p.distance(Pos::new(7, 7)) <= 2);
        }
        assert_eq!(out.board.stone_count(), 3);
        assert_eq!(out.board.side_to_move(), Color::White);
    }

    #[test]
    fn a_black_open_three_with_white_to_move_far_away_is_swapped() {
        // X X X in the middle, white's two stones in the corners: black is
        // winning, so the chooser takes black.
        let five = decide_on(&[(5, 7), (0, 0), (6, 7), (14, 14), (7, 7)]);
        assert_eq!(five.answer, Answer::Swap);
    }

    #[test]
    fn white_with_the_only_connected_stones_stays_white() {
        // Black's three stones sit in corners; white has two in a row in
        // the middle and the move: white stands better and plays the sixth.
        let out = decide_on(&[(0, 14), (6, 7), (14, 0), (7, 7), (14, 14)]);
        match out.answer {
            Answer::Move(p) => {
                assert_eq!(out.board.stone(p), Some(Color::White));
                assert_eq!(out.board.stone_count(), 6);
            }
            other => panic!("expected a sixth move, got {other:?}"),
        }
    }

    #[test]
    fn three_stones_get_a_legal_answer() {
        let out = decide_on(&[(7, 7), (8, 7), (9, 9)]);
        match out.answer {
            Answer::Swap => assert_eq!(out.board.stone_count(), 3),
            Answer::Move(p) => {
                assert_eq!(out.board.stone(p), Some(Color::White));
                assert_eq!(out.board.stone_count(), 4);
            }
            Answer::PutTwo(a, b) => {
                assert_eq!(out.board.stone(a), Some(Color::White));
                assert_eq!(out.board.stone(b), Some(Color::Black));
                assert_eq!(out.board.side_to_move(), Color::White);
            }
            Answer::Opening(_) => panic!("three stones asked for an opening"),
        }
    }
}
