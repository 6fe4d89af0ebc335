//! What an empty point is worth to a colour in the static evaluation: one
//! value per *class* of the four line shapes through the point.
//!
//! The order of the four directions does not change what a point is worth,
//! so a class is the sorted multiset of its four line [`Shape`]s (the
//! patterns, with open twos and threes told apart by their ways to grow):
//! 3 060 classes of the 15 shapes. Classes whose every line is dead, an
//! overline or a lone stone's shape ([`is_quiet`]) are worth nothing by
//! definition, so that a point far from every stone adds nothing and the
//! board can keep the sum over all its empty points.
//!
//! The values the engine plays with are learned from games, one table per
//! rule and colour (`data/eval/*.txt`, built into the binary; the manual's
//! `docs/src/tuning.md` says how to regenerate them, lab E-001 to E-039
//! what each round bought). [`ValueTable::hand_set`] gives the hand-set
//! values the engine started from: the tuner's prior, and a reference for
//! tests.
//!
//! A class a table does not list plays at its patterns' value; the shapes
//! told apart by the fit bought nothing measurable (lab E-014).

use super::{combine, Combo, Pattern, Shape, OPEN_THREE_2, OPEN_TWO_3, OPEN_TWO_4, SHAPES};
use crate::rules::{Color, Rule};
use std::fmt::Write as _;

/// How many classes of four line shapes there are: multisets of four of
/// the 15 shapes, C(18, 4).
pub const CLASSES: usize = 3060;

/// A class of four line shapes: an index below [`CLASSES`].
pub type Class = u16;

/// Lookup from a sorted shape quadruple (base [`SHAPES`], smallest code
/// first) to its class, and back.
struct ClassIndex {
    of_sorted: Vec<Class>,
    shapes: Vec<[Shape; 4]>,
}

fn class_index() -> &'static ClassIndex {
    static INDEX: once_cell::sync::OnceCell<ClassIndex> = once_cell::sync::OnceCell::new();
    INDEX.get_or_init(|| {
        let n = SHAPES as Shape;
        let mut of_sorted = vec![Class::MAX; SHAPES.pow(4)];
        let mut shapes = Vec::with_capacity(CLASSES);
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    for d in c..n {
                        let code = quad_code([a, b, c, d]);
                        of_sorted[code] = shapes.len() as Class;
                        shapes.push([a, b, c, d]);
                    }
                }
            }
        }
        debug_assert_eq!(shapes.len(), CLASSES);
        ClassIndex { of_sorted, shapes }
    })
}

fn quad_code(p: [Shape; 4]) -> usize {
    p.iter().fold(0, |code, &s| code * SHAPES + usize::from(s))
}

/// The class of four line shapes, in any order; every shape must be below
/// [`SHAPES`].
#[must_use]
pub fn class_of(lines: [Shape; 4]) -> Class {
    let mut p = lines;
    p.sort_unstable();
    class_index().of_sorted[quad_code(p)]
}

/// The class of four line patterns, in any order (each pattern its own
/// shape: the two-way open two, the one-way open three).
#[must_use]
pub fn class_of_patterns(lines: [Pattern; 4]) -> Class {
    class_of(lines.map(|p| p as Shape))
}

/// The four shapes of a class, smallest code first.
#[must_use]
pub fn shapes_of(class: Class) -> [Shape; 4] {
    class_index().shapes[usize::from(class)]
}

/// The four patterns of a class's shapes, in the order of
/// [`shapes_of`].
#[must_use]
pub fn patterns_of(class: Class) -> [Pattern; 4] {
    shapes_of(class).map(Pattern::from_u8)
}

/// The class with the same patterns whose shapes are the patterns
/// themselves: where the tables of the twelve patterns keep the value of
/// every class that refines it.
#[must_use]
pub fn coarse(class: Class) -> Class {
    class_of_patterns(patterns_of(class))
}

/// Whether every line of the class is dead, an overline or a lone stone's
/// shape: such a point is worth nothing.
#[must_use]
pub fn is_quiet(class: Class) -> bool {
    patterns_of(class).iter().all(|&p| p <= Pattern::OpenOne)
}

