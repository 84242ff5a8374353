#!/usr/bin/env bash
# Network play through the real programs on 127.0.0.1 (ports the system
# picks): whole games between `atom4 connect --engine` clients with
# watchers, a client against the server's engine seat, Ctrl-C on the
# server, clients that misbehave (abuse.py), and the connect screen in tmux
# (a move, chat, resigning, quitting, the server going away).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build -q --release -p atom4-cli
cargo build -q --release -p atom4-net --example load
bin=$root/target/release/atom4
load=$root/target/release/examples/load
work=$(mktemp -d)
server=atom4-net-test-$$
tmux_() { tmux -L "$server" "$@"; }
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    tmux_ kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

passed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
fail() {
    echo "FAILED: $*"
    for f in "$work"/*.log "$work"/*.out; do
        [ -f "$f" ] && { echo "--- $f"; tail -20 "$f"; }
    done
    exit 1
}

# Starts `atom4 serve --port 0 ARGS...`; sets $port (and $ws_port when
# --ws-port is given) and $serve_pid; its log goes to $work/$name.log.
serve() {
    local name=$1
    shift
    "$bin" serve --port 0 "$@" 2>"$work/$name.log" &
    serve_pid=$!
    pids+=("$serve_pid")
    for _ in $(seq 1 100); do
        grep -q "listening on" "$work/$name.log" && break
        sleep 0.05
    done
    port=$(grep -o 'listening on [0-9.]*:[0-9]*' "$work/$name.log" | sed 's/.*://')
    [ -n "$port" ] || fail "$name: the server did not start"
}

# Waits for a process to end within $2 seconds; fails otherwise.
wait_end() {
    local pid=$1 seconds=$2 what=$3
    for _ in $(seq 1 $((seconds * 20))); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.05
    done
    fail "$what did not end within $seconds s"
}

# --- two engines play two rounds, two watchers follow
serve games --size 8x8
"$bin" connect "127.0.0.1:$port" --engine strong:20ms --name alpha --rounds 2 --seed 1 >"$work/alpha.out" 2>&1 &
a=$!
sleep 0.2
"$bin" connect "127.0.0.1:$port" --engine classic:2 --name beta --rounds 2 --seed 2 >"$work/beta.out" 2>&1 &
b=$!
"$bin" connect "127.0.0.1:$port" --watch --rounds 2 --name w1 >"$work/w1.out" 2>&1 &
w1=$!
"$bin" connect "127.0.0.1:$port" --text --rounds 2 --name w2 --watch >"$work/w2.out" 2>&1 &
w2=$!
pids+=("$a" "$b" "$w1" "$w2")
for p in $a $b $w1 $w2; do
    wait_end "$p" 60 "a client of the two-engine game"
    wait "$p" || fail "a client of the two-engine game failed"
done
ok "two engine clients played two rounds and left; both watchers followed to the end"
for f in alpha beta w1 w2; do
    [ "$(grep -cE '^< (WIN [12]|DRAW)' "$work/$f.out")" -eq 2 ] || fail "$f did not see two round ends"
done
ok "every client saw both rounds end"
# Everyone saw the same moves.
grep -E '^< BPOS' "$work/w1.out" >"$work/w1.moves"
for f in alpha beta w2; do
    grep -E '^< BPOS' "$work/$f.out" | tail -n "$(wc -l <"$work/w1.moves")" | cmp -s - "$work/w1.moves" \
        || fail "$f saw other moves than w1"
done
[ "$(wc -l <"$work/w1.moves")" -gt 20 ] || fail "too few moves"
ok "players and watchers saw the same $(wc -l <"$work/w1.moves") cell changes"
grep -q "^> NEXT" "$work/alpha.out" || fail "the engine client did not ask for the next round"
grep -q "round 2 over" "$work/games.log" || fail "the server's log has no second round"
grep -Eq "c[0-9]+ tcp 127.0.0.1:[0-9]+: closed by the client" "$work/games.log" || fail "no connection log line"
ok "the engine clients asked for round 2; the server logged rounds and connections"
if grep -h "^< " "$work"/*.out | grep -q "127.0.0.1"; then fail "an address reached a client"; fi
ok "no client was ever sent an address"

# --- a client against the server's engine seat
serve seat --size 8x8 --computer 2 --engine classic:1
"$bin" connect "127.0.0.1:$port" --engine strong:20ms --rounds 2 >"$work/seat.out" 2>&1 \
    || fail "the client against the engine seat failed"
grep -q "^< NAME c1 2 computer classic:1" "$work/seat.out" || fail "the engine's seat was not announced"
grep -q "^< PNUM 1" "$work/seat.out" || fail "the client did not get seat 1"
[ "$(grep -cE '^< (WIN [12]|DRAW)' "$work/seat.out")" -eq 2 ] || fail "not two rounds against the engine"
grep -q "^< INFO score [0-9]-[0-9] round 2" "$work/seat.out" || fail "no score for round 2"
ok "a client played two rounds against the server's engine seat"

# --- Ctrl-C on the server: the players are told with ABRT, all end
serve stop --size 16x16
"$bin" connect "127.0.0.1:$port" --engine strong:300ms >"$work/s1.out" 2>&1 &
s1=$!
"$bin" connect "127.0.0.1:$port" --engine strong:300ms >"$work/s2.out" 2>&1 &
s2=$!
pids+=("$s1" "$s2")
for _ in $(seq 1 100); do
    grep -q "^< BPOS" "$work/s1.out" 2>/dev/null && break
    sleep 0.05
done
kill -INT "$serve_pid"
wait_end "$serve_pid" 5 "the server after Ctrl-C"
wait "$serve_pid" || fail "the server's exit status after Ctrl-C"
wait_end "$s1" 5 "a player after the server stopped"
wait_end "$s2" 5 "a player after the server stopped"
grep -q "^< ABRT the server is shutting down" "$work/s1.out" || fail "player 1 was not told"
grep -q "^< ABRT the server is shutting down" "$work/s2.out" || fail "player 2 was not told"
grep -q "atom4 serve: stopped" "$work/stop.log" || fail "the server did not say it stopped"
ok "Ctrl-C: both players got ABRT, the server and the clients ended"

# --- the original test server's ways (spec section 11), by a stand-in
cargo build -q --release -p atom4-net --example legacy_server
"$root/target/release/examples/legacy_server" 8 >"$work/legacy.out" 2>&1 &
legacy=$!
pids+=("$legacy")
for _ in $(seq 1 100); do
    [ -s "$work/legacy.out" ] && break
    sleep 0.05
done
port=$(head -1 "$work/legacy.out")
"$bin" connect "127.0.0.1:$port" --engine classic:1 --rounds 1 --name one >"$work/l1.out" 2>&1 &
l1=$!
sleep 0.2
"$bin" connect "127.0.0.1:$port" --engine strong:20ms --rounds 1 --name two >"$work/l2.out" 2>&1 &
l2=$!
pids+=("$l1" "$l2")
for p in $l1 $l2; do
    wait_end "$p" 60 "a client of the stand-in server"
    wait "$p" || fail "a client of the stand-in server failed"
done
wait_end "$legacy" 5 "the stand-in server"
grep -Eq "^game over: [0-9]+ moves, (WIN [12]|DRAW)" "$work/legacy.out" || fail "the stand-in saw no whole game"
for f in l1 l2; do
    grep -q "^> ATOM4 CLNT 2.1 2.0" "$work/$f.out" || fail "$f did not answer as game version 2.1"
    grep -q "^< PLNUM [12]" "$work/$f.out" || fail "$f got no seat"
    grep -Eq "^< (WIN [12]|DRAW)" "$work/$f.out" || fail "$f did not see the end"
    [ "$(grep -c '^> REQU' "$work/$f.out")" -gt 5 ] || fail "$f did not ask for the board after each TURN"
done
ok "two engine clients played a whole game against a stand-in of the original test server ($(head -2 "$work/legacy.out" | tail -1))"

# --- misbehaving clients
serve abuse --size 8x8 --max-clients 1000
python3 tests/net/abuse.py "$port" "$serve_pid" 1000 | tee "$work/abuse.out"
grep -qE "^abuse: [0-9]+ checks passed, 0 failed" "$work/abuse.out" || fail "abuse"
kill -0 "$serve_pid" || fail "the server died"
ok "the server survived every misbehaving client"
if grep -qiE "panick|thread .* panicked" "$work"/*.log; then fail "a panic in a server's log"; fi
ok "no server panicked"
kill -INT "$serve_pid"
wait_end "$serve_pid" 5 "the abused server"

# --- the screen, in tmux: a human against the server's engine
serve screen --size 8x8 --computer 2 --engine classic:0
tmux_ new-session -d -s keeper "sleep 3600"
screen() { tmux_ capture-pane -p -t game; }
wait_for() {
    for _ in $(seq 1 200); do
        screen | grep -Eq -- "$1" && { ok "screen: $2"; return 0; }
        sleep 0.05
    done
    echo "--- screen:"
    screen
    fail "screen: $2: never saw /$1/"
}
keys() { tmux_ send-keys -t game "$@"; }
tmux_ new-session -d -s game -x 100 -y 36 \
    "TERM=xterm-256color $bin connect 127.0.0.1:$port --name ann; echo ATOM4-EXITED-\$?; sleep 600"
wait_for "Turn: yours!" "seated as player 1, our turn"
wait_for "Player 2 \(black rows\): computer" "the panel names the engine"
wait_for "Tile: red" "the tile is shown"
keys Left Left Left Left Up Up Up Up Enter
wait_for "GRR 103 a piece needs two occupied neighbours" "an illegal move is refused by the server"
keys Right Right Right Right Down Down Enter
# The screen's "You play (4,2)" lasts until the engine's answer (a few
# milliseconds): the server's log says the move arrived.
for _ in $(seq 1 200); do
    grep -q 'ann (player 1) plays (4,2)' "$work/screen.log" && break
    sleep 0.05
done
grep -q 'ann (player 1) plays (4,2)' "$work/screen.log" && ok "screen: a move is sent" ||
    fail "screen: a move is sent: the server never logged ann's (4,2)"
wait_for "Tile: green" "the engine answered; the next tile is green"
keys t
wait_for "say: _" "t opens the chat line"
tmux_ send-keys -t game -l "good game"
keys Enter
wait_for "<ann> good game" "the chat line is shown"
keys '?'
wait_for "c1 computer: player 2 classic:0" "? shows who is here"
keys r
wait_for "Resign this round\? \(y/n\)" "resigning asks first"
keys y
wait_for "Player 2 won the round" "resigning gives the round to the engine"
keys n
wait_for "Round 2 +Score 0-1" "n starts the next round, the score counts the resignation"
kill -INT "$serve_pid"
wait_for "ATOM4-EXITED-2" "the client ends when the server goes away"
wait_for "the server closed the connection|ABRT" "it says why"
screen | grep -q "Round 1" && fail "the screen was not restored"
ok "the terminal is restored"
serve screen2 --size 8x8
tmux_ kill-session -t game
tmux_ new-session -d -s game -x 100 -y 36 \
    "TERM=xterm-256color $bin connect 127.0.0.1:$port --watch; echo ATOM4-EXITED-\$?; sleep 600"
wait_for "You: watching" "--watch watches"
keys q
wait_for "Really quit\? \(y/n\)" "quitting asks first"
keys y
wait_for "ATOM4-EXITED-0" "q y quits cleanly"
grep -q "leaves (quit)" "$work/screen2.log" || fail "the client did not say QUIT"
ok "the server heard QUIT"
# The terminal goes away under a client: it says QUIT and ends.
tmux_ kill-session -t game
tmux_ new-session -d -s game -x 100 -y 36 \
    "TERM=xterm-256color $bin connect 127.0.0.1:$port --watch; sleep 600"
# The server's answer, not only our own panel: the handshake is done.
wait_for "you are watching" "a second watcher, welcomed"
client=$(pgrep -f "^$bin connect 127.0.0.1:$port --watch") || fail "no client process"
[ "$(echo "$client" | wc -w)" -eq 1 ] || fail "more than one client process: $client"
tmux_ kill-session -t game
wait_end "$client" 3 "the client whose terminal went away"
# The server logs the QUIT a moment after the client has sent it and gone.
for _ in $(seq 50); do
    [ "$(grep -c "leaves (quit)" "$work/screen2.log")" -eq 2 ] && break
    sleep 0.1
done
[ "$(grep -c "leaves (quit)" "$work/screen2.log")" -eq 2 ] || fail "no QUIT when the terminal went away"
ok "a client whose terminal goes away says QUIT and ends"

# --- the load benchmark never leaves its server behind: SIGKILL (the
# parent-death signal) and SIGTERM (its handler kills the server's group)
for sig in KILL TERM; do
    "$load" --server "$bin" --watchers 300 --cycles 10 --moves 100000 >"$work/load-$sig.out" 2>&1 &
    lpid=$!
    pids+=("$lpid")
    child=""
    for _ in $(seq 1 100); do
        child=$(pgrep -P "$lpid" || true)
        [ -n "$child" ] && grep -q "watchers joined" "$work/load-$sig.out" && break
        sleep 0.05
    done
    [ -n "$child" ] || fail "the load benchmark started no server"
    kill -"$sig" "$lpid"
    wait_end "$lpid" 5 "the load benchmark after SIG$sig"
    wait_end "$child" 5 "the load benchmark's server after SIG$sig of the benchmark"
done
grep -q "ended by signal 15; the server was ended" "$work/load-TERM.out" || fail "the load benchmark did not say why it ended"
ok "the load benchmark's server ends with it (SIGKILL and SIGTERM of the benchmark)"

# --- help texts
"$bin" serve --help | grep -q -- "--ws-port" || fail "serve --help"
"$bin" connect --help | grep -q -- "--engine <SPEC>" || fail "connect --help"
"$bin" connect 127.0.0.1:1 --text >/dev/null 2>"$work/refused.out" && fail "connecting to a closed port succeeded"
grep -q "cannot connect to 127.0.0.1:1" "$work/refused.out" || fail "no clear error for a closed port"
ok "help texts, and a clear error for a closed port"

echo "net programs: $passed checks passed, 0 failed"
