//! Tournament formats: who plays whom, round by round.
//!
//! A **bout** is a pairing of two engines for a number of game pairs; each
//! pair plays one opening twice with colours swapped.
//!
//! - **Match**: two engines, one bout.
//! - **Gauntlet**: the first engine against each of the others.
//! - **Round robin** (循环赛): every engine against every other.
//! - **Single elimination** (单败淘汰): a bout's loser is out.
//! - **Double elimination** (双败淘汰): an engine is out after losing two
//!   bouts. Engines without a lost bout form the winners' bracket, those
//!   with one the losers' bracket; each round pairs both brackets, and the
//!   final pits the winners' bracket champion against the losers' bracket
//!   champion, replayed once if the latter wins it (a bracket reset).
//!
//! Elimination brackets are seeded in the order the engines are given and
//! re-seeded every round: in each bracket the best remaining seed meets the
//! worst, and with an odd count the best seed has a bye. A tied bout is
//! replayed with one more game pair up to the configured number of
//! tie-breaks; a tie after that goes to the better seed.

use std::fmt;

/// A tournament format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Head-to-head match of two engines.
    Match,
    /// The first engine against each of the others.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
    /// Knock-out: one lost bout eliminates.
    SingleElimination,
    /// Knock-out: two lost bouts eliminate.
    DoubleElimination,
}

impl Format {
    /// Parses `match`, `gauntlet`, `round-robin` (`rr`), `single-elimination`
    /// (`se`, `knockout`) or `double-elimination` (`de`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Format> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "match" | "h2h" => Format::Match,
            "gauntlet" => Format::Gauntlet,
            "round-robin" | "roundrobin" | "rr" => Format::RoundRobin,
            "single-elimination" | "single" | "se" | "knockout" => Format::SingleElimination,
            "double-elimination" | "double" | "de" => Format::DoubleElimination,
            _ => return None,
        })
    }

    /// The smallest number of engines the format needs.
    #[must_use]
    pub const fn min_engines(self) -> usize {
        2
    }

    /// Whether the format decides by eliminating engines.
    #[must_use]
    pub const fn is_elimination(self) -> bool {
        matches!(self, Format::SingleElimination | Format::DoubleElimination)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Match => "match",
            Format::Gauntlet => "gauntlet",
            Format::RoundRobin => "round-robin",
            Format::SingleElimination => "single-elimination",
            Format::DoubleElimination => "double-elimination",
        })
    }
}

/// Two engines to play a number of game pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bout {
    /// First engine (black in the first game of each pair).
    pub a: usize,
    /// Second engine.
    pub b: usize,
    /// Game pairs to play.
    pub pairs: usize,
    /// A label for records: the round and bracket.
    pub label: String,
}

/// Table points each engine of a bout scored (win 2, draw 1, loss 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoutScore {
    /// Points of [`Bout::a`].
    pub a: u32,
    /// Points of [`Bout::b`].
    pub b: u32,
}

#[derive(Clone, Debug)]
struct Open {
    a: usize,
    b: usize,
    score: BoutScore,
    tiebreaks: usize,
    label: String,
}

/// Produces the bouts round by round.
#[derive(Clone, Debug)]
pub struct Schedule {
    format: Format,
    engines: usize,
    pairs: usize,
    max_tiebreaks: usize,
    round: usize,
    started: bool,
    losses: Vec<u8>,
    eliminated: Vec<usize>,
    open: Vec<Open>,
}

impl Schedule {
    /// A schedule for `engines` engines, `pairs` game pairs per bout.
    ///
    /// # Errors
    /// Too few engines for the format, or a match with more than two.
    pub fn new(
        format: Format,
        engines: usize,
        pairs: usize,
        tiebreaks: usize,
    ) -> Result<Schedule, String> {
        if engines < format.min_engines() {
            return Err(format!(
                "{format} needs at least {} engines",
                format.min_engines()
            ));
        }
        if format == Format::Match && engines != 2 {
            return Err(format!("a match is between two engines, {engines} given"));
        }
        if pairs == 0 {
            return Err("bouts need at least one game pair".into());
        }
        Ok(Schedule {
            format,
            engines,
            pairs,
            max_tiebreaks: tiebreaks,
            round: 0,
            started: false,
            losses: vec![0; engines],
            eliminated: Vec::new(),
            open: Vec::new(),
        })
    }

