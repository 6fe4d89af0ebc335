//! The symmetries of the board: the eight of a square (four rotations, four
//! reflections), the four of a rectangle, and the subgroup that keeps a
//! given position.
//!
//! A symmetry acts on board points about the board's centre, so it always
//! maps the board onto itself. On a rectangle that is not square only the
//! identity, the half turn and the two mirror images along the axes do.
//!
//! [`Symmetry::apply_offset`] is the same group acting on offsets from a
//! point (the centre stone of an opening), which is what the 26 canonical
//! openings are classified by, whatever the board.

use crate::board::{Board, Pos};
use crate::rules::Color;
use std::fmt;

/// One of the eight symmetries of a square.
///
/// Coordinates follow the protocol: `x` to the right, `y` downwards. The
/// rotations turn clockwise as seen on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every point where it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    Rotate270,
    /// Mirror left to right (`x` reversed).
    MirrorX,
    /// Mirror top to bottom (`y` reversed).
    MirrorY,
    /// Mirror in the main diagonal (`x` and `y` exchanged).
    Transpose,
    /// Mirror in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The four that also map a rectangle onto itself.
    pub const RECTANGLE: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::Rotate180,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
    ];

    /// The symmetries of a `width` × `height` board: all eight on a square,
    /// four on any other rectangle.
    #[must_use]
    pub fn of_board(width: usize, height: usize) -> &'static [Symmetry] {
        if width == height {
            &Symmetry::ALL
        } else {
            &Symmetry::RECTANGLE
        }
    }

    /// Whether this symmetry exchanges rows and columns (and so needs a
    /// square board).
    #[must_use]
    pub const fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Rotate90
                | Symmetry::Rotate270
                | Symmetry::Transpose
                | Symmetry::AntiTranspose
        )
    }

    /// The image of the offset `(dx, dy)` from a fixed centre.
    #[must_use]
    pub const fn apply_offset(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        match self {
            Symmetry::Identity => (dx, dy),
            Symmetry::Rotate90 => (-dy, dx),
            Symmetry::Rotate180 => (-dx, -dy),
            Symmetry::Rotate270 => (dy, -dx),
            Symmetry::MirrorX => (-dx, dy),
            Symmetry::MirrorY => (dx, -dy),
            Symmetry::Transpose => (dy, dx),
            Symmetry::AntiTranspose => (-dy, -dx),
        }
    }

    /// A short name for records and command lines: `identity`,
    /// `mirror-x`, `mirror-y`, `rotate-180`, `transpose`, `rotate-90`,
    /// `rotate-270`, `anti-transpose`.
    #[must_use]
    pub const fn short_name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::MirrorX => "mirror-x",
            Symmetry::MirrorY => "mirror-y",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Transpose => "transpose",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Rotate270 => "rotate-270",
            Symmetry::AntiTranspose => "anti-transpose",
        }
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// The image of `pos` on a `width` × `height` board, or `None` when this
    /// symmetry does not map that board onto itself (a quarter turn or a
    /// diagonal mirror of a rectangle) or `pos` is off the board.
    #[must_use]
    pub fn apply(self, pos: Pos, width: usize, height: usize) -> Option<Pos> {
        if pos.is_pass() || pos.x() >= width || pos.y() >= height {
            return None;
        }
        if self.swaps_axes() && width != height {
            return None;
        }
        // Twice the offset from the centre, so that even sides stay integral.
        let dx = 2 * pos.x() as i32 - (width as i32 - 1);
        let dy = 2 * pos.y() as i32 - (height as i32 - 1);
        let (ex, ey) = self.apply_offset((dx, dy));
        let x = (ex + width as i32 - 1) / 2;
        let y = (ey + height as i32 - 1) / 2;
        Some(Pos::new(x as usize, y as usize))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "quarter turn",
            Symmetry::Rotate180 => "half turn",
            Symmetry::Rotate270 => "three-quarter turn",
            Symmetry::MirrorX => "left-right mirror",
            Symmetry::MirrorY => "top-bottom mirror",
            Symmetry::Transpose => "diagonal mirror",
            Symmetry::AntiTranspose => "anti-diagonal mirror",
        })
    }
}

