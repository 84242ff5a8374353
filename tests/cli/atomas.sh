#!/usr/bin/env bash
# Drives `atom4 atomas play` in tmux as a player would: the ring drawn as a
# ring with the atom in hand, the selection moved round it, moves played,
# undone, the bot's hint asked for and played, a game played to its end,
# a new game, quitting (asked first) and Ctrl-C; asserts on the captured
# screen and that the terminal is restored each time.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build -q --release -p atom4-cli
bin=$root/target/release/atom4
source "$root/tests/cli/tmux-lib.sh" atomas-test

start() {
    tmux_ kill-session -t game 2>/dev/null || true
    tmux_ new-session -d -s game -x 110 -y 30 -c "$work" \
        "TERM=xterm-256color $bin atomas play $*; echo ATOMAS-EXITED-\$?; sleep 600"
}

# Seed 1: the ring 3 2 1 3 1 3 with a 1 in hand.
start --seed 1
wait_for "Place the 1 in gap 0" "the game starts with the atom in hand and gap 0 selected"
wait_for "\[ 1 \]" "the atom in hand is drawn in the middle"
wait_for "Score: 0" "the panel shows the score"
wait_for "Entries: 6 of 18" "the panel shows the ring's size"
keys Left
wait_for "gap 5" "left moves the selection back round the ring, wrapping"
keys Right Right
wait_for "gap 1" "right moves it on"
keys Enter
wait_for "Move: 2 " "Enter plays the atom"
wait_for "Entries: 7 of 18" "the ring grows by the placed atom"
keys u
wait_for "Took back a move" "u takes the move back"
wait_for "Entries: 6 of 18" "the ring is as it was"
keys h
wait_for "Hint: " "h shows the bot's hint"
keys Enter
wait_for "Move: 2 " "Enter plays the hint"
# Play on with the bot's hints until the game ends or enough moves passed.
for move in $(seq 1 40); do
    if screen | grep -q "Game over"; then break; fi
    keys h
    wait_for "Hint: " "hint $move"
    if screen | grep -q "then y or n"; then
        if screen | grep -q "y: a plus"; then keys Enter y; else keys Enter n; fi
    else
        keys Enter
    fi
done
wait_for "Move: [0-9]+" "the bot's hints keep the game going"
keys q
wait_for "Really quit\? \(y/n\)" "q asks first"
keys n
wait_for "Place the|Remove which|Clone which" "n declines quitting"
# Play gap 0 every time until the ring overflows.
for _ in $(seq 1 200); do
    if screen | grep -q "Game over"; then break; fi
    if screen | grep -q "Remove which"; then keys Enter y; else keys Enter; fi
    sleep 0.02
done
wait_for "Game over: [0-9]+ points in [0-9]+ moves" "a full ring ends the game"
wait_for "GAME OVER" "the ring says so"
keys n
wait_for "Seed: 2" "n starts the next seed's game"
wait_for "Move: 1 " "from move 1"
keys q y
wait_for "ATOMAS-EXITED-0" "q y quits"
screen | grep -q "Entries:" && fail "the alternate screen was not left"
ok "the terminal is restored after quitting"

start --seed 3
wait_for "Place the|Remove which|Clone which" "a new game"
keys C-c
wait_for "ATOMAS-EXITED-0" "Ctrl-C quits"
screen | grep -q "Entries:" && fail "Ctrl-C left the game on screen"
ok "the terminal is restored after Ctrl-C"

tmux_ kill-session -t game
tmux_ new-session -d -s game -x 40 -y 12 -c "$work" "TERM=xterm-256color $bin atomas play; echo ATOMAS-EXITED-\$?; sleep 600"
wait_for "the terminal is too small" "a small terminal is explained"
wait_for "ATOMAS-EXITED-2" "and the exit status says so"

echo "atomas tmux: $passed checks passed"
