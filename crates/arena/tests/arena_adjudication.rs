//! Real short games against deliberately broken engines: each failure is
//! judged as a loss for the right side, for the right reason, and recorded.

mod arena_support;

use arena_support::{broken, check_records, config, greedy, process_alive};
use std::time::{Duration, Instant};
use tengen::{Color, Rule};
use tengen_arena::clock::Periods;
use tengen_arena::openings::parse_openings;
use tengen_arena::referee::Reason;
use tengen_arena::{run, Summary};

/// Runs one game pair: greedy engine `good` (index 0) against a broken one
/// (index 1); returns the summary after checking the records.
fn pair_against(
    mode: &str,
    extra: &[&str],
    tweak: impl FnOnce(&mut tengen_arena::TournamentConfig),
) -> Summary {
    let mut c = config(vec![greedy("good", 5), broken("bad", mode, extra)], mode);
    tweak(&mut c);
    let s = run(&c).expect("tournament runs");
    assert_eq!(s.games.len(), 2, "two games: {:?}", s.games);
    check_records(&c, &s);
    s
}

/// Every game was won by engine 0 for `reason`.
fn assert_bad_lost_all(s: &Summary, reason: Reason) {
    for g in &s.games {
        assert_eq!(g.winner_engine(), Some(0), "game {}: {:?}", g.id, g.outcome);
        assert_eq!(g.outcome.reason, reason, "game {}: {:?}", g.id, g.outcome);
    }
    assert_eq!(s.standings[0].name, "good");
    assert_eq!(s.standings[0].points, 4);
}

#[test]
fn a_crash_loses() {
    let s = pair_against("crash", &["--at", "2"], |_| {});
    assert_bad_lost_all(&s, Reason::Crash);
    for g in &s.games {
        assert!(
            g.outcome.detail.contains("exit status: 3"),
            "{}",
            g.outcome.detail
        );
        // The bad engine made exactly one move before crashing.
        let bad_color = if g.black == 1 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(g.moves.iter().filter(|m| m.color == bad_color).count(), 1);
    }
}

#[test]
fn a_hung_engine_loses_on_time_and_is_killed() {
    let started = Instant::now();
    let s = pair_against("hang", &["--at", "2", "--seed", "4711001"], |c| {
        c.game.tc.turn = Some(Duration::from_millis(300));
        c.game.tc.tolerance = Duration::from_millis(100);
    });
    assert_bad_lost_all(&s, Reason::TimeTurn);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the arena did not wait long"
    );
    assert!(!process_alive("4711001"), "the hung engine was killed");
}

#[test]
fn garbage_occupied_and_off_board_answers_lose() {
    for (mode, reason) in [
        ("garbage", Reason::Garbage),
        ("occupied", Reason::Occupied),
        ("offboard", Reason::OffBoard),
    ] {
        let s = pair_against(mode, &["--at", "3"], |_| {});
        assert_bad_lost_all(&s, reason);
        let detail = &s.games[0].outcome.detail;
        match reason {
            Reason::Garbage => assert!(detail.contains("hello there"), "{detail}"),
            Reason::OffBoard => assert!(detail.contains("15,0"), "{detail}"),
            _ => {}
        }
    }
}

#[test]
fn a_slow_move_loses_on_the_turn_clock() {
    let s = pair_against("slow", &["--at", "2", "--delay", "2500"], |c| {
        c.game.tc.turn = Some(Duration::from_millis(1000));
        c.game.tc.tolerance = Duration::from_millis(300);
    });
    assert_bad_lost_all(&s, Reason::TimeTurn);
}

#[test]
fn a_spent_game_budget_loses_on_the_game_clock() {
    let s = pair_against("slow", &["--at", "2", "--delay", "2500"], |c| {
        c.game.tc.turn = None;
        c.game.tc.game = Some(Duration::from_millis(1500));
        c.game.tc.tolerance = Duration::from_millis(300);
    });
    assert_bad_lost_all(&s, Reason::TimeGame);
}

