//! `tengen-arena merge` refuses shards played under different settings,
//! and says which setting differs and how.

mod arena_support;

use arena_support::{examples_dir, out_dir, succeeded};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn arena() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tengen-arena"))
}

/// Shard `k` of 2 of a two-pair match between seeded greedy engines,
/// with `extra` options, into a fresh directory.
fn shard(k: usize, tag: &str, extra: &[&str]) -> PathBuf {
    shard_with(k, tag, "", extra)
}

/// The same, with `b_words` after the second engine's command.
fn shard_with(k: usize, tag: &str, b_words: &str, extra: &[&str]) -> PathBuf {
    let greedy = examples_dir().join("greedy_engine").display().to_string();
    let out = out_dir(tag);
    succeeded(
        &arena()
            .args(["-n", "2", "-q", "--turn-time", "3s"])
            .args(["-e", &format!("a={greedy} --seed 4")])
            .args(["-e", &format!("b={greedy} --seed 5 {b_words}")])
            .args(["--shard", &format!("{k}/2")])
            .args(extra)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap(),
    );
    out
}

fn merge(dirs: &[&Path]) -> Output {
    arena()
        .arg("merge")
        .arg("--out")
        .arg(out_dir("merge-out"))
        .args(dirs)
        .output()
        .unwrap()
}

fn refusal(dirs: &[&Path]) -> String {
    let o = merge(dirs);
    assert!(
        !o.status.success(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    String::from_utf8_lossy(&o.stderr).to_string()
}

#[test]
fn shards_played_under_other_settings_are_refused_with_the_difference() {
    let first = shard(1, "merge-first", &[]);
    let second = shard(2, "merge-second", &[]);
    succeeded(&merge(&[&first, &second]));
    // Each setting that changes how games are played, and the words the
    // refusal must hold: the setting and both values.
    let cases: &[(&[&str], &[&str])] = &[
        (&["--tolerance", "5s"], &["tolerance", "5000", "500"]),
        (&["--no-shows-lose"], &["no-shows-lose", "true", "false"]),
        (
            &["--max-memory", "1"],
            &["max-memory", "1048576", "367001600"],
        ),
        (
            &["--start-timeout", "9s"],
            &["start-timeout", "9000", "5000"],
        ),
        (&["--reuse-engines"], &["reuse-engines", "true", "false"]),
        (&["--draw-after", "40"], &["draw-after", "40", "none"]),
    ];
    for (i, (extra, words)) in cases.iter().enumerate() {
        let other = shard(2, &format!("merge-other-{i}"), extra);
        let e = refusal(&[&first, &other]);
        assert!(e.contains("of another run"), "{extra:?}: {e}");
        for w in *words {
            assert!(e.contains(w), "{extra:?}: `{w}` missing in {e}");
        }
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // An engine paced or not.
    let paced = shard_with(2, "merge-settle", "settle=20ms", &[]);
    let e = refusal(&[&first, &paced]);
    assert!(e.contains("--seed 5 settle=20ms` against `"), "{e}");
    // The renju opening rules played with corrections or without.
    let rif = ["-r", "renju", "--opening-rule", "rif"];
    let strict = shard(1, "merge-rif", &rif);
    let corrected = shard(
        2,
        "merge-rif-corrections",
        &[&rif[..], &["--corrections"]].concat(),
    );
    let e = refusal(&[&strict, &corrected]);
    assert!(
        e.contains("--opening-rule `rif with corrections` against `rif`"),
        "{e}"
    );
}

/// Removes from a shard's plan the settings that older versions did not
/// record, as such a version wrote it.
fn as_older(dir: &Path) {
    let path = dir.join("shard.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let plan = json["plan"].as_object_mut().unwrap();
    for key in [
        "tolerance_ms",
        "start_timeout_ms",
        "max_memory",
        "no_shows_lose",
        "reuse_engines",
    ] {
        assert!(plan.remove(key).is_some(), "{key}");
    }
    std::fs::write(&path, json.to_string()).unwrap();
}

#[test]
fn shards_of_an_older_version_merge_together_but_not_with_newer_ones() {
    let first = shard(1, "merge-old-first", &[]);
    let second = shard(2, "merge-old-second", &[]);
    as_older(&first);
    let e = refusal(&[&first, &second]);
    assert!(
        e.contains("not recorded (a shard of an older tengen-arena)"),
        "{e}"
    );
    as_older(&second);
    succeeded(&merge(&[&first, &second]));
}
