#!/usr/bin/env bash
# Builds the C suite against the installed header and libraries, then runs
# it plain (static and shared), under AddressSanitizer + UBSan, and under
# valgrind, and checks that the header compiles as C++. Prints the suite's
# "N passed, N failed" lines.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
prefix=$root/target/c-prefix
build=$root/target/c-tests
mkdir -p "$build"
bash scripts/install-c.sh "$prefix" >/dev/null
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cargo run -q --release -p atom4-vectors --bin vector-lines > "$build/vectors.txt"
cargo run -q --release -p atom4-arena --bin chain-vector-lines > "$build/chain-vectors.txt"

cflags="-std=c99 -Wall -Wextra -Werror -pedantic -D_POSIX_C_SOURCE=200809L -pthread -g"
static_libs="$(pkg-config --variable=libdir atom4)/libatom4.a $(pkg-config --variable=native_libs atom4)"
# shellcheck disable=SC2086
{
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_atom4.c $static_libs -o "$build/test_static"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_atom4.c $(pkg-config --libs atom4) \
        -Wl,-rpath,"$(pkg-config --variable=libdir atom4)" -o "$build/test_shared"
    gcc $cflags -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        $(pkg-config --cflags atom4) tests/c/test_atom4.c $static_libs -o "$build/test_sanitized"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_chain.c $static_libs -o "$build/test_chain_static"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_chain.c $(pkg-config --libs atom4) \
        -Wl,-rpath,"$(pkg-config --variable=libdir atom4)" -o "$build/test_chain_shared"
    gcc $cflags -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        $(pkg-config --cflags atom4) tests/c/test_chain.c $static_libs -o "$build/test_chain_sanitized"
    g++ -std=c++11 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags atom4) \
        tests/c/header_check.cpp $static_libs -o "$build/header_check"
}

echo "== C suite, static library"
"$build/test_static" "$build/vectors.txt"
echo "== C suite, shared library"
"$build/test_shared" "$build/vectors.txt" 20
echo "== C suite, -fsanitize=address,undefined"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/test_sanitized" "$build/vectors.txt"
echo "== C suite, valgrind"
valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$build/test_static" "$build/vectors.txt" 10
echo "== Chain Reaction C suite, static library"
"$build/test_chain_static" "$build/chain-vectors.txt"
echo "== Chain Reaction C suite, shared library"
"$build/test_chain_shared" "$build/chain-vectors.txt" 40
echo "== Chain Reaction C suite, -fsanitize=address,undefined"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/test_chain_sanitized" "$build/chain-vectors.txt" 120
echo "== Chain Reaction C suite, valgrind"
valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$build/test_chain_static" "$build/chain-vectors.txt" 20
echo "== C++ header check"
"$build/header_check"
