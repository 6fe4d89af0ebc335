//! Helpers shared by the search and threat tests.
#![allow(dead_code)]

use tengen::{Board, Color, Pos, Rule};

/// A board from a diagram whose rows carry row numbers on both sides (as
/// renju problem collections print them, row 15 at the top): the numbers
/// and any column-letter lines are dropped.
pub fn labelled(rule: Rule, text: &str) -> Board {
    let rows: Vec<String> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            l.split_whitespace()
                .filter(|t| !t.chars().all(|c| c.is_ascii_digit()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Board::from_diagram(rule, &rows.join("\n")).expect("diagram")
}

/// The point named like `h8` on a board of `height` rows (column letter
/// from `a`, row number from the bottom).
pub fn at(name: &str, height: usize) -> Pos {
    let (c, r) = name.split_at(1);
    let x = (c.as_bytes()[0].to_ascii_lowercase() - b'a') as usize;
    let row: usize = r.parse().expect("row number");
    Pos::new(x, height - row)
}

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
            tengen::rules::forbidden(&mut b, *last).is_some(),
            "{last} is not forbidden to black\n{b}"
        );
    }
}
