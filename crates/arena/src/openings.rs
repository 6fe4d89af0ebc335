//! Opening files: loading, checking against the board, order and symmetry.
//!
//! Two formats, one opening a line, told apart line by line:
//!
//! - **Offsets** (as Gomocup managers use): `dx,dy, dx,dy, ...`, each stone
//!   relative to the centre point (`width / 2`, `height / 2`), x to the
//!   right and y downwards, stones in move order from black.
//! - **Positions**: stones in board notation, `h8 i9 h10`, a column letter
//!   (`a` is the left edge) and a row number counted from the bottom edge
//!   (row 1), as renju diagrams print them; stones in move order from
//!   black. These are absolute, so they need a board at least as large.
//!
//! `#` starts a comment. A comment after an opening on the same line is its
//! name; a line that holds only a comment names the opening on the next line
//! when that one has no name of its own. Blank lines are ignored.

use std::path::Path;
use tengen::board::{Board, SplitMix};
use tengen::opening::Symmetry;
use tengen::rules::Rule;

/// Where an opening's stones are anchored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stones {
    /// Offsets from the centre point.
    Offsets(Vec<(i32, i32)>),
    /// Board notation: column from the left, row from the bottom (both from
    /// zero here).
    Notation(Vec<(i32, i32)>),
}

/// One opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningPosition {
    /// Its name, or the file and line it came from.
    pub name: String,
    /// Its stones in move order, black first.
    pub stones: Stones,
}

/// The order in which a book draws a random symmetry: the four that keep
/// a rectangle first, so that a draw below 4 suits any board. A seed picks
/// the same symmetries as it always has.
const DRAW_ORDER: [Symmetry; 8] = [
    Symmetry::Identity,
    Symmetry::MirrorX,
    Symmetry::MirrorY,
    Symmetry::Rotate180,
    Symmetry::Transpose,
    Symmetry::Rotate90,
    Symmetry::Rotate270,
    Symmetry::AntiTranspose,
];

