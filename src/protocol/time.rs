//! Time management: how long one move may take, from the manager's
//! `timeout_turn`, `timeout_match` and `time_left`.
//!
//! The clock of a move starts when its command is read (the reader thread
//! stamps every command), so time spent queued behind other commands counts.

use std::time::{Duration, Instant};

/// `time_left` (and `timeout_match`) meaning "no limit".
pub const UNLIMITED: i64 = 2_147_483_647;

/// Fixed part of the safety margin kept back from every budget: covers
/// stopping the search, writing the answer and being scheduled late on a
/// loaded 2-core machine. The search stops within a few milliseconds of
/// its deadline (it looks at the clock every [`crate::search::params::CHECK_EVERY`]
/// nodes, and its solvers take the deadline too). Unmeasured; the overruns
/// measured under `tengen-arena` are in lab T-001.
pub const MARGIN_FIXED_MS: i64 = 30;

/// Share of a budget kept back on top of [`MARGIN_FIXED_MS`] (1/50 = 2 %).
pub const MARGIN_DIVISOR: i64 = 50;

/// The margin never grows beyond this.
pub const MARGIN_MAX_MS: i64 = 500;

/// The match clock is shared among at least this many of our future moves.
pub const MIN_MOVES_TO_GO: i64 = 12;

/// Plies a game is expected to last, for spreading the match clock; 60
/// measured +14.3 ± 21.0, no verdict (lab T-006, T-003).
pub const EXPECTED_GAME_PLIES: i64 = 110;

/// The turn limit assumed when the manager sends none (milliseconds).
pub const DEFAULT_TURN_MS: i64 = 5_000;

/// The time settings of a game, as the manager sent them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// `timeout_turn` in ms; 0 means "as fast as possible".
    pub turn_ms: i64,
    /// `timeout_match` in ms; 0 or [`UNLIMITED`] means no limit.
    pub match_ms: i64,
    /// What is left of the match, in ms: the last `time_left`, less the
    /// time our own moves took since; `None` when unlimited.
    pub left_ms: Option<i64>,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            turn_ms: DEFAULT_TURN_MS,
            match_ms: 0,
            left_ms: None,
        }
    }
}

/// What one move may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The instant by which the search must have stopped; `None` = no limit.
    pub deadline: Option<Instant>,
    /// Play as fast as possible: `timeout_turn 0`, or no time left.
    pub fast: bool,
}

/// The safety margin kept back from a budget of `ms`.
#[must_use]
pub fn margin(ms: i64) -> i64 {
    (MARGIN_FIXED_MS + ms / MARGIN_DIVISOR).min(MARGIN_MAX_MS)
}

impl Clock {
    /// Sets `timeout_match`; a fresh limit also resets what is left.
    pub fn set_match(&mut self, ms: i64) {
        self.match_ms = ms;
        self.left_ms = if ms <= 0 || ms >= UNLIMITED {
            None
        } else {
            Some(ms)
        };
    }

    /// Sets `time_left`.
    pub fn set_left(&mut self, ms: i64) {
        self.left_ms = if ms >= UNLIMITED { None } else { Some(ms) };
    }

    /// A new game: the match clock starts again.
    pub fn new_game(&mut self) {
        self.set_match(self.match_ms);
    }

    /// Charges `spent` to the match clock.
    pub fn charge(&mut self, spent: Duration) {
        if let Some(left) = self.left_ms.as_mut() {
            *left = left.saturating_sub(i64::try_from(spent.as_millis()).unwrap_or(i64::MAX));
        }
    }

