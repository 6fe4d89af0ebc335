//! Match statistics: Elo difference with a 95% error bar, likelihood of
//! superiority, and the sequential probability ratio test.
//!
//! All three work on one engine's wins, draws and losses against another,
//! a game scoring 1, ½ or 0.
//!
//! - **Elo**: the logistic model, `elo = -400·log10(1/s - 1)` for the mean
//!   score `s`. The error bar maps `s ± 1.96·σ/√n` through the same curve,
//!   where `σ²` is the per-game variance of the score in the sample.
//! - **LOS**: the probability that the engine is the stronger one, given
//!   the decisive games: `Φ((W - L) / √(W + L))`.
//! - **SPRT**: H0 "the difference is elo0" against H1 "it is elo1", both in
//!   logistic Elo. The log-likelihood ratio uses the normal approximation of
//!   the trinomial (generalised SPRT): with expected scores `s0`, `s1`,
//!   `LLR = n·(s1 - s0)·(2·s - s0 - s1) / (2·σ²)`. The test accepts H1 when
//!   the LLR reaches `ln((1 - β)/α)` and H0 when it falls to
//!   `ln(β/(1 - α))`.
//!
//! A match played in pairs (each opening twice, colours swapped) also has
//! a [`Penta`]: how many pairs the first engine scored 0, ½, 1, 1½ and 2
//! in. The same formulas over pairs instead of games ([`elo_pairs`],
//! [`Sprt::llr_pairs`]), with `s` the mean score a game and `σ²` the
//! variance of a pair's mean, count what the openings decide only once:
//! where most pairs end 1–1 (each side wins with the same colour), the
//! games' variance overstates the noise, and the pairs' error bar is the
//! narrower, honest one.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Number of games.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Table points: win 2, draw 1, loss 0.
    #[must_use]
    pub fn points(&self) -> u32 {
        2 * self.wins + self.draws
    }

    /// Mean score per game (1, ½, 0), `None` without games.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n))
    }

    /// The same record seen from the opponent.
    #[must_use]
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Per-game variance of the score in the sample.
    fn variance(&self) -> Option<f64> {
        let s = self.score()?;
        let n = f64::from(self.games());
        let v = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        Some(v)
    }
}

/// One engine's pairs against another (the pentanomial record): how
/// many pairs of games it scored 0, ½, 1, 1½ and 2 points in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Penta {
    /// Pairs by the engine's points in them, in half points.
    pub counts: [u32; 5],
}

impl Penta {
    /// Number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Adds a pair in which the engine scored `half_points` halves (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    /// Mean score per game (1, ½, 0), `None` without pairs.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        (self.pairs() > 0).then(|| pair_moments(self.counts.map(f64::from)).0)
    }

    /// Variance of a pair's mean score per game in the sample.
    fn variance(&self) -> Option<f64> {
        (self.pairs() > 0).then(|| pair_moments(self.counts.map(f64::from)).1)
    }
}

/// The mean and the variance of a pair's mean score per game, for pairs
/// weighted `counts` by their points (0, ½, 1, 1½, 2); the weights must not
/// all be zero.
fn pair_moments(counts: [f64; 5]) -> (f64, f64) {
    let total: f64 = counts.iter().sum();
    let mean = counts
        .iter()
        .enumerate()
        .map(|(k, c)| c * k as f64 / 4.0)
        .sum::<f64>()
        / total;
    let var = counts
        .iter()
        .enumerate()
        .map(|(k, c)| c * (k as f64 / 4.0 - mean).powi(2))
        .sum::<f64>()
        / total;
    (mean, var)
}

impl fmt::Display for Penta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.counts;
        write!(f, "0:{a} ½:{b} 1:{c} 1½:{d} 2:{e}")
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// Logistic Elo difference for a mean score in (0, 1).
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Expected score for a logistic Elo difference.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, to about 1e-7 (a rational approximation with one
/// exponential; see Abramowitz and Stegun, formula 7.1.26).
#[must_use]
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Elo with a 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    /// Point estimate.
    pub elo: f64,
    /// Half-width of the 95% interval.
    pub error: f64,
    /// Whether one virtual draw was added (a one-sided or near one-sided
    /// score, see [`elo`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub virtual_draw: bool,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Adding zero turns -0.0 into 0.0.
        let e = self.elo + 0.0;
        write!(f, "{e:+.1} ± {:.1}", self.error)?;
        if self.virtual_draw {
            f.write_str(" (one virtual draw)")?;
        }
        Ok(())
    }
}