impl OpeningPosition {
    /// The number of stones.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.stones {
            Stones::Offsets(v) | Stones::Notation(v) => v.len(),
        }
    }

    /// Whether it has no stones (an empty board start).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The stones on a `width` × `height` board under `sym`, as Gomocup
    /// coordinates (x from the left, y from the top).
    ///
    /// Symmetries act about the centre point for offsets and about the
    /// middle of the board for positions; the ones that swap the axes apply
    /// to square boards only.
    ///
    /// # Errors
    /// A stone that lands off the board, or a transposing symmetry on a
    /// rectangular board.
    pub fn place(
        &self,
        width: usize,
        height: usize,
        sym: Symmetry,
    ) -> Result<Vec<(usize, usize)>, String> {
        if sym.swaps_axes() && width != height {
            return Err(format!(
                "symmetry {} needs a square board",
                sym.short_name()
            ));
        }
        let (w, h) = (width as i32, height as i32);
        let mut out = Vec::new();
        match &self.stones {
            Stones::Offsets(v) => {
                let (cx, cy) = (w / 2, h / 2);
                for &d in v {
                    let (dx, dy) = sym.apply_offset(d);
                    let (x, y) = (cx + dx, cy + dy);
                    if x < 0 || y < 0 || x >= w || y >= h {
                        return Err(format!(
                            "opening `{}` does not fit a {width}x{height} board: offset {},{} lands on {x},{y}",
                            self.name, d.0, d.1
                        ));
                    }
                    out.push((x as usize, y as usize));
                }
            }
            Stones::Notation(v) => {
                for &(col, row) in v {
                    if col >= w || row >= h {
                        return Err(format!(
                            "opening `{}` does not fit a {width}x{height} board: {} is off it",
                            self.name,
                            notation(col, row)
                        ));
                    }
                    // Work in doubled coordinates about the board's middle.
                    let y = h - 1 - row;
                    let (dx, dy) = sym.apply_offset((2 * col - (w - 1), 2 * y - (h - 1)));
                    out.push((((dx + w - 1) / 2) as usize, ((dy + h - 1) / 2) as usize));
                }
            }
        }
        Ok(out)
    }

    /// Checks that the opening can start a game on this board under this
    /// rule with every symmetry in `syms`: stones on the board, no point
    /// used twice, no winning row, and a game left to play.
    ///
    /// # Errors
    /// The first problem found, naming the opening.
    pub fn check(
        &self,
        width: usize,
        height: usize,
        rule: Rule,
        syms: &[Symmetry],
    ) -> Result<(), String> {
        for &sym in syms {
            if sym.swaps_axes() && width != height {
                continue;
            }
            let stones = self.place(width, height, sym)?;
            let mut referee = super::referee::Referee::new(width, height, rule, None)?;
            referee
                .place_opening(&stones)
                .map_err(|e| format!("opening `{}`: {e}", self.name))?;
        }
        let _ = Board::new(width, height, rule).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// The stones as an offset or notation line (for records).
    #[must_use]
    pub fn text(&self) -> String {
        match &self.stones {
            Stones::Offsets(v) => v
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect::<Vec<_>>()
                .join(", "),
            Stones::Notation(v) => v
                .iter()
                .map(|&(c, r)| notation(c, r))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

/// Board notation of a point (column letter, row from the bottom, from 1).
fn notation(col: i32, row: i32) -> String {
    let letter = u8::try_from(col)
        .ok()
        .filter(|c| *c < 26)
        .map_or('?', |c| char::from(b'a' + c));
    format!("{letter}{}", row + 1)
}

/// Parses a whole opening file; `source` names it in errors and in
/// unnamed openings.
///
/// # Errors
/// The first malformed line, with its number.
pub fn parse_openings(text: &str, source: &str) -> Result<Vec<OpeningPosition>, String> {
    let mut out = Vec::new();
    let mut pending_name: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let (body, comment) = match raw.split_once('#') {
            Some((b, c)) => (b.trim(), Some(c.trim())),
            None => (raw.trim(), None),
        };
        if body.is_empty() {
            pending_name = comment.filter(|c| !c.is_empty()).map(str::to_string);
            continue;
        }
        let stones = parse_line(body).map_err(|e| format!("{source}:{line_no}: {e}"))?;
        let name = comment
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .or_else(|| pending_name.take())
            .unwrap_or_else(|| format!("{source}:{line_no}"));
        pending_name = None;
        out.push(OpeningPosition { name, stones });
    }
    Ok(out)
}

/// Parses one opening line in either format.
fn parse_line(body: &str) -> Result<Stones, String> {
    if body.starts_with(|c: char| c.is_ascii_alphabetic()) {
        let mut v = Vec::new();
        for word in body
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            let mut chars = word.chars();
            let letter = chars.next().expect("non-empty").to_ascii_lowercase();
            if !letter.is_ascii_lowercase() {
                return Err(format!("`{word}` is not a point like h8"));
            }
            let row: i32 = chars
                .as_str()
                .parse()
                .map_err(|_| format!("`{word}` is not a point like h8"))?;
            if row < 1 {
                return Err(format!("`{word}`: rows count from 1"));
            }
            v.push((i32::from(letter as u8 - b'a'), row - 1));
        }
        return Ok(Stones::Notation(v));
    }
    let numbers: Result<Vec<i32>, _> = body
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::parse::<i32>)
        .collect();
    let numbers = numbers.map_err(|_| format!("`{body}` is not a list of dx,dy offsets"))?;
    if numbers.len() % 2 != 0 {
        return Err(format!("`{body}` has an odd count of numbers"));
    }
    if numbers.iter().any(|n| n.abs() > 32) {
        return Err(format!("`{body}` has an offset beyond any board"));
    }
    Ok(Stones::Offsets(
        numbers.chunks(2).map(|c| (c[0], c[1])).collect(),
    ))
}

/// Loads an opening file.
///
/// # Errors
/// An unreadable or malformed file, or one without openings.
pub fn load_openings(path: &Path) -> Result<Vec<OpeningPosition>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read opening file {}: {e}", path.display()))?;
    let source = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let openings = parse_openings(&text, &source)?;
    if openings.is_empty() {
        return Err(format!("opening file {} holds no openings", path.display()));
    }
    Ok(openings)
}

/// How openings are handed out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// In file order.
    Sequential,
    /// Shuffled once (by the seed), then in that order.
    Random,
}

/// Hands out openings, each with a symmetry, round after round.
#[derive(Clone, Debug)]
pub struct OpeningBook {
    openings: Vec<OpeningPosition>,
    order: Vec<usize>,
    symmetric: bool,
    square: bool,
    rng: SplitMix,
    next: usize,
}

impl OpeningBook {
    /// A book over `openings` (an empty list means every game starts on an
    /// empty board).
    #[must_use]
    pub fn new(
        openings: Vec<OpeningPosition>,
        order: Order,
        symmetric: bool,
        square: bool,
        seed: u64,
    ) -> OpeningBook {
        let mut rng = SplitMix(seed);
        let mut idx: Vec<usize> = (0..openings.len()).collect();
        if order == Order::Random {
            for i in (1..idx.len()).rev() {
                let j = rng.below(i + 1);
                idx.swap(i, j);
            }
        }
        OpeningBook {
            openings,
            order: idx,
            symmetric,
            square,
            rng,
            next: 0,
        }
    }

    /// The openings held.
    #[must_use]
    pub fn openings(&self) -> &[OpeningPosition] {
        &self.openings
    }

