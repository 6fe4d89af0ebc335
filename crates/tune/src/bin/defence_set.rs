//! A defence set from real games, and how many of its positions an engine
//! holds.
//!
//! ```text
//! cargo run --release -p tengen-tune --bin defence_set -- collect --rule freestyle --engine t5 \
//!     --judge /path/to/pbrain-judge --judge-time 1000 --out defence-freestyle.txt DIR...
//! cargo run --release -p tengen-tune --bin defence_set -- check --engine "target/release/pbrain-tengen --threads 1" \
//!     --judge /path/to/pbrain-judge --turn-time 500 defence-freestyle.txt
//! cargo run --release -p tengen-tune --bin defence_set -- prove --engine "target/release/pbrain-tengen --threads 1" \
//!     --turn-time 1000 defence-freestyle.txt
//! ```
//!
//! `collect` reads the `.psq` records below the folders (as `tengen-arena
//! --out` writes them, named `NNNNN_BLACK_vs_WHITE.psq`) and keeps the games
//! the named engine lost with a five on the board. In each it walks back
//! from the end over the engine's moves while a judge (any Gomocup engine
//! that prints `Eval +Mn` for a forced win, as Rapfi does) says that the
//! opponent wins by force after the move. The first move of that run is
//! the losing one; the position before it is kept when the judge does not
//! call it lost already (`-Mn` for the side to move). One position a line:
//!
//! ```text
//! freestyle 15x15 7,7 8,8 ... ; played 9,9 ; before 120 ; after +M13 ; dir/00007_t5_vs_rapfi.psq
//! ```
//!
//! `check` asks the engine for its move in each position at `--turn-time`
//! (a fresh `START` each time) and has the judge evaluate the position
//! after it: the engine holds when the judge finds no forced win for the
//! opponent. It prints each verdict and the count held.
//!
//! `prove` plays each set move and asks the engine for its move in the
//! position after it (a fresh `START` each time), where the judge found a
//! forced win for the side to move: it counts how many of those wins the
//! engine's search proves (reports as `+Mn`) within `--turn-time`, or
//! within `--nodes` nodes a position (`INFO max_node`, the hash cleared
//! before each, no clock: a count that does not depend on the machine's
//! load). A move loses to such a win only when the search cannot see it one
//! ply earlier, so the count says how deep the search sees threat
//! sequences.

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tengen::board::parse_xy;
use tengen::{Board, Color, Rule};
use tengen_arena::records::{find_psq, read_psq_game};
use tengen_tune::judge::{Player, Verdict};

#[derive(Parser)]
#[command(about = "A defence set from games lost to a stronger engine")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Finds the losing move of every game the engine lost.
    Collect {
        /// The rule whose games are read.
        #[arg(long)]
        rule: String,
        /// The engine's name in the record file names.
        #[arg(long)]
        engine: String,
        /// The judge: a Gomocup engine command that reports `Eval +Mn`.
        #[arg(long)]
        judge: String,
        /// The judge's time a position, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        judge_time: u64,
        /// The set to write.
        #[arg(long)]
        out: PathBuf,
        /// Folders searched for `.psq` records.
        dirs: Vec<PathBuf>,
    },
    /// Counts the positions of a set that an engine holds.
    Check {
        /// The engine tried: a Gomocup engine command.
        #[arg(long)]
        engine: String,
        /// The judge: a Gomocup engine command that reports `Eval +Mn`.
        #[arg(long)]
        judge: String,
        /// The engine's time a move, in milliseconds.
        #[arg(long, default_value_t = 500)]
        turn_time: u64,
        /// The judge's time a position, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        judge_time: u64,
        /// The set written by `collect`.
        set: PathBuf,
    },
    /// Counts the positions after each set move that an engine proves
    /// won for the side to move (the judge found a forced win there when
    /// the set was made): how far ahead its search sees a threat sequence.
    Prove {
        /// The engine tried: a Gomocup engine command that reports a
        /// forced win as `ev +Mn` (this engine) or `Eval +Mn`.
        #[arg(long)]
        engine: String,
        /// The engine's time a position, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        turn_time: u64,
        /// Nodes a position instead of a time (`INFO max_node`, no clock).
        #[arg(long, conflicts_with = "turn_time")]
        nodes: Option<u64>,
        /// The set written by `collect`.
        set: PathBuf,
    },
}

fn fail(msg: &str) -> ! {
    eprintln!("defence_set: {msg}");
    std::process::exit(2)
}

/// The engine's colour in a record named `NNNNN_BLACK_vs_WHITE.psq`.
fn engine_color(path: &Path, engine: &str) -> Option<Color> {
    let stem = path.file_stem()?.to_str()?;
    let (_, players) = stem.split_once('_')?;
    let (black, white) = players.split_once("_vs_")?;
    match (black == engine, white == engine) {
        (true, false) => Some(Color::Black),
        (false, true) => Some(Color::White),
        _ => None,
    }
}

