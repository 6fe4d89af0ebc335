//! Transcripts for every command, on the real binary: what it answers, and
//! how bad input is refused without changing the state.

mod protocol_support;

use protocol_support::{block, parse_coord, strs, Engine};
use std::time::{Duration, Instant};

const QUIET: Duration = Duration::from_millis(300);

fn started(size: usize) -> Engine {
    let mut e = Engine::spawn();
    e.send(&[&format!("START {size}")]);
    assert_eq!(e.answer(), "OK");
    e
}

#[test]
fn start_accepts_5_to_32_and_refuses_the_rest() {
    let mut e = Engine::spawn();
    for (cmd, ok) in [
        ("START 4", false),
        ("START 33", false),
        ("START -15", false),
        ("START", false),
        ("START fifteen", false),
        ("START 5", true),
        ("START 32", true),
        ("RECTSTART 20,10", true),
        ("RECTSTART 3,10", false),
        ("RECTSTART 20", false),
    ] {
        e.send(&[cmd]);
        let a = e.answer();
        assert_eq!(a == "OK", ok, "{cmd} -> {a}");
        if !ok {
            assert!(a.starts_with("ERROR "), "{cmd} -> {a}");
        }
    }
    // The refused RECTSTART 3,10 kept the 20x10 board: x up to 19, y up to 9.
    e.send(&["TURN 19,9"]);
    let (x, y) = e.expect_move();
    assert!(x < 20 && y < 10);
    e.send(&["TURN 5,10"]);
    e.expect_prefix("ERROR");
}

#[test]
fn begin_plays_near_the_centre_and_only_on_an_empty_board() {
    let mut e = started(15);
    e.send(&["BEGIN"]);
    let (x, y) = e.expect_move();
    assert!(x.abs_diff(7) <= 1 && y.abs_diff(7) <= 1, "{x},{y}");
    e.send(&["BEGIN"]);
    e.expect_prefix("ERROR");
}

#[test]
fn commands_before_start_are_refused() {
    let mut e = Engine::spawn();
    for cmd in [
        "BEGIN",
        "TURN 1,1",
        "RESTART",
        "TAKEBACK 1,1",
        "YXSHOWFORBID",
        "PLAY 1,1",
    ] {
        e.send(&[cmd]);
        e.expect_prefix("ERROR");
    }
    e.send(&strs(&block("BOARD", &[(1, 1, 1)])));
    e.expect_prefix("ERROR");
    // Settings are fine before START.
    e.send(&["INFO timeout_turn 1000", "INFO rule 1", "START 15", "BEGIN"]);
    assert_eq!(e.answer(), "OK");
    e.expect_move();
}

#[test]
fn turn_answers_a_legal_move_and_refuses_bad_points() {
    let mut e = started(15);
    e.send(&["TURN 7,7"]);
    let first = e.expect_move();
    assert_ne!(first, (7, 7));
    for bad in [
        "TURN 7,7",
        "TURN 15,0",
        "TURN 0,15",
        "TURN -1,3",
        "TURN 3",
        "TURN a,b",
    ] {
        e.send(&[bad]);
        e.expect_prefix("ERROR");
    }
    // Nothing changed: the engine's stone and 7,7 are still there, and a
    // good TURN is answered.
    e.send(&[&format!("TAKEBACK {},{}", first.0, first.1)]);
    assert_eq!(e.answer(), "OK");
    e.send(&["TAKEBACK 7,7"]);
    assert_eq!(e.answer(), "OK");
    e.send(&["TAKEBACK 7,7"]);
    e.expect_prefix("ERROR");
    e.send(&["TURN 3,3"]);
    e.expect_move();
}

