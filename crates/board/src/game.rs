//! The game on the page: the stones, who sits in each seat, undo and redo,
//! the rule's judgement of every click, and the engine's evaluations.
//!
//! Everything here is synchronous and knows nothing of HTTP: the server
//! locks one [`Game`], calls a method, and sends the new [`Game::view`] to
//! the page. A refused request leaves the game exactly as it was.

use super::notation::coord;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tengen::opening::{OpeningRule, StageDriver};
use tengen::renju::{forbidden, forbidden_points};
use tengen::rules::{Color, Rule};
use tengen_arena::referee::{Outcome, Referee};

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "engine")]
pub enum Seat {
    /// A person clicking on the board.
    Human,
    /// The engine of this index in the command line's list.
    Engine(usize),
}

/// How a new game is set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Setup {
    /// Board width, 5 to 32.
    pub width: usize,
    /// Board height, 5 to 32.
    pub height: usize,
    /// The rule.
    #[serde(serialize_with = "rule_name")]
    pub rule: Rule,
    /// Black's seat, then white's.
    pub seats: [Seat; 2],
    /// The engines' time per move, in milliseconds.
    pub turn_ms: u64,
    /// A renju opening rule played before the game, if any.
    #[serde(serialize_with = "opening_name")]
    pub opening: Option<OpeningRule>,
}

fn rule_name<S: serde::Serializer>(rule: &Rule, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rule.name())
}

fn opening_name<S: serde::Serializer>(o: &Option<OpeningRule>, s: S) -> Result<S::Ok, S::Error> {
    match o {
        Some(o) => s.serialize_str(&o.to_string()),
        None => s.serialize_none(),
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            width: 15,
            height: 15,
            rule: Rule::Renju,
            seats: [Seat::Human, Seat::Engine(0)],
            turn_ms: 2000,
            opening: None,
        }
    }
}

/// The shortest and longest time per move the page may set, in ms.
pub const TURN_MS: (u64, u64) = (100, 600_000);

/// An evaluation as the engine reports it, from the side to move: in
/// centi-stones, or a win (`+Mn`) or loss (`-Mn`) in n plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Score {
    /// Centi-stones.
    Cp(i32),
    /// A forced win (positive) or loss (negative) in this many plies.
    Mate(i32),
}

impl Score {
    /// Parses `123`, `-40`, `+M5` or `-M3`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Score> {
        if let Some(n) = text.strip_prefix("+M") {
            return n.parse::<i32>().ok().filter(|n| *n >= 0).map(Score::Mate);
        }
        if let Some(n) = text.strip_prefix("-M") {
            return n
                .parse::<i32>()
                .ok()
                .filter(|n| *n >= 0)
                .map(|n| Score::Mate(-n));
        }
        text.parse().ok().map(Score::Cp)
    }

    /// The same score from the other side.
    #[must_use]
    pub fn flipped(self) -> Score {
        match self {
            Score::Cp(v) => Score::Cp(-v),
            Score::Mate(n) => Score::Mate(-n),
        }
    }
}

/// What the engine said about a position: depth, evaluation and the
/// principal variation (from the side to move).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Thought {
    /// Completed depth.
    pub depth: u32,
    /// The evaluation, from the side to move.
    pub score: Option<Score>,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, as points.
    pub pv: Vec<(usize, usize)>,
}

/// One of the N best moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ranked {
    /// The point.
    pub point: (usize, usize),
    /// Its score, from the side to move.
    pub score: Score,
}

/// The engine's latest words on the position: live while it thinks, final
/// after.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The number of stones of the position analysed.
    pub stones: usize,
    /// Which engine is speaking.
    pub engine: Option<usize>,
    /// Whether it is still thinking.
    pub running: bool,
    /// Depth, evaluation, principal variation.
    pub thought: Thought,
    /// The N best moves, once an N-best search has ended.
    pub best: Vec<Ranked>,
    /// An error the engine gave.
    pub error: Option<String>,
}

