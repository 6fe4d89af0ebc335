//! The `tengen-arena` binary: a smoke tournament as CI runs it, clear
//! errors for bad configurations, and Ctrl-C keeping finished games.

mod arena_support;

use arena_support::{examples_dir, out_dir, process_alive, succeeded};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn arena() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tengen-arena"))
}

fn example(name: &str) -> String {
    examples_dir().join(name).display().to_string()
}

/// The arena with `n` seeded greedy engines, named `a`, `b`, `c`, … and
/// seeded 1, 2, 3, …
fn greedy_field(n: usize) -> Command {
    let greedy = example("greedy_engine");
    let mut c = arena();
    for i in 0..n {
        let name = char::from(b'a' + i as u8);
        c.args(["-e", &format!("{name}={greedy} --seed {}", i + 1)]);
    }
    c
}

#[test]
fn smoke_tournament() {
    let out = out_dir("smoke");
    let openings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../openings/freestyle-15.txt"
    );
    let result = greedy_field(3)
        .args([
            "-f",
            "round-robin",
            "-n",
            "2",
            "-j",
            "2",
            "-q",
            "--turn-time",
            "2s",
        ])
        .args([
            "-o",
            openings,
            "--order",
            "random",
            "--symmetry",
            "--summary",
            "both",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .expect("arena runs");
    let stdout = succeeded(&result);
    assert!(
        stdout.contains("points") && stdout.contains("endings:"),
        "{stdout}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 12, "3 bouts x 2 pairs x 2 games");
    let points: u64 = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_u64().unwrap())
        .sum();
    assert_eq!(points, 24);
    for g in games {
        let reason = g["outcome"]["reason"].as_str().unwrap();
        assert!(
            ["five", "full-board", "dead-draw"].contains(&reason),
            "{reason}"
        );
        assert!(g["opening"].as_str().unwrap().starts_with("freestyle-15-"));
    }
    let csv = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert_eq!(csv.lines().count(), 13);
    let n_psq = std::fs::read_dir(out.join("games"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "psq")
        })
        .count();
    assert_eq!(n_psq, 12);
}

#[test]
fn bad_configurations_get_one_clear_error() {
    let greedy = example("greedy_engine");
    let cases: [(&[&str], &str); 5] = [
        (
            &["-e", "/no/such/engine", "-e", "x"],
            "is not an executable file",
        ),
        (&["-r", "go"], "unknown rule `go`"),
        (&["-s", "33"], "outside 5..=32"),
        (&["-o", "/no/such/openings.txt"], "cannot read opening file"),
        (&["--turn-time", "soon"], "is not a duration"),
    ];
    for (args, message) in cases {
        let out = out_dir("bad");
        let result = arena()
            .args(["-e", &format!("a={greedy}"), "-e", &format!("b={greedy}")])
            .args(args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(!out.exists(), "no game started");
    }
    // An opening that does not fit.
    let dir = out_dir("bad-opening");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("far.txt");
    std::fs::write(&file, "0,0, 0,9\n").unwrap();
    let result = arena()
        .args([
            "-e",
            &format!("a={greedy}"),
            "-e",
            &format!("b={greedy}"),
            "-o",
        ])
        .arg(&file)
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1));
    assert!(stderr.contains("does not fit a 15x15 board"), "{stderr}");
}

#[test]
fn ctrl_c_keeps_finished_games_and_kills_engines() {
    let out = out_dir("interrupt");
    let hang = example("broken_engine");
    // The second bout's engine hangs on its third move with a long turn
    // limit, so the tournament is still running when interrupted.
    let mut child = greedy_field(2)
        .args([
            "-f",
            "gauntlet",
            "-n",
            "1",
            "-j",
            "1",
            "-q",
            "--turn-time",
            "60s",
        ])
        .args(["-e", &format!("h={hang} hang --at 3 --seed 8642097")])
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the hung engine is running (the first bout is over by then).
    let t = Instant::now();
    while !process_alive("8642097") {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "the hanging engine never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let t = Instant::now();
    let code = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s.code();
        }
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "the arena did not stop"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(code, Some(130));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(json["interrupted"], true);
    let games = json["games"].as_array().unwrap();
    assert!(games.len() >= 2, "the first bout's games are kept");
    assert!(games
        .iter()
        .all(|g| g["black_name"] != "h" && g["white_name"] != "h"));
    // Give the kernel a moment to reap, then check the engine is gone.
    std::thread::sleep(Duration::from_millis(200));
    assert!(!process_alive("8642097"), "the hung engine was killed");
}

