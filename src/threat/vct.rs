//! VCT: victory by continuous threats (fours and open threes).
//!
//! A depth-first proof-number search (df-pn) over an AND/OR tree. At an OR
//! node the attacker (the side to move at the root) tries every four and
//! every open three. At an AND node the defender answers:
//! - a four by its one block (under renju, attacking with white, a block
//!   forbidden to black loses for black);
//! - an open three by every point where the attacker would make a four (the
//!   only points that stop the straight four) and by every four of its own,
//!   which forces the attacker to answer first. Renju black's forbidden
//!   points are no answers.
//!
//! A move that leaves no four and no open three is no threat, and the line
//! fails. The defence set is a superset of the real defences, so a win found
//! is a real win; what the solver misses are wins whose threats are neither
//! fours nor open threes (for example a move that threatens a four-three).
//!
//! Every node carries a proof number (how many leaves must still be proved
//! to prove it) and a disproof number; the search always descends to the
//! most-proving child under thresholds (with the 1+ε widening of the
//! second-best child's number), and keeps the numbers in a table keyed by
//! the board hash. The attacker may play at most a given number of moves
//! (its depth), then fours only: every line ends in a VCF of any length,
//! which the df-pn search plays itself, sharing the table. A proved entry
//! records how many attacker moves its proof needs, a disproved one how
//! many were allowed, so the table serves searches of other depths soundly.
//!
//! Before the df-pn search, [`Vct::solve`] asks a deep VCF of its own VCF
//! solver.

#[cfg(test)]
mod reference;

use super::vcf::{Vcf, VcfResult, STOP_POLL_NODES};
use crate::board::Pos;
use crate::pattern::Combo;
use crate::position::{four_line, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Default size of the VCT table, in entries (24 bytes each).
pub const VCT_TABLE_ENTRIES: usize = 1 << 16;
/// Fours the VCF solver may play when [`Vct::solve`] first asks it.
pub const VCT_ROOT_VCF_FOURS: u32 = 120;
/// First proof number of an attacker open three (its defender has several
/// answers); a four starts at 1.
const THREE_PN: u32 = 4;

/// An infinite proof or disproof number: the node is solved.
const INF: u32 = u32::MAX;
/// The largest finite proof or disproof number (sums stop there).
const BIG: u32 = INF - 1;
/// Table entries sharing one bucket.
const WAYS: usize = 4;

/// A table entry. `depth` is, for a proof, the attacker moves the proof
/// needs; for a disproof, the attacker moves it was allowed; otherwise the
/// attacker moves left when the numbers were computed.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    pn: u32,
    dn: u32,
    /// Nodes spent below this node (the replacement priority).
    work: u32,
    /// The proving move of a proved attacker node.
    best: Pos,
    depth: u8,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    pn: 0,
    dn: 0,
    work: 0,
    best: Pos::PASS,
    depth: 0,
};

/// A node's numbers as a search returns them.
#[derive(Clone, Copy, Debug)]
struct Numbers {
    pn: u32,
    dn: u32,
    /// As [`Entry::depth`].
    depth: u8,
    /// The proving move of a proved attacker node.
    best: Pos,
}

impl Numbers {
    const fn won(depth: u8, best: Pos) -> Numbers {
        Numbers {
            pn: 0,
            dn: INF,
            depth,
            best,
        }
    }

    const fn lost(depth: u8) -> Numbers {
        Numbers {
            pn: INF,
            dn: 0,
            depth,
            best: Pos::PASS,
        }
    }
}

/// A child of the node being searched: its move, numbers and proof depth.
#[derive(Clone, Copy, Debug)]
struct Child {
    m: Pos,
    pn: u32,
    dn: u32,
    depth: u8,
}

/// A df-pn VCT solver with its own table, and a VCF solver for the first
/// deep VCF.
pub struct Vct {
    table: Vec<Entry>,
    nodes: u64,
    budget: u64,
    /// Node count at which the stop flag is next looked at.
    next_poll: u64,
    /// The instant after which every search gives up, looked at with the
    /// stop flag.
    deadline: Option<Instant>,
    vcf: Vcf,
    /// Move buffers, one per ply from the root.
    moves: Vec<Vec<(Pos, i32)>>,
    children: Vec<Vec<Child>>,
}

impl Default for Vct {
    fn default() -> Vct {
        Vct::new(VCT_TABLE_ENTRIES)
    }
}

