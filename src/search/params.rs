//! Every search tunable, in one place, with what it buys.

use crate::pattern::Combo;

/// Plies the search may reach below the root (arrays are sized by it).
pub const MAX_PLY: usize = 128;

/// The deepest iteration: [`MAX_PLY`] less room for the forced-move
/// extensions and the quiescence stage below the nominal depth.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 16;

/// Transposition table size when the manager sets none (bytes).
pub const DEFAULT_HASH_BYTES: usize = 64 << 20;

/// Stack of each helper thread (bytes): the recursion is up to
/// [`MAX_PLY`] deep with a move list per ply.
pub const HELPER_STACK_BYTES: usize = 16 << 20;

/// Depth searched when the root has a single legal answer (a forced
/// block): only its score is wanted. Searching it with the whole budget
/// instead, to fill the table for the next move, scored +6.9 ± 21.1 in
/// 1 000 freestyle games (LLR −2.08, no verdict) at 100 ms: not taken.
/// Nor together with two other changes that came close alone
/// ([`LMR_NON_PV_EXTRA`] at 1.0, the order's value weights at 1/8, see
/// `crate::eval::ORDER`): freestyle 430–29–425 in 884 games (+2.0 ±22.6,
/// H0, `--seed 31`).
pub const SINGLE_MOVE_DEPTH: u32 = 4;

/// Iterations go on past a mate score by this many plies, to confirm it,
/// then stop. Unmeasured.
pub const MATE_EXTRA_PLIES: i32 = 2;

/// Fours a VCF probe at a leaf may play: deep enough for most tactical
/// finishes, shallow enough to stay cheap.
pub const LEAF_VCF_FOURS: u32 = 10;
/// Stones a VCF probe at a leaf may play; 0 turns the probes off, which
/// is the default because they cost more than they find. Self-play at
/// 50 000 nodes a move: probes of 400 stones against none scored 14–1–35
/// in standard (about −156 Elo, 95%: −281 to −60) and none against 400
/// scored 30–1–19 in freestyle (+77); probes of 40 against none scored
/// 16–1–33 in standard. The root still asks a deep VCF before searching.
/// Measured again on the shipped build, at 100 ms a move (same conditions
/// as [`SHALLOW_PRUNING`]), probes of 60 stones against none: freestyle
/// 55–1–82 in 138 games (−68.9 Elo ±59.5, H0).
pub const LEAF_VCF_BUDGET: u64 = 0;

/// The quiescence stage at the leaves (the side to move's four-threes and
/// their forced blocks), off: `tengen-arena`, self-play at 100 000 nodes a
/// move (`--nodes`), freestyle 15×15, 200 games from random openings, on
/// against off scored 94–4–102 (−13.9 Elo ±48.0). The stage on all the side
/// to move's fours instead (each four and its forced block, up to 6 plies
/// below the horizon) against none, same conditions as
/// [`SHALLOW_PRUNING`]: freestyle 378–8–380 in 765 games (−0.9 Elo ±24.5,
/// H0 accepted); not taken.
pub const QUIESCENCE: bool = false;

/// One more ply at a leaf where the opponent has a four-three and the side
/// to move has no four, off: with the quiescence stage, against neither,
/// same conditions, 103–5–92 (+19.1 Elo ±47.9), not enough to keep. Alone,
/// against none, same conditions as [`SHALLOW_PRUNING`]: freestyle
/// 233–25–245 in 503 games (−8.3 Elo ±29.7, H0). Also at a leaf where the
/// opponent has an open three (and the side to move no four): 183–11–201
/// in 395 games (−15.8 ±33.9, H0). Not taken. Nor a node that must stop
/// the opponent's open three with at most three moves (its defences and
/// own fours) searching them without losing a ply, as a forced block is:
/// 274–27–282 in 583 games (−4.8 ±27.6, H0). Nor a node (or leaf) whose
/// side to move has a four-three point while the opponent has no point
/// making a four scored at once as a win in five plies (the block of the
/// four makes nothing, and the three becomes an open four; renju white and
/// the other rules): 449–37–441 in 927 games (+3.0 ±21.9, H0); measured
/// again with a double three the opponent cannot answer with a four
/// scored the same way at the nodes whose candidates are scanned:
/// 289–33–294 in 616 (−2.8 ±26.7, H0). With that, and a node facing the
/// opponent's four-three point searching only its own fours, the point and
/// the empty points within four of it on the lines of its four and its
/// three: 225–22–236 in 483 (−7.9 ±30.4, H0). Nor a
/// forced block (the side to move must stop a four) at an inner node
/// earning some tenths of a ply beyond costing none, carried down the line
/// and taken as a ply of extension once they make one: same conditions,
/// 3 tenths a block scored 486–43–471 in 1 000 games (+5.2 ±21.1, LLR
/// −2.53, no verdict), a whole ply a block (a line of fours costs nothing)
/// 118–7–140 in 265 (−28.9 ±41.6, H0). Nor, self-play on the balanced
/// openings (README, "Pairs and balanced openings"), freestyle, hundredths
/// of a ply carried down the line and taken as a ply once they make one:
/// 30 for a forced block, 25 for the table move at a PV node and 8 at a
/// non-PV node, and 24 more for a table move that makes a four within 4
/// points of the side's own last stone, `--seed 109`: 244–38–318 (−43.1 ±
/// 18.6 over the pairs). Without the table move's 25 and 8, `--seed 110`:
/// 283–34–283 (0.0 ± 18.0).
pub const THREAT_EXTENSION: bool = false;