/// The board after `moves` (zero-based points, black first), or `None`
/// when one is off the board or not allowed.
fn replay(rule: Rule, size: (usize, usize), moves: &[(usize, usize)]) -> Option<Board> {
    let mut b = Board::new(size.0, size.1, rule).ok()?;
    for &(x, y) in moves {
        let p = b.pos(x as i64, y as i64)?;
        b.play(p).ok()?;
    }
    Some(b)
}

fn stones_text(board: &Board) -> String {
    let parts: Vec<String> = board
        .history()
        .iter()
        .map(|m| format!("{},{}", m.pos.x(), m.pos.y()))
        .collect();
    parts.join(" ")
}

fn collect(rule: Rule, engine: &str, judge: &mut Player, dirs: &[PathBuf]) -> String {
    let mut files = Vec::new();
    for d in dirs {
        files.extend(
            find_psq(d).unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", d.display()))),
        );
    }
    let (mut lost, mut kept) = (0, 0);
    let mut out = String::new();
    for path in files {
        let Some(color) = engine_color(&path, engine) else {
            continue;
        };
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(game) = read_psq_game(&text) else {
            continue;
        };
        if Rule::parse(&game.rule) != Some(rule) || game.winner != Some(color.opp()) {
            continue;
        }
        let size = (game.width, game.height);
        let Some(end) = replay(rule, size, &game.moves) else {
            continue;
        };
        if end.winner() != Some(color.opp()) {
            continue; // lost on time or by forfeit, not over the board
        }
        lost += 1;
        // The engine's moves, last first: plies i with stone i the engine's.
        let first = usize::from(color == Color::White);
        let mine: Vec<usize> = (first..game.moves.len()).step_by(2).collect();
        let mut losing = None;
        for &i in mine.iter().rev() {
            let after = replay(rule, size, &game.moves[..=i]).expect("a replayed prefix");
            if after.winner().is_some() {
                continue;
            }
            let v = judge.judge(&after);
            if matches!(v, Verdict::Wins(_)) {
                losing = Some((i, v));
            } else {
                break;
            }
        }
        let Some((i, after)) = losing else {
            eprintln!("{}: no losing move found", path.display());
            continue;
        };
        let board = replay(rule, size, &game.moves[..i]).expect("a replayed prefix");
        let before = judge.judge(&board);
        let (x, y) = game.moves[i];
        eprintln!(
            "{}: move {} {x},{y}: before {} after {}",
            path.display(),
            i + 1,
            before.text(),
            after.text()
        );
        if matches!(before, Verdict::Loses(_)) {
            continue;
        }
        kept += 1;
        out.push_str(&format!(
            "{} {}x{} {} ; played {x},{y} ; before {} ; after {} ; {}\n",
            rule.name(),
            size.0,
            size.1,
            stones_text(&board),
            before.text(),
            after.text(),
            path.display()
        ));
    }
    eprintln!("{lost} games lost over the board; {kept} positions kept");
    out
}

/// One position of a set: the board and the move played in the game.
fn parse_line(line: &str) -> Result<(Board, (i64, i64)), String> {
    let mut fields = line.split(" ; ");
    let head = fields.next().ok_or("an empty line")?;
    let mut words = head.split_whitespace();
    let rule = words.next().and_then(Rule::parse).ok_or("no rule")?;
    let (w, h) = words
        .next()
        .and_then(|s| s.split_once('x'))
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .ok_or("no size")?;
    let mut board = Board::new(w, h, rule).map_err(|e| format!("{e:?}"))?;
    for word in words {
        let (x, y) = parse_xy(word).ok_or_else(|| format!("bad stone `{word}`"))?;
        let p = board
            .pos(x, y)
            .ok_or_else(|| format!("off board `{word}`"))?;
        board.play(p).map_err(|e| format!("{word}: {e:?}"))?;
    }
    let played = fields
        .next()
        .and_then(|f| f.strip_prefix("played "))
        .and_then(parse_xy)
        .ok_or("no played move")?;
    Ok((board, played))
}

/// A set file's text; a file that cannot be read ends the run.
fn read_set(set: &Path) -> String {
    std::fs::read_to_string(set)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", set.display())))
}

/// The positions of a set, each with its line number (from 1), its line,
/// its board and the move played in the game; comments and blank lines
/// are skipped, and a line that does not parse ends the run.
fn positions(set: &str) -> impl Iterator<Item = (usize, &str, Board, (i64, i64))> {
    set.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(n, line)| {
            let (board, played) =
                parse_line(line).unwrap_or_else(|e| fail(&format!("line {}: {e}", n + 1)));
            (n + 1, line, board, played)
        })
}