/// The 95% quantile of the normal distribution.
const Z95: f64 = 1.959_964;

/// The Elo difference and its 95% error bar, `None` without games.
///
/// The error bar maps the score's normal interval through the Elo curve.
/// Where that interval reaches a score of 0 or 1 (a one-sided result such
/// as 1–9 or 0–2, whose Elo would be infinite), one virtual draw is added,
/// as the table's ratings do, and the interval is Wilson's for the score,
/// which stays inside (0, 1): a finite estimate and a wide, honest bar.
#[must_use]
pub fn elo(wdl: &Wdl) -> Option<EloEstimate> {
    let s = wdl.score()?;
    let n = f64::from(wdl.games());
    let sd = (wdl.variance()? / n).sqrt();
    let (lo, hi) = (s - Z95 * sd, s + Z95 * sd);
    if lo > 0.0 && hi < 1.0 {
        return Some(EloEstimate {
            elo: elo_from_score(s),
            error: (elo_from_score(hi) - elo_from_score(lo)) / 2.0,
            virtual_draw: false,
        });
    }
    let n = n + 1.0;
    let s = (f64::from(wdl.wins) + 0.5 * f64::from(wdl.draws + 1)) / n;
    let z2 = Z95 * Z95;
    let centre = (s + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (s * (1.0 - s) / n + z2 / (4.0 * n * n)).sqrt();
    Some(EloEstimate {
        elo: elo_from_score(s),
        error: (elo_from_score(centre + half) - elo_from_score(centre - half)) / 2.0,
        virtual_draw: true,
    })
}

/// The Elo difference and its 95% error bar from the pairs, `None` without
/// pairs or while the interval still reaches a score of 0 or 1 (the
/// games' estimate, [`elo`], covers those).
#[must_use]
pub fn elo_pairs(penta: &Penta) -> Option<EloEstimate> {
    let s = penta.score()?;
    let sd = (penta.variance()? / f64::from(penta.pairs())).sqrt();
    let (lo, hi) = (s - Z95 * sd, s + Z95 * sd);
    (lo > 0.0 && hi < 1.0).then(|| EloEstimate {
        elo: elo_from_score(s),
        error: (elo_from_score(hi) - elo_from_score(lo)) / 2.0,
        virtual_draw: false,
    })
}

/// The rulebooks' rank for a rating: 9级 … 1级 for −800 … 0 and 1段 …
/// 9段 for 100 … 900, 100 points a step. A rating between two steps takes
/// the lower; ratings past either end take the end.
#[must_use]
pub fn rank(elo: f64) -> String {
    let step = if elo.is_nan() {
        0
    } else {
        (elo / 100.0).floor().clamp(-8.0, 9.0) as i32
    };
    if step <= 0 {
        format!("{}级", 1 - step)
    } else {
        format!("{step}段")
    }
}

/// Likelihood of superiority, 0.5 when no game was decisive.
#[must_use]
pub fn los(wdl: &Wdl) -> f64 {
    let decisive = f64::from(wdl.wins + wdl.losses);
    if decisive == 0.0 {
        return 0.5;
    }
    let z = (f64::from(wdl.wins) - f64::from(wdl.losses)) / (2.0 * decisive).sqrt();
    0.5 * (1.0 + erf(z))
}

/// An SPRT's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtState {
    /// Neither bound reached.
    Continue,
    /// H1 accepted: the first engine is stronger by about elo1.
    AcceptH1,
    /// H0 accepted: it is not.
    AcceptH0,
}

/// An SPRT's state after some games.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtStatus {
    /// Log-likelihood ratio.
    pub llr: f64,
    /// Lower bound (accept H0).
    pub lower: f64,
    /// Upper bound (accept H1).
    pub upper: f64,
    /// The verdict.
    pub state: SprtState,
}

