//! The session: the game state and settings, and what each command does
//! to them and answers.
//!
//! Every command either succeeds, or answers `ERROR <reason>` and leaves the
//! state exactly as it was.

use super::command::{BoardKind, Command, Coord, Entry, Field, InfoKey, ParseError, Parsed};
use super::search_eval::SearchEval;
use super::signal::Signal;
use super::time::Clock;
use crate::board::{Board, Pos, MAX_SIZE, MIN_SIZE};
use crate::opening::{Evaluator, OpeningError};
use crate::renju::{forbidden, forbidden_points};
use crate::rules::{Color, Rule};
use crate::search::{Config, Info, Limits, SearchResult, Searcher, MATE};
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// The engine's name in `ABOUT`.
pub const NAME: &str = "Tengen";

/// Bytes of the process that are not the transposition table (code, pattern
/// tables, boards, stacks, allocator slack), kept out of `max_memory`.
pub const RESERVED_BYTES: u64 = 48 << 20;

/// Share of what is left of `max_memory` after [`RESERVED_BYTES`] given to
/// the transposition table, in quarters (3/4): the rest is headroom.
pub const HASH_SHARE_QUARTERS: u64 = 3;

/// The transposition table never grows beyond this, whatever is asked.
pub const MAX_HASH_BYTES: u64 = 16 << 30;

/// Worker threads a manager may ask for at most.
pub const MAX_THREADS: u64 = 256;

/// The answer to a game command before any `START`.
const NO_GAME: &str = "no game: send START first";

/// A command as read, with its number and arrival time.
#[derive(Clone, Debug)]
pub struct Request {
    /// The parsed command, or why it could not be parsed.
    pub parsed: Parsed,
    /// Its number in reading order, from 1.
    pub seq: u64,
    /// When it was read: the clock of a move starts here.
    pub received: Instant,
}

