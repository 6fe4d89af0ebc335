//! The rulebook features played through real short tournaments: lots that
//! decide ties, the third-place match, passes refused during an opening
//! stage, play-off and tie-break games, seeding and colours by lot, and
//! `--ranks` on the command line.

mod arena_support;

use arena_support::{broken, check_records, config, engine, examples_dir, out_dir, succeeded};
use std::process::Command;
use std::sync::Arc;
use tengen::opening::OpeningRule;
use tengen::Rule;
use tengen_arena::engine::EngineSpec;
use tengen_arena::referee::Reason;
use tengen_arena::renju_opening::RenjuOpening;
use tengen_arena::run;
use tengen_arena::schedule::Format;
use tengen_arena::swap2::Swap2;
use tengen_arena::Summary;

/// An engine that only passes: two of them draw every game at once.
fn passer(name: &str) -> EngineSpec {
    broken(name, "pass", &[])
}

fn arena() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tengen-arena"))
}

/// `-e NAME=… pass` for the command line.
fn passer_arg(name: &str) -> String {
    format!(
        "{name}={} pass",
        examples_dir().join("broken_engine").display()
    )
}

/// A match of two passing engines whose tie `--playoffs --playoff-limit 1`
/// cannot settle, with `extra` options; returns the summary's JSON and the
/// printed table.
fn drawn_match(extra: &[&str]) -> (serde_json::Value, String) {
    let out = out_dir("cli-lot");
    let result = arena()
        .args(["-e", &passer_arg("a"), "-e", &passer_arg("b")])
        .args([
            "-f",
            "match",
            "-n",
            "1",
            "--playoffs",
            "--playoff-limit",
            "1",
        ])
        .args(["--turn-time", "2s", "-q"])
        .args(extra)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("tengen-arena runs");
    let stdout = succeeded(&result);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(json["games"].as_array().map(Vec::len), Some(3), "{stdout}");
    (json, stdout)
}