/// The name of a shape in a value file.
fn shape_name(s: Shape) -> &'static str {
    match s {
        OPEN_TWO_3 => return "open-two-3",
        OPEN_TWO_4 => return "open-two-4",
        OPEN_THREE_2 => return "open-three-2",
        _ => {}
    }
    match Pattern::from_u8(s) {
        Pattern::Dead => "dead",
        Pattern::Overline => "overline",
        Pattern::BlockedOne => "one",
        Pattern::OpenOne => "open-one",
        Pattern::BlockedTwo => "two",
        Pattern::OpenTwo => "open-two",
        Pattern::BlockedThree => "three",
        Pattern::OpenThree => "open-three",
        Pattern::Four => "four",
        Pattern::OpenFour => "open-four",
        Pattern::DoubleFour => "double-four",
        Pattern::Five => "five",
    }
}

fn shape_by_name(name: &str) -> Option<Shape> {
    (0..SHAPES as Shape).find(|&s| shape_name(s) == name)
}

/// What a pattern is worth on its own in the hand-set evaluation (by
/// `Pattern as usize`); the learned tables replaced it (lab E-001).
pub const HAND_PATTERN: [i32; 12] = [0, 0, 0, 0, 5, 16, 14, 60, 45, 250, 0, 600];

/// What a combination adds in the hand-set evaluation (by `Combo as usize`).
pub const HAND_COMBO: [i32; 14] = [0, 0, 0, 0, 12, 15, 0, 30, 150, 0, 40, 250, 400, 0];

/// How many initiative terms there are (see [`INITIATIVE_NAMES`]).
pub const INITIATIVE_TERMS: usize = 13;

/// The initiative terms: what the threats on the board are worth to the
/// side to move, beyond the points' values. `own` is the side to move,
/// `opp` the other; an open-four point is a point where a stone makes an
/// open four (the owner has an open three), a four point one where it
/// makes a four or better, a four-three point one where it makes a four
/// and an open three at once, a three-plus point one where it makes an
/// open three with more (another open three, a blocked three or an open
/// two), a three point one where it makes one open three and nothing
/// more. The side to move's own four-three points have no term: fitted on
/// positions without a VCF it came out a penalty (lab E-005). The
/// three-plus and three terms came with the threat masks (lab E-009).
pub const INITIATIVE_NAMES: [&str; INITIATIVE_TERMS] = [
    "own-open-four",
    "opp-open-four",
    "own-fours-1",
    "own-fours-2",
    "own-fours-3",
    "opp-fours-1",
    "opp-fours-2",
    "opp-fours-3",
    "opp-four-three",
    "own-three-plus",
    "own-three",
    "opp-three-plus",
    "opp-three",
];

/// The threats on a board for its side to move, in 11 bits: whether the
/// side to move has an open-four point (bit 0), whether the opponent has
/// one (bit 1), the side to move's four points counted up to 3 (bits 2–3)
/// and the opponent's (bits 4–5), whether the opponent has a four-three
/// point (bit 6), and whether the side to move has a three-plus point (bit
/// 7), a three point (bit 8), and the opponent the same (bits 9, 10). Each
/// mask holds some of the [`INITIATIVE_NAMES`] terms ([`mask_terms`]), and
/// its value is theirs plus a correction of its own
/// ([`ValueTable::threat`]), since threats do not add up: an open three is
/// worth much to the side to move when the opponent has no four to answer
/// it with, and little when it has. The masks bought +20.7 Elo (lab E-009).
pub type ThreatMask = u16;

/// How many threat masks there are.
pub const THREAT_MASKS: usize = 1 << 11;