/// What a VCT search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VctResult {
    /// A win starting with this attacker move, needing at most this many
    /// attacker moves before a closing VCF (at least 1; from
    /// [`Vct::solve`]'s first VCF, the fours of that VCF).
    Win(Pos, u32),
    /// No VCT within the depth searched.
    None,
    /// The node budget ran out, or the search was stopped, first.
    Unknown,
}

/// Sum of proof (or disproof) numbers: infinite if any is, else capped.
fn add(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(BIG)
    }
}

/// Threshold for the most-proving child when the second best has `second`
/// (the 1+ε trick, ε = 1/2): at least one more than `second`.
fn widen(second: u32, limit: u32) -> u32 {
    if second >= BIG {
        return limit;
    }
    let s = u64::from(second);
    let t = (s + 1).max(s + s.div_ceil(2));
    t.min(u64::from(limit)) as u32
}

/// The threshold a child gets from its parent's sum: what the sum may grow
/// to, less the other children's share.
fn share(threshold: u32, sum: u32, child: u32) -> u32 {
    let t = u64::from(threshold) - u64::from(sum.min(threshold)) + u64::from(child);
    t.min(u64::from(INF)) as u32
}

/// Whether `c` at `p` makes a four for `color` (renju black's candidate
/// double threes make one only if a line holds a four).
fn makes_four(pos: &Position, p: Pos, c: Combo, color: crate::rules::Color) -> bool {
    c >= Combo::Four || (c == Combo::DoubleThree && four_line(pos.board(), p, color))
}

impl Vct {
    /// A solver whose table holds `entries` positions (rounded up to a
    /// power of two, at least one bucket).
    #[must_use]
    pub fn new(entries: usize) -> Vct {
        Vct {
            table: vec![EMPTY_ENTRY; entries.max(WAYS).next_power_of_two()],
            nodes: 0,
            budget: u64::MAX,
            next_poll: 0,
            deadline: None,
            vcf: Vcf::new(entries / 4),
            moves: Vec::new(),
            children: Vec::new(),
        }
    }

