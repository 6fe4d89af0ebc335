//! A small but correct Gomocup engine for arena tests: one-ply greedy
//! moves on a [`tengen::Board`], always legal under the rule in force.
//!
//! Usage: `greedy_engine [--seed N] [--delay MS]`. Without a seed the
//! tie-breaks differ from run to run.

mod common;

use common::{greedy_move, play, serve, Brain, Rng};
use std::time::Duration;
use tengen::Board;

struct Greedy {
    rng: Rng,
    delay: Duration,
}

impl Brain for Greedy {
    fn answer(&mut self, board: &mut Board, _n: usize) -> Option<String> {
        std::thread::sleep(self.delay);
        let pos = greedy_move(board, &mut self.rng)?;
        Some(play(board, pos))
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
    };
    serve(&mut brain);
}
