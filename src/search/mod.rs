//! Search: the engine's move choice.
//!
//! The protocol layer talks to the search only through [`Searcher`],
//! [`Limits`], [`Info`] and [`SearchResult`].
//!
//! [`Searcher::think`] first asks the threat solvers (a deep VCF, then a
//! VCT within a node budget) for a forced win, and otherwise runs a
//! principal variation search with iterative deepening ([`worker`], each
//! node's moves in the order of the move picker, [`picker`]) on every
//! configured thread: Lazy SMP, the threads sharing one lock-free
//! transposition table ([`tt`]) and differing in the depths they start
//! from. The calling thread reports progress and owns the answer.

pub mod bench;
pub mod params;
pub mod picker;
mod prefetch;
pub mod tt;
pub mod worker;

use crate::board::{Board, Pos};
use crate::eval::scan;
use crate::pattern::Combo;
use crate::position::Position;
use crate::rules::Rule;
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
    /// The planned stop under a match clock: the iterations end near it,
    /// sooner when the best move has settled, later (up to `deadline`)
    /// when it changes or the score falls. `None`: spend up to `deadline`.
    pub optimum: Option<Instant>,
    /// Maximum depth in plies (0 means no limit).
    pub max_depth: u32,
    /// Maximum nodes (0 means no limit).
    pub max_nodes: u64,
    /// How many best moves to report (`YXNBEST`); 0 or 1 means one.
    pub multipv: usize,
    /// Points the search must not play (`YXBLOCK`).
    pub excluded: Vec<Pos>,
}

impl Limits {
    /// The instant the time plan aims at: the optimum while it is ahead,
    /// else the deadline.
    fn planned(&self) -> Option<Instant> {
        self.optimum
            .filter(|&o| o > Instant::now())
            .or(self.deadline)
    }
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
    /// A node limit for every search the manager sets none for (`--nodes`):
    /// self-play that does not depend on the machine's load; 0 for none.
    pub node_limit: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            hash_bytes: DEFAULT_HASH_BYTES,
            features: Features::default(),
            node_limit: 0,
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
    /// Move-count pruning at non-PV nodes.
    pub move_count_pruning: bool,
    /// At most this many quiet moves at a non-PV node (0: no limit).
    pub quiet_breadth: usize,
    /// The quiescence stage at the leaves (four-threes and their forced
    /// blocks).
    pub quiescence: bool,
    /// The fours quiescence at the leaves: the side to move's fours near
    /// its own last stone, each with its forced block, down to where the
    /// fours run out.
    pub local_fours: bool,
    /// One more ply at a leaf where the opponent has a four-three and the
    /// side to move no four.
    pub threat_extension: bool,
    /// Pruning on the static evaluation at shallow depths (a static cut
    /// above beta, futility below alpha) where the opponent has no threat.
    pub shallow_pruning: bool,
    /// The singular extension of the table move.
    pub singular_extension: bool,
    /// The rule's built-in network ([`crate::net`]) on top of the tables,
    /// where the engine has one; off, the tables alone.
    pub net: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            vct: true,
            leaf_vcf_budget: LEAF_VCF_BUDGET,
            lmr: true,
            move_count_pruning: MOVE_COUNT_PRUNING,
            quiet_breadth: QUIET_BREADTH,
            quiescence: QUIESCENCE,
            local_fours: LOCAL_FOURS,
            threat_extension: THREAT_EXTENSION,
            shallow_pruning: SHALLOW_PRUNING,
            singular_extension: SINGULAR_EXTENSION,
            net: true,
        }
    }
}

/// The engine's search, with its tables kept between moves.
#[derive(Debug)]
pub struct Searcher {
    config: Config,
    tt: Table,
    /// The rule and board size the table's entries were searched under:
    /// another game's entries would be read as this one's (the keys hold
    /// only the stones), so a change empties the table.
    filled_for: Option<(Rule, usize, usize)>,
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
        delta *= ASPIRATION_GROWTH;
        if delta > ASPIRATION_MAX_DELTA {
            alpha = -MATE;
            beta = MATE;
        }
    }
}

