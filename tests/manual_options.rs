//! Every option of every binary of the workspace appears in the manual
//! (`docs/src/`), and every option the manual names for a binary exists.
//!
//! The options are read from the binaries themselves: `--help` of each, and
//! of each subcommand its help lists. The binaries of the other packages are
//! found beside this test's own (`cargo test --workspace` builds them all).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's binaries.
const BINARIES: &[&str] = &[
    "pbrain-tengen",
    "tengen-arena",
    "tengen-board",
    "eval_tune",
    "defence_set",
    "make_openings",
    "game_lengths",
];

/// Options every clap binary has, which the manual need not list.
const IMPLIED: &[&str] = &["--help", "--version"];

/// A binary of the workspace: beside this package's own, in the same
/// target folder (`cargo test --workspace` builds them all).
fn binary(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_BIN_EXE_pbrain-tengen")).with_file_name(name);
    assert!(
        path.is_file(),
        "{} is missing: run `cargo test --workspace`",
        path.display()
    );
    path
}

/// The help text of `bin` with `args` (stdout and stderr: the engine prints
/// its usage line on stdout for `--help`).
fn help(bin: &Path, args: &[&str]) -> String {
    let out = Command::new(bin)
        .args(args)
        .arg("--help")
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{} {args:?} --help failed: {}",
        bin.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// Every long option (`--name`) a text names.
fn long_options(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices("--") {
        if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'-') {
            continue;
        }
        let name: String = text[i + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if name.starts_with(|c: char| c.is_ascii_lowercase()) {
            found.insert(format!("--{}", name.trim_end_matches('-')));
        }
    }
    found
}

/// The subcommands a clap help lists under `Commands:`.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// Every option of a binary, over its subcommands too.
fn options_of(name: &str) -> BTreeSet<String> {
    let bin = binary(name);
    let top = help(&bin, &[]);
    let mut options = long_options(&top);
    for sub in subcommands(&top) {
        options.extend(long_options(&help(&bin, &[&sub])));
    }
    options.retain(|o| !IMPLIED.contains(&o.as_str()));
    options
}

fn manual() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src");
    let mut text = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            text += &std::fs::read_to_string(&path).unwrap();
        }
    }
    text
}

#[test]
fn every_option_of_every_binary_is_in_the_manual() {
    let manual = long_options(&manual());
    let mut missing = Vec::new();
    for name in BINARIES {
        let options = options_of(name);
        assert!(!options.is_empty(), "{name} lists no options");
        for o in options {
            if !manual.contains(&o) {
                missing.push(format!("{name} {o}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "options missing from docs/src/:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_option_in_the_manual_belongs_to_a_binary() {
    let mut known: BTreeSet<String> = BINARIES.iter().flat_map(|b| options_of(b)).collect();
    known.extend(IMPLIED.iter().map(|s| s.to_string()));
    // The test engines' options and the board's hidden engine mode, as
    // their sources spell them.
    for source in [
        "crates/arena/examples/greedy_engine.rs",
        "crates/arena/examples/broken_engine.rs",
        "crates/board/src/cli.rs",
    ] {
        let text =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(source)).unwrap();
        for o in long_options(&text) {
            if text.contains(&format!("\"{o}\"")) {
                known.insert(o);
            }
        }
    }
    // Options of other programs that the manual shows in its examples.
    let foreign = [
        "--release",
        "--workspace",
        "--bin",
        "--example",
        "--test",
        "--bench",
        "--lib",
        "--ignored",
        "--all",
        "--all-targets",
        "--check",
        "--no-deps",
        "--tests",
        "--features",
        "--array",
        "--cpus-per-task",
        "--no-fail-fast",
        "--locked",
        "--headless",
        "--nocapture",
        "--test-threads",
        "--exact",
        "--include-ignored",
        "--depth",
        "--examples",
        "--manifest-path",
    ];
    known.extend(foreign.iter().map(|s| s.to_string()));
    let unknown: Vec<String> = long_options(&manual())
        .into_iter()
        .filter(|o| !known.contains(o))
        .collect();
    assert!(
        unknown.is_empty(),
        "the manual names options that no binary has:\n{}",
        unknown.join("\n")
    );
}

/// [`BINARIES`] names every binary the workspace has: each `[[bin]]` of
/// the root's and every crate's `Cargo.toml`, and each `src/bin/*.rs`.
#[test]
fn every_binary_of_the_workspace_is_checked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut packages = vec![root.to_path_buf()];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        packages.push(entry.unwrap().path());
    }
    let mut found = BTreeSet::new();
    for package in &packages {
        let manifest = std::fs::read_to_string(package.join("Cargo.toml")).unwrap();
        let mut in_bin = false;
        for line in manifest.lines() {
            if line.starts_with('[') {
                in_bin = line == "[[bin]]";
            } else if let Some(name) = line.strip_prefix("name = ").filter(|_| in_bin) {
                found.insert(name.trim_matches('"').to_string());
            }
        }
        if let Ok(files) = std::fs::read_dir(package.join("src/bin")) {
            for file in files {
                let path = file.unwrap().path();
                found.insert(path.file_stem().unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let unlisted: Vec<&String> = found
        .iter()
        .filter(|b| !BINARIES.contains(&b.as_str()))
        .collect();
    assert!(found.len() >= BINARIES.len(), "{found:?}");
    assert!(
        unlisted.is_empty(),
        "binaries missing from BINARIES: {unlisted:?}"
    );
}

#[test]
fn options_are_read_as_written() {
    let text = "Use `--turn-time 5s`, --max-memory=64 and -e a=b; not a-- b or ---x.\n\
                Commands:\n  merge  Merges\n  help   Print\n\nOptions:";
    let found: Vec<String> = long_options(text).into_iter().collect();
    assert_eq!(found, ["--max-memory", "--turn-time"]);
    assert_eq!(subcommands(text), ["merge"]);
}
