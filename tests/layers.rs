//! The order of layers holds in the code of every crate of the workspace.
//!
//! Each crate's `src/lib.rs` draws its modules as one order of layers, bottom
//! first (a line of the form `` `a` → `b`, `c` → … → `bin` ``). This test
//! reads that line, so the docs and the check cannot drift apart, and checks:
//!
//! - every `crate::` and `super::` path in a module names a module on a lower
//!   layer of the same crate, so nothing imports upward or sideways;
//! - no two files of one folder import each other;
//! - the tools use the engine's library only where the design allows: the
//!   arena referees without the engine's search or evaluation.
//!
//! The engine itself cannot import the tools: they are other packages that
//! depend on it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's crates: their folder and the engine modules (`tengen::…`)
/// each must not use.
const CRATES: &[(&str, &[&str])] = &[
    (".", &[]),
    (
        "crates/arena",
        &["search", "threat", "eval", "position", "net"],
    ),
    ("crates/board", &[]),
    ("crates/tune", &[]),
];

/// Edges inside the engine that its order alone would allow but the design
/// rules out: the opening module decides through an evaluator its caller
/// supplies.
const NOT_USED: &[(&str, &str)] = &[("opening", "search"), ("opening", "threat")];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The layers of the crate in `dir`, bottom first, as its `lib.rs` draws
/// them; modules on one layer are separated by commas.
fn layers(dir: &Path) -> Vec<Vec<String>> {
    let lib = fs::read_to_string(dir.join("src/lib.rs")).unwrap();
    let line = lib
        .lines()
        .map(|l| l.trim_start_matches("//!").trim())
        .find(|l| l.starts_with('`') && l.contains('→') && l.ends_with("`bin`"))
        .unwrap_or_else(|| panic!("{}/src/lib.rs draws no order of layers", dir.display()));
    line.split('→')
        .map(|layer| {
            layer
                .split(',')
                .map(|m| m.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src/`: `["search", "worker"]` for
/// `src/search/worker.rs`, `["search"]` for `src/search/mod.rs`, `[]` for
/// `lib.rs`; the mains (`main.rs`, `bin/…`) belong to the module `bin`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_str().unwrap().to_string())
        .collect();
    if parts.first().is_some_and(|p| p == "bin") || parts == ["main"] {
        return vec!["bin".into()];
    }
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The code of a text, each line without its `//` comment (a `//` inside a
/// string literal is rare enough to be left alone), lines kept in place.
fn code(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.trim_start().starts_with("//") {
                return "";
            }
            match line.find("//") {
                Some(i) if !line[..i].contains('"') => &line[..i],
                _ => line,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths of a use tree starting at byte `i` of `s`: `a::{b, c::d}`
/// gives `[a, b]` and `[a, c, d]`.
fn use_tree(s: &[u8], mut i: usize) -> Vec<Vec<String>> {
    fn skip_space(s: &[u8], i: &mut usize) {
        while *i < s.len() && s[*i].is_ascii_whitespace() {
            *i += 1;
        }
    }
    fn tree(s: &[u8], i: &mut usize) -> Vec<Vec<String>> {
        let mut segs: Vec<String> = Vec::new();
        loop {
            skip_space(s, i);
            if *i < s.len() && s[*i] == b'{' {
                *i += 1;
                let mut paths = Vec::new();
                loop {
                    for p in tree(s, i) {
                        paths.push(segs.iter().cloned().chain(p).collect());
                    }
                    skip_space(s, i);
                    match s.get(*i) {
                        Some(b',') => *i += 1,
                        Some(b'}') => {
                            *i += 1;
                            return paths;
                        }
                        _ => return paths,
                    }
                }
            }
            let start = *i;
            while *i < s.len() && (s[*i].is_ascii_alphanumeric() || s[*i] == b'_') {
                *i += 1;
            }
            if start == *i {
                return if segs.is_empty() { vec![] } else { vec![segs] };
            }
            segs.push(String::from_utf8_lossy(&s[start..*i]).into_owned());
            skip_space(s, i);
            if s[*i..].starts_with(b"::") {
                *i += 2;
            } else {
                return vec![segs];
            }
        }
    }
    tree(s, &mut i)
}

/// Every module path a file's code names through `crate::`, `super::` or
/// (with `extern`) `tengen::`, resolved from the file's own module `me`,
/// each with its line number. A `super::` after an inline `mod name {` (a
/// test module) first climbs out of that inline module.
fn paths_in(text: &str, me: &[String]) -> Vec<(usize, Vec<String>)> {
    let text = code(text);
    let bytes = text.as_bytes();
    let inline_mod = text
        .lines()
        .scan(0, |at, l| {
            let here = *at;
            *at += l.len() + 1;
            Some((here, l))
        })
        .find(|(_, l)| l.trim_start().starts_with("mod ") && l.trim_end().ends_with('{'))
        .map_or(usize::MAX, |(at, _)| at);
    let mut out = Vec::new();
    for (root, _) in text
        .match_indices("crate::")
        .chain(text.match_indices("super::"))
    {
        if root > 0 && (bytes[root - 1].is_ascii_alphanumeric() || bytes[root - 1] == b'_') {
            continue;
        }
        if root > 1 && &bytes[root - 2..root] == b"::" {
            continue;
        }
        let line = text[..root].matches('\n').count() + 1;
        for path in use_tree(bytes, root) {
            let mut base: Vec<String>;
            let mut rest = &path[..];
            if rest.first().is_some_and(|s| s == "crate") {
                base = Vec::new();
                rest = &rest[1..];
            } else {
                // A file `a/b.rs` is module `a::b`; its `super` is `a`.
                base = me.to_vec();
                if root > inline_mod && rest.first().is_some_and(|s| s == "super") {
                    rest = &rest[1..];
                }
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            base.extend(rest.iter().filter(|s| *s != "self").cloned());
            out.push((line, base));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The engine modules a file names as `tengen::name`.
fn engine_modules_in(text: &str) -> Vec<(usize, String)> {
    let text = code(text);
    let mut out = Vec::new();
    for (at, _) in text.match_indices("tengen::") {
        if at > 0
            && (text.as_bytes()[at - 1].is_ascii_alphanumeric() || text.as_bytes()[at - 1] == b'_')
        {
            continue;
        }
        let line = text[..at].matches('\n').count() + 1;
        for path in use_tree(text.as_bytes(), at) {
            if let Some(m) = path.get(1) {
                out.push((line, m.clone()));
            }
        }
    }
    out
}

/// The module paths of a crate's files, and for each file the modules it
/// names (the longest known module path of each path it uses).
struct Crate {
    dir: PathBuf,
    files: BTreeMap<PathBuf, Vec<String>>,
    uses: BTreeMap<PathBuf, Vec<(usize, Vec<String>)>>,
}

fn read_crate(dir: &Path) -> Crate {
    let src = dir.join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    paths.sort();
    let files: BTreeMap<PathBuf, Vec<String>> = paths
        .iter()
        .map(|f| (f.clone(), module_of(&src, f)))
        .collect();
    let known: BTreeSet<&Vec<String>> = files.values().collect();
    let mut uses = BTreeMap::new();
    for (file, me) in &files {
        let text = fs::read_to_string(file).unwrap();
        let mut named: Vec<(usize, Vec<String>)> = paths_in(&text, me)
            .into_iter()
            .filter_map(|(line, path)| {
                (1..=path.len())
                    .rev()
                    .map(|n| path[..n].to_vec())
                    .find(|p| known.contains(p))
                    .filter(|p| p != me)
                    .map(|p| (line, p))
            })
            .collect();
        named.sort();
        named.dedup();
        uses.insert(file.clone(), named);
    }
    Crate {
        dir: dir.to_path_buf(),
        files,
        uses,
    }
}

/// What is wrong with one crate's imports: upward or sideways edges between
/// its top-level modules, files of one folder that import each other, and
/// engine modules it must not use.
fn check_crate(krate: &Crate, forbidden_engine: &[&str]) -> Vec<String> {
    let layers = layers(&krate.dir);
    let mut layer_of: BTreeMap<String, usize> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (i, layer) in layers.iter().enumerate() {
        for m in layer {
            if layer_of.insert(m.clone(), i).is_some() {
                wrong.push(format!("{}: {m} is drawn twice", krate.dir.display()));
            }
        }
    }
    let show = |f: &Path| f.strip_prefix(root()).unwrap_or(f).display().to_string();
    for (file, me) in &krate.files {
        let Some(owner) = me.first() else { continue };
        let Some(&own_layer) = layer_of.get(owner) else {
            wrong.push(format!(
                "{}: module {owner} is not in the order of layers",
                show(file)
            ));
            continue;
        };
        for (line, used) in &krate.uses[file] {
            let top = &used[0];
            if top == owner {
                continue;
            }
            let ok = layer_of.get(top).is_some_and(|&l| l < own_layer)
                && !NOT_USED.contains(&(owner.as_str(), top.as_str()));
            if !ok {
                wrong.push(format!("{}:{line}: {owner} uses {top}", show(file)));
            }
        }
        let text = fs::read_to_string(file).unwrap();
        for (line, m) in engine_modules_in(&text) {
            if forbidden_engine.contains(&m.as_str()) {
                wrong.push(format!("{}:{line}: uses the engine's {m}", show(file)));
            }
        }
    }
    // Files of one folder that import each other.
    for (a, ma) in &krate.files {
        for (b, mb) in &krate.files {
            let siblings =
                !ma.is_empty() && ma.len() == mb.len() && ma[..ma.len() - 1] == mb[..mb.len() - 1];
            if a < b && siblings && ma != mb {
                let names =
                    |x: &Path, m: &Vec<String>| krate.uses[x].iter().any(|(_, u)| u.starts_with(m));
                if names(a, mb) && names(b, ma) {
                    wrong.push(format!("{} and {} import each other", show(a), show(b)));
                }
            }
        }
    }
    wrong
}

#[test]
fn every_crate_keeps_its_order_of_layers() {
    let mut wrong = Vec::new();
    for (dir, forbidden) in CRATES {
        wrong.extend(check_crate(&read_crate(&root().join(dir)), forbidden));
    }
    assert!(
        wrong.is_empty(),
        "imports against the order of layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_module_is_in_the_order_of_layers() {
    for (dir, _) in CRATES {
        let dir = root().join(dir);
        let drawn: Vec<String> = layers(&dir).into_iter().flatten().collect();
        let lib = fs::read_to_string(dir.join("src/lib.rs")).unwrap();
        for line in lib.lines() {
            if let Some(name) = line
                .trim_start_matches("pub ")
                .strip_prefix("mod ")
                .and_then(|l| l.strip_suffix(';'))
            {
                assert!(
                    drawn.iter().any(|m| m == name),
                    "{name} is not drawn in {}'s order",
                    dir.display()
                );
            }
        }
        assert_eq!(drawn.last().map(String::as_str), Some("bin"));
    }
    let engine: Vec<String> = layers(&root()).into_iter().flatten().collect();
    assert_eq!(engine.first().map(String::as_str), Some("rules"));
}

#[test]
fn the_check_sees_every_kind_of_path() {
    let sample = "\
use crate::{board::Pos,
    search::{Limits, params::X}};
// crate::arena is named in a comment only
let x = crate::eval::MATE; // and crate::opening here
use super::worker::Worker;
use super::super::threat;
";
    let me = vec!["search".to_string(), "picker".to_string()];
    let names: Vec<Vec<String>> = paths_in(sample, &me).into_iter().map(|(_, p)| p).collect();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(names.contains(&s(&["board", "Pos"])));
    assert!(names.contains(&s(&["search", "Limits"])));
    assert!(names.contains(&s(&["search", "params", "X"])));
    assert!(names.contains(&s(&["eval", "MATE"])));
    assert!(names.contains(&s(&["search", "worker", "Worker"])));
    assert!(names.contains(&s(&["threat"])));
    assert_eq!(names.len(), 6, "{names:?}");
    // In a test module at the bottom of a file, `super` is the file itself.
    let tests = "fn f() {}\nmod tests {\n    use super::super::worker::W;\n}\n";
    assert_eq!(paths_in(tests, &me)[0].1, s(&["search", "worker", "W"]));
    let engine: Vec<String> =
        engine_modules_in("use tengen::{search::Limits, Board};\nuse tengen::eval;")
            .into_iter()
            .map(|(_, m)| m)
            .collect();
    assert_eq!(engine, ["search", "Board", "eval"]);
}

#[test]
fn the_check_finds_a_pair_of_files_that_import_each_other() {
    let dir = std::env::temp_dir().join(format!("tengen-layers-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(&src).unwrap();
    fs::write(
        src.join("lib.rs"),
        "//! `a`, `b` → `c` → `bin`\npub mod a;\npub mod b;\npub mod c;\n",
    )
    .unwrap();
    fs::write(src.join("a.rs"), "use super::b::X;\n").unwrap();
    fs::write(src.join("b.rs"), "use crate::a::Y;\n").unwrap();
    fs::write(src.join("c.rs"), "use crate::a::Y;\n").unwrap();
    let wrong = check_crate(&read_crate(&dir), &[]);
    fs::remove_dir_all(&dir).unwrap();
    assert!(
        wrong.iter().any(|w| w.ends_with("import each other")),
        "{wrong:?}"
    );
    assert!(wrong.iter().any(|w| w.contains("a uses b")), "{wrong:?}");
    assert!(!wrong.iter().any(|w| w.contains("c uses")), "{wrong:?}");
}
