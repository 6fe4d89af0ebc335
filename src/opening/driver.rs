//! The manager's side of a whole opening: [`StageDriver`] says whom to
//! ask what, checks each reply against the rule, and follows who holds
//! which colour through the swaps.

use super::error::OpeningError;
use super::rule::OpeningRule;
use super::stage::{Next, Reply, Request};
use crate::board::Pos;
use crate::rules::Rule;

/// One of the two players of an opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player asked first (the tentative black).
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

/// How an opening ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The stones in move order, black first.
    pub stones: Vec<Pos>,
    /// The player who holds black for the rest of the game.
    pub black: Player,
}

/// The manager's side of a whole opening: whom to ask what, and who holds
/// which colour as the answers come in.
#[derive(Clone, Debug)]
pub struct StageDriver {
    request: Request,
    asked: Player,
    black: Player,
}

impl StageDriver {
    /// A new opening under `rule`; the first player is the tentative black
    /// and is asked first.
    #[must_use]
    pub fn new(rule: OpeningRule, width: usize, height: usize, game: Rule) -> StageDriver {
        StageDriver {
            request: Request::new(rule, width, height, game),
            asked: Player::First,
            black: Player::First,
        }
    }

    /// The same opening with `n` fifth-move offers where the rule fixes the
    /// number (RIF's two): every request carries the number.
    #[must_use]
    pub fn with_offers(mut self, n: usize) -> StageDriver {
        self.request.declared = Some(n);
        self
    }

    /// The request to send, and to whom.
    #[must_use]
    pub fn request(&self) -> (&Request, Player) {
        (&self.request, self.asked)
    }

    /// The player who holds black at present.
    #[must_use]
    pub fn black(&self) -> Player {
        self.black
    }

    /// Takes the asked player's reply line: `Ok(None)` when there is a next
    /// request, `Ok(Some(outcome))` when the opening is over. On an error
    /// nothing changes, and the asked player has broken the rule.
    ///
    /// # Errors
    /// The [`OpeningError`] that makes the reply illegal.
    pub fn reply(&mut self, text: &str) -> Result<Option<Outcome>, OpeningError> {
        let reply = self.request.parse_reply(text)?;
        let next = self.request.next(&reply)?;
        if reply == Reply::Swap {
            self.black = self.black.other();
        }
        self.asked = self.asked.other();
        match next {
            Next::Ask(req) => {
                self.request = req;
                Ok(None)
            }
            Next::Play(stones) => Ok(Some(Outcome {
                stones,
                black: self.black,
            })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_driver_follows_the_colours_through_a_swap() {
        let mut d = StageDriver::new(OpeningRule::Rif, 15, 15, Rule::Renju);
        assert_eq!(d.request().1, Player::First);
        assert_eq!(d.reply("7,7 7,6 7,5"), Ok(None));
        assert_eq!(d.request().1, Player::Second);
        assert_eq!(d.reply("SWAP"), Ok(None));
        assert_eq!(d.black(), Player::Second);
        let (req, asked) = d.request();
        assert_eq!((asked, req.swapped), (Player::First, true));
        // A second swap is refused and changes nothing.
        assert!(d.reply("SWAP").is_err());
        assert_eq!(d.request().1, Player::First);
        assert_eq!(d.reply("7,8"), Ok(None));
        assert_eq!(d.request().1, Player::Second, "black offers");
        assert!(matches!(
            d.reply("6,4 8,4"),
            Err(OpeningError::Symmetric { .. })
        ));
        assert_eq!(d.reply("6,4 9,9"), Ok(None));
        let end = d.reply("9,9 10,10").unwrap().unwrap();
        assert_eq!(end.black, Player::Second);
        assert_eq!(end.stones.len(), 6);
        assert_eq!(end.stones[4], Pos::new(9, 9));
    }

    #[test]
    fn rif_may_ask_for_another_number_of_offers() {
        let mut d = StageDriver::new(OpeningRule::Rif, 15, 15, Rule::Renju).with_offers(3);
        assert_eq!(d.request().0.to_lines()[0], "OPENINGBOARD rif 3");
        assert_eq!(d.reply("7,7 7,6 7,5"), Ok(None));
        assert_eq!(d.reply("7,8"), Ok(None));
        assert!(matches!(
            d.reply("6,9 9,9"),
            Err(OpeningError::WrongCount {
                expected: 3,
                got: 2
            })
        ));
        assert_eq!(d.reply("6,9 9,9 10,3"), Ok(None));
        assert_eq!(d.request().0.to_lines()[0], "OPENINGBOARD rif 3");
        let end = d.reply("10,3 10,10").unwrap().unwrap();
        assert_eq!(end.stones[4], Pos::new(10, 3));
    }
}