#[test]
fn board_takes_the_win_and_blocks_the_opponents_five() {
    let mut e = started(15);
    // Own four 3..=6 on row 5, open: the engine completes it.
    let mut entries = vec![(3, 5, 1), (4, 5, 1), (5, 5, 1), (6, 5, 1)];
    entries.extend([(0, 0, 2), (14, 14, 2), (0, 14, 2), (14, 0, 2)]);
    e.send(&strs(&block("BOARD", &entries)));
    let m = e.expect_move();
    assert!(m == (2, 5) || m == (7, 5), "{m:?}");
    // Opponent four, no own threat: the engine blocks it.
    e.send(&["RESTART"]);
    assert_eq!(e.answer(), "OK");
    let entries = [
        (3, 5, 2),
        (4, 5, 2),
        (5, 5, 2),
        (6, 5, 2),
        (2, 5, 1),
        (0, 0, 1),
        (14, 14, 1),
    ];
    e.send(&strs(&block("BOARD", &entries)));
    assert_eq!(e.expect_move(), (7, 5));
}

#[test]
fn an_impossible_board_is_refused_and_the_old_position_kept() {
    let mut e = started(15);
    e.send(&strs(&block("BOARD", &[(7, 7, 2)])));
    let (x, y) = e.expect_move();
    for bad in [
        // A five already on the board.
        block(
            "BOARD",
            &[
                (1, 1, 2),
                (2, 1, 2),
                (3, 1, 2),
                (4, 1, 2),
                (5, 1, 2),
                (0, 9, 1),
                (1, 9, 1),
                (2, 9, 1),
                (3, 9, 1),
            ],
        ),
        // Off the board, twice the same point, a bad field.
        block("BOARD", &[(15, 1, 1)]),
        block("BOARD", &[(1, 1, 1), (1, 1, 2)]),
        block("BOARD", &[(1, 1, 4)]),
    ] {
        e.send(&strs(&bad));
        e.expect_prefix("ERROR");
    }
    e.send(&["BOARD", "1,1", "DONE"]);
    e.expect_prefix("ERROR");
    e.send(&[&format!("TAKEBACK {x},{y}")]);
    assert_eq!(e.answer(), "OK");
    e.send(&["TAKEBACK 7,7"]);
    assert_eq!(e.answer(), "OK");
}

#[test]
fn an_analysis_board_may_hold_a_five_and_a_game_board_may_not() {
    let mut e = started(15);
    e.send(&["INFO rule 4"]);
    // Black has five on row 1, so (8,1) and (14,1) would make overlines,
    // and a double three at (3,3); white has stones elsewhere.
    let entries = [
        (9, 1, 1),
        (0, 9, 2),
        (10, 1, 1),
        (1, 9, 2),
        (11, 1, 1),
        (2, 9, 2),
        (12, 1, 1),
        (3, 9, 2),
        (13, 1, 1),
        (9, 9, 2),
        (1, 3, 1),
        (9, 11, 2),
        (2, 3, 1),
        (11, 9, 2),
        (3, 4, 1),
        (11, 11, 2),
        (3, 5, 1),
    ];
    e.send(&strs(&block("YXBOARD", &entries)));
    e.send(&["YXSHOWFORBID"]);
    let forbid = e.expect_prefix("FORBID ");
    for point in ["0303", "0801", "1401"] {
        assert!(forbid.contains(point), "{point} in {forbid}");
    }
    // The game is over on that board: no move is asked for.
    e.send(&["YXNBEST 1"]);
    e.expect_prefix("ERROR");
    // BOARD asks for a move, so a position already won is refused.
    e.send(&["RESTART"]);
    assert_eq!(e.answer(), "OK");
    e.send(&strs(&block("BOARD", &entries)));
    e.expect_prefix("ERROR");
}

#[test]
fn a_pass_entry_sets_who_moved_first_under_renju() {
    let mut e = started(15);
    e.send(&["INFO rule 4"]);
    // The engine's stone is listed first, but an opponent's pass comes
    // before it: the opponent moved first, so the engine is white, and
    // (7,7) joins six, which wins for white only.
    let entries = [
        "-1,-1,2", "3,7,1", "2,7,2", "0,0,2", "4,7,1", "0,14,2", "5,7,1", "14,0,2", "6,7,1",
        "8,7,1",
    ];
    let mut lines = vec!["BOARD"];
    lines.extend(entries);
    lines.push("DONE");
    e.send(&lines);
    assert_eq!(e.expect_move(), (7, 7));
}

