// The Tengen board page: draws what the server sends and sends clicks.
// Every request carries the token from the page's own address.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);

let engines = [];
let game = null;          // the play view, as the server sends it
let mode = "play";        // "play" or "watch"
let picked = [];          // points clicked for an opening stage
let watched = null;       // the watched game: {file, live, stones, ...}
let watchedAt = 0;        // stones shown of it
let followLive = true;

// Renju coordinates: columns a, b, … from the left, rows from the bottom.
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEF";
function coord(x, y, height) { return LETTERS[x] + (height - y); }

function say(text, error) {
  const m = $("message");
  m.textContent = text || "";
  m.className = "message" + (error ? " error" : "");
}

async function api(path, options) {
  const o = options || {};
  const headers = Object.assign({ "x-tengen-token": token }, o.headers || {});
  const r = await fetch("/api" + path, Object.assign({}, o, { headers }));
  const type = r.headers.get("content-type") || "";
  const body = type.includes("json") ? await r.json() : await r.text();
  if (!r.ok) {
    const why = typeof body === "string" ? body : body.error;
    throw new Error(why || ("HTTP " + r.status));
  }
  return body;
}

function post(path, data) {
  return api(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: data === undefined ? "" : JSON.stringify(data),
  });
}

// Runs a request that changes the game; shows its error, if any.
async function act(promise, done) {
  try {
    const g = await promise;
    if (g && g.setup) { take(g); }
    say(done || "");
    render();
  } catch (e) {
    say(e.message, true);
  }
}

// Keeps a view unless a newer one has come already (an answer to a click
// may arrive after the event that followed it).
function take(g) {
  if (!game || g.version >= game.version) game = g;
}

function drawBoard(width, height, cellOf, onClick) {
  const b = $("board");
  b.style.gridTemplateColumns = `repeat(${width + 1}, var(--cell))`;
  const parts = [];
  for (let y = 0; y < height; y++) {
    parts.push(`<div class="lab">${height - y}</div>`);
    for (let x = 0; x < width; x++) {
      const c = cellOf(x, y);
      const edges = (x === 0 ? " e-left" : "") + (x === width - 1 ? " e-right" : "") +
        (y === 0 ? " e-top" : "") + (y === height - 1 ? " e-bottom" : "");
      const stone = c.stone ? `<div class="stone">${c.label || ""}</div>` : "";
      const mark = c.mark !== undefined ? `<div class="mark">${c.mark}</div>` : "";
      const title = c.title ? ` title="${c.title}"` : "";
      parts.push(`<div class="pt${edges} ${c.cls || ""}" data-x="${x}" data-y="${y}" data-coord="${coord(x, y, height)}"${title}>${stone}${mark}</div>`);
    }
  }
  parts.push(`<div class="lab"></div>`);
  for (let x = 0; x < width; x++) { parts.push(`<div class="lab">${LETTERS[x]}</div>`); }
  b.innerHTML = parts.join("");
  b.onclick = (ev) => {
    const pt = ev.target.closest(".pt");
    if (pt && onClick) { onClick(+pt.dataset.x, +pt.dataset.y); }
  };
}

function scoreText(s) {
  if (!s) return "?";
  return s.kind === "mate" ? (s.value >= 0 ? "+M" : "-M") + Math.abs(s.value) : String(s.value);
}

function seatName(seat) {
  return seat.kind === "human" ? "you" : (engines[seat.engine] || "engine " + seat.engine);
}

