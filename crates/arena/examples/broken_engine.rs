//! A deliberately broken Gomocup engine for arena tests. It plays greedy
//! legal moves until its `--at`th move (default 1), where it misbehaves as
//! the mode says:
//!
//! | mode | at that move |
//! |---|---|
//! | `crash` | exits with status 3 |
//! | `hang` | never answers (keeps running) |
//! | `garbage` | answers `hello there` |
//! | `occupied` | plays on a stone |
//! | `offboard` | plays one column past the edge |
//! | `forbidden` | plays a forbidden point as black under renju, if any |
//! | `slow` | sleeps `--delay` ms (default 3000) before a legal move |
//! | `chatty` | sends MESSAGE, DEBUG and UNKNOWN lines, then a legal move (every move) |
//! | `silent-start` | never answers START |
//! | `refuse-start` | answers START with ERROR |
//! | `exit-start` | exits on START |
//! | `swap2-dup` | answers `SWAP2BOARD` with a point twice |
//! | `swap2-pass` | opens swap2 normally, then passes (`-1,-1`) when asked for move 4 or 6 |
//! | `opening-pass` | answers every `OPENINGBOARD` request that has stones on the board with a pass (`-1,-1`) |
//! | `opening-noncanonical` | answers `OPENINGBOARD` on an empty board with three stones that are not one of the 26 openings |
//! | `flood` | writes 200 MB without a newline (then one) |
//! | `pass` | passes (`-1,-1`), and again at every later move |
//! | `opening-offcentre` | opens a renju opening rule with a canonical opening moved one point right and down, off the centre |
//! | `opening-nocount` | leaves out the declared number of fifth moves (Yamaguchi, Soosõrv) |
//! | `opening-offers` | answers an `OPENINGBOARD` request for fifth-move offers with one offer too few |
//! | `drops-late` | plays normally, but ignores every command that arrives within `--delay` ms (default 50) after it began its last line of output |
//!
//! Usage: `broken_engine MODE [--at N] [--delay MS] [--seed N]`.

use std::time::Duration;
use tengen::renju::forbidden;
use tengen::{Board, Color, Rule};
use tengen_arena::test_engine::{greedy_move, library_opening, play, serve, Brain, Rng};

struct Broken {
    mode: String,
    at: usize,
    delay: u64,
    rng: Rng,
}

impl Brain for Broken {
    fn drops(&mut self, quiet: Duration) -> bool {
        self.mode == "drops-late" && quiet < Duration::from_millis(self.delay)
    }

    fn start(&mut self) -> Option<String> {
        match self.mode.as_str() {
            "silent-start" => None,
            "refuse-start" => Some("ERROR not today".into()),
            "exit-start" => std::process::exit(4),
            _ => Some("OK".into()),
        }
    }

    fn swap2(&mut self, board: &mut Board) -> Option<String> {
        if self.mode == "swap2-dup" {
            let (cx, cy) = (board.width() / 2, board.height() / 2);
            return Some(format!("{cx},{cy} {},{cy} {cx},{cy}", cx + 1));
        }
        if self.mode == "swap2-pass" {
            if board.stone_count() == 0 {
                let (cx, cy) = (board.width() / 2, board.height() / 2);
                return Some(format!("{cx},{cy} {},{} {},{cy}", cx + 1, cy + 1, cx + 1));
            }
            return Some("-1,-1".into());
        }
        let pos = greedy_move(board, &mut self.rng)?;
        Some(play(board, pos))
    }

    fn opening(
        &mut self,
        header: &str,
        lines: &[String],
        w: usize,
        h: usize,
        rule: Rule,
    ) -> Option<String> {
        let (cx, cy) = (w / 2, h / 2);
        if self.mode == "opening-noncanonical" && lines.is_empty() {
            // White 2 does not touch black 1.
            return Some(format!("{cx},{cy} {},{cy} {cx},{}", cx + 2, cy + 1));
        }
        if self.mode == "opening-pass" && !lines.is_empty() {
            return Some("-1,-1".into());
        }
        let reply = library_opening(header, lines, w, h, rule).ok()?;
        if self.mode == "opening-offcentre" && lines.is_empty() {
            let shifted: Vec<String> = reply
                .split_whitespace()
                .map(|word| match word.split_once(',') {
                    Some((x, y)) => {
                        let x: usize = x.parse().unwrap_or(0);
                        let y: usize = y.parse().unwrap_or(0);
                        format!("{},{}", x + 1, y + 1)
                    }
                    None => word.to_string(),
                })
                .collect();
            return Some(shifted.join(" "));
        }
        if self.mode == "opening-nocount" {
            let words: Vec<&str> = reply.split_whitespace().collect();
            if words.len() > 1 && words.last().is_some_and(|w| !w.contains(',')) {
                return Some(words[..words.len() - 1].join(" "));
            }
        }
        let stones = lines.iter().filter(|l| !l.ends_with(",3")).count();
        let offers = lines.len() - stones;
        if self.mode == "opening-offers" && stones == 4 && offers == 0 {
            // Drop the last offer.
            let words: Vec<&str> = reply.split_whitespace().collect();
            return Some(words[..words.len().saturating_sub(1)].join(" "));
        }
        Some(reply)
    }

    fn answer(&mut self, board: &mut Board, n: usize) -> Option<String> {
        let normal = |b: &mut Board, rng: &mut Rng| greedy_move(b, rng).map(|p| play(b, p));
        if self.mode == "chatty" {
            println!("MESSAGE thinking hard");
            println!("DEBUG depth 1");
            println!("UNKNOWN nothing");
            return normal(board, &mut self.rng);
        }
        if self.mode == "pass" && n >= self.at {
            board.pass();
            return Some("-1,-1".into());
        }
        if n != self.at {
            return normal(board, &mut self.rng);
        }
        match self.mode.as_str() {
            "crash" => std::process::exit(3),
            "hang" => loop {
                std::thread::sleep(Duration::from_secs(3600));
            },
            "garbage" => Some("hello there".into()),
            "flood" => {
                use std::io::Write;
                let chunk = vec![b'x'; 1 << 16];
                let mut out = std::io::stdout().lock();
                for _ in 0..(200 << 20) / chunk.len() {
                    if out.write_all(&chunk).is_err() {
                        std::process::exit(0);
                    }
                }
                Some(String::new())
            }
            "occupied" => {
                let taken = board.points().find(|&p| board.stone(p).is_some());
                match taken {
                    Some(p) => Some(format!("{},{}", p.x(), p.y())),
                    None => normal(board, &mut self.rng),
                }
            }
            "offboard" => Some(format!("{},0", board.width())),
            "forbidden" => {
                let me = board.side_to_move();
                let spot = (me == Color::Black)
                    .then(|| {
                        let pts: Vec<_> = board.empty_points().collect();
                        pts.into_iter().find(|&p| forbidden(board, p).is_some())
                    })
                    .flatten();
                match spot {
                    Some(p) => Some(play(board, p)),
                    None => normal(board, &mut self.rng),
                }
            }
            "slow" => {
                std::thread::sleep(Duration::from_millis(self.delay));
                normal(board, &mut self.rng)
            }
            _ => normal(board, &mut self.rng),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let mode = args.get(1).cloned().unwrap_or_default();
    let default_delay = if mode == "drops-late" { 50 } else { 3000 };
    let mut brain = Broken {
        mode,
        at: value("--at").unwrap_or(1) as usize,
        delay: value("--delay").unwrap_or(default_delay),
        rng: Rng::new(value("--seed")),
    };
    serve(&mut brain);
}
