//! Game rules: the colours, the rules a game is played under, and which
//! lines win for whom.
//!
//! This is the bottom layer of the crate: it uses no other module. The
//! pattern tables are built from [`Rule::wins`], and black's forbidden
//! points under renju, which need the board, are judged above the board in
//! [`crate::renju`].

use std::fmt;

/// A stone colour. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The first player.
    Black = 0,
    /// The second player.
    White = 1,
}

impl Color {
    /// Both colours, black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name, `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule a game is played under.
///
/// | rule | Gomocup `INFO rule` | who wins with |
/// |---|---|---|
/// | [`Rule::Freestyle`] | 0 | five or more |
/// | [`Rule::Standard`] | 1 | exactly five (an overline wins for neither colour) |
/// | [`Rule::Renju`] | 4 (Yixin Board sends 2) | black exactly five, white five or more; black's double three, double four and overline are forbidden |
/// | [`Rule::Caro`] | 8 | a five not blocked at both ends, or any overline |
/// | [`Rule::CaroExact`] | 9 | exactly five, not blocked at both ends |
///
/// Caro follows what the Gomocup referee (GomocupJudge) enforces: a run of
/// exactly five wins only if at least one of the two points beyond its ends is
/// empty (the board edge and an opponent stone both block). Under rule 8 a run
/// of six or more wins whatever surrounds it, and under rule 9 it never wins.
/// We chose the referee's reading over the Vietnamese club rules (where an
/// overline does not win) because engines are judged by the referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; overlines win for neither colour.
    Standard,
    /// Renju: black needs exactly five and has forbidden points; white wins
    /// with five or more.
    Renju,
    /// Caro (Gomocup rule 8): five not blocked at both ends, or six and more.
    Caro,
    /// Caro with exactly five (Gomocup rule 9).
    CaroExact,
}

impl Rule {
    /// Every rule, in Gomocup number order.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroExact,
    ];

    /// The rule for a Gomocup `INFO rule` value, or `None` if unsupported.
    ///
    /// Bit 2 (continuous game) is ignored except that Yixin Board sends a bare
    /// 2 for renju, which is honoured.
    #[must_use]
    pub fn from_gomocup(value: u32) -> Option<Rule> {
        match value {
            2 => Some(Rule::Renju),
            v => match v & !2 {
                0 => Some(Rule::Freestyle),
                1 => Some(Rule::Standard),
                4 | 5 => Some(Rule::Renju),
                8 => Some(Rule::Caro),
                9 => Some(Rule::CaroExact),
                _ => None,
            },
        }
    }

    /// The Gomocup `INFO rule` number of this rule.
    #[must_use]
    pub const fn gomocup(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::CaroExact => 9,
        }
    }

    /// A short lowercase name (`freestyle`, `standard`, `renju`, `caro`,
    /// `caro-exact`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroExact => "caro-exact",
        }
    }

    /// Parses a name as printed by [`Rule::name`], or a Gomocup number.
    #[must_use]
    pub fn parse(text: &str) -> Option<Rule> {
        let t = text.trim().to_ascii_lowercase();
        if let Ok(n) = t.parse::<u32>() {
            return Rule::from_gomocup(n);
        }
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == t || (t == "caro5" && *r == Rule::CaroExact))
    }

    /// Whether black has forbidden points under this rule.
    #[inline]
    #[must_use]
    pub const fn has_forbidden(self) -> bool {
        matches!(self, Rule::Renju)
    }

    /// Whether a run of `len` stones of `color`, whose two end points are
    /// open (`open_ends` of them empty, 0 to 2), wins.
    ///
    /// This is the single definition of a win that the pattern tables, the
    /// board and the arena's referee all derive from.
    #[inline]
    #[must_use]
    pub const fn wins(self, color: Color, len: usize, open_ends: usize) -> bool {
        match self {
            Rule::Freestyle => len >= 5,
            Rule::Standard => len == 5,
            Rule::Renju => match color {
                Color::Black => len == 5,
                Color::White => len >= 5,
            },
            Rule::Caro => len >= 6 || (len == 5 && open_ends > 0),
            Rule::CaroExact => len == 5 && open_ends > 0,
        }
    }

    /// Whether a run of six or more is an overline that does not win for
    /// `color` (standard, renju black and exact caro). Under renju it is
    /// forbidden for black.
    #[inline]
    #[must_use]
    pub const fn overline_loses_its_point(self, color: Color) -> bool {
        match self {
            Rule::Standard | Rule::CaroExact => true,
            Rule::Renju => matches!(color, Color::Black),
            Rule::Freestyle | Rule::Caro => false,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gomocup_numbers_round_trip() {
        for r in Rule::ALL {
            assert_eq!(Rule::from_gomocup(r.gomocup()), Some(r));
            assert_eq!(Rule::parse(r.name()), Some(r));
        }
        assert_eq!(Rule::from_gomocup(2), Some(Rule::Renju));
        assert_eq!(Rule::from_gomocup(3), Some(Rule::Standard));
        assert_eq!(Rule::from_gomocup(16), None);
    }

    #[test]
    fn win_semantics() {
        use Color::*;
        assert!(Rule::Freestyle.wins(Black, 6, 0));
        assert!(!Rule::Standard.wins(White, 6, 2));
        assert!(Rule::Renju.wins(White, 7, 0));
        assert!(!Rule::Renju.wins(Black, 6, 2));
        assert!(!Rule::Caro.wins(Black, 5, 0));
        assert!(Rule::Caro.wins(Black, 5, 1));
        assert!(Rule::Caro.wins(Black, 6, 0));
        assert!(!Rule::CaroExact.wins(Black, 6, 2));
    }
}
