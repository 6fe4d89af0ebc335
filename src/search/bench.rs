//! The `pbrain-tengen bench` command: a fixed set of positions searched to
//! a fixed depth on one thread, printing nodes, time, speed and the node
//! signature.
//!
//! The signature is the total node count. On one thread with no time limit
//! the search is deterministic, so the signature changes exactly when the
//! search does; CI checks it.

use super::{Config, Limits, Searcher};
use crate::board::{Board, Pos};
use crate::rules::Rule;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Depth every bench position is searched to.
pub const BENCH_DEPTH: u32 = 8;
/// Transposition table size for the bench (cleared before each position).
pub const BENCH_HASH_BYTES: usize = 16 << 20;

/// The bench positions: rule, board size, and the moves that lead there
/// (`x,y` each, black first, alternating).
pub const POSITIONS: &[(Rule, usize, &str)] = &[
    (Rule::Freestyle, 15, "7,7 8,6 7,5 8,7 8,5 6,5 9,6 7,6"),
    (
        Rule::Freestyle,
        15,
        "7,7 7,8 8,8 6,6 8,6 8,7 9,7 10,8 6,8 9,5",
    ),
    (
        Rule::Freestyle,
        20,
        "9,9 10,10 10,9 8,9 9,10 9,8 11,8 8,11 10,11 12,7",
    ),
    (
        Rule::Standard,
        15,
        "7,7 8,8 6,8 8,6 8,7 6,7 9,7 10,7 7,9 7,6",
    ),
    (
        Rule::Standard,
        20,
        "10,10 11,11 11,10 9,10 10,11 10,9 12,9 9,12",
    ),
    (Rule::Renju, 15, "7,7 8,6 9,7 8,8 8,7 10,7 7,6 6,5 7,8 7,9"),
    (
        Rule::Renju,
        15,
        "7,7 7,6 8,6 6,8 8,8 8,7 9,5 6,7 6,6 9,8 10,9",
    ),
    (Rule::Renju, 15, "7,7 8,8 7,9 6,8 7,8 7,6 8,7 9,6 6,6"),
];

/// The board of a bench position.
///
/// # Panics
/// If the position's moves are malformed (they are constants).
#[must_use]
pub fn position(rule: Rule, size: usize, moves: &str) -> Board {
    let mut b = Board::square(size, rule).expect("bench board size");
    for m in moves.split_whitespace() {
        let (x, y) = m.split_once(',').expect("bench move x,y");
        let p = Pos::new(x.parse().expect("bench x"), y.parse().expect("bench y"));
        b.play(p).expect("bench move");
    }
    b
}

/// Searches every bench position and returns the total nodes and time.
#[must_use]
pub fn measure(depth: u32, each: impl FnMut(usize, &Board, u64, Duration)) -> (u64, Duration) {
    measure_with(depth, true, each)
}

/// As [`measure`], with the rules' built-in nets (`net`) or the
/// evaluation tables alone.
#[must_use]
pub fn measure_with(
    depth: u32,
    net: bool,
    mut each: impl FnMut(usize, &Board, u64, Duration),
) -> (u64, Duration) {
    let mut config = Config {
        threads: 1,
        hash_bytes: BENCH_HASH_BYTES,
        ..Default::default()
    };
    config.features.net = net;
    let mut searcher = Searcher::new(config);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_depth: depth,
        ..Limits::default()
    };
    let (mut nodes, mut time) = (0, Duration::ZERO);
    for (i, &(rule, size, moves)) in POSITIONS.iter().enumerate() {
        let board = position(rule, size, moves);
        searcher.clear_hash();
        let start = Instant::now();
        let r = searcher.think(&board, &limits, &stop, &mut |_| {});
        let t = start.elapsed();
        each(i, &board, r.nodes, t);
        nodes += r.nodes;
        time += t;
    }
    (nodes, time)
}

/// Runs the bench and prints its report to `out`.
///
/// # Errors
/// Only when writing to `out` fails.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    run_with(out, true)
}

/// Runs the bench with the rules' built-in nets (`net`, as the engine
/// plays) or with the evaluation tables alone (`pbrain-tengen bench
/// --no-net`), and prints its report to `out`.
///
/// # Errors
/// Only when writing to `out` fails.
pub fn run_with(out: &mut dyn Write, net: bool) -> io::Result<()> {
    let mut lines = Vec::new();
    let (nodes, time) = measure_with(BENCH_DEPTH, net, |i, board, n, t| {
        lines.push(format!(
            "position {:>2}  {:<9} {}x{}  nodes {:>10}  time {:>8.3}s",
            i + 1,
            board.rule().name(),
            board.width(),
            board.height(),
            n,
            t.as_secs_f64()
        ));
    });
    for l in lines {
        writeln!(out, "{l}")?;
    }
    let secs = time.as_secs_f64().max(1e-9);
    let nets: Vec<&str> = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro]
        .into_iter()
        .filter(|&r| net && crate::net::Net::builtin(r).is_some())
        .map(Rule::name)
        .collect();
    if nets.is_empty() {
        writeln!(out, "evaluation: tables")?;
    } else {
        writeln!(
            out,
            "evaluation: tables, and the nets of {}",
            nets.join(" ")
        )?;
    }
    writeln!(out, "depth {BENCH_DEPTH}, 1 thread")?;
    writeln!(out, "total nodes {nodes}")?;
    writeln!(out, "time {:.3}s", time.as_secs_f64())?;
    writeln!(out, "nodes/second {:.0}", nodes as f64 / secs)?;
    writeln!(out, "signature {nodes}")?;
    Ok(())
}
