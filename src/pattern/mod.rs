//! Line patterns: what a stone on an empty point would make along one line,
//! and what the four lines through a point make together.
//!
//! A point's pattern in one direction depends only on the five points on each
//! side of it along that line. The board stores every line as two bits a
//! point (empty, black, white, off the board), so the ten neighbours of a
//! point form a 20-bit key, and [`Tables`] maps every key to the pattern for
//! black and for white at once. Tables are built once per rule, on first use,
//! from the rulebook definitions below; they are never written again.
//!
//! Definitions (for the colour about to move at the centre point):
//! - **five**: the stone makes a winning row under the rule;
//! - **overline**: it makes six or more that do not win (standard, renju
//!   black, exact caro);
//! - **open four** (straight four): afterwards two points on this line each
//!   complete a five through the stone; under renju for black the four stones
//!   must be unbroken, otherwise the line holds a **double four**;
//! - **four**: exactly one such point;
//! - **open three**: one more stone on this line can make an open four;
//! - **blocked three**: one more stone can make a four;
//! - **open two** / **blocked two**: one more stone can make an open / blocked
//!   three; **open one** / **blocked one** likewise;
//! - **dead**: this line can never hold a five through the point.
//!
//! The tables keep a little more than the pattern: open twos and open
//! threes are told apart by how many points grow them ([`Shape`]), which
//! only the evaluation's values read.

pub mod values;

pub use values::ValueTable;

use crate::rules::{Color, Rule};
use once_cell::sync::OnceCell;

/// The pattern a stone would make along one line.
///
/// Ordered by strength, except [`Pattern::Overline`] and
/// [`Pattern::DoubleFour`], which only occur where they do not win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever pass through this point on this line.
    Dead = 0,
    /// Six or more in a row that do not win.
    Overline = 1,
    /// One stone that can grow only into blocked shapes.
    BlockedOne = 2,
    /// One stone that can grow into an open two.
    OpenOne = 3,
    /// Two stones that can become a blocked three.
    BlockedTwo = 4,
    /// Two stones that can become an open three.
    OpenTwo = 5,
    /// Three stones that can become a four.
    BlockedThree = 6,
    /// Three stones that can become an open (straight) four.
    OpenThree = 7,
    /// Four stones with one point to make five.
    Four = 8,
    /// A straight four: two points to make five.
    OpenFour = 9,
    /// Two separate fours in one line (renju black only, for example
    /// `X.XXX.X` with the middle stone just played).
    DoubleFour = 10,
    /// A winning row.
    Five = 11,
}

impl Pattern {
    /// Every pattern, weakest first.
    pub const ALL: [Pattern; 12] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::BlockedOne,
        Pattern::OpenOne,
        Pattern::BlockedTwo,
        Pattern::OpenTwo,
        Pattern::BlockedThree,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::DoubleFour,
        Pattern::Five,
    ];

    /// The pattern with this number (`Pattern as u8`), or of this
    /// [`Shape`] (a table nibble).
    #[inline]
    #[must_use]
    pub const fn from_u8(v: u8) -> Pattern {
        match v {
            0 => Pattern::Dead,
            1 => Pattern::Overline,
            2 => Pattern::BlockedOne,
            3 => Pattern::OpenOne,
            4 => Pattern::BlockedTwo,
            5 | OPEN_TWO_3 | OPEN_TWO_4 => Pattern::OpenTwo,
            6 => Pattern::BlockedThree,
            7 | OPEN_THREE_2 => Pattern::OpenThree,
            8 => Pattern::Four,
            9 => Pattern::OpenFour,
            10 => Pattern::DoubleFour,
            _ => Pattern::Five,
        }
    }

    /// How many fours this line holds (0, 1 or 2).
    #[inline]
    #[must_use]
    pub const fn fours(self) -> u32 {
        match self {
            Pattern::Four | Pattern::OpenFour => 1,
            Pattern::DoubleFour => 2,
            _ => 0,
        }
    }
}

/// A line's shape: its [`Pattern`] (`Pattern as u8`), with open twos and
/// open threes told apart by how many ways they grow, for the evaluation's
/// values only. The line table and the board hold shapes; everything but
/// the values reads them as patterns ([`Pattern::from_u8`]).
///
/// An open two has two, three or four points that each make an open three
/// (`.X..X.` two, `..XX..` four); an open three one or two points that
/// each make an open four (`.X.XX.` one, `..XXX..` two). The two-way open
/// two and the one-way open three keep their pattern's number.
pub type Shape = u8;