/// The threat mask of a board, from the side to move's and the opponent's
/// counts of points of each kind (see [`ThreatMask`]).
#[inline]
#[must_use]
pub fn threat_mask(own: ThreatCounts, opp: ThreatCounts) -> ThreatMask {
    u16::from(own.open_fours > 0)
        | u16::from(opp.open_fours > 0) << 1
        | (own.fours.min(3) as u16) << 2
        | (opp.fours.min(3) as u16) << 4
        | u16::from(opp.four_threes > 0) << 6
        | u16::from(own.three_plus > 0) << 7
        | u16::from(own.threes > 0) << 8
        | u16::from(opp.three_plus > 0) << 9
        | u16::from(opp.threes > 0) << 10
}

/// One colour's counts of the points that make its threats (see
/// [`threat_mask`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreatCounts {
    /// Open-four points.
    pub open_fours: u32,
    /// Four points (a four or better).
    pub fours: u32,
    /// Four-three points.
    pub four_threes: u32,
    /// Three-plus points.
    pub three_plus: u32,
    /// Three points (one open three and nothing more).
    pub threes: u32,
}

/// The initiative terms a threat mask holds, at most one from each family,
/// as indices into [`INITIATIVE_NAMES`].
pub type ActiveTerms = [Option<usize>; 9];

/// The initiative terms that `mask` holds.
#[inline]
#[must_use]
pub fn mask_terms(mask: ThreatMask) -> ActiveTerms {
    let bit = |b: u16| mask >> b & 1 == 1;
    let own_fours = usize::from(mask >> 2 & 3);
    let opp_fours = usize::from(mask >> 4 & 3);
    [
        bit(0).then_some(0),
        bit(1).then_some(1),
        (own_fours > 0).then_some(1 + own_fours),
        (opp_fours > 0).then_some(4 + opp_fours),
        bit(6).then_some(8),
        bit(7).then_some(9),
        bit(8).then_some(10),
        bit(9).then_some(11),
        bit(10).then_some(12),
    ]
}

/// The mask holding exactly `terms` (indices into [`INITIATIVE_NAMES`]), or
/// `None` when two of them are of one family (two counts of fours).
#[must_use]
pub fn mask_of_terms(terms: &[usize]) -> Option<ThreatMask> {
    let mut mask: ThreatMask = 0;
    for &t in terms {
        let (bits, field): (ThreatMask, ThreatMask) = match t {
            0 => (1, 1),
            1 => (1 << 1, 1 << 1),
            2..=4 => ((t as u16 - 1) << 2, 3 << 2),
            5..=7 => ((t as u16 - 4) << 4, 3 << 4),
            8..=12 => (1 << (t as u16 - 2), 1 << (t as u16 - 2)),
            _ => return None,
        };
        if mask & field != 0 {
            return None;
        }
        mask |= bits;
    }
    Some(mask)
}

/// What the initiative `terms` that hold are worth, given the values of
/// the side to move's colour.
#[inline]
#[must_use]
pub fn initiative_value(values: &[i32; INITIATIVE_TERMS], terms: ActiveTerms) -> i32 {
    terms.iter().flatten().map(|&t| values[t]).sum()
}

/// The name of a threat mask in a value file: its terms joined by `+`, or
/// `none`.
fn mask_name(mask: ThreatMask) -> String {
    let names: Vec<&str> = mask_terms(mask)
        .iter()
        .flatten()
        .map(|&t| INITIATIVE_NAMES[t])
        .collect();
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join("+")
    }
}

fn mask_by_name(name: &str) -> Option<ThreatMask> {
    if name == "none" {
        return Some(0);
    }
    let terms = name
        .split('+')
        .map(|n| INITIATIVE_NAMES.iter().position(|m| *m == n))
        .collect::<Option<Vec<usize>>>()?;
    let mask = mask_of_terms(&terms)?;
    (mask_name(mask) == name).then_some(mask)
}

/// Point values of one rule: per colour, one value per class; and per
/// colour of the side to move, the initiative terms and the threat masks'
/// corrections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueTable {
    /// Indexed by `Color::index()`, then by class.
    values: [Vec<i32>; 2],
    /// Indexed by the side to move's `Color::index()`, then by term.
    initiative: [[i32; INITIATIVE_TERMS]; 2],
    /// Indexed by the side to move's `Color::index()`, then by mask: the
    /// correction to the sum of the mask's terms.
    threat: [Vec<i32>; 2],
}

