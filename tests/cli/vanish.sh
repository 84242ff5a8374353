#!/usr/bin/env bash
# Every terminal program ends promptly when its terminal vanishes: each is
# started in a tmux server of its own, waiting for a key or with the
# computer thinking, and the server is killed (`tmux kill-server`, or
# SIGKILL, so nothing is said to the program); the program must be gone
# within 3 s (before: `read(0, "", 1024) = 0` in a loop, deaf to signals).
# Then the same programs, their terminal alive, end on SIGTERM, SIGHUP and
# SIGINT while the computer thinks.
# ATOM4_BIN=path runs another build (its gamma program beside it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if [ -z "${ATOM4_BIN:-}" ]; then
    cargo build -q --release -p atom4-cli
fi
bin=${ATOM4_BIN:-$root/target/release/atom4}
gamma=$(dirname "$bin")/gamma
work=$(mktemp -d)
server=vanish-test-$$
pids=()
cleanup() {
    tmux -L "$server" kill-server 2>/dev/null || true
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
passed=0
failed=0
fail() {
    echo "FAILED: $*"
    failed=$((failed + 1))
    [ -n "${KEEP_GOING:-}" ] || exit 1
}
ok() { passed=$((passed + 1)); echo "ok: $*"; }

# The programs, each in a state: waiting for a key, or thinking (the
# computer on move with a long time).
programs=(
    "atom4|"
    "atom4 thinking|-a 1 --engine strong --time 60000 --size 8x8"
    "chain play|chain play"
    "chain play thinking|chain play --computer 1 --time 60000"
    "chain atoms|chain atoms"
    "atomas play|atomas play --seed 3"
    "atropos play|atropos play"
    "atropos play thinking|atropos play --computer 1 --time 60000"
    "gamma play|gamma play 10 10 2 3"
    "gamma play thinking|gamma play 10 10 2 3 --computer 1 --time 60000"
    "gamma interactive|GAMMA"
    "game|game gamma size=6x6"
    "game thinking|game atropos --computer 1 --time 60000"
)

# start NAME ARGS: runs the program in a new tmux server; its pid in $pid.
start() {
    tmux -L "$server" kill-server 2>/dev/null || true
    rm -f "$work/pid"
    local command
    if [ "$2" = GAMMA ]; then
        command="(echo 'I 10 10 2 3'; cat) | $gamma"
    else
        command="exec $bin $2"
    fi
    tmux -L "$server" new-session -d -x 100 -y 40 \
        "echo \$\$ > $work/pid; TERM=xterm-256color; export TERM; $command"
    for _ in $(seq 100); do [ -s "$work/pid" ] && break; sleep 0.05; done
    pid=$(cat "$work/pid")
    if [ "$2" = GAMMA ]; then
        # The gamma program is the last process of the pipeline.
        for _ in $(seq 100); do
            pid=$(pgrep -n -x gamma -P "$pid" || true)
            [ -n "$pid" ] && break
            sleep 0.05
        done
    fi
    pids+=("$pid")
    # The screen is up, the computer thinking.
    sleep 1.5
    kill -0 "$pid" 2>/dev/null || fail "$1 did not start"
}

# Whether pid $1 ends within 3 s.
ends() {
    for _ in $(seq 60); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.05; done
    return 1
}

for entry in "${programs[@]}"; do
    name=${entry%%|*}
    args=${entry#*|}
    for how in kill-server SIGKILL; do
        start "$name" "$args"
        if [ $how = kill-server ]; then
            tmux -L "$server" kill-server
        else
            kill -9 "$(tmux -L "$server" display-message -p '#{pid}')"
        fi
        if ends "$pid"; then
            ok "$name ends when its terminal vanishes ($how)"
        else
            fail "$name still runs 3 s after its terminal vanished ($how): $(ps -o stat,pcpu,cmd -p "$pid" | tail -1)"
            kill -9 "$pid" 2>/dev/null || true
        fi
    done
done

for entry in "${programs[@]}"; do
    name=${entry%%|*}
    args=${entry#*|}
    case $name in *thinking) ;; *) continue ;; esac
    for signal in TERM HUP INT; do
        start "$name" "$args"
        kill -s $signal "$pid"
        if ends "$pid"; then
            ok "$name ends on SIG$signal"
        else
            fail "$name still runs 3 s after SIG$signal"
            kill -9 "$pid" 2>/dev/null || true
        fi
    done
done

echo "vanish: $passed checks passed, $failed failed"
[ "$failed" = 0 ]
