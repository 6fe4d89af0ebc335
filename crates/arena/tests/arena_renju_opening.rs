//! The renju opening rules played through `OPENINGBOARD` in real arena
//! games: `pbrain-tengen` on both sides under RIF, and test engines whose
//! opening replies break the rule, which lose by the opening rule.

mod arena_support;

use arena_support::{broken, check_records, config, greedy};
use std::sync::Arc;
use std::time::Duration;
use tengen::opening::{identify, OpeningRule};
use tengen::{Color, Pos, Rule};
use tengen_arena::engine::EngineSpec;
use tengen_arena::referee::Reason;
use tengen_arena::renju_opening::RenjuOpening;
use tengen_arena::run;

fn tengen(name: &str) -> EngineSpec {
    EngineSpec {
        name: name.to_string(),
        command: arena_support::workspace_bin("pbrain-tengen"),
        args: Vec::new(),
        settle: std::time::Duration::ZERO,
    }
}

fn renju(
    engines: Vec<EngineSpec>,
    tag: &str,
    rule: OpeningRule,
) -> tengen_arena::tournament::TournamentConfig {
    let mut c = config(engines, tag);
    c.game.rule = Rule::Renju;
    c.game.tc.turn = Some(Duration::from_millis(300));
    // These games test the opening rules, not the clock: the tolerance is
    // wide enough that an engine's opening decision on a loaded machine
    // (several tests play at once) is not a time loss.
    c.game.tc.tolerance = Duration::from_millis(2700);
    c.game.draw_after = Some(40);
    c.stage = Arc::new(RenjuOpening::new(rule));
    c.pairs = 1;
    c.concurrency = 2;
    c
}

#[test]
fn tengen_plays_itself_under_the_rif_opening_rule() {
    let c = renju(
        vec![tengen("tengen-a"), tengen("tengen-b")],
        "rif-tengen",
        OpeningRule::Rif,
    );
    let s = run(&c).expect("runs");
    check_records(&c, &s);
    assert_eq!(s.games.len(), 2);
    for g in &s.games {
        assert!(
            matches!(
                g.outcome.reason,
                Reason::Five | Reason::FullBoard | Reason::MoveLimit | Reason::DeadDraw
            ),
            "game {}: {:?}",
            g.id,
            g.outcome
        );
        // The first three stones are one of the 26 openings, and the
        // opening gave six stones before normal play.
        assert!(g.moves.len() >= 6, "game {}: {} moves", g.id, g.moves.len());
        let three: Vec<(Pos, Color)> = g.moves[..3]
            .iter()
            .zip([Color::Black, Color::White, Color::Black])
            .map(|(m, c)| (Pos::new(m.x, m.y), c))
            .collect();
        assert!(
            identify(&three, 15, 15).is_some(),
            "game {}: {:?}",
            g.id,
            &g.moves[..3]
        );
    }
}

#[test]
fn a_non_canonical_opening_loses() {
    let c = renju(
        vec![
            broken("bad-opener", "opening-noncanonical", &[]),
            greedy("greedy", 5),
        ],
        "rif-noncanonical",
        OpeningRule::Rif,
    );
    let s = run(&c).expect("runs");
    check_records(&c, &s);
    // Where the broken engine opens (it is the tentative black), it loses
    // by the opening rule; where the greedy engine opens, play is normal.
    let mut lost = 0;
    for g in &s.games {
        let opener = g.black_name.as_str();
        if g.outcome.reason == Reason::OpeningRule {
            assert_eq!(g.outcome.winner, Some(Color::White), "{:?}", g.outcome);
            assert_eq!(opener, "bad-opener", "{:?}", g.outcome);
            lost += 1;
        }
    }
    assert_eq!(
        lost,
        1,
        "{:?}",
        s.games.iter().map(|g| &g.outcome).collect::<Vec<_>>()
    );
}

#[test]
fn too_few_fifth_move_offers_lose() {
    let c = renju(
        vec![
            broken("few-offers", "opening-offers", &[]),
            greedy("greedy", 5),
        ],
        "rif-offers",
        OpeningRule::Rif,
    );
    let s = run(&c).expect("runs");
    check_records(&c, &s);
    let losses: Vec<_> = s
        .games
        .iter()
        .filter(|g| g.outcome.reason == Reason::OpeningRule)
        .collect();
    assert!(
        !losses.is_empty(),
        "the offers stage never reached the broken engine"
    );
    for g in losses {
        let loser = match g.outcome.winner {
            Some(Color::Black) => &g.white_name,
            Some(Color::White) => &g.black_name,
            None => panic!("{:?}", g.outcome),
        };
        assert_eq!(loser, "few-offers", "{:?}", g.outcome);
        assert!(g.outcome.detail.contains("offer"), "{:?}", g.outcome);
    }
}

