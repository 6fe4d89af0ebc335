//! Property test of the core: random games on random board sizes (5 to 32,
//! rectangles too) under every rule, with moves, take-backs and passes. At
//! every step the incremental board must equal a from-scratch recomputation
//! and a replay of its own history, and its win detection, line patterns and
//! renju forbidden points must agree with the plain reference in
//! `rules_support`.
//!
//! `TENGEN_PROPTEST_GAMES` sets the number of games (default
//! [`DEFAULT_GAMES`]), `TENGEN_PROPTEST_SEED` the seed; a failure prints the
//! game's seed, rule, size and moves.

mod rules_support;

use rules_support::{Grid, LineClass, DIRS};
use tengen::board::{Board, Dir, Pos};
use tengen::pattern::{Combo, Pattern, ValueTable};
use tengen::renju::{forbidden, forbidden_points};
use tengen::rules::{Color, Rule};

/// Games played by a plain `cargo test` (several seconds in release on a
/// shared two-core machine); the dense renju test plays half as many.
const DEFAULT_GAMES: u64 = 150;

/// A small, seedable generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        tengen::board::splitmix64(&mut self.0)
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// One history entry as the test saw it.
#[derive(Clone, Copy, Debug)]
struct Step {
    at: Option<(usize, usize)>,
    color: Color,
    won: bool,
}

/// What kind of random game to play.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Profile {
    /// Any rule, any size from 5 to 32, colours mostly alternating.
    Any,
    /// Renju on small boards with black stones in the majority, so that
    /// fours, threes and forbidden points (false and nested ones too) are
    /// common.
    DenseRenju,
}

/// A game in progress: the engine's board and the reference's grid.
struct Game {
    profile: Profile,
    rule: Rule,
    board: Board,
    grid: Grid,
    steps: Vec<Step>,
    stats: Stats,
}

#[derive(Default)]
struct Stats {
    steps: u64,
    forbidden_points: u64,
    wins: u64,
}

impl Game {
    fn pick_point(&self, rng: &mut Rng) -> Option<(usize, usize)> {
        let empty = self.grid.empty_points();
        if empty.is_empty() {
            return None;
        }
        let stones: Vec<(usize, usize)> = self.steps.iter().filter_map(|s| s.at).collect();
        if !stones.is_empty() && rng.chance(80) {
            // Near an existing stone, so that shapes actually form.
            for _ in 0..8 {
                let (sx, sy) = stones[rng.range(0, stones.len() - 1)];
                let x = sx as i64 + rng.range(0, 4) as i64 - 2;
                let y = sy as i64 + rng.range(0, 4) as i64 - 2;
                if self.grid.is_empty(x, y) {
                    return Some((x as usize, y as usize));
                }
            }
        }
        Some(empty[rng.range(0, empty.len() - 1)])
    }

    fn play(&mut self, rng: &mut Rng) {
        let Some((x, y)) = self.pick_point(rng) else {
            self.pass();
            return;
        };
        let color = if self.profile == Profile::DenseRenju {
            if rng.chance(62) {
                Color::Black
            } else {
                Color::White
            }
        } else if rng.chance(75) {
            self.board.side_to_move()
        } else if (self.rule == Rule::Renju && rng.chance(70)) || rng.chance(50) {
            // Under renju, more black stones: more forbidden shapes.
            Color::Black
        } else {
            Color::White
        };
        let won = self.grid.makes_win(self.rule, x, y, color);
        self.board.play_color(Pos::new(x, y), color).unwrap();
        self.grid.set(x, y, Some(color));
        self.steps.push(Step {
            at: Some((x, y)),
            color,
            won,
        });
    }

    fn pass(&mut self) {
        let color = self.board.side_to_move();
        self.board.pass();
        self.steps.push(Step {
            at: None,
            color,
            won: false,
        });
    }

