//! VCF problems with published solutions (see
//! `tengen::threat::problems` for the source of each), solved within a
//! node budget. The check does not trust the solver: it replays the line
//! the solver returns and requires a five at its end (or, for white under
//! renju, a four whose only block is forbidden to black).

mod common;

use common::replay_wins;
use tengen::position::Position;
use tengen::threat::problems::VCF_PROBLEMS;
use tengen::threat::{Vcf, VcfResult};

/// Stones one VCF problem may cost the solver.
const BUDGET: u64 = 1_000_000;

#[test]
fn every_vcf_problem_is_solved() {
    assert!(VCF_PROBLEMS.len() >= 10);
    let mut longest = 0;
    for problem in VCF_PROBLEMS {
        let board = problem.board();
        let attacker = board.side_to_move();
        let mut pos = Position::new(&board);
        let mut vcf = Vcf::default();
        let result = vcf.solve(&mut pos, 120, BUDGET);
        let VcfResult::Win(line) = result else {
            panic!(
                "{}: no VCF ({result:?}) after {} stones\n{board}",
                problem.name,
                vcf.nodes()
            );
        };
        println!(
            "{}: {attacker:?} wins with {} moves in {} stones, five on {} (published five on {})",
            problem.name,
            line.len(),
            vcf.nodes(),
            line[line.len() - 1],
            problem.published_five()
        );
        replay_wins(&board, &line, attacker);
        longest = longest.max(line.len());
    }
    assert!(longest >= 40, "the set holds a VCF of 40 moves or more");
}