/// The fours quiescence at the leaves (the side to move's fours near its
/// own last stone, each answered by its forced block), on, with razoring
/// into it ([`RAZOR_DEPTH`]). Against the build before, self-play, 100 ms
/// a move, one thread each, balanced openings with both colours (README,
/// "Pairs and balanced openings"), 600 games a run, Elo over the pairs:
/// freestyle +11.6 ±18.9 (`--seed 74`) and +20.3 ±21.2 (`--seed 75`),
/// pooled **+15.9 ±14.2** in 600 pairs (LOS 98.6 %); renju +18.5 ±21.6
/// (`--seed 76`); standard −3.5 ±22.6 (`--seed 77`, even). The same code
/// serves every rule, so it is on in all of them.
///
/// Alone, without the razoring, it was even: it proves more of the
/// defence sets' wins (`defence_set prove`, 1 s a position, one
/// thread: freestyle 35 of 60 against 32, renju 55 of 79 against 45,
/// standard 23 of 58 against 20), but the games did not follow. Against
/// Rapfi classic, 200 ms a move, one thread each, the `*-15-searched.txt`
/// sets with both colours, `--seed 21` to `23`, the same binary with and
/// without `--local-fours` run side by side: renju 278–1–321 against
/// 250–1–349 in 600 games each (−25 and −58 Elo), freestyle 127–6–267
/// against 140–3–257 in 400 (−127 and −105), standard 81–1–118 against
/// 84–1–115 in 200 (−65 and −54). Self-play, renju, same conditions as
/// [`SHALLOW_PRUNING`]: 262–13–270 in 545 games (−5.1 ±28.9, H0). On
/// the balanced openings, freestyle, `--seed 72` 298–23–279 (over the
/// pairs +11.0 ±18.5) and `--seed 73` 280–21–299 (−11.0 ±21.7).
pub const LOCAL_FOURS: bool = true;

/// Depth (at or below 0) from which the fours quiescence plays only fours
/// that make something more (a three or a two beside the four), unless the
/// side's two stones before were such fours. Self-play on the balanced
/// openings (README, "Pairs and balanced openings"), freestyle: −4
/// instead, `--seed 107`, 294–23–283 (+6.4 ± 17.0 over the pairs); 0
/// instead, `--seed 108`, 279–23–298 (−11.0 ± 20.2). −2 stays.
pub const LOCAL_FOURS_PLAIN_ABOVE: i32 = -2;

/// Plies below the horizon the fours quiescence may go at most: a guard,
/// since the fours run out long before. Unmeasured.
pub const LOCAL_FOURS_FLOOR: i32 = -24;

/// Chebyshev distance from the side's last stone within which any of its
/// fours is tried by the fours quiescence; along the stone's four lines,
/// fours up to 4 away are tried. 3 instead, same conditions as
/// [`RAZOR_DEPTH`]'s, `--seed 82`: 276–24–300 (−13.9 ± 18.3 over the
/// pairs); not taken.
pub const LOCAL_FOURS_SQUARE: usize = 2;

/// Depth up to which a non-PV node on a calm board (no five, open four or
/// four-three pending, as for [`STATIC_CUT_DEPTH`]) whose static
/// evaluation is below alpha by [`RAZOR_MARGIN`] is scored by the fours
/// quiescence alone, as a leaf is ([`LOCAL_FOURS`] has what the pair
/// bought; without the quiescence nothing is razored). Razoring that fails
/// low at once instead, to depth 3 at 250 a ply, measured even (see
/// [`SHALLOW_PRUNING`]). To depth 3 (255 there), self-play on the
/// balanced openings (README, "Pairs and balanced openings"), freestyle,
/// `--seed 80`: 268–27–305 (−21.5 ± 20.3 over the 300 pairs); not taken.
/// Nor razoring where the opponent has an open three or a four-three point
/// too (the side to move no five and no open four; Rapfi's design razors
/// such nodes): 82 of the 197 defence positions proved at 500 000 nodes
/// (84 before), and against Rapfi classic at 100 ms a move (README,
/// "Against Rapfi classic at 100 ms"), freestyle, seeds 201 to 203,
/// −132.9 ± 26.8 over 300 pairs where the build before scored −113.3 ±
/// 26.6.
pub const RAZOR_DEPTH: i32 = 2;
// The razoring reads the evaluation the static cut has read.
const _: () = assert!(RAZOR_DEPTH <= STATIC_CUT_DEPTH);
/// How far below alpha the evaluation must be to razor, by depth (the
/// evaluation's scale is about 510 a logistic unit). 90 and 140 instead,
/// same conditions as [`RAZOR_DEPTH`]'s: `--seed 81` 302–25–273 (+16.8 ±
/// 21.1 over the pairs), `--seed 88` 277–27–296 (−11.0 ± 20.3); pooled
/// +2.9 ± 14.7 in 600 pairs, not taken.
pub const RAZOR_MARGIN: [i32; RAZOR_DEPTH as usize + 1] = [0, 125, 190];

/// Plies below the horizon the quiescence stage may go: each four-three
/// it tries costs one (the forced block costs none), so 2 follows at most
/// two four-threes in a row.
pub const QUIESCENCE_PLIES: i32 = 2;

/// Entries of the VCF probe's own table, per thread.
pub const LEAF_VCF_TABLE: usize = 1 << 14;

/// Fours the VCF solver may play at the root before the search starts.
pub const ROOT_VCF_FOURS: u32 = 60;
/// Stones the root VCF may play.
pub const ROOT_VCF_BUDGET: u64 = 400_000;

/// Attacker moves the root VCT may play. The VCT solver (root attack and
/// the defence checks below) against none, `tengen-arena`, 200 ms a move,
/// one thread each, 15×15, 800 games each: freestyle 428–17–355 (+31.8 Elo
/// ±24.0), renju 425–19–356 (+30.0 ±23.9); renju at 500 ms a move, 200
/// games: 113–3–84 (+50.7 ±48.6). Before the last defence check
/// existed: freestyle 423–11–366 (+24.8 ±24.0), renju 417–8–375 (+18.3
/// ±24.0) and, in an earlier run of 400, 197–6–197 (+0 ±34). 12 instead
/// of 8, with the same stone budget, same conditions as
/// [`SHALLOW_PRUNING`]: freestyle 322–3–328 in 653 games (−3.2 Elo ±26.6,
/// H0 accepted after 651 games); not taken.
pub const ROOT_VCT_DEPTH: u32 = 8;
/// Stones the root VCT may play when no deadline is set.
pub const ROOT_VCT_BUDGET: u64 = 60_000;

