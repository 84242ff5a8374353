// Atom-4 network play: protocol 2.0 of atom4 4.1 as docs/network.md
// completes it, over the server's WebSocket endpoint (its section 12: one
// line a text message). A Table is what the client knows of the table it
// joined (its seat, the board, whose turn, who is here, the score); it
// answers the handshake by itself and tells the page what happened. No DOM
// here: the page draws, the tests drive a Table with lines.

export const GAME_VERSION = "4.1";
export const LEGACY_GAME_VERSION = "2.1";
export const PROTOCOL_VERSION = "2.0";
/** The longest line, in bytes (longer ones are cut there). */
export const MAX_LINE = 1024;
/** The longest chat text we send: `CHAT ` and the text fit a line. */
export const MAX_CHAT = MAX_LINE - 5;
/** The server's letters: the tiles and pieces of `atom4-rules.md`. */
const CELLS = ".KrgybpcW";
const TILES = "rygcbp";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A message split into lines: every byte 0x00-0x1F ends a line, a run of them ends one, a line is cut at 1024 bytes. */
export function splitLines(text) {
  const lines = [];
  for (const part of text.split(/[\x00-\x1f]+/)) {
    if (part === "") continue;
    const bytes = encoder.encode(part);
    lines.push(bytes.length > MAX_LINE ? decoder.decode(bytes.subarray(0, MAX_LINE)) : part);
  }
  return lines;
}

/**
 * The first `n` words of a line (separated by runs of spaces) and "the text":
 * the rest from its first non-space, trailing spaces removed.
 */
export function words(line, n) {
  const out = [];
  let at = 0;
  for (let k = 0; k < n; k++) {
    while (line[at] === " ") at++;
    if (at >= line.length) break;
    const end = line.indexOf(" ", at);
    const stop = end < 0 ? line.length : end;
    out.push(line.slice(at, stop));
    at = stop;
  }
  while (line[at] === " ") at++;
  out.push(line.slice(at).replace(/ +$/, ""));
  return out;
}

const number = (s) => (/^\d{1,9}$/.test(s ?? "") ? Number(s) : null);
const seatNumber = (s) => (s === "1" ? 1 : s === "2" ? 2 : null);

/** What a client knows of a table, from the server's lines. */
export class Table {
  /** `send(line)` sends one line; `onEvent(kind, detail)` hears what happened. */
  constructor({ send, onEvent = () => {}, nick = "" } = {}) {
    this.sendLine = send;
    this.onEvent = onEvent;
    this.wantNick = nick;
    this.phase = "greeting"; // "connected", "closed"
    this.legacy = false;
    this.sentClnt = false; // our ATOM4 CLNT is out
    this.id = null;
    this.seat = null; // 1, 2, or null: watching
    this.offered = false; // a POW? not yet answered
    this.width = 0;
    this.height = 0;
    this.cells = []; // letters, row by row
    this.changed = new Set(); // cells the last move changed (indexes)
    this.batch = false; // BPOS lines are coming
    this.turn = null; // {player, tile}
    this.answered = false; // our MOVE for the turn in force is out
    this.outcome = null; // {win: p} | {draw: text} | {abort: text}
    this.formerSeat = null; // our seat in the round that just ended (NEXT)
    this.gameOn = false;
    this.moves = 0; // moves seen (BPOS batches)
    this.scores = [0, 0];
    this.round = 1;
    this.who = new Map(); // id -> {seat, nick, about}
    this.why = null; // why the session ended
  }

  get connected() {
    return this.phase === "connected";
  }

  get closed() {
    return this.phase === "closed";
  }

  /** It is our turn and our move for it is not out yet. */
  get myTurn() {
    return this.turn !== null && this.seat === this.turn.player && !this.answered && this.outcome === null;
  }

  nickOf(id) {
    return this.who.get(id)?.nick ?? id;
  }

  /** The nick of whoever holds seat `p` (as NAME lines told), or null. */
  playerNick(p) {
    if (p === this.seat && this.id) return this.nickOf(this.id);
    for (const w of this.who.values()) if (w.seat === p) return w.nick;
    return null;
  }

