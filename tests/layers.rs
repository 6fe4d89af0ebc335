//! The order of layers drawn in `src/lib.rs` holds in the code: every
//! `crate::` path in a module names a module on a lower layer, so nothing
//! imports upward or sideways and no two modules form a cycle.
//!
//! The order is read from the crate docs themselves (the line of the form
//! `` `rules` → `pattern` → … ``), so the docs and this check cannot drift
//! apart.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Edges the order alone would allow but the design rules out: the opening
/// module decides through an evaluator its caller supplies, and the arena
/// referees without the engine's search.
const NOT_USED: &[(&str, &str)] = &[
    ("opening", "search"),
    ("opening", "threat"),
    ("arena", "search"),
    ("arena", "threat"),
    ("arena", "eval"),
    ("arena", "position"),
];

/// The layers, bottom first, as the crate docs draw them; modules on one
/// layer are separated by commas.
fn layers() -> Vec<Vec<String>> {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let line = lib
        .lines()
        .map(|l| l.trim_start_matches("//!").trim())
        .find(|l| l.starts_with("`rules`") && l.contains('→'))
        .expect("lib.rs draws the order of layers");
    line.split('→')
        .map(|layer| {
            layer
                .split(',')
                .map(|m| m.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
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

/// The top-level module a file under `src/` belongs to (`bin` for the
/// mains), or `None` for `lib.rs`.
fn owner(file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src()).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    if rel.components().count() == 1 {
        let name = first.strip_suffix(".rs")?;
        return (name != "lib").then(|| name.to_string());
    }
    Some(first)
}

/// How deep a file sits below its top-level module: `src/x.rs` and
/// `src/x/mod.rs` are 0, `src/x/y.rs` is 1.
fn depth(file: &Path) -> usize {
    let rel = file.strip_prefix(src()).unwrap();
    let n = rel.components().count();
    let is_mod = rel.file_name().is_some_and(|f| f == "mod.rs");
    n.saturating_sub(if is_mod { 2 } else { 1 })
}

/// The code of a line, without a trailing `//` comment (a `//` inside a
/// string literal is rare enough in this crate to be left alone: it only
/// hides paths, which the other lines of such a file still show).
fn code(line: &str) -> &str {
    let t = line.trim_start();
    if t.starts_with("//") {
        return "";
    }
    match line.find("//") {
        Some(i) if !line[..i].contains('"') => &line[..i],
        _ => line,
    }
}

/// Every module `file` names: `crate::name` (also inside `crate::{…}`),
/// and `super::` chains that climb out of its top-level module to the
/// crate root.
fn used_modules(file: &Path) -> Vec<(usize, String)> {
    used_in(&fs::read_to_string(file).unwrap(), depth(file))
}

/// Whether line `n` of `text` lies inside an inline `mod name {` (a test
/// module), where one more `super::` stays in the same file.
fn inline_module_above(text: &str, n: usize) -> bool {
    text.lines()
        .take(n)
        .any(|l| l.trim_start().starts_with("mod ") && l.trim_end().ends_with('{'))
}

/// The modules `text` names, for a file `climb` levels below its top-level
/// module, each with its line number.
fn used_in(text: &str, climb: usize) -> Vec<(usize, String)> {
    let mut used = Vec::new();
    let mut in_group = false;
    for (n, line) in text.lines().enumerate() {
        let line = code(line);
        if in_group {
            // Inside `use crate::{ … }` spread over lines.
            for item in line.split(',') {
                let name = item.trim().trim_end_matches('}').trim_end_matches(';');
                let name = name.split("::").next().unwrap_or("").trim();
                if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    used.push((n + 1, name.to_string()));
                }
            }
            if line.contains('}') {
                in_group = false;
            }
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            let before = rest[..i].chars().next_back();
            rest = &rest[i + "crate::".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}');
                for item in group[..end.unwrap_or(group.len())].split(',') {
                    let name = item.trim().split("::").next().unwrap_or("").trim();
                    if !name.is_empty() {
                        used.push((n + 1, name.to_string()));
                    }
                }
                in_group = end.is_none();
                continue;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            used.push((n + 1, name));
        }
        // `super::` paths stay inside the top-level module unless they
        // climb to the crate root and name another module from there.
        let mut rest = line;
        while let Some(i) = rest.find("super::") {
            rest = &rest[i..];
            let mut climbed = 0;
            while let Some(r) = rest.strip_prefix("super::") {
                climbed += 1;
                rest = r;
            }
            if climbed > climb {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !inline_module_above(text, n) {
                    used.push((n + 1, name));
                }
            }
        }
    }
    used
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let layers = layers();
    let mut layer_of: BTreeMap<String, usize> = BTreeMap::new();
    for (i, layer) in layers.iter().enumerate() {
        for m in layer {
            assert!(
                layer_of.insert(m.clone(), i).is_none(),
                "{m} is drawn twice"
            );
        }
    }
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in &files {
        let Some(owner) = owner(file) else {
            continue;
        };
        let Some(&own_layer) = layer_of.get(&owner) else {
            wrong.push(format!(
                "{}: module {owner} is not in the order of layers",
                file.display()
            ));
            continue;
        };
        for (line, used) in used_modules(file) {
            if used == owner {
                continue;
            }
            let ok = layer_of.get(&used).is_some_and(|&l| l < own_layer)
                && !NOT_USED.contains(&(owner.as_str(), used.as_str()));
            if !ok {
                wrong.push(format!("{}:{line}: {owner} uses {used}", file.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the order of layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_module_is_in_the_order_of_layers() {
    let drawn: Vec<String> = layers().into_iter().flatten().collect();
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    for line in lib.lines() {
        if let Some(name) = line
            .strip_prefix("pub mod ")
            .and_then(|l| l.strip_suffix(';'))
        {
            assert!(
                drawn.iter().any(|m| m == name),
                "{name} is not drawn in lib.rs's order"
            );
        }
    }
    assert_eq!(drawn.first().map(String::as_str), Some("rules"));
    assert_eq!(drawn.last().map(String::as_str), Some("bin"));
}

#[test]
fn the_check_sees_every_kind_of_path() {
    let sample = "\
use crate::{board::Pos,
    search::Limits};
// crate::arena is named in a comment only
let x = crate::eval::MATE; // and crate::opening here
use super::super::search::Limits;
";
    let names: Vec<String> = used_in(sample, 1).into_iter().map(|(_, m)| m).collect();
    assert_eq!(names, ["board", "search", "eval", "search"]);
    assert!(used_in("use super::super::y;", 2).is_empty());
    assert!(used_in("mod tests {\n    use super::super::y;\n}", 1).is_empty());
}
