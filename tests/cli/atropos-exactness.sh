#!/usr/bin/env bash
# The exactness goal of issue 20 (a benchmark, not part of CI): on every won
# position of sizes 5 to 7 in solved.tsv, the player program given its time
# (1 s unless --time MS) prints one of the winning moves.
# Usage: tests/cli/atropos-exactness.sh [--time MS] [ATOM4_BINARY]
# Progress on standard error; the summary line on standard output; exits
# non-zero when a move was not winning.
set -euo pipefail
time_ms=1000
if [ "${1:-}" = "--time" ]; then
    time_ms=$2
    shift 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
atom4=${1:-$root/target/release/atom4}
solved=${ATOM4_DATA:-$root/tests/data}/atropos/solved.tsv.gz
checked=0 good=0
while IFS=$'\t' read -r state value winning; do
    [ "$value" = win ] || continue
    rows=${state//[^\[]/}
    size=$((${#rows} - 2))
    [ "$size" -ge 5 ] && [ "$size" -le 7 ] || continue
    move=$("$atom4" atropos player --time "$time_ms" "$state" 2>/dev/null || true)
    checked=$((checked + 1))
    case " $winning " in
    *" $move "*) good=$((good + 1)) ;;
    *) echo "not winning: size $size, $state: played '$move'; winning: $winning" >&2 ;;
    esac
    if [ $((checked % 50)) -eq 0 ]; then
        echo "$checked positions, $good winning moves" >&2
    fi
done < <(gzip -dc "$solved")
echo "atropos exactness: sizes 5-7, $checked won positions, $good winning moves played (--time $time_ms)"
[ "$good" -eq "$checked" ]
