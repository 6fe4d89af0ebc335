//! Tactical positions for the whole search: must-block positions, a renju
//! trap on a forbidden point, forced wins found through the threat solvers,
//! and the limits (excluded points, several best moves, node limit).
//! Every search runs under a node budget, never a time budget.

mod common;

use common::replay_wins;
use std::sync::atomic::AtomicBool;
use tengen::position::Position;
use tengen::search::{Config, Features, Limits, SearchResult, Searcher, MATE};
use tengen::threat::{Vcf, VcfResult, Vct, VctResult};
use tengen::{Board, Color, Pos, Rule};

/// Nodes a test search may use.
const NODES: u64 = 300_000;
/// Scores beyond this are forced wins or losses.
const MATE_BOUND: i32 = MATE - 1000;

fn think(board: &Board, limits: Limits) -> SearchResult {
    let mut s = Searcher::new(Config {
        threads: 1,
        hash_bytes: 8 << 20,
        ..Default::default()
    });
    let stop = AtomicBool::new(false);
    let max_nodes = if limits.max_nodes == 0 {
        NODES
    } else {
        limits.max_nodes
    };
    s.think(
        board,
        &Limits {
            max_nodes,
            ..limits
        },
        &stop,
        &mut |_| {},
    )
}

/// A one-thread searcher without the VCT solver, so that the tree alone
/// decides, its features changed by `change`.
fn tree_only(change: impl FnOnce(&mut Features)) -> Searcher {
    let mut s = Searcher::new(Config {
        threads: 1,
        hash_bytes: 8 << 20,
        ..Default::default()
    });
    let mut features = s.features();
    features.vct = false;
    change(&mut features);
    s.set_features(features);
    s
}

/// Every root move of `b` with its score from a depth-1 search of the
/// tree alone ([`tree_only`]), its features changed by `change`.
fn depth_one_ranking(b: &Board, change: impl FnOnce(&mut Features)) -> Vec<(Pos, i32)> {
    let mut s = tree_only(change);
    let limits = Limits {
        max_depth: 1,
        multipv: 400,
        max_nodes: NODES,
        ..Limits::default()
    };
    s.think(b, &limits, &AtomicBool::new(false), &mut |_| {})
        .ranked
}

/// Whether the VCF solver finds a win for the side to move after `m` is
/// played on `b`.
fn vcf_after(b: &Board, m: Pos) -> bool {
    let mut pos = Position::new(b);
    pos.make(m);
    matches!(
        Vcf::default().solve(&mut pos, 20, 100_000),
        VcfResult::Win(_)
    )
}

fn board(rule: Rule, text: &str) -> Board {
    Board::from_diagram(rule, text).expect("diagram")
}

#[test]
fn blocks_the_only_four() {
    // White has a four on the row (its five point is (6,3)); black has a
    // tempting open three elsewhere but must block.
    let b = board(
        Rule::Freestyle,
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . X O O O O . . . . .
        . . . . . . . . . . .
        . . . . . X X X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . O
        ",
    );
    assert_eq!(b.side_to_move(), Color::Black);
    let r = think(
        &b,
        Limits {
            max_depth: 6,
            ..Limits::default()
        },
    );
    assert_eq!(r.best, Some(Pos::new(6, 3)));
}

/// White's open three (3..5, 5) threatens a straight four; black has no
/// four of its own, so it must take one of the three's defence points.
const OPEN_THREE: &str = "
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . X . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . O O O . . . . .
    . . . . . . . . . . .
    . . . . . . X . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
";

/// The points that stop the open three of [`OPEN_THREE`].
fn open_three_defences() -> [Pos; 4] {
    [(1, 5), (2, 5), (6, 5), (7, 5)].map(|(x, y)| Pos::new(x, y))
}

#[test]
fn answers_an_open_three() {
    let b = board(Rule::Standard, OPEN_THREE);
    assert_eq!(b.side_to_move(), Color::Black);
    let r = think(
        &b,
        Limits {
            max_depth: 6,
            ..Limits::default()
        },
    );
    let best = r.best.expect("a move");
    let defences = open_three_defences();
    assert!(
        defences.contains(&best),
        "{best} does not stop the open three"
    );
    assert!(r.score > -MATE_BOUND, "black is not lost: {}", r.score);
}

/// Renju: black's row `X X X . X X` makes (6,7) an overline point, so it is
/// forbidden to black. White plays (6,3): a four whose only five point is
/// (6,7), which black may not block.
const RENJU_TRAP: &str = "
    O . . . . . . . . . . . . . O
    . . . . . . . . . . . . . . .
    . . . . . . X . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . O . . . . . . . .
    . . . . . . O . . . . . . . .
    . . . . . . O . . . . . . . .
    . . . X X X . X X . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
