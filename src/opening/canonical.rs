//! The 26 canonical renju openings (珠型) and how to recognise them.
//!
//! A canonical opening is black 1 on the centre, white 2 on one of the eight
//! points touching it, and black 3 in the central 5×5 square. Up to the eight
//! symmetries that keep the centre there are exactly 26 of them: 13 direct
//! ones (white 2 orthogonally next to black 1) and 13 indirect ones (white 2
//! diagonally next to it). The unit tests below derive this by enumeration.
//!
//! The table is read from `openings/renju-canonical.txt`, compiled into the
//! crate, so the file the arena reads and the table the engine uses are one.
//! Names and numbering follow Wikipedia, "Renju opening pattern"
//! (<https://en.wikipedia.org/wiki/Renju_opening_pattern>) and renju.net,
//! "Openings" (<http://renju.net/study/openings.php>).

use super::symmetry::Symmetry;
use crate::board::{Board, Pos};
use crate::rules::Color;
use once_cell::sync::Lazy;
use std::fmt;

/// The text of `openings/renju-canonical.txt`.
pub const CANONICAL_FILE: &str = include_str!("../../openings/renju-canonical.txt");

/// Whether white 2 touches black 1 along a line or at a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// White 2 orthogonally next to black 1 (直指, 1D–13D).
    Direct,
    /// White 2 diagonally next to black 1 (斜指, 1I–13I).
    Indirect,
}

/// One of the 26 canonical openings, in the orientation of the table (white
/// 2 above black 1 for direct openings, above and to the right for indirect
/// ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// 1 to 26: the direct openings 1D–13D are 1–13, the indirect ones
    /// 1I–13I are 14–26.
    pub number: u8,
    /// The name in kanji, e.g. `花月`.
    pub kanji: &'static str,
    /// The romanised name, e.g. `Kagetsu`.
    pub name: &'static str,
    /// White 2 as an offset from black 1 (x right, y down).
    pub white: (i32, i32),
    /// Black 3 as an offset from black 1.
    pub third: (i32, i32),
}

impl Opening {
    /// Direct or indirect.
    #[must_use]
    pub const fn kind(&self) -> Kind {
        if self.white.0 == 0 || self.white.1 == 0 {
            Kind::Direct
        } else {
            Kind::Indirect
        }
    }

    /// The code of the renju literature: `1D` … `13D`, `1I` … `13I`.
    #[must_use]
    pub fn code(&self) -> String {
        match self.kind() {
            Kind::Direct => format!("{}D", self.number),
            Kind::Indirect => format!("{}I", self.number - 13),
        }
    }

    /// The three stones as offsets from the centre, in move order.
    #[must_use]
    pub const fn offsets(&self) -> [(i32, i32); 3] {
        [(0, 0), self.white, self.third]
    }

    /// The three stones on a board of that size, turned by `sym` about the
    /// centre (`width / 2`, `height / 2`), in move order; `None` if the
    /// board is too small to hold them.
    #[must_use]
    pub fn place(&self, width: usize, height: usize, sym: Symmetry) -> Option<[Pos; 3]> {
        let (cx, cy) = (width as i32 / 2, height as i32 / 2);
        let mut out = [Pos::PASS; 3];
        for (slot, off) in out.iter_mut().zip(self.offsets()) {
            let (dx, dy) = sym.apply_offset(off);
            let (x, y) = (cx + dx, cy + dy);
            if x < 0 || y < 0 || x >= width as i32 || y >= height as i32 {
                return None;
            }
            *slot = Pos::new(x as usize, y as usize);
        }
        Some(out)
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} ({})",
            self.number,
            self.kanji,
            self.name,
            self.code()
        )
    }
}

/// Parses one line of the canonical file: `0,0, dx,dy, dx,dy  # n 漢字 Name (code)`.
fn parse_line(line: &'static str) -> Option<Opening> {
    let (stones, comment) = line.split_once('#')?;
    let nums: Vec<i32> = stones
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    if nums.len() != 6 || nums[0] != 0 || nums[1] != 0 {
        return None;
    }
    let mut words = comment.split_whitespace();
    let number = words.next()?.parse().ok()?;
    let kanji = words.next()?;
    let name = words.next()?;
    Some(Opening {
        number,
        kanji,
        name,
        white: (nums[2], nums[3]),
        third: (nums[4], nums[5]),
    })
}

