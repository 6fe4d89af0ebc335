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

use super::game::{Ask, OpeningStage, Table};
use super::referee::{Outcome, Reason};
use crate::opening::{OpeningRule, Player, StageDriver, MAX_OFFERS};
use crate::rules::Color;

/// A renju opening rule played as `OPENINGBOARD` stages.
pub struct RenjuOpening {
    rule: OpeningRule,
    /// Fifth-move offers other than RIF's two.
    offers: Option<usize>,
    name: String,
}

impl RenjuOpening {
    /// The stage for `rule`.
    #[must_use]
    pub fn new(rule: OpeningRule) -> RenjuOpening {
        RenjuOpening {
            name: rule.to_string(),
            rule,
            offers: None,
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

    fn run(&self, table: &mut Table<'_>) -> Result<(), Ask> {
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
        let outcome = loop {
            let (request, asked) = driver.request();
            let lines = request.to_lines();
            let color = seat(asked);
            let text = table.ask(color, &lines)?;
            match driver.reply(&text) {
                Ok(None) => {}
                Ok(Some(outcome)) => break outcome,
                Err(e) => {
                    let shown: String = text.chars().take(80).collect();
                    return Err(Ask::End(Outcome::loss(
                        color,
                        Reason::OpeningRule,
                        format!("{}: {e}: `{shown}`", self.name),
                    )));
                }
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
