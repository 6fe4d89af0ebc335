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

/// A move may run past its optimum up to this many times it, when the
/// search asks for more (the best move changes, the score falls).
/// Unmeasured alone; the time manager as a whole is lab T-010.
pub const MAX_OVER_OPTIMUM: i64 = 4;

/// A move may take at most 1/this of what is left of the match clock.
/// Unmeasured alone (lab T-010).
pub const MAX_SHARE_OF_LEFT: i64 = 4;

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
    /// The planned stop, when a match clock is to be shared: the search
    /// ends near it, sooner when its move is settled, later (up to
    /// `deadline`) when it is not. `None`: the whole turn is the plan.
    pub optimum: Option<Instant>,
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

    /// The budget of a move whose command arrived at `start`, when the
    /// game is expected to last `plies_to_go` more plies (both sides').
    ///
    /// The turn limit less its margin is a hard cap. A match clock is
    /// shared over our expected moves to go (at least
    /// [`MIN_MOVES_TO_GO`]): that share is the optimum (twice it measured
    /// even, lab T-011), and the hard cap is also at most
    /// [`MAX_OVER_OPTIMUM`] optimums and 1/[`MAX_SHARE_OF_LEFT`] of what is
    /// left, and never the last margin of the clock. When the share
    /// reaches the turn's cap, the whole turn is the plan and there is no
    /// optimum.
    #[must_use]
    pub fn budget(&self, start: Instant, plies_to_go: i64) -> Budget {
        let turn = (self.turn_ms > 0).then(|| self.turn_ms - margin(self.turn_ms));
        let mut hard = turn;
        let mut optimum = None;
        if let Some(left) = self.left_ms {
            let usable = left - margin(left);
            let to_go = ((plies_to_go + 1) / 2).max(MIN_MOVES_TO_GO);
            let share = usable / to_go;
            let cap = (share * MAX_OVER_OPTIMUM)
                .min(usable / MAX_SHARE_OF_LEFT)
                .max(share);
            hard = Some(hard.map_or(cap, |t| t.min(cap)));
            if turn.map_or(true, |t| share < t) {
                optimum = Some(share);
            }
        }
        let fast = self.turn_ms == 0 || hard.is_some_and(|a| a <= 0);
        let at = |ms: i64| start + Duration::from_millis(u64::try_from(ms).unwrap_or(0));
        if fast {
            return Budget {
                deadline: Some(start),
                optimum: None,
                fast,
            };
        }
        Budget {
            deadline: hard.map(at),
            optimum: optimum.map(at),
            fast,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(at: Option<Instant>, start: Instant) -> Option<u128> {
        at.map(|d| d.duration_since(start).as_millis())
    }

    fn clock(turn_ms: i64, match_ms: i64) -> Clock {
        let mut c = Clock {
            turn_ms,
            ..Clock::default()
        };
        c.set_match(match_ms);
        c
    }

    #[test]
    fn a_turn_limit_alone_is_the_whole_plan() {
        let start = Instant::now();
        let b = clock(1000, 0).budget(start, 60);
        assert!(!b.fast);
        assert_eq!(ms(b.deadline, start), Some(1000 - 30 - 20));
        assert_eq!(b.optimum, None);
    }

    #[test]
    fn zero_turn_is_fast() {
        let start = Instant::now();
        let b = clock(0, 0).budget(start, 60);
        assert!(b.fast);
        assert_eq!(ms(b.deadline, start), Some(0));
        assert_eq!(b.optimum, None);
    }

    /// 180 s for the game, 30 s a move, 100 plies to go (50 of ours): the
    /// optimum is the clock less its margin over 50 moves, and the hard cap
    /// four optimums.
    #[test]
    fn a_match_clock_gives_an_optimum_and_a_cap() {
        let start = Instant::now();
        let c = clock(30_000, 180_000);
        let b = c.budget(start, 100);
        let usable = 180_000 - 500;
        assert_eq!(ms(b.optimum, start), Some(usable / 50));
        assert_eq!(ms(b.deadline, start), Some(4 * (usable / 50)));
        // An odd number of plies to go rounds our share of them up.
        let b = c.budget(start, 99);
        assert_eq!(ms(b.optimum, start), Some(usable / 50));
    }

    /// Late in a game the moves to go never fall below twelve, and one move
    /// never takes more than a quarter of what is left.
    #[test]
    fn few_plies_to_go_still_keep_time_for_later() {
        let start = Instant::now();
        let mut c = clock(30_000, 180_000);
        c.set_left(12_000);
        let usable = 12_000 - (30 + 12_000 / 50);
        let b = c.budget(start, 2);
        assert_eq!(ms(b.optimum, start), Some((usable / 12) as u128));
        assert_eq!(ms(b.deadline, start), Some((usable / 4) as u128));
    }

    /// When the clock's share reaches the turn's limit, the turn is the
    /// plan: no optimum, and the turn limit is the cap.
    #[test]
    fn a_share_above_the_turn_limit_spends_the_turn() {
        let start = Instant::now();
        let b = clock(1_000, 120_000).budget(start, 40);
        assert_eq!(b.optimum, None);
        assert_eq!(ms(b.deadline, start), Some(1_000 - 50));
        // The same clock with a longer game ahead has an optimum again,
        // and the turn still caps the move.
        let b = clock(1_000, 24_000).budget(start, 100);
        assert_eq!(
            ms(b.optimum, start),
            Some(((24_000 - margin(24_000)) / 50) as u128)
        );
        assert_eq!(ms(b.deadline, start), Some(1_000 - 50));
    }

    #[test]
    fn no_time_left_is_fast_and_unlimited_is_the_turn() {
        let start = Instant::now();
        let mut c = clock(30_000, 180_000);
        c.set_left(20);
        assert!(c.budget(start, 200).fast);
        c.set_left(-300);
        assert!(c.budget(start, 200).fast);
        c.set_left(UNLIMITED);
        let b = c.budget(start, 200);
        assert_eq!(ms(b.deadline, start), Some(30_000 - 500));
        assert_eq!(b.optimum, None);
    }

    /// Whole games under `timeout_match` 180 s and `timeout_turn` 5 s
    /// (Gomocup's freestyle time control) until a 15×15 or a 20×20 board
    /// is full, whatever the game's expected length: every move spending
    /// its whole hard cap never goes over the turn limit nor runs the clock
    /// out; every move spending its optimum uses more than half of the
    /// clock by the end of a game of the expected length.
    #[test]
    fn a_match_clock_is_never_overspent() {
        let start = Instant::now();
        for (expected, area) in [20_i64, 60, 110, 225, 400]
            .into_iter()
            .flat_map(|e| [(e, 225_i64), (e, 400)])
            .filter(|&(e, area)| e <= area)
        {
            for greedy in [false, true] {
                let mut c = clock(5_000, 180_000);
                for stones in (0..=area).step_by(2) {
                    let b = c.budget(start, (expected - stones).max(0));
                    let spent = if greedy {
                        ms(b.deadline, start)
                    } else {
                        ms(b.optimum, start).or(ms(b.deadline, start))
                    }
                    .unwrap();
                    assert!(spent <= 5_000, "move at {stones} stones: {spent} ms");
                    c.charge(Duration::from_millis(spent as u64));
                    let left = c.left_ms.unwrap();
                    assert!(left > 0, "clock ran out at {stones} stones");
                    if !greedy && stones + 2 == expected && expected >= 60 {
                        assert!(left < 180_000 / 2, "{left} ms left at {stones}");
                    }
                }
            }
        }
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
