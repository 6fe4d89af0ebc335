//! The referee: keeps the board under the rule in force and judges every
//! answer an engine gives.
//!
//! In the order they are checked, an answer
//!
//! 1. that is not `x,y` loses (garbage);
//! 2. off the board or on an occupied point loses;
//! 3. that overran the clock loses on time;
//! 4. by black under renju on a forbidden point loses (判负), unless it makes
//!    five: a five beats any forbidden shape;
//! 5. that makes a winning row under the rule wins.
//!
//! An answer `-1,-1` is a pass (放弃行棋权): it counts as a move and gives
//! the turn to the other side. Passes are played in normal play only: the
//! opening stages place stones through [`Referee::place_stage_stones`],
//! where `-1,-1` is off the board. Two passes in a row draw.
//!
//! After a move that decides nothing, a full board is a draw, and so is a
//! board where neither side can make a winning row any more
//! ([`Board::is_dead_draw`]), and reaching the move limit when one is set.
//! Crashes and silence are judged by the game driver and recorded through
//! [`Referee::finish`].

use serde::{Deserialize, Serialize};
use std::fmt;
use tengen::board::{parse_xy, Board, Pos};
use tengen::renju::forbidden;
use tengen::rules::{Color, Rule};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// A winning row under the rule.
    Five,
    /// Renju: black played a forbidden point.
    Forbidden,
    /// The answer was an occupied point.
    Occupied,
    /// The answer was off the board.
    OffBoard,
    /// The answer was not a move.
    Garbage,
    /// The engine exited or closed its output.
    Crash,
    /// The engine did not answer START, or could not be started.
    StartFailed,
    /// The move took longer than the per-turn limit.
    TimeTurn,
    /// The game budget ran out.
    TimeGame,
    /// Every point is taken.
    FullBoard,
    /// The move limit was reached.
    MoveLimit,
    /// An opening stage was not played by its rules.
    OpeningRule,
    /// Both sides passed, one after the other.
    TwoPasses,
    /// Neither side can make a winning row any more.
    DeadDraw,
}

impl Reason {
    /// The name used in records and summaries.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Five => "five",
            Reason::Forbidden => "forbidden",
            Reason::Occupied => "occupied",
            Reason::OffBoard => "off-board",
            Reason::Garbage => "garbage",
            Reason::Crash => "crash",
            Reason::StartFailed => "start-failed",
            Reason::TimeTurn => "time-turn",
            Reason::TimeGame => "time-game",
            Reason::FullBoard => "full-board",
            Reason::MoveLimit => "move-limit",
            Reason::OpeningRule => "opening-rule",
            Reason::TwoPasses => "two-passes",
            Reason::DeadDraw => "dead-draw",
        }
    }

    /// Whether the loser broke a rule of play (as opposed to being beaten
    /// or drawing): what SGF marks as a forfeit.
    #[must_use]
    pub const fn is_forfeit(self) -> bool {
        !matches!(
            self,
            Reason::Five
                | Reason::FullBoard
                | Reason::MoveLimit
                | Reason::TwoPasses
                | Reason::DeadDraw
                | Reason::TimeTurn
                | Reason::TimeGame
        )
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn serialize_color<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

fn serialize_winner<S: serde::Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => s.serialize_str(c.name()),
        None => s.serialize_str("draw"),
    }
}

/// Reads `black`, `white` or `draw` back, as the two functions above write
/// them.
fn read_side<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
    let text = String::deserialize(d)?;
    match text.as_str() {
        "black" => Ok(Some(Color::Black)),
        "white" => Ok(Some(Color::White)),
        "draw" => Ok(None),
        other => Err(serde::de::Error::custom(format!(
            "`{other}` is not black, white or draw"
        ))),
    }
}

fn deserialize_color<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    read_side(d)?.ok_or_else(|| serde::de::Error::custom("a stone is black or white"))
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning colour, `None` for a draw.
    #[serde(serialize_with = "serialize_winner", deserialize_with = "read_side")]
    pub winner: Option<Color>,
    /// Why.
    pub reason: Reason,
    /// A human-readable detail (the bad answer, the forbidden shape, …).
    pub detail: String,
    /// Both sides lose (two no-shows under the rulebook): no winner, and
    /// no draw either.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub both_lose: bool,
}

