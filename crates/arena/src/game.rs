//! The game driver: starts two engines, places the opening, runs any opening
//! stage, then asks for moves in turn until the referee ends the game.
//!
//! The conversation follows the Gomocup protocol as Piskvork holds it:
//!
//! ```text
//! START 15               (RECTSTART w,h on rectangular boards)   → OK
//! INFO timeout_turn …, INFO timeout_match …, INFO time_left …,
//! INFO max_memory …, INFO game_type 1, INFO rule …[, INFO folder …]
//! BEGIN                  (black, empty board)                     → x,y
//! BOARD / x,y,1|2 … / DONE (first move after an opening, stones in
//!                          move order)                            → x,y
//! INFO time_left …, TURN x,y (every later move; -1,-1 a pass)     → x,y
//!                        (with a game time or periods, each request
//!                        starts with INFO timeout_turn, [timeout_match
//!                        under --stages,] time_left)
//! END
//! ```
//!
//! While waiting for a move the driver skips `MESSAGE`, `DEBUG`, `OK`,
//! `SUGGEST`, `UNKNOWN` and `ERROR` lines (the last two are kept for the
//! record's detail); any other line is judged as the answer.
//!
//! Opening stages (renju opening rules, swap2) plug in through
//! [`OpeningStage`]: a stage runs after the opening stones are placed and
//! before normal play, talks to the seated engines, may place stones through
//! the referee and may swap the seats.

use super::clock::{GameClock, TimeControl, TimeLoss};
use super::engine::{EngineProcess, EngineSpec, Reply};
use super::referee::{Outcome, Reason, Referee};
pub use crate::records::GameRecord;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tengen::rules::{Color, Rule};

/// Everything about a game that is the same for all games of a tournament.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The rule in force.
    pub rule: Rule,
    /// The time control.
    pub tc: TimeControl,
    /// Draw once this many stones are on the board.
    pub draw_after: Option<usize>,
    /// `INFO max_memory` in bytes (0: no limit).
    pub max_memory: u64,
    /// How long an engine may take to answer `START`.
    pub start_timeout: Duration,
    /// Two engines that both fail to start both lose (the rulebook's two
    /// no-shows), instead of drawing.
    pub no_shows_lose: bool,
    /// Keep each engine's process from one game to the next (a new
    /// `START` per game) instead of starting a fresh process per game.
    pub reuse_engines: bool,
    /// Sent as `INFO folder` when set.
    pub folder: Option<PathBuf>,
    /// Keep each game's protocol transcript (written as a `.log` record).
    pub transcript: bool,
    /// Where each running game's `.psq` is rewritten after every stone
    /// (`<id>.psq`, removed when the game ends), so that a viewer can
    /// follow it; `None` writes nothing.
    pub live: Option<PathBuf>,
    /// The user's interrupt (Ctrl-C): once set, every wait for an engine
    /// gives up and the game in progress is abandoned.
    pub interrupt: Arc<AtomicBool>,
}

/// One game to play.
#[derive(Clone, Debug)]
pub struct GameSpec {
    /// Number of the game in the tournament, from 1.
    pub id: usize,
    /// Engine indices: black first.
    pub seats: [usize; 2],
    /// Opening stones in Gomocup coordinates, black first.
    pub stones: Vec<(usize, usize)>,
    /// The opening's name (with its symmetry), for records.
    pub opening: Option<String>,
    /// Which round or bout the game belongs to, for records.
    pub round: String,
}

/// An engine seated at the board, with its clock.
pub struct Seat {
    /// The process.
    pub engine: EngineProcess,
    /// Its clock.
    pub clock: GameClock,
    /// Its index in the tournament.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Whether it has been sent the position since `START`; until then the
    /// next move request is a `BOARD` (or `BEGIN`), afterwards `TURN`.
    pub synced: bool,
    /// The last `ERROR` or `UNKNOWN` line it sent, for records.
    pub last_error: Option<String>,
}

