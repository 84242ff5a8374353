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
atropos=$root/../shared/vectors/atropos
gzip -dc "$atropos/solved.tsv.gz" > "$build/atropos-solved.tsv"
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
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_atomas.c $static_libs -o "$build/atomas_static"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_atomas.c $(pkg-config --libs atom4) \
        -Wl,-rpath,"$(pkg-config --variable=libdir atom4)" -o "$build/atomas_shared"
    gcc $cflags -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        $(pkg-config --cflags atom4) tests/c/test_atomas.c $static_libs -o "$build/atomas_sanitized"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_chain.c $static_libs -o "$build/test_chain_static"
    gcc $cflags -O2 $(pkg-config --cflags atom4) tests/c/test_chain.c $(pkg-config --libs atom4) \
        -Wl,-rpath,"$(pkg-config --variable=libdir atom4)" -o "$build/test_chain_shared"
    gcc $cflags -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        $(pkg-config --cflags atom4) tests/c/test_chain.c $static_libs -o "$build/test_chain_sanitized"
    g++ -std=c++11 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags atom4) \
        tests/c/header_check.cpp $static_libs -o "$build/header_check"
    for variant in static shared sanitized; do
        case $variant in
        static) flags="-O2" libs=$static_libs ;;
        shared) flags="-O2" libs="$(pkg-config --libs atom4) -Wl,-rpath,$(pkg-config --variable=libdir atom4)" ;;
        sanitized) flags="-O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" libs=$static_libs ;;
        esac
        gcc $cflags $flags $(pkg-config --cflags atom4) tests/c/test_atropos.c $libs -o "$build/test_atropos_$variant"
    done
    # Gamma: include/gamma.h compiled exactly as the course compiles its tests
    # (C11, -Iinclude, the static library, -lm -lpthread -ldl), and sanitized;
    # the caller-memory API (atom4.h) with this suite's flags.
    cc -std=c11 -O2 -Iinclude tests/c/test_gamma.c "$prefix/lib/libatom4.a" -lm -lpthread -ldl \
        -o "$build/gamma_course"
    cc -std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        -Iinclude tests/c/test_gamma.c "$prefix/lib/libatom4.a" -lm -lpthread -ldl -o "$build/gamma_course_sanitized"
    gcc $cflags -O2 $(pkg-config --cflags atom4) -Iinclude tests/c/test_gamma_embedded.c $static_libs \
        -o "$build/gamma_embedded"
    gcc $cflags -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        $(pkg-config --cflags atom4) -Iinclude tests/c/test_gamma_embedded.c $static_libs -o "$build/gamma_embedded_sanitized"
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
echo "== C suite, Atropos: static, shared, sanitized, valgrind"
"$build/test_atropos_static" "$atropos"/vectors_size*.tsv --solved "$build/atropos-solved.tsv" 6
"$build/test_atropos_shared" "$atropos/vectors_size5.tsv"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/test_atropos_sanitized" "$atropos"/vectors_size*.tsv --solved "$build/atropos-solved.tsv" 5
valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$build/test_atropos_static" "$atropos/vectors_size4.tsv" --solved "$build/atropos-solved.tsv" 4
echo "== Atomas C suite: static, shared, -fsanitize=address,undefined, valgrind"
"$build/atomas_static" "$build/atomas-vectors.txt"
"$build/atomas_shared" "$build/atomas-vectors.txt" 20
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/atomas_sanitized" "$build/atomas-vectors.txt"
valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$build/atomas_static" "$build/atomas-vectors.txt" 10
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

# Failed allocations must give NULL: the sanitizer's allocator says so too.
gamma_asan=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
echo "== Gamma: gamma.h as the course compiles its tests"
"$build/gamma_course"
echo "== Gamma: gamma.h, -fsanitize=address,undefined"
ASAN_OPTIONS=$gamma_asan UBSAN_OPTIONS=print_stacktrace=1 "$build/gamma_course_sanitized"
echo "== Gamma: gamma.h, valgrind (without the boards of gigabytes)"
valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    "$build/gamma_course" quick
echo "== Gamma: all memory taken, then gamma_new until NULL and a move on every cell (ulimit -v 1 GB)"
rc=0
(ulimit -v 1000000 && "$build/gamma_course" memory) || rc=$?
[ "$rc" -eq 13 ] || { echo "gamma memory test: exit $rc, wanted 13"; exit 1; }
echo "== Gamma: boards too big for the machine give NULL (ulimit -v 4 GB)"
(ulimit -v 4000000 && "$build/gamma_course" huge)
echo "== Gamma: atom4_gamma_* over caller memory, plain and sanitized"
"$build/gamma_embedded"
ASAN_OPTIONS=$gamma_asan UBSAN_OPTIONS=print_stacktrace=1 "$build/gamma_embedded_sanitized"
