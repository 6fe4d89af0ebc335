//! Position setup: starting a game, the engine's and the opponent's
//! stones, `BOARD`/`YXBOARD` positions, takebacks and blocked points, and
//! the one way a position is rebuilt from its moves ([`replay`]).

use super::out::Out;
use super::{Incoming, Session, NO_GAME};
use crate::board::{Board, Pos, MAX_SIZE, MIN_SIZE};
use crate::protocol::command::{BoardKind, Coord, Entry, Field};
use crate::renju::forbidden;
use crate::rules::{Color, Rule};
use std::io;

/// The stones of `board` in move order, passes left out.
pub(super) fn stones_in_order(board: &Board) -> Vec<(Pos, Color)> {
    board
        .history()
        .iter()
        .filter(|m| !m.pos.is_pass())
        .map(|m| (m.pos, m.color))
        .collect()
}

/// A board of `like`'s size under `rule` holding `moves` (in move order;
/// a colour moving twice in a row gets a pass between), with `side` to
/// move: the one way the session rebuilds a position from its moves.
pub(super) fn replay(
    like: &Board,
    rule: Rule,
    moves: &[(Pos, Color)],
    side: Color,
) -> Result<Board, String> {
    let mut board =
        Board::from_moves(like.width(), like.height(), rule, moves).map_err(|e| e.to_string())?;
    if board.side_to_move() != side {
        board.pass();
    }
    Ok(board)
}

impl Session {
    pub(super) fn start(&mut self, width: i64, height: i64, out: &mut Out<'_>) -> io::Result<()> {
        let size = |n: i64| {
            usize::try_from(n)
                .ok()
                .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
        };
        let (Some(w), Some(h)) = (size(width), size(height)) else {
            return out.error(&format!(
                "board size {width}x{height} is not supported (each side must be {MIN_SIZE} to {MAX_SIZE})"
            ));
        };
        self.size = Some((w, h));
        // The rule's pattern tables (built once per process) are built
        // here, not in the first move's time.
        let _ = crate::pattern::Tables::get(self.rule);
        self.board = None;
        self.own = None;
        self.markers.clear();
        self.blocked.clear();
        self.clock.new_game();
        out.line("OK")
    }

    /// The point `c` on the board, or why not.
    pub(super) fn point(board: &Board, c: Coord) -> Result<Pos, String> {
        board
            .pos(c.x, c.y)
            .ok_or_else(|| format!("{c} is off the {}x{} board", board.width(), board.height()))
    }

    /// Why no move can be played on the current board, if so.
    pub(super) fn finished(&self, board: &Board) -> Option<String> {
        if !self.continuous {
            if let Some(color) = board.winner() {
                return Some(format!(
                    "the game is over: {} has five; send RESTART or START",
                    color.name()
                ));
            }
        }
        let open = board
            .empty_points()
            .any(|p| !self.markers.contains(&p) && !self.blocked.contains(&p));
        if open {
            None
        } else {
            Some("the game is over: no point is left to play".into())
        }
    }

    /// The colour of the engine on `board`: as last told, or the side to
    /// move.
    pub(super) fn own_color(&self, board: &Board) -> Color {
        self.own.unwrap_or_else(|| board.side_to_move())
    }

    /// Checks a stone on `c`: the game goes on, and the point is on the
    /// board and free.
    pub(super) fn check_move(&self, board: &Board, c: Coord) -> Result<Pos, String> {
        if let Some(why) = self.finished(board) {
            return Err(why);
        }
        let pos = Self::point(board, c)?;
        if !board.is_empty(pos) || self.markers.contains(&pos) {
            return Err(format!("{c} is already occupied"));
        }
        Ok(pos)
    }

    pub(super) fn play(&mut self, c: Coord, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let own = self.own_color(board);
        match self.check_move(board, c) {
            Ok(pos) => {
                if let Some(board) = self.board.as_mut() {
                    board.make_color(pos, own);
                }
                self.own = Some(own);
                out.line(&format!("{},{}", pos.x(), pos.y()))
            }
            Err(e) => out.error(&e),
        }
    }

    /// Builds the position of a `BOARD`/`YXBOARD`, checking it.
    pub(super) fn position(
        &self,
        board: &Board,
        entries: &[Entry],
    ) -> Result<(Board, Vec<Pos>, Color), String> {
        let mut seen = Vec::with_capacity(entries.len());
        let mut markers = Vec::new();
        let mut stones: Vec<(Pos, Field)> = Vec::new();
        // Under renju, who moved first: a pass entry counts.
        let mut first: Option<Field> = None;
        for e in entries {
            if e.at.x == -1 && e.at.y == -1 && e.field != Field::Marker {
                // `-1,-1`: a pass, as some tools send to set the side to move.
                first.get_or_insert(e.field);
                continue;
            }
            let pos = Self::point(board, e.at)?;
            if seen.contains(&pos) {
                return Err(format!("{} is listed twice", e.at));
            }
            seen.push(pos);
            match e.field {
                Field::Marker => markers.push(pos),
                f => {
                    first.get_or_insert(f);
                    stones.push((pos, f));
                }
            }
        }
        let own_count = stones.iter().filter(|s| s.1 == Field::Own).count();
        let opp_count = stones.len() - own_count;
        let own = if self.rule == Rule::Renju {
            // Under renju the stones come in move order, black first.
            match first {
                Some(Field::Opponent) => Color::White,
                _ => Color::Black,
            }
        } else if opp_count > own_count {
            Color::White
        } else {
            Color::Black
        };
        let color = |f: Field| if f == Field::Own { own } else { own.opp() };
        let order: Vec<(Pos, Color)> = if self.rule == Rule::Renju {
            stones.iter().map(|&(p, f)| (p, color(f))).collect()
        } else {
            // Order is free: alternate black and white, passes for the rest.
            let blacks: Vec<Pos> = stones
                .iter()
                .filter(|s| color(s.1) == Color::Black)
                .map(|s| s.0)
                .collect();
            let whites: Vec<Pos> = stones
                .iter()
                .filter(|s| color(s.1) == Color::White)
                .map(|s| s.0)
                .collect();
            let mut order = Vec::with_capacity(stones.len());
            for i in 0..blacks.len().max(whites.len()) {
                if let Some(&b) = blacks.get(i) {
                    order.push((b, Color::Black));
                }
                if let Some(&w) = whites.get(i) {
                    order.push((w, Color::White));
                }
            }
            order
        };
        let next = replay(board, self.rule, &order, own)?;
        Ok((next, markers, own))
    }