  #say(kind, text) {
    this.onEvent("log", { kind, text });
  }

  #send(line) {
    if (this.phase === "closed") return;
    this.sendLine(line);
  }

  /** Ends the session (the page closes the socket). */
  close(why) {
    if (this.phase === "closed") return;
    this.phase = "closed";
    this.why = why;
    this.gameOn = false;
    this.onEvent("closed", { why });
  }

  // ---- what the page asks for ----------------------------------------

  play() {
    this.offered = false;
    this.#send("PLAY");
  }

  watch() {
    this.offered = false;
    this.#send("WATCH");
  }

  /** Our move on the cell `(x, y)`. */
  move(x, y) {
    this.answered = true;
    this.#send(`MOVE ${x} ${y}`);
  }

  resign() {
    this.#send("RSGN");
  }

  next() {
    this.#send("NEXT");
  }

  /** A chat line: its terminators become spaces, its length fits a line. */
  chat(text) {
    let t = text.replace(/[\x00-\x1f]+/g, " ").trim();
    while (encoder.encode(t).length > MAX_CHAT) t = t.slice(0, -1);
    if (t === "") return false;
    this.#send(`CHAT ${t}`);
    return true;
  }

  rename(nick) {
    this.#send(`NAME ${nick}`);
  }

  askWho() {
    this.#send("WHO?");
  }

  quit() {
    this.#send("QUIT");
  }

  // ---- what the server says ----------------------------------------

  /** One line from the server. */
  receive(line) {
    if (this.phase === "closed") return;
    const type = words(line, 1)[0].toUpperCase();
    if (type === "") return; // spaces only: no message
    if (type === "ERR") {
      const [, code, text] = words(line, 2);
      this.close(`the server closed the connection: ${text || "no reason given"} (ERR ${code})`);
      return;
    }
    if (this.phase === "greeting") return this.#greeting(line, type);
    const handler = this.#handlers[type === "PLNUM" ? "PNUM" : type];
    if (handler) handler.call(this, line);
    else this.#say("info", `(not understood: ${line})`);
  }

  #greeting(line, type) {
    const [, kind, a, b] = words(line, 3);
    const k = kind?.toUpperCase();
    if (type === "ATOM4" && k === "SERV" && !this.sentClnt) {
      const major = b?.split(".")[0];
      if (major !== "2" || !/^\d+\.\d+$/.test(b ?? "")) {
        this.close(`the server speaks protocol ${b}, not 2.x`);
        return;
      }
      this.legacy = a === LEGACY_GAME_VERSION;
      this.sentClnt = true;
      this.#send(`ATOM4 CLNT ${this.legacy ? LEGACY_GAME_VERSION : GAME_VERSION} ${PROTOCOL_VERSION}`);
    } else if (type === "ATOM4" && k === "CONN" && this.sentClnt) {
      const text = words(line, 2)[2];
      this.phase = "connected";
      const m = text.match(/you are (\S+)$/);
      this.id = m ? m[1] : null;
      this.#say("info", `Connected: ${text}`);
      this.onEvent("connected", { text });
      if (this.wantNick) this.rename(this.wantNick);
    } else {
      this.close(`not an atom4 server (it said: ${line.slice(0, 80)})`);
    }
  }

  #board() {
    this.onEvent("board", {});
  }

  #end(outcome, text) {
    this.outcome = outcome;
    this.formerSeat = this.seat;
    this.seat = null; // both players are watchers after WIN, DRAW or ABRT
    this.turn = null;
    this.gameOn = false;
    this.offered = false;
    if (outcome.win && this.legacy) this.scores[outcome.win - 1]++;
    this.#say("event", text);
    this.onEvent("over", outcome);
  }

  #handlers = {
    "POW?"() {
      this.offered = true;
      this.onEvent("offered", {});
    },
    PNUM(line) {
      const s = words(line, 2)[1];
      const seat = seatNumber(s);
      if (seat === null && s?.toUpperCase() !== "W") return this.#say("info", `(not understood: ${line})`);
      this.seat = seat;
      this.offered = false;
      if (seat !== null) {
        this.outcome = null;
        this.formerSeat = null;
      }
      if (this.id && this.who.has(this.id)) this.who.get(this.id).seat = seat;
      this.#say("event", seat ? `You hold seat ${seat} (${seat === 1 ? "White" : "Black"}).` : "You are watching.");
      this.onEvent("seat", { seat });
    },
    BDIM(line) {
      const [, w, h] = words(line, 3).map((x) => number(x));
      if (!(w >= 2 && w <= 16 && h >= 2 && h <= 16)) {
        this.close(`the server's board (${line}) is not 2..16 each way`);
        return;
      }
      this.width = w;
      this.height = h;
      this.cells = Array(w * h).fill(".");
      this.changed = new Set();
      this.batch = false;
    },
    BROW(line) {
      const parts = line.trim().split(/ +/);
      const y = number(parts[1]);
      const row = parts.slice(2);
      if (y === null || y >= this.height || row.length !== this.width || !row.every((c) => CELLS.includes(c) && c.length === 1)) {
        return this.#say("info", `(a row not understood: ${line.slice(0, 80)})`);
      }
      for (let x = 0; x < this.width; x++) this.cells[y * this.width + x] = row[x];
    },
    BPOS(line) {
      const [, xs, ys, c] = words(line, 3);
      const [x, y] = [number(xs), number(ys)];
      const cell = c?.split(" ")[0];
      if (x === null || y === null || x >= this.width || y >= this.height || !CELLS.includes(cell) || cell.length !== 1) {
        return this.#say("info", `(not understood: ${line})`);
      }
      if (!this.batch) {
        this.batch = true;
        this.changed = new Set();
        this.moves++;
      }
      const i = y * this.width + x;
      this.cells[i] = cell;
      this.changed.add(i);
    },
    BEND() {
      this.batch = false;
      this.#board();
    },
    TURN(line) {
      const [, p, c] = words(line, 3);
      const player = seatNumber(p);
      const tile = c?.split(" ")[0];
      if (player === null || !TILES.includes(tile) || tile.length !== 1) return this.#say("info", `(not understood: ${line})`);
      this.turn = { player, tile };
      this.answered = false;
      this.outcome = null;
      this.gameOn = true;
      this.offered = false;
      if (this.legacy) this.#send("REQU"); // the original server sends no BPOS
      this.onEvent("turn", this.turn);
    },
    NAME(line) {
      const [, id, p, nick, about] = words(line, 4);
      if (!id || !nick) return;
      const seat = seatNumber(p);
      const before = this.who.get(id);
      // A seat has one holder: whoever held it before is watching now.
      if (seat !== null) for (const w of this.who.values()) if (w.seat === seat) w.seat = null;
      this.who.set(id, { seat, nick, about });
      if (before && before.nick !== nick) this.#say("event", `${before.nick} is now called ${nick}.`);
      this.onEvent("who", {});
    },
    CONN(line) {
      const id = words(line, 2)[1];
      if (!id) return;
      if (!this.who.has(id)) this.who.set(id, { seat: null, nick: id, about: "" });
      this.onEvent("who", { arrived: id });
    },
    GONE(line) {
      const [, id, p, nick] = words(line, 3);
      const name = nick || this.nickOf(id);
      this.who.delete(id);
      const seat = seatNumber(p);
      this.#say("event", seat ? `${name} (player ${seat}) left.` : `${name} left.`);
      this.onEvent("who", { left: id });
    },
    WIN(line) {
      const p = seatNumber(words(line, 2)[1]);
      if (p === null) return this.#say("info", `(not understood: ${line})`);
      const nick = this.playerNick(p);
      this.#end({ win: p }, `${p === 1 ? "White" : "Black"}${nick ? ` (${nick})` : ""} wins the round.`);
    },
    DRAW(line) {
      const text = words(line, 1)[1];
      this.#end({ draw: text }, `A draw: ${text || "no reason given"}.`);
    },
    ABRT(line) {
      const text = words(line, 1)[1];
      this.#end({ abort: text }, `The round was aborted: ${text || "no reason given"}.`);
    },
    CHAT(line) {
      const [, id, p, nick, text] = words(line, 4);
      const seat = seatNumber(p);
      this.onEvent("chat", { id, seat, nick, text });
      this.#say("chat", `<${nick}${seat ? ` [${seat}]` : ""}> ${text}`);
    },
    INFO(line) {
      const text = words(line, 1)[1];
      const m = text.match(/^score (\d+)-(\d+) round (\d+)$/);
      if (m) {
        this.scores = [Number(m[1]), Number(m[2])];
        this.round = Number(m[3]);
        this.onEvent("score", {});
      }
      this.#say("info", text);
    },
    GRR(line) {
      const [, code, text] = words(line, 2);
      if (code === "103") this.answered = false; // a bad move: the TURN comes again
      this.#say("refusal", `The server refused: ${text || "no reason given"} (GRR ${code}).`);
      this.onEvent("refused", { code: Number(code), text });
    },
    ATOM4() {
      this.#say("info", "(a second handshake line ignored)");
    },
  };

  // ---- the position, for the page's engine and board -----------------

  /** The tile to play: the TURN's, else the round's first. */
  get tile() {
    return this.turn?.tile ?? TILES[(Math.max(this.round, 1) - 1) % 6];
  }

  /** The board as the position text's board field (rows joined by `/`). */
  boardText() {
    const rows = [];
    for (let y = 0; y < this.height; y++) rows.push(this.cells.slice(y * this.width, (y + 1) * this.width).join(""));
    return rows.join("/");
  }

  /**
   * The position as Atom-4's position texts, most likely first: the board,
   * the tile, the round and score, and how the round stands.
   */
  positionTexts() {
    if (this.width === 0) return [];
    const head = `${this.boardText()} ${this.tile} ${Math.max(this.round, 1)} ${this.scores[0]}-${this.scores[1]}`;
    const status = this.outcome?.win ? String(this.outcome.win) : "*";
    return [...new Set([`${head} ${status}`, `${head} *`, `${head} =`])];
  }
}