/// A helper thread of Lazy SMP: the same iterative deepening, sharing only
/// the transposition table, with the root moves in another order. Two
/// threads against one: +68.0 ± 38.8 Elo at 100 ms (lab S-135), +81.4 ±
/// 46.8 at 0.5 s and 350 MB (S-136); other helper designs measured no
/// better (S-123, S-125 to S-128).
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

/// The root moves as the iterations learn about them.
struct RootState {
    /// The root moves, best guess first; refuted moves at the end.
    order: Vec<Pos>,
    /// Whether moves are checked against the opponent's threat sequences.
    defend: bool,
    /// Root moves found to lose to an opponent's threat sequence (kept at
    /// the end of `order`).
    refuted: Vec<Pos>,
    /// Best moves the threat solvers found safe.
    safe: Vec<Pos>,
    /// Best moves already checked.
    checked: Vec<Pos>,
}

/// What one search was asked, for the iterations.
struct Run<'a> {
    start: Instant,
    limits: &'a Limits,
    multipv: usize,
    max_depth: u32,
    stop: &'a AtomicBool,
}

/// `cap`, and under a node limit at most 1/[`ROOT_SOLVER_NODE_SHARE`] of
/// it: what one threat-solver call may play.
fn node_share(limits: &Limits, cap: u64) -> u64 {
    if limits.max_nodes > 0 {
        cap.min(limits.max_nodes / ROOT_SOLVER_NODE_SHARE)
    } else {
        cap
    }
}

/// The solver nodes a root solver with cap `cap` may play: its
/// [`node_share`], and under a deadline [`ROOT_SOLVER_PER_MS`] per
/// millisecond left.
fn solver_budget(limits: &Limits, cap: u64) -> u64 {
    let cap = node_share(limits, cap);
    limits.planned().map_or(cap, |d| {
        let ms = d.saturating_duration_since(Instant::now()).as_millis() as u64;
        cap.min(ms * ROOT_SOLVER_PER_MS)
    })
}

/// The root solvers: a deep VCF, then (if switched on) a VCT. A forced
/// win they find among `order` is the answer; also the solver nodes used.
fn root_solvers(
    pos: &mut Position,
    order: &[Pos],
    limits: &Limits,
    features: Features,
    stop: &AtomicBool,
) -> (Option<SearchResult>, u64) {
    let deadline = share_of(Instant::now(), limits.planned(), ROOT_SOLVER_TIME_SHARE);
    let mut win = None;
    let mut vcf = Vcf::default();
    vcf.set_deadline(deadline);
    let budget = solver_budget(limits, ROOT_VCF_BUDGET);
    if let VcfResult::Win(line) = vcf.solve_with_stop(pos, ROOT_VCF_FOURS, budget, Some(stop)) {
        win = Some((line[0], MATE - line.len() as i32, line));
    }
    let mut nodes = vcf.nodes();
    if win.is_none() && features.vct && !stop.load(Ordering::Relaxed) {
        let mut vct = Vct::default();
        vct.set_deadline(deadline);
        let budget = solver_budget(limits, ROOT_VCT_BUDGET);
        if let VctResult::Win(m, d) =
            vct.solve_threats_with_stop(pos, ROOT_VCT_DEPTH, budget, Some(stop))
        {
            win = Some((m, MATE - (2 * d as i32 - 1), vec![m]));
        }
        nodes += vct.nodes();
    }
    let result = win
        .filter(|(m, _, _)| order.contains(m))
        .map(|(m, score, pv)| SearchResult {
            best: Some(m),
            score,
            pv,
            nodes,
            depth: 1,
            ranked: vec![(m, score)],
        });
    (result, nodes)
}

/// The instant `percent` of the way from `start` to `deadline`.
fn share_of(start: Instant, deadline: Option<Instant>, percent: u32) -> Option<Instant> {
    deadline.map(|d| start + d.saturating_duration_since(start) * percent / 100)
}

/// The last defence check's deadline, once the iterations are over: the
/// deadline, or under a match clock no later than the reserve a move of
/// the optimum's length keeps (see [`search_deadline`]).
fn defence_deadline(start: Instant, limits: &Limits) -> Option<Instant> {
    let deadline = limits.deadline?;
    let Some(optimum) = limits.optimum else {
        return Some(deadline);
    };
    let planned = search_deadline(start, Some(optimum)).expect("a deadline");
    Some(deadline.min(Instant::now() + optimum.saturating_duration_since(planned)))
}

