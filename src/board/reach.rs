//! Whether a side can still make a winning row: the dead-draw test.
//!
//! A side can still win on a line when five consecutive points hold none
//! of the other side's stones and filling them would make a row that wins
//! under the rule: any such row for freestyle, caro and renju white; an
//! exact five (no own stone right beyond either end) for standard and renju
//! black; and for caro a five not blocked at both ends by the other side
//! or the edge. The other side could always stay out of the way (it may
//! play elsewhere or pass), so when no such window is left for either side
//! nothing but a draw can follow. One pass over the board's windows, 4
//! directions by at most 32×32 starting points, decides it.
//!
//! Renju's forbidden points are not considered: a window black could fill
//! only through forbidden points still counts as open, so the test never
//! calls a game dead that is not.

use super::{Board, Dir};
use crate::rules::Color;

/// Five points make a row.
const FIVE: i64 = 5;

impl Board {
    /// What is at `(x, y)`: `None` off the board, else the stone if any.
    fn at(&self, x: i64, y: i64) -> Option<Option<Color>> {
        self.pos(x, y).map(|p| self.stone(p))
    }

    /// Whether `color` can still make a winning row somewhere, the other
    /// side keeping out of its way.
    #[must_use]
    pub fn can_still_win(&self, color: Color) -> bool {
        let (w, h) = (self.width() as i64, self.height() as i64);
        for dir in Dir::ALL {
            let (dx, dy) = dir.step();
            let (dx, dy) = (dx as i64, dy as i64);
            for y in 0..h {
                for x in 0..w {
                    if self.window_wins(color, (x, y), (dx, dy)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether filling the five points from `(x, y)` along `(dx, dy)` with
    /// `color` would make a winning row.
    fn window_wins(&self, color: Color, (x, y): (i64, i64), (dx, dy): (i64, i64)) -> bool {
        for i in 0..FIVE {
            match self.at(x + i * dx, y + i * dy) {
                None => return false,
                Some(Some(c)) if c != color => return false,
                Some(_) => {}
            }
        }
        // The row runs on through own stones beyond either end; the point
        // after the run is open when empty.
        let mut len = FIVE as usize;
        let mut open = 0;
        for (step, from) in [(-1, -1), (1, FIVE)] {
            let mut k = from;
            loop {
                match self.at(x + k * dx, y + k * dy) {
                    Some(Some(c)) if c == color => {
                        len += 1;
                        k += step;
                    }
                    Some(None) => {
                        open += 1;
                        break;
                    }
                    _ => break,
                }
            }
        }
        self.rule().wins(color, len, open)
    }

    /// Whether neither side can make a winning row any more, so the game
    /// can only be drawn.
    #[must_use]
    pub fn is_dead_draw(&self) -> bool {
        !self.can_still_win(Color::Black) && !self.can_still_win(Color::White)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Board;
    use crate::rules::{Color, Rule};

    fn board(rule: Rule, text: &str) -> Board {
        Board::from_diagram(rule, text).unwrap()
    }

    #[test]
    fn an_empty_board_is_open_to_both() {
        for rule in Rule::ALL {
            let b = Board::new(15, 15, rule).unwrap();
            assert!(b.can_still_win(Color::Black) && b.can_still_win(Color::White));
            assert!(!b.is_dead_draw());
        }
    }

    #[test]
    fn every_line_holding_both_colours_is_a_dead_draw() {
        // Every row, column and long diagonal of the 5×5 board holds both
        // colours, with 13 points still empty: no rule lets anyone win.
        let text = "
            X . . O .
            X . O . O
            . . O X .
            O X X . .
            . O . . X";
        for rule in Rule::ALL {
            assert!(board(rule, text).is_dead_draw(), "{rule}");
        }
        // Without the white stone on the top row, that row is black's to
        // fill: a five, except under caro, where the board's edges block
        // both of its ends (so under caro a 5×5 board is always dead).
        let open = "
            X . . . .
            X . O . O
            . . O X .
            O X X . .
            . O . . X";
        for rule in Rule::ALL {
            let b = board(rule, open);
            let caro = matches!(rule, Rule::Caro | Rule::CaroExact);
            assert_eq!(b.can_still_win(Color::Black), !caro, "{rule}");
            assert_eq!(b.is_dead_draw(), caro, "{rule}");
        }
    }

    #[test]
    fn an_overline_is_no_five_under_the_exact_rules() {
        // Black's only window free of white is on the top row, and filling
        // it makes six: a win where overlines win, none where five must be
        // exact.
        let text = "
            X X . X X X
            . O O O . .
            . O . O . .
            . . . . O O
            O . . . . O
            O O . . . .";
        for (rule, black_can_win) in [
            (Rule::Freestyle, true),
            (Rule::Caro, true),
            (Rule::Standard, false),
            (Rule::Renju, false),
            (Rule::CaroExact, false),
        ] {
            let b = board(rule, text);
            assert_eq!(b.can_still_win(Color::Black), black_can_win, "{rule}");
            assert!(b.can_still_win(Color::White), "{rule}");
        }
    }

    #[test]
    fn a_five_blocked_at_both_ends_is_no_win_under_caro() {
        // Black's only window free of white lies between two white stones.
        let text = "
            O X X X X . O
            O O . O O . O
            . O . . . . O
            O . O . . . .
            . . O . . O .
            O . . . O . .";
        for (rule, black_can_win) in [
            (Rule::Freestyle, true),
            (Rule::Standard, true),
            (Rule::Renju, true),
            (Rule::Caro, false),
            (Rule::CaroExact, false),
        ] {
            let b = board(rule, text);
            assert_eq!(b.can_still_win(Color::Black), black_can_win, "{rule}");
        }
    }
}
