#!/usr/bin/env bash
# Runs every test of the project; installs what it needs first, so that it
# works on a fresh machine. Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "toolchain: components and targets"
rustup component add rustfmt clippy
rustup target add thumbv6m-none-eabi

step "format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings

step "core builds for a Cortex-M0 (no_std, no alloc)"
cargo build -p atom4-core --release --target thumbv6m-none-eabi

step "Rust tests, the golden vectors included"
cargo test --workspace --release -- --nocapture 2>&1 | tee target/rust-tests.log
grep -E '^(vectors|classic): ' target/rust-tests.log
