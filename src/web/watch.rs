//! A `tengen-arena` output folder, read for the page: the finished games
//! (`games/*.psq`), the running ones (`live/*.psq`, rewritten by the arena
//! after every stone), and the standings and Elo computed from the
//! finished games with the arena's own tables.
//!
//! Only files found by listing `games/` and `live/` are read, each by a
//! name the page sends back (letters, digits, `_`, `-`, `.`); the path is
//! resolved and must still lie inside the folder given on the command
//! line, so a symbolic link cannot lead outside it.

use super::record::{read_psq, Record};
use crate::arena::game::GameRecord;
use crate::arena::referee::{MoveRecord, Outcome, Reason};
use crate::arena::tournament::{pairwise, standings};
use crate::rules::Color;
use serde::Serialize;
use std::fs;
use std::path::{Path, PathBuf};

/// The largest game file read, in bytes.
const MAX_GAME_BYTES: u64 = 1 << 20;

/// The sub-folders read: finished games and running ones.
const KINDS: [(&str, bool); 2] = [("games", false), ("live", true)];

/// A tournament folder.
#[derive(Clone, Debug)]
pub struct Folder {
    root: PathBuf,
}

/// One game in the list.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// The file's name, which the page sends back to open it.
    pub file: String,
    /// Whether the game is still being played.
    pub live: bool,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Stones so far.
    pub moves: usize,
    /// `1` black won, `2` white won, `0` draw; none while running.
    pub result: Option<String>,
}

/// Whether a name the page sent may name a game file.
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 200
        && !name.starts_with('.')
        && name.ends_with(".psq")
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.')
}

impl Folder {
    /// The folder at `path`.
    ///
    /// # Errors
    /// A path that is not a readable folder.
    pub fn open(path: &Path) -> Result<Folder, String> {
        let root = path
            .canonicalize()
            .map_err(|e| format!("cannot read the tournament folder {}: {e}", path.display()))?;
        if !root.is_dir() {
            return Err(format!("{} is not a folder", path.display()));
        }
        Ok(Folder { root })
    }

    /// The folder, resolved.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The game files of one kind, sorted by name.
    fn files(&self, kind: &str) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.root.join(kind))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| plain_name(n))
            .collect();
        names.sort();
        names
    }

    /// Reads a game file listed in `kind`, refusing anything outside the
    /// folder.
    fn read(&self, kind: &str, name: &str) -> Result<Record, String> {
        if !plain_name(name) || !self.files(kind).iter().any(|n| n == name) {
            return Err(format!(
                "there is no game `{}`",
                name.chars().take(60).collect::<String>()
            ));
        }
        let path = self
            .root
            .join(kind)
            .join(name)
            .canonicalize()
            .map_err(|e| format!("cannot read {name}: {e}"))?;
        if !path.starts_with(&self.root) {
            return Err(format!("{name} lies outside the tournament folder"));
        }
        let meta = fs::metadata(&path).map_err(|e| format!("cannot read {name}: {e}"))?;
        if !meta.is_file() || meta.len() > MAX_GAME_BYTES {
            return Err(format!("{name} is not a game file"));
        }
        let text = fs::read_to_string(&path).map_err(|e| format!("cannot read {name}: {e}"))?;
        read_psq(&text).map_err(|e| format!("{name}: {e}"))
    }

    /// One game: a finished one by its name in `games/`, else a running
    /// one in `live/`.
    ///
    /// # Errors
    /// No such game, or a file that is not a readable record.
    pub fn game(&self, name: &str) -> Result<(Record, bool), String> {
        match self.read("games", name) {
            Ok(r) => Ok((r, false)),
            Err(e) => self.read("live", name).map(|r| (r, true)).map_err(|_| e),
        }
    }

    /// Every game, finished ones first, and the standings.
    #[must_use]
    pub fn overview(&self) -> serde_json::Value {
        let mut entries = Vec::new();
        let mut errors = Vec::new();
        let mut finished = Vec::new();
        for (kind, live) in KINDS {
            for name in self.files(kind) {
                match self.read(kind, &name) {
                    Ok(r) => {
                        let name_of = |i: usize| r.players[i].clone().unwrap_or_else(|| "?".into());
                        entries.push(Entry {
                            file: name.clone(),
                            live,
                            black: name_of(0),
                            white: name_of(1),
                            moves: r.stones.len(),
                            result: r.result.clone(),
                        });
                        if !live {
                            finished.push(r);
                        }
                    }
                    // A running game may be caught between two writes.
                    Err(e) if !live => errors.push(e),
                    Err(_) => {}
                }
            }
        }
        let (names, games) = as_games(&finished);
        let table = standings(&names, &games);
        let pairs = pairwise(&names, &games);
        serde_json::json!({
            "folder": self.root.display().to_string(),
            "games": entries,
            "standings": table,
            "pairs": pairs,
            "errors": errors,
        })
    }
}

