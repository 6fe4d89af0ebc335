//! The VCT solver df-pn replaced, kept for the tests to compare against:
//! an AND/OR search deepened one attacker move at a time, with a table of
//! solved positions. Its attacker finds its threats from the points' line
//! patterns, not from the combination table the df-pn solver reads, so the
//! comparison is between two independent move generators.

use super::VctResult;

use crate::board::{Board, Dir, Pos};
use crate::pattern::{Combo, Pattern};
use crate::position::{four_line, Position};
use crate::rules::Color;
use crate::threat::vcf::{Vcf, VcfResult};

/// Fours the VCF solver may use at each VCT attacker node.
const VCT_VCF_FOURS: u32 = 8;
/// Stones the VCF solver may play at each VCT attacker node.
const VCT_VCF_BUDGET: u64 = 2_000;

/// The former VCT solver, with its own table and VCF solver.
pub struct ReferenceVct {
    table: Vec<u64>,
    nodes: u64,
    budget: u64,
    vcf: Vcf,
    buffers: Vec<Vec<(Pos, i32)>>,
}

const WIN: u64 = 1 << 7;

/// What a stone of one colour on a point makes, line by line.
struct LineShapes {
    /// The best of the four lines.
    best: Pattern,
    /// Some line makes five.
    five: bool,
    /// How many lines make a four (or better).
    fours: usize,
    /// Some line makes an open four, or two fours at once.
    open_four_line: bool,
}

impl LineShapes {
    fn at(board: &Board, p: Pos, color: Color) -> LineShapes {
        let mut shapes = LineShapes {
            best: Pattern::Dead,
            five: false,
            fours: 0,
            open_four_line: false,
        };
        for d in Dir::ALL {
            let line = board.pattern(p, d, color);
            shapes.best = shapes.best.max(line);
            shapes.five |= line == Pattern::Five;
            shapes.fours += usize::from(line >= Pattern::Four && line != Pattern::Five);
            shapes.open_four_line |= matches!(line, Pattern::OpenFour | Pattern::DoubleFour);
        }
        shapes
    }

    /// A move the defender cannot stop: an open four or a double four
    /// (whether it is legal is asked separately).
    fn unstoppable(&self) -> bool {
        self.open_four_line || self.fours >= 2
    }
}

impl ReferenceVct {
    /// A solver whose table holds `entries` positions.
    #[must_use]
    pub fn new(entries: usize) -> ReferenceVct {
        ReferenceVct {
            table: vec![0; entries.max(2).next_power_of_two()],
            nodes: 0,
            budget: u64::MAX,
            vcf: Vcf::new(entries / 4),
            buffers: Vec::new(),
        }
    }

    /// Stones played so far, the VCF solver's included.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes + self.vcf.nodes()
    }

    /// Looks for a VCT of at most `max_depth` attacker moves for the side to
    /// move, playing at most `budget` stones (VCF probes included).
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
        // The attacker's scan reads each point's four line patterns, as the
        // rulebook defines the shapes, and not the combination table the
        // df-pn solver reads, so that the two solvers stay independent.
        let (mut own_five, mut opp_five, mut opp_fives) = (None, None, 0);
        let (mut open_fours, mut opp_open_fours) = (Vec::new(), Vec::new());
        {
            let board = pos.board();
            pos.for_each_candidate(|p| {
                let mine = LineShapes::at(board, p, me);
                let theirs = LineShapes::at(board, p, opp);
                if mine.five {
                    own_five.get_or_insert(p);
                }
                if theirs.five {
                    opp_fives += 1;
                    opp_five.get_or_insert(p);
                }
                if mine.unstoppable() {
                    open_fours.push(p);
                }
                if theirs.unstoppable() {
                    opp_open_fours.push(p);
                }
                if mine.best >= Pattern::OpenThree {
                    moves.push((p, mine.best as i32 * 64 - theirs.best as i32));
                }
            });
        }
        // Renju black may not make a double four or an overline.
        let open_four = open_fours.into_iter().find(|&p| pos.is_legal(p, me));
        let opp_open_four = opp_open_fours.into_iter().any(|p| pos.is_legal(p, opp));
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
                moves.retain(|&(_, s)| s > Pattern::OpenThree as i32 * 64);
            }
            moves.sort_unstable_by_key(|&(p, s)| (std::cmp::Reverse(s), p));
            let mut outcome = Some(false);
            for &(m, _) in &moves {
                if !pos.is_legal(m, me) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::threat::problems::{VCF_PROBLEMS, VCT_PROBLEMS, VCT_PROBLEM_DEPTH};
    use crate::threat::Vct;
    use std::time::Instant;

    /// Stones each solver may play on one position.
    const BUDGET: u64 = 1_000_000;

    /// The df-pn solver against the former one on every problem, without
    /// the first deep VCF, at the same depth and budget: it must solve
    /// whatever the former solved, with a win where that found one. Prints
    /// the table (`cargo test --release --lib df_pn -- --nocapture`).
    #[test]
    fn df_pn_solves_whatever_the_former_solver_solved() {
        let set = VCF_PROBLEMS
            .iter()
            .map(|p| (p.name, p.board()))
            .chain(VCT_PROBLEMS.iter().map(|p| (p.name, p.board())));
        println!("problem                 old                  nodes    ms | new                  nodes    ms");
        for (name, board) in set {
            let mut pos = Position::new(&board);
            let mut old = ReferenceVct::new(1 << 16);
            let t = Instant::now();
            let a = old.solve_threats(&mut pos, VCT_PROBLEM_DEPTH, BUDGET);
            let ta = t.elapsed().as_secs_f64() * 1e3;
            let mut new = Vct::new(1 << 16);
            let t = Instant::now();
            let b = new.solve_threats(&mut pos, VCT_PROBLEM_DEPTH, BUDGET);
            let tb = t.elapsed().as_secs_f64() * 1e3;
            println!(
                "{name:<22} {:<18} {:>8} {ta:>5.1} | {:<18} {:>8} {tb:>5.1}",
                format!("{a:?}"),
                old.nodes(),
                format!("{b:?}"),
                new.nodes()
            );
            match a {
                VctResult::Win(..) => assert!(matches!(b, VctResult::Win(..)), "{name}: {b:?}"),
                // Past its depth df-pn still plays fours, so it may find
                // a long VCF the former solver's leaf probes missed.
                VctResult::None => assert_ne!(b, VctResult::Unknown, "{name}"),
                VctResult::Unknown => {}
            }
        }
    }
}
