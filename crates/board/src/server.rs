//! The HTTP side: routes, the token, live updates.
//!
//! Every `/api/` request carries the token (header `x-tengen-token`, or
//! `?token=` where a browser cannot set headers, as for the event stream),
//! and its `Host` header must name the address served, so that another
//! site open in the same browser can neither drive the board nor read it
//! through a rebound DNS name. The page learns the token from its own
//! address, which the server prints at start.
//!
//! The game lives in one mutex; a change notifies a watch channel, and
//! every open event stream sends the new view. Engines think on their own
//! threads, outside the lock, and their answers are applied only if the
//! position has not changed meanwhile.

use super::engines::{Ask, Engines, Question, Said, ANALYSIS};
use super::game::{Game, Score, Seat, Setup};
use super::record::{self, Record, MAX_RECORD_BYTES};
use super::watch::Folder;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::{BuildHasher, Hasher};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tengen::opening::{OpeningRule, Player};
use tengen::rules::Rule;
use tengen_arena::engine::EngineSpec;
use tokio::sync::watch;

const PAGE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

/// The most N-best moves one analysis asks for.
pub const MAX_NBEST: usize = 10;

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// The engines the page may start, by index.
    pub engines: Vec<EngineSpec>,
    /// A `tengen-arena` output folder to watch.
    pub watch: Option<PathBuf>,
    /// The token; a fresh random one when `None`.
    pub token: Option<String>,
}

/// What every request handler shares.
pub struct Shared {
    game: Mutex<Game>,
    engines: Engines,
    folder: Option<Folder>,
    token: String,
    hosts: Vec<String>,
    changed: watch::Sender<u64>,
}

/// A refused request: a status and one clear reason.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

type Reply = Result<Json<serde_json::Value>, ApiError>;

