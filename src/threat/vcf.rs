//! VCF: victory by continuous fours.
//!
//! The attacker (the side to move) plays only fours; each forces the
//! defender's one reply, the point that would complete the five. The
//! attacker wins when a four cannot be blocked: an open four, two fours at
//! once, or — under renju, attacking with white — a four whose only block
//! is forbidden to black. Under renju black's fours must themselves be
//! legal (a double four or a double three through a four is no move).
//!
//! Positions found lost for the attacker are kept in a small table of their
//! own, keyed by Zobrist hash and the depth they were searched to.

use crate::board::Pos;
use crate::pattern::Combo;
use crate::position::{four_line, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Nodes between two looks at a stop flag.
pub const STOP_POLL_NODES: u32 = 1024;

/// Default size of the VCF table, in entries (8 bytes each).
pub const VCF_TABLE_ENTRIES: usize = 1 << 16;

/// A VCF solver with its own table of refuted positions.
pub struct Vcf {
    table: Vec<u64>,
    nodes: u64,
    budget: u64,
    /// Buffers of four moves, one per attacker ply.
    buffers: Vec<Vec<(Pos, u8)>>,
    /// Nodes left before the stop flag is looked at again.
    poll: u32,
    /// The instant after which every search gives up, looked at with the
    /// stop flag.
    deadline: Option<Instant>,
}

impl Default for Vcf {
    fn default() -> Vcf {
        Vcf::new(VCF_TABLE_ENTRIES)
    }
}

/// What a VCF search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VcfResult {
    /// A win: the moves of both sides, attacker first, ending with the five.
    Win(Vec<Pos>),
    /// No VCF within the depth searched.
    None,
    /// The node budget ran out first.
    Unknown,
}

impl Vcf {
    /// A solver whose table holds `entries` positions (rounded up to a
    /// power of two).
    #[must_use]
    pub fn new(entries: usize) -> Vcf {
        Vcf {
            table: vec![0; entries.max(2).next_power_of_two()],
            nodes: 0,
            budget: u64::MAX,
            buffers: Vec::new(),
            poll: STOP_POLL_NODES,
            deadline: None,
        }
    }

    /// Sets an instant after which searches give up as if stopped (looked
    /// at every [`STOP_POLL_NODES`] stones); `None` for no limit.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Forgets every refuted position.
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    /// Stones played by the solver since it was made (attacker and defender
    /// moves both count).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Looks for a VCF of at most `max_fours` fours for the side to move,
    /// playing at most `budget` stones.
    pub fn solve(&mut self, pos: &mut Position, max_fours: u32, budget: u64) -> VcfResult {
        self.solve_with_stop(pos, max_fours, budget, None)
    }

