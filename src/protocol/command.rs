//! The pure parser: text lines in, typed [`Command`]s out.
//!
//! Keywords are case-insensitive. A line may hold one command; the block
//! commands (`BOARD`, `YXBOARD`, `SWAP2BOARD`, `YXBLOCK`, `YXBLOCKUNDO`) read
//! entries until `DONE`, one or more to a line, and entries may also follow
//! the keyword on its own line (`YXBOARD 7,7,1 8,8,2 DONE` is one command).
//!
//! The parser never looks at the game state: coordinates come out as raw
//! numbers and the session checks them against the board.

use crate::board::parse_xy;
use std::fmt;

/// A point as the manager wrote it, not yet checked against the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    /// Column.
    pub x: i64,
    /// Row.
    pub y: i64,
}

impl Coord {
    /// `-1,-1`: a pass, as `TURN` and `BOARD` entries may carry it.
    pub const PASS: Coord = Coord { x: -1, y: -1 };

    /// Whether this is the pass `-1,-1`.
    #[must_use]
    pub fn is_pass(self) -> bool {
        self == Coord::PASS
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// What a `BOARD` entry's third field says the stone is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// 1: the engine's own stone (under `YXBOARD`, the side to move).
    Own,
    /// 2: the opponent's stone.
    Opponent,
    /// 3: a continuous-game marker: part of a finished winning line (or a
    /// renju forbidden point); neither side may play there.
    Marker,
}

/// One `x,y,field` entry of a `BOARD`, `YXBOARD` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Where.
    pub at: Coord,
    /// Whose.
    pub field: Field,
}

/// An `INFO key value` setting, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InfoKey {
    /// `timeout_turn`: milliseconds per move, 0 = as fast as possible.
    TimeoutTurn(i64),
    /// `timeout_match`: milliseconds per game, 0 = no limit.
    TimeoutMatch(i64),
    /// `time_left`: milliseconds left in the game (2147483647 = no limit;
    /// may be negative).
    TimeLeft(i64),
    /// `max_memory`: bytes, 0 = no limit given.
    MaxMemory(u64),
    /// `game_type`: 0 human, 1 brain, 2 tournament, 3 network tournament.
    GameType(i64),
    /// `rule`: the Gomocup rule number.
    Rule(u32),
    /// `evaluate x,y`: the mouse position in a debugging manager; ignored.
    Evaluate(Coord),
    /// `folder`: where persistent files may go.
    Folder(String),
    /// `thread_num` (Yixin Board): worker threads.
    ThreadNum(u64),
    /// `hash_size` (Yixin Board): transposition table size in KB.
    HashSize(u64),
    /// `max_depth` (Yixin Board): depth limit, 0 = none.
    MaxDepth(u64),
    /// `max_node` (Yixin Board): node limit, 0 = none.
    MaxNode(u64),
    /// `show_detail` (Yixin Board): bit 0 asks for `MESSAGE REALTIME` lines.
    ShowDetail(u64),
    /// Any other key: ignored silently.
    Other(String),
}

/// Which block command a list of stones came with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// `BOARD`: set the position and answer with a move.
    Board,
    /// `YXBOARD`: set the position, no answer.
    YxBoard,
}

/// A command from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n` or `RECTSTART w,h`: a new game on an empty board.
    Start {
        /// Number of columns.
        width: i64,
        /// Number of rows.
        height: i64,
    },
    /// `RESTART`: a new game, same size.
    Restart,
    /// `BEGIN`: play the first move.
    Begin,
    /// `TURN x,y`: the side to move played `x,y` (`-1,-1`: passed); answer
    /// with a move.
    Turn(Coord),
    /// `BOARD` or `YXBOARD` … `DONE`.
    Board {
        /// Which of the two.
        kind: BoardKind,
        /// The entries, in the order given.
        entries: Vec<Entry>,
    },
    /// `SWAP2BOARD` … `DONE`: 0, 3 or 5 stones in move order.
    Swap2Board(Vec<Coord>),
    /// `OPENINGBOARD rule [n] [NOSWAP]` … `DONE`: a stage of a renju
    /// opening rule; the header words and the `x,y,c` lines as sent.
    OpeningBoard {
        /// The words after `OPENINGBOARD`.
        header: String,
        /// The block's entries.
        lines: Vec<String>,
    },
    /// `INFO key value`.
    Info(InfoKey),
    /// `END`: exit.
    End,
    /// `ABOUT`: describe the engine.
    About,
    /// `TAKEBACK x,y`: remove the stone on `x,y`.
    Takeback(Coord),
    /// `PLAY x,y`: the engine must play `x,y` (the answer to `SUGGEST`).
    Play(Coord),
    /// `STOP` or `YXSTOP`: answer now with the best move so far.
    Stop,
    /// `YXSHOWFORBID`: list black's renju forbidden points.
    ShowForbid,
    /// `YXNBEST n`: search and report the best `n` moves.
    NBest(u64),
    /// `YXHASHCLEAR`: forget the transposition table.
    HashClear,
    /// `YXBLOCK` … `DONE`: points the search must not play.
    Block(Vec<Coord>),
    /// `YXBLOCKUNDO` … `DONE`: points to allow again.
    BlockUndo(Vec<Coord>),
    /// `YXBLOCKRESET`: allow every point again.
    BlockReset,
    /// `YXSHOWINFO`: the limits a GUI may offer.
    ShowInfo,
    /// Anything else: answered with `UNKNOWN`.
    Unknown(String),
}

