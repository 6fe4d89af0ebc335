//! The engine's decisions in the opening stages, made by evaluation.
//!
//! Every decision takes an [`Evaluator`], so the same code runs on the
//! static evaluation in tests and on the real search in the engine (the
//! protocol layer implements the trait with the search, which this module
//! does not use).
//!
//! The principle throughout: where the opponent may still swap, aim for a
//! balanced position (the opponent would take the better side); where the
//! opponent picks among our offers, make the worst of them as good as
//! possible; where we choose, take the best.

use super::area::Area;
use super::canonical::{openings, Opening};
use super::error::OpeningError;
use super::symmetry::{stabiliser, Symmetry};
use crate::board::{Board, Pos};
use crate::eval::{MATE, ORDER};
use crate::pattern::Combo;
use crate::renju::forbidden;
use crate::rules::Color;

/// Swap when the colour we hold is worse than the other by more than this
/// (centi-stones, from the side to move). Zero means: take whichever side
/// the evaluation prefers.
pub const SWAP_MARGIN: i32 = 0;

/// Under swap2, with the three stones within this margin of balance
/// (either way), put two more stones and let the opponent choose rather
/// than commit to a colour.
pub const SWAP2_BALANCE: i32 = 30;

/// How many fifth-move candidates are examined for offers: enough to find
/// N non-equivalent good ones around a compact opening.
pub const OFFER_CANDIDATES: usize = 24;

/// The most questions one stage asks of the evaluator in the usual case
/// (the 26 openings and a count to declare at move 0; sixteen offers and a
/// sixth move when keeping one). An evaluator that searches divides a
/// turn's time by it to give each question its slice.
pub const STAGE_QUESTIONS: u32 = 32;

/// Candidate moves, when the evaluator generates them itself, lie within
/// this distance (in king steps) of a stone.
pub const CANDIDATE_REACH: usize = 2;

/// A judge of positions and moves.
pub trait Evaluator {
    /// How good `board` is for the side to move: positive is good, in
    /// centi-stones; beyond ±([`MATE`] − 1000) a forced result.
    fn value(&mut self, board: &Board) -> i32;

    /// The best moves for the side to move among the points `allowed`
    /// accepts, best first, at most `count`, each with the value of the
    /// position after it for the player who moved. Black's forbidden points
    /// are never returned.
    ///
    /// The default looks one move ahead with [`Evaluator::value`] over the
    /// empty points near the stones.
    fn best_moves(
        &mut self,
        board: &Board,
        allowed: &dyn Fn(Pos) -> bool,
        count: usize,
    ) -> Vec<(Pos, i32)> {
        let mut scratch = board.clone();
        let mut out: Vec<(Pos, i32)> = candidates(&mut scratch, allowed)
            .into_iter()
            .map(|p| {
                scratch.make(p);
                let v = -self.value(&scratch);
                scratch.unmake();
                (p, v)
            })
            .collect();
        out.sort_by_key(|&(p, v)| (std::cmp::Reverse(v), p));
        out.truncate(count);
        out
    }
}

/// The empty allowed points near the stones (all allowed points on an empty
/// board), minus black's forbidden points when black is to move, in board
/// order.
fn candidates(board: &mut Board, allowed: &dyn Fn(Pos) -> bool) -> Vec<Pos> {
    let stones: Vec<Pos> = board.points().filter(|&p| !board.is_empty(p)).collect();
    let black = board.side_to_move() == Color::Black;
    let near: Vec<Pos> = board
        .empty_points()
        .filter(|&p| allowed(p))
        .filter(|&p| stones.is_empty() || stones.iter().any(|&s| s.distance(p) <= CANDIDATE_REACH))
        .collect();
    let pool = if near.is_empty() {
        board.empty_points().filter(|&p| allowed(p)).collect()
    } else {
        near
    };
    pool.into_iter()
        .filter(|&p| !black || forbidden(board, p).is_none())
        .collect()
}

/// An evaluator from a closure giving the value for the side to move.
pub struct FnEval<F>(pub F);

impl<F: FnMut(&Board) -> i32> Evaluator for FnEval<F> {
    fn value(&mut self, board: &Board) -> i32 {
        (self.0)(board)
    }
}

