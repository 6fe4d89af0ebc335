//! The `OPENINGBOARD` protocol extension: one opening stage as a request
//! (rule, stones, offers) and an answer, with the text form both ways.
//!
//! The engine side is [`answer`]: the protocol layer collects the lines of
//! the block and gets back the reply line. The manager side builds a
//! [`Request`], writes it with [`Request::to_lines`], reads the engine's
//! line with [`Request::parse_reply`], checks it with [`Request::check`] and
//! moves on with [`Request::next`]. Both sides use the same definitions, so
//! what one writes the other reads.
//!
//! The request's stones carry their colour (`1` black, `2` white) and are
//! listed in move order; offered fifth moves are listed last with `3`. The
//! player asked always holds the colour to move, and `SWAP` hands that
//! colour to the opponent, who is asked next with the swap closed
//! (`NOSWAP`). Every answer passes the turn to the other player.

use super::area::Area;
use super::canonical::identify;
use super::decide::{
    balanced_move, best_move, choose_opening, declare_count, keep_fifth, offer_fifths, should_swap,
    swap2_three, taraguchi_fourth, Evaluator, Swap2Choice, TaraguchiChoice, SWAP_MARGIN,
};
use super::error::OpeningError;
use super::offers::validate_offers;
use super::rule::{Answer, OpeningRule, StageRow};
use crate::board::{parse_xy, Board, Pos, MAX_SIZE};
use crate::rules::{Color, Rule};
use std::fmt::Write as _;

/// The command word of the extension.
pub const COMMAND: &str = "OPENINGBOARD";

/// One opening stage put to a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The opening rule.
    pub rule: OpeningRule,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The game rule (renju for the RIF family; any for swap1 and swap2).
    pub game: Rule,
    /// The stones on the board in move order, black first.
    pub stones: Vec<Pos>,
    /// Black's offered fifth moves, when white is to keep one.
    pub offers: Vec<Pos>,
    /// The declared number of fifth moves, once declared (or to override
    /// RIF's two).
    pub declared: Option<usize>,
    /// The player got the colour to move by the opponent's swap at this
    /// stage, so the swap is closed (`NOSWAP`).
    pub swapped: bool,
}

/// The answers open at a request's stage, with the number of offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// The rule's stage.
    pub row: &'static StageRow,
    /// The answers open to the player (the swap removed after a swap).
    pub answers: &'static [Answer],
    /// How many fifth moves are to be offered or were offered, where that
    /// is known.
    pub offers: Option<usize>,
}

impl Stage {
    /// Whether answers of this kind are open.
    #[must_use]
    pub fn allows(&self, pred: impl Fn(&Answer) -> bool) -> bool {
        self.answers.iter().any(pred)
    }

    fn find(&self, pred: impl Fn(&Answer) -> bool) -> Option<Answer> {
        self.answers.iter().copied().find(pred)
    }
}

/// An answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `SWAP`.
    Swap,
    /// Black 1, white 2, black 3, and the declared number of fifth moves
    /// where the stage asks for it.
    Opening {
        /// The three stones in move order.
        stones: [Pos; 3],
        /// The declared number of fifth moves.
        declared: Option<usize>,
    },
    /// One stone, and the declared number of fifth moves where asked.
    Stone {
        /// The stone.
        pos: Pos,
        /// The declared number of fifth moves.
        declared: Option<usize>,
    },
    /// Swap2: white 4 and black 5.
    TwoStones {
        /// White's fourth move.
        fourth: Pos,
        /// Black's fifth move.
        fifth: Pos,
    },
    /// Black's offered fifth moves.
    Offers(Vec<Pos>),
    /// White keeps `fifth` and plays `sixth`.
    Keep {
        /// The kept fifth move.
        fifth: Pos,
        /// White's sixth move.
        sixth: Pos,
    },
}