/// `BOARD` lines for a diagram (`X` the engine's stones, `O` the
/// opponent's), alternating from the engine's first stone.
fn board_lines(diagram: &str) -> Vec<String> {
    let (mut own, mut opp) = (Vec::new(), Vec::new());
    for (y, row) in diagram.split_whitespace().enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                'X' => own.push(format!("{x},{y},1")),
                'O' => opp.push(format!("{x},{y},2")),
                _ => {}
            }
        }
    }
    let mut lines = vec!["BOARD".to_string()];
    for i in 0..own.len().max(opp.len()) {
        lines.extend(own.get(i).cloned());
        lines.extend(opp.get(i).cloned());
    }
    lines.push("DONE".into());
    lines
}

#[test]
fn turn_minus_one_is_a_pass_and_the_engine_passes_only_when_nothing_else_is_left() {
    let mut e = Engine::spawn();
    e.send(&["TURN -1,-1"]);
    e.expect_prefix("ERROR");
    // Black passes on move one: the engine plays white, on the board.
    // Short turns: these moves only need to be legal, and a long search
    // would crowd the timing tests that run beside this one.
    let quick = |size: usize| {
        let mut e = started(size);
        e.send(&["INFO timeout_turn 100"]);
        e
    };
    let mut e = quick(15);
    e.send(&["TURN -1,-1"]);
    let (x, y) = e.expect_move();
    assert!(x < 15 && y < 15);
    // And passes are moves of the game: black passes again, white plays.
    e.send(&["TURN -1,-1"]);
    let second = e.expect_move();
    assert_ne!(second, (x, y));
    // It is not black's turn after the engine's own move is taken back.
    e.send(&[&format!("TAKEBACK {},{}", second.0, second.1)]);
    e.expect_prefix("OK");
    e.send(&["TURN -1,-1"]);
    let a = e.expect_prefix("ERROR");
    assert!(a.contains("not the opponent's turn"), "{a}");

    // Every row, column and long diagonal of this 5×5 board holds both
    // colours: nothing but a draw can follow, so the engine passes, and
    // passes again after the opponent's pass.
    let mut e = quick(5);
    let dead = "X..O. X.O.O ..OX. OXX.. .O..X";
    let lines = board_lines(dead);
    e.send(&lines.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(e.answer(), "-1,-1");
    e.send(&["TURN -1,-1"]);
    assert_eq!(e.answer(), "-1,-1");
    // Open the bottom row again (the same board without white's 1,4):
    // black can still make five there, and the engine plays a stone.
    let open = "X..O. X.O.O ..OX. OXX.. ....X";
    let lines = board_lines(open);
    e.send(&lines.iter().map(String::as_str).collect::<Vec<_>>());
    e.expect_move();

    // Renju, 6×6, black to move: each empty point would make black an
    // overline (XXX.XX on the top and bottom rows), so every stone black
    // could play is forbidden and loses; passing is the best it can do.
    let mut e = quick(6);
    e.send(&["INFO rule 4"]);
    let board = "XXX.XX OOXOXX XOOOOX OOOOXO OOOOXO XXX.XX";
    let lines = board_lines(board);
    e.send(&lines.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(e.answer(), "-1,-1");
    // Under freestyle the same overline wins: the engine takes it.
    let mut e = quick(6);
    e.send(&lines.iter().map(String::as_str).collect::<Vec<_>>());
    let m = e.expect_move();
    assert!(m == (3, 0) || m == (3, 5), "{m:?}");
}

#[test]
fn a_board_without_done_is_refused_when_the_next_command_comes() {
    let mut e = started(15);
    e.send(&["BOARD", "7,7,1", "TURN 8,8"]);
    e.expect_prefix("ERROR");
    e.expect_move();
}

#[test]
fn yxboard_sets_the_position_silently() {
    let mut e = started(15);
    e.send(&strs(&block(
        "YXBOARD",
        &[
            (3, 5, 1),
            (4, 5, 1),
            (5, 5, 1),
            (6, 5, 1),
            (0, 0, 2),
            (0, 2, 2),
            (0, 4, 2),
        ],
    )));
    e.expect_silence(QUIET);
    e.send(&["YXNBEST 1"]);
    let m = e.expect_move();
    assert!(m == (2, 5) || m == (7, 5), "{m:?}");
    // One-line form, as some GUIs send it.
    e.send(&["YXBOARD 7,7,2 8,8,1 DONE", "TAKEBACK 8,8"]);
    assert_eq!(e.answer(), "OK");
}

#[test]
fn info_is_silent_unknown_keys_too_and_bad_values_are_errors() {
    let mut e = started(15);
    e.send(&[
        "INFO timeout_turn 1000",
        "INFO timeout_match 100000",
        "INFO time_left 100000",
        "INFO max_memory 83886080",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO folder /tmp/tengen-test",
        "INFO evaluate 3,4",
        "INFO some_new_key 12",
        "INFO thread_num 1",
        "INFO hash_size 1024",
        "INFO max_depth 10",
        "INFO max_node 18446744073709551615",
        "INFO show_detail 0",
    ]);
    e.expect_silence(QUIET);
    for bad in [
        "INFO timeout_turn soon",
        "INFO rule 77",
        "INFO max_memory -5",
        "INFO",
    ] {
        e.send(&[bad]);
        e.expect_prefix("ERROR");
    }
}

#[test]
fn about_names_the_engine() {
    let mut e = Engine::spawn();
    e.send(&["ABOUT"]);
    let a = e.answer();
    for key in [
        "name=\"Tengen\"",
        "version=\"",
        "author=\"",
        "country=\"",
        "www=\"",
    ] {
        assert!(a.contains(key), "{a}");
    }
}

#[test]
fn unknown_commands_get_unknown_and_the_engine_goes_on() {
    let mut e = started(15);
    e.send(&["FOOBAR 1 2 3", "SUGGEST 3,3", "YXBALANCEONE 5", "BEGIN"]);
    for _ in 0..3 {
        e.expect_prefix("UNKNOWN");
    }
    e.expect_move();
}

#[test]
fn takeback_removes_any_stone_and_answers_ok() {
    let mut e = started(15);
    e.send(&["BEGIN"]);
    let (x, y) = e.expect_move();
    e.send(&["TURN 0,0"]);
    let (x2, y2) = e.expect_move();
    // Not the last stone: taken out of the middle of the game.
    e.send(&[&format!("TAKEBACK {x},{y}")]);
    assert_eq!(e.answer(), "OK");
    e.send(&[&format!("TAKEBACK {x},{y}"), "TAKEBACK 20,20", "TAKEBACK 5"]);
    for _ in 0..3 {
        e.expect_prefix("ERROR");
    }
    e.send(&[&format!("TAKEBACK {x2},{y2}"), "TAKEBACK 0,0"]);
    assert_eq!(e.answer(), "OK");
    assert_eq!(e.answer(), "OK");
    e.send(&["BEGIN"]);
    e.expect_move();
}

#[test]
fn play_puts_the_imposed_move_and_echoes_it() {
    let mut e = started(15);
    e.send(&["TURN 7,7", "PLAY 3,3"]);
    e.expect_move();
    // The engine's move went out; PLAY 3,3 then imposed the next one.
    assert_eq!(e.answer(), "3,3");
    e.send(&["PLAY 3,3", "PLAY 99,1"]);
    e.expect_prefix("ERROR");
    e.expect_prefix("ERROR");
}

#[test]
fn swap2board_answers_each_stage() {
    let mut e = started(15);
    e.send(&["SWAP2BOARD", "DONE"]);
    let a = e.answer();
    let stones: Vec<_> = a.split(' ').map(|s| parse_coord(s).expect("x,y")).collect();
    assert_eq!(stones.len(), 3, "{a}");
    assert!(stones[0] != stones[1] && stones[1] != stones[2] && stones[0] != stones[2]);

    e.send(&["SWAP2BOARD", "7,7", "8,7", "9,9", "DONE"]);
    let a = e.answer();
    if a != "SWAP" {
        let moves: Vec<_> = a.split(' ').map(|s| parse_coord(s).expect("x,y")).collect();
        assert!(moves.len() == 1 || moves.len() == 2, "{a}");
        for m in &moves {
            assert!(![(7, 7), (8, 7), (9, 9)].contains(m), "{a}");
        }
    }

    e.send(&["SWAP2BOARD", "7,7", "8,7", "9,9", "8,8", "8,6", "DONE"]);
    let a = e.answer();
    assert!(a == "SWAP" || parse_coord(&a).is_some(), "{a}");
    // The game goes on from the five stones (and the sixth, if played):
    // their points are taken.
    e.send(&["TURN 8,6"]);
    e.expect_prefix("ERROR");
    if let Some((x, y)) = parse_coord(&a) {
        e.send(&[&format!("TURN {x},{y}")]);
        e.expect_prefix("ERROR");
    }

    e.send(&["SWAP2BOARD", "7,7", "8,7", "DONE"]);
    e.expect_prefix("ERROR");
    e.send(&["SWAP2BOARD", "7,7", "7,7", "9,9", "DONE"]);
    e.expect_prefix("ERROR");
}

#[test]
fn yxshowforbid_lists_blacks_renju_forbidden_points() {
    let mut e = started(15);
    e.send(&["INFO rule 4"]);
    // . X X _ . along row 3 and X X under (3,3) on column 3: (3,3) is a
    // double three for black. White's stones are far away. Move order,
    // black first; white to move afterwards, and the list is black's anyway.
    let entries = [
        (1, 3, 1),
        (10, 12, 2),
        (2, 3, 1),
        (11, 12, 2),
        (3, 4, 1),
        (12, 13, 2),
        (3, 5, 1),
    ];
    e.send(&strs(&block("YXBOARD", &entries)));
    e.send(&["YXSHOWFORBID"]);
    let a = e.expect_prefix("FORBID ");
    let body = a.trim_start_matches("FORBID ").trim_end_matches('.');
    let points: Vec<&str> = (0..body.len() / 4)
        .map(|i| &body[4 * i..4 * i + 4])
        .collect();
    assert!(points.contains(&"0303"), "{a}");
    // Freestyle has no forbidden points.
    e.send(&["INFO rule 0", "YXSHOWFORBID"]);
    assert_eq!(e.answer(), "FORBID .");
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    let mut e = started(15);
    e.send(&["INFO rule 4"]);
    // Black to move with the double three at (3,3) as its best-looking
    // point by patterns; black must play elsewhere.
    let entries = [
        (1, 3, 1),
        (10, 12, 2),
        (2, 3, 1),
        (11, 12, 2),
        (3, 4, 1),
        (12, 13, 2),
        (3, 5, 1),
        (13, 0, 2),
    ];
    e.send(&strs(&block("BOARD", &entries)));
    let m = e.expect_move();
    assert_ne!(m, (3, 3));
}

#[test]
fn yxnbest_reports_n_moves_then_plays_the_best() {
    let mut e = started(15);
    e.send(&["TURN 7,7", "YXNBEST 3"]);
    let first = e.expect_move();
    let (notes, a) = e.answer_with_messages();
    let ranked: Vec<_> = notes
        .iter()
        .filter(|n| n.starts_with("MESSAGE ("))
        .collect();
    assert_eq!(ranked.len(), 3, "{notes:?}");
    let best = parse_coord(&a).expect("a move");
    assert!(
        ranked[0].ends_with(&format!("| {},{}", best.0, best.1)),
        "{ranked:?} vs {a}"
    );
    assert_ne!(best, first);
    e.send(&["YXNBEST x"]);
    e.expect_prefix("ERROR");
}

#[test]
fn yxblock_keeps_the_search_off_the_blocked_points() {
    let mut e = started(15);
    let entries = [
        (3, 5, 1),
        (4, 5, 1),
        (5, 5, 1),
        (6, 5, 1),
        (0, 0, 2),
        (0, 2, 2),
        (0, 4, 2),
    ];
    e.send(&strs(&block("YXBOARD", &entries)));
    e.send(&["YXBLOCK", "2,5", "DONE", "YXNBEST 1"]);
    assert_eq!(e.expect_move(), (7, 5));
    e.send(&strs(&block("YXBOARD", &entries)));
    e.send(&[
        "YXBLOCK 7,5 DONE",
        "YXBLOCKUNDO",
        "2,5",
        "DONE",
        "YXNBEST 1",
    ]);
    assert_eq!(e.expect_move(), (2, 5));
    e.send(&strs(&block("YXBOARD", &entries)));
    e.send(&[
        "YXBLOCK",
        "2,5",
        "DONE",
        "YXBLOCKRESET",
        "YXBLOCK",
        "40,40",
        "DONE",
    ]);
    e.expect_prefix("ERROR");
    e.send(&["YXNBEST 1"]);
    let m = e.expect_move();
    assert!(m == (2, 5) || m == (7, 5));
}

#[test]
fn yxhashclear_and_yxshowinfo_answer_messages() {
    let mut e = started(15);
    e.send(&["YXHASHCLEAR", "YXSHOWINFO", "BEGIN"]);
    let (notes, _) = e.answer_with_messages();
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("MESSAGE INFO MAX_THREAD_NUM")),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("MESSAGE INFO MAX_HASH_SIZE")),
        "{notes:?}"
    );
}

