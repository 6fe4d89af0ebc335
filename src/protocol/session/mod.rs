//! The session: the game state and settings, and what each command does
//! to them and answers.
//!
//! Every command either succeeds, or answers `ERROR <reason>` and leaves the
//! state exactly as it was.
//!
//! This file holds the state and the command dispatch ([`Session::handle`])
//! with the settings (`INFO`); the rest is split by job:
//!
//! - `setup`: position setup (`START`, `PLAY`, `BOARD`/`YXBOARD`,
//!   `TAKEBACK`, `YXBLOCK`), with the one history replay;
//! - `think`: thinking and replying (`BEGIN`, `TURN`, `YXNBEST`,
//!   `SWAP2BOARD`, `OPENINGBOARD`), and the score text;
//! - `memory`: the hash size from `max_memory` and `hash_size`;
//! - `out`: answer lines, cleaned to one line of plain ASCII.

mod memory;
mod out;
mod setup;
mod think;

pub use memory::{hash_bytes, HASH_SHARE_EIGHTHS, MAX_HASH_BYTES, RESERVED_BYTES};

use super::command::{Command, InfoKey, ParseError, Parsed};
use super::signal::Signal;
use super::time::Clock;
use crate::board::{Board, Pos};
use crate::renju::forbidden_points;
use crate::rules::{Color, Rule};
use crate::search::tt::Table;
use crate::search::{Config, Searcher};
use out::Out;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// The engine's name in `ABOUT`.
pub const NAME: &str = "Tengen";

/// Worker threads a manager may ask for at most.
pub const MAX_THREADS: u64 = 256;

/// The answer to a game command before any `START`.
const NO_GAME: &str = "no game: send START first";

/// A command as read, with its number and arrival time.
#[derive(Clone, Debug)]
pub struct Incoming {
    /// The parsed command, or why it could not be parsed.
    pub parsed: Parsed,
    /// Its number in reading order, from 1.
    pub seq: u64,
    /// When it was read: the clock of a move starts here.
    pub received: Instant,
}

impl Incoming {
    /// A request read just now.
    #[must_use]
    pub fn now(parsed: Parsed, seq: u64) -> Incoming {
        Incoming {
            parsed,
            seq,
            received: Instant::now(),
        }
    }
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `END`: exit.
    Exit,
}

/// The protocol state: game, settings, and the search.
pub struct Session {
    rule: Rule,
    /// Rule bit 2 (continuous game): play goes on after a five.
    continuous: bool,
    board: Option<Board>,
    /// The size of the game started by `START`; the board itself is made
    /// when first needed, so that an `INFO rule` right after `START` does
    /// not build the pattern tables of a rule that is never played.
    size: Option<(usize, usize)>,
    /// The engine's colour, once a move or a position has told it: `TURN`
    /// is the other colour's move, `PLAY` this one's.
    own: Option<Color>,
    /// Continuous-game markers (`BOARD` field 3): nobody plays there.
    markers: Vec<Pos>,
    /// `YXBLOCK` points.
    blocked: Vec<Pos>,
    clock: Clock,
    searcher: Searcher,
    max_memory: u64,
    hash_kb: Option<u64>,
    max_depth: u32,
    max_nodes: u64,
    realtime: bool,
    folder: Option<PathBuf>,
    game_type: i64,
    /// A problem with the settings, told with the next answer.
    warning: Option<String>,
    /// Whether the next answer is preceded by the table's size, which
    /// `INFO max_memory` or `hash_size` has just set.
    tell_hash: bool,
    signal: Arc<Signal>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new(Arc::new(Signal::new()))
    }
}

impl Session {
    /// A session with no game yet, stopped through `signal`.
    #[must_use]
    pub fn new(signal: Arc<Signal>) -> Session {
        Session::with_config(signal, Config::default())
    }