/// A quick static evaluation from the pattern state: what each side could
/// make on the empty points, the side to move counting in full and the
/// other at nine tenths (it moves second). Good enough to rank opening
/// choices; the search replaces it when wired in.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticEval;

impl Evaluator for StaticEval {
    fn value(&mut self, board: &Board) -> i32 {
        let me = board.side_to_move();
        let (mut own, mut opp) = (0i64, 0i64);
        let mut opp_fives = 0;
        for p in board.empty_points() {
            let mine = board.combo(p, me);
            let theirs = board.combo(p, me.opp());
            if mine == Combo::Five {
                return MATE - 1;
            }
            if theirs == Combo::Five {
                opp_fives += 1;
            }
            own += i64::from(ORDER.attack[mine as usize].clamp(0, 20_000));
            opp += i64::from(ORDER.attack[theirs as usize].clamp(0, 20_000));
        }
        if opp_fives >= 2 {
            return -(MATE - 2);
        }
        (own - opp * 9 / 10).clamp(-i64::from(MATE / 2), i64::from(MATE / 2)) as i32
    }
}

/// The board after `pos` for the side to move.
fn after(board: &Board, pos: Pos) -> Board {
    let mut b = board.clone();
    b.make(pos);
    b
}

/// An area as a point filter on `board`.
fn in_area(board: &Board, area: Area) -> impl Fn(Pos) -> bool + '_ {
    move |p| area.contains(p, board.width(), board.height()) && board.is_empty(p)
}

/// The best move for the side to move inside `area`.
///
/// # Errors
/// [`OpeningError::NoMove`] when no point is allowed.
pub fn best_move(board: &Board, area: Area, eval: &mut dyn Evaluator) -> Result<Pos, OpeningError> {
    let allowed = in_area(board, area);
    if let Some(&(p, _)) = eval.best_moves(board, &allowed, 1).first() {
        return Ok(p);
    }
    // The evaluator found nothing near the stones: fall back to the first
    // allowed point that is legal.
    let mut scratch = board.clone();
    let black = board.side_to_move() == Color::Black;
    let first = board
        .empty_points()
        .filter(|&p| allowed(p))
        .find(|&p| !black || forbidden(&mut scratch, p).is_none());
    first.ok_or(OpeningError::NoMove)
}

/// The move for the side to move inside `area` that leaves the position
/// closest to even, for when the opponent may swap after it (the lower
/// point on a tie).
///
/// # Errors
/// [`OpeningError::NoMove`] when no point is allowed.
pub fn balanced_move(
    board: &Board,
    area: Area,
    eval: &mut dyn Evaluator,
) -> Result<Pos, OpeningError> {
    let allowed = in_area(board, area);
    match eval
        .best_moves(board, &allowed, OFFER_CANDIDATES)
        .into_iter()
        .min_by_key(|&(p, v)| (v.saturating_abs(), p))
    {
        Some((p, _)) => Ok(p),
        None => best_move(board, area, eval),
    }
}

