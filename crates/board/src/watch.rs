//! A `tengen-arena` output folder, read for the page: the finished games
//! (`games/*.psq`), the running ones (`live/*.psq`, rewritten by the arena
//! after every stone), and the standings and Elo computed from the
//! finished games with the arena's statistics.
//!
//! Only files found by listing `games/` and `live/` are read, each by a
//! name the page sends back (letters, digits, `_`, `-`, `.`); the path is
//! resolved and must still lie inside the folder given on the command
//! line, so a symbolic link cannot lead outside it.

use super::record::{read_psq, Record};
use serde::Serialize;
use std::fs;
use std::path::{Path, PathBuf};
use tengen_arena::stats::{elo, los, ratings, EloEstimate, Wdl};

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
    /// Moves so far: stones and passes.
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
                            moves: r.stones.len() + r.passes,
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
        let (table, pairs) = tables(&finished);
        serde_json::json!({
            "folder": self.root.display().to_string(),
            "games": entries,
            "standings": table,
            "pairs": pairs,
            "errors": errors,
        })
    }
}

/// One engine's line in the standings.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    /// The engine's name.
    pub name: String,
    /// Its wins, draws and losses.
    pub record: Wdl,
    /// Table points (win 2, draw 1).
    pub points: u32,
    /// Its rating over all games (the arena's Bradley–Terry fit), mean
    /// zero.
    pub elo: f64,
}

/// Two engines' games against each other.
#[derive(Clone, Debug, Serialize)]
pub struct Pair {
    /// The engine seen first in the folder.
    pub first: String,
    /// The other.
    pub second: String,
    /// The first's wins, draws and losses against the second.
    pub record: Wdl,
    /// The first's Elo over the second, with its error.
    pub elo: Option<EloEstimate>,
    /// The likelihood that the first is stronger.
    pub los: f64,
}

/// The standings (best first: points, then wins) and every pair that met,
/// from the finished records, with the arena's statistics. Engines are
/// numbered in order of first appearance; a record without both names or
/// without a result does not count.
fn tables(records: &[Record]) -> (Vec<Standing>, Vec<Pair>) {
    let mut names: Vec<String> = Vec::new();
    let mut index = |name: &str| match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    // (black, white, black's score) per game.
    let mut games = Vec::new();
    for r in records {
        let [Some(b), Some(w)] = &r.players else {
            continue;
        };
        let score = match r.result.as_deref() {
            Some("1") => 1.0,
            Some("2") => 0.0,
            Some("0") => 0.5,
            _ => continue,
        };
        games.push((index(b), index(w), score));
    }
    let n = names.len();
    let mut results = vec![vec![0.0; n]; n];
    let mut counts = vec![vec![0u32; n]; n];
    let mut wdl = vec![vec![Wdl::default(); n]; n];
    for &(b, w, score) in &games {
        results[b][w] += score;
        results[w][b] += 1.0 - score;
        counts[b][w] += 1;
        counts[w][b] += 1;
        for (me, other, s) in [(b, w, score), (w, b, 1.0 - score)] {
            let cell = &mut wdl[me][other];
            if s > 0.75 {
                cell.wins += 1;
            } else if s > 0.25 {
                cell.draws += 1;
            } else {
                cell.losses += 1;
            }
        }
    }
    let elos = ratings(&results, &counts);
    let mut table: Vec<Standing> = (0..n)
        .map(|i| {
            let record = wdl[i].iter().fold(Wdl::default(), |acc, c| Wdl {
                wins: acc.wins + c.wins,
                draws: acc.draws + c.draws,
                losses: acc.losses + c.losses,
            });
            Standing {
                name: names[i].clone(),
                points: record.points(),
                record,
                elo: elos[i],
            }
        })
        .collect();
    table.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.record.wins.cmp(&a.record.wins))
    });
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let record = wdl[a][b];
            if record.games() > 0 {
                pairs.push(Pair {
                    first: names[a].clone(),
                    second: names[b].clone(),
                    record,
                    elo: elo(&record),
                    los: los(&record),
                });
            }
        }
    }
    (table, pairs)
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
        assert_eq!(o["standings"][0]["points"], 2);
        assert_eq!(o["standings"][1]["record"]["losses"], 1);
        assert_eq!(o["pairs"][0]["record"]["wins"], 1, "{o}");
        assert!(o["standings"][0]["elo"].as_f64().unwrap() > 0.0);
        assert_eq!(o["errors"].as_array().unwrap().len(), 1);
        let (g, live) = f.game("00002.psq").unwrap();
        assert!(live && g.stones.len() == 1);
        assert!(f.game("../00001_alpha_vs_beta.psq").is_err());
        assert!(f.game("missing.psq").is_err());
        assert!(Folder::open(&dir.join("nowhere")).is_err());
        let _ = fs::remove_dir_all(&dir);
    }
}
