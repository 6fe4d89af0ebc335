//! Game records and tournament summaries.
//!
//! - **Piskvork `.psq`**: a header `Piskvorky WxH, 11:11, 0`, one line per
//!   stone `x,y,ms` with coordinates from 1 (as Piskvork counts; a pass is
//!   `-1,-1,ms`), the
//!   thinking time in milliseconds, then the two engine names (black's
//!   first), a line `-1` that closes the move list for readers that look
//!   for it, and a line `result,rule` with the result code `1` black won,
//!   `2` white won, `0` draw, and the rule's name.
//! - **SGF** (`GM[4]`, the game number for Gomoku): the root node holds the
//!   size (`SZ[15]` or `SZ[w:h]`), players, result (`RE[B+]`, `RE[W+T]` on
//!   time, `RE[B+F]` for a forfeit, `RE[0]` for a draw) and a comment with
//!   the reason; each stone is a node `;B[hh]` with `a` as the first column
//!   and row, x first, a pass `;B[]`. Opening stones carry a comment
//!   `opening`.
//! - **PGN-like list** for BayesElo: one game per entry, the first mover
//!   (black) as PGN's `White`, so BayesElo's first-move advantage is
//!   black's.
//! - **Transcript** (`.log`, with `--log`): every protocol line of the
//!   game, `ms name > sent` or `ms name < received`, times from the start
//!   of the game.
//! - **Summary**: JSON (every game with its moves, plus standings) or CSV
//!   (one line per game).

use super::referee::{MoveRecord, Outcome};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use tengen::rules::Color;
use tengen::rules::Rule;

/// A finished game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// Number of the game in the tournament.
    pub id: usize,
    /// Round or bout label.
    pub round: String,
    /// Index of the engine that played black.
    pub black: usize,
    /// Index of the engine that played white.
    pub white: usize,
    /// Black's name.
    pub black_name: String,
    /// White's name.
    pub white_name: String,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The rule, written as its name.
    #[serde(
        serialize_with = "serialize_rule",
        deserialize_with = "deserialize_rule"
    )]
    pub rule: Rule,
    /// The opening, if any.
    pub opening: Option<String>,
    /// Every stone, opening stones first.
    pub moves: Vec<MoveRecord>,
    /// The result and why.
    pub outcome: Outcome,
    /// Corrections the referee made (an opening put right instead of
    /// forfeited), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Unix time (seconds) the game started.
    pub started: u64,
    /// Wall time of the whole game in milliseconds.
    pub duration_ms: u64,
    /// The protocol transcript, one line per message: milliseconds since
    /// the game started (to the microsecond), engine name, `>` sent or `<`
    /// received, the line.
    /// Empty unless transcripts were asked for.
    #[serde(skip)]
    pub transcript: Vec<String>,
}

fn serialize_rule<S: serde::Serializer>(rule: &Rule, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rule.name())
}

fn deserialize_rule<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Rule, D::Error> {
    let text = String::deserialize(d)?;
    Rule::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown rule `{text}`")))
}

impl GameRecord {
    /// The engine index of the winner, `None` for a draw.
    #[must_use]
    pub fn winner_engine(&self) -> Option<usize> {
        self.outcome.winner.map(|c| match c {
            Color::Black => self.black,
            Color::White => self.white,
        })
    }

    /// Score of engine `index` in this game: 1, 0.5 or 0 (`None` if it did
    /// not play). When both lose, each scores 0.
    #[must_use]
    pub fn score_of(&self, index: usize) -> Option<f64> {
        if index != self.black && index != self.white {
            return None;
        }
        if self.outcome.both_lose {
            return Some(0.0);
        }
        Some(match self.winner_engine() {
            None => 0.5,
            Some(w) if w == index => 1.0,
            Some(_) => 0.0,
        })
    }
}

/// The result code of the `.psq` closing line.
fn psq_result(g: &GameRecord) -> u8 {
    match g.outcome.winner {
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
        None => 0,
    }
}

/// The game as a Piskvork `.psq` file.
#[must_use]
pub fn to_psq(g: &GameRecord) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Piskvorky {}x{}, 11:11, 0", g.width, g.height);
    for m in &g.moves {
        if m.pass {
            let _ = writeln!(s, "-1,-1,{}", m.time_ms);
        } else {
            let _ = writeln!(s, "{},{},{}", m.x + 1, m.y + 1, m.time_ms);
        }
    }
    let _ = writeln!(s, "{}", g.black_name);
    let _ = writeln!(s, "{}", g.white_name);
    let _ = writeln!(s, "-1");
    let _ = writeln!(s, "{},{}", psq_result(g), g.rule);
    s
}

