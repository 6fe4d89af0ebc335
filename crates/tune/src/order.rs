//! Learning the move order's static part from games.
//!
//! A node orders its candidates by an [`OrderTable`]: a value of what
//! the side to move makes on the point, a value of what the opponent would
//! make there, and the two colours' point values, weighted. That score is
//! linear in [`ORDER_PARAMS`] numbers, so it can be read as the logit of a
//! softmax policy over the candidates and fitted, by cross-entropy, to the
//! moves played in games: each position of a game is a choice among the
//! candidates the search would have at that node (the same list, filtered
//! as the search filters it), and the move played is the answer.
//!
//! The fit starts from the engine's numbers, scaled by the temperature
//! that fits them best, pulls towards that start (L2), holds out whole
//! games, and reports the held-out loss and how often the first move of the
//! order is the move played, before and after. [`OrderModel::to_engine`]
//! turns the result back into the engine's integers, at the scale where the
//! point values keep the weight they have today, so that the history and
//! killer bonuses keep theirs.

use super::data::SKIP_PLIES;
use super::{Adam, COMBOS};
use rayon::prelude::*;
use tengen::board::{Board, Pos};
use tengen::eval::{scan, Cand, OrderTable, ORDER_VALUE_SHIFT};
use tengen::position::Position;
use tengen::rules::Rule;
use tengen_arena::records::read_psq_game;

/// Numbers of the model: attack and defence per class, then the weights of
/// the side to move's and the opponent's point values.
pub const ORDER_PARAMS: usize = 2 * COMBOS + 2;
/// Point values are divided by this in the model, so that their weights
/// are of the same order as the class terms (Adam's step is absolute).
pub const VALUE_UNIT: f64 = 1000.0;

/// One candidate of a choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// What the side to move makes there (`Combo as usize`).
    pub own: u8,
    /// What the opponent would make there.
    pub opp: u8,
    /// The side to move's point value, in [`VALUE_UNIT`]s.
    pub own_value: f32,
    /// The opponent's point value, in [`VALUE_UNIT`]s.
    pub opp_value: f32,
}

/// One position of a game: its candidates and the one played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The game it comes from.
    pub game: u64,
    /// Its first row in [`OrderData::rows`].
    pub first: usize,
    /// How many rows.
    pub len: usize,
    /// The row played, counted from `first`.
    pub chosen: usize,
}

/// Choices of many games.
#[derive(Clone, Debug, Default)]
pub struct OrderData {
    /// Every candidate of every choice.
    pub rows: Vec<Row>,
    /// The choices.
    pub choices: Vec<Choice>,
}

impl OrderData {
    /// Adds the choices of one game, given as the text of its `.psq`
    /// record, played under `rule`; returns how many it added (none for a
    /// game of another rule or a record that does not replay). A position
    /// is left out when the search would not order its moves (a five to
    /// make or to block, an open four to make) or when the move played is
    /// not among the candidates.
    pub fn add_game(&mut self, psq: &str, rule: Rule, game: u64) -> usize {
        let Ok(record) = read_psq_game(psq) else {
            return 0;
        };
        if Rule::parse(&record.rule) != Some(rule) {
            return 0;
        }
        let Ok(mut board) = Board::new(record.width, record.height, rule) else {
            return 0;
        };
        let mut cands = Vec::with_capacity(256);
        let before = self.choices.len();
        for (i, &(x, y)) in record.moves.iter().enumerate() {
            if board.winner().is_some() {
                break;
            }
            let Some(p) = board.pos(x as i64, y as i64) else {
                break;
            };
            if i >= SKIP_PLIES {
                self.add_position(&board, p, game, &mut cands);
            }
            if board.play(p).is_err() {
                break;
            }
        }
        self.choices.len() - before
    }

    /// Adds the choice of `played` on `board`, if the search would order
    /// moves there.
    fn add_position(&mut self, board: &Board, played: Pos, game: u64, cands: &mut Vec<Cand>) {
        let mut pos = Position::new(board);
        let facts = scan(&mut pos, cands);
        if facts.own_fives > 0 || facts.opp_five.is_some() || facts.own_open_fours > 0 {
            return;
        }
        if facts.opp_open_four {
            cands.retain(|c| c.opp_four_line || c.own_four_line);
        }
        let Some(chosen) = cands.iter().position(|c| c.pos == played) else {
            return;
        };
        if cands.len() < 2 {
            return;
        }
        let me = board.side_to_move();
        self.choices.push(Choice {
            game,
            first: self.rows.len(),
            len: cands.len(),
            chosen,
        });
        self.rows.extend(cands.iter().map(|c| Row {
            own: c.own as u8,
            opp: c.opp as u8,
            own_value: (f64::from(board.value(c.pos, me)) / VALUE_UNIT) as f32,
            opp_value: (f64::from(board.value(c.pos, me.opp())) / VALUE_UNIT) as f32,
        }));
    }

