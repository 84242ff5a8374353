// Network play in a real browser: the page served by `atom4 serve --web
// web/dist` joins that server's table over ws:// seated, plays the server's
// engine seat (a move by a click, the rest by the page's engine) to the end
// of the round, while a second page watches and follows; then the ways a
// table is refused or lost, each said in words. Before that, the client's
// protocol (web/page/net.js) in Node, line by line.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { launch } from "./browser.mjs";
import { root, web } from "./data.mjs";
import { Table, splitLines, normalizeAddress } from "../page/net.js";

const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
const shots = join(target, "web-screenshots");
mkdirSync(shots, { recursive: true });

/** `atom4`, built (release, as the project's programs) if needed; `$ATOM4_BIN` names another. */
function atom4() {
  if (process.env.ATOM4_BIN) return process.env.ATOM4_BIN;
  execFileSync("cargo", ["build", "-q", "--release", "-p", "atom4-cli"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  return join(target, "release", "atom4");
}

const servers = new Set();

/** `atom4 serve --port 0 --ws-port 0 --web web/dist ARGS`: its page's address once it listens. */
async function serve(args) {
  const child = spawn(atom4Path, ["serve", "--port", "0", "--ws-port", "0", "--web", join(web, "dist"), ...args], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  servers.add(child);
  child.on("exit", () => servers.delete(child));
  let log = "";
  const page = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`atom4 serve did not start: ${log}`)), 20000);
    child.stderr.on("data", (d) => {
      log += d;
      const m = log.match(/the page (http:\/\/\S+\/) /);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`atom4 serve ended (${code}): ${log}`)));
  });
  child.log = () => log;
  return { child, page };
}

/** Ends a server and waits for it. */
function stop(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on("exit", resolve);
    child.kill(signal);
  });
}

let atom4Path;
let browser;
before(async () => {
  atom4Path = atom4();
  browser = await launch({ viewport: { width: 1200, height: 900 } });
});
after(async () => {
  await browser?.close();
  for (const child of servers) await stop(child, "SIGKILL");
});

/** A page that fails the test on an uncaught exception or a console error (but those of a socket we meant to fail). */
async function open(url) {
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && !/WebSocket connection to/.test(m.text()) && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
  page.errors = errors;
  return page;
}

/** Opens the page's network box and joins: `how` is "play" or "watch". */
async function joinTable(page, how, nick) {
  await page.click("#net-box summary");
  if (nick) await page.fill("#net-nick", nick);
  await page.click(how === "play" ? "#net-play" : "#net-watch");
  await page.waitForFunction(() => document.body.dataset.net === "connected");
}

const data = (page, key) => page.evaluate((k) => document.body.dataset[k], key);
const message = (page) => page.textContent("#message");

// ---- the client's protocol, line by line ------------------------------

test("net.js: the handshake, a seat, a move's BPOS lines, the end of a round, and ERR said in words", () => {
  const sent = [];
  const events = [];
  const table = new Table({ send: (l) => sent.push(l), onEvent: (k, d) => events.push([k, d]), nick: "ann" });
  for (const line of splitLines("ATOM4 SERV 4.1 2.0\n")) table.receive(line);
  assert.deepEqual(sent, ["ATOM4 CLNT 4.1 2.0"]);
  table.receive("ATOM4 CONN Welcome; you are c7");
  assert.equal(table.id, "c7");
  assert.deepEqual(sent.slice(1), ["NAME ann"]);
  table.receive("POW?");
  assert.ok(table.offered);
  table.play();
  table.receive("PNUM 1");
  assert.equal(table.seat, 1);
  for (const l of ["BDIM 3 2", "BROW 0 . . .", "BROW 1 . K .", "BEND", "TURN 1 r"]) table.receive(l);
  assert.ok(table.myTurn);
  table.move(0, 1);
  assert.equal(sent.at(-1), "MOVE 0 1");
  assert.ok(!table.myTurn, "a move sent is not sent twice");
  for (const l of ["BPOS 0 1 r", "BEND"]) table.receive(l);
  assert.equal(table.boardText(), ".../rK.");
  assert.equal(table.moves, 1);
  table.receive("WIN 1");
  assert.deepEqual(table.outcome, { win: 1 });
  assert.equal(table.seat, null, "players are watchers after WIN");
  assert.equal(table.formerSeat, 1);
  table.receive("ERR 999 no move in 300 s");
  assert.ok(table.closed);
  assert.equal(table.why, "the server closed the connection: no move in 300 s (ERR 999)");
  assert.deepEqual(events.at(-1), ["closed", { why: table.why }]);
});

test("net.js: a server of another protocol, or none at all, is refused", () => {
  const table = new Table({ send: () => {} });
  table.receive("ATOM4 SERV 4.1 3.0");
  assert.equal(table.why, "the server speaks protocol 3.0, not 2.x");
  const http = new Table({ send: () => {} });
  http.receive("HTTP/1.1 200 OK");
  assert.match(http.why, /^not an atom4 server/);
  assert.equal(normalizeAddress("127.0.0.1:4705"), "ws://127.0.0.1:4705/atom4");
  assert.equal(normalizeAddress("http://example.org:80/"), "ws://example.org/atom4");
});

