// The page in a real browser (Debian's chromium, headless): for each game
// a move by a click and one by the keys, the engine's answer, undo, a
// seeded game played to its end, a position loaded from a link, no
// console errors; a screenshot of each under target/web-screenshots/.
// Then the same at a 360-pixel phone screen with touch, and the stop
// button.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { launch } from "./browser.mjs";
import { serve } from "../scripts/serve.mjs";
import { jsonl, root } from "./data.mjs";
import { init, load } from "../dist/atom4.js";

const shots = join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "web-screenshots");
mkdirSync(shots, { recursive: true });

/** Each game: a quick setup for the whole game, and the strength that ends it soon. */
const GAMES = {
  atom4: { params: "size=8x6", strength: "n500" },
  atropos: { params: "size=4", strength: "n500" },
  chain: { params: "size=4x4,players=3", strength: "n500", seats: "eee" },
  gamma: { params: "size=5x5", strength: "n100" },
  atomas: { params: "seed=3", strength: "random" },
};

let server;
let base;
let desktop;
before(async () => {
  await init();
  server = await serve(0);
  base = `http://127.0.0.1:${server.address().port}/`;
  desktop = await launch({ viewport: { width: 1200, height: 850 } });
});
after(async () => {
  await desktop?.close();
  server?.close();
});

/** A page that fails the test on any console error or uncaught exception. */
async function open(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
  page.errors = errors;
  return page;
}

/** The legal spot nearest the board's centre (Atropos's edges lose at once). */
async function central(page) {
  const index = await page.evaluate(() => {
    const box = document.getElementById("board").getBoundingClientRect();
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const all = [...document.querySelectorAll("#board .t.legal")];
    const d = all.map((g) => {
      const b = g.getBoundingClientRect();
      return Math.hypot(b.x + b.width / 2 - cx, b.y + b.height / 2 - cy);
    });
    return d.indexOf(Math.min(...d));
  });
  return page.locator("#board .t.legal").nth(index);
}

const moves = async (page) => Number(await page.getAttribute("body", "data-moves"));

/** Waits until it is a person's turn with nothing running (or the game is over). */
async function settled(page, timeout = 60000) {
  await page.waitForFunction(
    () => document.body.dataset.busy === "false" && (/^Your move/.test(document.getElementById("status").textContent) || document.body.dataset.over === "true"),
    null,
    { timeout },
  );
}

for (const [game, quick] of Object.entries(GAMES)) {
  test(`${game}: click, keys, the engine's answer, undo, a link; no console errors`, async () => {
    const page = await open(desktop, `${base}?seed=7&strength=n2000&animate=0&game=${game}`);
    await settled(page);
    assert.equal(await page.getAttribute("body", "data-game"), game);
    // A move by a click (chance draws and the engine's reply follow).
    const before = await moves(page);
    await (await central(page)).click();
    await settled(page);
    const afterClick = await moves(page);
    assert.ok(afterClick >= before + 2 || (game === "atomas" && afterClick >= before + 1), `${before} -> ${afterClick}`);
    // A move by the keys: the arrows walk a spiral out from the cursor
    // until it is on a legal spot, then Enter plays there.
    await page.focus("#board");
    const onLegal = () =>
      page.evaluate(() => {
        const id = document.getElementById("board").getAttribute("aria-activedescendant");
        return id !== null && document.getElementById(id)?.classList.contains("legal");
      });
    const spiral = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"];
    walk: for (let leg = 0; leg < 40; leg++) {
      for (let step = 0; step <= leg / 2; step++) {
        if (await onLegal()) break walk;
        await page.keyboard.press(spiral[leg % 4]);
      }
    }
    assert.ok(await onLegal(), "the arrows reach a legal spot");
    await page.keyboard.press("Enter");
    await settled(page);
    const afterKeys = await moves(page);
    assert.ok(afterKeys > afterClick, `keys: ${afterClick} -> ${afterKeys}`);
    // An illegal spot is refused in words.
    const refused = await page.$("#board .t:not(.legal)");
    if (refused && game !== "atomas") {
      await refused.click();
      assert.notEqual((await page.textContent("#message")).trim(), "");
      assert.equal(await moves(page), afterKeys);
    }
    // Undo takes back to the person's previous turn; the key u too.
    await page.click("#undo");
    await settled(page);
    assert.ok((await moves(page)) < afterKeys);
    await page.keyboard.press("u");
    await settled(page);
    assert.ok((await moves(page)) < afterKeys);
    await page.screenshot({ path: join(shots, `${game}.png`) });
    // The position travels in the link: a fresh page opens it.
    const text = await page.inputValue("#position");
    const link = await open(desktop, `${base}#game=${game}&position=${encodeURIComponent(text)}`);
    assert.equal(await link.inputValue("#position"), text);
    assert.equal(await link.getAttribute("body", "data-game"), game);
    // A position from another game's link is refused in words, not thrown.
    await link.evaluate(() => (location.hash = "#game=atom4&position=nonsense"));
    await link.waitForFunction(() => /does not read/.test(document.getElementById("message").textContent));
    assert.deepEqual([...page.errors, ...link.errors], []);
    await link.close();
    await page.close();
  });

  test(`${game}: a seeded game played to its end`, async () => {
    const seats = quick.seats ?? (game === "atomas" ? "e" : "ee");
    const url = `${base}?seed=11&animate=0&game=${game}&params=${quick.params}&strength=${quick.strength}&seats=${seats}`;
    const page = await open(desktop, url);
    await page.waitForFunction(() => document.body.dataset.over === "true", null, { timeout: 240000 });
    const status = await page.textContent("#status");
    assert.match(status, /wins|Drawn|draw|Stalemate|Game over/i);
    const final = await page.inputValue("#position");
    // The same seed plays the same game.
    const again = await open(desktop, url);
    await again.waitForFunction(() => document.body.dataset.over === "true", null, { timeout: 240000 });
    assert.equal(await again.inputValue("#position"), final);
    // The page's result agrees with the engine's own reading of the end.
    assert.equal(load(game, { text: final }).isGameOver(), true);
    await page.screenshot({ path: join(shots, `${game}-end.png`) });
    assert.deepEqual([...page.errors, ...again.errors], []);
    await page.close();
    await again.close();
  });
}

