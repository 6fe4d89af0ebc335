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
//!   period left loses on time;
//! - **moves in a period** (限时限手制), instead of the three above: a list
//!   of periods, each a number of moves to make within a time; once a
//!   player has made a period's moves, its next period starts (time left
//!   over is not carried), the last period repeating for the rest of the
//!   game, or lasting to its end when its move count is 0.
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

/// The most periods a time control of moves in a period may have.
pub const MAX_PERIODS: usize = 8;

/// One period of moves in a period (限时限手制): `moves` moves (0: the rest
/// of the game) within `time`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// Moves to make in the period; 0 for all the moves left.
    pub moves: u32,
    /// The period's time.
    pub time: Duration,
}

/// A list of periods, at most [`MAX_PERIODS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Periods {
    list: [Option<Period>; MAX_PERIODS],
}

impl Periods {
    /// Parses `MOVES/TIME,…` (`40/10m,20/5m,0/2m`).
    ///
    /// # Errors
    /// A malformed entry, a period of no time, too many periods, or a
    /// period of the rest of the game (0 moves) before the last.
    pub fn parse(text: &str) -> Result<Periods, String> {
        let mut stages = Periods::default();
        let entries: Vec<&str> = text.split(',').map(str::trim).collect();
        if entries.len() > MAX_PERIODS {
            return Err(format!(
                "at most {MAX_PERIODS} periods, {} given",
                entries.len()
            ));
        }
        for (i, entry) in entries.iter().enumerate() {
            let bad = || format!("period `{entry}` is not MOVES/TIME (for example 40/10m)");
            let (moves, time) = entry.split_once('/').ok_or_else(bad)?;
            let moves: u32 = moves.trim().parse().map_err(|_| bad())?;
            let time = parse_duration(time)?;
            if time.is_zero() {
                return Err(format!("period `{entry}` has no time"));
            }
            if moves == 0 && i + 1 < entries.len() {
                return Err(format!(
                    "period `{entry}` lasts to the end of the game, so it must be the last"
                ));
            }
            stages.list[i] = Some(Period { moves, time });
        }
        Ok(stages)
    }

    /// The periods in order.
    pub fn iter(&self) -> impl Iterator<Item = Period> + '_ {
        self.list.iter().map_while(|s| *s)
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list[0].is_none()
    }

    /// Period `i`, the last one standing for every later one.
    fn get(&self, i: usize) -> Option<Period> {
        self.iter().take(i + 1).last()
    }
}

