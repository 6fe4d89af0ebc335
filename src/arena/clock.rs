//! Time controls and the clocks the arena keeps for each player.
//!
//! A time control combines any of:
//!
//! - a **per-turn limit** (`timeout_turn`): no single move may take longer;
//! - **whole-game time** (包干制, `timeout_match`): one budget for all of a
//!   player's moves in the game;
//! - a **Fischer increment** (加秒制): added to the budget after each move;
//! - **byo-yomi** (读秒): once the budget is spent, each move may use one
//!   period; a move that overruns a period uses it up, and a player with no
//!   period left loses on time.
//!
//! A **tolerance** is granted on top of every limit, for process and pipe
//! latency: a move is lost on time only when it overruns by more than that.
//!
//! What the engine is told before each move, as the Gomocup protocol defines
//! the keys:
//!
//! - `timeout_turn`: the per-turn limit; without one, the time the move may
//!   take (what `time_left` says), since `0` would mean "play at once";
//! - `timeout_match`: the whole-game budget, `0` when there is none;
//! - `time_left`: the time the engine may still spend on this move without
//!   losing a byo-yomi period: the budget left, plus one period while
//!   periods remain; `2147483647` when unlimited.

use std::fmt;
use std::time::Duration;

/// The protocol's "unlimited" value of `time_left`.
pub const UNLIMITED_MS: u64 = 2_147_483_647;

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Longest single move.
    pub turn: Option<Duration>,
    /// Budget for all of a player's moves in one game.
    pub game: Option<Duration>,
    /// Added to the budget after each move.
    pub increment: Duration,
    /// Byo-yomi period length (zero: none).
    pub byoyomi: Duration,
    /// Number of byo-yomi periods.
    pub periods: u32,
    /// Overrun forgiven on every limit.
    pub tolerance: Duration,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            turn: Some(Duration::from_secs(1)),
            game: None,
            increment: Duration::ZERO,
            byoyomi: Duration::ZERO,
            periods: 0,
            tolerance: Duration::from_millis(500),
        }
    }
}

impl TimeControl {
    /// Checks that the pieces make sense together.
    ///
    /// # Errors
    /// An unlimited game (no turn limit, no budget), an increment or
    /// byo-yomi without a budget, or byo-yomi with no periods.
    pub fn validate(&self) -> Result<(), String> {
        if self.turn.is_none() && self.game.is_none() {
            return Err("time control has neither a turn limit nor a game budget".into());
        }
        if self.game.is_none() && (!self.increment.is_zero() || !self.byoyomi.is_zero()) {
            return Err("an increment or byo-yomi needs a game budget (--game-time)".into());
        }
        if !self.byoyomi.is_zero() && self.periods == 0 {
            return Err("byo-yomi needs at least one period (--periods)".into());
        }
        if self.turn == Some(Duration::ZERO) {
            return Err("turn limit must be above zero".into());
        }
        Ok(())
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(t) = self.turn {
            parts.push(format!("turn {}ms", t.as_millis()));
        }
        if let Some(g) = self.game {
            parts.push(format!("game {}ms", g.as_millis()));
        }
        if !self.increment.is_zero() {
            parts.push(format!("+{}ms", self.increment.as_millis()));
        }
        if !self.byoyomi.is_zero() {
            parts.push(format!(
                "byo-yomi {}x{}ms",
                self.periods,
                self.byoyomi.as_millis()
            ));
        }
        f.write_str(&parts.join(", "))
    }
}

/// Why a clock ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLoss {
    /// The move took longer than the per-turn limit.
    Turn,
    /// The game budget (and any byo-yomi periods) ran out.
    Game,
}

