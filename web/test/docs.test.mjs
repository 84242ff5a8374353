// Every JavaScript example of the docs runs as written: each ```js block
// of docs/web.md (and the README, if it has any) becomes a module that
// imports the built dist/atom4.js in place of "./atom4.js".
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const moduleUrl = new URL("../dist/atom4.js", import.meta.url).href;
const pages = ["docs/web.md", "README.md"];

function blocks(page) {
  const text = readFileSync(join(root, page), "utf8");
  return [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

test("the docs have JavaScript examples", () => {
  assert.ok(pages.flatMap(blocks).length > 0);
});

for (const page of pages) {
  blocks(page).forEach((code, i) => {
    test(`${page}: example ${i + 1} runs`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "atom4-docs-"));
      try {
        const file = join(dir, "example.mjs");
        writeFileSync(file, code.replaceAll(/from "\.\/atom4\.js"/g, `from ${JSON.stringify(moduleUrl)}`));
        await import(pathToFileURL(file).href);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