impl Request {
    /// A request read just now.
    #[must_use]
    pub fn now(parsed: Parsed, seq: u64) -> Request {
        Request {
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

/// Writes whole lines and flushes each one.
struct Out<'a> {
    w: &'a mut dyn Write,
}

impl Out<'_> {
    /// Writes one line. DEBUG lines carry no comma: GomocupJudge reads every
    /// line that does not start with MESSAGE as a possible `x,y` move.
    fn line(&mut self, text: &str) -> io::Result<()> {
        // A reply is one line of plain ASCII: an echoed piece of bad input
        // must not smuggle a line break or a control character into it.
        let clean: String = text
            .chars()
            .map(|c| match c {
                '\n' | '\r' | '\t' => ' ',
                c if c.is_ascii() && !c.is_ascii_control() => c,
                _ => '?',
            })
            .collect();
        self.w.write_all(clean.as_bytes())?;
        self.w.write_all(b"\n")?;
        self.w.flush()
    }

    fn error(&mut self, reason: &str) -> io::Result<()> {
        self.line(&format!("ERROR {reason}"))
    }
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
    pub fn handle(&mut self, request: &Request, w: &mut dyn Write) -> io::Result<Flow> {
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

    fn start(&mut self, width: i64, height: i64, out: &mut Out<'_>) -> io::Result<()> {
        let size = |n: i64| {
            usize::try_from(n)
                .ok()
                .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
        };
        let (Some(w), Some(h)) = (size(width), size(height)) else {
            return out.error(&format!(
                "board size {width}x{height} is not supported (each side must be {MIN_SIZE} to {MAX_SIZE})"
            ));
        };
        self.size = Some((w, h));
        self.board = None;
        self.own = None;
        self.markers.clear();
        self.blocked.clear();
        self.clock.new_game();
        out.line("OK")
    }

    /// The point `c` on the board, or why not.
    fn point(board: &Board, c: Coord) -> Result<Pos, String> {
        board
            .pos(c.x, c.y)
            .ok_or_else(|| format!("{c} is off the {}x{} board", board.width(), board.height()))
    }

    /// Why no move can be played on the current board, if so.
    fn finished(&self, board: &Board) -> Option<String> {
        if !self.continuous {
            if let Some(color) = board.winner() {
                return Some(format!(
                    "the game is over: {} has five; send RESTART or START",
                    color_name(color)
                ));
            }
        }
        let open = board
            .empty_points()
            .any(|p| !self.markers.contains(&p) && !self.blocked.contains(&p));
        if open {
            None
        } else {
            Some("the game is over: no point is left to play".into())
        }
    }

    /// The colour of the engine on `board`: as last told, or the side to
    /// move.
    fn own_color(&self, board: &Board) -> Color {
        self.own.unwrap_or_else(|| board.side_to_move())
    }

    /// Checks a stone on `c`: the game goes on, and the point is on the
    /// board and free.
    fn check_move(&self, board: &Board, c: Coord) -> Result<Pos, String> {
        if let Some(why) = self.finished(board) {
            return Err(why);
        }
        let pos = Self::point(board, c)?;
        if !board.is_empty(pos) || self.markers.contains(&pos) {
            return Err(format!("{c} is already occupied"));
        }
        Ok(pos)
    }

    fn begin(&mut self, request: &Request, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        if board.stone_count() > 0 {
            return out.error("BEGIN needs an empty board; use BOARD to set a position");
        }
        self.reply_move(request, 1, out)
    }

    fn turn(&mut self, c: Coord, request: &Request, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let pos = match self.check_move(board, c) {
            Ok(p) => p,
            Err(e) => return out.error(&e),
        };
        // The opponent's colour: the engine's other, or before the engine
        // has a colour (a fresh game), whoever is to move.
        let theirs = self.own.map_or_else(|| board.side_to_move(), Color::opp);
        let mut next = board.clone();
        next.make_color(pos, theirs);
        if let Some(why) = self.finished(&next) {
            // The opponent's move ended the game: there is nothing to answer.
            return out.error(&format!("TURN {c}: {why}"));
        }
        self.board = Some(next);
        self.reply_move(request, 1, out)
    }

    fn play(&mut self, c: Coord, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let own = self.own_color(board);
        match self.check_move(board, c) {
            Ok(pos) => {
                if let Some(board) = self.board.as_mut() {
                    board.make_color(pos, own);
                }
                self.own = Some(own);
                out.line(&format!("{},{}", pos.x(), pos.y()))
            }
            Err(e) => out.error(&e),
        }
    }

    /// Builds the position of a `BOARD`/`YXBOARD`, checking it.
    fn position(
        &self,
        board: &Board,
        entries: &[Entry],
    ) -> Result<(Board, Vec<Pos>, Color), String> {
        let mut seen = Vec::with_capacity(entries.len());
        let mut markers = Vec::new();
        let mut stones: Vec<(Pos, Field)> = Vec::new();
        // Under renju, who moved first: a pass entry counts.
        let mut first: Option<Field> = None;
        for e in entries {
            if e.at.x == -1 && e.at.y == -1 && e.field != Field::Marker {
                // `-1,-1`: a pass, as some tools send to set the side to move.
                first.get_or_insert(e.field);
                continue;
            }
            let pos = Self::point(board, e.at)?;
            if seen.contains(&pos) {
                return Err(format!("{} is listed twice", e.at));
            }
            seen.push(pos);
            match e.field {
                Field::Marker => markers.push(pos),
                f => {
                    first.get_or_insert(f);
                    stones.push((pos, f));
                }
            }
        }
        let own_count = stones.iter().filter(|s| s.1 == Field::Own).count();
        let opp_count = stones.len() - own_count;
        let own = if self.rule == Rule::Renju {
            // Under renju the stones come in move order, black first.
            match first {
                Some(Field::Opponent) => Color::White,
                _ => Color::Black,
            }
        } else if opp_count > own_count {
            Color::White
        } else {
            Color::Black
        };
        let color = |f: Field| if f == Field::Own { own } else { own.opp() };
        let order: Vec<(Pos, Color)> = if self.rule == Rule::Renju {
            stones.iter().map(|&(p, f)| (p, color(f))).collect()
        } else {
            // Order is free: alternate black and white, passes for the rest.
            let blacks: Vec<Pos> = stones
                .iter()
                .filter(|s| color(s.1) == Color::Black)
                .map(|s| s.0)
                .collect();
            let whites: Vec<Pos> = stones
                .iter()
                .filter(|s| color(s.1) == Color::White)
                .map(|s| s.0)
                .collect();
            let mut order = Vec::with_capacity(stones.len());
            for i in 0..blacks.len().max(whites.len()) {
                if let Some(&b) = blacks.get(i) {
                    order.push((b, Color::Black));
                }
                if let Some(&w) = whites.get(i) {
                    order.push((w, Color::White));
                }
            }
            order
        };
        let mut next = Board::from_moves(board.width(), board.height(), self.rule, &order)
            .map_err(|e| e.to_string())?;
        if next.side_to_move() != own {
            next.pass();
        }
        Ok((next, markers, own))
    }

    fn set_board(
        &mut self,
        kind: BoardKind,
        entries: &[Entry],
        request: &Request,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let (next, markers, own) = match self.position(board, entries) {
            Ok(x) => x,
            Err(e) => return out.error(&e),
        };
        if kind == BoardKind::Board {
            // A game position asks for a move, so it cannot hold a five; an
            // analysis board (`YXBOARD`) may: a composed diagram, or a
            // finished game under review.
            if let Some(color) = next.find_five() {
                return out.error(&format!(
                    "impossible position: {} already has five on the board",
                    color_name(color)
                ));
            }
            let saved_markers = std::mem::replace(&mut self.markers, markers);
            if let Some(why) = self.finished(&next) {
                self.markers = saved_markers;
                return out.error(&why);
            }
            self.board = Some(next);
            self.own = Some(own);
            self.reply_move(request, 1, out)
        } else {
            self.board = Some(next);
            self.own = Some(own);
            self.markers = markers;
            Ok(())
        }
    }

    fn takeback(&mut self, c: Coord, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let pos = match Self::point(board, c) {
            Ok(p) => p,
            Err(e) => return out.error(&e),
        };
        if let Some(i) = self.markers.iter().position(|&m| m == pos) {
            self.markers.remove(i);
            return out.line("OK");
        }
        let Some(color) = board.stone(pos) else {
            return out.error(&format!("TAKEBACK {c}: there is no stone there"));
        };
        let next = if board.last_move().map(|m| m.pos) == Some(pos) {
            let mut b = board.clone();
            b.unmake();
            b
        } else {
            let order: Vec<(Pos, Color)> = board
                .history()
                .iter()
                .filter(|m| !m.pos.is_pass() && m.pos != pos)
                .map(|m| (m.pos, m.color))
                .collect();
            match Board::from_moves(board.width(), board.height(), self.rule, &order) {
                Ok(b) => b,
                Err(e) => return out.error(&e.to_string()),
            }
        };
        let mut next = next;
        if next.side_to_move() != color {
            next.pass();
        }
        self.board = Some(next);
        out.line("OK")
    }

    /// `SWAP2BOARD`: the swap2 stages of the opening module, decided with
    /// the search as the judge. The game position becomes the stones given
    /// and those answered, so that the game can go on from there.
    fn swap2(&mut self, points: &[Coord], request: &Request, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        if !matches!(points.len(), 0 | 3 | 5) {
            return out.error(&format!(
                "SWAP2BOARD needs 0, 3 or 5 stones, got {}",
                points.len()
            ));
        }
        let mut start = match Board::new(board.width(), board.height(), self.rule) {
            Ok(b) => b,
            Err(e) => return out.error(&e.to_string()),
        };
        for &c in points {
            let played = Self::point(&start, c)
                .and_then(|p| start.play(p).map_err(|e| format!("stone {p}: {e}")));
            if let Err(e) = played {
                return out.error(&e);
            }
        }
        if let Some(color) = start.find_five() {
            return out.error(&format!(
                "impossible position: {} has five",
                color_name(color)
            ));
        }
        let lines: Vec<String> = start
            .history()
            .iter()
            .map(|m| format!("{},{}", m.pos.x(), m.pos.y()))
            .collect();
        let limits = self.limits(request, &start, 1);
        let (width, height, rule) = (start.width(), start.height(), self.rule);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let text = match self.judged(request, limits, |eval| {
            crate::opening::swap2board(&lines, width, height, rule, eval)
        }) {
            Some(Ok(text)) => text,
            Some(Err(e)) => return out.error(&e.to_string()),
            None => return out.error("the swap2 search failed"),
        };
        // The stones of the answer, in move order after the given ones.
        let mut next = start;
        if text != "SWAP" {
            for point in text.split_whitespace() {
                let placed = point
                    .split_once(',')
                    .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
                    .and_then(|(x, y)| next.pos(x, y))
                    .is_some_and(|p| next.play(p).is_ok());
                if !placed {
                    return out.error(&format!("the swap2 answer {text} does not fit the board"));
                }
            }
        }
        self.board = Some(next);
        self.own = None;
        self.markers.clear();
        out.line(&text)
    }

    /// `OPENINGBOARD`: one stage of a renju opening rule, decided with the
    /// search as the judge. The game position is left as it was: the
    /// manager sets the agreed position with `BOARD` once the opening ends.
    fn opening_board(
        &mut self,
        header: &str,
        lines: &[String],
        request: &Request,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let (width, height, rule) = (board.width(), board.height(), self.rule);
        let limits = self.limits(request, board, 1);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        match self.judged(request, limits, |eval| {
            crate::opening::answer(header, &lines, width, height, rule, eval)
        }) {
            Some(Ok(text)) => out.line(&text),
            Some(Err(e)) => out.error(&e.to_string()),
            None => out.error("the opening search failed"),
        }
    }

    /// Runs an opening decision with the search as the judge: each of its
    /// questions gets an equal slice of the turn
    /// ([`crate::opening::decide::STAGE_QUESTIONS`]), `YXSTOP` ends it, and
    /// the time is charged to the match clock. `None` if the search panicked
    /// (the searcher is then rebuilt).
    fn judged(
        &mut self,
        request: &Request,
        limits: Limits,
        decide: impl FnOnce(&mut dyn Evaluator) -> Result<String, OpeningError>,
    ) -> Option<Result<String, OpeningError>> {
        let per_question = limits.deadline.map(|d| {
            d.saturating_duration_since(std::time::Instant::now())
                / crate::opening::decide::STAGE_QUESTIONS
        });
        let stop = self.signal.arm(request.seq);
        let searcher = &mut self.searcher;
        let answered = panic::catch_unwind(AssertUnwindSafe(|| {
            let mut eval = SearchEval::new(searcher, limits);
            eval.per_question = per_question;
            eval.stop = Some(stop);
            decide(&mut eval)
        }));
        self.clock.charge(request.received.elapsed());
        if answered.is_err() {
            self.searcher = Searcher::new(self.searcher.config().clone());
        }
        answered.ok()
    }

    fn info(&mut self, info: &InfoKey, out: &mut Out<'_>) -> io::Result<()> {
        match info {
            InfoKey::TimeoutTurn(ms) => self.clock.turn_ms = (*ms).max(0),
            InfoKey::TimeoutMatch(ms) => self.clock.set_match(*ms),
            InfoKey::TimeLeft(ms) => self.clock.set_left(*ms),
            InfoKey::MaxMemory(bytes) => {
                self.max_memory = *bytes;
                self.apply_memory();
                // The table's size is now known to fit: take its memory
                // here rather than in the first move's time.
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
                            let order: Vec<(Pos, Color)> = board
                                .history()
                                .iter()
                                .filter(|m| !m.pos.is_pass())
                                .map(|m| (m.pos, m.color))
                                .collect();
                            let side = board.side_to_move();
                            match Board::from_moves(board.width(), board.height(), rule, &order) {
                                Ok(mut b) => {
                                    if b.side_to_move() != side {
                                        b.pass();
                                    }
                                    self.board = Some(b);
                                }
                                Err(e) => return out.error(&e.to_string()),
                            }
                        }
                    }
                    self.rule = rule;
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
            }
            InfoKey::MaxDepth(d) => self.max_depth = u32::try_from(*d).unwrap_or(u32::MAX),
            InfoKey::MaxNode(n) => self.max_nodes = if *n == u64::MAX { 0 } else { *n },
            InfoKey::ShowDetail(d) => self.realtime = d & 1 != 0,
        }
        Ok(())
    }