function renderPlay() {
  const g = game;
  const { width, height } = g.setup;
  const last = g.stones.length ? g.stones[g.stones.length - 1] : null;
  const forbid = new Map(g.forbidden.map((f) => [f.x + "," + f.y, f.kind]));
  const pv = new Map();
  (g.analysis.thought.pv || []).forEach((p, i) => { if (!pv.has(p + "")) pv.set(p + "", i + 1); });
  const best = new Map();
  (g.analysis.best || []).forEach((r, i) => best.set(r.point + "", i + 1));
  const pick = new Map(picked.map((p, i) => [p + "", i + 1]));
  const offers = new Set(g.opening ? g.opening.offers.map((p) => p + "") : []);
  const number = new Map(g.stones.map((s, i) => [s.x + "," + s.y, i + 1]));
  drawBoard(width, height, (x, y) => {
    const k = x + "," + y;
    const v = g.cells[y * width + x];
    const c = { cls: "" };
    if (v) {
      c.stone = true;
      c.cls += v === 1 ? " black" : " white";
      c.label = number.get(k);
      if (last && last.x === x && last.y === y) c.cls += " last";
    } else if (pick.has(k)) {
      c.cls += " pick"; c.mark = pick.get(k);
    } else if (offers.has(k)) {
      c.cls += " offer"; c.mark = "";
    } else if (forbid.has(k)) {
      c.cls += " forbid"; c.mark = "×"; c.title = "forbidden for black: " + forbid.get(k);
    } else if (best.has(k)) {
      c.cls += " best"; c.mark = best.get(k);
    } else if (pv.has(k) && !g.outcome) {
      c.cls += " pv"; c.mark = pv.get(k);
    }
    return c;
  }, clickPlay);

  let status;
  if (g.outcome) {
    status = (g.outcome.winner ? g.outcome.winner + " wins" : "draw") + " (" + g.outcome.reason + ": " + g.outcome.detail + ")";
  } else if (g.opening) {
    status = "opening " + g.opening.rule + ": " + seatName(g.opening.seat) + " to answer";
  } else if (g.thinking) {
    status = seatName(g.seat_to_move) + " is thinking (" + g.to_move + ")";
  } else {
    status = g.to_move + " to move (" + seatName(g.seat_to_move) + ")" + (g.paused && g.seat_to_move.kind === "engine" ? ", paused" : "");
  }
  $("status").textContent = status;
  $("go").hidden = !(g.paused && !g.outcome);
  const engineSeat = g.setup.seats.some((s) => s.kind === "engine");
  $("pause").hidden = g.paused || !!g.outcome || !engineSeat;
  if (g.engine_error) say(g.engine_error, true);

  const a = g.analysis;
  const t = a.thought;
  const who = a.engine !== null && a.engine !== undefined ? engines[a.engine] : "";
  $("thought").textContent = t.depth || t.score
    ? `${who}${a.running ? " (thinking)" : ""}\ndepth ${t.depth}  eval ${scoreText(t.score)}  nodes ${t.nodes}\npv ${t.pv.map((p) => coord(p[0], p[1], height)).join(" ")}`
    : (a.error ? "engine: " + a.error : (a.running ? who + " is thinking…" : ""));
  $("best").innerHTML = (a.best || []).map((r) => `<li>${coord(r.point[0], r.point[1], height)} ${scoreText(r.score)}</li>`).join("");
  $("moves").innerHTML = g.stones.map((s) => `<li>${coord(s.x, s.y, height)}</li>`).join("");
  $("undo").disabled = !g.stones.length;
  $("redo").disabled = !g.redo;
  drawPlot(g.evals, g.stones.length);
  renderOpening();
}

// The evaluation from black's side over the moves: centi-stones squashed
// into -1..1, a win or loss drawn at the edge.
function drawPlot(evals, moves) {
  const W = 500;
  const n = Math.max(moves, 1, ...evals.map((e) => e[0]));
  const y = (s) => {
    const v = s.kind === "mate" ? Math.sign(s.value) * 1 : Math.tanh(s.value / 400);
    return 50 - 45 * v;
  };
  const pts = evals.map(([k, s]) => `${(k / n) * W},${y(s)}`).join(" ");
  const label = (x, y, text, anchor) => `<text x="${x}" y="${y}" font-size="10" fill="#888" text-anchor="${anchor}">${text}</text>`;
  $("plot").innerHTML = `<line x1="0" y1="50" x2="${W}" y2="50" stroke="#bbb"/>` +
    label(2, 9, "black better", "start") + label(2, 97, "white better", "start") + label(W - 2, 97, "move " + n, "end") +
    (evals.length ? `<polyline fill="none" stroke="#1a4fbf" stroke-width="2" points="${pts}"/>` : "") +
    evals.map(([k, s]) => `<circle class="pt-eval" cx="${(k / n) * W}" cy="${y(s)}" r="2.5" fill="#1a4fbf"/>`).join("");
}

function renderOpening() {
  const o = game.opening;
  $("opening").hidden = !o;
  if (!o) { picked = []; return; }
  const human = o.seat.kind === "human";
  $("opening-prompt").innerHTML = (human ? "Your answer, one of:" : "The engine answers:") +
    "<ul>" + o.prompt.map((c) => `<li>${c.text}</li>`).join("") + "</ul>";
  $("opening-picked").textContent = picked.length ? "picked: " + picked.map((p) => coord(p[0], p[1], game.setup.height)).join(" ") : "";
  $("op-swap").hidden = !o.prompt.some((c) => c.kind === "swap");
  $("declare").parentElement.hidden = !o.prompt.some((c) => c.declare);
  for (const id of ["op-swap", "op-send", "op-clear"]) $(id).disabled = !human;
}

