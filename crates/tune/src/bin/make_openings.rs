//! Generates a balanced opening set in the offset format of `openings/`.
//!
//! Method: draw random small openings (stones alternating from black, the
//! first on the centre, the others within `--radius` of it), drop the ones
//! that repeat an earlier one under a symmetry of the square, and score each
//! by `--playouts` self-play games of the one-ply greedy policy of the test
//! engines with randomised choices among its best moves. An opening is kept
//! when black's mean score lies within `--band` of one half.
//!
//! The policy is weak, so "balanced" here means "neither side wins at
//! once for lack of defence": a coarse filter against first-move bias, not
//! a proof. With `--search-nodes N` an opening that passes the playouts is
//! then searched by the engine itself (one thread, at most N nodes, so the
//! verdict does not depend on the machine), and kept only when the
//! search's score lies within `--score-band` of even (in the engine's
//! centi-stones, from black's side). Usage:
//!
//! `make_openings --rule freestyle --size 15 --stones 3,4 --radius 2
//!   --candidates 400 --playouts 40 --band 0.1 --keep 40 --seed 1
//!   [--search-nodes 3000000 --score-band 150]`
//!
//! `make_openings --rule freestyle --size 15 --rejudge FILE --search-nodes N`
//! prints the search's score (black's side) of every opening of an
//! existing file instead.

use clap::Parser;
use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use tengen::search::{Config, Limits, Searcher};
use tengen::{Board, Color, Pos, Rule};
use tengen_arena::openings::{load_openings, Stones};
use tengen_arena::test_engine::{allowed, Rng};

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "make_openings",
    about = "Generates a balanced opening set in the offset format of openings/"
)]
struct Args {
    /// Rule: freestyle, standard, renju, caro or caro-exact (or its number).
    #[arg(long, default_value = "freestyle", value_parser = parse_rule)]
    rule: Rule,
    /// Board size (square).
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u64).range(5..=32))]
    size: u64,
    /// Stones per opening, one count drawn per candidate: `3,4`.
    #[arg(long, default_value = "3,4", value_delimiter = ',', num_args = 1..)]
    stones: Vec<usize>,
    /// How far from the centre the stones after the first may lie.
    #[arg(long, default_value_t = 2)]
    radius: i32,
    /// Random candidates drawn at most.
    #[arg(long, default_value_t = 400)]
    candidates: usize,
    /// Greedy playouts scored per candidate.
    #[arg(long, default_value_t = 40)]
    playouts: usize,
    /// Kept when black's mean playout score lies within this of one half.
    #[arg(long, default_value_t = 0.1)]
    band: f64,
    /// Openings kept at most.
    #[arg(long, default_value_t = 40)]
    keep: usize,
    /// Search each opening that passes the playouts with this many nodes
    /// (0: no search).
    #[arg(long, default_value_t = 0)]
    search_nodes: u64,
    /// Kept when the search's score (black's side) lies within this of even.
    #[arg(long, default_value_t = 150)]
    score_band: i32,
    /// Print the search's score of every opening of this file instead.
    #[arg(long)]
    rejudge: Option<String>,
    /// Seed of the candidates and playouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn parse_rule(s: &str) -> Result<Rule, String> {
    Rule::parse(s).ok_or_else(|| format!("unknown rule '{s}'"))
}

/// A move of the playout policy: a five, else a block, else one of the
/// three best-scored points (the best one more often).
fn playout_move(board: &mut Board, rng: &mut Rng) -> Option<Pos> {
    let me = board.side_to_move();
    let opp = me.opp();
    let empties: Vec<Pos> = board.empty_points().collect();
    if let Some(&p) = empties.iter().find(|&&p| board.is_five(p, me)) {
        return Some(p);
    }
    if let Some(&p) = empties.iter().find(|&&p| board.is_five(p, opp)) {
        if allowed(board, p) {
            return Some(p);
        }
    }
    let mut scored: Vec<(u64, Pos)> = Vec::new();
    for p in empties {
        if !allowed(board, p) {
            continue;
        }
        let s = (board.combo(p, me) as u64 * 3 + board.combo(p, opp) as u64 * 2) * 1024
            + rng.next_u64() % 1024;
        scored.push((s, p));
    }
    scored.sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
    let pick = match rng.next_u64() % 10 {
        0..=5 => 0,
        6..=8 => 1,
        _ => 2,
    };
    scored
        .get(pick.min(scored.len().saturating_sub(1)))
        .map(|&(_, p)| p)
}

/// Black's score in one playout from `stones`.
fn playout(size: usize, rule: Rule, stones: &[(i32, i32)], rng: &mut Rng) -> f64 {
    let mut board = opening_board(size, rule, stones).expect("a valid opening");
    loop {
        if let Some(w) = board.winner() {
            return if w == Color::Black { 1.0 } else { 0.0 };
        }
        if board.is_full() {
            return 0.5;
        }
        let Some(p) = playout_move(&mut board, rng) else {
            return 0.5;
        };
        board.play(p).expect("legal");
    }
}

