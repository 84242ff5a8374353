#!/usr/bin/env bash
# The console firmware as a person uses it: runs its unit tests on the
# host, builds it for the micro:bit
# (thumbv6m-none-eabi, 16 KiB of RAM and 192 KiB of flash set in
# firmware/memory.x), runs it under QEMU's `-machine microbit` with the
# serial line on a pipe, and plays a whole game against the engine (with
# an undo on the way; drive.py). The host's atom4 program then replays the
# same moves from the same start (`atom4 show --load`) and must reach the
# position the console printed last. Checks the budgets: the stack's
# high-water mark within the reserve of memory.x, static data plus stack
# within 16 KiB. Ends with the firmware console line.
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in qemu-system-arm cargo rustc python3; do
    command -v "$tool" >/dev/null || { echo "console: $tool is missing (see scripts/test.sh)"; exit 1; }
done
size=$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/llvm-size
[ -x "$size" ] || { echo "console: llvm-size is missing: rustup component add llvm-tools"; exit 1; }

# The console's own logic (line editing, menu, undo) on the host first.
(cd firmware && cargo test --lib --target "$(rustc -vV | sed -n 's/^host: //p')")
(cd firmware && cargo build --release)
cargo build --release -q -p atom4-cli
firmware=firmware/target/thumbv6m-none-eabi/release/atom4-console
flash=$("$size" -A "$firmware" | awk '/^\.(vector_table|text|rodata|data) /{s+=$2} END{print s}')
reserve=$(sed -n 's/^STACK_RESERVE = \([0-9]*\);/\1/p' firmware/memory.x)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
games=""
ram=0
# game, options, seed of the person's moves
for spec in "atom4|9 7|1"; do
    IFS='|' read -r game options seed <<<"$spec"
    if ! timeout 1200 python3 tests/console/drive.py "$firmware" "$game" "$options" "$seed" "$work/$game.json"; then
        echo "console: $game: the game did not finish; the serial line said:"
        tail -40 "$work/$game.json.transcript" || true
        status=1
        continue
    fi
    # The host's replay of the same moves.
    python3 - "$work/$game.json" "$work/$game.record" <<'PY'
import json, sys
game = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as f:
    f.write("atom4 record 1\n")
    f.write(f"start {game['start']}\n")
    f.write("moves " + " ".join(game["moves"]) + "\n")
PY
    host=$(target/release/atom4 show --load "$work/$game.record" | tail -1)
    read -r chip moves static stack result < <(python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))
print(g["final"].replace(" ", "_"), len(g["moves"]), g["static"], g["stack"], g["result"].replace(" ", "_"))
' "$work/$game.json")
    chip=${chip//_/ }
    if [ "$host" = "$chip" ]; then
        echo "console: $game ${options}: a whole game of $moves moves (an undo on the way), ${result//_/ }; the host's replay ends in the same position: $chip"
        games+=" $game"
    else
        echo "console: $game: the console ends in $chip, the host's replay in $host"; status=1
    fi
    if [ "$stack" -gt "$reserve" ]; then
        echo "console: BUDGET MISSED: $game's stack high-water $stack bytes > the reserve $reserve"; status=1
    fi
    [ $((static + stack)) -gt "$ram" ] && ram=$((static + stack))
    echo "console: $game: static $static bytes + stack high-water $stack bytes (reserve $reserve) = $((static + stack)) of 16384 bytes of RAM"
done
if [ "$flash" -gt $((192 * 1024)) ] || [ "$ram" -gt 16384 ]; then
    echo "console: BUDGET MISSED: flash $flash (at most 196608), RAM $ram (at most 16384)"; status=1
fi
[ $status -eq 0 ] && echo "firmware console: flash $flash bytes on thumbv6m, RAM $ram of 16384 bytes, games$games equal to the host"
exit $status
