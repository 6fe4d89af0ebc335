//! Renju forbidden points, drawn as diagrams (these positions are made up
//! for the tests; published problems are in `rules_published.rs`).
//!
//! Marks: `3` double three, `4` double four, `6` overline (all forbidden for
//! black), `*` a point that must be allowed, `F` a five for black; other
//! letters are labels the comments talk about. `check_renju` also requires
//! every unmarked empty point to be allowed; `check_renju_marked` only holds
//! the marked points to their marks and requires the engine to agree with
//! the reference everywhere else. Every check runs the engine and the
//! reference implementation in `rules_support`.

mod rules_support;

use rules_support::{check_renju, check_renju_marked, parse};
use tengen::board::{Board, Pos};
use tengen::renju::{forbidden, forbidden_points, Forbidden};
use tengen::rules::{Color, Rule};

#[test]
fn plain_double_three() {
    // Row: 3 X X, column: X X above: two open threes.
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . 3 X X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn split_double_three() {
    // Row X . 3 X and column X X . 3: both threes are split, each with one
    // completing point.
    check_renju_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . X . 3 X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn double_three_on_the_diagonals() {
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . X . . . X . . .
        . . . . X . X . . . .
        . . . . . 3 . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn double_four_in_two_lines() {
    // Row O X X X 4: a four; column O X X X 4: another.
    check_renju(
        "
        . . . . . . . . .
        . . . . O . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X 4 . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

#[test]
fn four_three_is_allowed() {
    // Row: a four; column: an open three. A four-three is black's way to win.
    check_renju(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X * . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

#[test]
fn four_three_three_is_a_double_three() {
    // Row: a four; column and diagonal: two open threes.
    check_renju_marked(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        O X X X 3 . . . . .
        . . . . . X . . . .
        . . . . . . X . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
}

#[test]
fn same_line_double_four_x_xxx_x() {
    // X . X 4 X . X: the stone makes X . X X X . X, two fours in one row.
    // The gaps make only one four each.
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . X * X 4 X * X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn same_line_double_four_xx_xx_xx() {
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X * 4 X * X X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn same_line_double_four_xxx_x_xxx() {
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X * 4 * X X X * .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn broken_rows_that_are_not_double_fours() {
    // X X . * . X X: the stone makes X X . X . X X, no four at all.
    // X X X * . X: X X X X . X is one four (the gap would make six).
    check_renju(
        "
        . . . . . . . . . . .
        X X . * . X X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X * . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn five_beats_double_four() {
    // The stone makes five in the row and straight fours in the column and
    // the diagonal: a five wins, it is not forbidden.
    check_renju_marked(
        "
        . . . . . . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        X X X X F . . . . .
        . . . . . X . . . .
        . . . . . . X . . .
        . . . . . . . X . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
}

#[test]
fn five_beats_overline() {
    // Row: five; column: six.
    check_renju_marked(
        "
        . . . . X . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        X X X X F . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
}

#[test]
fn five_beats_double_three() {
    check_renju_marked(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        X X X X F . . . . .
        . . . . . X . . . .
        . . . . . . X . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
}

#[test]
fn overline_in_the_middle_and_at_the_edges() {
    // X X X 6 X X along the top edge makes six.
    check_renju(
        "
        X X X 6 X X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    // Six ending at the right edge.
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X X 6 X X X .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X X 6 X X X
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    // Four stones against the left edge make exactly five: the edge is no
    // stone.
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X X F . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    // X X X X . X: the gap makes six, the left end five.
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        F X X X X 6 X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn overline_along_a_diagonal_at_the_corner() {
    check_renju_marked(
        "
        X . . . . . . .
        . X . . . . . .
        . . 6 . . . . .
        . . . X . . . .
        . . . . X . . .
        . . . . . X . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
}

#[test]
fn fours_blocked_by_the_edge() {
    // (0,4): the column X X X above it makes a four, and the row 4 X X X
    // against the left edge makes a four that can only be completed on the
    // right: still a four, so a double four.
    check_renju_marked(
        "
        . . . . . . . .
        X . . . . . . .
        X . . . . . . .
        X . . . . . . .
        4 X X X . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    // The same row with a white stone after it cannot become five at all: no
    // four, so the column four alone is allowed.
    check_renju_marked(
        "
        . . . . . . . .
        X . . . . . . .
        X . . . . . . .
        X . . . . . . .
        * X X X O . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
}

#[test]
fn three_against_the_edge_is_no_three() {
    // Row 5: X X * against the left edge can only make a four that touches
    // the edge, never a straight four. With the column three the point is
    // still allowed.
    check_renju(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        X X * . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    // One point further from the edge the row three is real: . X X 3 . .
    // becomes a straight four at the point right of it.
    check_renju(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . . . . . . .
        . X X 3 . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

#[test]
fn three_blocked_by_white_is_no_three() {
    // Row 5: O X X * . O: the only four it can make touches a white stone.
    // Row 7 (the same column): O . X X X . O, a three with one free point on
    // each side and white beyond: neither four it can make is straight.
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X . . . . . .
        . . . . X . . . . . .
        O X X . * . O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X . . . . . .
        . . . . X . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        O . X X * . O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn three_on_an_overline_line_is_no_three() {
    // Row 5: X . . X X * . . X. Either four the row can make has one end
    // where a stone would make six, so it is never a straight four.
    check_renju(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        X . . X X * . . X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn false_three_completion_is_overline() {
    // P's row P X Q X can only become a straight four at Q, and Q makes six
    // in its column, so Q is forbidden and the row is no three: P (with its
    // column three) is allowed. Q itself is an overline point.
    check_renju_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . X . . .
        . . . . . X . X . . .
        . . . . . X . X . . .
        . . . . . * X 6 X . .
        . . . . . . . X . . .
        . . . . . . . X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn false_three_completion_is_double_four() {
    // P = (5,5). Column X . P X: its only completion Q = (5,4) makes the
    // straight four and, with the row O X X X Q, a second four: Q is a
    // double four, so the column is no three and P (row three) is allowed.
    check_renju_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . O X X X Q . . . . .
        . . . . . * X X . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    // Take the white stone away and block the row at the other end too: the
    // row through Q is then dead, Q is no longer forbidden, and P is a real
    // double three.
    check_renju_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . O X X X Q O . . . .
        . . . . . 3 X X . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn false_three_completion_is_double_three() {
    // P = (4,6): column X X P and row P X Q X. The row's only completion Q
    // makes the row's straight four, a column three (6,4) (6,5) Q and an
    // anti-diagonal three Q (7,5) (8,4): a four-three-three, forbidden as a
    // double three. So P's row is no three and P is allowed.
    check_renju_marked(
        "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . X . X . X . . . .
        . . . . X . X X . . . . .
        . . . . * X Q X . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        ",
    );
    // A white stone at the top right end of Q's anti-diagonal kills that
    // three: Q is a plain four-three, allowed, so P's row is a real three
    // and P is a double three.
    check_renju_marked(
        "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . O . . .
        . . . . X . X . X . . . .
        . . . . X . X X . . . . .
        . . . . 3 X Q X . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn nested_false_threes_three_levels_deep() {
    // P = (7,7): diagonal three X X P and row P X Q X, whose only completion
    // is Q = (9,7). With P on the board, Q makes the row's straight four, a
    // diagonal three Q (10,8) (11,9), and a column X X R Q whose only
    // completion is R = (9,6).
    //
    // Here R (with P and Q on the board) makes the column's straight four
    // and a diagonal three R (10,7) (11,8): allowed. So Q's column three is
    // real, Q is a four-three-three (forbidden), P's row is no three, and P
    // is allowed.
    check_renju_marked(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . X . . . X . . . . .
        . . . . . . X . . R . . . . .
        . . . . . . . * X Q X . . . .
        . . . . . . . . . . X X . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
    // One more stone at (12,9) turns R's diagonal into a straight four: R is
    // a double four, Q's column is no three, Q is a plain four-three
    // (allowed), P's row is a real three, and P is a double three.
    check_renju_marked(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . X . . . X . . . . .
        . . . . . . X . . R . . . . .
        . . . . . . . 3 X Q X . . . .
        . . . . . . . . . . X X . . .
        . . . . . . . . . . . X X . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn double_four_with_a_three_is_a_double_four() {
    check_renju_marked(
        "
        . . . . . . . . . .
        . . . . O . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        O X X X 4 . . . . .
        . . . . . X . . . .
        . . . . . . X . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
}

#[test]
fn only_renju_has_forbidden_points_and_only_for_black() {
    let text = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . X X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ";
    let p = Pos::new(4, 4);
    for rule in Rule::ALL {
        let mut b = Board::from_diagram(rule, text).unwrap();
        let expect = (rule == Rule::Renju).then_some(Forbidden::DoubleThree);
        assert_eq!(forbidden(&mut b, p), expect, "{rule}");
        assert_eq!(
            forbidden_points(&mut b).len(),
            usize::from(expect.is_some()),
            "{rule}"
        );
    }
    // The same shape in white stones forbids nothing: white may play there,
    // and no black point is forbidden.
    let white = text.replace('X', "O");
    let mut b = Board::from_diagram(Rule::Renju, &white).unwrap();
    assert_eq!(forbidden_points(&mut b), vec![]);
    assert_eq!(parse(&white).grid.clone().forbidden_points(), vec![]);
    b.play_color(p, Color::White).unwrap();
}

#[test]
fn occupied_and_off_board_points_are_not_forbidden() {
    let mut b = Board::from_diagram(
        Rule::Renju,
        "
        . . . . .
        . X X . .
        . . . . .
        . . . . .
        . . . . .
        ",
    )
    .unwrap();
    assert_eq!(forbidden(&mut b, Pos::new(1, 1)), None);
    assert_eq!(forbidden(&mut b, Pos::new(7, 1)), None);
    assert_eq!(forbidden(&mut b, Pos::PASS), None);
}

#[test]
fn narrow_board_rows_hold_no_three() {
    // On a board five points wide no row can hold a straight four, so the
    // row X X * is no three, and with the column three the point is
    // allowed. The column of the same shape, nine points tall, is a three.
    check_renju(
        "
        . . . . .
        . . . . .
        . . . X .
        . . . X .
        . . . . .
        . X X * .
        . . . . .
        . . . . .
        . . . . .
        ",
    );
    // On a board six wide the same row is a three again.
    check_renju(
        "
        . . . . . .
        . . . . . .
        . . . X . .
        . . . X . .
        . . . . . .
        . X X 3 . .
        . . . . . .
        . . . . . .
        . . . . . .
        ",
    );
}

#[test]
fn a_three_whose_straight_four_point_also_makes_five_counts() {
    // P's column three X X P can become a straight four only at Q (the
    // other end is blocked by white two points up), and Q also completes
    // black's row X X X X Q. A five is never forbidden, so Q is a playable
    // straight-four point, the column is a three, and with the row three P
    // is a double three. (This is the reading chosen where the RIF text's
    // "without at the same time a five" could be read otherwise; see the
    // module notes in rules_support.)
    check_renju_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . O . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . 3 X X . . .
        F X X X X Q O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

#[test]
fn same_line_double_four_against_the_edge() {
    // X . X 4 X . X starting at the left edge: the left four can only be
    // completed inside the board, and it still counts.
    check_renju(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        X * X 4 X * X . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
    // A white stone beyond a four does not stop it: renju needs no open
    // end, so X . X X X . X O still holds two fours.
    check_renju(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        X * X 4 X * X O . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
    // A white stone on a completing point does: with white in the right gap
    // only the left four is left.
    check_renju(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        X * X * X O X . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
}

#[test]
fn overline_and_double_four_at_once() {
    // The row makes six and the column and diagonal make fours: forbidden,
    // named as a double four.
    check_renju_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . O . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . X X X 4 X X . . .
        . . . . . . X . . . .
        . . . . . . . X . . .
        . . . . . . . . X . .
        . . . . . . . . . . .
        ",
    );
}