/// A running game as a `.psq` file: the header, the stones so far and the
/// two names (black's first), without the closing lines, which only a
/// finished game has.
#[must_use]
pub fn to_live_psq(
    (width, height): (usize, usize),
    moves: &[MoveRecord],
    [black, white]: [&String; 2],
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Piskvorky {width}x{height}, 11:11, 0");
    for m in moves {
        if m.pass {
            let _ = writeln!(s, "-1,-1,{}", m.time_ms);
        } else {
            let _ = writeln!(s, "{},{},{}", m.x + 1, m.y + 1, m.time_ms);
        }
    }
    let _ = writeln!(s, "{black}\n{white}");
    s
}

/// Reads back the stones of a `.psq` file: zero-based `(x, y)` in order.
///
/// # Errors
/// A missing or malformed header.
pub fn read_psq(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let mut lines = text.lines();
    let header = lines.next().ok_or("empty .psq file")?;
    if !header.starts_with("Piskvorky") {
        return Err(format!("not a .psq header: `{header}`"));
    }
    let mut out = Vec::new();
    for line in lines {
        let parts: Vec<&str> = line.split(',').collect();
        if parts.len() != 3 {
            break;
        }
        if parts[0].trim() == "-1" && parts[1].trim() == "-1" {
            return Err(format!(
                "a pass (`{line}`): this reader takes games of stones only"
            ));
        }
        let x: usize = parts[0]
            .trim()
            .parse()
            .map_err(|_| format!("bad move `{line}`"))?;
        let y: usize = parts[1]
            .trim()
            .parse()
            .map_err(|_| format!("bad move `{line}`"))?;
        if x == 0 || y == 0 {
            return Err(format!("bad move `{line}`"));
        }
        out.push((x - 1, y - 1));
    }
    Ok(out)
}

/// The `.psq` files below `dir` (in its sub-folders too), sorted by path
/// within each folder: the records that `tengen-arena --out` writes.
///
/// # Errors
/// A folder that cannot be read.
pub fn find_psq(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            out.extend(find_psq(&p)?);
        } else if p.extension().is_some_and(|e| e == "psq") {
            out.push(p);
        }
    }
    Ok(out)
}

/// A game read back from a `.psq` file written by [`to_psq`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PsqGame {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The stones, zero-based `(x, y)`, black first, alternating.
    pub moves: Vec<(usize, usize)>,
    /// The winner (`None` for a draw).
    pub winner: Option<Color>,
    /// The rule's name, as the closing line gives it.
    pub rule: String,
}

/// Reads a whole `.psq` file written by [`to_psq`]: the board size, the
/// stones, and the closing `result,rule` line.
///
/// # Errors
/// A malformed header, move or closing line.
pub fn read_psq_game(text: &str) -> Result<PsqGame, String> {
    let moves = read_psq(text)?;
    let header = text.lines().next().unwrap_or("");
    let size = header
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.trim_end_matches(',').split_once('x'))
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .ok_or_else(|| format!("no board size in `{header}`"))?;
    let mut after = text.lines().skip_while(|l| l.trim() != "-1").skip(1);
    let close = after.next().ok_or("no closing `result,rule` line")?;
    let (result, rule) = close
        .trim()
        .split_once(',')
        .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.trim().to_string())))
        .ok_or_else(|| format!("bad closing line `{close}`"))?;
    let winner = match result {
        0 => None,
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => return Err(format!("bad result in `{close}`")),
    };
    Ok(PsqGame {
        width: size.0,
        height: size.1,
        moves,
        winner,
        rule,
    })
}

/// An SGF coordinate letter: `a`–`z` then `A`–`Z`.
fn sgf_coord(v: usize) -> char {
    if v < 26 {
        char::from(b'a' + v as u8)
    } else {
        char::from(b'A' + (v - 26) as u8)
    }
}