/// An open two with three points that make an open three.
pub const OPEN_TWO_3: Shape = 12;
/// An open two with four (or more) points that make an open three.
pub const OPEN_TWO_4: Shape = 13;
/// An open three with two points that make an open four.
pub const OPEN_THREE_2: Shape = 14;
/// How many shapes there are: the 12 patterns and the three above.
pub const SHAPES: usize = 15;

/// What the four lines through a point make together, for one colour.
///
/// Ordered by strength for move ordering and threat search, except
/// [`Combo::Forbidden`] (renju black only: overline or double four, decided by
/// the lines alone). Under renju, black's [`Combo::DoubleThree`] is only a
/// candidate: whether it is forbidden depends on which threes are real, which
/// [`crate::renju::forbidden`] decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Combo {
    /// Nothing of note.
    None = 0,
    /// Renju black: an overline or a double four (and no five).
    Forbidden = 1,
    /// One open two.
    OpenTwo = 2,
    /// One blocked three.
    BlockedThree = 3,
    /// Two or more open twos.
    DoubleTwo = 4,
    /// A blocked three with another blocked three or open two.
    BlockedThreePlus = 5,
    /// One open three.
    Three = 6,
    /// An open three with a blocked three or open two.
    ThreePlus = 7,
    /// Two or more open threes.
    DoubleThree = 8,
    /// One four.
    Four = 9,
    /// A four with a blocked three or open two.
    FourPlus = 10,
    /// A four and an open three.
    FourThree = 11,
    /// An open four, or two fours (where that is allowed).
    OpenFour = 12,
    /// A winning move.
    Five = 13,
}

impl Combo {
    /// The combo with this number (`Combo as u8`).
    #[inline]
    #[must_use]
    pub const fn from_u8(v: u8) -> Combo {
        match v {
            0 => Combo::None,
            1 => Combo::Forbidden,
            2 => Combo::OpenTwo,
            3 => Combo::BlockedThree,
            4 => Combo::DoubleTwo,
            5 => Combo::BlockedThreePlus,
            6 => Combo::Three,
            7 => Combo::ThreePlus,
            8 => Combo::DoubleThree,
            9 => Combo::Four,
            10 => Combo::FourPlus,
            11 => Combo::FourThree,
            12 => Combo::OpenFour,
            _ => Combo::Five,
        }
    }

    /// Whether this point makes a four or better (a five, an open four, any
    /// four): the moves of a VCF.
    #[inline]
    #[must_use]
    pub const fn is_four_or_better(self) -> bool {
        (self as u8) >= Combo::Four as u8
    }
}

/// Two bits a point in a line key.
pub const EMPTY: u8 = 0;
/// A black stone in a line key.
pub const BLACK: u8 = 1;
/// A white stone in a line key.
pub const WHITE: u8 = 2;
/// A point off the board in a line key.
pub const WALL: u8 = 3;

/// How many points on each side of a point its line pattern depends on.
pub const REACH: usize = 5;
/// Bits in a line key: [`REACH`] points on each side, two bits each.
pub const KEY_BITS: u32 = (4 * REACH) as u32;

/// Turns the 22 bits of a window of 11 points centred on an empty point
/// (two bits each, the farthest left point lowest) into a line key by
/// dropping the centre's two bits.
#[inline]
#[must_use]
pub const fn key_from_window(window: u32) -> u32 {
    (window & 0x3FF) | ((window >> 12) << 10) & 0xF_FC00
}

/// The pattern tables of one rule: line patterns and their combinations.
pub struct Tables {
    rule: Rule,
    /// Indexed by a line key; low nibble black's [`Shape`], high nibble white's.
    line: Box<[u8; 1 << KEY_BITS]>,
    /// Indexed by four shape nibbles (direction 0 lowest), per colour:
    /// the combo in the low byte and the point's value in the high half
    /// (see [`entry_value`]).
    combo: [Box<[u32; 1 << 16]>; 2],
    /// What the threats are worth, by the side to move's colour and the
    /// board's threat mask (see [`values::ThreatMask`]).
    threat: Box<[[i32; values::THREAT_MASKS]; 2]>,
    /// The network's row of each four shape nibbles, per colour (see
    /// [`Tables::net_row`]).
    net_row: [Box<[u16; 1 << 16]>; 2],
}

