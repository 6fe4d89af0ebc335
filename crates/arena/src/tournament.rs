//! Running a tournament: configuration checks, parallel games, live
//! progress, SPRT early stopping, records and the final table.

use super::engine::EngineSpec;
use super::game::{
    play_game, EnginePool, GameRecord, GameSettings, GameSpec, NoStage, OpeningStage,
};
use super::openings::{OpeningBook, OpeningPosition, Order};
use super::records::{to_csv_line, RecordWriter, CSV_HEADER};
use super::schedule::{Bout, BoutScore, Format, Options, Schedule};
use super::shard::{Plan, Shard, ShardOutput};
use super::stats::{
    elo, elo_pairs, los, rank, EloEstimate, Penta, Sprt, SprtState, SprtStatus, Wdl,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use tengen::board::{MAX_SIZE, MIN_SIZE};
use tengen::opening::Symmetry;
use tengen::rules::Rule;

/// Summary file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SummaryFormat {
    /// `summary.json`.
    Json,
    /// `summary.csv`.
    Csv,
    /// Both.
    Both,
}

/// A whole tournament's configuration.
#[derive(Clone)]
pub struct TournamentConfig {
    /// The engines, in seeding order.
    pub engines: Vec<EngineSpec>,
    /// The format.
    pub format: Format,
    /// Game settings (board, rule, time control, …).
    pub game: GameSettings,
    /// Game pairs per bout (each pair: one opening, colours swapped).
    pub pairs: usize,
    /// Extra single pairs to break a tied elimination bout.
    pub tiebreaks: usize,
    /// Bout shapes, play-offs, lots, groups (see [`Options`]); its `pairs`
    /// and `tiebreaks` are taken from the fields above.
    pub bouts: Options,
    /// Openings (empty: every game starts on an empty board).
    pub openings: Vec<OpeningPosition>,
    /// Opening order.
    pub order: Order,
    /// Whether to play each opening in a random symmetry.
    pub symmetry: bool,
    /// Seed for the opening order and symmetries.
    pub seed: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// An SPRT for a match (stops it early once decided).
    pub sprt: Option<Sprt>,
    /// Where records go (`None`: nowhere).
    pub out_dir: Option<PathBuf>,
    /// Summary format.
    pub summary: SummaryFormat,
    /// Show a progress bar.
    pub progress: bool,
    /// An opening stage played before normal moves.
    pub stage: Arc<dyn OpeningStage>,
    /// Play only this slice of the schedule (see [`super::shard`]).
    pub shard: Option<Shard>,
    /// Show the rulebooks' ranks beside the ratings, each rating raised by
    /// this many points first (the table's ratings average zero).
    pub ranks: Option<f64>,
}

impl std::fmt::Debug for TournamentConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TournamentConfig")
            .field("engines", &self.engines)
            .field("format", &self.format)
            .field("game", &self.game)
            .field("pairs", &self.pairs)
            .field("openings", &self.openings.len())
            .field("concurrency", &self.concurrency)
            .field("sprt", &self.sprt)
            .field("out_dir", &self.out_dir)
            .field("stage", &self.stage.name())
            .field("shard", &self.shard)
            .finish_non_exhaustive()
    }
}

impl TournamentConfig {
    /// A configuration with defaults for everything but the engines: a
    /// match, freestyle on 15×15, one second a move, one game pair.
    #[must_use]
    pub fn new(engines: Vec<EngineSpec>) -> TournamentConfig {
        TournamentConfig {
            engines,
            format: Format::Match,
            game: GameSettings {
                width: 15,
                height: 15,
                rule: Rule::Freestyle,
                tc: super::clock::TimeControl::default(),
                draw_after: None,
                max_memory: 350 << 20,
                start_timeout: std::time::Duration::from_secs(5),
                no_shows_lose: false,
                reuse_engines: false,
                folder: None,
                transcript: false,
                live: None,
                interrupt: Arc::default(),
            },
            pairs: 1,
            tiebreaks: 1,
            bouts: Options::default(),
            openings: Vec::new(),
            order: Order::Sequential,
            symmetry: false,
            seed: 1,
            concurrency: 1,
            sprt: None,
            out_dir: None,
            summary: SummaryFormat::Json,
            progress: false,
            stage: Arc::new(NoStage),
            shard: None,
            ranks: None,
        }
    }

    /// The schedule's options: [`TournamentConfig::bouts`] with the pairs and
    /// tie-breaks of this configuration.
    #[must_use]
    pub fn schedule_options(&self) -> Options {
        Options {
            pairs: self.pairs,
            tiebreaks: self.tiebreaks,
            ..self.bouts
        }
    }

