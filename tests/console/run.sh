#!/usr/bin/env bash
# The console firmware as a person uses it. Runs its unit tests on the
# host, builds it for the micro:bit (thumbv6m-none-eabi; 16 KiB of RAM and
# 192 KiB of flash set in firmware/memory.x, where the link fails when the
# code outgrows the flash or the static data leaves less than the stack's
# reserve), then for each of the five games boots it under QEMU's
# `-machine microbit` with the serial line on a pipe and plays a whole game
# against the engine (tests/console/drive.py: moves drawn from the legal
# ones, some chosen by the engine with `go`, an undo and a refused move on
# the way). The host then replays each game through the one game interface
# (firmware/examples/replay.rs): every engine move must be the host
# engine's choice under the same limits, seed and memory, and the last
# position the one the console printed. Checks the budgets (each game's
# stack high-water within the reserve; static data plus stack within
# 16 KiB; flash within 192 KiB), prints the firmware table and ends with
# the `firmware console:` line.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The budgets hold for the firmware's own release profile: a caller's
# override of it (scripts/test.sh builds the tests without LTO) is dropped.
unset CARGO_PROFILE_RELEASE_LTO CARGO_PROFILE_RELEASE_CODEGEN_UNITS

for tool in qemu-system-arm cargo rustc python3; do
    command -v "$tool" >/dev/null || { echo "console: $tool is missing (see scripts/test.sh)"; exit 1; }
done
host=$(rustc -vV | sed -n 's/^host: //p')
size=$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-size
nm=$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-nm
[ -x "$size" ] || { echo "console: llvm-size is missing: rustup component add llvm-tools"; exit 1; }

# The console's own logic (line editing, menu, undo, each game) on the host first.
(cd firmware && cargo test --lib --target "$host")
(cd firmware && cargo build --release)
(cd firmware && cargo build --release --example replay --target "$host")
firmware=firmware/target/thumbv6m-none-eabi/release/atom4-console
replay=firmware/target/$host/release/examples/replay
flash=$("$size" -A "$firmware" | awk '/^\.(vector_table|text|rodata|data) /{s+=$2} END{print s}')
static=$("$size" -A "$firmware" | awk '/^\.(data|bss|uninit) /{s+=$2} END{print s}')
reserve=$(sed -n 's/^STACK_RESERVE = \([0-9]*\);/\1/p' firmware/memory.x)
if "$nm" "$firmware" | grep -q '__rust_alloc\|__rdl_alloc'; then
    echo "console: the firmware links an allocator"; exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
games=""
ram=0
rows=()
# game | options | seed of the person's moves
for spec in "atom4|size=9x7|1" "atropos|size=6|2" "chain|size=4x4|3" \
            "gamma|size=6x5 players=3 areas=2|4" "atomas|seed=5|5"; do
    IFS='|' read -r game options seed <<<"$spec"
    record=$work/$game.record
    echo "== console: $game $options, on QEMU microbit"
    if ! timeout 1200 python3 tests/console/drive.py "$firmware" "$game" "$options" "$seed" \
        "$record" "$work/$game.json"; then
        echo "console: $game: the game did not finish; the serial line said:"
        tail -40 "$record.transcript" || true
        status=1
        continue
    fi
    if ! "$replay" "$record"; then
        echo "console: $game: the host's replay differs (the record: $record)"
        cat "$record"
        status=1
        continue
    fi
    read -r moves go stack result < <(python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))
print(g["moves"], g["go"], g["stack"], (g["result"] or "?").replace(" ", "_"))
' "$work/$game.json")
    echo "console: $game $options: a whole game of $moves moves ($go chosen by the engine with go, an undo and a refused move on the way), ${result//_/ }; equal to the host's replay"
    games+=" $game"
    if [ "$stack" -gt "$reserve" ]; then
        echo "console: BUDGET MISSED: $game's stack high-water $stack bytes > the reserve $reserve"; status=1
    fi
    [ $((static + stack)) -gt "$ram" ] && ram=$((static + stack))
    rows+=("$(printf '%-8s %-28s %9s %7s %7s %7s' "$game" "$options" "" "$static" "$stack" $((static + stack)))")
done

echo
printf '%-8s %-28s %9s %7s %7s %7s\n' game "options (CI game)" flash static stack RAM
for row in "${rows[@]}"; do echo "$row"; done
printf '%-8s %-28s %9s %7s %7s %7s\n' "whole" "(one firmware, five games)" "$flash" "$static" "$reserve" $((static + reserve))
echo "(bytes; flash = vector table + code + read-only data + initialised data, on thumbv6m-none-eabi; static = .data + .bss; stack = the high-water mark of the game's boot, the engine's memory included: it lives on the stack while the engine thinks; reserve = STACK_RESERVE of firmware/memory.x)"

if [ "$flash" -gt $((192 * 1024)) ] || [ "$ram" -gt 16384 ] || [ $((static + reserve)) -gt 16384 ]; then
    echo "console: BUDGET MISSED: flash $flash (at most 196608), RAM $ram (at most 16384)"; status=1
fi
[ "$games" = " atom4 atropos chain gamma atomas" ] || status=1
[ $status -eq 0 ] && echo "firmware console: flash $flash bytes on thumbv6m, RAM $ram of 16384 bytes, games$games equal to the host"
exit $status