#[test]
fn moves_in_a_period_lose_on_overtime_without_grace() {
    // 限时限手制: two moves in 2 s, then 300 ms for every move after. A
    // 1 s second move fits the first period, and the games end on the
    // board; a 400 ms third move overruns the second period, and with no
    // tolerance (超时判负) it loses there.
    let s = pair_against("slow", &["--at", "2", "--delay", "1000"], |c| {
        c.game.tc.turn = None;
        c.game.tc.stages = Periods::parse("2/2s,0/300ms").unwrap();
        c.game.tc.tolerance = Duration::ZERO;
        c.game.transcript = true;
    });
    no_time_losses(&s);
    let s2 = pair_against("slow", &["--at", "3", "--delay", "400"], |c| {
        c.game.tc.turn = None;
        c.game.tc.stages = Periods::parse("2/2s,0/300ms").unwrap();
        c.game.tc.tolerance = Duration::ZERO;
    });
    assert_bad_lost_all(&s2, Reason::TimeGame);
    for g in &s2.games {
        let bad = if g.black == 1 {
            Color::Black
        } else {
            Color::White
        };
        let made = g
            .moves
            .iter()
            .filter(|m| m.color == bad && !m.opening)
            .count();
        assert_eq!(made, 2, "game {}: lost at its third move", g.id);
    }
    // Before every move the engine hears the period's time left.
    let log = s.games[0].transcript.join("\n");
    assert!(log.contains("INFO timeout_match 2000"), "{log}");
    assert!(log.contains("INFO time_left "), "{log}");
}

#[test]
fn byoyomi_periods_save_a_slow_move_once() {
    // Budget 200ms, one period of 1500ms: a 900ms move fits in the period,
    // so the slow engine plays on and the game ends on the board.
    let s = pair_against("slow", &["--at", "2", "--delay", "900"], |c| {
        c.game.tc.turn = None;
        c.game.tc.game = Some(Duration::from_millis(200));
        c.game.tc.byoyomi = Duration::from_millis(1500);
        c.game.tc.periods = 1;
        c.game.tc.tolerance = Duration::from_millis(100);
    });
    no_time_losses(&s);
    // The 900ms move shows in the slow engine's mean move time.
    let slow = s.standings.iter().find(|r| r.name == "bad").unwrap();
    assert!(slow.mean_move_ms > 20.0, "{}", slow.mean_move_ms);
    let slow_moves: Vec<u64> = s
        .games
        .iter()
        .flat_map(|g| {
            let c = if g.black == 1 {
                Color::Black
            } else {
                Color::White
            };
            g.moves
                .iter()
                .filter(move |m| m.color == c && !m.opening)
                .map(|m| m.time_ms)
        })
        .collect();
    assert!(slow_moves.iter().any(|&t| t >= 900), "{slow_moves:?}");
}

#[test]
fn start_failures_lose() {
    let s = pair_against("silent-start", &[], |c| {
        c.game.start_timeout = Duration::from_millis(300)
    });
    assert_bad_lost_all(&s, Reason::StartFailed);
    assert!(s.games.iter().all(|g| g.moves.is_empty()));
    let s = pair_against("refuse-start", &[], |_| {});
    assert_bad_lost_all(&s, Reason::StartFailed);
    assert!(s.games[0].outcome.detail.contains("not today"));
    let s = pair_against("exit-start", &[], |_| {});
    assert_bad_lost_all(&s, Reason::Crash);
}

