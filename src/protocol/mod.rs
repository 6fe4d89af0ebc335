//! The Gomocup (Piskvork) protocol and the Yixin Board extensions.
//!
//! Three layers, each usable alone:
//!
//! - [`command`]: a pure parser from text lines to typed [`Command`]s, with
//!   the multi-line blocks (`BOARD` … `DONE`) as a small state machine;
//! - [`Session`]: the game state and settings; it turns each command into
//!   its answer, and leaves the state unchanged when it answers `ERROR`;
//! - [`run`]: the I/O loop. A reader thread reads the input while the
//!   engine thinks: `STOP`, `YXSTOP` and `END` act at once, every other
//!   command is queued and carried out after the move, never dropped.
//!
//! Time management for one move lives in [`time`], the game's expected
//! length in [`lengths`]; `SWAP2BOARD` and
//! `OPENINGBOARD` are decided by [`crate::opening`], with the search as its
//! judge through [`SearchEval`]. The search is reached only through
//! [`crate::search::Searcher`].

pub mod command;
pub mod lengths;
pub mod search_eval;
pub mod session;
pub mod signal;
pub mod time;

pub use command::{Command, ParseError, Parser};
pub use search_eval::SearchEval;
pub use session::{Flow, Incoming, Session, MAX_THREADS};
pub use signal::Signal;

use crate::search::Config;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// After `END`, the process exits at the latest this long after reading it,
/// whatever the search is doing (the protocol allows about a second).
pub const END_GRACE: Duration = Duration::from_millis(800);

/// What the reader thread hands to the session.
enum Event {
    Incoming(Incoming),
    Eof,
}

/// Splits raw input into lines ended by CR LF, LF or CR; lines longer than
/// [`command::MAX_LINE`] bytes are cut.
struct Lines<R> {
    inner: BufReader<R>,
    pending_cr: bool,
}

impl<R: Read> Lines<R> {
    fn new(inner: R) -> Lines<R> {
        Lines {
            inner: BufReader::new(inner),
            pending_cr: false,
        }
    }

    /// The next line, `None` at the end of the input.
    fn next_line(&mut self) -> io::Result<Option<String>> {
        let mut line: Vec<u8> = Vec::new();
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(if line.is_empty() {
                    None
                } else {
                    Some(String::from_utf8_lossy(&line).into_owned())
                });
            }
            let mut used = 0;
            let mut done = false;
            for &byte in buf {
                used += 1;
                if self.pending_cr {
                    self.pending_cr = false;
                    if byte == b'\n' {
                        continue; // the LF of a CR LF
                    }
                }
                match byte {
                    b'\n' => {
                        done = true;
                        break;
                    }
                    b'\r' => {
                        self.pending_cr = true;
                        done = true;
                        break;
                    }
                    _ if line.len() < command::MAX_LINE => line.push(byte),
                    _ => {}
                }
            }
            self.inner.consume(used);
            if done {
                return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
            }
        }
    }
}

/// Reads `input` line by line, parses it, acts on stop and end requests at
/// once, and queues everything for the session.
fn reader<R: Read>(input: R, signal: &Signal, queue: &mpsc::Sender<Event>) {
    let mut lines = Lines::new(input);
    let mut parser = Parser::new();
    let mut seq = 0u64;
    loop {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) | Err(_) => {
                let _ = queue.send(Event::Eof);
                return;
            }
        };
        for parsed in parser.feed(&line) {
            seq += 1;
            let end = matches!(parsed, Ok(Command::End));
            match parsed {
                Ok(Command::Stop) => signal.request_stop(seq),
                Ok(Command::End) => signal.request_end(),
                _ => {}
            }
            if queue
                .send(Event::Incoming(Incoming::now(parsed, seq)))
                .is_err()
            {
                return;
            }
            if end {
                // Leave within the protocol's second even if a search does
                // not stop in time.
                thread::sleep(END_GRACE);
                std::process::exit(0);
            }
        }
    }
}

/// Runs the protocol: commands from `input`, answers to `output`, until
/// `END` or the end of the input.
///
/// Commands queued before an `END` are still carried out, but their
/// searches stop at once; the reader thread ends the process
/// [`END_GRACE`] after reading `END` in any case.
///
/// # Errors
/// When writing to `output` fails.
pub fn run<R, W>(input: R, output: W) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write,
{
    run_with(input, output, Config::default())
}

/// [`run`] with the search starting from `config` instead of the defaults
/// (the command line's `--threads` and `--no-vct`).
///
/// # Errors
/// When writing to `output` fails.
pub fn run_with<R, W>(input: R, mut output: W, config: Config) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write,
{
    let signal = Arc::new(Signal::new());
    let (queue, commands) = mpsc::channel();
    let reader_signal = Arc::clone(&signal);
    thread::Builder::new()
        .name("stdin".into())
        .spawn(move || reader(input, &reader_signal, &queue))?;
    let mut session = Session::with_config(Arc::clone(&signal), config);
    while let Ok(Event::Incoming(request)) = commands.recv() {
        let handled =
            panic::catch_unwind(AssertUnwindSafe(|| session.handle(&request, &mut output)));
        match handled {
            Ok(flow) => {
                if flow? == Flow::Exit {
                    break;
                }
            }
            // A bug must not end the game: say so and read on.
            Err(_) => writeln!(
                output,
                "ERROR internal error; the command was not carried out"
            )
            .and_then(|()| output.flush())?,
        }
    }
    Ok(())
}

/// The folder holding the executable, where data files (openings, books)
/// are looked for; the working directory is never used for them.
#[must_use]
pub fn engine_dir() -> Option<PathBuf> {
    std::env::current_exe()
        .ok()
        .or_else(|| std::env::args_os().next().map(PathBuf::from))
        .and_then(|exe| exe.parent().map(PathBuf::from))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_ending_is_understood() {
        let mut lines = Lines::new(&b"A\r\nB\nC\rD\r\r\nE"[..]);
        let mut got = Vec::new();
        while let Some(l) = lines.next_line().unwrap() {
            got.push(l);
        }
        assert_eq!(got, ["A", "B", "C", "D", "", "E"]);
    }

    #[test]
    fn run_answers_everything_queued_before_the_end_of_input() {
        let input: &'static [u8] = b"start 15\r\nBEGIN\rYXSTOP\nABOUT\nTURN 0,0\nBOARD\n";
        let mut out = Vec::new();
        run(input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
            .collect();
        assert_eq!(answers.len(), 4, "{text}");
        assert_eq!(answers[0], "OK");
        assert!(answers[2].starts_with("name=\"Tengen\""));
        assert_ne!(answers[1], answers[3]);
    }

    #[test]
    fn a_huge_line_is_cut() {
        let mut input = vec![b'x'; 100_000];
        input.extend_from_slice(b"\nABOUT\n");
        let mut lines = Lines::new(&input[..]);
        assert_eq!(lines.next_line().unwrap().unwrap().len(), command::MAX_LINE);
        assert_eq!(lines.next_line().unwrap().unwrap(), "ABOUT");
    }
}
