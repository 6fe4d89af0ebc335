//! The opening files shipped in `openings/` load and fit their boards.

use std::path::Path;
use tengen::arena::openings::load_openings;
use tengen::opening::Symmetry;
use tengen::Rule;

fn check_file(name: &str, rule: Rule, size: usize, min: usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("openings")
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
    check_file("renju-15-searched.txt", Rule::Renju, 15, 40);
}

/// A position's black and white stones, each set sorted.
type Position = (Vec<(usize, usize)>, Vec<(usize, usize)>);

/// An opening as its black and its white stones, each set sorted, under
/// `sym` on a 15×15 board: two openings that reach the same position in
/// any move order are the same.
fn position(o: &tengen::arena::openings::Opening, sym: Symmetry) -> Position {
    let stones = o.place(15, 15, sym).unwrap();
    let mut black: Vec<_> = stones.iter().copied().step_by(2).collect();
    let mut white: Vec<_> = stones.iter().copied().skip(1).step_by(2).collect();
    black.sort_unstable();
    white.sort_unstable();
    (black, white)
}

#[test]
fn the_other_standard_set_shares_no_position_with_the_searched_one() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("openings");
    let searched = load_openings(&dir.join("standard-15-searched.txt")).unwrap();
    let other = load_openings(&dir.join("standard-15-other.txt")).unwrap();
    let mut seen = std::collections::HashSet::new();
    for o in &searched {
        for sym in Symmetry::ALL {
            seen.insert(position(o, sym));
        }
    }
    for o in &other {
        assert!(
            !seen.contains(&position(o, Symmetry::Identity)),
            "{} is in the searched set or repeats an earlier line",
            o.name
        );
        for sym in Symmetry::ALL {
            seen.insert(position(o, sym));
        }
    }
}

#[test]
fn canonical_renju_openings_load_when_present() {
    // openings/renju-canonical.txt is written in the same offset format.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("openings/renju-canonical.txt");
    if path.exists() {
        check_file("renju-canonical.txt", Rule::Renju, 15, 26);
    }
}

#[test]
fn a_shipped_set_does_not_fit_a_small_board() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("openings/freestyle-20.txt");
    let openings = load_openings(&path).unwrap();
    // Radius-3 openings cannot all fit a 5x5 board.
    assert!(openings.iter().any(|o| o
        .check(5, 5, Rule::Freestyle, &[Symmetry::Identity])
        .is_err()));
}