#[test]
fn two_no_shows_draw_for_testers_and_both_lose_under_the_rulebook() {
    let mut c = config(
        vec![
            broken("p", "refuse-start", &[]),
            broken("q", "silent-start", &[]),
        ],
        "no-shows",
    );
    c.game.start_timeout = Duration::from_millis(300);
    let s = run(&c).unwrap();
    check_records(&c, &s);
    for g in &s.games {
        assert_eq!((g.outcome.winner, g.outcome.both_lose), (None, false));
    }
    assert!(s
        .standings
        .iter()
        .all(|r| r.points == 2 && r.record.draws == 2));
    c.game.no_shows_lose = true;
    c.out_dir = Some(arena_support::out_dir("no-shows-lose"));
    let s = run(&c).unwrap();
    check_records(&c, &s);
    for g in &s.games {
        assert!(g.outcome.both_lose, "game {}: {:?}", g.id, g.outcome);
        assert_eq!(g.outcome.reason, Reason::StartFailed);
        assert_eq!((g.score_of(0), g.score_of(1)), (Some(0.0), Some(0.0)));
    }
    assert!(s
        .standings
        .iter()
        .all(|r| r.points == 0 && r.record.losses == 2));
    let h = s.head_to_head.clone().unwrap();
    assert_eq!(h.record.games(), 0, "no result between them counts for Elo");
    let sgf = std::fs::read_dir(c.out_dir.as_ref().unwrap().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "sgf"))
        .unwrap();
    assert!(std::fs::read_to_string(sgf).unwrap().contains("RE[Void]"));
}

/// Each game's `(engine, pid, game number)` as the test engines announce
/// them at `START`.
fn announced(s: &Summary) -> Vec<(String, String, u32)> {
    let mut games = s.games.clone();
    games.sort_by_key(|g| g.id);
    let mut out = Vec::new();
    for g in &games {
        for line in &g.transcript {
            let Some((head, rest)) = line.split_once(" < MESSAGE pid ") else {
                continue;
            };
            let name = head.split_whitespace().last().unwrap_or("").to_string();
            let (pid, n) = rest.split_once(" game ").unwrap();
            out.push((name, pid.to_string(), n.parse().unwrap()));
        }
    }
    out
}

#[test]
fn kept_processes_play_game_after_game_and_faulty_ones_restart() {
    // Kept: each engine's one process plays all six games, a new START
    // each time.
    let mut c = config(vec![greedy("a", 4_242_001), greedy("b", 2)], "reuse");
    c.pairs = 3;
    c.game.reuse_engines = true;
    c.game.transcript = true;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    let seen = announced(&s);
    assert_eq!(seen.len(), 12, "{seen:?}");
    for name in ["a", "b"] {
        let mine: Vec<_> = seen.iter().filter(|x| x.0 == name).collect();
        assert!(
            mine.iter().all(|x| x.1 == mine[0].1),
            "one process: {mine:?}"
        );
        let numbers: Vec<u32> = mine.iter().map(|x| x.2).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    }
    // The kept processes end with the tournament.
    assert!(!process_alive("4242001"));
    // Fresh processes (the default): every game is a process's first.
    c.game.reuse_engines = false;
    c.out_dir = Some(arena_support::out_dir("fresh"));
    let s = run(&c).unwrap();
    assert!(announced(&s).iter().all(|x| x.2 == 1));

    // A process that hung and lost on time is ended, not kept: the next
    // game starts a fresh one, which answers START (no start failures).
    let s = pair_against("hang", &["--at", "2"], |c| {
        c.game.tc.turn = Some(Duration::from_millis(300));
        c.game.reuse_engines = true;
        c.game.transcript = true;
    });
    assert_bad_lost_all(&s, Reason::TimeTurn);
    let seen = announced(&s);
    let bad: std::collections::BTreeSet<&String> =
        seen.iter().filter(|x| x.0 == "bad").map(|x| &x.1).collect();
    assert_eq!(bad.len(), 2, "a fresh process each game: {seen:?}");
    let good: std::collections::BTreeSet<&String> = seen
        .iter()
        .filter(|x| x.0 == "good")
        .map(|x| &x.1)
        .collect();
    assert_eq!(good.len(), 1, "the winner's process is kept: {seen:?}");
    // A crashed process is replaced too.
    let s = pair_against("crash", &["--at", "2"], |c| {
        c.game.reuse_engines = true;
    });
    assert_bad_lost_all(&s, Reason::Crash);
}

#[test]
fn comment_lines_are_not_answers() {
    let s = pair_against("chatty", &[], |_| {});
    for g in &s.games {
        assert!(
            matches!(
                g.outcome.reason,
                Reason::Five | Reason::FullBoard | Reason::DeadDraw
            ),
            "game {}: {:?}",
            g.id,
            g.outcome
        );
    }
}

