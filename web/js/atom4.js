// atom4: the five games of the atom4 engine (Atom-4, Atropos, Chain
// Reaction, Gamma, Atomas) in JavaScript, on the engine compiled to
// WebAssembly. The same shape as the Python package's one interface:
//
//   import { init, load, search } from "./atom4.js";
//   await init();
//   const state = load("chain", { size: "6x9", players: 4 });
//   state.push(state.legalMoves()[0]);
//   const { move } = search(state, { nodes: 20000 });
//
// Every position a caller holds lives here as the engine's binary form;
// the module works on one position at a time and this file loads the one
// a call is about (the module has no allocator, see web/src/lib.rs).

/** The turn of chance (Atomas's draws), as `state.turn` says it. */
export const CHANCE = 0;

/** The games' names, filled by `init()`. */
export const GAMES = [];

/** Each game's title, most players and parameters, by name (after `init()`). */
export const GAME_INFO = {};

/** Anything the engine refuses. */
export class Atom4Error extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** A move refused: `kind` says what kind of mistake, the message why. */
export class IllegalMoveError extends Atom4Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/** A game that cannot be set up so: `param` names the parameter at fault. */
export class SetupError extends Atom4Error {
  constructor(param, message) {
    super(`${param}: ${message}`);
    this.param = param;
    this.reason = message;
  }
}

/** A position text that does not read: `offset` is the byte at fault. */
export class ParseError extends Atom4Error {
  constructor(offset, message) {
    super(`at byte ${offset}: ${message}`);
    this.offset = offset;
    this.reason = message;
  }
}

const MOVE_ERROR_KINDS = ["over", "wrong-turn", "out-of-range", "bad-text", "illegal"];
const CODE = { NO_STATE: -100, TOO_LONG: -101, SETUP: -102, TEXT: -103, DECODE: -104, NOT_UTF8: -105 };

let wasm = null;
let io = null; // the module's text buffer
let loaded = null; // the State whose position is in the module now
let onProgress = null; // the running search's progress callback
let onEmit = null; // the running gamma batch's sink
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function ioBytes() {
  if (io === null || io.byteLength === 0) {
    io = new Uint8Array(wasm.memory.buffer, wasm.io_ptr(), wasm.io_len());
  }
  return io;
}

/** Writes `text` into the module's buffer; returns its length in bytes. */
function put(text) {
  const buf = ioBytes();
  const { read, written } = encoder.encodeInto(text, buf);
  if (read < text.length) throw new Atom4Error(`text too long (${text.length} characters)`);
  return written;
}

function putBytes(bytes) {
  ioBytes().set(bytes);
  return bytes.length;
}

function got(len) {
  return decoder.decode(ioBytes().subarray(0, len));
}

function words(count) {
  const buf = ioBytes();
  return new Uint32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + 4 * count));
}

/** Throws the error a negative answer means (its reason in the buffer). */
function fail(code) {
  if (code >= -5) throw new IllegalMoveError(MOVE_ERROR_KINDS[-code - 1], lastMessage());
  switch (code) {
    case CODE.SETUP: {
      const [param, message] = split2(lastMessage());
      throw new SetupError(param, message);
    }
    case CODE.TEXT: {
      const [offset, message] = split2(lastMessage());
      throw new ParseError(Number(offset), message);
    }
    case CODE.DECODE:
      throw new Atom4Error(`not a position: ${lastMessage()}`);
    case CODE.TOO_LONG:
      throw new Atom4Error("the answer does not fit the module's buffer");
    case CODE.NOT_UTF8:
      throw new Atom4Error("the text is not UTF-8");
    default:
      throw new Atom4Error(`no position (code ${code})`);
  }
}

// Error messages are short (at most 100 characters, a few hundred bytes):
// an export that fails writes its message and a NUL.
function lastMessage() {
  const buf = ioBytes().subarray(0, 1024);
  let end = buf.indexOf(0);
  if (end < 0) end = 0;
  return decoder.decode(buf.subarray(0, end));
}

function split2(text) {
  const i = text.indexOf("\t");
  return i < 0 ? ["", text] : [text.slice(0, i), text.slice(i + 1)];
}

/** Calls export `f`; a negative answer throws (its reason ends with a NUL). */
function call(f, ...args) {
  // The module is never re-entered: a search's progress callback may not use it.
  if (onProgress !== null || onEmit !== null) throw new Atom4Error("the module is busy (called from a search's onProgress?)");
  const r = wasm[f](...args);
  if (r < 0) fail(r);
  return r;
}

function isNode() {
  return typeof process !== "undefined" && process.versions != null && process.versions.node != null;
}