impl Reply {
    /// The stones the reply puts on the board, in move order: none for a
    /// swap or for offers (which are not yet stones).
    #[must_use]
    pub fn stones(&self) -> Vec<Pos> {
        match self {
            Reply::Swap | Reply::Offers(_) => Vec::new(),
            Reply::Opening { stones, .. } => stones.to_vec(),
            Reply::Stone { pos, .. } => vec![*pos],
            Reply::TwoStones { fourth, fifth } => vec![*fourth, *fifth],
            Reply::Keep { fifth, sixth } => vec![*fifth, *sixth],
        }
    }

    /// The reply line, as the engine writes it.
    #[must_use]
    pub fn to_line(&self) -> String {
        fn join(points: &[Pos], declared: Option<usize>) -> String {
            let mut s = points
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            if let Some(n) = declared {
                let _ = write!(s, " {n}");
            }
            s
        }
        match self {
            Reply::Swap => "SWAP".to_string(),
            Reply::Opening { stones, declared } => join(stones, *declared),
            Reply::Stone { pos, declared } => join(&[*pos], *declared),
            Reply::TwoStones { fourth, fifth } => join(&[*fourth, *fifth], None),
            Reply::Offers(points) => join(points, None),
            Reply::Keep { fifth, sixth } => join(&[*fifth, *sixth], None),
        }
    }
}

/// Parses `x,y` on a `width` × `height` board.
fn parse_point(text: &str, width: usize, height: usize) -> Result<Pos, OpeningError> {
    let (x, y) = parse_xy(text).ok_or_else(|| OpeningError::BadReply(text.to_string()))?;
    point(x, y, width, height)
}

fn point(x: i64, y: i64, width: usize, height: usize) -> Result<Pos, OpeningError> {
    if x < 0
        || y < 0
        || x >= width as i64
        || y >= height as i64
        || x >= MAX_SIZE as i64
        || y >= MAX_SIZE as i64
    {
        return Err(OpeningError::OffBoard { x, y });
    }
    Ok(Pos::new(x as usize, y as usize))
}

impl Request {
    /// The first request of a game: an empty board, put to the first player.
    #[must_use]
    pub fn new(rule: OpeningRule, width: usize, height: usize, game: Rule) -> Request {
        Request {
            rule,
            width,
            height,
            game,
            stones: Vec::new(),
            offers: Vec::new(),
            declared: None,
            swapped: false,
        }
    }