/// The tentative black's opening: of the 26, the one whose value after
/// black 3 is closest to even (the opponent may swap), the lower number on
/// a tie. Returns the opening and its three stones, centred on the board.
///
/// # Errors
/// [`OpeningError::NoMove`] when the board is too small.
pub fn choose_opening(
    board: &Board,
    eval: &mut dyn Evaluator,
) -> Result<(&'static Opening, [Pos; 3]), OpeningError> {
    let mut best: Option<(i32, &'static Opening, [Pos; 3])> = None;
    for op in openings() {
        let Some(stones) = op.place(board.width(), board.height(), Symmetry::Identity) else {
            continue;
        };
        if stones.iter().any(|&p| !board.is_empty(p)) {
            continue;
        }
        let mut b = board.clone();
        for (i, &p) in stones.iter().enumerate() {
            b.make_color(p, if i == 1 { Color::White } else { Color::Black });
        }
        let imbalance = eval.value(&b).saturating_abs();
        if best.map_or(true, |(v, _, _)| imbalance < v) {
            best = Some((imbalance, op, stones));
        }
    }
    best.map(|(_, op, stones)| (op, stones))
        .ok_or(OpeningError::NoMove)
}

/// Black's fifth-move candidates on the four-stone position, one per
/// symmetry class (the best of its class), best for black first, each with
/// black's value after it (white to move). At least `need` of them when the
/// area holds that many classes.
pub fn fifth_move_values(
    board: &Board,
    area: Area,
    need: usize,
    eval: &mut dyn Evaluator,
) -> Vec<(Pos, i32)> {
    let allowed = in_area(board, area);
    let mut ranked = eval.best_moves(board, &allowed, OFFER_CANDIDATES.max(3 * need));
    let mut picked = one_per_class(board, &ranked);
    if picked.len() < need {
        // Widen to every allowed point, scored one move ahead.
        let mut scratch = board.clone();
        let mut seen: Vec<Pos> = ranked.iter().map(|r| r.0).collect();
        let black = board.side_to_move() == Color::Black;
        for p in board.empty_points().filter(|&p| allowed(p)) {
            if seen.contains(&p) || (black && forbidden(&mut scratch, p).is_some()) {
                continue;
            }
            seen.push(p);
            ranked.push((p, -eval.value(&after(board, p))));
        }
        ranked.sort_by_key(|&(p, v)| (std::cmp::Reverse(v), p));
        picked = one_per_class(board, &ranked);
    }
    picked
}

/// Keeps the first (best) move of each symmetry class of the position.
fn one_per_class(board: &Board, ranked: &[(Pos, i32)]) -> Vec<(Pos, i32)> {
    let group = stabiliser(board);
    let (w, h) = (board.width(), board.height());
    let mut out: Vec<(Pos, i32)> = Vec::new();
    for &(p, v) in ranked {
        let dup = out
            .iter()
            .any(|&(q, _)| group.iter().any(|s| s.apply(q, w, h) == Some(p)));
        if !dup {
            out.push((p, v));
        }
    }
    out
}

/// Black's `n` fifth-move offers: white will keep the one worst for black,
/// so offer the `n` best non-equivalent moves, which makes that worst one as
/// good as it can be. Returns the offers and black's value of the one white
/// is expected to keep.
///
/// # Errors
/// [`OpeningError::NoMove`] when the area holds fewer than `n` classes.
pub fn offer_fifths(
    board: &Board,
    n: usize,
    area: Area,
    eval: &mut dyn Evaluator,
) -> Result<(Vec<Pos>, i32), OpeningError> {
    let values = fifth_move_values(board, area, n, eval);
    if values.len() < n || n == 0 {
        return Err(OpeningError::NoMove);
    }
    let worst = values[n - 1].1;
    Ok((values[..n].iter().map(|v| v.0).collect(), worst))
}

/// How many fifth moves to declare (1 to `max`) on a four-stone position
/// with black to move, when the opponent may still swap: the number whose
/// expected outcome (black's value of the n-th best offer) is closest to
/// even; the smaller number on a tie.
pub fn declare_count(board: &Board, max: usize, eval: &mut dyn Evaluator) -> usize {
    let values = fifth_move_values(board, Area::Anywhere, max, eval);
    (1..=max.min(values.len()).max(1))
        .min_by_key(|&n| values.get(n - 1).map_or(i32::MAX, |v| v.1.saturating_abs()))
        .unwrap_or(1)
}

/// White's choice among black's offers: the one best for white (the first
/// offered on a tie), then white's sixth move there.
///
/// # Errors
/// [`OpeningError::NoMove`] with no offers or no point left for move 6.
pub fn keep_fifth(
    board: &Board,
    offers: &[Pos],
    eval: &mut dyn Evaluator,
) -> Result<(Pos, Pos), OpeningError> {
    let mut best: Option<(i32, Pos)> = None;
    for &o in offers {
        if !board.is_empty(o) {
            continue;
        }
        let v = eval.value(&after(board, o));
        if best.map_or(true, |(bv, _)| v > bv) {
            best = Some((v, o));
        }
    }
    let (_, fifth) = best.ok_or(OpeningError::NoMove)?;
    let b = after(board, fifth);
    Ok((fifth, best_move(&b, Area::Anywhere, eval)?))
}

/// Whether the player holding the colour to move should swap: when that
/// colour is worse than the other by more than [`SWAP_MARGIN`].
pub fn should_swap(board: &Board, eval: &mut dyn Evaluator) -> bool {
    eval.value(board) < -SWAP_MARGIN
}

/// What to do at swap2's second stage (three stones, white to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Choice {
    /// Take black.
    Swap,
    /// Stay white and play move 4.
    Fourth(Pos),
    /// Put white 4 and black 5 and let the opponent choose.
    TwoStones(Pos, Pos),
}

