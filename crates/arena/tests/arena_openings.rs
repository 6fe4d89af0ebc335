//! The opening files shipped in `openings/` load and fit their boards.

use std::path::Path;
use tengen::opening::{canonical_form, Symmetry};
use tengen::{Color, Pos, Rule};
use tengen_arena::openings::{load_openings, OpeningPosition};

fn check_file(name: &str, rule: Rule, size: usize, min: usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../openings")
        .join(name);
    let openings = load_openings(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(openings.len() >= min, "{name}: {} openings", openings.len());
    let mut names = std::collections::HashSet::new();
    for o in &openings {
        o.check(size, size, rule, &Symmetry::ALL)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            names.insert(o.name.clone()),
            "{name}: name {} twice",
            o.name
        );
    }
}

#[test]
fn balanced_sets_fit_their_boards_in_every_symmetry() {
    check_file("freestyle-15.txt", Rule::Freestyle, 15, 30);
    check_file("freestyle-20.txt", Rule::Freestyle, 20, 30);
    check_file("standard-15.txt", Rule::Standard, 15, 30);
    check_file("renju-15.txt", Rule::Renju, 15, 30);
    check_file("freestyle-15-searched.txt", Rule::Freestyle, 15, 40);
    check_file("freestyle-15-searched-200k.txt", Rule::Freestyle, 15, 40);
    check_file("standard-15-searched.txt", Rule::Standard, 15, 40);
    check_file("standard-15-other.txt", Rule::Standard, 15, 67);
    check_file("freestyle-15-other.txt", Rule::Freestyle, 15, 35);
    check_file("renju-15-searched.txt", Rule::Renju, 15, 40);
    check_file("renju-15-searched-200k.txt", Rule::Renju, 15, 123);
    check_file("renju-15-other.txt", Rule::Renju, 15, 109);
}

/// An opening's position on a 15×15 board in its canonical form (the
/// smallest of its images under the board's symmetries): two openings that
/// reach the same position, in any move order or symmetry, have the same.
fn canonical(o: &OpeningPosition) -> Vec<(Pos, Color)> {
    let stones: Vec<(Pos, Color)> = o
        .place(15, 15, Symmetry::Identity)
        .unwrap()
        .into_iter()
        .zip([Color::Black, Color::White].into_iter().cycle())
        .map(|((x, y), c)| (Pos::new(x, y), c))
        .collect();
    canonical_form(&stones, 15, 15).0
}

/// Asserts that no opening of `other` reaches the position of an opening of
/// the `fitted` sets, or of an earlier line of its own, under any symmetry.
fn assert_unseen(other: &str, fitted: &[&str]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openings");
    let mut seen = std::collections::HashSet::new();
    for f in fitted {
        seen.extend(load_openings(&dir.join(f)).unwrap().iter().map(canonical));
    }
    for o in &load_openings(&dir.join(other)).unwrap() {
        assert!(
            seen.insert(canonical(o)),
            "{} is in {fitted:?} or repeats an earlier line of {other}",
            o.name
        );
    }
}

#[test]
fn the_other_standard_set_shares_no_position_with_the_searched_one() {
    assert_unseen("standard-15-other.txt", &["standard-15-searched.txt"]);
}

#[test]
fn the_other_freestyle_set_shares_no_position_with_the_sets_fitted_on() {
    assert_unseen(
        "freestyle-15-other.txt",
        &["freestyle-15-searched.txt", "standard-15-searched.txt"],
    );
}

#[test]
fn the_other_renju_set_shares_no_position_with_the_searched_one() {
    assert_unseen("renju-15-other.txt", &["renju-15-searched.txt"]);
}

#[test]
fn the_canonical_renju_openings_load() {
    // openings/renju-canonical.txt is written in the same offset format; a
    // missing file fails in `load_openings`.
    check_file("renju-canonical.txt", Rule::Renju, 15, 26);
}

#[test]
fn a_shipped_set_does_not_fit_a_small_board() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openings/freestyle-20.txt");
    let openings = load_openings(&path).unwrap();
    // Radius-3 openings cannot all fit a 5x5 board.
    assert!(openings.iter().any(|o| o
        .check(5, 5, Rule::Freestyle, &[Symmetry::Identity])
        .is_err()));
}