/// Stones the threat solvers may play to check that the opponent has no
/// forced win after the search's best move (once per new best move).
/// 60 000 instead, same conditions as [`SHALLOW_PRUNING`], freestyle:
/// 292–15–287 in 594 games (+2.9 Elo ±27.6, stopped with LLR falling); not
/// taken.
pub const DEFENCE_BUDGET: u64 = 20_000;
/// Share (out of 100) of the time left that one such check may take: the
/// stones bound it only as long as a stone costs what it usually does
/// (about 2 µs), not on a loaded machine. Unmeasured.
pub const DEFENCE_TIME_SHARE: u32 = 10;

/// Root moves the last defence check may try, best first, when the time
/// left after the iterations goes into checking the move to be played.
/// The check against the same build without it, renju, 200 ms a move:
/// 211–7–182 in 400 games (+25.2 Elo ±33.9).
pub const FINAL_DEFENCE_MOVES: usize = 6;
/// Stones per millisecond left that the last defence check may play
/// (about half the time left at a microsecond a stone; the deadline bounds
/// it anyway).
pub const FINAL_DEFENCE_PER_MS: u64 = 500;
/// Stones one last defence check may play at most.
pub const FINAL_DEFENCE_BUDGET: u64 = 300_000;
/// Milliseconds that must be left for another last defence check.
pub const FINAL_DEFENCE_MIN_MS: u64 = 2;

/// Half-width of the first aspiration window around the last score. 30
/// instead of 60, same conditions as [`SHALLOW_PRUNING`], freestyle:
/// 169–11–186 in 366 games (−16.1 Elo ±35.2, H0); 100 instead, 434–39–427
/// in 900 games (+2.7 ±22.2, H0). 60 stays.
pub const ASPIRATION_DELTA: i32 = 60;
/// Beyond this half-width an aspiration window opens fully. Unmeasured.
pub const ASPIRATION_MAX_DELTA: i32 = 2 * super::MATE_BOUND / 30;
/// Depth from which aspiration windows are used.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Factor by which an aspiration window's half-width grows after each
/// fail. Unmeasured.
pub const ASPIRATION_GROWTH: i32 = 2;

