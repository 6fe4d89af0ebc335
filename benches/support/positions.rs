//! Fixed middle-game positions for the core benchmarks.
//!
//! Each position is a game played from the centre by a deterministic,
//! seeded policy that prefers strong pattern combinations near the stones and
//! never completes a five, so positions look like real middle games: several
//! threes and fours, forbidden candidates for black under renju.

use tengen::pattern::Combo;
use tengen::renju::forbidden;
use tengen::{Board, Color, Pos, Rule};

/// A small deterministic generator (splitmix64).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        tengen::board::splitmix64(&mut self.0)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

fn near_stones(board: &Board, pos: Pos) -> bool {
    board
        .points()
        .any(|q| board.stone(q).is_some() && q.distance(pos) <= 2)
}

/// Plays `plies` moves on an empty `size` board under `rule`.
pub fn middle_game(size: usize, rule: Rule, plies: usize, seed: u64) -> Board {
    let mut board = Board::square(size, rule).expect("size in range");
    let mut rng = Rng::new(seed);
    board.make(Pos::new(size / 2, size / 2));
    while board.stone_count() < plies {
        let me = board.side_to_move();
        let mut scored: Vec<(i32, Pos)> = Vec::new();
        let empties: Vec<Pos> = board.empty_points().collect();
        for pos in empties {
            if !near_stones(&board, pos) {
                continue;
            }
            let own = board.combo(pos, me);
            let opp = board.combo(pos, me.opp());
            if own == Combo::Five {
                continue;
            }
            if me == Color::Black && forbidden(&mut board, pos).is_some() {
                continue;
            }
            let score = 2 * own as i32 + opp as i32 + rng.below(6) as i32;
            scored.push((score, pos));
        }
        if scored.is_empty() {
            break;
        }
        scored.sort_by_key(|&(s, p)| (std::cmp::Reverse(s), p));
        let pick = rng.below(scored.len().min(4));
        board.make(scored[pick].1);
    }
    board
}

/// The empty points within two of a stone: the moves a search would try.
pub fn candidate_moves(board: &Board) -> Vec<Pos> {
    board
        .empty_points()
        .filter(|&p| near_stones(board, p))
        .collect()
}
