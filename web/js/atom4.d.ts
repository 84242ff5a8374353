// Types of atom4.js: the five games of the atom4 engine on WebAssembly.

/** The turn of chance (Atomas's draws), as `State.turn` says it. */
export declare const CHANCE: 0;

/** The games' names (`"atom4"`, `"atropos"`, `"chain"`, `"gamma"`, `"atomas"`), filled by `init()`. */
export declare const GAMES: readonly string[];

/** One parameter a game takes. */
export interface Param {
  name: "size" | "players" | "rules" | "areas" | "seed";
  default: string;
  help: string;
}

/** What a game is. */
export interface GameInfo {
  name: string;
  title: string;
  maxPlayers: number;
  index: number;
  params: Param[];
}

/** Each game's title, most players and parameters, by name (after `init()`). */
export declare const GAME_INFO: Readonly<Record<string, GameInfo>>;

/** Anything the engine refuses. */
export declare class Atom4Error extends Error {}

export type MoveErrorKind = "over" | "wrong-turn" | "out-of-range" | "bad-text" | "illegal";

/** A move refused: it changed nothing. */
export declare class IllegalMoveError extends Atom4Error {
  readonly kind: MoveErrorKind;
}

/** A game that cannot be set up so. */
export declare class SetupError extends Atom4Error {
  /** `size`, `players`, `rules`, `areas`, `seed`, `parameter` (an unknown name) or `game`. */
  readonly param: string;
  readonly reason: string;
}

/** A position text that does not read. */
export declare class ParseError extends Atom4Error {
  /** The byte where it goes wrong. */
  readonly offset: number;
  readonly reason: string;
}

/** Where the module comes from: `atom4.wasm` beside atom4.js by default. */
export type WasmSource = string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module | Response;

/** Loads the module; again, does nothing. */
export declare function init(source?: WasmSource): Promise<void>;

/** A game's parameters, each optional (the game's default when absent). */
export interface Params {
  /** `"WxH"` (`"6x9"`), or one number (Atropos's side). */
  size?: string | number;
  players?: number;
  /** Chain Reaction: `"classic"` or `"atoms"`. */
  rules?: string;
  /** Gamma: the most areas a player may hold. */
  areas?: number;
  /** Atomas: draws the start ring. */
  seed?: number;
}

/** A new game of `name`, or (`{text}`) a position in its notation. Throws `SetupError` or `ParseError`. */
export declare function load(name: string, params?: Params | { text: string }): State;

export type Layout =
  | { kind: "grid"; width: number; height: number; shifted: boolean; spots: number; size: number[] }
  | { kind: "triangle"; side: number; spots: number; size: number[] }
  | { kind: "ring"; entries: number; spots: number; size: number[] };

export interface Spot {
  /** The notation's character (`.` empty). */
  symbol: string;
  /** 1..N, 0 nobody. */
  owner: number;
  /** Orbs (Chain Reaction), an atom's value (Atomas), else 0. */
  count: number;
  /** A colour index of the game's palette (Atom-4's colour bits, Atropos's digit), 0 none. */
  colour: number;
}

export interface Outcome {
  move: string;
  action: number;
  weight: number;
}

export interface Cascade {
  waves: number;
  explosions: number;
  /** The board after the orb and after each wave, a cell `{orbs, owner}`, row by row. */
  frames: { orbs: number; owner: number }[][];
}

/** A position of any game. Moves are the game's texts: `"3,4"`, `"pass"`, `"g 1,2"`, `"(1,2,3,4)"`, `"2 y"`, `"+"`. */
export declare class State {
  private constructor();
  /** The game's name. */
  readonly game: string;
  readonly players: number;
  /** A player 1..N, `CHANCE`, or `null` once over. */
  readonly turn: number | null;
  /** The moves pushed, in order. */
  readonly moveStack: string[];
  legalMoves(): string[];
  legalActions(): number[];
  chanceOutcomes(): Outcome[];
  parseMove(move: string): number;
  moveText(action: number): string;
  /** Why `move` cannot be played now, in words; `null` when it can. */
  whyIllegal(move: string | number): string | null;
  /** Throws `IllegalMoveError` (and changes nothing) on a bad move. */
  push(move: string | number): void;
  pushWaves(move: string | number): Cascade;
  /** The last move's text, taken back; `undefined` when none. */
  pop(): string | undefined;
  isGameOver(): boolean;
  /** Index 0 is player 1: +1 a win, -1 a loss, 0 a draw or not over; Atomas: the score once over. */
  returns(): number[];
  text(): string;
  diagram(): string;
  setup(): Params;
  layout(): Layout;
  spots(): Spot[];
  /** Atom-4: the next round once one is over. */
  nextRound(): boolean;
  copy(): State;
}

export interface Progress {
  action: number | null;
  score: number;
  depth: number;
  nodes: number;
}

export interface Limits {
  nodes?: number;
  timeMs?: number;
  depth?: number;
  /** The same seed and limits give the same move. */
  seed?: number | bigint;
  /** Atom-4's classic levels, 0 to 8, instead of the strong engine. */
  level?: number | null;
  onProgress?: (report: Progress) => void;
}

export interface SearchResult {
  /** `null` when nobody is to move. */
  move: string | null;
  action: number | null;
  score: number;
  depth: number;
  nodes: number;
  /** The expected line, from `move` on. */
  pv: string[];
}

/** The engine's choice for the player to move (blocks until done: in a page, call it in a worker). */
export declare function search(state: State, limits: Limits): SearchResult;

/** The `gamma` program's batch mode: what it prints for `input`. */
export declare function gammaBatch(input: string | Uint8Array): {
  out: Uint8Array;
  err: Uint8Array;
  interactive: boolean;
};