test("Chain Reaction: a cascade drawn wave by wave, and Esc skips it", async () => {
  const record = jsonl("chain", "cases.jsonl.gz").find((r) => r.moves.length === 1 && r.waves >= 20);
  const [x, y] = record.moves[0];
  const url = `${base}?seats=hhhhhhhh#game=chain&position=${encodeURIComponent(record.start)}`;
  const page = await open(desktop, url);
  const width = Number(record.start.split(" ")[2].split("/")[0].match(/\.|\d+[a-h]/g).length);
  await page.click(`#board [data-t="${y * width + x}"]`);
  // The waves are being drawn: the page is busy and the board changes.
  await page.waitForFunction(() => document.body.dataset.busy === "true");
  const first = await page.innerHTML("#board");
  await page.waitForTimeout(200);
  assert.notEqual(await page.innerHTML("#board"), first, "a later wave is drawn");
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => document.body.dataset.busy === "false", null, { timeout: 2000 });
  assert.equal(await page.inputValue("#position"), record.after);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a worker whose module traps is restarted, and the engine plays on", async () => {
  const page = await desktop.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // The first worker traps at its first search (as a module's panic
  // would: a WebAssembly.RuntimeError); the workers after it are the real one.
  let served = 0;
  await page.route("**/worker.js", async (route) => {
    const response = await route.fetch();
    let body = await response.text();
    if (served++ === 0) body = body.replace("const state = load(game, { text });", 'throw new WebAssembly.RuntimeError("unreachable");');
    await route.fulfill({ response, body });
  });
  await page.goto(`${base}?seed=3&strength=n2000&seats=eh&game=atom4`);
  await page.waitForSelector("body[data-ready]");
  await page.waitForFunction(() => /restarted/.test(document.getElementById("message").textContent));
  assert.equal(await moves(page), 0);
  await page.click("#go");
  await page.waitForFunction(() => document.body.dataset.moves === "1");
  assert.ok(served >= 2, "a new worker was started");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the stop button ends a long search and the page stays usable", async () => {
  const page = await open(desktop, `${base}?seed=3&strength=10s&seats=eh&game=atom4`);
  await page.waitForFunction(() => document.body.dataset.busy === "true");
  // The page answers while the engine thinks: the options still open.
  await page.click("#text-box summary");
  const t0 = Date.now();
  await page.click("#stop");
  await page.waitForFunction(() => document.body.dataset.busy === "false");
  assert.ok(Date.now() - t0 < 3000);
  assert.match(await page.textContent("#message"), /Stopped/);
  assert.equal(await moves(page), 0);
  // The engine, restarted, still plays.
  await page.selectOption("#strength", "n2000");
  await page.click("#go");
  await page.waitForFunction(() => document.body.dataset.moves === "1");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a 360-pixel phone screen with touch: every game fits and plays by taps", async () => {
  const phone = await launch({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    for (const game of Object.keys(GAMES)) {
      const page = await open(phone, `${base}?seed=5&strength=n2000&animate=0&game=${game}`);
      await settled(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `${game}: the page is ${width} px wide`);
      const before = await moves(page);
      await (await central(page)).tap();
      await settled(page);
      assert.ok((await moves(page)) > before, `${game}: a tap plays`);
      await page.tap("#undo");
      await settled(page);
      await page.screenshot({ path: join(shots, `${game}-phone.png`), fullPage: true });
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  } finally {
    await phone.close();
  }
});
