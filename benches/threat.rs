//! Threat solvers on published problems: VCF on every problem of
//! `tengen::threat::problems::VCF_PROBLEMS`, and VCT on a set of positions
//! (the VCF problems through the full VCT, and quiet positions whose wins
//! need threes).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tengen::eval::Position;
use tengen::threat::problems::VCF_PROBLEMS;
use tengen::threat::{Vcf, VcfResult, Vct, VctResult};
use tengen::{Board, Rule};

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

/// Positions whose side to move wins by threes and fours but not by fours
/// alone.
const VCT_ONLY: &[(&str, Rule, &str)] = &[(
    "double_three",
    Rule::Freestyle,
    "
    . . . . . . . . . . . . . . .
    . O . . . . . . . . . . . O .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . X . . . . . . .
    . . . . . . . X . . . . . . .
    . . . . . X X . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . O . . . . . . . . . . . O .
    . . . . . . . . . . . . . . .
    ",
)];

fn vct(c: &mut Criterion) {
    let mut group = c.benchmark_group("vct");
    group.sample_size(10);
    let mut set: Vec<(String, Board)> = VCT_ONLY
        .iter()
        .map(|&(name, rule, d)| {
            (
                name.to_string(),
                Board::from_diagram(rule, d).expect("diagram"),
            )
        })
        .collect();
    set.extend(
        VCF_PROBLEMS
            .iter()
            .take(5)
            .map(|p| (p.name.to_string(), p.board())),
    );
    for (name, board) in &set {
        group.bench_function(name.as_str(), |b| {
            b.iter(|| {
                let mut pos = Position::new(board);
                let mut solver = Vct::new(1 << 16);
                let r = solver.solve(&mut pos, 8, 10_000_000);
                assert!(matches!(r, VctResult::Win(..)));
                black_box(r)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, vcf, vct);
criterion_main!(benches);