/// The stones of `board`, sorted by point.
#[must_use]
pub fn stones_of(board: &Board) -> Vec<(Pos, Color)> {
    board
        .points()
        .filter_map(|p| board.stone(p).map(|c| (p, c)))
        .collect()
}

/// The stones after applying `sym`, sorted; `None` if `sym` does not fit the
/// board.
fn transformed(
    stones: &[(Pos, Color)],
    sym: Symmetry,
    width: usize,
    height: usize,
) -> Option<Vec<(Pos, Color)>> {
    let mut out = Vec::with_capacity(stones.len());
    for &(p, c) in stones {
        out.push((sym.apply(p, width, height)?, c));
    }
    out.sort_unstable();
    Some(out)
}

/// The symmetries of the board that keep the position of `board` (every
/// stone lands on a stone of the same colour). Always holds the identity.
#[must_use]
pub fn stabiliser(board: &Board) -> Vec<Symmetry> {
    let stones = stones_of(board);
    let (w, h) = (board.width(), board.height());
    Symmetry::of_board(w, h)
        .iter()
        .copied()
        .filter(|&s| transformed(&stones, s, w, h).is_some_and(|t| t == stones))
        .collect()
}

/// Whether two points are equivalent in the position of `board`: some
/// symmetry that keeps the position maps one onto the other. Returns that
/// symmetry.
#[must_use]
pub fn equivalent(board: &Board, a: Pos, b: Pos) -> Option<Symmetry> {
    let (w, h) = (board.width(), board.height());
    stabiliser(board)
        .into_iter()
        .find(|s| s.apply(a, w, h) == Some(b))
}

/// The canonical form of a position: of its images under the board's
/// symmetries, the smallest sorted stone list, with the symmetry that gives
/// it. Two positions are equivalent exactly when their canonical forms are
/// equal.
#[must_use]
pub fn canonical_form(
    stones: &[(Pos, Color)],
    width: usize,
    height: usize,
) -> (Vec<(Pos, Color)>, Symmetry) {
    Symmetry::of_board(width, height)
        .iter()
        .filter_map(|&s| transformed(stones, s, width, height).map(|t| (t, s)))
        .min()
        .unwrap_or_else(|| {
            let mut t = stones.to_vec();
            t.sort_unstable();
            (t, Symmetry::Identity)
        })
}