/**
 * A table over a WebSocket: `url` such as `ws://127.0.0.1:8080/atom4`.
 * `WebSocketClass` is the browser's by default. Resolves the Table once the
 * socket is open (the handshake follows); rejects if it cannot open.
 */
export function connect(url, { nick = "", onEvent = () => {}, WebSocketClass = globalThis.WebSocket } = {}) {
  return new Promise((resolve, reject) => {
    let socket;
    try {
      socket = new WebSocketClass(url);
    } catch (e) {
      reject(new Error(`${url} is not a WebSocket address (${e.message})`));
      return;
    }
    let opened = false;
    const table = new Table({
      nick,
      onEvent,
      send: (line) => {
        if (socket.readyState === 1) socket.send(line);
      },
    });
    table.socket = socket;
    table.leave = () => {
      if (!table.closed) {
        table.quit();
        table.close("you left the table");
      }
      socket.close(1000);
    };
    socket.onopen = () => {
      opened = true;
      resolve(table);
    };
    socket.onmessage = (e) => {
      if (typeof e.data !== "string") return; // the server sends text only
      for (const line of splitLines(e.data)) table.receive(line);
      if (table.closed) socket.close(1000);
    };
    socket.onclose = (e) => {
      if (!opened) {
        reject(new Error(`cannot connect to ${url}: nothing answers there, or it is no atom4 server (atom4 serve --ws-port)`));
        return;
      }
      table.close(table.connected ? `the connection to the server was lost${e.code && e.code !== 1000 && e.code !== 1005 ? ` (code ${e.code})` : ""}` : "the server closed the connection during the handshake");
    };
    socket.onerror = () => {}; // onclose follows and says why
  });
}

/** The address a page served over HTTP(S) by `atom4 serve --web` joins by default. */
export function defaultAddress(loc = globalThis.location) {
  if (!loc || !/^https?:$/.test(loc.protocol)) return "";
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/atom4`;
}

/** A typed address made a WebSocket URL: `host:port` alone gets `ws://` and `/atom4`. */
export function normalizeAddress(text) {
  let a = text.trim();
  if (a === "") return "";
  if (!/^wss?:\/\//i.test(a)) a = `ws://${a.replace(/^https?:\/\//i, "")}`;
  const u = new URL(a);
  if (u.pathname === "/" || u.pathname === "") u.pathname = "/atom4";
  return u.toString();
}
