//! The renju opening rules (RIF, Yamaguchi, Soosõrv-N, Taraguchi-N,
//! Tarannikov, swap1 and swap2 as `OPENINGBOARD` stages), driven through
//! the `OPENINGBOARD` command that the engine and this arena share.
//!
//! The engine scheduled as black is the tentative black and is asked first.
//! Each stage is one `OPENINGBOARD` request to the player whose turn it is
//! (the opening library's [`StageDriver`] says whom), answered with one
//! line. A reply that breaks the rule — a three-stone opening that is not
//! one of the 26, the wrong number of fifth-move offers, two offers that are
//! the same under a symmetry of the position, a stone outside the allowed
//! area or on an occupied point, a swap where none is allowed — loses the
//! game for the engine that sent it. When the opening is over the stones
//! are placed on the referee's board, the seats follow the swaps, and play
//! goes on with black (or white) to move.
//!
//! With corrections (the rulebook's way, [`RenjuOpening::with_corrections`])
//! three faults are put right instead of forfeited, each noted in the
//! game's record: an opening whose first stone is off the centre is moved
//! so that it is on the centre (and kept if it is then one of the 26); a
//! non-canonical opening is asked for again, once; and a missing number
//! of fifth moves is supplied as two (RIF's number, or the rule's largest
//! when that is smaller). Any other fault, or a second non-canonical
//! opening, still loses.

use super::game::{Ask, OpeningStage, Seating};
use super::referee::{Outcome, Reason};
use tengen::board::parse_xy;
use tengen::opening::{OpeningError, OpeningRule, Player, StageDriver, MAX_OFFERS};
use tengen::rules::Color;

/// A renju opening rule played as `OPENINGBOARD` stages.
pub struct RenjuOpening {
    rule: OpeningRule,
    /// Fifth-move offers other than RIF's two.
    offers: Option<usize>,
    /// Put faults right instead of forfeiting (see the module docs).
    corrections: bool,
    name: String,
}

/// How a faulty reply is put right.
enum Fix {
    /// Judge this reply instead, noting why.
    Instead(String, String),
    /// Ask the same question again, noting why.
    AskAgain(String),
}

impl RenjuOpening {
    /// The stage for `rule`.
    #[must_use]
    pub fn new(rule: OpeningRule) -> RenjuOpening {
        RenjuOpening {
            name: rule.to_string(),
            rule,
            offers: None,
            corrections: false,
        }
    }

    /// The same stage, putting the rulebook's correctable faults right
    /// instead of forfeiting them.
    #[must_use]
    pub fn with_corrections(mut self) -> RenjuOpening {
        self.corrections = true;
        self
    }

    /// The loss of the engine playing `color` for its reply `text`.
    fn forfeit(&self, color: Color, error: &OpeningError, text: &str) -> Ask {
        let shown: String = text.chars().take(80).collect();
        Ask::End(Outcome::loss(
            color,
            Reason::OpeningRule,
            format!("{}: {error}: `{shown}`", self.name),
        ))
    }

    /// The correction of `text`, refused with `error` at `request`, if the
    /// rulebook has one; `asked_again` says whether the question was
    /// already asked again.
    fn fix(
        &self,
        request: &tengen::opening::Request,
        text: &str,
        error: &OpeningError,
        asked_again: bool,
    ) -> Option<Fix> {
        match error {
            // The first stone off the centre: the opening is moved so that
            // it is on the centre.
            OpeningError::NotCanonical | OpeningError::OutsideArea { .. }
                if request.stones.is_empty() =>
            {
                let (cx, cy) = ((request.width / 2) as i64, (request.height / 2) as i64);
                let first = text.split_whitespace().find_map(parse_xy);
                let moved = first.filter(|&p| p != (cx, cy)).map(|(x, y)| {
                    let words: Vec<String> = text
                        .split_whitespace()
                        .map(|w| match parse_xy(w) {
                            Some((px, py)) => format!("{},{}", px + cx - x, py + cy - y),
                            None => w.to_string(),
                        })
                        .collect();
                    words.join(" ")
                });
                let legal = |t: &str| request.parse_reply(t).and_then(|r| request.check(&r));
                match moved {
                    Some(t) if legal(&t).is_ok() => Some(Fix::Instead(
                        t.clone(),
                        format!("opening `{}` moved onto the centre: `{t}`", text.trim()),
                    )),
                    _ if *error == OpeningError::NotCanonical && !asked_again => {
                        Some(Fix::AskAgain(format!(
                            "opening `{}` is not one of the 26; asked again",
                            text.trim()
                        )))
                    }
                    _ => None,
                }
            }
            OpeningError::MissingCount => {
                let n = 2.min(self.rule.max_offers());
                let t = format!("{} {n}", text.trim());
                Some(Fix::Instead(
                    t,
                    format!(
                        "no number of fifth moves with `{}`; {n} supplied",
                        text.trim()
                    ),
                ))
            }
            _ => None,
        }
    }

