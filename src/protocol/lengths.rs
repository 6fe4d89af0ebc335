//! How long a game is expected to go on, learned from the project's own
//! games: the time manager shares a match clock over the moves still to
//! come (see [`super::time::Clock::budget`]).
//!
//! The lengths live in `data/time/game-lengths.txt`, one line per rule and
//! board size, each game's length being the stones on the board at its end:
//!
//! ```text
//! freestyle 15x15: 31 47 52 …
//! ```
//!
//! The file is made by `game_lengths` (crate `tengen-tune`) from the game
//! records `tengen-arena` writes; the manual's tuning chapter gives the
//! command.

use crate::rules::Rule;
use once_cell::sync::Lazy;

/// The shipped game lengths.
const LENGTHS: &str = include_str!("../../data/time/game-lengths.txt");

/// The fewest games the expectation is taken over: late in a game, when
/// fewer games lasted that long, the longest this many stand in for them.
pub const MIN_SAMPLE: usize = 8;

/// Plies a game on a board no table knows is expected to last from its
/// start, before the empty points cap it.
pub const FALLBACK_PLIES: i64 = 110;

/// The lengths of one rule on one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lengths {
    /// The rule the games were played under.
    pub rule: Rule,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Each game's length in plies (stones at the end), shortest first.
    pub plies: Vec<u32>,
}

impl Lengths {
    /// Plies still to come in a game with `stones` stones on the board:
    /// the mean of what was left in the games that lasted longer, over at
    /// least the [`MIN_SAMPLE`] longest games, and never more than the
    /// empty points.
    #[must_use]
    pub fn plies_to_go(&self, stones: usize) -> i64 {
        let empty = (self.width * self.height).saturating_sub(stones) as i64;
        if self.plies.is_empty() {
            return (FALLBACK_PLIES - stones as i64).clamp(0, empty);
        }
        let longer = self.plies.partition_point(|&l| (l as usize) <= stones);
        let from = longer.min(self.plies.len().saturating_sub(MIN_SAMPLE));
        let sample = &self.plies[from..];
        let sum: i64 = sample
            .iter()
            .map(|&l| (i64::from(l) - stones as i64).max(0))
            .sum();
        (sum / sample.len() as i64).min(empty)
    }
}

/// Reads a lengths file; a line that does not parse is an error naming it.
///
/// # Errors
/// The first line that is neither a comment, blank, nor `RULE WxH: N N …`.
pub fn parse(text: &str) -> Result<Vec<Lengths>, String> {
    let mut all = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = || format!("line {}: expected `RULE WxH: N N ...`", n + 1);
        let (head, list) = line.split_once(':').ok_or_else(bad)?;
        let mut head = head.split_whitespace();
        let rule = head.next().and_then(Rule::parse).ok_or_else(bad)?;
        let (w, h) = head
            .next()
            .and_then(|s| s.split_once('x'))
            .ok_or_else(bad)?;
        let width: usize = w.parse().map_err(|_| bad())?;
        let height: usize = h.parse().map_err(|_| bad())?;
        let mut plies = list
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<u32>, _>>()
            .map_err(|_| bad())?;
        plies.sort_unstable();
        all.push(Lengths {
            rule,
            width,
            height,
            plies,
        });
    }
    Ok(all)
}

/// The shipped table, read once.
static TABLE: Lazy<Vec<Lengths>> =
    Lazy::new(|| parse(LENGTHS).expect("data/time/game-lengths.txt parses"));

/// The lengths that best fit `rule` on a `width`×`height` board from
/// `table`: the same rule and size; else the same rule on the nearest
/// area; else any rule on the nearest area. `None` for an empty table.
#[must_use]
pub fn nearest(table: &[Lengths], rule: Rule, width: usize, height: usize) -> Option<&Lengths> {
    let area = (width * height) as i64;
    let distance = |l: &&Lengths| ((l.width * l.height) as i64 - area).abs();
    table
        .iter()
        .find(|l| l.rule == rule && l.width == width && l.height == height)
        .or_else(|| table.iter().filter(|l| l.rule == rule).min_by_key(distance))
        .or_else(|| table.iter().min_by_key(distance))
}

/// Plies a game of `rule` on a `width`×`height` board is expected to go on
/// with `stones` stones on it, from the shipped lengths.
#[must_use]
pub fn plies_to_go(rule: Rule, width: usize, height: usize, stones: usize) -> i64 {
    let empty = (width * height).saturating_sub(stones) as i64;
    nearest(&TABLE, rule, width, height).map_or_else(
        || (FALLBACK_PLIES - stones as i64).clamp(0, empty),
        |l| l.plies_to_go(stones).min(empty),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Vec<Lengths> {
        parse(
            "# a comment\n\
             freestyle 15x15: 30 40 50 60 70 80 90 100 110 120\n\
             renju 15x15: 20 20 20 20 20 20 20 20 20 20\n\
             freestyle 20x20: 100\n",
        )
        .expect("parses")
    }

    #[test]
    fn the_shipped_table_parses_and_covers_gomocup_rules() {
        let t = parse(LENGTHS).expect("parses");
        for (rule, size) in [
            (Rule::Freestyle, 15),
            (Rule::Freestyle, 20),
            (Rule::Standard, 15),
            (Rule::Renju, 15),
            (Rule::Caro, 15),
        ] {
            let l = t
                .iter()
                .find(|l| l.rule == rule && l.width == size && l.height == size)
                .unwrap_or_else(|| panic!("no lengths for {} {size}", rule.name()));
            assert!(l.plies.len() >= 50, "{} {size}", rule.name());
        }
    }

    #[test]
    fn what_is_left_is_the_mean_over_the_games_that_went_on() {
        let t = table();
        let fs = nearest(&t, Rule::Freestyle, 15, 15).unwrap();
        // At the start: the mean length, 75.
        assert_eq!(fs.plies_to_go(0), 75);
        // With 55 stones on the board, 7 games went on (60 to 120), so
        // the 8 longest (50 to 120) stand in: 0, 5, 15, … 65 to go.
        assert_eq!(fs.plies_to_go(55), (5 + 15 + 25 + 35 + 45 + 55 + 65) / 8);
        // Beyond every game: none left in the sample.
        assert_eq!(fs.plies_to_go(130), 0);
        // Never more than the empty points.
        let l = nearest(&t, Rule::Freestyle, 20, 20).unwrap();
        assert_eq!(l.plies_to_go(0), 100);
        let tiny = Lengths {
            width: 5,
            height: 5,
            ..l.clone()
        };
        assert_eq!(tiny.plies_to_go(3), 22);
    }

    #[test]
    fn an_unknown_board_borrows_the_nearest_one() {
        let t = table();
        // Same rule, nearest area.
        assert_eq!(nearest(&t, Rule::Freestyle, 19, 19).unwrap().width, 20);
        assert_eq!(nearest(&t, Rule::Freestyle, 9, 9).unwrap().width, 15);
        // No such rule: the nearest area of any.
        let caro = nearest(&t, Rule::Caro, 15, 15).unwrap();
        assert_eq!((caro.width, caro.height), (15, 15));
        // An empty table: nothing.
        assert!(nearest(&[], Rule::Renju, 15, 15).is_none());
    }

    #[test]
    fn a_bad_line_is_named() {
        assert_eq!(
            parse("freestyle 15x15: 1 2\nfreestyle 15: 3").unwrap_err(),
            "line 2: expected `RULE WxH: N N ...`"
        );
        assert!(parse("gomoku 15x15: 3").is_err());
        assert!(parse("renju 15x15: 3 x").is_err());
    }
}
