//! The ways real managers drive an engine: GomocupJudge (the Gomocup
//! referee), c-gomoku-cli and Piskvork.

mod protocol_support;

use protocol_support::{block, parse_coord, strs, Engine};
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

fn signal(pid: u32, sig: &str) {
    let status = Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
}

/// GomocupJudge writes START and the INFO lines without waiting for OK,
/// pauses the process until its turn, never sends BEGIN (an empty BOARD
/// instead), sends time_left before every move, and ends with END.
#[test]
fn gomocup_judge() {
    let spawned = Instant::now();
    let mut e = Engine::spawn();
    e.send(&[
        "START 20",
        "INFO timeout_turn 5000",
        "INFO timeout_match 180000",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO folder ./",
    ]);
    signal(e.pid(), "-STOP");
    thread::sleep(Duration::from_millis(100));
    signal(e.pid(), "-CONT");
    let resumed = Instant::now();
    e.send(&["INFO time_left 180000", "BOARD", "DONE"]);
    assert_eq!(e.answer(), "OK");
    let (x, y) = e.expect_move();
    let first = resumed.elapsed();
    // Start-up is charged to the first move: tables must be ready fast.
    assert!(
        first < Duration::from_millis(500),
        "first move took {first:?}"
    );
    eprintln!(
        "first move {first:?} after resume, {:?} after spawn",
        spawned.elapsed()
    );
    signal(e.pid(), "-STOP");
    signal(e.pid(), "-CONT");
    let (ox, oy) = if (x, y) == (10, 10) {
        (11, 11)
    } else {
        (10, 10)
    };
    e.send(&["INFO time_left 179000", &format!("TURN {ox},{oy}")]);
    let m = e.expect_move();
    assert!(m != (x, y) && m != (ox, oy));
    e.send(&["END"]);
    assert!(
        e.wait_exit(Duration::from_millis(500)),
        "END not obeyed within the judge's 0.5 s"
    );
}

/// The judge gives the second player a BOARD with the opponent's stones.
#[test]
fn gomocup_judge_second_player() {
    let mut e = Engine::spawn();
    e.send(&[
        "START 20",
        "INFO rule 0",
        "INFO time_left 180000",
        "BOARD",
        "10,10,2",
        "DONE",
    ]);
    assert_eq!(e.answer(), "OK");
    assert_ne!(e.expect_move(), (10, 10));
}

/// c-gomoku-cli asks ABOUT first, reuses one process for many games with
/// START each time (no RESTART), and sends YXSTOP when a move is late, which
/// may reach the engine after the move went out.
#[test]
fn c_gomoku_cli() {
    let mut e = Engine::spawn();
    e.send(&["ABOUT"]);
    e.expect_prefix("name=");
    for game in 0..3 {
        e.send(&["START 15"]);
        assert_eq!(e.answer(), "OK", "game {game}");
        e.send(&[
            "INFO rule 0",
            "INFO timeout_turn 1000",
            "INFO timeout_match 0",
            "INFO time_left 2147483647",
        ]);
        if game % 2 == 0 {
            // BEGIN is only accepted on an empty board: START cleared it.
            e.send(&["BEGIN"]);
        } else {
            e.send(&strs(&block("BOARD", &[(7, 7, 2)])));
        }
        let mut last = e.expect_move();
        for i in 0..4 {
            let (ox, oy) = (i, 14 - game);
            e.send(&[&format!("TURN {ox},{oy}")]);
            let m = e.expect_move();
            assert_ne!(m, last);
            last = m;
        }
        // A late YXSTOP, after the move: it must not produce any line.
        e.send(&["YXSTOP"]);
        e.expect_silence(Duration::from_millis(200));
    }
    // A move and a YXSTOP sent together: one answer only.
    e.send(&["START 15", "BEGIN", "YXSTOP"]);
    assert_eq!(e.answer(), "OK");
    e.expect_move();
    e.expect_silence(Duration::from_millis(200));
    e.send(&["END"]);
    assert!(e.wait_exit(Duration::from_secs(1)));
}