/// Escapes SGF text.
fn sgf_text(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// SGF `RE[]` value.
fn sgf_result(g: &GameRecord) -> String {
    use super::referee::Reason;
    match g.outcome.winner {
        None if g.outcome.both_lose => "Void".into(),
        None => "0".into(),
        Some(c) => {
            let side = if c == Color::Black { "B" } else { "W" };
            let how = match g.outcome.reason {
                Reason::TimeTurn | Reason::TimeGame => "T",
                r if r.is_forfeit() => "F",
                _ => "",
            };
            format!("{side}+{how}")
        }
    }
}

/// The game as SGF (`GM[4]`).
#[must_use]
pub fn to_sgf(g: &GameRecord) -> String {
    let mut s = String::from("(;FF[4]GM[4]CA[UTF-8]AP[tengen-arena]");
    if g.width == g.height {
        let _ = write!(s, "SZ[{}]", g.width);
    } else {
        let _ = write!(s, "SZ[{}:{}]", g.width, g.height);
    }
    let _ = write!(
        s,
        "RU[{}]PB[{}]PW[{}]RE[{}]",
        g.rule,
        sgf_text(&g.black_name),
        sgf_text(&g.white_name),
        sgf_result(g)
    );
    if let Some(o) = &g.opening {
        let _ = write!(s, "GN[{}]", sgf_text(o));
    }
    let mut comment = format!("{}: {}", g.outcome.reason, g.outcome.detail);
    for note in &g.notes {
        comment.push('\n');
        comment.push_str(note);
    }
    let _ = write!(s, "C[{}]", sgf_text(&comment));
    for m in &g.moves {
        let side = if m.color == Color::Black { 'B' } else { 'W' };
        if m.pass {
            let _ = write!(s, "\n;{side}[]");
            continue;
        }
        let _ = write!(s, "\n;{side}[{}{}]", sgf_coord(m.x), sgf_coord(m.y));
        if m.opening {
            s.push_str("C[opening]");
        }
    }
    s.push_str(")\n");
    s
}

/// Reads back the stones of an SGF written by [`to_sgf`]: colour and
/// zero-based `(x, y)` in order; passes (`B[]`, `W[]`) are left out.
///
/// # Errors
/// Text without a `GM[4]` root.
pub fn read_sgf(text: &str) -> Result<Vec<(Color, usize, usize)>, String> {
    if !text.contains("GM[4]") {
        return Err("not a Gomoku SGF (no GM[4])".into());
    }
    let decode = |c: char| -> Option<usize> {
        match c {
            'a'..='z' => Some(c as usize - 'a' as usize),
            'A'..='Z' => Some(c as usize - 'A' as usize + 26),
            _ => None,
        }
    };
    let mut out = Vec::new();
    for node in text.split(';').skip(2) {
        let node = node.trim_start();
        let color = match node.as_bytes().first() {
            Some(b'B') => Color::Black,
            Some(b'W') => Color::White,
            _ => continue,
        };
        let mut chars = node[1..].chars();
        if chars.next() != Some('[') || node[1..].starts_with("[]") {
            continue;
        }
        let x = chars.next().and_then(decode).ok_or("bad SGF point")?;
        let y = chars.next().and_then(decode).ok_or("bad SGF point")?;
        out.push((color, x, y));
    }
    Ok(out)
}

/// One PGN entry for BayesElo.
#[must_use]
pub fn to_pgn(g: &GameRecord) -> String {
    let result = match g.outcome.winner {
        // Both lost: no result BayesElo should count.
        _ if g.outcome.both_lose => "*",
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2-1/2",
    };
    format!(
        "[Event \"tengen-arena\"]\n[Round \"{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{result}\"]\n[Termination \"{}\"]\n\n{result}\n\n",
        g.id,
        g.black_name.replace('"', "'"),
        g.white_name.replace('"', "'"),
        g.outcome.reason
    )
}

/// CSV header for [`to_csv_line`].
pub const CSV_HEADER: &str =
    "id,round,black,white,result,reason,moves,opening,duration_ms,detail\n";

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One CSV line per game: the result as `1-0`, `0-1` or `1/2-1/2` from
/// black's side, `0-0` when both lost.
#[must_use]
pub fn to_csv_line(g: &GameRecord) -> String {
    let result = match g.outcome.winner {
        _ if g.outcome.both_lose => "0-0",
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2-1/2",
    };
    format!(
        "{},{},{},{},{result},{},{},{},{},{}\n",
        g.id,
        csv_field(&g.round),
        csv_field(&g.black_name),
        csv_field(&g.white_name),
        g.outcome.reason,
        g.moves.len(),
        csv_field(g.opening.as_deref().unwrap_or("")),
        g.duration_ms,
        csv_field(&g.outcome.detail)
    )
}

/// A file-system-safe form of an engine name.
fn safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Writes game records into a directory as they come in.
pub struct RecordWriter {
    dir: PathBuf,
    pgn: fs::File,
}

impl RecordWriter {
    /// Creates `dir` and `dir/games`, and starts `dir/games.pgn`.
    ///
    /// # Errors
    /// When the directory or file cannot be made.
    pub fn create(dir: &Path) -> io::Result<RecordWriter> {
        fs::create_dir_all(dir.join("games"))?;
        let pgn = fs::File::create(dir.join("games.pgn"))?;
        Ok(RecordWriter {
            dir: dir.to_path_buf(),
            pgn,
        })
    }

    /// The output directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The base path (without extension) of a game's files.
    #[must_use]
    pub fn game_base(&self, g: &GameRecord) -> PathBuf {
        self.dir.join("games").join(format!(
            "{:05}_{}_vs_{}",
            g.id,
            safe(&g.black_name),
            safe(&g.white_name)
        ))
    }

    /// Writes `.psq` and `.sgf` for the game and appends it to the PGN list.
    ///
    /// # Errors
    /// Any write failure.
    pub fn write_game(&mut self, g: &GameRecord) -> io::Result<()> {
        use std::io::Write;
        let base = self.game_base(g);
        fs::write(base.with_extension("psq"), to_psq(g))?;
        fs::write(base.with_extension("sgf"), to_sgf(g))?;
        if !g.transcript.is_empty() {
            let mut log = g.transcript.join("\n");
            log.push('\n');
            fs::write(base.with_extension("log"), log)?;
        }
        self.pgn.write_all(to_pgn(g).as_bytes())?;
        self.pgn.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{MoveRecord, Outcome, Reason};

    fn game() -> GameRecord {
        let mv = |x, y, color, opening| MoveRecord {
            x,
            y,
            color,
            time_ms: 12,
            opening,
            pass: false,
        };
        GameRecord {
            id: 3,
            round: "match".into(),
            black: 0,
            white: 1,
            black_name: "alpha".into(),
            white_name: "be,ta]".into(),
            width: 20,
            height: 20,
            rule: tengen::rules::Rule::Freestyle,
            opening: Some("diag".into()),
            moves: vec![
                mv(9, 9, Color::Black, true),
                mv(10, 10, Color::White, false),
                mv(27 % 20, 19, Color::Black, false),
            ],
            outcome: Outcome::loss(Color::Black, Reason::TimeTurn, "slow"),
            notes: Vec::new(),
            started: 0,
            duration_ms: 5,
            transcript: Vec::new(),
        }
    }

    #[test]
    fn psq_round_trips() {
        let g = game();
        let text = to_psq(&g);
        assert!(text.starts_with("Piskvorky 20x20, 11:11, 0\n10,10,12\n"));
        assert!(text.ends_with("alpha\nbe,ta]\n-1\n2,freestyle\n"), "{text}");
        assert_eq!(read_psq(&text).unwrap(), vec![(9, 9), (10, 10), (7, 19)]);
        let back = read_psq_game(&text).unwrap();
        assert_eq!((back.width, back.height), (20, 20));
        assert_eq!(back.moves, vec![(9, 9), (10, 10), (7, 19)]);
        assert_eq!(back.winner, Some(Color::White));
        assert_eq!(back.rule, "freestyle");
        assert!(read_psq_game("Piskvorky 20x20, 11:11, 0\n10,10,12\n").is_err());
    }

    #[test]
    fn sgf_round_trips_and_marks_time_losses() {
        let g = game();
        let text = to_sgf(&g);
        assert!(text.contains("GM[4]") && text.contains("SZ[20]"));
        assert!(text.contains("RE[W+T]"), "{text}");
        assert!(text.contains("PW[be,ta\\]]"));
        assert_eq!(
            read_sgf(&text).unwrap(),
            vec![
                (Color::Black, 9, 9),
                (Color::White, 10, 10),
                (Color::Black, 7, 19)
            ]
        );
    }

    #[test]
    fn passes_are_written_and_read_as_passes() {
        let mut g = game();
        g.moves.insert(
            2,
            MoveRecord {
                x: 0,
                y: 0,
                color: Color::Black,
                time_ms: 7,
                opening: false,
                pass: true,
            },
        );
        g.moves[3].color = Color::White;
        let psq = to_psq(&g);
        assert!(psq.contains("\n11,11,12\n-1,-1,7\n8,20,12\n"), "{psq}");
        let names = [&g.black_name, &g.white_name];
        let live = to_live_psq((g.width, g.height), &g.moves, names);
        assert!(live.contains("\n11,11,12\n-1,-1,7\n8,20,12\n"), "{live}");
        let e = read_psq(&psq).unwrap_err();
        assert!(e.contains("a pass"), "{e}");
        let sgf = to_sgf(&g);
        assert!(sgf.contains("\n;B[]\n;W[ht]"), "{sgf}");
        assert_eq!(
            read_sgf(&sgf).unwrap(),
            vec![
                (Color::Black, 9, 9),
                (Color::White, 10, 10),
                (Color::White, 7, 19)
            ]
        );
    }

    #[test]
    fn pgn_and_csv() {
        let g = game();
        let pgn = to_pgn(&g);
        assert!(pgn.contains("[White \"alpha\"]") && pgn.contains("[Result \"0-1\"]"));
        let csv = to_csv_line(&g);
        assert_eq!(
            csv,
            "3,match,alpha,\"be,ta]\",0-1,time-turn,3,diag,5,slow\n"
        );
    }
}