    /// Checks everything that can be checked before a game starts.
    ///
    /// # Errors
    /// The first problem, in words meant for the user.
    pub fn validate(&self) -> Result<(), String> {
        let g = &self.game;
        for (what, v) in [("width", g.width), ("height", g.height)] {
            if !(MIN_SIZE..=MAX_SIZE).contains(&v) {
                return Err(format!(
                    "board {what} {v} is outside {MIN_SIZE}..={MAX_SIZE}"
                ));
            }
        }
        g.tc.validate()?;
        if self.concurrency == 0 {
            return Err("concurrency (-j) must be at least 1".into());
        }
        if self.engines.len() < self.format.min_engines() {
            return Err(format!(
                "{} needs at least {} engines, {} given",
                self.format,
                self.format.min_engines(),
                self.engines.len()
            ));
        }
        for e in &self.engines {
            if e.resolve().is_none() {
                return Err(format!(
                    "engine `{}`: {} is not an executable file",
                    e.name,
                    e.command.display()
                ));
            }
        }
        let mut names: Vec<&str> = self.engines.iter().map(|e| e.name.as_str()).collect();
        names.sort_unstable();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!(
                "two engines are named `{}`; name them with NAME=COMMAND",
                w[0]
            ));
        }
        if let Some(s) = &self.sprt {
            s.validate()?;
            if self.format != Format::Match {
                return Err("an SPRT runs in a match between two engines".into());
            }
        }
        let syms: Vec<Symmetry> = if self.symmetry {
            Symmetry::ALL.to_vec()
        } else {
            vec![Symmetry::Identity]
        };
        for o in &self.openings {
            o.check(g.width, g.height, g.rule, &syms)?;
        }
        if self.stage.name() != "none" && self.openings.iter().any(|o| !o.is_empty()) {
            return Err(format!(
                "the {} opening rule starts from an empty board; drop the opening file",
                self.stage.name()
            ));
        }
        Schedule::new(self.format, self.engines.len(), self.schedule_options())?;
        if self.shard.is_some() {
            if !self.format.is_fixed() {
                return Err(format!(
                    "--shard splits a schedule fixed in advance (match, gauntlet, round-robin); \
                     the rounds of {} depend on earlier results, so it runs on one machine",
                    self.format
                ));
            }
            if self.bouts.playoffs {
                return Err(
                    "--shard cannot play ties off: play-offs depend on the results; \
                     merge the shards, then play the tied engines off in a run of their own"
                        .into(),
                );
            }
            if self.out_dir.is_none() {
                return Err("a shard needs an output directory for `tengen-arena merge`".into());
            }
        }
        if let Some(dir) = &self.out_dir {
            check_out_dir(dir)?;
        }
        Ok(())
    }
}

/// Checks that an output directory is new or empty.
///
/// # Errors
/// A directory that holds files, or a path that is not a directory.
pub fn check_out_dir(dir: &std::path::Path) -> Result<(), String> {
    // One look at the path: a directory made by someone else between two
    // looks must not be reported as "not a directory".
    match std::fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("{}: {e}", dir.display())),
        Ok(m) if !m.is_dir() => Err(format!("{} is not a directory", dir.display())),
        Ok(_) => {
            let mut entries =
                std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            if entries.next().is_some() {
                return Err(format!(
                    "output directory {} already holds files; choose another with --out",
                    dir.display()
                ));
            }
            Ok(())
        }
    }
}

/// One engine's line in the final table.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    /// Engine name.
    pub name: String,
    /// Games, wins, draws, losses.
    pub record: Wdl,
    /// Table points (win 2, draw 1, loss 0).
    pub points: u32,
    /// Wins with black and with white.
    pub wins_as: [u32; 2],
    /// Mean thinking time per move, in milliseconds.
    pub mean_move_ms: f64,
    /// Thinking time of its moves, opening stones left out (see [`Thinking`]).
    pub thinking: Thinking,
    /// Rating from all games (see [`super::stats::ratings`]), mean zero.
    pub elo: f64,
    /// The rulebooks' rank for the rating (see [`super::stats::rank`]),
    /// when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<String>,
}

/// How long an engine thought: per move, and summed over each game (what
/// it used of a game clock). Opening stones are left out; zero without moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Thinking {
    /// Median time of a move, in milliseconds.
    pub median_move_ms: u64,
    /// Longest move, in milliseconds.
    pub max_move_ms: u64,
    /// Median over its games of the time it spent in a game, in milliseconds.
    pub median_game_ms: u64,
    /// The most it spent in one game, in milliseconds.
    pub max_game_ms: u64,
}

/// The times of engine `idx`'s own moves, one list per game it played,
/// opening stones left out.
fn own_move_times(idx: usize, games: &[GameRecord]) -> Vec<Vec<u64>> {
    games
        .iter()
        .filter(|g| g.black == idx || g.white == idx)
        .map(|g| {
            let side = |c: tengen::rules::Color| {
                if c == tengen::rules::Color::Black {
                    g.black
                } else {
                    g.white
                }
            };
            g.moves
                .iter()
                .filter(|m| !m.opening && side(m.color) == idx)
                .map(|m| m.time_ms)
                .collect()
        })
        .collect()
}

impl Thinking {
    /// The statistics of engine `idx` over `games`.
    #[must_use]
    pub fn of(idx: usize, games: &[GameRecord]) -> Thinking {
        Thinking::from_games(&own_move_times(idx, games))
    }

    /// The statistics of an engine's move times, one list per game.
    fn from_games(games: &[Vec<u64>]) -> Thinking {
        let mut moves: Vec<u64> = games.iter().flatten().copied().collect();
        let mut per_game: Vec<u64> = games.iter().map(|g| g.iter().sum()).collect();
        let median = |v: &mut Vec<u64>| {
            v.sort_unstable();
            v.get(v.len().saturating_sub(1) / 2).copied().unwrap_or(0)
        };
        Thinking {
            max_move_ms: moves.iter().copied().max().unwrap_or(0),
            max_game_ms: per_game.iter().copied().max().unwrap_or(0),
            median_move_ms: median(&mut moves),
            median_game_ms: median(&mut per_game),
        }
    }

