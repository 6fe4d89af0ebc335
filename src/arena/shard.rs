//! Sharded runs: one tournament's games spread over many processes or
//! machines, and the merge of their outputs into one result.
//!
//! `--shard K/N` expands the whole schedule exactly as a single run does
//! (the same game numbers, openings, symmetries and colours, drawn from the
//! same seed) and plays only the game pairs whose number, counted from
//! zero, leaves the remainder `K - 1` when divided by `N`. The N slices are
//! disjoint and together hold every game. A pair's two games (one opening,
//! colours swapped) stay in the same slice.
//!
//! Each shard writes its records as usual, plus `shard.json`: the plan
//! (everything that decides which games are played and how), the shard's
//! number, the games it was to play and the games it played.
//! `tengen-arena merge DIR…` checks that the shards share one plan, that
//! every shard from 1 to N is there once and finished, then writes one
//! table, one Elo/LOS/SPRT report and one set of records.
//!
//! Only formats whose games are all known before the first is played can
//! be split this way (match, gauntlet, round robin). In a sharded match an
//! SPRT does not stop early: a shard cannot see the others' games, so the
//! merge reports where the test stands over all of them.

use super::game::GameRecord;
use super::records::to_pgn;
use super::schedule::Format;
use super::stats::Sprt;
use super::tournament::{check_out_dir, write_summary, Config, Summary, SummaryFormat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The file a shard writes next to its records.
pub const SHARD_FILE: &str = "shard.json";

/// One slice of a schedule: the `index`-th (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: usize,
    /// How many slices.
    pub count: usize,
}

impl Shard {
    /// Parses `K/N` with `1 <= K <= N`.
    ///
    /// # Errors
    /// Anything else, in words for the user.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("shard `{text}` is not K/N with 1 <= K <= N");
        let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether game pair number `pair` (from zero, in schedule order)
    /// belongs to this slice.
    #[must_use]
    pub fn holds_pair(self, pair: usize) -> bool {
        pair % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Everything that decides which games a tournament plays and how: shards
/// of one run have equal plans.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The format's name.
    pub format: String,
    /// The rule's name.
    pub rule: String,
    /// Board size.
    pub size: (usize, usize),
    /// The time control, in words.
    pub time_control: String,
    /// Engine names, in seeding order.
    pub names: Vec<String>,
    /// Engine command lines.
    pub commands: Vec<String>,
    /// Game pairs per bout.
    pub pairs: usize,
    /// The seed of the opening order and symmetries.
    pub seed: u64,
    /// The openings (name and stones).
    pub openings: Vec<String>,
    /// The opening order.
    pub order: String,
    /// Whether openings are played in random symmetries.
    pub symmetry: bool,
    /// The opening rule played by the engines.
    pub stage: String,
    /// The move limit, if any.
    pub draw_after: Option<usize>,
    /// The SPRT, if one was asked for.
    pub sprt: Option<Sprt>,
    /// The seed of the lots (抽签, 猜先), when drawn.
    pub lots: Option<u64>,
    /// Ranks shown beside the ratings, with their offset.
    pub ranks: Option<f64>,
}

impl Plan {
    /// The plan of a configuration.
    #[must_use]
    pub fn of(config: &Config) -> Plan {
        Plan {
            format: config.format.to_string(),
            rule: config.game.rule.name().to_string(),
            size: (config.game.width, config.game.height),
            time_control: config.game.tc.to_string(),
            names: config.engines.iter().map(|e| e.name.clone()).collect(),
            commands: config
                .engines
                .iter()
                .map(|e| {
                    let mut c = e.command.display().to_string();
                    for a in &e.args {
                        c.push(' ');
                        c.push_str(a);
                    }
                    c
                })
                .collect(),
            pairs: config.pairs,
            seed: config.seed,
            openings: config
                .openings
                .iter()
                .map(|o| format!("{}: {:?}", o.name, o.stones))
                .collect(),
            order: format!("{:?}", config.order),
            symmetry: config.symmetry,
            stage: config.stage.name().to_string(),
            draw_after: config.game.draw_after,
            sprt: config.sprt,
            lots: config.bouts.lots,
            ranks: config.ranks,
        }
    }

    /// The format this plan names.
    fn format(&self) -> Result<Format, String> {
        Format::parse(&self.format).ok_or_else(|| format!("unknown format `{}`", self.format))
    }
}

/// What one shard wrote: its slice, the plan, the games it was to play and
/// those it finished.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardOutput {
    /// Which slice.
    pub shard: Shard,
    /// The whole run's plan.
    pub plan: Plan,
    /// The numbers of the games in this slice.
    pub planned: Vec<usize>,
    /// The games finished, with their moves.
    pub games: Vec<GameRecord>,
}

