//! Every search tunable, in one place, with what it buys; the experiments
//! behind each are in `docs/lab/search.md` and `docs/lab/time.md` (lab IDs).

use crate::pattern::Combo;

/// Plies the search may reach below the root (arrays are sized by it).
/// Unmeasured.
pub const MAX_PLY: usize = 128;

/// The deepest iteration: [`MAX_PLY`] less room for the extensions and the
/// leaf stages below the nominal depth. Unmeasured.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 16;

/// Transposition table size when the manager sets none (bytes). Unmeasured;
/// a larger table under `max_memory` measured even (lab S-118).
pub const DEFAULT_HASH_BYTES: usize = 64 << 20;

/// Stack of each helper thread (bytes): the recursion is up to [`MAX_PLY`]
/// deep with a move list per ply. Unmeasured.
pub const HELPER_STACK_BYTES: usize = 16 << 20;

/// Depth searched when the root has a single legal answer (a forced block).
/// The whole budget instead measured even (lab S-070, S-089).
pub const SINGLE_MOVE_DEPTH: u32 = 4;

/// Iterations go on past a mate score by this many plies, to confirm it,
/// then stop. Unmeasured.
pub const MATE_EXTRA_PLIES: i32 = 2;

/// Fours a VCF probe at a leaf may play. Unmeasured (the probes are off).
pub const LEAF_VCF_FOURS: u32 = 10;
/// Stones a VCF probe at a leaf may play; 0, off: probes of 60 stones cost
/// −68.9 Elo at 100 ms (lab S-003, S-065).
pub const LEAF_VCF_BUDGET: u64 = 0;

/// The four-threes quiescence stage at the leaves, off: −13.9 Elo at 100 000
/// nodes a move; on all fours even (lab S-010, S-022).
pub const QUIESCENCE: bool = false;

/// One more ply at a leaf where the opponent has a four-three and the side to
/// move no four, off: never measured positive (lab S-010, S-044, S-104).
pub const THREAT_EXTENSION: bool = false;

/// The fours quiescence at the leaves (fours near the side's last stone and
/// their blocks), on, with razoring: +15.9 Elo over pairs (lab S-077, S-092).
pub const LOCAL_FOURS: bool = true;

/// Depth (at or below 0) from which the fours quiescence plays only fours that
/// make something more; −4 and 0 measured even (lab S-103).
pub const LOCAL_FOURS_PLAIN_ABOVE: i32 = -2;

/// Plies below the horizon the fours quiescence may go at most: a guard, since
/// the fours run out long before. Unmeasured.
pub const LOCAL_FOURS_FLOOR: i32 = -24;

/// Chebyshev distance from the side's last stone within which any of its fours
/// is tried by the fours quiescence; 3 measured −13.9 (lab S-095).
pub const LOCAL_FOURS_SQUARE: usize = 2;

/// Depth up to which a calm non-PV node far below alpha is scored by the fours
/// quiescence alone; taken with [`LOCAL_FOURS`] (lab S-092, S-093, S-110).
pub const RAZOR_DEPTH: i32 = 2;
// The razoring reads the evaluation the static cut has read.
const _: () = assert!(RAZOR_DEPTH <= STATIC_CUT_DEPTH);
/// How far below alpha the evaluation must be to razor, by depth; 90 and 140
/// measured even (lab S-094).
pub const RAZOR_MARGIN: [i32; RAZOR_DEPTH as usize + 1] = [0, 125, 190];

/// Plies below the horizon the quiescence stage may go (each four-three costs
/// one, the block none). Unmeasured.
pub const QUIESCENCE_PLIES: i32 = 2;

/// Entries of the VCF probe's own table, per thread. Unmeasured.
pub const LEAF_VCF_TABLE: usize = 1 << 14;

/// Fours the VCF solver may play at the root before the search starts.
/// 120 measured no better: +4.5 ± 26.8, H0 (lab S-122).
pub const ROOT_VCF_FOURS: u32 = 60;
/// Stones the root VCF may play. Unmeasured.
pub const ROOT_VCF_BUDGET: u64 = 400_000;

/// Attacker moves the root VCT may play. The VCT solver bought +31.8 Elo at
/// 200 ms; 12 moves measured even (lab S-006, S-021).
pub const ROOT_VCT_DEPTH: u32 = 8;
/// Stones the root VCT may play when no deadline is set. Unmeasured.
pub const ROOT_VCT_BUDGET: u64 = 60_000;

/// Stones the threat solvers may play to check the search's new best move for
/// an opponent's forced win; 60 000 measured even (lab S-050).
pub const DEFENCE_BUDGET: u64 = 20_000;
/// Share (out of 100) of the time left that one such check may take.
/// Unmeasured.
pub const DEFENCE_TIME_SHARE: u32 = 10;