    /// One line of text, `moves median 137 ms, max 969 ms; a game median
    /// 3.8 s, max 18.7 s`, with the share of `game_ms` (a game clock) after
    /// each game's figure when there is one.
    #[must_use]
    pub fn line(&self, game_ms: Option<u64>) -> String {
        let share = |ms: u64| {
            game_ms.filter(|&g| g > 0).map_or_else(String::new, |g| {
                format!(" ({:.1} %)", 100.0 * ms as f64 / g as f64)
            })
        };
        format!(
            "moves median {} ms, max {} ms; a game median {:.1} s{}, max {:.1} s{}",
            self.median_move_ms,
            self.max_move_ms,
            self.median_game_ms as f64 / 1000.0,
            share(self.median_game_ms),
            self.max_game_ms as f64 / 1000.0,
            share(self.max_game_ms),
        )
    }
}

/// The game clock in a time control's text (`turn 1000ms, game 24000ms`, as
/// [`TimeControl`](crate::clock::TimeControl) writes it), in milliseconds.
#[must_use]
pub fn game_clock_ms(time_control: &str) -> Option<u64> {
    let words: Vec<&str> = time_control.split_whitespace().collect();
    words
        .windows(2)
        .find(|w| w[0] == "game")
        .and_then(|w| w[1].trim_end_matches(',').strip_suffix("ms"))
        .and_then(|ms| ms.parse().ok())
}

/// The head-to-head statistics of a two-engine match.
#[derive(Clone, Debug, Serialize)]
pub struct MatchStats {
    /// The first engine's record against the second.
    pub record: Wdl,
    /// Elo of the first engine over the second, with error bar.
    pub elo: Option<EloEstimate>,
    /// The first engine's finished pairs (each opening played twice,
    /// colours swapped; see [`head_to_head_pairs`]).
    pub pairs: Penta,
    /// Elo from the pairs, with its error bar.
    pub pair_elo: Option<EloEstimate>,
    /// Likelihood that the first engine is stronger.
    pub los: f64,
    /// SPRT state, if one was run: the decision, if the SPRT stopped the
    /// match, or else the state after every game.
    pub sprt: Option<SprtStatus>,
    /// The games counted when the SPRT decided; games already under way
    /// then are played out and counted in `record`, not in the decision.
    pub sprt_decided_after: Option<usize>,
}

/// Two engines' results against each other.
#[derive(Clone, Debug, Serialize)]
pub struct PairStats {
    /// The first engine (lower seed).
    pub first: String,
    /// The second engine.
    pub second: String,
    /// The first engine's record against the second.
    pub record: Wdl,
    /// Elo of the first over the second, with error bar.
    pub elo: Option<EloEstimate>,
    /// Likelihood that the first is stronger.
    pub los: f64,
}

/// Statistics for every pair of engines that met, in seed order.
#[must_use]
pub fn pairwise(names: &[String], games: &[GameRecord]) -> Vec<PairStats> {
    let mut out = Vec::new();
    for a in 0..names.len() {
        for b in a + 1..names.len() {
            let record = head_to_head(games, a, b);
            if record.games() == 0 {
                continue;
            }
            out.push(PairStats {
                first: names[a].clone(),
                second: names[b].clone(),
                record,
                elo: elo(&record),
                los: los(&record),
            });
        }
    }
    out
}

/// What a tournament produced.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The format's name.
    pub format: String,
    /// The rule's name.
    pub rule: String,
    /// Board size.
    pub size: (usize, usize),
    /// The time control, in words.
    pub time_control: String,
    /// Every finished game, in the order they finished.
    pub games: Vec<GameRecord>,
    /// The table, best first.
    pub standings: Vec<Standing>,
    /// For matches: head-to-head statistics.
    pub head_to_head: Option<MatchStats>,
    /// Every pair of engines that met.
    pub pairs: Vec<PairStats>,
    /// The final placement, champion first: for elimination formats, for
    /// ties played off, and for king of the hill.
    pub placement: Option<Vec<String>>,
    /// King of the hill: each engine's points (a holder's win 1, a
    /// challenger's win 1.5, a draw 0.5).
    pub hill: Option<Vec<(String, f64)>>,
    /// With play-offs: the seed of the lots that decide ties the play-offs
    /// could not (`--seed`, or a fresh one; `--seed` with it draws the
    /// same lots again).
    pub lot_seed: Option<u64>,
    /// What the lot decided, in words: the bout or table, and the engines
    /// in the order drawn.
    pub by_lot: Vec<String>,
    /// Whether the tournament was interrupted before its end.
    pub interrupted: bool,
    /// Whether an SPRT stopped the match early.
    pub stopped_by_sprt: bool,
    /// Records that could not be written (paths and errors).
    pub write_errors: Vec<String>,
}

impl Summary {
    /// The summary of finished `games` (in any order) with the statistics
    /// the format calls for: the table, every pair's record, and for a
    /// match the head-to-head Elo, LOS and SPRT. No placement, nothing
    /// interrupted, no write errors.
    #[must_use]
    pub fn from_games(
        format: Format,
        rule: &str,
        size: (usize, usize),
        time_control: String,
        names: &[String],
        games: Vec<GameRecord>,
        sprt: Option<Sprt>,
    ) -> Summary {
        let head = (format == Format::Match).then(|| {
            let record = head_to_head(&games, 0, 1);
            let pairs = head_to_head_pairs(&games, 0, 1);
            MatchStats {
                record,
                elo: elo(&record),
                pairs,
                pair_elo: elo_pairs(&pairs),
                los: los(&record),
                sprt: sprt.map(|s| s.status_pairs(&pairs)),
                sprt_decided_after: None,
            }
        });
        Summary {
            format: format.to_string(),
            rule: rule.to_string(),
            size,
            time_control,
            standings: standings(names, &games),
            head_to_head: head,
            pairs: pairwise(names, &games),
            placement: None,
            hill: None,
            lot_seed: None,
            by_lot: Vec::new(),
            games,
            interrupted: false,
            stopped_by_sprt: false,
            write_errors: Vec::new(),
        }
    }

