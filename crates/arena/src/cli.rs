//! The command line of `tengen-arena`, and turning it into a [`TournamentConfig`].

use super::clock::{parse_duration, Periods, TimeControl};
use super::engine::EngineSpec;
use super::merge::merge;
use super::openings::{load_openings, Order};
use super::schedule::{Format, Options};
use super::shard::Shard;
use super::stats::Sprt;
use super::tournament::{run, SummaryFormat, TournamentConfig};
use clap::Parser;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tengen::rules::Rule;

/// Tournaments between Gomocup (Piskvork protocol) engines.
///
/// `tengen-arena merge [--out DIR] DIR...` combines the outputs of a run
/// split with `--shard` into one table and one set of records.
#[derive(Parser, Debug, Clone)]
#[command(name = "tengen-arena", version)]
pub struct Cli {
    /// An engine: `[NAME=]COMMAND [ARGS...]` (quote it if it has spaces).
    /// Give it once per engine; the order is the seeding order, and a
    /// gauntlet's first engine plays all the others. A word
    /// `settle=TIME` (`settle=50ms`) paces an engine that drops commands
    /// arriving just after its output (Rapfi): each line waits until the
    /// engine has been quiet that long, not charged to its clock.
    #[arg(short = 'e', long = "engine", required = true)]
    pub engines: Vec<String>,

    /// match, gauntlet, round-robin, single-elimination,
    /// double-elimination, groups, king-of-the-hill.
    #[arg(short = 'f', long, default_value = "match")]
    pub format: String,

    /// Game pairs per bout; each pair plays one opening twice, colours
    /// swapped.
    #[arg(short = 'n', long, default_value_t = 10)]
    pub pairs: usize,

    /// Extra game pairs (single games with --bout-games) to break a tied
    /// elimination bout before the better seed goes through.
    #[arg(long, default_value_t = 1)]
    pub tiebreaks: usize,

    /// Knock-out bouts of N single games, colours alternating, ended once
    /// decided (1: single-game knock-out 单局淘汰, 3: best of three
    /// 三局两胜), instead of game pairs.
    #[arg(long = "bout-games", value_name = "N")]
    pub bout_games: Option<usize>,

    /// Play ties off (加赛): tied bouts and tied places one game at a time
    /// until decided, the lot after --playoff-limit games.
    #[arg(long)]
    pub playoffs: bool,

    /// Play-off games per tie before the lot decides.
    #[arg(long = "playoff-limit", default_value_t = 10)]
    pub playoff_limit: usize,

    /// Draw the seeding and the first colour of every bout by lot (抽签,
    /// 猜先) from --seed; colours alternate after.
    #[arg(long)]
    pub lots: bool,

    /// Single elimination: a match for third place between the
    /// semi-finals' losers (four engines or more; refused with fewer).
    #[arg(long = "third-place")]
    pub third_place: bool,

    /// Groups format: the number of groups (each group's top two go on).
    #[arg(long, default_value_t = 2)]
    pub groups: usize,

    /// freestyle, standard, renju, caro, caro-exact, or a Gomocup number.
    #[arg(short = 'r', long, default_value = "freestyle")]
    pub rule: String,

    /// Board size: `15`, or `WxH` for a rectangle.
    #[arg(short = 's', long, default_value = "15")]
    pub size: String,

    /// Per-move limit (`500ms`, `2s`; a bare number is milliseconds).
    /// Defaults to 1s when no game time is given.
    #[arg(long = "turn-time")]
    pub turn_time: Option<String>,

    /// Whole-game time per player.
    #[arg(long = "game-time")]
    pub game_time: Option<String>,

    /// Fischer increment, added after each move.
    #[arg(long, default_value = "0")]
    pub increment: String,

    /// Byo-yomi period length (after the game time is spent).
    #[arg(long, default_value = "0")]
    pub byoyomi: String,

    /// Number of byo-yomi periods.
    #[arg(long, default_value_t = 0)]
    pub periods: u32,

    /// Moves in a period (限时限手制) instead of a game time:
    /// `MOVES/TIME,...`, e.g. `40/10m,20/5m`; each period starts once the
    /// last one's moves are made, the last repeats (0 moves: to the end).
    #[arg(long, value_name = "MOVES/TIME,...")]
    pub stages: Option<String>,

    /// Overrun forgiven on every limit (default 500ms; 0 under
    /// --rulebook: overtime loses, 超时判负).
    #[arg(long)]
    pub tolerance: Option<String>,

