# Sourced by the terminal tests that drive a program in tmux: a tmux
# server of the test's own (named after $1), a scratch directory $work
# (both gone at the end), and the helpers every such test uses. Each test
# keeps its own start(), which runs its program in the session `game`.

# A tmux server of our own: never another's sessions.
server=$1-$$
work=$(mktemp -d)
tmux_() { tmux -L "$server" "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
# A session that outlives the others, so that killing one never stops the
# server while the next one starts (tmux: "server exited unexpectedly").
tmux_ new-session -d -s keeper "sleep 3600"

passed=0
fail() {
    echo "FAILED: $*"
    echo "--- screen:"
    screen
    exit 1
}
ok() { passed=$((passed + 1)); echo "ok: $*"; }
# What the session `game` shows now.
screen() { tmux_ capture-pane -p -t game 2>/dev/null || true; }
# wait_for PATTERN WHAT [TRIES]: waits until the screen shows PATTERN (an
# extended regex), TRIES times 50 ms at the most (default 300: 15 s).
wait_for() {
    local pattern=$1 what=$2 tries=${3:-300}
    for _ in $(seq 1 "$tries"); do
        screen | grep -Eq -- "$pattern" && { ok "$what"; return 0; }
        sleep 0.05
    done
    fail "$what: never saw /$pattern/"
}
keys() { tmux_ send-keys -t game "$@"; }