impl Outcome {
    /// `color` loses for `reason`.
    #[must_use]
    pub fn loss(color: Color, reason: Reason, detail: impl Into<String>) -> Outcome {
        Outcome {
            winner: Some(color.opp()),
            reason,
            detail: detail.into(),
            both_lose: false,
        }
    }

    /// A draw for `reason`.
    #[must_use]
    pub fn draw(reason: Reason, detail: impl Into<String>) -> Outcome {
        Outcome {
            winner: None,
            reason,
            detail: detail.into(),
            both_lose: false,
        }
    }

    /// Both sides lose for `reason`.
    #[must_use]
    pub fn both_lose(reason: Reason, detail: impl Into<String>) -> Outcome {
        Outcome {
            both_lose: true,
            ..Outcome::draw(reason, detail)
        }
    }
}

/// One move of a game record: a stone, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// Column, from zero (0 for a pass).
    pub x: usize,
    /// Row, from zero (0 for a pass).
    pub y: usize,
    /// Who played it.
    #[serde(
        serialize_with = "serialize_color",
        deserialize_with = "deserialize_color"
    )]
    pub color: Color,
    /// Thinking time in milliseconds (zero for opening stones).
    pub time_ms: u64,
    /// Whether the stone was part of the opening rather than an engine move.
    pub opening: bool,
    /// Whether the move was a pass rather than a stone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pass: bool,
}

impl MoveRecord {
    /// The move as the protocol writes it: `x,y`, or `-1,-1` for a pass.
    #[must_use]
    pub fn protocol(&self) -> String {
        if self.pass {
            "-1,-1".into()
        } else {
            format!("{},{}", self.x, self.y)
        }
    }
}

/// The answer that passes.
pub const PASS: (i64, i64) = (-1, -1);

/// Parses an answer `x,y` (spaces allowed around the numbers).
///
/// Returns `None` for anything else; coordinates may be negative or large,
/// the board check comes later.
#[must_use]
pub fn parse_move(text: &str) -> Option<(i64, i64)> {
    parse_xy(text)
}

/// How a stone came onto the board.
#[derive(Clone, Copy)]
enum Arrival {
    /// An engine's move in the game.
    Played,
    /// An opening stage's stone.
    Placed,
}

/// The referee of one game.
pub struct Referee {
    board: Board,
    moves: Vec<MoveRecord>,
    draw_after: Option<usize>,
    outcome: Option<Outcome>,
    notes: Vec<String>,
}

impl Referee {
    /// An empty board; `draw_after` ends the game drawn once that many
    /// stones are on the board.
    ///
    /// # Errors
    /// A board size out of range.
    pub fn new(
        width: usize,
        height: usize,
        rule: Rule,
        draw_after: Option<usize>,
    ) -> Result<Referee, String> {
        let board = Board::new(width, height, rule).map_err(|e| e.to_string())?;
        Ok(Referee {
            board,
            moves: Vec::new(),
            draw_after,
            outcome: None,
            notes: Vec::new(),
        })
    }

    /// The position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stones played so far, in order.
    #[must_use]
    pub fn moves(&self) -> &[MoveRecord] {
        &self.moves
    }

    /// Notes for the record: corrections made on the way.
    #[must_use]
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Adds a note for the record.
    pub fn note(&mut self, text: String) {
        self.notes.push(text);
    }

