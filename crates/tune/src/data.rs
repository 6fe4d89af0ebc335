//! Labelled positions from finished games.
//!
//! A game is replayed stone by stone; each position after the first
//! [`SKIP_PLIES`] stones is kept when it is quiet enough for a static
//! evaluation to mean something:
//! - nobody has a five to make or to block (a four on the board forces the
//!   next move);
//! - the side to move has no VCF that the solver finds within
//!   [`VCF_BUDGET`] stones (inside a forced win the evaluation is beside the
//!   point).
//!
//! Games whose result the board does not show (a loss on time, a crash, an
//! illegal or forbidden move) are skipped: their result says nothing about
//! the positions.
//!
//! A labelled position is one text line, so data sets can be joined with
//! `cat` and read by eye:
//!
//! ```text
//! <game> <rule> <width>x<height> <B|W|D> [s=<score>] x,y x,y …
//! ```
//!
//! `<game>` tells positions of one game apart (for the held-out split),
//! `B`/`W`/`D` is the game's result (black won, white won, a draw), the
//! optional `s=` is a search's score for the side to move ([`label`]), and
//! the stones, black first, alternating, make the position.

use std::fmt::Write as _;
use tengen::board::{Board, Pos};
use tengen::position::Position;
use tengen::rules::{Color, Rule};
use tengen::threat::{Vcf, VcfResult};
use tengen_arena::records::read_psq_game;

/// Stones at the start of a game whose positions are not kept: the opening
/// was chosen, not played.
pub const SKIP_PLIES: usize = 4;
/// Fours the quiet check's VCF may play.
pub const VCF_FOURS: u32 = 20;
/// Stones the quiet check's VCF may play.
pub const VCF_BUDGET: u64 = 4_000;

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The game it comes from.
    pub game: u64,
    /// The rule.
    pub rule: Rule,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The game's winner, `None` for a draw.
    pub winner: Option<Color>,
    /// A search's score of the position for the side to move, when one
    /// was asked ([`label`]).
    pub search: Option<i32>,
    /// The stones, `(x, y)`, black first, alternating.
    pub moves: Vec<(usize, usize)>,
}

impl Sample {
    /// The position on a board.
    ///
    /// # Errors
    /// A size the board refuses, or a stone off the board or on another.
    pub fn board(&self) -> Result<Board, String> {
        let mut b = Board::new(self.width, self.height, self.rule).map_err(|e| e.to_string())?;
        for &(x, y) in &self.moves {
            let p = b
                .pos(x as i64, y as i64)
                .ok_or_else(|| format!("{x},{y} is off the board"))?;
            b.play(p).map_err(|e| e.to_string())?;
        }
        Ok(b)
    }

    /// The game's score for the side to move: 1 a win, ½ a draw, 0 a loss.
    #[must_use]
    pub fn score(&self) -> f64 {
        let to_move = if self.moves.len() % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        match self.winner {
            None => 0.5,
            Some(c) if c == to_move => 1.0,
            Some(_) => 0.0,
        }
    }

