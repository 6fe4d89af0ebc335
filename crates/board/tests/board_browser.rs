//! `tengen-board` in a real browser: headless Chromium driven through
//! ChromeDriver's W3C WebDriver interface. A person's visit, click by
//! click: a renju game against the engine, an SGF loaded through the file
//! picker, a forbidden point marked and a foul click refused, an analysis;
//! and a running `tengen-arena` match followed live, then replayed.
//!
//! These tests need Debian's `chromium` and `chromium-driver`, so plain
//! `cargo test` skips them; `.ci/run` installs both and runs
//! `cargo test --release -p tengen-board --test board_browser -- --ignored`. The first
//! tests also write `docs/board.png` and `docs/watch.png`, the screenshots
//! in the manual (`docs/src/board.md`).
//! `TENGEN_CHROMIUM` and `TENGEN_CHROMEDRIVER` override the paths.

mod board_support;

use board_support::{http, start_arena, temp_dir, write, Board, DOUBLE_THREE_SGF};
use serde_json::{json, Value};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The W3C name of an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn tool(var: &str, default: &str) -> PathBuf {
    let p = PathBuf::from(std::env::var(var).unwrap_or_else(|_| default.to_string()));
    assert!(
        p.is_file(),
        "{} is missing: install Debian's chromium and chromium-driver (or set {var})",
        p.display()
    );
    p
}

/// A ChromeDriver process and one headless Chromium session.
struct Browser {
    driver: Child,
    addr: String,
    session: String,
    profile: PathBuf,
}

