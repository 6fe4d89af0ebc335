//! Forbidden-point positions published elsewhere with their answers,
//! transcribed as diagrams (`X` black, `O` white; `3` double three, `4`
//! double four, `6` overline, `*` a point the source says is allowed; other
//! letters are labels the source uses). Coordinates in comments are the
//! sources' own (columns A–O from the left, rows 15 at the top down to 1).
//!
//! Sources:
//!
//! 1. 日本連珠社 (Japan Renju Federation), "連珠幼稚園" lesson 4, example 1
//!    with its answer: <https://www.renjusha.net/renju/youchien/A/04ex1A.html>.
//! 2. Two classic false-double-three shapes drawn in the README of the OOXX
//!    renju program: <https://github.com/babyfacebook/OOXX>.
//! 3. The renju test set and rule examples in the documentation of the
//!    mintaka renju engine (`documents/renju-test-set.md` and
//!    `documents/renju.md` in <https://github.com/junghyun397/mintaka>);
//!    each problem there comes with an answer diagram that marks every
//!    forbidden point, so those tests require exactly the marked points.
//!
//! Only the first is a renju federation's own material; the other two are
//! the documentation of other programs, and are kept here as independent
//! statements of the answers.

mod rules_support;

use rules_support::{check_renju, check_renju_marked};

/// Source 1. Answer: C (here `3`) is a double three. A (F11, `*` in row 5)
/// is not, because its diagonal three lies on an overline line (長連筋).
/// B (K8) is not, because its column three has one free point at each end
/// and white beyond (ナツ止め), so it cannot become a straight four. D (J5)
/// is not, because its column three's only completion, E (J4), is a double
/// four.
#[test]
fn renjusha_kindergarten_lesson_4_example_1() {
    check_renju_marked(RENJUSHA);
}

/// Source 2, first shape (placed on an empty 15×15 board). The marked point
/// makes a three along the anti-diagonal and X . X * along the row; the
/// row's straight-four point is also the fourth stone of the column above
/// it, a double four, so the row is no three and the point is allowed.
#[test]
fn ooxx_false_double_three() {
    check_renju_marked(OOXX_1);
}

/// Source 2, second shape: the ring of eight stones (placed on an empty
/// 15×15 board). The marked point lies on three lines with two black stones
/// each; the README's answer is that it is not forbidden, and calls the
/// judgement four levels deep.
#[test]
fn ooxx_ring_is_not_forbidden() {
    check_renju_marked(OOXX_2);
}

const RENJUSHA: &str = "
        . . . . . . . . . . . . . . .
        . . . . . O O . X . . . . . .
        . . . . X . . . . . . . . . .
        . . . . O X X O . . O . . . .
        . . . . O * O . . . . O O . .
        . . . . . X . . . . X O X . .
        . . O X X . . . . . X X . . .
        . . . . . . . . . . * . . O .
        . . . . . . . . . . . O X . .
        . . . O . O X . . X O X . . .
        . . . X X 3 . . . * X X . O .
        . X O O . O . . . E O O . . .
        . . . X . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ";

const OOXX_1: &str = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . X . . .
        . . . . . . . X . . X . . . .
        . . . . . . X . X * . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ";

const OOXX_2: &str = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X X . . . . . .
        . . . . . . X * . X . . . . .
        . . . . . . X . . X . . . . .
        . . . . . . . X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ";

/// A double four at E14, an overline at F8 and a double three at M5 (the problem diagram of "basic-forbid").
#[test]
fn mintaka_basic_forbidden_points() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . 4 . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . X . X . . . . . . . . . .
        . X . . X . . . . . . . . . .
        X . . . O . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X X 6 X X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . 3 . .
        . X . . . . . . . . . X X . .
        . X . X . . . . . . X . X . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// The documented answer marks no forbidden point ("double-four related pseudo forbidden moves").
#[test]
fn mintaka_double_four_related_pseudo_forbidden() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . X X . . . . . . . .
        . . . . . . O X O . . . . . .
        . . . . . . O X O . . . . . .
        . . . . . . . . X X X O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// The documented answer marks no forbidden point.
#[test]
fn mintaka_pseudo_forbidden_2() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . . X O O X . . . . .
        . . . . . . . X X . . . . . .
        . . . . . X . O O . . . . . .
        . . . . O X X . O X . . . . .
        . . . . . O . O . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// The documented answer marks no forbidden point.
#[test]
fn mintaka_pseudo_forbidden_3() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . X O . O X . . . . .
        . . . . . . X . X . . . . . .
        . . . . . . . X O X . . . . .
        . . . . . X O X O X O . . . .
        . . . . . X . . . O . . . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// One real double three, at H7.
#[test]
fn mintaka_pseudo_forbidden_4() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . X O . O . . . . . .
        . . . . . . X . X . O . . . .
        . . . . O . O X . . . . . . .
        . . . . . X O X O . . . . . .
        . . . . . X . 3 X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// One real double three, at I8 ("nested forbidden moves").
#[test]
fn mintaka_nested_forbidden() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O . . O . . . . . . . .
        . . . . X . . X . O . . . . .
        . . . . O X O X X . . . . . .
        . . . . . . X X 3 . . . . . .
        . . . . . . O O X X . . . . .
        . . . . . X . . . . . . . . .
        . . . . O X . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// Double threes at G10, I10 and I8.
#[test]
fn mintaka_pseudo_forbidden_6() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O . . O . . . . . . . .
        . . . . X . 3 X 3 O . . . . .
        . . . . O X O X X . . . . . .
        . . . . . . X X 3 . O . . . .
        . . . . . . O O X X . . . . .
        . . . . . X O . . . . . . . .
        . . . . O X . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// Double threes at E8 and E6.
#[test]
fn mintaka_pseudo_forbidden_7() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . O . X . . . . . . .
        . . . . . X O X O . . . . . .
        . . . . 3 X . X . O . . . . .
        . . O X X X X O X . . . . . .
        . . . . 3 X . O . O . . . . .
        . . . . X O O . . . . . . . .
        . . . O . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// Eight forbidden points, double threes and double fours mixed.
#[test]
fn mintaka_complex_forbidden_points() {
    check_renju(
        "
        . . . . . . . . . . . . . . O
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X . X . . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . 4 . . . . . . . .
        . . . . 3 . X X 3 . . . . . .
        . . . . X . 3 . X X . 3 . . .
        . . . . X . X . X . 3 . . . .
        . . . . . . . 3 4 X X X . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// Two blocked rows of four with open points around them: double threes at F9, I9, F6 and I6.
#[test]
fn mintaka_recursive_forbidden_points() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O O . . . . . . .
        . . . . . 3 X X 3 . . . . . .
        . . . . O X X X X O . . . . .
        . . . . O X X X X O . . . . .
        . . . . . 3 X X 3 . . . . . .
        . . . . . . O O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// Double threes at J10, J8, G7 and K7 ("multiple-nested forbidden moves").
#[test]
fn mintaka_multiple_nested_forbidden_points() {
    check_renju(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . X . .
        . . . . . O . . . 3 . . O X .
        . . O X . . X O X X X O X . .
        . . . X O O . X O 3 . . . . .
        . O . . X X 3 . . X 3 . . . .
        . . . . . . X . . . X X O . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}
