#!/usr/bin/env bash
# The text programs under bad input, short memory and closed outputs, as
# processes (issue 31's rows 2, 6, 7, 8, 9 and 11): a clear message and
# status, never a panic (status 101), an abort (134), a hang, a cut
# number or unbounded memory.
# ATOM4_BIN=path runs another build (its gamma and match beside it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if [ -z "${ATOM4_BIN:-}" ]; then
    cargo build -q --release -p atom4-cli
    cargo build -q --release -p atom4-arena --bin match
fi
bin=${ATOM4_BIN:-$root/target/release/atom4}
dir=$(dirname "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
fail() {
    echo "FAILED: $*"
    failed=$((failed + 1))
    [ -n "${KEEP_GOING:-}" ] || exit 1
}
ok() { passed=$((passed + 1)); echo "ok: $*"; }

# run STATUS PATTERN COMMAND...: the command exits with STATUS within 20 s
# and its standard error matches PATTERN (extended regex); no panic.
run() {
    local want=$1 pattern=$2 status=0
    shift 2
    timeout 20 "$@" >"$work/out" 2>"$work/err" || status=$?
    if [ "$status" != "$want" ]; then
        fail "$* exited $status, not $want: $(head -c 300 "$work/err")"
        return 1
    fi
    if grep -q "panicked\|RUST_BACKTRACE" "$work/err"; then
        fail "$* panicked: $(head -c 300 "$work/err")"
        return 1
    fi
    if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$work/err"; then
        fail "$*: standard error $(head -c 300 "$work/err") lacks /$pattern/"
        return 1
    fi
}

# Row 2: a write failure is a message and status 2, not a panic (101).
(
    status=0
    "$bin" play --engine random --engine random --rounds 1000 2>"$work/err" || status=$?
    echo "$status" >"$work/status"
) | head -c1 >/dev/null || true
status=$(cat "$work/status")
[ "$status" = 2 ] && grep -q 'cannot write the output: Broken pipe' "$work/err" \
    || fail "atom4 play | head -c1: status $status, $(head -c 300 "$work/err")"
run 2 'cannot write the output: No space left' sh -c "exec '$bin' play --engine random --engine random --rounds 3 > /dev/full" \
    && ok "atom4 play: a closed pipe and a full disk are messages with status 2"
run 2 'cannot write the output: No space left' sh -c "exec '$dir/match' --games 2 random > /dev/full" \
    && ok "match: a full disk is a message with status 2"
printf '+/1 1\n+/1 1\n' > "$work/requests"
run 2 'standard output: ' sh -c "exec '$bin' atomas bot < '$work/requests' > /dev/full" \
    && ok "the Atomas bot: a closed output is a message with status 2, as the chain engine's"

# Row 6: short memory is a clean error, or a move with less memory.
s7='[13][302][1003][30002][100003][3000002][10000003][300000002][12121212]LastPlay:null'
status=0
(ulimit -v 120000; exec "$bin" atropos player --time 2000 "$s7") >"$work/out" 2>"$work/err" || status=$?
[ "$status" = 0 ] && grep -qxE '\([1-3],[1-9],[1-9],[1-9]\)' "$work/out" \
    || fail "the player under ulimit -v 120000: status $status, $(cat "$work/out") $(head -c 300 "$work/err")"
ok "the Atropos player under ulimit -v 120000 plays a move (status 0)"
run 2 'not enough memory' sh -c "ulimit -v 200000; exec '$bin' atropos solve --size 7 --hash-mb 1024" \
    && ok "solve: a table the machine has not got is an error line"
status=0
t0=$(date +%s%N)
(ulimit -v 60000; exec "$bin" atropos solve --size 16) >/dev/null 2>"$work/err" || status=$?
[ "$status" = 2 ] && grep -q 'size 16 is not in 1 ..= 15' "$work/err" \
    || fail "solve --size 16 under ulimit -v 60000: status $status, $(cat "$work/err")"
ok "solve --size 16 is refused before its table is taken"
run 2 'not enough memory' sh -c "ulimit -v 12000; echo 'classic 2 ..../.... a 0 - *' | exec '$bin' chain engine --time 100000" \
    && ok "the chain engine: a table the machine has not got is an error line"

# Row 7: every file read is bounded.
for cmd in "show --load /dev/zero" "--load /dev/zero" "chain play --load /dev/zero"; do
    run 2 'longer than [0-9]+ bytes' sh -c "ulimit -v 400000; exec '$bin' $cmd" \
        && ok "atom4 $cmd: refused at its bound"
done
head -c 3000000 /dev/zero | tr '\0' 'x' > "$work/long"
run 2 'longer than' "$bin" show --load "$work/long" && ok "a 3 MB file is refused"

# Row 8: no move at the largest plies: an error line, not an illegal move.
for ply in 4294967294 4294967295; do
    out=$(printf 'classic 2 ..../.... a %s - *\n' "$ply" | "$bin" chain engine --nodes 1000)
    [ "$out" = "error: no move is legal: the turn counter has no room for another turn" ] \
        || fail "chain engine at ply $ply answered $out"
done
ok "the chain engine at plies 4294967294 and 4294967295: no legal move"

# Row 9: numbers are checked before they are narrowed.
run 2 '"65535x65535" is not a size' "$dir/match" --game atom4 --size 65535x65535 --games 1 random \
    && ok "match --size 65535x65535 is refused as itself"
run 2 'players: "1000000"' "$dir/match" --game chain --players 1000000 --games 1 random \
    && ok "match --players 1000000 is refused as itself"
run 2 'threads' "$dir/match" --threads 1000000 --games 2 random \
    && ok "match --threads 1000000 is refused at once"

# Row 11: messages that say what is wrong.
out=$(printf '2000000000/1 2\n' | "$bin" atomas bot)
echo "$out" | grep -q "from 1 to 1073741824" || fail "Atomas atom above the range: $out"
ok "an Atomas atom above the range names the limit"
out=$(printf 'classic 2 ..../.... a 00001 - *\n' | "$bin" chain engine --nodes 100)
echo "$out" | grep -q "without leading zeros" || fail "chain ply 00001: $out"
ok "a chain ply with leading zeros says so"
run 1 'cannot read the input' sh -c "exec '$dir/gamma' < /" && ok "gamma < / is a read error"
run 0 '' "$dir/gamma" --help && grep -q '^Usage: gamma' "$work/out" \
    || fail "gamma --help: $(head -3 "$work/out")"
ok "gamma --help prints its usage"
run 2 'the bot cannot be run: .*/no/such/bot: not found' "$bin" atomas koth /no/such/bot --games 1 \
    && ok "koth /no/such/bot: the shell's 'not found', status 2"
run 2 'the bot cannot be run: .*not found' "$bin" atomas koth 'cd / && /no/such/bot' --games 1 \
    && ok "koth with a shell command not found: the shell's message, status 2"
"$bin" atomas koth "$bin atomas bot" --games 0 >"$work/out" 2>/dev/null
grep -q 'mean 0, median 0' "$work/out" || fail "koth --games 0: $(cat "$work/out")"
ok "koth --games 0: mean 0"
long=$(head -c 100000 /dev/zero | tr '\0' 'x')
run 2 'bad state string' "$bin" atropos player "$long" \
    && [ "$(wc -c < "$work/err")" -lt 2000 ] || fail "the player echoed $(wc -c < "$work/err") bytes"
ok "the Atropos player does not echo a 100 KB argument"

# Row 10: koth shows the games and moves so far on a terminal's standard
# error (its standard output a file).
server=robust-test-$$
tmux -L "$server" new-session -d -x 150 -y 10 \
    "'$bin' atomas koth '$bin atomas bot --nodes 100' --games 2 --max-moves 100000 > '$work/koth.out'"
seen=""
for _ in $(seq 60); do
    seen=$(tmux -L "$server" capture-pane -p 2>/dev/null | grep -E '\[[#.]{20}\] game 1/2, [0-9]+ moves so far; this game: move [0-9]+' || true)
    [ -n "$seen" ] && break
    sleep 0.1
done
tmux -L "$server" kill-server 2>/dev/null || true
[ -n "$seen" ] || fail "koth shows no progress on a terminal"
ok "koth shows its games and moves so far on a terminal: $seen"

echo "robust: $passed checks passed, $failed failed"
[ "$failed" = 0 ]