/// The board and the two seats, handed to an opening stage.
pub struct Seating<'a> {
    /// The referee, holding the position.
    pub referee: &'a mut Referee,
    /// The seats, black's first.
    pub seats: &'a mut [Seat; 2],
    /// The game's settings.
    pub settings: &'a GameSettings,
}

impl Seating<'_> {
    /// Swaps which engine plays black (for swap rules).
    pub fn swap_seats(&mut self) {
        self.seats.swap(0, 1);
        for s in self.seats.iter_mut() {
            s.synced = false;
        }
    }

    /// Sends `command` (several lines allowed) to the engine playing
    /// `color` and waits for its first answer that is not a comment line,
    /// charging its clock.
    ///
    /// # Errors
    /// The outcome if the engine crashed, stayed silent or ran out of time.
    pub fn ask(&mut self, color: Color, command: &[String]) -> Result<String, Ask> {
        ask(&mut self.seats[color.index()], color, command).map(|(line, _)| line)
    }
}

/// What an opening stage or a move request can end in besides an answer.
#[derive(Debug)]
pub enum Ask {
    /// The game is decided.
    End(Outcome),
    /// The arena was interrupted; the game is abandoned.
    Interrupted,
}

/// A phase played before normal moves, such as the renju opening rules.
pub trait OpeningStage: Send + Sync {
    /// A short name for records.
    fn name(&self) -> &str;

    /// The name with every setting that changes how the stage is played,
    /// for a sharded run's plan.
    fn plan_name(&self) -> String {
        self.name().to_string()
    }

    /// Runs the stage. On success normal play continues from the referee's
    /// position with the seats as they are.
    ///
    /// # Errors
    /// An [`Ask`] that ends or abandons the game.
    fn run(&self, table: &mut Seating<'_>) -> Result<(), Ask>;
}

/// The stage that does nothing: play starts right after the opening stones.
pub struct NoStage;

impl OpeningStage for NoStage {
    fn name(&self) -> &str {
        "none"
    }

