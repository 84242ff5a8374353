#!/usr/bin/env bash
# Builds the test front end of the atom4 4.1 compatibility headers against
# the installed libatom4 (static) and the stand-in list.h / event.h, and
# runs it plain, under AddressSanitizer + UBSan and under ThreadSanitizer
# (the AI thinks on a worker thread).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
prefix=$root/target/c-prefix
build=$root/target/compat-tests
mkdir -p "$build"
bash scripts/install-c.sh "$prefix" >/dev/null
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
libs="$(pkg-config --variable=libdir atom4)/libatom4.a $(pkg-config --variable=native_libs atom4)"
flags="-std=c++11 -Wall -Wextra -Werror -pedantic -pthread -g -I$prefix/include/atom4/compat -Itests/compat/stand-in $(pkg-config --cflags atom4)"
# shellcheck disable=SC2086
{
    g++ $flags -O2 tests/compat/front_end.cc $libs -o "$build/front_end"
    g++ $flags -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        tests/compat/front_end.cc $libs -o "$build/front_end_sanitized"
    g++ $flags -O1 -fsanitize=thread tests/compat/front_end.cc $libs -o "$build/front_end_tsan"
}
echo "== compat front end"
"$build/front_end"
echo "== compat front end, -fsanitize=address,undefined"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 "$build/front_end_sanitized"
echo "== compat front end, -fsanitize=thread"
TSAN_OPTIONS=halt_on_error=1 "$build/front_end_tsan"