function clickPlay(x, y) {
  if (!game) return;
  if (game.opening) {
    if (game.opening.seat.kind !== "human") return;
    const i = picked.findIndex((p) => p[0] === x && p[1] === y);
    if (i >= 0) picked.splice(i, 1); else picked.push([x, y]);
    render();
    return;
  }
  act(post("/play", { x, y }));
}

function render() {
  if (mode === "play" && game) renderPlay();
  if (mode === "watch") renderWatched();
}

function setupSeats() {
  const opts = `<option value="human">human</option>` +
    engines.map((n, i) => `<option value="${i}">${n}</option>`).join("");
  $("black").innerHTML = opts;
  $("white").innerHTML = opts;
  $("black").value = "human";
  $("white").value = engines.length ? "0" : "human";
  $("analysis-engine").innerHTML = engines.map((n, i) => `<option value="${i}">${n}</option>`).join("");
  $("analyse").disabled = !engines.length;
}

function seat(v) { return v === "human" ? { kind: "human" } : { kind: "engine", engine: +v }; }

async function download(format) {
  try {
    const text = await api("/save?format=" + format);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    a.download = "game." + format;
    a.click();
    URL.revokeObjectURL(a.href);
  } catch (e) { say(e.message, true); }
}

function wire() {
  $("new").onclick = () => {
    picked = [];
    act(post("/new", {
      width: +$("width").value, height: +$("height").value, rule: $("rule").value,
      black: seat($("black").value), white: seat($("white").value),
      turn_ms: Math.round(+$("turn").value * 1000), opening: $("opening-rule").value || null,
    }), "new game");
  };
  $("undo").onclick = () => act(post("/undo"));
  $("redo").onclick = () => act(post("/redo"));
  $("go").onclick = () => act(post("/go"));
  $("pause").onclick = () => act(post("/pause"));
  $("analyse").onclick = () => act(post("/analyse", { engine: +$("analysis-engine").value, nbest: +$("nbest").value }));
  $("save-psq").onclick = () => download("psq");
  $("save-sgf").onclick = () => download("sgf");
  $("load").onchange = async (ev) => {
    const f = ev.target.files[0];
    ev.target.value = "";
    if (!f) return;
    if (f.size > 64 * 1024) { say(`${f.name} is ${f.size} bytes; at most 65536 are accepted`, true); return; }
    const text = await f.text();
    act(api("/load", { method: "POST", headers: { "content-type": "text/plain" }, body: text }), "loaded " + f.name);
  };
  $("op-swap").onclick = () => act(post("/opening", { reply: "SWAP" }));
  $("op-clear").onclick = () => { picked = []; render(); };
  $("op-send").onclick = () => {
    let reply = picked.map((p) => p[0] + "," + p[1]).join(" ");
    if (game.opening.prompt.some((c) => c.declare)) reply += " " + $("declare").value;
    picked = [];
    act(post("/opening", { reply }));
  };
  $("tab-play").onclick = () => setMode("play");
  $("tab-watch").onclick = () => setMode("watch");
  $("games").onclick = (ev) => {
    const row = ev.target.closest("tr[data-file]");
    if (row) openWatched(row.dataset.file, true);
  };
  const step = (f) => () => { followLive = false; watchedAt = f(watchedAt); renderWatched(); };
  $("replay-first").onclick = step(() => 0);
  $("replay-prev").onclick = step((n) => Math.max(0, n - 1));
  $("replay-next").onclick = step((n) => Math.min(watched ? watched.stones.length : 0, n + 1));
  $("replay-last").onclick = () => { followLive = true; watchedAt = watched ? watched.stones.length : 0; renderWatched(); };
  $("replay").oninput = (ev) => { followLive = false; watchedAt = +ev.target.value; renderWatched(); };
}

function setMode(m) {
  mode = m;
  $("tab-play").classList.toggle("on", m === "play");
  $("tab-watch").classList.toggle("on", m === "watch");
  $("play").hidden = m !== "play";
  $("watch").hidden = m !== "watch";
  say("");
  if (m === "watch") { renderWatched(); refreshWatch(); } else render();
}

// ---- watching a tournament folder ----

function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c])); }

// An Elo estimate with its 95% error; a side without points has no
// finite estimate (JSON carries infinities as null).
function eloText(e) {
  if (!e || e.elo === null) return "–";
  return e.elo.toFixed(0) + " ± " + (e.error === null ? "∞" : e.error.toFixed(0));
}

// Replaces an element's content only when it changed, so a poll that
// brings nothing new leaves the rows (and a click on one) alone.
function setHtml(id, html) {
  const e = $(id);
  if (e.dataset.html !== html) { e.innerHTML = html; e.dataset.html = html; }
}

