//! The search on the bench positions (`tengen::search::bench::POSITIONS`)
//! to a fixed depth on one thread, each from an empty table.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::sync::atomic::AtomicBool;
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

criterion_group!(benches, search);
criterion_main!(benches);