    /// Sets an instant after which searches (the first VCF included) give
    /// up as if stopped, looked at every [`STOP_POLL_NODES`] stones or so;
    /// `None` for no limit.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.vcf.set_deadline(deadline);
    }

    /// Forgets every solved position.
    pub fn clear(&mut self) {
        self.table.fill(EMPTY_ENTRY);
        self.vcf.clear();
    }

    /// Stones played so far (attacker and defender moves, and the quick
    /// looks at answers that leave an open four), the VCF solver's
    /// included.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes + self.vcf.nodes()
    }

    /// Looks for a VCT of at most `max_depth` attacker moves for the side to
    /// move, playing at most `budget` stones. A deep VCF is asked first,
    /// with half the budget.
    pub fn solve(&mut self, pos: &mut Position, max_depth: u32, budget: u64) -> VctResult {
        self.solve_with_stop(pos, max_depth, budget, None)
    }

    /// [`Vct::solve`] that gives up, answering [`VctResult::Unknown`], once
    /// `stop` is set (looked at first, then every [`STOP_POLL_NODES`]
    /// stones or so).
    pub fn solve_with_stop(
        &mut self,
        pos: &mut Position,
        max_depth: u32,
        budget: u64,
        stop: Option<&AtomicBool>,
    ) -> VctResult {
        let before = self.nodes();
        match self
            .vcf
            .solve_with_stop(pos, VCT_ROOT_VCF_FOURS, budget / 2, stop)
        {
            VcfResult::Win(line) => {
                return VctResult::Win(line[0], (line.len() as u32).div_ceil(2));
            }
            VcfResult::Unknown if self.halted(stop) => return VctResult::Unknown,
            _ => {}
        }
        let used = self.nodes() - before;
        self.solve_threats_with_stop(pos, max_depth, budget.saturating_sub(used), stop)
    }

    /// [`Vct::solve`] without the first deep VCF (for callers that have
    /// already asked one).
    pub fn solve_threats(&mut self, pos: &mut Position, max_depth: u32, budget: u64) -> VctResult {
        self.solve_threats_with_stop(pos, max_depth, budget, None)
    }

    /// [`Vct::solve_threats`] that gives up, answering
    /// [`VctResult::Unknown`], once `stop` is set.
    pub fn solve_threats_with_stop(
        &mut self,
        pos: &mut Position,
        max_depth: u32,
        budget: u64,
        stop: Option<&AtomicBool>,
    ) -> VctResult {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return VctResult::Unknown;
        }
        self.budget = self.nodes().saturating_add(budget);
        self.next_poll = self.nodes() + u64::from(STOP_POLL_NODES);
        let depth = max_depth.min(u32::from(u8::MAX)) as u8;
        match self.search(pos, true, depth, INF, INF, stop) {
            Some(n) if n.pn == 0 => VctResult::Win(n.best, u32::from(n.depth).max(1)),
            Some(n) if n.dn == 0 => VctResult::None,
            _ => VctResult::Unknown,
        }
    }

    /// Whether the search must give up: out of budget, or stopped (the flag
    /// is read once every [`STOP_POLL_NODES`] nodes).
    fn out_of_budget(&mut self, stop: Option<&AtomicBool>) -> bool {
        let nodes = self.nodes();
        if nodes >= self.budget {
            return true;
        }
        if nodes >= self.next_poll {
            self.next_poll = nodes + u64::from(STOP_POLL_NODES);
            if self.halted(stop) {
                self.budget = nodes;
                return true;
            }
        }
        false
    }

    /// Whether `stop` is set or the deadline has passed.
    fn halted(&self, stop: Option<&AtomicBool>) -> bool {
        stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1) & !(WAYS - 1)
    }

    /// The numbers the table holds for `key` that are valid with `depth`
    /// attacker moves left.
    fn probe(&self, key: u64, depth: u8) -> Option<Numbers> {
        let b = self.bucket(key);
        let e = self.table[b..b + WAYS].iter().find(|e| e.key == key)?;
        let valid = if e.pn == 0 {
            e.depth <= depth
        } else if e.dn == 0 {
            e.depth >= depth
        } else {
            e.depth == depth
        };
        valid.then_some(Numbers {
            pn: e.pn,
            dn: e.dn,
            depth: e.depth,
            best: e.best,
        })
    }

    fn store(&mut self, key: u64, n: Numbers, work: u64) {
        let b = self.bucket(key);
        let slots = &mut self.table[b..b + WAYS];
        let i = slots.iter().position(|e| e.key == key).unwrap_or_else(|| {
            (0..WAYS)
                .min_by_key(|&i| slots[i].work)
                .expect("a bucket has entries")
        });
        slots[i] = Entry {
            key,
            pn: n.pn,
            dn: n.dn,
            work: work.min(u64::from(u32::MAX)) as u32,
            best: n.best,
            depth: n.depth,
        };
    }

    /// The attacker node's moves (into `moves`, best first), or its value
    /// when it needs no search. With no attacker moves left (`depth` 0)
    /// only fours remain.
    fn attacker_moves(
        &mut self,
        pos: &mut Position,
        depth: u8,
        moves: &mut Vec<(Pos, i32)>,
    ) -> Option<Numbers> {
        let me = pos.side();
        let opp = me.opp();
        let (mut own_five, mut opp_five, mut opp_fives, mut open_four, mut opp_open_four) =
            (None, None, 0, None, false);
        {
            let board = pos.board();
            pos.for_each_candidate(|p| {
                let c = board.combo(p, me);
                let oc = board.combo(p, opp);
                if c == Combo::Five {
                    own_five.get_or_insert(p);
                }
                if oc == Combo::Five {
                    opp_fives += 1;
                    opp_five.get_or_insert(p);
                }
                if c == Combo::OpenFour {
                    open_four.get_or_insert(p);
                }
                if oc == Combo::OpenFour {
                    opp_open_four = true;
                }
                if c >= Combo::Three {
                    moves.push((p, c as i32 * 64 - i32::from(oc as u8)));
                }
            });
        }
        if let Some(p) = own_five {
            return Some(Numbers::won(0, p));
        }
        if opp_fives > 1 {
            return Some(Numbers::lost(depth));
        }
        if opp_five.is_none() {
            if let Some(p) = open_four {
                return Some(Numbers::won(0, p));
            }
        }
        if let Some(block) = opp_five {
            // The opponent has a four: only its block can be ours.
            moves.clear();
            if pos.is_legal(block, me) {
                moves.push((block, 0));
            }
        } else if opp_open_four || depth == 0 {
            // Facing an open three, only fours keep the initiative; and
            // when no threat is left, fours go on (a VCF).
            moves.retain(|&(p, _)| makes_four(pos, p, pos.board().combo(p, me), me));
        }
        moves.retain(|&(p, _)| {
            pos.board().combo(p, me) != Combo::DoubleThree || pos.is_legal(p, me)
        });
        if moves.is_empty() {
            return Some(Numbers::lost(depth));
        }
        moves.sort_unstable_by_key(|&(p, s)| (std::cmp::Reverse(s), p));
        None
    }

    /// The defender node's answers (into `moves`, best first), or its value
    /// when it needs no search.
    fn defender_moves(
        &mut self,
        pos: &mut Position,
        depth: u8,
        moves: &mut Vec<(Pos, i32)>,
    ) -> Option<Numbers> {
        let me = pos.side();
        let att = me.opp();
        let (mut own_five, mut att_five, mut att_fives, mut att_open_four) =
            (false, None, 0, false);
        {
            let board = pos.board();
            pos.for_each_candidate(|p| {
                let c = board.combo(p, me);
                let ac = board.combo(p, att);
                own_five |= c == Combo::Five;
                if ac == Combo::Five {
                    att_fives += 1;
                    att_five.get_or_insert(p);
                }
                att_open_four |= ac == Combo::OpenFour;
                let own_four =
                    c >= Combo::Four || (c == Combo::DoubleThree && four_line(board, p, me));
                // A point forbidden to renju black still defends against it.
                let att_line =
                    (ac >= Combo::Three || ac == Combo::Forbidden) && four_line(board, p, att);
                if own_four || att_line || ac >= Combo::Four {
                    moves.push((p, ac as i32 * 64 + c as i32));
                }
            });
        }
        if own_five {
            return Some(Numbers::lost(depth));
        }
        if att_fives >= 2 {
            return Some(Numbers::won(0, Pos::PASS));
        }
        if let Some(block) = att_five {
            moves.clear();
            if pos.is_legal(block, me) {
                moves.push((block, 0));
            }
        } else if !att_open_four {
            // The attacker's move threatened nothing.
            return Some(Numbers::lost(depth));
        } else {
            moves.retain(|&(p, _)| pos.is_legal(p, me));
        }
        if moves.is_empty() {
            // Every answer is forbidden to renju black.
            return Some(Numbers::won(0, Pos::PASS));
        }
        moves.sort_unstable_by_key(|&(p, s)| (std::cmp::Reverse(s), p));
        None
    }

    /// Searches the node at `pos` (`or`: the attacker to move, with `depth`
    /// attacker moves left) until its proof number reaches `th_pn` or its
    /// disproof number `th_dn`. `None` when the budget ran out or the
    /// search was stopped.
    fn search(
        &mut self,
        pos: &mut Position,
        or: bool,
        depth: u8,
        th_pn: u32,
        th_dn: u32,
        stop: Option<&AtomicBool>,
    ) -> Option<Numbers> {
        let key = pos.board().hash();
        let known = self.probe(key, depth);
        if let Some(n) = known.filter(|n| n.pn == 0 || n.dn == 0) {
            return Some(n);
        }
        let start = self.nodes();
        let ply = pos.board().history().len();
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
            self.children.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        let terminal = if or {
            self.attacker_moves(pos, depth, &mut moves)
        } else {
            self.defender_moves(pos, depth, &mut moves)
        };
        if let Some(n) = terminal {
            self.moves[ply] = moves;
            self.store(key, n, self.nodes() - start);
            return Some(n);
        }
        let child_depth = if or { depth.saturating_sub(1) } else { depth };
        let mut children = std::mem::take(&mut self.children[ply]);
        children.clear();
        self.first_numbers(pos, or, child_depth, &moves, &mut children);
        self.moves[ply] = moves;
        let result = loop {
            let t = Tally::of(&children, or);
            if t.pn == 0 || t.dn == 0 || t.pn >= th_pn || t.dn >= th_dn {
                break Some(t.numbers(&children, or, depth));
            }
            if self.out_of_budget(stop) {
                break None;
            }
            let best = &children[t.best];
            let (c_pn, c_dn) = if or {
                (widen(t.second, th_pn), share(th_dn, t.dn, best.dn))
            } else {
                (share(th_pn, t.pn, best.pn), widen(t.second, th_dn))
            };
            let m = best.m;
            self.nodes += 1;
            pos.make(m);
            let r = self.search(pos, !or, child_depth, c_pn, c_dn, stop);
            pos.unmake();
            let Some(r) = r else { break None };
            let c = &mut children[t.best];
            (c.pn, c.dn, c.depth) = (r.pn, r.dn, r.depth);
        };
        self.children[ply] = children;
        if let Some(n) = result {
            self.store(key, n, self.nodes() - start);
        }
        result
    }

    /// The children of the node at `pos` (`or`: the attacker to move), one
    /// for each of `moves`, into `children` with their numbers from the
    /// table or first estimates (valid with `child_depth` attacker moves
    /// left): after an attacker four one answer, after an open three a
    /// few ([`THREE_PN`]). A defender answer that is no four and leaves the
    /// attacker an open four loses at once, and is stored so.
    // Out of line: inlined into the recursive `search`, it costs the
    // df-pn loop there about 1% more instructions on the bench.
    #[inline(never)]
    fn first_numbers(
        &mut self,
        pos: &mut Position,
        or: bool,
        child_depth: u8,
        moves: &[(Pos, i32)],
        children: &mut Vec<Child>,
    ) {
        let me = pos.side();
        // The attacker's open-four points, for the answers that leave one.
        let mut open_fours = [Pos::PASS; 8];
        let mut n_open = 0;
        if !or {
            pos.for_each_candidate(|p| {
                if n_open < open_fours.len() && pos.board().combo(p, me.opp()) == Combo::OpenFour {
                    open_fours[n_open] = p;
                    n_open += 1;
                }
            });
        }
        for &(m, _) in moves {
            let known = self.probe(pos.board().hash_after(m), child_depth);
            let c = pos.board().combo(m, me);
            let (pn, dn, d) = match known {
                Some(n) => (n.pn, n.dn, n.depth),
                None if or && !makes_four(pos, m, c, me) => (THREE_PN, 1, child_depth),
                None if !or && !makes_four(pos, m, c, me) => {
                    if self.leaves_open_four(pos, m, &open_fours[..n_open]) {
                        let key = pos.board().hash_after(m);
                        self.store(key, Numbers::won(0, Pos::PASS), 1);
                        (0, INF, 0)
                    } else {
                        (1, 1, child_depth)
                    }
                }
                None => (1, 1, child_depth),
            };
            children.push(Child {
                m,
                pn,
                dn,
                depth: d,
            });
        }
    }

    /// Whether the defender's answer `m` leaves the attacker one of its
    /// open-four points `open_fours` (other than `m`): a quick look, one
    /// stone played and taken back.
    fn leaves_open_four(&mut self, pos: &mut Position, m: Pos, open_fours: &[Pos]) -> bool {
        let att = pos.side().opp();
        self.nodes += 1;
        pos.make(m);
        let board = pos.board();
        let lost = open_fours
            .iter()
            .any(|&p| p != m && board.combo(p, att) == Combo::OpenFour);
        pos.unmake();
        lost
    }
}