impl ValueTable {
    /// The largest value a point may have (the board keeps values in 16
    /// bits).
    pub const MAX: i32 = i16::MAX as i32;

    /// All zero.
    #[must_use]
    pub fn zero() -> ValueTable {
        ValueTable {
            values: [vec![0; CLASSES], vec![0; CLASSES]],
            initiative: [[0; INITIATIVE_TERMS]; 2],
            threat: [vec![0; THREAT_MASKS], vec![0; THREAT_MASKS]],
        }
    }

    /// The hand-set values the engine started from: a value per line
    /// pattern, summed, plus a value for their combination.
    #[must_use]
    pub fn hand_set(rule: Rule) -> ValueTable {
        let mut t = ValueTable::zero();
        for color in Color::BOTH {
            for class in 0..CLASSES as Class {
                if is_quiet(class) {
                    continue;
                }
                let lines = patterns_of(class);
                let combo = combine(rule, color, lines);
                let v = lines.iter().map(|&p| HAND_PATTERN[p as usize]).sum::<i32>()
                    + HAND_COMBO[combo as usize];
                t.set(color, class, v);
            }
        }
        t
    }

    /// The learned values the engine plays with under `rule` (caro's
    /// table serves both caro rules).
    #[must_use]
    pub fn learned(rule: Rule) -> ValueTable {
        ValueTable::parse(ValueTable::learned_text(rule))
            .expect("the built-in value tables are well formed")
    }