/// Why a line (or a block) could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// One result of feeding the parser.
pub type Parsed = Result<Command, ParseError>;

/// The block being read, if any.
#[derive(Debug)]
enum Pending {
    Board(BoardKind, Vec<Entry>),
    Swap2(Vec<Coord>),
    Opening(String, Vec<String>),
    Blocked { undo: bool, points: Vec<Coord> },
}

impl Pending {
    fn name(&self) -> &'static str {
        match self {
            Pending::Board(BoardKind::Board, _) => "BOARD",
            Pending::Board(BoardKind::YxBoard, _) => "YXBOARD",
            Pending::Swap2(_) => "SWAP2BOARD",
            Pending::Opening(..) => "OPENINGBOARD",
            Pending::Blocked { undo: false, .. } => "YXBLOCK",
            Pending::Blocked { undo: true, .. } => "YXBLOCKUNDO",
        }
    }
}

/// Entries a block may hold before it is refused (a 32 × 32 board has 1024
/// points; anything longer is garbage and would only cost memory).
const MAX_BLOCK_ENTRIES: usize = 4096;

/// Longest line kept; the protocol allows a manager to cut long lines, and
/// so do we.
pub const MAX_LINE: usize = 4096;

/// The line parser, with the state of an unfinished block.
#[derive(Debug, Default)]
pub struct Parser {
    block: Option<Pending>,
    /// The first problem met inside the current block.
    block_error: Option<String>,
}

/// Keywords that start a command; met inside a block they mean `DONE` was
/// lost, so the block is refused and the line read as a command.
const KEYWORDS: [&str; 23] = [
    "OPENINGBOARD",
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "YXBOARD",
    "SWAP2BOARD",
    "INFO",
    "END",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "STOP",
    "YXSTOP",
    "YXSHOWFORBID",
    "YXNBEST",
    "YXHASHCLEAR",
    "YXBLOCK",
    "YXBLOCKUNDO",
    "YXBLOCKRESET",
    "YXSHOWINFO",
];

impl Parser {
    /// A parser outside any block.
    #[must_use]
    pub fn new() -> Parser {
        Parser::default()
    }

    /// Whether a block is being read (its `DONE` has not come yet).
    #[must_use]
    pub fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// Reads one line (without its line ending) and returns the commands it
    /// completes, usually none or one.
    pub fn feed(&mut self, line: &str) -> Vec<Parsed> {
        let mut out = Vec::new();
        let line = cut(line, MAX_LINE);
        self.feed_into(line, &mut out);
        out
    }