impl fmt::Display for SprtStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = match self.state {
            SprtState::Continue => "running",
            SprtState::AcceptH1 => "H1 accepted",
            SprtState::AcceptH0 => "H0 accepted",
        };
        write!(
            f,
            "LLR {:.2} [{:.2}, {:.2}] {verdict}",
            self.llr, self.lower, self.upper
        )
    }
}

impl Sprt {
    /// Checks the parameters.
    ///
    /// # Errors
    /// elo0 not below elo1, or error rates outside (0, 0.5).
    pub fn validate(&self) -> Result<(), String> {
        if self.elo0.partial_cmp(&self.elo1) != Some(std::cmp::Ordering::Less) {
            return Err(format!(
                "SPRT needs elo0 < elo1 (got {} and {})",
                self.elo0, self.elo1
            ));
        }
        for (name, v) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("SPRT {name} must be in (0, 0.5), got {v}"));
            }
        }
        Ok(())
    }

    /// The test's state for the first engine's record `wdl`.
    #[must_use]
    pub fn status(&self, wdl: &Wdl) -> SprtStatus {
        self.verdict(self.llr(wdl))
    }

    /// The test's state for the first engine's pairs `penta`, as
    /// [`Sprt::status`] for games.
    #[must_use]
    pub fn status_pairs(&self, penta: &Penta) -> SprtStatus {
        self.verdict(self.llr_pairs(penta))
    }

    /// The test's state at log-likelihood ratio `llr`.
    fn verdict(&self, llr: f64) -> SprtStatus {
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        let state = if llr >= upper {
            SprtState::AcceptH1
        } else if llr <= lower {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        };
        SprtStatus {
            llr,
            lower,
            upper,
            state,
        }
    }

    /// The log-likelihood ratio over pairs (0 without pairs): the normal
    /// approximation with each pair's mean score a game as one
    /// observation. While fewer than three of the five outcomes have
    /// occurred, a quarter of a pair is added to each (so that a run of
    /// equal pairs, which has no variance, does not end the test); the
    /// pair count stays the real one.
    #[must_use]
    pub fn llr_pairs(&self, penta: &Penta) -> f64 {
        let n = f64::from(penta.pairs());
        if n == 0.0 {
            return 0.0;
        }
        let seen = penta.counts.iter().filter(|&&c| c > 0).count();
        let extra = if seen < 3 { 0.25 } else { 0.0 };
        let (s, var) = pair_moments(penta.counts.map(|c| f64::from(c) + extra));
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The log-likelihood ratio (0 without games).
    ///
    /// While one of wins, draws and losses is still zero, the score and its
    /// variance are taken with half a game added to each (otherwise a run
    /// of wins alone would have no variance and never end the test); the
    /// game count stays the real one.
    #[must_use]
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let n = f64::from(wdl.games());
        if n == 0.0 {
            return 0.0;
        }
        let (w, d, l) = (
            f64::from(wdl.wins),
            f64::from(wdl.draws),
            f64::from(wdl.losses),
        );
        let (w, d, l) = if w == 0.0 || d == 0.0 || l == 0.0 {
            (w + 0.5, d + 0.5, l + 0.5)
        } else {
            (w, d, l)
        };
        let total = w + d + l;
        let s = (w + 0.5 * d) / total;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / total;
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }
}

