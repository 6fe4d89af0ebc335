//! A Gomocup engine asked for its move and evaluation in one position at a
//! time, as a judge of positions (`defence_set`) or a labeller of them
//! (`eval_tune label --engine`), and the evaluation it reports.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tengen::board::parse_xy;
use tengen::Board;
use tengen_arena::engine::{EngineProcess, EngineSpec, Reply};

/// The turn a node-limited engine is given: its node limit ends the search
/// long before.
const NODE_TURN_MS: u64 = 600_000;
/// How long a node-limited engine may take before it counts as hung.
const NODE_WAIT_MS: u64 = 60_000;

fn fail(msg: &str) -> ! {
    eprintln!("judge: {msg}");
    std::process::exit(2)
}

/// A judge's evaluation for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A forced win in this many plies.
    Wins(u32),
    /// A forced loss in this many plies.
    Loses(u32),
    /// An ordinary score.
    Score(i32),
}

impl Verdict {
    /// Reads the `Eval …` field of a `MESSAGE` line, or this engine's
    /// `ev …`.
    pub fn parse(line: &str) -> Option<Verdict> {
        let at = line
            .find("Eval ")
            .map(|i| i + 5)
            .or_else(|| line.find(" ev ").map(|i| i + 4))?;
        let rest = &line[at..];
        let word = rest.split_whitespace().next()?;
        if let Some(n) = word.strip_prefix("+M").or_else(|| word.strip_prefix("M")) {
            return n.parse().ok().map(Verdict::Wins);
        }
        if let Some(n) = word.strip_prefix("-M") {
            return n.parse().ok().map(Verdict::Loses);
        }
        word.parse().ok().map(Verdict::Score)
    }

    /// The verdict as the judge writes it.
    pub fn text(self) -> String {
        match self {
            Verdict::Wins(n) => format!("+M{n}"),
            Verdict::Loses(n) => format!("-M{n}"),
            Verdict::Score(s) => s.to_string(),
        }
    }
}

/// A Gomocup engine asked for one move at a time: each position from a
/// fresh `START` on a clock ([`Player::spawn`]), or with a node limit and
/// no clock ([`Player::spawn_nodes`]).
pub struct Player {
    /// The engine's process.
    pub engine: EngineProcess,
    turn_ms: u64,
    /// The node limit (`INFO max_node`), when the engine has no clock.
    max_nodes: Option<u64>,
    /// The board size of the last `START`, where a new position of the
    /// same size needs none (node-limited players only).
    size: Option<(usize, usize)>,
}

impl Player {
    /// An engine asked for a move in `turn_ms`, each position from a fresh
    /// `START`.
    pub fn spawn(command: &str, turn_ms: u64) -> Player {
        let spec = EngineSpec::parse(command).unwrap_or_else(|e| fail(&e));
        let engine = EngineProcess::spawn(&spec, Arc::new(AtomicBool::new(false)))
            .unwrap_or_else(|e| fail(&format!("cannot start `{command}`: {e}")));
        Player {
            engine,
            turn_ms,
            max_nodes: None,
            size: None,
        }
    }

    /// An engine asked for a move after `nodes` nodes (`INFO max_node`),
    /// with no clock, and its hash cleared (`YXHASHCLEAR`) before each
    /// position: `START` only when the board size changes, since an engine
    /// may miss a `START` sent just after its move.
    pub fn spawn_nodes(command: &str, nodes: u64) -> Player {
        let mut p = Player::spawn(command, NODE_TURN_MS);
        p.max_nodes = Some(nodes);
        p
    }

    /// The engine's move on `board` and the last evaluation it printed.
    pub fn think(&mut self, board: &Board) -> ((i64, i64), Option<Verdict>) {
        let (w, h) = (board.width(), board.height());
        let fresh = self.max_nodes.is_none() || self.size != Some((w, h));
        let mut lines = Vec::new();
        if fresh {
            lines.push(if w == h {
                format!("START {w}")
            } else {
                format!("RECTSTART {w},{h}")
            });
            self.size = Some((w, h));
        }
        if let Some(n) = self.max_nodes {
            lines.push("YXHASHCLEAR".into());
            lines.push(format!("INFO max_node {n}"));
        }
        lines.extend([
            format!("INFO timeout_turn {}", self.turn_ms),
            "INFO timeout_match 0".into(),
            "INFO max_memory 67108864".into(),
            format!("INFO rule {}", board.rule().gomocup()),
            "BOARD".into(),
        ]);
        let me = board.side_to_move();
        for m in board.history() {
            let who = if m.color == me { 1 } else { 2 };
            lines.push(format!("{},{},{who}", m.pos.x(), m.pos.y()));
        }
        lines.push("DONE".into());
        self.engine.drain();
        let mut started = false;
        for line in &lines {
            if self.engine.send(line).is_err() {
                fail("the engine closed its input");
            }
            if line.starts_with("START") || line.starts_with("RECTSTART") {
                // Wait for the `OK` so that nothing sent after it is lost.
                started = self.wait_ok();
            }
        }
        if fresh && !started {
            fail("the engine did not answer START with OK");
        }
        let wait = if self.max_nodes.is_some() {
            NODE_WAIT_MS
        } else {
            self.turn_ms * 3 + 5000
        };
        let deadline = Instant::now() + Duration::from_millis(wait);
        let mut eval = None;
        loop {
            match self.engine.recv(deadline) {
                Reply::Line(l) => {
                    if l.starts_with("MESSAGE") {
                        eval = Verdict::parse(&l).or(eval);
                    } else if let Some(xy) = parse_xy(&l) {
                        return (xy, eval);
                    }
                }
                Reply::Timeout => fail("the engine gave no move in time"),
                Reply::Closed | Reply::Interrupted => fail("the engine exited"),
            }
        }
    }

    fn wait_ok(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match self.engine.recv(deadline) {
                Reply::Line(l) if l.trim() == "OK" => return true,
                Reply::Line(_) => {}
                _ => return false,
            }
        }
    }

    /// The judge's verdict for the side to move on `board`. A judge may
    /// answer a five or a forced block at once without an evaluation: a
    /// five to make is a win in one, and after a forced block the verdict
    /// is the judge's on the position that follows, seen from this side.
    pub fn judge(&mut self, board: &Board) -> Verdict {
        let me = board.side_to_move();
        if board.five_count(me) > 0 {
            return Verdict::Wins(1);
        }
        let ((x, y), eval) = self.think(board);
        if let Some(v) = eval {
            return v;
        }
        let mut next = board.clone();
        let played = next.pos(x, y).is_some_and(|p| next.play(p).is_ok());
        if !played || board.five_count(me.opp()) == 0 {
            fail("the judge printed no `Eval`");
        }
        match self.judge(&next) {
            Verdict::Wins(n) => Verdict::Loses(n + 1),
            Verdict::Loses(n) => Verdict::Wins(n + 1),
            Verdict::Score(s) => Verdict::Score(-s),
        }
    }
}
