//! Fitting the point values to game results (Texel-style tuning).
//!
//! The expected score of the side to move is `σ(e / K)`, with `e` the static
//! evaluation under the values being fitted. First `K` is chosen so that
//! the starting values fit the results best; then every value moves by
//! Adam steps down the gradient of
//!
//! ```text
//! mean((σ(e / K) − score)²) + l2 · Σ (value − starting value)²
//! ```
//!
//! over the training positions, and the values with the lowest loss on the
//! held-out games are kept. The pull towards the starting values keeps
//! classes that the data rarely shows near where they were.

use super::data::Sample;
use super::{features, from_params, to_params, PARAMS};
use crate::pattern::values::ValueTable;
use rayon::prelude::*;

/// The features of many positions, packed, with their scores.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Every position's features, one after another.
    feats: Vec<(u16, i16)>,
    /// Where each position's features start in `feats` (one more entry
    /// than positions).
    starts: Vec<u32>,
    /// The side to move's score in the game: 1, ½ or 0.
    scores: Vec<f32>,
}

impl Dataset {
    /// The features of `samples`.
    ///
    /// # Errors
    /// A sample whose stones do not make a position.
    pub fn new(samples: &[Sample]) -> Result<Dataset, String> {
        let per: Vec<Vec<(u16, i16)>> = samples
            .par_iter()
            .map(|s| s.board().map(|b| features(&b)))
            .collect::<Result<_, _>>()?;
        let mut d = Dataset {
            starts: vec![0],
            ..Dataset::default()
        };
        for (f, s) in per.into_iter().zip(samples) {
            d.feats.extend(f);
            d.starts.push(d.feats.len() as u32);
            d.scores.push(s.score() as f32);
        }
        Ok(d)
    }

    /// How many positions it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether it holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    fn feats(&self, i: usize) -> &[(u16, i16)] {
        &self.feats[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// The evaluation of position `i` under the values `w`.
    fn eval(&self, w: &[f64], i: usize) -> f64 {
        self.feats(i)
            .iter()
            .map(|&(p, c)| w[usize::from(p)] * f64::from(c))
            .sum::<f64>()
            / 16.0
    }

    /// The mean squared error of the expected scores under the values `w`
    /// and the scale `k`.
    #[must_use]
    pub fn loss(&self, w: &[f64], k: f64) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let total: f64 = (0..self.len())
            .into_par_iter()
            .map(|i| {
                let d = sigmoid(self.eval(w, i) / k) - f64::from(self.scores[i]);
                d * d
            })
            .sum();
        total / self.len() as f64
    }

    /// The gradient of [`Dataset::loss`] with respect to `w`.
    fn gradient(&self, w: &[f64], k: f64) -> Vec<f64> {
        let n = self.len().max(1) as f64;
        let chunks: Vec<usize> = (0..self.len()).step_by(2048).collect();
        let mut g = chunks
            .par_iter()
            .map(|&from| {
                let mut g = vec![0.0; PARAMS];
                for i in from..(from + 2048).min(self.len()) {
                    let p = sigmoid(self.eval(w, i) / k);
                    let d = 2.0 * (p - f64::from(self.scores[i])) * p * (1.0 - p) / k / 16.0;
                    for &(q, c) in self.feats(i) {
                        g[usize::from(q)] += d * f64::from(c);
                    }
                }
                g
            })
            .reduce(
                || vec![0.0; PARAMS],
                |mut a, b| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        g.iter_mut().for_each(|x| *x /= n);
        g
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Splits samples into training and held-out ones, by game: a game's
/// positions all land on the same side, about one game in `every` held out.
#[must_use]
pub fn split(samples: &[Sample], every: u64) -> (Vec<Sample>, Vec<Sample>) {
    samples
        .iter()
        .cloned()
        .partition(|s| mix(s.game) % every.max(2) != 0)
}

/// A well-spread hash of a game number (splitmix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The scale `K` under which the values `w` fit the scores best, searched
/// between 10 and 10 000 evaluation units.
#[must_use]
pub fn fit_scale(data: &Dataset, w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (10f64.ln(), 10_000f64.ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| data.loss(w, x.exp());
    let (mut a, mut b) = (hi - phi * (hi - lo), lo + phi * (hi - lo));
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..40 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - phi * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + phi * (hi - lo);
            fb = f(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// How the fit runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Adam steps over the whole training set.
    pub steps: usize,
    /// Adam's step size, in evaluation units.
    pub rate: f64,
    /// Weight of the pull towards the starting values.
    pub l2: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            steps: 400,
            rate: 1.0,
            l2: 1e-9,
        }
    }
}

/// What a fit did.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// The scale `K`.
    pub scale: f64,
    /// Training loss of the starting values.
    pub train_before: f64,
    /// Training loss of the fitted values.
    pub train_after: f64,
    /// Held-out loss of the starting values.
    pub valid_before: f64,
    /// Held-out loss of the fitted values.
    pub valid_after: f64,
    /// The step whose values were kept (lowest held-out loss).
    pub best_step: usize,
}

/// Fits the values of `start` to the training positions, keeping the step
/// with the lowest loss on the held-out ones (or the last step when none is
/// held out). `progress` hears every step's number and losses.
#[must_use]
pub fn fit(
    start: &ValueTable,
    train: &Dataset,
    valid: &Dataset,
    settings: Settings,
    mut progress: impl FnMut(usize, f64, f64),
) -> (ValueTable, Report) {
    let w0 = to_params(start);
    let scale = fit_scale(train, &w0);
    let judge = |w: &[f64]| {
        if valid.is_empty() {
            train.loss(w, scale)
        } else {
            valid.loss(w, scale)
        }
    };
    let (train_before, valid_before) = (train.loss(&w0, scale), valid.loss(&w0, scale));
    let mut w = w0.clone();
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
    let mut best = (judge(&w), 0, w.clone());
    for step in 1..=settings.steps {
        let g = train.gradient(&w, scale);
        for i in 0..PARAMS {
            let gi = g[i] + 2.0 * settings.l2 * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(step as i32));
            let vh = v[i] / (1.0 - b2.powi(step as i32));
            w[i] -= settings.rate * mh / (vh.sqrt() + eps);
            w[i] = w[i].clamp(-f64::from(ValueTable::MAX), f64::from(ValueTable::MAX));
        }
        let held = judge(&w);
        progress(step, train.loss(&w, scale), held);
        if held < best.0 {
            best = (held, step, w.clone());
        }
    }
    let table = from_params(&best.2);
    let fitted = to_params(&table);
    let report = Report {
        scale,
        train_before,
        train_after: train.loss(&fitted, scale),
        valid_before,
        valid_after: valid.loss(&fitted, scale),
        best_step: best.1,
    };
    (table, report)
}
