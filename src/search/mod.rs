//! Search: the engine's move choice.
//!
//! The protocol layer talks to the search only through [`Searcher`],
//! [`Limits`], [`Info`] and [`SearchResult`].
//!
//! [`Searcher::think`] first asks the threat solvers (a deep VCF, then a
//! VCT within a node budget) for a forced win, and otherwise runs a
//! principal variation search with iterative deepening ([`worker`]) on
//! every configured thread: Lazy SMP, the threads sharing one lock-free
//! transposition table ([`tt`]) and differing in the depths they start
//! from. The calling thread reports progress and owns the answer.

pub mod bench;
pub mod params;
pub mod tt;
pub mod worker;

use crate::board::{Board, Pos};
use crate::eval::scan;
use crate::pattern::Combo;
use crate::position::Position;
use crate::threat::{Vcf, VcfResult, Vct, VctResult};
use params::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tt::Table;
use worker::{RootResult, Shared, Worker};

pub use crate::eval::MATE;
pub use worker::MATE_BOUND;

/// What a search may spend.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop at this instant at the latest.
    pub deadline: Option<Instant>,
    /// Maximum depth in plies (0 means no limit).
    pub max_depth: u32,
    /// Maximum nodes (0 means no limit).
    pub max_nodes: u64,
    /// How many best moves to report (`YXNBEST`); 0 or 1 means one.
    pub multipv: usize,
    /// Points the search must not play (`YXBLOCK`).
    pub excluded: Vec<Pos>,
}

/// Progress of a running search, for `MESSAGE` lines.
#[derive(Clone, Debug, Default)]
pub struct Info {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score from the side to move, in centi-stones; beyond ±[`MATE`]−1000
    /// a forced win or loss.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation, first move first.
    pub pv: Vec<Pos>,
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// The move to play; `None` only when no empty point is allowed.
    pub best: Option<Pos>,
    /// Score of `best` from the side to move.
    pub score: i32,
    /// Principal variation.
    pub pv: Vec<Pos>,
    /// Nodes searched.
    pub nodes: u64,
    /// Completed depth.
    pub depth: u32,
    /// The best moves with their scores, best first (at least `best`).
    pub ranked: Vec<(Pos, i32)>,
}

/// Search settings that outlive one search.
#[derive(Clone, Debug)]
pub struct Config {
    /// Worker threads.
    pub threads: usize,
    /// Transposition table size in bytes.
    pub hash_bytes: usize,
    /// Search features switched on.
    pub features: Features,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            hash_bytes: 64 << 20,
            features: Features::default(),
        }
    }
}

/// Search features that can be switched off, to measure what each is
/// worth (in self-play or on the bench). The defaults are what the engine
/// plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// The VCT solver at the root.
    pub vct: bool,
    /// Stones a VCF probe at a leaf may play (0: no probes).
    pub leaf_vcf_budget: u64,
    /// Late-move reductions.
    pub lmr: bool,
    /// At most this many quiet moves at a non-PV node (0: no limit).
    pub quiet_breadth: usize,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            vct: true,
            leaf_vcf_budget: LEAF_VCF_BUDGET,
            lmr: true,
            quiet_breadth: QUIET_BREADTH,
        }
    }
}

/// The engine's search, with its tables kept between moves.
#[derive(Debug)]
pub struct Searcher {
    config: Config,
    tt: Table,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(Config::default())
    }
}

/// The root moves in the order the search tries them first: a five if
/// there is one, else the block of the opponent's four, else (facing an
/// open three) the defences and our own fours, else every candidate; never
/// an excluded point, and never a point forbidden to renju black.
fn root_moves(pos: &mut Position, excluded: &[Pos]) -> Vec<Pos> {
    let mut cands = Vec::new();
    let facts = scan(pos, &mut cands);
    cands.retain(|c| !excluded.contains(&c.pos));
    // Any five that is not excluded wins at once.
    if facts.own_fives > 0 {
        if let Some(c) = cands.iter().find(|c| c.own == Combo::Five) {
            return vec![c.pos];
        }
    }
    let mut chosen: Vec<_> = if let Some(b) = facts.opp_five {
        cands.iter().filter(|c| c.pos == b).copied().collect()
    } else if facts.opp_open_four {
        cands
            .iter()
            .filter(|c| c.opp_four_line || c.own_four_line)
            .copied()
            .collect()
    } else {
        Vec::new()
    };
    if chosen.is_empty() {
        chosen = cands;
    }
    chosen.sort_by_key(|c| (std::cmp::Reverse(c.score), c.pos));
    let mut moves: Vec<Pos> = chosen.into_iter().map(|c| c.pos).collect();
    if moves.is_empty() {
        moves.extend(pos.any_empty(excluded));
    }
    moves
}

