//! An opening stage plugged into the game driver: it talks to the seated
//! engines before normal play, places stones and swaps the seats, as the
//! renju opening rules and swap2 will.

mod arena_support;

use arena_support::{check_records, config, greedy};
use std::sync::Arc;
use tengen::Color;
use tengen_arena::game::{Ask, OpeningStage, Seating};
use tengen_arena::referee::Reason;
use tengen_arena::run;

/// Black's engine places the first stone, then the seats are swapped:
/// the engine that placed it plays white from there on.
struct PlaceThenSwap;

impl OpeningStage for PlaceThenSwap {
    fn name(&self) -> &str {
        "place-then-swap"
    }

    fn run(&self, table: &mut Seating<'_>) -> Result<(), Ask> {
        let answer = table.ask(Color::Black, &["BEGIN".to_string()])?;
        if let Some(outcome) = table.referee.judge(&answer, 0) {
            return Err(Ask::End(outcome.clone()));
        }
        table.swap_seats();
        Ok(())
    }
}

#[test]
fn a_stage_can_place_stones_and_swap_colours() {
    let mut c = config(vec![greedy("a", 1), greedy("b", 2)], "stage");
    c.stage = Arc::new(PlaceThenSwap);
    c.pairs = 2;
    let s = run(&c).unwrap();
    check_records(&c, &s);
    assert_eq!(s.games.len(), 4);
    let mut by_id = s.games.clone();
    by_id.sort_by_key(|g| g.id);
    for g in &by_id {
        // Games 1 and 3 were scheduled with a as black, 2 and 4 with b:
        // after the swap the other engine is black.
        let scheduled_black = if g.id % 2 == 1 { 0 } else { 1 };
        assert_eq!(g.white, scheduled_black, "game {}", g.id);
        assert_eq!(g.black, 1 - scheduled_black, "game {}", g.id);
        assert_eq!(g.moves[0].color, Color::Black);
        assert_eq!(
            (g.moves[0].x, g.moves[0].y),
            (7, 7),
            "the greedy engine opens on the centre"
        );
        assert!(
            matches!(
                g.outcome.reason,
                Reason::Five | Reason::FullBoard | Reason::DeadDraw
            ),
            "{:?}",
            g.outcome
        );
    }
}

mod swap2 {
    use super::arena_support::{broken, check_records, config, engine};
    use std::sync::Arc;
    use tengen::Color;
    use tengen_arena::referee::Reason;
    use tengen_arena::swap2::Swap2;
    use tengen_arena::{run, Summary};

    fn swapper(name: &str, mode: &str) -> tengen_arena::engine::EngineSpec {
        engine(name, "greedy_engine", &["--seed", "3", "--swap2", mode])
    }

    fn play(a: &str, b: &str) -> Summary {
        let mut c = config(vec![swapper("a", a), swapper("b", b)], "swap2");
        c.stage = Arc::new(Swap2);
        let s = run(&c).unwrap();
        check_records(&c, &s);
        assert_eq!(s.games.len(), 2);
        for g in &s.games {
            assert!(
                matches!(
                    g.outcome.reason,
                    Reason::Five | Reason::FullBoard | Reason::DeadDraw
                ),
                "{:?}",
                g.outcome
            );
        }
        let mut games = s.games.clone();
        games.sort_by_key(|g| g.id);
        Summary { games, ..s }
    }

    fn opening_stones(g: &tengen_arena::game::GameRecord) -> usize {
        g.moves.iter().take_while(|m| m.opening).count()
    }

    #[test]
    fn responder_swaps_or_plays_move_four() {
        // Game 1: a opens, b (swap) takes black; a plays white from move 4.
        // Game 2: b opens, a (move) plays move 4 as white.
        let s = play("move", "swap");
        let (g1, g2) = (&s.games[0], &s.games[1]);
        assert_eq!((g1.black_name.as_str(), g1.white_name.as_str()), ("b", "a"));
        assert_eq!(opening_stones(g1), 3);
        assert_eq!(g1.moves[3].color, Color::White);
        assert_eq!((g2.black_name.as_str(), g2.white_name.as_str()), ("b", "a"));
        assert_eq!(opening_stones(g2), 3);
        assert!(!g2.moves[3].opening, "move 4 is a played move");
        // The opener's three stones: black, white, black around the centre.
        assert_eq!(
            (g1.moves[0].x, g1.moves[0].y, g1.moves[0].color),
            (7, 7, Color::Black)
        );
        assert_eq!(
            (g1.moves[1].x, g1.moves[1].y, g1.moves[1].color),
            (8, 8, Color::White)
        );
        assert_eq!(
            (g1.moves[2].x, g1.moves[2].y, g1.moves[2].color),
            (8, 7, Color::Black)
        );
    }

    #[test]
    fn responder_places_two_and_the_opener_chooses() {
        // Game 1: a opens, b (two) places two; a (move) takes white and
        // plays move 6.
        let s = play("move", "two");
        let g1 = &s.games[0];
        assert_eq!(opening_stones(g1), 5);
        assert_eq!((g1.black_name.as_str(), g1.white_name.as_str()), ("b", "a"));
        assert_eq!(g1.moves[5].color, Color::White);
        assert!(!g1.moves[5].opening);
        // Game 2: b opens and a answers with a move.
        let g2 = &s.games[1];
        assert_eq!(opening_stones(g2), 3);
        assert_eq!((g2.black_name.as_str(), g2.white_name.as_str()), ("b", "a"));
        // An opener that answers SWAP to five stones keeps black.
        let s = play("swap", "two");
        let g1 = &s.games[0];
        assert_eq!(opening_stones(g1), 5);
        assert_eq!((g1.black_name.as_str(), g1.white_name.as_str()), ("a", "b"));
        assert_eq!(
            g1.moves[5].color,
            Color::White,
            "the responder plays move 6"
        );
    }

    #[test]
    fn illegal_swap2_answers_lose() {
        let mut c = config(
            vec![swapper("a", "move"), broken("bad", "swap2-dup", &[])],
            "swap2-bad",
        );
        c.stage = Arc::new(Swap2);
        let s = run(&c).unwrap();
        check_records(&c, &s);
        for g in &s.games {
            assert_eq!(g.winner_engine(), Some(0), "{:?}", g.outcome);
        }
        let mut games = s.games.clone();
        games.sort_by_key(|g| g.id);
        // As responder it answers three stones: the wrong count.
        assert_eq!(games[0].outcome.reason, Reason::OpeningRule);
        assert!(
            games[0].outcome.detail.contains("3 stones"),
            "{}",
            games[0].outcome.detail
        );
        // As opener it places a point twice.
        assert_eq!(games[1].outcome.reason, Reason::Occupied);
        assert_eq!(games[1].moves.len(), 2);
    }
}
