//! Collects the lengths of finished games for the engine's time manager:
//! reads the SGF records `tengen-arena` writes (`OUT/games/*.sgf`) under the
//! given files and folders, and prints one line per rule and board size in
//! the format of `data/time/game-lengths.txt`:
//!
//! `game_lengths RUN_DIR... > data/time/game-lengths.txt`
//!
//! A game's length is the stones on the board at its end (passes are not
//! stones, and the arena writes them as `B[]`). Games that ended before a move was made over the board (a
//! crash, a no-show) are left out.

use clap::Parser;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "game_lengths",
    about = "Prints the lengths of the games in tengen-arena's SGF records, per rule and board size"
)]
struct Args {
    /// SGF files, or folders searched for `*.sgf` at any depth
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Games shorter than this many stones are left out (openings only)
    #[arg(long, default_value_t = 6)]
    min_stones: u32,
}

/// The value of the first `KEY[...]` property of `sgf`.
fn property<'a>(sgf: &'a str, key: &str) -> Option<&'a str> {
    let at = sgf.find(&format!("{key}["))? + key.len() + 1;
    let end = sgf[at..].find(']')?;
    Some(&sgf[at..at + end])
}

/// Rule name, `WxH` and stones of one record; `None` when it is not a game
/// record.
fn read_game(sgf: &str) -> Option<(String, String, u32)> {
    let rule = property(sgf, "RU")?.to_string();
    let size = property(sgf, "SZ")?;
    let size = match size.split_once(':') {
        Some((w, h)) => format!("{w}x{h}"),
        None => format!("{size}x{size}"),
    };
    let stones = [";B[", ";W["]
        .iter()
        .map(|tag| {
            sgf.match_indices(tag)
                .filter(|(i, _)| !sgf[i + tag.len()..].starts_with(']'))
                .count() as u32
        })
        .sum();
    Some((rule, size, stones))
}

/// Every `.sgf` file at or under `path`.
fn sgf_files(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<Vec<_>, _>>()?;
        entries.sort();
        for p in entries {
            sgf_files(&p, out)?;
        }
    } else if path.extension().is_some_and(|e| e == "sgf") {
        out.push(path.to_path_buf());
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut files = Vec::new();
    for p in &args.paths {
        if let Err(e) = sgf_files(p, &mut files) {
            eprintln!("ERROR {}: {e}", p.display());
            return ExitCode::FAILURE;
        }
    }
    let mut lengths: BTreeMap<(String, String), Vec<u32>> = BTreeMap::new();
    for f in &files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("ERROR {}: {e}", f.display());
                return ExitCode::FAILURE;
            }
        };
        if let Some((rule, size, stones)) = read_game(&text) {
            if stones >= args.min_stones {
                lengths.entry((rule, size)).or_default().push(stones);
            }
        }
    }
    if lengths.is_empty() {
        eprintln!("ERROR no game records found");
        return ExitCode::FAILURE;
    }
    println!("# Stones at the end of the project's own games, per rule and board");
    println!("# size, for the time manager (lab T-010). Made by `game_lengths`.");
    for ((rule, size), mut plies) in lengths {
        plies.sort_unstable();
        let list: Vec<String> = plies.iter().map(u32::to_string).collect();
        println!("{rule} {size}: {}", list.join(" "));
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_gives_its_rule_size_and_stones_without_passes() {
        let sgf = "(;FF[4]GM[4]SZ[15]RU[renju]PB[a]PW[b]RE[B+]\n;B[hh]C[opening]\n;W[ii]\n;B[]\n;W[]\n;B[jj])";
        assert_eq!(
            read_game(sgf),
            Some(("renju".to_string(), "15x15".to_string(), 3))
        );
        let rect = "(;FF[4]SZ[20:15]RU[freestyle]\n;B[aa])";
        assert_eq!(read_game(rect).unwrap().1, "20x15");
        assert_eq!(read_game("(;FF[4]SZ[15])"), None);
    }
}