    /// Sizes the transposition table from `max_memory` and `hash_size`.
    fn apply_memory(&mut self) {
        let default = Config::default().hash_bytes as u64;
        let wanted = self.hash_kb.map(|kb| kb.saturating_mul(1024));
        let bytes = if self.max_memory == 0 {
            wanted.unwrap_or(default)
        } else {
            let room = self.max_memory.saturating_sub(RESERVED_BYTES) / 4 * HASH_SHARE_QUARTERS;
            if room == 0 {
                self.warning = Some(format!(
                    "max_memory {} is below the {} MB the engine needs besides its hash; playing with no hash",
                    self.max_memory,
                    RESERVED_BYTES >> 20
                ));
            }
            wanted.map_or(room, |w| w.min(room))
        };
        let bytes = bytes.min(MAX_HASH_BYTES).min(physical_memory() / 2);
        self.searcher
            .set_hash_bytes(usize::try_from(bytes).unwrap_or(usize::MAX));
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

    fn nbest(&mut self, n: u64, request: &Request, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let n = usize::try_from(n.max(1))
            .unwrap_or(usize::MAX)
            .min(board.area());
        self.reply_move(request, n, out)
    }

    fn block(&mut self, points: &[Coord], undo: bool, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let mut list = Vec::with_capacity(points.len());
        for &c in points {
            match Self::point(board, c) {
                Ok(p) => list.push(p),
                Err(e) => return out.error(&e),
            }
        }
        for p in list {
            if undo {
                self.blocked.retain(|&b| b != p);
            } else if !self.blocked.contains(&p) {
                self.blocked.push(p);
            }
        }
        Ok(())
    }

    /// The search limits for a move of `request` on `board`.
    fn limits(&self, request: &Request, board: &Board, multipv: usize) -> Limits {
        let budget = self.clock.budget(request.received, board.stone_count());
        let mut excluded = self.blocked.clone();
        excluded.extend(self.markers.iter().copied());
        Limits {
            deadline: budget.deadline,
            max_depth: if budget.fast { 1 } else { self.max_depth },
            max_nodes: self.max_nodes,
            multipv,
            excluded,
        }
    }

    /// Searches the current position, plays the move for the side to move,
    /// and answers it.
    fn reply_move(
        &mut self,
        request: &Request,
        multipv: usize,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        if let Some(why) = self.finished(board) {
            return out.error(&why);
        }
        let limits = self.limits(request, board, multipv);
        if let Some(deadline) = limits.deadline {
            out.line(&format!(
                "DEBUG budget {} ms{}",
                deadline
                    .saturating_duration_since(request.received)
                    .as_millis(),
                self.clock
                    .left_ms
                    .map_or(String::new(), |l| format!("; {l} ms left in the match"))
            ))?;
        }
        let realtime = self.realtime;
        let stop = self.signal.arm(request.seq);
        let mut last = Info::default();
        let mut io_error: Option<io::Error> = None;
        let searching = Instant::now();
        let searcher = &mut self.searcher;
        let searched = panic::catch_unwind(AssertUnwindSafe(|| {
            searcher.think(board, &limits, stop, &mut |info: &Info| {
                last = info.clone();
                if realtime && io_error.is_none() {
                    if let Some(p) = info.pv.first() {
                        let kind = if info.score <= -MATE + 1000 {
                            "LOST"
                        } else {
                            "BEST"
                        };
                        let r = out.line("MESSAGE REALTIME REFRESH").and_then(|()| {
                            out.line(&format!("MESSAGE REALTIME {kind} {},{}", p.x(), p.y()))
                        });
                        io_error = r.err();
                    }
                }
            })
        }));
        if let Some(e) = io_error {
            return Err(e);
        }
        let result: SearchResult = searched.unwrap_or_else(|_| {
            // A failing search must not cost the game: start the search
            // afresh and let `checked_best` pick a safe move.
            self.searcher = Searcher::new(self.searcher.config().clone());
            SearchResult::default()
        });
        let elapsed = request.received.elapsed();
        let Some(best) = self.checked_best(board, &result, &limits, out)? else {
            return out.error("no move is possible: every empty point is blocked or forbidden");
        };
        self.clock.charge(elapsed);
        if multipv > 1 {
            for (i, (p, score)) in result.ranked.iter().enumerate() {
                out.line(&format!(
                    "MESSAGE ({}) {} | {},{}",
                    i + 1,
                    score_text(*score),
                    p.x(),
                    p.y()
                ))?;
            }
        }
        let speed = u128::from(result.nodes) / searching.elapsed().as_millis().max(1);
        let pv: Vec<String> = if result.pv.first() == Some(&best) {
            result
                .pv
                .iter()
                .map(|p| format!("{},{}", p.x(), p.y()))
                .collect()
        } else {
            vec![format!("{},{}", best.x(), best.y())]
        };
        out.line(&format!(
            "MESSAGE depth {}-{} ev {} n {} n/ms {} tm {} pv {}",
            result.depth,
            last.seldepth.max(result.depth),
            score_text(result.score),
            result.nodes,
            speed,
            elapsed.as_millis(),
            pv.join(" ")
        ))?;
        if let Some(board) = self.board.as_mut() {
            self.own = Some(board.side_to_move());
            board.make(best);
        }
        out.line(&format!("{},{}", best.x(), best.y()))
    }

    /// The search's move, or a safe replacement if it is not playable (off
    /// the board, occupied, blocked, or forbidden for black under renju).
    fn checked_best(
        &self,
        board: &Board,
        result: &SearchResult,
        limits: &Limits,
        out: &mut Out<'_>,
    ) -> io::Result<Option<Pos>> {
        let mut scratch = board.clone();
        let black = board.side_to_move() == Color::Black;
        let mut ok = |p: Pos| {
            scratch.contains(p)
                && scratch.is_empty(p)
                && !limits.excluded.contains(&p)
                && !(black && forbidden(&mut scratch, p).is_some())
        };
        if let Some(best) = result.best {
            if ok(best) {
                return Ok(Some(best));
            }
            out.line(&format!(
                "DEBUG the search chose x {} y {} which cannot be played; choosing again",
                best.x(),
                best.y()
            ))?;
        }
        let from_ranked = result.ranked.iter().map(|&(p, _)| p).find(|&p| ok(p));
        if from_ranked.is_some() {
            return Ok(from_ranked);
        }
        let centre = Pos::new(board.width() / 2, board.height() / 2);
        let mut points: Vec<Pos> = board.empty_points().collect();
        points.sort_by_key(|p| p.distance(centre));
        Ok(points.into_iter().find(|&p| ok(p)))
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

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A score as printed: centi-stones, or `+M<n>`/`-M<n>` for a win or loss
/// in `n` plies.
fn score_text(score: i32) -> String {
    if score >= MATE - 1000 {
        format!("+M{}", MATE - score)
    } else if score <= -MATE + 1000 {
        format!("-M{}", MATE + score)
    } else {
        score.to_string()
    }
}

/// Installed memory in bytes (Linux), or a large figure when unknown.
fn physical_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(u64::MAX, |kb| kb.saturating_mul(1024))
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
                    .handle(&Request::now(parsed, seq), &mut out)
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
    }
}