    /// The budget of a move whose command arrived at `start`, with `stones`
    /// stones already on the board.
    #[must_use]
    pub fn budget(&self, start: Instant, stones: usize) -> Budget {
        let mut allowed: Option<i64> = None;
        if self.turn_ms > 0 {
            allowed = Some(self.turn_ms - margin(self.turn_ms));
        }
        if let Some(left) = self.left_ms {
            let stones = i64::try_from(stones).unwrap_or(i64::MAX);
            let to_go = ((EXPECTED_GAME_PLIES - stones) / 2).max(MIN_MOVES_TO_GO);
            let share = left / to_go;
            // Never plan to use the last margin of the match clock.
            let share = share.min(left - margin(left));
            allowed = Some(allowed.map_or(share, |a| a.min(share)));
        }
        let fast = self.turn_ms == 0 || allowed.is_some_and(|a| a <= 0);
        let deadline = if fast {
            Some(start)
        } else {
            allowed.map(|ms| start + Duration::from_millis(u64::try_from(ms).unwrap_or(0)))
        };
        Budget { deadline, fast }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(b: Budget, start: Instant) -> Option<u128> {
        b.deadline.map(|d| d.duration_since(start).as_millis())
    }

    #[test]
    fn turn_limit_with_margin() {
        let start = Instant::now();
        let c = Clock {
            turn_ms: 1000,
            ..Clock::default()
        };
        let b = c.budget(start, 0);
        assert!(!b.fast);
        assert_eq!(ms(b, start), Some(1000 - 30 - 20));
    }

    #[test]
    fn zero_turn_is_fast() {
        let start = Instant::now();
        let c = Clock {
            turn_ms: 0,
            ..Clock::default()
        };
        let b = c.budget(start, 10);
        assert!(b.fast);
        assert_eq!(ms(b, start), Some(0));
    }

    #[test]
    fn match_clock_is_shared_and_never_exceeded() {
        let start = Instant::now();
        let mut c = Clock {
            turn_ms: 30_000,
            ..Clock::default()
        };
        c.set_match(180_000);
        let early = ms(c.budget(start, 0), start).unwrap();
        assert_eq!(early, 180_000 / 55);
        c.set_left(2_000);
        let late = ms(c.budget(start, 200), start).unwrap();
        assert!(late <= 2_000 / 12, "{late}");
        c.set_left(20);
        assert!(c.budget(start, 200).fast);
        c.set_left(-300);
        assert!(c.budget(start, 200).fast);
        c.set_left(UNLIMITED);
        assert_eq!(ms(c.budget(start, 200), start), Some(30_000 - 500));
    }

    /// A whole game under `timeout_match` 180 s and `timeout_turn` 5 s
    /// (Gomocup's freestyle time control), every move spending its whole
    /// budget until a 15×15 board is full: the clock never runs out, no
    /// move goes over the turn limit, and more than half of the clock is
    /// used by the time a game of the expected length ends.
    #[test]
    fn a_match_clock_is_spent_by_a_plan() {
        let start = Instant::now();
        let mut c = Clock {
            turn_ms: 5_000,
            ..Clock::default()
        };
        c.set_match(180_000);
        let mut budgets = Vec::new();
        for stones in (0..226).step_by(2) {
            let b = c.budget(start, stones);
            let spent = ms(b, start).unwrap();
            assert!(spent <= 5_000, "move at {stones} stones: {spent} ms");
            budgets.push(spent);
            c.charge(Duration::from_millis(spent as u64));
            let left = c.left_ms.unwrap();
            assert!(left > 0, "clock ran out at {stones} stones");
            if stones + 2 == EXPECTED_GAME_PLIES as usize {
                assert!(left < 180_000 / 2, "{left} ms left at the expected end");
            }
        }
        // Early moves get more than late ones, and a full 15×15 board's
        // last moves still get time.
        assert!(budgets[5] > budgets[100], "{budgets:?}");
        assert!(budgets[112] > 0, "{budgets:?}");
    }

    #[test]
    fn charging_spends_the_match_clock() {
        let mut c = Clock::default();
        c.set_match(10_000);
        c.charge(Duration::from_millis(2_500));
        assert_eq!(c.left_ms, Some(7_500));
        c.new_game();
        assert_eq!(c.left_ms, Some(10_000));
        c.set_match(0);
        assert_eq!(c.left_ms, None);
    }
}