static TABLE: Lazy<Vec<Opening>> = Lazy::new(|| {
    CANONICAL_FILE
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(parse_line)
        .collect()
});

/// The 26 canonical openings, in number order.
#[must_use]
pub fn openings() -> &'static [Opening] {
    &TABLE
}

/// The opening with this number (1–26), kanji, romanised name (any case) or
/// code (`2I`, `13d`).
#[must_use]
pub fn find(key: &str) -> Option<&'static Opening> {
    let key = key.trim();
    openings().iter().find(|o| {
        o.number.to_string() == key
            || o.kanji == key
            || o.name.eq_ignore_ascii_case(key)
            || o.code().eq_ignore_ascii_case(key)
    })
}

/// The offset of `pos` from the centre of a `width` × `height` board.
fn offset(pos: Pos, width: usize, height: usize) -> (i32, i32) {
    (
        pos.x() as i32 - (width / 2) as i32,
        pos.y() as i32 - (height / 2) as i32,
    )
}

/// Which canonical opening the three stones form, and the symmetry that
/// turns the table's orientation into theirs. `None` unless there are
/// exactly two black stones, one on the centre, and one white stone touching
/// it, with the other black stone in the central 5×5 square.
#[must_use]
pub fn identify(
    stones: &[(Pos, Color)],
    width: usize,
    height: usize,
) -> Option<(&'static Opening, Symmetry)> {
    if stones.len() != 3
        || stones
            .iter()
            .any(|(p, _)| p.is_pass() || p.x() >= width || p.y() >= height)
    {
        return None;
    }
    let blacks: Vec<(i32, i32)> = stones
        .iter()
        .filter(|s| s.1 == Color::Black)
        .map(|s| offset(s.0, width, height))
        .collect();
    let white = stones
        .iter()
        .find(|s| s.1 == Color::White)
        .map(|s| offset(s.0, width, height))?;
    if blacks.len() != 2 {
        return None;
    }
    let third = match (blacks[0], blacks[1]) {
        ((0, 0), t) | (t, (0, 0)) => t,
        _ => return None,
    };
    for op in openings() {
        for sym in Symmetry::ALL {
            if sym.apply_offset(op.white) == white && sym.apply_offset(op.third) == third {
                return Some((op, sym));
            }
        }
    }
    None
}