/// One stone of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Stone {
    /// Column from 0, left to right.
    pub x: usize,
    /// Row from 0, top to bottom (as the protocol counts).
    pub y: usize,
    /// Its colour.
    #[serde(serialize_with = "color_name")]
    pub color: Color,
    /// The engine's thinking time, 0 for a person's stone.
    pub ms: u64,
}

fn color_name<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

/// A renju opening being played: the library's driver and who is which
/// player.
#[derive(Clone, Debug)]
pub struct OpeningPlay {
    /// The stage driver.
    pub driver: StageDriver,
    /// The seat of the first player (the tentative black), then the second.
    pub players: [Seat; 2],
}

/// The game on the page.
pub struct Game {
    setup: Setup,
    referee: Referee,
    stones: Vec<Stone>,
    redo: Vec<Stone>,
    /// Evaluations from black's side, by the number of stones before the
    /// move they were made for.
    evals: BTreeMap<usize, Score>,
    /// Engines wait while this is set (after an undo in an engine game,
    /// or a loaded record), until the page says go.
    pub paused: bool,
    /// Bumped by every change of position, so that an engine answer for an
    /// older position is thrown away.
    generation: u64,
    /// The engine thinking on the move, if any: its seat's colour.
    pub thinking: Option<Color>,
    /// What the engine last said.
    pub analysis: Analysis,
    /// An opening stage in progress.
    pub opening: Option<OpeningPlay>,
    /// The last error an engine caused (a crash, a refused command).
    pub engine_error: Option<String>,
}

