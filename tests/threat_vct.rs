//! The df-pn VCT solver on the VCT positions of
//! `tengen::threat::problems::VCT_PROBLEMS` (constructed, not published:
//! each says how it was made) and on the published VCF problems.
//!
//! Every claimed win is checked by a walk that does not trust the solver's
//! defence set: at each attacker node the solver names a move, and the
//! walk then tries every legal answer of the defender near the stones (not
//! only the answers the solver considers), requiring the attacker to win
//! again after each.

mod common;

use common::replay_wins;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tengen::pattern::Combo;
use tengen::position::Position;
use tengen::renju::forbidden;
use tengen::threat::problems::{labelled, VCF_PROBLEMS, VCT_PROBLEMS, VCT_PROBLEM_DEPTH};
use tengen::threat::{Vcf, VcfResult, Vct, VctResult};
use tengen::{Board, Color, Pos, Rule};

/// Stones one solve may play.
const BUDGET: u64 = 1_000_000;

/// The board of the problem called `name`, from either set.
fn named(name: &str) -> Board {
    let vcf = VCF_PROBLEMS
        .iter()
        .find(|p| p.name == name)
        .map(|p| p.board());
    vcf.or_else(|| {
        VCT_PROBLEMS
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.board())
    })
    .expect("problem in the set")
}

/// Whether `color` may play the empty point `p` (renju black: not on a
/// forbidden point).
fn legal(board: &mut Board, p: Pos, color: Color) -> bool {
    color == Color::White || !board.rule().has_forbidden() || forbidden(board, p).is_none()
}

/// The empty points within two of a stone (every answer that can touch
/// the fight: a five, four or open three through a point has a stone
/// within two points of it on its line).
fn near_points(board: &Board) -> Vec<Pos> {
    let mut out = Vec::new();
    Position::new(board).for_each_candidate(|p| out.push(p));
    out
}

/// Checks that the side to move on `board` wins by threats: the solver's
/// move, then every legal defender answer near the stones, recursively.
/// `seen` holds positions already shown won.
fn check_win(board: &mut Board, seen: &mut HashSet<u64>, moves: &mut u32) {
    if seen.contains(&board.hash()) {
        return;
    }
    *moves += 1;
    assert!(*moves < 200_000, "the proof tree is too large to check");
    let me = board.side_to_move();
    let opp = me.opp();
    let points = near_points(board);
    if points.iter().any(|&p| board.is_five(p, me)) {
        return;
    }
    let opp_five = points.iter().any(|&p| board.is_five(p, opp));
    // An open four with no five against it wins whatever comes next.
    if !opp_five
        && points
            .iter()
            .any(|&p| board.combo(p, me) == Combo::OpenFour && legal(board, p, me))
    {
        return;
    }
    let mut pos = Position::new(board);
    let result = Vct::default().solve(&mut pos, VCT_PROBLEM_DEPTH, BUDGET);
    let VctResult::Win(m, _) = result else {
        panic!("the solver finds no win here ({result:?})\n{board}");
    };
    assert!(board.is_empty(m), "{m} is taken\n{board}");
    assert!(legal(board, m, me), "{m} is forbidden to black\n{board}");
    board.play(m).unwrap();
    if board.winner() != Some(me) {
        for q in near_points(board) {
            if !legal(board, q, opp) {
                continue;
            }
            board.play(q).unwrap();
            assert_ne!(
                board.winner(),
                Some(opp),
                "the defender wins with {q} after {m}\n{board}"
            );
            check_win(board, seen, moves);
            board.undo();
        }
    }
    board.undo();
    seen.insert(board.hash());
}

fn verify(board: &Board) -> u32 {
    let mut b = board.clone();
    let mut moves = 0;
    check_win(&mut b, &mut HashSet::new(), &mut moves);
    moves
}

#[test]
fn every_vct_position_is_solved_and_every_claimed_line_holds() {
    let mut wins = 0;
    for problem in VCT_PROBLEMS.iter().filter(|p| p.has_vct) {
        let board = problem.board();
        let mut pos = Position::new(&board);
        assert_eq!(
            Vcf::default().solve(&mut pos, 120, BUDGET),
            VcfResult::None,
            "{}: a VCT position must need threes",
            problem.name
        );
        let mut vct = Vct::default();
        let result = vct.solve(&mut pos, VCT_PROBLEM_DEPTH, BUDGET);
        let VctResult::Win(m, depth) = result else {
            panic!(
                "{}: {result:?} after {} stones\n{board}",
                problem.name,
                vct.nodes()
            );
        };
        let checked = verify(&board);
        println!(
            "{}: {m} (depth {depth}) in {} stones; {checked} attacker nodes checked",
            problem.name,
            vct.nodes()
        );
        wins += 1;
    }
    assert!(wins >= 8);
}

#[test]
fn positions_without_a_vct_answer_none() {
    let mut count = 0;
    for problem in VCT_PROBLEMS.iter().filter(|p| !p.has_vct) {
        let board = problem.board();
        let mut pos = Position::new(&board);
        let mut vct = Vct::default();
        let result = vct.solve(&mut pos, VCT_PROBLEM_DEPTH, BUDGET);
        assert_eq!(result, VctResult::None, "{}\n{board}", problem.name);
        println!("{}: no VCT, {} stones", problem.name, vct.nodes());
        count += 1;
    }
    assert!(count >= 3);
}