    fn take_back(&mut self) {
        let m = self.board.undo().expect("history not empty");
        let s = self.steps.pop().unwrap();
        assert_eq!(m.pos.is_pass(), s.at.is_none());
        if let Some((x, y)) = s.at {
            assert_eq!((m.pos.x(), m.pos.y()), (x, y));
            self.grid.set(x, y, None);
        }
        assert_eq!(m.color, s.color);
    }

    /// Every check, after every step.
    fn check(&mut self, rng: &mut Rng) {
        self.stats.steps += 1;
        let board = &self.board;
        let rule = self.rule;
        assert!(self.grid.matches(board), "stones differ");

        // Incremental state equals a from-scratch recomputation.
        assert!(
            board.same_state(&board.recomputed()),
            "incremental state differs from recomputed"
        );

        // The running totals equal their sums over the empty points.
        for color in Color::BOTH {
            let empty: Vec<Pos> = board.empty_points().collect();
            let count = |c: &dyn Fn(Combo) -> bool| {
                empty.iter().filter(|&&p| c(board.combo(p, color))).count() as u32
            };
            assert_eq!(board.five_count(color), count(&|c| c == Combo::Five));
            assert_eq!(
                board.open_four_count(color),
                count(&|c| c == Combo::OpenFour)
            );
            assert_eq!(board.four_count(color), count(&|c| c >= Combo::Four));
            assert_eq!(
                board.four_three_count(color),
                count(&|c| c == Combo::FourThree)
            );
            assert_eq!(
                board.three_plus_count(color),
                count(&|c| c == Combo::ThreePlus || c == Combo::DoubleThree)
            );
            assert_eq!(board.three_count(color), count(&|c| c == Combo::Three));
            let values = ValueTable::learned(rule);
            for &p in &empty {
                let lines = Dir::ALL.map(|d| board.shape(p, d, color));
                let want = values.point(rule, color, lines);
                assert_eq!(board.value(p, color), want, "value of {p:?}");
            }
            let sum: i32 = empty.iter().map(|&p| board.value(p, color)).sum();
            assert_eq!(board.value_sum(color), sum, "value sum of {color:?}");
        }

        // Replaying the history, passes included, gives the same state.
        let mut replay = Board::new(board.width(), board.height(), rule).unwrap();
        for m in board.history() {
            if m.pos.is_pass() {
                replay.pass();
            } else {
                replay.play_color(m.pos, m.color).unwrap();
            }
        }
        assert!(replay.same_state(board), "replayed history differs");
        assert_eq!(replay.hash(), board.hash());
        assert_eq!(replay.side_to_move(), board.side_to_move());

        // So does from_moves of the stones, once the side to move is set.
        let moves: Vec<(Pos, Color)> = board
            .history()
            .iter()
            .filter(|m| !m.pos.is_pass())
            .map(|m| (m.pos, m.color))
            .collect();
        let mut rebuilt = Board::from_moves(board.width(), board.height(), rule, &moves).unwrap();
        rebuilt.set_side_to_move(board.side_to_move());
        assert_eq!(
            rebuilt.hash(),
            board.hash(),
            "hash differs from a rebuilt board"
        );
        assert!(rebuilt.same_state(board));

        // The history's win flags and the winner follow the reference.
        for (m, s) in board.history().iter().zip(&self.steps) {
            assert_eq!(m.won, s.won, "win flag of {:?}", s.at);
        }
        let first = self.steps.iter().find(|s| s.won).map(|s| s.color);
        assert_eq!(board.winner(), first, "winner");
        assert_eq!(
            board.find_five(),
            self.grid.winning_color(rule),
            "find_five"
        );
        if first.is_some() {
            self.stats.wins += 1;
        }

        // Win detection on every empty point, for both colours.
        for (x, y) in self.grid.empty_points() {
            for c in Color::BOTH {
                let want = self.grid.makes_win(rule, x, y, c);
                assert_eq!(
                    board.is_five(Pos::new(x, y), c),
                    want,
                    "is_five({x},{y}) {c:?}"
                );
            }
        }

        // Line patterns and combos near the last move and at a few random
        // points.
        let mut sample: Vec<(usize, usize)> = Vec::new();
        if let Some((lx, ly)) = self.steps.iter().rev().find_map(|s| s.at) {
            for y in ly.saturating_sub(5)..=(ly + 5).min(board.height() - 1) {
                for x in lx.saturating_sub(5)..=(lx + 5).min(board.width() - 1) {
                    sample.push((x, y));
                }
            }
        }
        for _ in 0..12 {
            sample.push((
                rng.range(0, board.width() - 1),
                rng.range(0, board.height() - 1),
            ));
        }
        for (x, y) in sample {
            if !self.grid.is_empty(x as i64, y as i64) {
                continue;
            }
            for c in Color::BOTH {
                check_point(board, &mut self.grid, rule, x, y, c);
            }
        }

        // Renju: black's forbidden points, all of them, against the reference.
        if rule == Rule::Renju {
            let hash = self.board.hash();
            let len = self.board.history().len();
            let engine: Vec<((usize, usize), _)> = forbidden_points(&mut self.board)
                .into_iter()
                .map(|(p, k)| ((p.x(), p.y()), k))
                .collect();
            let reference = self.grid.forbidden_points();
            assert_eq!(engine, reference, "forbidden points");
            self.stats.forbidden_points += engine.len() as u64;
            for &((x, y), k) in engine.iter().take(4) {
                assert_eq!(forbidden(&mut self.board, Pos::new(x, y)), Some(k));
            }
            assert_eq!(self.board.hash(), hash, "forbidden check changed the hash");
            assert_eq!(self.board.history().len(), len);
        } else {
            assert!(forbidden_points(&mut self.board).is_empty());
        }
    }
}