/// Commands sent while the engine thinks are carried out afterwards, in
/// order; none is lost.
#[test]
fn commands_sent_while_thinking_are_queued() {
    let mut e = Engine::spawn();
    e.send(&[
        "START 15",
        "BEGIN",
        "ABOUT",
        "TURN 0,0",
        "YXSHOWFORBID",
        "INFO rule 4",
        "YXSHOWFORBID",
        "TAKEBACK 0,0",
    ]);
    assert_eq!(e.answer(), "OK");
    e.expect_move();
    e.expect_prefix("name=");
    e.expect_move();
    assert_eq!(e.answer(), "FORBID .");
    e.expect_prefix("FORBID ");
    assert_eq!(e.answer(), "OK");
}

/// Piskvork: max_memory as megabytes shifted by 20, TAKEBACK for undo, and
/// RESTART plus BOARD when it rebuilds a game.
#[test]
fn piskvork_undo_and_rebuild() {
    let mut e = Engine::spawn();
    e.send(&[
        "START 20",
        "INFO max_memory 83886080",
        "INFO timeout_turn 2000",
        "INFO timeout_match 0",
        "INFO game_type 0",
        "INFO rule 0",
    ]);
    assert_eq!(e.answer(), "OK");
    e.send(&["BEGIN"]);
    let m1 = e.expect_move();
    e.send(&["TURN 3,3"]);
    let m2 = e.expect_move();
    e.send(&[&format!("TAKEBACK {},{}", m2.0, m2.1), "TAKEBACK 3,3"]);
    assert_eq!(e.answer(), "OK");
    assert_eq!(e.answer(), "OK");
    e.send(&["TURN 4,4"]);
    let m3 = e.expect_move();
    assert!(m3 != m1 && m3 != (4, 4));
    // Undo that fails (not a stone): Piskvork then rebuilds the game.
    e.send(&["TAKEBACK 3,3"]);
    e.expect_prefix("ERROR");
    e.send(&["RESTART"]);
    assert_eq!(e.answer(), "OK");
    let entries = [(m1.0, m1.1, 1), (4, 4, 2)];
    e.send(&strs(&block("BOARD", &entries)));
    let m4 = e.expect_move();
    assert!(m4 != m1 && m4 != (4, 4));
    let rss = e.rss_bytes().expect("read RSS");
    assert!(rss < 80 << 20, "RSS {} MB over max_memory 80 MB", rss >> 20);
}

/// Under renju Piskvork sends BOARD in move order and the first stone is
/// black, whoever owns it: here the opponent's, so the engine is white and
/// may win with an overline, which black may not.
#[test]
fn piskvork_renju_board_in_move_order() {
    let mut e = Engine::spawn();
    e.send(&["START 15", "INFO rule 4"]);
    assert_eq!(e.answer(), "OK");
    // Engine (field 1): 3..=6 and 8 on row 7; (7,7) joins six. The opponent
    // holds (2,7), so no exact five is open to the engine.
    let entries = [
        (2, 7, 2),
        (3, 7, 1),
        (0, 0, 2),
        (4, 7, 1),
        (0, 14, 2),
        (5, 7, 1),
        (14, 0, 2),
        (6, 7, 1),
        (14, 14, 2),
        (8, 7, 1),
    ];
    e.send(&strs(&block("BOARD", &entries)));
    assert_eq!(e.expect_move(), (7, 7));
    // The same stones with the engine's stone listed first: the engine is
    // black, and the overline point is forbidden for it.
    e.send(&["RESTART"]);
    assert_eq!(e.answer(), "OK");
    let mut reordered = entries.to_vec();
    reordered.swap(0, 1);
    e.send(&strs(&block("BOARD", &reordered)));
    assert_ne!(e.expect_move(), (7, 7));
}

/// Everything, the search's tables included, stays within max_memory:
/// two engines play each other and both are measured.
#[test]
fn memory_stays_within_max_memory() {
    let limit: u64 = 64 << 20;
    let mut engines = [Engine::spawn(), Engine::spawn()];
    for e in &mut engines {
        e.send(&[
            "START 20",
            &format!("INFO max_memory {limit}"),
            "INFO rule 1",
            // Short turns keep the game quick; the table is sized from
            // max_memory whatever the time.
            "INFO timeout_turn 100",
        ]);
        assert_eq!(e.answer(), "OK");
    }
    engines[0].send(&["BEGIN"]);
    let mut last = engines[0].answer();
    let mut plies = 1;
    while plies < 60 {
        let e = &mut engines[plies % 2];
        e.send(&[&format!("TURN {last}")]);
        let a = e.answer();
        if a.starts_with("ERROR") {
            break; // the previous move won
        }
        assert!(parse_coord(&a).is_some(), "{a}");
        last = a;
        plies += 1;
    }
    for e in &engines {
        let rss = e.rss_bytes().expect("read RSS");
        eprintln!("{plies} plies, RSS {} KB", rss >> 10);
        assert!(rss < limit, "RSS {} MB", rss >> 20);
    }
}

