//! Game records the page loads and saves: Piskvork `.psq` and SGF.
//!
//! Both readers are strict: a file is taken whole or refused with one
//! reason naming the line or the place, and the game is not touched.
//!
//! - **`.psq`**: `Piskvorky WxH, …` (or `Piskvorky N`), then one move a
//!   line `x,y[,ms]` counted from 1, black first, alternating, a pass
//!   written `-1,-1[,ms]` as `tengen-arena` writes it; after the moves,
//!   any lines (Piskvork writes the players there), a line `-1` and a
//!   closing `result,rule` line as `tengen-arena` writes them.
//! - **SGF**: one game tree `(;…)` without variations; the root may hold
//!   `GM[4]`, `SZ[n]` or `SZ[w:h]` (15 when absent), `RU[rule]`, `PB`,
//!   `PW`, `RE`; each further node one move `B[xy]` or `W[xy]`, letters
//!   `a`–`z` then `A`–`Z` from the top left, black first, alternating,
//!   a pass `B[]` or `W[]`.
//!
//! A pass leaves no stone: it shows as the next stone being of the same
//! colour as the one before it (or white's first), and is written back
//! that way.

use super::game::Stone;
use std::fmt::Write as _;
use tengen::rules::{Color, Rule};

/// The largest record accepted, in bytes.
pub const MAX_RECORD_BYTES: usize = 64 * 1024;

/// A record read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The rule, when the record names one.
    pub rule: Option<Rule>,
    /// The stones in order, each with the colour that played it (after a
    /// pass the same colour plays twice in a row).
    pub stones: Vec<Stone>,
    /// The passes among the moves.
    pub passes: usize,
    /// Black's and white's names, when given.
    pub players: [Option<String>; 2],
    /// The result as written (`1`, `2`, `0` in `.psq`; `B+`, `W+`, `0` in
    /// SGF), when the game is finished.
    pub result: Option<String>,
}

fn size_ok(w: usize, h: usize) -> Result<(), String> {
    let range = 5..=32;
    if range.contains(&w) && range.contains(&h) {
        Ok(())
    } else {
        Err(format!("board size {w}×{h} is out of range (5 to 32)"))
    }
}

/// Adds one stone for `color`, checking that it is on the board and on a
/// free point.
fn push(
    stones: &mut Vec<Stone>,
    (w, h): (usize, usize),
    (x, y, color): (usize, usize, Color),
    ms: u64,
    at: &str,
) -> Result<(), String> {
    if x >= w || y >= h {
        return Err(format!("{at}: the stone is off the {w}×{h} board"));
    }
    if stones.iter().any(|s| s.x == x && s.y == y) {
        return Err(format!("{at}: the point is taken already"));
    }
    stones.push(Stone { x, y, color, ms });
    Ok(())
}

/// The passes that stones in move order imply: one before each stone of
/// the colour that played the stone before it (or before white's first).
#[must_use]
pub fn implied_passes(stones: &[Stone]) -> usize {
    let mut next = Color::Black;
    let mut passes = 0;
    for st in stones {
        passes += usize::from(st.color != next);
        next = st.color.opp();
    }
    passes
}

/// Whether a `.psq` move line is a pass: `-1,-1`, with a time or not.
fn psq_pass(fields: &[&str]) -> bool {
    matches!(fields, ["-1", "-1"] | ["-1", "-1", _])
        && fields.get(2).map_or(true, |f| {
            !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit())
        })
}