    /// A session whose search starts with `config` (the manager's `INFO`
    /// keys may change it later).
    #[must_use]
    pub fn with_config(signal: Arc<Signal>, config: Config) -> Session {
        let mut session = Session {
            rule: Rule::Freestyle,
            continuous: false,
            board: None,
            size: None,
            own: None,
            markers: Vec::new(),
            blocked: Vec::new(),
            clock: Clock::default(),
            searcher: Searcher::new(config),
            max_memory: 0,
            hash_kb: None,
            max_depth: 0,
            max_nodes: 0,
            realtime: false,
            folder: None,
            game_type: 1,
            warning: None,
            tell_hash: false,
            signal,
        };
        session.apply_memory();
        session
    }

    /// The current position, if a game was started.
    #[must_use]
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The rule in force.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The time settings.
    #[must_use]
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The search settings in force (threads, hash size).
    #[must_use]
    pub fn search_config(&self) -> &Config {
        self.searcher.config()
    }

    /// Points the search may not play (`YXBLOCK`).
    #[must_use]
    pub fn blocked(&self) -> &[Pos] {
        &self.blocked
    }

    /// The `INFO folder` for persistent files, if the manager sent one. The
    /// engine keeps its files in a `pbrain-tengen` subfolder of it and
    /// nowhere else.
    #[must_use]
    pub fn persistent_dir(&self) -> Option<PathBuf> {
        self.folder.as_ref().map(|f| f.join("pbrain-tengen"))
    }

    /// The `INFO game_type` last sent (1, a brain, by default).
    #[must_use]
    pub fn game_type(&self) -> i64 {
        self.game_type
    }

    /// Carries out one command, writing its answer (if any) to `w`.
    ///
    /// # Errors
    /// Only when writing to `w` fails.
    pub fn handle(&mut self, request: &Incoming, w: &mut dyn Write) -> io::Result<Flow> {
        let mut out = Out { w };
        let command = match &request.parsed {
            Ok(c) => c,
            Err(ParseError(reason)) => {
                out.error(reason)?;
                return Ok(Flow::Continue);
            }
        };
        // INFO answers nothing; a settings problem is told before the next
        // real answer, as the protocol asks.
        if !matches!(command, Command::Info(_) | Command::Stop | Command::End) {
            if let Some(warning) = self.warning.take() {
                out.line(&format!("MESSAGE {warning}"))?;
            }
            if std::mem::take(&mut self.tell_hash) {
                out.line(&self.hash_line())?;
            }
        }
        if self.board.is_none() && !matches!(command, Command::Start { .. } | Command::Info(_)) {
            if let Some((w, h)) = self.size {
                match Board::new(w, h, self.rule) {
                    Ok(b) => self.board = Some(b),
                    Err(e) => {
                        out.error(&e.to_string())?;
                        return Ok(Flow::Continue);
                    }
                }
            }
        }
        match command {
            Command::Start { width, height } => self.start(*width, *height, &mut out)?,
            Command::Restart => match self.size {
                Some((w, h)) => self.start(w as i64, h as i64, &mut out)?,
                None => out.error(NO_GAME)?,
            },
            Command::Begin => self.begin(request, &mut out)?,
            Command::Turn(c) if c.is_pass() => self.opponent_pass(request, &mut out)?,
            Command::Turn(c) => self.turn(*c, request, &mut out)?,
            Command::Play(c) => self.play(*c, &mut out)?,
            Command::Board { kind, entries } => {
                self.set_board(*kind, entries, request, &mut out)?
            }
            Command::Swap2Board(points) => self.swap2(points, request, &mut out)?,
            Command::OpeningBoard { header, lines } => {
                self.opening_board(header, lines, request, &mut out)?;
            }
            Command::Info(info) => self.info(info, &mut out)?,
            Command::End => return Ok(Flow::Exit),
            Command::About => out.line(&about())?,
            Command::Takeback(c) => self.takeback(*c, &mut out)?,
            // The reader thread already raised the stop flag; an idle stop
            // answers nothing (c-gomoku-cli may send it just after our move).
            Command::Stop => {}
            Command::ShowForbid => self.show_forbid(&mut out)?,
            Command::NBest(n) => self.nbest(*n, request, &mut out)?,
            Command::HashClear => {
                self.searcher.clear_hash();
                out.line("MESSAGE hash cleared")?;
            }
            Command::Block(points) => self.block(points, false, &mut out)?,
            Command::BlockUndo(points) => self.block(points, true, &mut out)?,
            Command::BlockReset => self.blocked.clear(),
            Command::ShowInfo => {
                out.line(&format!("MESSAGE INFO MAX_THREAD_NUM {MAX_THREADS}"))?;
                out.line(&format!(
                    "MESSAGE INFO MAX_HASH_SIZE {}",
                    MAX_HASH_BYTES.ilog2() - 10
                ))?;
            }
            Command::Unknown(word) => out.line(&format!("UNKNOWN command '{word}'"))?,
        }
        Ok(Flow::Continue)
    }

