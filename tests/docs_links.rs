//! Every relative link in the project's Markdown resolves.
//!
//! Checked: `README.md`, `CONTRIBUTING.md`, `openings/README.md` and every
//! `.md` file below `docs/` (the manual and the lab notebook). A link
//! `[text](path)`, `[text](path#anchor)`, `[text](#anchor)`, an image
//! `![alt](path)` or a reference definition `[label]: path` must name a
//! file or directory that exists, relative to the linking file (or to the
//! repository's root when the path starts with `/`), and an anchor must
//! match a heading of the target file under GitHub's rule (lower case;
//! every character but letters, digits, spaces, hyphens and underscores
//! dropped; spaces turned into hyphens; a repeated heading gets `-1`,
//! `-2`, …) or an explicit `<a id="…">` / `{#…}` anchor there.
//!
//! Links with a scheme (`https://`, `mailto:`, …) are not followed, and
//! nothing inside fenced code blocks or inline code counts as a link.
//!
//! Run it alone with `cargo test --release --test docs_links`.

use std::collections::HashMap;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// One link found in a Markdown file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Link {
    /// Line number, from 1.
    line: usize,
    /// The destination as written (without a title).
    dest: String,
}

/// The Markdown files the test covers, below `root`.
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for name in ["README.md", "CONTRIBUTING.md", "openings/README.md"] {
        let path = root.join(name);
        if path.is_file() {
            files.push(path);
        }
    }
    let docs = root.join("docs");
    if docs.is_dir() {
        collect_md(&docs, &mut files);
    }
    files.sort();
    files.dedup();
    files
}

fn collect_md(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect_md(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// The opening fence of a line (its character and length), if it is one.
fn fence_of(line: &str) -> Option<(char, usize)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let c = rest.chars().next()?;
    if c != '`' && c != '~' {
        return None;
    }
    let n = rest.chars().take_while(|&x| x == c).count();
    if n < 3 {
        return None;
    }
    if c == '`' && rest[n..].contains('`') {
        return None;
    }
    Some((c, n))
}

/// Whether `line` closes a fence opened with `open`.
fn closes(line: &str, open: (char, usize)) -> bool {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return false;
    }
    let rest = line[indent..].trim_end();
    let n = rest.chars().take_while(|&x| x == open.0).count();
    n >= open.1 && rest.chars().count() == n
}

/// The lines of a Markdown text, each with its number and with fenced
/// code blocks blanked out.
fn prose_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<(char, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        match fence {
            Some(open) => {
                if closes(line, open) {
                    fence = None;
                }
                out.push((i + 1, String::new()));
            }
            None => {
                if let Some(open) = fence_of(line) {
                    fence = Some(open);
                    out.push((i + 1, String::new()));
                } else {
                    out.push((i + 1, line.to_string()));
                }
            }
        }
    }
    out
}

