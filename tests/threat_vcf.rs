//! VCF problems with published solutions, solved within a node budget.
//!
//! The renju positions are the VCF test positions of the mintaka engine
//! (github.com/junghyun397/mintaka, `mintaka/tests/test_vcf.rs`: cases
//! `basic_vcf`, `trap_vcf` and `deep_vcf`), transcribed as diagrams; each
//! is a position in which the side to move has a VCF, and the "trap" cases
//! hold tempting fours that fail on black's forbidden points. Our check does
//! not trust the solver: it replays the returned line on the board and
//! requires a five (or, for white, a four whose only block is forbidden).

mod common;

use common::{at, labelled, replay_wins};
use tengen::eval::Position;
use tengen::threat::{Vcf, VcfResult};
use tengen::Rule;

/// Stones a VCF problem may cost the solver.
const BUDGET: u64 = 2_000_000;

/// Solves the problem for the side to move (as the diagram's stone count
/// gives it) and checks the line by replaying it.
fn solve(diagram: &str, published_five: &str) {
    let board = labelled(Rule::Renju, diagram);
    let attacker = board.side_to_move();
    let mut pos = Position::new(&board);
    let mut vcf = Vcf::default();
    let result = vcf.solve(&mut pos, 100, BUDGET);
    let VcfResult::Win(line) = result else {
        panic!(
            "no VCF found ({result:?}) after {} stones in\n{board}",
            vcf.nodes()
        );
    };
    let last = line[line.len() - 1];
    println!(
        "{attacker:?}: VCF of {} moves in {} stones, ends on {last} (published: {})",
        line.len(),
        vcf.nodes(),
        at(published_five, 15)
    );
    replay_wins(&board, &line, attacker);
}

/// mintaka `basic_vcf` case 1: its solution ends with the five on i10.
#[test]
fn basic_vcf_1() {
    solve(
        "
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . . . . . . . O . . . . 11
        10 . . . . . . . . . X . X . . . 10
         9 . . . . . . . . . O . . . . . 9
         8 . . . . . . . X . X X O . . . 8
         7 . . . . . . X . X O . . . . . 7
         6 . . . . . . . O O . . . . . . 6
         5 . . . . . . O . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        ",
        "i10",
    );
}

/// mintaka `basic_vcf` case 2: its solution ends with the five on k7.
#[test]
fn basic_vcf_2() {
    solve(
        "
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . . . . . . O . . . . . 11
        10 . . . . . X . . . X . . . . . 10
         9 . . . . . O . O . . . O . . . 9
         8 . . O X X . . X . . X . . . . 8
         7 . . . . O . . . . X . . . . . 7
         6 . . . . . X O . . . . O . . . 6
         5 . . . . . . . . . . . . . . . 5
         4 . . . . . . . X . . . . . . . 4
         3 . . . . . . O . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        ",
        "k7",
    );
}

/// mintaka `basic_vcf` case 3: its solution ends with the five on m10.
#[test]
fn basic_vcf_3() {
    solve(
        "
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . . . . O . . . . . . . 11
        10 . . . . . . . . . X O . . . . 10
         9 . . . . . . . O X . X . . . . 9
         8 . . . . . . . X O . X . O . . 8
         7 . . . . . . O . . O . X . . . 7
         6 . . . . . . . . . X . O O X . 6
         5 . . . . . . . . X O . X X . . 5
         4 . . . . . . . O . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        ",
        "m10",
    );
}

/// mintaka `basic_vcf` case 4: its solution ends with the five on l11.
#[test]
fn basic_vcf_4() {
    solve(
        "
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . X . . . . . . . . 12
        11 . . . . . . . . . . X . . . . 11
        10 . . . . . . . O . . . . . . . 10
         9 . . . . O . . X . . O . . . . 9
         8 . . . . X O X X X . . . . . . 8
         7 . . . O . O O . . X . . . . . 7
         6 . . . . . . . . . . O . . . . 6
         5 . . . . . . . . . O X . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        ",
        "l11",
    );
}

