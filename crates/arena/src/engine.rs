//! An engine as a child process spoken to in the Gomocup protocol.
//!
//! A reader thread turns the engine's stdout into lines on a channel, so the
//! arena waits for an answer with a deadline and is never stuck on a hung or
//! crashed engine. The process is killed when the handle is dropped.
//!
//! An engine that drops a command arriving just after it printed something
//! (Rapfi) is paced with `settle=TIME` in its spec: each line to it waits
//! until the engine has been quiet that long ([`EngineProcess::send`]).

use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// The longest line read from an engine, in bytes. A longer one is cut
/// here and handed on at once with a note of its length, so that it is
/// judged (as garbage) without the rest being waited for or kept.
pub const MAX_LINE: usize = 16 * 1024;

/// Lines read ahead of the arena; past this the reader waits, and the
/// engine with it, so an engine that floods its output costs at most
/// this many lines of [`MAX_LINE`] bytes.
const MAX_PENDING_LINES: usize = 256;

/// The longest a line is held for an engine paced with `settle`, as a
/// multiple of that time: an engine that never falls quiet is not waited
/// for without end.
const MAX_SETTLE_FACTOR: u32 = 10;

/// The reader thread's loop: splits the engine's output into lines (LF,
/// CRLF or lone CR), cuts lines longer than [`MAX_LINE`], and hands them
/// on until the output closes or nobody listens. `heard` is called
/// whenever output arrives.
fn read_lines(mut reader: impl BufRead, tx: &mpsc::SyncSender<String>, heard: impl Fn()) {
    let mut line: Vec<u8> = Vec::new();
    // Bytes of an over-long line being skipped, once it was handed on.
    let mut skipped: Option<usize> = None;
    let hand_on = |bytes: &[u8]| -> bool {
        let text = String::from_utf8_lossy(bytes);
        let text = text.trim();
        text.is_empty() || tx.send(text.to_string()).is_ok()
    };
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(chunk) => chunk,
        };
        heard();
        let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
        let take = end.unwrap_or(chunk.len());
        match skipped.as_mut() {
            Some(n) => *n += take,
            None => line.extend_from_slice(&chunk[..take]),
        }
        reader.consume(take + usize::from(end.is_some()));
        if skipped.is_none() && line.len() > MAX_LINE {
            line.truncate(MAX_LINE);
            let mut cut = String::from_utf8_lossy(&line).into_owned();
            cut.push_str(&format!(" … (a line over {MAX_LINE} bytes)"));
            if !hand_on(cut.as_bytes()) {
                return;
            }
            line.clear();
            skipped = Some(0);
        }
        if end.is_some() {
            if skipped.take().is_none() && !hand_on(&line) {
                return;
            }
            line.clear();
        }
    }
    if skipped.is_none() {
        hand_on(&line);
    }
}

/// How to start one engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name shown in tables and written into records.
    pub name: String,
    /// The executable.
    pub command: PathBuf,
    /// Arguments passed to it.
    pub args: Vec<String>,
    /// Pacing (`settle=TIME`): each line to the engine waits until it has
    /// written nothing for this long; zero sends at once.
    pub settle: Duration,
}

impl EngineSpec {
    /// Parses `[NAME=]COMMAND [ARG...]`, split on white space. A word
    /// `settle=TIME` after the command is the arena's pacing of the engine
    /// ([`EngineSpec::settle`]), not an argument.
    ///
    /// Without a name the executable's file stem is used (a leading
    /// `pbrain-` is kept, as Gomocup names engines that way).
    ///
    /// # Errors
    /// An empty command, or a `settle=` that is not a duration.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut words = text.split_whitespace();
        let first = words
            .next()
            .ok_or_else(|| "empty engine command".to_string())?;
        let (name, command) = match first.split_once('=') {
            Some((n, c)) if !n.is_empty() && !n.contains('/') && !n.contains('\\') => {
                (Some(n.to_string()), c.to_string())
            }
            _ => (None, first.to_string()),
        };
        if command.is_empty() {
            return Err(format!("engine `{text}` has no command"));
        }
        let command = PathBuf::from(command);
        let name = name.unwrap_or_else(|| {
            command.file_stem().map_or_else(
                || "engine".to_string(),
                |s| s.to_string_lossy().into_owned(),
            )
        });
        let mut args = Vec::new();
        let mut settle = Duration::ZERO;
        for word in words {
            match word.strip_prefix("settle=") {
                Some(time) => {
                    settle = crate::clock::parse_duration(time)
                        .map_err(|e| format!("engine `{name}`: settle={time}: {e}"))?;
                }
                None => args.push(word.to_string()),
            }
        }
        Ok(EngineSpec {
            name,
            command,
            args,
            settle,
        })
    }

    /// The command line as given: the command, its arguments and the
    /// arena's `settle=` when the engine is paced.
    #[must_use]
    pub fn command_line(&self) -> String {
        let mut c = self.command.display().to_string();
        for a in &self.args {
            c.push(' ');
            c.push_str(a);
        }
        if !self.settle.is_zero() {
            c.push_str(&format!(" settle={}ms", self.settle.as_millis()));
        }
        c
    }

    /// The path that will be run: as given if it names a file, otherwise
    /// looked up on `PATH`. `None` if neither finds an executable file.
    #[must_use]
    pub fn resolve(&self) -> Option<PathBuf> {
        let direct = &self.command;
        if direct.components().count() > 1 || direct.is_absolute() {
            return direct.is_file().then(|| direct.clone());
        }
        if direct.is_file() {
            return Some(direct.clone());
        }
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .map(|dir| dir.join(direct))
            .find(|p| p.is_file())
    }
}