    /// The sample as one line of text (see the module docs).
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut s = format!(
            "{} {} {}x{} {}",
            self.game,
            self.rule.name(),
            self.width,
            self.height,
            match self.winner {
                Some(Color::Black) => 'B',
                Some(Color::White) => 'W',
                None => 'D',
            }
        );
        if let Some(v) = self.search {
            let _ = write!(s, " s={v}");
        }
        for (x, y) in &self.moves {
            let _ = write!(s, " {x},{y}");
        }
        s
    }

    /// Reads a line written by [`Sample::to_line`].
    ///
    /// # Errors
    /// A missing or malformed field.
    pub fn parse(line: &str) -> Result<Sample, String> {
        let bad = |what: &str| format!("{what} in `{line}`");
        let mut w = line.split_whitespace();
        let game = w
            .next()
            .and_then(|g| g.parse().ok())
            .ok_or_else(|| bad("no game number"))?;
        let rule = w
            .next()
            .and_then(Rule::parse)
            .ok_or_else(|| bad("no rule"))?;
        let (width, height) = w
            .next()
            .and_then(|s| s.split_once('x'))
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .ok_or_else(|| bad("no board size"))?;
        let winner = match w.next() {
            Some("B") => Some(Color::Black),
            Some("W") => Some(Color::White),
            Some("D") => None,
            _ => return Err(bad("no result")),
        };
        let mut w = w.peekable();
        let search = match w.peek().and_then(|t| t.strip_prefix("s=")) {
            Some(v) => {
                let v = v.parse().map_err(|_| bad("a bad score"))?;
                w.next();
                Some(v)
            }
            None => None,
        };
        let moves = w
            .map(|m| {
                m.split_once(',')
                    .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
                    .ok_or_else(|| bad("a bad stone"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Sample {
            game,
            rule,
            width,
            height,
            winner,
            search,
            moves,
        })
    }
}

/// What a game's extraction found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games read.
    pub games: usize,
    /// Games skipped: another rule, unreadable, or a result the board does
    /// not show.
    pub skipped_games: usize,
    /// Positions looked at.
    pub positions: usize,
    /// Positions kept.
    pub kept: usize,
}

/// Which positions of a game [`extract_game`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// The quiet ones (see the module docs), unlabelled.
    Quiet,
    /// The others of those without a five to make or block: the ones where
    /// the side to move has a VCF, labelled as won (a search score of
    /// [`VCF_WIN_SCORE`]). The search's leaves meet such positions, so a
    /// fit that should hold there can be shown them too.
    VcfWins,
}

/// The search score a position with a VCF for the side to move is given by
/// [`Keep::VcfWins`]: a mate score, as a search would find it.
pub const VCF_WIN_SCORE: i32 = tengen::eval::MATE - 100;

/// The quiet positions of one game, given as the text of its `.psq`
/// record; `None` when the game is skipped (see the module docs). Only
/// games of `rule` are taken.
#[must_use]
pub fn extract_game(psq: &str, rule: Rule, game: u64, vcf: &mut Vcf) -> Option<Vec<Sample>> {
    extract_game_keeping(psq, rule, game, vcf, Keep::Quiet)
}

/// As [`extract_game`], keeping the positions `keep` says.
#[must_use]
pub fn extract_game_keeping(
    psq: &str,
    rule: Rule,
    game: u64,
    vcf: &mut Vcf,
    keep: Keep,
) -> Option<Vec<Sample>> {
    let record = read_psq_game(psq).ok()?;
    if Rule::parse(&record.rule) != Some(rule) {
        return None;
    }
    // One replay: each position is judged before its move is played, and
    // the kept ones are dropped with the game if its result is not the
    // board's.
    let mut board = Board::new(record.width, record.height, rule).ok()?;
    let mut kept = Vec::new();
    for (i, &(x, y)) in record.moves.iter().enumerate() {
        if board.winner().is_some() {
            return None;
        }
        if i >= SKIP_PLIES && !has_five(&board) {
            let win = has_vcf(&board, vcf);
            if win == (keep == Keep::VcfWins) {
                kept.push(Sample {
                    game,
                    rule,
                    width: record.width,
                    height: record.height,
                    winner: record.winner,
                    search: win.then_some(VCF_WIN_SCORE),
                    moves: record.moves[..i].to_vec(),
                });
            }
        }
        let p: Pos = board.pos(x as i64, y as i64)?;
        board.play(p).ok()?;
    }
    // The result must be the board's: the winner's five, or a draw.
    match (record.winner, board.winner()) {
        (Some(w), Some(b)) if w == b => {}
        (None, None) => {}
        _ => return None,
    }
    Some(kept)
}

/// Whether a position is quiet enough to label (see the module docs).
#[must_use]
pub fn is_quiet(board: &Board, vcf: &mut Vcf) -> bool {
    !has_five(board) && !has_vcf(board, vcf)
}

