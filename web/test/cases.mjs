// Positions and node limits on which the module and the native build are
// compared (the test) and timed (the benchmark): each game's default and
// other setups, after seeded random moves played through the API.
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";

import { load, CHANCE } from "../dist/atom4.js";
import { root } from "./data.mjs";

/** A small seeded generator (xorshift32): the same cases every run. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** Each game's setups and node budgets (Gamma's nodes are playouts). */
export const SETUPS = [
  { game: "atom4", params: {}, nodes: 40000 },
  { game: "atom4", params: { size: "8x6" }, nodes: 20000 },
  { game: "atom4", params: {}, nodes: 0, level: 3 },
  { game: "atropos", params: {}, nodes: 40000 },
  { game: "atropos", params: { size: 5 }, nodes: 20000 },
  { game: "chain", params: {}, nodes: 40000 },
  { game: "chain", params: { size: "5x5", players: 4 }, nodes: 20000 },
  { game: "chain", params: { size: "8x8", rules: "atoms" }, nodes: 20000 },
  { game: "gamma", params: {}, nodes: 2000 },
  { game: "gamma", params: { size: "6x5", players: 3, areas: 2 }, nodes: 2000 },
  { game: "atomas", params: { seed: 3 }, nodes: 3000 },
];

/** The cases: `{game, text, nodes, level, seed}`, `per` positions a setup. */
export function cases(per = 3) {
  const next = rng(20240611);
  const out = [];
  for (const setup of SETUPS) {
    for (let k = 0; k < per; k++) {
      const s = load(setup.game, setup.params);
      const plies = 2 + next(12) + 4 * k;
      for (let i = 0; i < plies && !s.isGameOver(); i++) {
        const moves = s.turn === CHANCE ? s.chanceOutcomes().map((o) => o.move) : s.legalMoves();
        // A move that ends the game is taken back and another tried
        // (Atropos's random moves lose at once).
        for (let tries = 0; tries < 20; tries++) {
          s.push(moves[next(moves.length)]);
          if (!s.isGameOver()) break;
          s.pop();
        }
      }
      if (s.turn === CHANCE) s.push(s.chanceOutcomes()[0].move);
      if (s.isGameOver()) continue;
      out.push({ game: setup.game, text: s.text(), nodes: setup.nodes, level: setup.level ?? null, seed: k + 1 });
    }
  }
  return out;
}

/** The native runner, built (release, as the project's programs) if needed. */
export function nativeRunner() {
  execFileSync("cargo", ["build", "-q", "--release", "-p", "atom4-web", "--bin", "atom4-web-native"], {
    cwd: root,
    stdio: "inherit",
  });
  return join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "release", "atom4-web-native");
}

/** The native build's answers to `list`: `{action, score, depth, nodes, micros, move}` each. */
export function native(list, runner = nativeRunner()) {
  const input = list
    .map((c) => [c.game, c.text, c.nodes, c.depth ?? 0, c.seed, c.level === null ? "-" : c.level].join("\t"))
    .join("\n");
  const r = spawnSync(runner, [], { input: `${input}\n`, encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`the native runner failed: ${r.stderr}`);
  return r.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((line) => {
      const f = line.split("\t");
      if (f[0] === "error") throw new Error(`native: ${f[1]}`);
      const [action, score, depth, nodes, micros] = f.slice(0, 5).map(Number);
      return { action, score, depth, nodes, micros, move: f[5] };
    });
}
