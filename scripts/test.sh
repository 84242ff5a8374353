#!/usr/bin/env bash
# Runs every test of the project; installs what it needs first, so that it
# works on a fresh machine. Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

# A CI machine's disk may be nearly full (one run ended with "No space left on
# device"), so a step's own build directory goes once no later step reads it;
# ATOM4_KEEP_BUILDS=1 keeps them, for a quicker second run at home.
done_with() { [ "${ATOM4_KEEP_BUILDS:-}" = 1 ] || rm -rf "$@"; }
# Nothing here is rebuilt after an edit, so incremental builds' caches (a
# quarter of a GB) would only take disk.
export CARGO_INCREMENTAL=0
# The tests build the release profile without link-time optimisation and in
# 16 codegen units: the same optimisation within a unit, a quarter of the
# build time (49 test programs each took a thin-LTO link of one unit; the
# core's tests alone 147 s against 38 s, and they run as fast). The
# firmware's scripts measure flash and stack, so they unset both and build
# with their own profiles; the web module has its own profile too.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16

# Installs the Debian packages whose commands are missing (first word of
# each pair: the command; second: the package).
apt_updated=no
need() {
    local missing=()
    while [ $# -gt 0 ]; do
        command -v "$1" >/dev/null 2>&1 || missing+=("$2")
        shift 2
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    if [ $apt_updated = no ]; then
        $sudo apt-get update -qq
        apt_updated=yes
    fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

step "system packages"
need gcc gcc g++ g++ pkg-config pkg-config valgrind valgrind tmux tmux pgrep procps qemu-system-arm qemu-system-arm
# The web page's tests: Node and npm (the machine's, else Debian's), and Debian's chromium for playwright-core.
need node nodejs npm npm chromium chromium

step "toolchain: components and targets"
rustup component add rustfmt clippy llvm-tools
rustup target add thumbv6m-none-eabi thumbv7em-none-eabihf riscv32imc-unknown-none-elf wasm32-unknown-unknown

step "format and lints"
cargo fmt --all --check
(cd tests/embedded && cargo fmt --check)
(cd firmware && cargo fmt --check)
cargo clippy --workspace --all-targets -- -D warnings
(cd firmware && cargo clippy --release -- -D warnings \
    && cargo clippy --lib --tests --examples --target "$(rustc -vV | sed -n 's/^host: //p')" -- -D warnings)
cargo clippy -p atom4-web --no-deps --lib --target wasm32-unknown-unknown -- -D warnings

step "core builds for a Cortex-M0 (no_std, no alloc)"
cargo build -p atom4-core --release --target thumbv6m-none-eabi
# The network protocol's core (framing, messages, table, session): no std, alloc only.
cargo build -p atom4-net --no-default-features --release --target thumbv7em-none-eabihf

step "Rust tests, the golden vectors included"
cargo test --workspace --release -- --nocapture 2>&1 | tee target/rust-tests.log
grep -E '^(vectors|classic): ' target/rust-tests.log
grep -E '^atomas vectors: ' target/rust-tests.log
grep -E '^atropos vectors: ' target/rust-tests.log
grep -E '^chain vectors: ' target/rust-tests.log
grep -E '^rules pages: ' target/rust-tests.log

step "a game no door has code for: core's toy game through the one interface and the arena"
cargo test -p atom4-core --release --features toy --test interface
cargo test -p atom4-arena --release --features toy --test toy

step "C ABI: header, C suite plain / sanitized / valgrind, C++ header check"
bash tests/c/run.sh 2>&1 | tee target/c-tests.log
grep -E 'passed, [0-9]+ failed' target/c-tests.log
grep -E '^c chain vectors: ' target/c-tests.log

step "atom4 4.1 compatibility headers: the C++ test front end, plain / sanitized / thread-sanitized"
bash tests/compat/run.sh 2>&1 | tee target/compat-tests.log
grep -E 'checks passed, [0-9]+ failed' target/compat-tests.log

step "Atropos programs as processes: the player on every size, the referee with misbehaving players, the solver, play in tmux"
bash tests/cli/atropos.sh 2>&1 | tee target/atropos-cli.log
grep -E '^atropos programs: ' target/atropos-cli.log

step "Python package: pip install ./py, pytest (vectors, PettingZoo, OpenSpiel, docs), mypy --strict, stubtest, the toy build"
python3 -c 'import venv, ensurepip' 2>/dev/null || need false python3-venv
python3 -m venv target/py-venv
target/py-venv/bin/python -m pip install -q './py[pettingzoo,test]'
(cd py && ../target/py-venv/bin/python -m pytest -q -s) 2>&1 | tee target/py-tests.log
# pytest's progress dots share the lines: the summaries are found anywhere on them.
grep -oE 'python [a-z ]+: .*|[0-9]+ passed in .*' target/py-tests.log
grep -q 'python chain vectors: ' target/py-tests.log
grep -q 'python gamma batch: ' target/py-tests.log
(cd py && ../target/py-venv/bin/python -m mypy python/atom4 tests examples \
    && ../target/py-venv/bin/python -m mypy.stubtest --mypy-config-file pyproject.toml \
        --allowlist stubtest-allowlist.txt atom4)
# A sixth game through every door: a test build with core's toy game (never
# in the user's wheel), the same Python code, no line for it.
rm -rf target/py-toy target/py-toy-wheel
MATURIN_PEP517_ARGS="--features toy" target/py-venv/bin/python -m pip wheel -q --no-deps ./py -w target/py-toy-wheel
target/py-venv/bin/python -m zipfile -e target/py-toy-wheel/atom4-*.whl target/py-toy
(cd py && PYTHONPATH=../target/py-toy ../target/py-venv/bin/python -m pytest -q -s -p no:cacheprovider \
    tests/test_toy.py tests/test_state.py tests/test_env.py tests/test_openspiel.py) 2>&1 | tee target/py-toy.log
grep -o 'python toy: .*' target/py-toy.log

step "terminal front end: the real binary in tmux (Atom-4, Atomas, the generic screen with the toy game)"
# The README's first command must find the atom4 program among the package's binaries.
cargo run -q --release -p atom4-cli -- --help | grep -q '^Usage: atom4 '
bash tests/cli/tmux.sh 2>&1 | tee target/tmux-test.log
grep -E '^tmux: ' target/tmux-test.log
bash tests/cli/atomas.sh 2>&1 | tee target/atomas-tmux.log
bash tests/cli/atomas-koth.sh 2>&1 | tee target/atomas-koth.log
grep -E '^atomas tmux: [0-9]+ checks passed' target/atomas-tmux.log
grep -E '^atomas koth: [0-9]+ checks passed' target/atomas-koth.log
# A sixth game through the terminal: a test build with core's toy game,
# played on the generic screen with no code of its own.
bash tests/cli/generic.sh 2>&1 | tee target/generic-tmux.log
grep -E '^generic screen: [0-9]+ checks passed' target/generic-tmux.log
done_with target/toy  # the toy builds of tests/c and tests/cli/generic.sh

step "Robustness: process hygiene of the tools that run players, terminal programs whose terminal vanishes, bad input and short memory (docs/robustness.md)"
bash tests/cli/hygiene.sh 2>&1 | tee target/hygiene.log
grep -E '^hygiene: [0-9]+ checks passed, 0 failed' target/hygiene.log
bash tests/cli/vanish.sh 2>&1 | tee target/vanish.log
grep -E '^vanish: [0-9]+ checks passed, 0 failed' target/vanish.log
bash tests/cli/robust.sh 2>&1 | tee target/robust.log
grep -E '^robust: [0-9]+ checks passed, 0 failed' target/robust.log

step "Gamma: the batch triples through the built gamma program; its interactive mode and atom4 gamma play in tmux"
bash tests/cli/gamma_batch.sh 2>&1 | tee target/gamma-batch.log
grep -E '^gamma batch: ' target/gamma-batch.log
bash tests/cli/gamma.sh 2>&1 | tee target/gamma-tmux.log
grep -E '^tmux gamma: ' target/gamma-tmux.log

step "Chain Reaction programs: play and the tutorial's game in tmux, the bot protocol as a process"
bash tests/cli/chain.sh 2>&1 | tee target/chain-cli-test.log
grep -E '^chain cli: ' target/chain-cli-test.log

step "network play: atom4 serve and atom4 connect as processes (games, watchers, the engine seat, Ctrl-C, misbehaving clients, the screen in tmux)"
bash tests/net/run.sh 2>&1 | tee target/net-tests.log
grep -E '^net programs: [0-9]+ checks passed' target/net-tests.log

step "fuzz targets: each built with libFuzzer's instrumentation and run for a few seconds"
command -v cargo-fuzz >/dev/null 2>&1 || cargo install -q cargo-fuzz --locked
# RUSTC_BOOTSTRAP lets the stable toolchain take libFuzzer's sanitizer flags.
(cd fuzz && for target in $(cargo fuzz list); do
    RUSTC_BOOTSTRAP=1 cargo fuzz run -O "$target" -- -max_total_time=5 -seed=1 2>&1 \
        | grep -E '^Done [0-9]+ runs' | sed "s/^/fuzz $target: /"
done) 2>&1 | tee target/fuzz.log
[ "$(grep -c '^fuzz .*: Done' target/fuzz.log)" -eq "$(cd fuzz && cargo fuzz list | wc -l)" ]
done_with fuzz/target

step "microcontrollers: firmware on emulated Cortex-M4, Cortex-M0 and RISC-V builds, budgets"
bash tests/embedded/run.sh 2>&1 | tee target/embedded.log
grep -E '^embedded: ' target/embedded.log
done_with tests/embedded/target

step "console firmware: whole games over QEMU micro:bit's serial line, replayed on the host; 16 KiB of RAM"
bash tests/console/run.sh 2>&1 | tee target/console.log
grep -E '^console: ' target/console.log
tail -n 1 target/console.log | grep -E '^firmware console: flash [0-9]+ bytes on thumbv6m, RAM [0-9]+ of 16384 bytes, games atom4 atropos chain gamma atomas equal to the host$'
done_with firmware/target

step "web: the module in Node (golden vectors, equal to the native build, the API, its types), the page in headless Chromium"
# npm ci installs the lock file's pinned playwright-core and typescript (no browser download: Debian's chromium runs).
(cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund && npm run build && npm test) 2>&1 | tee target/web-tests.log
grep -E '^# wasm ' target/web-tests.log
grep -qE '^# fail 0$' target/web-tests.log
ls target/web-screenshots/*.png | wc -l | sed 's/^/web screenshots: /'

step "web benchmark (not a timed test): size, first paint, nodes a second in Chromium against native, the same moves"
# A benchmark measures the user's build: the release profile as Cargo.toml sets it.
(cd web && env -u CARGO_PROFILE_RELEASE_LTO -u CARGO_PROFILE_RELEASE_CODEGEN_UNITS npm run bench) 2>&1 | tee target/web-bench.log
grep -E 'total|first paint|goal: at least 50%' target/web-bench.log
