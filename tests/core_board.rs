//! The board's public contract on bad input and at the edges of its
//! geometry: errors are values, never panics; every size from 5 to 32, and
//! rectangles, behave alike.

mod rules_support;

use rules_support::{parse, Grid};
use tengen::board::{Board, Dir, Pos};
use tengen::rules::{Color, Rule};

#[test]
fn sizes_outside_five_to_thirty_two_are_errors() {
    for (w, h) in [(4, 15), (15, 4), (0, 0), (33, 15), (15, 33), (100, 100)] {
        assert!(Board::new(w, h, Rule::Freestyle).is_err(), "{w}x{h}");
    }
    for (w, h) in [(5, 5), (5, 32), (32, 5), (32, 32), (15, 15), (20, 20)] {
        let b = Board::new(w, h, Rule::Renju).unwrap();
        assert_eq!((b.width(), b.height(), b.area()), (w, h, w * h));
        assert_eq!(b.empty_points().count(), w * h);
    }
    assert!(Board::from_diagram(Rule::Freestyle, ". . . .\n. . . .\n. . . .\n. . . .\n").is_err());
    assert!(Board::from_diagram(
        Rule::Freestyle,
        ". . . . .\n. . . .\n. . . . .\n. . . . .\n. . . . .\n"
    )
    .is_err());
}

#[test]
fn bad_moves_are_errors_and_change_nothing() {
    for (w, h) in [(5, 5), (7, 13), (32, 32)] {
        let mut b = Board::new(w, h, Rule::Renju).unwrap();
        b.play(Pos::new(0, 0)).unwrap();
        let before = b.clone();
        assert!(b.play(Pos::new(0, 0)).is_err(), "occupied");
        assert!(
            b.play_color(Pos::new(0, 0), Color::White).is_err(),
            "occupied"
        );
        assert!(b.play(Pos::PASS).is_err(), "a pass is not a point");
        if w < 32 {
            assert!(b.play(Pos::new(w, 0)).is_err(), "right of the board");
        }
        if h < 32 {
            assert!(b.play(Pos::new(0, h)).is_err(), "below the board");
        }
        assert!(b.same_state(&before));
        assert_eq!(b.history().len(), before.history().len());
        assert_eq!(b.side_to_move(), before.side_to_move());
        assert!(b.contains(Pos::new(w - 1, h - 1)));
        if w < 32 && h < 32 {
            assert!(!b.contains(Pos::new(w, h)));
        }
    }
    let mut empty = Board::square(9, Rule::Standard).unwrap();
    assert!(empty.undo().is_none(), "undo on an empty history is None");
}

#[test]
fn every_corner_and_edge_of_rectangles() {
    // Fill each board border by border in random-looking order and check the
    // state against a recomputation after every move; then take it all back.
    for (w, h) in [(5, 32), (32, 5), (6, 17), (31, 9), (32, 32)] {
        for rule in Rule::ALL {
            let mut b = Board::new(w, h, rule).unwrap();
            let fresh = b.clone();
            let mut points: Vec<Pos> = b
                .points()
                .filter(|p| p.x() == 0 || p.y() == 0 || p.x() == w - 1 || p.y() == h - 1)
                .collect();
            // A fixed shuffle: stride through the list.
            let n = points.len();
            let stride = (1..n)
                .rev()
                .find(|s| gcd(*s, n) == 1 && *s < n / 2 + 1)
                .unwrap_or(1);
            points = (0..n).map(|i| points[(i * stride) % n]).collect();
            for &p in &points {
                b.play(p).unwrap();
                assert!(b.same_state(&b.recomputed()), "{rule} {w}x{h} after {p}");
                let grid = Grid::of_board(&b);
                assert_eq!(
                    b.find_five(),
                    grid.winning_color(rule),
                    "{rule} {w}x{h} after {p}"
                );
            }
            while b.undo().is_some() {}
            assert!(b.same_state(&fresh));
        }
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn pass_changes_only_the_side_to_move() {
    let mut b = Board::square(15, Rule::Renju).unwrap();
    b.play(Pos::new(7, 7)).unwrap();
    let before = b.clone();
    b.pass();
    assert_eq!(b.side_to_move(), Color::Black);
    assert_ne!(
        b.hash(),
        before.hash(),
        "the side to move is part of the hash"
    );
    assert_eq!(b.stone_count(), 1);
    assert!(b.last_move().unwrap().pos.is_pass());
    b.pass();
    assert_eq!(
        b.hash(),
        before.hash(),
        "two passes give the same position back"
    );
    b.unmake();
    b.unmake();
    assert!(b.same_state(&before));
    assert_eq!(b.side_to_move(), Color::White);
}

#[test]
fn same_position_same_hash_whatever_the_order() {
    let text = "
        . . . . . . .
        . X O . . . .
        . . X O . . .
        . . . X . . .
        . . . . O . .
        . . . . . . .
        . . . . . . .
        ";
    let dia = parse(text);
    let a = dia.board(Rule::Freestyle);
    // The same stones, played column by column, alternating colours.
    let mut stones: Vec<(Pos, Color)> = Vec::new();
    for x in 0..7 {
        for y in 0..7 {
            if let Some(c) = dia.grid.at(x, y) {
                stones.push((Pos::new(x as usize, y as usize), c));
            }
        }
    }
    let mut b = Board::from_moves(7, 7, Rule::Freestyle, &stones).unwrap();
    b.set_side_to_move(a.side_to_move());
    assert_eq!(a.hash(), b.hash());
    assert!(a.same_state(&b));
    // Any other stone changes it.
    let mut c = b.clone();
    c.play(Pos::new(6, 6)).unwrap();
    c.set_side_to_move(a.side_to_move());
    assert_ne!(a.hash(), c.hash());
}

#[test]
fn patterns_along_every_direction_match_the_reference_on_a_set_position() {
    // A busy position: every empty point, direction and colour is compared
    // with the reference's brute-force classes.
    let text = "
        . . . . . . . . . . . .
        . X . O . . X . . . . .
        . . X X . X . O . . . .
        . O X . X X O . X . . .
        . . . X O X X . . . . .
        . . O . X . O X . . . .
        . . . X . O . . X . . .
        . . . . O . . . . . . .
        . . . . . . . . . . . .
        ";
    for rule in Rule::ALL {
        let dia = parse(text);
        let b = dia.board(rule);
        let mut grid = dia.grid.clone();
        for (x, y) in grid.empty_points() {
            for c in Color::BOTH {
                for (dir, d) in Dir::ALL.into_iter().zip(rules_support::DIRS) {
                    let class = grid.line_class(rule, x, y, d, c);
                    let got = b.pattern(Pos::new(x, y), dir, c);
                    let name = format!("{class:?}");
                    let got_name = format!("{got:?}");
                    if class != rules_support::LineClass::Less {
                        assert_eq!(got_name, name, "{rule} {c:?} ({x},{y}) {dir:?}");
                    }
                }
            }
        }
    }
}
