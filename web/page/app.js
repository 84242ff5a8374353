// The page: one controller for every game through the one interface (the
// game's view only draws it and says which move a spot stands for). Pick a
// game, play the engine; keys as in the terminal.
import { init, load, GAMES, GAME_INFO, CHANCE, ParseError, SetupError } from "./atom4.js";
import { Engine } from "./engine.js";
import { atom4 } from "./views/atom4.js";
import { atropos } from "./views/atropos.js";
import { chain } from "./views/chain.js";
import { gamma } from "./views/gamma.js";
import { atomas } from "./views/atomas.js";
import { esc } from "./views/common.js";

const VIEWS = { atom4, atropos, chain, gamma, atomas };
const $ = (id) => document.getElementById(id);
const query = new URLSearchParams(location.search);

/** How strong the engine plays: a limit as the programs spell it, a classic level, or random moves. */
const STRENGTHS = ["random", "n2000", "n20000", "100ms", "300ms", "1s", "3s", "10s"];
const LEVELS = Array.from({ length: 9 }, (_, l) => `level${l}`);

function limitsOf(strength) {
  let m;
  if ((m = strength.match(/^n(\d+)$/))) return { nodes: Number(m[1]) };
  if ((m = strength.match(/^(\d+)ms$/))) return { timeMs: Number(m[1]) };
  if ((m = strength.match(/^(\d+)s$/))) return { timeMs: 1000 * Number(m[1]) };
  if ((m = strength.match(/^d(\d+)$/))) return { depth: Number(m[1]) };
  if ((m = strength.match(/^level(\d)$/))) return { level: Number(m[1]) };
  return null; // random
}

function describe(strength) {
  if (strength === "random") return "random moves";
  if (strength.startsWith("level")) return `classic level ${strength.slice(5)}`;
  if (strength.startsWith("n")) return `${Number(strength.slice(1)).toLocaleString("en")} nodes a move`;
  return `${strength} a move`;
}

