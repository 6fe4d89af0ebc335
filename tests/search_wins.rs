//! The search takes an immediate five whatever else is going on: when one
//! five point is excluded (a `YXBLOCK` point or a continuous-game marker),
//! the other one is played, under every rule where it wins.

use std::sync::atomic::AtomicBool;
use tengen::search::{Config, Limits, Searcher};
use tengen::{Board, Pos, Rule};

fn best(board: &Board, excluded: &[Pos]) -> Option<Pos> {
    let mut s = Searcher::new(Config {
        threads: 1,
        hash_bytes: 1 << 20,
        ..Default::default()
    });
    let limits = Limits {
        max_depth: 4,
        excluded: excluded.to_vec(),
        ..Limits::default()
    };
    s.think(board, &limits, &AtomicBool::new(false), &mut |_| {})
        .best
}

#[test]
fn the_other_five_point_is_played_when_one_is_excluded() {
    // Black (to move) has four in a row on row 5 with both ends open.
    let diagram = "
        O . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        . . . X X X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
    ";
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        let mut board = Board::from_diagram(rule, diagram).unwrap();
        board.set_side_to_move(tengen::Color::Black);
        let left = Pos::new(2, 5);
        let right = Pos::new(7, 5);
        assert!(board.is_five(left, tengen::Color::Black), "{rule}");
        assert_eq!(best(&board, &[left]), Some(right), "{rule}");
        assert_eq!(best(&board, &[right]), Some(left), "{rule}");
    }
}