/// The board after the opening's stones (offsets from the centre), or
/// `None` when a stone is off the board or taken.
fn opening_board(size: usize, rule: Rule, stones: &[(i32, i32)]) -> Option<Board> {
    let c = (size / 2) as i32;
    let mut board = Board::new(size, size, rule).ok()?;
    for &(dx, dy) in stones {
        let p = board.pos(i64::from(c + dx), i64::from(c + dy))?;
        board.play(p).ok()?;
    }
    Some(board)
}

/// The engine's score of the opening from black's side: a one-thread
/// search of at most `nodes` nodes.
fn search_score(size: usize, rule: Rule, stones: &[(i32, i32)], nodes: u64) -> i32 {
    let board = opening_board(size, rule, stones).expect("a valid opening");
    let mut searcher = Searcher::new(Config {
        threads: 1,
        hash_bytes: 64 << 20,
        ..Config::default()
    });
    let limits = Limits {
        max_nodes: nodes,
        ..Limits::default()
    };
    let r = searcher.think(&board, &limits, &AtomicBool::new(false), &mut |_| {});
    if board.side_to_move() == Color::Black {
        r.score
    } else {
        -r.score
    }
}

/// Prints the search's score of every opening of `file` (openings in
/// board notation are skipped: the sets are written in offsets).
fn rejudge(file: &str, size: usize, rule: Rule, nodes: u64, band: i32) {
    let openings = load_openings(Path::new(file)).unwrap_or_else(|e| {
        eprintln!("make_openings: {e}");
        std::process::exit(2)
    });
    let (mut total, mut near) = (0, 0);
    for o in openings {
        let Stones::Offsets(stones) = o.stones else {
            continue;
        };
        let score = search_score(size, rule, &stones, nodes);
        total += 1;
        near += usize::from(score.abs() <= band);
        println!("{score:6} {}", o.name);
    }
    println!("# {near} of {total} within ±{band} of even after {nodes} nodes");
}

/// The smallest of the eight symmetric forms, as a key.
fn canonical(stones: &[(i32, i32)]) -> Vec<(i32, i32)> {
    (0..8u8)
        .map(|s| {
            stones
                .iter()
                .map(|&(x, y)| {
                    let (a, b) = if s & 4 != 0 { (y, x) } else { (x, y) };
                    (
                        if s & 1 != 0 { -a } else { a },
                        if s & 2 != 0 { -b } else { b },
                    )
                })
                .collect::<Vec<_>>()
        })
        .min()
        .expect("eight forms")
}

fn main() {
    let args = Args::parse();
    let Args {
        rule,
        radius,
        candidates,
        playouts,
        band,
        keep,
        search_nodes,
        score_band,
        ..
    } = args;
    let size = args.size as usize;
    let counts = args.stones.clone();
    if counts.is_empty() || counts.contains(&0) {
        eprintln!("make_openings: --stones takes counts of at least 1");
        std::process::exit(2);
    }
    if let Some(file) = &args.rejudge {
        rejudge(file, size, rule, search_nodes.max(1), score_band);
        return;
    }
    let mut rng = Rng::new(Some(args.seed));
    let mut seen = HashSet::new();
    let mut kept = 0;
    let mut examined = 0;
    println!(
        "# rule {rule}, {size}x{size}: {candidates} random candidates ({counts:?} stones, radius {radius}), {playouts} greedy playouts each, kept if black scores 0.5 ± {band}"
    );
    if search_nodes > 0 {
        println!("# and if a {search_nodes}-node search scores it within ±{score_band} of even");
    }
    for _ in 0..candidates {
        if kept >= keep {
            break;
        }
        let n = counts[(rng.next_u64() % counts.len() as u64) as usize];
        let mut stones = vec![(0, 0)];
        while stones.len() < n {
            let span = (2 * radius + 1) as u64;
            let p = (
                (rng.next_u64() % span) as i32 - radius,
                (rng.next_u64() % span) as i32 - radius,
            );
            if !stones.contains(&p) {
                stones.push(p);
            }
        }
        if !seen.insert(canonical(&stones)) {
            continue;
        }
        examined += 1;
        let total: f64 = (0..playouts)
            .map(|_| playout(size, rule, &stones, &mut rng))
            .sum();
        let score = total / playouts as f64;
        if (score - 0.5).abs() > band {
            continue;
        }
        let searched = (search_nodes > 0).then(|| search_score(size, rule, &stones, search_nodes));
        if searched.is_some_and(|s| s.abs() > score_band) {
            continue;
        }
        kept += 1;
        let text: Vec<String> = stones.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let eval = searched.map_or_else(String::new, |s| format!(", search {s:+}"));
        println!(
            "{} # {}-{size}-{kept:02} black {score:.2}{eval}",
            text.join(", "),
            rule.name()
        );
    }
    println!("# {examined} distinct candidates scored, {kept} kept");
}
