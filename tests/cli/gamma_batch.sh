#!/usr/bin/env bash
# Runs the built `gamma` program on Gamma's batch-mode triples: the 2,140
# published ones (tests/data/gamma/batch-tests.tar.gz) and the 14 of
# agree/; standard output, standard error and the exit status must match
# byte for byte. Then bad input the triples do not hold: a line of a
# million characters, a million NULs, numbers with 25 leading zeros, boards
# that cannot be stored, each answered at once. Prints
# "gamma batch: N passed, M failed" for each set.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
data=${ATOM4_DATA:-$root/tests/data}
cargo build -q --release -p atom4-cli --bin gamma
bin=$root/target/release/gamma
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar xzf "$data/gamma/batch-tests.tar.gz" -C "$work"

# Runs every NAME.in of a folder; NAME.out and NAME.err must match.
run_set() {
    local dir=$1 pass=0 fail=0 f n
    while IFS= read -r -d '' f; do
        n=${f%.in}
        if "$bin" < "$f" > "$work/out" 2> "$work/err" \
            && cmp -s "$work/out" "$n.out" && cmp -s "$work/err" "$n.err"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL ${n#"$dir"/}"
        fi
    done < <(find "$dir" -name '*.in' -print0 | sort -z)
    echo "gamma batch: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
status=0
run_set "$work/updated_part2_batch" || status=1
run_set "$data/gamma/agree" || status=1

# Bad input: each case is input, expected stdout, expected stderr, and it
# must finish within 2 seconds.
pass=0 fail=0
check() {
    local what=$1 want_out=$2 want_err=$3
    if timeout 2 "$bin" < "$work/in" > "$work/out" 2> "$work/err" \
        && [ "$(cat "$work/out")" = "$want_out" ] && [ "$(cat "$work/err")" = "$want_err" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $what: stdout $(head -c 200 "$work/out" | od -c | head -3), stderr $(head -c 200 "$work/err")"
    fi
}
{ echo "B 3 3 2 2"; head -c 1000000 /dev/zero | tr '\0' '7'; echo; echo "b 1"; } > "$work/in"
check "a line of a million digits" "$(printf 'OK 1\n0')" "ERROR 2"
{ echo "B 3 3 2 2"; printf 'm'; head -c 1000000 /dev/zero | tr '\0' ' '; echo "1 1 1"; echo "b 1"; } > "$work/in"
check "a million spaces inside a command" "$(printf 'OK 1\n1\n1')" ""
{ echo "B 3 3 2 2"; head -c 1000000 /dev/zero; echo; echo "# a comment with a NUL: x"; printf '\0\n'; echo "p"; } > "$work/in"
check "a line of a million NULs" "$(printf 'OK 1\n...\n...\n...')" "$(printf 'ERROR 2\nERROR 4')"
printf 'B 0000000000000000000000000003 0000000000000000000000000003 0000000000000000000000000002 0000000000000000000000000001\nm 0000000000000000000000000001 0000000000000000000000000002 0000000000000000000000000000\nm 1 0 0\nm 00000000000000000000000004294967296 0 0\n' > "$work/in"
check "25 leading zeros" "$(printf 'OK 1\n1\n0')" "ERROR 4"
# (Boards of more than 2^30 cells; a small board of 4 billion players may
# fit a machine with enough memory, so it is not among them.)
printf 'B 4294967295 4294967295 4294967295 4294967295\nB 65536 65536 2 2\nI 1000000 1000000 2 2\nB 1 1 1 1\np\n' > "$work/in"
check "boards that cannot be stored" "$(printf 'OK 4\n.')" "$(printf 'ERROR 1\nERROR 2\nERROR 3')"
printf '\xff\xfe\nB 2 2 2 2\xc2\xa0\nB 2 2 2 2\np\xff\np' > "$work/in"
check "bytes 0xFF and UTF-8, a last line without newline" "$(printf 'OK 3')" "$(printf 'ERROR 1\nERROR 2\nERROR 4\nERROR 5')"
echo "gamma batch: $pass passed, $fail failed (bad input)"
[ "$fail" -eq 0 ] || status=1
exit $status
