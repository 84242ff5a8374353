#!/usr/bin/env bash
# The Atomas bot and controller as processes: `atom4 atomas bot` answers
# both request forms and puts an error line for garbage; `atom4 atomas koth`
# plays it in both process models with a log in the vectors' format, and
# survives bots that crash, print garbage or an error line, stay silent
# (also through a grandchild holding the pipe), flood their output with
# or without newlines, or answer before reading; each such game ends as a
# bad reply with its score standing, and the run goes on.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build -q --release -p atom4-cli
bin=$root/target/release/atom4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
fail() { echo "FAILED: $*"; exit 1; }
ok() { passed=$((passed + 1)); echo "ok: $*"; }
summary='^atomas koth: games [0-9]+, mean [0-9]+, median [0-9]+, min [0-9]+, max [0-9]+, mean moves [0-9.]+, capped [0-9]+$'

# The bot: both forms, garbage, a line without its newline at the end.
out=$(printf '+/1 1 3 2 2 3\n0/1/-/1 2\nhello\n\n3/\n1/1 2' | "$bin" atomas bot --depth 1)
[ "$(echo "$out" | wc -l)" = 6 ] || fail "one line a request: $out"
[ "$(echo "$out" | sed -n 1p)" = 3 ] || fail "the seed's example: $out"
echo "$out" | sed -n 2p | grep -Eq '^[01] [yn]$' || fail "a minus reply: $out"
echo "$out" | sed -n 3p | grep -q '^error: at byte 0: ' || fail "garbage gets an error line: $out"
echo "$out" | sed -n 4p | grep -q '^error: ' || fail "an empty line gets an error line: $out"
[ "$(echo "$out" | sed -n 5p)" = 0 ] || fail "an empty ring: $out"
ok "the bot answers every line, both forms, and garbage with an error line"

# Our bot under the controller, persistent and per move, with a log.
"$bin" atomas koth "$bin atomas bot" --persistent --games 2 --seed 5 --max-moves 300 \
    --log "$work/games.jsonl" > "$work/out" 2> "$work/err"
grep -Eq "$summary" "$work/out" || fail "summary line: $(cat "$work/out")"
grep -q 'capped 2$' "$work/out" || fail "both games reach the cap: $(cat "$work/out")"
[ "$(grep -Ec '^game [12]: seed [56], score [0-9]+, moves 300, end move cap' "$work/out")" = 2 ] || fail "a line a game"
python3 - "$work/games.jsonl" <<'PY'
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
assert [g["seed"] for g in games] == [5, 6], games
for g in games:
    assert g["rng"] == "splitmix64" and g["end"] == "move cap", g["end"]
    assert g["length"] == len(g["moves"]) == len(g["after"]) == len(g["gained"]) == len(g["sources"]) == 300
    assert sum(g["gained"]) == g["score"], g["score"]
    assert g["start"].endswith("hand=. score=0 move=1 range=1-3 carry=. since=0")
PY
ok "the log holds every move of both games in the vectors' format"
"$bin" atomas koth "$bin atomas bot --depth 1" --fields 4 --games 1 --seed 5 --max-moves 20 > "$work/out"
grep -q "capped 1$" "$work/out" || fail "per move, 4 fields: $(cat "$work/out")"
ok "a process a move with 4-field requests"

# Misbehaving bots: each game ends by a bad reply, and the run goes on.
bad() {
    local what=$1 bot=$2 reason=$3 shift_args=("${@:4}")
    local start=$SECONDS
    "$bin" atomas koth "$bot" --games 2 --seed 1 --timeout 300 "${shift_args[@]}" > "$work/out" 2> "$work/err" \
        || fail "$what: the controller failed: $(cat "$work/err")"
    [ $((SECONDS - start)) -lt 20 ] || fail "$what: took $((SECONDS - start)) s"
    [ "$(grep -c "end bad reply ($reason" "$work/out")" = 2 ] || fail "$what: $(cat "$work/out")"
    grep -Eq "$summary" "$work/out" || fail "$what: no summary"
    ok "$what: bad reply ($reason...)"
}
bad "a bot that crashes" "exit 3" "the bot's output ended"
bad "a bot that prints garbage" "echo hello" "at byte 0: the index is not"
bad "a bot that prints an error line" "echo 'error: no idea'" "at byte 0: the index is not"
bad "a bot that never answers" "sleep 60" "no reply within 300 ms"
bad "a silent grandchild holding the pipe" "sleep 60 & sleep 60" "no reply within 300 ms" --persistent
bad "a flood of one endless line" "tr '\\000' 7 < /dev/zero" "a reply line longer than"
bad "a flood of lines out of range" "yes 99999999999999999999" "at byte 0: the index is not below" --persistent
bad "binary garbage" "head -c 100000 /dev/urandom" "a reply line"
# A bot that is not there is no contest: the shell's message, status 2.
status=0
"$bin" atomas koth /nonexistent/bot --games 2 > "$work/out" 2> "$work/err" || status=$?
[ "$status" = 2 ] && grep -q 'the bot cannot be run: sh: .*/nonexistent/bot: not found' "$work/err" \
    || fail "a bot that is not there: status $status, $(cat "$work/err")"
ok "a bot that is not there: the shell's 'not found', status 2"
bad "an index out of range" "echo 19" "at byte 0: the index is not below"

# A bot that answers two moves, then dies: the score of those moves stands.
"$bin" atomas koth 'read a; echo 0; read b; echo 0' --persistent --games 1 --seed 1 > "$work/out"
grep -q "moves 2, end bad reply (the bot's output ended" "$work/out" || fail "two moves then a crash: $(cat "$work/out")"
ok "a game's score and moves stand when the bot dies"
# A bot that answers without reading (its input fills up): "0" to every
# request, until an atom that takes another reply.
"$bin" atomas koth 'while echo 0; do :; done' --persistent --games 3 --seed 1 --max-moves 5000 > "$work/out"
[ "$(grep -Ec '^game [123]: .*moves [1-9][0-9]*, end ' "$work/out")" = 3 ] || fail "answers without reading: $(cat "$work/out")"
ok "a bot that answers without reading plays until a reply is wrong"

echo "atomas koth: $passed checks passed"