    /// Gives every standing its rank (see [`super::stats::rank`]) for its
    /// rating raised by `offset`, or none.
    pub fn set_ranks(&mut self, offset: Option<f64>) {
        for r in &mut self.standings {
            r.rank = offset.map(|o| rank(r.elo + o));
        }
    }

    /// Games counted by reason, sorted by name.
    #[must_use]
    pub fn reasons(&self) -> Vec<(String, usize)> {
        let mut map = std::collections::BTreeMap::new();
        for g in &self.games {
            *map.entry(g.outcome.reason.name().to_string()).or_insert(0) += 1;
        }
        map.into_iter().collect()
    }

    /// The results table as text.
    #[must_use]
    pub fn table(&self) -> String {
        let mut s = String::new();
        let width = self
            .standings
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(6)
            .max(6);
        let ranked = self.standings.iter().any(|r| r.rank.is_some());
        let _ = write!(
            s,
            "{:>3}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>5}  {:>6}  {:>8}  {:>6}",
            "#", "engine", "points", "games", "wins", "draws", "losses", "score", "elo"
        );
        if ranked {
            // A rank is two characters, each as wide as two letters.
            let _ = write!(s, "  {:>4}", "rank");
        }
        let _ = writeln!(s, "  {:>8}", "ms/move");
        for (i, r) in self.standings.iter().enumerate() {
            let pct = r.record.score().map_or(0.0, |x| 100.0 * x);
            let _ = write!(
                s,
                "{:>3}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>5}  {:>6}  {:>7.1}%  {:>+6.0}",
                i + 1,
                r.name,
                r.points,
                r.record.games(),
                r.record.wins,
                r.record.draws,
                r.record.losses,
                pct,
                r.elo + 0.0,
            );
            if ranked {
                let _ = write!(s, "  {:>3}", r.rank.as_deref().unwrap_or(""));
            }
            let _ = writeln!(s, "  {:>8.1}", r.mean_move_ms);
        }
        if let Some(h) = &self.head_to_head {
            let elo = h.elo.map_or_else(|| "n/a".to_string(), |e| e.to_string());
            let _ = writeln!(s, "\nElo {elo}, LOS {:.1}%", 100.0 * h.los);
            if h.pairs.pairs() > 0 {
                let elo = h
                    .pair_elo
                    .map_or_else(|| "n/a".to_string(), |e| e.to_string());
                let _ = writeln!(
                    s,
                    "Elo over {} pairs {elo} (points a pair, {})",
                    h.pairs.pairs(),
                    h.pairs
                );
            }
            match (&h.sprt, h.sprt_decided_after) {
                (Some(sp), Some(n)) => {
                    let _ = writeln!(s, "SPRT {sp} after {n} games");
                }
                (Some(sp), None) => {
                    let _ = writeln!(s, "SPRT {sp}");
                }
                _ => {}
            }
        }
        if self.head_to_head.is_none() && !self.pairs.is_empty() {
            let _ = writeln!(s);
            for p in &self.pairs {
                let elo = p.elo.map_or_else(|| "n/a".to_string(), |e| e.to_string());
                let _ = writeln!(
                    s,
                    "{} vs {}: {} Elo {elo}, LOS {:.1}%",
                    p.first,
                    p.second,
                    p.record,
                    100.0 * p.los
                );
            }
        }
        if let Some(h) = &self.hill {
            let points: Vec<String> = h.iter().map(|(n, p)| format!("{n} {p}")).collect();
            let _ = writeln!(s, "\nking of the hill points: {}", points.join(", "));
        }
        if let Some(p) = &self.placement {
            let _ = writeln!(s, "\nplacement: {}", p.join(", "));
        }
        if !self.by_lot.is_empty() {
            let seed = self
                .lot_seed
                .map_or_else(String::new, |n| format!(" (lot seed {n})"));
            for d in &self.by_lot {
                let _ = writeln!(s, "decided by lot{seed}: {d}");
            }
        }
        let reasons: Vec<String> = self
            .reasons()
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect();
        let _ = writeln!(s, "\nendings: {}", reasons.join(", "));
        let clock = game_clock_ms(&self.time_control);
        for r in self.standings.iter().filter(|r| r.record.games() > 0) {
            let _ = writeln!(s, "time of {}: {}", r.name, r.thinking.line(clock));
        }
        if self.interrupted {
            let _ = writeln!(s, "interrupted: the table holds the finished games only");
        }
        s
    }
}