/// The peak, not only the settled size, stays within max_memory from the
/// first command: the transposition table takes its memory once the
/// manager has said how much there is, never at the default size before.
#[test]
fn peak_memory_stays_within_max_memory_from_start_to_the_first_move() {
    let limit: u64 = 64 << 20;
    let mut e = Engine::spawn();
    e.send(&["START 15", &format!("INFO max_memory {limit}")]);
    assert_eq!(e.answer(), "OK");
    e.send(&["INFO timeout_turn 300", "BEGIN"]);
    e.expect_move();
    let peak = e.peak_rss_bytes().expect("read VmHWM");
    eprintln!("peak RSS {} KB", peak >> 10);
    assert!(
        peak <= limit,
        "peak RSS {} MB over max_memory {} MB",
        peak >> 20,
        limit >> 20
    );
}

/// `INFO max_memory` gives the table its memory without writing it: a
/// manager sends the first move's command right after, and writing 256 MB
/// there would come out of that move's clock. So the resident size stays
/// small until the search uses the pages.
#[test]
fn max_memory_takes_the_table_without_making_it_resident() {
    let limit: u64 = 350 << 20;
    let mut e = Engine::spawn();
    e.send(&["START 15", &format!("INFO max_memory {limit}")]);
    assert_eq!(e.answer(), "OK");
    // ABOUT is answered after the INFO line has been handled.
    e.send(&["ABOUT"]);
    let about = e.answer();
    assert!(about.contains("name="), "{about}");
    let rss = e.rss_bytes().expect("read RSS");
    eprintln!("RSS {} KB after INFO max_memory {limit}", rss >> 10);
    assert!(
        rss < 64 << 20,
        "RSS {} MB: the table was written",
        rss >> 20
    );
}

/// Yixin Board: YXBOARD, then YXNBEST or YXSHOWFORBID, with INFO lines of
/// its own.
#[test]
fn yixin_board_analysis() {
    let mut e = Engine::spawn();
    e.send(&[
        "START 15",
        "YXSHOWINFO",
        "INFO thread_num 1",
        "INFO hash_size 65536",
        "INFO rule 2",
        "INFO show_detail 1",
        "INFO max_depth 64",
        "INFO max_node 0",
        "INFO timeout_turn 1000",
    ]);
    assert_eq!(e.answer(), "OK");
    e.send(&["YXBOARD", "7,7,2", "8,8,1", "7,8,2", "DONE", "YXNBEST 2"]);
    let (notes, a) = e.answer_with_messages();
    assert!(parse_coord(&a).is_some(), "{a}");
    assert!(notes
        .iter()
        .any(|n| n.starts_with("MESSAGE INFO MAX_THREAD_NUM")));
    assert!(notes.iter().any(|n| n.starts_with("MESSAGE REALTIME BEST")));
    e.send(&["YXBOARD 7,7,1 DONE", "YXSHOWFORBID"]);
    e.expect_prefix("FORBID ");
}

/// Answers stay inside a short turn limit while both cores are kept busy.
#[test]
fn answers_in_time_on_a_loaded_machine() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let busy = Arc::new(AtomicBool::new(true));
    let spinners: Vec<_> = (0..2)
        .map(|_| {
            let busy = Arc::clone(&busy);
            thread::spawn(move || {
                let mut x = 0u64;
                while busy.load(Ordering::Relaxed) {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                }
                x
            })
        })
        .collect();
    let mut e = Engine::spawn();
    e.send(&[
        "START 20",
        "INFO timeout_turn 150",
        "INFO timeout_match 0",
        "INFO rule 1",
    ]);
    assert_eq!(e.answer(), "OK");
    let mut worst = Duration::ZERO;
    for i in 0..8 {
        e.send(&["RESTART"]);
        assert_eq!(e.answer(), "OK");
        let t = Instant::now();
        e.send(&[&format!("TURN {},{}", i, i + 3)]);
        e.expect_move();
        worst = worst.max(t.elapsed());
    }
    busy.store(false, Ordering::Relaxed);
    for s in spinners {
        s.join().unwrap();
    }
    eprintln!("slowest answer under load: {worst:?}");
    assert!(worst < Duration::from_millis(150), "{worst:?}");
}