    /// The choices of games `game % every == 0` (held out) and the rest.
    #[must_use]
    pub fn split(&self, every: u64) -> (OrderData, OrderData) {
        let mut held = OrderData::default();
        let mut rest = OrderData::default();
        for c in &self.choices {
            let to = if every > 0 && c.game % every == 0 {
                &mut held
            } else {
                &mut rest
            };
            to.choices.push(Choice {
                first: to.rows.len(),
                ..*c
            });
            to.rows
                .extend_from_slice(&self.rows[c.first..c.first + c.len]);
        }
        (held, rest)
    }

    /// The logits of choice `c`'s candidates under `model`, their largest,
    /// and the sum of their exponentials shifted by it (the softmax's
    /// denominator).
    fn softmax(&self, c: &Choice, model: &OrderModel) -> (Vec<f64>, f64, f64) {
        let rows = &self.rows[c.first..c.first + c.len];
        let logits: Vec<f64> = rows.iter().map(|r| model.logit(r)).collect();
        let max = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sum = logits.iter().map(|l| (l - max).exp()).sum();
        (logits, max, sum)
    }

    /// Mean cross-entropy of the played moves under `model`, and the share
    /// of choices whose played move is first in the order (ties count as a
    /// share).
    #[must_use]
    pub fn loss(&self, model: &OrderModel) -> (f64, f64) {
        if self.choices.is_empty() {
            return (0.0, 0.0);
        }
        let (loss, hits) = self
            .choices
            .par_iter()
            .map(|c| {
                let (logits, max, sum) = self.softmax(c, model);
                let chosen = logits[c.chosen];
                let ties = logits.iter().filter(|&&l| l == max).count();
                let hit = if chosen == max {
                    1.0 / ties as f64
                } else {
                    0.0
                };
                (max + sum.ln() - chosen, hit)
            })
            .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
        let n = self.choices.len() as f64;
        (loss / n, hits / n)
    }

    /// The gradient of [`OrderData::loss`]'s cross-entropy.
    fn gradient(&self, model: &OrderModel) -> [f64; ORDER_PARAMS] {
        let n = self.choices.len().max(1) as f64;
        let mut g = self
            .choices
            .par_iter()
            .fold(
                || [0.0; ORDER_PARAMS],
                |mut g, c| {
                    let rows = &self.rows[c.first..c.first + c.len];
                    let (logits, max, sum) = self.softmax(c, model);
                    for (i, (r, l)) in rows.iter().zip(&logits).enumerate() {
                        let p = (l - max).exp() / sum - if i == c.chosen { 1.0 } else { 0.0 };
                        g[usize::from(r.own)] += p;
                        g[COMBOS + usize::from(r.opp)] += p;
                        g[2 * COMBOS] += p * f64::from(r.own_value);
                        g[2 * COMBOS + 1] += p * f64::from(r.opp_value);
                    }
                    g
                },
            )
            .reduce(
                || [0.0; ORDER_PARAMS],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                    a
                },
            );
        for x in &mut g {
            *x /= n;
        }
        g
    }

    /// How many choices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.choices.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }
}

/// The move order's static part as a policy: logits per class and weights
/// of the point values (in [`VALUE_UNIT`]s).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderModel {
    /// The numbers, laid out as [`ORDER_PARAMS`] says.
    pub w: [f64; ORDER_PARAMS],
}

impl OrderModel {
    /// The logit of one candidate.
    #[inline]
    #[must_use]
    pub fn logit(&self, r: &Row) -> f64 {
        self.w[usize::from(r.own)]
            + self.w[COMBOS + usize::from(r.opp)]
            + self.w[2 * COMBOS] * f64::from(r.own_value)
            + self.w[2 * COMBOS + 1] * f64::from(r.opp_value)
    }

    /// The engine's integers at temperature `t` (logit units per unit of
    /// the engine's score).
    #[must_use]
    pub fn from_engine(e: &OrderTable, t: f64) -> OrderModel {
        let mut w = [0.0; ORDER_PARAMS];
        for k in 0..COMBOS {
            w[k] = t * f64::from(e.attack[k]);
            w[COMBOS + k] = t * f64::from(e.defence[k]);
        }
        let unit = VALUE_UNIT / f64::from(1 << ORDER_VALUE_SHIFT);
        w[2 * COMBOS] = t * f64::from(e.value_weight[0]) * unit;
        w[2 * COMBOS + 1] = t * f64::from(e.value_weight[1]) * unit;
        OrderModel { w }
    }