/// Table standings over the games, best first (points, then wins, then
/// seed). The records and points leave play-off games out (they decide
/// places, see [`Summary::placement`]); the ratings and thinking times
/// count every game.
#[must_use]
pub fn standings(names: &[String], games: &[GameRecord]) -> Vec<Standing> {
    let mut rows: Vec<Standing> = names
        .iter()
        .map(|n| Standing {
            name: n.clone(),
            record: Wdl::default(),
            points: 0,
            wins_as: [0, 0],
            mean_move_ms: 0.0,
            thinking: Thinking::default(),
            elo: 0.0,
            rank: None,
        })
        .collect();
    let n = names.len();
    let mut scores = vec![vec![0.0; n]; n];
    let mut counts = vec![vec![0u32; n]; n];
    // A game both sides lost tells nothing about their strength.
    for g in games.iter().filter(|g| !g.outcome.both_lose) {
        let (b, w) = (g.black, g.white);
        let sb = g.score_of(b).unwrap_or(0.5);
        scores[b][w] += sb;
        scores[w][b] += 1.0 - sb;
        counts[b][w] += 1;
        counts[w][b] += 1;
    }
    for (row, e) in rows.iter_mut().zip(super::stats::ratings(&scores, &counts)) {
        row.elo = e;
    }
    for (idx, row) in rows.iter_mut().enumerate() {
        let times = own_move_times(idx, games);
        let n = times.iter().map(Vec::len).sum::<usize>();
        if n > 0 {
            row.mean_move_ms = times.iter().flatten().sum::<u64>() as f64 / n as f64;
        }
        row.thinking = Thinking::from_games(&times);
    }
    // Play-off games (加赛) decide places; they do not add table points.
    for g in games.iter().filter(|g| !is_playoff(g)) {
        for (idx, colour) in [(g.black, 0), (g.white, 1)] {
            let row = &mut rows[idx];
            match g.score_of(idx) {
                Some(x) if x > 0.75 => {
                    row.record.wins += 1;
                    row.wins_as[colour] += 1;
                }
                Some(x) if x > 0.25 => row.record.draws += 1,
                Some(_) => row.record.losses += 1,
                None => {}
            }
        }
    }
    for r in &mut rows {
        r.points = r.record.points();
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        rows[b]
            .points
            .cmp(&rows[a].points)
            .then(rows[b].record.wins.cmp(&rows[a].record.wins))
            .then(a.cmp(&b))
    });
    order.into_iter().map(|i| rows[i].clone()).collect()
}

/// Whether `g` is a play-off game (加赛): an extra game that decides a
/// tie, left out of the table's points and of the head-to-head statistics.
fn is_playoff(g: &GameRecord) -> bool {
    g.round.contains("play-off")
}

/// Engine `a`'s record against engine `b` over the games, play-off games
/// left out.
#[must_use]
pub fn head_to_head(games: &[GameRecord], a: usize, b: usize) -> Wdl {
    let mut w = Wdl::default();
    for g in games {
        if !between(g, a, b) || g.outcome.both_lose || is_playoff(g) {
            continue;
        }
        match g.winner_engine() {
            None => w.draws += 1,
            Some(x) if x == a => w.wins += 1,
            Some(_) => w.losses += 1,
        }
    }
    w
}

/// Whether engines `a` and `b` played game `g`, in either colour.
fn between(g: &GameRecord, a: usize, b: usize) -> bool {
    (g.black == a && g.white == b) || (g.black == b && g.white == a)
}

/// Engine `a`'s finished pairs against `b`: two games with consecutive
/// numbers, the first odd, on the same opening with the colours swapped
/// (how a match's games are numbered, see `expand`). A pair with a game
/// that both sides lost is left out, as [`head_to_head`] leaves out the
/// game; play-off games are single games, never a pair.
#[must_use]
pub fn head_to_head_pairs(games: &[GameRecord], a: usize, b: usize) -> Penta {
    let mut mine: Vec<&GameRecord> = games
        .iter()
        .filter(|g| between(g, a, b) && !is_playoff(g))
        .collect();
    mine.sort_by_key(|g| g.id);
    let halves = |g: &GameRecord| match g.winner_engine() {
        None => 1,
        Some(x) if x == a => 2,
        Some(_) => 0,
    };
    let mut penta = Penta::default();
    for w in mine.windows(2) {
        let (g, h) = (w[0], w[1]);
        let pair = g.id % 2 == 1
            && h.id == g.id + 1
            && g.opening == h.opening
            && g.black == h.white
            && g.white == h.black;
        if pair && !g.outcome.both_lose && !h.outcome.both_lose {
            penta.add(halves(g) + halves(h));
        }
    }
    penta
}

/// Expands bouts into games: paired games share one opening (the pair
/// plays it twice, colours swapped), a single game draws its own.
fn expand(
    bouts: &[Bout],
    book: &mut OpeningBook,
    config: &TournamentConfig,
    next_id: &mut usize,
) -> Result<Vec<(usize, GameSpec)>, String> {
    let mut games = Vec::new();
    for (bi, bout) in bouts.iter().enumerate() {
        let per_opening = if bout.paired { 2 } else { 1 };
        for chunk in bout.seats.chunks(per_opening) {
            let (stones, name) = match book.next_opening() {
                Some((o, sym)) => {
                    let stones = o.place(config.game.width, config.game.height, sym)?;
                    let name = if config.symmetry {
                        format!("{} ({})", o.name, sym.short_name())
                    } else {
                        o.name.clone()
                    };
                    (stones, Some(name))
                }
                None => (Vec::new(), None),
            };
            for &seats in chunk {
                *next_id += 1;
                games.push((
                    bi,
                    GameSpec {
                        id: *next_id,
                        seats,
                        stones: stones.clone(),
                        opening: name.clone(),
                        round: bout.label.clone(),
                    },
                ));
            }
        }
    }
    Ok(games)
}