    fn info(&mut self, info: &InfoKey, out: &mut Out<'_>) -> io::Result<()> {
        match info {
            InfoKey::TimeoutTurn(ms) => {
                self.clock.turn_ms = (*ms).max(0);
                // The table's size follows the turn (`turn_hash_cap`).
                let before = self.searcher.config().hash_bytes;
                self.apply_memory();
                if self.searcher.config().hash_bytes != before {
                    self.tell_hash = true;
                }
            }
            InfoKey::TimeoutMatch(ms) => self.clock.set_match(*ms),
            InfoKey::TimeLeft(ms) => self.clock.set_left(*ms),
            InfoKey::MaxMemory(bytes) => {
                self.max_memory = *bytes;
                self.apply_memory();
                self.tell_hash = true;
                // The table's size is now known to fit: take its memory
                // (zeroed pages, not yet resident) here.
                if self.max_memory > 0 {
                    self.searcher.allocate_hash();
                }
            }
            InfoKey::GameType(t) => self.game_type = *t,
            InfoKey::Rule(n) => match Rule::from_gomocup(*n) {
                Some(rule) => {
                    let continuous = *n & 2 != 0 && *n != 2;
                    if let Some(board) = self.board.as_ref() {
                        if rule != self.rule {
                            let moves = setup::stones_in_order(board);
                            let side = board.side_to_move();
                            match setup::replay(board, rule, &moves, side) {
                                Ok(b) => self.board = Some(b),
                                Err(e) => return out.error(&e),
                            }
                        }
                    }
                    self.rule = rule;
                    // Build the rule's pattern tables now, outside any
                    // move's clock.
                    let _ = crate::pattern::Tables::get(rule);
                    self.continuous = continuous;
                }
                None => return out.error(&format!("INFO rule {n} is not supported (0, 1, 2, 4, 8 or 9, plus 2 for a continuous game)")),
            },
            InfoKey::Evaluate(_) | InfoKey::Other(_) => {}
            InfoKey::Folder(path) => self.folder = Some(PathBuf::from(path)),
            InfoKey::ThreadNum(n) => self.searcher.set_threads((*n).clamp(1, MAX_THREADS) as usize),
            InfoKey::HashSize(kb) => {
                self.hash_kb = Some(*kb);
                self.apply_memory();
                self.tell_hash = true;
            }
            InfoKey::MaxDepth(d) => self.max_depth = u32::try_from(*d).unwrap_or(u32::MAX),
            InfoKey::MaxNode(n) => self.max_nodes = if *n == u64::MAX { 0 } else { *n },
            InfoKey::ShowDetail(d) => self.realtime = d & 1 != 0,
        }
        Ok(())
    }

    fn show_forbid(&mut self, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let mut scratch = board.clone();
        let mut text = String::from("FORBID ");
        for (p, _) in forbidden_points(&mut scratch) {
            text.push_str(&format!("{:02}{:02}", p.x(), p.y()));
        }
        text.push('.');
        out.line(&text)
    }

    /// `DEBUG hash N bytes`, the transposition table's size, with the
    /// `max_memory` it was sized for.
    fn hash_line(&self) -> String {
        let bytes = Table::size_for(self.searcher.config().hash_bytes);
        let mut line = format!("DEBUG hash {bytes} bytes ({} MB)", bytes >> 20);
        if self.max_memory > 0 {
            line.push_str(&format!(" for max_memory {}", self.max_memory));
        }
        line
    }