#[test]
fn every_move_comes_with_a_search_message() {
    let mut e = started(15);
    e.send(&["BEGIN"]);
    let (notes, _) = e.answer_with_messages();
    let m = notes
        .iter()
        .find(|n| n.starts_with("MESSAGE depth"))
        .expect("search message");
    for key in [" ev ", " n ", " n/ms ", " tm ", " pv "] {
        assert!(m.contains(key), "{m}");
    }
}

#[test]
fn realtime_lines_come_when_asked() {
    let mut e = started(15);
    e.send(&["INFO show_detail 1", "BEGIN"]);
    let (notes, a) = e.answer_with_messages();
    assert!(
        notes.iter().any(|n| n == "MESSAGE REALTIME REFRESH"),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| *n == format!("MESSAGE REALTIME BEST {a}")),
        "{notes:?}"
    );
    // Each realtime report comes with the search line of the moment, and
    // the move's own line follows at the end.
    let search_lines = |notes: &[String]| {
        notes
            .iter()
            .filter(|n| n.starts_with("MESSAGE depth"))
            .count()
    };
    let reports = notes
        .iter()
        .filter(|n| *n == "MESSAGE REALTIME REFRESH")
        .count();
    assert_eq!(search_lines(&notes), reports + 1, "{notes:?}");
    e.send(&["INFO show_detail 0", "TURN 0,0"]);
    let (notes, _) = e.answer_with_messages();
    assert!(!notes.iter().any(|n| n.contains("REALTIME")), "{notes:?}");
    assert_eq!(search_lines(&notes), 1, "{notes:?}");
}

