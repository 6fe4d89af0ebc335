//! Training the network evaluation ([`tengen::net`]) as a correction of
//! the tables.
//!
//! Each position becomes its rows (per colour, every class of its points
//! with how many points hold it), its side to move, its threat mask, and
//! the tables' own evaluation of it (the built-in tables, without a net).
//! The net's output is added to that evaluation; the loss is the squared
//! error of `σ((tables + net) / K)` against the aim, as the tables' fit
//! measures it ([`crate::fit`]): the search's score through the same
//! sigmoid, blended with the game's result. Minibatch Adam with the
//! gradients written out by hand (two layers and a sum of embeddings);
//! the epoch with the lowest held-out loss is kept.

use crate::data::Sample;
use crate::logistic::sigmoid;
use crate::Adam;
use rayon::prelude::*;
use tengen::eval::{static_eval, threat_mask};
use tengen::net::{Net, Weights, FEATURES, HIDDEN, INPUTS, MASK_BITS, NO_ROW};
use tengen::pattern::values::{is_quiet, shapes_of, Class, CLASSES};
use tengen::pattern::SHAPES;
use tengen::rules::Color;

/// One position as the net sees it.
#[derive(Clone, Debug)]
struct Item {
    /// `(colour, class, count)` for every class a colour's points hold.
    rows: Vec<(u8, u16, u16)>,
    /// The side to move (0 black, 1 white).
    mover: u8,
    /// The board's threat mask for the side to move.
    mask: u16,
    /// The tables' evaluation for the side to move.
    base: f32,
    /// The game's score for the side to move.
    result: f32,
    /// A search's score, where the sample has one.
    search: Option<i32>,
}

/// Positions ready for the net's training.
#[derive(Clone, Debug, Default)]
pub struct NetData {
    items: Vec<Item>,
    /// The aim of each item (see [`NetData::aim`]).
    aims: Vec<f32>,
}