/// Whether either side has a five to make (so the side to move makes or
/// blocks it).
fn has_five(board: &Board) -> bool {
    let me = board.side_to_move();
    board.five_count(me) > 0 || board.five_count(me.opp()) > 0
}

/// Whether the side to move has a VCF the solver finds within
/// [`VCF_BUDGET`] stones.
fn has_vcf(board: &Board, vcf: &mut Vcf) -> bool {
    let mut pos = Position::new(board);
    matches!(
        vcf.solve(&mut pos, VCF_FOURS, VCF_BUDGET),
        VcfResult::Win(_)
    )
}

/// Positions off the games' path, as a search's leaves meet them: each
/// sample with `plies` more stones, each a random legal candidate of the
/// search ([`Position::for_each_candidate`]: an empty point within
/// [`tengen::position::NEAR_RADIUS`] of a stone), uniform among them, from
/// `seed` and the sample's place in the list, so a run is reproducible;
/// kept when the result is quiet (see the module docs). The game number
/// and result are the sample's; the score is dropped, to be labelled
/// again. A sample whose board is refused, or that has no room, gives
/// nothing. The samples are perturbed in parallel.
#[must_use]
pub fn perturb(samples: &[Sample], plies: usize, seed: u64) -> Vec<Sample> {
    use rayon::prelude::*;
    samples
        .par_iter()
        .enumerate()
        .map_init(
            || Vcf::new(1 << 16),
            |vcf, (i, s)| {
                let mut rng = tengen::board::SplitMix(seed ^ (i as u64).wrapping_mul(0x9E37));
                perturb_one(s, plies, &mut rng, vcf)
            },
        )
        .flatten()
        .collect()
}

fn perturb_one(
    s: &Sample,
    plies: usize,
    rng: &mut tengen::board::SplitMix,
    vcf: &mut Vcf,
) -> Option<Sample> {
    let mut position = Position::new(&s.board().ok()?);
    let mut moves = s.moves.clone();
    for _ in 0..plies {
        if position.board().winner().is_some() {
            return None;
        }
        let me = position.side();
        let mut near = Vec::new();
        position.for_each_candidate(|p| near.push(p));
        near.retain(|&p| position.is_legal(p, me));
        if near.is_empty() {
            return None;
        }
        let p = near[rng.below(near.len())];
        position.make(p);
        moves.push((p.x(), p.y()));
    }
    let board = position.board();
    (board.winner().is_none() && is_quiet(board, vcf)).then(|| Sample {
        search: None,
        moves,
        ..s.clone()
    })
}

/// Extracts the quiet positions of many games (the texts of their `.psq`
/// records), numbering the games from `first_game`, in parallel.
#[must_use]
pub fn extract(records: &[String], rule: Rule, first_game: u64) -> (Vec<Sample>, Tally) {
    extract_keeping(records, rule, first_game, Keep::Quiet)
}

/// As [`extract`], keeping the positions `keep` says.
#[must_use]
pub fn extract_keeping(
    records: &[String],
    rule: Rule,
    first_game: u64,
    keep: Keep,
) -> (Vec<Sample>, Tally) {
    use rayon::prelude::*;
    let per_game: Vec<Option<Vec<Sample>>> = records
        .par_iter()
        .enumerate()
        .map_init(
            || Vcf::new(1 << 16),
            |vcf, (i, text)| extract_game_keeping(text, rule, first_game + i as u64, vcf, keep),
        )
        .collect();
    let mut tally = Tally {
        games: records.len(),
        ..Tally::default()
    };
    let mut out = Vec::new();
    for (game, text) in per_game.into_iter().zip(records) {
        match game {
            Some(samples) => {
                tally.positions +=
                    read_psq_game(text).map_or(0, |g| g.moves.len().saturating_sub(SKIP_PLIES));
                tally.kept += samples.len();
                out.extend(samples);
            }
            None => tally.skipped_games += 1,
        }
    }
    (out, tally)
}