/// Reads a `.psq` record.
///
/// # Errors
/// The first thing wrong with it, by line.
pub fn read_psq(text: &str) -> Result<Record, String> {
    let mut lines = text.lines().enumerate();
    let (_, header) = lines.next().ok_or("the file is empty")?;
    let size = header
        .strip_prefix("Piskvorky ")
        .ok_or_else(|| format!("line 1: not a .psq header: `{}`", shown(header)))?;
    let size = size.split(',').next().unwrap_or("").trim();
    let number = |s: &str| s.parse::<usize>().ok();
    let (w, h) = match size.split_once('x') {
        Some((w, h)) => (number(w), number(h)),
        None => (number(size), number(size)),
    };
    let (Some(w), Some(h)) = (w, h) else {
        return Err(format!("line 1: no board size in `{}`", shown(header)));
    };
    size_ok(w, h)?;
    let mut stones = Vec::new();
    let mut passes = 0;
    // The colour to move: a pass hands the turn over without a stone.
    let mut next = Color::Black;
    let mut rest = Vec::new();
    let mut moves_over = false;
    for (i, line) in lines {
        let line = line.trim();
        let at = format!("line {}", i + 1);
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let numeric = fields
            .iter()
            .all(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
        if !moves_over && psq_pass(&fields) {
            passes += 1;
            next = next.opp();
        } else if !moves_over && numeric && (fields.len() == 2 || fields.len() == 3) {
            let n = |f: &str| {
                f.parse::<u64>()
                    .map_err(|_| format!("{at}: bad number `{f}`"))
            };
            let (x, y) = (n(fields[0])?, n(fields[1])?);
            let ms = if fields.len() == 3 { n(fields[2])? } else { 0 };
            if x == 0 || y == 0 {
                return Err(format!("{at}: .psq coordinates count from 1"));
            }
            push(
                &mut stones,
                (w, h),
                ((x - 1) as usize, (y - 1) as usize, next),
                ms,
                &at,
            )?;
            next = next.opp();
        } else {
            moves_over = true;
            rest.push((at, line));
        }
    }
    let mut players = [None, None];
    let mut result = None;
    let mut rule = None;
    let close = rest.iter().position(|(_, l)| *l == "-1");
    let names_end = close.unwrap_or(rest.len());
    for (k, (_, name)) in rest[..names_end]
        .iter()
        .filter(|(_, l)| !l.is_empty())
        .enumerate()
    {
        if k < 2 {
            players[k] = Some(name.to_string());
        }
    }
    if let Some(c) = close {
        let tail: Vec<_> = rest[c + 1..]
            .iter()
            .filter(|(_, l)| !l.is_empty())
            .collect();
        match tail.as_slice() {
            [] => {}
            [(at, l)] => {
                let (r, name) = l
                    .split_once(',')
                    .ok_or_else(|| format!("{at}: expected `result,rule`, got `{}`", shown(l)))?;
                if !matches!(r.trim(), "0" | "1" | "2") {
                    return Err(format!("{at}: the result must be 0, 1 or 2"));
                }
                rule = Some(
                    Rule::parse(name.trim())
                        .ok_or_else(|| format!("{at}: unknown rule `{}`", shown(name)))?,
                );
                result = Some(r.trim().to_string());
            }
            [_, (at, _), ..] => return Err(format!("{at}: unexpected line after the result")),
        }
    }
    Ok(Record {
        width: w,
        height: h,
        rule,
        stones,
        passes,
        players,
        result,
    })
}

/// At most 60 characters of `s`, for error messages.
fn shown(s: &str) -> String {
    s.chars().take(60).collect()
}

/// One SGF property: its name and values.
type Property = (String, Vec<String>);

/// Splits an SGF game tree into nodes of properties, refusing anything
/// outside the grammar and variations.
fn sgf_nodes(text: &str) -> Result<Vec<Vec<Property>>, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    let mut i = 0;
    let err = |i: usize, what: &str| Err(format!("SGF, character {}: {what}", i + 1));
    if chars.first() != Some(&'(') {
        return err(0, "a game tree starts with `(`");
    }
    i += 1;
    let mut nodes: Vec<Vec<Property>> = Vec::new();
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        match chars.get(i) {
            Some(';') => {
                i += 1;
                nodes.push(Vec::new());
            }
            Some(')') => {
                i += 1;
                break;
            }
            Some('(') => return err(i, "variations are not supported"),
            Some(c) if c.is_ascii_uppercase() => {
                let Some(node) = nodes.last_mut() else {
                    return err(i, "a property before the first `;`");
                };
                let start = i;
                while chars.get(i).is_some_and(char::is_ascii_uppercase) {
                    i += 1;
                }
                let name: String = chars[start..i].iter().collect();
                let mut values = Vec::new();
                loop {
                    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                        i += 1;
                    }
                    if chars.get(i) != Some(&'[') {
                        break;
                    }
                    i += 1;
                    let mut v = String::new();
                    loop {
                        match chars.get(i) {
                            None => return err(i, "a value is not closed with `]`"),
                            Some(']') => break,
                            Some('\\') => {
                                if let Some(&c) = chars.get(i + 1) {
                                    v.push(c);
                                }
                                i += 2;
                            }
                            Some(&c) => {
                                v.push(c);
                                i += 1;
                            }
                        }
                    }
                    i += 1;
                    values.push(v);
                }
                if values.is_empty() {
                    return err(start, &format!("property {name} has no value"));
                }
                node.push((name, values));
            }
            Some(c) => return err(i, &format!("unexpected `{c}`")),
            None => return err(i, "the game tree is not closed with `)`"),
        }
    }
    if chars[i..].iter().any(|c| !c.is_whitespace()) {
        return err(i, "text after the game tree");
    }
    if nodes.is_empty() {
        return err(1, "the game tree has no node");
    }
    Ok(nodes)
}

