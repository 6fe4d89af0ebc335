//! A small but correct Gomocup engine for arena tests: one-ply greedy
//! moves on a [`tengen::Board`], always legal under the rule in force.
//!
//! Usage: `greedy_engine [--seed N] [--delay MS] [--swap2 move|swap|two]`.
//! Without a seed the tie-breaks differ from run to run. `--swap2` says
//! what it answers to `SWAP2BOARD` with three stones (a move, `SWAP`, or
//! two more stones) and with five (`SWAP` for `swap`, else a move).

use std::time::Duration;
use tengen::Board;
use tengen_arena::test_engine::{greedy_move, play, serve, Brain, Rng};

struct Greedy {
    rng: Rng,
    delay: Duration,
    swap2: String,
}

impl Brain for Greedy {
    fn answer(&mut self, board: &mut Board, _n: usize) -> Option<String> {
        std::thread::sleep(self.delay);
        let pos = greedy_move(board, &mut self.rng)?;
        Some(play(board, pos))
    }

    fn swap2(&mut self, board: &mut Board) -> Option<String> {
        let (cx, cy) = (board.width() / 2, board.height() / 2);
        match (board.stone_count(), self.swap2.as_str()) {
            (0, _) => Some(format!("{cx},{cy} {},{} {},{cy}", cx + 1, cy + 1, cx + 1)),
            (3 | 5, "swap") => Some("SWAP".into()),
            (3, "two") => {
                let white = greedy_move(board, &mut self.rng)?;
                let first = play(board, white);
                let black = greedy_move(board, &mut self.rng)?;
                Some(format!("{first} {}", play(board, black)))
            }
            _ => {
                let pos = greedy_move(board, &mut self.rng)?;
                Some(play(board, pos))
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let mut brain = Greedy {
        rng: Rng::new(value("--seed")),
        delay: Duration::from_millis(value("--delay").unwrap_or(0)),
        swap2: args
            .iter()
            .position(|a| a == "--swap2")
            .and_then(|i| args.get(i + 1))
            .cloned()
            .unwrap_or_else(|| "move".into()),
    };
    serve(&mut brain);
}