/// [`identify`] for the stones on a board.
#[must_use]
pub fn identify_board(board: &Board) -> Option<(&'static Opening, Symmetry)> {
    identify(
        &super::symmetry::stones_of(board),
        board.width(),
        board.height(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;
    use std::collections::BTreeSet;

    /// The canonical form of a three-stone opening given as offsets: the
    /// smallest image of (white 2, black 3) under the eight symmetries.
    fn class_of(white: (i32, i32), third: (i32, i32)) -> ((i32, i32), (i32, i32)) {
        Symmetry::ALL
            .iter()
            .map(|s| (s.apply_offset(white), s.apply_offset(third)))
            .min()
            .unwrap()
    }

    /// Every opening the rules allow: white 2 touching the centre, black 3
    /// anywhere else in the central 5×5 square.
    fn all_openings() -> Vec<((i32, i32), (i32, i32))> {
        let mut out = Vec::new();
        for wy in -1..=1 {
            for wx in -1..=1 {
                if (wx, wy) == (0, 0) {
                    continue;
                }
                for ty in -2..=2 {
                    for tx in -2..=2 {
                        if (tx, ty) != (0, 0) && (tx, ty) != (wx, wy) {
                            out.push(((wx, wy), (tx, ty)));
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_file_holds_26_openings_numbered_in_order() {
        let table = openings();
        assert_eq!(table.len(), 26);
        for (i, op) in table.iter().enumerate() {
            assert_eq!(usize::from(op.number), i + 1);
            assert_eq!(
                op.kind(),
                if i < 13 { Kind::Direct } else { Kind::Indirect }
            );
            assert!(op.white.0.abs() <= 1 && op.white.1.abs() <= 1 && op.white != (0, 0));
            assert!(op.third.0.abs() <= 2 && op.third.1.abs() <= 2);
            assert!(op.third != (0, 0) && op.third != op.white);
        }
        assert_eq!(table[0].code(), "1D");
        assert_eq!(table[25].code(), "13I");
        assert_eq!(find("kagetsu").map(|o| o.number), Some(4));
        assert_eq!(find("浦月").map(|o| o.code()), Some("7I".to_string()));
        assert_eq!(find("13d").map(|o| o.name), Some("Yusei"));
        assert!(find("Tengen").is_none());
    }

    #[test]
    fn the_26_are_exactly_the_symmetry_classes() {
        let all = all_openings();
        assert_eq!(all.len(), 8 * 23);
        let classes: BTreeSet<_> = all.iter().map(|&(w, t)| class_of(w, t)).collect();
        assert_eq!(
            classes.len(),
            26,
            "three-stone openings fall into 26 classes"
        );
        let named: BTreeSet<_> = openings()
            .iter()
            .map(|o| class_of(o.white, o.third))
            .collect();
        assert_eq!(named.len(), 26, "no two named openings are the same class");
        assert_eq!(named, classes, "every class is named");
        // Direct and indirect split 13 and 13.
        let direct = classes.iter().filter(|(w, _)| w.0 == 0 || w.1 == 0).count();
        assert_eq!(direct, 13);
    }

    #[test]
    fn every_opening_in_every_orientation_is_recognised() {
        for (w, t) in all_openings() {
            let at = |(dx, dy): (i32, i32)| Pos::new((7 + dx) as usize, (7 + dy) as usize);
            let stones = [
                (at((0, 0)), Color::Black),
                (at(w), Color::White),
                (at(t), Color::Black),
            ];
            let (op, sym) = identify(&stones, 15, 15).expect("a legal opening is one of the 26");
            assert_eq!(sym.apply_offset(op.white), w);
            assert_eq!(sym.apply_offset(op.third), t);
            assert_eq!(class_of(op.white, op.third), class_of(w, t));
        }
    }

    #[test]
    fn positions_that_are_not_canonical_openings() {
        let b = |text: &str| Board::from_diagram(Rule::Renju, text).unwrap();
        // Black 3 outside the central 5×5 square.
        let far = b("
            . . . . . . . . .
            . . . . . . . . X
            . . . . . . . . .
            . . . . O . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .");
        assert!(identify_board(&far).is_none());
        // White 2 not touching black 1.
        let loose = b("
            . . . . . . . . .
            . . . . . . . . .
            . . . . O . . . .
            . . . . . X . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .");
        assert!(identify_board(&loose).is_none());
        // Black 1 off the centre.
        let off = b("
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . O X . . . .
            . . . X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .");
        assert!(identify_board(&off).is_none());
        // 花月, turned a quarter.
        let kagetsu = b("
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X O . . .
            . . . . . X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .");
        assert_eq!(
            identify_board(&kagetsu).map(|(o, _)| o.name),
            Some("Kagetsu")
        );
        // Two white stones.
        let two = b("
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . O O . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .");
        assert!(identify_board(&two).is_none());
    }

    #[test]
    fn placing_an_opening_and_reading_it_back() {
        for op in openings() {
            for sym in Symmetry::ALL {
                for (w, h) in [(15, 15), (20, 20), (15, 9)] {
                    let stones = op.place(w, h, sym).unwrap();
                    let list = [
                        (stones[0], Color::Black),
                        (stones[1], Color::White),
                        (stones[2], Color::Black),
                    ];
                    let (found, s) = identify(&list, w, h).unwrap();
                    assert_eq!(found.number, op.number);
                    assert_eq!(s.apply_offset(op.third), sym.apply_offset(op.third));
                }
            }
        }
    }
}