/// A token of 128 bits from the standard library's randomly keyed hasher.
fn fresh_token() -> String {
    let mut out = String::new();
    for salt in 0..2u64 {
        let mut h = RandomState::new().build_hasher();
        h.write_u64(salt);
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        h.write_u32(std::process::id());
        out.push_str(&format!("{:016x}", h.finish()));
    }
    out
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Game> {
        // A handler that panicked cannot leave the game half-changed: every
        // change is made on a copy or checked first; so go on with it.
        self.game
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn notify(&self) {
        self.changed.send_modify(|v| *v += 1);
    }

    /// The game's view with its version: the number of changes announced
    /// before it was drawn, so the view is at least that new. The page
    /// keeps the newest version it has seen, whether from an answer or
    /// from the event stream, whichever arrives last.
    fn state(&self) -> serde_json::Value {
        let version = *self.changed.borrow();
        let mut view = self.lock().view();
        view["version"] = serde_json::json!(version);
        view
    }
}

/// Builds the routes for `shared`.
fn router(shared: Arc<Shared>) -> Router {
    let api = Router::new()
        .route("/state", get(state))
        .route("/events", get(events))
        .route("/new", post(new_game))
        .route("/play", post(play))
        .route("/undo", post(undo))
        .route("/redo", post(redo))
        .route("/go", post(go))
        .route("/pause", post(pause))
        .route("/analyse", post(analyse))
        .route("/opening", post(opening))
        .route("/load", post(load))
        .route("/save", get(save))
        .route("/arena", get(arena))
        .route("/arena/game", get(arena_game))
        .layer(middleware::from_fn_with_state(Arc::clone(&shared), guard));
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route(
            "/app.js",
            get(|| async { ([(header::CONTENT_TYPE, "text/javascript")], SCRIPT) }),
        )
        .route(
            "/style.css",
            get(|| async { ([(header::CONTENT_TYPE, "text/css")], STYLE) }),
        )
        .nest("/api", api)
        .layer(DefaultBodyLimit::max(2 * MAX_RECORD_BYTES))
        .with_state(shared)
}

/// Compares a given token with the right one in time that does not depend
/// on where they first differ.
fn same_token(given: &str, token: &str) -> bool {
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// Refuses a request without the token or for another host name.
async fn guard(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
    request: Request,
    next: Next,
) -> Response {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !shared.hosts.is_empty() && !shared.hosts.iter().any(|h| h == host) {
        return ApiError(StatusCode::FORBIDDEN, format!("unknown host `{host}`")).into_response();
    }
    let given = headers
        .get("x-tengen-token")
        .and_then(|t| t.to_str().ok())
        .or(q.get("token").map(String::as_str));
    if !given.is_some_and(|g| same_token(g, &shared.token)) {
        return ApiError(
            StatusCode::FORBIDDEN,
            "missing or wrong token: open the address tengen-board printed".into(),
        )
        .into_response();
    }
    next.run(request).await
}

async fn state(State(s): State<Arc<Shared>>) -> Reply {
    Ok(Json(serde_json::json!({
        "engines": s.engines.names(),
        "watching": s.folder.is_some(),
        "max_nbest": MAX_NBEST,
        "game": s.state(),
    })))
}

async fn events(
    State(s): State<Arc<Shared>>,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let rx = s.changed.subscribe();
    let stream = futures_util::stream::unfold((s, rx, true), |(s, mut rx, first)| async move {
        if !first && rx.changed().await.is_err() {
            return None;
        }
        rx.borrow_and_update();
        let event = Event::default().event("game").data(s.state().to_string());
        Some((Ok(event), (s, rx, false)))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

/// Parses a JSON body strictly.
fn body<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| bad(format!("bad request: {e}")))
}

/// The new game the page asks for.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    width: usize,
    height: usize,
    rule: String,
    black: Seat,
    white: Seat,
    turn_ms: u64,
    #[serde(default)]
    opening: Option<String>,
}

/// Applies a change to the game, then lets engines move.
fn change(s: &Arc<Shared>, f: impl FnOnce(&mut Game) -> Result<(), String>) -> Reply {
    {
        let mut game = s.lock();
        f(&mut game).map_err(bad)?;
    }
    s.notify();
    kick(s);
    Ok(Json(s.state()))
}

async fn new_game(State(s): State<Arc<Shared>>, bytes: Bytes) -> Reply {
    let req: NewGame = body(&bytes)?;
    let rule = Rule::parse(&req.rule).ok_or_else(|| bad(format!("unknown rule `{}`", req.rule)))?;
    let opening = match req.opening.as_deref().filter(|o| !o.is_empty()) {
        None => None,
        Some(o) => {
            Some(OpeningRule::parse(o).ok_or_else(|| bad(format!("unknown opening rule `{o}`")))?)
        }
    };
    let setup = Setup {
        width: req.width,
        height: req.height,
        rule,
        seats: [req.black, req.white],
        turn_ms: req.turn_ms,
        opening,
    };
    let fresh = Game::new(setup, s.engines.len()).map_err(bad)?;
    change(&s, move |g| {
        g.replace(fresh);
        Ok(())
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Point {
    x: i64,
    y: i64,
}

async fn play(State(s): State<Arc<Shared>>, bytes: Bytes) -> Reply {
    let p: Point = body(&bytes)?;
    change(&s, |g| g.play_human(p.x, p.y))
}

async fn undo(State(s): State<Arc<Shared>>) -> Reply {
    change(&s, Game::undo)
}

async fn redo(State(s): State<Arc<Shared>>) -> Reply {
    change(&s, Game::redo)
}

async fn go(State(s): State<Arc<Shared>>) -> Reply {
    change(&s, |g| {
        if g.outcome().is_some() {
            return Err("the game is over".into());
        }
        g.engine_error = None;
        g.resume();
        Ok(())
    })
}

async fn pause(State(s): State<Arc<Shared>>) -> Reply {
    change(&s, |g| {
        if g.paused {
            return Err("the engines are paused already".into());
        }
        // The move being thought about still comes; no further one starts.
        g.paused = true;
        Ok(())
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Analyse {
    engine: usize,
    nbest: usize,
}

async fn analyse(State(s): State<Arc<Shared>>, bytes: Bytes) -> Reply {
    let a: Analyse = body(&bytes)?;
    if a.engine >= s.engines.len() {
        return Err(bad(format!("there is no engine {}", a.engine)));
    }
    if !(1..=MAX_NBEST).contains(&a.nbest) {
        return Err(bad(format!("N best must be 1 to {MAX_NBEST}")));
    }
    let (q, generation) = {
        let mut g = s.lock();
        if g.outcome().is_some() {
            return Err(bad("the game is over: nothing to analyse"));
        }
        if g.opening.is_some() {
            return Err(bad("no analysis during the opening stage"));
        }
        if g.analysis.running {
            return Err(bad("the engine is thinking: wait for its answer"));
        }
        g.analysis.engine = Some(a.engine);
        g.analysis.running = true;
        g.analysis.best.clear();
        (question(&g, Ask::Best(a.nbest)), g.generation())
    };
    s.notify();
    let shared = Arc::clone(&s);
    std::thread::spawn(move || think(&shared, ANALYSIS, a.engine, &q, generation, Job::Analysis));
    Ok(Json(s.state()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpeningReply {
    reply: String,
}

async fn opening(State(s): State<Arc<Shared>>, bytes: Bytes) -> Reply {
    let r: OpeningReply = body(&bytes)?;
    change(&s, |g| {
        if g.seat_to_move() != Seat::Human {
            return Err("the engine is answering this stage".into());
        }
        g.opening_reply(&r.reply)
    })
}

async fn load(State(s): State<Arc<Shared>>, bytes: Bytes) -> Reply {
    let rec = record::read(&bytes).map_err(bad)?;
    change(&s, |g| {
        let rule = rec.rule.unwrap_or(g.setup().rule);
        g.load(rec.width, rec.height, rule, rec.stones)
    })
}

#[derive(Deserialize)]
struct SaveQuery {
    format: String,
}

async fn save(
    State(s): State<Arc<Shared>>,
    Query(q): Query<SaveQuery>,
) -> Result<Response, ApiError> {
    let (rec, rule) = {
        let g = s.lock();
        let names = s.engines.names();
        let name = |seat: Seat| match seat {
            Seat::Human => "human".to_string(),
            Seat::Engine(i) => names.get(i).cloned().unwrap_or_default(),
        };
        let setup = g.setup();
        let result = g.outcome().map(|o| match o.winner {
            Some(tengen::rules::Color::Black) => "1",
            Some(tengen::rules::Color::White) => "2",
            None => "0",
        });
        let rec = Record {
            width: setup.width,
            height: setup.height,
            rule: Some(setup.rule),
            stones: g.stones().to_vec(),
            passes: record::implied_passes(g.stones()),
            players: [Some(name(setup.seats[0])), Some(name(setup.seats[1]))],
            result: result.map(str::to_string),
        };
        (rec, setup.rule)
    };
    let (text, kind) = match q.format.as_str() {
        "psq" => (record::write_psq(&rec, rule), "psq"),
        "sgf" => {
            let mut rec = rec;
            rec.result = rec.result.map(|r| match r.as_str() {
                "1" => "B+".to_string(),
                "2" => "W+".to_string(),
                _ => "0".to_string(),
            });
            (record::write_sgf(&rec, rule), "sgf")
        }
        other => return Err(bad(format!("unknown format `{other}` (psq or sgf)"))),
    };
    let disposition = format!("attachment; filename=\"game.{kind}\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

fn folder(s: &Shared) -> Result<&Folder, ApiError> {
    s.folder
        .as_ref()
        .ok_or_else(|| bad("no tournament folder: start tengen-board with --watch DIR"))
}

async fn arena(State(s): State<Arc<Shared>>) -> Reply {
    Ok(Json(folder(&s)?.overview()))
}

#[derive(Deserialize)]
struct GameQuery {
    file: String,
}

async fn arena_game(State(s): State<Arc<Shared>>, Query(q): Query<GameQuery>) -> Reply {
    let (rec, live) = folder(&s)?
        .game(&q.file)
        .map_err(|e| ApiError(StatusCode::NOT_FOUND, e))?;
    Ok(Json(serde_json::json!({
        "file": q.file,
        "live": live,
        "width": rec.width,
        "height": rec.height,
        "rule": rec.rule.map(Rule::name),
        "players": rec.players,
        "result": rec.result,
        "stones": rec.stones,
    })))
}

/// The question for the position of `g`.
fn question(g: &Game, ask: Ask) -> Question {
    let setup = g.setup();
    Question {
        width: setup.width,
        height: setup.height,
        rule: setup.rule,
        stones: g.stones().iter().map(|s| (s.x, s.y)).collect(),
        turn_ms: setup.turn_ms,
        ask,
    }
}

/// What an engine's answer is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Job {
    /// A move in the game.
    Move,
    /// An opening stage's reply.
    Opening,
    /// The N best, on the analysis slot.
    Analysis,
}

/// Starts the engine whose turn it is, if any.
fn kick(s: &Arc<Shared>) {
    let (slot, engine, q, generation, job) = {
        let mut g = s.lock();
        if g.outcome().is_some() || g.paused || g.thinking.is_some() {
            return;
        }
        let Seat::Engine(engine) = g.seat_to_move() else {
            return;
        };
        let (slot, ask, job) = match &g.opening {
            Some(o) => {
                let (req, asked) = o.driver.request();
                let slot = usize::from(asked == Player::Second);
                (slot, Ask::Opening(req.to_lines()), Job::Opening)
            }
            None => (g.to_move().index(), Ask::Move, Job::Move),
        };
        g.thinking = Some(g.to_move());
        g.analysis.engine = Some(engine);
        g.analysis.running = true;
        (slot, engine, question(&g, ask), g.generation(), job)
    };
    s.notify();
    let shared = Arc::clone(s);
    std::thread::spawn(move || think(&shared, slot, engine, &q, generation, job));
}

/// Asks an engine and applies its answer to the game, if the position is
/// still the one asked about; then lets the next engine move.
fn think(s: &Arc<Shared>, slot: usize, engine: usize, q: &Question, generation: u64, job: Job) {
    let started = Instant::now();
    let stones = q.stones.len();
    let mut best = Vec::new();
    let mut last_score: Option<Score> = None;
    let mut heard = |said: Said| {
        let mut g = s.lock();
        if g.generation() != generation {
            return;
        }
        match said {
            Said::Thought(t) => {
                last_score = t.score.or(last_score);
                g.analysis.thought = t;
            }
            Said::Ranked(r) => best.push(r),
        }
        drop(g);
        s.notify();
    };
    let cancelled = || s.lock().generation() != generation;
    let answer = s.engines.ask(slot, engine, q, &mut heard, &cancelled);
    {
        let mut g = s.lock();
        if g.generation() == generation {
            g.analysis.running = false;
            if job != Job::Analysis {
                g.thinking = None;
            }
            match (answer, job) {
                (Ok(_), Job::Analysis) => {
                    g.analysis.best = best;
                    if let Some(score) = last_score {
                        g.note_eval(stones, score);
                    }
                }
                (Ok(line), Job::Move) => {
                    let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                    let thought = g.analysis.thought.clone();
                    if g.play_engine(generation, &line, ms) {
                        if let Some(score) = last_score {
                            g.note_eval(stones, score);
                        }
                        g.analysis.thought = thought;
                        g.analysis.engine = Some(engine);
                    }
                }
                (Ok(line), Job::Opening) => {
                    if let Err(e) = g.opening_reply(&line) {
                        g.engine_error =
                            Some(format!("the engine broke the opening rule: {e}: `{line}`"));
                        g.paused = true;
                    }
                }
                (Err(e), _) => {
                    g.analysis.error = Some(e.clone());
                    if job != Job::Analysis {
                        g.engine_error = Some(e);
                        g.paused = true;
                    }
                }
            }
        }
    }
    s.notify();
    kick(s);
}

/// Serves until the process ends, printing the page's address first.
///
/// # Errors
/// An address that cannot be bound, a tournament folder that cannot be
/// read, or a failure of the runtime.
pub fn serve(options: Options, out: &mut dyn std::io::Write) -> Result<(), String> {
    let folder = options.watch.as_deref().map(Folder::open).transpose()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", options.listen))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("no local address: {e}"))?;
        let token = options.token.unwrap_or_else(fresh_token);
        let hosts = if addr.ip().is_unspecified() {
            Vec::new()
        } else if addr.ip().is_loopback() {
            vec![addr.to_string(), format!("localhost:{}", addr.port())]
        } else {
            vec![addr.to_string()]
        };
        let engines = Engines::new(options.engines);
        let seats = if engines.is_empty() {
            [Seat::Human, Seat::Human]
        } else {
            [Seat::Human, Seat::Engine(0)]
        };
        let setup = Setup {
            seats,
            ..Setup::default()
        };
        let game = Game::new(setup, engines.len())?;
        let (changed, _) = watch::channel(0);
        let shared = Arc::new(Shared {
            game: Mutex::new(game),
            engines,
            folder,
            token: token.clone(),
            hosts,
            changed,
        });
        let shown = if addr.ip().is_unspecified() {
            format!("127.0.0.1:{}", addr.port())
        } else {
            addr.to_string()
        };
        let _ = writeln!(out, "tengen-board: open http://{shown}/?token={token}");
        let _ = out.flush();
        axum::serve(listener, router(shared))
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}
