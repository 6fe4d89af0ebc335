//! Points, directions and the padded grid they index.

use std::fmt;

/// The smallest board side supported.
pub const MIN_SIZE: usize = 5;
/// The largest board side supported.
pub const MAX_SIZE: usize = 32;
/// Off-board margin around the board in the padded grid: pattern reach.
pub(crate) const PAD: usize = crate::pattern::REACH;
/// Width of a padded grid row.
pub(crate) const STRIDE: usize = MAX_SIZE + 2 * PAD;
/// Cells in the padded grid.
pub(crate) const GRID: usize = STRIDE * STRIDE;
/// Lines kept as bit strings: 32 rows, 32 columns, 63 diagonals and 63
/// anti-diagonals.
pub(crate) const LINE_COUNT: usize = 2 * MAX_SIZE + 2 * (2 * MAX_SIZE - 1);

/// A board point, or the pass move.
///
/// Coordinates follow the Gomocup protocol: `x` is the column, `y` the row,
/// both from zero. Internally a point is its index in the padded grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos(u16);

impl Pos {
    /// The pass move (an index in the margin, never a board point).
    pub const PASS: Pos = Pos(0);

    /// The point at column `x`, row `y`. Both must be below [`MAX_SIZE`].
    #[inline]
    #[must_use]
    pub const fn new(x: usize, y: usize) -> Pos {
        debug_assert!(x < MAX_SIZE && y < MAX_SIZE);
        Pos(((y + PAD) * STRIDE + x + PAD) as u16)
    }

    /// Column, from zero. Meaningless for [`Pos::PASS`].
    #[inline]
    #[must_use]
    pub const fn x(self) -> usize {
        (self.0 as usize % STRIDE).wrapping_sub(PAD)
    }

    /// Row, from zero. Meaningless for [`Pos::PASS`].
    #[inline]
    #[must_use]
    pub const fn y(self) -> usize {
        (self.0 as usize / STRIDE).wrapping_sub(PAD)
    }

    /// Whether this is the pass move.
    #[inline]
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.0 == 0
    }

    /// Index in the padded grid (for per-point tables of [`Pos::GRID_SIZE`]
    /// entries).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number of distinct [`Pos::index`] values.
    pub const GRID_SIZE: usize = GRID;

    /// The point `steps` steps from here along `dir` (may be off the board
    /// but stays within the padded grid for `|steps| <= 5`).
    #[inline]
    #[must_use]
    pub const fn offset(self, dir: Dir, steps: isize) -> Pos {
        Pos((self.0 as isize + steps * dir.delta()) as u16)
    }

    /// Chebyshev distance between two points.
    #[must_use]
    pub fn distance(self, other: Pos) -> usize {
        self.x()
            .abs_diff(other.x())
            .max(self.y().abs_diff(other.y()))
    }
}

/// Parses a point as the protocols write it, `x,y`: two integers and a
/// comma, with spaces allowed around each number, each at most 19
/// characters. Any integers are accepted; whether the point is on a board
/// is the caller's check.
#[must_use]
pub fn parse_xy(text: &str) -> Option<(i64, i64)> {
    let number = |s: &str| {
        let s = s.trim();
        if s.is_empty() || s.len() > 19 {
            return None;
        }
        s.parse::<i64>().ok()
    };
    let (x, y) = text.split_once(',')?;
    Some((number(x)?, number(y)?))
}

impl fmt::Display for Pos {
    /// `x,y` as the Gomocup protocol writes it; `pass` for the pass move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            f.write_str("pass")
        } else {
            write!(f, "{},{}", self.x(), self.y())
        }
    }
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One of the four line directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Along a row: (+1, 0).
    Horizontal = 0,
    /// Along a column: (0, +1).
    Vertical = 1,
    /// Down-right: (+1, +1).
    Diagonal = 2,
    /// Up-right: (+1, -1).
    AntiDiagonal = 3,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [
        Dir::Horizontal,
        Dir::Vertical,
        Dir::Diagonal,
        Dir::AntiDiagonal,
    ];

    /// The step along this direction as (dx, dy).
    #[must_use]
    pub const fn step(self) -> (isize, isize) {
        match self {
            Dir::Horizontal => (1, 0),
            Dir::Vertical => (0, 1),
            Dir::Diagonal => (1, 1),
            Dir::AntiDiagonal => (1, -1),
        }
    }

    /// The step along this direction in the padded grid.
    #[inline]
    #[must_use]
    pub const fn delta(self) -> isize {
        let (dx, dy) = self.step();
        dy * STRIDE as isize + dx
    }
}

/// The bit line holding `pos` in `dir`, and `pos`'s place along it.
///
/// Rows are indexed by y and columns by x; a diagonal by x − y + 31 and an
/// anti-diagonal by x + y. Along rows, diagonals and anti-diagonals a point's
/// place is its x, along columns its y, so a step along the direction adds
/// one to the place.
#[inline]
pub(crate) const fn line_of(pos: Pos, dir: Dir) -> (usize, usize) {
    let (li, lp) = LINES[pos.index()][dir as usize];
    (li as usize, lp as usize)
}

/// [`line_of`] for every grid cell, computed at compile time (cells of the
/// margin get line 0, place 0; they are never played on).
const LINES: [[(u8, u8); 4]; GRID] = {
    let mut t = [[(0u8, 0u8); 4]; GRID];
    let mut y = 0;
    while y < MAX_SIZE {
        let mut x = 0;
        while x < MAX_SIZE {
            let pos = Pos::new(x, y);
            let mut d = 0;
            while d < 4 {
                let (li, lp) = compute_line_of(pos, Dir::ALL[d]);
                t[pos.index()][d] = (li as u8, lp as u8);
                d += 1;
            }
            x += 1;
        }
        y += 1;
    }
    t
};

const fn compute_line_of(pos: Pos, dir: Dir) -> (usize, usize) {
    let (x, y) = (pos.x(), pos.y());
    match dir {
        Dir::Horizontal => (y, x),
        Dir::Vertical => (MAX_SIZE + x, y),
        Dir::Diagonal => (2 * MAX_SIZE + x + (MAX_SIZE - 1) - y, x),
        Dir::AntiDiagonal => (2 * MAX_SIZE + (2 * MAX_SIZE - 1) + x + y, x),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                let p = Pos::new(x, y);
                assert_eq!((p.x(), p.y()), (x, y));
                assert!(!p.is_pass());
                assert!(p.index() < GRID);
                for dir in Dir::ALL {
                    let (li, _) = line_of(p, dir);
                    assert!(li < LINE_COUNT);
                }
            }
        }
    }

    #[test]
    fn a_step_along_a_line_adds_one_to_the_place() {
        let p = Pos::new(7, 9);
        for dir in Dir::ALL {
            let q = p.offset(dir, 1);
            let (a, pa) = line_of(p, dir);
            let (b, pb) = line_of(q, dir);
            assert_eq!(a, b);
            assert_eq!(pb, pa + 1);
        }
    }
}
