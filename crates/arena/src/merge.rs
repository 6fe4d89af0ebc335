//! `tengen-arena merge DIR…`: the outputs of a sharded run's slices
//! ([`crate::shard`]) checked to make one whole run, and merged into one
//! set of records, one table and one Elo/LOS/SPRT report.

use super::game::GameRecord;
use super::records::to_pgn;
use super::shard::ShardOutput;
use super::tournament::{check_out_dir, write_summary, Summary, SummaryFormat};
use std::path::{Path, PathBuf};

/// Checks that the shards belong to one run, that each of its slices is
/// there exactly once and that each finished every game of its slice. A
/// shard of another run is named with every setting that differs, its
/// value there against its value in the first directory.
fn check_shards(dirs: &[PathBuf], shards: &[ShardOutput]) -> Result<(), String> {
    let first = shards.first().ok_or("merge needs at least one directory")?;
    let count = first.shard.count;
    let mut seen = vec![None; count];
    for (dir, s) in dirs.iter().zip(shards) {
        if s.plan != first.plan || s.shard.count != count {
            let mut differences = first.plan.differences(&s.plan);
            if s.shard.count != count {
                differences.push((
                    "the number of shards".into(),
                    count.to_string(),
                    s.shard.count.to_string(),
                ));
            }
            let words: Vec<String> = differences
                .iter()
                .map(|(setting, here, there)| format!("{setting} {there} against {here}"))
                .collect();
            return Err(format!(
                "{} holds shard {} of another run than {} (shard {}): {}",
                dir.display(),
                s.shard,
                dirs[0].display(),
                first.shard,
                words.join("; ")
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