/// Depth from which moves after the first are searched shallower (late-move
/// reductions), by `ln(depth) · ln(move number) ·` [`LMR_SCALE`] plies,
/// plus [`LMR_QUIET_EXTRA`] for a quiet move and [`LMR_NON_PV_EXTRA`] at a
/// non-PV node, rounded; never a four-three or better
/// ([`LMR_REDUCIBLE_BELOW`]), never a forced block, and never below one
/// ply. A reduced move that beats alpha is searched again at full depth.
/// With [`MOVE_COUNT_BASE`]'s pruning, against the reductions before
/// (quiet moves only, one ply from the fourth move and two from the
/// eleventh, from depth 3), `tengen-arena`, self-play, same conditions as
/// [`SHALLOW_PRUNING`]: freestyle 301–4–245 in 548 games (+35.5 Elo ±29.2,
/// H1 accepted), renju 517–4–479 in 1000 games (+13.2 ±21.5, LLR −0.44,
/// undecided), standard 523–9–468 in 1000 games (+19.1 ±21.5, LLR 1.04,
/// undecided). These reductions alone, freestyle: 480–5–474 in 959 games
/// (+2.2 ±22.0, H0 accepted). At 0.5 s a move, in three openings of
/// `openings/freestyle-15-searched.txt`, the search reached depth 9–10
/// before, 13–14 with these reductions alone and 14–15 with the move-count
/// pruning too.
///
/// Tried and dropped before: reductions of 0.5 + ln(depth)·ln(move)/2.5
/// plies, one more at non-PV nodes and one less for a history score of
/// 4096 or more, on quiet moves only: freestyle 313–8–321 (−4.3 Elo
/// ±26.8, H0 accepted). The first reductions, on against off, self-play
/// at 50 000 nodes a move, freestyle: 33–27 (+35 Elo, ±90). On the build
/// with [`LMR_REDUCIBLE_BELOW`], a reduction one ply smaller for a move
/// whose history score is 1024 or more, same conditions as
/// [`SHALLOW_PRUNING`]: freestyle 298–9–305 in 612 games (−4.0 Elo ±27.4,
/// H0 accepted); not taken.
pub const LMR_MIN_DEPTH: i32 = 2;
/// Plies of reduction per unit of `ln(depth) · ln(move number)`. 1.25
/// against 1.0, same conditions as [`SHALLOW_PRUNING`]: freestyle 154–5–173
/// in 332 games (−19.9 Elo ±37.3, H0 accepted); not taken. Also tried and
/// not taken, against this build: one ply less for every move but fours
/// at a non-PV node whose static evaluation is above beta by 60 a ply less
/// 35 (a likely cut), freestyle 282–6–291 in 579 games (−5.4 Elo ±28.2, H0
/// accepted). Nor the same at expected cut nodes only (non-PV nodes an odd
/// number of null-window plies below a PV node), on calm boards, above
/// beta by 36 a ply less 20, self-play on the balanced openings (README,
/// "Pairs and balanced openings"), freestyle, `--seed 113`: 300 pairs
/// 40/13/195/14/38 (−1.7 ± 20.9); with a ply more, there, for a four
/// whose side's move two plies up was a four too (Rapfi's design has
/// both), `--seed 112`: 45/18/207/7/23 (−31.9 ± 19.4).
/// Nor a ply more for a late move that is not a killer at an
/// expected cut node (a null-window node below a late move, or the first
/// move of an expected all node), one game at a time: 283–21–291 in 595
/// games (−4.7 ±27.5, H0). Nor a ply less at a node that is or was on a principal variation
/// (a flag kept in its table entry): 199–15–213 in 427 games (−11.4
/// ±32.5, H0). Nor a reduced move whose reduced search beats alpha by
/// more than 150 searched again a ply deeper than its full depth:
/// 275–24–282 in 581 games (−4.2 ±27.7, H0). Nor, at a node facing an
/// open three, a late four off the opponent's lines reduced two plies
/// more when more than 4 points from the opponent's last stone and one
/// more when more than 4 from the side's own: 285–25–292 in 602 games
/// (−4.0 ±27.2, H0). Nor 0.75 in renju (reductions a quarter smaller),
/// one game at a time: 162–13–180 in 355 games (−17.6 ±35.6, H0).
/// Nor 1.25 again, against Rapfi classic at 100 ms a move (README,
/// "Against Rapfi classic at 100 ms"), freestyle, seeds 201–203: 204–7–389,
/// −110.7 ± 26.4 over the 300 pairs, where 1.0 scored −77.7 ± 26.3; nor
/// 0.85 there: 214–3–383, −100.6 ± 26.4.
pub const LMR_SCALE: f32 = 1.0;
/// Extra plies of reduction for a quiet move (neither side makes an open
/// three or better). Same conditions as [`SHALLOW_PRUNING`], freestyle:
/// 1.5 instead, 229–19–240 in 488 games (−7.8 Elo ±30.3, H0); 0.5 instead,
/// 252–16–264 in 532 (−7.8 ±29.2, H0). 1.0 stays.
pub const LMR_QUIET_EXTRA: f32 = 1.0;
/// Extra plies of reduction at a non-PV node. 1.0 against 0.5, freestyle
/// self-play (same conditions as [`SHALLOW_PRUNING`]): 497–33–470 in 1000
/// games (+9.4 ±21.2, LLR −1.43, no verdict) and, `--seed 12`, 369–24–370
/// in 763 (−0.5 ±24.3, H0 accepted); pooled 866–57–840 in 1763 games,
/// +5.1 ±16.0. Not taken; nor bundled with two other near misses (see
/// [`SINGLE_MOVE_DEPTH`]). Nor a ply more, where the reduction is already
/// more than one, at a non-PV node whose static evaluation is no better
/// than at the side's node two plies up: 134–15–154 in 303 games (−23.0
/// ±38.4, H0). 1.0 again, on the balanced openings (same conditions as
/// [`RAZOR_DEPTH`]'s): `--seed 84` 303–24–273 (+17.4 ± 19.5 over the
/// pairs), `--seed 90` 278–33–289 (−6.4 ± 20.2); pooled +5.5 ± 14.0 in 600
/// pairs. Small on every sample and never proven; not taken.
pub const LMR_NON_PV_EXTRA: f32 = 0.5;
/// Moves whose own shape is below this are reducible: plain fours are
/// reduced too; four-threes, open fours and fives never. Against fours
/// never reduced (`Combo::Four`), same conditions as [`SHALLOW_PRUNING`],
/// 1000 games each, none reaching a verdict: freestyle 527–13–460 (+23.3
/// Elo ±21.5, LLR 2.10) and 518–10–472 with `--seed 12` (+16.0 ±21.5),
/// renju 510–10–480 (+10.4 ±21.5), standard 518–12–470 (+16.7 ±21.5);
/// pooled, 2073–45–1882 in 4000 games, +16.6 Elo [+5.9, +27.3].
///
/// Not taken, same conditions as [`SHALLOW_PRUNING`], freestyle: a ply
/// less for a move that makes an open three or better, 495–39–466 in 1000
/// games (+10.1 ±21.1, LLR −1.26) and, `--seed 12`, 304–31–308 in 643
/// (−2.2 ±26.2, H0): pooled 799–70–774 in 1643, +5.3 ±16.5. Nor that
/// ply less only when the side's move before it made an open three or
/// better too (a continued attack): 327–23–329 in 679 (−1.0 ±25.7, H0).
pub const LMR_REDUCIBLE_BELOW: Combo = Combo::FourThree;
/// Root moves from this one on (counted from 0, in the root's order) are
/// searched shallower, as late moves at a PV node are ([`LMR_MIN_DEPTH`]),
/// from [`ROOT_LMR_MIN_DEPTH`]; a four-three or better and the block of a
/// four never. A reduced move that beats the best so far is searched
/// again at full depth. From the fourth move against no root reductions,
/// same conditions as [`SHALLOW_PRUNING`], freestyle, 1000 games each,
/// neither reaching a verdict: 502–34–464 (+13.2 Elo ±21.2, LLR −0.45)
/// and, `--seed 12`, 511–22–467 (+15.3 ±21.3); pooled, 1013–56–931 in
/// 2000 games, +14.3 Elo ±15.0 (LOS 97 %). With the freestyle table's
/// third round in both builds (it changes no other rule): renju 264–10–226
/// in 500 games (+26.5 ±30.3, LLR 1.46) and, `--seed 12`, 257–6–237 in
/// 500 (+13.9 ±30.4); standard 274–10–219 in 503 games (+38.1 ±30.3, H1
/// accepted). All five pooled: 1808–82–1613 in 3503 games, +19.4 Elo
/// ±11.4. From the third move instead (2), against the fourth, freestyle:
/// 455–32–446 in 933 games (+3.4 Elo ±21.9, H0 accepted); not taken.
pub const ROOT_LMR_FROM: usize = 3;
/// Depth from which root moves are reduced ([`ROOT_LMR_FROM`]). From
/// depth 2 instead, same conditions as [`SHALLOW_PRUNING`], freestyle:
/// 290–22–295 in 607 games (−2.9 Elo ±27.2, H0 accepted); not taken.
pub const ROOT_LMR_MIN_DEPTH: i32 = 3;
/// The most a root move is reduced is the iteration's depth less this
/// many plies, so that a reduced move is still searched a ply below its
/// own. Unmeasured.
pub const ROOT_LMR_SPARES: i32 = 2;