fn placement(json: &serde_json::Value) -> Vec<String> {
    json["placement"]
        .as_array()
        .expect("a placement")
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn an_unsettled_tie_is_drawn_by_lot_from_the_seed_or_a_fresh_one() {
    // Without --lots, the lot that ends the play-offs still depends on
    // --seed, and the same seed draws the same way.
    let by_seed: Vec<Vec<String>> = (1..=8)
        .map(|s| placement(&drawn_match(&["--seed", &s.to_string()]).0))
        .collect();
    assert!(
        by_seed.iter().any(|p| p[0] == "a") && by_seed.iter().any(|p| p[0] == "b"),
        "{by_seed:?}"
    );
    let (json, table) = drawn_match(&["--seed", "3"]);
    assert_eq!(placement(&json), by_seed[2]);
    assert_eq!(json["lot_seed"].as_u64(), Some(3));
    // The table and the summary say that the lot decided.
    assert!(table.contains("by lot"), "{table}");
    let drawn = json["by_lot"].as_array().expect("by_lot");
    assert_eq!(drawn.len(), 1, "{json}");
    // Without --seed a fresh seed is drawn and recorded; giving it back
    // with --seed draws the same way.
    let (json, _) = drawn_match(&[]);
    let seed = json["lot_seed"]
        .as_u64()
        .expect("the lot's seed is recorded");
    let (again, _) = drawn_match(&["--seed", &seed.to_string()]);
    assert_eq!(placement(&again), placement(&json));
}

/// A knock-out of passing engines `e1`, `e2`, …: every game is drawn and
/// every bout goes to the better seed at once (no tie-break pairs).
fn drawn_knock_out(n: usize, tag: &str) -> tengen_arena::TournamentConfig {
    let engines = (1..=n).map(|i| passer(&format!("e{i}"))).collect();
    let mut c = config(engines, tag);
    c.format = Format::SingleElimination;
    c.tiebreaks = 0;
    c.bouts.third_place = true;
    c.concurrency = 2;
    c
}

#[test]
fn the_third_place_match_is_played_with_byes_and_refused_without_semi_finals() {
    for n in [5, 6] {
        let c = drawn_knock_out(n, "third-place");
        let s = run(&c).unwrap();
        check_records(&c, &s);
        // Byes in the first round only: the semi-finals are e1-e4 and
        // e2-e3, and their losers meet for third place.
        let mut third: Vec<(String, String)> = s
            .games
            .iter()
            .filter(|g| g.round == "third place")
            .map(|g| (g.black_name.clone(), g.white_name.clone()))
            .collect();
        third.sort();
        assert_eq!(
            third,
            [
                ("e3".to_string(), "e4".to_string()),
                ("e4".to_string(), "e3".to_string())
            ],
            "{n} entrants: {:?}",
            s.games.iter().map(|g| &g.round).collect::<Vec<_>>()
        );
        let expected: Vec<String> = (1..=n).map(|i| format!("e{i}")).collect();
        assert_eq!(s.placement, Some(expected), "{n} entrants");
    }
    // Three entrants have one semi-final: no third-place match to play.
    let e = run(&drawn_knock_out(3, "third-place-3")).unwrap_err();
    assert!(
        e.contains("--third-place needs at least four engines"),
        "{e}"
    );
}

#[test]
fn a_pass_at_move_four_or_six_of_swap2_loses() {
    let mut c = config(
        vec![
            broken("passer", "swap2-pass", &[]),
            engine(
                "greedy",
                "greedy_engine",
                &["--seed", "3", "--swap2", "two"],
            ),
        ],
        "swap2-pass",
    );
    c.stage = Arc::new(Swap2);
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert_eq!(s.games.len(), 2);
    // As the responder it passes at move 4; as the opener, at move 6
    // after the greedy engine's two stones.
    passer_lost_every_game(&s, "pass");
    let stones: Vec<usize> = s.games.iter().map(|g| g.moves.len()).collect();
    assert!(stones.contains(&3) && stones.contains(&5), "{stones:?}");
}

#[test]
fn a_pass_in_a_renju_opening_stage_loses() {
    let mut c = config(
        vec![
            broken("passer", "opening-pass", &[]),
            arena_support::greedy("greedy", 5),
        ],
        "rif-pass",
    );
    c.game.rule = Rule::Renju;
    c.stage = Arc::new(RenjuOpening::new(OpeningRule::Rif));
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert_eq!(s.games.len(), 2);
    passer_lost_every_game(&s, "-1,-1");
}

#[test]
fn play_off_games_are_left_out_of_the_head_to_head_statistics() {
    let mut c = config(vec![passer("p"), passer("q")], "playoff-elo");
    c.bouts.playoffs = true;
    c.bouts.playoff_limit = 2;
    c.bouts.lots = Some(1);
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert_eq!(s.games.len(), 4, "one pair and two play-off games");
    let h = s.head_to_head.clone().unwrap();
    assert_eq!(h.record.games(), 2, "the pair's two games only");
    assert_eq!(h.pairs.pairs(), 1, "the play-off games are not a pair");
    let table = s.table();
    assert!(table.contains("Elo over 1 pairs"), "{table}");
}

#[test]
fn tie_break_games_of_short_bouts_are_labelled_tie_breaks() {
    // A single-game knock-out without play-offs: the drawn game takes
    // --tiebreaks extra single games, then the better seed goes through.
    let mut c = config(vec![passer("p"), passer("q")], "tiebreak-games");
    c.format = Format::SingleElimination;
    c.bouts.bout_games = Some(1);
    c.tiebreaks = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    let mut games = s.games.clone();
    games.sort_by_key(|g| g.id);
    let rounds: Vec<&str> = games.iter().map(|g| g.round.as_str()).collect();
    assert_eq!(rounds, ["final", "final tie-break 1", "final tie-break 2"]);
    assert_eq!(s.placement, Some(vec!["p".to_string(), "q".to_string()]));
}

#[test]
fn seeding_and_first_colours_are_drawn_by_lot() {
    // Four passing engines in a knock-out without tie-breaks: every game
    // is drawn, so the better seed of each bout goes through and the
    // champion is the top seed.
    let field = || {
        (1..=4)
            .map(|i| passer(&format!("e{i}")))
            .collect::<Vec<_>>()
    };
    let play = |lots: Option<u64>| {
        let mut c = config(field(), "lots-seeding");
        c.format = Format::SingleElimination;
        c.tiebreaks = 0;
        c.bouts.lots = lots;
        c.concurrency = 2;
        let s = run(&c).unwrap();
        check_records(&c, &s);
        let mut games: Vec<(usize, String, String, String)> = s
            .games
            .iter()
            .map(|g| {
                (
                    g.id,
                    g.round.clone(),
                    g.black_name.clone(),
                    g.white_name.clone(),
                )
            })
            .collect();
        games.sort();
        (games, s.placement.unwrap())
    };
    // Listing order: e1 meets e4 and e2 meets e3, the better seed black
    // first; e1 wins.
    let (games, place) = play(None);
    let firsts: Vec<(&str, &str)> = games
        .iter()
        .filter(|g| g.1 == "round 1" && g.0 % 2 == 1)
        .map(|g| (g.2.as_str(), g.3.as_str()))
        .collect();
    assert_eq!(firsts, [("e1", "e4"), ("e2", "e3")]);
    assert_eq!(place[0], "e1");
    let mut champions = std::collections::BTreeSet::new();
    let mut better_black = 0;
    let mut worse_black = 0;
    for seed in 1..=6 {
        let (games, place) = play(Some(seed));
        assert_eq!(play(Some(seed)).0, games, "seed {seed} draws the same");
        champions.insert(place[0].clone());
        // Each pair swaps colours; the better seed is the bout's winner.
        for pair in games.chunks(2) {
            assert_eq!((&pair[0].2, &pair[0].3), (&pair[1].3, &pair[1].2));
            let winner_pos = |name: &str| place.iter().position(|p| p == name);
            if winner_pos(&pair[0].2) < winner_pos(&pair[0].3) {
                better_black += 1;
            } else {
                worse_black += 1;
            }
        }
    }
    assert!(
        champions.len() > 1,
        "the lot draws the seeding: {champions:?}"
    );
    assert!(
        better_black > 0 && worse_black > 0,
        "the lot draws the first colour: {better_black} {worse_black}"
    );
}

#[test]
fn ranks_take_an_optional_offset_anywhere_on_the_line() {
    // Two passing engines draw: both rate 0, ranked at 0 plus the offset.
    let run_with = |ranks: &[&str]| {
        let out = out_dir("cli-ranks");
        let result = arena()
            .args(["-e", &passer_arg("a"), "-e", &passer_arg("b")])
            .args(["-n", "1", "--turn-time", "2s"])
            .args(ranks)
            .args(["-q", "--out"])
            .arg(&out)
            .output()
            .expect("tengen-arena runs");
        succeeded(&result)
    };
    for (ranks, rank) in [
        (&["--ranks"][..], "1级"),
        (&["--ranks", "500"], "5段"),
        (&["--ranks=-100"], "2级"),
        (&["--ranks", "-100"], "2级"),
    ] {
        let table = run_with(ranks);
        assert!(table.contains(rank), "{ranks:?}: {table}");
    }
}

/// Every game went to engine 1 by the opening rule, for a pass the outcome
/// names (`detail`), and no pass was recorded as a move.
fn passer_lost_every_game(s: &Summary, detail: &str) {
    for g in &s.games {
        assert_eq!(g.outcome.reason, Reason::OpeningRule, "{:?}", g.outcome);
        assert_eq!(g.winner_engine(), Some(1), "{:?}", g.outcome);
        assert!(g.outcome.detail.contains(detail), "{:?}", g.outcome);
        assert!(g.moves.iter().all(|m| !m.pass), "no pass is recorded");
    }
}
