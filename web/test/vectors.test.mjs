// The golden vectors of every game, replayed through the WebAssembly
// module by the JavaScript API (what a bot or page uses): every recorded
// move played by its text, every recorded position, turn, legal count and
// result compared; Gamma's batch-mode triples through the module's batch
// session, byte for byte.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { init, load, search, gammaBatch, CHANCE, IllegalMoveError } from "../dist/atom4.js";
import { dataDir, jsonl, text } from "./data.mjs";

before(() => init());

const field = (state, i) => state.text().split(" ")[i];

test("atom4: the recorded games of atom4 4.1, round by round", () => {
  let games = 0;
  let moves = 0;
  for (const game of jsonl("atom4", "games.jsonl.gz").filter((r) => r.rounds)) {
    const s = load("atom4", { size: `${game.width}x${game.height}` });
    game.rounds.forEach((round, number) => {
      if (number > 0) assert.ok(s.nextRound(), "the next round starts");
      const [, , roundField] = s.text().split(" ");
      assert.equal(Number(roundField), round.round);
      assert.equal(s.turn, round.start_player);
      assert.equal(field(s, 1), round.start_tile);
      assert.equal(field(s, 0), round.initial);
      round.moves.forEach(([x, y], i) => {
        assert.equal(s.isGameOver(), false);
        assert.equal(field(s, 1), round.tiles[i]);
        s.push(`${x},${y}`);
        assert.equal(field(s, 0), round.boards[i], `game ${games} move ${i}`);
        const last = i + 1 === round.moves.length;
        assert.equal(s.isGameOver(), last);
        if (!last) assert.equal(s.legalMoves().length, round.legal_counts[i]);
        moves += 1;
      });
      const status = field(s, 4);
      assert.equal(status, round.winner === 3 ? "=" : String(round.winner));
      assert.equal(field(s, 3), `${round.scores[0]}-${round.scores[1]}`);
      const r = s.returns();
      if (round.winner === 3) assert.deepEqual(r, [0, 0]);
      else assert.equal(r[round.winner - 1], 1);
      // The whole round comes back off the stack.
      const back = s.copy();
      while (back.pop() !== undefined);
      assert.equal(field(back, 0), round.initial);
    });
    games += 1;
  }
  console.log(`wasm atom4 vectors: ${games} games, ${moves} moves`);
  assert.ok(games >= 150 && moves >= 32000);
});

test("atom4: the classic levels choose one of the recorded best moves", () => {
  let positions = 0;
  for (const record of jsonl("atom4", "classic_ai.jsonl.gz")) {
    const s = load("atom4");
    for (const [x, y] of record.moves) s.push(`${x},${y}`);
    assert.equal(field(s, 0), record.board);
    assert.equal(field(s, 1), record.tile);
    const best = new Set(record.best_moves.map(([x, y]) => `${x},${y}`));
    for (const seed of [positions, positions + 1000]) {
      const { move } = search(s, { level: record.depth, seed });
      assert.ok(best.has(move), `${move} is not among ${[...best]}`);
    }
    positions += 1;
  }
  console.log(`wasm atom4 classic: ${positions} positions`);
  assert.ok(positions >= 260);
});

function chainMove(m) {
  return m === "pass" ? "pass" : `${m[0]},${m[1]}`;
}

test("chain: the recorded games and cascades, wave by wave", () => {
  let games = 0;
  let cases = 0;
  let moves = 0;
  for (const name of ["classic.jsonl.gz", "atoms.jsonl.gz", "cases.jsonl.gz"]) {
    for (const r of jsonl("chain", name)) {
      if (r.start !== undefined) {
        const s = load("chain", { text: r.start });
        let cascade = null;
        for (const m of r.moves) {
          cascade = s.pushWaves(chainMove(m));
          moves += 1;
        }
        assert.equal(s.text(), r.after, r.id);
        assert.equal(cascade.waves, r.waves, `${r.id}: waves`);
        assert.equal(cascade.explosions, r.explosions, `${r.id}: explosions`);
        // A frame after the orb and after each wave, as far as they fit.
        if (r.waves > 0) assert.ok(cascade.frames.length >= Math.min(r.waves + 1, 500), r.id);
        cases += 1;
        continue;
      }
      const s = load("chain", { size: `${r.width}x${r.height}`, players: r.players, rules: r.rules });
      r.moves.forEach((m, j) => {
        const cascade = s.pushWaves(chainMove(m));
        const [, , board, toMove, , out] = s.text().split(" ");
        assert.equal(board, r.boards[j], `${r.id} move ${j + 1}`);
        assert.equal(toMove, r.next[j]);
        assert.equal(out === "-" ? "" : out, r.out[j]);
        assert.equal(cascade.waves, r.waves[j], `${r.id} move ${j + 1}: waves`);
        assert.equal(cascade.explosions, r.explosions[j], `${r.id} move ${j + 1}: explosions`);
        if (m !== "pass") assert.equal(cascade.frames.length, r.waves[j] + 1);
        const cells = s.legalMoves().filter((t) => t !== "pass").length;
        assert.equal(cells, r.legal[j]);
        moves += 1;
      });
      assert.equal(s.text(), r.final, r.id);
      const result = s.text().split(" ")[6];
      if (r.end === "unfinished") assert.equal(s.isGameOver(), false);
      else assert.equal(result, r.winner, r.id);
      games += 1;
    }
  }
  console.log(`wasm chain vectors: ${games} games, ${cases} cases, ${moves} moves`);
  assert.ok(games >= 300 && cases >= 10);
});

