//! The Gomocup engine loop shared by the test engines in `examples/`
//! (`greedy_engine`, `broken_engine`) and the small helpers they use.
//!
//! It keeps a [`Board`] from `START`/`RECTSTART`, `INFO rule`, `BEGIN`,
//! `TURN` and `BOARD`, and asks a [`Brain`] for every answer, so a test
//! engine only decides what to say.

use std::cell::Cell;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};
use tengen::renju::forbidden;
use tengen::{Board, Color, Pos, Rule};

/// What a test engine decides.
pub trait Brain {
    /// The answer to `START`/`RECTSTART` (normally `Some("OK")`); `None`
    /// says nothing.
    fn start(&mut self) -> Option<String> {
        Some("OK".into())
    }

    /// The answer when a move is asked for: the `n`th move of this engine
    /// in the game, from 1. `None` says nothing.
    fn answer(&mut self, board: &mut Board, n: usize) -> Option<String>;

    /// Whether to ignore a command that arrived `quiet` after the engine's
    /// last line of output (as some engines lose a command that comes
    /// while they leave their thinking state); by default none is.
    fn drops(&mut self, quiet: Duration) -> bool {
        let _ = quiet;
        false
    }

    /// The answer to `SWAP2BOARD` with the stones on `board` (0, 3 or 5):
    /// by default three stones around the centre, then always a move.
    fn swap2(&mut self, board: &mut Board) -> Option<String> {
        if board.stone_count() == 0 {
            let (cx, cy) = (board.width() / 2, board.height() / 2);
            return Some(format!("{cx},{cy} {},{} {},{cy}", cx + 1, cy + 1, cx + 1));
        }
        let pos = greedy_move(board, &mut Rng::new(Some(1)))?;
        Some(play(board, pos))
    }

    /// The answer to an `OPENINGBOARD` stage (header words, `x,y,c`
    /// lines): by default the opening library's own answer with its static
    /// evaluation.
    fn opening(
        &mut self,
        header: &str,
        lines: &[String],
        w: usize,
        h: usize,
        rule: Rule,
    ) -> Option<String> {
        Some(match library_opening(header, lines, w, h, rule) {
            Ok(text) => text,
            Err(e) => format!("ERROR {e}"),
        })
    }
}

/// The opening library's answer to an `OPENINGBOARD` stage, judged by its
/// static evaluation.
pub fn library_opening(
    header: &str,
    lines: &[String],
    w: usize,
    h: usize,
    rule: Rule,
) -> Result<String, tengen::opening::OpeningError> {
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    tengen::opening::answer(header, &refs, w, h, rule, &mut tengen::opening::StaticEval)
}

/// A small random generator, seeded per process.
pub struct Rng(pub u64);

impl Rng {
    /// From the given seed, or from the clock and process id. The state
    /// must be odd: an odd seed is the state itself (as it always was), an
    /// even one is mixed into an odd state of its own, so that no two seeds
    /// give the same sequence (`s | 1` made 20 and 21 alike).
    pub fn new(seed: Option<u64>) -> Rng {
        let s = seed.unwrap_or_else(|| {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            t ^ (u64::from(std::process::id()) << 32)
        });
        if s & 1 == 1 {
            Rng(s)
        } else {
            let mut m = s;
            Rng(tengen::board::splitmix64(&mut m) | 1)
        }
    }