/// The combo byte of a combo-table entry.
#[inline]
#[must_use]
pub const fn entry_combo(entry: u32) -> u8 {
    entry as u8
}

/// The value of a combo-table entry: what the point is worth to its owner,
/// the learned value of its class of four line patterns
/// ([`values::ValueTable`]), and nothing where the point is forbidden.
#[inline]
#[must_use]
pub const fn entry_value(entry: u32) -> i32 {
    (entry as i32) >> 16
}

impl Tables {
    /// The tables of `rule`, built on first use and shared afterwards.
    #[must_use]
    pub fn get(rule: Rule) -> &'static Tables {
        static CELLS: [OnceCell<Tables>; 5] = [
            OnceCell::new(),
            OnceCell::new(),
            OnceCell::new(),
            OnceCell::new(),
            OnceCell::new(),
        ];
        let slot = match rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 2,
            Rule::Caro => 3,
            Rule::CaroExact => 4,
        };
        CELLS[slot].get_or_init(|| Tables::build(rule))
    }

    /// The rule these tables were built for.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The packed line byte for a key: black's [`Shape`] in the low nibble,
    /// white's in the high nibble.
    #[inline]
    #[must_use]
    pub fn line(&self, key: u32) -> u8 {
        // The key is masked to KEY_BITS, and the table has 1 << KEY_BITS
        // entries, so the index is always in bounds.
        self.line[(key & ((1 << KEY_BITS) - 1)) as usize]
    }

    /// The combo of `color` for its four pattern nibbles (direction `d` in
    /// bits `4d..4d+4`).
    #[inline]
    #[must_use]
    pub fn combo(&self, nibbles: u16, color: Color) -> Combo {
        Combo::from_u8(self.combo_byte(nibbles, color))
    }

    /// [`Tables::combo`] as its byte.
    #[inline]
    #[must_use]
    pub fn combo_byte(&self, nibbles: u16, color: Color) -> u8 {
        entry_combo(self.entry(nibbles, color))
    }

    /// The whole combo-table entry of `color` for its four pattern nibbles:
    /// read it with [`entry_combo`] and [`entry_value`].
    #[inline]
    #[must_use]
    pub fn entry(&self, nibbles: u16, color: Color) -> u32 {
        self.combo[color.index()][usize::from(nibbles)]
    }

    /// The network's row of a point whose four shape nibbles are
    /// `nibbles`, for `color`: its class, or [`NO_ROW`] when the class is
    /// quiet or the point is forbidden to renju black (see [`crate::net`]).
    #[inline]
    #[must_use]
    pub fn net_row(&self, nibbles: u16, color: Color) -> u16 {
        self.net_row[color.index()][usize::from(nibbles)]
    }

    /// What the threats of `mask` are worth to `mover`, the side to move
    /// (see [`values::ValueTable::threat_value`]).
    #[inline]
    #[must_use]
    pub fn threat(&self, mover: Color, mask: values::ThreatMask) -> i32 {
        self.threat[mover.index()][usize::from(mask)]
    }

    fn build(rule: Rule) -> Tables {
        let black = classify_all(rule, Color::Black);
        let white = if rule == Rule::Renju {
            classify_all(rule, Color::White)
        } else {
            // Every other rule treats both colours alike.
            black.clone()
        };
        // Split the base-3 index of a key into its low and high five points.
        let mut lo = [[0u32; 1024]; 2];
        let mut hi = [[0u32; 1024]; 2];
        for half in 0..1024u32 {
            let (mut b, mut w, mut p) = (0u32, 0u32, 1u32);
            for i in 0..5 {
                let v = (half >> (2 * i)) & 3;
                // Own stone 1, blocked 2, empty 0, as seen by each colour.
                b += p * [0, 1, 2, 2][v as usize];
                w += p * [0, 2, 1, 2][v as usize];
                p *= 3;
            }
            lo[0][half as usize] = b;
            lo[1][half as usize] = w;
            hi[0][half as usize] = b * 243;
            hi[1][half as usize] = w * 243;
        }
        let mut line: Box<[u8; 1 << KEY_BITS]> = vec![0u8; 1 << KEY_BITS]
            .into_boxed_slice()
            .try_into()
            .expect("length matches");
        for (key, slot) in line.iter_mut().enumerate() {
            let (l, h) = (key & 1023, key >> 10);
            let bi = (lo[0][l] + hi[0][h]) as usize;
            let wi = (lo[1][l] + hi[1][h]) as usize;
            *slot = black[bi] | (white[wi] << 4);
        }
        let values = ValueTable::learned(rule);
        let combo = [
            build_combo(rule, Color::Black, &values),
            build_combo(rule, Color::White, &values),
        ];
        let mut threat = Box::new([[0; values::THREAT_MASKS]; 2]);
        for color in Color::BOTH {
            for (mask, slot) in threat[color.index()].iter_mut().enumerate() {
                *slot = values.threat_value(color, mask as values::ThreatMask);
            }
        }
        let net_row = [0, 1].map(|c| build_net_rows(|n| combo[c][usize::from(n)]));
        Tables {
            rule,
            line,
            combo,
            threat,
            net_row,
        }
    }
}