/**
 * Loads the module: from `source` (a URL, a path in Node, bytes, a
 * `WebAssembly.Module` or a `Response`), else `atom4.wasm` beside this file.
 * Calling it again does nothing.
 */
export async function init(source) {
  if (wasm !== null) return;
  const imports = {
    env: {
      now: () => performance.now(),
      progress: (best, score, depth, nodes) => {
        if (onProgress !== null) onProgress({ action: best < 0 ? null : best, score, depth, nodes });
      },
      emit: (stream, ptr, len) => {
        if (onEmit !== null) onEmit(stream, new Uint8Array(wasm.memory.buffer, ptr, len).slice());
      },
    },
  };
  if (source === undefined) source = new URL("./atom4.wasm", import.meta.url);
  let instance;
  if (source instanceof WebAssembly.Module) {
    instance = await WebAssembly.instantiate(source, imports);
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    instance = (await WebAssembly.instantiate(source, imports)).instance;
  } else if (typeof Response !== "undefined" && source instanceof Response) {
    instance = (await WebAssembly.instantiate(await source.arrayBuffer(), imports)).instance;
  } else {
    const url = source instanceof URL ? source : new URL(String(source), import.meta.url);
    if (url.protocol === "file:" && isNode()) {
      const { readFile } = await import("node:fs/promises");
      instance = (await WebAssembly.instantiate(await readFile(url), imports)).instance;
    } else {
      const response = await fetch(url);
      if (!response.ok) throw new Atom4Error(`cannot load ${url}: ${response.status}`);
      instance = (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
    }
  }
  wasm = instance.exports;
  io = null;
  readGames();
}

function readGames() {
  const lines = got(call("games")).split("\n").filter((l) => l !== "");
  let game = null;
  for (const line of lines) {
    const f = line.split("\t");
    if (f[0] === "") {
      game.params.push({ name: f[1], default: f[2], help: f[3] });
    } else {
      game = { name: f[0], title: f[1], maxPlayers: Number(f[2]), index: GAMES.length, params: [] };
      GAMES.push(game.name);
      GAME_INFO[game.name] = game;
    }
  }
}

function ready() {
  if (wasm === null) throw new Atom4Error("call `await init()` first");
}

function info(name) {
  ready();
  const game = GAME_INFO[String(name).toLowerCase()];
  if (game === undefined) {
    throw new SetupError("game", `no game ${JSON.stringify(name)} (the games are: ${GAMES.join(" ")})`);
  }
  return game;
}

/**
 * A new game of `name` with `params` (`size`, `players`, `rules`, `areas`,
 * `seed`; each optional), or the position `params.text` of that game.
 */
export function load(name, params = {}) {
  const game = info(name);
  const { text, ...rest } = params;
  const setup = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null));
  if (text !== undefined) {
    if (Object.keys(setup).length > 0) {
      throw new SetupError(Object.keys(setup)[0], "a position text takes no other parameter");
    }
    call("from_text", game.index, put(String(text)));
  } else {
    const pairs = Object.entries(setup).map(([k, v]) => `${k}=${v}`);
    for (const pair of pairs) {
      if (/[\s,]/.test(pair)) throw new SetupError(pair.split("=")[0], `${JSON.stringify(pair)} has a space or comma`);
    }
    call("start", game.index, put(pairs.join(" ")));
  }
  return State._adopt(game);
}

/** A position of any game. Moves are the game's own texts (`"3,4"`, `"pass"`, `"g 1,2"`, `"(1,2,3,4)"`, `"2 y"`). */
export class State {
  #game;
  #bytes;
  #stack = []; // [{bytes, move}] before each move pushed

  constructor(key, game, bytes) {
    if (key !== KEY) throw new TypeError("use load() or copy() to make a State");
    this.#game = game;
    this.#bytes = bytes;
  }

  /** The position now in the module, as a new State. */
  static _adopt(game) {
    const s = new State(KEY, game, encoded());
    loaded = s;
    return s;
  }

  #use() {
    if (loaded !== this) {
      call("decode", this.#game.index, putBytes(this.#bytes));
      loaded = this;
    }
  }

