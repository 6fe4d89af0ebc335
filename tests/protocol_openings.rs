//! `OPENINGBOARD` on the real binary: each RIF stage gets an answer of the
//! documented shape, checked with the same opening library the arena uses;
//! malformed stages get `ERROR` and change nothing.

mod protocol_support;

use protocol_support::Engine;
use tengen::opening::{identify, Request};
use tengen::{Color, Pos, Rule};

fn started() -> Engine {
    let mut e = Engine::spawn();
    e.send(&["START 15", "INFO rule 4", "INFO timeout_turn 300"]);
    assert_eq!(e.answer(), "OK");
    e
}

fn stage(e: &mut Engine, header: &str, stones: &[(usize, usize, u8)]) -> String {
    let mut lines = vec![format!("OPENINGBOARD {header}")];
    lines.extend(stones.iter().map(|(x, y, c)| format!("{x},{y},{c}")));
    lines.push("DONE".to_string());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    e.send(&refs);
    e.answer()
}

/// The manager-side check of a reply: parsed and validated for the stage.
fn check(header: &str, stones: &[(usize, usize, u8)], reply: &str) {
    let lines: Vec<String> = stones
        .iter()
        .map(|(x, y, c)| format!("{x},{y},{c}"))
        .collect();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let req = Request::parse(header, &refs, 15, 15, Rule::Renju).expect("valid request");
    let parsed = req.parse_reply(reply).expect("reply parses");
    assert_eq!(
        req.check(&parsed),
        Ok(()),
        "reply {reply:?} breaks the stage"
    );
}

#[test]
fn the_opening_is_one_of_the_26() {
    let mut e = started();
    let reply = stage(&mut e, "rif", &[]);
    check("rif", &[], &reply);
    let colours = [Color::Black, Color::White, Color::Black];
    let stones: Vec<(Pos, Color)> = reply
        .split_whitespace()
        .zip(colours)
        .map(|(w, c)| {
            let (x, y) = protocol_support::parse_coord(w).expect("coordinate");
            (Pos::new(x, y), c)
        })
        .collect();
    assert_eq!(stones.len(), 3);
    assert!(identify(&stones, 15, 15).is_some(), "{reply}");
}

#[test]
fn every_rif_stage_is_answered_in_shape() {
    let mut e = started();
    // 1 花月 Kagetsu-like start: black 7,7, white 7,6, black 8,6.
    let three = [(7, 7, 1), (7, 6, 2), (8, 6, 1)];
    let reply = stage(&mut e, "rif", &three);
    check("rif", &three, &reply);
    let four = [(7, 7, 1), (7, 6, 2), (8, 6, 1), (6, 8, 2)];
    let reply = stage(&mut e, "rif 2", &four);
    check("rif 2", &four, &reply);
    assert_eq!(reply.split_whitespace().count(), 2, "{reply}");
    let offered = [
        (7, 7, 1),
        (7, 6, 2),
        (8, 6, 1),
        (6, 8, 2),
        (9, 5, 3),
        (8, 8, 3),
    ];
    let reply = stage(&mut e, "rif 2", &offered);
    check("rif 2", &offered, &reply);
}

#[test]
fn bad_stages_get_error_and_the_engine_goes_on() {
    let mut e = started();
    assert!(stage(&mut e, "nosuchrule", &[]).starts_with("ERROR"));
    assert!(stage(&mut e, "rif", &[(7, 7, 1), (7, 7, 2)]).starts_with("ERROR"));
    assert!(stage(&mut e, "rif", &[(70, 7, 1)]).starts_with("ERROR"));
    // A three-stone start that is not one of the 26.
    assert!(stage(&mut e, "rif", &[(0, 0, 1), (14, 14, 2), (0, 14, 1)]).starts_with("ERROR"));
    e.send(&["BEGIN"]);
    e.expect_move();
}