#[test]
fn renju_black_forbidden_move_loses() {
    // Black to move with a double three on the centre: black on the centre's
    // left two points and the two above it, white in the corners.
    let openings = parse_openings(
        "-2,0, -7,-7, -1,0, -7,7, 0,-2, 7,-7, 0,-1, 7,7 # double three\n",
        "t",
    )
    .unwrap();
    let s = pair_against("forbidden", &["--at", "1"], |c| {
        c.game.rule = Rule::Renju;
        c.openings = openings;
    });
    // Game 1: the broken engine is black and plays a forbidden point.
    let g = &s.games.iter().find(|g| g.black == 1).unwrap();
    assert_eq!(g.outcome.winner, Some(Color::White));
    assert_eq!(g.outcome.reason, Reason::Forbidden);
    assert!(
        g.outcome.detail.contains("double three"),
        "{}",
        g.outcome.detail
    );
    assert_eq!(g.moves.len(), 8, "only the opening stones are on the board");
    assert!(g.moves.iter().all(|m| m.opening));
    // Game 2: as white it has nothing forbidden and plays on; the greedy
    // engine, black, never plays a forbidden point.
    let g = &s.games.iter().find(|g| g.black == 0).unwrap();
    assert_ne!(g.outcome.reason, Reason::Forbidden, "{:?}", g.outcome);
}

#[test]
fn move_limit_draws() {
    let mut c = config(vec![greedy("a", 1), greedy("b", 2)], "limit");
    c.game.draw_after = Some(7);
    let s = run(&c).unwrap();
    check_records(&c, &s);
    for g in &s.games {
        assert_eq!(g.outcome.winner, None);
        assert_eq!(g.outcome.reason, Reason::MoveLimit);
        assert_eq!(g.moves.len(), 7);
    }
    assert!(s.standings.iter().all(|r| r.points == 2));
}

#[test]
fn fives_decide_real_games_under_every_rule() {
    for (rule, size) in [
        (Rule::Freestyle, 15),
        (Rule::Standard, 15),
        (Rule::Renju, 15),
        (Rule::Caro, 20),
        (Rule::CaroExact, 20),
    ] {
        let mut c = config(vec![greedy("a", 11), greedy("b", 12)], rule.name());
        c.game.rule = rule;
        c.game.width = size;
        c.game.height = size;
        let s = run(&c).unwrap();
        check_records(&c, &s);
        for g in &s.games {
            assert!(
                matches!(
                    g.outcome.reason,
                    Reason::Five | Reason::FullBoard | Reason::DeadDraw
                ),
                "{rule}: game {}: {:?}",
                g.id,
                g.outcome
            );
            // Replay the record and confirm the referee's verdict.
            let board = replay(g, size, rule);
            if g.outcome.reason == Reason::Five {
                assert_eq!(board.winner(), g.outcome.winner, "{rule}: game {}", g.id);
                assert_eq!(board.find_five(), g.outcome.winner);
            } else {
                assert!(board.is_dead_draw(), "{rule}: game {}", g.id);
            }
        }
    }
}

/// The board at the end of a recorded game (its passes left out).
fn replay(g: &tengen_arena::game::GameRecord, size: usize, rule: Rule) -> tengen::Board {
    let stones: Vec<(tengen::Pos, Color)> = g
        .moves
        .iter()
        .filter(|m| !m.pass)
        .map(|m| (tengen::Pos::new(m.x, m.y), m.color))
        .collect();
    tengen::Board::from_moves(size, size, rule, &stones).unwrap()
}

/// No game was lost on time.
fn no_time_losses(s: &Summary) {
    for g in &s.games {
        assert!(
            !matches!(g.outcome.reason, Reason::TimeGame | Reason::TimeTurn),
            "game {}: {:?}",
            g.id,
            g.outcome
        );
    }
}

/// Checks the records, and that every game was drawn for `reason` after
/// `moves` moves.
fn all_drawn(s: &Summary, c: &tengen_arena::TournamentConfig, reason: Reason, moves: usize) {
    check_records(c, s);
    for g in &s.games {
        assert_eq!((g.outcome.winner, g.outcome.reason), (None, reason));
        assert_eq!(g.moves.len(), moves, "game {}", g.id);
    }
}