impl Browser {
    fn start() -> Browser {
        let chromium = tool("TENGEN_CHROMIUM", "/usr/bin/chromium");
        let chromedriver = tool("TENGEN_CHROMEDRIVER", "/usr/bin/chromedriver");
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr = format!("127.0.0.1:{port}");
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = std::net::TcpStream::connect(&addr).is_ok()
                && serde_json::from_str::<Value>(&http(&addr, "GET", "/status", &[], b"").1)
                    .is_ok_and(|v| v["value"]["ready"] == true);
            if ready {
                break;
            }
            assert!(Instant::now() < end, "chromedriver did not get ready");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = temp_dir("chromium-profile");
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--window-size=1300,900",
                    format!("--user-data-dir={}", profile.display()),
                ],
            },
        }}});
        let mut b = Browser {
            driver,
            addr,
            session: String::new(),
            profile,
        };
        let v = b.call("POST", "/session", &caps);
        b.session = v["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        b
    }

    /// One WebDriver command; its `value`.
    fn call(&self, method: &str, path: &str, body: &Value) -> Value {
        let (status, v) = self.try_call(method, path, body);
        assert_eq!(status, 200, "{method} {path}: {v}");
        v.get("value").cloned().unwrap_or(v)
    }

    /// One WebDriver command; its HTTP status and whole answer.
    fn try_call(&self, method: &str, path: &str, body: &Value) -> (u16, Value) {
        let body = if method == "GET" || method == "DELETE" {
            Vec::new()
        } else {
            body.to_string().into_bytes()
        };
        let (status, text) = http(
            &self.addr,
            method,
            path,
            &["Content-Type: application/json"],
            &body,
        );
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        (status, v)
    }

    fn session(&self, method: &str, path: &str, body: &Value) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn open(&self, url: &str) {
        self.session("POST", "/url", &json!({ "url": url }));
    }

    fn find(&self, css: &str) -> String {
        self.try_find(css)
            .unwrap_or_else(|v| panic!("POST /element {css}: {v}"))
    }

    /// The first element matching `css`, or WebDriver's whole answer.
    fn try_find(&self, css: &str) -> Result<String, Value> {
        let (status, v) = self.try_call(
            "POST",
            &format!("/session/{}/element", self.session),
            &json!({"using": "css selector", "value": css}),
        );
        if status != 200 {
            return Err(v);
        }
        Ok(v["value"][ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string())
    }

    /// Clicks the first element matching `css`. The watch tab redraws its
    /// lists once a second while it polls, so an element seen a moment ago
    /// can be gone by the click, or not yet back; then it is looked for
    /// again, as a person would look again, for at most five seconds.
    fn click(&self, css: &str) {
        let gone = |v: &Value| {
            let error = &v["value"]["error"];
            error == "stale element reference" || error == "no such element"
        };
        let end = Instant::now() + Duration::from_secs(5);
        loop {
            let answer = self.try_find(css).and_then(|e| {
                let path = format!("/session/{}/element/{e}/click", self.session);
                match self.try_call("POST", &path, &json!({})) {
                    (200, _) => Ok(()),
                    (_, v) => Err(v),
                }
            });
            match answer {
                Ok(()) => return,
                Err(v) => assert!(gone(&v), "clicking {css}: {v}"),
            }
            assert!(Instant::now() < end, "{css} was gone at every click");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.session("POST", &format!("/element/{e}/clear"), &json!({}));
        self.session(
            "POST",
            &format!("/element/{e}/value"),
            &json!({ "text": text }),
        );
    }

    /// Sends a file path to a file input, as a person picking the file.
    fn pick_file(&self, css: &str, path: &std::path::Path) {
        let e = self.find(css);
        let text = path.display().to_string();
        self.session(
            "POST",
            &format!("/element/{e}/value"),
            &json!({ "text": text }),
        );
    }

    fn script(&self, code: &str) -> Value {
        self.session(
            "POST",
            "/execute/sync",
            &json!({"script": code, "args": []}),
        )
    }

    fn count(&self, css: &str) -> u64 {
        self.script(&format!(
            "return document.querySelectorAll({css:?}).length;"
        ))
        .as_u64()
        .unwrap_or(0)
    }

    fn text(&self, css: &str) -> String {
        self.script(&format!(
            "const e = document.querySelector({css:?}); return e ? e.textContent : '';"
        ))
        .as_str()
        .unwrap_or("")
        .to_string()
    }

    /// Waits until `done` holds, at most `secs` seconds; says what was
    /// awaited otherwise.
    fn wait(&self, secs: u64, what: &str, done: impl Fn(&Browser) -> bool) {
        assert!(
            self.until(secs, done),
            "gave up waiting for {what}; status `{}`, message `{}`",
            self.text("#status"),
            self.text("#message")
        );
    }

    /// Whether `done` comes to hold within `secs` seconds.
    fn until(&self, secs: u64, done: impl Fn(&Browser) -> bool) -> bool {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            if done(self) {
                return true;
            }
            if Instant::now() >= end {
                return false;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn screenshot(&self, path: &std::path::Path) {
        let v = self.session("GET", "/screenshot", &json!({}));
        let png = base64(v.as_str().expect("base64 text"));
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = http(&self.addr, "DELETE", &path, &[], b"");
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64 to bytes.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

fn point(x: usize, y: usize) -> String {
    format!(".pt[data-x=\"{x}\"][data-y=\"{y}\"]")
}

#[test]
#[ignore = "needs chromium and chromium-driver (Debian); .ci/run installs them"]
fn a_renju_game_in_the_browser() {
    let board = Board::start(&[]);
    let b = Browser::start();
    b.open(&board.url());
    b.wait(20, "the board", |b| b.count(".pt") == 225);
    // A renju game, black the person, white the engine, half a second a move.
    b.click("#rule option[value=\"renju\"]");
    b.click("#black option[value=\"human\"]");
    b.click("#white option[value=\"0\"]");
    b.type_into("#turn", "0.5");
    b.click("#new");
    b.wait(10, "the new game", |b| b.text("#message") == "new game");
    b.click(&point(7, 7));
    b.wait(30, "the engine's answer", |b| b.count(".pt.white") == 1);
    assert_eq!(b.count(".pt.black"), 1);
    b.wait(10, "the search report", |b| {
        b.text("#thought").contains("depth")
    });
    assert_eq!(b.count("#moves li"), 2);
    let free = [(8, 6), (6, 8), (8, 8), (6, 6), (7, 9)]
        .into_iter()
        .map(|(x, y)| point(x, y))
        .find(|p| b.count(&format!("{p} .stone")) == 0)
        .expect("a free point near the centre");
    b.click(&free);
    b.wait(30, "the engine's second answer", |b| {
        b.count(".pt.white") == 2
    });
    assert!(
        b.count("#plot circle") >= 1,
        "the evaluation plot has points"
    );

    // An SGF picked from disk, a position with a double three for black.
    let dir = temp_dir("browser-sgf");
    let file = write(&dir, "double-three.sgf", DOUBLE_THREE_SGF);
    b.pick_file("#load", &file);
    b.wait(10, "the loaded record", |b| {
        b.count(".pt.black") == 4 && b.count(".pt.white") == 4
    });
    assert!(b.text("#message").contains("loaded double-three.sgf"));
    // A file that is no record: one clear error, and the game stays.
    let junk = write(&dir, "junk.psq", "Piskvorky 15x15, 11:11, 0\n16,1,0\n");
    b.pick_file("#load", &junk);
    b.wait(10, "the refusal of the bad record", |b| {
        b.text("#message").contains("off the")
    });
    assert_eq!(b.count("#message.error"), 1);
    assert_eq!(b.count(".pt.black"), 4);
    let foul = point(9, 7);
    assert_eq!(b.count(&format!("{foul}.forbid")), 1, "j8 is marked");
    b.click(&foul);
    b.wait(10, "the refusal", |b| {
        b.text("#message").contains("double three")
    });
    assert!(b.text("#message").contains("j8 is forbidden for black"));
    assert_eq!(b.count("#message.error"), 1);
    assert_eq!(b.count(".pt.black"), 4, "the foul was not played");
    // A legal move, then the engine (paused after loading) is let go.
    b.click(&point(10, 10));
    b.wait(10, "black's stone", |b| b.count(".pt.black") == 5);
    b.click("#go");
    b.wait(30, "the engine's move", |b| b.count(".pt.white") == 5);
    // The three best moves for black, marked on the board.
    b.type_into("#nbest", "3");
    b.click("#analyse");
    b.wait(30, "the analysis", |b| b.count("#best li") == 3);
    assert_eq!(b.count(".pt.best"), 3);
    let shot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/board.png");
    b.screenshot(&shot);

    // A RIF opening: the person, the tentative black, places 長星 Chōsei
    // by clicking, and the engine answers its stage.
    b.click("#opening-rule option[value=\"rif\"]");
    b.click("#new");
    b.wait(10, "the opening stage", |b| {
        b.text("#opening-prompt").contains("26 openings")
    });
    assert_eq!(b.count(".pt .stone"), 0);
    for (x, y) in [(7, 7), (8, 6), (9, 5)] {
        b.click(&point(x, y));
    }
    assert_eq!(b.count(".pt.pick"), 3);
    b.click("#op-send");
    b.wait(30, "the engine's opening answer", |b| {
        b.text("#opening-prompt").starts_with("Your answer") && b.count(".pt .stone") >= 3
    });
    assert!(b.text("#message").is_empty(), "{}", b.text("#message"));
}

#[test]
#[ignore = "needs chromium and chromium-driver (Debian); .ci/run installs them"]
fn a_running_arena_match_is_followed_and_replayed() {
    let dir = temp_dir("browser-arena");
    let out = dir.join("run");
    std::fs::create_dir_all(&out).unwrap();
    let mut arena = start_arena(&out, 300);
    let board = Board::start(&["--watch", out.to_str().unwrap()]);
    let b = Browser::start();
    b.open(&board.url());
    b.wait(20, "the board", |b| b.count(".pt") == 225);
    b.click("#tab-watch");
    // The live row. A game can end between the list's poll and the click,
    // and a finished game does not grow; then the next live game is taken.
    let mut grew = false;
    for _ in 0..3 {
        b.wait(30, "a live game in the list", |b| {
            b.count("#games .live") == 1
        });
        b.click("#games tr[data-file]:has(.live)");
        let shown = b.until(10, |b| {
            b.count("#games tr.on:has(.live)") == 1 && b.count(".pt.black") >= 1
        });
        if !shown {
            continue;
        }
        let before = b.count(".pt .stone");
        grew = b.until(10, |b| b.count(".pt .stone") > before);
        if grew {
            break;
        }
    }
    assert!(grew, "no live game grew on the board");
    assert!(arena.wait().unwrap().success());
    b.wait(20, "both games finished", |b| {
        b.count("#games tr[data-file]") == 2 && b.count("#games .live") == 0
    });
    assert_eq!(b.count("#standings tr"), 3, "a header and two engines");
    b.wait(5, "the pair's line", |b| b.count("#pairs tr") == 2);
    assert!(b.text("#pairs").contains("a – b"), "{}", b.text("#pairs"));
    assert!(b.text("#standings").contains("Elo"));
    // Replay the game not on the board, move by move. It is on the board
    // once its row is marked (the mark and the stones come together), so
    // no late answer can redraw it under the replay's clicks.
    let file = b
        .script(
            "const r = document.querySelector('#games tr[data-file]:not(.on)'); \
             return r ? r.dataset.file : '';",
        )
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(!file.is_empty(), "a finished game not on the board");
    b.click(&format!("#games tr[data-file=\"{file}\"]"));
    b.wait(10, "the finished game", |b| {
        b.count(&format!("#games tr.on[data-file=\"{file}\"]")) == 1
            && b.count("#games tr.on") == 1
            && b.count(".pt .stone") >= 9
    });
    let all = b.count(".pt .stone");
    b.click("#replay-prev");
    assert_eq!(b.count(".pt .stone"), all - 1);
    b.click("#replay-first");
    assert_eq!(b.count(".pt .stone"), 0);
    b.click("#replay-next");
    assert_eq!(b.count(".pt .stone"), 1);
    b.click("#replay-last");
    assert_eq!(b.count(".pt .stone"), all);
    let shot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/watch.png");
    b.screenshot(&shot);
}
