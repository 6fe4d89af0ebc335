//! VCT: victory by continuous threats (fours and open threes).
//!
//! An AND/OR search, deepened one attacker move at a time, with a table of
//! solved positions. At an attacker node the attacker (the side to move)
//! tries every four and every open three, after first asking the VCF
//! solver. At a defender node the defender answers:
//! - a four by its one block (under renju, attacking with white, a block
//!   forbidden to black loses for black);
//! - an open three by every point where the attacker would make a four (the
//!   only points that stop the straight four) and by every four of its own,
//!   which forces the attacker to answer first.
//!
//! A move that leaves no four and no open three is no threat, and the line
//! fails. The defence set is a superset of the real defences, so a win found
//! is a real win; what the solver misses are wins whose threats are neither
//! fours nor open threes (for example a move that threatens a four-three).

use super::vcf::{Vcf, VcfResult};
use crate::board::Pos;
use crate::eval::{four_line, Position};
use crate::pattern::Combo;

/// Default size of the VCT table, in entries (8 bytes each).
pub const VCT_TABLE_ENTRIES: usize = 1 << 16;
/// Fours the VCF solver may use at each VCT attacker node.
pub const VCT_VCF_FOURS: u32 = 8;
/// Fours the VCF solver may play when [`Vct::solve`] first asks it.
pub const VCT_ROOT_VCF_FOURS: u32 = 120;
/// Stones the VCF solver may play at each VCT attacker node.
pub const VCT_VCF_BUDGET: u64 = 2_000;

/// A VCT solver with its own table and VCF solver.
pub struct Vct {
    table: Vec<u64>,
    nodes: u64,
    budget: u64,
    vcf: Vcf,
    buffers: Vec<Vec<(Pos, i32)>>,
}

impl Default for Vct {
    fn default() -> Vct {
        Vct::new(VCT_TABLE_ENTRIES)
    }
}

/// What a VCT search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VctResult {
    /// A win starting with this attacker move, found at this depth (in
    /// attacker moves).
    Win(Pos, u32),
    /// No VCT within the deepest depth searched.
    None,
    /// The node budget ran out first.
    Unknown,
}

const WIN: u64 = 1 << 7;

impl Vct {
    /// A solver whose table holds `entries` positions.
    #[must_use]
    pub fn new(entries: usize) -> Vct {
        Vct {
            table: vec![0; entries.max(2).next_power_of_two()],
            nodes: 0,
            budget: u64::MAX,
            vcf: Vcf::new(entries / 4),
            buffers: Vec::new(),
        }
    }

    /// Forgets every solved position.
    pub fn clear(&mut self) {
        self.table.fill(0);
        self.vcf.clear();
    }