/// A node's numbers from its children's: the OR node proves through its
/// easiest child and disproves through them all, the AND node the other
/// way round.
struct Tally {
    pn: u32,
    dn: u32,
    /// The most-proving child (the first of the smallest own numbers).
    best: usize,
    /// The second smallest own number, for the 1+ε threshold.
    second: u32,
}

impl Tally {
    fn of(children: &[Child], or: bool) -> Tally {
        let (mut first, mut second) = (INF, INF);
        let (mut sum, mut best) = (0, 0);
        for (i, c) in children.iter().enumerate() {
            let (own, other) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
            if own < first {
                second = first;
                first = own;
                best = i;
            } else if own < second {
                second = own;
            }
            sum = add(sum, other);
        }
        let (pn, dn) = if or { (first, sum) } else { (sum, first) };
        Tally {
            pn,
            dn,
            best,
            second,
        }
    }

    /// The node's result once the search of it ends, with `depth`
    /// attacker moves left: a proof with the moves it needs (and, at an
    /// OR node, its proving move), a disproof, or the open numbers.
    fn numbers(&self, children: &[Child], or: bool, depth: u8) -> Numbers {
        if self.pn == 0 {
            if or {
                let c = children[self.best];
                Numbers::won(if depth == 0 { 0 } else { c.depth + 1 }, c.m)
            } else {
                let d = children.iter().map(|c| c.depth).max().unwrap_or(0);
                Numbers::won(d, Pos::PASS)
            }
        } else if self.dn == 0 {
            Numbers::lost(depth)
        } else {
            Numbers {
                pn: self.pn,
                dn: self.dn,
                depth,
                best: Pos::PASS,
            }
        }
    }
}
