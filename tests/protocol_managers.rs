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

/// Two engines play each other under every rule, refereed with the
/// library's own board: every move is on an empty point, black never plays
/// a renju forbidden point, and the game ends with a five or a full board.
#[test]
fn two_engines_play_legal_games_under_every_rule() {
    use tengen::renju::forbidden;
    use tengen::{Board, Color, Rule};
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
        engines[0].send(&["BEGIN"]);
        let mut plies = 0;
        loop {
            let mover = plies % 2;
            let (x, y) = engines[mover].expect_move();
            let pos = referee.pos(x as i64, y as i64).expect("on the board");
            assert!(referee.is_empty(pos), "rule {number}: {x},{y} is occupied");
            if rule == Rule::Renju && referee.side_to_move() == Color::Black {
                assert!(
                    forbidden(&mut referee, pos).is_none(),
                    "black played the forbidden {x},{y}\n{referee}"
                );
            }
            referee.play(pos).unwrap();
            plies += 1;
            if referee.winner().is_some() || referee.is_full() {
                break;
            }
            engines[1 - mover].send(&[&format!("TURN {x},{y}")]);
        }
        eprintln!(
            "rule {number}: {plies} plies, winner {:?}",
            referee.winner()
        );
    }
}
