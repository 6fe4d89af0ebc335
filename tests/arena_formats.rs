//! Tournament formats, tables, SPRT early stopping and openings, played
//! with the test engines.

mod arena_support;

use arena_support::{broken, check_records, config, games_of, greedy};
use tengen::arena::openings::{parse_openings, Order};
use tengen::arena::run;
use tengen::arena::schedule::Format;
use tengen::arena::stats::{Sprt, SprtState};

#[test]
fn round_robin_table_scores_two_one_zero() {
    let mut c = config(
        vec![
            greedy("a", 1),
            greedy("b", 2),
            greedy("c", 3),
            greedy("d", 4),
        ],
        "rr",
    );
    c.format = Format::RoundRobin;
    c.concurrency = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert_eq!(s.games.len(), 12, "6 bouts of one pair");
    for e in 0..4 {
        assert_eq!(games_of(&s, e).len(), 6);
    }
    let total: u32 = s.standings.iter().map(|r| r.points).sum();
    assert_eq!(total, 2 * 12, "every game hands out two points");
    for r in &s.standings {
        assert_eq!(r.points, 2 * r.record.wins + r.record.draws);
        assert_eq!(r.record.games(), 6);
    }
    // Sorted by points; ratings follow the points and average zero.
    assert!(s.standings.windows(2).all(|w| w[0].points >= w[1].points));
    let first = &s.standings[0];
    let last = &s.standings[3];
    assert!(
        first.points == last.points || first.elo > last.elo,
        "{:?}",
        s.standings
    );
    assert!(s.standings.iter().map(|r| r.elo).sum::<f64>().abs() < 1e-6);
    // Game ids are unique.
    let mut ids: Vec<usize> = s.games.iter().map(|g| g.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 12);
}

#[test]
fn gauntlet_plays_the_first_engine_against_each_other() {
    let mut c = config(
        vec![greedy("hero", 1), greedy("b", 2), broken("c", "crash", &[])],
        "gauntlet",
    );
    c.format = Format::Gauntlet;
    c.pairs = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert_eq!(s.games.len(), 8);
    assert!(s.games.iter().all(|g| g.black == 0 || g.white == 0));
    let vs_c: Vec<_> = games_of(&s, 2);
    assert_eq!(vs_c.len(), 4);
    assert!(vs_c.iter().all(|g| g.winner_engine() == Some(0)));
    // Colours alternate within each pair.
    let blacks = s.games.iter().filter(|g| g.black == 0).count();
    assert_eq!(blacks, 4);
}

#[test]
fn single_elimination_knocks_out_the_broken_engines() {
    // Two broken engines can never win a game; the final is between the
    // two greedy ones.
    let mut c = config(
        vec![
            broken("x", "garbage", &[]),
            greedy("a", 1),
            broken("y", "crash", &[]),
            greedy("b", 2),
        ],
        "se",
    );
    c.format = Format::SingleElimination;
    c.concurrency = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    let place = s.placement.clone().expect("placement");
    assert_eq!(place.len(), 4);
    assert!(place[0] == "a" || place[0] == "b", "{place:?}");
    assert!(place[1] == "a" || place[1] == "b", "{place:?}");
    // x and y each played one bout only.
    assert_eq!(games_of(&s, 0).len() % 2, 0);
    assert!(
        games_of(&s, 0).len() <= 4,
        "x is out after one bout (with a tie-break at most)"
    );
}

