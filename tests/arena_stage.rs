//! An opening stage plugged into the game driver: it talks to the seated
//! engines before normal play, places stones and swaps the seats, as the
//! renju opening rules and swap2 will.

mod arena_support;

use arena_support::{check_records, config, greedy};
use std::sync::Arc;
use tengen::arena::game::{Ask, OpeningStage, Table};
use tengen::arena::referee::Reason;
use tengen::arena::run;
use tengen::Color;

/// Black's engine places the first stone, then the seats are swapped:
/// the engine that placed it plays white from there on.
struct PlaceThenSwap;

impl OpeningStage for PlaceThenSwap {
    fn name(&self) -> &str {
        "place-then-swap"
    }

    fn run(&self, table: &mut Table<'_>) -> Result<(), Ask> {
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
            matches!(g.outcome.reason, Reason::Five | Reason::FullBoard),
            "{:?}",
            g.outcome
        );
    }
}
