//! Learning the evaluation from games.
//!
//! The static evaluation is a sum over the empty points of a value per
//! class of four line patterns ([`tengen::pattern::values`]), the side to
//! move's values less [`OPPONENT_SHARE`] sixteenths of the opponent's. That
//! is linear in the values, so they can be fitted to game results by
//! logistic regression (Texel-style tuning):
//!
//! 1. [`data`]: read finished games (`.psq` records, such as `tengen-arena`
//!    writes), replay them, and keep the quiet positions, labelled with
//!    the game's result;
//! 2. [`fit`]: find the scale that turns evaluations into expected scores,
//!    then fit every value, per colour, by gradient descent on the squared
//!    error of the expected scores, with an L2 pull towards the starting
//!    values, and report the loss on held-out games before and after.
//!
//! The binary `eval_tune` (`src/bin/eval_tune.rs`) drives both steps; the manual's
//! `docs/src/tuning.md` gives the commands, the lab notebook (E-001 to
//! E-030) every round.
//!
//! [`order`] fits the move order's static part the same way, as a softmax
//! policy, to the moves played in games (lab E-010). [`net`] trains the
//! network evaluation ([`tengen::net`]) as a correction of the tables.
//!
//! The modules form one order of layers, each using only those below it
//! (checked by `tests/layers.rs` at the workspace's root); the data tools
//! `eval_tune`, `defence_set` and `make_openings` are the binaries in `bin/`:
//!
//! `logistic`, `judge` → `data` → `fit`, `order`, `net` → `bin`

pub mod data;
pub mod fit;
pub mod judge;
mod logistic;
pub mod net;
pub mod order;

use tengen::board::{Board, Dir};
use tengen::eval::{threat_mask, OPPONENT_SHARE};
use tengen::pattern::values::{
    class_of, is_quiet, mask_terms, Class, ThreatMask, ValueTable, CLASSES, INITIATIVE_TERMS,
    THREAT_MASKS,
};
use tengen::pattern::Combo;
use tengen::rules::{Color, Rule};

/// Combination classes (`Combo as usize`), as the tuners index them.
pub const COMBOS: usize = Combo::Five as usize + 1;

/// Adam's first and second moment estimates for a parameter vector, shared
/// by the tuners.
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    step: i32,
    eps: f64,
}

impl Adam {
    /// Moments for `n` parameters; `eps` guards the division.
    #[must_use]
    pub fn new(n: usize, eps: f64) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            step: 0,
            eps,
        }
    }

    /// Starts the next step (the bias corrections count steps from 1).
    pub fn next_step(&mut self) {
        self.step += 1;
    }

    /// Takes parameter `i`'s gradient `g` of this step and returns its
    /// move, to be scaled by the step size and subtracted.
    pub fn direction(&mut self, i: usize, g: f64) -> f64 {
        let (b1, b2) = (0.9f64, 0.999f64);
        self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
        self.v[i] = b2 * self.v[i] + (1.0 - b2) * g * g;
        let mh = self.m[i] / (1.0 - b1.powi(self.step));
        let vh = self.v[i] / (1.0 - b2.powi(self.step));
        mh / (vh.sqrt() + self.eps)
    }
}

/// How many values a rule's table holds: one per class and colour, then
/// the initiative terms per colour of the side to move, then the threat
/// masks' corrections per colour of the side to move.
pub const PARAMS: usize = 2 * CLASSES + 2 * INITIATIVE_TERMS + 2 * THREAT_MASKS;

/// The parameter index of initiative `term` when `mover` is to move.
#[inline]
#[must_use]
pub fn initiative_param(mover: Color, term: usize) -> usize {
    2 * CLASSES + mover.index() * INITIATIVE_TERMS + term
}

/// The parameter index of the correction of threat `mask` when `mover` is
/// to move.
#[inline]
#[must_use]
pub fn threat_param(mover: Color, mask: ThreatMask) -> usize {
    2 * CLASSES + 2 * INITIATIVE_TERMS + mover.index() * THREAT_MASKS + usize::from(mask)
}