/// Move-count pruning: once a node below the root has a move not known to
/// lose, it searches at most ⌈`MOVE_COUNT_BASE + depth^`[`MOVE_COUNT_POWER`]⌉
/// of its moves, in order; the later ones are skipped, unless they make a
/// four-three or better ([`MOVE_COUNT_SPARES_FROM`]) or are the table move
/// (a forced block is never skipped). PV nodes too ([`MOVE_COUNT_AT_PV`]);
/// before that change only non-PV nodes were pruned, and every four was
/// spared. Measured
/// together with the reductions ([`LMR_MIN_DEPTH`]). Tried and not taken:
/// 0.7 times as many moves, against these, same conditions as
/// [`SHALLOW_PRUNING`]: freestyle 213–9–227 in 449 games (−10.8 Elo
/// ±31.9, H0 accepted). And 0.7 times as many only where the static
/// evaluation is not above the one two plies up (the side to move is not
/// improving): 329–4–335 in 668 games (−3.1 Elo ±26.3, H0 accepted).
/// On the build with the reductions at the root ([`ROOT_LMR_FROM`]), 1.3
/// times as many moves: freestyle 161–21–179 in 361 games (−17.3 Elo
/// ±34.9, H0 accepted); not taken. Nor moves that make an open three kept
/// from it as fours are: 349–24–350 in 723 games (−0.5 Elo ±24.9, H0).
/// Nor the pruning at PV nodes too, with twice a non-PV node's count:
/// 347–25–350 in 722 games (−1.4 Elo ±24.9, H0). Nor, below depth 5 at a
/// node facing an open three, skipping (once a move does not lose) the
/// moves that do not defend, its own fours, when they are more than 4
/// points from both sides' last moves: 499–40–461 in 1 000 games (+13.2
/// ±21.1, LLR −0.46, no verdict) and, `--seed 12`, 440–40–435 in 915 (+1.9
/// ±22.0, H0); pooled +7.8 ±15.2 in 1 915.
pub const MOVE_COUNT_BASE: f32 = 3.0;
/// How fast the move count grows with depth: 4 moves at depth 1, 6 at 2,
/// 8 at 3, 12 at 5, 19 at 8, 24 at 10. 1.2 instead (16 moves at depth 8,
/// 19 at 10), against Rapfi classic at 100 ms a move (README, "Against
/// Rapfi classic at 100 ms"), freestyle, seeds 201–206: 472–20–708,
/// −69.2 ± 18.0 over the 600 pairs, where 1.32 scored 464–10–726, −77.1 ±
/// 18.6 (seeds 201–203 −63.2 against −77.7, 204–206 −75.3 against −76.5):
/// within the noise, not taken. 1.1 (13 moves at depth 8, 16 at 10), seeds
/// 201–203: 207–12–381, −103.7 ± 27.6.
pub const MOVE_COUNT_POWER: f32 = 1.32;
/// Whether move-count pruning ([`MOVE_COUNT_BASE`]) is on.
pub const MOVE_COUNT_PRUNING: bool = true;
/// Moves whose own shape is below this count against the move count
/// ([`MOVE_COUNT_BASE`]): plain fours are pruned like any other late move;
/// four-threes and better never. Before, every four was spared
/// (`Combo::Four`). Taken with [`MOVE_COUNT_AT_PV`], as one change; see
/// there for what it bought.
pub const MOVE_COUNT_SPARES_FROM: Combo = Combo::FourThree;
/// Whether PV nodes are move-count pruned too, with a non-PV node's count
/// (once a move does not lose). Before, only non-PV nodes were.
///
/// Counted at equal nodes against Rapfi classic's search (the t5 defence
/// sets at 500 000 nodes, README, "A defence set from real games"), this
/// search's PV nodes made 39 moves each where Rapfi's made 7, and its
/// nodes facing an open three 3.6 where Rapfi's made 1.7, most of the
/// difference the side's own fours, which the move count spared. This and
/// [`MOVE_COUNT_SPARES_FROM`] together, against Rapfi classic at 100 ms a
/// move (README, "Against Rapfi classic at 100 ms"), freestyle, the same
/// six seeds as the build before, 600 pairs each: 464–10–726, −77.1 ±
/// 18.6, where the build before scored 417–3–780, −108.5 ± 19.2. Alone, the
/// fours counted proved 87 of the 197 defence positions at 500 000 nodes
/// (84 before).
///
/// Not taken with it: threat-aware generation against a four-three (at an
/// inner node whose opponent has a four-three point and no open three,
/// only the side's own fours, the point, and the points within four of it
/// on its four's and three's lines where the opponent would make at least
/// a blocked three). It proved 91 of the 197 (84 before; 92 with this
/// change), but in games it measured even: against Rapfi classic at 100 ms,
/// three seeds, 300 pairs, −113.9 ± 26.9 where the build before scored
/// −113.3 ± 26.6; self-play on the balanced openings (`--seed 115`), 300
/// pairs 28/12/223/11/26, −2.9 ± 17.6; with this change, seeds 204 to 206,
/// −62.0 ± 26.2 against this change's −76.5 ± 26.2.
///
/// Nor, on this build, half the count (rounded up) at a node facing an
/// open three, which Rapfi's design counts as not improving: against
/// Rapfi classic at 100 ms, freestyle, seeds 201 to 203, 300 pairs,
/// 231–3–366, −79.5 ± 27.9 where this build scored 231–6–363, −77.7 ±
/// 26.3 on the same openings. Nor half the count at a node whose static
/// evaluation is not above the one at its side's node two plies up (the
/// parent's, negated, at a node facing an open three): 218–3–379, −95.6 ±
/// 26.7. Nor threat-aware generation against an open three (at a node
/// facing one, only the three's own defence points, as Rapfi's design
/// generates them, and the side's own fours, instead of every point on a
/// line where the opponent makes a four): 3.5 % fewer nodes in the bench,
/// and in games 231–7–362, −77.1 ± 26.8, even.
pub const MOVE_COUNT_AT_PV: bool = true;