/// Plays a game out between two engines, just started, from `referee`'s
/// position, refereed by it: every move must be on an empty point, and
/// never on a point forbidden to renju black. The first engine moves first.
/// An engine that has seen the position up to the last stone is sent that
/// stone (`TURN`; `BEGIN` on an empty board), else the whole position in
/// move order (`BOARD`). Ends at a five, a full board or `max_plies` moves;
/// returns the moves played.
fn play_out(engines: &mut [Engine; 2], referee: &mut tengen::Board, max_plies: usize) -> usize {
    use tengen::renju::forbidden;
    use tengen::{Color, Rule};
    let rule = referee.rule();
    // The stones each engine has seen.
    let mut known = [0; 2];
    let mut plies = 0;
    while plies < max_plies && referee.winner().is_none() && !referee.is_full() {
        let mover = plies % 2;
        let e = &mut engines[mover];
        let stones = referee.history().len();
        if stones == 0 {
            e.send(&["BEGIN"]);
        } else if known[mover] + 1 == stones {
            let last = referee.history()[stones - 1].pos;
            e.send(&[&format!("TURN {},{}", last.x(), last.y())]);
        } else {
            let own = referee.side_to_move();
            let entries: Vec<_> = referee
                .history()
                .iter()
                .map(|m| (m.pos.x(), m.pos.y(), if m.color == own { 1 } else { 2 }))
                .collect();
            e.send(&strs(&block("BOARD", &entries)));
        }
        let (x, y) = e.expect_move();
        let pos = referee.pos(x as i64, y as i64).expect("on the board");
        assert!(referee.is_empty(pos), "{rule:?}: {x},{y} is occupied");
        if rule == Rule::Renju && referee.side_to_move() == Color::Black {
            assert!(
                forbidden(referee, pos).is_none(),
                "black played the forbidden {x},{y}\n{referee}"
            );
        }
        referee.play(pos).unwrap();
        known[mover] = stones + 1;
        plies += 1;
    }
    plies
}

/// Two engines play each other under every rule, refereed with the
/// library's own board: every move is on an empty point, black never plays
/// a renju forbidden point, and the game ends with a five or a full board.
#[test]
fn two_engines_play_legal_games_under_every_rule() {
    use tengen::{Board, Rule};
    for (number, rule) in [
        (0, Rule::Freestyle),
        (1, Rule::Standard),
        (4, Rule::Renju),
        (8, Rule::Caro),
        (9, Rule::CaroExact),
    ] {
        let mut referee = Board::square(15, rule).unwrap();
        let mut engines = [Engine::spawn(), Engine::spawn()];
        for e in &mut engines {
            e.send(&[
                "START 15",
                &format!("INFO rule {number}"),
                "INFO timeout_turn 300",
            ]);
            assert_eq!(e.answer(), "OK");
        }
        let plies = play_out(&mut engines, &mut referee, usize::MAX);
        assert!(referee.winner().is_some() || referee.is_full());
        eprintln!(
            "rule {number}: {plies} plies, winner {:?}",
            referee.winner()
        );
    }
}

/// Gomocup's `max_memory`, 350 000 000 bytes.
const GOMOCUP_MAX_MEMORY: u64 = 350_000_000;

