//! The engines named on the command line, run through the arena's engine
//! driver ([`EngineProcess`]) and spoken to in the Gomocup protocol.
//!
//! Each use has its own process slot (black's seat, white's seat, the
//! analysis), so an engine playing itself keeps two separate minds and an
//! analysis never waits for a game move. A slot starts its process when
//! first asked and keeps it; a process that crashed or stayed silent is
//! dropped (which kills it) and started afresh next time.
//!
//! Every question sends the whole position (`BOARD`, or `YXBOARD` for the
//! N best moves), so the process never has to follow the page's undos.
//! While the engine thinks its `MESSAGE` lines are passed on as they come:
//! `MESSAGE depth D-S ev E … pv x,y …` (Tengen writes one per iteration
//! when `INFO show_detail 1` is set, and one after the move) and
//! `MESSAGE (i) score | x,y` for the N best. An `ERROR` or `UNKNOWN` line
//! is the engine's refusal of the question, unless it names an `INFO` key
//! (engines may refuse keys they do not know, such as `show_detail`).

use super::game::{Ranked, Score, Thought};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tengen::board::parse_xy;
use tengen::rules::{Color, Rule};
use tengen_arena::engine::{EngineProcess, EngineSpec, Reply};
use tengen_arena::game::{self, is_refusal};

/// The process slots: black's seat, white's seat, the analysis.
pub const SLOTS: usize = 3;

/// The analysis slot.
pub const ANALYSIS: usize = 2;

/// How long past the time per move an engine may take before it is given
/// up on (process start and the protocol's own margins).
const GRACE: Duration = Duration::from_secs(10);

/// A question for an engine.
#[derive(Clone, Debug)]
pub struct Question {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The rule.
    pub rule: Rule,
    /// The stones in move order, black first.
    pub stones: Vec<(usize, usize)>,
    /// Time per move in milliseconds.
    pub turn_ms: u64,
    /// What is asked.
    pub ask: Ask,
}

/// What is asked of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Its move.
    Move,
    /// Its N best moves (`YXNBEST`).
    Best(usize),
    /// An opening stage: the `OPENINGBOARD` lines.
    Opening(Vec<String>),
}

/// Something the engine said while thinking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Depth, evaluation, principal variation.
    Thought(Thought),
    /// One of the N best.
    Ranked(Ranked),
}

/// Parses one `MESSAGE` line the board shows.
#[must_use]
pub fn parse_message(line: &str) -> Option<Said> {
    let rest = line.strip_prefix("MESSAGE ")?.trim();
    if let Some(rest) = rest.strip_prefix("depth ") {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let depth = words.first()?.split('-').next()?.parse().ok()?;
        let after = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
        };
        let score = after("ev").and_then(|s| Score::parse(s));
        let nodes = after("n").and_then(|s| s.parse().ok()).unwrap_or(0);
        let pv = words
            .iter()
            .position(|w| *w == "pv")
            .map(|i| {
                words[i + 1..]
                    .iter()
                    .map_while(|w| parse_xy(w))
                    .filter_map(|(x, y)| Some((usize::try_from(x).ok()?, usize::try_from(y).ok()?)))
                    .collect()
            })
            .unwrap_or_default();
        return Some(Said::Thought(Thought {
            depth,
            score,
            nodes,
            pv,
        }));
    }
    // `(i) score | x,y`
    let rest = rest.strip_prefix('(')?;
    let (_, rest) = rest.split_once(')')?;
    let (score, point) = rest.split_once('|')?;
    let (x, y) = parse_xy(point.trim())?;
    Some(Said::Ranked(Ranked {
        point: (usize::try_from(x).ok()?, usize::try_from(y).ok()?),
        score: Score::parse(score.trim())?,
    }))
}

/// A started process and the board it was started on.
struct Running {
    engine: usize,
    process: EngineProcess,
    size: Option<(usize, usize)>,
}

/// The engines and their process slots.
pub struct Engines {
    specs: Vec<EngineSpec>,
    slots: [Mutex<Option<Running>>; SLOTS],
    interrupt: Arc<AtomicBool>,
}

/// The answer line, or why there is none.
pub type Answer = Result<String, String>;

impl Engines {
    /// The engines, none started yet.
    #[must_use]
    pub fn new(specs: Vec<EngineSpec>) -> Engines {
        Engines {
            specs,
            slots: Default::default(),
            interrupt: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The engines' names, in command-line order.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.specs.iter().map(|s| s.name.clone()).collect()
    }

    /// How many engines there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.specs.len()
    }

    /// Whether no engine was named.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    /// Asks engine `engine` in process slot `slot`, passing what it says
    /// while thinking to `heard`; `cancelled` is polled, and once it says
    /// so the engine is told to stop and its answer is not waited for
    /// long.
    ///
    /// # Errors
    /// A bad index, an engine that cannot start, refuses the question,
    /// crashes or stays silent past the time per move.
    pub fn ask(
        &self,
        slot: usize,
        engine: usize,
        q: &Question,
        heard: &mut dyn FnMut(Said),
        cancelled: &dyn Fn() -> bool,
    ) -> Answer {
        let spec = self
            .specs
            .get(engine)
            .ok_or_else(|| format!("there is no engine {engine}"))?;
        let mut guard = self.slots[slot.min(SLOTS - 1)]
            .lock()
            .map_err(|_| "the engine slot is broken".to_string())?;
        if guard.as_ref().is_some_and(|r| r.engine != engine) {
            *guard = None;
        }
        if guard.is_none() {
            let process = EngineProcess::spawn(spec, Arc::clone(&self.interrupt))
                .map_err(|e| format!("{} could not be started: {e}", spec.name))?;
            *guard = Some(Running {
                engine,
                process,
                size: None,
            });
        }
        let running = guard.as_mut().expect("started above");
        let result = converse(running, &spec.name, q, heard, cancelled);
        if result.is_err() {
            // A process in an unknown state is not kept.
            *guard = None;
        }
        result
    }
}

