//! Pacing an engine that drops commands (`-e "NAME=COMMAND settle=…"`):
//! the test engine in mode `drops-late` ignores any command arriving
//! within `--delay` ms of its own last output line, as Rapfi does. Against
//! an opponent that answers at once it loses; paced, it plays cleanly, and
//! the time it was held is not charged to its clock.

mod arena_support;

use arena_support::{examples_dir, out_dir, succeeded};
use serde_json::Value;
use std::process::Command;

/// A one-pair match of the dropping engine (`late`) against the greedy
/// one, with `settle` on the dropping engine when given; the summary.
fn play(settle: Option<&str>) -> Value {
    let dir = examples_dir();
    let mut late = format!(
        "late={} drops-late --delay 150 --seed 1",
        dir.join("broken_engine").display()
    );
    if let Some(s) = settle {
        late.push_str(&format!(" settle={s}"));
    }
    let greedy = format!("greedy={} --seed 3", dir.join("greedy_engine").display());
    let out = out_dir("pacing");
    succeeded(
        &Command::new(env!("CARGO_BIN_EXE_tengen-arena"))
            .args(["-n", "1", "-q", "--turn-time", "1s", "--tolerance", "100ms"])
            .args(["--game-time", "1500ms"])
            .args(["-e", &late, "-e", &greedy])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap(),
    );
    serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap()
}

fn games(s: &Value) -> &Vec<Value> {
    s["games"].as_array().unwrap()
}

#[test]
fn a_dropping_engine_loses_unpaced_and_plays_cleanly_with_settle() {
    // Unpaced: its move request lands within 150 ms of its last line and
    // is dropped; it waits and loses on time.
    let s = play(None);
    assert_eq!(games(&s).len(), 2);
    for g in games(&s) {
        let late = if g["black_name"] == "late" {
            "black"
        } else {
            "white"
        };
        assert_ne!(g["outcome"]["winner"], late, "{g}");
        assert!(
            g["outcome"]["reason"]
                .as_str()
                .unwrap()
                .starts_with("time-"),
            "{}",
            g["outcome"]
        );
    }
    // Paced with 250 ms: every line waits until it has been quiet that
    // long, and no game is lost on time. It is held about 250 ms a move,
    // over a game far more than its 1.5 s game time, yet its recorded
    // thinking times stay small.
    let s = play(Some("250ms"));
    assert_eq!(games(&s).len(), 2);
    for g in games(&s) {
        let mut held_moves = 0;
        let reason = g["outcome"]["reason"].as_str().unwrap();
        assert!(!reason.starts_with("time-"), "{}", g["outcome"]);
        let late = if g["black_name"] == "late" {
            "black"
        } else {
            "white"
        };
        for m in g["moves"].as_array().unwrap() {
            if m["color"] == late && m["opening"] != true {
                held_moves += 1;
                let ms = m["time_ms"].as_u64().unwrap();
                assert!(ms < 200, "a move charged {ms} ms: {g}");
            }
        }
        assert!(held_moves >= 10, "{held_moves} moves held: {g}");
    }
}