/// The network's row of a point that has none (quiet, or forbidden to
/// renju black): all zeros (see [`crate::net`]).
pub const NO_ROW: u16 = values::CLASSES as u16;

/// Builds the row table of one colour (see [`Tables::net_row`]): by four shape
/// nibbles, from the combo table's entries of the same nibbles.
fn build_net_rows(entry: impl Fn(u16) -> u32) -> Box<[u16; 1 << 16]> {
    let mut t: Box<[u16; 1 << 16]> = vec![NO_ROW; 1 << 16]
        .into_boxed_slice()
        .try_into()
        .expect("length matches");
    for (idx, slot) in t.iter_mut().enumerate() {
        let shapes = [0, 4, 8, 12].map(|s| ((idx >> s) & 0xF) as u8);
        if shapes.iter().any(|&s| usize::from(s) >= SHAPES) {
            continue;
        }
        if entry_combo(entry(idx as u16)) == Combo::Forbidden as u8 {
            continue;
        }
        let class = values::class_of(shapes);
        if !values::is_quiet(class) {
            *slot = class;
        }
    }
    t
}

/// A window of 11 points seen by one colour: 0 empty, 1 own, 2 blocked.
type Window = [u8; 11];
const CENTER: usize = REACH;
const OWN: u8 = 1;
const OPEN: u8 = 0;

/// The run of own stones through `p` (which must hold an own stone): its
/// length and how many of its two end points are empty.
fn run_through(w: &Window, p: usize) -> (usize, usize, usize, usize) {
    let mut l = p;
    while l > 0 && w[l - 1] == OWN {
        l -= 1;
    }
    let mut r = p;
    while r < 10 && w[r + 1] == OWN {
        r += 1;
    }
    let mut open = 0;
    if l > 0 && w[l - 1] == OPEN {
        open += 1;
    }
    if r < 10 && w[r + 1] == OPEN {
        open += 1;
    }
    (r - l + 1, open, l, r)
}

/// Base-3 index of a window's ten neighbours (the centre is skipped).
fn index_of(w: &Window) -> usize {
    let mut idx = 0usize;
    let mut p = 1usize;
    for (i, &v) in w.iter().enumerate() {
        if i == CENTER {
            continue;
        }
        idx += p * v as usize;
        p *= 3;
    }
    idx
}

fn window_of(mut idx: usize) -> Window {
    let mut w = [0u8; 11];
    for (i, slot) in w.iter_mut().enumerate() {
        if i == CENTER {
            continue;
        }
        *slot = (idx % 3) as u8;
        idx /= 3;
    }
    w
}

/// The points that complete a winning row through the centre stone.
fn five_points(rule: Rule, color: Color, w: &mut Window) -> ([usize; 10], usize) {
    let mut pts = [0usize; 10];
    let mut n = 0;
    for p in 0..11 {
        if w[p] != OPEN {
            continue;
        }
        w[p] = OWN;
        let (len, open, l, r) = run_through(w, p);
        if l <= CENTER && CENTER <= r && rule.wins(color, len, open) {
            pts[n] = p;
            n += 1;
        }
        w[p] = OPEN;
    }
    (pts, n)
}