    /// The engine's integers for this model, scaled so that the two value
    /// weights add up to what they add up to in `keep` (the built-in
    /// numbers): the order's scale against the history and killer bonuses
    /// stays. Each class term is taken relative to class 0 (a constant
    /// added to every candidate changes no order). `None` when the value
    /// weights do not add up to a positive number.
    #[must_use]
    pub fn to_engine(&self, keep: &OrderTable) -> Option<OrderTable> {
        let sum = self.w[2 * COMBOS] + self.w[2 * COMBOS + 1];
        if sum <= 0.0 {
            return None;
        }
        let unit = VALUE_UNIT / f64::from(1 << ORDER_VALUE_SHIFT);
        let target = f64::from(keep.value_weight[0] + keep.value_weight[1]);
        // Engine units per logit unit.
        let s = target * unit / sum;
        let mut e = OrderTable {
            attack: [0; COMBOS],
            defence: [0; COMBOS],
            value_weight: [0; 2],
        };
        for k in 0..COMBOS {
            e.attack[k] = (s * (self.w[k] - self.w[0])).round() as i32;
            e.defence[k] = (s * (self.w[COMBOS + k] - self.w[COMBOS])).round() as i32;
        }
        e.value_weight[0] = (s * self.w[2 * COMBOS] / unit).round() as i32;
        e.value_weight[1] = (s * self.w[2 * COMBOS + 1] / unit).round() as i32;
        Some(e)
    }
}

/// The temperature at which the engine's numbers `e` fit `data` best
/// (ternary search on its logarithm; the loss is convex in it).
#[must_use]
pub fn best_temperature(data: &OrderData, e: &OrderTable) -> f64 {
    let (mut lo, mut hi) = (-16.0f64, 4.0f64);
    for _ in 0..60 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        let la = data.loss(&OrderModel::from_engine(e, a.exp())).0;
        let lb = data.loss(&OrderModel::from_engine(e, b.exp())).0;
        if la < lb {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Fitting settings.
#[derive(Clone, Copy, Debug)]
pub struct OrderSettings {
    /// Adam steps.
    pub steps: usize,
    /// Adam's step size.
    pub rate: f64,
    /// Pull towards the start.
    pub l2: f64,
}

impl Default for OrderSettings {
    fn default() -> OrderSettings {
        OrderSettings {
            steps: 1500,
            rate: 0.02,
            l2: 1e-4,
        }
    }
}

/// Fits `start` to `train` by Adam on the cross-entropy with an L2 pull
/// towards `start`; returns the model of the step with the lowest loss on
/// `valid` (or the last step's when `valid` is empty). `progress` is told
/// the step and both losses every 50 steps.
pub fn fit_order(
    start: &OrderModel,
    train: &OrderData,
    valid: &OrderData,
    settings: OrderSettings,
    mut progress: impl FnMut(usize, f64, f64),
) -> OrderModel {
    let mut w = *start;
    let mut adam = Adam::new(ORDER_PARAMS, 1e-8);
    let mut best = (f64::INFINITY, w);
    for step in 1..=settings.steps {
        let mut g = train.gradient(&w);
        for (k, gk) in g.iter_mut().enumerate() {
            *gk += 2.0 * settings.l2 * (w.w[k] - start.w[k]);
        }
        adam.next_step();
        for (k, gk) in g.iter().enumerate() {
            w.w[k] -= settings.rate * adam.direction(k, *gk);
        }
        if step % 50 == 0 || step == settings.steps {
            let t = train.loss(&w).0;
            let h = if valid.is_empty() {
                t
            } else {
                valid.loss(&w).0
            };
            progress(step, t, h);
            if h < best.0 {
                best = (h, w);
            }
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::eval::ORDER;

    /// The model at temperature 1 scores every candidate as the engine's
    /// scan does (up to the scan's integer division), so the fit works on
    /// the order the search uses.
    #[test]
    fn the_model_reproduces_the_engines_order_scores() {
        // Black has an open three on row 3, white a broken three on
        // column c: both sides' threes and defences are among the points.
        let board = Board::from_diagram(
            Rule::Freestyle,
            "
            . . . . . . . . .
            . . . . . . . . .
            . . O . . . . . .
            . . . X X X . . .
            . . O . . . . . .
            . . . . X . . . .
            . . O . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        )
        .unwrap();
        // White to move must stop the open three: the candidates are the
        // points on black's four lines (and white's own fours), as the
        // search filters them. Any of them will do as the move played.
        let mut pos = Position::new(&board);
        let mut cands = Vec::new();
        let facts = scan(&mut pos, &mut cands);
        assert!(facts.opp_open_four);
        cands.retain(|c| c.opp_four_line || c.own_four_line);
        assert!(cands.len() >= 3, "{cands:?}");
        let played = cands[1].pos;
        let mut data = OrderData::default();
        data.add_position(&board, played, 0, &mut Vec::new());
        assert_eq!(data.len(), 1);
        assert_eq!(data.rows.len(), cands.len());
        let model = OrderModel::from_engine(&ORDER, 1.0);
        for (c, r) in cands.iter().zip(&data.rows) {
            let l = model.logit(r);
            assert!((l - f64::from(c.score)).abs() < 1.0, "{c:?}: {l}");
        }
    }

    /// The engine's integers go to a model and back unchanged.
    #[test]
    fn the_engines_numbers_round_trip() {
        let e = ORDER;
        let m = OrderModel::from_engine(&e, 0.003);
        assert_eq!(m.to_engine(&e), Some(e));
    }
}