impl ShardOutput {
    /// Writes `shard.json` into `dir`.
    ///
    /// # Errors
    /// A write failure.
    pub fn write(&self, dir: &Path) -> Result<(), String> {
        let json = serde_json::to_string(self).map_err(|e| e.to_string())?;
        std::fs::write(dir.join(SHARD_FILE), json)
            .map_err(|e| format!("cannot write {}: {e}", dir.join(SHARD_FILE).display()))
    }

    /// Reads `shard.json` from `dir`.
    ///
    /// # Errors
    /// A missing or unreadable file.
    pub fn read(dir: &Path) -> Result<ShardOutput, String> {
        let path = dir.join(SHARD_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            format!(
                "{}: {e} (is {} the output of a --shard run?)",
                path.display(),
                dir.display()
            )
        })?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Checks that the shards belong to one run, that each of its slices is
/// there exactly once and that each finished every game of its slice.
fn check_shards(dirs: &[PathBuf], shards: &[ShardOutput]) -> Result<(), String> {
    let first = shards.first().ok_or("merge needs at least one directory")?;
    let count = first.shard.count;
    let mut seen = vec![None; count];
    for (dir, s) in dirs.iter().zip(shards) {
        if s.plan != first.plan || s.shard.count != count {
            return Err(format!(
                "{} holds shard {} of another run than {} (shard {})",
                dir.display(),
                s.shard,
                dirs[0].display(),
                first.shard
            ));
        }
        if let Some(other) = seen[s.shard.index - 1].replace(dir) {
            return Err(format!(
                "shard {} is given twice: {} and {}",
                s.shard,
                other.display(),
                dir.display()
            ));
        }
        let mut done: Vec<usize> = s.games.iter().map(|g| g.id).collect();
        done.sort_unstable();
        if done != s.planned {
            return Err(format!(
                "shard {} in {} is unfinished: {} of its {} games; run it again",
                s.shard,
                dir.display(),
                done.len(),
                s.planned.len()
            ));
        }
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, d)| d.is_none())
        .map(|(i, _)| format!("{}/{count}", i + 1))
        .collect();
    if !missing.is_empty() {
        return Err(format!("missing shards: {}", missing.join(", ")));
    }
    Ok(())
}

/// Merges the outputs of the shards in `dirs` into `out` (which must be
/// new or empty): the records of every game, `games.pgn` in game order, and
/// the summary and table of the whole run.
///
/// # Errors
/// Shards that do not make one whole run, or a read or write failure.
pub fn merge(dirs: &[PathBuf], out: &Path, format: SummaryFormat) -> Result<Summary, String> {
    let shards = dirs
        .iter()
        .map(|d| ShardOutput::read(d))
        .collect::<Result<Vec<_>, _>>()?;
    check_shards(dirs, &shards)?;
    check_out_dir(out)?;
    let plan = shards[0].plan.clone();
    let games_dir = out.join("games");
    let fail = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    std::fs::create_dir_all(&games_dir).map_err(|e| fail(&games_dir, e))?;
    for dir in dirs {
        let from = dir.join("games");
        let entries = std::fs::read_dir(&from).map_err(|e| fail(&from, e))?;
        for entry in entries {
            let path = entry.map_err(|e| fail(&from, e))?.path();
            if let Some(name) = path.file_name() {
                std::fs::copy(&path, games_dir.join(name)).map_err(|e| fail(&path, e))?;
            }
        }
    }
    let mut games: Vec<GameRecord> = shards.into_iter().flat_map(|s| s.games).collect();
    games.sort_by_key(|g| g.id);
    let pgn: String = games.iter().map(to_pgn).collect();
    let pgn_path = out.join("games.pgn");
    std::fs::write(&pgn_path, pgn).map_err(|e| fail(&pgn_path, e))?;
    let mut summary = Summary::from_games(
        plan.format()?,
        &plan.rule,
        plan.size,
        plan.time_control.clone(),
        &plan.names,
        games,
        plan.sprt,
    );
    summary.set_ranks(plan.ranks);
    write_summary(&summary, out, format)?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_split_pairs_disjointly() {
        assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(
            Shard::parse(" 1 / 1 ").map(|s| s.to_string()),
            Ok("1/1".into())
        );
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", "-1/3"] {
            let e = Shard::parse(bad).unwrap_err();
            assert!(e.contains("is not K/N"), "{bad}: {e}");
        }
        let shards: Vec<Shard> = (1..=3).map(|k| Shard { index: k, count: 3 }).collect();
        for pair in 0..20 {
            let holders = shards.iter().filter(|s| s.holds_pair(pair)).count();
            assert_eq!(holders, 1, "pair {pair} belongs to exactly one shard");
        }
    }
}
