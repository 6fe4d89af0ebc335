//! Fitting the point values to game results (Texel-style tuning).
//!
//! The expected score of the side to move is `σ(e / K)`, with `e` the static
//! evaluation under the values being fitted. First `K` is chosen so that
//! the starting values fit the results best; then the values move by Adam
//! steps down the gradient of
//!
//! ```text
//! mean((σ(e / K) − score)²) + l2 · Σ residual²
//! ```
//!
//! over the training positions, and the values with the lowest loss on the
//! held-out games are kept.
//!
//! The 6 120 values of a table are not fitted one by one: a class's value
//! is modelled as a value per line shape (summed over its four lines)
//! plus a value for the combination they make ([`tengen::pattern::Combo`]),
//! plus a residual of its own, per colour. The 58 shared values take most
//! of what the data says; the residuals, pulled towards zero, correct the
//! classes the data shows often enough. The threats are modelled the same
//! way: a threat mask's value is the sum of its initiative terms plus a
//! correction of its own, pulled towards zero like the residuals.

use super::data::Sample;
use super::logistic::{best_scale, sigmoid};
use super::{features, from_params, to_params, Adam, COMBOS, PARAMS};
use rayon::prelude::*;
use tengen::pattern::values::{
    is_quiet, patterns_of, shapes_of, Class, ValueTable, CLASSES, HAND_COMBO, HAND_PATTERN,
    INITIATIVE_TERMS, THREAT_MASKS,
};
use tengen::pattern::{combine, Pattern, SHAPES};
use tengen::rules::{Color, Rule};

const PATTERNS: usize = SHAPES;
/// Model parameters: per colour the shape values, the combination
/// values, the residuals, the initiative terms, and the threat masks'
/// corrections.
const P_AT: usize = 0;
const C_AT: usize = P_AT + 2 * PATTERNS;
const R_AT: usize = C_AT + 2 * COMBOS;
const I_AT: usize = R_AT + 2 * CLASSES;
const T_AT: usize = I_AT + 2 * INITIATIVE_TERMS;
const THETA: usize = T_AT + 2 * THREAT_MASKS;
/// Where a table's parameters hold the initiative terms and then the
/// threat masks' corrections ([`super::initiative_param`],
/// [`super::threat_param`]): the model holds the same values in the same
/// order from [`I_AT`], so they pass between the two as one slice.
const DIRECT_AT: usize = 2 * CLASSES;
const _: () = assert!(THETA - I_AT == PARAMS - DIRECT_AT);

/// The structure of a rule's table: which pattern values and combination
/// value make each class's value.
struct Model {
    /// Per colour and class: its four patterns and its combination (`None`
    /// for a quiet class).
    parts: Vec<Option<([usize; 4], usize)>>,
}

impl Model {
    fn new(rule: Rule) -> Model {
        // The one-slice copies rely on the two layouts agreeing.
        assert_eq!(super::initiative_param(Color::Black, 0), DIRECT_AT);
        assert_eq!(
            super::threat_param(Color::White, (THREAT_MASKS - 1) as u16) - DIRECT_AT,
            THETA - 1 - I_AT
        );
        let mut parts = Vec::with_capacity(2 * CLASSES);
        for color in Color::BOTH {
            for class in 0..CLASSES as Class {
                parts.push((!is_quiet(class)).then(|| {
                    (
                        shapes_of(class).map(usize::from),
                        combine(rule, color, patterns_of(class)) as usize,
                    )
                }));
            }
        }
        Model { parts }
    }

    /// The table's values for the model parameters `theta`.
    fn values(&self, theta: &[f64]) -> Vec<f64> {
        let mut w = vec![0.0; PARAMS];
        for (i, part) in self.parts.iter().enumerate() {
            let c = i / CLASSES;
            if let Some((lines, combo)) = part {
                w[i] = lines
                    .iter()
                    .map(|&p| theta[P_AT + c * PATTERNS + p])
                    .sum::<f64>()
                    + theta[C_AT + c * COMBOS + combo]
                    + theta[R_AT + i];
            }
        }
        w[DIRECT_AT..].copy_from_slice(&theta[I_AT..]);
        w
    }

    /// The gradient over the model parameters, from the gradient over the
    /// table's values.
    fn chain(&self, g: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; THETA];
        for (i, part) in self.parts.iter().enumerate() {
            let c = i / CLASSES;
            if let Some((lines, combo)) = part {
                for &p in lines {
                    out[P_AT + c * PATTERNS + p] += g[i];
                }
                out[C_AT + c * COMBOS + combo] += g[i];
                out[R_AT + i] += g[i];
            }
        }
        out[I_AT..].copy_from_slice(&g[DIRECT_AT..]);
        out
    }

    /// Model parameters that give `start`: the hand-set pattern and
    /// combination values, and residuals for the rest.
    fn start(&self, start: &ValueTable) -> Vec<f64> {
        let mut theta = vec![0.0; THETA];
        for c in 0..2 {
            for p in 0..PATTERNS {
                let pattern = Pattern::from_u8(p as u8) as usize;
                theta[P_AT + c * PATTERNS + p] = f64::from(HAND_PATTERN[pattern]);
            }
            for k in 0..COMBOS {
                theta[C_AT + c * COMBOS + k] = f64::from(HAND_COMBO[k]);
            }
        }
        let target = to_params(start);
        let base = self.values(&theta);
        for (i, part) in self.parts.iter().enumerate() {
            if part.is_some() {
                theta[R_AT + i] = target[i] - base[i];
            }
        }
        theta[I_AT..].copy_from_slice(&target[DIRECT_AT..]);
        theta
    }
}