/// When the iterations must stop: [`SEARCH_TIME_SHARE`] of the time to
/// `deadline`, keeping the rest (at most [`FINAL_DEFENCE_RESERVE_MS`]) for
/// the last defence check.
fn search_deadline(start: Instant, deadline: Option<Instant>) -> Option<Instant> {
    deadline.map(|d| {
        let total = d.saturating_duration_since(start);
        let reserve = (total * (100 - SEARCH_TIME_SHARE) / 100)
            .min(Duration::from_millis(FINAL_DEFENCE_RESERVE_MS));
        d - reserve
    })
}

/// The pace of the iterations under a match clock: when to stop short of
/// the deadline, from how settled the best move is.
#[derive(Default)]
struct Pace {
    /// The last iteration's best move and score.
    last: Option<(Pos, i32)>,
    /// Iterations in a row that kept the best move.
    kept: u32,
}

impl Pace {
    /// After an iteration that found `best` with `score`: the share (out
    /// of 100) of the optimum the iterations may take. Less when the best
    /// move has settled, more when it changed or the score fell.
    fn share(&mut self, best: Pos, score: i32) -> u32 {
        let Some((last_best, last_score)) = self.last.replace((best, score)) else {
            return 100;
        };
        self.kept = if last_best == best { self.kept + 1 } else { 0 };
        let mut percent = if self.kept == 0 {
            UNSETTLED_TIME_PERCENT
        } else if self.kept >= SETTLED_ITERATIONS {
            SETTLED_TIME_PERCENT
        } else {
            100
        };
        if score <= last_score - FALLING_SCORE {
            percent += FALLING_TIME_PERCENT;
        }
        percent
    }

    /// Whether the iterations stop after one that found `best` with
    /// `score`. Without an optimum they run to the deadline; with one,
    /// they stop when a next iteration would rarely finish within their
    /// [`Pace::share`] of it, or when one move is left unrefuted.
    fn stop(&mut self, run: &Run<'_>, root: &RootState, best: Pos, score: i32) -> bool {
        let percent = self.share(best, score);
        let Some(optimum) = run.limits.optimum else {
            return false;
        };
        if root.refuted.len() + 1 >= root.order.len() {
            return true;
        }
        let share = optimum.saturating_duration_since(run.start) * percent / 100;
        run.start.elapsed() >= share * NEXT_ITERATION_PERCENT / 100
    }
}

/// Iterative deepening on the calling thread: each depth searched in an
/// aspiration window (or once per best move under `YXNBEST`), the best
/// move checked against the opponent's threat sequences, `result` and
/// `on_info` told after each iteration.
fn iterate(
    w: &mut Worker<'_, '_>,
    run: &Run<'_>,
    root: &mut RootState,
    result: &mut SearchResult,
    on_info: &mut dyn FnMut(&Info),
) {
    let mut prev = 0;
    let mut depth = 1;
    let mut pace = Pace::default();
    while depth <= run.max_depth {
        let d = depth as i32;
        let mut ranked = Vec::new();
        let mut main = None;
        if run.multipv == 1 {
            let live = root.order.len() - root.refuted.len();
            let r = aspiration(w, &root.order[..live], d, prev);
            if let Some(b) = r.best {
                // An unfinished iteration counts only if it found a move at
                // least as good as the last one.
                if !w.stopped() || b == root.order[0] || r.score > prev {
                    ranked.push((b, r.score));
                    main = Some(r);
                }
            }
        } else {
            let mut skip = Vec::new();
            let mut passes = Vec::new();
            for _ in 0..run.multipv.min(root.order.len()) {
                let r = w.root(&root.order, &skip, d, -MATE, MATE);
                if w.stopped() {
                    break;
                }
                let Some(b) = r.best else { break };
                skip.push(b);
                passes.push(r);
            }
            if w.stopped() {
                passes.clear();
            }
            // The pruning can score a later pass above an earlier one (its
            // tree is another); the list goes best first, the best's line
            // leading. The sort is stable: equal scores keep their passes'
            // order.
            passes.sort_by_key(|r| std::cmp::Reverse(r.score));
            ranked = passes
                .iter()
                .map(|r| (r.best.expect("a pass has a move"), r.score))
                .collect();
            main = passes.into_iter().next();
        }
        let Some(r) = main else { break };
        let best = r.best.expect("a result has a move");
        if !w.stopped() && r.score <= MATE_BOUND && refute(w, run, root, best) {
            // The depth is searched again without the refuted move.
            result.best = Some(root.order[0]);
            result.pv = vec![root.order[0]];
            result.ranked = vec![(root.order[0], result.score)];
            continue;
        }
        for &(m, _) in ranked.iter().rev() {
            promote(&mut root.order, m);
        }
        prev = r.score;
        w.publish();
        result.best = Some(best);
        result.score = r.score;
        result.pv.clone_from(&r.pv);
        result.depth = depth;
        result.ranked = ranked;
        on_info(&Info {
            depth,
            seldepth: w.seldepth,
            score: r.score,
            nodes: w.shared_nodes(),
            elapsed: run.start.elapsed(),
            pv: r.pv,
        });
        // Under a turn limit alone the iterations go on until the search's
        // time is spent: a turn's time left unused is lost, and an
        // unfinished iteration still searches the best move first and may
        // find a better one. Under a match clock they keep to its pace.
        if w.stopped()
            || mate_plies(r.score).is_some_and(|p| d > p + MATE_EXTRA_PLIES)
            || pace.stop(run, root, best, r.score)
        {
            break;
        }
        depth += 1;
    }
}