/// Swap2 with three stones: swap when black is better by more than
/// [`SWAP2_BALANCE`], play move 4 when white is, and otherwise put two
/// stones that leave the position as even as we can find (the opponent
/// will choose a colour).
///
/// # Errors
/// [`OpeningError::NoMove`] on a full board.
pub fn swap2_three(board: &Board, eval: &mut dyn Evaluator) -> Result<Swap2Choice, OpeningError> {
    let v = eval.value(board);
    if v < -SWAP2_BALANCE {
        return Ok(Swap2Choice::Swap);
    }
    let fourth = best_move(board, Area::Anywhere, eval)?;
    if v > SWAP2_BALANCE {
        return Ok(Swap2Choice::Fourth(fourth));
    }
    let b4 = after(board, fourth);
    let allowed = in_area(&b4, Area::Anywhere);
    let fifth = eval
        .best_moves(&b4, &allowed, OFFER_CANDIDATES)
        .into_iter()
        .min_by_key(|&(p, v)| (v.saturating_abs(), p))
        .map(|(p, _)| p)
        .ok_or(OpeningError::NoMove)?;
    Ok(Swap2Choice::TwoStones(fourth, fifth))
}

/// Taraguchi, black to move with four stones and the swap open: the three
/// choices valued for black, and the best taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaraguchiChoice {
    /// Take white.
    Swap,
    /// One fifth move in the central 9×9 square (white may swap after it).
    Fifth(Pos),
    /// N offers anywhere.
    Offers(Vec<Pos>),
}