#[test]
fn a_finished_game_takes_no_more_moves() {
    let mut e = started(15);
    // The engine has four and wins with its move.
    let entries = [
        (3, 5, 1),
        (4, 5, 1),
        (5, 5, 1),
        (6, 5, 1),
        (0, 0, 2),
        (0, 2, 2),
        (0, 4, 2),
        (0, 6, 2),
    ];
    e.send(&strs(&block("BOARD", &entries)));
    e.expect_move();
    e.send(&["TURN 10,10", "YXNBEST 1", "PLAY 11,11"]);
    for _ in 0..3 {
        e.expect_prefix("ERROR");
    }
    // An opponent move that makes five ends the game: nothing to answer, and
    // the position stays as it was.
    e.send(&["RESTART"]);
    assert_eq!(e.answer(), "OK");
    let entries = [
        (3, 5, 2),
        (4, 5, 2),
        (5, 5, 2),
        (6, 5, 2),
        (0, 0, 1),
        (0, 2, 1),
        (0, 4, 1),
        (0, 6, 1),
    ];
    e.send(&strs(&block("YXBOARD", &entries)));
    e.send(&["TURN 7,5"]);
    e.expect_prefix("ERROR");
    e.send(&["TAKEBACK 7,5"]);
    e.expect_prefix("ERROR");
}