    /// The format.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// The bouts of the next round, given the scores of the bouts of the
    /// previous round in the order they were returned. Empty when the
    /// tournament is over.
    pub fn next_round(&mut self, scores: &[BoutScore]) -> Vec<Bout> {
        if !self.started {
            self.started = true;
            return self.first_round();
        }
        if !self.format.is_elimination() {
            return Vec::new();
        }
        // Scores arrive for the open bouts (or their tie-breaks).
        for (o, s) in self.open.iter_mut().zip(scores) {
            o.score.a += s.a;
            o.score.b += s.b;
        }
        // A tied bout with tie-breaks left is replayed and stays open; every
        // other bout is settled now.
        let mut replays = Vec::new();
        let mut still_open = Vec::new();
        for mut o in std::mem::take(&mut self.open) {
            if o.score.a == o.score.b && o.tiebreaks < self.max_tiebreaks {
                o.tiebreaks += 1;
                replays.push(Bout {
                    a: o.a,
                    b: o.b,
                    pairs: 1,
                    label: format!("{} tie-break {}", o.label, o.tiebreaks),
                });
                still_open.push(o);
            } else {
                self.settle(&o);
            }
        }
        if !replays.is_empty() {
            self.open = still_open;
            return replays;
        }
        self.elimination_round()
    }

    fn settle(&mut self, o: &Open) {
        let a_wins = o.score.a > o.score.b || (o.score.a == o.score.b && o.a < o.b);
        let loser = if a_wins { o.b } else { o.a };
        self.losses[loser] += 1;
        if usize::from(self.losses[loser]) >= self.max_losses() {
            self.eliminated.push(loser);
        }
    }

    fn max_losses(&self) -> usize {
        if self.format == Format::DoubleElimination {
            2
        } else {
            1
        }
    }

    fn first_round(&mut self) -> Vec<Bout> {
        let n = self.engines;
        let bout = |a, b, label: String| Bout {
            a,
            b,
            pairs: self.pairs,
            label,
        };
        match self.format {
            Format::Match => vec![bout(0, 1, "match".into())],
            Format::Gauntlet => (1..n).map(|b| bout(0, b, "gauntlet".into())).collect(),
            Format::RoundRobin => {
                let mut v = Vec::new();
                for a in 0..n {
                    for b in a + 1..n {
                        v.push(bout(a, b, "round-robin".into()));
                    }
                }
                v
            }
            Format::SingleElimination | Format::DoubleElimination => self.elimination_round(),
        }
    }

    /// Pairs a bracket best against worst; the best seed of an odd count
    /// has a bye.
    fn pair(bracket: &[usize]) -> Vec<(usize, usize)> {
        let mut v = bracket.to_vec();
        if v.len() % 2 == 1 {
            v.remove(0);
        }
        let half = v.len() / 2;
        (0..half).map(|i| (v[i], v[v.len() - 1 - i])).collect()
    }

