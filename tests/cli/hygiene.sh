#!/usr/bin/env bash
# Process hygiene of the tools that run child programs (`atom4 atropos
# referee`, `atom4 atomas koth`, both process models): whatever happens to
# the tool (SIGTERM, SIGINT, SIGHUP, SIGKILL) its players and everything
# they started end with it; a player that leaves a daemon holding its
# output open keeps its move (the bytes read before the deadline), and a
# thousand such turns under a low `ulimit -n` leave the tool with the
# descriptors, threads and children it started with.
# ATOM4_BIN=path runs another build (to see a fix's test fail before it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if [ -z "${ATOM4_BIN:-}" ]; then
    cargo build -q --release -p atom4-cli
fi
bin=${ATOM4_BIN:-$root/target/release/atom4}
work=$(mktemp -d)
tool=""
cleanup() {
    [ -n "$tool" ] && kill -9 "$tool" 2>/dev/null
    pkill -9 -f '^sleep 100[0-9]$' 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
passed=0
failed=0
# KEEP_GOING=1 goes on after a failure (to see every check fail on an old build).
fail() {
    echo "FAILED: $*"
    failed=$((failed + 1))
    [ -n "${KEEP_GOING:-}" ] || exit 1
}
ok() { passed=$((passed + 1)); echo "ok: $*"; }

# Whether a process runs `sleep N` (each check has its own N).
sleeping() { pgrep -f "^sleep $1\$" >/dev/null 2>&1; }
# Waits up to 5 s for a process to appear (`sleeping N`).
await() {
    for _ in $(seq 50); do sleeping "$1" && return 0; sleep 0.1; done
    fail "no player ever ran (sleep $1)"
}
# Whether no `sleep N` runs within 3 s (a killed process may take a
# moment to be reaped on a busy machine).
gone() {
    for _ in $(seq 30); do sleeping "$1" || return 0; sleep 0.1; done
    return 1
}
# Waits up to 5 s for pid $1 to end.
ended() {
    for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
    return 1
}

player() { # player NAME BODY: an executable script
    printf '#!/bin/sh\n%s\n' "$2" > "$work/$1"
    chmod +x "$work/$1"
}

# 1. A signal to the tool ends its players (and what they started).
player sleeper-referee 'sleep 1001'
player sleeper-koth 'sleep 1002'
n=0
for signal in TERM INT HUP; do
    for how in referee koth koth-persistent; do
        case $how in
        referee) "$bin" atropos referee 5 "$work/sleeper-referee" default --time-limit 20 \
            > /dev/null 2>&1 & nap=1001 ;;
        koth) "$bin" atomas koth "$work/sleeper-koth" --timeout 20000 > /dev/null 2>&1 & nap=1002 ;;
        koth-persistent) "$bin" atomas koth "$work/sleeper-koth" --persistent --timeout 20000 \
            > /dev/null 2>&1 & nap=1002 ;;
        esac
        tool=$!
        await $nap
        kill -s "$signal" "$tool"
        ended "$tool" || fail "$how did not end on SIG$signal"
        wait "$tool" 2>/dev/null || true
        tool=""
        gone $nap || { pkill -9 -f "^sleep $nap\$"; fail "$how left its player running after SIG$signal"; }
        n=$((n + 1))
    done
done
ok "SIGTERM, SIGINT and SIGHUP to the referee and to koth (both models) end their players ($n runs)"

# 2. SIGKILL, which no handler sees: the player dies with the tool (its
# parent-death signal).
player exec-referee 'exec sleep 1003'
player exec-koth 'exec sleep 1004'
for how in referee koth koth-persistent; do
    case $how in
    referee) "$bin" atropos referee 5 "$work/exec-referee" default --time-limit 20 \
        > /dev/null 2>&1 & nap=1003 ;;
    koth) "$bin" atomas koth "$work/exec-koth" --timeout 20000 > /dev/null 2>&1 & nap=1004 ;;
    koth-persistent) "$bin" atomas koth "$work/exec-koth" --persistent --timeout 20000 \
        > /dev/null 2>&1 & nap=1004 ;;
    esac
    tool=$!
    await $nap
    kill -9 "$tool"
    wait "$tool" 2>/dev/null || true
    tool=""
    gone $nap || fail "$how's player outlived a SIGKILL of the tool"
