//! Tournament formats, tables, SPRT early stopping and openings, played
//! with the test engines.

mod arena_support;

use arena_support::{broken, check_records, config, games_of, greedy};
use tengen_arena::openings::{parse_openings, Order};
use tengen_arena::run;
use tengen_arena::schedule::Format;
use tengen_arena::stats::{Sprt, SprtState};

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
    // The verdict is the one that stopped the match, even if a game under
    // way then ended after it.
    let n = h.sprt_decided_after.expect("the SPRT decided");
    assert!(
        n <= s.games.len() && s.games.len() <= n + c.concurrency,
        "{n} of {}",
        s.games.len()
    );
    assert!(s.table().contains(&format!("H1 accepted after {n} games")));
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
    assert!(elo.elo.is_finite() && elo.error.is_finite());
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

/// Two greedy engines, `a` and `b`, then two that lose every game, `x`
/// (it crashes) and `y` (it answers garbage).
fn mixed_field() -> Vec<tengen_arena::engine::EngineSpec> {
    vec![
        greedy("a", 1),
        greedy("b", 2),
        broken("x", "crash", &[]),
        broken("y", "garbage", &[]),
    ]
}

/// An engine that loses every game it plays black: it crashes at its
/// second move, and the one with white crashes only later.
fn black_loses(name: &str) -> tengen_arena::engine::EngineSpec {
    broken(name, "crash", &["--at", "2"])
}

#[test]
fn a_tied_knock_out_bout_is_played_off_until_a_game_is_won() {
    // Each engine loses with black: the pair ends 1-1, and the play-off
    // game (加赛) decides for the engine that has white in it.
    let mut c = config(vec![black_loses("p"), black_loses("q")], "playoff-se");
    c.format = Format::SingleElimination;
    c.bouts.playoffs = true;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    let mut games = s.games.clone();
    games.sort_by_key(|g| g.id);
    let rounds: Vec<&str> = games.iter().map(|g| g.round.as_str()).collect();
    assert_eq!(rounds, ["final", "final", "final play-off 1"]);
    let decider = &games[2];
    assert_eq!(
        decider.black, 0,
        "the play-off alternates from the pair's colours"
    );
    assert_eq!(s.placement, Some(vec!["q".to_string(), "p".to_string()]));
    // Without play-offs the same tie takes a tie-break pair, then the
    // better seed goes through.
    c.bouts.playoffs = false;
    c.out_dir = Some(arena_support::out_dir("tiebreak-se"));
    let s = run(&c).unwrap();
    assert_eq!(s.games.len(), 4);
    assert_eq!(s.placement, Some(vec!["p".to_string(), "q".to_string()]));
}

#[test]
fn tied_round_robin_places_are_played_off() {
    // Three engines that each lose with black: every pair ends 1-1 and all
    // three are level. The play-off round gives one game a pair, and its
    // colours (the better seed black) decide: 2 beats both, 1 beats 0.
    let mut c = config(
        vec![black_loses("a"), black_loses("b"), black_loses("c")],
        "playoff-rr",
    );
    c.format = Format::RoundRobin;
    c.bouts.playoffs = true;
    c.concurrency = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert_eq!(s.games.len(), 6 + 3);
    let playoffs: Vec<_> = s.games.iter().filter(|g| g.round == "play-off 1").collect();
    assert_eq!(playoffs.len(), 3);
    // The table leaves the play-off out (2 wins, 2 losses each) and lists
    // the engines in the order the play-off decided.
    assert!(
        s.standings.iter().all(|r| r.points == 4),
        "{:?}",
        s.standings
    );
    let table: Vec<&str> = s.standings.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(table, ["c", "b", "a"]);
    assert_eq!(
        s.placement,
        Some(vec!["c".to_string(), "b".to_string(), "a".to_string()])
    );
    let text = s.table();
    assert!(text.contains("placement: c, b, a"), "{text}");
}