#[test]
fn ranks_show_beside_the_ratings() {
    let out = out_dir("ranks");
    let result = greedy_field(3)
        .args([
            "-f",
            "rr",
            "-n",
            "2",
            "-q",
            "--turn-time",
            "2s",
            "--ranks",
            "350",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .expect("arena runs");
    let stdout = succeeded(&result);
    assert!(stdout.lines().next().unwrap().contains("rank"), "{stdout}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    for row in json["standings"].as_array().unwrap() {
        // The ladder: 100 points a step, 1段 from 100, 1级 from 0 down.
        let elo = row["elo"].as_f64().unwrap() + 350.0;
        let step = (elo / 100.0).floor().clamp(-8.0, 9.0) as i64;
        let want = if step <= 0 {
            format!("{}级", 1 - step)
        } else {
            format!("{step}段")
        };
        assert_eq!(row["rank"].as_str(), Some(want.as_str()), "{row}");
        assert!(stdout.contains(&want), "{stdout}");
    }
}

#[test]
fn the_rulebook_preset_plays_a_real_tournament() {
    // Renju under RIF with `--rulebook`: an opener whose first stone is off
    // the centre is corrected, not forfeited; any tied places would be
    // played off, so the final order is printed; overtime would lose
    // without grace.
    let broken = example("broken_engine");
    let out = out_dir("rulebook");
    let result = greedy_field(2)
        .args([
            "-f",
            "rr",
            "-n",
            "1",
            "-q",
            "--turn-time",
            "2s",
            "--rulebook",
        ])
        .args(["-r", "renju", "--opening-rule", "rif", "--seed", "3"])
        .args(["-e", &format!("off={broken} opening-offcentre")])
        .arg("--out")
        .arg(&out)
        .output()
        .expect("arena runs");
    let stdout = succeeded(&result);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert!(json["time_control"]
        .as_str()
        .unwrap()
        .contains("no tolerance"));
    let games = json["games"].as_array().unwrap();
    assert!(games.len() >= 6);
    let mut corrected = 0;
    for g in games {
        assert_ne!(g["outcome"]["reason"], "opening-rule", "{g}");
        if let Some(notes) = g["notes"].as_array() {
            assert!(notes.iter().all(|n| n.as_str().unwrap().contains("centre")));
            corrected += notes.len();
        }
    }
    assert!(corrected >= 1, "the off-centre opener opened at least once");
    // With play-offs on, the final order is settled and printed.
    assert!(stdout.contains("placement: "), "{stdout}");
}

/// The most resident memory a process has had (`VmHWM`), in kB.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn an_engine_flooding_its_output_loses_and_the_arena_stays_small() {
    // The engine writes 200 MB without a newline at its first move: the
    // reader cuts the line at 16 kB, the answer is garbage, and the
    // arena's memory stays within a few MB of its usual size.
    let broken = example("broken_engine");
    let out = out_dir("flood");
    let mut child = greedy_field(1)
        .args(["-n", "1", "-q", "--turn-time", "10s"])
        .args(["-e", &format!("f={broken} flood")])
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arena runs");
    let pid = child.id();
    let mut peak = 0;
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        peak = peak.max(peak_kb(pid).unwrap_or(0));
        assert!(started.elapsed() < Duration::from_secs(60), "the run hangs");
        std::thread::sleep(Duration::from_millis(5));
    }
    let result = child.wait_with_output().unwrap();
    succeeded(&result);
    assert!(peak > 0 && peak < 64 * 1024, "peak {peak} kB");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    for g in json["games"].as_array().unwrap() {
        assert_eq!(g["outcome"]["reason"], "garbage", "{}", g["outcome"]);
        let detail = g["outcome"]["detail"].as_str().unwrap();
        assert!(detail.len() < 200, "{detail}");
    }
    assert!(started.elapsed() < Duration::from_secs(20));
}
