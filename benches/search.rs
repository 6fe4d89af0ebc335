//! The search on the bench positions (`tengen::search::bench::POSITIONS`)
//! to a fixed depth on one thread, each from an empty table.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tengen::protocol::session::hash_bytes;
use tengen::search::bench::{position, POSITIONS};
use tengen::search::{Config, Limits, Searcher};

/// Depth of the benchmarked searches (lower than the `bench` command's,
/// so that criterion can take enough samples).
const DEPTH: u32 = 5;

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut searcher = Searcher::new(Config {
        threads: 1,
        hash_bytes: 16 << 20,
        ..Default::default()
    });
    let stop = AtomicBool::new(false);
    for (i, &(rule, size, moves)) in POSITIONS.iter().enumerate() {
        let board = position(rule, size, moves);
        let name = format!("{}_{}_{}", i + 1, rule.name(), size);
        group.bench_function(name, |b| {
            b.iter(|| {
                searcher.clear_hash();
                let limits = Limits {
                    max_depth: DEPTH,
                    ..Limits::default()
                };
                black_box(searcher.think(&board, &limits, &stop, &mut |_| {}))
            });
        });
    }
    group.finish();
}

/// Gomocup's memory limit: the engine's table under it is large enough
/// that most probes miss the processor's caches, as they do in play,
/// which is what the table's prefetch is for (lab S-131).
const GOMOCUP_MAX_MEMORY: u64 = 350_000_000;

/// Nodes of each search with the large table: enough that most of its
/// probes miss the caches.
const LARGE_TABLE_NODES: u64 = 1_000_000;

/// The two freestyle bench positions (15×15 and 20×20) searched for
/// [`LARGE_TABLE_NODES`] with the table the engine takes under
/// [`GOMOCUP_MAX_MEMORY`] at its 5 s turn, emptied before each search
/// (outside the timing).
fn search_large_table(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_large_table");
    group.sample_size(10);
    let mut searcher = Searcher::new(Config {
        threads: 1,
        hash_bytes: usize::try_from(hash_bytes(GOMOCUP_MAX_MEMORY, None, 5000, 0).0)
            .expect("a table that fits in memory"),
        ..Default::default()
    });
    let stop = AtomicBool::new(false);
    for i in [0, 2] {
        let (rule, size, moves) = POSITIONS[i];
        let board = position(rule, size, moves);
        let name = format!("{}_{}_{}", i + 1, rule.name(), size);
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    searcher.clear_hash();
                    let limits = Limits {
                        max_nodes: LARGE_TABLE_NODES,
                        ..Limits::default()
                    };
                    let start = Instant::now();
                    black_box(searcher.think(&board, &limits, &stop, &mut |_| {}));
                    total += start.elapsed();
                }
                total
            });
        });
    }
    group.finish();
}

criterion_group!(benches, search, search_large_table);
criterion_main!(benches);
