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
    // White (to move: black has one stone more) has an open four on row 1,
    // so 0,1 and 5,1 each make five; black's stones are scattered. Under
    // every rule the five is played (0,1, the first of the two) and
    // reported as a win in one ply, not as the score of a search below the
    // finished game.
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