// ---- the page in Chromium ----------------------------------------------

test("a page joins a table seated and plays the server's engine to the end of the round; a watching page follows", async () => {
  // The server's engine holds seat 2 and plays at once; 7x5 keeps the round short.
  const { child, page: url } = await serve(["--size", "7x5", "--computer", "2", "--engine", "classic:1", "--seed", "4"]);
  const watcher = await open(url);
  await joinTable(watcher, "watch", "wendy");
  assert.equal(await data(watcher, "seat"), "W");
  assert.match(await watcher.textContent("#status"), /watching/);

  const player = await open(`${url}?strength=n2000`);
  // The page served by the table offers that table's address.
  assert.equal(await player.inputValue("#net-address"), `${url.replace("http", "ws")}atom4`);
  await joinTable(player, "play", "ann");
  await player.waitForFunction(() => document.body.dataset.seat === "1" && document.body.dataset.myTurn === "true");
  assert.match(await player.textContent("#status"), /^Your move, White: place/);
  // The watcher learns who is here: both players by name.
  await watcher.waitForFunction(() => /ann/.test(document.getElementById("net-people").textContent));

  // A move by a click: the server's BPOS lines draw it, the engine answers.
  const cells = await player.locator("#board .t.legal").count();
  assert.ok(cells > 0, "legal cells are drawn on our turn");
  await player.locator("#board .t.legal").first().click();
  await player.waitForFunction(() => Number(document.body.dataset.netMoves) >= 2 && document.body.dataset.myTurn === "true", null, { timeout: 30000 });
  // Undo is refused at a table; a watcher cannot move.
  assert.ok(await player.isDisabled("#undo"));
  await watcher.waitForFunction(() => Number(document.body.dataset.netMoves) >= 2);
  assert.equal(await watcher.locator("#board .t.legal").count(), 0, "a watcher has no legal cells");

  // The page's engine plays our seat from here to the end of the round.
  await player.check("#net-engine");
  await player.waitForFunction(() => document.body.dataset.netOver === "true", null, { timeout: 120000 });
  const moves = await data(player, "netMoves");
  const result = await player.textContent("#status");
  assert.match(result, /wins the round|draw/i);
  await watcher.waitForFunction((n) => document.body.dataset.netOver === "true" && document.body.dataset.netMoves === n, moves, { timeout: 10000 });
  // The watcher saw the same game: the same board, the same result.
  assert.equal(await watcher.inputValue("#position"), await player.inputValue("#position"));
  assert.match(await watcher.textContent("#status"), /wins the round|draw/i);
  assert.match(await watcher.textContent("#net-log"), /wins the round|A draw/);
  await player.screenshot({ path: join(shots, "net-player.png") });
  await watcher.screenshot({ path: join(shots, "net-watcher.png") });

  // Leaving: back to local play, in words.
  await player.click("#net-leave");
  await player.waitForFunction(() => document.body.dataset.net === "off");
  assert.equal(await message(player), "You left the table.");
  await watcher.waitForFunction(() => /ann \(player|ann left/.test(document.getElementById("net-log").textContent));
  assert.deepEqual(player.errors, []);
  assert.deepEqual(watcher.errors, []);
  await player.close();
  await watcher.close();
  await stop(child);
});

test("a refused or lost table is said in words: nothing there, a full server, the server going away", async () => {
  const { child, page: url } = await serve(["--size", "6x6", "--max-clients", "1"]);
  // Nothing listens on the address typed.
  const lost = await open(url);
  await lost.click("#net-box summary");
  await lost.fill("#net-address", "127.0.0.1:9");
  await lost.click("#net-play");
  await lost.waitForFunction(() => /^Cannot join/.test(document.getElementById("message").textContent));
  assert.equal(await message(lost), "Cannot join: cannot connect to ws://127.0.0.1:9/atom4: nothing answers there, or it is no atom4 server (atom4 serve --ws-port).");
  assert.equal(await data(lost, "net"), "off");

  // The server holds one client: a second is refused with ERR 903.
  const first = await open(url);
  await joinTable(first, "play", "first");
  await first.waitForFunction(() => document.body.dataset.seat === "1");
  const second = await open(url);
  await second.click("#net-box summary");
  await second.click("#net-watch");
  await second.waitForFunction(() => document.body.dataset.net === "off" && /closed/.test(document.getElementById("message").textContent));
  assert.equal(await message(second), "The table is closed: the server closed the connection: server is full (ERR 903).");
  assert.match(await second.textContent("#net-log"), /server is full/);

  // The server goes away (Ctrl-C's signal): the seated page says so.
  await stop(child, "SIGINT");
  await first.waitForFunction(() => document.body.dataset.net === "off");
  assert.match(await message(first), /^The table is closed: /);
  assert.match(await first.textContent("#net-log"), /The session ended: /);
  // The last position stays, and the page is a local game again.
  assert.equal(await first.isDisabled("#new"), false);
  for (const page of [lost, first, second]) {
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});