/// The features of many positions, packed, with their scores.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Every position's features, one after another.
    feats: Vec<(u16, i16)>,
    /// Where each position's features start in `feats` (one more entry
    /// than positions).
    starts: Vec<u32>,
    /// The side to move's expected score that the fit aims at: at first
    /// its score in the game (1, ½ or 0), until [`Dataset::blend`].
    scores: Vec<f32>,
    /// A search's score of each position, where the sample has one.
    search: Vec<Option<i32>>,
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
            d.search.push(s.search);
        }
        Ok(d)
    }

    /// Aims at `result · game score + (1 − result) · σ(search score / k)`
    /// where a position has a search's score (its game score alone
    /// elsewhere).
    pub fn blend(&mut self, k: f64, result: f64) {
        for (score, search) in self.scores.iter_mut().zip(&self.search) {
            if let Some(v) = search {
                let s = sigmoid(f64::from(*v) / k);
                *score = (result * f64::from(*score) + (1.0 - result) * s) as f32;
            }
        }
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
    best_scale(|k| data.loss(w, k))
}

/// How the fit runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Adam steps over the whole training set.
    pub steps: usize,
    /// Adam's step size, in evaluation units.
    pub rate: f64,
    /// Weight of the pull of the residuals towards zero.
    pub l2: f64,
    /// Weight of the game's result in the aim, against the search's score
    /// (where a position has one): 1 for the result alone.
    pub result: f64,
    /// The scale `K`, fixed: `None` finds it for the starting values
    /// ([`fit_scale`]). Fixed at the starting table's own scale, the fitted
    /// values stay in the units the search's margins were set for, however
    /// far the starting table is from the scores.
    pub scale: Option<f64>,
    /// Keep the initiative terms and the threat masks' corrections as the
    /// starting table has them: fit the point values alone.
    pub freeze_threats: bool,
}

impl Default for Settings {
    /// The settings the first tables were fitted with: search scores
    /// alone beat the game results (+182 against −19 Elo; lab E-002).
    fn default() -> Settings {
        Settings {
            steps: 1000,
            rate: 2.0,
            l2: 1e-7,
            result: 0.0,
            scale: None,
            freeze_threats: false,
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

/// Fits the values of `start` (a table of `rule`) to the training
/// positions, keeping the step with the lowest loss on the held-out ones
/// (or the last step when none is held out). `progress` hears every step's
/// number and losses.
#[must_use]
pub fn fit(
    rule: Rule,
    start: &ValueTable,
    train: &Dataset,
    valid: &Dataset,
    settings: Settings,
    mut progress: impl FnMut(usize, f64, f64),
) -> (ValueTable, Report) {
    let model = Model::new(rule);
    let w0 = to_params(start);
    let scale = settings.scale.unwrap_or_else(|| fit_scale(train, &w0));
    let (mut train, mut valid) = (train.clone(), valid.clone());
    train.blend(scale, settings.result);
    valid.blend(scale, settings.result);
    let (train, valid) = (&train, &valid);
    let judge = |w: &[f64]| {
        if valid.is_empty() {
            train.loss(w, scale)
        } else {
            valid.loss(w, scale)
        }
    };
    let (train_before, valid_before) = (train.loss(&w0, scale), valid.loss(&w0, scale));
    let mut theta = model.start(start);
    let mut adam = Adam::new(THETA, 1e-12);
    let mut best = (judge(&w0), 0, w0.clone());
    let limit = f64::from(ValueTable::MAX);
    // Frozen threats: the steps stop short of the initiative terms.
    let fitted = if settings.freeze_threats { I_AT } else { THETA };
    for step in 1..=settings.steps {
        let w = model.values(&theta);
        let g = model.chain(&train.gradient(&w, scale));
        adam.next_step();
        for i in 0..fitted {
            let pull = if (R_AT..I_AT).contains(&i) || (T_AT..THETA).contains(&i) {
                2.0 * settings.l2 * theta[i]
            } else {
                0.0
            };
            let d = adam.direction(i, g[i] + pull);
            theta[i] = (theta[i] - settings.rate * d).clamp(-limit, limit);
        }
        let w = model.values(&theta);
        let held = judge(&w);
        progress(step, train.loss(&w, scale), held);
        if held < best.0 {
            best = (held, step, w);
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