/// Ratings of several engines from all their games (Bradley–Terry, the
/// model behind Elo), in Elo points with a mean of zero.
///
/// `results[i][j]` is engine `i`'s score against engine `j` (wins plus half
/// the draws) and `games[i][j]` their number of games. The fit runs the
/// minorise–maximise iteration for Bradley–Terry strengths. Each engine
/// also gets one virtual draw against a fixed engine of strength 1, which
/// keeps an engine that won or lost everything at a finite rating and pulls
/// small samples slightly towards the mean.
#[must_use]
pub fn ratings(results: &[Vec<f64>], games: &[Vec<u32>]) -> Vec<f64> {
    let n = results.len();
    let mut gamma = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = vec![0.0; n];
        let mut change: f64 = 0.0;
        for i in 0..n {
            let wins: f64 = results[i].iter().sum::<f64>() + 0.5;
            let mut denom = 1.0 / (gamma[i] + 1.0);
            for j in 0..n {
                if i != j && games[i][j] > 0 {
                    denom += f64::from(games[i][j]) / (gamma[i] + gamma[j]);
                }
            }
            next[i] = wins / denom;
            change = change.max((next[i] / gamma[i]).ln().abs());
        }
        gamma = next;
        if change < 1e-10 {
            break;
        }
    }
    let elos: Vec<f64> = gamma.iter().map(|g| 400.0 * g.log10()).collect();
    let mean = elos.iter().sum::<f64>() / n.max(1) as f64;
    elos.into_iter().map(|e| e - mean).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wdl(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_round_trips_and_is_symmetric() {
        for e in [-300.0, -50.0, 0.0, 12.5, 200.0] {
            assert!((elo_from_score(score_from_elo(e)) - e).abs() < 1e-9);
        }
        let a = elo(&wdl(60, 20, 20)).unwrap();
        let b = elo(&wdl(20, 20, 60)).unwrap();
        assert!((a.elo + b.elo).abs() < 1e-9);
        assert!((a.error - b.error).abs() < 1e-9);
        // Score 0.7 is about +147 Elo.
        assert!((a.elo - 147.2).abs() < 0.1, "{}", a.elo);
        assert!(a.error > 30.0 && a.error < 100.0, "{}", a.error);
        assert!(elo(&wdl(0, 0, 0)).is_none());
        // One-sided scores: finite, wide, and marked.
        for (w, d, l) in [(5, 0, 0), (1, 0, 9), (0, 0, 2), (9, 0, 1)] {
            let e = elo(&wdl(w, d, l)).unwrap();
            assert!(e.elo.is_finite() && e.error.is_finite(), "{w}-{l}: {e}");
            assert!(e.virtual_draw && e.error > 100.0, "{w}-{l}: {e}");
            assert!(e.to_string().ends_with("(one virtual draw)"), "{e}");
        }
        // 1–9 and 9–1 mirror each other; 0–2 counts as two losses and a
        // draw, a score of 1/6: -400·log10(5) = -279.6.
        let (a, b) = (elo(&wdl(1, 0, 9)).unwrap(), elo(&wdl(9, 0, 1)).unwrap());
        assert!((a.elo + b.elo).abs() < 1e-9 && (a.error - b.error).abs() < 1e-9);
        assert!((elo(&wdl(0, 0, 2)).unwrap().elo + 279.59).abs() < 0.01);
        assert!(elo(&wdl(0, 0, 2))
            .unwrap()
            .to_string()
            .starts_with("-279.6 ±"));
    }

    #[test]
    fn ratings_follow_the_scores() {
        // A scores 75% against B over 1000 games: about 191 Elo apart.
        let r = ratings(
            &[vec![0.0, 750.0], vec![250.0, 0.0]],
            &[vec![0, 1000], vec![1000, 0]],
        );
        assert!((r[0] - r[1] - 190.8).abs() < 2.0, "{r:?}");
        assert!((r[0] + r[1]).abs() < 1e-9);
        // A beats B, B beats C, A beats C, all by 2 to 0: ordered, finite.
        let res = vec![
            vec![0.0, 2.0, 2.0],
            vec![0.0, 0.0, 2.0],
            vec![0.0, 0.0, 0.0],
        ];
        let n = vec![vec![0, 2, 2], vec![2, 0, 2], vec![2, 2, 0]];
        let r = ratings(&res, &n);
        assert!(
            r[0] > r[1] && r[1] > r[2] && r.iter().all(|x| x.is_finite()),
            "{r:?}"
        );
        assert!(
            (r[1]).abs() < 1e-6,
            "the middle engine sits at the mean: {r:?}"
        );
    }

    #[test]
    fn error_bars_shrink_with_games() {
        let small = elo(&wdl(6, 2, 4)).unwrap().error;
        let large = elo(&wdl(600, 200, 400)).unwrap().error;
        assert!(large < small / 5.0);
    }

    #[test]
    fn erf_and_los() {
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 1e-6);
        assert!((erf(-1.0) + 0.842_700_792_9).abs() < 1e-6);
        assert_eq!(los(&wdl(0, 10, 0)), 0.5);
        // 30 wins, 20 losses: z = 10/sqrt(100) = 1, LOS = Phi(1.414) ...
        let l = los(&wdl(30, 0, 20));
        assert!((l - 0.921_350).abs() < 1e-4, "{l}");
        assert!((los(&wdl(20, 0, 30)) - (1.0 - l)).abs() < 1e-9);
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert!(t.validate().is_ok());
        let st = t.status(&wdl(0, 0, 0));
        assert!((st.upper - 2.944_438_979).abs() < 1e-6);
        assert!((st.lower + 2.944_438_979).abs() < 1e-6);
        assert_eq!(st.state, SprtState::Continue);
        // A clearly stronger engine is accepted, a clearly weaker one rejected.
        assert_eq!(t.status(&wdl(700, 100, 200)).state, SprtState::AcceptH1);
        assert_eq!(t.status(&wdl(200, 100, 700)).state, SprtState::AcceptH0);
        // At the midpoint score the LLR is zero.
        let mid = score_from_elo(5.0);
        assert!(mid > 0.5);
        assert!(t.llr(&wdl(50, 0, 50)) < 0.0);
        // A run of wins alone ends the test within a few games.
        let stop = (1..100)
            .find(|&n| t.status(&wdl(n, 0, 0)).state == SprtState::AcceptH1)
            .unwrap();
        assert!((4..20).contains(&stop), "{stop}");
        assert_eq!(t.status(&wdl(0, 0, stop)).state, SprtState::AcceptH0);
        let bad = Sprt {
            elo0: 5.0,
            elo1: 0.0,
            ..t
        };
        assert!(bad.validate().is_err());
    }

    #[test]
    fn pairs_that_the_openings_decide_narrow_the_error_bar() {
        // 200 pairs: 150 split 1–1 (each side won with the same colour),
        // 30 won twice, 20 lost twice. The games alone: 210–0–190.
        let penta = Penta {
            counts: [20, 0, 150, 0, 30],
        };
        let games = wdl(210, 0, 190);
        assert_eq!(penta.pairs(), 200);
        assert!((penta.score().unwrap() - games.score().unwrap()).abs() < 1e-12);
        let (p, g) = (elo_pairs(&penta).unwrap(), elo(&games).unwrap());
        assert!((p.elo - g.elo).abs() < 1e-9);
        assert!(
            p.error < 0.75 * g.error,
            "pairs ±{}, games ±{}",
            p.error,
            g.error
        );
        // The test sees the same drift with less noise: a larger LLR.
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert!(sprt.llr_pairs(&penta) > 1.5 * sprt.llr(&games));
        // Pairs spread as two independent games would be (each won 40 %,
        // drawn 20 %, lost 40 %): the games' LLR.
        let spread = Penta {
            counts: [16, 16, 36, 16, 16],
        };
        let same = wdl(80, 40, 80);
        assert!((sprt.llr_pairs(&spread) - sprt.llr(&same)).abs() < 1e-9);
        let ahead = Penta {
            counts: [10, 40, 50, 60, 40],
        };
        assert!(sprt.llr_pairs(&ahead) > 0.0);
        // Equal pairs only: no variance of their own (a quarter pair of
        // each outcome stands in), an even score leaning to H0, no verdict
        // yet.
        let flat = Penta {
            counts: [0, 0, 40, 0, 0],
        };
        assert!(sprt.llr_pairs(&flat) < 0.0);
        assert_eq!(sprt.status_pairs(&flat).state, SprtState::Continue);
        assert!(elo_pairs(&Penta::default()).is_none());
        let won = Penta {
            counts: [0, 0, 0, 0, 300],
        };
        assert_eq!(sprt.status_pairs(&won).state, SprtState::AcceptH1);
        assert_eq!(won.to_string(), "0:0 ½:0 1:0 1½:0 2:300");
    }

    #[test]
    fn ranks_step_by_a_hundred_points() {
        for (elo, r) in [
            (-2000.0, "9级"),
            (-800.0, "9级"),
            (-799.0, "9级"),
            (-700.0, "8级"),
            (-100.0, "2级"),
            (-1.0, "2级"),
            (0.0, "1级"),
            (99.9, "1级"),
            (100.0, "1段"),
            (450.0, "4段"),
            (900.0, "9段"),
            (5000.0, "9段"),
        ] {
            assert_eq!(rank(elo), r, "{elo}");
        }
    }
}
