//! Threat solvers: VCF on every published problem of
//! `tengen::threat::problems::VCF_PROBLEMS`, and the df-pn VCT on the
//! constructed wins of `VCT_PROBLEMS` (wins that need threes) and on the
//! first VCF problems.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tengen::position::Position;
use tengen::threat::problems::{VCF_PROBLEMS, VCT_PROBLEMS, VCT_PROBLEM_DEPTH};
use tengen::threat::{Vcf, VcfResult, Vct, VctResult};
use tengen::Board;

fn vcf(c: &mut Criterion) {
    let mut group = c.benchmark_group("vcf");
    group.sample_size(20);
    for problem in VCF_PROBLEMS {
        let board = problem.board();
        group.bench_function(problem.name, |b| {
            b.iter(|| {
                let mut pos = Position::new(&board);
                let mut solver = Vcf::new(1 << 16);
                let r = solver.solve(&mut pos, 120, 10_000_000);
                assert!(matches!(r, VcfResult::Win(_)));
                black_box(r)
            });
        });
    }
    group.finish();
}

fn vct(c: &mut Criterion) {
    let mut group = c.benchmark_group("vct");
    group.sample_size(10);
    let mut set: Vec<(&str, Board)> = VCT_PROBLEMS
        .iter()
        .filter(|p| p.has_vct)
        .map(|p| (p.name, p.board()))
        .collect();
    set.extend(VCF_PROBLEMS.iter().take(5).map(|p| (p.name, p.board())));
    for (name, board) in &set {
        group.bench_function(*name, |b| {
            b.iter(|| {
                let mut pos = Position::new(board);
                let mut solver = Vct::new(1 << 16);
                let r = solver.solve(&mut pos, VCT_PROBLEM_DEPTH, 10_000_000);
                assert!(matches!(r, VctResult::Win(..)));
                black_box(r)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, vcf, vct);
criterion_main!(benches);