/// Runs the tournament to its end (or until interrupted, or until an SPRT
/// decides).
///
/// # Errors
/// A configuration problem (before any game starts) or an output directory
/// that cannot be made.
pub fn run(config: &TournamentConfig) -> Result<Summary, String> {
    config.validate()?;
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let writer = match &config.out_dir {
        Some(dir) => Some(
            RecordWriter::create(dir)
                .map_err(|e| format!("cannot write to {}: {e}", dir.display()))?,
        ),
        None => None,
    };
    let square = config.game.width == config.game.height;
    let mut book = OpeningBook::new(
        config.openings.clone(),
        config.order,
        config.symmetry,
        square,
        config.seed,
    );
    let mut schedule = Schedule::new(
        config.format,
        config.engines.len(),
        config.schedule_options(),
    )?;
    let total_hint = games_expected(config);
    let mut state = Running {
        config,
        names: &names,
        writer,
        bar: progress_bar(config.progress, total_hint),
        games: Vec::new(),
        write_errors: Vec::new(),
        sprt_decision: None,
        stop: Arc::new(AtomicBool::new(false)),
    };
    let mut next_id = 0;
    let mut scores: Vec<BoutScore> = Vec::new();
    let mut planned = Vec::new();
    loop {
        let bouts = schedule.next_round(&scores);
        if bouts.is_empty() {
            break;
        }
        let mut specs = expand(&bouts, &mut book, config, &mut next_id)?;
        if let Some(shard) = config.shard {
            // Game ids run from 1 in pairs: the pair of game `id` is
            // `(id - 1) / 2`, counted over the whole schedule.
            specs.retain(|(_, spec)| shard.holds_pair((spec.id - 1) / 2));
            planned.extend(specs.iter().map(|(_, spec)| spec.id));
        }
        if total_hint == 0 {
            state.bar.inc_length(specs.len() as u64);
        }
        let round_scores = state.play_round(&bouts, specs);
        if config.game.interrupt.load(Ordering::Relaxed) || state.stop.load(Ordering::Relaxed) {
            break;
        }
        scores = round_scores;
    }
    state.bar.finish_and_clear();
    let writer = state.writer.take();
    let summary = state.summary(&schedule);
    if let (Some(shard), Some(w)) = (config.shard, &writer) {
        let output = ShardOutput {
            shard,
            plan: Plan::of(config),
            planned,
            games: summary.games.clone(),
        };
        output.write(w.dir())?;
    }
    if let Some(w) = &writer {
        write_summary(&summary, w.dir(), config.summary)?;
    }
    Ok(summary)
}

/// How many games the run will play when that is known before it starts
/// (a match, gauntlet or round robin without play-offs, over this shard's
/// slice); 0 when the schedule grows round by round.
fn games_expected(config: &TournamentConfig) -> u64 {
    let bouts = match config.format {
        _ if config.bouts.playoffs => return 0,
        Format::Match => 1,
        Format::Gauntlet => config.engines.len() - 1,
        Format::RoundRobin => config.engines.len() * (config.engines.len() - 1) / 2,
        _ => return 0,
    };
    let pairs = bouts * config.pairs;
    let played = match config.shard {
        Some(s) => (0..pairs).filter(|&p| s.holds_pair(p)).count(),
        None => pairs,
    };
    (played * 2) as u64
}

/// The progress bar on stderr (hidden without `progress`).
fn progress_bar(progress: bool, total: u64) -> ProgressBar {
    if !progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed_precise} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// A tournament under way: the games finished so far and what follows from
/// them.
struct Running<'a> {
    config: &'a TournamentConfig,
    names: &'a [String],
    /// The output folder's writer, when there is one.
    writer: Option<RecordWriter>,
    bar: ProgressBar,
    /// Every finished game, in the order they finished.
    games: Vec<GameRecord>,
    /// Records that could not be written, as messages.
    write_errors: Vec<String>,
    /// The SPRT's verdict and the games it was reached after.
    sprt_decision: Option<(SprtStatus, usize)>,
    /// Set to stop the workers (an SPRT has decided).
    stop: Arc<AtomicBool>,
}

impl Running<'_> {
    /// Plays one round's games on `config.concurrency` workers, each with
    /// its pool of engine processes, and takes each game in as it ends.
    /// Returns the bouts' scores in table points.
    fn play_round(&mut self, bouts: &[Bout], specs: Vec<(usize, GameSpec)>) -> Vec<BoutScore> {
        let config = self.config;
        let mut bout_scores = vec![BoutScore { a: 0, b: 0 }; bouts.len()];
        let queue: Arc<Mutex<VecDeque<(usize, GameSpec)>>> =
            Arc::new(Mutex::new(specs.into_iter().collect()));
        let (tx, rx) = mpsc::channel::<(usize, Option<GameRecord>)>();
        std::thread::scope(|scope| {
            for _ in 0..config.concurrency {
                let queue = Arc::clone(&queue);
                let tx = tx.clone();
                let stop = Arc::clone(&self.stop);
                scope.spawn(move || play_queue(config, &queue, &tx, &stop));
            }
            drop(tx);
            for (bout, record) in rx {
                let Some(record) = record else { continue };
                let b = &bouts[bout];
                let points = |e: usize| (2.0 * record.score_of(e).unwrap_or(0.0)) as u32;
                bout_scores[bout].a += points(b.a);
                bout_scores[bout].b += points(b.b);
                self.take(record);
            }
        });
        bout_scores
    }

    /// Takes in a finished game: writes its records, moves the progress
    /// bar, and stops the run once the SPRT decides.
    fn take(&mut self, record: GameRecord) {
        if let Some(w) = self.writer.as_mut() {
            if let Err(e) = w.write_game(&record) {
                self.write_errors.push(format!("game {}: {e}", record.id));
            }
        }
        self.games.push(record);
        self.bar.inc(1);
        self.bar
            .set_message(live_message(self.config, self.names, &self.games));
        let config = self.config;
        if let Some(sprt) = config.sprt.as_ref().filter(|_| config.shard.is_none()) {
            let st = sprt.status_pairs(&head_to_head_pairs(&self.games, 0, 1));
            if st.state != SprtState::Continue && !self.stop.load(Ordering::Relaxed) {
                self.stop.store(true, Ordering::Relaxed);
                self.sprt_decision = Some((st, self.games.len()));
            }
        }
    }

    /// The summary of the games played, placed as the schedule says.
    fn summary(self, schedule: &Schedule) -> Summary {
        let config = self.config;
        let names = self.names;
        let mut summary = Summary::from_games(
            config.format,
            config.game.rule.name(),
            (config.game.width, config.game.height),
            config.game.tc.to_string(),
            names,
            self.games,
            config.sprt,
        );
        summary.placement = schedule
            .placement()
            .map(|p| p.into_iter().map(|i| names[i].clone()).collect());
        summary.hill = schedule
            .hill_points()
            .map(|h| names.iter().cloned().zip(h).collect());
        summary.lot_seed = config.bouts.playoffs.then(|| schedule.lot_seed());
        summary.by_lot = schedule
            .drawn_by_lot()
            .iter()
            .map(|(label, order)| {
                let order: Vec<&str> = order.iter().map(|&e| names[e].as_str()).collect();
                format!("{label}: {}", order.join(" ahead of "))
            })
            .collect();
        if let (Some(place), false) = (&summary.placement, config.format.is_elimination()) {
            // Ties played off, or king of the hill: the table follows the
            // final order.
            summary
                .standings
                .sort_by_key(|r| place.iter().position(|n| *n == r.name));
        }
        summary.interrupted = config.game.interrupt.load(Ordering::Relaxed);
        summary.stopped_by_sprt = self.sprt_decision.is_some();
        // The decision stands: a game that ends after it moves the record, not
        // the verdict.
        if let (Some(h), Some((st, n))) = (summary.head_to_head.as_mut(), self.sprt_decision) {
            h.sprt = Some(st);
            h.sprt_decided_after = Some(n);
        }
        summary.set_ranks(config.ranks);
        summary.write_errors = self.write_errors;
        summary
    }
}

