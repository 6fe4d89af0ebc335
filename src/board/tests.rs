use super::*;
use crate::rules::forbidden::{forbidden, forbidden_points};

#[test]
fn bad_sizes_are_refused() {
    assert!(Board::new(4, 15, Rule::Freestyle).is_err());
    assert!(Board::new(15, 33, Rule::Freestyle).is_err());
    assert!(Board::new(5, 32, Rule::Renju).is_ok());
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let mut b = Board::square(15, Rule::Freestyle).unwrap();
    b.play(Pos::new(7, 7)).unwrap();
    let hash = b.hash();
    assert_eq!(b.play(Pos::new(7, 7)), Err(MoveError::Occupied));
    assert_eq!(b.play(Pos::new(15, 3)), Err(MoveError::OffBoard));
    assert_eq!(b.play(Pos::PASS), Err(MoveError::OffBoard));
    assert_eq!(b.hash(), hash);
    assert_eq!(b.side_to_move(), Color::White);
}

#[test]
fn make_unmake_restores_everything() {
    let mut b = Board::square(15, Rule::Renju).unwrap();
    let fresh = b.clone();
    for (x, y) in [(7, 7), (8, 8), (6, 8), (8, 6), (6, 6), (9, 9)] {
        b.play(Pos::new(x, y)).unwrap();
        assert!(b.same_state(&b.recomputed()));
    }
    b.pass();
    assert_eq!(b.side_to_move(), Color::White);
    while b.undo().is_some() {
        assert!(b.same_state(&b.recomputed()));
    }
    assert!(b.same_state(&fresh));
    assert_eq!(b.hash(), fresh.hash());
}

#[test]
fn five_is_detected() {
    let mut b = Board::from_diagram(
        Rule::Freestyle,
        "
        . . . . . . .
        . X X X X . .
        . O O O O . .
        . . . . . . .
        . . . . . . .
        ",
    )
    .unwrap();
    assert_eq!(b.side_to_move(), Color::Black);
    assert!(b.is_five(Pos::new(5, 1), Color::Black));
    assert!(b.is_five(Pos::new(0, 1), Color::Black));
    assert!(b.is_five(Pos::new(0, 2), Color::White));
    b.play(Pos::new(5, 1)).unwrap();
    assert_eq!(b.winner(), Some(Color::Black));
    assert_eq!(b.find_five(), Some(Color::Black));
    b.unmake();
    assert_eq!(b.winner(), None);
}

#[test]
fn renju_basic_forbidden_points() {
    // A double three at (3,3): open threes along the row and the column.
    let mut b = Board::from_diagram(
        Rule::Renju,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . . . . . . .
        . O O O . . . . .
        . . . . . . . . .
        ",
    )
    .unwrap();
    // Row: . X X _ . . is an open three; column: _ X X . O with (3,2) free
    // makes the straight four (3,2)-(3,5), so it is open too.
    assert_eq!(
        forbidden(&mut b, Pos::new(3, 3)),
        Some(crate::rules::Forbidden::DoubleThree)
    );
    let mut b = Board::from_diagram(
        Rule::Renju,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . . X . . .
        . O O O . . . . .
        . O . . . . . . .
        ",
    )
    .unwrap();
    // (4,3): row X X _ open three, diagonal _ . X X ... let the table decide.
    let all = forbidden_points(&mut b);
    for (p, _) in &all {
        assert!(b.is_empty(*p));
    }
    assert!(b.same_state(&b.recomputed()));
}