    /// The next 64 bits (xorshift64*).
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Whether the side to move may play `pos` (renju: black's forbidden
/// points are excluded, a five is always allowed).
pub fn allowed(board: &mut Board, pos: Pos) -> bool {
    let me = board.side_to_move();
    board.is_empty(pos)
        && (me == Color::White || board.is_five(pos, me) || forbidden(board, pos).is_none())
}

/// A legal move by a one-ply greedy rule: make five, stop the opponent's
/// five, else the point whose own and opponent patterns score best, with
/// random tie-breaks; the centre on an empty board.
pub fn greedy_move(board: &mut Board, rng: &mut Rng) -> Option<Pos> {
    let me = board.side_to_move();
    let opp = me.opp();
    if board.stone_count() == 0 {
        return Some(Pos::new(board.width() / 2, board.height() / 2));
    }
    let empties: Vec<Pos> = board.empty_points().collect();
    if let Some(&p) = empties.iter().find(|&&p| board.is_five(p, me)) {
        return Some(p);
    }
    if let Some(&p) = empties.iter().find(|&&p| board.is_five(p, opp)) {
        if allowed(board, p) {
            return Some(p);
        }
    }
    let mut best: Option<(u64, Pos)> = None;
    for p in empties {
        if !allowed(board, p) {
            continue;
        }
        let attack = board.combo(p, me) as u64;
        let defence = board.combo(p, opp) as u64;
        let score = (attack * 3 + defence * 2) * 1024 + (rng.next_u64() % 1024);
        if best.map_or(true, |(s, _)| score > s) {
            best = Some((score, p));
        }
    }
    best.map(|(_, p)| p)
}

fn parse_xy(text: &str) -> Option<(usize, usize)> {
    let (x, y) = tengen::board::parse_xy(text)?;
    Some((usize::try_from(x).ok()?, usize::try_from(y).ok()?))
}

/// Runs the protocol loop on stdin/stdout until `END` or end of input.
pub fn serve(brain: &mut dyn Brain) {
    let stdin = io::stdin();
    let mut out = io::stdout();
    let mut rule = Rule::Freestyle;
    let (mut w, mut h) = (15, 15);
    let mut board = Board::new(w, h, rule).expect("15x15 is a valid board");
    let mut my_moves = 0;
    let mut games = 0;
    let mut lines = stdin.lock().lines();
    // When the engine last began to write a line.
    let said = Cell::new(None::<Instant>);
    let say = |out: &mut io::Stdout, text: Option<String>| {
        if let Some(t) = text {
            said.set(Some(Instant::now()));
            let _ = writeln!(out, "{t}");
            let _ = out.flush();
        }
    };
    while let Some(Ok(line)) = lines.next() {
        if said.get().is_some_and(|t| brain.drops(t.elapsed())) {
            continue;
        }
        let line = line.trim().to_string();
        let upper = line.to_ascii_uppercase();
        let (cmd, arg) = match upper.split_once(' ') {
            Some((c, a)) => (c.to_string(), a.trim().to_string()),
            None => (upper.clone(), String::new()),
        };
        match cmd.as_str() {
            "START" | "RECTSTART" => {
                let size = if cmd == "START" {
                    arg.parse().ok().map(|n| (n, n))
                } else {
                    parse_xy(&arg)
                };
                match size.and_then(|(a, b)| Board::new(a, b, rule).ok().map(|bd| (a, b, bd))) {
                    Some((a, b, bd)) => {
                        (w, h, board) = (a, b, bd);
                        my_moves = 0;
                        // Which process, and its how-many-th game: a
                        // manager that keeps processes shows here.
                        games += 1;
                        let pid = std::process::id();
                        say(&mut out, Some(format!("MESSAGE pid {pid} game {games}")));
                        say(&mut out, brain.start());
                    }
                    None => say(&mut out, Some("ERROR unsupported size".into())),
                }
            }
            "RESTART" => {
                board = Board::new(w, h, rule).expect("size was accepted");
                my_moves = 0;
                say(&mut out, Some("OK".into()));
            }
            "INFO" => {
                let mut parts = arg.split_whitespace();
                if parts.next() == Some("RULE") {
                    if let Some(r) = parts
                        .next()
                        .and_then(|v| v.parse().ok())
                        .and_then(Rule::from_gomocup)
                    {
                        rule = r;
                        if board.stone_count() == 0 {
                            board = Board::new(w, h, rule).expect("size was accepted");
                        }
                    }
                }
            }
            "BEGIN" => {
                my_moves += 1;
                let a = brain.answer(&mut board, my_moves);
                say(&mut out, a);
            }
            // The opponent passed: the turn comes back without a stone.
            "TURN" if tengen::board::parse_xy(&arg) == Some((-1, -1)) => {
                board.pass();
                my_moves += 1;
                let a = brain.answer(&mut board, my_moves);
                say(&mut out, a);
            }
            "TURN" => match parse_xy(&arg).and_then(|(x, y)| board.pos(x as i64, y as i64)) {
                Some(p) if board.is_empty(p) => {
                    let opp = board.side_to_move();
                    let _ = board.play_color(p, opp);
                    my_moves += 1;
                    let a = brain.answer(&mut board, my_moves);
                    say(&mut out, a);
                }
                _ => say(&mut out, Some(format!("ERROR bad TURN {arg}"))),
            },
            "BOARD" => {
                let mut stones = Vec::new();
                for l in lines.by_ref() {
                    let Ok(l) = l else { break };
                    let l = l.trim().to_string();
                    if l.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    let v: Vec<usize> =
                        l.split(',').filter_map(|s| s.trim().parse().ok()).collect();
                    if v.len() == 3 {
                        stones.push((v[0], v[1], v[2]));
                    }
                }
                let me = if stones.len() % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                board = Board::new(w, h, rule).expect("size was accepted");
                for (x, y, who) in stones {
                    if let Some(p) = board.pos(x as i64, y as i64) {
                        let c = if who == 1 { me } else { me.opp() };
                        let _ = board.play_color(p, c);
                    }
                }
                board.set_side_to_move(me);
                my_moves += 1;
                let a = brain.answer(&mut board, my_moves);
                say(&mut out, a);
            }
            "SWAP2BOARD" => {
                board = Board::new(w, h, rule).expect("size was accepted");
                for l in lines.by_ref() {
                    let Ok(l) = l else { break };
                    let l = l.trim().to_string();
                    if l.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    if let Some(p) = parse_xy(&l).and_then(|(x, y)| board.pos(x as i64, y as i64)) {
                        let _ = board.play(p);
                    }
                }
                let a = brain.swap2(&mut board);
                say(&mut out, a);
            }
            "OPENINGBOARD" => {
                let mut block = Vec::new();
                for l in lines.by_ref() {
                    let Ok(l) = l else { break };
                    let l = l.trim().to_string();
                    if l.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    block.push(l);
                }
                let a = brain.opening(&arg, &block, w, h, rule);
                say(&mut out, a);
            }
            "TAKEBACK" => {
                board.undo();
                say(&mut out, Some("OK".into()));
            }
            "ABOUT" => say(
                &mut out,
                Some("name=\"test-engine\", version=\"1\", author=\"tengen\"".into()),
            ),
            "END" => return,
            _ => say(&mut out, Some(format!("UNKNOWN {line}"))),
        }
    }
}

/// Plays `pos` for the side to move on the engine's own board and returns
/// the answer text.
pub fn play(board: &mut Board, pos: Pos) -> String {
    let me = board.side_to_move();
    let _ = board.play_color(pos, me);
    format!("{},{}", pos.x(), pos.y())
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// Every seed gives its own sequence, and an odd seed the one it
    /// always gave (the shipped opening sets were made with odd seeds).
    #[test]
    fn seeds_give_sequences_of_their_own() {
        let first = |s: u64| Rng::new(Some(s)).next_u64();
        assert_ne!(first(20), first(21));
        assert_ne!(first(0), first(1));
        let mut old = Rng(21);
        assert_eq!(first(21), old.next_u64());
        let firsts: std::collections::HashSet<u64> = (0..1000).map(first).collect();
        assert_eq!(firsts.len(), 1000);
    }
}