    fn run(&self, _table: &mut Seating<'_>) -> Result<(), Ask> {
        Ok(())
    }
}

/// Whether an engine line is commentary rather than an answer (a refusal
/// included: see [`is_refusal`]).
#[must_use]
pub fn is_comment(line: &str) -> bool {
    let head = line
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_uppercase();
    matches!(
        head.as_str(),
        "MESSAGE" | "DEBUG" | "OK" | "SUGGEST" | "UNKNOWN" | "ERROR"
    )
}

fn crash_detail(seat: &mut Seat, what: &str) -> String {
    // Give the process a moment to be reaped so its status is known.
    let mut status = None;
    for _ in 0..20 {
        status = seat.engine.exit_status();
        if status.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut d = match status {
        Some(s) => format!("{} {what} ({s})", seat.name),
        None => format!("{} {what}", seat.name),
    };
    if let Some(e) = &seat.last_error {
        d.push_str(&format!("; it said `{e}`"));
    }
    d
}

/// Sends `command` and waits for the answer within the clock's hard limit;
/// charges the clock. The answer, and the time charged for it: the time a
/// paced engine's lines were held ([`EngineSpec::settle`]) is not its own.
fn ask(seat: &mut Seat, color: Color, command: &[String]) -> Result<(String, Duration), Ask> {
    let mut start = Instant::now();
    for line in command {
        match seat.engine.send(line) {
            Ok(held) => start += held,
            Err(_) => {
                let detail = crash_detail(seat, "closed its input");
                return Err(Ask::End(Outcome::loss(color, Reason::Crash, detail)));
            }
        }
    }
    let limit = seat.clock.hard_limit();
    let deadline = start + limit;
    match wait_for(seat, deadline, |_| false) {
        Reply::Line(line) => {
            let elapsed = start.elapsed();
            if let Err(loss) = seat.clock.charge(elapsed) {
                return Err(Ask::End(time_loss(seat, color, loss, elapsed)));
            }
            Ok((line, elapsed))
        }
        Reply::Timeout => {
            let elapsed = start.elapsed();
            let loss = seat.clock.charge(elapsed).err().unwrap_or(TimeLoss::Turn);
            Err(Ask::End(time_loss(seat, color, loss, elapsed)))
        }
        Reply::Closed => {
            let detail = crash_detail(seat, "exited");
            Err(Ask::End(Outcome::loss(color, Reason::Crash, detail)))
        }
        Reply::Interrupted => Err(Ask::Interrupted),
    }
}

/// The one loop that waits for an engine: reads its lines until
/// `deadline` and returns the first that `wanted` accepts or that is not
/// commentary, or how the wait ended. An `ERROR` or `UNKNOWN` skipped on
/// the way is kept for the crash report.
fn wait_for(seat: &mut Seat, deadline: Instant, wanted: impl Fn(&str) -> bool) -> Reply {
    loop {
        match seat.engine.recv(deadline) {
            Reply::Line(line) => {
                if wanted(&line) || !is_comment(&line) {
                    return Reply::Line(line);
                }
                if is_refusal(&line) {
                    seat.last_error = Some(line.chars().take(120).collect());
                }
            }
            other => return other,
        }
    }
}

/// Whether an engine line refuses a command (`ERROR`, `UNKNOWN`).
#[must_use]
pub fn is_refusal(line: &str) -> bool {
    let upper = line.to_ascii_uppercase();
    upper.starts_with("ERROR") || upper.starts_with("UNKNOWN")
}

fn time_loss(seat: &Seat, color: Color, loss: TimeLoss, elapsed: Duration) -> Outcome {
    let reason = match loss {
        TimeLoss::Turn => Reason::TimeTurn,
        TimeLoss::Game => Reason::TimeGame,
    };
    Outcome::loss(
        color,
        reason,
        format!(
            "{} used {} ms ({})",
            seat.name,
            elapsed.as_millis(),
            seat.clock.control()
        ),
    )
}

/// Engine processes kept between the games one worker plays, when
/// [`GameSettings::reuse_engines`] is set: each game takes an engine's idle
/// process (sending it a new `START`), and gives it back when the game
/// ended without a fault of that engine. A process that crashed, lost on
/// time (it may still be thinking) or broke a rule is ended, and the next
/// game starts a fresh one.
#[derive(Default)]
pub struct EnginePool {
    reuse: bool,
    idle: Vec<(usize, EngineProcess)>,
}

impl EnginePool {
    /// A pool that keeps processes when `reuse`, or none.
    #[must_use]
    pub fn new(reuse: bool) -> EnginePool {
        EnginePool {
            reuse,
            idle: Vec::new(),
        }
    }

    /// The idle process of engine `index`, if one is kept.
    fn take(&mut self, index: usize) -> Option<EngineProcess> {
        let at = self.idle.iter().position(|(i, _)| *i == index)?;
        Some(self.idle.swap_remove(at).1)
    }

    /// Keeps the process of a seat whose game ended cleanly, or ends it.
    fn give_back(&mut self, seat: Seat, at_fault: bool, grace: Duration) {
        if self.reuse && !at_fault {
            self.idle.push((seat.index, seat.engine));
        } else {
            seat.engine.quit(grace);
        }
    }

    /// Ends every kept process.
    pub fn close(&mut self) {
        for (_, engine) in self.idle.drain(..) {
            engine.quit(Duration::from_millis(300));
        }
    }
}

/// Starts an engine, or takes its kept process from the pool, and waits
/// for its `OK` to `START`. A kept process that does not answer is ended
/// and a fresh one started in its place.
fn start_engine(
    spec: &EngineSpec,
    index: usize,
    settings: &GameSettings,
    since: Instant,
    seq: &Arc<AtomicU64>,
    pool: &mut EnginePool,
) -> Result<Seat, (Reason, String)> {
    if let Some(mut engine) = pool.take(index) {
        engine.drain();
        engine.drop_transcript();
        if let Ok(seat) = greet(engine, spec, index, settings, since, seq) {
            return Ok(seat);
        }
    }
    let engine = EngineProcess::spawn(spec, Arc::clone(&settings.interrupt)).map_err(|e| {
        (
            Reason::StartFailed,
            format!("{} could not be started: {e}", spec.name),
        )
    })?;
    greet(engine, spec, index, settings, since, seq)
}

/// Sends `START` (or `RECTSTART`) and the `INFO` lines to a process, and
/// waits for its `OK`.
fn greet(
    mut engine: EngineProcess,
    spec: &EngineSpec,
    index: usize,
    settings: &GameSettings,
    since: Instant,
    seq: &Arc<AtomicU64>,
) -> Result<Seat, (Reason, String)> {
    if settings.transcript {
        engine.keep_transcript(since, Arc::clone(seq));
    }
    let mut seat = Seat {
        engine,
        clock: GameClock::new(settings.tc),
        index,
        name: spec.name.clone(),
        synced: false,
        last_error: None,
    };
    let start = if settings.width == settings.height {
        format!("START {}", settings.width)
    } else {
        format!("RECTSTART {},{}", settings.width, settings.height)
    };
    if seat.engine.send(&start).is_err() {
        return Err((Reason::Crash, crash_detail(&mut seat, "closed its input")));
    }
    let deadline = Instant::now() + settings.start_timeout;
    let ok = |line: &str| line.eq_ignore_ascii_case("OK");
    match wait_for(&mut seat, deadline, |line| ok(line) || is_refusal(line)) {
        Reply::Line(line) if ok(&line) => {}
        Reply::Line(line) if is_refusal(&line) => {
            return Err((
                Reason::StartFailed,
                format!("{} refused `{start}`: {line}", seat.name),
            ));
        }
        Reply::Line(line) => {
            return Err((
                Reason::StartFailed,
                format!("{} answered `{line}` to `{start}`", seat.name),
            ));
        }
        Reply::Timeout => {
            return Err((
                Reason::StartFailed,
                format!(
                    "{} did not answer `{start}` within {} ms",
                    seat.name,
                    settings.start_timeout.as_millis()
                ),
            ))
        }
        Reply::Closed => return Err((Reason::Crash, crash_detail(&mut seat, "exited at start"))),
        Reply::Interrupted => return Err((Reason::StartFailed, "interrupted".into())),
    }
    let (turn, game, _) = seat.clock.info();
    let mut info = vec![
        format!("INFO timeout_turn {turn}"),
        format!("INFO timeout_match {game}"),
        format!("INFO time_left {}", seat.clock.info().2),
        format!("INFO max_memory {}", settings.max_memory),
        "INFO game_type 1".to_string(),
        format!("INFO rule {}", settings.rule.gomocup()),
    ];
    if let Some(folder) = &settings.folder {
        info.push(format!("INFO folder {}", folder.display()));
    }
    for line in info {
        if seat.engine.send(&line).is_err() {
            return Err((Reason::Crash, crash_detail(&mut seat, "closed its input")));
        }
    }
    Ok(seat)
}

/// The lines that ask the seat playing `color` for its next move.
fn move_request(seat: &Seat, referee: &Referee, color: Color) -> Vec<String> {
    let mut lines = Vec::new();
    let (turn, period, left) = seat.clock.info();
    if seat.clock.control().has_budget() {
        lines.push(format!("INFO timeout_turn {turn}"));
        if !seat.clock.control().stages.is_empty() {
            // Moves in a period: the length of the period this move is in.
            lines.push(format!("INFO timeout_match {period}"));
        }
        lines.push(format!("INFO time_left {left}"));
    }
    let moves = referee.moves();
    let last = moves.last().filter(|m| seat.synced && m.color != color);
    if let Some(last) = last {
        lines.push(format!("TURN {}", last.protocol()));
    } else if moves.is_empty() {
        lines.push("BEGIN".into());
    } else {
        lines.push("BOARD".into());
        for m in moves {
            let who = if m.color == color { 1 } else { 2 };
            lines.push(format!("{},{who}", m.protocol()));
        }
        lines.push("DONE".into());
    }
    lines
}

/// Plays one game. `None` if the arena was interrupted before it ended.
#[must_use]
pub fn play_game(
    spec: &GameSpec,
    engines: &[EngineSpec],
    settings: &GameSettings,
    stage: &dyn OpeningStage,
    pool: &mut EnginePool,
) -> Option<GameRecord> {
    let recorder = Recorder {
        spec,
        engines,
        settings,
        started: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        clock_start: Instant::now(),
    };
    let mut referee = Referee::new(
        settings.width,
        settings.height,
        settings.rule,
        settings.draw_after,
    )
    .expect("board size checked with the configuration");
    let [black, white] = spec.seats;
    if let Err(e) = referee.place_opening(&spec.stones) {
        // Openings are checked before the tournament; this is a safety net.
        let outcome = Outcome::draw(Reason::OpeningRule, e);
        return Some(recorder.record(&referee, black, white, outcome));
    }
    let mut seats = match seat_both(&recorder, pool)? {
        Ok(seats) => seats,
        Err(outcome) => return Some(recorder.record(&referee, black, white, outcome)),
    };
    let outcome = play_moves(spec.id, settings, stage, &mut referee, &mut seats)?;
    if let Some(dir) = &settings.live {
        let _ = std::fs::remove_file(live_path(dir, spec.id));
    }
    let (b, w) = (seats[0].index, seats[1].index);
    let transcript = merge_transcripts(&seats);
    release_seats(seats, &outcome, pool);
    let mut game = recorder.record(&referee, b, w, outcome);
    game.transcript = transcript;
    Some(game)
}

/// What every record of one game shares, and the clocks it started on.
struct Recorder<'a> {
    spec: &'a GameSpec,
    engines: &'a [EngineSpec],
    settings: &'a GameSettings,
    /// Unix time (seconds) the game started.
    started: u64,
    /// When the game started, for its duration and the transcripts.
    clock_start: Instant,
}

impl Recorder<'_> {
    /// The record of the game as it stands on `referee`, ended by `outcome`.
    fn record(
        &self,
        referee: &Referee,
        black: usize,
        white: usize,
        outcome: Outcome,
    ) -> GameRecord {
        GameRecord {
            id: self.spec.id,
            round: self.spec.round.clone(),
            black,
            white,
            black_name: self.engines[black].name.clone(),
            white_name: self.engines[white].name.clone(),
            width: self.settings.width,
            height: self.settings.height,
            rule: self.settings.rule,
            opening: self.spec.opening.clone(),
            moves: referee.moves().to_vec(),
            outcome,
            notes: referee.notes().to_vec(),
            started: self.started,
            duration_ms: u64::try_from(self.clock_start.elapsed().as_millis()).unwrap_or(u64::MAX),
            transcript: Vec::new(),
        }
    }
}