fn check(engine: &mut Player, judge: &mut Player, set: &str) {
    let (mut held, mut total, mut same) = (0, 0, 0);
    for (n, _, board, played) in positions(set) {
        let ((x, y), _) = engine.think(&board);
        let mut after = board.clone();
        let legal = after.pos(x, y).is_some_and(|p| after.play(p).is_ok());
        let verdict = if legal && after.winner().is_none() {
            Some(judge.judge(&after))
        } else {
            None
        };
        let holds = legal
            && (after.winner() == Some(board.side_to_move())
                || verdict.is_some_and(|v| !matches!(v, Verdict::Wins(_))));
        total += 1;
        held += usize::from(holds);
        same += usize::from((x, y) == played);
        println!(
            "{n:3} {x},{y} {} {}",
            verdict.map_or_else(|| "-".into(), Verdict::text),
            if holds { "holds" } else { "lost" }
        );
    }
    println!("{held} of {total} held; {same} times the game's losing move again");
}

/// Asks `engine` for its move on the position after each set move (a
/// fresh `START` each time) and counts those where it reports a forced win.
fn prove(engine: &mut Player, set: &str) {
    let (mut proved, mut total) = (0, 0);
    for (n, line, mut board, (x, y)) in positions(set) {
        let played = board.pos(x, y).is_some_and(|p| board.play(p).is_ok());
        if !played || board.winner().is_some() {
            fail(&format!("line {n}: the set move {x},{y} cannot be played"));
        }
        let (_, verdict) = engine.think(&board);
        let won = matches!(verdict, Some(Verdict::Wins(_)));
        total += 1;
        proved += usize::from(won);
        let judged = line.split(" ; ").nth(3).unwrap_or("").trim();
        println!(
            "{n:3} {judged} ; engine {} {}",
            verdict.map_or_else(|| "-".into(), Verdict::text),
            if won { "proved" } else { "not proved" }
        );
    }
    println!("{proved} of {total} proved");
}

fn main() {
    match Cli::parse().cmd {
        Cmd::Collect {
            rule,
            engine,
            judge,
            judge_time,
            out,
            dirs,
        } => {
            let rule =
                Rule::parse(&rule).unwrap_or_else(|| fail(&format!("unknown rule `{rule}`")));
            let mut judge = Player::spawn(&judge, judge_time);
            let text = collect(rule, &engine, &mut judge, &dirs);
            judge.engine.quit(Duration::from_secs(2));
            std::fs::write(&out, text)
                .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", out.display())));
        }
        Cmd::Check {
            engine,
            judge,
            turn_time,
            judge_time,
            set,
        } => {
            let text = read_set(&set);
            let mut engine = Player::spawn(&engine, turn_time);
            let mut judge = Player::spawn(&judge, judge_time);
            check(&mut engine, &mut judge, &text);
            engine.engine.quit(Duration::from_secs(2));
            judge.engine.quit(Duration::from_secs(2));
        }
        Cmd::Prove {
            engine,
            turn_time,
            nodes,
            set,
        } => {
            let text = read_set(&set);
            let mut engine = match nodes {
                Some(n) => Player::spawn_nodes(&engine, n),
                None => Player::spawn(&engine, turn_time),
            };
            prove(&mut engine, &text);
            engine.engine.quit(Duration::from_secs(2));
        }
    }
}

#[cfg(test)]
mod tests {
    use tengen_tune::judge::Verdict;

    #[test]
    fn evaluations_are_read_from_both_engines_lines() {
        // Rapfi's search line, then this engine's.
        let rapfi = "MESSAGE Speed 995K | Depth 24-17 | Eval +M19 | Node 602K | Time 605ms";
        assert_eq!(Verdict::parse(rapfi), Some(Verdict::Wins(19)));
        let rapfi = "MESSAGE Speed 860K | Depth 18-31 | Eval -873 | Node 834K | Time 970ms";
        assert_eq!(Verdict::parse(rapfi), Some(Verdict::Score(-873)));
        let own = "MESSAGE depth 21-29 ev +M23 n 4075477 n/ms 863 tm 4720 pv 7,9 10,9";
        assert_eq!(Verdict::parse(own), Some(Verdict::Wins(23)));
        let own = "MESSAGE depth 5-7 ev -M6 n 1200 n/ms 600 tm 2 pv 7,9";
        assert_eq!(Verdict::parse(own), Some(Verdict::Loses(6)));
        let own = "MESSAGE depth 16-28 ev 2374 n 8455460 n/ms 1106 tm 7660 pv 6,6 6,9";
        assert_eq!(Verdict::parse(own), Some(Verdict::Score(2374)));
        assert_eq!(Verdict::parse("MESSAGE budget 460 ms"), None);
    }
}