/// The engine's line patterns and combo on one empty point against the
/// reference's brute-force classes.
fn check_point(board: &Board, grid: &mut Grid, rule: Rule, x: usize, y: usize, c: Color) {
    let p = Pos::new(x, y);
    let mut five = false;
    let mut overline = false;
    let mut fours = 0;
    let mut threes = 0;
    for (dir, d) in Dir::ALL.into_iter().zip(DIRS) {
        let got = board.pattern(p, dir, c);
        let want = grid.line_class(rule, x, y, d, c);
        let ok = match want {
            LineClass::Five => got == Pattern::Five,
            LineClass::Overline => got == Pattern::Overline,
            LineClass::DoubleFour => got == Pattern::DoubleFour,
            LineClass::OpenFour => got == Pattern::OpenFour,
            LineClass::Four => got == Pattern::Four,
            LineClass::OpenThree => got == Pattern::OpenThree,
            LineClass::BlockedThree => got == Pattern::BlockedThree,
            LineClass::Less => got < Pattern::BlockedThree && got != Pattern::Overline,
        };
        assert!(
            ok,
            "{rule} {c:?} at ({x},{y}) along {dir:?}: engine {got:?}, reference {want:?}\n{board}"
        );
        match want {
            LineClass::Five => five = true,
            LineClass::Overline => overline = true,
            LineClass::DoubleFour => fours += 2,
            LineClass::OpenFour | LineClass::Four => fours += 1,
            LineClass::OpenThree => threes += 1,
            _ => {}
        }
    }
    let combo = board.combo(p, c);
    assert_eq!(
        combo == Combo::Five,
        five,
        "{rule} {c:?} combo at ({x},{y}): {combo:?}"
    );
    let renju_black = rule == Rule::Renju && c == Color::Black;
    let forbidden_shape = renju_black && !five && (overline || fours >= 2);
    assert_eq!(
        combo == Combo::Forbidden,
        forbidden_shape,
        "{rule} {c:?} combo at ({x},{y}): {combo:?}"
    );
    if !five && !forbidden_shape {
        let double_three = threes >= 2 && (renju_black || fours == 0);
        assert_eq!(
            combo == Combo::DoubleThree,
            double_three,
            "{rule} {c:?} combo at ({x},{y}): {combo:?}"
        );
        if !double_three {
            assert_eq!(
                combo.is_four_or_better(),
                fours > 0,
                "{rule} {c:?} combo at ({x},{y}): {combo:?}"
            );
        }
    }
}