/// mintaka `basic_vcf` case 5: its solution ends with the five on g8.
#[test]
fn basic_vcf_5() {
    solve(
        "
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . . . . . . . . . . . . 11
        10 . . . . . . . . . . . . . . . 10
         9 . . . . O . . . O . . . . . . 9
         8 . . . . . . . X O O . . . . . 8
         7 . . . . O X . X . . . . . . . 7
         6 . . . . . X . . O X . . . . . 6
         5 . . . . . . . . . . . . . . . 5
         4 . . . . . . . X . . . X . . . 4
         3 . . . . . . O . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        ",
        "g8",
    );
}

/// mintaka `trap_vcf` case 1: its solution ends with the five on d15.
#[test]
fn trap_vcf_1() {
    solve(
        "
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . O X . . O . . . . . . 13
        12 . . . . . . . O . . . . . . . 12
        11 . . . . O . X . . . . . . . . 11
        10 . O . X . . O X O . . . . . . 10
         9 . . X X O . O X O . . . . . . 9
         8 . . . X X O . X X . . . . . . 8
         7 . . . . X . . . . . . . . . . 7
         6 . . . . . . . O X . . . . . . 6
         5 . . . . . . . . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        ",
        "d15",
    );
}

/// mintaka `trap_vcf` case 2: its solution ends with the five on m12.
#[test]
fn trap_vcf_2() {
    solve(
        "
        15 . . . . . . . X . . . . . . . 15
        14 . . . . . X O . . O . . . . . 14
        13 . . . . X . O . . O . X . . . 13
        12 . . . . . . O . X O . . . . . 12
        11 . . . . O X X X O X O . . . . 11
        10 . . . X O O O O X O X X . . . 10
         9 . . . . . . X O X . . O X . . 9
         8 . . . . . . . X . . . . . . . 8
         7 . . . . . . . . . . . . . . . 7
         6 . . . . . . . . . . . . . . . 6
         5 . . . . . . . . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        ",
        "m12",
    );
}

/// mintaka `trap_vcf` case 3: its solution ends with the five on g12.
#[test]
fn trap_vcf_3() {
    solve(
        "
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . O . . . O . . . 14
        13 . . . . . . . X . . X . . . . 13
        12 . . . . . . . . O . . . . . . 12
        11 . . . O . X O X . . . . . . . 11
        10 . . . X . . . . X . . . . . . 10
         9 . . . . . . . . . . . . . . . 9
         8 . . . . X . O X O . X . . . . 8
         7 . . . . . . O O X . . . . . . 7
         6 . . . . . . . . . . O . . . . 6
         5 . . . . . X . . . . X . O . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        ",
        "g12",
    );
}

/// mintaka `deep_vcf` case 1: its solution ends with the five on f15.
#[test]
fn deep_vcf_1() {
    solve(
        "
        15 O O . . X . X . . O X O O X . 15
        14 O . X . . O . . . . X . . . X 14
        13 O . . . . . . . . . . . . . . 13
        12 O . . . . X . . . . . . . . X 12
        11 X . X . . . . . . . . . . . . 11
        10 O . . O . . X . . . . . . X . 10
         9 O . . . . . . . O . . . . O X 9
         8 . . . O . . O X . . . . X . . 8
         7 . X . . . . . . O . . . X . . 7
         6 . . . . O . . . O . X . . . O 6
         5 . . . X . . . . . . . . . . X 5
         4 X O . . . X . . X . . X . X O 4
         3 . X . . . . . . . . . . . . O 3
         2 . O . . . . . . . . O . . X O 2
         1 X O . O . O . X . X O O X O . 1
        ",
        "f15",
    );
}

/// mintaka `deep_vcf` case 2: its solution ends with the five on b13.
#[test]
fn deep_vcf_2() {
    solve(
        "
        15 O . . . X . . . . . . . X . X 15
        14 X . . . . O . . . O . . O . X 14
        13 . . . . . . . O . . . . . O . 13
        12 O . . . . . . . . . . X . . X 12
        11 X . . . . . . . . . . . O . . 11
        10 O . O . . . . . . . . . . . . 10
         9 O O X O . . . . X . . . O . . 9
         8 O . O O . . . X . O . . . . . 8
         7 . X . . . . . . . O . . X . . 7
         6 . . . . . . . . O . . . . . X 6
         5 X . . . . . . . . . . . X . X 5
         4 . . . . . . . . . . . . . X O 4
         3 X . . . . . . . . . . . . X . 3
         2 . . . . . . . X . . . . . . O 2
         1 X O O O . X . . X . X . . . . 1
        ",
        "b13",
    );
}
