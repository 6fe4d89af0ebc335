//! Code shared by the arena integration tests: the test engines built
//! from `examples/`, temporary output directories and record checks.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tengen_arena::engine::EngineSpec;
use tengen_arena::game::GameRecord;
use tengen_arena::records::{read_psq, read_sgf};
use tengen_arena::{Summary, TournamentConfig};

/// The directory holding the built examples (next to the test binary's
/// target directory).
pub fn examples_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target/<profile>");
    profile_dir.join("examples")
}

/// A binary of another package of the workspace (`pbrain-tengen`): beside this
/// package's own, in the same target folder (`cargo test --workspace`
/// builds them all).
pub fn workspace_bin(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_BIN_EXE_tengen-arena")).with_file_name(name);
    assert!(
        path.is_file(),
        "{} is missing: run `cargo test --workspace`",
        path.display()
    );
    path
}

/// An engine built from an example, with arguments.
pub fn engine(name: &str, example: &str, args: &[&str]) -> EngineSpec {
    let path = examples_dir().join(example);
    assert!(
        path.is_file(),
        "{} is missing: build the examples",
        path.display()
    );
    EngineSpec {
        name: name.to_string(),
        command: path,
        args: args.iter().map(|s| s.to_string()).collect(),
        settle: Duration::ZERO,
    }
}

/// The greedy test engine with a seed.
pub fn greedy(name: &str, seed: u64) -> EngineSpec {
    engine(name, "greedy_engine", &["--seed", &seed.to_string()])
}

/// The broken test engine in a mode.
pub fn broken(name: &str, mode: &str, extra: &[&str]) -> EngineSpec {
    let mut args = vec![mode];
    args.extend_from_slice(extra);
    engine(name, "broken_engine", &args)
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh, empty (not yet created) output directory.
pub fn out_dir(tag: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir()
        .join("tengen-arena-tests")
        .join(format!("{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A quick configuration: generous turn time (games end on the board,
/// not on the clock), short START timeout, records into a temp dir.
pub fn config(engines: Vec<EngineSpec>, tag: &str) -> TournamentConfig {
    let mut c = TournamentConfig::new(engines);
    c.game.tc.turn = Some(Duration::from_secs(3));
    c.game.tc.tolerance = Duration::from_millis(200);
    c.game.start_timeout = Duration::from_secs(3);
    c.out_dir = Some(out_dir(tag));
    c
}

/// Checks every game's `.psq` and `.sgf` against its moves, and that the
/// PGN list has one entry per game with the right result.
pub fn check_records(config: &TournamentConfig, summary: &Summary) {
    let dir = config.out_dir.as_ref().expect("records written");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).expect("games.pgn");
    assert_eq!(
        pgn.matches("[Result ").count(),
        summary.games.len(),
        "one PGN entry per game"
    );
    for g in &summary.games {
        let base = dir
            .join("games")
            .join(format!("{:05}_{}_vs_{}", g.id, g.black_name, g.white_name));
        let psq = std::fs::read_to_string(base.with_extension("psq")).expect("psq written");
        let stones: Vec<(usize, usize)> = g
            .moves
            .iter()
            .filter(|m| !m.pass)
            .map(|m| (m.x, m.y))
            .collect();
        let passes = g.moves.iter().filter(|m| m.pass).count();
        if passes == 0 {
            assert_eq!(read_psq(&psq).unwrap(), stones, "psq of game {}", g.id);
        } else {
            // Passes are written as -1,-1, which the stone reader refuses.
            assert_eq!(psq.matches("\n-1,-1,").count(), passes, "{psq}");
            assert!(read_psq(&psq).is_err());
        }
        let code = match g.outcome.winner {
            Some(tengen::Color::Black) => "1",
            Some(tengen::Color::White) => "2",
            None => "0",
        };
        assert_eq!(
            psq.lines().last(),
            Some(format!("{code},{}", g.rule).as_str()),
            "psq result of game {}",
            g.id
        );
        let sgf = std::fs::read_to_string(base.with_extension("sgf")).expect("sgf written");
        let sgf_stones: Vec<(usize, usize)> = read_sgf(&sgf)
            .unwrap()
            .into_iter()
            .map(|(_, x, y)| (x, y))
            .collect();
        assert_eq!(sgf_stones, stones, "sgf of game {}", g.id);
        assert!(sgf.contains(&format!("PB[{}]", g.black_name)));
        let result = match g.outcome.winner {
            _ if g.outcome.both_lose => "*",
            Some(tengen::Color::Black) => "1-0",
            Some(tengen::Color::White) => "0-1",
            None => "1/2-1/2",
        };
        let entry = format!(
            "[White \"{}\"]\n[Black \"{}\"]\n[Result \"{result}\"]",
            g.black_name, g.white_name
        );
        assert!(pgn.contains(&entry), "pgn entry of game {}", g.id);
    }
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("summary.json")).expect("summary.json"),
    )
    .expect("summary.json parses");
    assert_eq!(
        json["games"].as_array().map(Vec::len),
        Some(summary.games.len())
    );
}

/// The games an engine (by index) played, with its result in each.
pub fn games_of(summary: &Summary, engine: usize) -> Vec<&GameRecord> {
    summary
        .games
        .iter()
        .filter(|g| g.black == engine || g.white == engine)
        .collect()
}

/// Whether any process still runs with `marker` among its arguments.
pub fn process_alive(marker: &str) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return false;
    };
    dir.flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .map(|c| c.split(|&b| b == 0).any(|arg| arg == marker.as_bytes()))
            .unwrap_or(false)
    })
}

/// The standard output of a process that must have succeeded (its output
/// and errors shown if it did not).
pub fn succeeded(result: &std::process::Output) -> String {
    let stdout = String::from_utf8_lossy(&result.stdout).to_string();
    assert!(
        result.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&result.stderr)
    );
    stdout
}