    /// How long an engine may take to answer START.
    #[arg(long = "start-timeout", default_value = "5s")]
    pub start_timeout: String,

    /// Keep each engine's process from game to game (a new START per
    /// game, as c-gomoku-cli does), so that an engine pays for its start
    /// and hash once; a process that crashed, lost on time or broke a rule
    /// is restarted. Default: a fresh process for every game, as
    /// GomocupJudge does.
    #[arg(long = "reuse-engines")]
    pub reuse_engines: bool,

    /// Two engines that both fail to start both lose, as the rulebook has
    /// two no-shows, instead of drawing.
    #[arg(long = "no-shows-lose")]
    pub no_shows_lose: bool,

    /// Draw the game once this many stones are on the board.
    #[arg(long = "draw-after")]
    pub draw_after: Option<usize>,

    /// Memory limit sent to engines, in MB (0: none).
    #[arg(long = "max-memory", default_value_t = 350)]
    pub max_memory: u64,

    /// Sent to engines as INFO folder.
    #[arg(long)]
    pub folder: Option<PathBuf>,

    /// Opening file (offset or position format, see openings/README.md).
    #[arg(short = 'o', long)]
    pub openings: Option<PathBuf>,

    /// Opening order: sequential or random.
    #[arg(long, default_value = "sequential")]
    pub order: String,

    /// Opening rule played by the engines before normal moves: none, swap2
    /// (through SWAP2BOARD), or a renju opening rule through OPENINGBOARD:
    /// rif, rif-N (N fifth-move offers instead of two), yamaguchi,
    /// soosorv-N, taraguchi-N, tarannikov, swap1. All but none start from
    /// an empty board.
    #[arg(long = "opening-rule", default_value = "none")]
    pub opening_rule: String,

    /// Renju opening rules: put the rulebook's correctable faults right
    /// instead of forfeiting them (the first stone moved back onto the
    /// centre, a non-canonical opening asked for again, a missing number
    /// of fifth moves supplied).
    #[arg(long)]
    pub corrections: bool,

    /// The rulebook's way in one flag: no time tolerance (超时判负),
    /// play-offs (加赛), lots (抽签, 猜先), corrections instead of
    /// forfeits, two no-shows both lose.
    #[arg(long)]
    pub rulebook: bool,

    /// Play each opening in a random one of the board's symmetries.
    #[arg(long)]
    pub symmetry: bool,

    /// Seed for the opening order, symmetries and lots (default 1). A tie
    /// that outlasts the play-offs is drawn by lot from it; without it
    /// from a fresh seed, shown in the table and summary (`lot_seed`).
    #[arg(long)]
    pub seed: Option<u64>,

    /// Games played at once.
    #[arg(short = 'j', long, default_value_t = 1)]
    pub concurrency: usize,

    /// Play only the K-th of N disjoint slices of the schedule (K from 1),
    /// with the same game numbers, openings and colours as a whole run;
    /// combine the slices with `tengen-arena merge`. Match, gauntlet and
    /// round robin only.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,

    /// SPRT for a match: `elo0,elo1[,alpha,beta]` (alpha and beta default
    /// to 0.05); the match stops as soon as it is decided.
    #[arg(long)]
    pub sprt: Option<String>,

    /// Output directory for records and the summary; it must be new or
    /// empty. Default: `arena-out/run-<unix time>`.
    #[arg(long)]
    pub out: Option<PathBuf>,

    /// Summary format: json, csv or both.
    #[arg(long, default_value = "json")]
    pub summary: String,

    /// Show each engine's rank (9级 … 1级, 1段 … 9段) beside its rating;
    /// the ratings average zero, so OFFSET (default 0) points are added
    /// first to place the field on the ladder. A negative OFFSET is read
    /// as one (`--ranks -100`); any other flag after `--ranks` is a flag.
    #[arg(long, value_name = "OFFSET", num_args = 0..=1, default_missing_value = "0", allow_negative_numbers = true)]
    pub ranks: Option<f64>,

    /// Write each game's protocol transcript as a `.log` next to its
    /// records.
    #[arg(long)]
    pub log: bool,

    /// No progress bar.
    #[arg(short = 'q', long)]
    pub quiet: bool,
}

fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("board size `{text}` is not N or WxH");
    let t = text.trim().to_ascii_lowercase();
    let (w, h) = match t.split_once('x') {
        Some((w, h)) => (
            w.trim().parse().map_err(|_| bad())?,
            h.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let n = t.parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    Ok((w, h))
}

fn parse_summary(text: &str) -> Result<SummaryFormat, String> {
    match text.to_ascii_lowercase().as_str() {
        "json" => Ok(SummaryFormat::Json),
        "csv" => Ok(SummaryFormat::Csv),
        "both" => Ok(SummaryFormat::Both),
        s => Err(format!("unknown summary format `{s}` (json, csv or both)")),
    }
}

/// A default output directory named after the current time.
fn default_out(kind: &str) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    PathBuf::from(format!("arena-out/{kind}-{secs}"))
}

fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let v: Result<Vec<f64>, _> = text.split(',').map(|s| s.trim().parse::<f64>()).collect();
    let v = v.map_err(|_| format!("SPRT `{text}` is not elo0,elo1[,alpha,beta]"))?;
    match v.as_slice() {
        [e0, e1] => Ok(Sprt {
            elo0: *e0,
            elo1: *e1,
            alpha: 0.05,
            beta: 0.05,
        }),
        [e0, e1, a, b] => Ok(Sprt {
            elo0: *e0,
            elo1: *e1,
            alpha: *a,
            beta: *b,
        }),
        _ => Err(format!("SPRT `{text}` is not elo0,elo1[,alpha,beta]")),
    }
}

impl Cli {
    /// The tournament configuration this command line asks for.
    ///
    /// # Errors
    /// The first option that cannot be understood, or a configuration that
    /// does not hold together (see [`TournamentConfig::validate`]).
    pub fn to_config(&self) -> Result<TournamentConfig, String> {
        let engines = self
            .engines
            .iter()
            .map(|e| EngineSpec::parse(e))
            .collect::<Result<Vec<_>, _>>()?;
        let mut config = TournamentConfig::new(engines);
        config.format = Format::parse(&self.format).ok_or_else(|| {
            format!(
                "unknown format `{}` (match, gauntlet, round-robin, single-elimination, double-elimination, groups, king-of-the-hill)",
                self.format
            )
        })?;
        config.game.rule = Rule::parse(&self.rule).ok_or_else(|| {
            format!(
                "unknown rule `{}` (freestyle, standard, renju, caro, caro-exact, or 0, 1, 4, 8, 9)",
                self.rule
            )
        })?;
        let (w, h) = parse_size(&self.size)?;
        config.game.width = w;
        config.game.height = h;
        let game = self.game_time.as_deref().map(parse_duration).transpose()?;
        let stages = self.stages.as_deref().map(Periods::parse).transpose()?;
        let turn = match self.turn_time.as_deref().map(parse_duration).transpose()? {
            Some(t) => Some(t),
            None if game.is_none() && stages.is_none() => Some(Duration::from_secs(1)),
            None => None,
        };
        config.game.tc = TimeControl {
            turn,
            game,
            increment: parse_duration(&self.increment)?,
            byoyomi: parse_duration(&self.byoyomi)?,
            periods: self.periods,
            stages: stages.unwrap_or_default(),
            tolerance: match &self.tolerance {
                Some(t) => parse_duration(t)?,
                None if self.rulebook => Duration::ZERO,
                None => Duration::from_millis(500),
            },
        };
        config.game.start_timeout = parse_duration(&self.start_timeout)?;
        config.game.draw_after = self.draw_after;
        config.game.no_shows_lose = self.no_shows_lose || self.rulebook;
        config.game.reuse_engines = self.reuse_engines;
        config.game.max_memory = self.max_memory << 20;
        config.game.folder.clone_from(&self.folder);
        config.game.transcript = self.log;
        config.pairs = self.pairs;
        config.tiebreaks = self.tiebreaks;
        config.bouts = Options {
            bout_games: self.bout_games,
            playoffs: self.playoffs || self.rulebook,
            playoff_limit: self.playoff_limit,
            lots: (self.lots || self.rulebook).then_some(self.seed.unwrap_or(1)),
            lot_seed: self.seed,
            third_place: self.third_place,
            groups: self.groups,
            ..Options::default()
        };
        if let Some(path) = &self.openings {
            config.openings = load_openings(path)?;
        }
        config.order = match self.order.to_ascii_lowercase().as_str() {
            "sequential" | "seq" => Order::Sequential,
            "random" | "rand" => Order::Random,
            o => {
                return Err(format!(
                    "unknown opening order `{o}` (sequential or random)"
                ))
            }
        };
        config.stage = match self.opening_rule.to_ascii_lowercase().as_str() {
            "none" => std::sync::Arc::new(super::game::NoStage),
            "swap2" => std::sync::Arc::new(super::swap2::Swap2),
            r => match super::renju_opening::RenjuOpening::parse(r) {
                Some(stage) if self.corrections || self.rulebook => {
                    std::sync::Arc::new(stage.with_corrections())
                }
                Some(stage) => std::sync::Arc::new(stage),
                None => {
                    return Err(format!(
                        "unknown opening rule `{r}` (none, swap2, rif, rif-N, yamaguchi, soosorv-N, taraguchi-N, tarannikov, swap1)"
                    ))
                }
            },
        };
        config.symmetry = self.symmetry;
        config.seed = self.seed.unwrap_or(1);
        config.concurrency = self.concurrency;
        config.shard = self.shard.as_deref().map(Shard::parse).transpose()?;
        config.sprt = self.sprt.as_deref().map(parse_sprt).transpose()?;
        config.out_dir = Some(self.out.clone().unwrap_or_else(|| default_out("run")));
        // Running games go to `live/` beside `games/`, for `tengen-board`.
        config.game.live = config.out_dir.as_ref().map(|d| d.join("live"));
        config.summary = parse_summary(&self.summary)?;
        config.progress = !self.quiet;
        config.ranks = self.ranks;
        config.validate()?;
        Ok(config)
    }
}