/// Puts `best` first, keeping the order of the others.
fn promote(order: &mut [Pos], best: Pos) {
    if let Some(i) = order.iter().position(|&p| p == best) {
        order[..=i].rotate_right(1);
    }
}

/// One iteration at `depth`, inside an aspiration window around `prev`
/// that widens until the score falls inside it.
fn aspiration(w: &mut Worker<'_, '_>, order: &[Pos], depth: i32, prev: i32) -> RootResult {
    if depth < ASPIRATION_MIN_DEPTH || prev.abs() > MATE_BOUND {
        return w.root(order, &[], depth, -MATE, MATE);
    }
    let mut delta = ASPIRATION_DELTA;
    let (mut alpha, mut beta) = (prev - delta, prev + delta);
    loop {
        let r = w.root(order, &[], depth, alpha, beta);
        if w.stopped() {
            return r;
        }
        if r.score <= alpha {
            alpha = (alpha - delta).max(-MATE);
        } else if r.score >= beta {
            beta = (beta + delta).min(MATE);
        } else {
            return r;
        }
        delta *= 2;
        if delta > 2 * MATE_BOUND / 30 {
            alpha = -MATE;
            beta = MATE;
        }
    }
}

/// A helper thread of Lazy SMP: the same iterative deepening, sharing only
/// the transposition table, with the root moves in another order. Two
/// threads against one, `tengen-arena`, 15×15, 200 ms a move, 400 games:
/// freestyle 229–14–157 (+63.2 Elo ±34.1), renju 240–12–148 (+81.4 ±34.6).
fn helper(shared: &Shared<'_>, pos: Position, mut order: Vec<Pos>, id: usize, max_depth: u32) {
    let mut w = Worker::new(shared, pos);
    let mut prev = 0;
    let mut mine = order.clone();
    for depth in 1..=max_depth {
        // The same depth as the main thread, with the root moves after
        // the first in another order (reversed on odd threads, rotated by
        // half on even ones): the two meet in the middle, and each finds
        // the moves the other has searched in the shared table.
        mine.clone_from(&order);
        if mine.len() > 2 {
            if id % 2 == 1 {
                mine[1..].reverse();
            } else {
                let half = (mine.len() - 1) / 2;
                mine[1..].rotate_left(half);
            }
        }
        let r = aspiration(&mut w, &mine, depth as i32, prev);
        if w.stopped() {
            break;
        }
        prev = r.score;
        if let Some(b) = r.best {
            promote(&mut order, b);
            if let Ok(mut slot) = shared.helper_best.lock() {
                if !slot.as_ref().is_some_and(|(d, _)| *d >= depth) {
                    *slot = Some((depth, r));
                }
            }
        }
    }
    w.publish();
}

