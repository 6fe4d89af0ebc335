//! Helpers shared by the search and threat tests.
#![allow(dead_code)]

use tengen::{Board, Color, Pos};

/// Replays a threat line (attacker first, alternating) and checks that it
/// ends in the attacker's win: a five on the board, or (white attacking
/// under renju) a four whose only block is forbidden to black, named by the
/// line's last point.
pub fn replay_wins(board: &Board, line: &[Pos], attacker: Color) {
    let mut b = board.clone();
    b.set_side_to_move(attacker);
    let (last, body) = line.split_last().expect("a line");
    for &m in body {
        b.play(m)
            .unwrap_or_else(|e| panic!("{m}: {e} in line {line:?}"));
        assert!(
            b.winner().is_none(),
            "the line has a five before its end: {line:?}"
        );
    }
    if b.side_to_move() == attacker {
        b.play(*last).unwrap();
        assert_eq!(
            b.winner(),
            Some(attacker),
            "line {line:?} does not end in a five\n{b}"
        );
    } else {
        // White's four: black must block on `last`, which is forbidden.
        assert_eq!(attacker, Color::White);
        assert!(
            b.is_five(*last, Color::White),
            "{last} is no five point\n{b}"
        );
        assert!(
            tengen::renju::forbidden(&mut b, *last).is_some(),
            "{last} is not forbidden to black\n{b}"
        );
    }
}