fn sgf_coord(c: char) -> Option<usize> {
    match c {
        'a'..='z' => Some(c as usize - 'a' as usize),
        'A'..='Z' => Some(c as usize - 'A' as usize + 26),
        _ => None,
    }
}

/// Reads an SGF record.
///
/// # Errors
/// The first thing wrong with it.
pub fn read_sgf(text: &str) -> Result<Record, String> {
    let nodes = sgf_nodes(text)?;
    let root = &nodes[0];
    let one = |name: &str| -> Option<&str> {
        root.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v[0].as_str())
    };
    if let Some(gm) = one("GM") {
        if gm.trim() != "4" {
            return Err(format!("SGF: GM[{}] is not Gomoku (GM[4])", shown(gm)));
        }
    }
    let (w, h) = match one("SZ") {
        None => (15, 15),
        Some(sz) => {
            let n = |s: &str| {
                s.trim()
                    .parse::<usize>()
                    .map_err(|_| format!("SGF: bad size SZ[{}]", shown(sz)))
            };
            match sz.split_once(':') {
                Some((a, b)) => (n(a)?, n(b)?),
                None => (n(sz)?, n(sz)?),
            }
        }
    };
    size_ok(w, h)?;
    let rule = match one("RU") {
        None => None,
        Some(r) => Some(
            Rule::parse(r.trim()).ok_or_else(|| format!("SGF: unknown rule RU[{}]", shown(r)))?,
        ),
    };
    let mut stones = Vec::new();
    let mut passes = 0;
    let mut expected = Color::Black;
    for (k, node) in nodes.iter().enumerate() {
        for (name, values) in node {
            let color = match name.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                "AB" | "AW" | "AE" => {
                    return Err(format!(
                        "SGF node {}: set-up stones ({name}) are not supported",
                        k + 1
                    ))
                }
                _ => continue,
            };
            let at = format!("SGF node {}", k + 1);
            if k == 0 {
                return Err(format!("{at}: a move in the root node"));
            }
            if color != expected {
                return Err(format!("{at}: {} moves out of turn", color.name()));
            }
            expected = color.opp();
            if values[0].trim().is_empty() {
                // A pass.
                passes += 1;
                continue;
            }
            let v: Vec<char> = values[0].trim().chars().collect();
            let (x, y) = match v.as_slice() {
                [a, b] => (sgf_coord(*a), sgf_coord(*b)),
                _ => (None, None),
            };
            let (Some(x), Some(y)) = (x, y) else {
                return Err(format!("{at}: bad point {name}[{}]", shown(&values[0])));
            };
            push(&mut stones, (w, h), (x, y, color), 0, &at)?;
        }
    }
    Ok(Record {
        width: w,
        height: h,
        rule,
        stones,
        passes,
        players: [one("PB").map(str::to_string), one("PW").map(str::to_string)],
        result: one("RE").map(str::to_string),
    })
}