fn play_game(seed: u64, profile: Profile) -> Stats {
    let mut rng = Rng(seed);
    let (rule, width, height) = match profile {
        Profile::Any => {
            let rule = if rng.chance(40) {
                Rule::Renju
            } else {
                Rule::ALL[rng.range(0, Rule::ALL.len() - 1)]
            };
            // Half the games on boards up to 15, where the stones meet more.
            let max = if rng.chance(50) { 15 } else { 32 };
            let width = rng.range(5, max);
            let height = if rng.chance(30) {
                width
            } else {
                rng.range(5, max)
            };
            (rule, width, height)
        }
        Profile::DenseRenju => {
            let width = rng.range(7, 15);
            let height = if rng.chance(50) {
                width
            } else {
                rng.range(7, 15)
            };
            (Rule::Renju, width, height)
        }
    };
    let area = width * height;
    let length = rng.range(10, area.min(140));
    let mut game = Game {
        profile,
        rule,
        board: Board::new(width, height, rule).unwrap(),
        grid: Grid::new(width, height),
        steps: Vec::new(),
        stats: Stats::default(),
    };
    let context = |g: &Game| {
        format!(
            "seed {seed:#x}, {rule} {width}x{height}, moves {:?}",
            g.steps
        )
    };
    for _ in 0..length {
        let r = rng.range(0, 99);
        if r < 72 && !game.grid.empty_points().is_empty() {
            game.play(&mut rng);
        } else if r < 90 && !game.steps.is_empty() {
            for _ in 0..rng.range(1, 3) {
                if !game.steps.is_empty() {
                    game.take_back();
                }
            }
        } else {
            game.pass();
        }
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.check(&mut rng)));
        if let Err(e) = result {
            eprintln!("property test failed: {}", context(&game));
            std::panic::resume_unwind(e);
        }
    }
    // Take everything back: the board must be as new.
    while !game.steps.is_empty() {
        game.take_back();
    }
    let fresh = Board::new(width, height, rule).unwrap();
    assert!(
        game.board.same_state(&fresh),
        "not as new after taking everything back: {}",
        context(&game)
    );
    game.stats
}

fn run(profile: Profile, games: u64, seed: u64) -> Stats {
    let mut total = Stats::default();
    for g in 0..games {
        let s = play_game(seed ^ g.wrapping_mul(0x2545_F491_4F6C_DD1D), profile);
        total.steps += s.steps;
        total.forbidden_points += s.forbidden_points;
        total.wins += s.wins;
    }
    eprintln!(
        "{games} games, {} checked steps, {} forbidden points compared, {} steps after a win",
        total.steps, total.forbidden_points, total.wins
    );
    total
}

#[test]
fn random_games_agree_with_recomputation_and_reference() {
    let games = env_u64("TENGEN_PROPTEST_GAMES", DEFAULT_GAMES);
    let seed = env_u64("TENGEN_PROPTEST_SEED", 0x7465_6E67_656E);
    let total = run(Profile::Any, games, seed);
    // The games must reach the interesting cases, or the test proves little.
    if games >= 100 {
        assert!(total.forbidden_points > 0, "no forbidden point ever arose");
        assert!(total.wins > 0, "no game ever reached a five");
    }
}

#[test]
fn dense_renju_games_agree_with_the_reference() {
    let games = env_u64("TENGEN_PROPTEST_GAMES", DEFAULT_GAMES) / 2;
    let seed = env_u64("TENGEN_PROPTEST_SEED", 0x7465_6E67_656E) ^ 0x5EED;
    let total = run(Profile::DenseRenju, games, seed);
    if games >= 50 {
        assert!(
            total.forbidden_points > 10 * games,
            "too few forbidden points arose"
        );
    }
}
