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
# Atomas: the golden vectors as tab-separated lines for test_atomas.c.
python3 - "${ATOM4_SHARED:-$root/../shared/vectors}/atomas" > "$build/atomas-vectors.txt" <<'PY'
import gzip, json, sys
folder = sys.argv[1]
def escaped(reply):  # tabs, newlines and backslashes written as \t, \n, \r, \\
    return reply.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
for r in map(json.loads, gzip.open(folder + "/steps.jsonl.gz", "rt")):
    after = "error" if r.get("error") else r["after"]
    print("\t".join(["step", r["before"], escaped(r["reply"]), after, str(r.get("points") or 0)]))
for g in map(json.loads, gzip.open(folder + "/games.jsonl.gz", "rt")):
    seeded = g.get("rng") == "splitmix64"
    print("\t".join(["game", str(g["seed"]) if seeded else "-", g["start"]]))
    for (atom, reply), after, gained in zip(g["moves"], g["after"], g["gained"]):
        print("\t".join(["move", atom, escaped(reply), after, str(gained)]))
PY

cflags="-std=c99 -Wall -Wextra -Werror -pedantic -D_POSIX_C_SOURCE=200809L -pthread -g"
static_libs="$(pkg-config --variable=libdir atom4)/libatom4.a $(pkg-config --variable=native_libs atom4)"
# shellcheck disable=SC2086
{
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_atom4.c $static_libs -o "$build/test_static"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_atom4.c $(pkg-config --libs atom4) \
        -Wl,-rpath,"$(pkg-config --variable=libdir atom4)" -o "$build/test_shared"
    gcc $cflags -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        $(pkg-config --cflags atom4) tests/c/test_atom4.c $static_libs -o "$build/test_sanitized"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_atomas.c $static_libs -o "$build/atomas_static"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_atomas.c $(pkg-config --libs atom4) \
        -Wl,-rpath,"$(pkg-config --variable=libdir atom4)" -o "$build/atomas_shared"
    gcc $cflags -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        $(pkg-config --cflags atom4) tests/c/test_atomas.c $static_libs -o "$build/atomas_sanitized"
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
echo "== Atomas C suite: static, shared, -fsanitize=address,undefined, valgrind"
"$build/atomas_static" "$build/atomas-vectors.txt"
"$build/atomas_shared" "$build/atomas-vectors.txt" 20
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/atomas_sanitized" "$build/atomas-vectors.txt"
valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$build/atomas_static" "$build/atomas-vectors.txt" 10
echo "== C++ header check"
"$build/header_check"