#[test]
fn rif_with_three_fifth_move_offers() {
    // `--opening-rule rif-3`: every request says `rif 3`; the engines
    // (answering with the opening library, as tengen does) offer three
    // fifth moves and play on, and an engine offering one too few (two)
    // loses by the opening rule.
    let mut c = renju(
        vec![greedy("greedy-a", 1), greedy("greedy-b", 2)],
        "rif-3",
        OpeningRule::Rif,
    );
    c.stage = Arc::new(RenjuOpening::parse("rif-3").unwrap());
    c.game.transcript = true;
    let s = run(&c).expect("runs");
    check_records(&c, &s);
    for g in &s.games {
        assert_ne!(g.outcome.reason, Reason::OpeningRule, "{:?}", g.outcome);
        assert!(g.moves.len() >= 6);
        let log = g.transcript.join("\n");
        assert!(log.contains("> OPENINGBOARD rif 3"), "{log}");
        let offers = g
            .transcript
            .iter()
            .filter_map(|l| l.split_once(" > ").map(|(_, sent)| sent))
            .filter(|sent| sent.split(',').count() == 3 && sent.ends_with(",3"))
            .count();
        assert_eq!(offers, 3, "white is shown the three offers: {log}");
    }
    let mut c = renju(
        vec![
            broken("few-offers", "opening-offers", &[]),
            greedy("greedy", 5),
        ],
        "rif-3-few",
        OpeningRule::Rif,
    );
    c.stage = Arc::new(RenjuOpening::parse("rif-3").unwrap());
    let s = run(&c).expect("runs");
    let lost: Vec<_> = s
        .games
        .iter()
        .filter(|g| g.outcome.reason == Reason::OpeningRule)
        .collect();
    assert!(!lost.is_empty());
    for g in lost {
        assert!(g.outcome.detail.contains("rif-3"), "{:?}", g.outcome);
    }
    assert!(RenjuOpening::parse("rif-0").is_none());
    assert!(RenjuOpening::parse("rif-17").is_none());
}

/// The games of `faulty` (the tentative black in one game of the pair)
/// against the greedy engine under `rule`, corrected or not.
fn faulty_opener(mode: &str, rule: OpeningRule, corrections: bool) -> tengen_arena::Summary {
    let mut c = renju(
        vec![broken("faulty", mode, &[]), greedy("greedy", 5)],
        &format!("{mode}-{corrections}"),
        rule,
    );
    let stage = RenjuOpening::new(rule);
    c.stage = Arc::new(if corrections {
        stage.with_corrections()
    } else {
        stage
    });
    let s = run(&c).expect("runs");
    check_records(&c, &s);
    s
}

#[test]
fn corrections_put_the_rulebooks_faults_right_instead_of_forfeiting() {
    // The first stone off the centre: a forfeit by default; with
    // corrections the opening is moved onto the centre and kept.
    let s = faulty_opener("opening-offcentre", OpeningRule::Rif, false);
    assert!(s
        .games
        .iter()
        .any(|g| g.outcome.reason == Reason::OpeningRule));
    let s = faulty_opener("opening-offcentre", OpeningRule::Rif, true);
    for g in &s.games {
        assert_ne!(g.outcome.reason, Reason::OpeningRule, "{:?}", g.outcome);
        assert_eq!((g.moves[0].x, g.moves[0].y), (7, 7));
    }
    let notes: Vec<&String> = s.games.iter().flat_map(|g| &g.notes).collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("moved onto the centre"), "{notes:?}");

    // A missing number of fifth moves (Yamaguchi declares it with the
    // opening) is supplied as two.
    let s = faulty_opener("opening-nocount", OpeningRule::Yamaguchi, false);
    assert!(s
        .games
        .iter()
        .any(|g| g.outcome.reason == Reason::OpeningRule));
    let s = faulty_opener("opening-nocount", OpeningRule::Yamaguchi, true);
    for g in &s.games {
        assert_ne!(g.outcome.reason, Reason::OpeningRule, "{:?}", g.outcome);
    }
    let notes: Vec<&String> = s.games.iter().flat_map(|g| &g.notes).collect();
    assert!(notes.iter().any(|n| n.contains("2 supplied")), "{notes:?}");

    // A non-canonical opening is asked for again; given again, it loses.
    let s = faulty_opener("opening-noncanonical", OpeningRule::Rif, true);
    let lost: Vec<_> = s
        .games
        .iter()
        .filter(|g| g.outcome.reason == Reason::OpeningRule)
        .collect();
    assert_eq!(lost.len(), 1);
    assert!(
        lost[0].notes[0].contains("asked again"),
        "{:?}",
        lost[0].notes
    );
}