  #changed() {
    this.#bytes = encoded();
  }

  /** The game's name (`"chain"`). */
  get game() {
    return this.#game.name;
  }

  /** How many players. */
  get players() {
    this.#use();
    return wasm.players();
  }

  /** Whose turn: a player (1..N), `CHANCE`, or `null` once over. */
  get turn() {
    this.#use();
    const t = wasm.turn();
    return t > 0 ? t : t === 0 ? CHANCE : null;
  }

  /** The legal moves' texts (at a chance turn: the outcomes'), in the game's order. */
  legalMoves() {
    this.#use();
    return lines(call("legal_texts"));
  }

  /** The legal moves as the game's actions (numbers), in the same order. */
  legalActions() {
    this.#use();
    const n = call("legal");
    const w = words(this.turn === CHANCE ? 2 * n : n);
    return this.turn === CHANCE ? Array.from({ length: n }, (_, i) => w[2 * i]) : Array.from(w);
  }

  /** At a chance turn, each outcome with its weight (else none). */
  chanceOutcomes() {
    this.#use();
    if (wasm.turn() !== 0) return [];
    const n = call("legal");
    const w = words(2 * n);
    const texts = lines(call("legal_texts"));
    return texts.map((move, i) => ({ move, action: w[2 * i], weight: w[2 * i + 1] }));
  }

  /** The action a move text means (throws `IllegalMoveError` for text that is no move). */
  parseMove(move) {
    this.#use();
    return call("parse_move", put(String(move)));
  }

  /** An action's move text as it reads now. */
  moveText(action) {
    this.#use();
    return got(call("move_text", action >>> 0));
  }

  /** Why `move` cannot be played now, in words, or `null` if it can. */
  whyIllegal(move) {
    try {
      const action = typeof move === "number" ? move : this.parseMove(move);
      this.#use();
      call("check", action >>> 0);
      return null;
    } catch (e) {
      if (e instanceof IllegalMoveError) return e.message;
      throw e;
    }
  }

  /** Plays `move` (a text, or an action number); a refused move throws `IllegalMoveError` and changes nothing. */
  push(move) {
    this.#use();
    const before = this.#bytes;
    const action = typeof move === "number" ? move >>> 0 : call("parse_move", put(String(move)));
    const text = got(call("move_text", action));
    call("play", action);
    this.#stack.push({ bytes: before, move: text });
    this.#changed();
  }

  /**
   * Plays `move` like `push`, and for a game whose moves set off waves
   * (Chain Reaction's cascades) returns them: `{waves, explosions,
   * frames}`, the frames the board after the orb and after each wave (as
   * many as the module has room for: 1,000 on 16 x 16), each `{orbs,
   * owner}` a cell, row by row. Other games: no waves, no frames.
   */
  pushWaves(move) {
    this.#use();
    const action = typeof move === "number" ? move : this.parseMove(move);
    const before = this.#bytes;
    const text = this.moveText(action);
    const count = call("play_waves", action >>> 0);
    const [waves, explosions] = got(ioBytes().indexOf(0)).split(" ").map(Number);
    this.#stack.push({ bytes: before, move: text });
    const frames = [];
    if (count > 0) {
      const [, w, h] = this.layout().size;
      const cells = w * h;
      const mem = new Uint8Array(wasm.memory.buffer, wasm.frames_ptr(), 2 * cells * count);
      for (let f = 0; f < count; f++) {
        const frame = [];
        for (let i = 0; i < cells; i++) {
          frame.push({ orbs: mem[2 * (f * cells + i)], owner: mem[2 * (f * cells + i) + 1] });
        }
        frames.push(frame);
      }
    }
    this.#changed();
    return { waves: waves || 0, explosions: explosions || 0, frames };
  }

  /** Takes the last move back; returns its text (`undefined` if none). */
  pop() {
    const last = this.#stack.pop();
    if (last === undefined) return undefined;
    this.#bytes = last.bytes;
    if (loaded === this) loaded = null;
    return last.move;
  }

  /** The moves pushed so far, in order. */
  get moveStack() {
    return this.#stack.map((m) => m.move);
  }

  isGameOver() {
    return this.turn === null;
  }

  /** What each player gets (index 0 is player 1): +1 a win, -1 a loss, 0 a draw or not over; Atomas: the score once over. */
  returns() {
    this.#use();
    const n = wasm.players();
    return Array.from({ length: n }, (_, i) => wasm.returns(i + 1));
  }

  /** The position in the game's text notation (`load(game, {text})` reads it back). */
  text() {
    this.#use();
    return got(call("text"));
  }

  /** The board as lines of text. */
  diagram() {
    this.#use();
    return got(call("diagram"));
  }

  /** The game's parameters, as `load` takes them. */
  setup() {
    this.#use();
    const out = {};
    for (const pair of got(call("setup")).split(" ").filter((p) => p)) {
      const [k, v] = pair.split("=");
      out[k] = /^\d+$/.test(v) ? Number(v) : v;
    }
    return out;
  }

  /** How the board is laid out: `{kind: "grid", width, height, shifted}`, `{kind: "triangle", side}` or `{kind: "ring", entries}`; `spots` and `size` too. */
  layout() {
    this.#use();
    const spots = call("layout");
    const [k, a, b, c] = words(4);
    const size = [k, a, b];
    if (k === 0) return { kind: "grid", width: a, height: b, shifted: c === 1, spots, size };
    if (k === 1) return { kind: "triangle", side: a, spots, size };
    return { kind: "ring", entries: a, spots, size };
  }

  /** What each spot holds: `{symbol, owner, count, colour}`, in the layout's order. */
  spots() {
    this.#use();
    const n = call("spots");
    const w = words(4 * n);
    return Array.from({ length: n }, (_, i) => ({
      symbol: String.fromCodePoint(w[4 * i]),
      owner: w[4 * i + 1],
      count: w[4 * i + 2],
      colour: w[4 * i + 3],
    }));
  }

  /** Starts the next round (Atom-4, once a round is over); `false` if nothing changed. The move stack starts anew. */
  nextRound() {
    this.#use();
    const started = call("next_round") === 1;
    if (started) {
      this.#stack = [];
      this.#changed();
    }
    return started;
  }

  /** An independent copy (with its move stack). */
  copy() {
    const c = new State(KEY, this.#game, this.#bytes);
    c.#stack = this.#stack.slice();
    return c;
  }

  /** The binary form (for the engine's own use: `text()` is the portable form). */
  _bytes() {
    return this.#bytes;
  }

  toString() {
    return this.text();
  }
}