";

#[test]
fn renju_white_wins_through_a_forbidden_block() {
    let mut b = board(Rule::Renju, RENJU_TRAP);
    assert_eq!(b.side_to_move(), Color::White);
    assert!(tengen::renju::forbidden(&mut b, Pos::new(6, 7)).is_some());
    let mut pos = Position::new(&b);
    let VcfResult::Win(line) = Vcf::default().solve(&mut pos, 20, 10_000) else {
        panic!("white's VCF through the forbidden point is missed");
    };
    replay_wins(&b, &line, Color::White);
    let r = think(
        &b,
        Limits {
            max_depth: 4,
            ..Limits::default()
        },
    );
    assert!(r.score > MATE_BOUND, "score {}", r.score);
    assert_eq!(r.best, Some(line[0]));
}

#[test]
fn renju_black_may_not_win_through_a_forbidden_point() {
    // The same shape under freestyle would give black a six (which wins
    // there); under renju black has no five and no VCF through (6,7).
    let mut b = board(Rule::Renju, RENJU_TRAP);
    b.set_side_to_move(Color::Black);
    let mut pos = Position::new(&b);
    assert_eq!(Vcf::default().solve(&mut pos, 20, 10_000), VcfResult::None);
    let mut free = board(Rule::Freestyle, RENJU_TRAP);
    free.set_side_to_move(Color::Black);
    assert!(free.is_five(Pos::new(6, 7), Color::Black));
}

#[test]
fn search_finds_a_vcf_win() {
    // Black to move wins by fours (the first published problem of
    // `tengen::threat::problems`); the search must report a forced win.
    let problem = tengen::threat::problems::VCF_PROBLEMS
        .iter()
        .find(|p| p.name == "basic_vcf_1")
        .expect("problem in the set");
    let b = problem.board();
    let r = think(
        &b,
        Limits {
            max_depth: 6,
            ..Limits::default()
        },
    );
    assert!(r.score > MATE_BOUND, "score {}", r.score);
}

#[test]
fn vct_finds_a_double_three_win() {
    // Freestyle: black's two open twos cross at (7,7); no four exists yet,
    // so there is no VCF, but the double three wins by threats.
    let b = board(
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
    );
    assert_eq!(b.side_to_move(), Color::Black);
    let mut pos = Position::new(&b);
    assert_eq!(Vcf::default().solve(&mut pos, 20, 10_000), VcfResult::None);
    let VctResult::Win(m, _) = Vct::default().solve(&mut pos, 6, 200_000) else {
        panic!("no VCT");
    };
    // Whatever white answers, black then wins: check with the search.
    let mut after = b.clone();
    after.play(m).unwrap();
    let r = think(
        &after,
        Limits {
            max_depth: 6,
            ..Limits::default()
        },
    );
    assert!(
        r.score < -MATE_BOUND,
        "white escapes after {m}: {}",
        r.score
    );
}