    /// [`Vcf::solve`] that also gives up, answering
    /// [`VcfResult::Unknown`], once `stop` is set (looked at first, then
    /// every [`STOP_POLL_NODES`] stones).
    pub fn solve_with_stop(
        &mut self,
        pos: &mut Position,
        max_fours: u32,
        budget: u64,
        stop: Option<&AtomicBool>,
    ) -> VcfResult {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return VcfResult::Unknown;
        }
        self.budget = self.nodes.saturating_add(budget);
        self.poll = STOP_POLL_NODES;
        let mut line = Vec::new();
        match self.attack(pos, max_fours, &mut line, 0, stop) {
            Some(true) => {
                line.reverse();
                VcfResult::Win(line)
            }
            Some(false) => VcfResult::None,
            None => VcfResult::Unknown,
        }
    }

    /// Quick form of [`Vcf::solve`]: whether a VCF was found.
    pub fn wins(&mut self, pos: &mut Position, max_fours: u32, budget: u64) -> Option<Vec<Pos>> {
        match self.solve(pos, max_fours, budget) {
            VcfResult::Win(line) => Some(line),
            _ => None,
        }
    }

    /// Counts a node towards the next look at `stop`; whether it is set.
    fn stopped(&mut self, stop: Option<&AtomicBool>) -> bool {
        self.poll -= 1;
        if self.poll > 0 {
            return false;
        }
        self.poll = STOP_POLL_NODES;
        if stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            // Out of budget from now on, so the whole search unwinds.
            self.budget = self.nodes;
            return true;
        }
        false
    }

    fn refuted(&self, hash: u64, depth: u32) -> bool {
        let e = self.table[(hash as usize) & (self.table.len() - 1)];
        e & !0xFF == hash & !0xFF && u64::from(depth) <= e & 0xFF
    }

    fn store(&mut self, hash: u64, depth: u32) {
        let i = (hash as usize) & (self.table.len() - 1);
        self.table[i] = (hash & !0xFF) | u64::from(depth.min(255));
    }

    /// The attacker (side to move) to play. `Some(true)` a win (the line is
    /// pushed in reverse), `Some(false)` none, `None` out of budget.
    fn attack(
        &mut self,
        pos: &mut Position,
        depth: u32,
        line: &mut Vec<Pos>,
        ply: usize,
        stop: Option<&AtomicBool>,
    ) -> Option<bool> {
        let me = pos.side();
        let opp = me.opp();
        if self.buffers.len() <= ply {
            self.buffers.push(Vec::with_capacity(64));
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        let mut opp_five = None;
        let mut opp_fives = 0;
        let mut own_five = None;
        {
            let board = pos.board();
            pos.for_each_candidate(|p| {
                let c = board.combo(p, me);
                if c == Combo::Five {
                    own_five.get_or_insert(p);
                }
                if board.combo(p, opp) == Combo::Five {
                    opp_fives += 1;
                    opp_five.get_or_insert(p);
                }
                if c >= Combo::Four || c == Combo::DoubleThree {
                    moves.push((p, c as u8));
                }
            });
        }
        if let Some(p) = own_five {
            line.push(p);
            self.buffers[ply] = moves;
            return Some(true);
        }
        let result = 'search: {
            if depth == 0 || opp_fives > 1 || self.refuted(pos.board().hash(), depth) {
                break 'search Some(false);
            }
            if let Some(block) = opp_five {
                // The opponent has a four: only its block can be ours, and
                // it must be a four too.
                moves.retain(|&(p, _)| p == block);
            }
            // The strongest shapes first.
            moves.sort_unstable_by_key(|&(p, c)| (std::cmp::Reverse(c), p));
            for &(m, c) in &moves {
                if c == Combo::DoubleThree as u8 {
                    // A candidate double three (renju black): a move only if
                    // it is also a four and legal.
                    if !four_line(pos.board(), m, me) || !pos.is_legal(m, me) {
                        continue;
                    }
                }
                if self.nodes >= self.budget || self.stopped(stop) {
                    break 'search None;
                }
                self.nodes += 1;
                pos.make(m);
                let (fives, n) = pos.fives_around(m, me);
                let outcome = if n == 0 {
                    Some(false)
                } else if n >= 2 {
                    line.push(fives[0]);
                    line.push(fives[1]);
                    Some(true)
                } else {
                    let block = fives[0];
                    if !pos.is_legal(block, opp) {
                        // Renju: black's only block is forbidden.
                        line.push(block);
                        Some(true)
                    } else if pos.board().combo(block, opp) == Combo::Five {
                        Some(false)
                    } else {
                        self.nodes += 1;
                        pos.make(block);
                        let r = self.attack(pos, depth - 1, line, ply + 1, stop);
                        pos.unmake();
                        if r == Some(true) {
                            line.push(block);
                        }
                        r
                    }
                };
                pos.unmake();
                match outcome {
                    Some(true) => {
                        line.push(m);
                        break 'search Some(true);
                    }
                    Some(false) => {}
                    None => break 'search None,
                }
            }
            self.store(pos.board().hash(), depth);
            Some(false)
        };
        self.buffers[ply] = moves;
        result
    }
}