    fn feed_into(&mut self, line: &str, out: &mut Vec<Parsed>) {
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        if line.is_empty() {
            return;
        }
        if self.block.is_some() {
            let first = line.split_whitespace().next().unwrap_or("");
            let upper = first.to_ascii_uppercase();
            if KEYWORDS.contains(&upper.as_str()) {
                let name = self.block.take().map_or("", |b| b.name());
                self.block_error = None;
                out.push(Err(ParseError(format!("{name} ended without DONE"))));
            } else {
                self.block_tokens(line, out);
                return;
            }
        }
        let (word, rest) = split_word(line);
        let word = word.to_ascii_uppercase();
        let parsed = match word.as_str() {
            "START" => parse_start(rest),
            "RECTSTART" => parse_rectstart(rest),
            "RESTART" => no_args("RESTART", rest, Command::Restart),
            "BEGIN" => no_args("BEGIN", rest, Command::Begin),
            "TURN" => parse_coord("TURN", rest).map(Command::Turn),
            "TAKEBACK" => parse_coord("TAKEBACK", rest).map(Command::Takeback),
            "PLAY" => parse_coord("PLAY", rest).map(Command::Play),
            "INFO" => parse_info(rest),
            "END" => Ok(Command::End),
            "ABOUT" => Ok(Command::About),
            "STOP" | "YXSTOP" => Ok(Command::Stop),
            "YXSHOWFORBID" => Ok(Command::ShowForbid),
            "YXHASHCLEAR" => Ok(Command::HashClear),
            "YXBLOCKRESET" => Ok(Command::BlockReset),
            "YXSHOWINFO" => Ok(Command::ShowInfo),
            "YXNBEST" => parse_nbest(rest),
            "OPENINGBOARD" => {
                // Header words up to the first entry or DONE; the rest of
                // the line is read as block entries.
                let mut header = Vec::new();
                let mut tail = rest;
                loop {
                    let (w, t) = split_word(tail);
                    if w.is_empty() || w.contains(',') || w.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    header.push(w.to_string());
                    tail = t;
                }
                self.block = Some(Pending::Opening(header.join(" "), Vec::new()));
                self.block_error = None;
                if !tail.is_empty() {
                    self.block_tokens(tail, out);
                }
                return;
            }
            "BOARD" | "YXBOARD" | "SWAP2BOARD" | "YXBLOCK" | "YXBLOCKUNDO" => {
                self.block = Some(match word.as_str() {
                    "BOARD" => Pending::Board(BoardKind::Board, Vec::new()),
                    "YXBOARD" => Pending::Board(BoardKind::YxBoard, Vec::new()),
                    "SWAP2BOARD" => Pending::Swap2(Vec::new()),
                    "YXBLOCK" => Pending::Blocked {
                        undo: false,
                        points: Vec::new(),
                    },
                    _ => Pending::Blocked {
                        undo: true,
                        points: Vec::new(),
                    },
                });
                self.block_error = None;
                if !rest.is_empty() {
                    self.block_tokens(rest, out);
                }
                return;
            }
            _ => Ok(Command::Unknown(word)),
        };
        out.push(parsed);
    }

    /// Reads the entries of a block line; `DONE` ends the block, and what
    /// follows it on the line is read as a new line.
    fn block_tokens(&mut self, line: &str, out: &mut Vec<Parsed>) {
        let mut rest = line;
        loop {
            let (token, tail) = split_word(rest);
            if token.is_empty() {
                return;
            }
            rest = tail;
            if token.eq_ignore_ascii_case("DONE") {
                let block = self.block.take();
                let error = self.block_error.take();
                if let Some(block) = block {
                    out.push(match error {
                        Some(e) => Err(ParseError(format!("{}: {e}", block.name()))),
                        None => Ok(match block {
                            Pending::Board(kind, entries) => Command::Board { kind, entries },
                            Pending::Swap2(points) => Command::Swap2Board(points),
                            Pending::Opening(header, lines) => {
                                Command::OpeningBoard { header, lines }
                            }
                            Pending::Blocked {
                                undo: false,
                                points,
                            } => Command::Block(points),
                            Pending::Blocked { undo: true, points } => Command::BlockUndo(points),
                        }),
                    });
                }
                self.feed_into(rest, out);
                return;
            }
            self.block_entry(token);
        }
    }

    fn block_entry(&mut self, token: &str) {
        if self.block_error.is_some() {
            return;
        }
        let Some(block) = self.block.as_mut() else {
            return;
        };
        let len = match block {
            Pending::Board(_, e) => e.len(),
            Pending::Opening(_, l) => l.len(),
            Pending::Swap2(p) | Pending::Blocked { points: p, .. } => p.len(),
        };
        if len >= MAX_BLOCK_ENTRIES {
            self.block_error = Some(format!("more than {MAX_BLOCK_ENTRIES} entries"));
            return;
        }
        let fields: Vec<&str> = token.split(',').map(str::trim).collect();
        let result = match block {
            // Checked by the opening layer, which knows the stage format.
            Pending::Opening(_, lines) => {
                lines.push(token.to_string());
                Ok(())
            }
            Pending::Board(_, entries) => {
                if fields.len() != 3 {
                    Err(format!("entry '{token}' is not x,y,field"))
                } else {
                    match (number(fields[0]), number(fields[1]), fields[2]) {
                        (Some(x), Some(y), f) => {
                            let field = match f {
                                "1" => Some(Field::Own),
                                "2" => Some(Field::Opponent),
                                "3" => Some(Field::Marker),
                                _ => None,
                            };
                            match field {
                                Some(field) => {
                                    entries.push(Entry {
                                        at: Coord { x, y },
                                        field,
                                    });
                                    Ok(())
                                }
                                None => Err(format!("entry '{token}': field must be 1, 2 or 3")),
                            }
                        }
                        _ => Err(format!("entry '{token}' is not x,y,field")),
                    }
                }
            }
            // Stones and blocked points are x,y; a third field is tolerated
            // (some tools send x,y,colour) and ignored.
            Pending::Swap2(points) | Pending::Blocked { points, .. } => {
                match (
                    fields.len(),
                    fields.first().and_then(|s| number(s)),
                    fields.get(1).and_then(|s| number(s)),
                ) {
                    (2 | 3, Some(x), Some(y)) => {
                        points.push(Coord { x, y });
                        Ok(())
                    }
                    _ => Err(format!("entry '{token}' is not x,y")),
                }
            }
        };
        if let Err(e) = result {
            self.block_error = Some(e);
        }
    }
}