/// One worker: plays games from the queue until it is empty or the run
/// stops, sending each record (by its bout) to the collector.
fn play_queue(
    config: &TournamentConfig,
    queue: &Mutex<VecDeque<(usize, GameSpec)>>,
    tx: &mpsc::Sender<(usize, Option<GameRecord>)>,
    stop: &AtomicBool,
) {
    let settings = &config.game;
    let mut pool = EnginePool::new(settings.reuse_engines);
    loop {
        if stop.load(Ordering::Relaxed) || settings.interrupt.load(Ordering::Relaxed) {
            break;
        }
        let job = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None);
        let Some((bout, spec)) = job else { break };
        let record = play_game(
            &spec,
            &config.engines,
            settings,
            config.stage.as_ref(),
            &mut pool,
        );
        if tx.send((bout, record)).is_err() {
            break;
        }
    }
    pool.close();
}

/// The live line next to the progress bar.
fn live_message(config: &TournamentConfig, names: &[String], games: &[GameRecord]) -> String {
    if config.format == Format::Match {
        let r = head_to_head(games, 0, 1);
        let e = elo(&r).map_or_else(|| "n/a".into(), |e| e.to_string());
        let mut m = format!("{} {} {}: Elo {e}", names[0], r, names[1]);
        if let Some(s) = &config.sprt {
            let _ = write!(
                m,
                ", LLR {:.2}",
                s.status_pairs(&head_to_head_pairs(games, 0, 1)).llr
            );
        }
        m
    } else {
        let table = standings(names, games);
        table
            .iter()
            .take(3)
            .map(|s| format!("{} {}", s.name, s.points))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Writes `summary.json` and/or `summary.csv` into `dir`.
///
/// # Errors
/// A write failure.
pub fn write_summary(
    summary: &Summary,
    dir: &std::path::Path,
    format: SummaryFormat,
) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write the summary in {}: {e}", dir.display());
    if matches!(format, SummaryFormat::Json | SummaryFormat::Both) {
        let json = serde_json::to_string_pretty(summary).map_err(|e| e.to_string())?;
        std::fs::write(dir.join("summary.json"), json).map_err(fail)?;
    }
    if matches!(format, SummaryFormat::Csv | SummaryFormat::Both) {
        let mut csv = String::from(CSV_HEADER);
        for g in &summary.games {
            csv.push_str(&to_csv_line(g));
        }
        std::fs::write(dir.join("summary.csv"), csv).map_err(fail)?;
    }
    std::fs::write(dir.join("table.txt"), summary.table()).map_err(fail)?;
    Ok(())
}

impl Plan {
    /// The plan of a configuration.
    #[must_use]
    pub fn of(config: &TournamentConfig) -> Plan {
        Plan {
            format: config.format.to_string(),
            rule: config.game.rule.name().to_string(),
            size: (config.game.width, config.game.height),
            time_control: config.game.tc.to_string(),
            names: config.engines.iter().map(|e| e.name.clone()).collect(),
            commands: config
                .engines
                .iter()
                .map(EngineSpec::command_line)
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
            stage: config.stage.plan_name(),
            draw_after: config.game.draw_after,
            sprt: config.sprt,
            lots: config.bouts.lots,
            ranks: config.ranks,
            tolerance_ms: Some(ms(config.game.tc.tolerance)),
            start_timeout_ms: Some(ms(config.game.start_timeout)),
            max_memory: Some(config.game.max_memory),
            no_shows_lose: Some(config.game.no_shows_lose),
            reuse_engines: Some(config.game.reuse_engines),
        }
    }
}

/// A duration in whole milliseconds.
fn ms(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::{check_out_dir, game_clock_ms, head_to_head, head_to_head_pairs, Thinking};
    use crate::game::GameRecord;
    use crate::referee::{MoveRecord, Outcome, Reason};
    use tengen::rules::{Color, Rule};

    /// Game `id` on `opening`, engine `black` against the other of 0 and
    /// 1, won by `winner` (an engine) or drawn.
    fn game(id: usize, opening: &str, black: usize, winner: Option<usize>) -> GameRecord {
        let outcome = match winner {
            None => Outcome::draw(Reason::FullBoard, "full"),
            Some(w) if w == black => Outcome::loss(Color::White, Reason::Five, "five"),
            Some(_) => Outcome::loss(Color::Black, Reason::Five, "five"),
        };
        GameRecord {
            id,
            round: "match".into(),
            black,
            white: 1 - black,
            black_name: format!("e{black}"),
            white_name: format!("e{}", 1 - black),
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
            opening: Some(opening.into()),
            moves: Vec::new(),
            outcome,
            notes: Vec::new(),
            started: 0,
            duration_ms: 1,
            transcript: Vec::new(),
        }
    }

    /// A move of `color` that took `ms` (an opening stone when `opening`).
    fn timed(color: Color, ms: u64, opening: bool) -> MoveRecord {
        MoveRecord {
            x: 0,
            y: 0,
            color,
            time_ms: ms,
            opening,
            pass: false,
        }
    }

    #[test]
    fn thinking_counts_an_engine_s_own_moves_per_move_and_per_game() {
        use Color::{Black, White};
        // Game 1, engine 0 black: its moves take 100 and 300 ms, engine 1's
        // 50 ms; the opening stones count for nobody.
        let mut first = game(1, "a", 0, Some(0));
        first.moves = vec![
            timed(Black, 0, true),
            timed(White, 0, true),
            timed(Black, 100, false),
            timed(White, 50, false),
            timed(Black, 300, false),
        ];
        // Game 2, engine 0 white: one move of 2 000 ms.
        let mut second = game(2, "a", 1, Some(0));
        second.moves = vec![timed(Black, 7, false), timed(White, 2000, false)];
        let games = [first, second];
        let zero = Thinking::of(0, &games);
        assert_eq!(
            zero,
            Thinking {
                median_move_ms: 300,
                max_move_ms: 2000,
                median_game_ms: 400,
                max_game_ms: 2000,
            }
        );
        let one = Thinking::of(1, &games);
        assert_eq!((one.median_move_ms, one.max_move_ms), (7, 50));
        assert_eq!((one.median_game_ms, one.max_game_ms), (7, 50));
        assert_eq!(
            zero.line(Some(4000)),
            "moves median 300 ms, max 2000 ms; a game median 0.4 s (10.0 %), max 2.0 s (50.0 %)"
        );
        assert!(!zero.line(None).contains('%'));
        assert_eq!(Thinking::of(0, &[]), Thinking::default());
    }

    #[test]
    fn the_game_clock_is_read_from_the_time_control_s_text() {
        assert_eq!(game_clock_ms("turn 1000ms, game 24000ms"), Some(24_000));
        assert_eq!(game_clock_ms("turn 500ms"), None);
        assert_eq!(game_clock_ms("game 180000ms, +2000ms"), Some(180_000));
        let tc = crate::clock::TimeControl {
            game: Some(std::time::Duration::from_secs(120)),
            ..Default::default()
        };
        assert_eq!(game_clock_ms(&tc.to_string()), Some(120_000));
    }

    #[test]
    fn pairs_are_the_two_games_of_one_opening_with_the_colours_swapped() {
        let games = vec![
            // Games 1 and 2: black wins both, one point each.
            game(2, "a", 1, Some(1)),
            game(1, "a", 0, Some(0)),
            // Games 3 and 4: engine 0 wins both.
            game(3, "b", 0, Some(0)),
            game(4, "b", 1, Some(0)),
            // Game 5 draws; its partner is still being played.
            game(5, "c", 0, None),
            // Games 7 and 8: engine 1 wins one, the other is drawn.
            game(7, "d", 1, Some(1)),
            game(8, "d", 0, None),
            // 9 and 10 do not share an opening: not a pair.
            game(9, "e", 0, Some(0)),
            game(10, "f", 1, Some(0)),
        ];
        let penta = head_to_head_pairs(&games, 0, 1);
        assert_eq!(penta.counts, [0, 1, 1, 0, 1]);
        let seen_from_1 = head_to_head_pairs(&games, 1, 0);
        assert_eq!(seen_from_1.counts, [1, 0, 1, 1, 0]);
        // Every game counts in the games' record.
        assert_eq!(head_to_head(&games, 0, 1).games(), 9);
    }

    #[test]
    fn an_output_directory_must_be_new_or_empty() {
        let root = std::env::temp_dir().join(format!("tengen-out-dir-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        // Missing: it will be made.
        assert_eq!(check_out_dir(&root.join("new")), Ok(()));
        // Empty: fine.
        let empty = root.join("empty");
        std::fs::create_dir(&empty).unwrap();
        assert_eq!(check_out_dir(&empty), Ok(()));
        // Holds a file: refused.
        std::fs::write(empty.join("x"), b"x").unwrap();
        let err = check_out_dir(&empty).unwrap_err();
        assert!(err.contains("already holds files"), "{err}");
        // A file, not a directory: refused.
        let file = root.join("file");
        std::fs::write(&file, b"x").unwrap();
        let err = check_out_dir(&file).unwrap_err();
        assert!(err.contains("is not a directory"), "{err}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
