//! An engine as a child process spoken to in the Gomocup protocol.
//!
//! A reader thread turns the engine's stdout into lines on a channel, so the
//! arena waits for an answer with a deadline and is never stuck on a hung or
//! crashed engine. The process is killed when the handle is dropped.

use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// How to start one engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name shown in tables and written into records.
    pub name: String,
    /// The executable.
    pub command: PathBuf,
    /// Arguments passed to it.
    pub args: Vec<String>,
}

impl EngineSpec {
    /// Parses `[NAME=]COMMAND [ARG...]`, split on white space.
    ///
    /// Without a name the executable's file stem is used (a leading
    /// `pbrain-` is kept, as Gomocup names engines that way).
    ///
    /// # Errors
    /// An empty command.
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
        Ok(EngineSpec {
            name,
            command,
            args: words.map(str::to_string).collect(),
        })
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
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let text = String::from_utf8_lossy(&buf);
                            // A line may end in CRLF, LF, or hold lone CRs.
                            for part in text.split(['\r', '\n']).filter(|p| !p.trim().is_empty()) {
                                if tx.send(part.trim().to_string()).is_err() {
                                    return;
                                }
                            }
                        }
                    }
                }
            })?;
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            closed: false,
            transcript: None,
            interrupt,
        })
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

    /// Sends one command line and flushes it.
    ///
    /// # Errors
    /// When the engine's stdin is closed (it has exited).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()?;
        self.note(">", line);
        Ok(())
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
    }
}