/// `tengen-arena merge`: combines the outputs of the shards of one run.
#[derive(Parser, Debug, Clone)]
#[command(name = "tengen-arena merge", version)]
pub struct MergeCli {
    /// The shards' output directories, every shard of the run once.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,

    /// Output directory for the merged records and summary; it must be new
    /// or empty. Default: `arena-out/merge-<unix time>`.
    #[arg(long)]
    pub out: Option<PathBuf>,

    /// Summary format: json, csv or both.
    #[arg(long, default_value = "json")]
    pub summary: String,
}

/// Runs `tengen-arena merge`: returns the process exit code (0 merged, 1
/// shards that do not make one finished run, or an output failure).
#[must_use]
pub fn merge_with(cli: &MergeCli) -> i32 {
    let out = cli.out.clone().unwrap_or_else(|| default_out("merge"));
    let result = parse_summary(&cli.summary).and_then(|f| merge(&cli.dirs, &out, f));
    match result {
        Ok(summary) => {
            print!("{}", summary.table());
            println!(
                "merged {} games into {}",
                summary.games.len(),
                out.display()
            );
            0
        }
        Err(e) => {
            eprintln!("tengen-arena merge: {e}");
            1
        }
    }
}

/// Runs `tengen-arena` with its whole argument list (program name first):
/// `merge` as the first argument runs [`merge_with`], anything else a
/// tournament through [`main_with`].
#[must_use]
pub fn main_from(args: Vec<std::ffi::OsString>) -> i32 {
    if args.get(1).is_some_and(|a| a == "merge") {
        let rest = std::iter::once(std::ffi::OsString::from("tengen-arena merge"))
            .chain(args.into_iter().skip(2));
        merge_with(&MergeCli::parse_from(rest))
    } else {
        main_with(&Cli::parse_from(args))
    }
}