/// What the threat solvers say of the opponent's chances once the side to
/// move plays `m` (a VCF, then a VCT), within `budget` solver nodes and
/// before `deadline`; also the nodes used.
fn opponent_threats_after(
    pos: &mut Position,
    m: Pos,
    budget: u64,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> (VctResult, u64) {
    pos.make(m);
    let mut vct = Vct::default();
    vct.set_deadline(deadline);
    let r = vct.solve_with_stop(pos, ROOT_VCT_DEPTH, budget, Some(stop));
    pos.unmake();
    (r, vct.nodes())
}

/// Plies to the end of a mate score, if it is one.
fn mate_plies(score: i32) -> Option<i32> {
    (score.abs() > MATE_BOUND).then(|| MATE - score.abs())
}

impl Searcher {
    /// A searcher with these settings.
    #[must_use]
    pub fn new(config: Config) -> Searcher {
        // The table takes its memory at the first search.
        let tt = Table::lazy(config.hash_bytes);
        Searcher { config, tt }
    }

    /// The current settings.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the number of worker threads (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads.max(1);
    }

    /// Takes the transposition table's memory now rather than at the
    /// first search, and makes it resident (writes every page once), so
    /// that the first search does not pay for the pages it touches.
    pub fn allocate_hash(&mut self) {
        if !self.tt.is_allocated() {
            self.tt.allocate();
            self.tt.clear();
        }
    }

    /// Whether the transposition table holds its memory yet (it takes it
    /// at the first search, or at [`Searcher::allocate_hash`]).
    #[must_use]
    pub fn hash_allocated(&self) -> bool {
        self.tt.is_allocated()
    }

    /// Changes the transposition table size (the table is emptied, and
    /// takes its memory at the next search).
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.config.hash_bytes = bytes;
        if Table::size_for(bytes) != self.tt.bytes() {
            self.tt = Table::lazy(bytes);
        }
    }

    /// Switches search features on or off (see [`Features`]).
    pub fn set_features(&mut self, features: Features) {
        self.config.features = features;
    }

    /// The search features in use.
    #[must_use]
    pub fn features(&self) -> Features {
        self.config.features
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear_hash(&mut self) {
        self.tt.clear();
    }

    /// Chooses a move for the side to move on `board`.
    ///
    /// Returns early when `stop` becomes true or the limits run out; the best
    /// move found so far is always returned. `on_info` is called after each
    /// completed iteration.
    pub fn think(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let mut pos = Position::new(board);
        let mut order = root_moves(&mut pos, &limits.excluded);
        let Some(&first) = order.first() else {
            return SearchResult::default();
        };
        let multipv = limits.multipv.max(1);
        let solver_budget = |cap: u64| {
            let cap = if limits.max_nodes > 0 {
                cap.min(limits.max_nodes / 2)
            } else {
                cap
            };
            limits.deadline.map_or(cap, |d| {
                let ms = d.saturating_duration_since(Instant::now()).as_millis() as u64;
                cap.min(ms * ROOT_SOLVER_PER_MS)
            })
        };
        let mut solver_nodes = 0;

        // A forced win found by the threat solvers is played at once.
        if multipv == 1 && order.len() > 1 {
            let mut win = None;
            let mut vcf = Vcf::default();
            if let VcfResult::Win(line) = vcf.solve_with_stop(
                &mut pos,
                ROOT_VCF_FOURS,
                solver_budget(ROOT_VCF_BUDGET),
                Some(stop),
            ) {
                win = Some((line[0], MATE - line.len() as i32, line));
            }
            solver_nodes += vcf.nodes();
            if win.is_none() && self.config.features.vct && !stop.load(Ordering::Relaxed) {
                let mut vct = Vct::default();
                if let VctResult::Win(m, d) = vct.solve_threats_with_stop(
                    &mut pos,
                    ROOT_VCT_DEPTH,
                    solver_budget(ROOT_VCT_BUDGET),
                    Some(stop),
                ) {
                    win = Some((m, MATE - (2 * d as i32 - 1), vec![m]));
                }
                solver_nodes += vct.nodes();
            }
            if let Some((m, score, pv)) = win.filter(|(m, _, _)| order.contains(m)) {
                let info = Info {
                    depth: 1,
                    seldepth: pv.len() as u32,
                    score,
                    nodes: solver_nodes,
                    elapsed: start.elapsed(),
                    pv: pv.clone(),
                };
                on_info(&info);
                return SearchResult {
                    best: Some(m),
                    score,
                    pv,
                    nodes: solver_nodes,
                    depth: 1,
                    ranked: vec![(m, score)],
                };
            }
        }

        let max_depth = match limits.max_depth {
            0 => params::MAX_PLY as u32 - 16,
            d => d.min(params::MAX_PLY as u32 - 16),
        };
        // A single legal answer needs only a shallow look for its score.
        let max_depth = if order.len() == 1 {
            max_depth.min(4)
        } else {
            max_depth
        };
        let shared = Shared {
            tt: &self.tt,
            external: stop,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(solver_nodes),
            deadline: limits.deadline,
            max_nodes: limits.max_nodes,
            features: self.config.features,
            helper_best: std::sync::Mutex::new(None),
        };
        let threads = self.config.threads.max(1);
        let mut result = SearchResult {
            best: Some(first),
            score: 0,
            pv: vec![first],
            nodes: 0,
            depth: 0,
            ranked: vec![(first, 0)],
        };
        // Root moves found to lose to an opponent's threat sequence, kept at
        // the end of `order`, and best moves found safe.
        let defend = multipv == 1 && self.config.features.vct;
        let mut refuted: Vec<Pos> = Vec::new();
        let mut safe: Vec<Pos> = Vec::new();
        let mut checked: Vec<Pos> = Vec::new();
        std::thread::scope(|s| {
            for id in 1..threads {
                let (shared, pos, order) = (&shared, pos.clone(), order.clone());
                std::thread::Builder::new()
                    .name(format!("search-{id}"))
                    .stack_size(16 << 20)
                    .spawn_scoped(s, move || helper(shared, pos, order, id, max_depth))
                    .expect("spawning a search thread");
            }
            let mut w = Worker::new(&shared, pos.clone());
            let mut prev = 0;
            let mut depth = 1;
            while depth <= max_depth {
                let d = depth as i32;
                let mut ranked = Vec::new();
                let mut main = None;
                if multipv == 1 {
                    let r = aspiration(&mut w, &order[..order.len() - refuted.len()], d, prev);
                    if let Some(b) = r.best {
                        let complete = !w.stopped();
                        // An unfinished iteration counts only if it found a
                        // move at least as good as the last one.
                        if complete || b == order[0] || r.score > prev {
                            ranked.push((b, r.score));
                            main = Some(r);
                        }
                    }
                } else {
                    let mut skip = Vec::new();
                    for _ in 0..multipv.min(order.len()) {
                        let r = w.root(&order, &skip, d, -MATE, MATE);
                        if w.stopped() {
                            break;
                        }
                        let Some(b) = r.best else { break };
                        skip.push(b);
                        ranked.push((b, r.score));
                        main.get_or_insert(r);
                    }
                    if w.stopped() {
                        ranked.clear();
                        main = None;
                    }
                }
                let Some(r) = main else { break };
                let best = r.best.expect("a result has a move");
                // Defence: a move after which the opponent has a forced win
                // the search did not see is dropped, and the depth searched
                // again without it.
                if defend
                    && !w.stopped()
                    && r.score <= MATE_BOUND
                    && !checked.contains(&best)
                    && refuted.len() + 2 <= order.len()
                {
                    let budget = solver_budget(DEFENCE_BUDGET);
                    let (r, used) = opponent_threats_after(&mut w.pos, best, budget, None, stop);
                    shared.nodes.fetch_add(used, Ordering::Relaxed);
                    if matches!(r, VctResult::Win(..)) {
                        let i = order.iter().position(|&m| m == best).expect("a root move");
                        let m = order.remove(i);
                        order.push(m);
                        refuted.push(m);
                        result.best = Some(order[0]);
                        result.pv = vec![order[0]];
                        result.ranked = vec![(order[0], result.score)];
                        continue;
                    }
                    if r == VctResult::None {
                        safe.push(best);
                    }
                    checked.push(best);
                }
                for &(m, _) in ranked.iter().rev() {
                    promote(&mut order, m);
                }
                prev = r.score;
                w.publish();
                result.best = Some(best);
                result.score = r.score;
                result.pv.clone_from(&r.pv);
                result.depth = depth;
                result.ranked = ranked;
                let info = Info {
                    depth,
                    seldepth: w.seldepth,
                    score: r.score,
                    nodes: shared.nodes.load(Ordering::Relaxed),
                    elapsed: start.elapsed(),
                    pv: r.pv,
                };
                on_info(&info);
                if w.stopped() {
                    break;
                }
                if mate_plies(r.score).is_some_and(|p| d > p + 2) {
                    break;
                }
                if let Some(deadline) = limits.deadline {
                    let total = deadline.saturating_duration_since(start);
                    if start.elapsed() > total * ITERATION_TIME_SHARE / 100 {
                        break;
                    }
                }
                depth += 1;
            }
            w.publish();
            shared.stop.store(true, Ordering::Relaxed);
        });
        // Lazy SMP: a helper that completed a deeper iteration than the
        // main thread knows more, unless the main thread has seen a win.
        if multipv == 1 && result.score <= MATE_BOUND {
            if let Some((depth, r)) = shared.helper_best.into_inner().ok().flatten() {
                if depth > result.depth
                    && r.best
                        .is_some_and(|b| order.contains(&b) && !refuted.contains(&b))
                {
                    result.best = r.best;
                    result.score = r.score;
                    result.pv = r.pv;
                    result.depth = depth;
                    result.ranked = vec![(r.best.expect("checked"), r.score)];
                }
            }
        }
        // The time left goes into making sure the move played does not lose
        // to a threat sequence: a check the iterations could not afford, or
        // could not make at all (a move from an unfinished iteration or from
        // a helper). A move found lost gives way to the next in the order.
        if defend && result.score <= MATE_BOUND {
            if let (Some(deadline), Some(best)) = (limits.deadline, result.best) {
                let candidates = std::iter::once(best)
                    .chain(order.iter().copied().filter(|&m| m != best))
                    .filter(|m| !refuted.contains(m))
                    .take(FINAL_DEFENCE_MOVES);
                let mut chosen = None;
                for m in candidates {
                    let ms = deadline
                        .saturating_duration_since(Instant::now())
                        .as_millis() as u64;
                    if safe.contains(&m)
                        || ms < FINAL_DEFENCE_MIN_MS
                        || stop.load(Ordering::Relaxed)
                    {
                        chosen = Some(m);
                        break;
                    }
                    let budget = (ms * FINAL_DEFENCE_PER_MS).min(FINAL_DEFENCE_BUDGET);
                    let (r, used) =
                        opponent_threats_after(&mut pos, m, budget, Some(deadline), stop);
                    shared.nodes.fetch_add(used, Ordering::Relaxed);
                    if !matches!(r, VctResult::Win(..)) {
                        chosen = Some(m);
                        break;
                    }
                }
                // With every candidate lost, the search's choice stands.
                if let Some(m) = chosen.filter(|&m| m != best) {
                    result.best = Some(m);
                    result.pv = vec![m];
                    result.ranked = vec![(m, result.score)];
                }
            }
        }
        result.nodes = shared.nodes.load(Ordering::Relaxed);
        result
    }
}