/// Quiet moves (neither side makes a three or better) searched at a
/// non-PV node before the rest are dropped; 0 for no limit. Self-play at
/// 50 000 nodes a move, freestyle: 12 against no limit scored 23–11
/// (about +130 Elo, ±120), 12 against 6 scored 32–27–1 (+29, ±90).
/// Tried and dropped: at most 3 + depth² quiet moves at a non-PV node
/// (never more than this), with the shallow pruning, same conditions as
/// [`SHALLOW_PRUNING`]: freestyle 464–13–457 in 934 games (+2.6 Elo
/// ±22.2, H0; −2.90 over all the games). And at a non-PV node facing an
/// opponent's four-three point, only the moves where either side makes
/// a three or better or that lie on the opponent's four lines: 456–9–451
/// (+1.9 Elo ±22.4, H0 accepted after 914 games). And 8 instead of 12,
/// same conditions: 430–6–425 in 861 games (+2.0 Elo ±23.2, H0 accepted
/// after 859 games); not taken. With the move-count pruning, 24 instead of
/// 12: 392–8–393 in 793 games (−0.4 Elo ±24.1, H0 accepted); not taken.
pub const QUIET_BREADTH: usize = 12;

/// The singular extension: at a node of at least [`SINGULAR_DEPTH`] whose
/// table entry is a lower bound (or exact) from at most
/// [`SINGULAR_ENTRY_SLACK`] plies shallower, the node is searched without
/// its table move, [`SINGULAR_DEPTH_SHARE`] % as deep, against the
/// entry's score less [`SINGULAR_MARGIN`] a ply; when every other move
/// fails low, the table move is searched a ply deeper, and when the other
/// moves reach beta anyway, the node is a cut.
///
/// `tengen-arena`, self-play, same conditions as [`SHALLOW_PRUNING`],
/// freestyle: on (margin 4) against off, 514–8–478 in 1000 games (+12.5
/// Elo ±21.5, undecided); margin 10, 443–11–437 in 891 games (+2.3 ±22.7,
/// H0 accepted). With [`STATIC_CUT_MARGIN`] 150, against neither: 513–16–471
/// in 1000 games (+14.6 ±21.4) and, `--seed 12`, 521–11–468 (+18.4 ±21.5);
/// pooled, 1034–27–939 in 2000 games, +16.5 Elo ±15.2 (LOS 98 %). Taken.
/// In renju the pair gained nothing: 493–5–485 in 983 games (+2.8 ±21.7,
/// H0 accepted).
///
/// Not taken, on the shipped build, same conditions, freestyle: two plies
/// at a non-PV node when the other moves fail low by more than 60 more,
/// 491–36–473 in 1000 games (+6.3 ±21.2, LLR −2.24); the table move a ply
/// shallower when it is not singular but its entry is at least beta,
/// 277–23–284 in 584 (−4.2 ±27.7, H0).
pub const SINGULAR_EXTENSION: bool = true;
/// Depth from which the singular test runs. 8 instead, same conditions as
/// [`SHALLOW_PRUNING`], freestyle: 417–33–413 in 863 games (+1.6 Elo
/// ±22.8, H0); 6 stays.
pub const SINGULAR_DEPTH: i32 = 6;
/// How much shallower than the node the table entry may be. 3 instead,
/// same conditions as [`SHALLOW_PRUNING`], freestyle: 668–48–643 in 1 359
/// games (+6.4 Elo ±18.2, H0, `--seed 52`; over its 679 finished pairs
/// +6.7 ±9.2). Again on balanced openings (README, "Pairs and balanced
/// openings"), `--seed 71`: 265–35–300 in 600 games, over the pairs −20.3
/// ±19.4. 2 stays.
pub const SINGULAR_ENTRY_SLACK: i32 = 2;
/// Depth of the singular test, in hundredths of the node's. 40 instead,
/// same conditions as [`SHALLOW_PRUNING`], freestyle: 166–12–184 in 362
/// games (−17.3 Elo ±35.4, H0); 50 stays.
pub const SINGULAR_DEPTH_SHARE: i32 = 50;
/// Margin a ply below the entry's score that the other moves must fail
/// (10 measured worse, see [`SINGULAR_EXTENSION`]). 2 instead, same
/// conditions as [`SHALLOW_PRUNING`], freestyle: 298–24–303 in 625 games
/// (−2.8 Elo ±26.8, H0); 4 stays.
pub const SINGULAR_MARGIN: i32 = 4;
/// The singular test runs only at plies below this many times the
/// iteration's depth, so that the extensions it grants cannot run a line
/// on without end. Unmeasured.
pub const SINGULAR_PLY_FACTOR: i32 = 2;

/// Ordering bonus of the transposition-table move.
///
/// Not taken: a node without a table move searched a ply shallower from
/// depth 4 (internal iterative reduction), freestyle 451–18–445 in 914
/// self-play games (+2.3 ±22.3, H0). Nor a PV node a ply shallower when
/// its table entry has a move but is 3 plies shallower or more (a stale
/// PV), 313–25–317 in 655 (−2.1 ±26.1, H0); the graded form from 4 plies,
/// [`STALE_PV_SHARE`], was taken.
pub const TT_MOVE_BONUS: i32 = 1 << 28;
/// Ordering bonus of the first and second killer moves.
///
/// Not taken: a counter-move (the quiet move that last refuted the
/// opponent's last move, per side) ordered after the killers with a bonus
/// of 2^18, freestyle 184–13–200 in 397 self-play games (−14.0 ±33.7, H0).
/// Nor killers ordered below the winning shapes (bonuses 5 000 and 4 500:
/// after own four-threes and open fours, before the blocks of the
/// opponent's four-threes, double threes and fours), freestyle 465–32–457
/// in 954 games (+2.9 ±21.7, H0). Nor every move that makes a cut (but
/// the table move and a forced block) kept as a killer and earning
/// history, threes and fours too: 333–28–335 in 696 games (−1.0 ±25.3,
/// H0). Nor a killer reduced a ply less than other late moves, self-play
/// on the balanced openings (README, "Pairs and balanced openings"),
/// freestyle, `--seed 104`: 283–24–293 (−5.8 ± 19.4 over the pairs).
pub const KILLER_BONUS: [i32; 2] = [1 << 20, 1 << 19];
/// The history score counts for 1/n in a move's ordering score. 32
/// instead of 8, same conditions as [`SHALLOW_PRUNING`], freestyle:
/// 115–8–136 in 259 games (−28.2 Elo ±42.0, H0); 4 instead of 8:
/// 430–21–426 in 877 games (+1.6 ±22.8, H0). 8 stays.
pub const HISTORY_ORDER_DIVISOR: i32 = 8;
/// History scores are divided by [`HISTORY_AGE_DIVISOR`] when any reaches this.
///
/// Not taken: lowering the history of the quiet moves searched before a
/// quiet cut by as much as the cut raises its own (a history malus, up to
/// 32 moves), freestyle 439–29–434 in 902 self-play games (+1.9 ±22.3, H0).
/// Nor the main thread's history carried, halved, from one move of a game
/// to the next: 184–11–202 in 397 (−15.8 ±33.8, H0). Nor every move that
/// makes a cut earning history, threes and fours too (a forced block
/// never): 492–41–476 in 1 009 (+5.5 ±21.1, stopped without a verdict).
pub const HISTORY_MAX: i32 = 1 << 18;
/// What every history score is divided by when one reaches
/// [`HISTORY_MAX`]. Unmeasured.
pub const HISTORY_AGE_DIVISOR: i32 = 2;