/// Under Gomocup's `max_memory` the table takes most of it (the engine
/// tells its size, `DEBUG hash N bytes`, before its next answer), and the
/// peak resident size of the whole process stays under the limit from
/// `START` to `END`, at its worst: `YXHASHCLEAR` writes every page of the
/// table first, as a long game would in the end. Then two engines play
/// games out from `openings` (offsets from the centre, black first, from
/// `openings/`) at Gomocup's 5 s a move, each move cut at 200 000 nodes,
/// until 60 moves have been played, one engine with the default threads
/// and one with `INFO thread_num 2`; both are measured.
fn peak_memory_through_games_at_gomocups_max_memory(
    size: usize,
    number: u32,
    openings: &[&[(i64, i64)]],
) {
    use tengen::{Board, Rule};
    let limit = GOMOCUP_MAX_MEMORY;
    let rule = Rule::from_gomocup(number).unwrap();
    let mut engines = [Engine::spawn(), Engine::spawn()];
    for (i, e) in engines.iter_mut().enumerate() {
        e.send(&[
            &format!("START {size}"),
            &format!("INFO max_memory {limit}"),
            &format!("INFO rule {number}"),
            // Gomocup's fast games' turn, which sizes the table to all
            // that max_memory allows; a node limit keeps the moves short.
            "INFO timeout_turn 5000",
            "INFO timeout_match 0",
            "INFO max_node 200000",
        ]);
        if i == 1 {
            e.send(&["INFO thread_num 2"]);
        }
        assert_eq!(e.answer(), "OK");
        e.send(&["ABOUT"]);
        let (notes, about) = e.answer_with_messages();
        assert!(about.starts_with("name="), "{about}");
        let hash: u64 = notes
            .iter()
            .find_map(|n| n.strip_prefix("DEBUG hash "))
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no DEBUG hash line: {notes:?}"));
        eprintln!("{size}x{size}: table {hash} bytes");
        assert!(
            (250_000_000..300_000_000).contains(&hash),
            "table {hash} bytes under max_memory {limit}"
        );
        // Every page of the table resident.
        e.send(&["YXHASHCLEAR", "ABOUT"]);
        let (notes, _) = e.answer_with_messages();
        assert!(
            notes.iter().any(|n| n == "MESSAGE hash cleared"),
            "{notes:?}"
        );
        let rss = e.rss_bytes().expect("read RSS");
        assert!(rss > hash, "RSS {rss} bytes: the table is not resident");
    }
    let mut plies = 0;
    // The openings again from the first when they run out.
    for (game, opening) in openings.iter().cycle().take(20).enumerate() {
        if plies >= 60 {
            break;
        }
        if game > 0 {
            for e in &mut engines {
                e.send(&["RESTART"]);
                assert_eq!(e.answer(), "OK");
            }
        }
        let mut referee = Board::square(size, rule).unwrap();
        let centre = (size / 2) as i64;
        for &(dx, dy) in *opening {
            let pos = referee.pos(centre + dx, centre + dy).unwrap();
            referee.play(pos).unwrap();
        }
        let played = play_out(&mut engines, &mut referee, 60 - plies);
        eprintln!(
            "{size}x{size} game {game}: {played} moves, winner {:?}",
            referee.winner()
        );
        plies += played;
    }
    assert!(plies >= 60, "20 games ended after {plies} moves");
    for (i, e) in engines.iter_mut().enumerate() {
        let peak = e.peak_rss_bytes().expect("read VmHWM");
        eprintln!(
            "{size}x{size} engine {i} ({}): peak RSS {peak} bytes ({} MB)",
            if i == 0 {
                "default threads"
            } else {
                "thread_num 2"
            },
            peak >> 20
        );
        assert!(
            peak <= limit,
            "peak RSS {peak} bytes over max_memory {limit}"
        );
        e.send(&["END"]);
        assert!(e.wait_exit(Duration::from_millis(500)), "END not obeyed");
    }
}

/// Gomocup's renju: 15×15 under `max_memory` 350 000 000.
#[test]
fn peak_memory_stays_within_gomocups_max_memory_through_renju_games() {
    peak_memory_through_games_at_gomocups_max_memory(
        15,
        4,
        &[
            &[(0, 0), (-2, -2), (-4, 3)],
            &[(0, 0), (-1, -1), (3, 0)],
            &[(0, 0), (3, -3), (-3, -4)],
            &[(0, 0), (-3, -1), (-4, 3)],
            &[(0, 0), (-2, -2), (-1, -4)],
        ],
    );
}

/// Gomocup's freestyle: 20×20 under `max_memory` 350 000 000.
#[test]
fn peak_memory_stays_within_gomocups_max_memory_through_freestyle_games() {
    peak_memory_through_games_at_gomocups_max_memory(
        20,
        0,
        &[
            &[(0, 0), (2, -2), (-2, 1)],
            &[(0, 0), (3, -2), (0, -3)],
            &[(0, 0), (-1, -3), (-3, 2)],
            &[(0, 0), (0, -2), (3, 3)],
            &[(0, 0), (2, 1), (1, -2)],
        ],
    );
}