/// Root moves the last defence check may try, best first. The check bought
/// +25.2 Elo in renju at 200 ms (lab S-008).
pub const FINAL_DEFENCE_MOVES: usize = 6;
/// Stones per millisecond left that the last defence check may play.
/// Unmeasured.
pub const FINAL_DEFENCE_PER_MS: u64 = 500;
/// Stones one last defence check may play at most. Unmeasured.
pub const FINAL_DEFENCE_BUDGET: u64 = 300_000;
/// Milliseconds that must be left for another last defence check.
/// Unmeasured.
pub const FINAL_DEFENCE_MIN_MS: u64 = 2;

/// Half-width of the first aspiration window around the last score; 30 and
/// 100 measured no better (lab S-047, S-054).
pub const ASPIRATION_DELTA: i32 = 60;
/// Beyond this half-width an aspiration window opens fully. Unmeasured.
pub const ASPIRATION_MAX_DELTA: i32 = 2 * super::MATE_BOUND / 30;
/// Depth from which aspiration windows are used. Unmeasured.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Factor by which an aspiration window's half-width grows after each fail.
/// Unmeasured.
pub const ASPIRATION_GROWTH: i32 = 2;

/// Depth from which late moves are reduced by `ln(depth)·ln(move)` plies; with
/// the move-count pruning +35.5 Elo at 100 ms (lab S-020).
pub const LMR_MIN_DEPTH: i32 = 2;
/// Plies of reduction per unit of `ln(depth)·ln(move number)`; 1.25, 0.85
/// and 0.75 measured worse, 1.3 on the helper threads alone even (lab S-020,
/// S-026, S-084, S-116, S-128).
pub const LMR_SCALE: f32 = 1.0;
/// Extra plies of reduction for a quiet move; 1.5 and 0.5 measured −7.8
/// (lab S-052).
pub const LMR_QUIET_EXTRA: f32 = 1.0;
/// Extra plies of reduction at a non-PV node; 1.0 never proven, pooled +5.1
/// (lab S-042, S-096).
pub const LMR_NON_PV_EXTRA: f32 = 0.5;
/// Moves whose own shape is below this are reducible (plain fours too):
/// +16.6 Elo pooled over 4 000 games (lab S-032).
pub const LMR_REDUCIBLE_BELOW: Combo = Combo::FourThree;
/// Root moves from this one on (counted from 0) are searched shallower:
/// +19.4 Elo pooled over 3 503 games (lab S-033, S-035).
pub const ROOT_LMR_FROM: usize = 3;
/// Depth from which root moves are reduced ([`ROOT_LMR_FROM`]); 2 measured
/// even (lab S-043).
pub const ROOT_LMR_MIN_DEPTH: i32 = 3;
/// The most a root move is reduced is the iteration's depth less this many
/// plies. Unmeasured.
pub const ROOT_LMR_SPARES: i32 = 2;

/// Move-count pruning: a node searches at most ⌈base + depth^[`MOVE_COUNT_POWER`]⌉
/// moves once one does not lose; taken with the reductions (lab S-020).
pub const MOVE_COUNT_BASE: f32 = 3.0;
/// How fast the move count grows with depth (19 moves at depth 8); 1.2 even
/// and 1.1 worse against Rapfi (lab S-117).
pub const MOVE_COUNT_POWER: f32 = 1.32;
/// Whether move-count pruning ([`MOVE_COUNT_BASE`]) is on (lab S-020).
pub const MOVE_COUNT_PRUNING: bool = true;
/// Moves whose own shape is below this count against the move count (plain
/// fours too); taken with [`MOVE_COUNT_AT_PV`] (lab S-108).
pub const MOVE_COUNT_SPARES_FROM: Combo = Combo::FourThree;
/// Whether PV nodes are move-count pruned too: with fours counted, +31 Elo
/// against Rapfi classic at 100 ms (lab S-108).
pub const MOVE_COUNT_AT_PV: bool = true;

/// Quiet moves searched at a non-PV node before the rest are dropped (0: no
/// limit); 8 and 24 measured even (lab S-001, S-019, S-028).
pub const QUIET_BREADTH: usize = 12;

/// The singular extension of the table move; with [`STATIC_CUT_MARGIN`] 150,
/// +16.5 Elo over 2 000 games (lab S-031).
pub const SINGULAR_EXTENSION: bool = true;
/// Depth from which the singular test runs; 8 measured even (lab S-053).
pub const SINGULAR_DEPTH: i32 = 6;
/// How much shallower than the node the table entry may be; 3 measured
/// −20.3 over pairs (lab S-090).
pub const SINGULAR_ENTRY_SLACK: i32 = 2;
/// Depth of the singular test, in hundredths of the node's; 40 measured
/// −17.3 (lab S-066).
pub const SINGULAR_DEPTH_SHARE: i32 = 50;
/// Margin a ply below the entry's score that the other moves must fail; 2 and
/// 10 measured no better (lab S-031, S-055).
pub const SINGULAR_MARGIN: i32 = 4;
/// The singular test runs only at plies below this many times the
/// iteration's depth. Unmeasured.
pub const SINGULAR_PLY_FACTOR: i32 = 2;

