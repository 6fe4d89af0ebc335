//! Win detection under every rule, drawn as diagrams.
//!
//! `F` marks the points where the colour under test makes a winning row;
//! every other empty point must not win. Each diagram is checked against the
//! engine (`Board::is_five`, `winner`, `find_five`) and against the
//! reference in `rules_support`.

mod rules_support;

use rules_support::{check_wins, parse, wins};
use tengen::board::{Board, Pos};
use tengen::rules::{Color, Rule};

const BLACK: Color = Color::Black;
const WHITE: Color = Color::White;

/// An open four and a broken row whose gap would make six.
#[test]
fn five_and_overline_under_every_rule() {
    // Row 1: an open four, both ends make five (under caro too: one end open).
    // Row 3: X X X . X X, the gap makes six.
    check_wins(
        Rule::Freestyle,
        BLACK,
        "
        . . . . . . . . . .
        F X X X X F . . . .
        . . . . . . . . . .
        . X X X F X X . . .
        . . . . . . . . . .
        ",
    );
    check_wins(
        Rule::Standard,
        BLACK,
        "
        . . . . . . . . . .
        F X X X X F . . . .
        . . . . . . . . . .
        . X X X . X X . . .
        . . . . . . . . . .
        ",
    );
    check_wins(
        Rule::Renju,
        BLACK,
        "
        . . . . . . . . . .
        F X X X X F . . . .
        . . . . . . . . . .
        . X X X . X X . . .
        . . . . . . . . . .
        ",
    );
    check_wins(
        Rule::Caro,
        BLACK,
        "
        . . . . . . . . . .
        F X X X X F . . . .
        . . . . . . . . . .
        . X X X F X X . . .
        . . . . . . . . . .
        ",
    );
    check_wins(
        Rule::CaroExact,
        BLACK,
        "
        . . . . . . . . . .
        F X X X X F . . . .
        . . . . . . . . . .
        . X X X . X X . . .
        . . . . . . . . . .
        ",
    );
}