/// What came back while waiting for a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// One line, without its line ending.
    Line(String),
    /// Nothing arrived before the deadline.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
    /// The arena was interrupted.
    Interrupted,
}

/// One transcript line: a sequence number shared by all engines (the
/// order in which lines were sent and received), microseconds since the
/// transcript's start, and the line with its direction (`>` sent, `<`
/// received).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Order among the notes of the engines sharing one counter (the two
    /// of a game).
    pub seq: u64,
    /// Microseconds since the start given to [`EngineProcess::keep_transcript`].
    pub micros: u64,
    /// `> line` or `< line`.
    pub text: String,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    closed: bool,
    /// The transcript's start, the counter that orders its notes, and the
    /// notes.
    transcript: Option<(Instant, Arc<AtomicU64>, Vec<Note>)>,
    /// Set when the user interrupts the arena (Ctrl-C): every wait gives
    /// up at once.
    interrupt: Arc<AtomicBool>,
    /// Pacing: how long the engine must have been quiet before a line is
    /// sent to it.
    settle: Duration,
    /// When the process started, and when its output last arrived, in
    /// microseconds since then (set by the reader thread).
    started: Instant,
    heard: Arc<AtomicU64>,
}

impl EngineProcess {
    /// Starts the engine with piped stdin and stdout (stderr is discarded);
    /// every wait for it gives up once `interrupt` is set.
    ///
    /// # Errors
    /// When the process cannot be started.
    pub fn spawn(spec: &EngineSpec, interrupt: Arc<AtomicBool>) -> io::Result<EngineProcess> {
        let program = spec.resolve().unwrap_or_else(|| spec.command.clone());
        let program = program.canonicalize().unwrap_or(program);
        let mut command = Command::new(&program);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = program.parent().filter(|d| d.is_absolute() && d.is_dir()) {
            // Engines find their data files next to themselves.
            command.current_dir(dir);
        }
        let mut child = command.spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::sync_channel(MAX_PENDING_LINES);
        let started = Instant::now();
        let heard = Arc::new(AtomicU64::new(0));
        let stamp = Arc::clone(&heard);
        thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let heard = || {
                    let us = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
                    stamp.store(us, Ordering::Relaxed);
                };
                read_lines(BufReader::new(stdout), &tx, heard);
            })?;
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            closed: false,
            transcript: None,
            interrupt,
            settle: spec.settle,
            started,
            heard,
        })
    }

    /// Waits, for an engine paced with `settle`, until it has written
    /// nothing for that long (at most [`MAX_SETTLE_FACTOR`] times that
    /// in all, and not past an interrupt); how long it waited.
    fn settle(&self) -> Duration {
        let begun = Instant::now();
        if self.settle.is_zero() {
            return Duration::ZERO;
        }
        let give_up = begun + self.settle * MAX_SETTLE_FACTOR;
        loop {
            let last = self.started + Duration::from_micros(self.heard.load(Ordering::Relaxed));
            let quiet_from = last + self.settle;
            let now = Instant::now();
            if now >= quiet_from || now >= give_up || self.interrupt.load(Ordering::Relaxed) {
                return begun.elapsed();
            }
            thread::sleep((quiet_from.min(give_up) - now).min(Duration::from_millis(50)));
        }
    }

    /// Drops every line the engine wrote that was not read (a process kept
    /// from one game for the next may have said more after its last move).
    pub fn drain(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            drop(line);
        }
    }

    /// Stops keeping a transcript.
    pub fn drop_transcript(&mut self) {
        self.transcript = None;
    }

    /// Starts keeping a transcript of every line sent (`> `) and received
    /// (`< `), each with its time since `since` and its number from `seq`
    /// (shared with the other engine of the game, so that the two
    /// transcripts merge in order).
    pub fn keep_transcript(&mut self, since: Instant, seq: Arc<AtomicU64>) {
        self.transcript = Some((since, seq, Vec::new()));
    }

    /// The transcript kept so far (empty unless [`Self::keep_transcript`]
    /// was called).
    #[must_use]
    pub fn transcript(&self) -> &[Note] {
        self.transcript
            .as_ref()
            .map_or(&[], |(_, _, v)| v.as_slice())
    }

    fn note(&mut self, dir: &str, line: &str) {
        if let Some((since, seq, v)) = &mut self.transcript {
            v.push(Note {
                seq: seq.fetch_add(1, Ordering::Relaxed),
                micros: u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX),
                text: format!("{dir} {line}"),
            });
        }
    }

    /// Sends one command line and flushes it; for an engine paced with
    /// `settle`, once it has been quiet that long. Returns the time the
    /// line was held, which is not the engine's thinking time.
    ///
    /// # Errors
    /// When the engine's stdin is closed (it has exited).
    pub fn send(&mut self, line: &str) -> io::Result<Duration> {
        let held = self.settle();
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()?;
        self.note(">", line);
        Ok(held)
    }

    /// The next line from the engine, waiting at most until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Reply {
        if self.closed {
            return Reply::Closed;
        }
        loop {
            if self.interrupt.load(Ordering::Relaxed) {
                return Reply::Interrupted;
            }
            let now = Instant::now();
            if now >= deadline {
                return Reply::Timeout;
            }
            let slice = (deadline - now).min(Duration::from_millis(50));
            match self.lines.recv_timeout(slice) {
                Ok(line) => {
                    self.note("<", &line);
                    return Reply::Line(line);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.closed = true;
                    return Reply::Closed;
                }
            }
        }
    }

    /// How the process ended, if it has: for crash reports.
    pub fn exit_status(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// Sends `END`, gives the engine `grace` to exit, then kills it.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send("END");
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Drop kills it.
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> Vec<String> {
        let (tx, rx) = mpsc::sync_channel(MAX_PENDING_LINES);
        read_lines(std::io::Cursor::new(bytes.to_vec()), &tx, || {});
        drop(tx);
        rx.into_iter().collect()
    }

    #[test]
    fn lines_end_in_lf_crlf_or_cr_and_long_ones_are_cut() {
        assert_eq!(
            lines_of(b"OK\r\n7,7\rMESSAGE hi\n\n  \nlast"),
            ["OK", "7,7", "MESSAGE hi", "last"]
        );
        // Ten megabytes without a newline: one cut line, then the next
        // line as usual.
        let mut flood = vec![b'x'; 10 << 20];
        flood.extend_from_slice(b"\n8,8\n");
        let got = lines_of(&flood);
        assert_eq!(got.len(), 2);
        assert!(got[0].len() < MAX_LINE + 100, "{}", got[0].len());
        assert!(got[0].ends_with(&format!("(a line over {MAX_LINE} bytes)")));
        assert_eq!(got[1], "8,8");
        // The same at the end of the output, without a newline.
        let got = lines_of(&vec![b'y'; 3 * MAX_LINE]);
        assert_eq!(got.len(), 1);
        assert!(got[0].starts_with("yyy") && got[0].contains("over"));
    }

    #[test]
    fn engine_specs_parse() {
        let s = EngineSpec::parse("foo=./bin/engine --fast x").unwrap();
        assert_eq!(s.name, "foo");
        assert_eq!(s.command, PathBuf::from("./bin/engine"));
        assert_eq!(s.args, vec!["--fast", "x"]);
        let s = EngineSpec::parse("/opt/pbrain-rapfi").unwrap();
        assert_eq!(s.name, "pbrain-rapfi");
        assert!(s.args.is_empty());
        assert!(EngineSpec::parse("   ").is_err());
        assert!(EngineSpec::parse("x=").is_err());
        // Pacing is the arena's, wherever it stands after the command.
        let s = EngineSpec::parse("rapfi=/opt/pbrain-rapfi settle=50ms --x 1").unwrap();
        assert_eq!(
            (s.name.as_str(), s.settle),
            ("rapfi", Duration::from_millis(50))
        );
        assert_eq!(s.args, vec!["--x", "1"]);
        assert_eq!(s.command_line(), "/opt/pbrain-rapfi --x 1 settle=50ms");
        let e = EngineSpec::parse("r=/opt/r settle=soon").unwrap_err();
        assert!(e.contains("settle=soon"), "{e}");
        assert_eq!(EngineSpec::parse("a=b c").unwrap().settle, Duration::ZERO);
    }
}
