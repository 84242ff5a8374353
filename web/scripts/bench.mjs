// npm run bench: the figures the README quotes, measured in one run.
//  - size: every file the page loads, gzipped (-9), and the total;
//  - first paint: Chromium's paint timing of the page from a local server
//    (cache off), and when the engine is ready, median of 5 loads;
//  - speed: the same node-limited searches natively (the native runner,
//    release build) and in Chromium (the module, on the page's thread),
//    each the faster of two runs: nodes a second per game, their ratio,
//    and the moves (they must be the same).
// Not a test: the figures depend on the machine; run it on a quiet one.
// Both sides run each search three times: the first warms up, the faster
// of the other two counts.
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";

import { init, load } from "../dist/atom4.js";
import { cases, native, nativeRunner } from "../test/cases.mjs";
import { launch } from "../test/browser.mjs";
import { root, web } from "../test/data.mjs";
import { serve } from "./serve.mjs";

const dist = join(web, "dist");
const lines = [];
const out = (s = "") => {
  console.log(s);
  lines.push(s);
};

// ---- size
const files = [];
const walk = (d) => {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (!p.endsWith(".d.ts")) files.push(p);
  }
};
walk(dist);
let raw = 0;
let packed = 0;
out("size (gzip -9), every file the page loads:");
for (const f of files.sort()) {
  const bytes = readFileSync(f);
  const gz = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  packed += gz;
  out(`  ${relative(dist, f).padEnd(22)} ${String(bytes.length).padStart(8)} B  ${String(gz).padStart(7)} B gzipped`);
}
out(`  total                  ${String(raw).padStart(8)} B  ${String(packed).padStart(7)} B gzipped = ${(packed / 1024).toFixed(1)} KiB (goal: at most 400 KiB)`);

// ---- first paint
const server = await serve(0);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch({ viewport: { width: 1200, height: 850 } });
const paints = [];
for (let i = 0; i < 5; i++) {
  const page = await browser.newPage();
  const cdp = await browser.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const t0 = Date.now();
  await page.goto(`${url}?game=atom4&seed=1`);
  await page.waitForSelector("body[data-ready]");
  const ready = Date.now() - t0;
  const paint = await page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime])),
  );
  paints.push({ fp: paint["first-paint"], fcp: paint["first-contentful-paint"], ready });
  await page.close();
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
out();
out(
  `first paint (median of 5, cache off): first-paint ${median(paints.map((p) => p.fp)).toFixed(0)} ms, ` +
    `first-contentful-paint ${median(paints.map((p) => p.fcp)).toFixed(0)} ms, engine ready and board drawn ${median(paints.map((p) => p.ready))} ms (goal: first paint under 1 s)`,
);

// ---- speed
await init();
// Budgets large enough to time (a search of a few milliseconds is mostly
// fixed costs): Atomas's bot searches a reply deeper than its default.
const BUDGET = { atom4: 5, atropos: 10, chain: 5, gamma: 2 };
// Atropos's mid-game positions mostly leave a forced or solved move (no
// search to time): its searches start from empty triangles instead.
const atropos = [7, 8, 10].flatMap((size) =>
  [1, 2].map((seed) => ({ game: "atropos", text: load("atropos", { size }).text(), nodes: 40000, level: null, seed })),
);
const list = [...cases(3).filter((c) => c.level === null && c.game !== "atropos"), ...atropos]
  .map((c) => (c.game === "atomas" ? { ...c, nodes: 1000000, depth: 3 } : { ...c, nodes: c.nodes * BUDGET[c.game] }));
const runner = nativeRunner();
const nat = [native(list, runner), native(list, runner), native(list, runner)].slice(1);
const page = await browser.newPage();
await page.goto(`${url}?game=atom4&seed=1&strength=1s&seats=hh`);
await page.waitForSelector("body[data-ready]");
const inBrowser = await page.evaluate(async (list) => {
  const { init, load, search } = await import("./atom4.js");
  await init();
  const runs = [];
  // The first pass warms the module up (the browser compiles it fully only
  // once its code is hot); the next two are timed.
  for (let k = 0; k < 3; k++) {
    runs.push(
      list.map((c) => {
        const s = load(c.game, { text: c.text });
        const t0 = performance.now();
        const r = search(s, { nodes: c.nodes, depth: c.depth ?? 0, seed: c.seed });
        return { move: r.move, nodes: r.nodes, ms: performance.now() - t0 };
      }),
    );
  }
  return runs.slice(1);
}, list);
await page.close();
await browser.close();
server.close();

out();
out("speed: node-limited searches, the faster of two runs each, natively (release build) and in Chromium (the module):");
out("  game      searches   native nodes/s   Chromium nodes/s   ratio   same moves");
const games = [...new Set(list.map((c) => c.game))];
let allSame = true;
for (const game of games) {
  let nNodes = 0;
  let nMs = 0;
  let wNodes = 0;
  let wMs = 0;
  let same = 0;
  let count = 0;
  list.forEach((c, i) => {
    if (c.game !== game) return;
    count += 1;
    const n = Math.min(nat[0][i].micros, nat[1][i].micros) / 1000;
    const w = Math.min(inBrowser[0][i].ms, inBrowser[1][i].ms);
    nNodes += nat[0][i].nodes;
    nMs += n;
    wNodes += inBrowser[0][i].nodes;
    wMs += w;
    if (nat[0][i].move === inBrowser[0][i].move && nat[0][i].nodes === inBrowser[0][i].nodes) same += 1;
  });
  allSame &&= same === count;
  const nps = (nodes, ms) => Math.round((nodes / ms) * 1000);
  out(
    `  ${game.padEnd(9)} ${String(count).padStart(8)} ${String(nps(nNodes, nMs)).padStart(16)} ${String(nps(wNodes, wMs)).padStart(18)}   ${((nps(wNodes, wMs) / nps(nNodes, nMs)) * 100).toFixed(0).padStart(4)}%   ${same}/${count}`,
  );
}
out(`  (goal: at least 50% of native; the same move and nodes in every search: ${allSame ? "yes" : "NO"})`);
const target = join(process.env.CARGO_TARGET_DIR ?? join(root, "target"));
mkdirSync(target, { recursive: true });
writeFileSync(join(target, "web-bench.txt"), `${lines.join("\n")}\n`);
if (!allSame) process.exit(1);