/// `line` with its inline code spans replaced by spaces (a span opened by
/// a run of n backticks is closed by the next run of exactly n).
fn without_code_spans(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '`' {
            let n = chars[i..].iter().take_while(|&&c| c == '`').count();
            // Find the closing run of exactly n backticks.
            let mut j = i + n;
            let mut close = None;
            while j < chars.len() {
                if chars[j] == '`' {
                    let m = chars[j..].iter().take_while(|&&c| c == '`').count();
                    if m == n {
                        close = Some(j);
                        break;
                    }
                    j += m;
                } else {
                    j += 1;
                }
            }
            match close {
                Some(j) => {
                    out.extend(std::iter::repeat(' ').take(j + n - i));
                    i = j + n;
                }
                None => {
                    out.extend(std::iter::repeat('`').take(n));
                    i += n;
                }
            }
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// The destination that starts right after `](` in `rest`, without its
/// title, or `None` when the parentheses do not close on the line.
fn destination(rest: &str) -> Option<String> {
    let rest = rest.trim_start();
    if let Some(inner) = rest.strip_prefix('<') {
        let end = inner.find('>')?;
        return Some(inner[..end].to_string());
    }
    let mut depth = 0usize;
    let mut dest = String::new();
    for c in rest.chars() {
        match c {
            '(' => {
                depth += 1;
                dest.push(c);
            }
            ')' if depth == 0 => {
                return Some(dest.split_whitespace().next().unwrap_or("").to_string());
            }
            ')' => {
                depth -= 1;
                dest.push(c);
            }
            c if c.is_whitespace() && depth == 0 => {
                // A title may follow; the destination ends here.
                return Some(dest);
            }
            c => dest.push(c),
        }
    }
    None
}

/// Every link of a Markdown text, outside code.
fn links(text: &str) -> Vec<Link> {
    let mut found = Vec::new();
    for (line_no, line) in prose_lines(text) {
        let line = without_code_spans(&line);
        // Reference definitions: `[label]: dest`.
        let trimmed = line.trim_start();
        if line.len() - trimmed.len() <= 3 && trimmed.starts_with('[') && !trimmed.starts_with("[^")
        {
            if let Some(end) = trimmed
                .find(']')
                .filter(|&e| trimmed[e + 1..].starts_with(':'))
            {
                let dest = trimmed[end + 2..].trim();
                let dest = dest.trim_start_matches('<');
                let dest: String = dest
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != '>')
                    .collect();
                if !dest.is_empty() {
                    found.push(Link {
                        line: line_no,
                        dest,
                    });
                }
                continue;
            }
        }
        let mut from = 0;
        while let Some(pos) = line[from..].find("](") {
            let at = from + pos;
            // Link texts may wrap, so the `[` that opens one may be on
            // an earlier line; every `](` is taken as a link.
            if let Some(dest) = destination(&line[at + 2..]) {
                found.push(Link {
                    line: line_no,
                    dest,
                });
            }
            from = at + 2;
        }
    }
    found
}

/// Whether a destination names something outside the repository.
fn is_external(dest: &str) -> bool {
    if dest.starts_with("//") {
        return true;
    }
    // A scheme: a letter, then letters, digits, `+`, `-` or `.`, then `:`.
    match dest.find(':') {
        Some(colon) => {
            let scheme = &dest[..colon];
            !scheme.is_empty()
                && scheme
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && !dest[..colon].contains('/')
        }
        None => false,
    }
}

/// `%XX` escapes decoded (bytes that do not make UTF-8 are kept escaped).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = &s[i + 1..i + 3];
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_string())
}

/// GitHub's anchor for a heading's text: lower case, every character but
/// letters, digits, spaces, hyphens and underscores dropped, each space a
/// hyphen.
fn slug(heading: &str) -> String {
    let text = heading_text(heading);
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c == ' ' {
            out.push('-');
        } else if c.is_alphanumeric() || c == '-' || c == '_' {
            out.push(c);
        }
    }
    out
}