/// The classes of `points` under the symmetries that keep the position of
/// `board`: each class as the list of its members, in the order the members
/// first appear in `points`.
#[must_use]
pub fn classes(board: &Board, points: &[Pos]) -> Vec<Vec<Pos>> {
    let group = stabiliser(board);
    let (w, h) = (board.width(), board.height());
    let mut out: Vec<Vec<Pos>> = Vec::new();
    for &p in points {
        let found = out
            .iter_mut()
            .find(|class| group.iter().any(|s| s.apply(class[0], w, h) == Some(p)));
        match found {
            Some(class) => class.push(p),
            None => out.push(vec![p]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    fn board(text: &str) -> Board {
        Board::from_diagram(Rule::Renju, text).unwrap()
    }

    #[test]
    fn each_symmetry_maps_the_board_onto_itself_and_has_an_inverse() {
        for (w, h) in [(15, 15), (20, 20), (15, 9), (8, 13)] {
            for &s in Symmetry::of_board(w, h) {
                let mut seen = std::collections::HashSet::new();
                for y in 0..h {
                    for x in 0..w {
                        let p = Pos::new(x, y);
                        let q = s.apply(p, w, h).expect("a board symmetry maps every point");
                        assert!(q.x() < w && q.y() < h);
                        assert!(seen.insert(q), "{s} is not one to one on {w}x{h}");
                        assert_eq!(s.inverse().apply(q, w, h), Some(p));
                    }
                }
            }
        }
        assert_eq!(Symmetry::Rotate90.apply(Pos::new(0, 0), 15, 9), None);
    }

    #[test]
    fn the_group_is_closed_and_offsets_agree_with_points() {
        for a in Symmetry::ALL {
            for b in Symmetry::ALL {
                let composed = |o| b.apply_offset(a.apply_offset(o));
                let c = Symmetry::ALL.into_iter().find(|c| {
                    (0..5).all(|i| c.apply_offset((i, 2 * i + 1)) == composed((i, 2 * i + 1)))
                });
                assert!(c.is_some(), "{a} then {b} is no symmetry");
            }
            // On an odd square the point action is the offset action about the centre.
            let p = Pos::new(9, 5);
            let q = a.apply(p, 15, 15).unwrap();
            let (dx, dy) = a.apply_offset((2, -2));
            assert_eq!((q.x() as i32 - 7, q.y() as i32 - 7), (dx, dy));
        }
        assert_eq!(
            Symmetry::Rotate90.apply_offset((1, 0)),
            (0, 1),
            "clockwise on screen"
        );
    }

    #[test]
    fn a_lone_centre_stone_keeps_all_eight_and_a_corner_stone_two() {
        let mut b = Board::square(15, Rule::Renju).unwrap();
        assert_eq!(stabiliser(&b).len(), 8);
        b.play(Pos::new(7, 7)).unwrap();
        assert_eq!(stabiliser(&b).len(), 8);
        b.play(Pos::new(0, 0)).unwrap();
        assert_eq!(
            stabiliser(&b),
            vec![Symmetry::Identity, Symmetry::Transpose]
        );
    }

    #[test]
    fn the_stabiliser_of_a_position() {
        // A direct opening with black 3 on the axis of white 2 (寒星): only the
        // left-right mirror keeps it.
        let kansei = board(
            "
            . . X . .
            . . O . .
            . . X . .
            . . . . .
            . . . . .",
        );
        assert_eq!(
            stabiliser(&kansei),
            vec![Symmetry::Identity, Symmetry::MirrorX]
        );
        // 花月: no symmetry at all.
        let kagetsu = board(
            "
            . . . . .
            . . O X .
            . . X . .
            . . . . .
            . . . . .",
        );
        assert_eq!(stabiliser(&kagetsu), vec![Symmetry::Identity]);
        // A rectangle has only four symmetries, and this cross keeps them all.
        let cross = board(
            "
            . . . . . . .
            . . . O . . .
            . . O X O . .
            . . . O . . .
            . . . . . . .",
        );
        assert_eq!(stabiliser(&cross).len(), 4);
    }

    #[test]
    fn equivalent_points_and_classes() {
        let kansei = board(
            "
            . . X . .
            . . O . .
            . . X . .
            . . . . .
            . . . . .",
        );
        // Left and right of the column are mirror images, above and below
        // the centre are not.
        assert_eq!(
            equivalent(&kansei, Pos::new(1, 2), Pos::new(3, 2)),
            Some(Symmetry::MirrorX)
        );
        assert_eq!(equivalent(&kansei, Pos::new(1, 1), Pos::new(1, 3)), None);
        let pts = [
            Pos::new(1, 2),
            Pos::new(2, 3),
            Pos::new(3, 2),
            Pos::new(2, 4),
        ];
        let cls = classes(&kansei, &pts);
        assert_eq!(cls.len(), 3);
        assert_eq!(cls[0], vec![Pos::new(1, 2), Pos::new(3, 2)]);
    }

    #[test]
    fn canonical_forms_agree_exactly_on_equivalent_positions() {
        let a = [
            (Pos::new(7, 7), Color::Black),
            (Pos::new(8, 6), Color::White),
        ];
        let b = [
            (Pos::new(7, 7), Color::Black),
            (Pos::new(6, 8), Color::White),
        ];
        let c = [
            (Pos::new(7, 7), Color::Black),
            (Pos::new(7, 6), Color::White),
        ];
        assert_eq!(canonical_form(&a, 15, 15).0, canonical_form(&b, 15, 15).0);
        assert_ne!(canonical_form(&a, 15, 15).0, canonical_form(&c, 15, 15).0);
        // On a 15x9 rectangle the diagonal mirror is gone, so a point and its
        // transpose are no longer equivalent.
        let d = [
            (Pos::new(7, 4), Color::Black),
            (Pos::new(8, 6), Color::White),
        ];
        let e = [
            (Pos::new(7, 4), Color::Black),
            (Pos::new(6, 2), Color::White),
        ];
        let f = [
            (Pos::new(7, 4), Color::Black),
            (Pos::new(9, 5), Color::White),
        ];
        assert_eq!(canonical_form(&d, 15, 9).0, canonical_form(&e, 15, 9).0);
        assert_ne!(canonical_form(&d, 15, 9).0, canonical_form(&f, 15, 9).0);
    }
}