/// Reads a record, `.psq` or SGF by its first character.
///
/// # Errors
/// A record too large, not text, or refused by its reader.
pub fn read(bytes: &[u8]) -> Result<Record, String> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(format!(
            "the record is {} bytes; at most {MAX_RECORD_BYTES} are accepted",
            bytes.len()
        ));
    }
    let text =
        std::str::from_utf8(bytes).map_err(|_| "the record is not UTF-8 text".to_string())?;
    let text = text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('(') {
        read_sgf(text)
    } else {
        read_psq(text)
    }
}

/// The game as `.psq`, coordinates from 1; the closing lines only when
/// the game has a result (`1` black won, `2` white, `0` draw).
#[must_use]
pub fn write_psq(rec: &Record, rule: Rule) -> String {
    let mut s = format!("Piskvorky {}x{}, 11:11, 0\n", rec.width, rec.height);
    let mut next = Color::Black;
    for st in &rec.stones {
        if st.color != next {
            s.push_str("-1,-1,0\n");
        }
        let _ = writeln!(s, "{},{},{}", st.x + 1, st.y + 1, st.ms);
        next = st.color.opp();
    }
    for p in &rec.players {
        let _ = writeln!(
            s,
            "{}",
            p.as_deref().unwrap_or("?").replace(['\n', '\r'], " ")
        );
    }
    if let Some(r) = &rec.result {
        let _ = writeln!(s, "-1\n{r},{}", rule.name());
    }
    s
}

fn sgf_letter(v: usize) -> char {
    let b = if v < 26 {
        b'a' + v as u8
    } else {
        b'A' + (v - 26) as u8
    };
    char::from(b)
}

