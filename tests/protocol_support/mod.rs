//! Drives the real `pbrain-tengen` binary over pipes, with a timeout on
//! every read so that a hang fails the test instead of blocking it.

#![allow(dead_code)] // each test file uses its own part of the harness

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single answer may take before the test fails.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(10);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub log: Vec<String>,
    /// Whether every line must be a protocol answer (not for `bench`).
    check: bool,
}

/// Whether `line` is something a Gomocup manager can read from a brain.
pub fn well_formed(line: &str) -> bool {
    if line.is_empty() || !line.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return false;
    }
    let word = line.split(' ').next().unwrap_or("");
    match word {
        "OK" | "SWAP" => line == word,
        "ERROR" | "UNKNOWN" => line.len() > word.len() + 1,
        "MESSAGE" => true,
        // GomocupJudge tries any line but MESSAGE as `x,y`: keep commas out.
        "DEBUG" => !line.contains(','),
        "FORBID" => {
            let body = &line[7.min(line.len())..];
            body.ends_with('.')
                && body[..body.len() - 1].len() % 4 == 0
                && body[..body.len() - 1].bytes().all(|b| b.is_ascii_digit())
        }
        "SUGGEST" => line[8.min(line.len())..].split(' ').all(is_coord),
        _ if line.starts_with("name=\"") => true,
        // A pass, the extension the engine answers where nothing better
        // is left.
        "-1,-1" => true,
        _ => {
            let parts: Vec<&str> = line.split(' ').collect();
            (1..=3).contains(&parts.len()) && parts.iter().all(|p| is_coord(p))
        }
    }
}

/// `x,y` with non-negative numbers.
pub fn is_coord(s: &str) -> bool {
    parse_coord(s).is_some()
}

/// Parses `x,y`.
pub fn parse_coord(s: &str) -> Option<(usize, usize)> {
    let (x, y) = s.split_once(',')?;
    if x.is_empty() || y.is_empty() || !x.bytes().chain(y.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((x.parse().ok()?, y.parse().ok()?))
}

impl Engine {
    /// Starts the engine with no arguments (the protocol).
    pub fn spawn() -> Engine {
        Engine::spawn_with(&[])
    }

    /// Starts the engine with `args`.
    pub fn spawn_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn pbrain-tengen");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
            check: args.is_empty(),
        }
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends raw bytes.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin closed");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush to engine");
    }

    /// Sends lines, each ended with CR LF as Piskvork does.
    pub fn send(&mut self, lines: &[&str]) {
        let mut text = String::new();
        for l in lines {
            text.push_str(l);
            text.push_str("\r\n");
        }
        self.send_raw(text.as_bytes());
    }

    /// Closes the engine's input.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, within `timeout`; checks it is well formed.
    pub fn try_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                assert!(
                    !self.check || well_formed(&line),
                    "malformed answer {line:?}; log {:?}",
                    self.log
                );
                self.log.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line that is not MESSAGE or DEBUG.
    pub fn answer(&mut self) -> String {
        self.answer_with_messages().1
    }

    /// The next line that is not MESSAGE or DEBUG, and the MESSAGE/DEBUG
    /// lines before it.
    pub fn answer_with_messages(&mut self) -> (Vec<String>, String) {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        let mut notes = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.try_line(left) else {
                panic!("no answer within {REPLY_TIMEOUT:?}; log {:?}", self.log);
            };
            if line.starts_with("MESSAGE") || line.starts_with("DEBUG") {
                notes.push(line);
            } else {
                return (notes, line);
            }
        }
    }

    /// The next answer, which must be a single move; returns it.
    pub fn expect_move(&mut self) -> (usize, usize) {
        let a = self.answer();
        parse_coord(&a).unwrap_or_else(|| panic!("expected a move, got {a:?}; log {:?}", self.log))
    }

    /// The next answer, which must start with `prefix`.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        let a = self.answer();
        assert!(
            a.starts_with(prefix),
            "expected {prefix}…, got {a:?}; log {:?}",
            self.log
        );
        a
    }

    /// Asserts that nothing but MESSAGE/DEBUG lines come within `wait`.
    pub fn expect_silence(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Some(line) = self.try_line(deadline.saturating_duration_since(Instant::now())) {
            assert!(
                line.starts_with("MESSAGE") || line.starts_with("DEBUG"),
                "expected no answer, got {line:?}"
            );
        }
    }

    /// Waits up to `timeout` for the process to exit; returns whether it did.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            thread::sleep(Duration::from_millis(5));
        }
        false
    }

    /// Resident memory of the engine in bytes (Linux).
    pub fn rss_bytes(&self) -> Option<u64> {
        self.status_bytes("VmRSS:")
    }

    /// The most resident memory the engine has had since it started, in
    /// bytes (Linux).
    pub fn peak_rss_bytes(&self) -> Option<u64> {
        self.status_bytes("VmHWM:")
    }

    /// A size in `/proc/<pid>/status`, in bytes.
    fn status_bytes(&self, key: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let kb: u64 = status
            .lines()
            .find(|l| l.starts_with(key))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()?;
        Some(kb * 1024)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Renders a block command: `head`, the entries one to a line, `DONE`.
pub fn block(head: &str, entries: &[(usize, usize, u8)]) -> Vec<String> {
    let mut v = vec![head.to_string()];
    for &(x, y, f) in entries {
        v.push(format!("{x},{y},{f}"));
    }
    v.push("DONE".into());
    v
}

/// `&[String]` as `&[&str]`.
pub fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}