    pub(super) fn set_board(
        &mut self,
        kind: BoardKind,
        entries: &[Entry],
        request: &Incoming,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let (next, markers, own) = match self.position(board, entries) {
            Ok(x) => x,
            Err(e) => return out.error(&e),
        };
        if kind == BoardKind::Board {
            // A game position asks for a move, so it cannot hold a five; an
            // analysis board (`YXBOARD`) may: a composed diagram, or a
            // finished game under review.
            if let Some(color) = next.find_five() {
                return out.error(&format!(
                    "impossible position: {} already has five on the board",
                    color.name()
                ));
            }
            let saved_markers = std::mem::replace(&mut self.markers, markers);
            if let Some(why) = self.finished(&next) {
                self.markers = saved_markers;
                return out.error(&why);
            }
            self.board = Some(next);
            self.own = Some(own);
            self.reply_or_pass(request, out)
        } else {
            self.board = Some(next);
            self.own = Some(own);
            self.markers = markers;
            Ok(())
        }
    }

    /// `TURN -1,-1`: the opponent passed, so the engine is to move.
    pub(super) fn opponent_pass(
        &mut self,
        request: &Incoming,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        if let Some(why) = self.finished(board) {
            return out.error(&format!("TURN -1,-1: {why}"));
        }
        // The opponent is the engine's other colour, or before the engine
        // has one (a fresh game), whoever is to move.
        let theirs = self.own.map_or_else(|| board.side_to_move(), Color::opp);
        if board.side_to_move() != theirs {
            return out.error("TURN -1,-1: it is not the opponent's turn");
        }
        let mut next = board.clone();
        next.pass();
        self.board = Some(next);
        self.own = Some(theirs.opp());
        self.reply_or_pass(request, out)
    }

    /// Answers a move for the side to move: a pass (`-1,-1`) where passing
    /// is the best that side can do ([`Session::pass_is_best`]), else the
    /// search's move.
    fn reply_or_pass(&mut self, request: &Incoming, out: &mut Out<'_>) -> io::Result<()> {
        match self.board.as_mut() {
            Some(board) if Self::pass_is_best(board, &self.markers, &self.blocked) => {
                board.pass();
                out.line("-1,-1")
            }
            _ => self.reply_move(request, 1, out),
        }
    }

    /// Whether passing is the best the side to move can do: nobody can
    /// make a winning row any more (every move draws), or under renju
    /// every point black could play is forbidden to it (any stone would
    /// lose). Never when a move could still matter.
    pub(super) fn pass_is_best(board: &Board, markers: &[Pos], blocked: &[Pos]) -> bool {
        if board.is_dead_draw() {
            return true;
        }
        if board.rule() != Rule::Renju || board.side_to_move() != Color::Black {
            return false;
        }
        let mut probe = board.clone();
        let open: Vec<Pos> = board
            .empty_points()
            .filter(|p| !markers.contains(p) && !blocked.contains(p))
            .collect();
        !open.is_empty() && open.into_iter().all(|p| forbidden(&mut probe, p).is_some())
    }

    pub(super) fn takeback(&mut self, c: Coord, out: &mut Out<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let pos = match Self::point(board, c) {
            Ok(p) => p,
            Err(e) => return out.error(&e),
        };
        if let Some(i) = self.markers.iter().position(|&m| m == pos) {
            self.markers.remove(i);
            return out.line("OK");
        }
        let Some(color) = board.stone(pos) else {
            return out.error(&format!("TAKEBACK {c}: there is no stone there"));
        };
        // The stone's owner is to move afterwards.
        let next = if board.last_move().map(|m| m.pos) == Some(pos) {
            let mut b = board.clone();
            b.unmake();
            if b.side_to_move() != color {
                b.pass();
            }
            b
        } else {
            let mut order = stones_in_order(board);
            order.retain(|&(p, _)| p != pos);
            match replay(board, self.rule, &order, color) {
                Ok(b) => b,
                Err(e) => return out.error(&e),
            }
        };
        self.board = Some(next);
        out.line("OK")
    }

    pub(super) fn block(
        &mut self,
        points: &[Coord],
        undo: bool,
        out: &mut Out<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return out.error(NO_GAME);
        };
        let mut list = Vec::with_capacity(points.len());
        for &c in points {
            match Self::point(board, c) {
                Ok(p) => list.push(p),
                Err(e) => return out.error(&e),
            }
        }
        for p in list {
            if undo {
                self.blocked.retain(|&b| b != p);
            } else if !self.blocked.contains(&p) {
                self.blocked.push(p);
            }
        }
        Ok(())
    }
}