#[test]
fn passes_are_moves_and_two_in_a_row_draw() {
    // An engine that passes at every move loses to one that plays: each
    // pass is recorded as a move and gives the turn back.
    let s = pair_against("pass", &[], |_| {});
    assert_bad_lost_all(&s, Reason::Five);
    for g in &s.games {
        let bad = if g.black == 1 {
            Color::Black
        } else {
            Color::White
        };
        let passes: Vec<_> = g.moves.iter().filter(|m| m.pass).collect();
        assert!(!passes.is_empty() && passes.iter().all(|m| m.color == bad));
        // Colours alternate through the passes.
        assert!(g.moves.windows(2).all(|w| w[0].color != w[1].color));
    }
    // Two passers: black passes, white passes back, and the game is drawn
    // after two moves.
    let mut c = config(
        vec![broken("p", "pass", &[]), broken("q", "pass", &[])],
        "passes",
    );
    c.pairs = 1;
    all_drawn(&run(&c).unwrap(), &c, Reason::TwoPasses, 2);
    // Passing after a few stones, the greedy engine passing back never:
    // the game goes on to a five.
    let s = pair_against("pass", &["--at", "3"], |_| {});
    assert_bad_lost_all(&s, Reason::Five);
}

#[test]
fn a_board_nobody_can_win_on_is_drawn_at_once() {
    // Caro on 5×5: both ends of every row are the board's edge, so no
    // five is ever unblocked and the first stone ends the game drawn.
    let mut c = config(vec![greedy("a", 1), greedy("b", 2)], "dead");
    c.game.rule = Rule::Caro;
    c.game.width = 5;
    c.game.height = 5;
    all_drawn(&run(&c).unwrap(), &c, Reason::DeadDraw, 1);
    // Freestyle on 5×5: every game ends in a five or as soon as no line is
    // open to either side, never on a full board.
    let mut dead = 0;
    for seed in 1..4 {
        c.game.rule = Rule::Freestyle;
        c.engines = vec![greedy("a", seed), greedy("b", seed + 10)];
        c.out_dir = Some(arena_support::out_dir("dead-free"));
        let s = run(&c).unwrap();
        check_records(&c, &s);
        for g in &s.games {
            let board = replay(g, 5, Rule::Freestyle);
            match g.outcome.reason {
                Reason::Five => assert!(board.winner().is_some()),
                Reason::DeadDraw => {
                    dead += 1;
                    assert!(board.is_dead_draw() && !board.is_full());
                    // One stone earlier the game was still open.
                    let mut before = g.clone();
                    before.moves.pop();
                    assert!(!replay(&before, 5, Rule::Freestyle).is_dead_draw());
                }
                r => panic!("game {}: {r}", g.id),
            }
        }
    }
    assert!(dead > 0, "some of the six games end dead");
}

#[test]
fn rectangular_boards_are_played() {
    let mut c = config(vec![greedy("a", 1), greedy("b", 2)], "rect");
    c.game.width = 12;
    c.game.height = 8;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert!(s.games.iter().all(|g| (g.width, g.height) == (12, 8)));
    assert!(s
        .games
        .iter()
        .all(|g| g.moves.iter().all(|m| m.x < 12 && m.y < 8)));
}

#[test]
fn transcripts_show_the_bad_answer() {
    let mut c = config(
        vec![greedy("good", 5), broken("bad", "garbage", &["--at", "2"])],
        "log",
    );
    c.game.transcript = true;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    let dir = c.out_dir.as_ref().unwrap().join("games");
    for g in &s.games {
        let log = std::fs::read_to_string(dir.join(format!(
            "{:05}_{}_vs_{}.log",
            g.id, g.black_name, g.white_name
        )))
        .unwrap();
        assert!(
            log.contains("good > START 15") && log.contains("bad < OK"),
            "{log}"
        );
        assert!(log.contains("bad < hello there"), "{log}");
        assert!(
            log.lines().last().unwrap().ends_with("bad < hello there"),
            "{log}"
        );
    }
}