    /// The outcome, once the game has ended.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The colour to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// Places opening stones, alternating from black.
    ///
    /// # Errors
    /// A stone off the board, on an occupied point, or one that ends the
    /// game (an opening must leave a game to play).
    pub fn place_opening(&mut self, stones: &[(usize, usize)]) -> Result<(), String> {
        for &(x, y) in stones {
            let color = self.board.side_to_move();
            let pos = self
                .board
                .pos(x as i64, y as i64)
                .ok_or_else(|| format!("opening stone {x},{y} is off the board"))?;
            self.board
                .play_color(pos, color)
                .map_err(|e| format!("opening stone {x},{y}: {e}"))?;
            self.moves.push(MoveRecord {
                x,
                y,
                color,
                time_ms: 0,
                opening: true,
                pass: false,
            });
            if self.board.winner().is_some() {
                return Err("the opening already contains a winning row".into());
            }
        }
        if self.board.is_full() {
            return Err("the opening fills the board".into());
        }
        Ok(())
    }

    /// Ends the game with `outcome` (for crashes, silence, time and opening
    /// stage faults, which the game driver sees).
    pub fn finish(&mut self, outcome: Outcome) -> &Outcome {
        self.outcome.get_or_insert(outcome)
    }

    /// Judges `answer` as the move of the side to move, which took
    /// `time_ms`. The clock is checked by the caller before.
    ///
    /// Returns the outcome if the answer ended the game.
    pub fn judge(&mut self, answer: &str, time_ms: u64) -> Option<&Outcome> {
        if self.outcome.is_some() {
            return self.outcome.as_ref();
        }
        let color = self.board.side_to_move();
        let Some((x, y)) = parse_move(answer) else {
            let shown: String = answer.chars().take(80).collect();
            return Some(self.finish(Outcome::loss(
                color,
                Reason::Garbage,
                format!("answered `{shown}`"),
            )));
        };
        if (x, y) == PASS {
            return self.pass(color, time_ms);
        }
        let pos = match self.check_point((x, y), color, color, Arrival::Played) {
            Ok(pos) => pos,
            Err(outcome) => return Some(self.finish(outcome)),
        };
        self.board
            .play_color(pos, color)
            .expect("checked: on the board and empty");
        let (x, y) = (pos.x(), pos.y());
        self.moves.push(MoveRecord {
            x,
            y,
            color,
            time_ms,
            opening: false,
            pass: false,
        });
        if self.board.winner() == Some(color) {
            return Some(self.finish(Outcome {
                winner: Some(color),
                reason: Reason::Five,
                detail: format!("five with {x},{y}"),
                both_lose: false,
            }));
        }
        if self.board.is_full() {
            return Some(self.finish(Outcome::draw(Reason::FullBoard, "the board is full")));
        }
        if self.board.is_dead_draw() {
            return Some(self.finish(Outcome::draw(
                Reason::DeadDraw,
                format!("after {x},{y} neither side can make a winning row"),
            )));
        }
        if let Some(limit) = self.draw_after {
            if self.board.stone_count() >= limit {
                return Some(self.finish(Outcome::draw(
                    Reason::MoveLimit,
                    format!("{limit} stones on the board"),
                )));
            }
        }
        None
    }

    /// `color` passes: a move without a stone. The second pass in a row
    /// draws.
    fn pass(&mut self, color: Color, time_ms: u64) -> Option<&Outcome> {
        let passed_before = self.moves.last().is_some_and(|m| m.pass);
        self.board.pass();
        self.moves.push(MoveRecord {
            x: 0,
            y: 0,
            color,
            time_ms,
            opening: false,
            pass: true,
        });
        if passed_before {
            return Some(self.finish(Outcome::draw(
                Reason::TwoPasses,
                "both sides passed in a row",
            )));
        }
        None
    }

    /// Places stones an engine chose during an opening stage (swap2 and
    /// the like), alternating colours from the side to move. The engine
    /// that chose them plays `placer` and loses for a stone off the board,
    /// on an occupied point, on a forbidden point for black, or one that
    /// makes a winning row.
    ///
    /// # Errors
    /// The outcome when a stone breaks those rules.
    pub fn place_stage_stones(
        &mut self,
        stones: &[(i64, i64)],
        placer: Color,
    ) -> Result<(), Outcome> {
        for &(x, y) in stones {
            let color = self.board.side_to_move();
            let pos = match self.check_point((x, y), color, placer, Arrival::Placed) {
                Ok(pos) => pos,
                Err(outcome) => return Err(self.finish(outcome).clone()),
            };
            self.board
                .play_color(pos, color)
                .expect("checked: on the board and empty");
            self.moves.push(MoveRecord {
                x: pos.x(),
                y: pos.y(),
                color,
                time_ms: 0,
                opening: true,
                pass: false,
            });
            if self.board.winner().is_some() {
                let detail = format!("opening stone {x},{y} makes a winning row");
                return Err(self
                    .finish(Outcome::loss(placer, Reason::OpeningRule, detail))
                    .clone());
            }
        }
        Ok(())
    }

