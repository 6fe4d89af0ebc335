//! The board: geometry, stones, bit lines in four directions, Zobrist
//! hashing, and the per-point pattern state that make and unmake keep up to
//! date incrementally.
//!
//! Points live in a padded grid of 42 × 42 cells: the board (at most 32 × 32)
//! sits inside a margin of five off-board cells, so every neighbour within
//! pattern reach of a board point exists in the grid and needs no bounds
//! check. Each line (row, column, diagonal, anti-diagonal) is also kept as a
//! `u128` with two bits a point, so a point's pattern key is one shift and
//! mask away.

mod geometry;
mod random;
mod reach;

pub use geometry::{parse_xy, Dir, Pos, MAX_SIZE, MIN_SIZE};
pub use random::{splitmix64, SplitMix};

use crate::net::{Acc, Net};
use crate::pattern::{
    entry_combo, entry_value, key_from_window, Combo, Pattern, Tables, BLACK, EMPTY, WALL, WHITE,
};
use crate::rules::{Color, Rule};
use geometry::{line_of, GRID, LINE_COUNT, PAD};
use std::fmt;

/// Why a board could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Width or height outside 5..=32.
    BadSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize { width, height } => write!(
                f,
                "board size {width}x{height} is not supported (each side must be {MIN_SIZE} to {MAX_SIZE})"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The point is not on the board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::OffBoard => "the point is off the board",
            MoveError::Occupied => "the point is already occupied",
        })
    }
}

impl std::error::Error for MoveError {}

/// One entry of the move history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Where the stone went, or [`Pos::PASS`].
    pub pos: Pos,
    /// Who played it.
    pub color: Color,
    /// Whether it made a winning row under the rule.
    pub won: bool,
    /// Where this move's saved cells start in the undo stack.
    undo_start: u32,
    /// The side to move before this move, restored by unmake.
    side_before: Color,
    /// The running totals before this move, restored by unmake.
    tally_before: Tally,
}

/// Running totals over the board's empty points, per colour, kept by make
/// and unmake: the sum of the points' values (what the static evaluation
/// reads) and how many points make a five, an open four, a four or
/// better, a four-three, a three with more, or a lone open three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    value: [i32; 2],
    /// Six 16-bit counters per colour: fives, open fours, fours or better,
    /// four-threes, threes with more (an open three with a blocked three or
    /// an open two, or two open threes), lone open threes.
    counts: [u128; 2],
}

const FIVE_LANE: u32 = 0;
const OPEN_FOUR_LANE: u32 = 16;
const FOUR_LANE: u32 = 32;
const FOUR_THREE_LANE: u32 = 48;
const THREE_PLUS_LANE: u32 = 64;
const THREE_LANE: u32 = 80;

/// The counters a point with this combo adds to, packed as in
/// [`Tally::counts`].
const fn combo_counts(combo: u8) -> u128 {
    let mut c = 0;
    if combo == Combo::Five as u8 {
        c |= 1 << FIVE_LANE;
    }
    if combo == Combo::OpenFour as u8 {
        c |= 1 << OPEN_FOUR_LANE;
    }
    if combo >= Combo::Four as u8 {
        c |= 1 << FOUR_LANE;
    }
    if combo == Combo::FourThree as u8 {
        c |= 1 << FOUR_THREE_LANE;
    }
    if combo == Combo::ThreePlus as u8 || combo == Combo::DoubleThree as u8 {
        c |= 1 << THREE_PLUS_LANE;
    }
    if combo == Combo::Three as u8 {
        c |= 1 << THREE_LANE;
    }
    c
}

const COMBO_COUNTS: [u128; 16] = {
    let mut t = [0u128; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = combo_counts(i as u8);
        i += 1;
    }
    t
};

/// The packed line byte `set_line` stored for `dir`.
#[inline(always)]
fn line_byte(cell: &Cell, dir: Dir) -> u8 {
    let shift = 4 * dir as u32;
    (((cell.pat[0] >> shift) & 15) | (((cell.pat[1] >> shift) & 15) << 4)) as u8
}