/// Moves a node picks one at a time (a linear scan each) before it sorts
/// the rest: most nodes cut off after the first move or two.
pub const PICKED_MOVES: usize = 3;

/// A PV node whose table entry has a move but was searched shallower than
/// the node by more than a few plies (its line has not been the principal
/// variation for some iterations) is searched `STALE_PV_SHARE` hundredths
/// of a ply shallower for each ply of the difference, rounded down, at most
/// [`STALE_PV_MAX`] and never below depth 1: a ply for 4 to 7 plies of
/// difference. Self-play on the balanced openings (README, "Pairs and
/// balanced openings"), freestyle, 300 pairs each: `--seed 85` 290–38–272
/// (+10.4 ± 19.9 over the pairs), `--seed 91` 306–31–263 (+24.9 ± 19.3);
/// pooled +17.7 ± 13.9 in 600 pairs. Renju, `--seed 93`, on
/// `openings/renju-15-searched.txt`: 267–53–280 (−7.5 ± 21.8), even.
/// Standard, `--seed 94`, on `openings/standard-15-searched.txt`:
/// 293–53–254 (+22.6 ± 21.8). A flat ply from 3 plies of difference was
/// not taken (see [`TT_MOVE_BONUS`]). 40 instead (a ply from 3 plies of
/// difference, two from 5, three from 8), freestyle, `--seed 106`:
/// 279–19–302 (−13.3 ± 19.6); 28 stays.
pub const STALE_PV_SHARE: i32 = 28;
/// Most plies [`STALE_PV_SHARE`] takes off.
pub const STALE_PV_MAX: i32 = 3;

/// A transposition-table entry of the same position is kept, rather than
/// overwritten by a shallower inexact result, when it is deeper by more
/// than this. 0 instead (a deeper entry always kept against an inexact
/// result), same conditions as [`SHALLOW_PRUNING`], freestyle: 344–30–347
/// in 721 games (−1.4 Elo ±24.9, H0); 2 stays. Nor an entry holding a
/// proved win or loss (a bound beyond [`super::MATE_BOUND`] on the side it
/// bounds) taken at a non-PV node whatever its depth: 525–46–511 in 1 082
/// games (+4.5 ±20.3, H0). Nor the fours quiescence's result at a leaf
/// whose side to move has a four stored as a depth-0 entry (its bound
/// from the window, no move), self-play on the balanced openings (README,
/// "Pairs and balanced openings"), freestyle, `--seed 111`: 300 pairs
/// 27/15/218/13/27 (−1.2 ± 17.7).
pub const TT_KEEP_DEEPER_BY: i32 = 2;
/// When a bucket is full the entry replaced is the one with the least
/// depth less this many plies per search since it was written.
/// Unmeasured.
pub const TT_AGE_WEIGHT: i32 = 8;

/// Nodes between checks of the clock and the stop flag.
pub const CHECK_EVERY: u64 = 1024;

/// Share (out of 100) of the time to the deadline that the iterations may
/// spend; the rest, up to [`FINAL_DEFENCE_RESERVE_MS`], is kept for the
/// last defence check. The iterations used to stop starting new depths
/// once 45% of the time had gone (about 205 ms of a 500 ms turn on
/// average); see README for what spending the turn bought.
pub const SEARCH_TIME_SHARE: u32 = 94;

/// The most time kept back from the iterations for the last defence
/// check, in milliseconds (its stones are bounded by
/// [`FINAL_DEFENCE_BUDGET`] anyway). Unmeasured.
pub const FINAL_DEFENCE_RESERVE_MS: u64 = 150;

/// Stones the root solvers may play per millisecond left before the
/// deadline (about a tenth of the time at a microsecond a stone). VCT
/// against none at 250 (with the caps ×2.5 to ×3) scored −33 Elo ±34 in
/// freestyle, at 40 +15 ±34, at 100 +18 ±34 (400 games each).
pub const ROOT_SOLVER_PER_MS: u64 = 100;

/// Share (out of 100) of the time to the deadline that the root solvers
/// (the VCF, then the VCT) may take before the search starts; their stone
/// budgets ([`ROOT_SOLVER_PER_MS`]) assume a stone's usual cost, which a
/// loaded machine does not keep to. 12 instead, same conditions as
/// [`SHALLOW_PRUNING`], freestyle: 282–26–290 in 598 games (−4.6 Elo
/// ±27.3, H0); 25 stays.
pub const ROOT_SOLVER_TIME_SHARE: u32 = 25;

/// Under a node limit the root solvers may spend at most 1/n of it (each
/// solver separately). Unmeasured.
pub const ROOT_SOLVER_NODE_SHARE: u64 = 2;

