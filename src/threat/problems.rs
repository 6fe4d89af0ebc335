//! Published threat problems, shared by the tests and the benches.
//!
//! The renju VCF problems are the VCF test positions of the mintaka engine
//! (github.com/junghyun397/mintaka, file `mintaka/tests/test_vcf.rs`,
//! cases `basic_vcf`, `trap_vcf` and `deep_vcf`), transcribed as diagrams
//! with their row numbers (row 15 at the top, columns `a` to `o`). In each
//! the side to move, as the stone count gives it, has a VCF; the `trap`
//! cases hold tempting fours that fail on black's forbidden points, and the
//! `deep` cases need long lines (ours run to 80 fours and more).

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