/// Defence during the iterations: whether the opponent has a forced win
/// the search did not see after `best`; if so `best` moves to the refuted
/// end of the order. Each best move is checked once, while at least two
/// root moves are left unrefuted.
fn refute(w: &mut Worker<'_, '_>, run: &Run<'_>, root: &mut RootState, best: Pos) -> bool {
    if !root.defend || root.checked.contains(&best) || root.refuted.len() + 2 > root.order.len() {
        return false;
    }
    let budget = solver_budget(run.limits, DEFENCE_BUDGET);
    let deadline = share_of(Instant::now(), run.limits.planned(), DEFENCE_TIME_SHARE);
    let (r, used) = opponent_threats_after(&mut w.pos, best, budget, deadline, run.stop);
    w.add_nodes(used);
    if matches!(r, VctResult::Win(..)) {
        let i = root
            .order
            .iter()
            .position(|&m| m == best)
            .expect("a root move");
        let m = root.order.remove(i);
        root.order.push(m);
        root.refuted.push(m);
        return true;
    }
    if r == VctResult::None {
        root.safe.push(best);
    }
    root.checked.push(best);
    false
}

/// Lazy SMP: a helper that completed a deeper iteration (`depth`, with
/// `r`) than the main thread knows more, unless the main thread has seen a
/// win or the helper's move is refuted.
fn adopt_helper(result: &mut SearchResult, root: &RootState, depth: u32, r: RootResult) {
    let usable = r
        .best
        .is_some_and(|b| root.order.contains(&b) && !root.refuted.contains(&b));
    if depth > result.depth && usable {
        result.best = r.best;
        result.score = r.score;
        result.pv = r.pv;
        result.depth = depth;
        result.ranked = vec![(r.best.expect("checked"), r.score)];
    }
}

/// The last defence check: the time left before `deadline` goes into
/// making sure the move played does not lose to a threat sequence (a
/// check the iterations could not afford, or could not make at all: a move
/// from an unfinished iteration or from a helper). A move found lost gives
/// way to the next in the order; with every candidate lost, the search's
/// choice stands. Returns the solver nodes used.
fn final_defence(
    pos: &mut Position,
    root: &RootState,
    result: &mut SearchResult,
    limits: &Limits,
    deadline: Instant,
    stop: &AtomicBool,
) -> u64 {
    let Some(best) = result.best else { return 0 };
    let candidates = std::iter::once(best)
        .chain(root.order.iter().copied().filter(|&m| m != best))
        .filter(|m| !root.refuted.contains(m))
        .take(FINAL_DEFENCE_MOVES);
    let mut used = 0;
    let mut chosen = None;
    for m in candidates {
        let ms = deadline
            .saturating_duration_since(Instant::now())
            .as_millis() as u64;
        if root.safe.contains(&m) || ms < FINAL_DEFENCE_MIN_MS || stop.load(Ordering::Relaxed) {
            chosen = Some(m);
            break;
        }
        let budget = node_share(
            limits,
            (ms * FINAL_DEFENCE_PER_MS).min(FINAL_DEFENCE_BUDGET),
        );
        let (r, n) = opponent_threats_after(pos, m, budget, Some(deadline), stop);
        used += n;
        if !matches!(r, VctResult::Win(..)) {
            chosen = Some(m);
            break;
        }
    }
    if let Some(m) = chosen.filter(|&m| m != best) {
        result.best = Some(m);
        result.pv = vec![m];
        result.ranked = vec![(m, result.score)];
    }
    used
}

