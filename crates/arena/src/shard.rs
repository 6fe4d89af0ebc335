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
//! `tengen-arena merge DIR…` ([`crate::merge`]) checks that the shards share one plan, that
//! every shard from 1 to N is there once and finished, then writes one
//! table, one Elo/LOS/SPRT report and one set of records.
//!
//! Only formats whose games are all known before the first is played can
//! be split this way (match, gauntlet, round robin). In a sharded match an
//! SPRT does not stop early: a shard cannot see the others' games, so the
//! merge reports where the test stands over all of them.

use super::game::GameRecord;
use super::schedule::Format;
use super::stats::Sprt;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

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
///
/// Left out: where the output goes (`--out`, `--summary`, `--log`, the
/// progress bar), how many games run at once and `--folder` (a place on
/// the machine that runs the shard), and the settings of knock-out bouts
/// and play-offs, whose formats do not shard.
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
    /// The overrun forgiven on every time limit, in milliseconds. This and
    /// the fields below are `None` in the plans of shards written before
    /// they were recorded.
    #[serde(default)]
    pub tolerance_ms: Option<u64>,
    /// The time to answer `START`, in milliseconds.
    #[serde(default)]
    pub start_timeout_ms: Option<u64>,
    /// `INFO max_memory`, in bytes.
    #[serde(default)]
    pub max_memory: Option<u64>,
    /// Whether two engines that both fail to start both lose.
    #[serde(default)]
    pub no_shows_lose: Option<bool>,
    /// Whether engine processes are kept from game to game.
    #[serde(default)]
    pub reuse_engines: Option<bool>,
}

/// The plan's fields that shards written before them do not hold.
const LATER_FIELDS: [&str; 5] = [
    "tolerance_ms",
    "start_timeout_ms",
    "max_memory",
    "no_shows_lose",
    "reuse_engines",
];

/// A plan field as the user knows the setting.
fn setting_name(field: &str) -> &str {
    match field {
        "format" => "-f/--format",
        "rule" => "-r/--rule",
        "size" => "-s/--size",
        "time_control" => "the time control",
        "names" => "the engines' names",
        "commands" => "the engines' commands",
        "pairs" => "-n/--pairs",
        "seed" => "--seed",
        "openings" => "the openings (-o)",
        "order" => "--order",
        "symmetry" => "--symmetry",
        "stage" => "--opening-rule",
        "draw_after" => "--draw-after",
        "sprt" => "--sprt",
        "lots" => "--lots",
        "ranks" => "--ranks",
        "tolerance_ms" => "--tolerance (ms)",
        "start_timeout_ms" => "--start-timeout (ms)",
        "max_memory" => "--max-memory (bytes)",
        "no_shows_lose" => "--no-shows-lose",
        "reuse_engines" => "--reuse-engines",
        other => other,
    }
}

/// A plan value in words, at most 100 characters.
fn shown(field: &str, value: &serde_json::Value) -> String {
    let text = match value {
        serde_json::Value::Null if LATER_FIELDS.contains(&field) => {
            "not recorded (a shard of an older tengen-arena)".to_string()
        }
        serde_json::Value::Null => "none".to_string(),
        serde_json::Value::String(s) => format!("`{s}`"),
        other => other.to_string(),
    };
    if text.chars().count() > 100 {
        text.chars().take(100).chain("…".chars()).collect()
    } else {
        text
    }
}

impl Plan {
    /// The format this plan names.
    pub(crate) fn format(&self) -> Result<Format, String> {
        Format::parse(&self.format).ok_or_else(|| format!("unknown format `{}`", self.format))
    }

    /// Where `other` differs from this plan, one entry per setting:
    /// `(setting, its value here, its value in other)`, in words.
    #[must_use]
    pub fn differences(&self, other: &Plan) -> Vec<(String, String, String)> {
        let as_map = |p: &Plan| match serde_json::to_value(p) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        };
        let (mine, theirs) = (as_map(self), as_map(other));
        let null = serde_json::Value::Null;
        let mut out = Vec::new();
        for (field, a) in &mine {
            let b = theirs.get(field).unwrap_or(&null);
            if a == b {
                continue;
            }
            let name = setting_name(field).to_string();
            match (a, b) {
                (serde_json::Value::Array(x), serde_json::Value::Array(y)) => {
                    // A list (engines, openings): its first difference.
                    match x.iter().zip(y).position(|(u, v)| u != v) {
                        Some(i) => out.push((
                            format!("{name}, entry {}", i + 1),
                            shown(field, &x[i]),
                            shown(field, &y[i]),
                        )),
                        None => out.push((
                            format!("{name}, the number of entries"),
                            x.len().to_string(),
                            y.len().to_string(),
                        )),
                    }
                }
                _ => out.push((name, shown(field, a), shown(field, b))),
            }
        }
        out
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