#[test]
fn every_line_ending_and_any_case_work() {
    let mut e = Engine::spawn();
    e.send_raw(b"start 15\rinfo TIMEOUT_TURN 500\nBeGiN\r\n");
    assert_eq!(e.answer(), "OK");
    e.expect_move();
    e.send_raw(b"turn 0,0\r\r\n\n");
    e.expect_move();
}

#[test]
fn a_continuous_game_marker_is_never_played() {
    let mut e = started(15);
    // Exactly five, continuous game.
    e.send(&["INFO rule 3"]);
    // Own open four with one end marked (field 3): the other end wins.
    let entries = [
        (3, 5, 1),
        (4, 5, 1),
        (5, 5, 1),
        (6, 5, 1),
        (2, 5, 3),
        (0, 0, 2),
        (0, 2, 2),
        (0, 4, 2),
    ];
    e.send(&strs(&block("BOARD", &entries)));
    assert_eq!(e.expect_move(), (7, 5));
    e.send(&["TAKEBACK 2,5"]);
    assert_eq!(e.answer(), "OK");
}

#[test]
fn timeout_turn_zero_and_small_budgets_answer_in_time() {
    let mut e = started(20);
    e.send(&["INFO timeout_turn 0"]);
    let t = Instant::now();
    e.send(&["BEGIN"]);
    e.expect_move();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    e.send(&["INFO timeout_turn 200", "INFO time_left 1000"]);
    for i in 0..5 {
        e.send(&["RESTART"]);
        assert_eq!(e.answer(), "OK");
        let t = Instant::now();
        e.send(&[&format!("TURN {i},0")]);
        e.expect_move();
        assert!(
            t.elapsed() < Duration::from_millis(200),
            "move {i}: {:?}",
            t.elapsed()
        );
    }
}