test("atropos: the referee's positions (legal circles, losing moves) and games", () => {
  let positions = 0;
  for (const name of ["vectors_size4.tsv", "vectors_size5.tsv", "vectors_size7.tsv", "vectors_size10.tsv"]) {
    for (const line of text("atropos", name).split("\n").filter((l) => l.trim() !== "")) {
      const [state, legal, losing] = line.split("\t");
      const s = load("atropos", { text: state });
      const moves = s.legalMoves();
      if (legal === "FINISHED=true") {
        assert.equal(s.isGameOver(), true, state);
      } else {
        // (c,h,l,r) moves: their circles, in the referee's order.
        const circles = [...new Set(moves.map((m) => `(${m.slice(3)}`))];
        assert.deepEqual(circles.join(" "), legal, state);
        // Every legal move loses at once exactly when the referee says so.
        const lose = new Set((losing ?? "").split(" ").filter((m) => m));
        for (const m of moves) {
          const after = s.copy();
          after.push(m);
          assert.equal(after.isGameOver(), lose.has(m), `${state}: ${m}`);
        }
      }
      positions += 1;
    }
  }
  let games = 0;
  for (const r of jsonl("atropos", "games.jsonl.gz")) {
    const s = load("atropos", { size: r.size });
    for (const m of r.moves) s.push(m);
    const made = r.moves.length;
    if (r.end === "loss") {
      assert.equal(s.isGameOver(), true);
      // The last mover made the tri-coloured triangle and lost.
      const lastMover = (made - 1) % 2;
      assert.deepEqual(s.returns()[lastMover], -1);
      assert.deepEqual(s.returns()[1 - lastMover], 1);
    } else {
      assert.equal(s.isGameOver(), false);
    }
    games += 1;
  }
  console.log(`wasm atropos vectors: ${positions} positions, ${games} games`);
  assert.ok(positions >= 1000 && games >= 300);
});

test("atomas: the controller's steps and whole games", () => {
  let steps = 0;
  let refused = 0;
  for (const r of jsonl("atomas", "steps.jsonl.gz")) {
    const s = load("atomas", { text: r.before });
    if (r.error) {
      assert.throws(() => s.push(r.reply), IllegalMoveError, `${r.before}: ${r.reply}`);
      assert.equal(s.text(), r.before, "a refused reply changes nothing");
      refused += 1;
      continue;
    }
    s.push(r.reply);
    assert.equal(s.text(), r.after, r.before);
    assert.equal(s.isGameOver(), r.over);
    steps += 1;
  }
  let games = 0;
  let moves = 0;
  for (const r of jsonl("atomas", "games.jsonl.gz")) {
    const s = load("atomas", { text: r.start });
    r.moves.forEach(([atom, reply], i) => {
      assert.equal(s.turn, CHANCE, `${r.start} move ${i}`);
      s.push(atom);
      s.push(reply);
      assert.equal(s.text(), r.after[i], `${r.start} move ${i}`);
      moves += 1;
    });
    assert.equal(Number(s.text().match(/score=(\d+)/)[1]), r.score);
    games += 1;
  }
  console.log(`wasm atomas vectors: ${steps} steps, ${refused} refused, ${games} games, ${moves} moves`);
  assert.ok(steps >= 6000 && refused >= 400 && games >= 100);
});

test("gamma: the course's batch-mode triples, byte for byte", () => {
  const dir = mkdtempSync(join(tmpdir(), "atom4-gamma-"));
  try {
    execFileSync("tar", ["-xzf", join(dataDir, "gamma", "batch-tests.tar.gz"), "-C", dir]);
    const inputs = [];
    const walk = (d) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith(".in")) inputs.push(p);
      }
    };
    walk(dir);
    const agree = join(dataDir, "gamma", "agree");
    for (const f of readdirSync(agree)) if (f.endsWith(".in")) inputs.push(join(agree, f));
    let passed = 0;
    const failed = [];
    for (const input of inputs.sort()) {
      const stem = input.slice(0, -3);
      let want;
      try {
        want = { out: readFileSync(`${stem}.out`), err: readFileSync(`${stem}.err`) };
      } catch {
        continue; // a part missing: no triple
      }
      const got = gammaBatch(readFileSync(input));
      if (Buffer.from(got.out).equals(want.out) && Buffer.from(got.err).equals(want.err)) passed += 1;
      else failed.push(stem);
    }
    console.log(`wasm gamma batch: ${passed} passed, ${failed.length} failed`);
    assert.deepEqual(failed, []);
    assert.ok(passed >= 2154);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