    /// Sizes the transposition table from `max_memory`, `hash_size` and the
    /// turn (`timeout_turn`).
    fn apply_memory(&mut self) {
        let default = Config::default().hash_bytes as u64;
        let (bytes, warning) =
            memory::hash_bytes(self.max_memory, self.hash_kb, self.clock.turn_ms, default);
        if warning.is_some() {
            self.warning = warning;
        }
        self.searcher
            .set_hash_bytes(usize::try_from(bytes).unwrap_or(usize::MAX));
    }
}

/// The `ABOUT` line.
#[must_use]
pub fn about() -> String {
    format!(
        "name=\"{NAME}\", version=\"{}\", author=\"Tengen developers\", country=\"International\", www=\"{}\"",
        env!("CARGO_PKG_VERSION"),
        option_env!("CARGO_PKG_REPOSITORY").unwrap_or("")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::Parser;

    /// Runs `script` (lines) and returns everything answered.
    fn run(session: &mut Session, script: &[&str]) -> String {
        let mut parser = Parser::new();
        let mut out = Vec::new();
        let mut seq = 0;
        for line in script {
            for parsed in parser.feed(line) {
                seq += 1;
                session
                    .handle(&Incoming::now(parsed, seq), &mut out)
                    .unwrap();
            }
        }
        String::from_utf8(out).unwrap()
    }

    fn stone(session: &Session, x: usize, y: usize) -> Option<Color> {
        session.board().unwrap().stone(Pos::new(x, y))
    }

    #[test]
    fn the_first_turn_is_black_and_the_engine_white() {
        let mut s = Session::default();
        run(&mut s, &["START 15", "INFO rule 4", "TURN 7,7"]);
        assert_eq!(stone(&s, 7, 7), Some(Color::Black));
        assert_eq!(s.board().unwrap().stone_count(), 2);
        assert_eq!(s.board().unwrap().side_to_move(), Color::Black);
        run(&mut s, &["TURN 0,0"]);
        assert_eq!(stone(&s, 0, 0), Some(Color::Black));
    }

    #[test]
    fn begin_makes_the_engine_black_and_play_keeps_its_colour() {
        let mut s = Session::default();
        let out = run(&mut s, &["START 15", "BEGIN", "TURN 0,0", "PLAY 3,3"]);
        assert!(out.ends_with("3,3\n"), "{out}");
        assert_eq!(stone(&s, 0, 0), Some(Color::White));
        assert_eq!(stone(&s, 3, 3), Some(Color::Black));
    }

    #[test]
    fn board_colours_follow_the_counts_outside_renju() {
        let mut s = Session::default();
        // Two opponent stones, one own: the opponent is black.
        run(
            &mut s,
            &["START 15", "YXBOARD", "1,1,2", "2,2,1", "3,3,2", "DONE"],
        );
        assert_eq!(stone(&s, 1, 1), Some(Color::Black));
        assert_eq!(stone(&s, 2, 2), Some(Color::White));
        assert_eq!(s.board().unwrap().side_to_move(), Color::White);
        // Composed: three own stones and none of the opponent's.
        run(&mut s, &["YXBOARD 1,1,1 2,2,1 3,3,1 DONE"]);
        assert_eq!(stone(&s, 3, 3), Some(Color::Black));
        assert_eq!(s.board().unwrap().side_to_move(), Color::Black);
    }

    #[test]
    fn takeback_gives_the_move_back_to_the_stones_owner() {
        let mut s = Session::default();
        run(
            &mut s,
            &["START 15", "YXBOARD 1,1,2 2,2,1 3,3,2 4,4,1 DONE"],
        );
        // Level counts: the engine (to move) is black on 2,2 and 4,4, the
        // opponent white on 1,1 and 3,3.
        let out = run(&mut s, &["TAKEBACK 1,1"]);
        assert_eq!(out, "OK\n");
        let b = s.board().unwrap();
        assert_eq!(b.stone_count(), 3);
        assert_eq!(b.side_to_move(), Color::White);
        assert_eq!(b.stone(Pos::new(3, 3)), Some(Color::White));
        assert_eq!(b.stone(Pos::new(4, 4)), Some(Color::Black));
        // The last stone: back to its owner too.
        run(&mut s, &["TAKEBACK 4,4"]);
        assert_eq!(s.board().unwrap().side_to_move(), Color::Black);
    }

    #[test]
    fn an_error_keeps_everything() {
        let mut s = Session::default();
        run(&mut s, &["START 15", "BEGIN"]);
        let before = s.board().unwrap().to_string();
        for bad in [
            "TURN 7,7",
            "TURN 15,15",
            "BOARD 1,1,1 1,1,2 DONE",
            "TAKEBACK 0,0",
            "INFO rule 99",
            "START 99",
            "SWAP2BOARD 1,1 DONE",
        ] {
            let out = run(&mut s, &[bad]);
            assert!(out.starts_with("ERROR "), "{bad}: {out}");
            assert_eq!(s.board().unwrap().to_string(), before, "{bad}");
        }
    }

    #[test]
    fn max_memory_sizes_the_hash_below_the_limit() {
        let mut s = Session::default();
        run(&mut s, &["INFO max_memory 367001600"]);
        let hash = s.search_config().hash_bytes as u64;
        assert!(hash > 0 && hash + RESERVED_BYTES < 367_001_600, "{hash}");
        run(&mut s, &["INFO hash_size 1024"]);
        assert_eq!(s.search_config().hash_bytes, 1 << 20);
        run(&mut s, &["INFO hash_size 100000000"]);
        assert!((s.search_config().hash_bytes as u64) < 367_001_600);
        run(&mut s, &["INFO max_memory 0", "INFO hash_size 2048"]);
        assert_eq!(s.search_config().hash_bytes, 2 << 20);
        let out = run(&mut s, &["INFO max_memory 1000", "ABOUT"]);
        assert!(out.starts_with("MESSAGE max_memory"), "{out}");
        assert!(
            out.contains("\nDEBUG hash 64 bytes (0 MB) for max_memory 1000\n"),
            "{out}"
        );
    }

    #[test]
    fn the_table_size_is_told_once_before_the_next_answer() {
        let mut s = Session::default();
        // INFO itself answers nothing.
        assert_eq!(run(&mut s, &["INFO max_memory 350000000"]), "");
        let out = run(&mut s, &["ABOUT", "ABOUT"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        let bytes: u64 = lines[0]
            .strip_prefix("DEBUG hash ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{out}"));
        assert!(lines[0].ends_with(" for max_memory 350000000"), "{out}");
        assert!(bytes > 0 && bytes + RESERVED_BYTES < 350_000_000, "{out}");
        assert!(lines[1].starts_with("name="), "{out}");
        let out = run(
            &mut s,
            &["INFO max_memory 0", "INFO hash_size 1024", "ABOUT"],
        );
        assert!(
            out.starts_with("DEBUG hash 1048576 bytes (1 MB)\n"),
            "{out}"
        );
    }

    /// The scaled-down clock's 1 s turn keeps the table to 64 MB, in either
    /// order of the two `INFO`s; Gomocup's 5 s gets all 350 MB allow, and
    /// the same turn again changes nothing and tells nothing.
    #[test]
    fn the_turn_keeps_the_table_to_what_it_can_fill() {
        let told = |out: &str| {
            out.lines()
                .find_map(|l| l.strip_prefix("DEBUG hash "))
                .map(|rest| rest.split(' ').next().unwrap().to_string())
        };
        for first_turn in [true, false] {
            let mut s = Session::default();
            let mut infos = ["INFO timeout_turn 1000", "INFO max_memory 350000000"];
            if !first_turn {
                infos.reverse();
            }
            let out = run(&mut s, &[infos[0], infos[1], "ABOUT"]);
            assert_eq!(told(&out).as_deref(), Some("67108864"), "{out}");
            let out = run(&mut s, &["INFO timeout_turn 1000", "ABOUT"]);
            assert_eq!(told(&out), None, "{out}");
            let out = run(&mut s, &["INFO timeout_turn 5000", "ABOUT"]);
            assert_eq!(told(&out).as_deref(), Some("276889856"), "{out}");
        }
    }
}