fn sgf_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The game as SGF (`GM[4]`).
#[must_use]
pub fn write_sgf(rec: &Record, rule: Rule) -> String {
    let mut s = String::from("(;FF[4]GM[4]CA[UTF-8]AP[tengen-board]");
    if rec.width == rec.height {
        let _ = write!(s, "SZ[{}]", rec.width);
    } else {
        let _ = write!(s, "SZ[{}:{}]", rec.width, rec.height);
    }
    let _ = write!(s, "RU[{}]", rule.name());
    for (tag, p) in ["PB", "PW"].iter().zip(&rec.players) {
        if let Some(p) = p {
            let _ = write!(s, "{tag}[{}]", sgf_escape(p));
        }
    }
    if let Some(r) = &rec.result {
        let _ = write!(s, "RE[{}]", sgf_escape(r));
    }
    let side = |c: Color| if c == Color::Black { 'B' } else { 'W' };
    let mut next = Color::Black;
    for st in &rec.stones {
        if st.color != next {
            let _ = write!(s, "\n;{}[]", side(next));
        }
        let _ = write!(
            s,
            "\n;{}[{}{}]",
            side(st.color),
            sgf_letter(st.x),
            sgf_letter(st.y)
        );
        next = st.color.opp();
    }
    s.push_str(")\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        let stone = |x, y, color| Stone { x, y, color, ms: 7 };
        Record {
            width: 20,
            height: 16,
            rule: Some(Rule::Renju),
            stones: vec![
                stone(7, 7, Color::Black),
                stone(8, 8, Color::White),
                stone(27 % 20, 15, Color::Black),
            ],
            passes: 0,
            players: [Some("a]b".into()), Some("c".into())],
            result: None,
        }
    }

    #[test]
    fn psq_and_sgf_round_trip() {
        let r = record();
        let back = read(write_psq(&r, Rule::Renju).as_bytes()).unwrap();
        assert_eq!(back.stones, r.stones);
        assert_eq!((back.width, back.height), (20, 16));
        assert_eq!(back.players, r.players);
        let mut done = r.clone();
        done.result = Some("1".into());
        let back = read_psq(&write_psq(&done, Rule::Renju)).unwrap();
        assert_eq!(
            (back.rule, back.result.as_deref()),
            (Some(Rule::Renju), Some("1"))
        );
        let sgf = write_sgf(&r, Rule::Renju);
        let back = read(sgf.as_bytes()).unwrap();
        assert_eq!(back.stones.len(), 3);
        assert_eq!(back.stones[2].x, 7);
        assert_eq!(back.players[0].as_deref(), Some("a]b"));
        assert_eq!(back.rule, Some(Rule::Renju));
    }

    #[test]
    fn passes_read_as_passes_and_are_written_back() {
        // Black h8, white passes, black i8, white j9, black passes, white
        // a1: the names come after the moves.
        let text = "Piskvorky 15x15, 11:11, 0\n8,8,5\n-1,-1,6\n9,8,7\n10,9,8\n-1,-1\n1,1,9\nbee\ndouble u\n-1\n2,freestyle\n";
        let r = read(text.as_bytes()).unwrap();
        let colors: Vec<Color> = r.stones.iter().map(|s| s.color).collect();
        use Color::{Black as B, White as W};
        assert_eq!(colors, [B, B, W, W]);
        assert_eq!((r.stones.len(), r.passes), (4, 2));
        assert_eq!(r.players, [Some("bee".into()), Some("double u".into())]);
        assert_eq!(r.result.as_deref(), Some("2"));
        assert_eq!(implied_passes(&r.stones), 2);
        let psq = write_psq(&r, Rule::Freestyle);
        assert!(
            psq.contains("\n8,8,5\n-1,-1,0\n9,8,7\n10,9,8\n-1,-1,0\n1,1,9\n"),
            "{psq}"
        );
        assert_eq!(read_psq(&psq).unwrap().stones, r.stones);
        let sgf = write_sgf(&r, Rule::Freestyle);
        assert!(sgf.contains(";B[hh]\n;W[]\n;B[ih]"), "{sgf}");
        let back = read(sgf.as_bytes()).unwrap();
        assert_eq!((back.stones.len(), back.passes), (4, 2));
        assert_eq!(
            back.stones.iter().map(|s| s.color).collect::<Vec<_>>(),
            colors
        );
    }

    #[test]
    fn bad_records_are_refused_with_a_reason() {
        let cases: &[(&str, &str)] = &[
            ("", "empty"),
            ("hello", "not a .psq header"),
            ("Piskvorky 40x40, 11:11, 0\n", "out of range"),
            ("Piskvorky 15x15, 11:11, 0\n16,1,0\n", "off the"),
            ("Piskvorky 15x15, 11:11, 0\n1,1,0\n1,1,0\n", "taken"),
            ("Piskvorky 15x15, 11:11, 0\n0,1,0\n", "from 1"),
            (
                "Piskvorky 15x15, 11:11, 0\n1,1\na\nb\n-1\n1,chess\n",
                "unknown rule",
            ),
            ("Piskvorky 15x15, 11:11, 0\n1,1\n-1\n7,renju\n", "0, 1 or 2"),
            ("(;GM[1]SZ[19];B[aa])", "not Gomoku"),
            ("(;GM[4];B[aa](;W[bb]))", "variations"),
            ("(;GM[4];W[aa])", "out of turn"),
            ("(;GM[4];B[zz])", "off the"),
            ("(;GM[4];B[aa];W[aa])", "taken"),
            ("(;GM[4];B[a])", "bad point"),
            ("(;GM[4];B[aa]", "not closed"),
            ("(;GM[4]SZ[abc])", "bad size"),
            ("(;GM[4]B[hh])", "root"),
            ("(;GM[4];B[hh])x", "after the game tree"),
            ("(;GM[4];AB[hh])", "set-up"),
        ];
        for (text, why) in cases {
            let err = read(text.as_bytes()).unwrap_err();
            assert!(err.contains(why), "{text:?}: {err}");
        }
        assert!(read(&[0xff, 0xfe]).unwrap_err().contains("UTF-8"));
        let big = vec![b'x'; MAX_RECORD_BYTES + 1];
        assert!(read(&big).unwrap_err().contains("at most"));
    }
}
