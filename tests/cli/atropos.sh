#!/usr/bin/env bash
# Atropos's programs as processes, as their users run them:
# - the player program on the start of every size 1..15 and through whole
#   games of every size under the referee (exactly one legal move, nothing
#   on standard error, within its time), and refusing bad input;
# - the referee against misbehaving players (each forfeit cause, a child
#   holding the output open, a flood on standard error, a program that
#   does not exist) and reproducing golden Default games;
# - the solver (--size and --lines) against solved.tsv;
# - the game in the terminal, driven in tmux.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build -q --release -p atom4-cli
bin=$root/target/release/atom4
bad=$root/tests/cli/atropos-bad-player.sh
vectors=${ATOM4_DATA:-$root/tests/data}/atropos
work=$(mktemp -d)
server=atropos-test-$$
tmux_() { tmux -L "$server" "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

passed=0
fail() {
    echo "FAILED: $*"
    exit 1
}
ok() { passed=$((passed + 1)); echo "ok: $*"; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# Extra milliseconds the time checks allow on a machine known to be busy
# with other work (0: the player must keep its budget exactly).
slack=${ATROPOS_TIME_SLACK_MS:-0}
# The player's clock starts in its main, so the time checks also allow
# what it costs here to start the same program and see it exit doing
# nothing (exec, loading, two `date` calls): the most of three runs.
startup=0
for _ in 1 2 3; do
    t0=$(now_ms)
    "$bin" --version >/dev/null
    t=$(($(now_ms) - t0))
    [ "$t" -gt "$startup" ] && startup=$t
done
slack=$((slack + startup))
start_state() { sed -n "s/^size $1: //p" "$vectors/initial_boards.txt"; }

# --- The player program ---------------------------------------------------

# Runs the player on STATE with a budget of MS and checks its answer:
# exactly "(c,h,l,r)\n" on standard output, nothing on standard error,
# status 0, within MS.
check_player() {
    local state=$1 ms=$2 t0 elapsed status=0
    t0=$(now_ms)
    "$bin" atropos player --time "$ms" "$state" >"$work/out" 2>"$work/err" || status=$?
    elapsed=$(($(now_ms) - t0))
    [ "$status" -eq 0 ] || fail "player exit $status on $state: $(cat "$work/err")"
    [ -s "$work/err" ] && fail "player wrote on standard error for $state: $(cat "$work/err")"
    [ "$(wc -l <"$work/out")" -eq 1 ] && [ "$(tail -c 1 "$work/out" | od -An -c | tr -d ' ')" = '\n' ] \
        || fail "player output is not one line for $state: $(od -c "$work/out" | head -3)"
    grep -qxE '\([1-3],[1-9][0-9]?,[1-9][0-9]?,[1-9][0-9]?\)' "$work/out" \
        || fail "player output $(cat "$work/out") for $state"
    [ "$elapsed" -le $((ms + slack)) ] || fail "player took $elapsed ms of $ms on $state"
}

for n in $(seq 1 15); do
    check_player "$(start_state "$n")" 300
done
ok "the player answers the start of every size 1..15 within 300 ms (start-up allowance $startup ms)"
[ "$("$bin" atropos player --time 50 "$(start_state 1)")" = "(1,1,1,1)" ] \
    || fail "size 1: every move loses, red on the first circle"
ok "when every move loses, red on the first legal circle"
check_player "$(start_state 10)" 50
check_player "$(start_state 15)" 1000
ok "small and default-sized budgets are kept"

# The player through whole games of every size, as both players of our
# referee, each answer checked by a wrapper (violations go to a file).
# A machine's stall (ms), and how many answers may end in one: 1 in $late_share.
stall=50
late_share=50
cat >"$work/checked-player.sh" <<EOF
#!/usr/bin/env bash
state=\${*: -1}
t0=\$((\$(date +%s%N) / 1000000))
"$bin" atropos player --time 100 "\$state" >"$work/p-out.\$\$" 2>"$work/p-err.\$\$"
status=\$?
t1=\$((\$(date +%s%N) / 1000000))
grep -qxE '\([1-3],[1-9][0-9]?,[1-9][0-9]?,[1-9][0-9]?\)' "$work/p-out.\$\$" && [ "\$(wc -l <"$work/p-out.\$\$")" -eq 1 ] \
    || echo "bad output \$(cat "$work/p-out.\$\$") on \$state" >>"$work/violations"
[ -s "$work/p-err.\$\$" ] && echo "standard error on \$state" >>"$work/violations"
[ \$status -eq 0 ] || echo "status \$status on \$state" >>"$work/violations"
# Over the budget by up to a stall's length (a shared machine pauses a
# process for 10 to 40 ms now and then): counted below; more is a violation.
late=\$((t1 - t0 - $((100 + slack))))
if [ \$late -gt $stall ]; then
    echo "\$((t1 - t0)) ms on \$state" >>"$work/violations"
elif [ \$late -gt 0 ]; then
    echo "\$((t1 - t0)) ms on \$state" >>"$work/late"
fi
cat "$work/p-out.\$\$"
rm -f "$work/p-out.\$\$" "$work/p-err.\$\$"
EOF
chmod +x "$work/checked-player.sh"
moves=0
# The referee's limit (1 s) stretched by the slack on a busy machine.
limit=$(awk "BEGIN { print 1 + $slack / 1000 }")
for n in $(seq 1 15); do
    summary=$("$bin" atropos referee "$n" "$work/checked-player.sh" "$work/checked-player.sh" \
        --games 1 --seed "$n" --opening 2 --time-limit "$limit" --log "$work/games-$n.jsonl" 2>/dev/null)
    echo "$summary" | grep -q "forfeits A 0 B 0" || fail "size $n: $summary"
    moves=$((moves + $(grep -o '"([0-9,]*)"' "$work/games-$n.jsonl" | wc -l)))
done
[ -e "$work/violations" ] && fail "player violations: $(head -5 "$work/violations")"
late=0
[ -e "$work/late" ] && late=$(wc -l <"$work/late")
[ $((late * late_share)) -le "$moves" ] || fail "$late of $moves answers late: $(head -5 "$work/late")"
ok "the player played whole games of every size 1..15 ($moves moves): legal, exact, quiet, in time ($late at most $stall ms late: a machine's stalls)"

# Bad input: a message on standard error, nothing on standard output, a
# non-zero exit.
refuse() {
    local what=$1 status=0
    shift
    "$bin" atropos player "$@" >"$work/out" 2>"$work/err" || status=$?
    [ "$status" -ne 0 ] || fail "$what: exit 0"
    [ -s "$work/out" ] && fail "$what: wrote $(cat "$work/out") on standard output"
    [ -s "$work/err" ] || fail "$what: no message"
    ok "player refuses $what: $(head -c 120 "$work/err" | head -1)"
}
refuse "garbage" "hello"
refuse "an empty state" ""
refuse "a finished game" "[13][312][12]LastPlay:(1,1,1,1)"
refuse "size 0 (two rows)" "[13][12]LastPlay:null"
refuse "size 16 (eighteen rows)" "$(printf '[0]%.0s' $(seq 1 18))LastPlay:null"
refuse "a wrong boundary" "[33][302][12]LastPlay:null"
refuse "a wrong r in the last play" "$(start_state 5 | sed 's/\[1003\]/[1013]/; s/LastPlay:null/LastPlay:(1,4,2,2)/')"
refuse "a bad colour digit" "[13][342][12]LastPlay:null"
refuse "a trailing newline" "$(start_state 4)
"
refuse "a bad option" --time 0 "$(start_state 4)"
refuse "no state" --time 100

# --- The referee ----------------------------------------------------------

referee() { "$bin" atropos referee "$@" 2>"$work/referee-err"; }
reason_of() { grep -o '"reason":[^,]*' "$1" | head -1 | cut -d: -f2 | tr -d '"'; }
for spec in "wrongr illegal" "offboard illegal" "garbage unparseable" "leadingspace unparseable" \
    "crash crash" "exit exit" "slow time" "flood flood" "silent unparseable"; do
    set -- $spec
    t0=$(now_ms)
    summary=$(referee 6 "$bad $1 $bin" default --games 2 --seed 100 --time-limit 0.5 --log "$work/$1.jsonl")
    elapsed=$(($(now_ms) - t0))
    echo "$summary" | grep -q "games 2, A wins 0, B wins 2, forfeits A 2 B 0" || fail "$1: $summary"
    [ "$(grep -c "\"reason\":\"$2\"" "$work/$1.jsonl")" -eq 2 ] || fail "$1: $(cat "$work/$1.jsonl")"
    [ "$elapsed" -lt 8000 ] || fail "$1: the referee took $elapsed ms"
    ok "referee: bad player \"$1\" forfeits ($2), the match goes on ($elapsed ms)"
done
summary=$(referee 5 "$bad spaces $bin" default --games 2 --seed 100 --log "$work/spaces.jsonl")
echo "$summary" | grep -q "forfeits A 0 B 0" || fail "spaces: $summary"
grep -q '"end":"loss"' "$work/spaces.jsonl" || fail "spaces: $(cat "$work/spaces.jsonl")"
ok "referee: a legal move written with spaces is accepted"
t0=$(now_ms)
summary=$(referee 5 "$bad fork $bin" "$bad chatty $bin" --games 2 --seed 3)
elapsed=$(($(now_ms) - t0))
echo "$summary" | grep -q "forfeits A 0 B 0" || fail "fork/chatty: $summary"
[ "$elapsed" -lt 20000 ] || fail "fork/chatty took $elapsed ms"
ok "referee: a child holding the output open and a flood on standard error change nothing ($elapsed ms)"
summary=$(referee 4 /no/such/program default --games 1)
echo "$summary" | grep -q "forfeits A 1 B 0" || fail "missing program: $summary"
ok "referee: a program that cannot start forfeits (crash)"
summary=$(referee 6 default "$bad wrongr $bin" --games 3 --seed 100091 --on-illegal substitute \
    --log "$work/substitute.jsonl")
zcat "$vectors/games.jsonl.gz" | grep '"bad-player wrongr"' | grep '"substitute"' \
    | sed 's/"b":"bad-player wrongr"/"b":"B"/' >"$work/golden-substitute.jsonl"
sed "s|\"b\":\"$bad wrongr $bin\"|\"b\":\"B\"|" "$work/substitute.jsonl" >"$work/ours-substitute.jsonl"
cmp -s "$work/golden-substitute.jsonl" "$work/ours-substitute.jsonl" \
    || fail "substitutes: $(diff "$work/golden-substitute.jsonl" "$work/ours-substitute.jsonl" | head -5)"
ok "referee: --on-illegal substitute gives the golden games"
summary=$(referee 7 default default --games 10 --seed 107000 --log "$work/defaults.jsonl")
zcat "$vectors/games.jsonl.gz" | grep '"size":7,' | grep '"seed":10700[0-9],' >"$work/golden-defaults.jsonl"
cmp -s "$work/golden-defaults.jsonl" "$work/defaults.jsonl" \
    || fail "default games: $(diff "$work/golden-defaults.jsonl" "$work/defaults.jsonl" | head -5)"
echo "$summary" | grep -qE '^atropos referee: size 7, games 10, A wins [0-9]+, B wins [0-9]+, forfeits A 0 B 0, mean ms/move A [0-9]+\.[0-9] B [0-9]+\.[0-9], max ms/move A [0-9]+\.[0-9] B [0-9]+\.[0-9]$' \
    || fail "summary line: $summary"
ok "referee: ten golden Default games of size 7 reproduced byte for byte; the summary line"
for args in "0 default default" "16 default default" "7 default" "7 default default --time-limit 0" \
    "7 default default --on-illegal never" "7 '' default"; do
    status=0
    eval "\"$bin\" atropos referee $args" >"$work/out" 2>"$work/err" || status=$?
    [ "$status" -ne 0 ] && [ -s "$work/err" ] && [ ! -s "$work/out" ] || fail "referee $args: status $status"
done
ok "referee: bad arguments are refused with a message"

# --- The solver -----------------------------------------------------------

zcat "$vectors/solved.tsv.gz" >"$work/solved.tsv"
for n in 3 4 5 6 7; do
    "$bin" atropos solve --size "$n" >"$work/solve-$n"
    value=$(sed -n 1p "$work/solve-$n")
    line=$(sed -n 2p "$work/solve-$n")
    grep -qxF "$line" "$work/solved.tsv" || fail "solve --size $n: $line is not in solved.tsv"
    [ "$value" = "size $n: $(echo "$line" | cut -f2)" ] || fail "solve --size $n: $value"
done
[ "$("$bin" atropos solve --size 7 --value)" = "size 7: win" ] || fail "solve --size 7 --value"
ok "solve --size 3..7: the value line, then the start's line of solved.tsv"
awk -F'\t' 'length($1) < 80' "$work/solved.tsv" >"$work/small.tsv"
cut -f1 "$work/small.tsv" | "$bin" atropos solve --lines >"$work/ours.tsv"
cmp -s "$work/small.tsv" "$work/ours.tsv" || fail "solve --lines: $(diff "$work/small.tsv" "$work/ours.tsv" | head -5)"
ok "solve --lines: $(wc -l <"$work/small.tsv") lines of solved.tsv (sizes 1..6) reproduced byte for byte"
for input in "hello" "$(start_state 1 | sed 's/302/312/; s/null/(1,1,1,1)/')" "$(head -c 5000 /dev/zero | tr '\0' '[')"; do
    status=0
    printf '%s\n%s\n' "$(start_state 3)" "$input" | "$bin" atropos solve --lines >"$work/out" 2>"$work/err" || status=$?
    [ "$status" -ne 0 ] && grep -q "line 2" "$work/err" || fail "solve --lines on bad input: $status $(cat "$work/err")"
    [ "$(wc -l <"$work/out")" -eq 1 ] || fail "solve --lines printed $(wc -l <"$work/out") lines"
done
status=0
"$bin" atropos solve --size 16 >/dev/null 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "solve --size 16"
ok "solve refuses bad lines (naming them), finished games and sizes out of range"

# --- The game in the terminal ---------------------------------------------

tmux_ new-session -d -s keeper "sleep 3600"
screen() { tmux_ capture-pane -p -t game; }
wait_for() {
    local pattern=$1 what=$2
    for _ in $(seq 1 200); do
        screen | grep -Eq -- "$pattern" && { ok "$what"; return 0; }
        sleep 0.05
    done
    echo "--- screen:"
    screen
    fail "$what: never saw /$pattern/"
}
play() {
    tmux_ kill-session -t game 2>/dev/null || true
    tmux_ new-session -d -s game -x 100 -y 30 -c "$work" \
        "TERM=xterm-256color $bin atropos play $*; echo ATROPOS-EXITED-\$?; sleep 600"
}
keys() { tmux_ send-keys -t game "$@"; }

play --size 5 --computer 2 --time 200
wait_for "Player 1 to move" "play: the game starts with player 1 to move"
wait_for "The next move may go on any ○" "play: the panel says the first move goes anywhere"
wait_for "\[○\]" "play: the cursor is drawn"
keys Right Right Up
wait_for "\(2,3,2\): legal" "play: the arrows move the cursor and the message says what is legal there"
keys Down Left Left
wait_for "\(1,1,5\): legal; .*would lose" "play: the message names the colours that lose"
keys b
wait_for "completes a triangle: you would lose. Press b again" "play: a losing move asks first"
keys r
wait_for "Player 2 coloured \([0-9],[0-9],[0-9]\)" "play: a colour key plays, and the computer answers"
wait_for "The next move goes on a ○ next to it" "play: then moves go next to the last play"
keys u
wait_for "Took back 2 moves" "play: u takes back a move pair"
for move in $(seq 1 20); do
    if screen | grep -q "WINS"; then break; fi
    keys h
    wait_for "Hint: \([1-3],[0-9],[0-9],[0-9]\)" "play: hint $move"
    keys Enter
    wait_for "Player 2 coloured|WINS" "play: move $move answered"
done
wait_for "Player [12] WINS: player [12] completed a three-coloured triangle" "play: the game ends with who won and why"
keys n
wait_for "Moves made 0" "play: n starts a new game"
keys q
wait_for "Really quit\? \(y/n\)" "play: q asks first"
keys y
wait_for "ATROPOS-EXITED-0" "play: q y quits"
screen | grep -q "Moves made" && fail "the alternate screen was not left"
ok "play: the terminal is restored after quitting"

play --size 7 --computer 1 --time 300
wait_for "Player 1 coloured" "play: the computer opens when it plays player 1"
keys C-c
wait_for "ATROPOS-EXITED-0" "play: Ctrl-C quits"
screen | grep -q "Moves made" && fail "Ctrl-C left the game on screen"
ok "play: the terminal is restored after Ctrl-C"

play --size 6
wait_for "Player 1 to move" "play: a game to be ended by SIGTERM"
kill -s TERM "$(pgrep -n -f 'atom4 atropos play --size 6')"
wait_for "ATROPOS-EXITED-2" "play: SIGTERM ends the program"
screen | grep -q "atom4: atropos: ended by a signal" || fail "no message after SIGTERM"
ok "play: the terminal is restored after SIGTERM, with a message"

play --state garbage
wait_for "ATROPOS-EXITED-2" "play: a bad --state is refused"
screen | grep -q "bad state string" || fail "no message for a bad --state"
tmux_ kill-session -t game
tmux_ new-session -d -s game -x 50 -y 12 -c "$work" "TERM=xterm-256color $bin atropos play --size 15; echo ATROPOS-EXITED-\$?; sleep 600"
wait_for "the terminal is too small" "play: a small terminal is explained"
wait_for "ATROPOS-EXITED-2" "play: and the exit status says so"

echo "atropos programs: $passed checks passed"
