#!/usr/bin/env bash
# Builds libatom4 and installs it for C and C++ programs:
#   PREFIX/include/atom4.h, PREFIX/lib/libatom4.{a,so}, PREFIX/lib/pkgconfig/atom4.pc,
#   and PREFIX/include/atom4/compat/ (the atom4 4.1 engine headers, for its front ends)
# Usage: scripts/install-c.sh PREFIX   (for example /usr/local or ~/.local)
set -euo pipefail
prefix=${1:?usage: scripts/install-c.sh PREFIX}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release -p atom4-ffi
mkdir -p "$prefix/include/atom4/compat" "$prefix/lib/pkgconfig"
prefix=$(cd "$prefix" && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
install -m 644 include/atom4.h "$prefix/include/"
install -m 644 include/atom4/compat/*.h "$prefix/include/atom4/compat/"
install -m 644 "$target/release/libatom4.a" "$prefix/lib/"
install -m 755 "$target/release/libatom4.so" "$prefix/lib/"
version=$(cargo pkgid -p atom4-ffi | sed 's/.*[#@]//')
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" ffi-c/atom4.pc.in \
    > "$prefix/lib/pkgconfig/atom4.pc"
echo "installed atom4 $version in $prefix"
