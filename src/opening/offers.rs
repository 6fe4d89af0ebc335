//! Fifth-move offers (五手N打): black proposes N fifth moves, white keeps
//! one. No two offers may be equivalent under a symmetry that keeps the
//! four-stone position, since white would then face the same choice twice.
//! Over every canonical opening with white 4 in the central 5×5 square this
//! is the same as asking whether the two five-stone positions are equivalent
//! (a test checks it both ways).

use super::area::Area;
use super::error::OpeningError;
use super::symmetry::{stabiliser, Symmetry};
use crate::board::{Board, Pos};

/// Every pair of offers (earlier, later) that a symmetry keeping the
/// position of `board` maps onto each other, with that symmetry.
#[must_use]
pub fn symmetric_pairs(board: &Board, offers: &[Pos]) -> Vec<(Pos, Pos, Symmetry)> {
    let group = stabiliser(board);
    let (w, h) = (board.width(), board.height());
    let mut out = Vec::new();
    for (i, &a) in offers.iter().enumerate() {
        for &b in &offers[i + 1..] {
            if a == b {
                continue;
            }
            if let Some(&s) = group.iter().find(|s| s.apply(a, w, h) == Some(b)) {
                out.push((a, b, s));
            }
        }
    }
    out
}

/// Checks a set of offered fifth moves on the four-stone position `board`:
/// exactly `expected` of them, each an empty board point inside `area`, no
/// point twice and no two equivalent under the symmetries that keep the
/// position. The first fault found is returned.
///
/// # Errors
/// [`OpeningError::WrongCount`], [`OpeningError::OffBoard`],
/// [`OpeningError::Occupied`], [`OpeningError::OutsideArea`],
/// [`OpeningError::Repeated`] or [`OpeningError::Symmetric`].
pub fn validate_offers(
    board: &Board,
    offers: &[Pos],
    expected: usize,
    area: Area,
) -> Result<(), OpeningError> {
    if offers.len() != expected {
        return Err(OpeningError::WrongCount {
            expected,
            got: offers.len(),
        });
    }
    let (w, h) = (board.width(), board.height());
    for (i, &p) in offers.iter().enumerate() {
        if p.is_pass() || p.x() >= w || p.y() >= h {
            return Err(OpeningError::OffBoard {
                x: p.x() as i64,
                y: p.y() as i64,
            });
        }
        if !board.is_empty(p) {
            return Err(OpeningError::Occupied(p));
        }
        if !area.contains(p, w, h) {
            return Err(OpeningError::OutsideArea { pos: p, area });
        }
        if offers[..i].contains(&p) {
            return Err(OpeningError::Repeated(p));
        }
    }
    if let Some(&(first, second, symmetry)) = symmetric_pairs(board, offers).first() {
        return Err(OpeningError::Symmetric {
            first,
            second,
            symmetry,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    fn board(text: &str) -> Board {
        Board::from_diagram(Rule::Renju, text).unwrap()
    }

    /// The points marked `a`, `b`, … in a diagram, in letter order.
    fn marks(text: &str) -> Vec<Pos> {
        let mut found: Vec<(char, Pos)> = Vec::new();
        let rows = text
            .lines()
            .map(|l| l.split_whitespace().collect::<String>())
            .filter(|r| !r.is_empty());
        for (y, row) in rows.enumerate() {
            for (x, c) in row.chars().enumerate() {
                if c.is_ascii_lowercase() && c != 'x' && c != 'o' {
                    found.push((c, Pos::new(x, y)));
                }
            }
        }
        found.sort();
        found.into_iter().map(|(_, p)| p).collect()
    }

    // 1D 寒星 with white 4 below black 1: the position keeps its left-right
    // mirror, so `a` and `b` are the same fifth move, `c` is another.
    const SYMMETRIC: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . a O b . . .
        . . . . X . . . .
        . . . . O . . . .
        . . . . . c . . .
        . . . . . . . . .
        . . . . . . . . .";

    // 4D 花月 with white 4 below left: no symmetry keeps it, so `a` and `b`
    // (mirror images on an empty board) are different fifth moves.
    const ASYMMETRIC: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . a . b . . .
        . . . . O X . . .
        . . . . X . . . .
        . . . O . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn symmetric_offers_are_caught_on_a_symmetric_position() {
        let b = board(SYMMETRIC);
        let m = marks(SYMMETRIC);
        assert_eq!(stabiliser(&b), vec![Symmetry::Identity, Symmetry::MirrorX]);
        let err = validate_offers(&b, &[m[0], m[1]], 2, Area::Anywhere).unwrap_err();
        assert_eq!(
            err,
            OpeningError::Symmetric {
                first: m[0],
                second: m[1],
                symmetry: Symmetry::MirrorX
            }
        );
        assert_eq!(
            validate_offers(&b, &[m[0], m[2]], 2, Area::Anywhere),
            Ok(())
        );
        // Three offers, one pair of them symmetric.
        assert_eq!(symmetric_pairs(&b, &[m[2], m[0], m[1]]).len(), 1);
    }

    #[test]
    fn mirror_images_are_distinct_offers_on_an_asymmetric_position() {
        let b = board(ASYMMETRIC);
        let m = marks(ASYMMETRIC);
        assert_eq!(stabiliser(&b), vec![Symmetry::Identity]);
        assert_eq!(
            validate_offers(&b, &[m[0], m[1]], 2, Area::Anywhere),
            Ok(())
        );
        assert!(symmetric_pairs(&b, &m).is_empty());
    }

    #[test]
    fn a_rectangle_loses_the_diagonal_mirrors() {
        // The same stones on a square and on a rectangle: black on the
        // centre, white diagonally above right. On the square the
        // anti-diagonal mirror keeps them and makes `a` and `b` one offer;
        // the rectangle has no diagonal mirror, so they are two.
        let square = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . b O . . .
            . . . . X a . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let rectangle = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . b O . . .
            . . . . X a . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let (sq, m) = (board(square), marks(square));
        assert_eq!(
            stabiliser(&sq),
            vec![Symmetry::Identity, Symmetry::AntiTranspose]
        );
        assert!(matches!(
            validate_offers(&sq, &m, 2, Area::Anywhere),
            Err(OpeningError::Symmetric {
                symmetry: Symmetry::AntiTranspose,
                ..
            })
        ));
        let (rect, m) = (board(rectangle), marks(rectangle));
        assert_eq!((rect.width(), rect.height()), (9, 7));
        assert_eq!(stabiliser(&rect), vec![Symmetry::Identity]);
        assert_eq!(validate_offers(&rect, &m, 2, Area::Anywhere), Ok(()));
    }

    #[test]
    fn every_other_fault_is_reported() {
        let b = board(SYMMETRIC);
        let m = marks(SYMMETRIC);
        assert_eq!(
            validate_offers(&b, &[m[0]], 2, Area::Anywhere),
            Err(OpeningError::WrongCount {
                expected: 2,
                got: 1
            })
        );
        let stone = Pos::new(4, 3);
        assert_eq!(
            validate_offers(&b, &[m[0], stone], 2, Area::Anywhere),
            Err(OpeningError::Occupied(stone))
        );
        assert_eq!(
            validate_offers(&b, &[m[2], m[2]], 2, Area::Anywhere),
            Err(OpeningError::Repeated(m[2]))
        );
        let corner = Pos::new(0, 0);
        assert_eq!(
            validate_offers(&b, &[m[2], corner], 2, Area::Central(5)),
            Err(OpeningError::OutsideArea {
                pos: corner,
                area: Area::Central(5)
            })
        );
        assert!(matches!(
            validate_offers(&b, &[m[2], Pos::new(9, 2)], 2, Area::Anywhere),
            Err(OpeningError::OffBoard { x: 9, y: 2 })
        ));
    }

    #[test]
    fn symmetric_offers_are_exactly_those_making_equivalent_positions() {
        // An independent check by canonical forms: over every canonical
        // opening with every white 4 in the central 5×5 square, two fifth
        // moves there are flagged exactly when the five-stone positions they
        // make are the same up to a symmetry of the board.
        use crate::opening::canonical::openings;
        use crate::opening::symmetry::{canonical_form, stones_of};
        use crate::rules::Color;
        let near: Vec<Pos> = (5..10)
            .flat_map(|y| (5..10).map(move |x| Pos::new(x, y)))
            .collect();
        let (mut flagged, mut pairs) = (0, 0);
        for op in openings() {
            let three = op.place(15, 15, Symmetry::Identity).unwrap();
            for &w4 in &near {
                if three.contains(&w4) {
                    continue;
                }
                let mut b = Board::square(15, Rule::Renju).unwrap();
                for p in three.into_iter().chain([w4]) {
                    b.play(p).unwrap();
                }
                let empty: Vec<Pos> = near.iter().copied().filter(|&p| b.is_empty(p)).collect();
                let forms: Vec<_> = empty
                    .iter()
                    .map(|&p| {
                        let mut st = stones_of(&b);
                        st.push((p, Color::Black));
                        canonical_form(&st, 15, 15).0
                    })
                    .collect();
                for i in 0..empty.len() {
                    for j in i + 1..empty.len() {
                        let same = forms[i] == forms[j];
                        let found = !symmetric_pairs(&b, &[empty[i], empty[j]]).is_empty();
                        assert_eq!(
                            same, found,
                            "{op}, white 4 on {w4}: {} and {}",
                            empty[i], empty[j]
                        );
                        pairs += 1;
                        flagged += usize::from(found);
                    }
                }
            }
        }
        assert!(flagged > 0 && flagged < pairs, "{flagged} of {pairs}");
    }

    #[test]
    fn central_squares() {
        assert!(Area::Central(1).contains(Pos::new(7, 7), 15, 15));
        assert!(!Area::Central(1).contains(Pos::new(7, 8), 15, 15));
        assert!(Area::Central(5).contains(Pos::new(9, 5), 15, 15));
        assert!(!Area::Central(5).contains(Pos::new(10, 7), 15, 15));
        // On an even board the centre is (width / 2, height / 2).
        assert!(Area::Central(3).contains(Pos::new(9, 9), 20, 20));
        assert!(!Area::Central(3).contains(Pos::new(8, 8), 20, 20));
        assert!(Area::Anywhere.contains(Pos::new(14, 0), 15, 15));
        assert!(!Area::Anywhere.contains(Pos::new(15, 0), 15, 15));
    }
}