impl NetData {
    /// The positions of `samples`, evaluated by the built-in tables.
    ///
    /// # Errors
    /// A sample whose stones do not make a position.
    pub fn new(samples: &[Sample]) -> Result<NetData, String> {
        let items = samples
            .par_iter()
            .map(|s| {
                let mut b = s.board()?;
                b.set_net(None);
                let mut rows: Vec<(u8, u16, u16)> = Vec::new();
                for color in Color::BOTH {
                    for p in b.empty_points() {
                        let row = b.tables().net_row(b.shape_nibbles(p, color), color);
                        if row == NO_ROW {
                            continue;
                        }
                        let c = color.index() as u8;
                        match rows.iter_mut().find(|r| r.0 == c && r.1 == row) {
                            Some(r) => r.2 += 1,
                            None => rows.push((c, row, 1)),
                        }
                    }
                }
                Ok(Item {
                    rows,
                    mover: b.side_to_move().index() as u8,
                    mask: threat_mask(&b),
                    base: static_eval(&b) as f32,
                    result: s.score() as f32,
                    search: s.search,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let aims = items.iter().map(|i| i.result).collect();
        Ok(NetData { items, aims })
    }

    /// Aims at `result · game score + (1 − result) · σ(search score / k)`
    /// where a position has a search's score, its game score elsewhere.
    pub fn aim(&mut self, k: f64, result: f64) {
        for (aim, item) in self.aims.iter_mut().zip(&self.items) {
            *aim = match item.search {
                Some(v) => {
                    (result * f64::from(item.result) + (1.0 - result) * sigmoid(f64::from(v) / k))
                        as f32
                }
                None => item.result,
            };
        }
    }

    /// How many positions it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The output of the net `w` on every position, in evaluation units
    /// (before rounding and the engine's clamp).
    #[must_use]
    pub fn outputs(&self, w: &Weights) -> Vec<f32> {
        self.items
            .par_iter()
            .map(|item| forward(w, item).out)
            .collect()
    }

    /// The mean squared error of `σ((tables + net) / k)` against the aims.
    #[must_use]
    pub fn loss(&self, w: &Weights, k: f32) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let total: f64 = self
            .items
            .par_iter()
            .zip(&self.aims)
            .map(|(item, &aim)| {
                let out = forward(w, item).out;
                let p = sig32((item.base + out) / k);
                f64::from((p - aim) * (p - aim))
            })
            .sum();
        total / self.len() as f64
    }
}

fn sig32(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// What the forward pass keeps for the backward one.
struct Pass {
    x: [f32; INPUTS],
    z: [f32; HIDDEN],
    out: f32,
}

/// The net's output for one item, in `f32` as the engine computes it.
fn forward(w: &Weights, item: &Item) -> Pass {
    let m = usize::from(item.mover);
    let mut x = [0f32; INPUTS];
    for &(c, class, n) in &item.rows {
        let slot = if usize::from(c) == m { 0 } else { FEATURES };
        let e = &w.embed[(usize::from(c) * CLASSES + usize::from(class)) * FEATURES..][..FEATURES];
        for f in 0..FEATURES {
            x[slot + f] += f32::from(n) * e[f];
        }
    }
    for b in 0..MASK_BITS {
        x[2 * FEATURES + b] = f32::from(item.mask >> b & 1);
    }
    let mut z = [0f32; HIDDEN];
    z.copy_from_slice(&w.b1[m * HIDDEN..][..HIDDEN]);
    for (i, &xi) in x.iter().enumerate() {
        if xi != 0.0 {
            let row = &w.w1[(m * INPUTS + i) * HIDDEN..][..HIDDEN];
            for (zj, wj) in z.iter_mut().zip(row) {
                *zj += xi * wj;
            }
        }
    }
    let mut out = w.b2[m];
    for (zj, wj) in z.iter().zip(&w.w2[m * HIDDEN..][..HIDDEN]) {
        out += zj.max(0.0) * wj;
    }
    Pass { x, z, out }
}

/// Adds `scale ·` the gradient of the item's output to `g` (laid out as
/// [`Weights`]).
fn backward(w: &Weights, item: &Item, pass: &Pass, scale: f32, g: &mut Weights) {
    let m = usize::from(item.mover);
    g.b2[m] += scale;
    let w2 = &w.w2[m * HIDDEN..(m + 1) * HIDDEN];
    let mut gz = [0f32; HIDDEN];
    for (((gzj, &zj), &w2j), g2j) in gz
        .iter_mut()
        .zip(&pass.z)
        .zip(w2)
        .zip(&mut g.w2[m * HIDDEN..(m + 1) * HIDDEN])
    {
        if zj > 0.0 {
            *g2j += scale * zj;
            *gzj = scale * w2j;
        }
    }
    for (g1j, gzj) in g.b1[m * HIDDEN..(m + 1) * HIDDEN].iter_mut().zip(&gz) {
        *g1j += gzj;
    }
    let mut gx = [0f32; 2 * FEATURES];
    let w1 = &w.w1[m * INPUTS * HIDDEN..(m + 1) * INPUTS * HIDDEN];
    let g1 = &mut g.w1[m * INPUTS * HIDDEN..(m + 1) * INPUTS * HIDDEN];
    for (i, ((&xi, row), grow)) in pass
        .x
        .iter()
        .zip(w1.chunks_exact(HIDDEN))
        .zip(g1.chunks_exact_mut(HIDDEN))
        .enumerate()
    {
        if xi != 0.0 {
            for (gij, gzj) in grow.iter_mut().zip(&gz) {
                *gij += xi * gzj;
            }
        }
        if i < 2 * FEATURES {
            gx[i] = row.iter().zip(&gz).map(|(a, b)| a * b).sum();
        }
    }
    for &(c, class, n) in &item.rows {
        let slot = if usize::from(c) == m { 0 } else { FEATURES };
        let at = (usize::from(c) * CLASSES + usize::from(class)) * FEATURES;
        for f in 0..FEATURES {
            g.embed[at + f] += f32::from(n) * gx[slot + f];
        }
    }
}

fn params_mut(w: &mut Weights) -> impl Iterator<Item = &mut f32> {
    w.embed
        .iter_mut()
        .chain(w.w1.iter_mut())
        .chain(w.b1.iter_mut())
        .chain(w.w2.iter_mut())
        .chain(w.b2.iter_mut())
}

fn params(w: &Weights) -> impl Iterator<Item = &f32> {
    w.embed
        .iter()
        .chain(&w.w1)
        .chain(&w.b1)
        .chain(&w.w2)
        .chain(&w.b2)
}

/// How the net's training runs.
#[derive(Clone, Copy, Debug)]
pub struct NetSettings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per Adam step.
    pub batch: usize,
    /// Adam's step size.
    pub rate: f64,
    /// Weight of the pull of the perceptron's weights towards zero.
    pub l2: f64,
    /// Weight of the pull of each class's own part of its embedding (its
    /// residual beyond the sum of its shapes' vectors) towards zero.
    pub residual_l2: f64,
    /// Weight of the game's result in the aim (see [`NetData::aim`]).
    pub result: f64,
    /// The scale `K`: evaluation units a step in the log-odds.
    pub scale: f64,
    /// Seed of the starting weights and the order of the positions.
    pub seed: u64,
}

impl Default for NetSettings {
    fn default() -> NetSettings {
        NetSettings {
            epochs: 30,
            batch: 1024,
            rate: 1e-3,
            l2: 1e-6,
            residual_l2: 1e-4,
            result: 0.0,
            scale: 500.0,
            seed: 1,
        }
    }
}

/// What a training did.
#[derive(Clone, Copy, Debug)]
pub struct NetReport {
    /// Training loss of the tables alone (a net of zeros).
    pub train_before: f64,
    /// Training loss of the net kept.
    pub train_after: f64,
    /// Held-out loss of the tables alone.
    pub valid_before: f64,
    /// Held-out loss of the net kept, as the engine plays it (embeddings
    /// rounded to stored units).
    pub valid_after: f64,
    /// The epoch whose net was kept (0: none beat the tables).
    pub best_epoch: usize,
}

/// Trains a net on `train`, keeping the epoch with the lowest loss on
/// `valid` (on `train` when `valid` is empty). `progress` hears every
/// epoch's number and its training and held-out losses.
#[must_use]
pub fn train_net(
    train: &NetData,
    valid: &NetData,
    settings: NetSettings,
    mut progress: impl FnMut(usize, f64, f64),
) -> (Net, NetReport) {
    let k = settings.scale;
    let (mut train, mut valid) = (train.clone(), valid.clone());
    train.aim(k, settings.result);
    valid.aim(k, settings.result);
    let kf = k as f32;
    let judge = |w: &Weights| {
        if valid.is_empty() {
            train.loss(w, kf)
        } else {
            valid.loss(w, kf)
        }
    };
    let zero = Weights::zero();
    let (train_before, valid_before) = (train.loss(&zero, kf), valid.loss(&zero, kf));
    // The embeddings are trained as a sum of one vector per line shape and
    // a residual of the class's own, pulled towards zero harder: classes
    // few positions show borrow from their shapes.
    let mut resid = Weights::random(settings.seed, 0.0);
    resid.w2.iter_mut().for_each(|x| *x = 0.0);
    let mut shapes =
        Weights::random(settings.seed ^ 1, 0.05).embed[..2 * SHAPES * FEATURES].to_vec();
    let mut best = (judge(&zero), 0, zero);
    let mut adam = Adam::new(shapes.len() + resid.len(), 1e-8);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut state = settings.seed;
    for epoch in 1..=settings.epochs {
        for i in (1..order.len()).rev() {
            let j = (tengen::board::splitmix64(&mut state) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        for batch in order.chunks(settings.batch.max(1)) {
            let w = compose(&shapes, &resid);
            let g = batch_gradient(&w, &train, batch, kf);
            let g_shapes = shape_gradient(&g.embed);
            adam.next_step();
            let rate = settings.rate;
            for (i, (x, gi)) in shapes.iter_mut().zip(&g_shapes).enumerate() {
                *x -= (rate * adam.direction(i, f64::from(*gi))) as f32;
            }
            let at = shapes.len();
            let embed_len = resid.embed.len();
            for (i, (x, gi)) in params_mut(&mut resid).zip(params(&g)).enumerate() {
                let l2 = if i < embed_len {
                    settings.residual_l2
                } else {
                    settings.l2
                };
                let gi = f64::from(*gi) + 2.0 * l2 * f64::from(*x);
                *x -= (rate * adam.direction(at + i, gi)) as f32;
            }
        }
        // Judge the net as the engine will play it.
        let played = Net::new(&compose(&shapes, &resid)).weights();
        let held = judge(&played);
        progress(epoch, train.loss(&played, kf), held);
        if held < best.0 {
            best = (held, epoch, played);
        }
    }
    let net = Net::new(&best.2);
    let report = NetReport {
        train_before,
        train_after: train.loss(&best.2, kf),
        valid_before,
        valid_after: valid.loss(&best.2, kf),
        best_epoch: best.1,
    };
    (net, report)
}

/// The net whose embeddings are the shape vectors (`shapes[(color *
/// SHAPES + shape) * FEATURES + f]`) summed over each class's four lines,
/// plus the residuals in `resid.embed`; the perceptron is `resid`'s. Quiet
/// classes, which have no row in the engine, stay zero.
fn compose(shapes: &[f32], resid: &Weights) -> Weights {
    let mut w = resid.clone();
    for color in 0..2 {
        for class in 0..CLASSES {
            if is_quiet(class as Class) {
                w.embed[(color * CLASSES + class) * FEATURES..][..FEATURES].fill(0.0);
                continue;
            }
            for s in shapes_of(class as Class) {
                let v = &shapes[(color * SHAPES + usize::from(s)) * FEATURES..][..FEATURES];
                let e = &mut w.embed[(color * CLASSES + class) * FEATURES..][..FEATURES];
                e.iter_mut().zip(v).for_each(|(a, b)| *a += b);
            }
        }
    }
    w
}

/// The gradient of the shape vectors from that of the embeddings (see
/// [`compose`]).
fn shape_gradient(g_embed: &[f32]) -> Vec<f32> {
    let mut g = vec![0f32; 2 * SHAPES * FEATURES];
    for color in 0..2 {
        for class in 0..CLASSES {
            if is_quiet(class as Class) {
                continue;
            }
            let e = &g_embed[(color * CLASSES + class) * FEATURES..][..FEATURES];
            for s in shapes_of(class as Class) {
                let v = &mut g[(color * SHAPES + usize::from(s)) * FEATURES..][..FEATURES];
                v.iter_mut().zip(e).for_each(|(a, b)| *a += b);
            }
        }
    }
    g
}

/// The mean gradient of the loss over the items `batch` of `data`.
fn batch_gradient(w: &Weights, data: &NetData, batch: &[usize], k: f32) -> Weights {
    let n = batch.len().max(1) as f32;
    let mut g = batch
        .par_chunks(128)
        .map(|chunk| {
            let mut g = Weights::zero();
            for &i in chunk {
                let item = &data.items[i];
                let pass = forward(w, item);
                let p = sig32((item.base + pass.out) / k);
                let d = 2.0 * (p - data.aims[i]) * p * (1.0 - p) / k;
                backward(w, item, &pass, d, &mut g);
            }
            g
        })
        .reduce(Weights::zero, |mut a, b| {
            for (x, y) in params_mut(&mut a).zip(params(&b)) {
                *x += y;
            }
            a
        });
    params_mut(&mut g).for_each(|x| *x /= n);
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written gradient agrees with finite differences of the
    /// output.
    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut w = Weights::random(9, 0.3);
        w.w2.iter_mut()
            .enumerate()
            .for_each(|(i, x)| *x = (i % 7) as f32 * 0.1 - 0.3);
        let item = Item {
            rows: vec![(0, 700, 3), (1, 700, 1), (1, 2000, 2), (0, 5, 4)],
            mover: 1,
            mask: 0b101_0000_0110,
            base: 10.0,
            result: 1.0,
            search: None,
        };
        let mut g = Weights::zero();
        let pass = forward(&w, &item);
        backward(&w, &item, &pass, 1.0, &mut g);
        let probes = [
            ("embed", (CLASSES + 2000) * FEATURES + 3),
            ("embed", 700 * FEATURES + 1),
            ("w1", (INPUTS + 2 * FEATURES + 1) * HIDDEN + 4),
            ("w1", (INPUTS + 17) * HIDDEN + 9),
            ("b1", HIDDEN + 3),
            ("w2", HIDDEN + 5),
            ("b2", 1),
        ];
        let mut checked = 0;
        for (part, i) in probes {
            fn field<'a>(w: &'a mut Weights, part: &str) -> &'a mut Vec<f32> {
                match part {
                    "embed" => &mut w.embed,
                    "w1" => &mut w.w1,
                    "b1" => &mut w.b1,
                    "w2" => &mut w.w2,
                    _ => &mut w.b2,
                }
            }
            let analytic = field(&mut g, part)[i];
            let h = 1e-2f32;
            let (mut up, mut down) = (w.clone(), w.clone());
            field(&mut up, part)[i] += h;
            field(&mut down, part)[i] -= h;
            let numeric = (forward(&up, &item).out - forward(&down, &item).out) / (2.0 * h);
            assert!(
                (numeric - analytic).abs() <= 1e-2 * (1.0 + numeric.abs()),
                "{part}[{i}]: numeric {numeric}, analytic {analytic}"
            );
            checked += usize::from(analytic != 0.0);
        }
        assert!(checked >= 5, "most probes had a gradient of zero");
    }
}