/// The pattern through the centre stone, which is already placed.
fn level(rule: Rule, color: Color, w: &mut Window, memo: &mut [u8]) -> Pattern {
    let idx = index_of(w);
    if memo[idx] != u8::MAX {
        return Pattern::from_u8(memo[idx]);
    }
    let (pts, n) = five_points(rule, color, w);
    let result = if n >= 2 {
        let straight = n == 2 && pts[1] - pts[0] == 5;
        if straight || !(rule == Rule::Renju && color == Color::Black) {
            Pattern::OpenFour
        } else {
            Pattern::DoubleFour
        }
    } else if n == 1 {
        Pattern::Four
    } else {
        let mut best = Pattern::Dead;
        for p in 0..11 {
            if w[p] != OPEN {
                continue;
            }
            w[p] = OWN;
            let next = level(rule, color, w, memo);
            w[p] = OPEN;
            let grown = match next {
                Pattern::OpenFour => Pattern::OpenThree,
                Pattern::Four | Pattern::DoubleFour => Pattern::BlockedThree,
                Pattern::OpenThree => Pattern::OpenTwo,
                Pattern::BlockedThree => Pattern::BlockedTwo,
                Pattern::OpenTwo => Pattern::OpenOne,
                Pattern::BlockedTwo => Pattern::BlockedOne,
                _ => Pattern::Dead,
            };
            best = best.max(grown);
        }
        best
    };
    memo[idx] = result as u8;
    result
}

/// The shape through the centre stone (already placed) whose pattern is
/// `pattern`: an open two or open three counted by its ways to grow.
fn refine(rule: Rule, color: Color, w: &mut Window, memo: &mut [u8], pattern: Pattern) -> Shape {
    let target = match pattern {
        Pattern::OpenTwo => Pattern::OpenThree,
        Pattern::OpenThree => Pattern::OpenFour,
        _ => return pattern as Shape,
    };
    let mut ways = 0;
    for p in 0..11 {
        if w[p] != OPEN {
            continue;
        }
        w[p] = OWN;
        ways += usize::from(level(rule, color, w, memo) == target);
        w[p] = OPEN;
    }
    match (pattern, ways) {
        (Pattern::OpenTwo, 3) => OPEN_TWO_3,
        (Pattern::OpenTwo, 4..) => OPEN_TWO_4,
        (Pattern::OpenThree, 2..) => OPEN_THREE_2,
        _ => pattern as Shape,
    }
}

/// The shape of every window (centre empty), by base-3 index.
fn classify_all(rule: Rule, color: Color) -> Vec<u8> {
    const N: usize = 59049; // 3^10
    let mut memo = vec![u8::MAX; N];
    let mut out = vec![0u8; N];
    for (idx, slot) in out.iter_mut().enumerate() {
        let mut w = window_of(idx);
        w[CENTER] = OWN;
        let (len, open, _, _) = run_through(&w, CENTER);
        let pattern = if rule.wins(color, len, open) {
            Pattern::Five as Shape
        } else if len >= 6 {
            Pattern::Overline as Shape
        } else {
            let pattern = level(rule, color, &mut w, &mut memo);
            refine(rule, color, &mut w, &mut memo, pattern)
        };
        *slot = pattern;
    }
    out
}

/// The combo of four line patterns for one colour under one rule.
#[must_use]
pub fn combine(rule: Rule, color: Color, lines: [Pattern; 4]) -> Combo {
    let count = |p: Pattern| lines.iter().filter(|&&l| l == p).count();
    if count(Pattern::Five) > 0 {
        return Combo::Five;
    }
    let fours: u32 = lines.iter().map(|l| l.fours()).sum();
    let open_fours = count(Pattern::OpenFour);
    let threes = count(Pattern::OpenThree);
    let blocked_threes = count(Pattern::BlockedThree);
    let twos = count(Pattern::OpenTwo);
    if rule == Rule::Renju && color == Color::Black {
        if count(Pattern::Overline) > 0 || fours >= 2 {
            return Combo::Forbidden;
        }
        if threes >= 2 {
            return Combo::DoubleThree;
        }
    }
    if open_fours > 0 || fours >= 2 {
        return Combo::OpenFour;
    }
    if fours == 1 {
        return if threes > 0 {
            Combo::FourThree
        } else if blocked_threes + twos > 0 {
            Combo::FourPlus
        } else {
            Combo::Four
        };
    }
    if threes >= 2 {
        return Combo::DoubleThree;
    }
    if threes == 1 {
        return if blocked_threes + twos > 0 {
            Combo::ThreePlus
        } else {
            Combo::Three
        };
    }
    if blocked_threes >= 1 {
        return if blocked_threes + twos >= 2 {
            Combo::BlockedThreePlus
        } else {
            Combo::BlockedThree
        };
    }
    match twos {
        0 => Combo::None,
        1 => Combo::OpenTwo,
        _ => Combo::DoubleTwo,
    }
}