/// The parameter index of `class` for `color`.
#[inline]
#[must_use]
pub fn param(color: Color, class: Class) -> usize {
    color.index() * CLASSES + usize::from(class)
}

/// How many empty points of each class `board` holds for `color`: the
/// points the board's value sum counts (quiet classes and, under renju,
/// black's forbidden points are worth nothing, so they are left out).
#[must_use]
pub fn class_counts(board: &Board, color: Color) -> Vec<(Class, u16)> {
    let renju_black = board.rule() == Rule::Renju && color == Color::Black;
    let mut counts: Vec<(Class, u16)> = Vec::new();
    for p in board.empty_points() {
        if renju_black && board.combo(p, color) == Combo::Forbidden {
            continue;
        }
        let class = class_of(Dir::ALL.map(|d| board.shape(p, d, color)));
        if is_quiet(class) {
            continue;
        }
        match counts.iter_mut().find(|(c, _)| *c == class) {
            Some((_, n)) => *n += 1,
            None => counts.push((class, 1)),
        }
    }
    counts
}

/// The evaluation's features of `board` for its side to move: parameter
/// index and weight in sixteenths (16 per point of the side to move,
/// −[`OPPONENT_SHARE`] per point of the opponent, 16 per initiative term
/// that holds and 16 for the board's threat mask's correction), so that
/// the evaluation is the weighted sum of the values divided by 16.
#[must_use]
pub fn features(board: &Board) -> Vec<(u16, i16)> {
    let me = board.side_to_move();
    let mut out = Vec::new();
    for (color, weight) in [(me, 16), (me.opp(), -(OPPONENT_SHARE as i16))] {
        for (class, n) in class_counts(board, color) {
            out.push((param(color, class) as u16, weight * n as i16));
        }
    }
    let mask = threat_mask(board);
    for term in mask_terms(mask).into_iter().flatten() {
        out.push((initiative_param(me, term) as u16, 16));
    }
    out.push((threat_param(me, mask) as u16, 16));
    out
}

/// The static evaluation of `board` for its side to move under the
/// values of `table`: what [`tengen::eval::static_eval`] gives when the
/// engine's tables hold `table`.
#[must_use]
pub fn evaluate(board: &Board, table: &ValueTable) -> i32 {
    let me = board.side_to_move();
    let sum = |color: Color| -> i32 {
        class_counts(board, color)
            .iter()
            .map(|&(class, n)| table.get(color, class) * i32::from(n))
            .sum()
    };
    sum(me) - sum(me.opp()) * OPPONENT_SHARE / 16 + table.threat_value(me, threat_mask(board))
}

/// A table's values as one parameter vector (see [`param`]).
#[must_use]
pub fn to_params(table: &ValueTable) -> Vec<f64> {
    let mut w = vec![0.0; PARAMS];
    for color in Color::BOTH {
        for class in 0..CLASSES as Class {
            w[param(color, class)] = f64::from(table.get(color, class));
        }
        for (term, &v) in table.initiative(color).iter().enumerate() {
            w[initiative_param(color, term)] = f64::from(v);
        }
        for mask in 0..THREAT_MASKS as ThreatMask {
            w[threat_param(color, mask)] = f64::from(table.threat(color, mask));
        }
    }
    w
}

/// The table holding a parameter vector, rounded.
#[must_use]
pub fn from_params(w: &[f64]) -> ValueTable {
    let mut t = ValueTable::zero();
    for color in Color::BOTH {
        for class in 0..CLASSES as Class {
            t.set(color, class, w[param(color, class)].round() as i32);
        }
        for term in 0..INITIATIVE_TERMS {
            t.set_initiative(color, term, w[initiative_param(color, term)].round() as i32);
        }
        for mask in 0..THREAT_MASKS as ThreatMask {
            t.set_threat(color, mask, w[threat_param(color, mask)].round() as i32);
        }
    }
    t
}
