// The golden vectors' files (tests/data/<game>/, or $ATOM4_DATA), read as
// the Rust readers of tests/vectors do.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const web = join(dirname(fileURLToPath(import.meta.url)), "..");
export const root = join(web, "..");
export const dataDir = process.env.ATOM4_DATA ?? join(root, "tests", "data");

/** A file's text, gunzipped when it ends in .gz. */
export function text(game, name) {
  const bytes = readFileSync(join(dataDir, game, name));
  return (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** The records of a JSON Lines file. */
export function jsonl(game, name) {
  return text(game, name)
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));
}
