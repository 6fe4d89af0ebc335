//! Core benchmarks: make + unmake with all incremental state (with and
//! without a network's accumulator), the network's evaluation, one renju
//! forbidden-point query, and all forbidden points of a position.
//!
//! Positions come from `positions.rs`: fixed-seed middle games on 15×15 and
//! 20×20. Each measured iteration walks over every candidate move of every
//! position, so the reported time divided by the move count (printed once at
//! start-up) is the cost of one operation.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tengen::renju::{forbidden, forbidden_points};
use tengen::{Board, Pos, Rule};

#[path = "support/positions.rs"]
mod positions;

fn set(size: usize, rule: Rule) -> Vec<(Board, Vec<Pos>)> {
    (0..8u64)
        .map(|seed| {
            let plies = 30 + 4 * seed as usize;
            let board = positions::middle_game(size, rule, plies, seed * 7919 + size as u64);
            let moves = positions::candidate_moves(&board);
            (board, moves)
        })
        .collect()
}

fn make_unmake(c: &mut Criterion) {
    let mut group = c.benchmark_group("make_unmake");
    for (size, rule) in [
        (15, Rule::Freestyle),
        (15, Rule::Renju),
        (20, Rule::Freestyle),
        (20, Rule::Standard),
    ] {
        let mut positions = set(size, rule);
        let count: usize = positions.iter().map(|(_, m)| m.len()).sum();
        group.throughput(Throughput::Elements(count as u64));
        group.bench_function(format!("{size}x{size}-{rule}"), |b| {
            b.iter(|| {
                for (board, moves) in positions.iter_mut() {
                    for &m in moves.iter() {
                        board.make(black_box(m));
                        black_box(board.hash());
                        board.unmake();
                    }
                }
            });
        });
    }
    group.finish();
}

/// Make + unmake with a network's accumulator kept (a random net: the
/// cost does not depend on the weights), against the same boards without
/// one, and the network's evaluation of a position.
fn with_net(c: &mut Criterion) {
    use tengen::net::{Net, Weights};
    let net: &'static Net = Box::leak(Box::new(Net::new(&Weights::random(1, 1.0))));
    let mut group = c.benchmark_group("net");
    for (size, rule) in [(15, Rule::Freestyle), (20, Rule::Freestyle)] {
        for keep in [false, true] {
            let mut positions = set(size, rule);
            for (board, _) in &mut positions {
                board.set_net(keep.then_some(net));
            }
            let count: usize = positions.iter().map(|(_, m)| m.len()).sum();
            group.throughput(Throughput::Elements(count as u64));
            let name = if keep {
                "make_unmake_net"
            } else {
                "make_unmake_no_net"
            };
            group.bench_function(format!("{name}-{size}x{size}"), |b| {
                b.iter(|| {
                    for (board, moves) in positions.iter_mut() {
                        for &m in moves.iter() {
                            board.make(black_box(m));
                            black_box(board.accumulator());
                            board.unmake();
                        }
                    }
                });
            });
        }
    }
    let mut positions = set(15, Rule::Freestyle);
    for (board, _) in &mut positions {
        board.set_net(Some(net));
    }
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("evaluate-15x15", |b| {
        b.iter(|| {
            for (board, _) in &positions {
                black_box(tengen::eval::static_eval(black_box(board)));
            }
        });
    });
    group.finish();
}

/// Busy renju positions: of 160 fixed-seed middle games, the eight where
/// black has the most points that need a forbidden-move judgement.
fn busy_renju() -> Vec<(Board, Vec<Pos>)> {
    use tengen::pattern::Combo;
    let mut all: Vec<(usize, Board, Vec<Pos>)> = (0..160u64)
        .map(|seed| {
            let plies = 40 + (seed % 5) as usize * 6;
            let board = positions::middle_game(15, Rule::Renju, plies, seed * 104_729 + 3);
            let moves = positions::candidate_moves(&board);
            let hard = moves
                .iter()
                .filter(|&&m| {
                    matches!(
                        board.combo(m, tengen::Color::Black),
                        Combo::Forbidden | Combo::DoubleThree
                    )
                })
                .count();
            (hard, board, moves)
        })
        .collect();
    all.sort_by_key(|(hard, b, _)| (std::cmp::Reverse(*hard), b.hash()));
    all.into_iter().take(8).map(|(_, b, m)| (b, m)).collect()
}

fn forbidden_query(c: &mut Criterion) {
    let mut group = c.benchmark_group("forbidden");
    let mut positions = busy_renju();
    // Queries on the points a renju engine actually has to judge: black's
    // candidate points whose line patterns make a forbidden shape possible.
    let mut queries: Vec<(usize, Pos)> = Vec::new();
    let mut plain: Vec<(usize, Pos)> = Vec::new();
    let mut threes: Vec<(usize, Pos)> = Vec::new();
    for (i, (board, moves)) in positions.iter().enumerate() {
        for &m in moves {
            use tengen::pattern::Combo;
            match board.combo(m, tengen::Color::Black) {
                Combo::Forbidden => queries.push((i, m)),
                Combo::DoubleThree => {
                    queries.push((i, m));
                    threes.push((i, m));
                }
                _ => plain.push((i, m)),
            }
        }
    }
    eprintln!(
        "forbidden bench: {} candidate queries ({} double-three candidates), {} plain queries, {} forbidden points in total",
        queries.len(),
        threes.len(),
        plain.len(),
        positions.iter_mut().map(|(b, _)| forbidden_points(b).len()).sum::<usize>()
    );
    group.throughput(Throughput::Elements(queries.len() as u64));
    group.bench_function("query-candidates-15x15", |b| {
        b.iter(|| {
            for &(i, m) in &queries {
                black_box(forbidden(&mut positions[i].0, black_box(m)));
            }
        });
    });
    group.throughput(Throughput::Elements(threes.len() as u64));
    group.bench_function("query-double-three-candidates-15x15", |b| {
        b.iter(|| {
            for &(i, m) in &threes {
                black_box(forbidden(&mut positions[i].0, black_box(m)));
            }
        });
    });
    group.throughput(Throughput::Elements(plain.len() as u64));
    group.bench_function("query-plain-15x15", |b| {
        b.iter(|| {
            for &(i, m) in &plain {
                black_box(forbidden(&mut positions[i].0, black_box(m)));
            }
        });
    });
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("all-points-15x15", |b| {
        b.iter(|| {
            for (board, _) in positions.iter_mut() {
                black_box(forbidden_points(board));
            }
        });
    });
    group.finish();
}

fn table_build(c: &mut Criterion) {
    // Tables are built once per process; this measures one build, which the
    // engine pays at start-up (GomocupJudge charges it to the first move).
    c.bench_function("board_new_15x15_renju_after_tables", |b| {
        b.iter(|| black_box(Board::square(15, Rule::Renju).unwrap()));
    });
}

criterion_group!(benches, make_unmake, with_net, forbidden_query, table_build);
criterion_main!(benches);