/** A seeded generator (xorshift32), so that a seeded game replays the same. */
function rng(seed) {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

const app = {
  game: "atom4",
  state: null,
  view: null,
  seats: [], // "human" | "engine", a player each
  strength: query.get("strength") ?? "1s",
  seed: Number(query.get("seed") ?? Math.floor(Math.random() * 1e9)),
  mode: null,
  cursor: 0,
  targets: [],
  changed: new Set(),
  frame: null, // a cascade frame drawn instead of the position
  skip: null, // ends the running animation
  hint: null,
  paused: false,
  thinking: null, // {depth, nodes} while the engine searches
  token: 0, // changes with every position change: stale answers are dropped
};
let engine = null;

function seatOf(turn) {
  return turn > 0 ? app.seats[turn - 1] ?? "engine" : null;
}

function humanToMove() {
  const t = app.state.turn;
  return t !== null && t !== CHANCE && seatOf(t) === "human" && app.frame === null;
}

function defaultSeats(players, spec = query.get("seats")) {
  return Array.from({ length: players }, (_, i) => {
    if (spec && spec[i]) return spec[i] === "e" ? "engine" : "human";
    return i === 0 ? "human" : "engine";
  });
}

// ---- the game --------------------------------------------------------

function startGame(game, params = {}, text = null) {
  engine?.stop();
  app.skip?.();
  const state = text !== null ? load(game, { text }) : load(game, params);
  app.game = game;
  app.state = state;
  app.view = VIEWS[game];
  if (app.seats.length !== state.players || app.seatsGame !== game) app.seats = defaultSeats(state.players);
  app.seatsGame = game;
  app.mode = app.view.defaultMode ?? null;
  if (app.strength.startsWith("level") && game !== "atom4") app.strength = "1s";
  app.changed = new Set();
  app.hint = null;
  app.paused = false;
  app.cursor = 0;
  app.token++;
  say("");
  buildOptions();
  render();
  const first = app.targets.find((t) => t.moves.length) ?? app.targets[Math.floor(app.targets.length / 2)];
  app.cursor = first ? first.id : 0;
  render();
  proceed();
}

function plySeed() {
  return (app.seed * 7919 + app.state.moveStack.length * 104729 + (app.round ?? 0)) >>> 0;
}

async function play(move) {
  const before = app.state.spots();
  app.hint = null;
  app.token++;
  if (app.view.animates && $("animate").checked) {
    const cascade = app.state.pushWaves(move);
    if (cascade.frames.length > 1) await animate(cascade.frames);
  } else {
    app.state.push(move);
  }
  const after = app.state.spots();
  app.changed = new Set(after.map((s, i) => i).filter((i) => !same(before[i], after[i])));
  render();
  proceed();
}

function same(a, b) {
  return a !== undefined && a.symbol === b.symbol && a.owner === b.owner && a.count === b.count && a.colour === b.colour;
}

/** Draws a cascade's frames, a wave at a time (at most 2 s in all); Esc or a click skips. */
function animate(frames) {
  return new Promise((resolve) => {
    const step = Math.max(25, Math.min(180, 2000 / frames.length));
    let k = 0;
    let timer = null;
    const done = () => {
      clearTimeout(timer);
      app.frame = null;
      app.skip = null;
      resolve();
    };
    app.skip = done;
    const next = () => {
      if (k >= frames.length) return done();
      app.frame = frames[k++];
      render();
      timer = setTimeout(next, step);
    };
    next();
  });
}

/** After every change: chance draws, the engine's seats move, or a person is asked. */
function proceed() {
  const s = app.state;
  if (s.isGameOver()) {
    render();
    return;
  }
  if (s.turn === CHANCE) {
    const outcomes = s.chanceOutcomes();
    const total = outcomes.reduce((n, o) => n + o.weight, 0);
    let pick = rng(plySeed())() * total;
    const chosen = outcomes.find((o) => (pick -= o.weight) < 0) ?? outcomes[outcomes.length - 1];
    s.push(chosen.move);
    app.token++;
    render();
    setTimeout(proceed, 0);
    return;
  }
  if (seatOf(s.turn) === "engine" && !app.paused) {
    engineMove();
  } else if (humanToMove() && app.view.autoHint) {
    hint();
  }
}

async function engineMove() {
  const s = app.state;
  const token = app.token;
  const limits = limitsOf(app.strength);
  if (limits === null) {
    const moves = s.legalMoves();
    await new Promise((r) => setTimeout(r, 60));
    if (token === app.token) play(moves[Math.floor(rng(plySeed())() * moves.length)]);
    return;
  }
  app.thinking = { depth: 0, nodes: 0 };
  render();
  try {
    const result = await engine.think(app.game, s.text(), { ...limits, seed: plySeed() }, (p) => {
      if (token === app.token) {
        app.thinking = p;
        renderStatus();
      }
    });
    if (token !== app.token) return;
    app.thinking = null;
    if (result.move !== null) await play(result.move);
  } catch (e) {
    if (token !== app.token) return;
    app.thinking = null;
    app.paused = true;
    say(e.stopped && e.message === "stopped" ? "Stopped. Press Engine move (e) to let the engine play." : e.message);
    render();
  }
}

async function hint() {
  const s = app.state;
  if (s.isGameOver() || s.turn === CHANCE) return;
  const token = app.token;
  const limits = limitsOf(app.strength) ?? { nodes: 20000 };
  app.thinking = { depth: 0, nodes: 0, hint: true };
  renderStatus();
  try {
    const result = await engine.think(app.game, s.text(), { ...limits, seed: plySeed() });
    if (token !== app.token) return;
    app.thinking = null;
    app.hint = result.move;
    say(result.move === null ? "" : `${app.view.autoHint ? "The bot suggests" : "Hint"}: ${result.move}`);
    render();
  } catch (e) {
    if (token === app.token) {
      app.thinking = null;
      say(e.message === "stopped" ? "Stopped." : e.message);
      render();
    }
  }
}

function undo() {
  const s = app.state;
  engine.stop();
  app.skip?.();
  if (s.moveStack.length === 0) {
    say("Nothing to undo.");
    return;
  }
  s.pop();
  while (s.moveStack.length > 0 && (s.turn === CHANCE || seatOf(s.turn) === "engine")) s.pop();
  app.token++;
  app.changed = new Set();
  app.hint = null;
  app.thinking = null;
  app.paused = seatOf(s.turn) === "engine";
  say(app.paused ? "Undone. Press Engine move (e) to let the engine play." : "Undone.");
  render();
  if (!app.paused) proceed();
}

function go() {
  if (app.state.isGameOver() || engine.busy) return;
  app.paused = false;
  if (humanToMove()) {
    // The engine plays this move for the person to move.
    const seats = app.seats;
    const turn = app.state.turn;
    app.seats = seats.map((x, i) => (i === turn - 1 ? "engine" : x));
    engineMove().finally(() => (app.seats = seats));
    return;
  }
  proceed();
}

function stop() {
  app.skip?.();
  if (engine.busy) engine.stop();
}

function activate(t) {
  const s = app.state;
  if (t === undefined) return;
  app.cursor = t.id;
  if (s.isGameOver()) return say(app.view.hasRounds ? "The round is over: Enter starts the next one." : "The game is over: n starts a new one.");
  if (!humanToMove()) return say(`Wait: it is ${whoName(s.turn)}'s turn.`);
  const move = t.moves.length ? (t.pick ? t.pick(app.mode) : t.moves[0]) : null;
  if (!move) {
    const why = s.whyIllegal(t.tryMove) ?? "that is not a move here";
    say(`${t.tryMove}: ${why}.`);
    render();
    return;
  }
  say("");
  play(move);
}

function whoName(turn) {
  if (turn === CHANCE) return "chance";
  return `${app.view.playerName(turn)} (${seatOf(turn) === "human" ? "you" : "engine"})`;
}

// ---- drawing ---------------------------------------------------------

function say(text) {
  $("message").textContent = text;
}

function renderStatus() {
  const s = app.state;
  let text;
  if (s.isGameOver()) text = app.view.result({ state: s });
  else if (app.thinking && !app.thinking.hint) {
    const t = app.thinking;
    text = `${whoName(s.turn)} is thinking…${t.depth ? ` depth ${t.depth}, ${t.nodes.toLocaleString("en")} nodes` : ""}`;
  } else if (s.turn === CHANCE) text = "Drawing the next atom…";
  else if (humanToMove()) text = `Your move, ${app.view.playerName(s.turn)}${app.view.modes && (!app.view.modeFor || app.view.modeFor(s)) ? ` (${app.view.modes.find((m) => m.value === app.mode).label})` : ""}.`;
  else text = `${whoName(s.turn)} to move${app.paused ? " (paused: press Engine move)" : ""}.`;
  $("status").textContent = text;
  $("stop").disabled = !engine?.busy && app.frame === null;
  // For tests and scripts that watch the page.
  Object.assign(document.body.dataset, {
    game: app.game,
    moves: String(s.moveStack.length),
    turn: String(s.turn),
    over: String(s.isGameOver()),
    busy: String(!!engine?.busy || app.frame !== null),
  });
  $("undo").disabled = s.moveStack.length === 0;
  $("hint").disabled = !humanToMove();
  $("go").disabled = s.isGameOver() || !!engine?.busy;
}

function render() {
  const s = app.state;
  const frame = app.frame;
  const layout = s.layout();
  const spots = s.spots();
  const legal = humanToMove() ? s.legalMoves() : [];
  const drawn = app.view.draw({ state: s, spots, layout, legal, changed: frame ? new Set() : app.changed, frame, mode: app.mode });
  app.targets = drawn.targets;
  let cursor = "";
  const at = drawn.targets.find((t) => t.id === app.cursor);
  if (at) cursor = `<circle class="cursor" cx="${at.x}" cy="${at.y}" r=".5"/>`;
  let hinted = "";
  const h = app.hint && drawn.targets.find((t) => t.moves.includes(app.hint) || (t.pick && t.moves.length && t.moves.some((m) => m === app.hint)));
  if (h) hinted = `<circle class="hinted" cx="${h.x}" cy="${h.y}" r=".42"/>`;
  const board = $("board");
  board.setAttribute("viewBox", drawn.viewBox.map((v) => v - 0).join(" "));
  board.innerHTML = drawn.svg.replace(/data-t="(\d+)"/g, 'data-t="$1" id="t-$1"') + hinted + cursor;
  if (at) board.setAttribute("aria-activedescendant", `t-${at.id}`);
  $("info").innerHTML = app.view.info({ state: s, mode: app.mode }) + modeButtons();
  // Moves that no spot stands for (a pass), and the next round.
  const placed = new Set(drawn.targets.flatMap((t) => t.moves));
  const extra = legal.filter((m) => !placed.has(m) && !(app.view.modes && drawn.targets.some((t) => t.pick)));
  let buttons = extra.map((m) => `<button type="button" data-move="${esc(m)}">${esc(m)}</button>`).join("");
  if (s.isGameOver() && app.view.hasRounds) buttons += '<button type="button" id="next-round">Next round (Enter)</button>';
  if (s.isGameOver()) buttons += '<button type="button" data-new="1">New game (n)</button>';
  $("extra-moves").innerHTML = buttons;
  const pos = $("position");
  if (document.activeElement !== pos) pos.value = s.text();
  const hash = `#game=${app.game}&position=${encodeURIComponent(s.text())}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  for (const a of document.querySelectorAll("#games a")) a.setAttribute("aria-selected", String(a.dataset.game === app.game));
  renderStatus();
}

function modeButtons() {
  const v = app.view;
  if (!v.modes || (v.modeFor && !v.modeFor(app.state))) return "";
  return `<div class="row" role="group" aria-label="Choice">${v.modes
    .map((m) => `<button type="button" data-mode="${esc(m.value)}" aria-pressed="${m.value === app.mode}"${m.fill ? ` style="border-left: .6rem solid ${m.fill}"` : ""}>${esc(m.label)}</button>`)
    .join("")}</div>`;
}

// ---- options ---------------------------------------------------------

function buildOptions() {
  const info = GAME_INFO[app.game];
  const setup = app.state.setup();
  const field = (p) => {
    let value = String(setup[p.name] ?? p.default);
    // One number for a square size whose default is one number (Atropos's side).
    const square = value.match(/^(\d+)x(\1)$/);
    if (square && !p.default.includes("x")) value = square[1];
    const id = `param-${p.name}`;
    if (p.name === "rules") {
      return `<label>${p.name} <select id="${id}" name="${p.name}">${["classic", "atoms"].map((r) => `<option${r === value ? " selected" : ""}>${r}</option>`).join("")}</select></label>`;
    }
    const type = p.name === "size" ? "text" : "number";
    return `<label title="${esc(p.help)}">${p.name} <input id="${id}" name="${p.name}" type="${type}" value="${esc(value)}" ${type === "number" ? 'min="0" inputmode="numeric"' : ""} aria-describedby="${id}-help"> <small id="${id}-help">${esc(p.help)}</small></label>`;
  };
  $("params").innerHTML = info.params.map(field).join("");
  const strengths = app.game === "atom4" ? [...STRENGTHS, ...LEVELS] : STRENGTHS;
  if (!strengths.includes(app.strength)) strengths.push(app.strength);
  $("strength").innerHTML = strengths.map((s) => `<option value="${s}"${s === app.strength ? " selected" : ""}>${esc(describe(s))}</option>`).join("");
  buildSeats(app.state.players);
  const players = $("param-players");
  if (players) players.oninput = () => buildSeats(Number(players.value) || 2);
}

function buildSeats(n) {
  const seats = Array.from({ length: Math.min(Math.max(n, 1), 16) }, (_, i) => app.seats[i] ?? (i === 0 ? "human" : "engine"));
  $("seats").innerHTML =
    "<legend>Players</legend>" +
    seats
      .map((seat, i) => `<label>${esc(app.view.playerName(i + 1))} <select data-seat="${i}">${["human", "engine"].map((v) => `<option value="${v}"${v === seat ? " selected" : ""}>${v === "human" ? "person" : "engine"}</option>`).join("")}</select></label>`)
      .join("");
}

function newFromOptions() {
  const params = {};
  for (const el of $("params").querySelectorAll("input, select")) if (el.value !== "") params[el.name] = el.value;
  app.strength = $("strength").value;
  app.seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  app.seatsGame = app.game;
  try {
    startGame(app.game, params);
  } catch (e) {
    if (e instanceof SetupError) say(`Cannot start: ${e.message}`);
    else throw e;
  }
}

// ---- input -----------------------------------------------------------

function moveCursor(dx, dy) {
  const at = app.targets.find((t) => t.id === app.cursor) ?? app.targets[0];
  if (!at) return;
  let best = null;
  let bestScore = Infinity;
  for (const t of app.targets) {
    const [vx, vy] = [t.x - at.x, t.y - at.y];
    const along = vx * dx + vy * dy;
    if (along <= 0.01) continue;
    const across = Math.abs(vx * dy - vy * dx);
    const score = along + 2.5 * across;
    if (score < bestScore) [best, bestScore] = [t, score];
  }
  if (best) {
    app.cursor = best.id;
    render();
  }
}

function onKey(e) {
  const inField = e.target.closest("input, textarea, select");
  if (inField || e.ctrlKey || e.metaKey || e.altKey) return;
  const v = app.view;
  const key = e.key;
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (arrows[key] && (e.target === document.body || e.target.id === "board")) {
    e.preventDefault();
    moveCursor(...arrows[key]);
    return;
  }
  if ((key === "Enter" || key === " ") && (e.target === document.body || e.target.id === "board")) {
    e.preventDefault();
    if (app.state.isGameOver() && v.hasRounds) return nextRound();
    activate(app.targets.find((t) => t.id === app.cursor));
    return;
  }
  const mode = v.modes?.find((m) => m.key === key);
  if (mode) {
    app.mode = mode.value;
    render();
    return;
  }
  const actions = { n: newFromOptions, u: undo, h: hint, e: go, s: stop, Escape: () => app.skip?.() };
  if (actions[key]) {
    e.preventDefault();
    actions[key]();
  }
}

function nextRound() {
  if (app.state.nextRound()) {
    app.round = (app.round ?? 0) + 1;
    app.changed = new Set();
    app.token++;
    render();
    proceed();
  }
}

function readHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  const game = h.get("game");
  if (!game || !GAMES.includes(game)) return null;
  return { game, position: h.get("position") };
}

function fromHash() {
  const h = readHash();
  if (h === null) return false;
  if (h.position !== null && app.state && h.game === app.game && h.position === app.state.text()) return true;
  try {
    startGame(h.game, {}, h.position);
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    startGame(h.game);
    say(`The link's position does not read: ${e.message}`);
  }
  return true;
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} copied.`);
  } catch {
    const pos = $("position");
    pos.value = text;
    pos.select();
    say(`Select and copy the ${what.toLowerCase()} from the box.`);
  }
}

async function main() {
  $("games").innerHTML = "";
  await init();
  engine = new Engine();
  engine.onRestart = () => renderStatus();
  $("games").innerHTML = GAMES.map((g) => `<li><a href="#game=${g}" data-game="${g}" role="tab">${esc(GAME_INFO[g].title)}</a></li>`).join("");
  $("games").addEventListener("click", (e) => {
    const a = e.target.closest("a[data-game]");
    if (!a) return;
    e.preventDefault();
    app.seats = [];
    startGame(a.dataset.game);
  });
  $("board").addEventListener("click", (e) => {
    if (app.frame !== null) return app.skip?.();
    const g = e.target.closest("[data-t]");
    if (g) activate(app.targets.find((t) => t.id === Number(g.dataset.t)));
  });
  $("board").addEventListener("pointerover", (e) => {
    const g = e.target.closest("[data-t]");
    if (g && e.pointerType !== "mouse") g.classList.add("tap");
  });
  $("extra-moves").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.id === "next-round") nextRound();
    else if (b.dataset.new) newFromOptions();
    else if (b.dataset.move && humanToMove()) play(b.dataset.move);
  });
  $("info").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-mode]");
    if (!b) return;
    const m = app.view.modes.find((x) => String(x.value) === b.dataset.mode);
    app.mode = m.value;
    render();
  });
  // The engine's strength and the seats take effect at once, mid-game too.
  $("strength").onchange = (e) => (app.strength = e.target.value);
  $("seats").addEventListener("change", (e) => {
    const i = Number(e.target.dataset.seat);
    if (Number.isNaN(i) || i >= app.state.players) return;
    app.seats[i] = e.target.value;
    app.paused = false;
    render();
    if (!engine.busy && app.frame === null) proceed();
  });
  $("new").onclick = newFromOptions;
  $("undo").onclick = undo;
  $("hint").onclick = hint;
  $("go").onclick = go;
  $("stop").onclick = stop;
  $("options").onsubmit = (e) => {
    e.preventDefault();
    newFromOptions();
  };
  $("copy").onclick = () => copyText(app.state.text(), "Position");
  $("link").onclick = () => copyText(location.href, "Link");
  $("load").onclick = () => {
    try {
      startGame(app.game, {}, $("position").value.trim());
      say("Position loaded.");
    } catch (e) {
      if (e instanceof ParseError) say(`That is not a ${GAME_INFO[app.game].title} position: ${e.message}`);
      else throw e;
    }
  };
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => fromHash());
  if (query.get("animate") === "0") $("animate").checked = false;
  if (!fromHash()) {
    const game = GAMES.includes(query.get("game")) ? query.get("game") : "atom4";
    const params = {};
    for (const pair of (query.get("params") ?? "").split(/[ ,]/).filter((p) => p.includes("="))) {
      const [k, v] = pair.split("=");
      params[k] = v;
    }
    startGame(game, params);
  }
  document.body.dataset.ready = "1";
}

main().catch((e) => {
  $("status").textContent = `The engine did not load: ${e.message}`;
  throw e;
});
