//! A small self-play match between two search set-ups, for measuring
//! search features until the arena can run real engines.
//!
//! ```text
//! cargo run --release --example search_selfplay -- PAIRS LIMIT RULE A B
//! ```
//! - `PAIRS`: game pairs (each opening is played with both colours);
//! - `LIMIT`: `n50000` for 50 000 nodes a move, or `ms200` for 200 ms;
//! - `RULE`: `freestyle`, `standard` or `renju` (15×15);
//! - `A`, `B`: comma lists of `full`, `novct`, `noleafvcf`, `leafvcf=N`, `nolmr`,
//!   `quiescence`, `threatext`, `breadth=N`, `t=N` (threads).
//!
//! Prints each result and the score of A with an Elo estimate and its 95%
//! error margin.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tengen::search::{Config, Features, Limits, Searcher};
use tengen::{Board, Color, Pos, Rule};

fn setup(spec: &str) -> Searcher {
    let mut threads = 1;
    let mut f = Features::default();
    for part in spec.split(',') {
        match part {
            "full" => {}
            "novct" => f.vct = false,
            "noleafvcf" => f.leaf_vcf_budget = 0,
            p if p.starts_with("leafvcf=") => f.leaf_vcf_budget = p[8..].parse().expect("budget"),
            "nolmr" => f.lmr = false,
            "quiescence" => f.quiescence = true,
            "threatext" => f.threat_extension = true,
            p if p.starts_with("breadth=") => f.quiet_breadth = p[8..].parse().expect("breadth"),
            p if p.starts_with("t=") => threads = p[2..].parse().expect("threads"),
            p => panic!("unknown option {p}"),
        }
    }
    Searcher::new(Config {
        threads,
        hash_bytes: 32 << 20,
        features: f,
        node_limit: 0,
    })
}

/// A deterministic opening: three stones near the centre.
fn opening(seed: u64, board: &mut Board) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let c = board.width() / 2;
    let mut placed = 0;
    while placed < 3 {
        let x = c - 2 + (next() % 5) as usize;
        let y = c - 2 + (next() % 5) as usize;
        if board.play(Pos::new(x, y)).is_ok() {
            placed += 1;
        }
    }
}

/// Plays one game; returns the winner.
fn game(
    rule: Rule,
    seed: u64,
    black: &mut Searcher,
    white: &mut Searcher,
    limit: &str,
) -> Option<Color> {
    let mut board = Board::square(15, rule).expect("board");
    opening(seed, &mut board);
    black.clear_hash();
    white.clear_hash();
    let stop = AtomicBool::new(false);
    let mut claim: Option<(Color, usize, i32)> = None;
    while board.winner().is_none() && !board.is_full() && board.stone_count() < 200 {
        let mut limits = Limits::default();
        if let Some(n) = limit.strip_prefix('n') {
            limits.max_nodes = n.parse().expect("nodes");
        } else if let Some(ms) = limit.strip_prefix("ms") {
            limits.deadline = Some(Instant::now() + Duration::from_millis(ms.parse().expect("ms")));
        }
        let s = if board.side_to_move() == Color::Black {
            &mut *black
        } else {
            &mut *white
        };
        let r = s.think(&board, &limits, &stop, &mut |_| {});
        let Some(m) = r.best else { break };
        let side = board.side_to_move();
        if r.score > tengen::search::MATE - 1000 && claim.is_none() {
            claim = Some((side, board.stone_count(), r.score));
        }
        if rule == Rule::Renju
            && side == Color::Black
            && tengen::renju::forbidden(&mut board, m).is_some()
        {
            return Some(Color::White);
        }
        board.play(m).expect("legal move");
    }
    if let Some((side, at, score)) = claim {
        if board.winner() != Some(side) {
            println!(
                "claimed win for {side:?} at stone {at} (score {score}) but the winner is {:?}",
                board.winner()
            );
        }
    }
    board.winner()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 5 {
        eprintln!("usage: search_selfplay PAIRS LIMIT RULE A B");
        std::process::exit(2);
    }
    let pairs: u64 = args[0].parse().expect("pairs");
    let rule = Rule::parse(&args[2]).expect("rule");
    let (mut a, mut b) = (setup(&args[3]), setup(&args[4]));
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    for pair in 0..pairs {
        for a_black in [true, false] {
            let winner = if a_black {
                game(rule, pair + 1, &mut a, &mut b, &args[1])
            } else {
                game(rule, pair + 1, &mut b, &mut a, &args[1])
            };
            let a_colour = if a_black { Color::Black } else { Color::White };
            match winner {
                Some(c) if c == a_colour => wins += 1,
                Some(_) => losses += 1,
                None => draws += 1,
            }
            println!("pair {pair} A {:?}: winner {winner:?}", a_colour);
        }
    }
    let n = f64::from(wins + draws + losses);
    let score = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let var = (f64::from(wins) * (1.0 - score).powi(2)
        + f64::from(draws) * (0.5 - score).powi(2)
        + f64::from(losses) * score.powi(2))
        / n;
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    let margin = 1.96 * (var / n).sqrt();
    println!(
        "A {} vs B {}: +{wins} ={draws} -{losses}, score {:.3}, Elo {:+.0} (95%: {:+.0} to {:+.0})",
        args[3],
        args[4],
        score,
        elo(score),
        elo(score - margin),
        elo(score + margin)
    );
}
