//! The network evaluation: a small learned correction on top of the
//! tables' evaluation.
//!
//! Every empty point has, per colour, the class of its four line shapes
//! (the same classes the value tables price, [`crate::pattern::values`]).
//! The network gives each class and colour a vector of [`FEATURES`]
//! learned numbers, its *embedding*: any function of the four lines, since
//! a class is looked up whole. The board keeps, per colour, the sum of its
//! points' embeddings, the *accumulator* ([`Acc`]), up to date move by
//! move as it keeps the value sums: a move changes the classes of the
//! points within five of it along its lines, and each change subtracts one
//! row and adds another. Quiet classes (every line dead, an overline or a
//! lone stone's shape) and renju black's forbidden points have no row, as
//! they have no value.
//!
//! At a leaf a two-layer perceptron per side to move reads the side to
//! move's accumulator, the opponent's and the 11 bits of the board's threat
//! mask ([`crate::pattern::values::ThreatMask`]) and returns what it adds
//! to the tables' evaluation, in evaluation units. A net of zeros adds
//! nothing, so a net is trained as a correction of the tables
//! (`eval_tune net`, in the manual's tuning chapter), and the tables stay
//! the baseline it must beat.
//!
//! Embeddings are stored as `i16` in units of 1/[`EMBED_ONE`] and summed in
//! `i32`, so the accumulator is exact and the same after any order of
//! moves; the perceptron is `f32`.

use crate::pattern::values::{is_quiet, Class, ThreatMask, CLASSES};
use crate::rules::{Color, Rule};
use once_cell::sync::OnceCell;

/// Learned numbers per class and colour.
pub const FEATURES: usize = 16;
/// Units of the perceptron's hidden layer.
pub const HIDDEN: usize = 32;
/// Bits of the threat mask fed to the perceptron.
pub const MASK_BITS: usize = 11;
/// The perceptron's inputs: the side to move's accumulator, the
/// opponent's, and the threat mask's bits.
pub const INPUTS: usize = 2 * FEATURES + MASK_BITS;
/// Stored embedding units per 1.0 of the perceptron's input.
pub const EMBED_ONE: f32 = 256.0;
/// The largest correction a net may add, either way: keeps the sum well
/// inside the evaluation's range and away from mate scores.
pub const MAX_CORRECTION: i32 = 3000;
pub use crate::pattern::NO_ROW;
/// Rows per colour: one per class and the zero row.
const ROWS: usize = CLASSES + 1;

/// Per colour (black, white), the sum of the embeddings of its points.
pub type Acc = [[i32; FEATURES]; 2];

/// A net's weights as numbers, the form the trainer works on
/// (`eval_tune net`) and the file holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Embeddings: `embed[(color * CLASSES + class) * FEATURES + f]`, in
    /// input units (1.0 = [`EMBED_ONE`] stored units).
    pub embed: Vec<f32>,
    /// First layer per side to move: `w1[(mover * INPUTS + input) * HIDDEN + h]`.
    pub w1: Vec<f32>,
    /// First layer's biases: `b1[mover * HIDDEN + h]`.
    pub b1: Vec<f32>,
    /// Output weights: `w2[mover * HIDDEN + h]`.
    pub w2: Vec<f32>,
    /// Output biases, by side to move.
    pub b2: Vec<f32>,
}

impl Weights {
    /// All zeros: a net that adds nothing.
    #[must_use]
    pub fn zero() -> Weights {
        Weights {
            embed: vec![0.0; 2 * CLASSES * FEATURES],
            w1: vec![0.0; 2 * INPUTS * HIDDEN],
            b1: vec![0.0; 2 * HIDDEN],
            w2: vec![0.0; 2 * HIDDEN],
            b2: vec![0.0; 2],
        }
    }