impl fmt::Display for Periods {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .iter()
            .map(|s| format!("{}/{}ms", s.moves, s.time.as_millis()))
            .collect();
        f.write_str(&parts.join(","))
    }
}

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
    /// Moves in a period (限时限手制), instead of a game budget.
    pub stages: Periods,
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
            stages: Periods::default(),
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
        if !self.stages.is_empty() && (self.game.is_some() || self.periods > 0) {
            return Err(
                "moves in a period (--stages) replace the game time, increment and byo-yomi".into(),
            );
        }
        if self.turn.is_none() && self.game.is_none() && self.stages.is_empty() {
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

    /// Whether moves draw on a budget (game time or periods), so the
    /// engine is told what is left before every move.
    #[must_use]
    pub fn has_budget(&self) -> bool {
        self.game.is_some() || !self.stages.is_empty()
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
        if !self.stages.is_empty() {
            parts.push(format!("periods {}", self.stages));
        }
        if self.tolerance.is_zero() {
            parts.push("no tolerance".into());
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
pub struct GameClock {
    tc: TimeControl,
    left: Duration,
    periods: u32,
    /// Moves in a period: the period and the moves made in it.
    stage: usize,
    stage_moves: u32,
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl GameClock {
    /// A fresh clock for one game.
    #[must_use]
    pub fn new(tc: TimeControl) -> GameClock {
        let first_stage = tc.stages.get(0).map(|s| s.time);
        GameClock {
            tc,
            left: first_stage.or(tc.game).unwrap_or(Duration::ZERO),
            periods: tc.periods,
            stage: 0,
            stage_moves: 0,
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
        if !self.tc.stages.is_empty() {
            return Some(self.left);
        }
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
        let game = match self.tc.game {
            _ if !self.tc.stages.is_empty() => Some(self.left),
            Some(_) => Some(self.left + self.tc.byoyomi * self.periods),
            None => None,
        };
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
        let game = match self.tc.stages.get(self.stage) {
            Some(s) => ms(s.time),
            None => self.tc.game.map_or(0, ms),
        };
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
        if let Some(stage) = self.tc.stages.get(self.stage) {
            if elapsed > self.left + tol {
                return Err(TimeLoss::Game);
            }
            self.left = self.left.saturating_sub(elapsed);
            self.stage_moves += 1;
            if stage.moves > 0 && self.stage_moves == stage.moves {
                // The period's moves are made: the next period starts.
                self.stage += 1;
                self.stage_moves = 0;
                self.left = self
                    .tc
                    .stages
                    .get(self.stage)
                    .map_or(stage.time, |s| s.time);
            }
            return Ok(());
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
        let mut c = GameClock::new(tc);
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
        let mut c = GameClock::new(tc);
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
        let mut c = GameClock::new(tc);
        c.charge(d(140)).unwrap(); // 40 into the first period: kept
        assert_eq!((c.left(), c.periods_left()), (d(0), 3));
        assert_eq!(c.info().2, 50);
        c.charge(d(120)).unwrap(); // two periods overrun
        assert_eq!(c.periods_left(), 1);
        assert_eq!(c.hard_limit(), d(50));
        assert_eq!(c.charge(d(51)), Err(TimeLoss::Game));
    }

    #[test]
    fn moves_in_a_period_start_the_next_period_once_made() {
        // Two moves in 100 ms, then three in 60 ms, repeated.
        let tc = TimeControl {
            turn: None,
            stages: Periods::parse("2/100ms, 3/60ms").unwrap(),
            tolerance: d(0),
            ..TimeControl::default()
        };
        assert!(tc.validate().is_ok());
        assert_eq!(tc.to_string(), "periods 2/100ms,3/60ms, no tolerance");
        let mut c = GameClock::new(tc);
        assert_eq!(c.info(), (100, 100, 100));
        c.charge(d(70)).unwrap();
        assert_eq!((c.info(), c.hard_limit()), ((30, 100, 30), d(30)));
        c.charge(d(30)).unwrap(); // the second move, exactly on time
        assert_eq!(c.info(), (60, 60, 60), "time left over is not carried");
        for _ in 0..3 {
            c.charge(d(20)).unwrap();
        }
        assert_eq!(c.left(), d(60), "the last period repeats");
        c.charge(d(59)).unwrap();
        assert_eq!(c.charge(d(2)), Err(TimeLoss::Game), "no grace (超时判负)");
        // A last period of 0 moves lasts to the end of the game.
        let tc = TimeControl {
            turn: Some(d(50)),
            stages: Periods::parse("1/100ms,0/80ms").unwrap(),
            tolerance: d(0),
            ..TimeControl::default()
        };
        let mut c = GameClock::new(tc);
        assert_eq!(c.info(), (50, 100, 100));
        c.charge(d(40)).unwrap();
        for _ in 0..3 {
            c.charge(d(20)).unwrap();
        }
        assert_eq!(c.left(), d(20));
        assert_eq!(c.charge(d(21)), Err(TimeLoss::Game));
        // The turn limit still holds within a period.
        let mut c = GameClock::new(tc);
        assert_eq!(c.charge(d(51)), Err(TimeLoss::Turn));
    }

    #[test]
    fn periods_parse_strictly() {
        assert_eq!(
            Periods::parse("40/10m,20/5m").unwrap().to_string(),
            "40/600000ms,20/300000ms"
        );
        for (bad, why) in [
            ("40", "is not MOVES/TIME"),
            ("x/10m", "is not MOVES/TIME"),
            ("40/0s", "has no time"),
            ("0/1m,20/1m", "must be the last"),
            ("1/1s,1/1s,1/1s,1/1s,1/1s,1/1s,1/1s,1/1s,1/1s", "at most 8"),
        ] {
            let e = Periods::parse(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
        let tc = TimeControl {
            game: Some(d(10)),
            stages: Periods::parse("1/1s").unwrap(),
            ..TimeControl::default()
        };
        assert!(tc.validate().unwrap_err().contains("replace the game time"));
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