    /// Parses a request block: `header` is the command line (with or
    /// without the command word: `OPENINGBOARD soosorv-8 3 NOSWAP`), `lines`
    /// the lines between it and `DONE` (blank ones are skipped). The
    /// position is checked against the rule.
    ///
    /// # Errors
    /// Any [`OpeningError`] about the header, the lines or the position.
    pub fn parse(
        header: &str,
        lines: &[&str],
        width: usize,
        height: usize,
        game: Rule,
    ) -> Result<Request, OpeningError> {
        let mut words = header.split_whitespace().peekable();
        if words
            .peek()
            .is_some_and(|w| w.eq_ignore_ascii_case(COMMAND))
        {
            words.next();
        }
        let rule_word = words
            .next()
            .ok_or_else(|| OpeningError::BadHeader(header.to_string()))?;
        let rule = OpeningRule::parse(rule_word)
            .ok_or_else(|| OpeningError::UnknownRule(rule_word.to_string()))?;
        let mut req = Request::new(rule, width, height, game);
        for w in words {
            if w.eq_ignore_ascii_case("NOSWAP") {
                req.swapped = true;
            } else if let (Ok(n), None) = (w.parse::<usize>(), req.declared) {
                req.declared = Some(n);
            } else {
                return Err(OpeningError::BadHeader(header.to_string()));
            }
        }
        for line in lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()) {
            let bad = || OpeningError::BadLine(line.to_string());
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            let [x, y, c] = fields[..] else {
                return Err(bad());
            };
            let x: i64 = x.parse().map_err(|_| bad())?;
            let y: i64 = y.parse().map_err(|_| bad())?;
            let p = point(x, y, width, height)?;
            if req.stones.contains(&p) || req.offers.contains(&p) {
                return Err(OpeningError::Occupied(p));
            }
            match c {
                "1" | "2" => {
                    if let Some(&o) = req.offers.first() {
                        return Err(OpeningError::MisplacedOffer(o));
                    }
                    let expected = if req.stones.len() % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let given = if c == "1" { Color::Black } else { Color::White };
                    if given != expected {
                        return Err(OpeningError::OutOfOrder {
                            index: req.stones.len(),
                            expected,
                        });
                    }
                    req.stones.push(p);
                }
                "3" => req.offers.push(p),
                _ => return Err(bad()),
            }
        }
        req.validate()?;
        Ok(req)
    }

    /// The request block as the manager writes it: the command line, one
    /// line a stone, `DONE`.
    #[must_use]
    pub fn to_lines(&self) -> Vec<String> {
        let mut head = format!("{COMMAND} {}", self.rule);
        if let Some(n) = self.declared {
            let _ = write!(head, " {n}");
        }
        if self.swapped {
            head.push_str(" NOSWAP");
        }
        let mut out = vec![head];
        for (i, p) in self.stones.iter().enumerate() {
            out.push(format!(
                "{},{},{}",
                p.x(),
                p.y(),
                if i % 2 == 0 { 1 } else { 2 }
            ));
        }
        for p in &self.offers {
            out.push(format!("{},{},3", p.x(), p.y()));
        }
        out.push("DONE".to_string());
        out
    }

    /// The position on the board (the offers left out).
    ///
    /// # Errors
    /// A bad board size, or a stone off the board or on another.
    pub fn board(&self) -> Result<Board, OpeningError> {
        let mut board =
            Board::new(self.width, self.height, self.game).map_err(|_| OpeningError::BadSize {
                width: self.width,
                height: self.height,
            })?;
        for &p in &self.stones {
            board.play(p).map_err(|_| {
                if board.contains(p) {
                    OpeningError::Occupied(p)
                } else {
                    OpeningError::OffBoard {
                        x: p.x() as i64,
                        y: p.y() as i64,
                    }
                }
            })?;
        }
        Ok(board)
    }

    /// The stage of this request and the answers open at it.
    ///
    /// # Errors
    /// [`OpeningError::NoStage`], [`OpeningError::MissingCount`] or
    /// [`OpeningError::BadCount`].
    pub fn stage(&self) -> Result<Stage, OpeningError> {
        let row = self
            .rule
            .stage(self.stones.len(), !self.offers.is_empty())
            .ok_or(OpeningError::NoStage {
                stones: self.stones.len(),
                offers: self.offers.len(),
            })?;
        let answers = if self.swapped {
            row.after_swap
        } else {
            row.answers
        };
        if answers.is_empty() {
            return Err(OpeningError::NotAllowed("NOSWAP"));
        }
        let max = self.rule.max_offers();
        if let Some(n) = self.declared {
            if n == 0 || n > max {
                return Err(OpeningError::BadCount { count: n, max });
            }
        }
        let offers = self.declared.or(self.rule.fixed_offers());
        let needs = answers
            .iter()
            .any(|a| matches!(a, Answer::Offers { .. } | Answer::Keep));
        if needs && offers.is_none() && self.offers.is_empty() {
            return Err(OpeningError::MissingCount);
        }
        Ok(Stage {
            row,
            answers,
            offers: if self.offers.is_empty() {
                offers
            } else {
                Some(self.offers.len())
            },
        })
    }

    /// Checks the position against the rule: a stage exists, the first
    /// three stones are canonical where the rule wants that, stones lie in
    /// their areas, and the offers are valid.
    fn validate(&self) -> Result<(), OpeningError> {
        self.stage()?;
        let board = self.board()?;
        if self.rule.canonical() && self.stones.len() >= 3 {
            self.check_canonical(&self.stones[..3])?;
        }
        for (i, &p) in self.stones.iter().enumerate() {
            let area = self.rule.area_of_stone(i);
            if !area.contains(p, self.width, self.height) {
                return Err(OpeningError::OutsideArea { pos: p, area });
            }
        }
        if !self.offers.is_empty() {
            let expected = self
                .declared
                .or(self.rule.fixed_offers())
                .unwrap_or(self.offers.len());
            validate_offers(&board, &self.offers, expected, Area::Anywhere)?;
        }
        Ok(())
    }

    fn check_canonical(&self, three: &[Pos]) -> Result<(), OpeningError> {
        let list = [
            (three[0], Color::Black),
            (three[1], Color::White),
            (three[2], Color::Black),
        ];
        let centre = Pos::new(self.width / 2, self.height / 2);
        if three[0] != centre || identify(&list, self.width, self.height).is_none() {
            return Err(OpeningError::NotCanonical);
        }
        Ok(())
    }

    /// Reads a reply line in the light of this request's stage.
    ///
    /// # Errors
    /// [`OpeningError::BadReply`] when the line fits no open answer, or
    /// [`OpeningError::OffBoard`] for a point off the board.
    pub fn parse_reply(&self, text: &str) -> Result<Reply, OpeningError> {
        let stage = self.stage()?;
        let bad = || OpeningError::BadReply(text.trim().to_string());
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() == 1 && words[0].eq_ignore_ascii_case("SWAP") {
            return Ok(Reply::Swap);
        }
        let mut points = Vec::new();
        let mut declared = None;
        for (i, w) in words.iter().enumerate() {
            if w.contains(',') {
                if declared.is_some() {
                    return Err(bad());
                }
                points.push(parse_point(w, self.width, self.height)?);
            } else if i + 1 == words.len() && !points.is_empty() {
                declared = Some(w.parse::<usize>().map_err(|_| bad())?);
            } else {
                return Err(bad());
            }
        }
        let declares = |a: &Answer| {
            matches!(
                a,
                Answer::Opening { declare: true, .. } | Answer::Stone { declare: true, .. }
            )
        };
        match points.len() {
            3 if stage.allows(|a| matches!(a, Answer::Opening { .. })) => {
                return Ok(Reply::Opening {
                    stones: [points[0], points[1], points[2]],
                    declared,
                })
            }
            1 if stage.allows(|a| matches!(a, Answer::Stone { .. })) => {
                return Ok(Reply::Stone {
                    pos: points[0],
                    declared,
                })
            }
            2 if stage.allows(|a| matches!(a, Answer::Keep)) && declared.is_none() => {
                return Ok(Reply::Keep {
                    fifth: points[0],
                    sixth: points[1],
                })
            }
            2 if stage.allows(|a| matches!(a, Answer::TwoStones)) && declared.is_none() => {
                return Ok(Reply::TwoStones {
                    fourth: points[0],
                    fifth: points[1],
                })
            }
            _ => {}
        }
        if !points.is_empty()
            && declared.is_none()
            && stage.allows(|a| matches!(a, Answer::Offers { .. }))
        {
            return Ok(Reply::Offers(points));
        }
        if declared.is_some() && !stage.allows(declares) {
            return Err(OpeningError::NotAllowed(
                "declaring a number of fifth moves",
            ));
        }
        Err(bad())
    }

    /// Checks an answer against the rule at this stage.
    ///
    /// # Errors
    /// The first fault: an answer kind not open here, a point off the board
    /// or taken, outside its area, a non-canonical opening, a bad declared
    /// number, the wrong number of offers, symmetric offers, a kept move
    /// that was not offered.
    pub fn check(&self, reply: &Reply) -> Result<(), OpeningError> {
        let stage = self.stage()?;
        let board = self.board()?;
        let free = |p: Pos| -> Result<(), OpeningError> {
            if !Area::Anywhere.contains(p, self.width, self.height) {
                return Err(OpeningError::OffBoard {
                    x: p.x() as i64,
                    y: p.y() as i64,
                });
            }
            if !board.is_empty(p) {
                return Err(OpeningError::Occupied(p));
            }
            Ok(())
        };
        let count = |declare: bool, declared: Option<usize>| -> Result<(), OpeningError> {
            match (declare, declared) {
                (true, None) => Err(OpeningError::MissingCount),
                (false, Some(_)) => Err(OpeningError::NotAllowed(
                    "declaring a number of fifth moves",
                )),
                (true, Some(n)) if n == 0 || n > self.rule.max_offers() => {
                    Err(OpeningError::BadCount {
                        count: n,
                        max: self.rule.max_offers(),
                    })
                }
                _ => Ok(()),
            }
        };
        match reply {
            Reply::Swap => stage
                .find(|a| *a == Answer::Swap)
                .map(|_| ())
                .ok_or(OpeningError::NotAllowed("SWAP")),
            Reply::Opening { stones, declared } => {
                let Some(Answer::Opening { canonical, declare }) =
                    stage.find(|a| matches!(a, Answer::Opening { .. }))
                else {
                    return Err(OpeningError::NotAllowed("an opening"));
                };
                for (i, &p) in stones.iter().enumerate() {
                    free(p)?;
                    if stones[..i].contains(&p) {
                        return Err(OpeningError::Occupied(p));
                    }
                }
                if canonical {
                    self.check_canonical(stones)?;
                }
                count(declare, *declared)
            }
            Reply::Stone { pos, declared } => {
                let Some(Answer::Stone { area, declare }) =
                    stage.find(|a| matches!(a, Answer::Stone { .. }))
                else {
                    return Err(OpeningError::NotAllowed("a single stone"));
                };
                free(*pos)?;
                if !area.contains(*pos, self.width, self.height) {
                    return Err(OpeningError::OutsideArea { pos: *pos, area });
                }
                count(declare, *declared)
            }
            Reply::TwoStones { fourth, fifth } => {
                stage
                    .find(|a| *a == Answer::TwoStones)
                    .ok_or(OpeningError::NotAllowed("two stones"))?;
                free(*fourth)?;
                free(*fifth)?;
                if fourth == fifth {
                    return Err(OpeningError::Occupied(*fifth));
                }
                Ok(())
            }
            Reply::Offers(points) => {
                let Some(Answer::Offers { area }) =
                    stage.find(|a| matches!(a, Answer::Offers { .. }))
                else {
                    return Err(OpeningError::NotAllowed("fifth-move offers"));
                };
                let n = stage.offers.ok_or(OpeningError::MissingCount)?;
                validate_offers(&board, points, n, area)
            }
            Reply::Keep { fifth, sixth } => {
                stage
                    .find(|a| *a == Answer::Keep)
                    .ok_or(OpeningError::NotAllowed("keeping a fifth move"))?;
                if !self.offers.contains(fifth) {
                    return Err(OpeningError::NotOffered(*fifth));
                }
                free(*sixth)?;
                if sixth == fifth {
                    return Err(OpeningError::Occupied(*sixth));
                }
                Ok(())
            }
        }
    }

    /// What follows a checked answer: the next request, always put to the
    /// other player, or the end of the opening with the stones in move
    /// order (the player holding the colour to move plays on).
    ///
    /// # Errors
    /// As [`Request::check`].
    pub fn next(&self, reply: &Reply) -> Result<Next, OpeningError> {
        self.check(reply)?;
        let mut req = self.clone();
        req.swapped = false;
        match reply {
            Reply::Swap => {
                req.swapped = true;
                return Ok(Next::Ask(req));
            }
            Reply::Opening { stones, declared } => {
                req.stones.extend_from_slice(stones);
                req.declared = declared.or(req.declared);
            }
            Reply::Stone { pos, declared } => {
                req.stones.push(*pos);
                req.declared = declared.or(req.declared);
            }
            Reply::TwoStones { fourth, fifth } => req.stones.extend_from_slice(&[*fourth, *fifth]),
            Reply::Offers(points) => req.offers.clone_from(points),
            Reply::Keep { fifth, sixth } => {
                req.stones.extend_from_slice(&[*fifth, *sixth]);
                return Ok(Next::Play(req.stones));
            }
        }
        if req
            .rule
            .stage(req.stones.len(), !req.offers.is_empty())
            .is_some()
        {
            Ok(Next::Ask(req))
        } else {
            Ok(Next::Play(req.stones))
        }
    }
}

