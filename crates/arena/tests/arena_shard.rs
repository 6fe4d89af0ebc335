//! Sharded runs: N `tengen-arena --shard K/N` processes, merged with
//! `tengen-arena merge`, play the same games as one whole run and give the
//! same table.

mod arena_support;

use arena_support::{examples_dir, out_dir, succeeded};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn arena() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tengen-arena"))
}

/// A round robin of three seeded greedy engines over random openings in
/// random symmetries: everything the seed decides is exercised.
fn tournament(out: &Path, extra: &[&str]) -> Command {
    let greedy = examples_dir().join("greedy_engine").display().to_string();
    let openings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../openings/freestyle-15.txt"
    );
    let mut c = arena();
    c.args(["-f", "round-robin", "-n", "3", "-q", "--turn-time", "3s"])
        .args(["-e", &format!("a={greedy} --seed 1")])
        .args(["-e", &format!("b={greedy} --seed 2")])
        .args(["-e", &format!("c={greedy} --seed 3")])
        .args(["-o", openings, "--order", "random", "--symmetry"])
        .args(["--seed", "7"])
        .args(extra)
        .arg("--out")
        .arg(out);
    c
}

fn summary(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap()
}

/// Every game by number: who had black and white, the opening, the
/// stones, the result.
fn games(summary: &Value) -> Vec<(u64, String, String, String, String, String)> {
    let mut v: Vec<_> = summary["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let stones: Vec<String> = g["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| format!("{},{}", m["x"], m["y"]))
                .collect();
            (
                g["id"].as_u64().unwrap(),
                g["black_name"].to_string(),
                g["white_name"].to_string(),
                g["opening"].to_string(),
                stones.join(" "),
                format!("{} {}", g["outcome"]["winner"], g["outcome"]["reason"]),
            )
        })
        .collect();
    v.sort();
    v
}

/// The table without the thinking times, which differ from run to run.
fn table(summary: &Value) -> Vec<String> {
    summary["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{} {} {} {:.3}",
                r["name"], r["points"], r["record"], r["elo"]
            )
        })
        .collect()
}

fn file_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn three_shards_merged_equal_the_whole_run() {
    let whole = out_dir("shard-whole");
    succeeded(&tournament(&whole, &[]).output().unwrap());

    // The three shards run as three processes at once.
    let dirs: Vec<PathBuf> = (1..=3).map(|k| out_dir(&format!("shard-{k}"))).collect();
    let children: Vec<_> = dirs
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let k = format!("{}/3", i + 1);
            tournament(d, &["--shard", &k])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        succeeded(&c.wait_with_output().unwrap());
    }
    // Disjoint slices, each a whole number of colour-swapped pairs.
    let mut ids: Vec<u64> = Vec::new();
    for d in &dirs {
        let part = games(&summary(d));
        assert!(!part.is_empty() && part.len() % 2 == 0, "{}", part.len());
        ids.extend(part.iter().map(|g| g.0));
    }
    ids.sort_unstable();
    assert_eq!(ids, (1..=18).collect::<Vec<u64>>(), "3 bouts x 3 pairs x 2");

    let merged = out_dir("shard-merged");
    let stdout = succeeded(
        &arena()
            .arg("merge")
            .arg("--out")
            .arg(&merged)
            .args(["--summary", "both"])
            .args(&dirs)
            .output()
            .unwrap(),
    );
    assert!(stdout.contains("merged 18 games"), "{stdout}");
    let (w, m) = (summary(&whole), summary(&merged));
    assert_eq!(
        games(&w),
        games(&m),
        "same openings, colours, moves, results"
    );
    assert_eq!(table(&w), table(&m), "same table");
    assert_eq!(w["pairs"].to_string(), m["pairs"].to_string());
    assert_eq!(
        file_names(&whole.join("games")),
        file_names(&merged.join("games"))
    );
    let pgn = |d: &Path| std::fs::read_to_string(d.join("games.pgn")).unwrap();
    assert_eq!(pgn(&whole), pgn(&merged), "one PGN list, in game order");
    let csv = std::fs::read_to_string(merged.join("summary.csv")).unwrap();
    assert_eq!(csv.lines().count(), 19);
    let text = std::fs::read_to_string(merged.join("table.txt")).unwrap();
    assert!(text.contains("endings:"), "{text}");

    // A shard missing, a shard given twice, a run of another plan.
    let fail = |args: &[&Path]| {
        let o = arena()
            .arg("merge")
            .arg("--out")
            .arg(out_dir("shard-bad"))
            .args(args)
            .output()
            .unwrap();
        assert!(!o.status.success());
        String::from_utf8_lossy(&o.stderr).to_string()
    };
    let e = fail(&[&dirs[0], &dirs[1]]);
    assert!(e.contains("missing shards: 3/3"), "{e}");
    let e = fail(&[&dirs[0], &dirs[1], &dirs[1]]);
    assert!(e.contains("shard 2/3 is given twice"), "{e}");
    let e = fail(&[&whole]);
    assert!(e.contains("output of a --shard run"), "{e}");
    let other = out_dir("shard-other");
    succeeded(
        &tournament(&other, &["--shard", "3/3", "--draw-after", "40"])
            .output()
            .unwrap(),
    );
    let e = fail(&[&dirs[0], &dirs[1], &other]);
    assert!(e.contains("of another run"), "{e}");
}

#[test]
fn a_sharded_match_reports_one_sprt_and_elimination_refuses_shards() {
    let greedy = examples_dir().join("greedy_engine").display().to_string();
    let run = |out: &Path, extra: &[&str]| {
        arena()
            .args(["-n", "2", "-q", "--turn-time", "3s"])
            .args(["-e", &format!("a={greedy} --seed 4")])
            .args(["-e", &format!("b={greedy} --seed 5")])
            .args(extra)
            .arg("--out")
            .arg(out)
            .output()
            .unwrap()
    };
    let dirs: Vec<PathBuf> = (1..=2).map(|k| out_dir(&format!("sprt-{k}"))).collect();
    for (i, d) in dirs.iter().enumerate() {
        let k = format!("{}/2", i + 1);
        succeeded(&run(d, &["--sprt", "0,50", "--shard", &k]));
    }
    let merged = out_dir("sprt-merged");
    let stdout = succeeded(
        &arena()
            .arg("merge")
            .arg("--out")
            .arg(&merged)
            .args(&dirs)
            .output()
            .unwrap(),
    );
    assert!(
        stdout.contains("LOS") && stdout.contains("SPRT LLR"),
        "{stdout}"
    );
    let s = summary(&merged);
    assert_eq!(
        s["head_to_head"]["record"]["wins"].as_u64().unwrap()
            + s["head_to_head"]["record"]["draws"].as_u64().unwrap()
            + s["head_to_head"]["record"]["losses"].as_u64().unwrap(),
        4
    );

    let o = run(
        &out_dir("shard-se"),
        &["-f", "single-elimination", "--shard", "1/2"],
    );
    assert!(!o.status.success());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("--shard splits a schedule fixed in advance") && e.lines().count() == 1,
        "{e}"
    );
    let o = run(&out_dir("shard-bad"), &["--shard", "3/2"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("shard `3/2` is not K/N"), "{e}");
}
