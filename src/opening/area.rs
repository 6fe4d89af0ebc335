//! Where the stones of an opening stage may go: anywhere, or inside a
//! central square.

use crate::board::Pos;
use std::fmt;

/// Where a stone may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    /// Any empty point.
    Anywhere,
    /// The central square of this side (odd: 1 is the centre alone, 3 the
    /// 3×3 square, …), about the point (`width / 2`, `height / 2`).
    Central(u8),
}

impl Area {
    /// Whether `pos` lies in this area of a `width` × `height` board.
    #[must_use]
    pub fn contains(self, pos: Pos, width: usize, height: usize) -> bool {
        if pos.is_pass() || pos.x() >= width || pos.y() >= height {
            return false;
        }
        match self {
            Area::Anywhere => true,
            Area::Central(side) => {
                let reach = usize::from(side / 2);
                pos.x().abs_diff(width / 2) <= reach && pos.y().abs_diff(height / 2) <= reach
            }
        }
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Area::Anywhere => f.write_str("the board"),
            Area::Central(1) => f.write_str("the centre"),
            Area::Central(s) => write!(f, "the central {s}x{s} square"),
        }
    }
}