/// What follows an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Put this request to the other player.
    Ask(Request),
    /// The opening is over: these stones in move order; the game goes on
    /// with ordinary moves.
    Play(Vec<Pos>),
}

/// The engine's answer to a request, decided with `eval`.
///
/// # Errors
/// [`OpeningError`] when the request has no stage or no legal answer exists.
pub fn respond(req: &Request, eval: &mut dyn Evaluator) -> Result<Reply, OpeningError> {
    let stage = req.stage()?;
    let board = req.board()?;
    let may_swap = stage.allows(|a| *a == Answer::Swap);
    let max = req.rule.max_offers();
    // The order of the checks matters where a stage offers several answers.
    if stage.allows(|a| *a == Answer::Keep) {
        let (fifth, sixth) = keep_fifth(&board, &req.offers, eval)?;
        return Ok(Reply::Keep { fifth, sixth });
    }
    // The 26 canonical openings serve as the free openings of swap1 and
    // swap2 too.
    if let Some(Answer::Opening { declare, .. }) =
        stage.find(|a| matches!(a, Answer::Opening { .. }))
    {
        let (_, stones) = choose_opening(&board, eval)?;
        let declared = if declare {
            let mut b = board.clone();
            for (i, &p) in stones.iter().enumerate() {
                b.make_color(p, if i == 1 { Color::White } else { Color::Black });
            }
            let fourth = best_move(&b, Area::Anywhere, eval)?;
            b.make(fourth);
            Some(declare_count(&b, max, eval))
        } else {
            None
        };
        return Ok(Reply::Opening { stones, declared });
    }
    if stage.allows(|a| *a == Answer::TwoStones) {
        return Ok(match swap2_three(&board, eval)? {
            Swap2Choice::Swap => Reply::Swap,
            Swap2Choice::Fourth(pos) => Reply::Stone {
                pos,
                declared: None,
            },
            Swap2Choice::TwoStones(fourth, fifth) => Reply::TwoStones { fourth, fifth },
        });
    }
    let single = stage.find(|a| matches!(a, Answer::Stone { .. }));
    let offers = stage.find(|a| matches!(a, Answer::Offers { .. }));
    if let (Some(Answer::Stone { .. }), Some(Answer::Offers { .. }), OpeningRule::Taraguchi(n)) =
        (single, offers, req.rule)
    {
        return Ok(
            match taraguchi_fourth(&board, usize::from(n), may_swap, eval)? {
                TaraguchiChoice::Swap => Reply::Swap,
                TaraguchiChoice::Fifth(pos) => Reply::Stone {
                    pos,
                    declared: None,
                },
                TaraguchiChoice::Offers(points) => Reply::Offers(points),
            },
        );
    }
    if let Some(Answer::Offers { area }) = offers {
        let n = stage.offers.ok_or(OpeningError::MissingCount)?;
        let (points, worst) = offer_fifths(&board, n, area, eval)?;
        // Where black may swap instead, do so if even the kept offer loses.
        if may_swap && worst < -SWAP_MARGIN {
            return Ok(Reply::Swap);
        }
        return Ok(Reply::Offers(points));
    }
    if let Some(Answer::Stone { area, declare }) = single {
        if may_swap && should_swap(&board, eval) {
            return Ok(Reply::Swap);
        }
        // Where the opponent may swap after this stone, aim for balance.
        let opponent_may_swap = req
            .rule
            .stage(req.stones.len() + 1, false)
            .is_some_and(|r| r.answers.contains(&Answer::Swap));
        let pos = if opponent_may_swap {
            balanced_move(&board, area, eval)?
        } else {
            best_move(&board, area, eval)?
        };
        let declared = if declare {
            let mut b = board.clone();
            b.make(pos);
            Some(declare_count(&b, max, eval))
        } else {
            None
        };
        return Ok(Reply::Stone { pos, declared });
    }
    Err(OpeningError::NoMove)
}