/// Starts both engines of the game (or takes them from the pool): `None`
/// when the arena was interrupted meanwhile, else both seats or, when one
/// or both did not start, the game's outcome.
fn seat_both(recorder: &Recorder<'_>, pool: &mut EnginePool) -> Option<Result<[Seat; 2], Outcome>> {
    let (spec, engines, settings) = (recorder.spec, recorder.engines, recorder.settings);
    // One counter orders the notes of both transcripts.
    let seq = Arc::new(AtomicU64::new(0));
    let mut start = |index: usize| {
        start_engine(
            &engines[index],
            index,
            settings,
            recorder.clock_start,
            &seq,
            pool,
        )
    };
    let black = start(spec.seats[0]);
    let white = start(spec.seats[1]);
    if settings.interrupt.load(Ordering::Relaxed) {
        return None;
    }
    Some(match (black, white) {
        (Ok(b), Ok(w)) => Ok([b, w]),
        (Err((reason, d1)), Err((_, d2))) => {
            let detail = format!("{d1}; {d2}");
            Err(if settings.no_shows_lose {
                Outcome::both_lose(reason, detail)
            } else {
                Outcome::draw(reason, detail)
            })
        }
        (Err((reason, d)), Ok(w)) => {
            pool.give_back(w, false, Duration::from_millis(200));
            Err(Outcome::loss(Color::Black, reason, d))
        }
        (Ok(b), Err((reason, d))) => {
            pool.give_back(b, false, Duration::from_millis(200));
            Err(Outcome::loss(Color::White, reason, d))
        }
    })
}

