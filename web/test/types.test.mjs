// The typings (dist/atom4.d.ts) compile with a TypeScript bot that uses
// every part of the API, under --strict.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";

import { web } from "./data.mjs";

test("atom4.d.ts types a TypeScript bot (tsc --strict)", () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const r = spawnSync(
    process.execPath,
    [tsc, "--noEmit", "--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler", "--lib", "es2022,dom", join(web, "test", "usage.ts")],
    { encoding: "utf8" },
  );
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
