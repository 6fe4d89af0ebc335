//! Moves in a period (`--stages`) through the real binary: before every
//! move each engine hears the period it is in, not only the first.

mod arena_support;

use arena_support::{examples_dir, out_dir, succeeded};
use std::process::Command;

/// The values of `INFO timeout_match` sent to `name`, in order, from a
/// game's transcript (`ms.us NAME > LINE`).
fn timeout_match_sent(log: &str, name: &str) -> Vec<u64> {
    log.lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace().skip(1);
            (words.next() == Some(name) && words.next() == Some(">"))
                .then(|| words.collect::<Vec<_>>())
        })
        .filter(|w| w.len() == 3 && w[0] == "INFO" && w[1] == "timeout_match")
        .filter_map(|w| w[2].parse().ok())
        .collect()
}

/// The number of move requests (`BEGIN`, `BOARD`, `TURN`) sent to `name`.
fn requests_to(log: &str, name: &str) -> usize {
    log.lines()
        .filter(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w.len() >= 4
                && w[1] == name
                && w[2] == ">"
                && matches!(w[3], "BEGIN" | "BOARD" | "TURN")
        })
        .count()
}

#[test]
fn every_move_hears_the_timeout_match_of_its_own_period() {
    // Two moves in 2 s, then 1.5 s for every later move: from each
    // engine's third move on, timeout_match must say 1500.
    let greedy = examples_dir().join("greedy_engine").display().to_string();
    let out = out_dir("periods");
    succeeded(
        &Command::new(env!("CARGO_BIN_EXE_tengen-arena"))
            .args(["-n", "1", "-q", "--stages", "2/2s,0/1500ms", "--log"])
            .args(["-e", &format!("a={greedy} --seed 1")])
            .args(["-e", &format!("b={greedy} --seed 2")])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap(),
    );
    let mut logs = 0;
    for entry in std::fs::read_dir(out.join("games")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension() != Some(std::ffi::OsStr::new("log")) {
            continue;
        }
        logs += 1;
        let log = std::fs::read_to_string(&path).unwrap();
        for name in ["a", "b"] {
            let sent = timeout_match_sent(&log, name);
            let moves = requests_to(&log, name);
            assert!(moves >= 4, "{name} was asked for {moves} moves:\n{log}");
            // Once at START, then before each of its moves.
            assert_eq!(sent.len(), moves + 1, "{name}:\n{log}");
            assert_eq!(&sent[..3], [2000, 2000, 2000], "{name}:\n{log}");
            assert!(sent[3..].iter().all(|&v| v == 1500), "{name}: {sent:?}");
        }
    }
    assert_eq!(logs, 2, "two games, two transcripts");
}
