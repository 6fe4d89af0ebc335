//! The engine's command-line options: `--threads N`, `--nodes N`,
//! `--no-vct`, `--quiescence`, `--local-fours`, `--no-local-fours` and
//! `--threat-extension`
//! start the protocol with those settings; anything else is refused with
//! exit code 2 and a usage line, before any protocol output.

use std::io::Write;
use std::process::{Command, Stdio};

fn engine(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("engine starts");
    // The engine may exit before reading its input; a broken pipe is fine.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("engine ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn options_start_the_protocol() {
    let input = "START 15\nINFO timeout_turn 100\nBOARD\n7,7,1\n8,8,2\n7,8,1\nDONE\nEND\n";
    for args in [
        &["--threads", "1"][..],
        &["--no-vct"],
        &["--threads", "2", "--no-vct"],
        &["--nodes", "5000", "--quiescence", "--threat-extension"],
        &["--nodes", "5000", "--local-fours"],
        &["--nodes", "5000", "--no-local-fours"],
    ] {
        let (code, out, err) = engine(args, input);
        assert_eq!(code, 0, "{args:?}: {err}");
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
            .collect();
        assert_eq!(lines.len(), 2, "{args:?}: {out}");
        assert_eq!(lines[0], "OK");
        let (x, y) = lines[1].split_once(',').expect("a move");
        let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(x < 15 && y < 15 && ![(7, 7), (8, 8), (7, 8)].contains(&(x, y)));
    }
}

#[test]
fn bad_options_are_refused() {
    for args in [
        &["--threads"][..],
        &["--threads", "0"],
        &["--threads", "many"],
        &["--fast"],
        &["--nodes"],
        &["--nodes", "0"],
        &["--nodes", "-5"],
        &["bench", "--threads", "1"],
    ] {
        let (code, out, err) = engine(args, "START 15\nEND\n");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains("usage: pbrain-tengen"), "{args:?}: {err}");
    }
}

/// `--nodes` bounds a move that the turn limit would let run for 30 s: the
/// search line's node count stays within the limit plus what the threat
/// solvers may add on top (each at most half of it).
#[test]
fn the_node_limit_binds_before_the_clock() {
    let input = "START 15\nINFO timeout_turn 30000\nBOARD\n7,7,1\n8,8,2\n7,8,1\nDONE\nEND\n";
    let (code, out, err) = engine(&["--threads", "1", "--nodes", "20000"], input);
    assert_eq!(code, 0, "{err}");
    let nodes: u64 = out
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("MESSAGE depth "))
        .and_then(|l| l.split_whitespace().skip_while(|w| *w != "n").nth(1))
        .and_then(|n| n.parse().ok())
        .expect("a search line with a node count");
    assert!(nodes > 0 && nodes <= 60_000, "{nodes} nodes: {out}");
}