    /// The checks every stone passes, played in the game or placed by an
    /// opening stage: `x,y` is on the board, free, and not forbidden to
    /// black. The point, or the loss of `blamed`, whose answer put a
    /// `color` stone there.
    fn check_point(
        &mut self,
        (x, y): (i64, i64),
        color: Color,
        blamed: Color,
        how: Arrival,
    ) -> Result<Pos, Outcome> {
        let verb = match how {
            Arrival::Played => "played",
            Arrival::Placed => "placed",
        };
        let Some(pos) = self.board.pos(x, y) else {
            return Err(Outcome::loss(
                blamed,
                Reason::OffBoard,
                format!("{verb} {x},{y}"),
            ));
        };
        if !self.board.is_empty(pos) {
            return Err(Outcome::loss(
                blamed,
                Reason::Occupied,
                format!("{verb} {x},{y}"),
            ));
        }
        if color == Color::Black {
            if let Some(kind) = forbidden(&mut self.board, pos) {
                let detail = match how {
                    Arrival::Played => format!("played {x},{y}, a {kind}"),
                    // A stage places both colours, so the record says which.
                    Arrival::Placed => format!("placed black on {x},{y}, a {kind}"),
                };
                return Err(Outcome::loss(blamed, Reason::Forbidden, detail));
            }
        }
        Ok(pos)
    }