fn build_combo(rule: Rule, color: Color, values: &ValueTable) -> Box<[u32; 1 << 16]> {
    let mut t: Box<[u32; 1 << 16]> = vec![0u32; 1 << 16]
        .into_boxed_slice()
        .try_into()
        .expect("length matches");
    for (idx, slot) in t.iter_mut().enumerate() {
        let shapes = [0, 4, 8, 12].map(|s| ((idx >> s) & 0xF) as Shape);
        let combo = combine(rule, color, shapes.map(Pattern::from_u8));
        // Nibbles above the last shape never occur on a board.
        let value = if combo == Combo::Forbidden || shapes.iter().any(|&s| usize::from(s) >= SHAPES)
        {
            0
        } else {
            values.get(color, values::class_of(shapes))
        };
        *slot = combo as u32 | (value as u32) << 16;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a line key from a picture of the eleven points around the
    /// centre `_`: `X` black, `O` white, `.` empty, `#` off the board.
    fn key(line: &str) -> u32 {
        let cells: Vec<u8> = line
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'X' => BLACK,
                'O' => WHITE,
                '#' => WALL,
                _ => EMPTY,
            })
            .collect();
        assert_eq!(cells.len(), 11, "{line}");
        let mut window = 0u32;
        for (i, c) in cells.iter().enumerate() {
            window |= u32::from(*c) << (2 * i);
        }
        key_from_window(window)
    }

    fn black(rule: Rule, line: &str) -> Pattern {
        Pattern::from_u8(Tables::get(rule).line(key(line)) & 15)
    }

    fn white(rule: Rule, line: &str) -> Pattern {
        Pattern::from_u8(Tables::get(rule).line(key(line)) >> 4)
    }

    #[test]
    fn fives_and_overlines() {
        assert_eq!(
            black(Rule::Freestyle, ". . . X X _ X X . . ."),
            Pattern::Five
        );
        assert_eq!(
            black(Rule::Freestyle, ". . X X X _ X X . . ."),
            Pattern::Five
        );
        assert_eq!(
            black(Rule::Standard, ". . X X X _ X X . . ."),
            Pattern::Overline
        );
        assert_eq!(
            black(Rule::Renju, ". . X X X _ X X . . ."),
            Pattern::Overline
        );
        assert_eq!(white(Rule::Renju, ". . O O O _ O O . . ."), Pattern::Five);
        assert_eq!(black(Rule::Renju, ". . O X X _ X X O . ."), Pattern::Five);
    }

    #[test]
    fn caro_needs_an_open_end() {
        assert_eq!(
            black(Rule::Caro, ". . O X X _ X X O . ."),
            Pattern::OpenFour.min(black(Rule::Caro, ". . O X X _ X X O . ."))
        );
        assert_ne!(black(Rule::Caro, ". . O X X _ X X O . ."), Pattern::Five);
        assert_eq!(black(Rule::Caro, ". . O X X _ X X . . ."), Pattern::Five);
        assert_eq!(
            black(Rule::Caro, ". . # X X _ X X O . ."),
            black(Rule::Caro, ". . O X X _ X X O . .")
        );
        assert_eq!(black(Rule::Caro, ". O X X X _ X X O . ."), Pattern::Five);
        assert_ne!(
            black(Rule::CaroExact, ". O X X X _ X X O . ."),
            Pattern::Five
        );
    }

    #[test]
    fn fours() {
        assert_eq!(
            black(Rule::Freestyle, ". . . . X _ X X . . ."),
            Pattern::OpenFour
        );
        assert_eq!(
            black(Rule::Freestyle, ". . . O X _ X X . . ."),
            Pattern::Four
        );
        assert_eq!(
            black(Rule::Freestyle, ". . . . X _ . X X . ."),
            Pattern::Four
        );
        // Two fours in one line: X.XXX.X with the middle stone played.
        assert_eq!(
            black(Rule::Renju, ". . . X . _ X . X . ."),
            Pattern::BlockedThree.max(black(Rule::Renju, ". . . X . _ X . X . ."))
        );
        assert_eq!(
            black(Rule::Renju, ". . X . X _ X . X . ."),
            Pattern::DoubleFour
        );
        assert_eq!(
            black(Rule::Freestyle, ". . X . X _ X . X . ."),
            Pattern::OpenFour
        );
        // A straight four whose far end would make six is only a four in renju.
        assert_eq!(black(Rule::Renju, ". X . X X _ X . . . ."), Pattern::Four);
        assert_eq!(
            black(Rule::Freestyle, ". X . X X _ X . . . ."),
            Pattern::OpenFour
        );
    }

    #[test]
    fn threes_and_twos() {
        assert_eq!(
            black(Rule::Freestyle, ". . . . X _ X . . . ."),
            Pattern::OpenThree
        );
        assert_eq!(
            black(Rule::Freestyle, ". . . X . _ X . . . ."),
            Pattern::OpenThree
        );
        assert_eq!(
            black(Rule::Freestyle, ". . . O X _ X . . . ."),
            Pattern::BlockedThree
        );
        assert_eq!(
            black(Rule::Freestyle, ". . . . . _ X . . . ."),
            Pattern::OpenTwo
        );
        assert_eq!(
            black(Rule::Freestyle, ". . . . . _ . . . . ."),
            Pattern::OpenOne
        );
        assert_eq!(
            black(Rule::Freestyle, "# # # # O _ . . . # #"),
            Pattern::Dead
        );
        // Renju: a three whose only straight four would be an overline is not open.
        assert_eq!(
            black(Rule::Renju, ". X . . X _ X . O . ."),
            Pattern::BlockedThree
        );
    }

    /// The raw shape nibble black would make at the centre `_`.
    fn black_shape(rule: Rule, line: &str) -> Shape {
        Tables::get(rule).line(key(line)) & 15
    }

    #[test]
    fn shapes_count_the_ways_to_grow() {
        let cases = [
            // `_XX` in the open: four points make an open three (two on
            // each side, adjacent or one apart).
            (". . . . . _ X . . . .", OPEN_TWO_4),
            // `X._`: the gap and the two points beside it, not the points
            // two away (`X.X.X` makes only fours).
            (". . . X . _ . . . . .", OPEN_TWO_3),
            // A wall on one side leaves two ways: the open side's two
            // points.
            (". . . O . _ X . . . .", Pattern::OpenTwo as Shape),
            // `XXX` in the open makes an open four at either end; the
            // split three `X.XX` only in its gap.
            (". . . . X _ X . . . .", OPEN_THREE_2),
            (". . . X . _ X . . . .", Pattern::OpenThree as Shape),
        ];
        for (line, shape) in cases {
            assert_eq!(black_shape(Rule::Freestyle, line), shape, "{line}");
        }
        // Everything else reads the shapes as their patterns.
        assert_eq!(
            black(Rule::Freestyle, ". . . . X _ X . . . ."),
            Pattern::OpenThree
        );
        assert_eq!(
            black(Rule::Freestyle, ". . . X . _ . . . . ."),
            Pattern::OpenTwo
        );
        for s in 0..SHAPES as Shape {
            assert!(Pattern::from_u8(s) as Shape == s || s >= OPEN_TWO_3);
        }
    }

    #[test]
    fn combos() {
        use Pattern::*;
        let c = |r, col, l| combine(r, col, l);
        assert_eq!(
            c(Rule::Renju, Color::Black, [Four, Four, Dead, Dead]),
            Combo::Forbidden
        );
        assert_eq!(
            c(Rule::Renju, Color::White, [Four, Four, Dead, Dead]),
            Combo::OpenFour
        );
        assert_eq!(
            c(Rule::Renju, Color::Black, [Five, Overline, Dead, Dead]),
            Combo::Five
        );
        assert_eq!(
            c(
                Rule::Renju,
                Color::Black,
                [OpenThree, OpenThree, Four, Dead]
            ),
            Combo::DoubleThree
        );
        assert_eq!(
            c(Rule::Freestyle, Color::Black, [OpenThree, Four, Dead, Dead]),
            Combo::FourThree
        );
        let t = Tables::get(Rule::Renju);
        let black = Four as u16 | (Four as u16) << 4;
        let white = OpenThree as u16;
        assert_eq!(t.combo(black, Color::Black), Combo::Forbidden);
        assert_eq!(t.combo(white, Color::White), Combo::Three);
    }
}