/// The engine side in one call: parses the block (`header` is the command
/// line, `lines` the lines before `DONE`) and decides with `eval`. The
/// protocol layer writes the reply out with [`Reply::to_line`]; on an error
/// it answers `ERROR` with the error's text.
///
/// # Errors
/// Any [`OpeningError`] from parsing or deciding.
pub fn reply(
    header: &str,
    lines: &[&str],
    width: usize,
    height: usize,
    game: Rule,
    eval: &mut dyn Evaluator,
) -> Result<Reply, OpeningError> {
    let req = Request::parse(header, lines, width, height, game)?;
    checked_respond(&req, eval)
}

/// [`respond`], checked against the rule in debug builds.
fn checked_respond(req: &Request, eval: &mut dyn Evaluator) -> Result<Reply, OpeningError> {
    let reply = respond(req, eval)?;
    debug_assert_eq!(
        req.check(&reply),
        Ok(()),
        "the engine broke the rule: {reply:?}"
    );
    Ok(reply)
}

/// [`reply`] as the reply line.
///
/// # Errors
/// Any [`OpeningError`] from parsing or deciding.
pub fn answer(
    header: &str,
    lines: &[&str],
    width: usize,
    height: usize,
    game: Rule,
    eval: &mut dyn Evaluator,
) -> Result<String, OpeningError> {
    reply(header, lines, width, height, game, eval).map(|r| r.to_line())
}

