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
data=${ATOM4_DATA:-$root/tests/data}
atropos=$data/atropos
gzip -dc "$atropos/solved.tsv.gz" > "$build/atropos-solved.tsv"
# Atomas: the golden vectors as tab-separated lines for test_atomas.c.
python3 - "$data/atomas" > "$build/atomas-vectors.txt" <<'PY'
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
cargo run -q --release -p atom4-arena --bin chain-vector-lines > "$build/chain-vectors.txt"

cflags="-std=c99 -Wall -Wextra -Werror -pedantic -D_POSIX_C_SOURCE=200809L -pthread -g"
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
static_libs="$(pkg-config --variable=libdir atom4)/libatom4.a $(pkg-config --variable=native_libs atom4)"
shared_libs="$(pkg-config --libs atom4) -Wl,-rpath,$(pkg-config --variable=libdir atom4)"

# build_suite NAME SOURCE [FLAGS...]: NAME_static, NAME_shared and
# NAME_sanitized (ASan + UBSan, static) from one suite.
build_suite() {
    local name=$1 source=$2
    shift 2
    # shellcheck disable=SC2086
    {
        gcc $cflags -O2 $(pkg-config --cflags atom4) "$@" "$source" $static_libs -o "$build/${name}_static"
        gcc $cflags -O2 $(pkg-config --cflags atom4) "$@" "$source" $shared_libs -o "$build/${name}_shared"
        gcc $cflags -O1 $sanitize $(pkg-config --cflags atom4) "$@" "$source" $static_libs \
            -o "$build/${name}_sanitized"
    }
}
sanitized() { ASAN_OPTIONS=${asan_options:-detect_leaks=1:abort_on_error=1} UBSAN_OPTIONS=print_stacktrace=1 "$@"; }
memcheck() { valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite "$@"; }

build_suite atom4 tests/c/test_atom4.c
build_suite atomas tests/c/test_atomas.c
build_suite chain tests/c/test_chain.c
build_suite atropos tests/c/test_atropos.c
build_suite gamma_embedded tests/c/test_gamma_embedded.c -Iinclude
build_suite state tests/c/test_state.c
# The complete program of docs/c.md, as the page shows it (its first C block).
awk '/^```c$/ { on = 1; next } /^```$/ && on { exit } on' docs/c.md > "$build/play.c"
# shellcheck disable=SC2086
gcc $cflags -O2 $(pkg-config --cflags atom4) "$build/play.c" $static_libs -o "$build/play"
# shellcheck disable=SC2086
{
    g++ -std=c++11 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags atom4) \
        tests/c/header_check.cpp $static_libs -o "$build/header_check"
    # Gamma: include/gamma.h compiled exactly as the course compiles its tests
    # (C11, -Iinclude, the static library, -lm -lpthread -ldl), and sanitized.
    cc -std=c11 -O2 -Iinclude tests/c/test_gamma.c "$prefix/lib/libatom4.a" -lm -lpthread -ldl \
        -o "$build/gamma_course"
    cc -std=c11 -O1 -g $sanitize -Iinclude tests/c/test_gamma.c "$prefix/lib/libatom4.a" \
        -lm -lpthread -ldl -o "$build/gamma_course_sanitized"
}

echo "== C suite: static, shared, -fsanitize=address,undefined, valgrind"
"$build/atom4_static" "$build/vectors.txt"
"$build/atom4_shared" "$build/vectors.txt" 20
sanitized "$build/atom4_sanitized" "$build/vectors.txt"
memcheck "$build/atom4_static" "$build/vectors.txt" 10
echo "== C suite, Atropos: static, shared, sanitized, valgrind"
"$build/atropos_static" "$atropos"/vectors_size*.tsv --solved "$build/atropos-solved.tsv" 6
"$build/atropos_shared" "$atropos/vectors_size5.tsv"
sanitized "$build/atropos_sanitized" "$atropos"/vectors_size*.tsv --solved "$build/atropos-solved.tsv" 5
memcheck "$build/atropos_static" "$atropos/vectors_size4.tsv" --solved "$build/atropos-solved.tsv" 4
echo "== Atomas C suite: static, shared, -fsanitize=address,undefined, valgrind"
"$build/atomas_static" "$build/atomas-vectors.txt"
"$build/atomas_shared" "$build/atomas-vectors.txt" 20
sanitized "$build/atomas_sanitized" "$build/atomas-vectors.txt"
memcheck "$build/atomas_static" "$build/atomas-vectors.txt" 10
echo "== Chain Reaction C suite: static, shared, -fsanitize=address,undefined, valgrind"
"$build/chain_static" "$build/chain-vectors.txt"
"$build/chain_shared" "$build/chain-vectors.txt" 40
sanitized "$build/chain_sanitized" "$build/chain-vectors.txt" 120
memcheck "$build/chain_static" "$build/chain-vectors.txt" 20
echo "== Generic family (atom4_state_*): every game by name, static, shared, sanitized, valgrind"
"$build/state_static" --absent tictactoe
"$build/state_static" --games 2 "atom4:size=6x4" "chain:size=3x3 players=3" "chain:size=5x5 rules=atoms" \
    "gamma:size=5x4 players=3 areas=2" "gamma:size=32x32 players=8 areas=5" "atropos:size=4" "atomas:seed=7"
"$build/state_shared" --games 1
sanitized "$build/state_sanitized" --games 2
memcheck "$build/state_static" --games 1
echo "== docs/c.md's program"
"$build/play" chain "size=4x4" | tail -n 3
why=$("$build/play" no-such-game 2>&1 || true)
grep -q '^no such game (the games are: atom4 ' <<<"$why"
echo "== Toy build: libatom4 with the core's toy game, played by the same suite and program"
cargo build -q -p atom4-ffi --features toy --target-dir target/toy
toy_lib="target/toy/debug/libatom4.a $(pkg-config --variable=native_libs atom4)"
# shellcheck disable=SC2086
{
    gcc $cflags -O2 -Iinclude tests/c/test_state.c $toy_lib -o "$build/state_toy"
    gcc $cflags -O2 -Iinclude "$build/play.c" $toy_lib -o "$build/play_toy"
}
"$build/state_toy" --games 20 tictactoe
"$build/state_toy" --games 1
"$build/play_toy" tictactoe | tail -n 3
echo "== C++ header check"
"$build/header_check"

# Failed allocations must give NULL: the sanitizer's allocator says so too.
asan_options=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
echo "== Gamma: gamma.h as the course compiles its tests"
"$build/gamma_course"
echo "== Gamma: gamma.h, -fsanitize=address,undefined"
sanitized "$build/gamma_course_sanitized"
echo "== Gamma: gamma.h, valgrind (without the boards of gigabytes)"
memcheck "$build/gamma_course" quick
echo "== Gamma: all memory taken, then gamma_new until NULL and a move on every cell (ulimit -v 1 GB)"
rc=0
(ulimit -v 1000000 && "$build/gamma_course" memory) || rc=$?
[ "$rc" -eq 13 ] || { echo "gamma memory test: exit $rc, wanted 13"; exit 1; }
echo "== Gamma: boards too big for the machine give NULL (ulimit -v 4 GB)"
(ulimit -v 4000000 && "$build/gamma_course" huge)
echo "== Gamma: atom4_gamma_* over caller memory, plain and sanitized"
"$build/gamma_embedded_static"
sanitized "$build/gamma_embedded_sanitized"
