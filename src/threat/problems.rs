//! Published threat problems, shared by the tests and the benches.
//!
//! The renju VCF problems are the VCF test positions of the mintaka engine
//! (github.com/junghyun397/mintaka, file `mintaka/tests/test_vcf.rs`,
//! cases `basic_vcf`, `trap_vcf` and `deep_vcf`), transcribed as diagrams
//! with their row numbers (row 15 at the top, columns `a` to `o`). In each
//! the side to move, as the stone count gives it, has a VCF; the `trap`
//! cases hold tempting fours that fail on black's forbidden points, and the
//! `deep` cases need long lines (ours run to 80 fours and more).
//!
//! The VCT positions ([`VCT_PROBLEMS`]) are not published; each says how it
//! was made (by hand, or taken from the engine's self-play).

use crate::board::{Board, Pos};
use crate::rules::Rule;

/// A problem: a position whose side to move has a forced win.
#[derive(Clone, Copy, Debug)]
pub struct Problem {
    /// Short name.
    pub name: &'static str,
    /// Where it was published.
    pub source: &'static str,
    /// The rule it is played under.
    pub rule: Rule,
    /// Where the published solution makes its five (`h8` style); other
    /// solutions may end elsewhere.
    pub published_five: &'static str,
    /// The position, one row a line, with row numbers.
    pub diagram: &'static str,
}

impl Problem {
    /// The position (side to move from the stone count).
    ///
    /// # Panics
    /// If the diagram is malformed (they are constants).
    #[must_use]
    pub fn board(&self) -> Board {
        labelled(self.rule, self.diagram)
    }

    /// The published five point on this problem's board.
    #[must_use]
    pub fn published_five(&self) -> Pos {
        let board = self.board();
        let (c, r) = self.published_five.split_at(1);
        let x = usize::from(c.as_bytes()[0].to_ascii_lowercase() - b'a');
        let row: usize = r.parse().expect("row number");
        Pos::new(x, board.height() - row)
    }
}

