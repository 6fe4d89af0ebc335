//! Thinking and replying: the search for a move (with `REALTIME` output,
//! recovery from a failed search and a last check that the move is
//! legal), the opening stages with the search as the judge, and the score
//! text of the answers.

use super::out::Out;
use super::{Incoming, Session, NO_GAME};
use crate::board::{Board, Pos};
use crate::opening::decide::STAGE_QUESTIONS;
use crate::opening::{Evaluator, OpeningError, Reply};
use crate::protocol::command::Coord;
use crate::protocol::lengths;
use crate::protocol::search_eval::SearchEval;
use crate::renju::forbidden;
use crate::rules::Color;
use crate::search::{Info, Limits, SearchResult, Searcher, MATE, MATE_BOUND};
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

impl Session {
    pub(super) fn begin(&mut self, request: &Incoming, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        if board.stone_count() > 0 {
            return out.error("BEGIN needs an empty board; use BOARD to set a position");
        }
        self.reply_move(request, 1, out)
    }

    pub(super) fn turn(
        &mut self,
        c: Coord,
        request: &Incoming,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let pos = match self.check_move(board, c) {
            Ok(p) => p,
            Err(e) => return out.error(&e),
        };
        // The opponent's colour: the engine's other, or before the engine
        // has a colour (a fresh game), whoever is to move.
        let theirs = self.own.map_or_else(|| board.side_to_move(), Color::opp);
        let mut next = board.clone();
        next.make_color(pos, theirs);
        if let Some(why) = self.finished(&next) {
            // The opponent's move ended the game: there is nothing to answer.
            return out.error(&format!("TURN {c}: {why}"));
        }
        self.board = Some(next);
        self.reply_move(request, 1, out)
    }

    pub(super) fn nbest(
        &mut self,
        n: u64,
        request: &Incoming,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let n = usize::try_from(n.max(1))
            .unwrap_or(usize::MAX)
            .min(board.area());
        self.reply_move(request, n, out)
    }

    /// The search limits for a move of `request` on `board`.
    pub(super) fn limits(&self, request: &Incoming, board: &Board, multipv: usize) -> Limits {
        let to_go = lengths::plies_to_go(
            board.rule(),
            board.width(),
            board.height(),
            board.stone_count(),
        );
        let budget = self.clock.budget(request.received, to_go);
        let mut excluded = self.blocked.clone();
        excluded.extend(self.markers.iter().copied());
        Limits {
            deadline: budget.deadline,
            optimum: budget.optimum,
            max_depth: if budget.fast { 1 } else { self.max_depth },
            max_nodes: if self.max_nodes > 0 {
                self.max_nodes
            } else {
                self.searcher.config().node_limit
            },
            multipv,
            excluded,
        }
    }