/// Plays the opening stage, then asks for moves in turn until the referee
/// ends the game: its outcome, or `None` when the arena was interrupted.
fn play_moves(
    id: usize,
    settings: &GameSettings,
    stage: &dyn OpeningStage,
    referee: &mut Referee,
    seats: &mut [Seat; 2],
) -> Option<Outcome> {
    let mut result = stage.run(&mut Seating {
        referee,
        seats,
        settings,
    });
    while result.is_ok() {
        let color = referee.to_move();
        let seat = &mut seats[color.index()];
        let request = move_request(seat, referee, color);
        match ask(seat, color, &request) {
            Ok((answer, elapsed)) => {
                seat.synced = true;
                let ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
                if referee.judge(&answer, ms).is_some() {
                    break;
                }
                if let Some(dir) = &settings.live {
                    let names = [&seats[0].name, &seats[1].name];
                    write_live(dir, id, referee, names);
                }
            }
            Err(e) => result = Err(e),
        }
    }
    match result {
        Ok(()) => Some(
            referee
                .outcome()
                .cloned()
                .expect("the loop ends on an outcome"),
        ),
        Err(Ask::End(outcome)) => {
            referee.finish(outcome.clone());
            Some(outcome)
        }
        Err(Ask::Interrupted) => None,
    }
}