/// Runs the arena for a parsed command line: returns the process exit code
/// (0 done, 1 bad configuration or output failure, 130 interrupted).
#[must_use]
pub fn main_with(cli: &Cli) -> i32 {
    let config = match cli.to_config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tengen-arena: {e}");
            return 1;
        }
    };
    // Ctrl-C: stop waiting on engines, abandon games in progress, keep and
    // write what was finished. Engines are killed as their handles drop.
    let interrupt = std::sync::Arc::clone(&config.game.interrupt);
    let _ = ctrlc::set_handler(move || interrupt.store(true, Ordering::SeqCst));
    match run(&config) {
        Ok(summary) => {
            print!("{}", summary.table());
            if let Some(dir) = &config.out_dir {
                println!("records in {}", dir.display());
            }
            for e in &summary.write_errors {
                eprintln!("tengen-arena: could not write {e}");
            }
            if summary.interrupted {
                130
            } else if summary.write_errors.is_empty() {
                0
            } else {
                1
            }
        }
        Err(e) => {
            eprintln!("tengen-arena: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(extra: &[&str]) -> Cli {
        let mut args = vec!["tengen-arena", "-e", "/bin/cat", "-e", "b=/bin/cat"];
        args.extend_from_slice(extra);
        Cli::parse_from(args)
    }

    #[test]
    fn options_become_a_configuration() {
        let c = cli(&[
            "-r",
            "renju",
            "-s",
            "20x15",
            "--game-time",
            "10s",
            "--increment",
            "100ms",
            "--sprt",
            "0,10",
        ])
        .to_config()
        .unwrap();
        assert_eq!(c.game.rule, Rule::Renju);
        assert_eq!((c.game.width, c.game.height), (20, 15));
        assert_eq!(c.game.tc.turn, None);
        assert_eq!(c.game.tc.game, Some(Duration::from_secs(10)));
        assert_eq!(c.sprt.unwrap().alpha, 0.05);
    }

    #[test]
    fn bad_options_get_clear_errors() {
        let e = cli(&["-r", "chess"]).to_config().unwrap_err();
        assert!(e.contains("unknown rule `chess`"), "{e}");
        let e = cli(&["-s", "40"]).to_config().unwrap_err();
        assert!(e.contains("outside 5..=32"), "{e}");
        let e = cli(&["-f", "swiss"]).to_config().unwrap_err();
        assert!(e.contains("unknown format"), "{e}");
        let e = cli(&["--sprt", "10,0"]).to_config().unwrap_err();
        assert!(e.contains("elo0 < elo1"), "{e}");
        let e = cli(&["-f", "rr", "--bout-games", "3"])
            .to_config()
            .unwrap_err();
        assert!(e.contains("--bout-games shapes knock-out bouts"), "{e}");
        let e = cli(&["-f", "se", "--bout-games", "0"])
            .to_config()
            .unwrap_err();
        assert!(e.contains("at least one game"), "{e}");
        let e = cli(&["-f", "rr", "--third-place"]).to_config().unwrap_err();
        assert!(
            e.contains("third-place match belongs to single elimination"),
            "{e}"
        );
        let e = cli(&["-f", "groups"]).to_config().unwrap_err();
        assert!(e.contains("groups needs at least 4 engines"), "{e}");
        let e = cli(&["--playoffs", "--shard", "1/2"])
            .to_config()
            .unwrap_err();
        assert!(e.contains("--shard cannot play ties off"), "{e}");
        let e = cli(&["-f", "koth", "--shard", "1/2"])
            .to_config()
            .unwrap_err();
        assert!(
            e.contains("king-of-the-hill depend on earlier results"),
            "{e}"
        );
        let c = cli(&[
            "-f",
            "se",
            "--lots",
            "--seed",
            "9",
            "--bout-games",
            "3",
            "--playoffs",
        ])
        .to_config()
        .unwrap();
        assert_eq!(c.bouts.lots, Some(9));
        assert_eq!(c.bouts.bout_games, Some(3));
        assert!(c.bouts.playoffs);
    }

    #[test]
    fn the_rulebook_preset_and_the_testers_defaults() {
        let tester = cli(&[]).to_config().unwrap();
        assert_eq!(tester.game.tc.tolerance, Duration::from_millis(500));
        assert!(!tester.bouts.playoffs && tester.bouts.lots.is_none());
        assert!(!tester.game.no_shows_lose);
        let book = cli(&[
            "--rulebook",
            "--seed",
            "4",
            "-r",
            "renju",
            "--opening-rule",
            "rif",
        ])
        .to_config()
        .unwrap();
        assert_eq!(book.game.tc.tolerance, Duration::ZERO);
        assert!(book.bouts.playoffs && book.game.no_shows_lose);
        assert_eq!(book.bouts.lots, Some(4));
        assert_eq!(book.stage.name(), "rif");
        assert!(book.game.tc.to_string().contains("no tolerance"));
        // An explicit tolerance still wins over the preset.
        let c = cli(&["--rulebook", "--tolerance", "50ms"])
            .to_config()
            .unwrap();
        assert_eq!(c.game.tc.tolerance, Duration::from_millis(50));
        let e = Cli::parse_from(["tengen-arena", "-e", "/no/such/engine", "-e", "/bin/cat"])
            .to_config()
            .unwrap_err();
        assert!(e.contains("/no/such/engine is not an executable"), "{e}");
        let e = Cli::parse_from(["tengen-arena", "-e", "/bin/cat", "-e", "/bin/cat"])
            .to_config()
            .unwrap_err();
        assert!(e.contains("two engines are named"), "{e}");
    }
}