/// One player's clock during a game.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: TimeControl,
    left: Duration,
    periods: u32,
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Clock {
    /// A fresh clock for one game.
    #[must_use]
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            tc,
            left: tc.game.unwrap_or(Duration::ZERO),
            periods: tc.periods,
        }
    }

    /// The time control this clock runs.
    #[must_use]
    pub fn control(&self) -> &TimeControl {
        &self.tc
    }

    /// Budget left (zero without a budget).
    #[must_use]
    pub fn left(&self) -> Duration {
        self.left
    }

    /// Byo-yomi periods left.
    #[must_use]
    pub fn periods_left(&self) -> u32 {
        self.periods
    }

    /// Time the next move may take without losing a period: `None` if
    /// unlimited by the game budget.
    #[must_use]
    pub fn available(&self) -> Option<Duration> {
        self.tc.game?;
        let period = if self.periods > 0 {
            self.tc.byoyomi
        } else {
            Duration::ZERO
        };
        Some(self.left + period)
    }

    /// Longest time the next move may take before it is lost on time,
    /// tolerance included: how long the arena waits for the answer.
    #[must_use]
    pub fn hard_limit(&self) -> Duration {
        let game = self
            .tc
            .game
            .map(|_| self.left + self.tc.byoyomi * self.periods);
        let limit = match (self.tc.turn, game) {
            (Some(t), Some(g)) => t.min(g),
            (Some(t), None) => t,
            (None, Some(g)) => g,
            (None, None) => Duration::from_secs(3600),
        };
        limit + self.tc.tolerance
    }

    /// The values of `timeout_turn`, `timeout_match` and `time_left` to send
    /// before the next move, in milliseconds.
    #[must_use]
    pub fn info(&self) -> (u64, u64, u64) {
        let available = self.available().map(ms);
        let time_left = available.unwrap_or(UNLIMITED_MS);
        let turn = match (self.tc.turn, available) {
            (Some(t), Some(a)) => ms(t).min(a.max(1)),
            (Some(t), None) => ms(t),
            (None, Some(a)) => a.max(1),
            (None, None) => UNLIMITED_MS,
        };
        let game = self.tc.game.map_or(0, ms);
        (turn, game, time_left)
    }

    /// Charges a move that took `elapsed`.
    ///
    /// # Errors
    /// The kind of time loss when the move overran its limits by more than
    /// the tolerance.
    pub fn charge(&mut self, elapsed: Duration) -> Result<(), TimeLoss> {
        let tol = self.tc.tolerance;
        if let Some(turn) = self.tc.turn {
            if elapsed > turn + tol {
                return Err(TimeLoss::Turn);
            }
        }
        if self.tc.game.is_none() {
            return Ok(());
        }
        if elapsed <= self.left {
            self.left -= elapsed;
        } else {
            let over = elapsed - self.left;
            self.left = Duration::ZERO;
            if self.tc.byoyomi.is_zero() {
                if over > tol {
                    return Err(TimeLoss::Game);
                }
            } else {
                // Each whole period overrun is used up; the one the move
                // ends in is kept.
                let period = self.tc.byoyomi;
                let spent = u32::try_from(over.as_nanos() / period.as_nanos()).unwrap_or(u32::MAX);
                if spent >= self.periods {
                    if over > period * self.periods + tol {
                        self.periods = 0;
                        return Err(TimeLoss::Game);
                    }
                    // Within the tolerance of the last period.
                    self.periods = 1;
                } else {
                    self.periods -= spent;
                }
            }
        }
        self.left += self.tc.increment;
        Ok(())
    }
}

/// Parses a duration: a number of milliseconds, or a number with a unit
/// `ms`, `s` or `m` (`1.5s`, `250ms`, `2m`).
///
/// # Errors
/// Text that is not such a duration.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim().to_ascii_lowercase();
    let (num, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1000.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60_000.0)
    } else {
        (t.as_str(), 1.0)
    };
    let value: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (try 500ms, 2s or 1m)"))?;
    if !value.is_finite() || value < 0.0 || value * scale > 1e12 {
        return Err(format!("`{text}` is not a usable duration"));
    }
    Ok(Duration::from_micros(
        (value * scale * 1000.0).round() as u64
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("250"), Ok(d(250)));
        assert_eq!(parse_duration("250ms"), Ok(d(250)));
        assert_eq!(parse_duration("1.5s"), Ok(d(1500)));
        assert_eq!(parse_duration("2m"), Ok(d(120_000)));
        assert!(parse_duration("fast").is_err());
        assert!(parse_duration("-1s").is_err());
    }

    #[test]
    fn turn_limit_with_tolerance() {
        let tc = TimeControl {
            turn: Some(d(100)),
            tolerance: d(20),
            ..TimeControl::default()
        };
        let mut c = Clock::new(tc);
        assert_eq!(c.info(), (100, 0, UNLIMITED_MS));
        assert_eq!(c.charge(d(115)), Ok(()));
        assert_eq!(c.charge(d(121)), Err(TimeLoss::Turn));
        assert_eq!(c.hard_limit(), d(120));
    }

    #[test]
    fn fischer_increment_adds_after_each_move() {
        let tc = TimeControl {
            turn: None,
            game: Some(d(1000)),
            increment: d(100),
            tolerance: d(0),
            ..TimeControl::default()
        };
        let mut c = Clock::new(tc);
        assert_eq!(c.info(), (1000, 1000, 1000));
        c.charge(d(300)).unwrap();
        assert_eq!(c.left(), d(800));
        c.charge(d(800)).unwrap();
        assert_eq!(c.left(), d(100));
        assert_eq!(c.charge(d(101)), Err(TimeLoss::Game));
    }

    #[test]
    fn byoyomi_uses_up_whole_periods_only() {
        let tc = TimeControl {
            turn: None,
            game: Some(d(100)),
            byoyomi: d(50),
            periods: 3,
            tolerance: d(0),
            ..TimeControl::default()
        };
        let mut c = Clock::new(tc);
        c.charge(d(140)).unwrap(); // 40 into the first period: kept
        assert_eq!((c.left(), c.periods_left()), (d(0), 3));
        assert_eq!(c.info().2, 50);
        c.charge(d(120)).unwrap(); // two periods overrun
        assert_eq!(c.periods_left(), 1);
        assert_eq!(c.hard_limit(), d(50));
        assert_eq!(c.charge(d(51)), Err(TimeLoss::Game));
    }

    #[test]
    fn validation_catches_nonsense() {
        let mut tc = TimeControl {
            turn: None,
            ..TimeControl::default()
        };
        assert!(tc.validate().is_err());
        tc.game = Some(d(10));
        tc.byoyomi = d(5);
        assert!(tc.validate().is_err());
        tc.periods = 2;
        assert!(tc.validate().is_ok());
    }
}
