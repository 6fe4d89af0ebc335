//! `tengen-board`'s HTTP interface, on the real binary: the token and the
//! host check, bad engine indices, bad records refused with the game
//! unchanged, a renju foul refused with its reason, the engine answering,
//! and a tournament folder read while `tengen-arena` plays in it.

mod board_support;

use board_support::{http, start_arena, temp_dir, write, Board, DOUBLE_THREE_SGF};
use std::process::Command;
use std::time::Duration;

const HUMANS: &str = r#"{"width":15,"height":15,"rule":"renju","black":{"kind":"human"},"white":{"kind":"human"},"turn_ms":500}"#;

/// A new game's request: `None` seats a person, `Some(i)` engine i.
fn setup(
    rule: &str,
    black: Option<usize>,
    white: Option<usize>,
    turn_ms: u64,
    opening: Option<&str>,
) -> String {
    let seat = |s: Option<usize>| match s {
        None => serde_json::json!({"kind": "human"}),
        Some(i) => serde_json::json!({"kind": "engine", "engine": i}),
    };
    serde_json::json!({
        "width": 15, "height": 15, "rule": rule, "black": seat(black), "white": seat(white),
        "turn_ms": turn_ms, "opening": opening,
    })
    .to_string()
}

#[test]
fn requests_without_the_token_or_for_another_host_are_refused() {
    let b = Board::start(&[]);
    let (status, body) = http(&b.addr, "GET", "/api/state", &[], b"");
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("token"), "{body}");
    let (status, _) = http(
        &b.addr,
        "POST",
        "/api/play",
        &["x-tengen-token: wrong"],
        br#"{"x":7,"y":7}"#,
    );
    assert_eq!(status, 403);
    let token = format!("x-tengen-token: {}", b.token);
    let evil = "Host: evil.example:80";
    let (status, body) = http(&b.addr, "GET", "/api/state", &[&token, evil], b"");
    assert_eq!(status, 403, "a foreign host name is refused: {body}");
    let local = format!("Host: localhost:{}", b.addr.rsplit(':').next().unwrap());
    let (status, _) = http(&b.addr, "GET", "/api/state", &[&token, &local], b"");
    assert_eq!(status, 200);
    // The token in the query works (the event stream needs it).
    let (status, _) = http(
        &b.addr,
        "GET",
        &format!("/api/state?token={}", b.token),
        &[],
        b"",
    );
    assert_eq!(status, 200);
    // Nothing was played by the refused requests.
    assert_eq!(b.game()["stones"].as_array().unwrap().len(), 0);
    // The page itself needs no token, and carries no data.
    let (status, page) = http(&b.addr, "GET", "/", &[], b"");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\">"));
}