async function refreshWatch() {
  if (mode !== "watch") return;
  let o;
  try { o = await api("/arena"); } catch (e) { $("watch-none").hidden = false; say(e.message, true); return; }
  $("watch-none").hidden = true;
  $("watch-folder").textContent = o.folder;
  const result = (g) => g.live ? `<span class="live">live</span>` : ({ "1": "1-0", "2": "0-1", "0": "½-½" }[g.result] || "?");
  setHtml("games", "<tr><th>game</th><th>black</th><th>white</th><th>moves</th><th>result</th></tr>" +
    o.games.map((g) => `<tr data-file="${esc(g.file)}" class="${watched && watched.file === g.file ? "on" : ""}"><td>${esc(g.file.replace(/\.psq$/, ""))}</td><td>${esc(g.black)}</td><td>${esc(g.white)}</td><td>${g.moves}</td><td>${result(g)}</td></tr>`).join(""));
  setHtml("standings", "<tr><th>engine</th><th>games</th><th>+</th><th>=</th><th>−</th><th>points</th><th>Elo</th></tr>" +
    o.standings.map((s) => `<tr><td>${esc(s.name)}</td><td>${s.record.wins + s.record.draws + s.record.losses}</td><td>${s.record.wins}</td><td>${s.record.draws}</td><td>${s.record.losses}</td><td>${s.points}</td><td>${s.elo.toFixed(0)}</td></tr>`).join(""));
  setHtml("pairs", o.pairs.length ? "<tr><th>pair</th><th>score</th><th>Elo (first over second)</th><th>LOS</th></tr>" +
    o.pairs.map((p) => `<tr><td>${esc(p.first)} – ${esc(p.second)}</td><td>${p.record.wins}-${p.record.draws}-${p.record.losses}</td><td>${eloText(p.elo)}</td><td>${(100 * p.los).toFixed(0)}%</td></tr>`).join("") : "");
  if (watched) {
    const still = o.games.find((g) => g.file === watched.file);
    if (watched.live) {
      // A running game is followed; once it ends, its record is under its final name.
      const done = !still && o.games.find((g) => !g.live && g.file.startsWith(watched.file.replace(/\.psq$/, "") + "_"));
      await openWatched(done ? done.file : watched.file, false);
    }
  }
}

async function openWatched(file, fresh) {
  try {
    const g = await api("/arena/game?file=" + encodeURIComponent(file));
    if (fresh) { followLive = true; }
    const grew = !watched || watched.file !== g.file || g.stones.length !== watched.stones.length;
    watched = g;
    if (fresh || (followLive && grew)) watchedAt = g.stones.length;
    watchedAt = Math.min(watchedAt, g.stones.length);
    for (const row of document.querySelectorAll("#games tr[data-file]")) row.classList.toggle("on", row.dataset.file === file);
    renderWatched();
  } catch (e) { if (fresh) say(e.message, true); }
}

function renderWatched() {
  const g = watched;
  if (!g) { drawBoard(15, 15, () => ({}), null); $("status").textContent = "pick a game"; return; }
  const shown = g.stones.slice(0, watchedAt);
  const at = new Map(shown.map((s, i) => [s.x + "," + s.y, [s, i + 1]]));
  drawBoard(g.width, g.height, (x, y) => {
    const hit = at.get(x + "," + y);
    if (!hit) return {};
    const [s, n] = hit;
    return { stone: true, label: n, cls: (s.color === "black" ? " black" : " white") + (n === shown.length ? " last" : "") };
  }, null);
  $("replay").max = g.stones.length;
  $("replay").value = watchedAt;
  $("replay-at").textContent = `${watchedAt} / ${g.stones.length}`;
  const names = (g.players[0] || "?") + " – " + (g.players[1] || "?");
  $("status").textContent = names + (g.live ? " (live)" : " " + ({ "1": "1-0", "2": "0-1", "0": "½-½" }[g.result] || ""));
}

async function start() {
  wire();
  try {
    const s = await api("/state");
    engines = s.engines;
    game = s.game;
    setupSeats();
    if (!s.watching) $("tab-watch").title = "start with --watch DIR";
    // Started to watch a tournament: open on it.
    if (s.watching) setMode("watch"); else render();
  } catch (e) {
    say(e.message + " (open the address tengen-board printed, with its token)", true);
    return;
  }
  const events = new EventSource("/api/events?token=" + encodeURIComponent(token));
  events.addEventListener("game", (ev) => {
    take(JSON.parse(ev.data));
    if (mode === "play") render();
  });
  setInterval(refreshWatch, 1000);
}

start();
