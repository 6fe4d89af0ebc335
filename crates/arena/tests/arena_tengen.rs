//! Real games of `pbrain-tengen` against itself and against the test
//! engines.
//!
//! `TENGEN_ARENA_ENGINE=/path/to/pbrain-x` runs them against another build
//! of the engine.

mod arena_support;

use arena_support::{broken, check_records, config, greedy};
use std::path::PathBuf;
use tengen::Rule;
use tengen_arena::engine::EngineSpec;
use tengen_arena::referee::Reason;
use tengen_arena::run;

fn tengen(name: &str) -> EngineSpec {
    EngineSpec {
        name: name.to_string(),
        command: std::env::var_os("TENGEN_ARENA_ENGINE").map_or_else(
            || arena_support::workspace_bin("pbrain-tengen"),
            PathBuf::from,
        ),
        args: Vec::new(),
        settle: std::time::Duration::ZERO,
    }
}

/// A configuration with short turns: the engine searches until its
/// deadline, so the turn time sets the length of these games. These tests
/// are about the rules, not the clock: the tolerance is wide enough for a
/// shared machine's stalls, and a hang still loses.
fn quick(engines: Vec<EngineSpec>, tag: &str) -> tengen_arena::tournament::TournamentConfig {
    let mut c = config(engines, tag);
    c.game.tc.turn = Some(std::time::Duration::from_millis(100));
    c.game.tc.tolerance = std::time::Duration::from_millis(3000);
    c
}

/// Endings that mean both engines played by the rules.
fn clean(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::Five | Reason::FullBoard | Reason::MoveLimit | Reason::DeadDraw
    )
}

#[test]
fn tengen_plays_itself_under_every_rule() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let mut c = quick(vec![tengen("tengen-a"), tengen("tengen-b")], rule.name());
        c.game.rule = rule;
        c.pairs = 2;
        c.concurrency = 2;
        let s = run(&c).expect("runs");
        check_records(&c, &s);
        assert_eq!(s.games.len(), 4);
        for g in &s.games {
            assert!(
                clean(g.outcome.reason),
                "{rule}: game {}: {:?}",
                g.id,
                g.outcome
            );
        }
    }
}

#[test]
fn tengen_plays_the_greedy_test_engine_by_the_rules() {
    let mut c = quick(vec![tengen("tengen"), greedy("greedy", 3)], "tengen-greedy");
    let openings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../openings/freestyle-15.txt"
    );
    c.openings = tengen_arena::openings::load_openings(std::path::Path::new(openings)).unwrap();
    c.symmetry = true;
    c.pairs = 4;
    c.concurrency = 2;
    let s = run(&c).expect("runs");
    check_records(&c, &s);
    for g in &s.games {
        assert!(clean(g.outcome.reason), "game {}: {:?}", g.id, g.outcome);
    }
    assert_eq!(s.head_to_head.unwrap().record.games(), 8);
}

#[test]
fn tengen_takes_turn_minus_one_as_a_pass_and_wins_against_a_passer() {
    // The passer passes from its second move on: tengen gets `TURN -1,-1`
    // and plays on (a pass of its own would draw), to five in every game.
    let mut c = quick(
        vec![tengen("tengen"), broken("passer", "pass", &["--at", "2"])],
        "tengen-pass",
    );
    c.pairs = 1;
    let s = run(&c).expect("runs");
    check_records(&c, &s);
    for g in &s.games {
        assert_eq!(g.winner_engine(), Some(0), "game {}: {:?}", g.id, g.outcome);
        assert_eq!(g.outcome.reason, Reason::Five);
        let tengen_passes = g
            .moves
            .iter()
            .filter(|m| m.pass && (m.color == tengen::Color::Black) == (g.black == 0))
            .count();
        assert_eq!(tengen_passes, 0, "game {}", g.id);
        assert!(g.moves.iter().any(|m| m.pass));
    }
}

#[test]
fn tengen_keeps_its_process_from_game_to_game() {
    // `--reuse-engines`: one process per engine, a new START per game;
    // every game still ends on the board.
    let mut c = quick(vec![tengen("tengen"), greedy("greedy", 4)], "tengen-reuse");
    c.pairs = 2;
    c.game.reuse_engines = true;
    c.game.transcript = true;
    let s = run(&c).expect("runs");
    check_records(&c, &s);
    for g in &s.games {
        assert!(clean(g.outcome.reason), "game {}: {:?}", g.id, g.outcome);
    }
    let greedy_games: Vec<String> = s
        .games
        .iter()
        .flat_map(|g| g.transcript.iter())
        .filter_map(|l| {
            l.split_once("greedy < MESSAGE pid ")
                .map(|(_, r)| r.to_string())
        })
        .collect();
    assert_eq!(greedy_games.len(), 4);
    let mut numbers: Vec<&str> = greedy_games
        .iter()
        .map(|r| r.rsplit(' ').next().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, ["1", "2", "3", "4"], "{greedy_games:?}");
}