#[test]
fn excluded_points_and_several_best_moves() {
    let b = board(
        Rule::Freestyle,
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . X O O O O . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    let block = Pos::new(6, 3);
    let r = think(
        &b,
        Limits {
            max_depth: 3,
            excluded: vec![block],
            ..Limits::default()
        },
    );
    assert_ne!(r.best, Some(block));
    assert!(r.best.is_some());
    assert!(
        r.score < -MATE_BOUND,
        "without the block black is lost: {}",
        r.score
    );

    let quiet = board(Rule::Freestyle, ". . . . . . .\n. . . . . . .\n. . . X . . .\n. . . O . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .");
    let r = think(
        &quiet,
        Limits {
            max_depth: 3,
            multipv: 3,
            ..Limits::default()
        },
    );
    assert_eq!(r.ranked.len(), 3);
    let mut seen: Vec<Pos> = r.ranked.iter().map(|&(p, _)| p).collect();
    seen.dedup();
    assert_eq!(seen.len(), 3);
    assert!(r.ranked.windows(2).all(|w| w[0].1 >= w[1].1));
}

#[test]
fn node_limit_and_stop_are_respected() {
    let b =
        tengen::search::bench::position(Rule::Freestyle, 15, tengen::search::bench::POSITIONS[1].2);
    let r = think(
        &b,
        Limits {
            max_nodes: 20_000,
            ..Limits::default()
        },
    );
    assert!(r.best.is_some());
    assert!(r.nodes < 40_000, "nodes {}", r.nodes);
    let stop = AtomicBool::new(true);
    let mut s = Searcher::new(Config {
        threads: 2,
        hash_bytes: 1 << 20,
        ..Default::default()
    });
    let r = s.think(&b, &Limits::default(), &stop, &mut |_| {});
    assert!(r.best.is_some());
}

#[test]
fn a_passed_deadline_still_gives_a_move() {
    let b = tengen::search::bench::position(Rule::Renju, 15, tengen::search::bench::POSITIONS[6].2);
    let past = std::time::Instant::now();
    let r = think(
        &b,
        Limits {
            deadline: Some(past),
            ..Limits::default()
        },
    );
    let m = r.best.expect("a move");
    assert!(b.is_empty(m));
    let mut b = b;
    if b.side_to_move() == Color::Black {
        assert!(tengen::renju::forbidden(&mut b, m).is_none());
    }
}

#[test]
fn two_threads_agree_on_a_forced_block() {
    let b = board(
        Rule::Standard,
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . X O O O O . . . . .
        . . . . . . . . . . .
        . . . . . X X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . O
        ",
    );
    let mut s = Searcher::new(Config {
        threads: 2,
        hash_bytes: 4 << 20,
        ..Default::default()
    });
    let stop = AtomicBool::new(false);
    let r = s.think(
        &b,
        &Limits {
            max_depth: 6,
            max_nodes: NODES,
            ..Limits::default()
        },
        &stop,
        &mut |_| {},
    );
    assert_eq!(r.best, Some(Pos::new(6, 3)));
}

#[test]
fn small_large_and_rectangular_boards() {
    for (w, h) in [(5, 5), (32, 32), (10, 20), (20, 7)] {
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
            let mut b = Board::new(w, h, rule).unwrap();
            for _ in 0..6 {
                let r = think(
                    &b,
                    Limits {
                        max_depth: 3,
                        max_nodes: 20_000,
                        ..Limits::default()
                    },
                );
                let m = r.best.expect("a move");
                assert!(b.is_empty(m) && b.contains(m), "{m} on {w}x{h}");
                b.play(m).unwrap();
            }
            // A corner stone: candidates clamp to the board.
            let mut c = Board::new(w, h, rule).unwrap();
            c.play(Pos::new(w - 1, h - 1)).unwrap();
            let r = think(
                &c,
                Limits {
                    max_depth: 2,
                    ..Limits::default()
                },
            );
            assert!(c.contains(r.best.unwrap()));
        }
    }
    // A full board has no move.
    let mut full = Board::new(5, 5, Rule::Freestyle).unwrap();
    for y in 0..5 {
        for x in 0..5 {
            let colour = if (x + 2 * y) % 4 < 2 {
                Color::Black
            } else {
                Color::White
            };
            full.play_color(Pos::new(x, y), colour).unwrap();
        }
    }
    assert_eq!(think(&full, Limits::default()).best, None);
}

/// White's four-threes at (6,5) (the row four 3..6 with the column three
/// 6, 5..7) come one ply beyond a depth-1 search. The quiescence stage
/// plays them at the leaves: every black move that leaves white a VCF is
/// scored as lost, and every move that stops it is not. Without the stage
/// (and without the fours quiescence) the same search sees no loss at all.
/// The oracle is the VCF solver.
#[test]
fn quiescence_sees_a_four_three_beyond_the_horizon() {
    let b = board(
        Rule::Freestyle,
        "
        X . . . . . . . . . X
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . X O O O . . . . .
        . . . . . . O . . . .
        . . . . . . O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X . . . . . . . . . X
        ",
    );
    assert_eq!(b.side_to_move(), Color::Black);
    // The four-threes stage alone: the fours quiescence, on by default,
    // would take its place at the leaves.
    let ranked = |quiescence: bool| {
        depth_one_ranking(&b, |f| {
            f.quiescence = quiescence;
            f.local_fours = false;
        })
    };
    let white_wins_after = |m: Pos| vcf_after(&b, m);
    let with = ranked(true);
    assert!(with.len() > 20, "every root move is ranked: {}", with.len());
    let mut lost = 0;
    for &(m, score) in &with {
        let vcf = white_wins_after(m);
        assert_eq!(score < -MATE_BOUND, vcf, "{m:?} scored {score}");
        lost += usize::from(vcf);
    }
    assert!(lost > 0 && lost < with.len(), "{lost} of {}", with.len());
    assert!(
        with[0].1 > -MATE_BOUND,
        "a defence comes first: {:?}",
        with[0]
    );
    let without = ranked(false);
    assert!(without.iter().all(|&(_, s)| s > -MATE_BOUND), "{without:?}");
}