const KEY = Symbol("State");

function encoded() {
  const n = call("encode");
  return ioBytes().slice(0, n);
}

function lines(len) {
  const text = got(len);
  return text === "" ? [] : text.slice(0, -1).split("\n");
}

/**
 * The engine's choice for the player to move: `{move, action, score,
 * depth, nodes, pv}` (`move` null when nobody is to move). Limits:
 * `nodes`, `timeMs`, `depth`, `seed` (same seed and limits, same move),
 * `level` (Atom-4's classic levels 0 to 8 instead of the strong engine),
 * `onProgress` (called after each completed iteration). It runs to its
 * end: in a page, run it in a worker (the page's engine does).
 */
export function search(state, limits = {}) {
  if (!(state instanceof State)) throw new TypeError("search(state, limits): state is not a State");
  const { nodes = 0, timeMs = 0, depth = 0, seed = 0, level = null, onProgress: progress = null } = limits;
  if (nodes === 0 && timeMs === 0 && depth === 0 && level === null) {
    throw new Atom4Error("search needs a limit: nodes, timeMs, depth or level");
  }
  state.turn; // loads the position into the module
  const s = BigInt.asUintN(64, BigInt(seed));
  onProgress = progress;
  let len;
  try {
    len = wasm.search(
      Number(nodes),
      Number(timeMs),
      depth | 0,
      Number(s & 0xffffffffn),
      Number(s >> 32n),
      level === null ? -1 : level | 0,
    );
  } finally {
    onProgress = null;
  }
  if (len < 0) fail(len);
  const [head, ...texts] = lines(len);
  const [best, score, reached, visited] = head.split(" ").map(Number);
  const move = best >= 0 ? texts[0] : null;
  const pv = best >= 0 ? texts.slice(1) : [];
  return { move, action: best >= 0 ? best : null, score, depth: reached, nodes: visited, pv };
}

/**
 * The `gamma` program's batch mode (the course's interface): runs
 * `input` (bytes or text) and returns what the program prints:
 * `{out, err}` (bytes), `interactive` when an `I` line asked for the
 * interactive mode (not offered here: the input stops there).
 */
export function gammaBatch(input) {
  ready();
  const bytes = typeof input === "string" ? encoder.encode(input) : input;
  const out = [];
  const err = [];
  let interactive = false;
  onEmit = (stream, chunk) => (stream === 1 ? out : err).push(chunk);
  try {
    wasm.gamma_batch_start();
    const piece = 4096;
    for (let at = 0; at < bytes.length && !interactive; at += piece) {
      const r = wasm.gamma_batch_feed(putBytes(bytes.subarray(at, at + piece)));
      if (r < 0) throw new Atom4Error("the gamma session stopped");
      interactive = r === 1;
    }
    if (!interactive && wasm.gamma_batch_finish() < 0) throw new Atom4Error("the gamma session stopped");
  } finally {
    onEmit = null;
  }
  const join = (chunks) => {
    const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    return all;
  };
  return { out: join(out), err: join(err), interactive };
}