    /// Stones played so far, the VCF solver's included.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes + self.vcf.nodes()
    }

    /// Looks for a VCT of at most `max_depth` attacker moves for the side to
    /// move, playing at most `budget` stones (VCF probes included).
    pub fn solve(&mut self, pos: &mut Position, max_depth: u32, budget: u64) -> VctResult {
        // Fours alone first, as deep as half the budget allows.
        let before = self.nodes();
        if let VcfResult::Win(line) = self.vcf.solve(pos, VCT_ROOT_VCF_FOURS, budget / 2) {
            return VctResult::Win(line[0], (line.len() as u32).div_ceil(2));
        }
        let used = self.nodes() - before;
        self.solve_threats(pos, max_depth, budget.saturating_sub(used))
    }

    /// [`Vct::solve`] without the first deep VCF (for callers that have
    /// already asked one).
    pub fn solve_threats(&mut self, pos: &mut Position, max_depth: u32, budget: u64) -> VctResult {
        self.budget = self.nodes().saturating_add(budget);
        let mut unknown = false;
        for depth in 1..=max_depth {
            let mut first = None;
            match self.attack(pos, depth, true, &mut first) {
                Some(true) => return VctResult::Win(first.expect("a win has a first move"), depth),
                Some(false) => {}
                None => {
                    unknown = true;
                    break;
                }
            }
        }
        if unknown {
            VctResult::Unknown
        } else {
            VctResult::None
        }
    }

    fn probe(&self, hash: u64, depth: u32) -> Option<bool> {
        let e = self.table[(hash as usize) & (self.table.len() - 1)];
        if e & !0xFF != hash & !0xFF || e == 0 {
            return None;
        }
        let d = u32::from((e & 0x7F) as u8);
        if e & WIN != 0 {
            (depth >= d).then_some(true)
        } else {
            (depth <= d).then_some(false)
        }
    }

    fn store(&mut self, hash: u64, depth: u32, win: bool) {
        let i = (hash as usize) & (self.table.len() - 1);
        self.table[i] = (hash & !0xFF) | u64::from(depth.min(0x7F)) | if win { WIN } else { 0 };
    }

    fn out_of_budget(&self) -> bool {
        self.nodes() >= self.budget
    }

    /// The attacker to move; `first` receives the winning move at the root.
    fn attack(
        &mut self,
        pos: &mut Position,
        depth: u32,
        root: bool,
        first: &mut Option<Pos>,
    ) -> Option<bool> {
        let me = pos.side();
        let opp = me.opp();
        let ply = pos.board().history().len();
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
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
        let result = 'node: {
            if let Some(p) = own_five {
                first.get_or_insert(p);
                break 'node Some(true);
            }
            if opp_fives > 1 {
                break 'node Some(false);
            }
            if opp_five.is_none() {
                if let Some(p) = open_four {
                    first.get_or_insert(p);
                    break 'node Some(true);
                }
            }
            if depth == 0 {
                break 'node Some(false);
            }
            let hash = pos.board().hash();
            if let Some(known) = self.probe(hash, depth) {
                // The root needs its winning move, so it searches again.
                if !(known && root) {
                    break 'node Some(known);
                }
            }
            if opp_five.is_none() {
                let left = self.budget.saturating_sub(self.nodes());
                if let VcfResult::Win(line) =
                    self.vcf.solve(pos, VCT_VCF_FOURS, left.min(VCT_VCF_BUDGET))
                {
                    first.get_or_insert(line[0]);
                    self.store(hash, depth, true);
                    break 'node Some(true);
                }
            }
            if let Some(block) = opp_five {
                moves.clear();
                if pos.is_legal(block, me) {
                    moves.push((block, 0));
                }
            } else if opp_open_four {
                // Facing an open three, only fours keep the initiative.
                moves.retain(|&(_, s)| s >= Combo::Four as i32 * 64 - 64);
            }
            moves.sort_unstable_by_key(|&(p, s)| (std::cmp::Reverse(s), p));
            let mut outcome = Some(false);
            for &(m, _) in &moves {
                if pos.board().combo(m, me) == Combo::DoubleThree && !pos.is_legal(m, me) {
                    continue;
                }
                if self.out_of_budget() {
                    outcome = None;
                    break;
                }
                self.nodes += 1;
                pos.make(m);
                let r = self.defend(pos, depth - 1);
                pos.unmake();
                match r {
                    Some(true) => {
                        first.get_or_insert(m);
                        outcome = Some(true);
                        break;
                    }
                    Some(false) => {}
                    None => {
                        outcome = None;
                        break;
                    }
                }
            }
            if let Some(win) = outcome {
                self.store(hash, depth, win);
            }
            outcome
        };
        self.buffers[ply] = moves;
        result
    }

    /// The defender to move, after an attacker move.
    fn defend(&mut self, pos: &mut Position, depth: u32) -> Option<bool> {
        let me = pos.side();
        let att = me.opp();
        let ply = pos.board().history().len();
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
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
        let result = 'node: {
            if own_five {
                break 'node Some(false);
            }
            if att_fives >= 2 {
                break 'node Some(true);
            }
            if let Some(block) = att_five {
                if !pos.is_legal(block, me) {
                    break 'node Some(true);
                }
                self.nodes += 1;
                pos.make(block);
                let r = self.attack(pos, depth, false, &mut None);
                pos.unmake();
                break 'node r;
            }
            if !att_open_four {
                break 'node Some(false);
            }
            moves.sort_unstable_by_key(|&(p, s)| (std::cmp::Reverse(s), p));
            for &(m, _) in &moves {
                if !pos.is_legal(m, me) {
                    continue;
                }
                if self.out_of_budget() {
                    break 'node None;
                }
                self.nodes += 1;
                pos.make(m);
                let r = self.attack(pos, depth, false, &mut None);
                pos.unmake();
                if r != Some(true) {
                    break 'node r;
                }
            }
            Some(true)
        };
        self.buffers[ply] = moves;
        result
    }
}
