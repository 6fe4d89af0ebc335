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

#[test]
fn a_five_is_scored_as_a_win_in_one() {
    // White (to move, as the side with fewer stones after black's fourth)
    // has four in a row on row 1 ending at the board's edge; black's stones
    // are scattered. Whatever the rule, 0,1 wins at once and is reported as
    // a win in one ply, not as the score of a search below the finished
    // game.
    let diagram = "
        . . . . . . . . . . . . . . .
        . O O O O . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .
    ";
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let mut board = Board::from_diagram(rule, diagram).unwrap();
        board.set_side_to_move(tengen::Color::White);
        let mut s = Searcher::new(Config {
            threads: 1,
            hash_bytes: 1 << 20,
            ..Default::default()
        });
        let mut reported = Vec::new();
        let r = s.think(
            &board,
            &Limits::default(),
            &AtomicBool::new(false),
            &mut |i| reported.push(i.score),
        );
        assert_eq!(r.best, Some(Pos::new(0, 1)), "{rule}");
        assert_eq!(r.score, tengen::search::MATE - 1, "{rule}");
        assert_eq!(reported, vec![tengen::search::MATE - 1], "{rule}");
    }
}