/// A heading's text as rendered: code spans' backticks, emphasis markers,
/// HTML tags and `{#id}` attributes removed, links replaced by their text.
fn heading_text(heading: &str) -> String {
    let mut text = heading.trim().to_string();
    // `{#id}` at the end (mdBook's heading attributes).
    if let Some(open) = text.rfind("{#") {
        if text.trim_end().ends_with('}') {
            text.truncate(open);
        }
    }
    // Links and images: `[text](dest)` → `text`.
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '<' {
            // An HTML tag: skipped whole.
            if let Some(end) = chars[i..].iter().position(|&x| x == '>') {
                let tag: String = chars[i..i + end + 1].iter().collect();
                if tag.len() > 2
                    && (tag.as_bytes()[1].is_ascii_alphabetic() || tag.as_bytes()[1] == b'/')
                {
                    i += end + 1;
                    continue;
                }
            }
            out.push(c);
            i += 1;
        } else if c == ']' && chars.get(i + 1) == Some(&'(') {
            // Skip the destination.
            let mut depth = 0;
            let mut j = i + 2;
            while j < chars.len() {
                match chars[j] {
                    '(' => depth += 1,
                    ')' if depth == 0 => break,
                    ')' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            i = j + 1;
        } else if c == '['
            || c == ']'
            || c == '`'
            || c == '*'
            || (c == '!' && chars.get(i + 1) == Some(&'['))
        {
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out.trim().to_string()
}

/// The heading of an ATX line (`## Text ##`), if it is one.
fn atx_heading(line: &str) -> Option<String> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let level = rest.chars().take_while(|&c| c == '#').count();
    if !(1..=6).contains(&level) {
        return None;
    }
    let after = &rest[level..];
    if !after.is_empty() && !after.starts_with(' ') && !after.starts_with('\t') {
        return None;
    }
    let mut text = after.trim();
    // A closing sequence of #s, preceded by a space.
    let stripped = text.trim_end_matches('#');
    if stripped.len() < text.len() && (stripped.is_empty() || stripped.ends_with(' ')) {
        text = stripped.trim_end();
    }
    Some(text.to_string())
}

/// Every anchor a Markdown text offers: its headings' slugs (repeats
/// numbered) and its explicit ids.
fn anchors(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut add_heading = |heading: &str, out: &mut Vec<String>| {
        let base = slug(heading);
        let n = seen.entry(base.clone()).or_insert(0);
        let anchor = if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        *n += 1;
        out.push(anchor);
        // `{#id}` attributes.
        if let Some(open) = heading.rfind("{#") {
            if let Some(close) = heading[open..].find('}') {
                out.push(heading[open + 2..open + close].trim().to_string());
            }
        }
    };
    let lines = prose_lines(text);
    let mut previous: Option<&str> = None;
    for (_, line) in &lines {
        if let Some(h) = atx_heading(line) {
            add_heading(&h, &mut out);
        } else if let Some(prev) = previous {
            // Setext headings: a paragraph line underlined with = or -.
            let t = line.trim();
            let underline = !t.is_empty()
                && line.len() - line.trim_start().len() <= 3
                && (t.chars().all(|c| c == '=') || t.chars().all(|c| c == '-'));
            let p = prev.trim_start();
            let paragraph = !p.is_empty()
                && !p.starts_with('#')
                && !p.starts_with('|')
                && !p.starts_with('>')
                && !p.starts_with("- ")
                && !p.starts_with("* ")
                && !p.starts_with('<');
            if underline && paragraph {
                add_heading(prev.trim(), &mut out);
            }
        }
        previous = Some(line.as_str());
        // Explicit anchors: id="…" or name="…" in an HTML tag.
        for key in ["id=\"", "name=\""] {
            let mut from = 0;
            while let Some(pos) = line[from..].find(key) {
                let start = from + pos + key.len();
                // Only inside a tag.
                if line[..from + pos].rfind('<') > line[..from + pos].rfind('>') {
                    if let Some(end) = line[start..].find('"') {
                        out.push(line[start..start + end].to_string());
                    }
                }
                from = start;
            }
        }
    }
    out
}

/// `path` with `.` and `..` resolved, without touching the file system.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The broken links of the Markdown files below `root`, one message each:
/// `file:line: [dest] reason`.
fn broken_links(root: &Path) -> Vec<String> {
    let mut texts: HashMap<PathBuf, String> = HashMap::new();
    let mut problems = Vec::new();
    let files = markdown_files(root);
    for file in &files {
        let text = match fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{}: cannot read: {e}", rel(root, file)));
                continue;
            }
        };
        texts.insert(normalise(file), text);
    }
    for file in &files {
        let Some(text) = texts.get(&normalise(file)).cloned() else {
            continue;
        };
        for link in links(&text) {
            let dest = link.dest.trim();
            if dest.is_empty() || is_external(dest) {
                continue;
            }
            let (path_part, anchor) = match dest.split_once('#') {
                Some((p, a)) => (p, Some(percent_decode(a))),
                None => (dest, None),
            };
            let path_part = path_part.split('?').next().unwrap_or("");
            let target = if path_part.is_empty() {
                file.clone()
            } else if let Some(abs) = path_part.strip_prefix('/') {
                root.join(percent_decode(abs))
            } else {
                file.parent()
                    .unwrap_or(root)
                    .join(percent_decode(path_part))
            };
            let target = normalise(&target);
            let here = format!("{}:{}", rel(root, file), link.line);
            if !target.exists() {
                problems.push(format!(
                    "{here}: ({dest}) no such file {}",
                    rel(root, &target)
                ));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            if anchor.is_empty() {
                continue;
            }
            if target.is_dir() {
                problems.push(format!("{here}: ({dest}) an anchor into a directory"));
                continue;
            }
            let target_text = match texts.get(&target) {
                Some(t) => t.clone(),
                None => match fs::read_to_string(&target) {
                    Ok(t) => t,
                    Err(_) => {
                        problems.push(format!(
                            "{here}: ({dest}) anchor into a file that is not text"
                        ));
                        continue;
                    }
                },
            };
            let is_markdown = target
                .extension()
                .is_some_and(|e| e == "md" || e == "markdown");
            if !is_markdown {
                // Line anchors (`#L10`) and the like are not checked.
                continue;
            }
            if !anchors(&target_text).contains(&anchor) {
                problems.push(format!(
                    "{here}: ({dest}) no heading or anchor `{anchor}` in {}",
                    rel(root, &target)
                ));
            }
        }
    }
    problems
}

fn rel(root: &Path, path: &Path) -> String {
    let root = normalise(root);
    path.strip_prefix(&root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn every_relative_link_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = markdown_files(root);
    assert!(
        files.iter().any(|f| f.ends_with("README.md")),
        "README.md not found below {}",
        root.display()
    );
    let problems = broken_links(root);
    assert!(
        problems.is_empty(),
        "{} broken link(s) in the Markdown files:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn slugs_follow_github() {
    assert_eq!(slug("Engine commands"), "engine-commands");
    assert_eq!(slug("Search and `bench`"), "search-and-bench");
    assert_eq!(slug("Passes (`-1,-1`)"), "passes--1-1");
    assert_eq!(
        slug("The `OPENINGBOARD` command"),
        "the-openingboard-command"
    );
    assert_eq!(
        slug("Runs over many machines (`--shard`, `merge`)"),
        "runs-over-many-machines---shard-merge"
    );
    assert_eq!(slug("Tengen (天元)"), "tengen-天元");
    assert_eq!(
        slug("Core: board, patterns, forbidden points"),
        "core-board-patterns-forbidden-points"
    );
    assert_eq!(
        slug("eval_tune and [its data](x.md)"),
        "eval_tune-and-its-data"
    );
    assert_eq!(slug("Soosõrv-N"), "soosõrv-n");
    let text = "# A\n\n## Notes\n\n```\n# not a heading\n```\n\n## Notes\n\nTitle\n=====\n\n<a id=\"here\"></a>\n\n## Explicit {#custom}\n";
    let a = anchors(text);
    for want in [
        "a", "notes", "notes-1", "title", "here", "custom", "explicit",
    ] {
        assert!(
            a.iter().any(|x| x == want),
            "missing anchor {want} in {a:?}"
        );
    }
    assert!(
        !a.iter().any(|x| x == "not-a-heading"),
        "a heading inside a fence counted: {a:?}"
    );
}

#[test]
fn links_outside_code_only() {
    let text = "see [a](a.md) and `[b](b.md)` and ``x [c](c.md) ``\n\n```sh\n[d](d.md)\n```\n\n![img](e.png \"title\")\n[ref]: f.md\n[g](<h i.md>) [j](https://example.org) [k](#top)\n";
    let dests: Vec<String> = links(text).into_iter().map(|l| l.dest).collect();
    assert_eq!(
        dests,
        [
            "a.md",
            "e.png",
            "f.md",
            "h i.md",
            "https://example.org",
            "#top"
        ]
    );
    assert!(is_external("https://example.org"));
    assert!(is_external("mailto:someone@example.org"));
    assert!(!is_external("../lab/eval.md"));
    assert!(!is_external("#top"));
}

#[test]
fn broken_links_are_reported() {
    let dir = std::env::temp_dir().join(format!("tengen-docs-links-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("docs/src")).unwrap();
    fs::write(
        dir.join("README.md"),
        "# Top\n\n## Good part\n\n[ok](docs/src/a.md) [ok](#good-part) [ok](docs/src/a.md#second)\n\n\
         [missing](docs/src/nope.md)\n[bad anchor](docs/src/a.md#third)\n[bad here](#nowhere)\n\n\
         `[in code](gone.md)`\n\n```\n[fenced](gone.md)\n```\n",
    )
    .unwrap();
    fs::write(
        dir.join("docs/src/a.md"),
        "# First\n\n## Second\n\n[up](../../README.md#top)\n",
    )
    .unwrap();
    let problems = broken_links(&dir);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert!(
        problems[0].starts_with("README.md:7:") && problems[0].contains("nope.md"),
        "{problems:#?}"
    );
    assert!(
        problems[1].starts_with("README.md:8:") && problems[1].contains("third"),
        "{problems:#?}"
    );
    assert!(
        problems[2].starts_with("README.md:9:") && problems[2].contains("nowhere"),
        "{problems:#?}"
    );
}
