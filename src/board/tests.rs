use super::*;

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

/// Random games under every rule on assorted sizes: after every make, pass
/// and unmake the incremental state equals a recomputation from the stones.
#[test]
fn incremental_state_matches_recomputation() {
    let mut seed = 0x5eed_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for game in 0..40 {
        let rule = Rule::ALL[game % Rule::ALL.len()];
        let (w, h) = [(15, 15), (5, 5), (20, 20), (7, 12), (32, 32), (6, 31)][game % 6];
        let mut b = Board::new(w, h, rule).unwrap();
        let mut fresh = vec![b.clone()];
        for _ in 0..(w * h).min(120) {
            let r = next() % 10;
            if r == 0 && !b.history().is_empty() {
                b.unmake();
                fresh.pop();
                assert!(b.same_state(fresh.last().unwrap()), "unmake differs");
            } else if r == 1 {
                b.pass();
                fresh.push(b.clone());
            } else {
                let empties: Vec<Pos> = b.empty_points().collect();
                if empties.is_empty() {
                    break;
                }
                let p = empties[(next() % empties.len() as u64) as usize];
                b.make(p);
                fresh.push(b.clone());
            }
            assert!(
                b.same_state(&b.recomputed()),
                "{rule} {w}x{h} game {game}\n{b}"
            );
        }
    }
}