impl Tally {
    /// Moves an empty point's share from its old `combo` and `value` to
    /// what `cell` holds now.
    #[inline(always)]
    fn update(&mut self, combo: [u8; 2], value: [i16; 2], cell: &Cell) {
        for c in 0..2 {
            self.value[c] += i32::from(cell.value[c]) - i32::from(value[c]);
            if cell.combo[c] != combo[c] {
                self.counts[c] = self.counts[c]
                    .wrapping_sub(COMBO_COUNTS[usize::from(combo[c] & 15)])
                    .wrapping_add(COMBO_COUNTS[usize::from(cell.combo[c] & 15)]);
            }
        }
    }

    /// Adds (`sign` 1) or removes (`sign` -1) an empty point's share.
    #[inline(always)]
    fn add(&mut self, cell: &Cell, sign: i32) {
        for c in 0..2 {
            self.value[c] += sign * i32::from(cell.value[c]);
            let counts = COMBO_COUNTS[usize::from(cell.combo[c] & 15)];
            self.counts[c] = if sign > 0 {
                self.counts[c].wrapping_add(counts)
            } else {
                self.counts[c].wrapping_sub(counts)
            };
        }
    }
}

/// What a board point carries: its pattern in each direction for both
/// colours, the combination for each colour, and what stands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(C)]
struct Cell {
    /// Per colour: the pattern in direction `d` in bits `4d..4d+4`, so the
    /// four nibbles index the combo table directly.
    pat: [u16; 2],
    /// Per colour: the [`Combo`] as a byte.
    combo: [u8; 2],
    /// [`EMPTY`], [`BLACK`], [`WHITE`] or [`WALL`].
    stone: u8,
    _pad: u8,
    /// Per colour: the point's value (see [`crate::pattern::entry_value`]).
    value: [i16; 2],
}

/// A position with its incremental pattern state.
#[derive(Clone)]
pub struct Board {
    width: u8,
    height: u8,
    rule: Rule,
    tables: &'static Tables,
    side: Color,
    hash: u64,
    stones: u16,
    cells: Box<[Cell]>,
    lines: [u128; LINE_COUNT],
    history: Vec<Move>,
    undo: Vec<(u16, Cell)>,
    /// Ply (1-based history length) of the first move that made a five.
    first_win: Option<u32>,
    /// Totals over the empty points.
    tally: Tally,
    /// The network evaluation's net, if the board keeps its accumulator.
    net: Option<&'static Net>,
    /// The net's accumulator (all zeros without a net).
    acc: Acc,
    /// The accumulator before each move of the history, while a net is
    /// kept (restored by unmake).
    acc_stack: Vec<Acc>,
}

/// Zobrist keys: one per colour and grid cell, plus one for the side to move.
struct Zobrist {
    stone: [[u64; GRID]; 2],
    side: u64,
}

const ZOBRIST: Zobrist = {
    let mut state = 0x7465_6E67_656E_u64; // "tengen"
    let mut stone = [[0u64; GRID]; 2];
    let mut i = 0;
    while i < GRID {
        stone[0][i] = splitmix64(&mut state);
        stone[1][i] = splitmix64(&mut state);
        i += 1;
    }
    Zobrist {
        stone,
        side: splitmix64(&mut state),
    }
};

const fn stone_code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// Stores a point's packed line byte for `dir` (black's pattern in the low
/// nibble, white's in the high) and refreshes both combos.
#[inline(always)]
fn set_line(tables: &Tables, cell: &mut Cell, dir: Dir, byte: u8) {
    let shift = 4 * dir as u32;
    let keep = !(0xFu16 << shift);
    let black = (cell.pat[0] & keep) | (u16::from(byte & 15) << shift);
    let white = (cell.pat[1] & keep) | (u16::from(byte >> 4) << shift);
    cell.pat = [black, white];
    let (eb, ew) = (
        tables.entry(black, Color::Black),
        tables.entry(white, Color::White),
    );
    cell.combo = [entry_combo(eb), entry_combo(ew)];
    cell.value = [entry_value(eb) as i16, entry_value(ew) as i16];
}