/// Gomocup's own `SWAP2BOARD`, answered with the swap2 stages: `stones`
/// are those on the board in move order (0, 3 or 5 of them), and the reply
/// is what Gomocup expects (three stones; `SWAP`, one stone or two; `SWAP`
/// or one stone).
///
/// # Errors
/// Any error of the swap2 stage (a stone count other than 0, 3 or 5, a
/// point off the board or taken twice, …).
pub fn swap2_reply(
    stones: &[Pos],
    width: usize,
    height: usize,
    game: Rule,
    eval: &mut dyn Evaluator,
) -> Result<Reply, OpeningError> {
    let mut req = Request::new(OpeningRule::Swap2, width, height, game);
    for &p in stones {
        let p = point(p.x() as i64, p.y() as i64, width, height)?;
        if req.stones.contains(&p) {
            return Err(OpeningError::Occupied(p));
        }
        req.stones.push(p);
    }
    req.validate()?;
    checked_respond(&req, eval)
}

/// [`swap2_reply`] from the lines of a `SWAP2BOARD` block (`x,y` in move
/// order; a third field, if any, is ignored), as the reply line.
///
/// # Errors
/// [`OpeningError::BadLine`] for a malformed line, and any error of
/// [`swap2_reply`].
pub fn swap2board(
    lines: &[&str],
    width: usize,
    height: usize,
    game: Rule,
    eval: &mut dyn Evaluator,
) -> Result<String, OpeningError> {
    let mut stones = Vec::new();
    for line in lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()) {
        let bad = || OpeningError::BadLine(line.to_string());
        let mut fields = line.split(',').map(str::trim);
        let (Some(x), Some(y)) = (fields.next(), fields.next()) else {
            return Err(bad());
        };
        let x: i64 = x.parse().map_err(|_| bad())?;
        let y: i64 = y.parse().map_err(|_| bad())?;
        stones.push(point(x, y, width, height)?);
    }
    swap2_reply(&stones, width, height, game, eval).map(|r| r.to_line())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opening::decide::{FnEval, StaticEval};

    #[test]
    fn swap2board_reads_gomocup_lines() {
        let three = swap2board(&[], 15, 15, Rule::Freestyle, &mut StaticEval).unwrap();
        assert_eq!(three.split_whitespace().count(), 3);
        let lines = ["7,7", "8,7", "9,9"];
        let mut black_better = FnEval(|b: &Board| {
            if b.side_to_move() == Color::White {
                -100
            } else {
                100
            }
        });
        assert_eq!(
            swap2board(&lines, 15, 15, Rule::Freestyle, &mut black_better).unwrap(),
            "SWAP"
        );
        assert!(swap2board(&["7,7", "8,7"], 15, 15, Rule::Freestyle, &mut StaticEval).is_err());
        assert!(swap2board(&["7"], 15, 15, Rule::Freestyle, &mut StaticEval).is_err());
    }
}
