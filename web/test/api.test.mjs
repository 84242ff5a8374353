// The JavaScript API as a bot uses it: loading games and positions, the
// typed errors (a refused move changes nothing), push and pop, copies,
// chance turns, results, and searches that repeat.
import { test, before } from "node:test";
import assert from "node:assert/strict";

import * as atom4 from "../dist/atom4.js";
const { init, load, search, GAMES, GAME_INFO, CHANCE, IllegalMoveError, SetupError, ParseError } = atom4;

before(() => init());

test("GAMES lists the five games, each with its parameters", () => {
  assert.deepEqual([...GAMES], ["atom4", "atropos", "chain", "gamma", "atomas"]);
  assert.equal(GAME_INFO.chain.title, "Chain Reaction");
  assert.deepEqual(
    GAME_INFO.chain.params.map((p) => p.name),
    ["size", "players", "rules"],
  );
  assert.equal(GAME_INFO.gamma.maxPlayers, 15);
});

test("load takes parameters and positions, and refuses bad ones with typed errors", () => {
  const c = load("chain", { size: "6x9", players: 4 });
  assert.equal(c.players, 4);
  assert.deepEqual(c.setup(), { size: "6x9", players: 4, rules: "classic" });
  assert.equal(c.turn, 1);
  const again = load("chain", { text: c.text() });
  assert.equal(again.text(), c.text());
  assert.throws(() => load("chain", { players: 9 }), (e) => e instanceof SetupError && e.param === "players");
  assert.throws(() => load("atom4", { colour: 3 }), (e) => e instanceof SetupError && e.param === "parameter");
  assert.throws(() => load("atom4", { players: 3 }), (e) => e instanceof SetupError && e.param === "players");
  assert.throws(() => load("go"), (e) => e instanceof SetupError && e.param === "game");
  assert.throws(() => load("atom4", { text: "...x" }), (e) => e instanceof ParseError && e.offset === 3);
  assert.throws(() => load("atom4", { text: "x", size: 3 }), SetupError);
});

test("every game: push, pop, copy; a refused move throws and changes nothing", () => {
  for (const name of GAMES) {
    const s = load(name);
    if (s.turn === CHANCE) s.push(s.chanceOutcomes()[0].move);
    const start = s.text();
    const moves = s.legalMoves();
    assert.ok(moves.length > 0, name);
    for (const bad of ["", "zz", "99,99", "(9,9,9,9)"]) {
      assert.throws(() => s.push(bad), IllegalMoveError, `${name} ${bad}`);
      assert.equal(s.text(), start);
    }
    assert.equal(typeof s.whyIllegal("zz"), "string");
    assert.equal(s.whyIllegal(moves[0]), null);
    const copy = s.copy();
    s.push(moves[0]);
    assert.notEqual(s.text(), start);
    assert.equal(copy.text(), start, "a copy is independent");
    assert.deepEqual(s.moveStack.slice(-1), [moves[0]]);
    assert.equal(s.pop(), moves[0]);
    assert.equal(s.text(), start);
    assert.equal(s.legalActions().length, moves.length);
    assert.equal(s.moveText(s.parseMove(moves[0])), moves[0]);
    assert.ok(s.spots().length === s.layout().spots);
    assert.ok(s.diagram().length > 0);
  }
});

test("a refused move says why in words and of which kind", () => {
  const s = load("chain", { size: "3x3" });
  s.push("0,0");
  const e = (() => {
    try {
      s.push("0,0");
    } catch (err) {
      return err;
    }
  })();
  assert.ok(e instanceof IllegalMoveError);
  assert.equal(e.kind, "illegal");
  assert.match(e.message, /another player's orbs/);
  assert.match(s.whyIllegal("0,0"), /another player's orbs/);
  const over = load("atropos", { size: 1 });
  over.push(over.legalMoves()[0]);
  assert.equal(over.isGameOver(), true);
  assert.equal(over.turn, null);
  assert.throws(() => over.push("(1,1,1,1)"), (err) => err.kind === "over");
});

test("Atomas: chance turns, outcomes with weights, the score at the end", () => {
  const s = load("atomas", { seed: 5 });
  assert.equal(s.turn, CHANCE);
  const outcomes = s.chanceOutcomes();
  assert.ok(outcomes.every((o) => o.weight > 0 && typeof o.move === "string"));
  assert.throws(() => s.push("0"), IllegalMoveError);
  s.push(outcomes[0].move);
  assert.equal(s.turn, 1);
  assert.deepEqual(s.chanceOutcomes(), []);
  let plies = 0;
  while (!s.isGameOver() && plies < 20000) {
    if (s.turn === CHANCE) s.push(s.chanceOutcomes()[plies % s.chanceOutcomes().length].move);
    else s.push(s.legalMoves()[0]);
    plies += 1;
  }
  assert.equal(s.isGameOver(), true);
  assert.equal(s.returns()[0], Number(s.text().match(/score=(\d+)/)[1]));
});

test("search: a legal move, the same again for the same seed and limits, progress reported", () => {
  for (const name of GAMES) {
    const s = load(name);
    if (s.turn === CHANCE) s.push(s.chanceOutcomes()[0].move);
    const reports = [];
    const a = search(s, { nodes: 3000, seed: 7, onProgress: (r) => reports.push(r) });
    const b = search(s, { nodes: 3000, seed: 7 });
    assert.ok(s.legalMoves().includes(a.move), `${name}: ${a.move}`);
    assert.deepEqual(a, b);
    assert.ok(a.nodes > 0);
  }
  const timed = search(load("atom4"), { timeMs: 50 });
  assert.ok(timed.move !== null);
  const over = load("atropos", { size: 1 });
  over.push(over.legalMoves()[0]);
  assert.equal(search(over, { nodes: 100 }).move, null);
  assert.throws(() => search(load("atom4"), {}), atom4.Atom4Error);
  // A progress callback may not use the module (it is in the middle of the search).
  const busy = load("atom4");
  let refused = 0;
  search(busy, {
    nodes: 5000,
    onProgress: () => {
      try {
        busy.text();
      } catch (e) {
        if (e instanceof atom4.Atom4Error) refused += 1;
      }
    },
  });
  assert.ok(refused > 0);
  assert.equal(busy.turn, 1);
});

test("Atom-4: rounds go on with nextRound", () => {
  const s = load("atom4", { size: "4x3" });
  let plies = 0;
  while (!s.isGameOver()) {
    s.push(s.legalMoves()[plies++ % s.legalMoves().length]);
  }
  assert.ok(s.nextRound());
  assert.equal(s.text().split(" ")[2], "2");
  assert.equal(s.moveStack.length, 0);
});