#[test]
fn double_elimination_gives_every_engine_two_lives() {
    let mut c = config(
        vec![
            greedy("a", 1),
            broken("x", "crash", &[]),
            greedy("b", 2),
            broken("y", "garbage", &[]),
        ],
        "de",
    );
    c.format = Format::DoubleElimination;
    c.concurrency = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    let place = s.placement.clone().expect("placement");
    assert_eq!(place.len(), 4);
    // Each broken engine lost two bouts; each plays at least two.
    for e in [1, 3] {
        let rounds: std::collections::BTreeSet<&str> =
            games_of(&s, e).iter().map(|g| g.round.as_str()).collect();
        assert!(rounds.len() >= 2, "engine {e} played {rounds:?}");
    }
    assert!(place[2] == "x" || place[2] == "y", "{place:?}");
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let mut c = config(
        vec![greedy("strong", 1), broken("weak", "crash", &[])],
        "sprt",
    );
    c.pairs = 100;
    c.concurrency = 2;
    c.sprt = Some(Sprt {
        elo0: 0.0,
        elo1: 20.0,
        alpha: 0.05,
        beta: 0.05,
    });
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert!(s.stopped_by_sprt);
    assert!(s.games.len() < 200, "stopped after {} games", s.games.len());
    let h = s.head_to_head.clone().unwrap();
    assert_eq!(h.sprt.unwrap().state, SprtState::AcceptH1);
    assert_eq!(h.record.losses, 0);
    assert!(h.los > 0.99);
}

#[test]
fn a_close_match_reports_elo_with_error_bars() {
    let mut c = config(vec![greedy("a", 7), greedy("b", 8)], "elo");
    c.pairs = 6;
    c.concurrency = 2;
    let openings = parse_openings("0,0\n0,0, 1,1\n0,0, 1,0\n0,0, 1,1, 2,0\n", "t").unwrap();
    c.openings = openings;
    c.order = Order::Random;
    c.symmetry = true;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert_eq!(s.games.len(), 12);
    let h = s.head_to_head.clone().unwrap();
    assert_eq!(h.record.games(), 12);
    let elo = h.elo.unwrap();
    assert!(elo.elo.is_finite() || h.record.wins == 0 || h.record.losses == 0);
    assert!(elo.error > 0.0);
    assert!((0.0..=1.0).contains(&h.los));
    // Each opening pair: same opening (and symmetry), colours swapped.
    for pair in s.games.chunks(2).filter(|p| p.len() == 2) {
        let mut p = pair.to_vec();
        p.sort_by_key(|g| g.id);
        if p[1].id == p[0].id + 1 && p[0].id % 2 == 1 {
            assert_eq!(p[0].opening, p[1].opening);
            assert_eq!(p[0].black, p[1].white);
        }
    }
    let mut by_id = s.games.clone();
    by_id.sort_by_key(|g| g.id);
    for pair in by_id.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[0].black, pair[1].white);
        let n = pair[0].moves.iter().filter(|m| m.opening).count();
        assert_eq!(n, pair[1].moves.iter().filter(|m| m.opening).count());
        let a: Vec<_> = pair[0]
            .moves
            .iter()
            .filter(|m| m.opening)
            .map(|m| (m.x, m.y))
            .collect();
        let b: Vec<_> = pair[1]
            .moves
            .iter()
            .filter(|m| m.opening)
            .map(|m| (m.x, m.y))
            .collect();
        assert_eq!(a, b, "both games of a pair start from the same stones");
        assert!(
            pair[0].opening.as_deref().unwrap().contains('('),
            "symmetry named"
        );
    }
}

#[test]
fn bad_configurations_fail_before_any_game() {
    let mut c = config(vec![greedy("a", 1), greedy("b", 2)], "bad");
    c.openings = parse_openings("0,0, 9,0\n", "wide.txt").unwrap();
    let e = run(&c).unwrap_err();
    assert!(e.contains("does not fit a 15x15 board"), "{e}");
    assert!(!c.out_dir.as_ref().unwrap().exists(), "nothing was written");
    let mut c = config(vec![greedy("a", 1)], "bad");
    c.format = Format::RoundRobin;
    assert!(run(&c).unwrap_err().contains("at least 2 engines"));
    let mut c = config(vec![greedy("a", 1), greedy("b", 2)], "bad");
    c.engines[1].command = "/definitely/not/here".into();
    assert!(run(&c).unwrap_err().contains("is not an executable file"));
    let mut c = config(vec![greedy("a", 1), greedy("b", 2)], "bad");
    c.game.width = 4;
    assert!(run(&c).unwrap_err().contains("outside 5..=32"));
}
