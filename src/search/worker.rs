//! One search thread: principal variation search with iterative deepening,
//! aspiration windows, a forced-move extension, a singular extension of the
//! table move, late-move reductions, move-count pruning, VCF probes at the
//! leaves and mate-distance pruning.

use super::params::*;
use super::picker::Picker;
use super::tt::{Bound, Entry, Table};
use super::MATE;
use crate::board::Pos;
use crate::eval::{leaf_facts, scan, Cand, Facts};
use crate::pattern::Combo;
use crate::position::Position;
use crate::threat::Vcf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Scores beyond this are wins or losses in a known number of plies.
pub const MATE_BOUND: i32 = MATE - 1000;

/// What the threads of one search share.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a Table,
    /// Set by the caller to stop.
    pub external: &'a AtomicBool,
    /// Set when the search must end (time, nodes, main thread done).
    pub stop: AtomicBool,
    /// Nodes of all threads, published every [`CHECK_EVERY`] nodes.
    pub nodes: AtomicU64,
    /// Hard deadline.
    pub deadline: Option<Instant>,
    /// Node limit (0 none).
    pub max_nodes: u64,
    /// Features switched on.
    pub features: super::Features,
    /// The deepest iteration a helper thread completed, with its result.
    pub helper_best: std::sync::Mutex<Option<(u32, RootResult)>>,
}

/// A search thread's own state.
pub struct Worker<'s, 'a> {
    shared: &'s Shared<'a>,
    /// The position, with the root as played.
    pub pos: Position,
    vcf: Vcf,
    /// Nodes searched by this thread.
    pub nodes: u64,
    published: u64,
    history: Vec<i32>,
    /// The search stack: a frame per ply.
    stack: Vec<Frame>,
    /// Principal variations, per ply.
    pv: Vec<Vec<Pos>>,
    /// Deepest ply reached.
    pub seldepth: u32,
    stopped: bool,
    reductions: &'static Reductions,
    /// The depth of the iteration under way.
    root_depth: i32,
}

/// The late-move reductions and move counts, as functions of depth and
/// move number, from [`LMR_SCALE`] and [`MOVE_COUNT_BASE`]: built once.
struct Reductions {
    /// `ln(n)`, for `n` below 256.
    ln: [f32; 256],
    /// The moves a node may search at each depth.
    move_count: [usize; MAX_PLY + 1],
}

impl Reductions {
    fn get() -> &'static Reductions {
        static REDUCTIONS: once_cell::sync::OnceCell<Reductions> = once_cell::sync::OnceCell::new();
        REDUCTIONS.get_or_init(|| {
            let mut ln = [0.0; 256];
            for (n, v) in ln.iter_mut().enumerate().skip(1) {
                *v = (n as f32).ln();
            }
            let mut move_count = [0; MAX_PLY + 1];
            for (d, v) in move_count.iter_mut().enumerate() {
                *v = (MOVE_COUNT_BASE + (d as f32).powf(MOVE_COUNT_POWER)).ceil() as usize;
            }
            Reductions { ln, move_count }
        })
    }

    /// Plies the move numbered `i` (from 0) is searched shallower at
    /// `depth` ([`LMR_MIN_DEPTH`]).
    #[inline]
    fn reduction(&self, depth: i32, i: usize, quiet: bool, pv_node: bool) -> i32 {
        let d = self.ln[depth.clamp(0, 255) as usize];
        let mut x = d * self.ln[(i + 1).min(255)] * LMR_SCALE;
        if quiet {
            x += LMR_QUIET_EXTRA;
        }
        if !pv_node {
            x += LMR_NON_PV_EXTRA;
        }
        (x + 0.5) as i32
    }

    /// The moves a node at `depth` may search ([`MOVE_COUNT_BASE`]).
    #[inline]
    fn move_count(&self, depth: i32) -> usize {
        self.move_count[depth.clamp(0, MAX_PLY as i32) as usize]
    }
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The outcome of one root search.
#[derive(Clone, Debug)]
pub struct RootResult {
    /// Best move, if any root move finished.
    pub best: Option<Pos>,
    /// Its score.
    pub score: i32,
    /// Principal variation.
    pub pv: Vec<Pos>,
}

