//! Code shared by the `tengen-board` tests: the server started as a child
//! process on a free loopback port, and a small HTTP/1.1 client over a
//! plain TCP stream (requests to loopback only, each with a deadline).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A running `tengen-board`.
pub struct Board {
    child: Child,
    /// `127.0.0.1:port`.
    pub addr: String,
    /// The token from the printed address.
    pub token: String,
}

impl Board {
    /// Starts the board on a free port with `args` and reads the address it
    /// prints.
    pub fn start(args: &[&str]) -> Board {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen-board"))
            .args(["--port", "0", "--threads", "1"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tengen-board starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the board prints its address");
        let url = line
            .trim()
            .strip_prefix("tengen-board: open http://")
            .unwrap_or_else(|| panic!("unexpected first line `{line}`"));
        let (addr, token) = url.split_once("/?token=").expect("address and token");
        Board {
            child,
            addr: addr.to_string(),
            token: token.to_string(),
        }
    }

    /// The page's address with its token.
    pub fn url(&self) -> String {
        format!("http://{}/?token={}", self.addr, self.token)
    }

    /// A request with the token; the status and the body.
    pub fn call(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let token = format!("x-tengen-token: {}", self.token);
        http(&self.addr, method, path, &[&token], body)
    }

    /// A GET with the token, its JSON body parsed; panics on an error
    /// status.
    pub fn get(&self, path: &str) -> serde_json::Value {
        let (status, body) = self.call("GET", path, b"");
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"))
    }

    /// A POST of JSON with the token; the status and the parsed body.
    pub fn post(&self, path: &str, json: &str) -> (u16, serde_json::Value) {
        let (status, body) = self.call("POST", path, json.as_bytes());
        let value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        (status, value)
    }

    /// The game view.
    pub fn game(&self) -> serde_json::Value {
        self.get("/api/state")["game"].clone()
    }

    /// Waits until `done` holds for the game view, at most `limit`.
    pub fn wait_game(
        &self,
        limit: Duration,
        done: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let end = Instant::now() + limit;
        loop {
            let g = self.game();
            if done(&g) {
                return g;
            }
            assert!(Instant::now() < end, "gave up waiting; the game is {g}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request to `addr` (loopback), with `Connection: close`
/// and `Host: addr` unless `headers` name another host; the status and
/// the body (chunked bodies decoded).
pub fn http(addr: &str, method: &str, path: &str, headers: &[&str], body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect to the board");
    s.set_read_timeout(Some(Duration::from_secs(90))).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !headers
        .iter()
        .any(|h| h.to_ascii_lowercase().starts_with("host:"))
    {
        req.push_str(&format!("Host: {addr}\r\n"));
    }
    for h in headers {
        req.push_str(h);
        req.push_str("\r\n");
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    // Read the head, then as much body as it announces (some servers keep
    // the connection open in spite of `Connection: close`).
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    let head_end = loop {
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = s.read(&mut buf).expect("read the answer");
        assert!(n > 0, "the connection closed before the head ended");
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = head.contains("transfer-encoding: chunked");
    loop {
        let body = &raw[head_end..];
        let complete = match length {
            Some(n) => body.len() >= n,
            None if chunked => body.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        let n = s.read(&mut buf).expect("read the answer");
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let rest = String::from_utf8_lossy(&raw[head_end..]).into_owned();
    let body = if chunked { dechunk(&rest) } else { rest };
    (status, body)
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh, empty directory for one test.
pub fn temp_dir(tag: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir()
        .join("tengen-board-tests")
        .join(format!("{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A renju position with black to move where j8 (9,7) is a double three
/// for black: black h8, i8 in row 8 and j10, j9 in column j; white's
/// stones stand in the four corners.
pub const DOUBLE_THREE_SGF: &str =
    "(;GM[4]FF[4]SZ[15]RU[renju];B[hh];W[aa];B[ih];W[oa];B[jf];W[ao];B[jg];W[oo])";

/// Writes `text` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A binary of another package of the workspace (`tengen-arena`): beside this
/// package's own, in the same target folder (`cargo test --workspace`
/// builds them all).
pub fn workspace_bin(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_BIN_EXE_tengen-board")).with_file_name(name);
    assert!(
        path.is_file(),
        "{} is missing: run `cargo test --workspace`",
        path.display()
    );
    path
}

pub fn start_arena(out: &Path, delay_ms: u64) -> Child {
    let greedy = std::env::current_exe()
        .unwrap()
        .parent()
        .and_then(|d| d.parent())
        .unwrap()
        .join("examples/greedy_engine");
    assert!(greedy.is_file(), "{} is missing", greedy.display());
    let engine = |name: &str, seed: u32| {
        format!(
            "{name}={} --seed {seed} --delay {delay_ms}",
            greedy.display()
        )
    };
    Command::new(workspace_bin("tengen-arena"))
        .args(["-n", "1", "-j", "1", "-q", "--turn-time", "5s"])
        .args(["-e", &engine("a", 1), "-e", &engine("b", 2)])
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .spawn()
        .expect("tengen-arena starts")
}
