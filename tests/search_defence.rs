//! The search defends against threat sequences too long for its depth:
//! after each iteration it asks the threat solvers whether the opponent
//! wins once the best move is played, and drops a move that loses so.
//!
//! The positions are the published renju VCF problems of
//! `tengen::threat::problems` (the mintaka engine's VCF test set; see that
//! module for the citation) with the turn handed to the defender: the
//! attacker threatens a VCF, and the defender, searching only three plies,
//! must find a move after which the VCF is gone.

use std::sync::atomic::AtomicBool;
use tengen::eval::Position;
use tengen::search::{Config, Features, Limits, Searcher};
use tengen::threat::problems::VCF_PROBLEMS;
use tengen::threat::{Vcf, VcfResult};
use tengen::{Board, Pos};

/// Stones the check of an answer may give the attacker's VCF solver.
const CHECK_BUDGET: u64 = 200_000;

/// Whether the side to move on `board` has a VCF (within the budget).
fn has_vcf(board: &Board) -> bool {
    let mut pos = Position::new(board);
    matches!(
        Vcf::default().solve(&mut pos, 120, CHECK_BUDGET),
        VcfResult::Win(_)
    )
}

/// The defender's move on `board` from a three-ply search.
fn answer(board: &Board, vct: bool) -> Pos {
    let mut s = Searcher::new(Config {
        threads: 1,
        hash_bytes: 4 << 20,
        features: Features {
            vct,
            ..Features::default()
        },
    });
    let limits = Limits {
        max_depth: 3,
        ..Limits::default()
    };
    s.think(board, &limits, &AtomicBool::new(false), &mut |_| {})
        .best
        .expect("a move")
}

/// Whether the defender's `m` leaves the attacker without a VCF.
fn stops_the_vcf(board: &Board, m: Pos) -> bool {
    let mut after = board.clone();
    after.play(m).expect("a legal move");
    !has_vcf(&after)
}

#[test]
fn the_search_answers_a_threatened_vcf() {
    let (mut defended, mut blind_defended, mut defensible) = (0, 0, 0);
    for problem in VCF_PROBLEMS {
        let attacker_to_move = problem.board();
        assert!(has_vcf(&attacker_to_move), "{}", problem.name);
        let mut board = attacker_to_move.clone();
        board.pass();
        // Only positions where some answer stops the VCF count.
        let mut pos = Position::new(&board);
        let mut answers = Vec::new();
        pos.for_each_candidate(|m| answers.push(m));
        if !answers
            .iter()
            .any(|&m| pos.is_legal(m, board.side_to_move()) && stops_the_vcf(&board, m))
        {
            continue;
        }
        defensible += 1;
        let with = answer(&board, true);
        let ok = stops_the_vcf(&board, with);
        defended += usize::from(ok);
        blind_defended += usize::from(stops_the_vcf(&board, answer(&board, false)));
        assert!(ok, "{}: {with:?} still loses to a VCF", problem.name);
    }
    eprintln!(
        "defensible {defensible}, defended with the solvers {defended}, without {blind_defended}"
    );
    assert!(defensible >= 3, "too few defensible problems: {defensible}");
}