impl Board {
    /// An empty board of `width` × `height` points under `rule`.
    ///
    /// # Errors
    /// [`BoardError::BadSize`] unless both sides are 5 to 32.
    pub fn new(width: usize, height: usize, rule: Rule) -> Result<Board, BoardError> {
        Board::with_net(width, height, rule, Net::builtin(rule))
    }

    /// An empty board that keeps the accumulator of `net` (see
    /// [`Board::set_net`]).
    fn with_net(
        width: usize,
        height: usize,
        rule: Rule,
        net: Option<&'static Net>,
    ) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
            return Err(BoardError::BadSize { width, height });
        }
        let mut board = Board {
            width: width as u8,
            height: height as u8,
            rule,
            tables: Tables::get(rule),
            side: Color::Black,
            hash: 0,
            stones: 0,
            cells: vec![
                Cell {
                    stone: WALL,
                    ..Cell::default()
                };
                GRID
            ]
            .into_boxed_slice(),
            lines: [0; LINE_COUNT],
            history: Vec::with_capacity(width * height + 16),
            undo: Vec::with_capacity(64 * (width * height + 16)),
            first_win: None,
            tally: Tally::default(),
            net,
            acc: Acc::default(),
            acc_stack: Vec::new(),
        };
        board.rebuild();
        Ok(board)
    }

    /// A square board.
    ///
    /// # Errors
    /// As [`Board::new`].
    pub fn square(size: usize, rule: Rule) -> Result<Board, BoardError> {
        Board::new(size, size, rule)
    }

    /// Recomputes every line and every point's patterns from the stones
    /// alone, ignoring the incremental state.
    fn rebuild(&mut self) {
        self.lines = [u128::MAX; LINE_COUNT];
        for y in 0..self.height() {
            for x in 0..self.width() {
                let pos = Pos::new(x, y);
                let stone = self.cells[pos.index()].stone;
                let stone = if stone == WALL { EMPTY } else { stone };
                self.cells[pos.index()].stone = stone;
                for dir in Dir::ALL {
                    let (li, lp) = line_of(pos, dir);
                    let shift = 2 * (lp + PAD);
                    self.lines[li] =
                        (self.lines[li] & !(3u128 << shift)) | (u128::from(stone) << shift);
                }
            }
        }
        let mut hash = if self.side == Color::White {
            ZOBRIST.side
        } else {
            0
        };
        let mut tally = Tally::default();
        let mut acc = Acc::default();
        for y in 0..self.height() {
            for x in 0..self.width() {
                let pos = Pos::new(x, y);
                let idx = pos.index();
                let mut cell = self.cells[idx];
                match cell.stone {
                    BLACK => hash ^= ZOBRIST.stone[0][idx],
                    WHITE => hash ^= ZOBRIST.stone[1][idx],
                    _ => {}
                }
                if cell.stone == EMPTY {
                    for dir in Dir::ALL {
                        set_line(
                            self.tables,
                            &mut cell,
                            dir,
                            self.tables.line(self.key(pos, dir)),
                        );
                    }
                    self.cells[idx] = cell;
                    tally.add(&cell, 1);
                    if let Some(net) = self.net {
                        for color in Color::BOTH {
                            let row = self.tables.net_row(cell.pat[color.index()], color);
                            net.add_row(&mut acc, color.index(), row, 1);
                        }
                    }
                }
            }
        }
        self.hash = hash;
        self.tally = tally;
        self.acc = acc;
    }

    /// The line key of `pos` in `dir`: its ten neighbours, two bits each.
    #[inline]
    fn key(&self, pos: Pos, dir: Dir) -> u32 {
        let (li, lp) = line_of(pos, dir);
        key_from_window((self.lines[li] >> (2 * lp)) as u32 & 0x3F_FFFF)
    }

    /// Board width (number of columns, the Gomocup x range).
    #[inline]
    #[must_use]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Board height (number of rows, the Gomocup y range).
    #[inline]
    #[must_use]
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The rule this board judges wins and patterns by.
    #[inline]
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The pattern tables in use.
    #[inline]
    #[must_use]
    pub fn tables(&self) -> &'static Tables {
        self.tables
    }

    /// Whose turn it is.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash of stones and side to move.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash [`Board::hash`] would give after the side to move played
    /// `pos` (an empty board point), without playing it.
    #[inline]
    #[must_use]
    pub fn hash_after(&self, pos: Pos) -> u64 {
        self.hash ^ ZOBRIST.stone[self.side.index()][pos.index()] ^ ZOBRIST.side
    }

    /// Number of stones on the board.
    #[inline]
    #[must_use]
    pub fn stone_count(&self) -> usize {
        usize::from(self.stones)
    }

    /// Number of board points.
    #[inline]
    #[must_use]
    pub fn area(&self) -> usize {
        self.width() * self.height()
    }

    /// Whether every point holds a stone.
    #[inline]
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stone_count() == self.area()
    }

    /// Moves played so far, passes included, oldest first.
    #[inline]
    #[must_use]
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The last move, if any.
    #[inline]
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().copied()
    }

    /// The point at (`x`, `y`), if it is on this board.
    #[inline]
    #[must_use]
    pub fn pos(&self, x: i64, y: i64) -> Option<Pos> {
        (x >= 0 && y >= 0 && (x as usize) < self.width() && (y as usize) < self.height())
            .then(|| Pos::new(x as usize, y as usize))
    }

    /// Whether `pos` is a point of this board (a pass is not).
    #[inline]
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        !pos.is_pass() && pos.index() < GRID && self.cells[pos.index()].stone != WALL
    }

    /// The stone on `pos`, if any.
    #[inline]
    #[must_use]
    pub fn stone(&self, pos: Pos) -> Option<Color> {
        match self.cells[pos.index()].stone {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `pos` is an empty board point.
    #[inline]
    #[must_use]
    pub fn is_empty(&self, pos: Pos) -> bool {
        self.cells[pos.index()].stone == EMPTY
    }

    /// Every point of the board, row by row.
    pub fn points(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height()).flat_map(move |y| (0..self.width()).map(move |x| Pos::new(x, y)))
    }

    /// Every empty point, row by row.
    pub fn empty_points(&self) -> impl Iterator<Item = Pos> + '_ {
        self.points().filter(move |&p| self.is_empty(p))
    }

    /// The pattern `color` would make along `dir` by playing on the empty
    /// point `pos`. Meaningless on occupied points.
    #[inline]
    #[must_use]
    pub fn pattern(&self, pos: Pos, dir: Dir, color: Color) -> Pattern {
        Pattern::from_u8(self.shape(pos, dir, color))
    }

    /// The shape (the pattern, told apart by its ways to grow; see
    /// [`crate::pattern::Shape`]) `color` would make along `dir` by playing
    /// on the empty point `pos`. Meaningless on occupied points.
    #[inline]
    #[must_use]
    pub fn shape(&self, pos: Pos, dir: Dir, color: Color) -> crate::pattern::Shape {
        let nibbles = self.cells[pos.index()].pat[color.index()];
        ((nibbles >> (4 * dir as u32)) & 15) as crate::pattern::Shape
    }

    /// The four shapes of [`Board::shape`] for `color` on the empty point
    /// `pos`, direction 0 in the lowest nibble: what the combo table and
    /// the network's rows ([`Tables::net_row`]) are indexed by.
    #[inline]
    #[must_use]
    pub fn shape_nibbles(&self, pos: Pos, color: Color) -> u16 {
        self.cells[pos.index()].pat[color.index()]
    }

    /// What `color` would make over all four lines by playing on the empty
    /// point `pos`. Meaningless on occupied points.
    #[inline]
    #[must_use]
    pub fn combo(&self, pos: Pos, color: Color) -> Combo {
        Combo::from_u8(self.cells[pos.index()].combo[color.index()])
    }

    /// What the empty point `pos` is worth to `color` in the static
    /// evaluation (see [`crate::pattern::entry_value`]). Meaningless on
    /// occupied points.
    #[inline]
    #[must_use]
    pub fn value(&self, pos: Pos, color: Color) -> i32 {
        i32::from(self.cells[pos.index()].value[color.index()])
    }

    /// The sum of [`Board::value`] for `color` over every empty point,
    /// kept incrementally.
    #[inline]
    #[must_use]
    pub fn value_sum(&self, color: Color) -> i32 {
        self.tally.value[color.index()]
    }

    /// The running counter of `color` in `lane` (see [`Tally::counts`]).
    #[inline(always)]
    fn count(&self, color: Color, lane: u32) -> u32 {
        (self.tally.counts[color.index()] >> lane) as u32 & 0xFFFF
    }

    /// How many empty points make a winning row for `color`.
    #[inline]
    #[must_use]
    pub fn five_count(&self, color: Color) -> u32 {
        self.count(color, FIVE_LANE)
    }

    /// How many empty points make an open four (combo
    /// [`Combo::OpenFour`]) for `color`.
    #[inline]
    #[must_use]
    pub fn open_four_count(&self, color: Color) -> u32 {
        self.count(color, OPEN_FOUR_LANE)
    }

    /// How many empty points make a four or better (combo
    /// [`Combo::Four`] and up) for `color`.
    #[inline]
    #[must_use]
    pub fn four_count(&self, color: Color) -> u32 {
        self.count(color, FOUR_LANE)
    }

    /// How many empty points make a four and an open three (combo
    /// [`Combo::FourThree`]) for `color`.
    #[inline]
    #[must_use]
    pub fn four_three_count(&self, color: Color) -> u32 {
        self.count(color, FOUR_THREE_LANE)
    }

    /// How many empty points make an open three with more for `color`
    /// (combo [`Combo::ThreePlus`] or [`Combo::DoubleThree`]).
    #[inline]
    #[must_use]
    pub fn three_plus_count(&self, color: Color) -> u32 {
        self.count(color, THREE_PLUS_LANE)
    }

    /// How many empty points make one open three and nothing more for
    /// `color` (combo [`Combo::Three`]).
    #[inline]
    #[must_use]
    pub fn three_count(&self, color: Color) -> u32 {
        self.count(color, THREE_LANE)
    }

    /// Whether `color` playing on the empty point `pos` makes a winning row.
    #[inline]
    #[must_use]
    pub fn is_five(&self, pos: Pos, color: Color) -> bool {
        self.is_empty(pos) && self.combo(pos, color) == Combo::Five
    }

    /// The colour whose move made the first winning row, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.first_win
            .map(|ply| self.history[ply as usize - 1].color)
    }

    /// Plays `pos` for the side to move, after checking it.
    ///
    /// # Errors
    /// [`MoveError::OffBoard`] or [`MoveError::Occupied`]; the board is
    /// unchanged then.
    pub fn play(&mut self, pos: Pos) -> Result<(), MoveError> {
        self.play_color(pos, self.side)
    }

    /// Plays `pos` for `color` (whoever is to move), after checking it.
    /// Afterwards the other colour is to move.
    ///
    /// # Errors
    /// As [`Board::play`].
    pub fn play_color(&mut self, pos: Pos, color: Color) -> Result<(), MoveError> {
        if pos.is_pass() || pos.index() >= GRID || self.cells[pos.index()].stone == WALL {
            return Err(MoveError::OffBoard);
        }
        if self.cells[pos.index()].stone != EMPTY {
            return Err(MoveError::Occupied);
        }
        self.make_color(pos, color);
        Ok(())
    }

    /// Plays `pos` for the side to move without checking it. `pos` must be
    /// an empty board point.
    #[inline]
    pub fn make(&mut self, pos: Pos) {
        self.make_color(pos, self.side);
    }

    /// Plays `pos` for `color` without checking it. `pos` must be an empty
    /// board point. Afterwards the other colour is to move.
    pub fn make_color(&mut self, pos: Pos, color: Color) {
        let idx = pos.index();
        debug_assert_eq!(self.cells[idx].stone, EMPTY, "make on a non-empty point");
        let won = self.cells[idx].combo[color.index()] == Combo::Five as u8;
        let undo_start = self.undo.len() as u32;
        let tally_before = self.tally;
        let code = stone_code(color);
        self.tally.add(&self.cells[idx], -1);
        if let Some(net) = self.net {
            self.acc_stack.push(self.acc);
            for c in Color::BOTH {
                let row = self.tables.net_row(self.cells[idx].pat[c.index()], c);
                net.add_row(&mut self.acc, c.index(), row, -1);
            }
        }
        self.cells[idx].stone = code;
        self.hash ^= ZOBRIST.stone[color.index()][idx];
        if self.side != color.opp() {
            self.hash ^= ZOBRIST.side;
        }
        self.stones += 1;
        // Under freestyle a stone five points away never changes a pattern
        // (a five through a point spans at most four on each side), so the
        // update reaches four points; the other rules look one further for
        // overlines and blocked ends.
        if self.rule == Rule::Freestyle {
            self.update_lines::<4>(pos, code);
        } else {
            self.update_lines::<5>(pos, code);
        }
        let side_before = self.side;
        self.side = color.opp();
        self.history.push(Move {
            pos,
            color,
            won,
            undo_start,
            side_before,
            tally_before,
        });
        if won && self.first_win.is_none() {
            self.first_win = Some(self.history.len() as u32);
        }
    }

    /// Puts `code` on `pos` in the bit lines and refreshes the patterns of
    /// the empty points within `REACH` along each line, saving their old
    /// state for unmake.
    #[inline(always)]
    fn update_lines<const REACH: isize>(&mut self, pos: Pos, code: u8) {
        let idx = pos.index();
        let tables = self.tables;
        let net = self.net;
        for dir in Dir::ALL {
            let (li, lp) = line_of(pos, dir);
            let line = self.lines[li] | (u128::from(code) << (2 * (lp + PAD)));
            self.lines[li] = line;
            // Bits of the 21 places lp-10..=lp+10 (two bits each, lowest
            // first): the windows of all ten neighbours. Places below -5 read
            // as zero, but they only fall in windows of off-board neighbours.
            let near = ((line << (2 * PAD)) >> (2 * lp)) as u64;
            let delta = dir.delta();
            for s in -REACH..=REACH {
                if s == 0 {
                    continue;
                }
                let n = (idx as isize + s * delta) as usize;
                let cell = &mut self.cells[n];
                if cell.stone != EMPTY {
                    continue;
                }
                let window = (near >> (2 * (s + 5))) as u32 & 0x3F_FFFF;
                let byte = tables.line(key_from_window(window));
                if line_byte(cell, dir) == byte {
                    // Neither colour's pattern changes here: nothing to do
                    // or to undo.
                    continue;
                }
                self.undo.push((n as u16, *cell));
                let (combo, value, pat) = (cell.combo, cell.value, cell.pat);
                set_line(tables, cell, dir, byte);
                self.tally.update(combo, value, cell);
                if let Some(net) = net {
                    for c in Color::BOTH {
                        let i = c.index();
                        if pat[i] != cell.pat[i] {
                            let (old, new) =
                                (tables.net_row(pat[i], c), tables.net_row(cell.pat[i], c));
                            if old != new {
                                net.change_row(&mut self.acc, i, old, new);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Passes: the side to move changes and nothing else.
    pub fn pass(&mut self) {
        if self.net.is_some() {
            self.acc_stack.push(self.acc);
        }
        self.hash ^= ZOBRIST.side;
        let color = self.side;
        self.side = color.opp();
        self.history.push(Move {
            pos: Pos::PASS,
            color,
            won: false,
            undo_start: self.undo.len() as u32,
            side_before: color,
            tally_before: self.tally,
        });
    }

    /// Takes back the last move (or pass) and returns it; `None` on an
    /// empty history.
    pub fn undo(&mut self) -> Option<Move> {
        let m = *self.history.last()?;
        self.unmake();
        Some(m)
    }

    /// Takes back the last move or pass. The history must not be empty.
    pub fn unmake(&mut self) {
        let m = self.history.pop().expect("unmake with an empty history");
        if self.first_win == Some(self.history.len() as u32 + 1) {
            self.first_win = None;
        }
        if self.side != m.side_before {
            self.hash ^= ZOBRIST.side;
        }
        self.side = m.side_before;
        self.tally = m.tally_before;
        if self.net.is_some() {
            self.acc = self.acc_stack.pop().expect("an accumulator per move");
        }
        if m.pos.is_pass() {
            return;
        }
        let idx = m.pos.index();
        for &(n, cell) in &self.undo[m.undo_start as usize..] {
            self.cells[usize::from(n)] = cell;
        }
        self.undo.truncate(m.undo_start as usize);
        self.cells[idx].stone = EMPTY;
        self.hash ^= ZOBRIST.stone[m.color.index()][idx];
        self.stones -= 1;
        for dir in Dir::ALL {
            let (li, lp) = line_of(m.pos, dir);
            self.lines[li] &= !(3u128 << (2 * (lp + PAD)));
        }
    }

    /// The net whose accumulator the board keeps, if any: at first the
    /// rule's built-in net ([`Net::builtin`]).
    #[inline]
    #[must_use]
    pub fn net(&self) -> Option<&'static Net> {
        self.net
    }

    /// The net's accumulator: per colour, the sum of its points'
    /// embeddings (all zeros without a net).
    #[inline]
    #[must_use]
    pub fn accumulator(&self) -> &Acc {
        &self.acc
    }

    /// Keeps the accumulator of `net` from now on (`None`: of no net, the
    /// tables' evaluation alone). The game so far is replayed, so that
    /// unmake finds every earlier accumulator.
    pub fn set_net(&mut self, net: Option<&'static Net>) {
        if self.net.map(std::ptr::from_ref) == net.map(std::ptr::from_ref) {
            return;
        }
        let mut fresh = Board::with_net(self.width(), self.height(), self.rule, net)
            .expect("the size of a board that exists");
        for m in &self.history {
            fresh.set_side_to_move(m.side_before);
            if m.pos.is_pass() {
                fresh.pass();
            } else {
                fresh.make_color(m.pos, m.color);
            }
        }
        fresh.set_side_to_move(self.side);
        *self = fresh;
    }

    /// Sets the side to move without playing (used when a position is set
    /// up with an unusual stone count). Changes the hash accordingly.
    pub fn set_side_to_move(&mut self, color: Color) {
        if self.side != color {
            self.hash ^= ZOBRIST.side;
            self.side = color;
        }
    }

    /// A copy whose lines, patterns, combos and hash are recomputed from the
    /// stones alone. Tests compare it with the incrementally kept state.
    #[must_use]
    pub fn recomputed(&self) -> Board {
        let mut copy = self.clone();
        for y in 0..copy.height() {
            for x in 0..copy.width() {
                let idx = Pos::new(x, y).index();
                let stone = copy.cells[idx].stone;
                copy.cells[idx] = Cell {
                    stone,
                    ..Cell::default()
                };
            }
        }
        copy.rebuild();
        copy
    }

    /// Whether the pattern state, combos and hash of `self` and `other`
    /// agree on every empty point (what [`Board::recomputed`] checks).
    #[must_use]
    pub fn same_state(&self, other: &Board) -> bool {
        self.hash == other.hash
            && self.tally == other.tally
            && self.acc == other.acc
            && self.lines == other.lines
            && self.points().all(|p| {
                let (a, b) = (self.cells[p.index()], other.cells[p.index()]);
                a.stone == b.stone && (a.stone != EMPTY || a == b)
            })
    }

    /// The colour that has a winning row on the board, found by scanning
    /// every line (slow; for setting up positions). If both have one, black
    /// is returned.
    #[must_use]
    pub fn find_five(&self) -> Option<Color> {
        for color in Color::BOTH {
            let code = stone_code(color);
            for pos in self.points() {
                if self.cells[pos.index()].stone != code {
                    continue;
                }
                for dir in Dir::ALL {
                    let d = dir.delta();
                    let before = (pos.index() as isize - d) as usize;
                    if self.cells[before].stone == code {
                        continue; // not the start of the run
                    }
                    let mut len = 0;
                    let mut n = pos.index();
                    while self.cells[n].stone == code {
                        len += 1;
                        n = (n as isize + d) as usize;
                    }
                    let open = usize::from(self.cells[before].stone == EMPTY)
                        + usize::from(self.cells[n].stone == EMPTY);
                    if self.rule.wins(color, len, open) {
                        return Some(color);
                    }
                }
            }
        }
        None
    }

    /// Builds a position from stones given in order, colours as given;
    /// where a colour repeats, the other side passes in between.
    ///
    /// # Errors
    /// The first [`MoveError`] met; positions are checked like [`Board::play`].
    pub fn from_moves(
        width: usize,
        height: usize,
        rule: Rule,
        moves: &[(Pos, Color)],
    ) -> Result<Board, Box<dyn std::error::Error + Send + Sync>> {
        let mut board = Board::new(width, height, rule)?;
        for &(pos, color) in moves {
            if board.side_to_move() != color && board.stone_count() + board.history().len() > 0 {
                board.pass();
            }
            board.play_color(pos, color)?;
        }
        Ok(board)
    }

    /// Parses a diagram: one text row per board row, `X` black, `O` white,
    /// anything else (`.`, `+`, digits, `*`) an empty point; spaces are
    /// ignored, and so are blank lines. Stones are placed row by row (so the
    /// history is not a real game), and the side to move is black when the
    /// colours are level, white when black has one more stone, otherwise the
    /// colour with fewer stones.
    ///
    /// # Errors
    /// When the rows differ in length or the size is out of range.
    pub fn from_diagram(
        rule: Rule,
        text: &str,
    ) -> Result<Board, Box<dyn std::error::Error + Send + Sync>> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != width) {
            return Err("diagram rows differ in length".into());
        }
        let mut board = Board::new(width, height, rule)?;
        let (mut blacks, mut whites) = (0, 0);
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let color = match c {
                    'X' | 'x' => Color::Black,
                    'O' | 'o' => Color::White,
                    _ => continue,
                };
                if color == Color::Black {
                    blacks += 1;
                } else {
                    whites += 1;
                }
                board.play_color(Pos::new(x, y), color)?;
            }
        }
        board.set_side_to_move(if blacks <= whites {
            Color::Black
        } else {
            Color::White
        });
        Ok(board)
    }
}

impl fmt::Display for Board {
    /// The diagram form read by [`Board::from_diagram`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height() {
            for x in 0..self.width() {
                let c = match self.stone(Pos::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                if x > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}x{} {} ({:?} to move)",
            self.width, self.height, self.rule, self.side
        )?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests;