done
ok "SIGKILL of the referee and of koth (both models) ends their players"

# 3. A player that leaves a daemon (setsid) holding its output open: its
# move counts, the daemons end with their turns, and under `ulimit -n 20`
# the opponent never pays for it.
player daemon-referee "setsid sleep 1005 & exec \"$bin\" atropos player --time 100 \"\$1\""
(ulimit -n 20; "$bin" atropos referee 4 "$work/daemon-referee" "$bin atropos player --time 100" \
    --games 8 --log "$work/games.jsonl" > "$work/out" 2> "$work/err") \
    || fail "the referee failed: $(cat "$work/err")"
grep -q 'forfeits A 0 B 0' "$work/out" || fail "no forfeit expected: $(cat "$work/out") $(grep forfeit "$work/err")"
gone 1005 || fail "the player's daemons outlived the referee"
ok "a player's daemon holding its output: its moves count, nobody forfeits under ulimit -n 20, nothing outlives the referee"

# 4. A thousand turns of a misbehaving player (a daemon a turn, a move that
# is illegal after the first, substituted) under `ulimit -n 24`: the
# referee's descriptors, threads and children stay what they were.
player daemon-fixed 'setsid sleep 1006 & echo "(1,1,1,3)"'
(ulimit -n 24; exec "$bin" atropos referee 7 "$work/daemon-fixed" default --games 120 \
    --on-illegal substitute --log "$work/many.jsonl" > "$work/out" 2> "$work/err") &
tool=$!
max_fd=0 max_task=0 max_kids=0 samples=0
while kill -0 "$tool" 2>/dev/null; do
    # (The referee may end between two of these: no error then.)
    fd=$( (ls "/proc/$tool/fd" 2>/dev/null || true) | wc -l)
    task=$( (ls "/proc/$tool/task" 2>/dev/null || true) | wc -l)
    kids=$( (cat /proc/"$tool"/task/*/children 2>/dev/null || true) | wc -w)
    [ "$fd" -gt "$max_fd" ] && max_fd=$fd
    [ "$task" -gt "$max_task" ] && max_task=$task
    [ "$kids" -gt "$max_kids" ] && max_kids=$kids
    samples=$((samples + 1))
    sleep 0.05
done
wait "$tool" || fail "the referee failed: $(tail -3 "$work/err")"
tool=""
turns=$(python3 -c '
import json, sys
print(sum(len(g["moves"]) for g in map(json.loads, open(sys.argv[1]))))' "$work/many.jsonl")
[ "$turns" -ge 1000 ] || fail "only $turns moves were played"
grep -q 'forfeits A 0 B 0' "$work/out" || fail "no forfeit expected: $(cat "$work/out")"
# Standard input, output and error, the log, the signal handler's two
# sockets, a pidfd, two pipes, and while a player starts, /dev/null and
# three more pipes (an inherited descriptor or two aside): 16 at most,
# however many turns (a descriptor lost a turn would reach the limit of
# 24 within a dozen turns).
[ "$max_fd" -le 16 ] || fail "the referee held up to $max_fd descriptors"
[ "$max_task" -le 2 ] || fail "the referee ran up to $max_task threads"
[ "$max_kids" -le 3 ] || fail "the referee had up to $max_kids children at once"
gone 1006 || fail "the daemons outlived the referee"
ok "$turns moves of a player leaving a daemon a turn under ulimit -n 24: at most $max_fd descriptors, $max_task threads, $max_kids children ($samples samples), nothing left"

# 5. The same in koth's process-a-move model under `ulimit -n 30`.
player daemon-bot "setsid sleep 1007 & exec \"$bin\" atomas bot --nodes 200"
(ulimit -n 30; "$bin" atomas koth "$work/daemon-bot" --games 3 --max-moves 100 \
    > "$work/out" 2> "$work/err") || fail "koth failed: $(cat "$work/err")"
grep -q 'capped 3$' "$work/out" || fail "every game reaches its cap: $(cat "$work/out")"
gone 1007 || fail "the bot's daemons outlived koth"
ok "koth, a process a move leaving a daemon each, under ulimit -n 30: 300 moves, nothing left"

echo "hygiene: $passed checks passed, $failed failed"
[ "$failed" = 0 ]