#[test]
fn drawn_play_offs_end_by_lot_the_same_way_for_the_same_seed() {
    // Two engines that only pass draw every game: the play-offs cannot
    // decide, and after the limit the lot does, reproducibly.
    let placement = |seed: u64| {
        let mut c = config(
            vec![broken("p", "pass", &[]), broken("q", "pass", &[])],
            "lot",
        );
        c.format = Format::Match;
        c.bouts.playoffs = true;
        c.bouts.playoff_limit = 2;
        c.bouts.lot_seed = Some(seed);
        let s = run(&c).unwrap();
        check_records(&c, &s);
        assert_eq!(s.games.len(), 2 + 2, "one pair and two play-off games");
        s.placement.unwrap()
    };
    let places: Vec<Vec<String>> = (1..=6).map(placement).collect();
    assert_eq!(placement(3), places[2]);
    assert!(places.iter().any(|p| p[0] == "p") && places.iter().any(|p| p[0] == "q"));
}

#[test]
fn best_of_three_knock_out_with_a_third_place_match() {
    let mut c = config(mixed_field(), "bo3");
    c.format = Format::SingleElimination;
    c.bouts.bout_games = Some(3);
    c.bouts.third_place = true;
    c.concurrency = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    // A broken engine loses every game to a greedy one: the semi-finals
    // end 2-0 and play no third game.
    let mut games = s.games.clone();
    games.sort_by_key(|g| g.id);
    let semis: Vec<_> = games.iter().filter(|g| g.round == "round 1").collect();
    assert_eq!(semis.len(), 4, "two bouts of two games");
    let finals = games.iter().filter(|g| g.round == "final").count();
    assert!((2..=3).contains(&finals), "{finals}");
    // x and y each lose with black (one crashes, the other answers
    // garbage at its first move): 1-1 after two games, the third decides,
    // and colours alternate game by game.
    let third: Vec<_> = games.iter().filter(|g| g.round == "third place").collect();
    assert_eq!(third.len(), 3);
    assert!(third.windows(2).all(|w| w[0].black != w[1].black));
    let bronze = third[2].white_name.clone();
    let place = s.placement.clone().unwrap();
    assert_eq!(place.len(), 4);
    assert_eq!(place[2], bronze, "{place:?}");
}

#[test]
fn groups_then_knock_out_and_king_of_the_hill() {
    let mut c = config(mixed_field(), "groups");
    c.format = Format::Groups;
    c.concurrency = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    // Snake seeding: A = a, y; B = b, x. Each group is one bout; both
    // broken engines lose theirs, and a meets b in the final.
    let groups: Vec<_> = s
        .games
        .iter()
        .filter(|g| g.round.starts_with("group"))
        .collect();
    assert_eq!(groups.len(), 4);
    assert!(s
        .games
        .iter()
        .any(|g| g.round.starts_with("round 1") || g.round == "final"));
    let place = s.placement.clone().unwrap();
    let top: std::collections::BTreeSet<&str> = place[..2].iter().map(String::as_str).collect();
    assert_eq!(top, ["a", "b"].into_iter().collect());

    // King of the hill, with games whose results are known beforehand: h
    // holds first and crashes at its second move, so p1 (white, passing)
    // wins as challenger (1.5) and holds; p1 and p2 both pass, a draw
    // (0.5 each, p1 holds); y answers garbage, so p1 wins as holder (1).
    let mut c = config(
        vec![
            black_loses("h"),
            broken("p1", "pass", &[]),
            broken("p2", "pass", &[]),
            broken("y", "garbage", &[]),
        ],
        "koth",
    );
    c.format = Format::KingOfTheHill;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    let mut games = s.games.clone();
    games.sort_by_key(|g| g.id);
    let played: Vec<(&str, &str, Option<usize>)> = games
        .iter()
        .map(|g| {
            (
                g.black_name.as_str(),
                g.white_name.as_str(),
                g.winner_engine(),
            )
        })
        .collect();
    assert_eq!(
        played,
        [
            ("h", "p1", Some(1)),
            ("p1", "p2", None),
            ("p1", "y", Some(1))
        ],
        "the holder plays black against each challenger in turn"
    );
    let hill = s.hill.clone().unwrap();
    let expected = [("h", 0.0), ("p1", 3.0), ("p2", 0.5), ("y", 0.0)];
    let got: Vec<(&str, f64)> = hill.iter().map(|(n, p)| (n.as_str(), *p)).collect();
    assert_eq!(got, expected);
    assert_eq!(
        s.placement,
        Some(["p1", "p2", "h", "y"].map(String::from).to_vec()),
        "by points, then seed"
    );
    assert!(
        s.table()
            .contains("king of the hill points: h 0, p1 3, p2 0.5, y 0"),
        "{}",
        s.table()
    );
}