/// Adds a search's score to every sample: one thread's search of at most
/// `nodes` nodes, with no clock, so the scores do not depend on the
/// machine. Mate scores are kept as they are. The samples are searched in
/// parallel.
pub fn label(samples: &mut [Sample], nodes: u64) {
    use rayon::prelude::*;
    use std::sync::atomic::AtomicBool;
    use tengen::search::{Config, Limits, Searcher};
    samples.par_iter_mut().for_each_init(
        || {
            Searcher::new(Config {
                threads: 1,
                hash_bytes: 8 << 20,
                ..Config::default()
            })
        },
        |searcher, s| {
            let Ok(board) = s.board() else { return };
            searcher.clear_hash();
            let limits = Limits {
                max_nodes: nodes,
                ..Limits::default()
            };
            let r = searcher.think(&board, &limits, &AtomicBool::new(false), &mut |_| {});
            s.search = r.best.map(|_| r.score);
        },
    );
}

/// The scale `K` under which `σ(score / K)` predicts the game scores best
/// (least squares), for `(score, game score)` pairs: how many of its units
/// an evaluation needs for one step in the log-odds of winning.
#[must_use]
pub fn result_scale(points: &[(f64, f64)]) -> f64 {
    use super::logistic::{best_scale, sigmoid};
    best_scale(|k| {
        points
            .iter()
            .map(|&(v, s)| (sigmoid(v / k) - s).powi(2))
            .sum::<f64>()
    })
}

/// Labels the samples with another engine's scores, put in this engine's
/// units: `scores[i]` is that engine's score of `samples[i]` for the side
/// to move (`None`: none, the sample keeps no score), with its forced wins
/// and losses as `±`[`VCF_WIN_SCORE`], kept as they are. The two engines
/// count in different units, so each gets the scale under which its scores
/// best predict the game results ([`result_scale`]): this engine's static
/// evaluation (the built-in table) on all the samples, as the tuner's own
/// scale is found, and the other engine's scores short of a forced result.
/// A score `v` becomes `v · K_own / K_other`. Returns `(K_own, K_other)`.
///
/// # Panics
/// When `scores` and `samples` differ in length.
pub fn label_from(samples: &mut [Sample], scores: &[Option<i32>]) -> (f64, f64) {
    use rayon::prelude::*;
    assert_eq!(samples.len(), scores.len());
    let own: Vec<(f64, f64)> = samples
        .par_iter()
        .filter_map(|s| {
            let e = tengen::eval::static_eval(&s.board().ok()?);
            Some((f64::from(e), s.score()))
        })
        .collect();
    let other: Vec<(f64, f64)> = samples
        .iter()
        .zip(scores)
        .filter_map(|(s, v)| {
            let v = v.filter(|v| v.abs() < VCF_WIN_SCORE)?;
            Some((f64::from(v), s.score()))
        })
        .collect();
    let (k_own, k_other) = (result_scale(&own), result_scale(&other));
    label_scaled(samples, scores, k_own, k_other);
    (k_own, k_other)
}

/// As [`label_from`] with the two scales given, for samples whose game
/// results say little of the positions (those of [`perturb`]): the scales
/// of an earlier labelling of the games' own positions are reused.
///
/// # Panics
/// When `scores` and `samples` differ in length.
pub fn label_scaled(samples: &mut [Sample], scores: &[Option<i32>], k_own: f64, k_other: f64) {
    assert_eq!(samples.len(), scores.len());
    for (s, v) in samples.iter_mut().zip(scores) {
        s.search = v.map(|v| {
            if v.abs() >= VCF_WIN_SCORE {
                v.signum() * VCF_WIN_SCORE
            } else {
                (f64::from(v) * k_own / k_other).round() as i32
            }
        });
    }
}
