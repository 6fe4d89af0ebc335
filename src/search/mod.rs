//! Search: the engine's move choice.
//!
//! The protocol layer talks to the search only through [`Searcher`],
//! [`Limits`], [`Info`] and [`SearchResult`]. Until the alpha-beta search is
//! in place, [`Searcher::think`] is a one-ply policy: it takes an immediate
//! win, blocks the opponent's five, and otherwise plays the point whose
//! pattern combination scores best for both sides.

use crate::board::{Board, Pos};
use crate::eval::combo_value;
use crate::pattern::Combo;
use crate::rules::{forbidden, Color};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Score of a won position, seen from the side to move.
pub const MATE: i32 = 30_000;

/// What a search may spend.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop at this instant at the latest.
    pub deadline: Option<Instant>,
    /// Maximum depth in plies (0 means no limit).
    pub max_depth: u32,
    /// Maximum nodes (0 means no limit).
    pub max_nodes: u64,
    /// How many best moves to report (`YXNBEST`); 0 or 1 means one.
    pub multipv: usize,
    /// Points the search must not play (`YXBLOCK`).
    pub excluded: Vec<Pos>,
}

/// Progress of a running search, for `MESSAGE` lines.
#[derive(Clone, Debug, Default)]
pub struct Info {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score from the side to move, in centi-stones; beyond ±[`MATE`]−1000
    /// a forced win or loss.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation, first move first.
    pub pv: Vec<Pos>,
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// The move to play; `None` only when no empty point is allowed.
    pub best: Option<Pos>,
    /// Score of `best` from the side to move.
    pub score: i32,
    /// Principal variation.
    pub pv: Vec<Pos>,
    /// Nodes searched.
    pub nodes: u64,
    /// Completed depth.
    pub depth: u32,
    /// The best moves with their scores, best first (at least `best`).
    pub ranked: Vec<(Pos, i32)>,
}

/// Search settings that outlive one search.
#[derive(Clone, Debug)]
pub struct Config {
    /// Worker threads.
    pub threads: usize,
    /// Transposition table size in bytes.
    pub hash_bytes: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            hash_bytes: 64 << 20,
        }
    }
}

/// The engine's search, with its tables kept between moves.
#[derive(Debug, Default)]
pub struct Searcher {
    config: Config,
}

impl Searcher {
    /// A searcher with these settings.
    #[must_use]
    pub fn new(config: Config) -> Searcher {
        Searcher { config }
    }

    /// The current settings.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the number of worker threads (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads.max(1);
    }

    /// Changes the transposition table size.
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.config.hash_bytes = bytes;
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear_hash(&mut self) {}

    /// Chooses a move for the side to move on `board`.
    ///
    /// Returns early when `stop` becomes true or the limits run out; the best
    /// move found so far is always returned. `on_info` is called as the
    /// search progresses.
    pub fn think(
        &mut self,
        board: &Board,
        limits: &Limits,
        _stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        let mut board = board.clone();
        let me = board.side_to_move();
        let centre = Pos::new(board.width() / 2, board.height() / 2);
        let mut ranked: Vec<(Pos, i32)> = Vec::new();
        let candidates: Vec<Pos> = board
            .empty_points()
            .filter(|p| !limits.excluded.contains(p))
            .collect();
        for pos in candidates {
            if me == Color::Black && forbidden(&mut board, pos).is_some() {
                continue;
            }
            let own = board.combo(pos, me);
            let opp = board.combo(pos, me.opp());
            let score = if own == Combo::Five {
                MATE - 1
            } else if opp == Combo::Five {
                MATE / 2
            } else {
                let attack = combo_value(own);
                let defence = combo_value(opp) * 4 / 5;
                let near = 16 - pos.distance(centre).min(16) as i32;
                attack + defence + near
            };
            ranked.push((pos, score));
        }
        ranked.sort_by_key(|&(p, s)| (std::cmp::Reverse(s), p));
        ranked.truncate(limits.multipv.max(1));
        let (best, score) = ranked.first().map_or((None, 0), |&(p, s)| (Some(p), s));
        let info = Info {
            depth: 1,
            seldepth: 1,
            score,
            nodes: ranked.len() as u64,
            elapsed: start.elapsed(),
            pv: best.into_iter().collect(),
        };
        on_info(&info);
        SearchResult {
            best,
            score,
            pv: info.pv,
            nodes: info.nodes,
            depth: 1,
            ranked,
        }
    }
}

pub mod bench {
    //! The `pbrain-tengen bench` command: a fixed set of positions searched to
    //! a fixed depth on one thread, printing nodes, time, speed and the node
    //! signature.

    use std::io::{self, Write};

    /// Runs the bench and prints its report to `out`.
    ///
    /// # Errors
    /// Only when writing to `out` fails.
    pub fn run(out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "bench: the search bench is not written yet")?;
        Ok(())
    }
}