    /// Parses an opening rule's name as [`OpeningRule::parse`] does, and
    /// `rif-N`: RIF with N fifth-move offers (1 to [`MAX_OFFERS`]) instead
    /// of two.
    #[must_use]
    pub fn parse(text: &str) -> Option<RenjuOpening> {
        let t = text.trim().to_ascii_lowercase();
        if let Some(n) = t.strip_prefix("rif-") {
            let n: usize = n.parse().ok().filter(|n| (1..=MAX_OFFERS).contains(n))?;
            return Some(RenjuOpening {
                rule: OpeningRule::Rif,
                offers: Some(n),
                corrections: false,
                name: format!("rif-{n}"),
            });
        }
        OpeningRule::parse(&t).map(RenjuOpening::new)
    }
}

/// The seat (by its colour at the start of the stage) of a player.
fn seat(player: Player) -> Color {
    match player {
        Player::First => Color::Black,
        Player::Second => Color::White,
    }
}

impl OpeningStage for RenjuOpening {
    fn name(&self) -> &str {
        &self.name
    }

    fn plan_name(&self) -> String {
        if self.corrections {
            format!("{} with corrections", self.name)
        } else {
            self.name.clone()
        }
    }

    fn run(&self, table: &mut Seating<'_>) -> Result<(), Ask> {
        if !table.referee.moves().is_empty() {
            return Err(Ask::End(Outcome::draw(
                Reason::OpeningRule,
                "a renju opening rule starts from an empty board",
            )));
        }
        let board = table.referee.board();
        let (width, height, game) = (board.width(), board.height(), board.rule());
        let mut driver = StageDriver::new(self.rule, width, height, game);
        if let Some(n) = self.offers {
            driver = driver.with_offers(n);
        }
        let mut asked_again = false;
        let outcome = loop {
            let (request, asked) = driver.request();
            let request = request.clone();
            let color = seat(asked);
            let text = table.ask(color, &request.to_lines())?;
            let error = match driver.reply(&text) {
                Ok(None) => continue,
                Ok(Some(outcome)) => break outcome,
                Err(e) => e,
            };
            let fix = if self.corrections {
                self.fix(&request, &text, &error, asked_again)
            } else {
                None
            };
            match fix {
                Some(Fix::Instead(corrected, note)) => match driver.reply(&corrected) {
                    Ok(next) => {
                        table.referee.note(format!("{}: {note}", self.name));
                        if let Some(outcome) = next {
                            break outcome;
                        }
                    }
                    Err(_) => return Err(self.forfeit(color, &error, &text)),
                },
                Some(Fix::AskAgain(note)) => {
                    table.referee.note(format!("{}: {note}", self.name));
                    asked_again = true;
                }
                None => return Err(self.forfeit(color, &error, &text)),
            }
        };
        // The stones were checked stage by stage; blame the last answerer if
        // the referee still refuses one.
        let placer = seat(driver.request().1.other());
        let stones: Vec<(i64, i64)> = outcome
            .stones
            .iter()
            .map(|p| (p.x() as i64, p.y() as i64))
            .collect();
        table
            .referee
            .place_stage_stones(&stones, placer)
            .map_err(Ask::End)?;
        if outcome.black == Player::Second {
            table.swap_seats();
        }
        for seat in table.seats.iter_mut() {
            seat.synced = false;
        }
        Ok(())
    }
}