/// A board from a diagram whose rows carry row numbers (as problem
/// collections print them): the numbers are dropped, and lines that do not
/// start with a number (column letters) are skipped.
///
/// # Panics
/// If the diagram is malformed.
#[must_use]
pub fn labelled(rule: Rule, text: &str) -> Board {
    let rows: Vec<String> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            l.split_whitespace()
                .filter(|t| !t.chars().all(|c| c.is_ascii_digit()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Board::from_diagram(rule, &rows.join("\n")).expect("diagram")
}

/// The VCF problems.
pub const VCF_PROBLEMS: &[Problem] = &[
    Problem {
        name: "basic_vcf_1",
        source: "mintaka tests/test_vcf.rs, basic_vcf case 1",
        rule: Rule::Renju,
        published_five: "i10",
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . . . . O . . . . 11
    10 . . . . . . . . . X . X . . . 10
    9 . . . . . . . . . O . . . . . 9
    8 . . . . . . . X . X X O . . . 8
    7 . . . . . . X . X O . . . . . 7
    6 . . . . . . . O O . . . . . . 6
    5 . . . . . . O . . . . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    Problem {
        name: "basic_vcf_2",
        source: "mintaka tests/test_vcf.rs, basic_vcf case 2",
        rule: Rule::Renju,
        published_five: "k7",
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . . . O . . . . . 11
    10 . . . . . X . . . X . . . . . 10
    9 . . . . . O . O . . . O . . . 9
    8 . . O X X . . X . . X . . . . 8
    7 . . . . O . . . . X . . . . . 7
    6 . . . . . X O . . . . O . . . 6
    5 . . . . . . . . . . . . . . . 5
    4 . . . . . . . X . . . . . . . 4
    3 . . . . . . O . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    Problem {
        name: "basic_vcf_3",
        source: "mintaka tests/test_vcf.rs, basic_vcf case 3",
        rule: Rule::Renju,
        published_five: "m10",
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . O . . . . . . . 11
    10 . . . . . . . . . X O . . . . 10
    9 . . . . . . . O X . X . . . . 9
    8 . . . . . . . X O . X . O . . 8
    7 . . . . . . O . . O . X . . . 7
    6 . . . . . . . . . X . O O X . 6
    5 . . . . . . . . X O . X X . . 5
    4 . . . . . . . O . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    Problem {
        name: "basic_vcf_4",
        source: "mintaka tests/test_vcf.rs, basic_vcf case 4",
        rule: Rule::Renju,
        published_five: "l11",
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . X . . . . . . . . 12
    11 . . . . . . . . . . X . . . . 11
    10 . . . . . . . O . . . . . . . 10
    9 . . . . O . . X . . O . . . . 9
    8 . . . . X O X X X . . . . . . 8
    7 . . . O . O O . . X . . . . . 7
    6 . . . . . . . . . . O . . . . 6
    5 . . . . . . . . . O X . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    Problem {
        name: "basic_vcf_5",
        source: "mintaka tests/test_vcf.rs, basic_vcf case 5",
        rule: Rule::Renju,
        published_five: "g8",
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . . . . . . . . . 11
    10 . . . . . . . . . . . . . . . 10
    9 . . . . O . . . O . . . . . . 9
    8 . . . . . . . X O O . . . . . 8
    7 . . . . O X . X . . . . . . . 7
    6 . . . . . X . . O X . . . . . 6
    5 . . . . . . . . . . . . . . . 5
    4 . . . . . . . X . . . X . . . 4
    3 . . . . . . O . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    Problem {
        name: "trap_vcf_1",
        source: "mintaka tests/test_vcf.rs, trap_vcf case 1",
        rule: Rule::Renju,
        published_five: "d15",
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . O X . . O . . . . . . 13
    12 . . . . . . . O . . . . . . . 12
    11 . . . . O . X . . . . . . . . 11
    10 . O . X . . O X O . . . . . . 10
    9 . . X X O . O X O . . . . . . 9
    8 . . . X X O . X X . . . . . . 8
    7 . . . . X . . . . . . . . . . 7
    6 . . . . . . . O X . . . . . . 6
    5 . . . . . . . . . . . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    Problem {
        name: "trap_vcf_2",
        source: "mintaka tests/test_vcf.rs, trap_vcf case 2",
        rule: Rule::Renju,
        published_five: "m12",
        diagram: "
    15 . . . . . . . X . . . . . . . 15
    14 . . . . . X O . . O . . . . . 14
    13 . . . . X . O . . O . X . . . 13
    12 . . . . . . O . X O . . . . . 12
    11 . . . . O X X X O X O . . . . 11
    10 . . . X O O O O X O X X . . . 10
    9 . . . . . . X O X . . O X . . 9
    8 . . . . . . . X . . . . . . . 8
    7 . . . . . . . . . . . . . . . 7
    6 . . . . . . . . . . . . . . . 6
    5 . . . . . . . . . . . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    Problem {
        name: "trap_vcf_3",
        source: "mintaka tests/test_vcf.rs, trap_vcf case 3",
        rule: Rule::Renju,
        published_five: "g12",
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . O . . . O . . . 14
    13 . . . . . . . X . . X . . . . 13
    12 . . . . . . . . O . . . . . . 12
    11 . . . O . X O X . . . . . . . 11
    10 . . . X . . . . X . . . . . . 10
    9 . . . . . . . . . . . . . . . 9
    8 . . . . X . O X O . X . . . . 8
    7 . . . . . . O O X . . . . . . 7
    6 . . . . . . . . . . O . . . . 6
    5 . . . . . X . . . . X . O . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    Problem {
        name: "deep_vcf_1",
        source: "mintaka tests/test_vcf.rs, deep_vcf case 1",
        rule: Rule::Renju,
        published_five: "f15",
        diagram: "
    15 O O . . X . X . . O X O O X . 15
    14 O . X . . O . . . . X . . . X 14
    13 O . . . . . . . . . . . . . . 13
    12 O . . . . X . . . . . . . . X 12
    11 X . X . . . . . . . . . . . . 11
    10 O . . O . . X . . . . . . X . 10
    9 O . . . . . . . O . . . . O X 9
    8 . . . O . . O X . . . . X . . 8
    7 . X . . . . . . O . . . X . . 7
    6 . . . . O . . . O . X . . . O 6
    5 . . . X . . . . . . . . . . X 5
    4 X O . . . X . . X . . X . X O 4
    3 . X . . . . . . . . . . . . O 3
    2 . O . . . . . . . . O . . X O 2
    1 X O . O . O . X . X O O X O . 1
",
    },
    Problem {
        name: "deep_vcf_2",
        source: "mintaka tests/test_vcf.rs, deep_vcf case 2",
        rule: Rule::Renju,
        published_five: "b13",
        diagram: "
    15 O . . . X . . . . . . . X . X 15
    14 X . . . . O . . . O . . O . X 14
    13 . . . . . . . O . . . . . O . 13
    12 O . . . . . . . . . . X . . X 12
    11 X . . . . . . . . . . . O . . 11
    10 O . O . . . . . . . . . . . . 10
    9 O O X O . . . . X . . . O . . 9
    8 O . O O . . . X . O . . . . . 8
    7 . X . . . . . . . O . . X . . 7
    6 . . . . . . . . O . . . . . X 6
    5 X . . . . . . . . . . . X . X 5
    4 . . . . . . . . . . . . . X O 4
    3 X . . . . . . . . . . . . X . 3
    2 . . . . . . . X . . . . . . O 2
    1 X O O O . X . . X . X . . . . 1
",
    },
];

/// A VCT test position. None of these is published: each `source` says how
/// it was made.
#[derive(Clone, Copy, Debug)]
pub struct VctProblem {
    /// Short name.
    pub name: &'static str,
    /// How the position was made.
    pub source: &'static str,
    /// The rule it is played under.
    pub rule: Rule,
    /// Whether the side to move has a VCT (of at most
    /// [`VCT_PROBLEM_DEPTH`] threats): `false` for positions the solvers
    /// must answer with no win. The positions from self-play were labelled
    /// by the former iterative-deepening solver and the df-pn solver
    /// agreeing.
    pub has_vct: bool,
    /// The position, one row a line, with row numbers.
    pub diagram: &'static str,
}

impl VctProblem {
    /// The position (side to move from the stone count).
    ///
    /// # Panics
    /// If the diagram is malformed (they are constants).
    #[must_use]
    pub fn board(&self) -> Board {
        labelled(self.rule, self.diagram)
    }
}

/// The depth (attacker moves) [`VCT_PROBLEMS`] are labelled at.
pub const VCT_PROBLEM_DEPTH: u32 = 8;

/// VCT positions: wins by threes and fours where no VCF exists, and
/// positions without a VCT.
pub const VCT_PROBLEMS: &[VctProblem] = &[
    VctProblem {
        name: "renju_forbidden_block",
        source: "constructed for tengen: white's g11 makes an open three on row 11 and a three in column g aimed at g8, an overline point for black",
        rule: Rule::Renju,
        has_vct: true,
        diagram: "
    15 O . . . . . . . . . . . . . X 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . X . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . O O . . . . . . 11
    10 . . . . . . O . . . . . . . . 10
    9 . . . . . . O . . . . . . . . 9
    8 . . . X X X . X X . . . . . . 8
    7 . . . . . . . . . . . . . . . 7
    6 . . . . . . . . . . . . . . . 6
    5 . . . . . . . . . . . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 O . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "double_three",
        source: "constructed for tengen: two open twos of black crossing at h8",
        rule: Rule::Freestyle,
        has_vct: true,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . O . . . . . . . . . . . O . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . . . . . . . . . 11
    10 . . . . . . . X . . . . . . . 10
    9 . . . . . . . X . . . . . . . 9
    8 . . . . . X X . . . . . . . . 8
    7 . . . . . . . . . . . . . . . 7
    6 . . . . . . . . . . . . . . . 6
    5 . . . . . . . . . . . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . O . . . . . . . . . . . O . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "free_g5_s28",
        source: "constructed for tengen: game 5 of the engine's self-play (3 000 nodes a move), after 28 stones",
        rule: Rule::Freestyle,
        has_vct: true,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . O . . . . . O . . . . . 11
    10 . . O X . . . . X . . . . . . 10
    9 . . . X . O . X . . . . . . . 9
    8 . . O X X X X O . . . . . . . 8
    7 . . O X . X X . . . . . . . . 7
    6 . X O O O O X . . . . . . . . 6
    5 . . . . X O O O . . . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "free_g1_s14",
        source: "constructed for tengen: game 1 of the engine's self-play (3 000 nodes a move), after 14 stones",
        rule: Rule::Freestyle,
        has_vct: true,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . . . . . . . . . 11
    10 . . . . . . O . . . . . . . . 10
    9 . . . . . O O O X . . . . . . 9
    8 . . . O . . X O . . . . . . . 8
    7 . . . . X . X . . . . . . . . 7
    6 . . . . . X X . . . . . . . . 6
    5 . . . . . . X . . . . . . . . 5
    4 . . . . . . O . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "free_g5_s24",
        source: "constructed for tengen: game 5 of the engine's self-play (3 000 nodes a move), after 24 stones",
        rule: Rule::Freestyle,
        has_vct: true,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . O . . . . . O . . . . . 11
    10 . . O X . . . . X . . . . . . 10
    9 . . . X . O . X . . . . . . . 9
    8 . . O X X X X O . . . . . . . 8
    7 . . . X . X . . . . . . . . . 7
    6 . . . O O O X . . . . . . . . 6
    5 . . . . X O O O . . . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "renju_g1_s18",
        source: "constructed for tengen: game 1 of the engine's self-play (3 000 nodes a move), after 18 stones",
        rule: Rule::Renju,
        has_vct: true,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . . . . . . . . . 11
    10 . . . . . . O . . . . . . . . 10
    9 . . . . O O O O X . . . . . . 9
    8 . . . O . . X O . . . . . . . 8
    7 . . . . X . X . . . . . . . . 7
    6 . . . . . X X X . . . . . . . 6
    5 . . . . . . X . . . . . . . . 5
    4 . . . . . . O O . . . . . . . 4
    3 . . . . . . . . X . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "renju_g4_s15",
        source: "constructed for tengen: game 4 of the engine's self-play (3 000 nodes a move), after 15 stones",
        rule: Rule::Renju,
        has_vct: true,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . X . . . . . . 14
    13 . . . . . . . O . . . . . . . 13
    12 . . . . . X O . . . . . . . . 12
    11 . . . . . O . . . . . . . . . 11
    10 . . . . O . O . . X . . . . . 10
    9 . . . X . O . O X X X . . . . 9
    8 . . . . . . . . X . . . . . . 8
    7 . . . . . . . . . . . . . . . 7
    6 . . . . . . . . . . . . . . . 6
    5 . . . . . . . . . . . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "renju_g2_s32",
        source: "constructed for tengen: game 2 of the engine's self-play (3 000 nodes a move), after 32 stones",
        rule: Rule::Renju,
        has_vct: true,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . X . . . . . . . . . . 12
    11 . . . . . O . . . O . . . . . 11
    10 . . . X O O O O X . X . . . . 10
    9 . . . . . . . O X O O X . . . 9
    8 . . . . . . . X O X O . X . . 8
    7 . . . . . . . O X X . . . . . 7
    6 . . . . . O . X X . . . . . . 6
    5 . . . . . X X X O . . . . . . 5
    4 . . . . . O O . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "renju_g1_s14",
        source: "constructed for tengen: game 1 of the engine's self-play (3 000 nodes a move), after 14 stones",
        rule: Rule::Renju,
        has_vct: true,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . . . . . . . . . 11
    10 . . . . . . O . . . . . . . . 10
    9 . . . . . O O O X . . . . . . 9
    8 . . . O . . X O . . . . . . . 8
    7 . . . . X . X . . . . . . . . 7
    6 . . . . . X X . . . . . . . . 6
    5 . . . . . . X . . . . . . . . 5
    4 . . . . . . O . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "free_g0_s20",
        source: "constructed for tengen: game 0 of the engine's self-play (3 000 nodes a move), after 20 stones",
        rule: Rule::Freestyle,
        has_vct: false,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . X O . . . . . . . . 11
    10 . . . . . . X . . . . . . . . 10
    9 . . . . . . X O O . . . . . . 9
    8 . . . . . O X X X X O . . . . 8
    7 . . . . . . X O . X . . . . . 7
    6 . . . . . X O . O . O . . . . 6
    5 . . . . . . . . . O . . . . . 5
    4 . . . . . . . . . . . . . . . 4
    3 . . . . . . . . . . . . . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "free_g3_s48",
        source: "constructed for tengen: game 3 of the engine's self-play (3 000 nodes a move), after 48 stones",
        rule: Rule::Freestyle,
        has_vct: false,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . . . . . . . . . . . 11
    10 . . . . . O . . . . . . . . . 10
    9 . . . . . . . . . . . . . . . 9
    8 . . . . . . O O X . . . . . . 8
    7 . . . . . . . X O O X X X X O 7
    6 . . . X O . O X X X O . . . . 6
    5 X O X O O . X X O O . X . . . 5
    4 . O X O X X X O X . . . . . . 4
    3 . . O X X O . O . . . . . . . 3
    2 . X . O . X O . . . . . . . . 2
    1 . . . O O . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "free_g0_s30",
        source: "constructed for tengen: game 0 of the engine's self-play (3 000 nodes a move), after 30 stones",
        rule: Rule::Freestyle,
        has_vct: false,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . . . . . . 12
    11 . . . . . X O . . . . . . . . 11
    10 . . . . . X X . . . X . . . . 10
    9 . . . . . . X O O O O . . . . 9
    8 . . . . . O X X X X O . . . . 8
    7 . . . . . . X O . X O . . . . 7
    6 . . . . . X O . O . O . . . . 6
    5 . . . . X . . . . O X . . . . 5
    4 . . . O . . . . . . O . . . . 4
    3 . . . . . . . . . . . X . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
    VctProblem {
        name: "renju_g0_s48",
        source: "constructed for tengen: game 0 of the engine's self-play (3 000 nodes a move), after 48 stones",
        rule: Rule::Renju,
        has_vct: false,
        diagram: "
    15 . . . . . . . . . . . . . . . 15
    14 . . . . . . . . . . . . . . . 14
    13 . . . . . . . . . . . . . . . 13
    12 . . . . . . . . . . O . . . . 12
    11 . . . . . . . . O X X . . . . 11
    10 . . . . . . . . X X . O . O . 10
    9 . . . . . . . . O X X O X . . 9
    8 . . . . . . X X O O O X . X O 8
    7 . . . . . . X O X X X . O X . 7
    6 . . . . O X O . O O X . O . . 6
    5 . . . . X O O X O O X O . . . 5
    4 . . . O X . . . . . O . . . . 4
    3 . . . . . . . . . X . X . . . 3
    2 . . . . . . . . . . . . . . . 2
    1 . . . . . . . . . . . . . . . 1
",
    },
];