/// The finished records as the arena's game records, for its standings:
/// the engines numbered in order of first appearance. The tables read only
/// the winner and the stones, so the reason is taken as a five (or a full
/// board for a draw); the `.psq` does not record it.
fn as_games(records: &[Record]) -> (Vec<String>, Vec<GameRecord>) {
    let mut names: Vec<String> = Vec::new();
    let mut index = |name: &str| match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    let mut games = Vec::new();
    for (id, r) in records.iter().enumerate() {
        let [Some(b), Some(w)] = &r.players else {
            continue;
        };
        let outcome = match r.result.as_deref() {
            Some("1") => Outcome::loss(Color::White, Reason::Five, ""),
            Some("2") => Outcome::loss(Color::Black, Reason::Five, ""),
            Some("0") => Outcome::draw(Reason::FullBoard, ""),
            _ => continue,
        };
        let (black, white) = (index(b), index(w));
        games.push(GameRecord {
            id: id + 1,
            round: String::new(),
            black,
            white,
            black_name: b.clone(),
            white_name: w.clone(),
            width: r.width,
            height: r.height,
            rule: "",
            opening: None,
            moves: r
                .stones
                .iter()
                .map(|s| MoveRecord {
                    x: s.x,
                    y: s.y,
                    color: s.color,
                    time_ms: s.ms,
                    opening: false,
                })
                .collect(),
            outcome,
            started: 0,
            duration_ms: 0,
            transcript: Vec::new(),
        });
    }
    (names, games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_the_page_are_plain() {
        assert!(plain_name("00001_a_vs_b.psq"));
        for bad in [
            "../x.psq",
            "a/b.psq",
            ".psq",
            "x.sgf",
            "",
            "a\\b.psq",
            ".hidden.psq",
        ] {
            assert!(!plain_name(bad), "{bad}");
        }
    }

    #[test]
    fn a_folder_lists_reads_and_refuses() {
        let dir = std::env::temp_dir().join(format!("tengen-watch-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("games")).unwrap();
        fs::create_dir_all(dir.join("live")).unwrap();
        let won = "Piskvorky 15x15, 11:11, 0\n8,8,5\n9,9,5\n8,9,5\nalpha\nbeta\n-1\n1,freestyle\n";
        fs::write(dir.join("games/00001_alpha_vs_beta.psq"), won).unwrap();
        fs::write(
            dir.join("live/00002.psq"),
            "Piskvorky 15x15, 11:11, 0\n8,8,5\nbeta\nalpha\n",
        )
        .unwrap();
        fs::write(dir.join("games/00003_bad.psq"), "nonsense").unwrap();
        let f = Folder::open(&dir).unwrap();
        let o = f.overview();
        assert_eq!(o["games"].as_array().unwrap().len(), 2, "{o}");
        assert_eq!(o["standings"][0]["name"], "alpha");
        assert_eq!(o["errors"].as_array().unwrap().len(), 1);
        let (g, live) = f.game("00002.psq").unwrap();
        assert!(live && g.stones.len() == 1);
        assert!(f.game("../00001_alpha_vs_beta.psq").is_err());
        assert!(f.game("missing.psq").is_err());
        assert!(Folder::open(&dir.join("nowhere")).is_err());
        let _ = fs::remove_dir_all(&dir);
    }
}
