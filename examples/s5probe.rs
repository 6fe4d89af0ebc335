use std::sync::atomic::AtomicBool;
use tengen::search::{Config, Limits, Searcher};
use tengen::{Board, Color, Pos, Rule};
fn main() {
    for rule in [Rule::Standard, Rule::Freestyle] {
        let mut moves = vec![];
        for (x, y) in [(3, 5), (4, 5), (5, 5), (6, 5)] {
            moves.push((Pos::new(x, y), Color::Black));
        }
        for (x, y) in [(0, 0), (0, 2), (0, 4)] {
            moves.push((Pos::new(x, y), Color::White));
        }
        // interleave as the protocol would: black, white, black, white, black, white, black
        let order = [0, 4, 1, 5, 2, 6, 3];
        let seq: Vec<_> = order.iter().map(|&i| moves[i]).collect();
        let mut b = Board::from_moves(15, 15, rule, &seq).unwrap();
        b.pass();
        println!(
            "{rule}: side {:?}, five at 7,5: {}",
            b.side_to_move(),
            b.is_five(Pos::new(7, 5), Color::Black)
        );
        let mut s = Searcher::new(Config {
            threads: 1,
            hash_bytes: 1 << 20,
        });
        let r = s.think(
            &b,
            &Limits {
                max_depth: 4,
                ..Limits::default()
            },
            &AtomicBool::new(false),
            &mut |_| {},
        );
        println!("  best {:?} score {} pv {:?}", r.best, r.score, r.pv);
    }
}