/// `line` cut to at most `max` bytes, on a character boundary.
fn cut(line: &str, max: usize) -> &str {
    if line.len() <= max {
        return line;
    }
    let mut end = max;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
}

/// The first word and the rest, both trimmed.
fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], s[i..].trim()),
        None => (s, ""),
    }
}

/// A decimal integer, optionally signed, within a sane range.
fn number(s: &str) -> Option<i64> {
    let s = s.trim();
    if s.is_empty() || s.len() > 19 {
        return None;
    }
    s.parse::<i64>().ok()
}

fn no_args(name: &str, rest: &str, cmd: Command) -> Parsed {
    if rest.is_empty() {
        Ok(cmd)
    } else {
        Err(ParseError(format!("{name} takes no arguments")))
    }
}

/// `x,y` with optional spaces around the comma.
fn coord(text: &str) -> Option<Coord> {
    let (x, y) = parse_xy(text)?;
    Some(Coord { x, y })
}

fn parse_coord(name: &str, rest: &str) -> Result<Coord, ParseError> {
    coord(rest).ok_or_else(|| ParseError(format!("{name} needs x,y, got '{rest}'")))
}

fn parse_start(rest: &str) -> Parsed {
    match number(rest) {
        Some(n) => Ok(Command::Start {
            width: n,
            height: n,
        }),
        None => Err(ParseError(format!(
            "START needs a board size, got '{rest}'"
        ))),
    }
}

fn parse_rectstart(rest: &str) -> Parsed {
    match coord(rest) {
        Some(c) => Ok(Command::Start {
            width: c.x,
            height: c.y,
        }),
        None => Err(ParseError(format!(
            "RECTSTART needs width,height, got '{rest}'"
        ))),
    }
}

fn parse_nbest(rest: &str) -> Parsed {
    match rest.parse::<u64>() {
        Ok(n) => Ok(Command::NBest(n)),
        Err(_) => Err(ParseError(format!("YXNBEST needs a count, got '{rest}'"))),
    }
}

