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

/// The network's accumulator: random games with random make, pass and
/// unmake under every rule on 15×15 and 20×20 (and two odd sizes), with a
/// random net; after every step the incrementally kept accumulator equals
/// the sum of the embeddings of every point's row, computed from the stones
/// alone (and so does the net's evaluation), and unmake gives back the
/// accumulator of the position before.
#[test]
fn the_net_accumulator_matches_a_sum_from_scratch() {
    use crate::net::{Weights, FEATURES};
    let net: &'static Net = Box::leak(Box::new(Net::new(&Weights::random(3, 4.0))));
    let from_scratch = |b: &Board| -> Acc {
        let mut acc = [[0i32; FEATURES]; 2];
        for p in b.empty_points() {
            for c in Color::BOTH {
                let row = b.tables().net_row(b.shape_nibbles(p, c), c);
                let quiet_or_forbidden = row == crate::net::NO_ROW;
                let class = crate::pattern::values::class_of(Dir::ALL.map(|d| b.shape(p, d, c)));
                let forbidden = b.rule() == Rule::Renju
                    && c == Color::Black
                    && b.combo(p, c) == Combo::Forbidden;
                assert_eq!(
                    quiet_or_forbidden,
                    forbidden || crate::pattern::values::is_quiet(class)
                );
                net.add_row(&mut acc, c.index(), row, 1);
            }
        }
        acc
    };
    let mut seed = 0xacc_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut nonzero = 0;
    for game in 0..24 {
        let rule = Rule::ALL[game % Rule::ALL.len()];
        let (w, h) = [(15, 15), (20, 20), (15, 15), (20, 20), (9, 13), (32, 32)][game % 6];
        let mut b = Board::new(w, h, rule).unwrap();
        // A few stones before the net: set_net replays them.
        for _ in 0..game % 4 {
            let empties: Vec<Pos> = b.empty_points().collect();
            b.make(empties[(next() % empties.len() as u64) as usize]);
        }
        b.set_net(Some(net));
        assert_eq!(*b.accumulator(), from_scratch(&b));
        let mut before = vec![*b.accumulator()];
        let start = b.history().len();
        for _ in 0..(w * h).min(150) {
            let r = next() % 8;
            if r == 0 && b.history().len() > start {
                b.unmake();
                before.pop();
                assert_eq!(b.accumulator(), before.last().unwrap(), "unmake");
            } else if r == 1 {
                b.pass();
                before.push(*b.accumulator());
            } else {
                let empties: Vec<Pos> = b.empty_points().collect();
                if empties.is_empty() {
                    break;
                }
                b.make(empties[(next() % empties.len() as u64) as usize]);
                before.push(*b.accumulator());
            }
            let scratch = from_scratch(&b);
            assert_eq!(*b.accumulator(), scratch, "{rule} {w}x{h} game {game}\n{b}");
            let mover = b.side_to_move();
            assert_eq!(
                net.evaluate(b.accumulator(), mover, 0x155),
                net.evaluate(&scratch, mover, 0x155)
            );
            assert!(b.same_state(&b.recomputed()));
            nonzero += usize::from(scratch != [[0; FEATURES]; 2]);
        }
    }
    assert!(nonzero > 1000, "the accumulators were mostly empty");
}

#[test]
fn a_board_without_a_net_keeps_a_zero_accumulator() {
    use crate::net::Weights;
    let net: &'static Net = Box::leak(Box::new(Net::new(&Weights::random(5, 4.0))));
    let mut b = Board::square(15, Rule::Freestyle).unwrap();
    b.set_net(Some(net));
    for (x, y) in [(7, 7), (8, 8), (6, 8)] {
        b.play(Pos::new(x, y)).unwrap();
    }
    assert_ne!(*b.accumulator(), Acc::default());
    b.set_net(None);
    assert_eq!(*b.accumulator(), Acc::default());
    b.unmake();
    assert_eq!(*b.accumulator(), Acc::default());
    assert_eq!(b.stone_count(), 2);
}