/// Pruning on the static evaluation at shallow depths where the opponent
/// has no open three and no four-three point. On against off,
/// `tengen-arena`, self-play, 15×15, 100 ms a move, one thread each,
/// random openings with both colours (`--sprt 0,30`): freestyle 223–6–174
/// (+42.5 Elo ±34.0, H1 accepted), renju 523–6–471 in 1000 games (+18.1
/// ±21.5, undecided); both with the cut to depth 3 and futility to 2.
///
/// A null move on the same calm boards (non-PV nodes from depth 3, the
/// static evaluation at least beta, a pass searched 3 + depth/4 plies
/// shallower) against none, same conditions, freestyle: 504–4–492 in 1000
/// games (+4.2 Elo ±21.5, LLR −2.69); dropped.
///
/// Nor ProbCut (from depth 6 on calm boards, a non-PV node's first three
/// moves searched 4 plies shallower against beta + 200; one that reaches it
/// makes the node a cut): 246–26–255 in 527 games (−5.9 Elo ±29.0, H0).
/// Nor razoring (to depth 3 on calm boards where the side to move has no
/// four, a non-PV node whose evaluation is below alpha by 250 a ply fails
/// low at once): 275–23–283 in 581 (−4.8 ±27.7, H0). Nor internal
/// iterative reduction (a PV node of depth 4 or more without a table move
/// searched a ply shallower), `--seed 62`: 412–21–409 in 842 games (+1.2
/// ±23.2, H0; over the 421 pairs +1.2 ±11.1).
pub const SHALLOW_PRUNING: bool = true;
/// Depth up to which a node whose static evaluation is above beta by
/// [`STATIC_CUT_MARGIN`] a ply is taken as a cut. 5 (with futility to 3)
/// against 3 (futility to 2), same conditions, freestyle 519–9–472 in 1000
/// games (+16.3 Elo ±21.5, LOS 93%, undecided). 7 (with futility to 4)
/// against 5 (futility to 3), same conditions: 245–16–256 in 517 games
/// (−7.4 ±29.6, H0 accepted); not taken.
pub const STATIC_CUT_DEPTH: i32 = 5;
/// Margin a ply of the static cut (the evaluation's scale is about 770 a
/// logistic unit). 150 against 100, same conditions as
/// [`SHALLOW_PRUNING`], freestyle: 515–5–480 in 1000 games (+12.2 Elo
/// ±21.5, undecided); taken together with [`SINGULAR_EXTENSION`], whose
/// figures are the pair's. Not taken: the static cut reading the table's
/// score where its bound makes it a better estimate than the evaluation,
/// 505–6–489 in 1000 games (+5.6 Elo ±21.5, LLR −2.35). Nor 100 again in
/// renju alone (where the pair with the singular extension gained
/// nothing): 595–33–578 in 1 206 games (+4.9 ±19.4, H0).
/// Nor the margin a ply less (`(depth − 1) · 150`, so none at depth 1),
/// self-play on the balanced openings (README, "Pairs and balanced
/// openings"), freestyle: `--seed 86` 301–30–269 (+18.5 ± 19.2 over the
/// pairs), `--seed 92` 284–28–288 (−2.3 ± 20.2); pooled +8.1 ± 13.9 in 600
/// pairs. Nor the margin a ply less only where the side to move is
/// improving (the static evaluation above the one at its node two plies
/// up), same conditions: `--seed 102` 297–27–276 (+12.2 ± 20.0), `--seed
/// 105` 289–27–284 (+2.9 ± 19.2); pooled +7.5 ± 13.9 in 600 pairs.
/// Nor no static cut at a node whose side's last two moves were fours (a
/// run of fours under way, as Rapfi's design has it), same conditions,
/// `--seed 114`: 300 pairs 17/16/234/15/18 (+0.6 ± 14.9).
/// Nor the static cut where the opponent has an open three too (but no
/// four-three point, and no five or open-four point for either side), as
/// Rapfi's design cuts such nodes: against Rapfi classic at 100 ms
/// (README, "Against Rapfi classic at 100 ms"), freestyle, seeds 201 to
/// 203, 300 pairs, 216–7–377, −95.6 ± 26.5 where the build with
/// [`MOVE_COUNT_AT_PV`] scored 231–6–363, −77.7 ± 26.3 on the same
/// openings.
pub const STATIC_CUT_MARGIN: i32 = 150;
/// Depth up to which quiet moves are not searched at a node whose static
/// evaluation is below alpha by [`FUTILITY_MARGIN`] a ply.
///
/// Not taken: up to depth 2, at every node, the moves that make nothing
/// for either side (not even an open two or a blocked three) skipped once
/// a move does not lose, same conditions as [`SHALLOW_PRUNING`],
/// freestyle: 494–38–468 in 1000 games (+9.0 Elo ±21.2, LLR −1.53) and,
/// `--seed 12`, 204–15–220 in 439 (−12.7 ±32.1, H0): pooled 698–53–688
/// in 1439, +2.4 ±17.6. Nor the same up to depth 4, on non-PV and PV nodes
/// but not at a forced block, self-play on the balanced openings (README,
/// "Pairs and balanced openings"), freestyle: `--seed 101` 290–37–273
/// (+9.8 ± 16.4 over the pairs), `--seed 103` 283–24–293 (−5.8 ± 18.2);
/// pooled +2.0 ± 12.3 in 600 pairs.
pub const FUTILITY_DEPTH: i32 = 3;
/// Margin a ply of futility pruning. Margins of 70 (static cut) and 90
/// (futility) against these, same conditions as [`SHALLOW_PRUNING`],
/// freestyle, 1000 games: +9.0 Elo ±21.4 (LLR −1.49, undecided); not
/// taken. With the reductions and move counts, 200 against 120:
/// freestyle 157–5–176 in 338 games (−19.6 Elo ±37.0, H0 accepted); not
/// taken. On the shipped build, 90 against 120: 288–24–294 in 606 games
/// (−3.4 ±27.2, H0); not taken.
///
/// Not taken either: a PV node whose move raised alpha without reaching
/// beta searching its later moves a ply shallower (once per raise, at
/// depths 3 to 11, scores within 2 000), 425–43–421 in 889 games (+1.6
/// ±22.3, H0).
pub const FUTILITY_MARGIN: i32 = 120;