/// Ends a game's engines: back to the pool when engines are reused (a seat
/// that lost by anything but the board is restarted), else quit.
fn release_seats(seats: [Seat; 2], outcome: &Outcome, pool: &mut EnginePool) {
    let [s0, s1] = seats;
    let grace = Duration::from_millis(300);
    // A seat is at fault when it lost by anything but the board.
    let at_fault = |color: Color| {
        outcome.winner == Some(color.opp()) && outcome.reason != Reason::Five || outcome.both_lose
    };
    if pool.reuse {
        pool.give_back(s0, at_fault(Color::Black), grace);
        pool.give_back(s1, at_fault(Color::White), grace);
    } else {
        let t = std::thread::spawn(move || s1.engine.quit(grace));
        s0.engine.quit(grace);
        let _ = t.join();
    }
}

/// The file of a running game in the live folder.
fn live_path(dir: &std::path::Path, id: usize) -> PathBuf {
    dir.join(format!("{id:05}.psq"))
}

/// Rewrites the running game's `.psq` in `dir` (written aside and renamed,
/// so a reader never sees half a file). A failure only costs the viewer
/// its live view, so it is not reported.
fn write_live(dir: &std::path::Path, id: usize, referee: &Referee, names: [&String; 2]) {
    let board = referee.board();
    let text = super::records::to_live_psq((board.width(), board.height()), referee.moves(), names);
    let path = live_path(dir, id);
    let part = path.with_extension("part");
    let _ = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&part, text))
        .and_then(|()| std::fs::rename(&part, &path));
}

/// Both seats' transcripts as one, in time order.
fn merge_transcripts(seats: &[Seat; 2]) -> Vec<String> {
    let mut all: Vec<(&super::engine::Note, &str)> = Vec::new();
    for seat in seats {
        for note in seat.engine.transcript() {
            all.push((note, seat.name.as_str()));
        }
    }
    all.sort_by_key(|(note, _)| note.seq);
    all.into_iter()
        .map(|(note, name)| {
            format!(
                "{:>6}.{:03} {name} {}",
                note.micros / 1000,
                note.micros % 1000,
                note.text
            )
        })
        .collect()
}