/// Renju: white wins with an overline, black does not.
#[test]
fn renju_white_overline_wins() {
    let white = "
        . . . . . . . . . .
        . O O O F O O . . .
        . . . . . . . . . .
        . X . X X X . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ";
    check_wins(Rule::Renju, WHITE, white);
    // The same row for black is an overline: no win, and forbidden.
    let black = "
        . . . . . . . . . .
        . X X X 6 X X . . .
        . . . . . . . . . .
        . O . O O O . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ";
    let dia = parse(black);
    let mut board = dia.board(Rule::Renju);
    let p = Pos::new(4, 1);
    assert!(!board.is_five(p, BLACK));
    assert_eq!(
        tengen::renju::forbidden(&mut board, p),
        Some(tengen::renju::Forbidden::Overline)
    );
    // Seven for white, on the other hand, still wins.
    check_wins(
        Rule::Renju,
        WHITE,
        "
        . . . . . . . . . . .
        O O O F O O O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    // Standard: an overline wins for neither colour.
    check_wins(
        Rule::Standard,
        WHITE,
        "
        . . . . . . . . . . .
        O O O . O O O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

/// Fives along columns and both diagonals, on a rectangular board.
#[test]
fn every_direction_on_a_rectangle() {
    // 7 columns, 9 rows: a column four (top open), a diagonal four and an
    // anti-diagonal four, all for black.
    check_wins(
        Rule::Freestyle,
        BLACK,
        "
        F . . . . . .
        X . . . . . .
        X F . . . . .
        X . X . . . F
        X . . X . X .
        F . . . X . .
        . . . X . X .
        . . X . . . F
        . F . . . . .
        ",
    );
}

/// Caro: the board edge and an opponent stone both block an end.
#[test]
fn caro_blocked_ends() {
    // Row 0: four against the left edge: the right point makes a five with
    // one open end. Row 2: the same four with a white stone beyond the
    // completing point: blocked at both ends. Row 4: a five between two
    // white stones. Row 6: one white stone, the other end open.
    let text = "
        X X X X F . . . .
        . . . . . . . . .
        X X X X . O . . .
        . . . . . . . . .
        O X X . X X O . .
        . . . . . . . . .
        O X X X X F . . .
        . . . . . . . . .
        ";
    check_wins(Rule::Caro, BLACK, text);
    check_wins(Rule::CaroExact, BLACK, text);
    // Without the caro condition every one of those points is a five.
    check_wins(
        Rule::Freestyle,
        BLACK,
        "
        X X X X F . . . .
        . . . . . . . . .
        X X X X F O . . .
        . . . . . . . . .
        O X X F X X O . .
        . . . . . . . . .
        O X X X X F . . .
        . . . . . . . . .
        ",
    );
}

/// Caro: an overline wins under rule 8 even when blocked at both ends, and
/// never under rule 9.
#[test]
fn caro_overlines() {
    check_wins(
        Rule::Caro,
        WHITE,
        "
        . . . . . . . . . .
        X O O O F O O X . .
        . . . . . . . . . .
        O O O O . X . . . .
        . . . . . . . . . .
        ",
    );
    check_wins(
        Rule::CaroExact,
        WHITE,
        "
        . . . . . . . . . .
        X O O O . O O X . .
        . . . . . . . . . .
        O O O O . X . . . .
        . . . . . . . . . .
        ",
    );
}

/// A five that fills a whole column of a five-row board touches both edges:
/// caro says blocked, the other rules say five.
#[test]
fn a_five_spanning_the_board() {
    let caro = "
        X . . . . . .
        X . . . . . .
        X . . . . . .
        X . . . . . .
        . . . . . . .
        ";
    check_wins(Rule::Caro, BLACK, caro);
    check_wins(Rule::CaroExact, BLACK, caro);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        check_wins(
            rule,
            BLACK,
            "
            X . . . . . .
            X . . . . . .
            X . . . . . .
            X . . . . . .
            F . . . . . .
            ",
        );
    }
}

/// A five already on the board blocked at both ends is no win under caro;
/// `find_five` must agree with the reference on every rule.
#[test]
fn find_five_on_set_up_positions() {
    let cases = [
        ("O X X X X X O . .", [true, true, true, false, false]),
        ("X X X X X . . . .", [true, true, true, true, true]),
        (". X X X X X X . .", [true, false, false, true, false]),
        (". O O O O O O . .", [true, false, true, true, false]),
        ("X X X X . X X X X", [false, false, false, false, false]),
    ];
    for (row, expect) in cases {
        let text = format!(
            "{row}\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
        );
        for (i, rule) in Rule::ALL.into_iter().enumerate() {
            let board = Board::from_diagram(rule, &text).unwrap();
            let grid = parse(&text).grid;
            let reference = grid.winning_color(rule);
            assert_eq!(board.find_five(), reference, "{rule}: {row}");
            assert_eq!(board.find_five().is_some(), expect[i], "{rule}: {row}");
        }
    }
}

/// The reference's win rule and the engine's `Rule::wins` agree everywhere.
#[test]
fn win_rule_table_matches_the_reference() {
    for rule in Rule::ALL {
        for color in Color::BOTH {
            for len in 1..=9 {
                for open in 0..=2 {
                    assert_eq!(
                        rule.wins(color, len, open),
                        wins(rule, color, len, open),
                        "{rule} {color:?} len {len} open {open}"
                    );
                }
            }
        }
    }
}

/// The first winning move stays the winner while later moves are made, and
/// is forgotten when it is taken back.
#[test]
fn winner_is_the_first_five() {
    let mut b = Board::from_diagram(
        Rule::Freestyle,
        "
        . X X X X . . .
        . . . . . . . .
        . O O O O . . .
        . . . . . . . .
        . . . . . . . .
        ",
    )
    .unwrap();
    b.set_side_to_move(BLACK);
    assert_eq!(b.winner(), None);
    b.play(Pos::new(5, 0)).unwrap();
    assert_eq!(b.winner(), Some(BLACK));
    b.play(Pos::new(5, 2)).unwrap();
    assert_eq!(
        b.winner(),
        Some(BLACK),
        "white's later five does not take over"
    );
    b.unmake();
    b.unmake();
    assert_eq!(b.winner(), None);
    b.pass();
    b.play(Pos::new(0, 2)).unwrap();
    assert_eq!(b.winner(), Some(WHITE));
}