    /// The last stone played, as a board point (`None` after a pass).
    #[must_use]
    pub fn last(&self) -> Option<Pos> {
        self.moves
            .last()
            .filter(|m| !m.pass)
            .map(|m| Pos::new(m.x, m.y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(r: &mut Referee, moves: &[&str]) -> Option<Outcome> {
        for m in moves {
            if let Some(o) = r.judge(m, 1) {
                return Some(o.clone());
            }
        }
        None
    }

    #[test]
    fn answers_are_parsed_strictly() {
        assert_eq!(parse_move("7,8"), Some((7, 8)));
        assert_eq!(parse_move(" 7 , 8 "), Some((7, 8)));
        assert_eq!(parse_move("-1,3"), Some((-1, 3)));
        assert_eq!(parse_move("7 8"), None);
        assert_eq!(parse_move("7,8,1"), None);
        assert_eq!(parse_move("MESSAGE hi"), None);
    }

    #[test]
    fn five_wins_and_is_recorded() {
        let mut r = Referee::new(15, 15, Rule::Freestyle, None).unwrap();
        let o = play(
            &mut r,
            &[
                "0,0", "0,1", "1,0", "1,1", "2,0", "2,1", "3,0", "3,1", "4,0",
            ],
        )
        .unwrap();
        assert_eq!(o.winner, Some(Color::Black));
        assert_eq!(o.reason, Reason::Five);
        assert_eq!(r.moves().len(), 9);
    }

    #[test]
    fn standard_overline_does_not_win() {
        let mut r = Referee::new(15, 15, Rule::Standard, None).unwrap();
        let o = play(
            &mut r,
            &[
                "0,0", "0,5", "1,0", "1,5", "2,0", "2,5", "4,0", "4,5", "5,0", "14,14", "3,0",
            ],
        );
        assert_eq!(o, None, "an overline is no five under standard");
    }

    #[test]
    fn illegal_answers_lose() {
        let mut r = Referee::new(15, 15, Rule::Freestyle, None).unwrap();
        let o = play(&mut r, &["7,7", "7,7"]).unwrap();
        assert_eq!((o.winner, o.reason), (Some(Color::Black), Reason::Occupied));
        let mut r = Referee::new(15, 15, Rule::Freestyle, None).unwrap();
        let o = play(&mut r, &["15,0"]).unwrap();
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::OffBoard));
        let mut r = Referee::new(15, 15, Rule::Freestyle, None).unwrap();
        let o = play(&mut r, &["7,7", "hello"]).unwrap();
        assert_eq!((o.winner, o.reason), (Some(Color::Black), Reason::Garbage));
    }

    #[test]
    fn renju_double_three_loses_for_black() {
        // Black 5,7 6,7 and 7,5 7,6: 7,7 makes two open threes at once.
        let mut r = Referee::new(15, 15, Rule::Renju, None).unwrap();
        let o = play(
            &mut r,
            &[
                "5,7", "0,0", "6,7", "0,14", "7,5", "14,0", "7,6", "14,14", "7,7",
            ],
        )
        .unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::White), Reason::Forbidden)
        );
        assert!(o.detail.contains("double three"), "{}", o.detail);
        // Under freestyle the same move is fine.
        let mut r = Referee::new(15, 15, Rule::Freestyle, None).unwrap();
        assert_eq!(
            play(
                &mut r,
                &["5,7", "0,0", "6,7", "0,14", "7,5", "14,0", "7,6", "14,14", "7,7"]
            ),
            None
        );
    }

    /// Plays black's stones and white's stones alternately (white's list
    /// as long as black's, or one shorter), then black's `last`.
    fn renju_game(
        black: &[(usize, usize)],
        white: &[(usize, usize)],
        last: (usize, usize),
    ) -> Option<Outcome> {
        let mut r = Referee::new(15, 15, Rule::Renju, None).unwrap();
        let mut seq = Vec::new();
        for (i, b) in black.iter().enumerate() {
            seq.push(format!("{},{}", b.0, b.1));
            seq.push(format!("{},{}", white[i].0, white[i].1));
        }
        seq.push(format!("{},{}", last.0, last.1));
        let refs: Vec<&str> = seq.iter().map(String::as_str).collect();
        play(&mut r, &refs)
    }

    #[test]
    fn renju_overline_and_double_four_lose_for_black_only() {
        // X X X . X X on the top row: black's 3,0 makes six.
        let far = [(14, 14), (14, 12), (14, 10), (14, 8), (14, 6)];
        let o = renju_game(&[(0, 0), (1, 0), (2, 0), (4, 0), (5, 0)], &far, (3, 0)).unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::White), Reason::Forbidden)
        );
        assert!(o.detail.contains("overline"), "{}", o.detail);
        // Two fours through 7,7: a row and a column, neither open.
        let o = renju_game(
            &[(5, 7), (6, 7), (8, 7), (7, 5), (7, 6), (7, 9)],
            &[(4, 7), (7, 4), (0, 14), (14, 0), (14, 14), (0, 0)],
            (7, 7),
        )
        .unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::White), Reason::Forbidden)
        );
        assert!(o.detail.contains("double four"), "{}", o.detail);
        // White's six wins under renju.
        let mut r = Referee::new(15, 15, Rule::Renju, None).unwrap();
        let o = play(
            &mut r,
            &[
                "7,7", "0,0", "7,9", "1,0", "9,9", "2,0", "11,11", "4,0", "13,13", "5,0", "9,13",
                "3,0",
            ],
        )
        .unwrap();
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Five));
    }

    #[test]
    fn renju_five_beats_a_double_four() {
        // 2,0 makes five on the top row and fours down the column and the
        // diagonal at the same time: the five counts.
        let o = renju_game(
            &[
                (0, 0),
                (1, 0),
                (3, 0),
                (4, 0),
                (2, 1),
                (2, 2),
                (2, 3),
                (3, 1),
                (4, 2),
                (5, 3),
            ],
            &[
                (14, 14),
                (14, 12),
                (14, 10),
                (14, 8),
                (14, 6),
                (12, 14),
                (10, 14),
                (8, 14),
                (6, 14),
                (12, 12),
            ],
            (2, 0),
        )
        .unwrap();
        assert_eq!((o.winner, o.reason), (Some(Color::Black), Reason::Five));
    }

    #[test]
    fn a_pass_is_a_move_and_two_in_a_row_draw() {
        let mut r = Referee::new(15, 15, Rule::Freestyle, None).unwrap();
        // Black passes on move one, white plays, black passes again, and
        // white passing back ends the game drawn.
        assert_eq!(play(&mut r, &["-1,-1", "7,7", "-1,-1"]), None);
        assert_eq!(r.to_move(), Color::White);
        assert_eq!(r.moves().len(), 3);
        assert!(r.moves()[0].pass && !r.moves()[1].pass);
        assert_eq!(r.moves()[1].color, Color::White);
        assert_eq!(r.last(), None);
        let o = play(&mut r, &[" -1 , -1 "]).unwrap();
        assert_eq!((o.winner, o.reason), (None, Reason::TwoPasses));
        assert_eq!(r.moves().len(), 4);
        // A stone between two passes keeps the game going; other negative
        // points are still off the board.
        let mut r = Referee::new(15, 15, Rule::Freestyle, None).unwrap();
        assert_eq!(play(&mut r, &["-1,-1", "3,3", "4,4", "-1,-1"]), None);
        let o = play(&mut r, &["-1,0"]).unwrap();
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::OffBoard));
        // An opening stage cannot pass: its stones must be on the board.
        let mut r = Referee::new(15, 15, Rule::Renju, None).unwrap();
        let o = r
            .place_stage_stones(&[(7, 7), (-1, -1)], Color::Black)
            .unwrap_err();
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::OffBoard));
    }

    #[test]
    fn a_board_nobody_can_win_on_is_a_dead_draw() {
        // Caro on 5×5: every row of five has the edge at both ends, so the
        // game is dead from the first stone.
        let mut r = Referee::new(5, 5, Rule::Caro, None).unwrap();
        let o = play(&mut r, &["2,2"]).unwrap();
        assert_eq!((o.winner, o.reason), (None, Reason::DeadDraw));
        // Freestyle on 5×5: the game is dead once every row, column and
        // long diagonal holds both colours (white's last stone, 1,4,
        // closes the bottom row), long before the board is full.
        let mut r = Referee::new(5, 5, Rule::Freestyle, None).unwrap();
        let moves = [
            "0,0", "3,0", "0,1", "2,1", "3,2", "4,1", "1,3", "2,2", "2,3", "0,3", "4,4", "1,4",
        ];
        let o = play(&mut r, &moves[..11]);
        assert_eq!(o, None);
        let o = play(&mut r, &moves[11..]).unwrap();
        assert_eq!((o.winner, o.reason), (None, Reason::DeadDraw));
        assert_eq!(r.moves().len(), 12);
    }

    #[test]
    fn move_limit_and_full_board_draw() {
        let mut r = Referee::new(15, 15, Rule::Freestyle, Some(4)).unwrap();
        let o = play(&mut r, &["0,0", "5,5", "9,9", "3,12"]).unwrap();
        assert_eq!((o.winner, o.reason), (None, Reason::MoveLimit));
        // A full 5x5 board where no line is one colour.
        let grid = ["XXXOX", "OOXXX", "XXOOO", "XOOXX", "OOOOX"];
        let mut black = Vec::new();
        let mut white = Vec::new();
        for (y, row) in grid.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                if c == 'X' {
                    black.push(format!("{x},{y}"));
                } else {
                    white.push(format!("{x},{y}"));
                }
            }
        }
        let mut seq = Vec::new();
        for i in 0..25 {
            seq.push(if i % 2 == 0 {
                black[i / 2].as_str()
            } else {
                white[i / 2].as_str()
            });
        }
        let mut r = Referee::new(5, 5, Rule::Freestyle, None).unwrap();
        let o = play(&mut r, &seq).unwrap();
        assert_eq!((o.winner, o.reason), (None, Reason::FullBoard));
        assert_eq!(r.moves().len(), 25);
    }
}