impl Searcher {
    /// A searcher with these settings.
    #[must_use]
    pub fn new(config: Config) -> Searcher {
        // The table takes its memory at the first search.
        let tt = Table::lazy(config.hash_bytes);
        Searcher {
            config,
            tt,
            filled_for: None,
        }
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
    /// first search. The pages come zeroed from the system and are not
    /// touched here: writing every page of a large table takes from tens
    /// of milliseconds to a second on a busy machine, and a manager sends
    /// the first move's command right after `INFO max_memory`, so that
    /// time would come out of the first move's clock without the search's
    /// deadline checks to bound it. The first searches with more than one
    /// thread map the pages in ([`Table::fault_in`]), within a share of
    /// their time.
    pub fn allocate_hash(&mut self) {
        self.tt.allocate();
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
    ///
    /// The steps: the root solvers look for a forced win (`root_solvers`);
    /// otherwise every thread deepens the search (`iterate` on the calling
    /// thread, `helper` on the others) until the search's share of the
    /// time is spent (`search_deadline`); a helper that got deeper is
    /// taken at its word (`adopt_helper`); and the time kept back goes
    /// into checking that the move played does not lose to a threat
    /// sequence (`final_defence`).
    pub fn think(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        let game = (board.rule(), board.width(), board.height());
        if self.filled_for.replace(game).is_some_and(|g| g != game) {
            self.tt.clear();
        }
        self.tt.new_search();
        let mut pos = Position::new(board);
        if !self.config.features.net && pos.board().net().is_some() {
            pos.board_mut().set_net(None);
        }
        let order = root_moves(&mut pos, &limits.excluded);
        let Some(&first) = order.first() else {
            return SearchResult::default();
        };
        let multipv = limits.multipv.max(1);
        let features = self.config.features;
        let mut solver_nodes = 0;
        // A five ends the game: it is scored as a win in one, not searched
        // (the search below a finished game would score it as a four).
        let win = if order.len() == 1 && pos.board().is_five(first, pos.side()) {
            Some(SearchResult {
                best: Some(first),
                score: MATE - 1,
                pv: vec![first],
                nodes: 0,
                depth: 1,
                ranked: vec![(first, MATE - 1)],
            })
        } else if multipv == 1 && order.len() > 1 {
            let (win, nodes) = root_solvers(&mut pos, &order, limits, features, stop);
            solver_nodes = nodes;
            win
        } else {
            None
        };
        if let Some(result) = win {
            on_info(&Info {
                depth: 1,
                seldepth: result.pv.len() as u32,
                score: result.score,
                nodes: result.nodes,
                elapsed: start.elapsed(),
                pv: result.pv.clone(),
            });
            return result;
        }

        let max_depth = match limits.max_depth {
            0 => MAX_DEPTH,
            d => d.min(MAX_DEPTH),
        };
        // A single legal answer needs only a shallow look for its score.
        let max_depth = if order.len() == 1 {
            max_depth.min(SINGLE_MOVE_DEPTH)
        } else {
            max_depth
        };
        let shared = Shared {
            tt: &self.tt,
            external: stop,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(solver_nodes),
            deadline: search_deadline(start, limits.deadline),
            max_nodes: limits.max_nodes,
            features,
            helper_best: std::sync::Mutex::new(None),
        };
        let threads = self.config.threads.max(1);
        let mut root = RootState {
            order,
            defend: multipv == 1 && features.vct,
            refuted: Vec::new(),
            safe: Vec::new(),
            checked: Vec::new(),
        };
        let mut result = SearchResult {
            best: Some(first),
            score: 0,
            pv: vec![first],
            nodes: 0,
            depth: 0,
            ranked: vec![(first, 0)],
        };
        // With more than one thread, every thread first maps in the
        // table's pages not mapped yet, for at most a share of the time:
        // threads taking them at random searched a fifth of the nodes.
        // One thread still takes them as it goes; mapping them first
        // measured no better there (lab S-135).
        let fault_in_until = shared.deadline.map(|d| {
            let now = Instant::now();
            now + d.saturating_duration_since(now) * FAULT_IN_TIME_PERCENT / 100
        });
        std::thread::scope(|s| {
            for id in 1..threads {
                let (shared, pos, order) = (&shared, pos.clone(), root.order.clone());
                std::thread::Builder::new()
                    .name(format!("search-{id}"))
                    .stack_size(HELPER_STACK_BYTES)
                    .spawn_scoped(s, move || {
                        shared.tt.fault_in(fault_in_until);
                        helper(shared, pos, order, id, max_depth);
                    })
                    .expect("spawning a search thread");
            }
            if threads > 1 {
                shared.tt.fault_in(fault_in_until);
            }
            let mut w = Worker::new(&shared, pos.clone());
            let run = Run {
                start,
                limits,
                multipv,
                max_depth,
                stop,
            };
            iterate(&mut w, &run, &mut root, &mut result, on_info);
            w.publish();
            shared.stop.store(true, Ordering::Relaxed);
        });
        if multipv == 1 && result.score <= MATE_BOUND {
            if let Some((depth, r)) = shared.helper_best.into_inner().ok().flatten() {
                adopt_helper(&mut result, &root, depth, r);
            }
        }
        if root.defend && result.score <= MATE_BOUND {
            if let Some(deadline) = defence_deadline(start, limits) {
                let used = final_defence(&mut pos, &root, &mut result, limits, deadline, stop);
                shared.nodes.fetch_add(used, Ordering::Relaxed);
            }
        }
        result.nodes = shared.nodes.load(Ordering::Relaxed);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The iterations' share of the optimum after each iteration, for a
    /// run of best moves and scores.
    fn shares(run: &[(Pos, i32)]) -> Vec<u32> {
        let mut pace = Pace::default();
        run.iter().map(|&(b, s)| pace.share(b, s)).collect()
    }

    #[test]
    fn a_settled_move_takes_less_and_a_changing_one_more() {
        let (a, b) = (Pos::new(7, 7), Pos::new(8, 8));
        // The first iteration knows nothing yet; the same move for four
        // iterations in a row settles it.
        assert_eq!(
            shares(&[(a, 10), (a, 10), (a, 12), (a, 9), (a, 11), (a, 10)]),
            vec![
                100,
                100,
                100,
                100,
                SETTLED_TIME_PERCENT,
                SETTLED_TIME_PERCENT
            ]
        );
        // A change unsettles it, and the count starts again.
        assert_eq!(
            shares(&[(a, 10), (a, 10), (b, 10), (b, 10), (a, 10)]),
            vec![
                100,
                100,
                UNSETTLED_TIME_PERCENT,
                100,
                UNSETTLED_TIME_PERCENT
            ]
        );
    }

    #[test]
    fn a_falling_score_asks_for_more() {
        let (a, b) = (Pos::new(7, 7), Pos::new(8, 8));
        let fall = FALLING_SCORE;
        assert_eq!(
            shares(&[(a, 100), (a, 100 - fall), (b, 100 - 3 * fall), (b, 0)]),
            vec![
                100,
                100 + FALLING_TIME_PERCENT,
                UNSETTLED_TIME_PERCENT + FALLING_TIME_PERCENT,
                100,
            ]
        );
        // A settled move whose score falls gets the settled share and more.
        let mut run = vec![(a, 50); 5];
        run.push((a, 50 - fall));
        assert_eq!(
            shares(&run).last(),
            Some(&(SETTLED_TIME_PERCENT + FALLING_TIME_PERCENT))
        );
    }

    /// With a net on the board the engine plays legal games to their end
    /// under every rule: each move on an empty point, renju black never on
    /// a forbidden one. The net is a random one, so that its corrections
    /// are large and the search meets them everywhere.
    #[test]
    fn the_engine_plays_legal_games_with_a_net_under_every_rule() {
        use crate::net::{Net, Weights};
        let net: &'static Net = Box::leak(Box::new(Net::new(&Weights::random(11, 1.0))));
        let limits = Limits {
            max_nodes: 1_500,
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        for rule in Rule::ALL {
            let mut b = Board::new(15, 15, rule).expect("a board");
            b.set_net(Some(net));
            let mut s = Searcher::default();
            let mut with_net_differs = false;
            while b.winner().is_none() && b.stone_count() < 225 {
                let mut tables = b.clone();
                tables.set_net(None);
                with_net_differs |=
                    crate::eval::static_eval(&b) != crate::eval::static_eval(&tables);
                let r = s.think(&b, &limits, &stop, &mut |_| {});
                let Some(p) = r.best else {
                    panic!("{rule}: no move\n{b}")
                };
                assert!(b.is_empty(p), "{rule}: {p:?} is taken\n{b}");
                if rule == Rule::Renju && b.side_to_move() == crate::rules::Color::Black {
                    assert!(crate::renju::forbidden(&mut b, p).is_none(), "{p:?}\n{b}");
                }
                b.play(p).expect("a legal move");
                assert!(b.net().is_some());
            }
            assert!(
                with_net_differs,
                "{rule}: the net never changed the evaluation"
            );
            assert!(
                b.winner().is_some() || b.stone_count() == 225,
                "{rule}\n{b}"
            );
        }
    }

    /// A search under another rule or on another board size does not read
    /// the entries of the last one: the table is emptied first. A marker
    /// entry under a key no search here reaches shows whether it was.
    #[test]
    fn another_rule_or_size_empties_the_table() {
        const MARKER: u64 = 0x5eed_0f7e_4e11;
        let limits = Limits {
            max_nodes: 2_000,
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let board = |w: usize, rule: Rule| {
            let mut b = Board::new(w, w, rule).expect("a board");
            b.make(Pos::new(7, 7));
            b.make(Pos::new(8, 8));
            b
        };
        let fs = board(15, Rule::Freestyle);
        for other in [board(15, Rule::Renju), board(20, Rule::Freestyle)] {
            assert_eq!(other.hash(), fs.hash(), "the keys hold only the stones");
            let mut s = Searcher::default();
            s.think(&fs, &limits, &stop, &mut |_| {});
            let e = tt::Entry {
                best: Some(Pos::new(3, 3)),
                score: 12,
                depth: 30,
                bound: tt::Bound::Exact,
            };
            s.tt.store(MARKER, e);
            assert!(s.tt.probe(MARKER).is_some());
            // The same game again keeps the table.
            s.think(&board(15, Rule::Freestyle), &limits, &stop, &mut |_| {});
            assert!(s.tt.probe(MARKER).is_some());
            s.think(&other, &limits, &stop, &mut |_| {});
            assert!(s.tt.probe(MARKER).is_none(), "{:?}", s.filled_for);
        }
    }

    /// Under a match clock the last defence check keeps to the reserve of
    /// a move of the optimum's length, and never passes the deadline;
    /// under a turn limit alone it has up to the deadline.
    #[test]
    fn the_last_defence_check_keeps_to_the_plan() {
        let start = Instant::now();
        let ms = Duration::from_millis;
        let turn = Limits {
            deadline: Some(start + ms(1_000)),
            ..Limits::default()
        };
        assert_eq!(defence_deadline(start, &turn), turn.deadline);
        let clock = Limits {
            optimum: Some(start + ms(10_000)),
            deadline: Some(start + ms(40_000)),
            ..Limits::default()
        };
        let d = defence_deadline(start, &clock).unwrap();
        assert!(d <= Instant::now() + ms(FINAL_DEFENCE_RESERVE_MS));
        assert!(d + ms(100) >= Instant::now() + ms(FINAL_DEFENCE_RESERVE_MS));
        let late = Limits {
            optimum: Some(start + ms(10_000)),
            deadline: Some(start),
            ..Limits::default()
        };
        assert_eq!(defence_deadline(start, &late), late.deadline);
        assert_eq!(defence_deadline(start, &Limits::default()), None);
    }
}