impl<'s, 'a> Worker<'s, 'a> {
    /// A worker on a copy of `pos`.
    pub fn new(shared: &'s Shared<'a>, pos: Position) -> Worker<'s, 'a> {
        Worker {
            shared,
            pos,
            vcf: Vcf::new(LEAF_VCF_TABLE),
            nodes: 0,
            published: 0,
            history: vec![0; 2 * Pos::GRID_SIZE],
            stack: (0..=MAX_PLY).map(|_| Frame::new()).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            seldepth: 0,
            stopped: false,
            reductions: Reductions::get(),
            root_depth: 0,
        }
    }

    /// Whether the search was stopped before finishing.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Counts `n` nodes and checks the limits now and then.
    #[inline]
    fn count(&mut self, n: u64) {
        self.nodes += n;
        if self.nodes - self.published >= CHECK_EVERY {
            self.publish();
        }
    }

    /// Nodes of all threads, as last published.
    pub fn shared_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }

    /// Counts `n` nodes played outside the tree (by a threat solver).
    pub fn add_nodes(&self, n: u64) {
        self.shared.nodes.fetch_add(n, Ordering::Relaxed);
    }

    /// Publishes the node count and checks the limits.
    pub fn publish(&mut self) {
        let fresh = self.nodes - self.published;
        self.published = self.nodes;
        let total = self.shared.nodes.fetch_add(fresh, Ordering::Relaxed) + fresh;
        let s = self.shared;
        if s.stop.load(Ordering::Relaxed)
            || s.external.load(Ordering::Relaxed)
            || (s.max_nodes > 0 && total >= s.max_nodes)
            || s.deadline.is_some_and(|d| Instant::now() >= d)
        {
            s.stop.store(true, Ordering::Relaxed);
            self.stopped = true;
        }
    }

    /// The principal variation at `ply`: `m`, then the one below it.
    fn extend_pv(&mut self, ply: usize, m: Pos) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    fn age_history(&mut self) {
        for h in &mut self.history {
            *h /= HISTORY_AGE_DIVISOR;
        }
    }

    fn reward(&mut self, m: Pos, depth: i32) {
        let i = self.pos.side().index() * Pos::GRID_SIZE + m.index();
        self.history[i] += depth * depth;
        if self.history[i] > HISTORY_MAX {
            self.age_history();
        }
    }

    /// Searches the root moves `moves` (best guess first) to `depth` in
    /// the window (`alpha`, `beta`), skipping `skip`.
    pub fn root(
        &mut self,
        moves: &[Pos],
        skip: &[Pos],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> RootResult {
        let mut result = RootResult {
            best: None,
            score: -MATE,
            pv: Vec::new(),
        };
        let mut first = true;
        self.root_depth = depth;
        let mut searched = 0;
        for &m in moves {
            if skip.contains(&m) {
                continue;
            }
            let r = self.root_reduction(m, depth, searched);
            searched += 1;
            self.count(1);
            self.stack[0].played = self.pos.board().combo(m, self.pos.side());
            self.pos.make(m);
            let score = if first {
                -self.search(depth - 1, -beta, -alpha, 1, true)
            } else {
                let mut s = -self.search(depth - 1 - r, -alpha - 1, -alpha, 1, false);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.search(depth - 1, -alpha - 1, -alpha, 1, false);
                }
                if s > alpha && s < beta && !self.stopped {
                    -self.search(depth - 1, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            self.pos.unmake();
            if self.stopped {
                break;
            }
            first = false;
            if score > result.score {
                result.score = score;
                result.best = Some(m);
                result.pv.clear();
                result.pv.push(m);
                result.pv.extend_from_slice(&self.pv[1]);
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        result
    }

    /// Plies the root move `m`, the one numbered `searched` (from 0), is
    /// searched shallower at `depth` ([`ROOT_LMR_FROM`]): as a late move at
    /// a PV node, unless it is a four-three or better or blocks a four.
    fn root_reduction(&self, m: Pos, depth: i32, searched: usize) -> i32 {
        if searched < ROOT_LMR_FROM || depth < ROOT_LMR_MIN_DEPTH {
            return 0;
        }
        let board = self.pos.board();
        let me = board.side_to_move();
        let (own, opp) = (board.combo(m, me), board.combo(m, me.opp()));
        if own >= LMR_REDUCIBLE_BELOW || opp >= Combo::Four {
            return 0;
        }
        let quiet = own < Combo::Three && opp < Combo::Three;
        self.reductions
            .reduction(depth, searched, quiet, true)
            .min(depth - ROOT_LMR_SPARES)
            .max(0)
    }

    /// Negamax principal variation search from ply `ply` below the root:
    /// the checks every node takes before its moves (stop, mate distance,
    /// the table, the shallow pruning on the static evaluation, the threat
    /// extension), then the node's scan into its frame on the search
    /// stack, then the node itself (`Worker::node`).
    pub fn search(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        // Mate-distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 2 || self.pos.board().is_full() {
            return 0;
        }
        // A singular test search has its own key, so that it neither reads
        // nor overwrites the node's entry.
        let hash = self.pos.board().hash()
            ^ self.stack[ply]
                .excluded
                .map_or(0, |m| EXCLUDED_KEY.wrapping_mul(m.index() as u64 + 1));
        let mut tt_move = None;
        let mut depth = depth;
        if let Some(e) = self.shared.tt.probe(hash) {
            tt_move = e
                .best
                .filter(|&p| self.pos.board().contains(p) && self.pos.board().is_empty(p));
            // A PV node whose table move comes from a much shallower search
            // (a line that has not been the PV for some iterations) is
            // searched shallower.
            if pv_node && depth > 1 && tt_move.is_some() {
                depth -= stale_pv_reduction(depth, e.depth);
            }
            if !pv_node && e.depth >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        if !pv_node
            && depth > 0
            && depth <= STATIC_CUT_DEPTH
            && self.shared.features.shallow_pruning
        {
            if let Some(score) = self.shallow_cut(ply, alpha, beta, depth) {
                return score;
            }
        }
        // With the threat extension on, at the horizon, an opponent's
        // four-three that the side to move has no four to answer must be
        // defended: the leaf's static evaluation would not see it, so the
        // node is searched one ply, its replies as leaves below the horizon
        // (which the quiescence stage still follows, but never extends
        // again).
        let extended = depth == 0 && self.shared.features.threat_extension && self.threatened();
        let depth = if extended { 1 } else { depth };
        self.scan_node(ply, depth);
        let frame = &mut self.stack[ply];
        frame.hash = hash;
        frame.tt_move = tt_move;
        frame.extended = extended;
        self.node(ply, alpha, beta, depth, pv_node)
    }

    /// The shallow pruning of a non-PV node on a calm board's static
    /// evaluation, before its scan: the static cut far above `beta`
    /// ([`STATIC_CUT_MARGIN`]), and razoring far below `alpha`
    /// ([`RAZOR_MARGIN`]: the node scored by the fours quiescence alone,
    /// the side's fours near its last stone). The node's score, if either
    /// applies.
    fn shallow_cut(&mut self, ply: usize, alpha: i32, beta: i32, depth: i32) -> Option<i32> {
        let eval = self.calm_eval()?;
        if eval - STATIC_CUT_MARGIN * depth >= beta {
            return Some(eval);
        }
        if depth <= RAZOR_DEPTH
            && self.shared.features.local_fours
            && alpha.abs() < MATE_BOUND
            && self.stack[ply].excluded.is_none()
            && eval + RAZOR_MARGIN[depth as usize] < alpha
        {
            return Some(self.search(0, alpha, alpha + 1, ply, false));
        }
        None
    }

    /// The node's facts and candidates, into its frame. An inner node is
    /// scanned for its candidates. A node that must block a four, or that
    /// a five or an open four decides, needs no scan: it is looked at as a
    /// leaf is, and its only candidate is the block (if any, and legal).
    fn scan_node(&mut self, ply: usize, depth: i32) {
        let frame = &mut self.stack[ply];
        let decided = {
            let b = self.pos.board();
            let me = b.side_to_move();
            b.five_count(me) > 0 || b.five_count(me.opp()) > 0 || b.open_four_count(me) > 0
        };
        frame.facts = if depth > 0 && !decided {
            scan(&mut self.pos, &mut frame.cands)
        } else {
            // A leaf, or a decided node, needs no move list, unless it must
            // block a four.
            frame.cands.clear();
            let facts = leaf_facts(&self.pos);
            if let (Some(block), 0) = (facts.opp_five, facts.own_fives) {
                let me = self.pos.side();
                if self.pos.is_legal(block, me) {
                    let board = self.pos.board();
                    frame.cands.push(Cand {
                        pos: block,
                        own: board.combo(block, me),
                        opp: board.combo(block, me.opp()),
                        score: 0,
                        opp_four_line: true,
                        own_four_line: false,
                    });
                }
            }
            facts
        };
    }

    /// The static evaluation, before the node's scan, where the shallow
    /// pruning may read it: on a [`calm`] board ([`STATIC_CUT_MARGIN`],
    /// [`RAZOR_DEPTH`]).
    fn calm_eval(&self) -> Option<i32> {
        let board = self.pos.board();
        calm(board).then(|| crate::eval::static_eval(board))
    }

    /// The singular test of the table move `m` at a node of `depth` whose
    /// key is `hash`: the node is searched again without `m`,
    /// [`SINGULAR_DEPTH_SHARE`] as deep, against the entry's lower bound
    /// less [`SINGULAR_MARGIN`] a ply. If every other move fails low there,
    /// `m` is the only good move and is searched one ply deeper; if the
    /// other moves reach `beta` anyway, the node is a cut. The entry is
    /// read again here rather than kept from the node's probe: the test is
    /// rare, the probe at every node.
    fn singular(&mut self, depth: i32, beta: i32, ply: usize, hash: u64, m: Pos) -> Singular {
        let Some(e) = self.shared.tt.probe(hash) else {
            return Singular::No;
        };
        if e.score.abs() >= MATE_BOUND
            || e.bound == Bound::Upper
            || e.depth < depth - SINGULAR_ENTRY_SLACK
        {
            return Singular::No;
        }
        let singular_beta = e.score - SINGULAR_MARGIN * depth;
        self.stack[ply].excluded = Some(m);
        let depth = depth * SINGULAR_DEPTH_SHARE / 100;
        let v = self.search(depth, singular_beta - 1, singular_beta, ply, false);
        self.stack[ply].excluded = None;
        if v < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Whether the opponent has a four-three point and the side to move
    /// has no five, four or open four to play first.
    fn threatened(&self) -> bool {
        let board = self.pos.board();
        let me = board.side_to_move();
        board.four_three_count(me.opp()) > 0 && board.four_count(me) == 0
    }

    /// The quiescence stage at a leaf: the side to move may stand on the
    /// static evaluation `stand`, or play one of its four-threes (a four
    /// and an open three on one point). The opponent's block is forced and
    /// searched without losing depth, so a four-three that wins shows as a
    /// mate, and one that the block defuses (with a four of its own, or a
    /// forbidden point) shows what it is worth. Cheap: the board counts
    /// four-three points, and most leaves have none.
    fn four_threes(
        &mut self,
        depth: i32,
        stand: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let me = self.pos.side();
        if stand >= beta || self.pos.board().four_three_count(me) == 0 {
            return stand;
        }
        let mut points = arrayvec::ArrayVec::<Pos, 8>::new();
        let board = self.pos.board();
        self.pos.for_each_candidate(|p| {
            if board.combo(p, me) == Combo::FourThree {
                let _ = points.try_push(p);
            }
        });
        self.stand_or_play(depth, stand, alpha, beta, ply, pv_node, &points)
    }

    /// The move loop of a quiescence stage at a leaf of `depth`: the side
    /// to move stands on `stand` or plays one of `points` (in that order,
    /// its illegal ones skipped), each searched a ply shallower.
    #[allow(clippy::too_many_arguments)]
    fn stand_or_play(
        &mut self,
        depth: i32,
        stand: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        points: &[Pos],
    ) -> i32 {
        let me = self.pos.side();
        let mut best = stand;
        alpha = alpha.max(stand);
        for &p in points {
            if !self.pos.is_legal(p, me) {
                continue;
            }
            self.count(1);
            self.stack[ply].played = self.pos.board().combo(p, me);
            self.shared.tt.prefetch(self.pos.board().hash_after(p));
            self.pos.make(p);
            let score = -self.search(depth - 1, -beta, -alpha, ply + 1, pv_node);
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.extend_pv(ply, p);
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The fours quiescence at a leaf of `depth` (0 or below): the side to
    /// move may stand on the static evaluation `stand`, or play one of its
    /// fours near its own last stone. The opponent's block is forced and
    /// costs no depth, so a run of fours that wins shows as a mate, and
    /// one that the blocks defuse shows what it leaves. Below
    /// [`LOCAL_FOURS_PLAIN_ABOVE`] only fours that make more than a four
    /// are tried, unless the side's two stones before were such fours.
    fn local_fours(
        &mut self,
        depth: i32,
        stand: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let board = self.pos.board();
        let me = board.side_to_move();
        if stand >= beta || board.four_count(me) == 0 {
            return stand;
        }
        // The side's own last stone, the one before the opponent's last move.
        let history = board.history();
        let Some(last) = history
            .len()
            .checked_sub(2)
            .map(|i| history[i])
            .filter(|m| m.color == me && !m.pos.is_pass())
            .map(|m| m.pos)
        else {
            return stand;
        };
        let strong = |k: usize| ply >= k && self.stack[ply - k].played >= Combo::FourPlus;
        let plain = depth > LOCAL_FOURS_PLAIN_ABOVE || (strong(2) && strong(4));
        let least = if plain { Combo::Four } else { Combo::FourPlus };
        let mut points = arrayvec::ArrayVec::<Pos, 64>::new();
        let (w, h) = (board.width() as isize, board.height() as isize);
        let (lx, ly) = (last.x() as isize, last.y() as isize);
        let sq = LOCAL_FOURS_SQUARE as isize;
        for dy in -4..=4isize {
            for dx in -4..=4isize {
                let on_line = dx == 0 || dy == 0 || dx == dy || dx == -dy;
                if !(on_line || (dx.abs() <= sq && dy.abs() <= sq)) {
                    continue;
                }
                let (x, y) = (lx + dx, ly + dy);
                if x < 0 || y < 0 || x >= w || y >= h {
                    continue;
                }
                let p = Pos::new(x as usize, y as usize);
                if !board.is_empty(p) {
                    continue;
                }
                let c = board.combo(p, me);
                if c >= least && c < Combo::Five {
                    let _ = points.try_push(p);
                }
            }
        }
        if points.is_empty() {
            return stand;
        }
        points.sort_unstable_by_key(|&p| std::cmp::Reverse(board.combo(p, me)));
        self.stand_or_play(depth, stand, alpha, beta, ply, pv_node, &points)
    }

    /// Searches the node at `ply` whose frame [`Worker::search`] has just
    /// filled (key, table move, facts, candidates), `depth` plies deep in
    /// the window (`alpha`, `beta`), and returns its score for the side to
    /// move.
    ///
    /// A node the facts decide scores a mate at once ([`Frame::verdict`]);
    /// a leaf (`depth` 0 or below) with no four to block is scored by
    /// [`Worker::leaf`]; any other node, its candidates cut to the answers
    /// to an open four if it faces one, runs its move loop
    /// ([`Worker::setup`], [`Worker::move_loop`]) and stores its result in
    /// the table ([`Worker::store`]), unless the search stops or a
    /// singular test cuts it.
    ///
    /// The node kinds: a PV node (`pv_node`) is searched with the full
    /// window and keeps its principal variation; every other node has a
    /// zero window, takes the table's bounds, and may be pruned
    /// (futility, move counts, the quiet-move breadth) and reduced harder.
    /// A forced node, one with a four to block, has that block as its only
    /// move, searched without losing a ply; a node the threat extension
    /// extended searches its moves as leaves.
    fn node(&mut self, ply: usize, alpha: i32, beta: i32, depth: i32, pv_node: bool) -> i32 {
        let forced = match self.stack[ply].verdict(ply) {
            Ok(forced) => forced,
            Err(score) => return score,
        };
        if depth <= 0 && !forced {
            return self.leaf(ply, alpha, beta, depth, pv_node);
        }
        let frame = &mut self.stack[ply];
        if !forced && frame.facts.opp_open_four {
            frame.cands.retain(|c| c.opp_four_line || c.own_four_line);
        }
        if frame.cands.is_empty() {
            return 0;
        }
        let setup = self.setup(ply, alpha, beta, depth, pv_node, forced);
        let mut cands = std::mem::take(&mut self.stack[ply].cands);
        let searched = self.move_loop(&setup, alpha, &mut cands);
        self.stack[ply].cands = cands;
        match searched {
            Ok((best, best_move)) => {
                self.store(&setup, alpha, best, best_move);
                best
            }
            Err(score) => score,
        }
    }

    /// What the move loop of the node at `ply` reads, worked out once
    /// from its arguments and its frame: the moves' depth, and what the
    /// futility, the move-count pruning and the reductions allow.
    fn setup(
        &self,
        ply: usize,
        alpha: i32,
        beta: i32,
        depth: i32,
        pv_node: bool,
        forced: bool,
    ) -> NodeSetup {
        let frame = &self.stack[ply];
        let eval = frame.facts.eval;
        let features = self.shared.features;
        NodeSetup {
            ply,
            depth,
            beta,
            pv_node,
            forced,
            hash: frame.hash,
            tt_move: frame.tt_move,
            eval,
            new_depth: if forced {
                depth
            } else if frame.extended {
                -1
            } else {
                depth - 1
            },
            // Futility: far below alpha at a shallow node where the
            // opponent has no threat the evaluation cannot see, quiet moves
            // are not searched (the static cut above beta is taken in
            // `search`).
            futile: depth <= FUTILITY_DEPTH
                && !pv_node
                && features.shallow_pruning
                && eval + FUTILITY_MARGIN * depth <= alpha
                && eval.abs() < MATE_BOUND
                && calm(self.pos.board()),
            move_limit: if features.move_count_pruning && (MOVE_COUNT_AT_PV || !pv_node) && !forced
            {
                self.reductions.move_count(depth)
            } else {
                usize::MAX
            },
            reducible: features.lmr && depth >= LMR_MIN_DEPTH && !forced,
        }
    }

    /// A leaf: `depth` 0 or below and no four to block. When the side to
    /// move has fours, a short VCF probe ([`LEAF_VCF_FOURS`]) may find a
    /// mate; otherwise the static evaluation, clamped below the mate
    /// scores, is what the side may stand on in the fours quiescence
    /// ([`LOCAL_FOURS_FLOOR`]) or the four-threes one
    /// ([`QUIESCENCE_PLIES`]), or the score itself when neither is on.
    fn leaf(&mut self, ply: usize, alpha: i32, beta: i32, depth: i32, pv_node: bool) -> i32 {
        let facts = self.stack[ply].facts;
        let features = self.shared.features;
        if facts.own_fours > 0 && features.leaf_vcf_budget > 0 {
            let before = self.vcf.nodes();
            let win = self
                .vcf
                .wins(&mut self.pos, LEAF_VCF_FOURS, features.leaf_vcf_budget);
            let used = self.vcf.nodes() - before;
            self.count(used);
            if let Some(line) = win {
                return MATE - ply as i32 - line.len() as i32;
            }
        }
        let stand = facts.eval.clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        if features.local_fours && depth > LOCAL_FOURS_FLOOR {
            return self.local_fours(depth, stand, alpha, beta, ply, pv_node);
        }
        if features.quiescence && depth > -QUIESCENCE_PLIES {
            return self.four_threes(depth, stand, alpha, beta, ply, pv_node);
        }
        stand
    }

    /// The move loop of the node `n` from `alpha`: its candidates `cands`
    /// in the picker's order ([`Picker`]), each pruned or searched
    /// ([`Worker::search_move`]) until one reaches beta. The best score
    /// and move, or `Err` with the node's score when the loop ends it
    /// without a result to store: a singular test's cut, or the search
    /// stopped (0).
    fn move_loop(
        &mut self,
        n: &NodeSetup,
        mut alpha: i32,
        cands: &mut [Cand],
    ) -> Result<(i32, Option<Pos>), i32> {
        let mut best = -MATE;
        let mut best_move = None;
        let quiet_breadth = self.shared.features.quiet_breadth;
        let mut quiets = 0;
        let side = self.pos.side().index() * Pos::GRID_SIZE;
        let history = &self.history[side..side + Pos::GRID_SIZE];
        let picker = Picker::new(cands, n.tt_move, self.stack[n.ply].killers, history);
        for (i, c) in picker {
            let m = c.pos;
            if Some(m) == self.stack[n.ply].excluded {
                continue;
            }
            let quiet = c.own < Combo::Three && c.opp < Combo::Three && Some(m) != n.tt_move;
            if quiet && n.futile {
                best = best.max(n.eval + FUTILITY_MARGIN * n.depth);
                continue;
            }
            if i >= n.move_limit
                && best > -MATE_BOUND
                && c.own < MOVE_COUNT_SPARES_FROM
                && Some(m) != n.tt_move
            {
                continue;
            }
            if quiet {
                quiets += 1;
                if !n.pv_node && quiet_breadth > 0 && quiets > quiet_breadth && best > -MATE_BOUND {
                    break;
                }
            }
            let extension = self.extension(n, m)?;
            let score = self.search_move(n, i, &c, quiet, n.new_depth + extension, alpha);
            if self.stopped {
                return Err(0);
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if n.pv_node {
                        self.extend_pv(n.ply, m);
                    }
                    if score >= n.beta {
                        if quiet {
                            self.reward_cut(n.ply, m, n.depth);
                        }
                        break;
                    }
                }
            }
        }
        Ok((best, best_move))
    }

    /// The extension of the move `m` of the node `n`: a ply for the table
    /// move if the singular test finds it singular ([`SINGULAR_DEPTH`],
    /// [`SINGULAR_PLY_FACTOR`]), else none; `Err` with the node's score
    /// when the test cuts the node or the search stopped during it.
    fn extension(&mut self, n: &NodeSetup, m: Pos) -> Result<i32, i32> {
        if !(self.shared.features.singular_extension
            && Some(m) == n.tt_move
            && !n.forced
            && n.depth >= SINGULAR_DEPTH
            && self.stack[n.ply].excluded.is_none()
            && (n.ply as i32) < SINGULAR_PLY_FACTOR * self.root_depth)
        {
            return Ok(0);
        }
        let extension = match self.singular(n.depth, n.beta, n.ply, n.hash, m) {
            Singular::Extend => 1,
            Singular::Cut(score) => return Err(score),
            Singular::No => 0,
        };
        if self.stopped {
            return Err(0);
        }
        Ok(extension)
    }

    /// Plays the candidate `c`, the node `n`'s move numbered `i` in its
    /// order, searches it to `new_depth` and takes it back; its score for
    /// the node's side. The first move is searched with the node's window;
    /// a later one with a zero window, first reduced by the late-move
    /// reduction when the node allows it and the move makes less than
    /// [`LMR_REDUCIBLE_BELOW`], then at full depth if it beats `alpha`,
    /// then, at a PV node, with the full window if it falls inside it.
    fn search_move(
        &mut self,
        n: &NodeSetup,
        i: usize,
        c: &Cand,
        quiet: bool,
        new_depth: i32,
        alpha: i32,
    ) -> i32 {
        let (beta, child) = (n.beta, n.ply + 1);
        self.count(1);
        self.stack[n.ply].played = c.own;
        self.shared.tt.prefetch(self.pos.board().hash_after(c.pos));
        self.pos.make(c.pos);
        let score = if i == 0 {
            -self.search(new_depth, -beta, -alpha, child, n.pv_node)
        } else {
            let mut r = 0;
            if n.reducible && c.own < LMR_REDUCIBLE_BELOW {
                r = self.reductions.reduction(n.depth, i, quiet, n.pv_node);
                r = r.min(new_depth - 1).max(0);
            }
            let mut s = -self.search(new_depth - r, -alpha - 1, -alpha, child, false);
            if s > alpha && r > 0 && !self.stopped {
                s = -self.search(new_depth, -alpha - 1, -alpha, child, false);
            }
            if s > alpha && s < beta && n.pv_node && !self.stopped {
                s = -self.search(new_depth, -beta, -alpha, child, true);
            }
            s
        };
        self.pos.unmake();
        score
    }

    /// A quiet move `m` cut off a node at `ply` of `depth`: it becomes the
    /// ply's first killer and earns history.
    fn reward_cut(&mut self, ply: usize, m: Pos, depth: i32) {
        let k = &mut self.stack[ply].killers;
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        self.reward(m, depth.max(1));
    }

    /// Stores the result of the node `n`'s move loop, searched from
    /// `alpha`: `best` and `best_move`, as a lower bound if it reached
    /// beta, exact if it raised `alpha`, else an upper bound.
    fn store(&self, n: &NodeSetup, alpha: i32, best: i32, best_move: Option<Pos>) {
        let bound = if best >= n.beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            n.hash,
            Entry {
                best: best_move,
                score: to_tt(best, n.ply),
                depth: n.depth.max(0),
                bound,
            },
        );
    }
}

/// What a node's move loop reads of the node, worked out once by
/// [`Worker::node`] before the loop. Kept apart from the node's [`Frame`]:
/// the singular test searches the same ply again and fills that frame
/// anew.
struct NodeSetup {
    /// Plies from the root.
    ply: usize,
    /// The node's depth.
    depth: i32,
    /// The window's upper end.
    beta: i32,
    /// Whether the node is a PV node.
    pv_node: bool,
    /// Whether the node must block a four (its only move).
    forced: bool,
    /// The node's key (see [`Frame::hash`]).
    hash: u64,
    /// The table's move.
    tt_move: Option<Pos>,
    /// The static evaluation.
    eval: i32,
    /// The depth its moves are searched to, before extensions and
    /// reductions.
    new_depth: i32,
    /// Whether quiet moves are pruned by futility.
    futile: bool,
    /// The moves the node may search before the move-count pruning
    /// ([`MOVE_COUNT_BASE`]); `usize::MAX` for no limit.
    move_limit: usize,
    /// Whether late moves may be reduced ([`LMR_MIN_DEPTH`]).
    reducible: bool,
}

/// What the search keeps for one ply of the line under way, a search
/// stack entry: what the ply's nodes share (killers, the move a singular
/// test leaves out, the combo of the move played there, a buffer for the
/// candidates), and what [`Worker::search`] found for the node under way
/// before handing it to [`Worker::node`] (key, table move, facts).
struct Frame {
    /// The move a singular test search leaves out.
    excluded: Option<Pos>,
    /// The combo the move played at this ply made for its side.
    played: Combo,
    /// The two quiet moves that last cut off a node at this ply.
    killers: [Option<Pos>; 2],
    /// The candidates of the node under way.
    cands: Vec<Cand>,
    /// The node's key: the board's hash, with [`EXCLUDED_KEY`] and the
    /// excluded move mixed in during a singular test.
    hash: u64,
    /// The table's move for the node, if it is an empty board point.
    tt_move: Option<Pos>,
    /// Whether the threat extension searches the node one ply.
    extended: bool,
    /// What the node's scan found.
    facts: Facts,
}

impl Frame {
    fn new() -> Frame {
        Frame {
            excluded: None,
            played: Combo::None,
            killers: [None; 2],
            cands: Vec::with_capacity(256),
            hash: 0,
            tt_move: None,
            extended: false,
            facts: Facts::default(),
        }
    }

    /// The score of a node at `ply` that its facts decide: a five to play,
    /// two fives to block, a four whose only block is forbidden, or an
    /// open four to play. Otherwise whether the node is forced, a four to
    /// block, with its candidates cut to the block.
    fn verdict(&mut self, ply: usize) -> Result<bool, i32> {
        let facts = &self.facts;
        let ply = ply as i32;
        if facts.own_fives > 0 {
            return Err(MATE - ply - 1);
        }
        if facts.opp_fives >= 2 {
            return Err(-MATE + ply + 2);
        }
        if let Some(block) = facts.opp_five {
            self.cands.retain(|c| c.pos == block);
            if self.cands.is_empty() {
                // Renju: black's only block is forbidden.
                return Err(-MATE + ply + 2);
            }
            return Ok(true);
        }
        if facts.own_open_fours > 0 {
            return Err(MATE - ply - 3);
        }
        Ok(false)
    }
}

/// What the singular test found.
enum Singular {
    /// The table move is singular: search it a ply deeper.
    Extend,
    /// Other moves reach beta too: the node is a cut with this score.
    Cut(i32),
    /// Nothing.
    No,
}

/// Mixed into the key of a singular test search, with the move it leaves
/// out.
const EXCLUDED_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// Whether the static evaluation may prune here: neither side has a five
/// or an open-four point and the opponent has no four-three point, so no
/// threat is pending that the evaluation cannot see.
fn calm(board: &crate::board::Board) -> bool {
    let me = board.side_to_move();
    let opp = me.opp();
    board.five_count(me) == 0
        && board.five_count(opp) == 0
        && board.open_four_count(me) == 0
        && board.open_four_count(opp) == 0
        && board.four_three_count(opp) == 0
}

/// Plies a PV node of `depth` is searched shallower when its table entry,
/// which has a move, was searched to `entry_depth` only
/// ([`STALE_PV_SHARE`]); the node keeps at least one ply.
fn stale_pv_reduction(depth: i32, entry_depth: i32) -> i32 {
    ((depth - entry_depth.max(0)) * STALE_PV_SHARE / 100)
        .clamp(0, STALE_PV_MAX)
        .min(depth - 1)
}

#[cfg(test)]
mod tests {
    use super::stale_pv_reduction;

    #[test]
    fn a_pv_node_is_searched_shallower_only_when_its_entry_is_stale() {
        // The entry of the iteration before costs nothing.
        assert_eq!(stale_pv_reduction(10, 9), 0);
        assert_eq!(stale_pv_reduction(10, 7), 0);
        // Four plies shallower: a ply.
        assert_eq!(stale_pv_reduction(10, 6), 1);
        assert_eq!(stale_pv_reduction(10, 2), 2);
        // Never more than the cap, and a leaf's entry counts as depth 0.
        assert_eq!(stale_pv_reduction(30, 0), 3);
        assert_eq!(stale_pv_reduction(8, -4), 2);
        // A deeper entry (another thread's) changes nothing.
        assert_eq!(stale_pv_reduction(6, 12), 0);
    }
}