#[test]
fn bad_engine_indices_and_bad_requests_are_refused() {
    let b = Board::start(&[]);
    let names = b.get("/api/state")["engines"].clone();
    assert_eq!(names, serde_json::json!(["Tengen"]));
    let bad_seat = setup("renju", None, Some(1), 500, None);
    let (status, body) = b.post("/api/new", &bad_seat);
    assert_eq!(status, 400);
    assert!(
        body["error"].as_str().unwrap().contains("no engine 1"),
        "{body}"
    );
    let (status, body) = b.post("/api/analyse", r#"{"engine":7,"nbest":2}"#);
    assert_eq!(status, 400);
    assert!(
        body["error"].as_str().unwrap().contains("no engine 7"),
        "{body}"
    );
    let (status, _) = b.post("/api/analyse", r#"{"engine":0,"nbest":99}"#);
    assert_eq!(status, 400);
    for bad in [
        HUMANS.replace("renju", "chess"),
        HUMANS.replace(r#""width":15"#, r#""width":4"#),
        HUMANS.replace(r#""turn_ms":500"#, r#""turn_ms":1"#),
        HUMANS.replace(r#""turn_ms":500"#, r#""turn_ms":500,"command":"rm -rf /""#),
        r#"{"x":1}"#.to_string(),
        "not json".to_string(),
    ] {
        let (status, body) = b.post("/api/new", &bad);
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body["error"].is_string());
    }
    let (status, _) = b.post("/api/play", r#"{"x":"7","y":7}"#);
    assert_eq!(status, 400);
    let (status, body) = b.call("GET", "/api/save?format=exe", b"");
    assert_eq!(status, 400, "{body}");
    let (status, body) = b.call("GET", "/api/arena", b"");
    assert_eq!(status, 400);
    assert!(body.contains("--watch"), "{body}");
}

#[test]
fn bad_records_get_a_clear_error_and_change_nothing() {
    let b = Board::start(&[]);
    let (status, _) = b.post("/api/new", HUMANS);
    assert_eq!(status, 200);
    let (status, _) = b.post("/api/play", r#"{"x":7,"y":7}"#);
    assert_eq!(status, 200);
    let before = b.game()["stones"].clone();
    let oversized = vec![b'x'; 100 * 1024];
    let too_big = vec![b'x'; 300 * 1024];
    let cases: Vec<(&[u8], &str)> = vec![
        (b"", "empty"),
        (b"Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", "taken"),
        (b"Piskvorky 99x99, 11:11, 0\n", "out of range"),
        (b"(;GM[4]SZ[15];B[hh];B[ii])", "out of turn"),
        (b"(;GM[4]SZ[15];B[hh](;W[ii]))", "variations"),
        (b"(;GM[4]SZ[15];B[h", "not closed"),
        // Black's fifth stone on a double three is a foul, not a record.
        (
            b"(;GM[4]SZ[15]RU[renju];B[hh];W[aa];B[ih];W[ac];B[jf];W[ae];B[jg];W[ag];B[jh])",
            "forbidden",
        ),
        (&[0xff, 0x00, 0xfe], "UTF-8"),
        (&oversized, "at most"),
    ];
    for (bytes, why) in cases {
        let (status, body) = b.call("POST", "/api/load", bytes);
        assert_eq!(status, 400, "{why}: {body}");
        assert!(body.contains(why), "{why}: {body}");
        assert_eq!(b.game()["stones"], before, "{why}");
    }
    let (status, _) = b.call("POST", "/api/load", &too_big);
    assert_eq!(status, 413);
    // The server is still there, and a good record loads.
    let (status, body) = b.call("POST", "/api/load", DOUBLE_THREE_SGF.as_bytes());
    assert_eq!(status, 200, "{body}");
    assert_eq!(b.game()["stones"].as_array().unwrap().len(), 8);
    // Saved and loaded again, the record is the same game.
    let (_, psq) = b.call("GET", "/api/save?format=psq", b"");
    let (_, sgf) = b.call("GET", "/api/save?format=sgf", b"");
    assert!(
        psq.starts_with("Piskvorky 15x15") && sgf.contains("GM[4]"),
        "{psq}\n{sgf}"
    );
    let stones = b.game()["stones"].clone();
    for text in [psq, sgf] {
        let (status, body) = b.call("POST", "/api/load", text.as_bytes());
        assert_eq!(status, 200, "{body}");
        assert_eq!(b.game()["stones"], stones);
    }
}

#[test]
fn a_renju_foul_is_refused_with_its_reason() {
    let b = Board::start(&[]);
    let (status, _) = b.call("POST", "/api/load", DOUBLE_THREE_SGF.as_bytes());
    assert_eq!(status, 200);
    let g = b.game();
    assert!(
        g["forbidden"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["x"] == 9 && f["y"] == 7 && f["kind"] == "double three"),
        "{}",
        g["forbidden"]
    );
    let (status, body) = b.post("/api/play", r#"{"x":9,"y":7}"#);
    assert_eq!(status, 400);
    let why = body["error"].as_str().unwrap();
    assert!(why.contains("j8") && why.contains("double three"), "{why}");
    assert_eq!(b.game()["stones"], g["stones"]);
    let (status, body) = b.post("/api/play", r#"{"x":99,"y":7}"#);
    assert_eq!(status, 400, "{body}");
}

#[test]
fn the_engine_answers_and_reports_its_search() {
    let b = Board::start(&[]);
    let setup = setup("renju", None, Some(0), 500, None);
    let (status, body) = b.post("/api/new", &setup);
    assert_eq!(status, 200, "{body}");
    let (status, _) = b.post("/api/play", r#"{"x":7,"y":7}"#);
    assert_eq!(status, 200);
    let g = b.wait_game(Duration::from_secs(30), |g| {
        g["stones"].as_array().unwrap().len() == 2
    });
    assert_eq!(g["stones"][1]["color"], "white");
    let t = &g["analysis"]["thought"];
    assert!(
        t["depth"].as_u64().unwrap() >= 1 && !t["pv"].as_array().unwrap().is_empty(),
        "{g}"
    );
    assert_eq!(g["evals"].as_array().unwrap().len(), 1, "{g}");
    // Undo takes back the engine's stone and the person's.
    let (status, _) = b.post("/api/undo", "");
    assert_eq!(status, 200);
    assert_eq!(b.game()["stones"].as_array().unwrap().len(), 0);
    // The N best moves of the position after black's first stone.
    let (status, _) = b.post("/api/redo", "");
    assert_eq!(status, 200);
    let (status, body) = b.post("/api/analyse", r#"{"engine":0,"nbest":3}"#);
    assert_eq!(status, 200, "{body}");
    let g = b.wait_game(Duration::from_secs(30), |g| {
        g["analysis"]["running"] == false
    });
    assert_eq!(g["analysis"]["best"].as_array().unwrap().len(), 3, "{g}");
}

#[test]
fn a_remote_address_needs_its_own_flag() {
    let out = Command::new(env!("CARGO_BIN_EXE_tengen-board"))
        .args(["--listen", "0.0.0.0", "--port", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--allow-remote"));
    let out = Command::new(env!("CARGO_BIN_EXE_tengen-board"))
        .args(["-e", "/no/such/engine"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an executable"));
}

#[test]
fn a_tournament_folder_is_read_inside_and_followed_live() {
    let dir = temp_dir("watch");
    let out = dir.join("run");
    // Two games, each move a quarter second, so the first one runs a while.
    std::fs::create_dir_all(&out).unwrap();
    let mut arena = start_arena(&out, 250);
    let b = Board::start(&["--watch", out.to_str().unwrap()]);
    // A live game appears and grows.
    let mut seen_live = None;
    for _ in 0..200 {
        let o = b.get("/api/arena");
        let live: Vec<_> = o["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["live"] == true)
            .cloned()
            .collect();
        if let Some(g) = live.first() {
            if g["moves"].as_u64().unwrap() >= 2 {
                seen_live = Some(g.clone());
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let live = seen_live.expect("a running game shows in live/");
    let file = live["file"].as_str().unwrap().to_string();
    let first = b.get(&format!("/api/arena/game?file={file}"));
    assert_eq!(first["live"], true);
    let n = first["stones"].as_array().unwrap().len();
    // While the game stays live it grows: a stone every quarter second,
    // given up to ten seconds on a loaded machine.
    let mut grown = false;
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(100));
        let (_, later) = b.call("GET", &format!("/api/arena/game?file={file}"), b"");
        let Ok(later) = serde_json::from_str::<serde_json::Value>(&later) else {
            // The game ended and its live file is gone.
            grown = true;
            break;
        };
        if later["live"] != true || later["stones"].as_array().unwrap().len() > n {
            grown = true;
            break;
        }
    }
    assert!(grown, "the live game grows");
    assert!(arena.wait().unwrap().success());
    let o = b.get("/api/arena");
    let games = o["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{o}");
    assert!(
        games
            .iter()
            .all(|g| g["live"] == false && g["result"].is_string()),
        "{o}"
    );
    let standings = o["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 2);
    let points: u64 = standings
        .iter()
        .map(|s| s["points"].as_u64().unwrap())
        .sum();
    assert_eq!(points, 4, "two games, two points each");
    assert!(standings.iter().all(|s| s["elo"].is_number()));
    let finished = games[0]["file"].as_str().unwrap();
    let g = b.get(&format!("/api/arena/game?file={finished}"));
    assert!(g["stones"].as_array().unwrap().len() >= 9);
    // Nothing outside the folder is read, by name or by link.
    write(&dir, "secret.psq", "Piskvorky 15x15, 11:11, 0\n1,1,0\n");
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("secret.psq"), out.join("games/link.psq")).unwrap();
    for name in [
        "../../secret.psq",
        "..%2F..%2Fsecret.psq",
        "link.psq",
        "%2Fetc%2Fpasswd",
    ] {
        let (status, body) = b.call("GET", &format!("/api/arena/game?file={name}"), b"");
        assert_eq!(status, 404, "{name}: {body}");
    }
}

#[test]
fn a_person_plays_a_rif_opening_against_the_engine() {
    let b = Board::start(&[]);
    let first = setup("renju", None, Some(0), 300, Some("rif"));
    let (status, body) = b.post("/api/new", &first);
    assert_eq!(status, 200, "{body}");
    let o = &body["opening"];
    assert_eq!(
        (o["rule"].as_str(), o["seat"]["kind"].as_str()),
        (Some("rif"), Some("human"))
    );
    assert_eq!(o["prompt"][0]["kind"], "opening");
    // Not one of the 26 openings: refused with the rulebook's reason.
    let (status, body) = b.post("/api/opening", r#"{"reply":"0,0 1,1 2,2"}"#);
    assert_eq!(status, 400, "{body}");
    assert!(b.game()["opening"]["stones"].as_array().unwrap().is_empty());
    // Ordinary moves wait for the opening.
    let (status, _) = b.post("/api/play", r#"{"x":7,"y":7}"#);
    assert_eq!(status, 400);
    // 長星 Chōsei; then the engine, as the tentative white, swaps or plays
    // move 4, and the stage comes back to the person.
    let (status, body) = b.post("/api/opening", r#"{"reply":"7,7 8,6 9,5"}"#);
    assert_eq!(status, 200, "{body}");
    let g = b.wait_game(Duration::from_secs(60), |g| {
        g["opening"]["seat"]["kind"] == "human" && g["thinking"].is_null()
    });
    assert!(g["engine_error"].is_null(), "{g}");
    let o = &g["opening"];
    let stones = o["stones"].as_array().unwrap().len();
    assert!(stones == 3 || stones == 4, "{o}");

    // The person in the second seat: the engine places the opening, the
    // person swaps, the engine (now white) plays move 4, and the person
    // (now black) may not swap again.
    let human_to_answer =
        |g: &serde_json::Value| g["opening"]["seat"]["kind"] == "human" && g["thinking"].is_null();
    let (status, body) = b.post("/api/new", &setup("renju", Some(0), None, 300, Some("rif")));
    assert_eq!(status, 200, "{body}");
    let g = b.wait_game(Duration::from_secs(60), human_to_answer);
    assert_eq!(g["opening"]["stones"].as_array().unwrap().len(), 3, "{g}");
    let (status, body) = b.post("/api/opening", r#"{"reply":"SWAP"}"#);
    assert_eq!(status, 200, "{body}");
    let g = b.wait_game(Duration::from_secs(60), human_to_answer);
    assert!(g["engine_error"].is_null(), "{g}");
    assert_eq!(g["opening"]["stones"].as_array().unwrap().len(), 4, "{g}");
    let (status, body) = b.post("/api/opening", r#"{"reply":"SWAP"}"#);
    assert_eq!(status, 400, "{body}");
}

#[test]
fn engines_play_each_other_until_paused() {
    let b = Board::start(&[]);
    let setup = setup("standard", Some(0), Some(0), 100, None);
    let (status, body) = b.post("/api/new", &setup);
    assert_eq!(status, 200, "{body}");
    b.wait_game(Duration::from_secs(60), |g| {
        g["stones"].as_array().unwrap().len() >= 4
    });
    let (status, _) = b.post("/api/pause", "");
    assert_eq!(status, 200);
    // The move being thought about may still come, then nothing more.
    let g = b.wait_game(Duration::from_secs(30), |g| g["thinking"].is_null());
    let n = g["stones"].as_array().unwrap().len();
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(b.game()["stones"].as_array().unwrap().len(), n);
    let (status, _) = b.post("/api/pause", "");
    assert_eq!(status, 400, "paused already");
    let (status, _) = b.post("/api/go", "");
    assert_eq!(status, 200);
    b.wait_game(Duration::from_secs(60), |g| {
        g["stones"].as_array().unwrap().len() > n
    });
}

#[test]
fn a_rectangular_board_is_played_with_the_engine() {
    let b = Board::start(&[]);
    let rect = setup("freestyle", None, Some(0), 300, None)
        .replace(r#""width":15"#, r#""width":20"#)
        .replace(r#""height":15"#, r#""height":9"#);
    let (status, body) = b.post("/api/new", &rect);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["cells"].as_array().unwrap().len(), 180);
    let (status, body) = b.post("/api/play", r#"{"x":19,"y":8}"#);
    assert_eq!(status, 200, "{body}");
    let (status, _) = b.post("/api/play", r#"{"x":5,"y":9}"#);
    assert_eq!(status, 400, "row 9 is off a board 9 rows high");
    let g = b.wait_game(Duration::from_secs(30), |g| {
        g["stones"].as_array().unwrap().len() == 2
    });
    let s = &g["stones"][1];
    assert!(
        s["x"].as_u64().unwrap() < 20 && s["y"].as_u64().unwrap() < 9,
        "{g}"
    );
    assert!(g["engine_error"].is_null(), "{g}");
    let (_, sgf) = b.call("GET", "/api/save?format=sgf", b"");
    assert!(sgf.contains("SZ[20:9]"), "{sgf}");
}
