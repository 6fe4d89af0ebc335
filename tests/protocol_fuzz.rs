//! Random and malformed command sequences thrown at the protocol layer in
//! process (parser and session), from a seeded generator written here.
//!
//! Checked for every command: nothing panics; every line written is a well
//! formed answer; an `ERROR` leaves the position and the blocked points as
//! they were; a move answered is a stone on the board afterwards.
//!
//! `TENGEN_FUZZ_SEQUENCES` sets the number of sequences (default 100,000)
//! and `TENGEN_FUZZ_SEED` the first seed, for longer runs.

mod protocol_support;

use protocol_support::{parse_coord, well_formed, Engine};
use std::panic::{self, AssertUnwindSafe};
use std::time::Duration;
use std::time::Instant;
use tengen::protocol::{Flow, Incoming, Parser, Session};

/// splitmix64: small, seeded, good enough to pick test cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        tengen::board::splitmix64(&mut self.0)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// A number as a manager might send it, sometimes absurd.
fn number(rng: &mut Rng, usual: u64) -> String {
    match rng.below(20) {
        0 => "-1".into(),
        1 => "99999999999999999999999".into(),
        2 => "2147483647".into(),
        3 => "x".into(),
        4 => String::new(),
        5 => "-2147483648".into(),
        _ => rng.below(usual).to_string(),
    }
}

/// A coordinate, mostly on a board of about `size`.
fn coord(rng: &mut Rng, size: u64) -> String {
    match rng.below(25) {
        0 => format!("{},{}", size, rng.below(size)),
        1 => "-1,3".into(),
        2 => "3".into(),
        3 => ",".into(),
        4 => format!("{},{},{}", rng.below(size), rng.below(size), rng.below(4)),
        5 => format!("{} , {}", rng.below(size), rng.below(size)),
        6 => "a,b".into(),
        _ => format!("{},{}", rng.below(size), rng.below(size)),
    }
}

fn random_case(rng: &mut Rng, word: &str) -> String {
    match rng.below(4) {
        0 => word.to_ascii_lowercase(),
        1 => word
            .chars()
            .map(|c| {
                if rng.chance(50) {
                    c.to_ascii_lowercase()
                } else {
                    c
                }
            })
            .collect(),
        _ => word.to_string(),
    }
}

