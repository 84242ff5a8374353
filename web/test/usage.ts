// A bot as TypeScript sees the API: compiled (not run) by types.test.mjs
// against dist/atom4.d.ts, so that the types stay those of the module.
import { init, load, search, GAMES, GAME_INFO, CHANCE, IllegalMoveError, SetupError } from "../dist/atom4.js";
import type { State, SearchResult, Spot } from "../dist/atom4.js";

async function main(): Promise<number> {
  await init();
  const names: readonly string[] = GAMES;
  const chain: State = load("chain", { size: "6x9", players: 4 });
  const again: State = load(names[2], { text: chain.text() });
  const turn: number | null = again.turn;
  if (turn === CHANCE) again.push(again.chanceOutcomes()[0].move);
  const moves: string[] = again.legalMoves();
  try {
    again.push("zz");
  } catch (e) {
    if (e instanceof IllegalMoveError) console.log(e.kind, e.message);
    if (e instanceof SetupError) console.log(e.param);
  }
  again.push(moves[0]);
  const back: string | undefined = again.pop();
  const best: SearchResult = search(again, { nodes: 1000, seed: 1n, onProgress: (r) => r.nodes });
  const spots: Spot[] = again.spots();
  const title: string = GAME_INFO.chain.title;
  return (best.move ?? "").length + spots.length + title.length + (back ?? "").length + again.returns()[0];
}

void main();
