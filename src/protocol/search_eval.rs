//! The search as the opening module's judge: [`SearchEval`] implements
//! [`Evaluator`] with a [`Searcher`], so that the opening module itself
//! never depends on the search.

use crate::board::{Board, Pos};
use crate::opening::Evaluator;
use crate::renju::forbidden;
use crate::rules::Color;
use crate::search::{Limits, Searcher};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The search as an evaluator: each question is one search within `limits`.
///
/// A stage asks at most about
/// [`STAGE_QUESTIONS`](crate::opening::decide::STAGE_QUESTIONS) questions,
/// so give each a slice of the turn: `per_question` caps each search at
/// that long from its start, and the deadline in `limits`, if any, still
/// holds for all of them.
pub struct SearchEval<'a> {
    /// The engine's searcher.
    pub searcher: &'a mut Searcher,
    /// What each search may spend.
    pub limits: Limits,
    /// Time for one question, on top of `limits`.
    pub per_question: Option<Duration>,
    /// A flag that ends every search at once when set (the protocol's
    /// `YXSTOP`); `None` for none.
    pub stop: Option<&'a AtomicBool>,
}

impl<'a> SearchEval<'a> {
    /// An evaluator searching within `limits` for each question.
    pub fn new(searcher: &'a mut Searcher, limits: Limits) -> SearchEval<'a> {
        SearchEval {
            searcher,
            limits,
            per_question: None,
            stop: None,
        }
    }

    /// The limits for one question starting now.
    fn question_limits(&self) -> Limits {
        let mut limits = self.limits.clone();
        if let Some(slice) = self.per_question {
            let end = Instant::now() + slice;
            limits.deadline = Some(limits.deadline.map_or(end, |d| d.min(end)));
        }
        limits
    }
}

impl Evaluator for SearchEval<'_> {
    fn value(&mut self, board: &Board) -> i32 {
        let never = AtomicBool::new(false);
        let stop = self.stop.unwrap_or(&never);
        let limits = self.question_limits();
        self.searcher.think(board, &limits, stop, &mut |_| {}).score
    }

    fn best_moves(
        &mut self,
        board: &Board,
        allowed: &dyn Fn(Pos) -> bool,
        count: usize,
    ) -> Vec<(Pos, i32)> {
        let never = AtomicBool::new(false);
        let stop = self.stop.unwrap_or(&never);
        let mut limits = self.question_limits();
        limits.multipv = count.max(1);
        limits
            .excluded
            .extend(board.empty_points().filter(|&p| !allowed(p)));
        let result = self.searcher.think(board, &limits, stop, &mut |_| {});
        let mut ranked = result.ranked;
        if ranked.is_empty() {
            ranked.extend(result.best.map(|p| (p, result.score)));
        }
        let mut scratch = board.clone();
        ranked.retain(|&(p, _)| {
            allowed(p)
                && scratch.is_empty(p)
                && (scratch.side_to_move() == Color::White || forbidden(&mut scratch, p).is_none())
        });
        ranked.truncate(count);
        ranked
    }
}