#[test]
fn the_vct_solver_finds_every_vcf_problem_and_each_line_holds() {
    for problem in VCF_PROBLEMS {
        let board = problem.board();
        let mut pos = Position::new(&board);
        let result = Vct::default().solve(&mut pos, 4, BUDGET);
        assert!(
            matches!(result, VctResult::Win(..)),
            "{}: {result:?}",
            problem.name
        );
        // Without the first deep VCF the df-pn search must find the fours
        // itself (or a shorter threat line) on the short problems.
        if !problem.name.starts_with("deep") {
            let r = Vct::default().solve_threats(&mut pos, 8, BUDGET);
            assert!(matches!(r, VctResult::Win(..)), "{}: {r:?}", problem.name);
            verify(&board);
        }
    }
}

#[test]
fn renju_white_wins_by_forcing_black_onto_a_forbidden_point() {
    let problem = VCT_PROBLEMS
        .iter()
        .find(|p| p.name == "renju_forbidden_block")
        .expect("problem in the set");
    let board = problem.board();
    assert_eq!(board.side_to_move(), Color::White);
    let g8 = Pos::new(6, 7);
    let mut b = board.clone();
    assert!(forbidden(&mut b, g8).is_some(), "g8 is an overline point");
    let mut pos = Position::new(&board);
    assert_eq!(Vcf::default().solve(&mut pos, 120, BUDGET), VcfResult::None);
    let VctResult::Win(m, _) = Vct::default().solve(&mut pos, 4, BUDGET) else {
        panic!("white's VCT is missed");
    };
    verify(&board);
    // Black stops the row three at f11; white's four at g12 then leaves
    // black only g8.
    let mut after = board.clone();
    after.play(m).unwrap();
    after.play(Pos::new(5, 4)).unwrap();
    let mut pos = Position::new(&after);
    let VcfResult::Win(line) = Vcf::default().solve(&mut pos, 20, BUDGET) else {
        panic!("no VCF for white after {m} f11");
    };
    replay_wins(&after, &line, Color::White);
    after.play(Pos::new(6, 3)).unwrap();
    let fives: Vec<Pos> = near_points(&after)
        .into_iter()
        .filter(|&p| after.is_five(p, Color::White))
        .collect();
    assert_eq!(fives, vec![g8]);
    assert!(near_points(&after)
        .iter()
        .all(|&p| !after.is_five(p, Color::Black)));
    assert!(forbidden(&mut after, g8).is_some(), "black may not block");
    // Black, to move there instead, is not allowed the same trick: under
    // freestyle g8 would be black's five.
    let free = labelled(Rule::Freestyle, problem.diagram);
    assert!(free.is_five(g8, Color::Black));
}

#[test]
fn a_set_stop_flag_ends_the_solvers_at_once() {
    let stop = AtomicBool::new(true);
    let hard = named("deep_vcf_2");
    let vct_problem = named("free_g1_s14");
    for board in [&hard, &vct_problem] {
        let mut pos = Position::new(board);
        let start = Instant::now();
        let mut vcf = Vcf::default();
        assert_eq!(
            vcf.solve_with_stop(&mut pos, 120, BUDGET, Some(&stop)),
            VcfResult::Unknown
        );
        let mut vct = Vct::default();
        assert_eq!(
            vct.solve_with_stop(&mut pos, 8, BUDGET, Some(&stop)),
            VctResult::Unknown
        );
        assert_eq!(
            vct.solve_threats_with_stop(&mut pos, 8, BUDGET, Some(&stop)),
            VctResult::Unknown
        );
        assert!(vcf.nodes() + vct.nodes() < 2048);
        assert!(start.elapsed() < Duration::from_millis(500));
        // Unset, the same solvers win.
        let go = AtomicBool::new(false);
        assert!(matches!(
            vct.solve_with_stop(&mut pos, 8, BUDGET, Some(&go)),
            VctResult::Win(..)
        ));
    }
}

#[test]
fn a_stop_flag_set_during_the_search_ends_it() {
    // No VCT in this position, and a depth too large to finish: only the
    // flag ends the search before its budget.
    let board = named("renju_g0_s48");
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(20));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let mut pos = Position::new(&board);
        let mut vct = Vct::default();
        let r = vct.solve_threats_with_stop(&mut pos, 40, u64::MAX, Some(&stop));
        assert_eq!(r, VctResult::Unknown);
    });
}

#[test]
fn a_deadline_ends_the_solvers_like_a_stop_flag() {
    // The same position and depth as above: a past deadline ends both
    // solvers within one poll interval, and none lets them win.
    let board = named("renju_g0_s48");
    let mut pos = Position::new(&board);
    let mut vct = Vct::default();
    vct.set_deadline(Some(Instant::now()));
    assert_eq!(vct.solve(&mut pos, 40, u64::MAX), VctResult::Unknown);
    assert!(vct.nodes() <= 4096, "{}", vct.nodes());
    let hard = named("deep_vcf_2");
    let mut pos = Position::new(&hard);
    let mut vcf = Vcf::default();
    vcf.set_deadline(Some(Instant::now()));
    assert_eq!(vcf.solve(&mut pos, 120, u64::MAX), VcfResult::Unknown);
    assert!(vcf.nodes() <= 2048, "{}", vcf.nodes());
    vcf.set_deadline(None);
    assert!(matches!(
        vcf.solve(&mut pos, 120, BUDGET),
        VcfResult::Win(_)
    ));
}

#[test]
fn the_root_win_of_the_renju_bench_position_holds() {
    // The sixth `pbrain-tengen bench` position: the root VCT finds a win
    // there, so the bench plays it at once.
    let (rule, size, moves) = tengen::search::bench::POSITIONS[5];
    let board = tengen::search::bench::position(rule, size, moves);
    let mut pos = Position::new(&board);
    let result = Vct::default().solve_threats(&mut pos, 8, 60_000);
    assert!(matches!(result, VctResult::Win(..)), "{result:?}");
    verify(&board);
}