/// One command's lines.
fn command(rng: &mut Rng, size: u64) -> Vec<String> {
    const INFO_KEYS: [&str; 16] = [
        "timeout_turn",
        "timeout_match",
        "time_left",
        "max_memory",
        "game_type",
        "rule",
        "folder",
        "evaluate",
        "thread_num",
        "hash_size",
        "max_depth",
        "max_node",
        "show_detail",
        "caution_factor",
        "",
        "RULE",
    ];
    let word = |rng: &mut Rng, w: &str| random_case(rng, w);
    let mut lines = Vec::new();
    match rng.below(32) {
        0..=2 => {
            let n = if rng.chance(80) {
                (5 + rng.below(12)).to_string()
            } else {
                number(rng, 40)
            };
            lines.push(format!("{} {n}", word(rng, "START")));
        }
        3 => lines.push(format!(
            "{} {},{}",
            word(rng, "RECTSTART"),
            number(rng, 36),
            number(rng, 36)
        )),
        4 => lines.push(word(rng, "RESTART")),
        5 => lines.push(word(rng, "BEGIN")),
        6..=9 => lines.push(format!("{} {}", word(rng, "TURN"), coord(rng, size))),
        10 => lines.push(format!("{} {}", word(rng, "PLAY"), coord(rng, size))),
        11 | 12 => lines.push(format!("{} {}", word(rng, "TAKEBACK"), coord(rng, size))),
        13..=15 => {
            let head = rng.pick(&["BOARD", "YXBOARD"]);
            lines.push(word(rng, head));
            let most = if rng.chance(80) { 12 } else { 60 };
            let n = rng.below(most);
            for _ in 0..n {
                let f = if rng.chance(90) {
                    1 + rng.below(2)
                } else {
                    rng.below(5)
                };
                let (x, y) = (rng.below(size), rng.below(size));
                lines.push(match rng.below(30) {
                    0 => coord(rng, size),
                    1 => format!("{x},{y}"),
                    _ => format!("{x},{y},{f}"),
                });
            }
            if rng.chance(95) {
                lines.push(word(rng, "DONE"));
            }
        }
        16 => {
            lines.push(word(rng, "SWAP2BOARD"));
            let n = *[0, 3, 5, 3, 0, 1, 4, 6]
                .get(rng.below(8) as usize)
                .unwrap_or(&0);
            for _ in 0..n {
                lines.push(coord(rng, size));
            }
            lines.push(word(rng, "DONE"));
        }
        17..=20 => {
            let key = rng.pick(&INFO_KEYS);
            let value = match key {
                "rule" | "RULE" => rng
                    .pick(&["0", "1", "2", "3", "4", "5", "8", "9", "16", "x"])
                    .to_string(),
                "evaluate" => coord(rng, size),
                "folder" => rng.pick(&["/tmp/tengen-fuzz", "", "C:\\x y"]).to_string(),
                // Keep table sizes small: a real table is allocated here.
                "hash_size" => rng.below(2048).to_string(),
                "max_memory" => rng
                    .pick(&["0", "1", "83886080", "10485760", "-3"])
                    .to_string(),
                "thread_num" => (1 + rng.below(3)).to_string(),
                // Never 0 (no limit): every search in the fuzz stays within
                // a small node budget, whatever the clock says.
                "max_node" => (1 + rng.below(200)).to_string(),
                "timeout_turn" | "timeout_match" | "time_left" => rng
                    .pick(&["0", "1", "5", "20", "-100", "2147483647", "x"])
                    .to_string(),
                _ => number(rng, 100),
            };
            lines.push(format!("{} {key} {value}", word(rng, "INFO")));
        }
        21 => {
            let w = rng.pick(&[
                "ABOUT",
                "YXSHOWINFO",
                "YXHASHCLEAR",
                "YXBLOCKRESET",
                "STOP",
                "YXSTOP",
            ]);
            lines.push(word(rng, w));
        }
        22 | 23 => lines.push(word(rng, "YXSHOWFORBID")),
        24 => lines.push(format!("{} {}", word(rng, "YXNBEST"), number(rng, 6))),
        25 => {
            let w = rng.pick(&["YXBLOCK", "YXBLOCKUNDO"]);
            lines.push(word(rng, w));
            for _ in 0..rng.below(5) {
                lines.push(coord(rng, size));
            }
            lines.push(word(rng, "DONE"));
        }
        26 => lines.push(word(rng, "DONE")),
        27 => {
            // Garbage bytes, including control characters.
            let len = rng.below(40);
            let s: String = (0..len).map(|_| char::from(rng.below(128) as u8)).collect();
            lines.push(s);
        }
        28 => lines.push(String::new()),
        29 => {
            let w = rng.pick(&["YXBALANCEONE", "SUGGEST", "FOO", "yxboardx"]);
            let w = word(rng, w);
            lines.push(format!("{w} {}", coord(rng, size)));
        }
        30 => lines.push(format!(
            "YXBOARD {} {} DONE",
            coord(rng, size) + ",1",
            coord(rng, size) + ",2"
        )),
        _ => lines.push(word(rng, "END")),
    }
    lines
}

/// The state an `ERROR` must leave alone.
fn fingerprint(session: &Session) -> Option<(String, u64, usize, Vec<String>)> {
    session.board().map(|b| {
        (
            b.to_string(),
            b.hash(),
            b.history().len(),
            session.blocked().iter().map(|p| p.to_string()).collect(),
        )
    })
}

/// How often each kind of answer came, to see that the sequences reach
/// deep into the protocol rather than stopping at the parser.
#[derive(Default, Debug)]
struct Tally {
    ok: u64,
    error: u64,
    unknown: u64,
    moves: u64,
    forbid: u64,
    other: u64,
    silent: u64,
}