#[test]
fn end_exits_within_a_second() {
    let mut e = started(15);
    e.send(&["BEGIN"]);
    e.expect_move();
    let t = Instant::now();
    e.send(&["END"]);
    assert!(
        e.wait_exit(Duration::from_secs(1)),
        "still running after END"
    );
    assert!(t.elapsed() < Duration::from_secs(1));
}

#[test]
fn the_end_of_input_ends_the_engine_after_the_queued_commands() {
    let mut e = Engine::spawn();
    e.send(&["START 15", "BEGIN"]);
    e.close_stdin();
    assert_eq!(e.answer(), "OK");
    e.expect_move();
    assert!(e.wait_exit(Duration::from_secs(2)));
}

#[test]
fn bench_runs_and_exits() {
    let mut e = Engine::spawn_with(&["bench"]);
    let first = e.try_line(Duration::from_secs(60));
    assert!(first.is_some(), "bench printed nothing");
    assert!(e.wait_exit(Duration::from_secs(60)));
}

#[test]
fn yxstop_cuts_a_long_search_short() {
    let mut e = started(20);
    e.send(&["INFO timeout_turn 60000", "INFO timeout_match 0"]);
    let t = Instant::now();
    e.send(&["TURN 10,10", "YXSTOP"]);
    e.expect_move();
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    e.expect_silence(QUIET);
}

#[test]
fn end_during_a_long_search_still_exits_within_a_second() {
    let mut e = started(20);
    e.send(&[
        "INFO timeout_turn 60000",
        "INFO timeout_match 0",
        "TURN 10,10",
    ]);
    let t = Instant::now();
    e.send(&["END"]);
    assert!(
        e.wait_exit(Duration::from_secs(1)),
        "still running after END"
    );
    assert!(t.elapsed() < Duration::from_secs(1));
}

#[test]
fn a_short_match_clock_overrides_a_long_turn_limit() {
    let mut e = started(20);
    e.send(&[
        "INFO timeout_turn 60000",
        "INFO timeout_match 300000",
        "INFO time_left 300",
    ]);
    let t = Instant::now();
    e.send(&["TURN 10,10"]);
    e.expect_move();
    assert!(
        t.elapsed() < Duration::from_millis(300),
        "{:?}",
        t.elapsed()
    );
}
