// npm run build: the wasm module (cargo, wasm32-unknown-unknown) and the
// page into dist/: atom4.wasm, the ES module atom4.js with its types, the
// page's HTML, CSS and modules. Nothing else is needed to serve it.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, copyFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(web, "..");
const dist = join(web, "dist");

// The module's own profile: whole-program optimisation for speed, no
// debug info, panics trap (the page restarts a trapped worker).
const profile = [
  'profile.web.inherits="release"',
  'profile.web.opt-level=3',
  'profile.web.lto="fat"',
  "profile.web.codegen-units=1",
  "profile.web.debug=0",
  'profile.web.panic="abort"',
  "profile.web.strip=true",
];
const args = ["build", "--lib", "-p", "atom4-web", "--target", "wasm32-unknown-unknown", "--profile", "web"];
for (const c of profile) args.push("--config", c);
console.error(`cargo ${args.join(" ")}`);
execFileSync("cargo", args, {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    // An 8 MiB stack, as a native main thread has: the searches keep their
    // move lists on it.
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS: "-C link-arg=-zstack-size=8388608 -C target-feature=+simd128",
  },
});

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
copyFileSync(join(target, "wasm32-unknown-unknown", "web", "atom4_web.wasm"), join(dist, "atom4.wasm"));
for (const f of readdirSync(join(web, "js"))) copyFileSync(join(web, "js", f), join(dist, f));
cpSync(join(web, "page"), dist, { recursive: true });
console.error(`built ${dist}`);