/// Ordering bonus of the transposition-table move. Unmeasured (lab S-040
/// and S-068 tried reductions for a missing or stale table move).
pub const TT_MOVE_BONUS: i32 = 1 << 28;
/// Ordering bonus of the first and second killer moves; killers ordered
/// lower measured even (lab S-041, S-079, S-101).
pub const KILLER_BONUS: [i32; 2] = [1 << 20, 1 << 19];
/// The history score counts for 1/n in a move's ordering score; 32 and 4
/// measured no better (lab S-045).
pub const HISTORY_ORDER_DIVISOR: i32 = 8;
/// History scores are divided by [`HISTORY_AGE_DIVISOR`] when any reaches
/// this. Unmeasured (lab S-039, S-062, S-078 tried other updates).
pub const HISTORY_MAX: i32 = 1 << 18;
/// What every history score is divided by when one reaches [`HISTORY_MAX`].
/// Unmeasured.
pub const HISTORY_AGE_DIVISOR: i32 = 2;

/// Moves a node picks one at a time before it sorts the rest. Unmeasured
/// (the faster node it belongs to: lab S-030).
pub const PICKED_MOVES: usize = 3;

/// Hundredths of a ply a stale PV node is searched shallower per ply of its
/// entry's shortfall: +17.7 Elo over pairs (lab S-097, S-102).
pub const STALE_PV_SHARE: i32 = 28;
/// Most plies [`STALE_PV_SHARE`] takes off. Unmeasured.
pub const STALE_PV_MAX: i32 = 3;

/// A table entry is kept against a shallower inexact result when deeper by
/// more than this; 0 measured even (lab S-057, S-075, S-105).
pub const TT_KEEP_DEEPER_BY: i32 = 2;
/// The most of a search's time its threads, when more than one, spend
/// mapping in the pages of a new table before they search: two threads
/// against one went from +19.7 to +68.0 Elo at 100 ms (lab S-135).
pub const FAULT_IN_TIME_PERCENT: u32 = 50;
/// When a bucket is full the entry replaced has the least depth less this
/// many plies per search since it was written. Unmeasured.
pub const TT_AGE_WEIGHT: i32 = 8;

/// Nodes between checks of the clock and the stop flag. Unmeasured.
pub const CHECK_EVERY: u64 = 1024;

/// Share (out of 100) of the time to the deadline that the iterations may
/// spend; the rest is kept for the last defence check (lab T-001).
pub const SEARCH_TIME_SHARE: u32 = 94;

/// The most time kept back from the iterations for the last defence check,
/// in milliseconds. Unmeasured (lab T-001).
pub const FINAL_DEFENCE_RESERVE_MS: u64 = 150;

/// Under a match clock (`Limits::optimum`), iterations in a row with the
/// same best move after which it counts as settled (lab T-010).
pub const SETTLED_ITERATIONS: u32 = 4;
/// A settled best move stops the iterations at this share (out of 100) of
/// the optimum (lab T-010).
pub const SETTLED_TIME_PERCENT: u32 = 50;
/// A best move that changed in the last iteration lets them run to this
/// share of the optimum (lab T-010).
pub const UNSETTLED_TIME_PERCENT: u32 = 160;
/// A score that fell by at least [`FALLING_SCORE`] since the last iteration
/// adds this share of the optimum (lab T-010).
pub const FALLING_TIME_PERCENT: u32 = 60;
/// A fall of the score, in centi-stones, that asks for more time (lab T-010).
pub const FALLING_SCORE: i32 = 40;
/// No new iteration starts after this share (out of 100) of the time the
/// iterations may take: it would rarely finish (lab T-010).
pub const NEXT_ITERATION_PERCENT: u32 = 60;

/// Stones the root solvers may play per millisecond left before the deadline;
/// 250 measured −33 Elo, 100 +18 (lab S-007).
pub const ROOT_SOLVER_PER_MS: u64 = 100;

/// Share (out of 100) of the time to the deadline the root solvers may take;
/// 12 measured even (lab T-005).
pub const ROOT_SOLVER_TIME_SHARE: u32 = 25;

/// Under a node limit the root solvers may spend at most 1/n of it (each
/// solver separately). Unmeasured.
pub const ROOT_SOLVER_NODE_SHARE: u64 = 2;

/// Pruning on the static evaluation at shallow depths on calm boards: +42.5
/// Elo at 100 ms (lab S-012; other prunings: S-018, S-063, S-064, S-129).
pub const SHALLOW_PRUNING: bool = true;
/// Depth up to which a node far above beta is a cut; 5 against 3 +16.3 Elo,
/// 7 measured −7.4 (lab S-012, S-049).
pub const STATIC_CUT_DEPTH: i32 = 5;
/// Margin a ply of the static cut; 150 taken with the singular extension
/// (lab S-031; variants S-024, S-088, S-098, S-100, S-107, S-113).
pub const STATIC_CUT_MARGIN: i32 = 150;
/// Depth up to which quiet moves are skipped at a node far below alpha
/// (lab S-012; S-069, S-099 measured wider skipping).
pub const FUTILITY_DEPTH: i32 = 3;
/// Margin a ply of futility pruning; 90 and 200 measured no better (lab
/// S-017, S-027, S-056).
pub const FUTILITY_MARGIN: i32 = 120;