/// The fours quiescence follows a run of fours beyond the horizon. White
/// (to move after black's root move) has two blocked threes, on row 5 and
/// row 6, and so plain fours at (6,5) and (7,6), neither a four-three. But
/// after (6,5) and its forced block at (7,5), (7,6) makes the row-6 four
/// and the open diagonal three (6,5), (7,6), (8,7): a four-three. White's
/// last stone, (8,7), is two points from both. At depth 1 every black
/// move is searched to a leaf where white is to move: with the fours
/// quiescence only the moves on those lines hold and the others are scored
/// lost; the four-three stage alone (which finds no four-three) scores no
/// move lost. Every loss reported is a win for white by the VCF solver.
///
/// ```text
///      2 3 4 5 6 7 8 9 10 11
///   5  X O O O . . . .  .  .
///   6  . . . . . . O O  O  X
///   7  . . . . . . O .  .  .
/// ```
#[test]
fn local_fours_follow_a_run_of_fours_beyond_the_horizon() {
    let xy = |x, y| Pos::new(x, y);
    let black = [
        (2, 5),
        (11, 6),
        (0, 0),
        (14, 0),
        (0, 14),
        (14, 14),
        (14, 10),
    ];
    let white = [(3, 5), (4, 5), (5, 5), (8, 6), (9, 6), (10, 6), (8, 7)];
    let mut b = Board::new(15, 15, Rule::Freestyle).unwrap();
    for (&(bx, by), &(wx, wy)) in black.iter().zip(&white) {
        b.play(xy(bx, by)).unwrap();
        b.play(xy(wx, wy)).unwrap();
    }
    assert_eq!(b.side_to_move(), Color::Black);
    let ranked = |change: fn(&mut Features)| depth_one_ranking(&b, change);
    let white_wins_after = |m: Pos| vcf_after(&b, m);
    let far = xy(12, 12);
    let defences = [xy(6, 5), xy(7, 5), xy(7, 6), xy(6, 6)];
    let score_of = |list: &[(Pos, i32)], m: Pos| {
        list.iter()
            .find(|&&(p, _)| p == m)
            .map(|&(_, s)| s)
            .expect("ranked")
    };
    let with = ranked(|f| f.local_fours = true);
    assert!(with.len() > 20, "every root move is ranked: {}", with.len());
    let mut lost = 0;
    for &(m, score) in &with {
        if score < -MATE_BOUND {
            assert!(white_wins_after(m), "{m:?} scored {score} with no VCF");
            lost += 1;
        }
    }
    assert!(lost > 0 && lost < with.len(), "{lost} of {}", with.len());
    assert!(score_of(&with, far) < -MATE_BOUND, "{with:?}");
    for m in defences {
        assert!(score_of(&with, m) > -MATE_BOUND, "{m:?} holds: {with:?}");
    }
    assert!(
        with[0].1 > -MATE_BOUND,
        "a defence comes first: {:?}",
        with[0]
    );
    let four_threes_only = ranked(|f| {
        f.quiescence = true;
        f.local_fours = false;
    });
    assert!(
        four_threes_only.iter().all(|&(_, s)| s > -MATE_BOUND),
        "{four_threes_only:?}"
    );
}

#[test]
fn the_singular_extension_deepens_the_tree_and_keeps_the_defence() {
    // The open-three position, searched deep enough for the singular test
    // (from depth 6), with and without it, the threat solvers off so that
    // the tree alone decides.
    let b = board(Rule::Standard, OPEN_THREE);
    let search = |singular: bool| {
        let mut s = tree_only(|f| f.singular_extension = singular);
        let limits = Limits {
            max_depth: 9,
            max_nodes: 5_000_000,
            ..Limits::default()
        };
        s.think(&b, &limits, &AtomicBool::new(false), &mut |_| {})
    };
    let (with, without) = (search(true), search(false));
    let defences = open_three_defences();
    for r in [&with, &without] {
        assert_eq!(r.depth, 9, "the search reached its depth");
        let best = r.best.expect("a move");
        assert!(
            defences.contains(&best),
            "{best} does not stop the open three"
        );
        assert!(r.score > -MATE_BOUND, "black is not lost: {}", r.score);
    }
    assert_ne!(
        with.nodes, without.nodes,
        "the singular test changes the tree at depth 9"
    );
}
