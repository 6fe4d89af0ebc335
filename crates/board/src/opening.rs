//! What a person is asked at a renju opening stage, in words, and what the
//! page lets them answer. The stage itself (what is legal, who is asked
//! next, the swaps) is the opening library's [`StageDriver`]; this module
//! only describes it.
//!
//! [`StageDriver`]: tengen::opening::StageDriver

use serde::Serialize;
use tengen::opening::{Answer, Area, Request};

/// One way to answer the stage, for the page's buttons and hints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// `swap`, `opening`, `stone`, `two`, `offers` or `keep`.
    pub kind: &'static str,
    /// How many points to click for it (0 for a swap).
    pub points: usize,
    /// Whether a number of fifth moves follows the points.
    pub declare: bool,
    /// What to do, in words.
    pub text: String,
}

fn area(a: Area) -> String {
    match a {
        Area::Anywhere => "anywhere".into(),
        Area::Central(1) => "on the centre".into(),
        Area::Central(n) => format!("inside the central {n}×{n} square"),
    }
}

/// The answers open at the request's stage, in words; empty if the
/// request has no stage.
#[must_use]
pub fn prompt(req: &Request) -> Vec<Choice> {
    let Ok(stage) = req.stage() else {
        return Vec::new();
    };
    let offers = stage.offers.unwrap_or(2);
    stage
        .answers
        .iter()
        .map(|a| match *a {
            Answer::Swap => Choice {
                kind: "swap",
                points: 0,
                declare: false,
                text: "swap: take the other colour".into(),
            },
            Answer::Opening { canonical, declare } => Choice {
                kind: "opening",
                points: 3,
                declare,
                text: format!(
                    "place black 1, white 2 and black 3{}{}",
                    if canonical {
                        " (one of the 26 openings, black 1 on the centre)"
                    } else {
                        ""
                    },
                    if declare {
                        ", and declare the number of fifth moves"
                    } else {
                        ""
                    }
                ),
            },
            Answer::Stone { area: a, declare } => Choice {
                kind: "stone",
                points: 1,
                declare,
                text: format!(
                    "play move {} {}{}",
                    req.stones.len() + 1,
                    area(a),
                    if declare {
                        ", and declare the number of fifth moves"
                    } else {
                        ""
                    }
                ),
            },
            Answer::TwoStones => Choice {
                kind: "two",
                points: 2,
                declare: false,
                text: "play white 4 and black 5, and let the opponent choose a colour".into(),
            },
            Answer::Offers { area: a } => Choice {
                kind: "offers",
                points: offers,
                declare: false,
                text: format!(
                    "offer {offers} fifth moves {}, no two the same by symmetry",
                    area(a)
                ),
            },
            Answer::Keep => Choice {
                kind: "keep",
                points: 2,
                declare: false,
                text: "keep one offered fifth move (click it), then play move 6".into(),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::opening::OpeningRule;
    use tengen::rules::Rule;

    #[test]
    fn the_rif_stages_are_described() {
        let req = Request::new(OpeningRule::Rif, 15, 15, Rule::Renju);
        let first = prompt(&req);
        assert_eq!(first.len(), 1);
        assert_eq!((first[0].kind, first[0].points), ("opening", 3));
        let swap2 = Request::new(OpeningRule::Swap2, 15, 15, Rule::Freestyle);
        assert_eq!(prompt(&swap2)[0].kind, "opening");
    }
}