    /// Searches the current position, plays the move for the side to move,
    /// and answers it.
    pub(super) fn reply_move(
        &mut self,
        request: &Incoming,
        multipv: usize,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        if let Some(why) = self.finished(board) {
            return out.error(&why);
        }
        let limits = self.limits(request, board, multipv);
        if let Some(deadline) = limits.deadline {
            let ms = |at: Instant| at.saturating_duration_since(request.received).as_millis();
            out.line(&format!(
                "DEBUG budget {} ms{}{}",
                ms(deadline),
                limits
                    .optimum
                    .map_or(String::new(), |o| format!(" optimum {} ms", ms(o))),
                self.clock
                    .left_ms
                    .map_or(String::new(), |l| format!("; {l} ms left in the match"))
            ))?;
        }
        let realtime = self.realtime;
        let stop = self.signal.arm(request.seq);
        let mut last = Info::default();
        let mut io_error: Option<io::Error> = None;
        let searching = Instant::now();
        let searcher = &mut self.searcher;
        let searched = panic::catch_unwind(AssertUnwindSafe(|| {
            searcher.think(board, &limits, stop, &mut |info: &Info| {
                last = info.clone();
                if realtime && io_error.is_none() {
                    if let Some(p) = info.pv.first() {
                        let kind = if info.score <= -MATE_BOUND {
                            "LOST"
                        } else {
                            "BEST"
                        };
                        let r = out
                            .line("MESSAGE REALTIME REFRESH")
                            .and_then(|()| {
                                out.line(&format!("MESSAGE REALTIME {kind} {},{}", p.x(), p.y()))
                            })
                            .and_then(|()| {
                                out.line(&search_line(info, &info.pv, info.elapsed.as_millis()))
                            });
                        io_error = r.err();
                    }
                }
            })
        }));
        if let Some(e) = io_error {
            return Err(e);
        }
        let result: SearchResult = searched.unwrap_or_else(|_| {
            // A failing search must not cost the game: start the search
            // afresh and let `checked_best` pick a safe move.
            self.searcher = Searcher::new(self.searcher.config().clone());
            SearchResult::default()
        });
        let elapsed = request.received.elapsed();
        let Some(best) = self.checked_best(board, &result, &limits, out)? else {
            return out.error("no move is possible: every empty point is blocked or forbidden");
        };
        self.clock.charge(elapsed);
        if multipv > 1 {
            for (i, (p, score)) in result.ranked.iter().enumerate() {
                out.line(&format!(
                    "MESSAGE ({}) {} | {},{}",
                    i + 1,
                    score_text(*score),
                    p.x(),
                    p.y()
                ))?;
            }
        }
        let pv = if result.pv.first() == Some(&best) {
            result.pv.clone()
        } else {
            vec![best]
        };
        let done = Info {
            depth: result.depth,
            seldepth: last.seldepth.max(result.depth),
            score: result.score,
            nodes: result.nodes,
            elapsed: searching.elapsed(),
            pv: Vec::new(),
        };
        // The time shown is the move's, from the command's arrival.
        out.line(&search_line(&done, &pv, elapsed.as_millis()))?;
        if let Some(board) = self.board.as_mut() {
            self.own = Some(board.side_to_move());
            board.make(best);
        }
        out.line(&format!("{},{}", best.x(), best.y()))
    }

    /// The search's move, or a safe replacement if it is not playable (off
    /// the board, occupied, blocked, or forbidden for black under renju).
    pub(super) fn checked_best(
        &self,
        board: &Board,
        result: &SearchResult,
        limits: &Limits,
        out: &mut Out<'_>,
    ) -> io::Result<Option<Pos>> {
        let mut scratch = board.clone();
        let black = board.side_to_move() == Color::Black;
        let mut ok = |p: Pos| {
            scratch.contains(p)
                && scratch.is_empty(p)
                && !limits.excluded.contains(&p)
                && !(black && forbidden(&mut scratch, p).is_some())
        };
        if let Some(best) = result.best {
            if ok(best) {
                return Ok(Some(best));
            }
            out.line(&format!(
                "DEBUG the search chose x {} y {} which cannot be played; choosing again",
                best.x(),
                best.y()
            ))?;
        }
        let from_ranked = result.ranked.iter().map(|&(p, _)| p).find(|&p| ok(p));
        if from_ranked.is_some() {
            return Ok(from_ranked);
        }
        let centre = Pos::new(board.width() / 2, board.height() / 2);
        let mut points: Vec<Pos> = board.empty_points().collect();
        points.sort_by_key(|p| p.distance(centre));
        Ok(points.into_iter().find(|&p| ok(p)))
    }