/// A cell's colour for the view.
fn cell(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

impl Game {
    /// A new game.
    ///
    /// # Errors
    /// A board size out of range, an engine index that does not exist, a
    /// time out of range, or an opening rule with a board it cannot use.
    pub fn new(setup: Setup, engines: usize) -> Result<Game, String> {
        for seat in setup.seats {
            if let Seat::Engine(i) = seat {
                if i >= engines {
                    return Err(format!(
                        "there is no engine {i}: {engines} engine{} named on the command line",
                        if engines == 1 { " was" } else { "s were" }
                    ));
                }
            }
        }
        if !(TURN_MS.0..=TURN_MS.1).contains(&setup.turn_ms) {
            return Err(format!(
                "the time per move must be {} to {} ms",
                TURN_MS.0, TURN_MS.1
            ));
        }
        let referee = Referee::new(setup.width, setup.height, setup.rule, None)?;
        let opening = match setup.opening {
            None => None,
            Some(rule) => {
                let driver = StageDriver::new(rule, setup.width, setup.height, setup.rule);
                driver
                    .request()
                    .0
                    .stage()
                    .map_err(|e| format!("{rule} cannot be played here: {e}"))?;
                Some(OpeningPlay {
                    driver,
                    players: setup.seats,
                })
            }
        };
        Ok(Game {
            setup,
            referee,
            stones: Vec::new(),
            redo: Vec::new(),
            evals: BTreeMap::new(),
            paused: false,
            generation: 0,
            thinking: None,
            analysis: Analysis::default(),
            opening,
            engine_error: None,
        })
    }

    /// The setup.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The stones in move order.
    #[must_use]
    pub fn stones(&self) -> &[Stone] {
        &self.stones
    }

    /// The number that changes with every change of position.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The colour to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.referee.to_move()
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.referee.outcome()
    }

    /// The seat to move: during an opening, the player the stage asks.
    #[must_use]
    pub fn seat_to_move(&self) -> Seat {
        if let Some(o) = &self.opening {
            return o.players[match o.driver.request().1 {
                tengen::opening::Player::First => 0,
                tengen::opening::Player::Second => 1,
            }];
        }
        self.setup.seats[self.to_move().index()]
    }

    /// Evaluations from black's side, by the number of stones before the
    /// move.
    #[must_use]
    pub fn evals(&self) -> &BTreeMap<usize, Score> {
        &self.evals
    }

    /// Records the engine's evaluation of the position with `stones`
    /// stones, given from the side to move there.
    pub fn note_eval(&mut self, stones: usize, score: Score) {
        let black_to_move = stones % 2 == 0;
        let score = if black_to_move {
            score
        } else {
            score.flipped()
        };
        self.evals.insert(stones, score);
    }

    fn changed(&mut self) {
        self.generation += 1;
        self.thinking = None;
        self.analysis = Analysis {
            stones: self.stones.len(),
            ..Analysis::default()
        };
    }

    /// Checks that a person may put a stone on `(x, y)` now; the reason if
    /// not. Under renju a forbidden point is refused with its shape.
    fn check_point(&self, x: i64, y: i64) -> Result<tengen::board::Pos, String> {
        if let Some(o) = self.outcome() {
            return Err(format!("the game is over: {}", o.detail));
        }
        let board = self.referee.board();
        let pos = board
            .pos(x, y)
            .ok_or_else(|| format!("{x},{y} is off the board"))?;
        let here = coord(pos.x(), pos.y(), board.height());
        if !board.is_empty(pos) {
            return Err(format!("{here} is taken"));
        }
        if self.to_move() == Color::Black {
            let mut scratch = board.clone();
            if let Some(kind) = forbidden(&mut scratch, pos) {
                return Err(format!(
                    "{here} is forbidden for black under renju: a {kind}"
                ));
            }
        }
        Ok(pos)
    }

    /// A person's stone on `(x, y)`.
    ///
    /// # Errors
    /// It is not a person's turn, the game is over, the point is off the
    /// board, taken, or forbidden for black; nothing changes then.
    pub fn play_human(&mut self, x: i64, y: i64) -> Result<(), String> {
        if self.opening.is_some() {
            return Err("the opening is being played: answer its stage".into());
        }
        if self.seat_to_move() != Seat::Human {
            return Err(format!(
                "it is the engine's turn ({})",
                self.to_move().name()
            ));
        }
        let pos = self.check_point(x, y)?;
        self.place(pos.x(), pos.y(), 0);
        self.redo.clear();
        Ok(())
    }

    /// An engine's answer `x,y` for the position of `generation`: `false`
    /// for an answer to an older position, which is ignored. An illegal
    /// answer ends the game as the referee rules (the engine loses).
    pub fn play_engine(&mut self, generation: u64, answer: &str, ms: u64) -> bool {
        if generation != self.generation || self.outcome().is_some() {
            return false;
        }
        let before = self.stones.len();
        let color = self.to_move();
        self.referee.judge(answer, ms);
        // A pass leaves no stone: the next one shows whose turn it was.
        if self.referee.moves().len() > before && !self.referee.moves()[before].pass {
            let m = self.referee.moves()[before];
            self.stones.push(Stone {
                x: m.x,
                y: m.y,
                color,
                ms,
            });
        }
        self.redo.clear();
        self.changed();
        true
    }

    /// Puts a checked stone on the board for the side to move.
    fn place(&mut self, x: usize, y: usize, ms: u64) {
        let color = self.to_move();
        self.referee.judge(&format!("{x},{y}"), ms);
        self.stones.push(Stone { x, y, color, ms });
        self.changed();
    }

    /// Takes back the last stone (and, against an engine, the engine's
    /// stone before it too, so that the person is to move again). In a
    /// game of engines alone the engines pause.
    ///
    /// # Errors
    /// No stone to take back, or an opening in progress.
    pub fn undo(&mut self) -> Result<(), String> {
        if self.opening.is_some() {
            return Err("no undo during the opening stage".into());
        }
        if self.stones.is_empty() {
            return Err("there is no stone to take back".into());
        }
        let humans = self
            .setup
            .seats
            .iter()
            .filter(|s| **s == Seat::Human)
            .count();
        let mut keep = self.stones.clone();
        let mut redo = self.redo.clone();
        while let Some(s) = keep.pop() {
            redo.push(s);
            let next = self.setup.seats[s.color.index()];
            if humans == 0 || next == Seat::Human || keep.is_empty() {
                break;
            }
        }
        self.replay(keep)?;
        self.redo = redo;
        if humans == 0 || self.seat_to_move() != Seat::Human {
            self.paused = true;
        }
        Ok(())
    }

    /// Puts back the stone last taken back.
    ///
    /// # Errors
    /// Nothing to redo.
    pub fn redo(&mut self) -> Result<(), String> {
        if self.opening.is_some() {
            return Err("no redo during the opening stage".into());
        }
        let Some(s) = self.redo.pop() else {
            return Err("there is nothing to redo".into());
        };
        self.paused = true;
        self.place(s.x, s.y, s.ms);
        Ok(())
    }

    /// Replaces the stones (a loaded record, an undo): every stone is
    /// judged again; the game pauses.
    ///
    /// # Errors
    /// A stone the rule refuses; nothing changes then.
    pub fn replay(&mut self, stones: Vec<Stone>) -> Result<(), String> {
        let mut referee = Referee::new(self.setup.width, self.setup.height, self.setup.rule, None)?;
        for (i, s) in stones.iter().enumerate() {
            if let Some(o) = referee.outcome() {
                return Err(format!(
                    "move {} comes after the end of the game ({})",
                    i + 1,
                    o.detail
                ));
            }
            if referee.to_move() != s.color {
                // The other side passed: the turn comes over without a stone.
                referee.judge("-1,-1", 0);
            }
            let board = referee.board();
            let at = coord(s.x, s.y, board.height());
            let pos = board
                .pos(s.x as i64, s.y as i64)
                .ok_or_else(|| format!("move {} is off the board", i + 1))?;
            if !board.is_empty(pos) {
                return Err(format!("move {} ({at}) is on a taken point", i + 1));
            }
            referee.judge(&format!("{},{}", s.x, s.y), s.ms);
            if let Some(o) = referee.outcome() {
                if o.winner != Some(s.color) && o.winner.is_some() {
                    return Err(format!(
                        "move {} ({at}) is refused under {}: {} ({})",
                        i + 1,
                        self.setup.rule.name(),
                        o.reason.name(),
                        o.detail
                    ));
                }
            }
        }
        self.referee = referee;
        self.stones = stones;
        self.evals.retain(|&k, _| k < self.stones.len());
        self.opening = None;
        self.paused = true;
        self.changed();
        Ok(())
    }

    /// A new game from a record: the setup's size and rule replaced, the
    /// stones played, the engines paused.
    ///
    /// # Errors
    /// A size out of range or a stone the rule refuses.
    pub fn load(
        &mut self,
        width: usize,
        height: usize,
        rule: Rule,
        stones: Vec<Stone>,
    ) -> Result<(), String> {
        let setup = Setup {
            width,
            height,
            rule,
            opening: None,
            ..self.setup.clone()
        };
        let mut game = Game::new(setup, usize::MAX)?;
        game.replay(stones)?;
        self.replace(game);
        self.paused = true;
        Ok(())
    }

    /// Replaces this game by `fresh`, which continues its numbering of
    /// positions, so that no engine answer for this game is taken for one
    /// of the new game.
    pub fn replace(&mut self, mut fresh: Game) {
        fresh.generation = self.generation + 1;
        *self = fresh;
    }

    /// Lets the engines move again.
    pub fn resume(&mut self) {
        self.paused = false;
        self.generation += 1;
    }

    /// Applies an opening stage's reply from the player asked, a person
    /// or an engine; when the opening ends its stones go on the board and
    /// the seats follow the swaps.
    ///
    /// # Errors
    /// No opening in progress, or a reply that breaks the rule (the
    /// library's reason); nothing changes then.
    pub fn opening_reply(&mut self, text: &str) -> Result<(), String> {
        let Some(play) = self.opening.as_mut() else {
            return Err("no opening stage is being played".into());
        };
        let mut driver = play.driver.clone();
        let done = driver.reply(text).map_err(|e| e.to_string())?;
        let players = play.players;
        play.driver = driver;
        if let Some(end) = done {
            let black = match end.black {
                tengen::opening::Player::First => players[0],
                tengen::opening::Player::Second => players[1],
            };
            let white = match end.black {
                tengen::opening::Player::First => players[1],
                tengen::opening::Player::Second => players[0],
            };
            self.setup.seats = [black, white];
            self.opening = None;
            let mut referee =
                Referee::new(self.setup.width, self.setup.height, self.setup.rule, None)?;
            let points: Vec<(i64, i64)> = end
                .stones
                .iter()
                .map(|p| (p.x() as i64, p.y() as i64))
                .collect();
            referee
                .place_stage_stones(&points, Color::Black)
                .map_err(|o| o.detail)?;
            self.stones = referee
                .moves()
                .iter()
                .map(|m| Stone {
                    x: m.x,
                    y: m.y,
                    color: m.color,
                    ms: 0,
                })
                .collect();
            self.referee = referee;
        }
        self.changed();
        Ok(())
    }

    /// What the page draws, as JSON.
    #[must_use]
    pub fn view(&self) -> serde_json::Value {
        let board = self.referee.board();
        let (w, h) = (board.width(), board.height());
        // During an opening stage the stones are the stage's, not yet the
        // game's.
        let stones: Vec<Stone> = match &self.opening {
            None => self.stones.clone(),
            Some(o) => o
                .driver
                .request()
                .0
                .stones
                .iter()
                .enumerate()
                .map(|(i, p)| Stone {
                    x: p.x(),
                    y: p.y(),
                    color: if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                    ms: 0,
                })
                .collect(),
        };
        let mut cells = vec![0u8; w * h];
        for s in &stones {
            cells[s.y * w + s.x] = cell(s.color);
        }
        let mut scratch = board.clone();
        let forbid: Vec<serde_json::Value> = if self.outcome().is_none() {
            forbidden_points(&mut scratch)
                .into_iter()
                .map(|(p, k)| serde_json::json!({"x": p.x(), "y": p.y(), "kind": k.to_string()}))
                .collect()
        } else {
            Vec::new()
        };
        let opening = self.opening.as_ref().map(|o| {
            let (req, asked) = o.driver.request();
            let asked = match asked {
                tengen::opening::Player::First => 0,
                tengen::opening::Player::Second => 1,
            };
            serde_json::json!({
                "rule": req.rule.to_string(),
                "asked": asked,
                "seat": o.players[asked],
                "offers": req.offers.iter().map(|p| (p.x(), p.y())).collect::<Vec<_>>(),
                "stones": req.stones.iter().map(|p| (p.x(), p.y())).collect::<Vec<_>>(),
                "prompt": super::opening::prompt(req),
            })
        });
        serde_json::json!({
            "setup": self.setup,
            "cells": cells,
            "stones": stones,
            "redo": self.redo.len(),
            "to_move": self.to_move().name(),
            "seat_to_move": self.seat_to_move(),
            "outcome": self.outcome().map(|o| serde_json::json!({
                "winner": o.winner.map(Color::name),
                "reason": o.reason.name(),
                "detail": o.detail,
            })),
            "forbidden": forbid,
            "evals": self.evals.iter().collect::<Vec<_>>(),
            "paused": self.paused,
            "thinking": self.thinking.map(Color::name),
            "analysis": self.analysis,
            "opening": opening,
            "engine_error": self.engine_error,
            "generation": self.generation,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn humans(rule: Rule) -> Game {
        Game::new(
            Setup {
                rule,
                seats: [Seat::Human, Seat::Human],
                ..Setup::default()
            },
            1,
        )
        .unwrap()
    }

    /// Black h8, i8 in row 8 and j10, j9 in column j, white in the
    /// corner's column: black to move, and j8 (`*`) makes two open threes.
    ///
    /// ```text
    ///  10  . . . X .
    ///   9  . . . X .
    ///   8  . X X * .
    ///      g h i j k
    /// ```
    const DOUBLE_THREE: [(i64, i64); 8] = [
        (7, 7),
        (0, 0),
        (8, 7),
        (0, 2),
        (9, 5),
        (0, 4),
        (9, 6),
        (0, 6),
    ];

    fn played(rule: Rule, stones: &[(i64, i64)]) -> Game {
        let mut g = humans(rule);
        for &(x, y) in stones {
            g.play_human(x, y).unwrap();
        }
        g
    }

    #[test]
    fn a_double_three_click_is_refused_with_its_reason() {
        let mut g = played(Rule::Renju, &DOUBLE_THREE);
        let before = g.stones().len();
        let err = g.play_human(9, 7).unwrap_err();
        assert!(
            err.contains("forbidden") && err.contains("double three"),
            "{err}"
        );
        assert!(err.starts_with("j8 "), "{err}");
        assert_eq!(g.stones().len(), before);
        assert_eq!(g.to_move(), Color::Black);
        // The same point is free under freestyle.
        played(Rule::Freestyle, &DOUBLE_THREE)
            .play_human(9, 7)
            .unwrap();
        let v = g.view();
        let marks = v["forbidden"].as_array().unwrap();
        assert!(
            marks.iter().any(|m| m["x"] == 9 && m["y"] == 7),
            "{marks:?}"
        );
    }

    #[test]
    fn taken_points_off_board_and_finished_games_are_refused() {
        let mut g = humans(Rule::Freestyle);
        g.play_human(3, 3).unwrap();
        assert!(g.play_human(3, 3).unwrap_err().contains("taken"));
        assert!(g.play_human(15, 0).unwrap_err().contains("off the board"));
        for (x, y) in [
            (0, 0),
            (4, 3),
            (0, 1),
            (5, 3),
            (0, 2),
            (6, 3),
            (0, 4),
            (7, 3),
        ] {
            g.play_human(x, y).unwrap();
        }
        assert_eq!(g.outcome().unwrap().winner, Some(Color::Black));
        assert!(g.play_human(9, 9).unwrap_err().contains("over"));
    }

    #[test]
    fn undo_against_an_engine_takes_two_stones_and_redo_puts_them_back() {
        let mut g = Game::new(Setup::default(), 1).unwrap();
        g.play_human(7, 7).unwrap();
        let gen = g.generation();
        assert!(g.play_engine(gen, "8,8", 5));
        assert!(!g.play_engine(gen, "9,9", 5), "a stale answer is ignored");
        g.play_human(6, 6).unwrap();
        assert!(g.play_engine(g.generation(), "9,9", 5));
        g.undo().unwrap();
        assert_eq!(g.stones().len(), 2, "back to the person's turn");
        assert_eq!(g.seat_to_move(), Seat::Human);
        g.redo().unwrap();
        g.redo().unwrap();
        assert_eq!(g.stones().len(), 4);
        assert!(g.redo().is_err());
        g.undo().unwrap();
        g.play_human(1, 1).unwrap();
        assert!(g.redo().is_err(), "a new stone ends the redo list");
        let err = g.play_human(2, 2).unwrap_err();
        assert!(err.contains("engine's turn"), "{err}");
    }

    #[test]
    fn bad_setups_are_refused() {
        let bad_engine = Setup {
            seats: [Seat::Human, Seat::Engine(3)],
            ..Setup::default()
        };
        assert!(Game::new(bad_engine, 1)
            .err()
            .expect("refused")
            .contains("no engine 3"));
        let tiny = Setup {
            width: 4,
            ..Setup::default()
        };
        assert!(Game::new(tiny, 1).is_err());
        let rect = Setup {
            width: 20,
            height: 9,
            ..Setup::default()
        };
        assert!(Game::new(rect, 1).is_ok());
    }

    #[test]
    fn scores_parse_and_evaluations_are_kept_from_black() {
        assert_eq!(Score::parse("+M5"), Some(Score::Mate(5)));
        assert_eq!(Score::parse("-M3"), Some(Score::Mate(-3)));
        assert_eq!(Score::parse("-40"), Some(Score::Cp(-40)));
        assert_eq!(Score::parse("M"), None);
        let mut g = humans(Rule::Freestyle);
        g.note_eval(1, Score::Cp(30));
        assert_eq!(g.evals()[&1], Score::Cp(-30));
    }
}
