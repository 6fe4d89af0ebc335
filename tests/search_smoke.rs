use std::sync::atomic::AtomicBool;
use tengen::search::{Config, Limits, Searcher};
use tengen::{Board, Pos, Rule};

#[test]
fn smoke() {
    let mut b = Board::square(15, Rule::Freestyle).unwrap();
    let mut s = Searcher::new(Config {
        threads: 1,
        hash_bytes: 16 << 20,
    });
    let stop = AtomicBool::new(false);
    for _ in 0..30 {
        let t = std::time::Instant::now();
        let r = s.think(
            &b,
            &Limits {
                max_depth: 8,
                ..Limits::default()
            },
            &stop,
            &mut |_| {},
        );
        let m = r.best.unwrap();
        println!(
            "{m} score {} depth {} nodes {} {:?}",
            r.score,
            r.depth,
            r.nodes,
            t.elapsed()
        );
        b.play(m).unwrap();
        if b.winner().is_some() {
            break;
        }
    }
    println!("{b}");
}