/// Decides Taraguchi's fourth-move stage for black: swapping is worth minus
/// the current value; a single fifth move is worth minus its imbalance
/// (white may swap after it, so the best is an even one); N offers are
/// worth the N-th best fifth move. The largest wins, in that order on ties.
/// With `may_swap` false (black got its colour by a swap at this stage,
/// which starts the rule's first choice) only the single fifth move is open.
///
/// # Errors
/// [`OpeningError::NoMove`] when no fifth move can be found.
pub fn taraguchi_fourth(
    board: &Board,
    n: usize,
    may_swap: bool,
    eval: &mut dyn Evaluator,
) -> Result<TaraguchiChoice, OpeningError> {
    let now = eval.value(board);
    let allowed = in_area(board, Area::Central(9));
    let fifth = eval
        .best_moves(board, &allowed, OFFER_CANDIDATES)
        .into_iter()
        .min_by_key(|&(p, v)| (v.saturating_abs(), p));
    let mut best: Option<(i32, TaraguchiChoice)> = None;
    let mut consider = |v: i32, c: TaraguchiChoice| {
        if best.as_ref().map_or(true, |(bv, _)| v > *bv) {
            best = Some((v, c));
        }
    };
    if may_swap {
        consider(-now, TaraguchiChoice::Swap);
    }
    if let Some((p, v)) = fifth {
        consider(-v.saturating_abs(), TaraguchiChoice::Fifth(p));
    }
    if may_swap {
        if let Ok((offers, worst)) = offer_fifths(board, n, Area::Anywhere, eval) {
            consider(worst, TaraguchiChoice::Offers(offers));
        }
    }
    best.map(|b| b.1).ok_or(OpeningError::NoMove)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opening::canonical::identify_board;
    use crate::opening::offers::validate_offers;
    use crate::rules::Rule;

    /// A transparent evaluator for tests: black counts the stones of its
    /// own in the centre column minus everything else, so its preferences
    /// can be worked out by hand.
    fn column_eval(col: usize) -> impl FnMut(&Board) -> i32 {
        move |b: &Board| {
            let mut black = 0;
            for p in b.points() {
                if b.stone(p) == Some(Color::Black) {
                    black += if p.x() == col { 100 } else { 10 };
                }
                if b.stone(p) == Some(Color::White) {
                    black -= 40;
                }
            }
            if b.side_to_move() == Color::Black {
                black
            } else {
                -black
            }
        }
    }

    fn renju15() -> Board {
        Board::square(15, Rule::Renju).unwrap()
    }

    #[test]
    fn the_opening_chosen_is_the_most_balanced_one() {
        // The evaluator knows only 寒星 (1D) and 長星 (1I) as even, every
        // other opening as good for black: 1D must be picked, then 1I when
        // 1D becomes lopsided too.
        let even = |stones: &[(i32, i32)]| -> i32 {
            if stones.contains(&(0, -2)) {
                3
            } else {
                500
            }
        };
        let mut eval = FnEval(|b: &Board| {
            let offs: Vec<(i32, i32)> = b
                .points()
                .filter(|&p| b.stone(p) == Some(Color::Black))
                .map(|p| (p.x() as i32 - 7, p.y() as i32 - 7))
                .collect();
            -even(&offs)
        });
        let (op, stones) = choose_opening(&renju15(), &mut eval).unwrap();
        assert_eq!(op.name, "Kansei");
        assert_eq!(stones, [Pos::new(7, 7), Pos::new(7, 6), Pos::new(7, 5)]);
        let mut eval2 = FnEval(|b: &Board| {
            let black3_on = |x: usize, y: usize| b.stone(Pos::new(x, y)) == Some(Color::Black);
            if black3_on(9, 5) && b.stone(Pos::new(8, 6)) == Some(Color::White) {
                0
            } else {
                -400
            }
        });
        let (op2, _) = choose_opening(&renju15(), &mut eval2).unwrap();
        assert_eq!(op2.name, "Chosei");
    }

    #[test]
    fn the_static_evaluation_picks_a_real_opening() {
        let (op, stones) = choose_opening(&renju15(), &mut StaticEval).unwrap();
        let mut b = renju15();
        for (i, &p) in stones.iter().enumerate() {
            b.make_color(p, if i == 1 { Color::White } else { Color::Black });
        }
        assert_eq!(identify_board(&b).map(|(o, _)| o.number), Some(op.number));
    }

    #[test]
    fn offers_are_the_best_non_equivalent_moves() {
        // 寒星 with white 4 straight below: symmetric left to right.
        //   . . . . . . .
        //   . . . X . . .      black 3
        //   . . . O . . .      white 2
        //   . . . X . . .      black 1 (centre)
        //   . . . O . . .      white 4
        let mut b = renju15();
        for (x, y) in [(7, 7), (7, 6), (7, 5), (7, 8)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        // Black likes the column x = 6 best; its mirror x = 8 is equivalent,
        // so the second offer must come from elsewhere.
        let mut eval = FnEval(column_eval(6));
        let (offers, _) = offer_fifths(&b, 2, Area::Anywhere, &mut eval).unwrap();
        assert_eq!(offers.len(), 2);
        assert_eq!(offers[0].x(), 6, "the favourite column first");
        assert_ne!(offers[1].x(), 8, "its mirror image is the same move");
        assert_eq!(validate_offers(&b, &offers, 2, Area::Anywhere), Ok(()));
        // Without the symmetry (white 4 off the axis) the mirror is allowed.
        let mut c = renju15();
        for (x, y) in [(7, 7), (7, 6), (7, 5), (6, 8)] {
            c.play(Pos::new(x, y)).unwrap();
        }
        let mut eval = FnEval(column_eval(6));
        let (offers, _) = offer_fifths(&c, 5, Area::Anywhere, &mut eval).unwrap();
        assert_eq!(validate_offers(&c, &offers, 5, Area::Anywhere), Ok(()));
        assert!(
            offers.iter().all(|p| p.x() == 6),
            "all five in black's column: {offers:?}"
        );
    }

    #[test]
    fn white_keeps_the_offer_worst_for_black_and_answers_it() {
        let mut b = renju15();
        for (x, y) in [(7, 7), (7, 6), (7, 5), (7, 8)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        let offers = [Pos::new(6, 4), Pos::new(10, 10), Pos::new(7, 4)];
        let mut eval = FnEval(column_eval(7));
        let (fifth, sixth) = keep_fifth(&b, &offers, &mut eval).unwrap();
        assert_eq!(fifth, Pos::new(6, 4), "the first offer off black's column");
        assert!(b.is_empty(sixth) && sixth != fifth);
    }

    #[test]
    fn swap_follows_the_evaluation() {
        let mut b = renju15();
        for (x, y) in [(7, 7), (7, 6), (7, 5)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        // White to move. Black has two stones in column 7: 200 - 40 = 160
        // for black, so white swaps.
        assert!(should_swap(&b, &mut FnEval(column_eval(7))));
        // Column 3 counts each black stone 10: 20 - 40 < 0, good for white.
        assert!(!should_swap(&b, &mut FnEval(column_eval(3))));
    }

    #[test]
    fn swap2_takes_each_branch() {
        let mut b = Board::square(15, Rule::Freestyle).unwrap();
        for (x, y) in [(7, 7), (7, 6), (7, 5)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        assert_eq!(
            swap2_three(&b, &mut FnEval(|_: &Board| -100)),
            Ok(Swap2Choice::Swap)
        );
        assert!(matches!(
            swap2_three(&b, &mut FnEval(|_: &Board| 100)),
            Ok(Swap2Choice::Fourth(_))
        ));
        let Ok(Swap2Choice::TwoStones(w4, b5)) = swap2_three(&b, &mut FnEval(|_: &Board| 0)) else {
            panic!("an even position gets two more stones");
        };
        assert!(w4 != b5 && b.is_empty(w4) && b.is_empty(b5));
    }

    /// An evaluator from black's score `f`, given as the value for the side
    /// to move.
    fn from_black(mut f: impl FnMut(&Board) -> i32) -> FnEval<impl FnMut(&Board) -> i32> {
        FnEval(move |b: &Board| {
            let v = f(b);
            if b.side_to_move() == Color::Black {
                v
            } else {
                -v
            }
        })
    }

    #[test]
    fn taraguchi_black_takes_the_best_of_its_three_choices() {
        //   . . . . .
        //   . . O . .      white 2
        //   . . X . .      black 1 (centre)
        //   . O . X .      white 4, black 3
        let mut b = renju15();
        for (x, y) in [(7, 7), (7, 6), (8, 8), (6, 8)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        // Black is losing now and after any fifth move: swap.
        let mut gloomy = from_black(|_| -100);
        assert_eq!(
            taraguchi_fourth(&b, 10, true, &mut gloomy),
            Ok(TaraguchiChoice::Swap)
        );
        // Black is winning whatever it plays: ten offers keep the win.
        let mut sunny = from_black(|_| 300);
        let Ok(TaraguchiChoice::Offers(offers)) = taraguchi_fourth(&b, 10, true, &mut sunny) else {
            panic!("expected offers");
        };
        assert_eq!(validate_offers(&b, &offers, 10, Area::Anywhere), Ok(()));
        // Black is somewhat ahead now, and every fifth move loses ground the
        // further it is from column 7: one fifth move in column 7 (white may
        // swap after it, so the least lopsided is best) beats both swapping
        // (-50) and ten offers (the tenth is far from column 7).
        let mut column = from_black(|b: &Board| {
            if b.stone_count() == 4 {
                50
            } else {
                let x = b.last_move().map_or(7, |m| m.pos.x());
                -10 * x.abs_diff(7) as i32 - 5
            }
        });
        let choice = taraguchi_fourth(&b, 10, true, &mut column).unwrap();
        assert!(
            matches!(choice, TaraguchiChoice::Fifth(p) if p.x() == 7),
            "{choice:?}"
        );
        // With the swap closed only the fifth move is left to weigh.
        assert!(matches!(
            taraguchi_fourth(&b, 10, false, &mut gloomy),
            Ok(TaraguchiChoice::Fifth(_))
        ));
    }

    #[test]
    fn declared_count_balances_the_position() {
        // Black's value of a fifth move is its column number minus 7: the
        // offers, best first, are worth less and less, and the count
        // declared is the one whose last offer is closest to even.
        let mut b = renju15();
        for (x, y) in [(7, 7), (0, 0), (7, 5), (0, 14)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        let mut eval = FnEval(|b: &Board| {
            let last = b.last_move().map_or(0, |m| m.pos.x() as i32 - 7);
            if b.side_to_move() == Color::White {
                -last
            } else {
                last
            }
        });
        let values = fifth_move_values(&b, Area::Anywhere, 8, &mut eval);
        assert!(values.windows(2).all(|w| w[0].1 >= w[1].1));
        let n = declare_count(&b, 8, &mut eval);
        assert_eq!(
            values[n - 1].1.abs(),
            values.iter().take(8).map(|v| v.1.abs()).min().unwrap()
        );
    }
}