fn parse_info(rest: &str) -> Parsed {
    let (key, value) = split_word(rest);
    let key = key.to_ascii_lowercase();
    if key.is_empty() {
        return Err(ParseError("INFO needs a key and a value".into()));
    }
    let int = |v: &str| -> Result<i64, ParseError> {
        number(v).ok_or_else(|| ParseError(format!("INFO {key} needs a number, got '{v}'")))
    };
    let unsigned = |v: &str| -> Result<u64, ParseError> {
        v.trim()
            .parse::<u64>()
            .map_err(|_| ParseError(format!("INFO {key} needs a non-negative number, got '{v}'")))
    };
    let info = match key.as_str() {
        "timeout_turn" => InfoKey::TimeoutTurn(int(value)?),
        "timeout_match" => InfoKey::TimeoutMatch(int(value)?),
        "time_left" => InfoKey::TimeLeft(int(value)?),
        "max_memory" => InfoKey::MaxMemory(unsigned(value)?),
        "game_type" => InfoKey::GameType(int(value)?),
        "rule" => InfoKey::Rule(
            u32::try_from(unsigned(value)?)
                .map_err(|_| ParseError(format!("INFO rule {value} is out of range")))?,
        ),
        "evaluate" => InfoKey::Evaluate(
            coord(value)
                .ok_or_else(|| ParseError(format!("INFO evaluate needs x,y, got '{value}'")))?,
        ),
        "folder" => {
            if value.is_empty() {
                return Err(ParseError("INFO folder needs a path".into()));
            }
            InfoKey::Folder(value.to_string())
        }
        "thread_num" => InfoKey::ThreadNum(unsigned(value)?),
        "hash_size" => InfoKey::HashSize(unsigned(value)?),
        "max_depth" => InfoKey::MaxDepth(unsigned(value)?),
        // Yixin Board sends 18446744073709551615 (u64::MAX) for "no limit".
        "max_node" => InfoKey::MaxNode(unsigned(value)?),
        "show_detail" => InfoKey::ShowDetail(unsigned(value)?),
        _ => InfoKey::Other(key),
    };
    Ok(Command::Info(info))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(p: &mut Parser, line: &str) -> Parsed {
        let mut v = p.feed(line);
        assert_eq!(v.len(), 1, "{line:?} gave {v:?}");
        v.pop().unwrap()
    }

    #[test]
    fn simple_commands_any_case() {
        let mut p = Parser::new();
        assert_eq!(
            one(&mut p, "start 20"),
            Ok(Command::Start {
                width: 20,
                height: 20
            })
        );
        assert_eq!(
            one(&mut p, "RectStart 30,20"),
            Ok(Command::Start {
                width: 30,
                height: 20
            })
        );
        assert_eq!(
            one(&mut p, "TURN 10, 11"),
            Ok(Command::Turn(Coord { x: 10, y: 11 }))
        );
        assert_eq!(one(&mut p, "yxstop"), Ok(Command::Stop));
        assert_eq!(
            one(&mut p, "INFO TIMEOUT_TURN 5000"),
            Ok(Command::Info(InfoKey::TimeoutTurn(5000)))
        );
        assert_eq!(
            one(&mut p, "INFO colour 3"),
            Ok(Command::Info(InfoKey::Other("colour".into())))
        );
        assert_eq!(one(&mut p, "FOO bar"), Ok(Command::Unknown("FOO".into())));
        assert!(one(&mut p, "TURN 10").is_err());
        assert!(one(&mut p, "START x").is_err());
        assert!(one(&mut p, "INFO timeout_turn lots").is_err());
        assert!(p.feed("   ").is_empty());
    }

    #[test]
    fn blocks_over_lines_and_on_one_line() {
        let mut p = Parser::new();
        assert!(p.feed("BOARD").is_empty());
        assert!(p.feed("10,10,1").is_empty());
        assert!(p.feed("10,11,2").is_empty());
        let cmd = one(&mut p, "done");
        assert_eq!(
            cmd,
            Ok(Command::Board {
                kind: BoardKind::Board,
                entries: vec![
                    Entry {
                        at: Coord { x: 10, y: 10 },
                        field: Field::Own
                    },
                    Entry {
                        at: Coord { x: 10, y: 11 },
                        field: Field::Opponent
                    },
                ]
            })
        );
        let cmd = one(&mut p, "YXBOARD 7,7,1 8,8,2 DONE");
        assert!(
            matches!(cmd, Ok(Command::Board { kind: BoardKind::YxBoard, ref entries }) if entries.len() == 2)
        );
        assert_eq!(
            one(&mut p, "BOARD DONE"),
            Ok(Command::Board {
                kind: BoardKind::Board,
                entries: vec![]
            })
        );
        let v = p.feed("SWAP2BOARD 7,7 8,7 9,9 DONE YXNBEST 2");
        assert_eq!(v.len(), 2);
        assert_eq!(v[1], Ok(Command::NBest(2)));
    }

    #[test]
    fn a_bad_entry_spoils_the_block_but_not_the_parser() {
        let mut p = Parser::new();
        assert!(p.feed("BOARD").is_empty());
        assert!(p.feed("10,10,7").is_empty());
        assert!(p.feed("1,2,1").is_empty());
        assert!(one(&mut p, "DONE").is_err());
        assert_eq!(one(&mut p, "BEGIN"), Ok(Command::Begin));
    }

    #[test]
    fn a_lost_done_is_noticed() {
        let mut p = Parser::new();
        assert!(p.feed("BOARD").is_empty());
        assert!(p.feed("1,1,1").is_empty());
        let v = p.feed("TURN 3,3");
        assert_eq!(v.len(), 2);
        assert!(v[0].is_err());
        assert_eq!(v[1], Ok(Command::Turn(Coord { x: 3, y: 3 })));
        assert!(!p.in_block());
    }
}