    /// The text of the learned table of `rule`, header included.
    #[must_use]
    pub fn learned_text(rule: Rule) -> &'static str {
        match rule {
            Rule::Freestyle => include_str!("../../data/eval/freestyle.txt"),
            Rule::Standard => include_str!("../../data/eval/standard.txt"),
            Rule::Renju => include_str!("../../data/eval/renju.txt"),
            Rule::Caro | Rule::CaroExact => include_str!("../../data/eval/caro.txt"),
        }
    }

    /// The value of `class` to `color`.
    #[inline]
    #[must_use]
    pub fn get(&self, color: Color, class: Class) -> i32 {
        self.values[color.index()][usize::from(class)]
    }

    /// Sets the value of `class` to `color`, clamped to ±[`Self::MAX`];
    /// quiet classes stay at zero.
    pub fn set(&mut self, color: Color, class: Class, value: i32) {
        if !is_quiet(class) {
            self.values[color.index()][usize::from(class)] = value.clamp(-Self::MAX, Self::MAX);
        }
    }

    /// The initiative terms' values when `mover` is to move.
    #[inline]
    #[must_use]
    pub fn initiative(&self, mover: Color) -> &[i32; INITIATIVE_TERMS] {
        &self.initiative[mover.index()]
    }

    /// Sets an initiative term's value when `mover` is to move, clamped to
    /// ±[`Self::MAX`].
    pub fn set_initiative(&mut self, mover: Color, term: usize, value: i32) {
        self.initiative[mover.index()][term] = value.clamp(-Self::MAX, Self::MAX);
    }

    /// The correction of threat mask `mask` when `mover` is to move.
    #[inline]
    #[must_use]
    pub fn threat(&self, mover: Color, mask: ThreatMask) -> i32 {
        self.threat[mover.index()][usize::from(mask)]
    }

    /// Sets the correction of threat mask `mask` when `mover` is to move,
    /// clamped to ±[`Self::MAX`].
    pub fn set_threat(&mut self, mover: Color, mask: ThreatMask, value: i32) {
        self.threat[mover.index()][usize::from(mask)] = value.clamp(-Self::MAX, Self::MAX);
    }

    /// What the threats of `mask` are worth when `mover` is to move: its
    /// terms' values and its correction.
    #[must_use]
    pub fn threat_value(&self, mover: Color, mask: ThreatMask) -> i32 {
        initiative_value(self.initiative(mover), mask_terms(mask)) + self.threat(mover, mask)
    }

    /// The value of a point whose four lines make `lines` for `color`
    /// (nothing on a point forbidden to renju black).
    #[must_use]
    pub fn point(&self, rule: Rule, color: Color, lines: [Shape; 4]) -> i32 {
        if combine(rule, color, lines.map(Pattern::from_u8)) == Combo::Forbidden {
            0
        } else {
            self.get(color, class_of(lines))
        }
    }

    /// The table as text: a header comment, then one line per class with a
    /// value other than zero (or other than its [`coarse`] class's, which
    /// [`ValueTable::parse`] would give it), the shapes largest code first,
    /// then black's and white's values.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut s = String::new();
        for line in header.lines() {
            let _ = writeln!(s, "# {line}");
        }
        let _ = writeln!(
            s,
            "# initiative term | black to move | white to move (see INITIATIVE_NAMES)"
        );
        for (term, name) in INITIATIVE_NAMES.iter().enumerate() {
            let (b, w) = (self.initiative[0][term], self.initiative[1][term]);
            if b != 0 || w != 0 {
                let _ = writeln!(s, "initiative {name} {b} {w}");
            }
        }
        let _ = writeln!(
            s,
            "# threat mask (its terms) | correction, black to move | white to move"
        );
        for mask in 0..THREAT_MASKS as ThreatMask {
            let (b, w) = (
                self.threat(Color::Black, mask),
                self.threat(Color::White, mask),
            );
            if b != 0 || w != 0 {
                let _ = writeln!(s, "threat {} {b} {w}", mask_name(mask));
            }
        }
        let _ = writeln!(s, "# four line shapes, largest code first | black | white");
        let pair = |class: Class| (self.get(Color::Black, class), self.get(Color::White, class));
        for class in 0..CLASSES as Class {
            let (b, w) = pair(class);
            if (b, w) == (0, 0) && (coarse(class) == class || pair(coarse(class)) == (0, 0)) {
                continue;
            }
            let mut p = shapes_of(class);
            p.reverse();
            let names: Vec<&str> = p.iter().map(|&p| shape_name(p)).collect();
            let _ = writeln!(s, "{} {b} {w}", names.join(" "));
        }
        s
    }

    /// Reads a table written by [`ValueTable::to_text`]; a class not listed
    /// is worth what its [`coarse`] class is (so that a table of the twelve
    /// patterns gives every shape of a pattern that pattern's value), and
    /// nothing if that is not listed either.
    ///
    /// # Errors
    /// A line that is not four shape names and two numbers, a quiet class
    /// with a value, a value out of range, a class listed twice, or an
    /// `initiative` or `threat` line naming no term or mask (or a mask
    /// listed twice).
    pub fn parse(text: &str) -> Result<ValueTable, String> {
        let mut t = ValueTable::zero();
        let mut seen = vec![false; CLASSES];
        let mut seen_threat = vec![false; THREAT_MASKS];
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: &str| format!("line {}: {why}: `{raw}`", n + 1);
            // Black's and white's values, the last two words of a line.
            let pair = |words: &[&str]| -> Result<[i32; 2], &'static str> {
                let mut out = [0i32; 2];
                for (slot, w) in out.iter_mut().zip(words) {
                    *slot = w.parse().map_err(|_| "bad value")?;
                    if slot.abs() > Self::MAX {
                        return Err("value out of range");
                    }
                }
                Ok(out)
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() == 4 && words[0] == "initiative" {
                let term = INITIATIVE_NAMES
                    .iter()
                    .position(|n| *n == words[1])
                    .ok_or_else(|| bad("unknown initiative term"))?;
                for (color, v) in Color::BOTH.into_iter().zip(pair(&words[2..]).map_err(bad)?) {
                    t.set_initiative(color, term, v);
                }
                continue;
            }
            if words.len() == 4 && words[0] == "threat" {
                let mask = mask_by_name(words[1]).ok_or_else(|| bad("unknown threat mask"))?;
                if std::mem::replace(&mut seen_threat[usize::from(mask)], true) {
                    return Err(bad("threat mask listed twice"));
                }
                for (color, v) in Color::BOTH.into_iter().zip(pair(&words[2..]).map_err(bad)?) {
                    t.set_threat(color, mask, v);
                }
                continue;
            }
            if words.len() != 6 {
                return Err(bad("expected four shapes and two values"));
            }
            let mut lines: [Shape; 4] = [0; 4];
            for (slot, w) in lines.iter_mut().zip(&words[..4]) {
                *slot = shape_by_name(w).ok_or_else(|| bad("unknown shape"))?;
            }
            let class = class_of(lines);
            if is_quiet(class) {
                return Err(bad("a quiet class is worth nothing"));
            }
            if std::mem::replace(&mut seen[usize::from(class)], true) {
                return Err(bad("class listed twice"));
            }
            for (color, v) in Color::BOTH.into_iter().zip(pair(&words[4..]).map_err(bad)?) {
                t.set(color, class, v);
            }
        }
        for class in 0..CLASSES as Class {
            let from = coarse(class);
            if !seen[usize::from(class)] && seen[usize::from(from)] {
                for color in Color::BOTH {
                    t.set(color, class, t.get(color, from));
                }
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_ignore_the_order_of_directions() {
        let a = [
            Pattern::OpenThree,
            Pattern::Dead,
            Pattern::Four,
            Pattern::OpenTwo,
        ];
        let b = [
            Pattern::Four,
            Pattern::OpenTwo,
            Pattern::OpenThree,
            Pattern::Dead,
        ];
        assert_eq!(class_of_patterns(a), class_of_patterns(b));
        let mut sorted = a;
        sorted.sort();
        assert_eq!(patterns_of(class_of_patterns(a)), sorted);
        let distinct: std::collections::HashSet<_> = (0..CLASSES as Class).map(shapes_of).collect();
        assert_eq!(distinct.len(), CLASSES);
    }

    #[test]
    fn quiet_classes_hold_no_shape() {
        let lone = [Pattern::OpenOne; 4];
        assert!(is_quiet(class_of_patterns(lone)));
        let two = [
            Pattern::OpenTwo,
            Pattern::OpenOne,
            Pattern::OpenOne,
            Pattern::Dead,
        ];
        assert!(!is_quiet(class_of_patterns(two)));
    }

    #[test]
    fn tables_round_trip_through_text() {
        for rule in Rule::ALL {
            let mut with_initiative = ValueTable::hand_set(rule);
            with_initiative.set_initiative(Color::White, 3, -70);
            with_initiative.set_initiative(Color::Black, 0, 250);
            with_initiative.set_threat(Color::Black, 0, 12);
            with_initiative.set_threat(Color::White, THREAT_MASKS as ThreatMask - 1, -300);
            with_initiative.set_threat(Color::White, 0b101_0000_0110, 45);
            for t in [
                ValueTable::hand_set(rule),
                ValueTable::learned(rule),
                with_initiative,
            ] {
                let back = ValueTable::parse(&t.to_text("a test")).unwrap();
                assert_eq!(back, t, "{}", rule.name());
            }
        }
    }

    #[test]
    fn a_table_of_patterns_gives_each_shape_its_patterns_value() {
        let dead = Pattern::Dead as Shape;
        let two = class_of([Pattern::OpenTwo as Shape, dead, dead, dead]);
        let wide_two = class_of([OPEN_TWO_4, dead, dead, dead]);
        let three_two = class_of([OPEN_THREE_2, OPEN_TWO_3, dead, dead]);
        assert_eq!(coarse(wide_two), two);
        assert_eq!(
            patterns_of(three_two),
            [
                Pattern::Dead,
                Pattern::Dead,
                Pattern::OpenTwo,
                Pattern::OpenThree
            ]
        );
        // Only the patterns listed: every shape of them has their value.
        let t = ValueTable::parse("open-two dead dead dead 10 20").unwrap();
        assert_eq!(t.get(Color::Black, wide_two), 10);
        assert_eq!(t.get(Color::White, wide_two), 20);
        assert_eq!(t.get(Color::Black, three_two), 0);
        // A shape listed keeps its own value.
        let t = ValueTable::parse("open-two dead dead dead 10 20\nopen-two-4 dead dead dead 0 7")
            .unwrap();
        assert_eq!(t.get(Color::Black, two), 10);
        assert_eq!(t.get(Color::Black, wide_two), 0);
        assert_eq!(t.get(Color::White, wide_two), 7);
        // Written and read again, a shape worth nothing where its pattern
        // is worth something stays at nothing.
        let mut u = t.clone();
        u.set(Color::White, wide_two, 0);
        assert_eq!(ValueTable::parse(&u.to_text("a test")).unwrap(), u);
        assert!(ValueTable::parse("open-two-5 dead dead dead 1 1").is_err());
    }

    #[test]
    fn threat_masks_are_named_by_their_terms() {
        let mut seen = std::collections::HashSet::new();
        for mask in 0..THREAT_MASKS as ThreatMask {
            let name = mask_name(mask);
            assert!(seen.insert(name.clone()), "{name} twice");
            assert_eq!(mask_by_name(&name), Some(mask), "{name}");
            let terms: Vec<usize> = mask_terms(mask).iter().flatten().copied().collect();
            assert_eq!(mask_of_terms(&terms), Some(mask));
        }
        assert_eq!(mask_by_name("none"), Some(0));
        // Own open four, the opponent's two four points, its open three.
        assert_eq!(
            mask_by_name("own-open-four+opp-fours-2+opp-three"),
            Some(0b100_0010_0001)
        );
        // Two counts of one family, a term out of order, an unknown term.
        assert_eq!(mask_by_name("own-fours-1+own-fours-2"), None);
        assert_eq!(mask_by_name("opp-three+own-open-four"), None);
        assert_eq!(mask_by_name("own-five"), None);
    }

    #[test]
    fn the_mask_reads_both_sides_counts() {
        let own = ThreatCounts {
            open_fours: 0,
            fours: 5,
            four_threes: 1,
            three_plus: 2,
            threes: 0,
        };
        let opp = ThreatCounts {
            open_fours: 1,
            fours: 1,
            four_threes: 1,
            three_plus: 0,
            threes: 4,
        };
        // Own: four points counted up to 3, a three-plus point (its
        // four-three points have no bit). Opponent: an open-four point, one
        // four point, a four-three point, three points.
        assert_eq!(
            mask_name(threat_mask(own, opp)),
            "opp-open-four+own-fours-3+opp-fours-1+opp-four-three+own-three-plus+opp-three"
        );
    }

    #[test]
    fn bad_value_files_are_refused() {
        assert!(ValueTable::parse("open-three open-two dead dead 5").is_err());
        assert!(ValueTable::parse("open-three open-two dead sixty 5 5").is_err());
        assert!(ValueTable::parse("open-one open-one dead dead 5 5").is_err());
        assert!(ValueTable::parse("open-three dead dead dead 99999 5").is_err());
        assert!(
            ValueTable::parse("open-three dead dead dead 1 5\ndead open-three dead dead 1 5")
                .is_err()
        );
        assert!(ValueTable::parse("# nothing\n\nopen-three dead dead dead 1 5 # note").is_ok());
        assert!(ValueTable::parse("initiative own-open-four 40 30").is_ok());
        assert!(ValueTable::parse("initiative own-open-five 40 30").is_err());
        assert!(ValueTable::parse("initiative own-open-four 40").is_err());
        assert!(ValueTable::parse("threat own-three+opp-three 40 30").is_ok());
        assert!(ValueTable::parse("threat none -40 30").is_ok());
        assert!(ValueTable::parse("threat own-three+own-three 40 30").is_err());
        assert!(ValueTable::parse("threat own-three 40").is_err());
        assert!(ValueTable::parse("threat own-three 99999 0").is_err());
        assert!(ValueTable::parse("threat own-three 1 2\nthreat own-three 1 2").is_err());
    }
}