/// Sends lines, failing with the engine's name.
fn send(p: &mut EngineProcess, name: &str, lines: &[String]) -> Result<(), String> {
    for l in lines {
        p.send(l)
            .map_err(|e| format!("{name} closed its input: {e}"))?;
    }
    Ok(())
}

/// Whether a line is commentary: the arena's commentary less the
/// refusals, which the board reports.
fn is_comment(line: &str) -> bool {
    game::is_comment(line) && !is_refusal(line)
}

fn converse(
    r: &mut Running,
    name: &str,
    q: &Question,
    heard: &mut dyn FnMut(Said),
    cancelled: &dyn Fn() -> bool,
) -> Answer {
    let p = &mut r.process;
    if r.size != Some((q.width, q.height)) {
        let start = if q.width == q.height {
            format!("START {}", q.width)
        } else {
            format!("RECTSTART {},{}", q.width, q.height)
        };
        send(p, name, std::slice::from_ref(&start))?;
        let deadline = Instant::now() + GRACE;
        loop {
            match p.recv(deadline) {
                Reply::Line(l) if l.eq_ignore_ascii_case("OK") => break,
                Reply::Line(l) if is_comment(&l) => {}
                Reply::Line(l) => return Err(format!("{name} answered `{l}` to `{start}`")),
                _ => return Err(format!("{name} did not answer `{start}`")),
            }
        }
        r.size = Some((q.width, q.height));
    }
    let mut lines = vec![
        format!("INFO rule {}", q.rule.gomocup()),
        format!("INFO timeout_turn {}", q.turn_ms),
        "INFO timeout_match 0".to_string(),
        "INFO time_left 2147483647".to_string(),
        "INFO game_type 0".to_string(),
        "INFO show_detail 1".to_string(),
    ];
    let own = if q.stones.len() % 2 == 0 {
        Color::Black
    } else {
        Color::White
    };
    let entries = q.stones.iter().enumerate().map(|(i, (x, y))| {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        format!("{x},{y},{}", if color == own { 1 } else { 2 })
    });
    match &q.ask {
        Ask::Move if q.stones.is_empty() => lines.push("BEGIN".into()),
        Ask::Move => {
            lines.push("BOARD".into());
            lines.extend(entries);
            lines.push("DONE".into());
        }
        Ask::Best(n) => {
            lines.push("YXBOARD".into());
            lines.extend(entries);
            lines.push("DONE".into());
            lines.push(format!("YXNBEST {n}"));
        }
        Ask::Opening(request) => lines.extend(request.iter().cloned()),
    }
    send(p, name, &lines)?;
    let started = Instant::now();
    let mut deadline = started + Duration::from_millis(q.turn_ms) + GRACE;
    let mut stopped = false;
    loop {
        if !stopped && cancelled() {
            stopped = true;
            let _ = p.send("YXSTOP");
            deadline = deadline.min(Instant::now() + Duration::from_secs(3));
        }
        let slice = (Instant::now() + Duration::from_millis(100)).min(deadline);
        match p.recv(slice) {
            Reply::Line(l) => {
                if let Some(said) = parse_message(&l) {
                    heard(said);
                } else if is_comment(&l) {
                } else if is_refusal(&l) {
                    // A refused `INFO` key is the engine's own business;
                    // any other refusal answers the question.
                    if !l.to_ascii_uppercase().contains("INFO") {
                        return Err(format!("{name}: {l}"));
                    }
                } else if stopped {
                    return Err("stopped".into());
                } else {
                    return Ok(l);
                }
            }
            Reply::Timeout if Instant::now() < deadline => {}
            Reply::Timeout => {
                return Err(format!(
                    "{name} gave no answer within {} ms",
                    started.elapsed().as_millis()
                ))
            }
            Reply::Closed => return Err(format!("{name} exited")),
            Reply::Interrupted => return Err("interrupted".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_parse() {
        let Some(Said::Thought(t)) =
            parse_message("MESSAGE depth 7-12 ev -35 n 1200 n/ms 300 tm 4 pv 7,7 8,8 6,6")
        else {
            panic!("not parsed");
        };
        assert_eq!((t.depth, t.score, t.nodes), (7, Some(Score::Cp(-35)), 1200));
        assert_eq!(t.pv, vec![(7, 7), (8, 8), (6, 6)]);
        let Some(Said::Ranked(r)) = parse_message("MESSAGE (2) +M5 | 3,4") else {
            panic!("not parsed");
        };
        assert_eq!((r.point, r.score), ((3, 4), Score::Mate(5)));
        assert_eq!(parse_message("MESSAGE REALTIME BEST 7,7"), None);
        assert_eq!(parse_message("7,7"), None);
    }
}