/// Runs one sequence; returns the number of commands.
fn sequence(seed: u64, session: &mut Session, tally: &mut Tally) -> usize {
    let mut rng = Rng(seed);
    let mut parser = Parser::new();
    let size = if rng.chance(70) {
        5 + rng.below(11)
    } else {
        5 + rng.below(28)
    };
    let mut count = 0;
    let mut seq = 0;
    let start = format!("START {size}");
    let setup = if rng.chance(90) {
        vec![start]
    } else {
        Vec::new()
    };
    let mut script: Vec<Vec<String>> = vec![setup];
    for _ in 0..1 + rng.below(10) {
        script.push(command(&mut rng, size));
    }
    for lines in script {
        for line in lines {
            for parsed in parser.feed(&line) {
                seq += 1;
                count += 1;
                let before = fingerprint(session);
                let mut out = Vec::new();
                let flow = session
                    .handle(&Incoming::now(parsed.clone(), seq), &mut out)
                    .expect("writing to a Vec");
                let text = String::from_utf8(out).expect("answers are UTF-8");
                let answers: Vec<&str> = text
                    .lines()
                    .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
                    .collect();
                for l in text.lines() {
                    assert!(
                        well_formed(l),
                        "seed {seed}: {parsed:?} answered malformed {l:?}"
                    );
                }
                assert!(
                    text.is_empty() || text.ends_with('\n'),
                    "seed {seed}: unterminated {text:?}"
                );
                assert!(
                    answers.len() <= 1,
                    "seed {seed}: {parsed:?} answered {answers:?}"
                );
                match answers.first() {
                    None => tally.silent += 1,
                    Some(&"OK") => tally.ok += 1,
                    Some(a) if a.starts_with("ERROR") => tally.error += 1,
                    Some(a) if a.starts_with("UNKNOWN") => tally.unknown += 1,
                    Some(a) if a.starts_with("FORBID") => tally.forbid += 1,
                    Some(a) if parse_coord(a).is_some() => tally.moves += 1,
                    Some(_) => tally.other += 1,
                }
                if let Some(a) = answers.first() {
                    if a.starts_with("ERROR") && before.is_some() {
                        assert_eq!(
                            before,
                            fingerprint(session),
                            "seed {seed}: {parsed:?} changed the state and answered {a}"
                        );
                    }
                    if let Some((x, y)) = parse_coord(a) {
                        let board = session.board().expect("a move needs a board");
                        let p = board
                            .pos(x as i64, y as i64)
                            .expect("the move is on the board");
                        assert!(
                            board.stone(p).is_some(),
                            "seed {seed}: {a} is not on the board after {parsed:?}"
                        );
                    }
                }
                if flow == Flow::Exit {
                    return count;
                }
            }
        }
    }
    count
}

/// A session whose searches stop after a few dozen nodes on one thread,
/// so that a sequence costs microseconds however the clock is set; the
/// generator never sends `max_node 0`, which would lift the limit.
fn bounded_session() -> Session {
    let mut session = Session::default();
    let mut parser = Parser::default();
    for line in ["INFO max_node 60", "INFO thread_num 1"] {
        for parsed in parser.feed(line) {
            let mut out = Vec::new();
            session
                .handle(&Incoming::now(parsed, 0), &mut out)
                .expect("writing to a Vec");
            assert!(out.is_empty(), "{line}: {}", String::from_utf8_lossy(&out));
        }
    }
    session
}

#[test]
fn random_command_sequences_never_panic_and_answer_well() {
    let total: u64 = std::env::var("TENGEN_FUZZ_SEQUENCES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let first: u64 = std::env::var("TENGEN_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let started = Instant::now();
    let mut commands = 0;
    let mut session = bounded_session();
    let mut tally = Tally::default();
    for seed in first..first + total {
        // A fresh session now and then; in between, state carries over from
        // one sequence to the next, as in a long-running process.
        if seed % 64 == 0 {
            session = bounded_session();
        }
        let result = panic::catch_unwind(AssertUnwindSafe(|| {
            sequence(seed, &mut session, &mut tally)
        }));
        match result {
            Ok(n) => commands += n,
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_string()))
                    .unwrap_or_default();
                panic!("sequence with seed {seed} failed: {msg}");
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{total} sequences, {commands} commands in {secs:.1} s ({:.0} sequences/s)",
        total as f64 / secs
    );
    eprintln!("{tally:?}");
    // The sequences must reach the game, not only the parser's errors.
    assert!(
        tally.moves > total / 4 && tally.ok > total / 4 && tally.forbid > 0,
        "{tally:?}"
    );
}

/// The same generator over the real binary's pipes, with random line
/// endings: the engine must still be alive and answering at the end.
#[test]
fn random_input_through_the_real_binary() {
    let mut rng = Rng(0x7465_6E67_656E);
    let mut e = Engine::spawn();
    let mut input = Vec::new();
    let mut commands = 0;
    while commands < 3_000 {
        for line in command(&mut rng, 15) {
            if line.trim().eq_ignore_ascii_case("END") {
                continue;
            }
            input.extend_from_slice(line.as_bytes());
            let ending: &[u8] = match rng.below(3) {
                0 => b"\r\n",
                1 => b"\n",
                _ => b"\r",
            };
            input.extend_from_slice(ending);
        }
        commands += 1;
    }
    // Close any block left open, then send a command the generator never
    // makes and wait for its answer.
    input.extend_from_slice(b"DONE\nLASTCOMMAND\n");
    e.send_raw(&input);
    loop {
        let line = e
            .try_line(Duration::from_secs(30))
            .expect("the engine stopped answering");
        if line == "UNKNOWN command 'LASTCOMMAND'" {
            break;
        }
    }
    e.send(&["START 15", "BEGIN"]);
    assert_eq!(e.answer(), "OK");
    e.expect_move();
}