    /// `SWAP2BOARD`: the swap2 stages of the opening module, decided with
    /// the search as the judge. The game position becomes the stones given
    /// and those answered, so that the game can go on from there.
    pub(super) fn swap2(
        &mut self,
        points: &[Coord],
        request: &Incoming,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        if !matches!(points.len(), 0 | 3 | 5) {
            return out.error(&format!(
                "SWAP2BOARD needs 0, 3 or 5 stones, got {}",
                points.len()
            ));
        }
        let mut start = match Board::new(board.width(), board.height(), self.rule) {
            Ok(b) => b,
            Err(e) => return out.error(&e.to_string()),
        };
        for &c in points {
            let played = Self::point(&start, c)
                .and_then(|p| start.play(p).map_err(|e| format!("stone {p}: {e}")));
            if let Err(e) = played {
                return out.error(&e);
            }
        }
        if let Some(color) = start.find_five() {
            return out.error(&format!("impossible position: {} has five", color.name()));
        }
        let stones: Vec<Pos> = start.history().iter().map(|m| m.pos).collect();
        let limits = self.limits(request, &start, 1);
        let (width, height, rule) = (start.width(), start.height(), self.rule);
        let reply = match self.judged(request, limits, |eval| {
            crate::opening::swap2_reply(&stones, width, height, rule, eval)
        }) {
            Some(Ok(reply)) => reply,
            Some(Err(e)) => return out.error(&e.to_string()),
            None => return out.error("the swap2 search failed"),
        };
        // The stones of the answer, in move order after the given ones.
        let mut next = start;
        for p in reply.stones() {
            if next.play(p).is_err() {
                return out.error(&format!(
                    "the swap2 answer {} does not fit the board",
                    reply.to_line()
                ));
            }
        }
        self.board = Some(next);
        self.own = None;
        self.markers.clear();
        out.line(&reply.to_line())
    }

    /// `OPENINGBOARD`: one stage of a renju opening rule, decided with the
    /// search as the judge. The game position is left as it was: the
    /// manager sets the agreed position with `BOARD` once the opening ends.
    pub(super) fn opening_board(
        &mut self,
        header: &str,
        lines: &[String],
        request: &Incoming,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let (width, height, rule) = (board.width(), board.height(), self.rule);
        let limits = self.limits(request, board, 1);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        match self.judged(request, limits, |eval| {
            crate::opening::reply(header, &lines, width, height, rule, eval)
        }) {
            Some(Ok(reply)) => out.line(&reply.to_line()),
            Some(Err(e)) => out.error(&e.to_string()),
            None => out.error("the opening search failed"),
        }
    }

    /// Runs an opening decision with the search as the judge: each of its
    /// questions gets an equal slice of the turn
    /// ([`crate::opening::decide::STAGE_QUESTIONS`]), `YXSTOP` ends it, and
    /// the time is charged to the match clock. `None` if the search panicked
    /// (the searcher is then rebuilt).
    pub(super) fn judged(
        &mut self,
        request: &Incoming,
        limits: Limits,
        decide: impl FnOnce(&mut dyn Evaluator) -> Result<Reply, OpeningError>,
    ) -> Option<Result<Reply, OpeningError>> {
        let per_question = limits
            .deadline
            .map(|d| d.saturating_duration_since(Instant::now()) / STAGE_QUESTIONS);
        let stop = self.signal.arm(request.seq);
        let searcher = &mut self.searcher;
        let answered = panic::catch_unwind(AssertUnwindSafe(|| {
            let mut eval = SearchEval::new(searcher, limits);
            eval.per_question = per_question;
            eval.stop = Some(stop);
            decide(&mut eval)
        }));
        self.clock.charge(request.received.elapsed());
        if answered.is_err() {
            self.searcher = Searcher::new(self.searcher.config().clone());
        }
        answered.ok()
    }
}

/// A score as printed: centi-stones, or `+M<n>`/`-M<n>` for a win or loss
/// in `n` plies (scores from [`MATE_BOUND`] on are the search's wins).
/// The search line `MESSAGE depth D-S ev E n NODES n/ms SPEED tm MS pv
/// x,y …`, written after each move and, with `show_detail`, as the search
/// proceeds; the speed is over the search's own time, `tm` is `tm_ms`.
fn search_line(info: &Info, pv: &[Pos], tm_ms: u128) -> String {
    let ms = info.elapsed.as_millis();
    let pv: Vec<String> = pv.iter().map(|p| format!("{},{}", p.x(), p.y())).collect();
    format!(
        "MESSAGE depth {}-{} ev {} n {} n/ms {} tm {} pv {}",
        info.depth,
        info.seldepth.max(info.depth),
        score_text(info.score),
        info.nodes,
        u128::from(info.nodes) / ms.max(1),
        tm_ms,
        pv.join(" ")
    )
}

fn score_text(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("+M{}", MATE - score)
    } else if score <= -MATE_BOUND {
        format!("-M{}", MATE + score)
    } else {
        score.to_string()
    }
}