    /// Small pseudo-random weights from `seed` (the trainer's start, and
    /// tests'): embeddings within ±`scale`, the layers scaled to their
    /// inputs. Quiet classes get zeros, as they have no row.
    #[must_use]
    pub fn random(seed: u64, scale: f32) -> Weights {
        let mut state = seed ^ 0x006E_6574_776F_726B;
        let mut next = || {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            let r = z ^ (z >> 31);
            (r >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
        };
        let mut w = Weights::zero();
        for (i, e) in w.embed.iter_mut().enumerate() {
            let class = (i / FEATURES % CLASSES) as Class;
            *e = if is_quiet(class) { 0.0 } else { next() * scale };
        }
        let s1 = 1.0 / (INPUTS as f32).sqrt();
        w.w1.iter_mut().for_each(|x| *x = next() * s1);
        w.b1.iter_mut().for_each(|x| *x = next() * 0.1);
        let s2 = 1.0 / (HIDDEN as f32).sqrt();
        w.w2.iter_mut().for_each(|x| *x = next() * s2);
        w
    }

    /// The number of values.
    #[must_use]
    pub fn len(&self) -> usize {
        self.embed.len() + self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len()
    }

    /// Whether it holds no value (never, for a well-formed net).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A net ready to play: embeddings quantised to `i16`, the perceptron as
/// it was trained (laid out as in [`Weights`]).
#[derive(Clone, Debug)]
pub struct Net {
    /// Rows of [`FEATURES`] stored units: `ROWS` per colour, the last of
    /// each colour all zeros.
    embed: Vec<[i16; FEATURES]>,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

/// The file's first bytes, and its version.
const MAGIC: &[u8; 8] = b"TENGNET1";

impl Net {
    /// The net of `weights`, its embeddings rounded to stored units.
    #[must_use]
    pub fn new(weights: &Weights) -> Net {
        let mut embed = vec![[0i16; FEATURES]; 2 * ROWS];
        for (i, e) in weights.embed.chunks_exact(FEATURES).enumerate() {
            let (color, class) = (i / CLASSES, i % CLASSES);
            for (slot, v) in embed[color * ROWS + class].iter_mut().zip(e) {
                *slot = (v * EMBED_ONE).round().clamp(-32_000.0, 32_000.0) as i16;
            }
        }
        Net {
            embed,
            w1: weights.w1.clone(),
            b1: weights.b1.clone(),
            w2: weights.w2.clone(),
            b2: weights.b2.clone(),
        }
    }

    /// The weights this net plays with (the embeddings as stored, back in
    /// input units).
    #[must_use]
    pub fn weights(&self) -> Weights {
        let mut embed = Vec::with_capacity(2 * CLASSES * FEATURES);
        for color in 0..2 {
            for row in &self.embed[color * ROWS..color * ROWS + CLASSES] {
                embed.extend(row.iter().map(|&v| f32::from(v) / EMBED_ONE));
            }
        }
        Weights {
            embed,
            w1: self.w1.clone(),
            b1: self.b1.clone(),
            w2: self.w2.clone(),
            b2: self.b2.clone(),
        }
    }

    /// The net as a file: the magic `TENGNET1`, the three sizes as `u32`,
    /// then the stored embeddings as `i16` and the perceptron as `f32`
    /// (all little-endian), in the order of [`Weights`].
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let w = self.weights();
        let mut out =
            Vec::with_capacity(8 + 12 + 2 * w.embed.len() + 4 * (w.len() - w.embed.len()));
        out.extend_from_slice(MAGIC);
        for n in [FEATURES, HIDDEN, INPUTS] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        for color in 0..2 {
            for class in 0..CLASSES {
                for v in self.embed[color * ROWS + class] {
                    out.extend_from_slice(&v.to_le_bytes());
                }
            }
        }
        for v in w.w1.iter().chain(&w.b1).chain(&w.w2).chain(&w.b2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads a net written by [`Net::to_bytes`].
    ///
    /// # Errors
    /// A file of another kind, other sizes, or the wrong length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let body = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or("not a network file (no TENGNET1 at its start)")?;
        let sizes: Vec<usize> = body
            .chunks_exact(4)
            .take(3)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as usize)
            .collect();
        if sizes != [FEATURES, HIDDEN, INPUTS] {
            return Err(format!(
                "the network's sizes are {sizes:?}, this engine plays [{FEATURES}, {HIDDEN}, {INPUTS}]"
            ));
        }
        let body = &body[12..];
        let mut w = Weights::zero();
        let embed_bytes = 2 * w.embed.len();
        let rest = w.len() - w.embed.len();
        if body.len() != embed_bytes + 4 * rest {
            return Err(format!(
                "the network file holds {} bytes of weights, not {}",
                body.len(),
                embed_bytes + 4 * rest
            ));
        }
        for (slot, c) in w.embed.iter_mut().zip(body.chunks_exact(2)) {
            *slot = f32::from(i16::from_le_bytes([c[0], c[1]])) / EMBED_ONE;
        }
        let mut floats = body[embed_bytes..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        for v in
            w.w1.iter_mut()
                .chain(w.b1.iter_mut())
                .chain(w.w2.iter_mut())
                .chain(w.b2.iter_mut())
        {
            *v = floats.next().ok_or("the network file ends early")?;
        }
        if w.w1
            .iter()
            .chain(&w.b1)
            .chain(&w.w2)
            .chain(&w.b2)
            .any(|v| !v.is_finite())
        {
            return Err("the network file holds a weight that is not a number".into());
        }
        Ok(Net::new(&w))
    }

    /// The net built into the engine for `rule`, if it has one: read once,
    /// on first use.
    #[must_use]
    pub fn builtin(rule: Rule) -> Option<&'static Net> {
        static CELLS: [OnceCell<Option<Net>>; 5] = [
            OnceCell::new(),
            OnceCell::new(),
            OnceCell::new(),
            OnceCell::new(),
            OnceCell::new(),
        ];
        let (slot, bytes): (usize, Option<&[u8]>) = match rule {
            Rule::Freestyle => (0, BUILTIN_FREESTYLE),
            Rule::Standard => (1, None),
            Rule::Renju => (2, None),
            Rule::Caro => (3, None),
            Rule::CaroExact => (4, None),
        };
        CELLS[slot]
            .get_or_init(|| bytes.map(|b| Net::from_bytes(b).expect("the built-in net reads")))
            .as_ref()
    }

    /// Adds (`sign` 1) or subtracts (`sign` −1) `row` of `color` to `acc`.
    #[inline(always)]
    pub fn add_row(&self, acc: &mut Acc, color: usize, row: u16, sign: i32) {
        let r = &self.embed[color * ROWS + usize::from(row)];
        let a = &mut acc[color];
        for f in 0..FEATURES {
            a[f] += sign * i32::from(r[f]);
        }
    }

    /// Moves `color`'s share of one point from row `old` to row `new`.
    #[inline(always)]
    pub fn change_row(&self, acc: &mut Acc, color: usize, old: u16, new: u16) {
        let o = &self.embed[color * ROWS + usize::from(old)];
        let n = &self.embed[color * ROWS + usize::from(new)];
        let a = &mut acc[color];
        for f in 0..FEATURES {
            a[f] += i32::from(n[f]) - i32::from(o[f]);
        }
    }

    /// What the net adds to the evaluation for `mover`, the side to move,
    /// given the board's accumulator and threat mask.
    #[must_use]
    pub fn evaluate(&self, acc: &Acc, mover: Color, mask: ThreatMask) -> i32 {
        let m = mover.index();
        let w1 = &self.w1[m * INPUTS * HIDDEN..(m + 1) * INPUTS * HIDDEN];
        let mut h = [0f32; HIDDEN];
        h.copy_from_slice(&self.b1[m * HIDDEN..(m + 1) * HIDDEN]);
        let scale = 1.0 / EMBED_ONE;
        let inputs = acc[m].iter().chain(acc[1 - m].iter());
        for (&a, row) in inputs.zip(w1.chunks_exact(HIDDEN)) {
            let x = a as f32 * scale;
            for (hj, wj) in h.iter_mut().zip(row) {
                *hj += x * wj;
            }
        }
        for (b, row) in w1.chunks_exact(HIDDEN).skip(2 * FEATURES).enumerate() {
            if mask >> b & 1 == 1 {
                for (hj, wj) in h.iter_mut().zip(row) {
                    *hj += wj;
                }
            }
        }
        let mut out = self.b2[m];
        for (hj, wj) in h.iter().zip(&self.w2[m * HIDDEN..(m + 1) * HIDDEN]) {
            out += hj.max(0.0) * wj;
        }
        (out.round() as i32).clamp(-MAX_CORRECTION, MAX_CORRECTION)
    }
}

/// The freestyle net built into the engine, when `data/net/freestyle.bin`
/// holds one.
const BUILTIN_FREESTYLE: Option<&[u8]> = None;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_net_round_trips_through_its_file() {
        let net = Net::new(&Weights::random(7, 2.0));
        let bytes = net.to_bytes();
        let back = Net::from_bytes(&bytes).expect("reads");
        assert_eq!(back.weights(), net.weights());
        assert_eq!(back.to_bytes(), bytes);
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let bytes = Net::new(&Weights::random(1, 1.0)).to_bytes();
        assert!(Net::from_bytes(b"nonsense").is_err());
        assert!(Net::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        let mut other = bytes.clone();
        other[8] = 8; // FEATURES 8
        assert!(Net::from_bytes(&other).unwrap_err().contains("sizes"));
        let mut nan = bytes.clone();
        let at = bytes.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(Net::from_bytes(&nan).is_err());
    }

    #[test]
    fn a_zero_net_adds_nothing() {
        let net = Net::new(&Weights::zero());
        let acc = [[1234; FEATURES]; 2];
        for mask in [0, 1, 0x7FF] {
            assert_eq!(net.evaluate(&acc, Color::Black, mask), 0);
            assert_eq!(net.evaluate(&acc, Color::White, mask), 0);
        }
    }
}
