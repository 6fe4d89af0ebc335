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
//! a proof. Usage:
//!
//! `make_openings --rule freestyle --size 15 --stones 3,4 --radius 2
//!   --candidates 400 --playouts 40 --band 0.1 --keep 40 --seed 1`

mod common;

use common::{allowed, Rng};
use std::collections::HashSet;
use tengen::{Board, Color, Pos, Rule};

fn arg<T: std::str::FromStr>(args: &[String], flag: &str, default: T) -> T {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
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
            + rng.next() % 1024;
        scored.push((s, p));
    }
    scored.sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
    let pick = match rng.next() % 10 {
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
    let c = (size / 2) as i32;
    let mut board = Board::new(size, size, rule).expect("valid size");
    for &(dx, dy) in stones {
        board
            .play(Pos::new((c + dx) as usize, (c + dy) as usize))
            .expect("distinct points");
    }
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
    let args: Vec<String> = std::env::args().collect();
    let rule = Rule::parse(&arg(&args, "--rule", "freestyle".to_string())).expect("known rule");
    let size: usize = arg(&args, "--size", 15);
    let counts: Vec<usize> = arg(&args, "--stones", "3,4".to_string())
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    let radius: i32 = arg(&args, "--radius", 2);
    let candidates: usize = arg(&args, "--candidates", 400);
    let playouts: usize = arg(&args, "--playouts", 40);
    let band: f64 = arg(&args, "--band", 0.1);
    let keep: usize = arg(&args, "--keep", 40);
    let mut rng = Rng::new(Some(arg(&args, "--seed", 1)));
    let mut seen = HashSet::new();
    let mut kept = 0;
    let mut examined = 0;
    println!(
        "# rule {rule}, {size}x{size}: {candidates} random candidates ({counts:?} stones, radius {radius}), {playouts} greedy playouts each, kept if black scores 0.5 ± {band}"
    );
    for _ in 0..candidates {
        if kept >= keep {
            break;
        }
        let n = counts[(rng.next() % counts.len() as u64) as usize];
        let mut stones = vec![(0, 0)];
        while stones.len() < n {
            let span = (2 * radius + 1) as u64;
            let p = (
                (rng.next() % span) as i32 - radius,
                (rng.next() % span) as i32 - radius,
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
        if (score - 0.5).abs() <= band {
            kept += 1;
            let text: Vec<String> = stones.iter().map(|(x, y)| format!("{x},{y}")).collect();
            println!(
                "{} # {}-{size}-{kept:02} black {score:.2}",
                text.join(", "),
                rule.name()
            );
        }
    }
    println!("# {examined} distinct candidates scored, {kept} kept");
}
