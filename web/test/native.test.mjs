// The module chooses what the native build chooses: the same positions,
// node limits and seeds give the same move, score, depth and node count
// (the native answers come from the native runner in the same run).
import { test, before } from "node:test";
import assert from "node:assert/strict";

import { init, load, search } from "../dist/atom4.js";
import { cases, native } from "./cases.mjs";

before(() => init());

test("node-limited searches: the module equals the native build", () => {
  const list = cases(3);
  const expected = native(list);
  assert.equal(expected.length, list.length);
  const games = new Set();
  list.forEach((c, i) => {
    const s = load(c.game, { text: c.text });
    const got = search(s, { nodes: c.nodes, seed: c.seed, level: c.level });
    const want = expected[i];
    const what = `${c.game} ${c.text} n${c.nodes} seed ${c.seed}`;
    assert.equal(got.action, want.action, what);
    assert.equal(got.move, want.move, what);
    assert.equal(got.nodes, want.nodes, what);
    assert.equal(got.score, want.score, what);
    assert.equal(got.depth, want.depth, what);
    games.add(c.game);
  });
  console.log(`wasm equals native: ${list.length} searches, ${games.size} games`);
  assert.equal(games.size, 5);
});