    /// The next opening and the symmetry to play it in; openings come round
    /// again when the list is used up. `None` if the book is empty.
    pub fn next_opening(&mut self) -> Option<(OpeningPosition, Symmetry)> {
        if self.openings.is_empty() {
            return None;
        }
        let i = self.order[self.next % self.order.len()];
        self.next += 1;
        let sym = if self.symmetric {
            let n = if self.square { 8 } else { 4 };
            DRAW_ORDER[self.rng.below(n)]
        } else {
            Symmetry::Identity
        };
        Some((self.openings[i].clone(), sym))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_formats_and_names() {
        let text = "# a file\n\n# Kansei\n0,0, 0,-1, 0,-2\n1,1, -1,-1 # diagonal\nh8 i9 h10\n";
        let v = parse_openings(text, "t.txt").unwrap();
        assert_eq!(v.len(), 3);
        assert_eq!(v[0].name, "Kansei");
        assert_eq!(v[0].stones, Stones::Offsets(vec![(0, 0), (0, -1), (0, -2)]));
        assert_eq!(v[1].name, "diagonal");
        assert_eq!(v[2].name, "t.txt:6");
        assert_eq!(v[2].stones, Stones::Notation(vec![(7, 7), (8, 8), (7, 9)]));
        // h8 on 15x15 is the centre; i9 is up-right of it.
        assert_eq!(
            v[2].place(15, 15, Symmetry::Identity).unwrap(),
            vec![(7, 7), (8, 6), (7, 5)]
        );
        assert_eq!(
            v[0].place(15, 15, Symmetry::Identity).unwrap(),
            vec![(7, 7), (7, 6), (7, 5)]
        );
    }

    #[test]
    fn malformed_lines_name_their_place() {
        let e = parse_openings("0,0\n1,2,3\n", "f").unwrap_err();
        assert!(e.starts_with("f:2:"), "{e}");
        assert!(parse_openings("0,x\n", "f").is_err());
        assert!(parse_openings("h0\n", "f").is_err());
    }

    #[test]
    fn fit_and_symmetry() {
        let o = parse_openings("0,0, 7,0\n", "f").unwrap().remove(0);
        assert!(o.check(15, 15, Rule::Freestyle, &Symmetry::ALL).is_ok());
        // On a 14 board the centre is 7: +7 fits (index 14? no, 13 is last).
        assert!(o
            .check(14, 14, Rule::Freestyle, &[Symmetry::Identity])
            .is_err());
        assert!(o
            .check(14, 14, Rule::Freestyle, &[Symmetry::MirrorX])
            .is_ok());
        let placed: Vec<_> = Symmetry::ALL
            .iter()
            .map(|&s| o.place(15, 15, s).unwrap()[1])
            .collect();
        assert!(placed.contains(&(14, 7)) && placed.contains(&(0, 7)));
        assert!(placed.contains(&(7, 14)) && placed.contains(&(7, 0)));
        // Notation symmetries keep the stones on the board's corners.
        let n = parse_openings("a1 o15\n", "f").unwrap().remove(0);
        for s in Symmetry::ALL {
            let p = n.place(15, 15, s).unwrap();
            assert!(p
                .iter()
                .all(|&(x, y)| (x == 0 || x == 14) && (y == 0 || y == 14)));
        }
        assert!(n
            .check(13, 13, Rule::Freestyle, &[Symmetry::Identity])
            .is_err());
    }

    #[test]
    fn duplicate_points_and_fives_are_rejected() {
        let dup = parse_openings("0,0, 1,1, 0,0\n", "f").unwrap().remove(0);
        assert!(dup
            .check(15, 15, Rule::Freestyle, &[Symmetry::Identity])
            .is_err());
        let five = parse_openings("0,0,0,5, 1,0,1,5, 2,0,2,5, 3,0,3,5, 4,0\n", "f")
            .unwrap()
            .remove(0);
        let e = five
            .check(15, 15, Rule::Freestyle, &[Symmetry::Identity])
            .unwrap_err();
        assert!(e.contains("winning row"), "{e}");
    }

    #[test]
    fn books_cycle_and_shuffle_reproducibly() {
        let ops = parse_openings("0,0\n1,1\n2,2\n3,3\n", "f").unwrap();
        let mut a = OpeningBook::new(ops.clone(), Order::Sequential, false, true, 1);
        let names: Vec<_> = (0..5).map(|_| a.next_opening().unwrap().0.text()).collect();
        assert_eq!(names, ["0,0", "1,1", "2,2", "3,3", "0,0"]);
        let mut b = OpeningBook::new(ops.clone(), Order::Random, true, true, 7);
        let mut c = OpeningBook::new(ops, Order::Random, true, true, 7);
        for _ in 0..8 {
            assert_eq!(b.next_opening(), c.next_opening());
        }
    }
}
