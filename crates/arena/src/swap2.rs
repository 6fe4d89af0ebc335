//! The swap2 opening rule, driven through the Gomocup `SWAP2BOARD` command.
//!
//! The engine scheduled as black is the opener, the other the responder.
//!
//! 1. The opener gets `SWAP2BOARD` / `DONE` on an empty board and answers
//!    three stones, `x,y x,y x,y` (black, white, black).
//! 2. The responder gets `SWAP2BOARD`, the three stones (`x,y` lines in
//!    move order) and `DONE`, and answers
//!    - `SWAP`: it takes black, and the opener, now white, plays move 4;
//!    - one move `x,y`: it takes white, and that is move 4;
//!    - two stones `x,y x,y` (white 4, black 5): the opener chooses.
//! 3. After two stones the opener gets `SWAP2BOARD` with the five stones and
//!    answers `SWAP` (it takes black; the responder, white, plays move 6) or
//!    a move `x,y` (it takes white, and that is move 6).
//!
//! So `SWAP` always means "I take black and the other side moves", and a
//! move always means "I take white". Every answer is charged to the
//! answering engine's clock. A malformed answer, a wrong number of stones,
//! a pass (`-1,-1`: there is no passing in the opening), a stone off the
//! board, on an occupied point, on black's forbidden point
//! (renju) or one that makes a winning row loses the game for the engine
//! that chose it. After the stage both engines are sent the position with
//! `BOARD`.

use super::game::{Ask, OpeningStage, Seating};
use super::referee::{parse_move, Outcome, Reason, PASS};
use tengen::rules::Color;

/// The swap2 opening stage.
pub struct Swap2;

/// What an engine answered to `SWAP2BOARD`.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Swap,
    Stones(Vec<(i64, i64)>),
}

fn parse_answer(text: &str) -> Option<Answer> {
    if text.trim().eq_ignore_ascii_case("SWAP") {
        return Some(Answer::Swap);
    }
    text.split_whitespace()
        .map(parse_move)
        .collect::<Option<Vec<_>>>()
        .filter(|v| !v.is_empty())
        .map(Answer::Stones)
}

/// `SWAP2BOARD`, the stones so far, `DONE`.
fn command(table: &Seating<'_>) -> Vec<String> {
    let mut lines = vec!["SWAP2BOARD".to_string()];
    lines.extend(table.referee.moves().iter().map(|m| m.protocol()));
    lines.push("DONE".into());
    lines
}

/// Asks the engine playing `color` and parses its answer; it loses for
/// anything unreadable or with a stone count not in `counts`, or a `SWAP`
/// when `swap` is false.
fn ask(table: &mut Seating<'_>, color: Color, counts: &[usize], swap: bool) -> Result<Answer, Ask> {
    let lines = command(table);
    let text = table.ask(color, &lines)?;
    let bad = |why: String| {
        let shown: String = text.chars().take(80).collect();
        Ask::End(Outcome::loss(
            color,
            Reason::OpeningRule,
            format!("swap2: {why}: `{shown}`"),
        ))
    };
    match parse_answer(&text) {
        None => Err(Ask::End(Outcome::loss(
            color,
            Reason::Garbage,
            format!(
                "answered `{}` to SWAP2BOARD",
                text.chars().take(80).collect::<String>()
            ),
        ))),
        Some(Answer::Swap) if !swap => Err(bad("SWAP is not allowed here".into())),
        Some(Answer::Stones(v)) if !counts.contains(&v.len()) => Err(bad(format!(
            "{} stones where {counts:?} are allowed",
            v.len()
        ))),
        // Move 4 or 6 would otherwise reach the referee as a normal move,
        // where a pass is allowed.
        Some(Answer::Stones(v)) if v.contains(&PASS) => {
            Err(bad("a pass is not allowed in the opening".into()))
        }
        Some(a) => Ok(a),
    }
}

impl Swap2 {
    /// `color`'s engine plays a normal move on the referee's board.
    fn play(table: &mut Seating<'_>, color: Color, (x, y): (i64, i64)) -> Result<(), Ask> {
        debug_assert_eq!(table.referee.to_move(), color);
        match table.referee.judge(&format!("{x},{y}"), 0) {
            Some(outcome) => Err(Ask::End(outcome.clone())),
            None => Ok(()),
        }
    }
}

impl OpeningStage for Swap2 {
    fn name(&self) -> &str {
        "swap2"
    }

    fn run(&self, table: &mut Seating<'_>) -> Result<(), Ask> {
        if !table.referee.moves().is_empty() {
            return Err(Ask::End(Outcome::draw(
                Reason::OpeningRule,
                "swap2 starts from an empty board",
            )));
        }
        // Seat 0 (black) is the opener, seat 1 (white) the responder.
        let opener = Color::Black;
        let responder = Color::White;
        let three = match ask(table, opener, &[3], false)? {
            Answer::Stones(v) => v,
            // Refused inside `ask` already; kept as a loss, not a panic.
            Answer::Swap => {
                let detail = "swap2: SWAP on an empty board";
                return Err(Ask::End(Outcome::loss(opener, Reason::OpeningRule, detail)));
            }
        };
        table
            .referee
            .place_stage_stones(&three, opener)
            .map_err(Ask::End)?;
        match ask(table, responder, &[1, 2], true)? {
            Answer::Swap => {
                // The responder takes black; the opener, white, moves next.
                table.swap_seats();
            }
            Answer::Stones(v) if v.len() == 1 => {
                Self::play(table, Color::White, v[0])?;
            }
            Answer::Stones(two) => {
                table
                    .referee
                    .place_stage_stones(&two, responder)
                    .map_err(Ask::End)?;
                match ask(table, opener, &[1], true)? {
                    Answer::Swap => {} // the opener keeps black; white moves next
                    Answer::Stones(v) => {
                        // The opener takes white and plays move 6.
                        table.swap_seats();
                        Self::play(table, Color::White, v[0])?;
                    }
                }
            }
        }
        for seat in table.seats.iter_mut() {
            seat.synced = false;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_parse() {
        assert_eq!(parse_answer("swap"), Some(Answer::Swap));
        assert_eq!(
            parse_answer("7,7 8,8  7,8"),
            Some(Answer::Stones(vec![(7, 7), (8, 8), (7, 8)]))
        );
        assert_eq!(parse_answer("7,7"), Some(Answer::Stones(vec![(7, 7)])));
        assert_eq!(parse_answer("7,7 x"), None);
        assert_eq!(parse_answer(""), None);
    }
}