    fn elimination_round(&mut self) -> Vec<Bout> {
        let alive: Vec<usize> = (0..self.engines)
            .filter(|&e| usize::from(self.losses[e]) < self.max_losses())
            .collect();
        if alive.len() < 2 {
            return Vec::new();
        }
        self.round += 1;
        let winners: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&e| self.losses[e] == 0)
            .collect();
        let losers: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&e| self.losses[e] == 1)
            .collect();
        let mut pairs = Vec::new();
        if self.format == Format::SingleElimination {
            for (a, b) in Self::pair(&winners) {
                pairs.push((a, b, format!("round {}", self.round)));
            }
        } else if winners.len() == 1 && losers.len() == 1 {
            pairs.push((winners[0], losers[0], "grand final".to_string()));
        } else if winners.is_empty() && losers.len() == 2 {
            pairs.push((losers[0], losers[1], "grand final reset".to_string()));
        } else {
            for (a, b) in Self::pair(&winners) {
                pairs.push((a, b, format!("round {} winners", self.round)));
            }
            for (a, b) in Self::pair(&losers) {
                pairs.push((a, b, format!("round {} losers", self.round)));
            }
        }
        self.open = pairs
            .iter()
            .map(|(a, b, label)| Open {
                a: *a,
                b: *b,
                score: BoutScore { a: 0, b: 0 },
                tiebreaks: 0,
                label: label.clone(),
            })
            .collect();
        pairs
            .into_iter()
            .map(|(a, b, label)| Bout {
                a,
                b,
                pairs: self.pairs,
                label,
            })
            .collect()
    }

    /// For elimination formats: the final order, champion first, once the
    /// tournament is over.
    #[must_use]
    pub fn placement(&self) -> Option<Vec<usize>> {
        if !self.format.is_elimination() || !self.started || !self.open.is_empty() {
            return None;
        }
        let alive: Vec<usize> = (0..self.engines)
            .filter(|&e| usize::from(self.losses[e]) < self.max_losses())
            .collect();
        if alive.len() != 1 {
            return None;
        }
        let mut order = alive;
        order.extend(self.eliminated.iter().rev());
        Some(order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a schedule where the lower index always wins, except the first
    /// meeting of each pair listed in `upsets` (won by the higher index).
    fn run(format: Format, n: usize, upsets: &[(usize, usize)]) -> (Vec<Vec<Bout>>, Vec<usize>) {
        let mut upsets = upsets.to_vec();
        let mut s = Schedule::new(format, n, 1, 1).unwrap();
        let mut rounds = Vec::new();
        let mut scores = Vec::new();
        loop {
            let bouts = s.next_round(&scores);
            if bouts.is_empty() {
                break;
            }
            scores = bouts
                .iter()
                .map(|b| {
                    let key = (b.a.min(b.b), b.a.max(b.b));
                    let upset = upsets.contains(&key);
                    upsets.retain(|&u| u != key);
                    let a_wins = (b.a < b.b) != upset;
                    if a_wins {
                        BoutScore { a: 4, b: 0 }
                    } else {
                        BoutScore { a: 0, b: 4 }
                    }
                })
                .collect();
            rounds.push(bouts);
            assert!(rounds.len() < 50, "schedule does not end");
        }
        (rounds, s.placement().unwrap_or_default())
    }

    #[test]
    fn round_robin_and_gauntlet_pair_everyone_once() {
        let (r, _) = run(Format::RoundRobin, 5, &[]);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].len(), 10);
        let (g, _) = run(Format::Gauntlet, 4, &[]);
        assert_eq!(
            g[0].iter().map(|b| (b.a, b.b)).collect::<Vec<_>>(),
            [(0, 1), (0, 2), (0, 3)]
        );
        assert!(Schedule::new(Format::Match, 3, 1, 0).is_err());
    }

    #[test]
    fn single_elimination_with_byes() {
        let (r, place) = run(Format::SingleElimination, 5, &[]);
        // 5 engines: 2 bouts + bye, then 3 left: 1 bout + bye, then the final.
        assert_eq!(r.iter().map(Vec::len).collect::<Vec<_>>(), [2, 1, 1]);
        assert_eq!(place[0], 0);
        assert_eq!(place.len(), 5);
        let (_, place) = run(Format::SingleElimination, 4, &[(0, 3)]);
        assert_eq!(place[0], 1, "seed 4 beat seed 1, seed 2 wins the final");
    }

    #[test]
    fn double_elimination_needs_two_losses() {
        // Seed 1 loses once early and must come back through the losers'
        // bracket to win the grand final twice.
        let (r, place) = run(Format::DoubleElimination, 4, &[(0, 3)]);
        let labels: Vec<String> = r.iter().flatten().map(|b| b.label.clone()).collect();
        assert!(labels.iter().any(|l| l == "grand final"), "{labels:?}");
        assert!(
            labels.iter().any(|l| l == "grand final reset"),
            "{labels:?}"
        );
        assert_eq!(place[0], 0);
        assert_eq!(place.len(), 4);
        // Nobody plays after two losses: count losses per engine.
        let (r, place) = run(Format::DoubleElimination, 6, &[]);
        assert_eq!(place[0], 0);
        let mut lost = [0; 6];
        for bout in r.iter().flatten() {
            assert!(lost[bout.a] < 2 && lost[bout.b] < 2);
            lost[bout.a.max(bout.b)] += 1;
        }
        assert_eq!(lost.iter().filter(|&&l| l == 2).count(), 5);
    }

    #[test]
    fn ties_are_replayed_then_go_to_the_better_seed() {
        let mut s = Schedule::new(Format::SingleElimination, 2, 1, 2).unwrap();
        let first = s.next_round(&[]);
        assert_eq!(first.len(), 1);
        let tb1 = s.next_round(&[BoutScore { a: 2, b: 2 }]);
        assert_eq!(tb1.len(), 1);
        assert!(tb1[0].label.contains("tie-break 1"));
        let tb2 = s.next_round(&[BoutScore { a: 1, b: 1 }]);
        assert!(tb2[0].label.contains("tie-break 2"));
        assert!(s.next_round(&[BoutScore { a: 2, b: 2 }]).is_empty());
        assert_eq!(s.placement(), Some(vec![0, 1]));
        // A tie-break won by the lower seed decides for it.
        let mut s = Schedule::new(Format::SingleElimination, 2, 1, 2).unwrap();
        s.next_round(&[]);
        s.next_round(&[BoutScore { a: 2, b: 2 }]);
        assert!(s.next_round(&[BoutScore { a: 0, b: 4 }]).is_empty());
        assert_eq!(s.placement(), Some(vec![1, 0]));
    }
}
