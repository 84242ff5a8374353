#!/usr/bin/env bash
# Drives the real `gamma` program and `atom4 gamma play` in tmux as a
# player would: the interactive mode started by an `I` line typed in a
# terminal (the prompt, the reverse-video cursor, moves, a refused move, a
# golden move, a skip, Ctrl-D and Ctrl-C), a terminal too small, keys from
# a pipe with the screen on the terminal and with no terminal at all,
# SIGTERM, and games against the computer (its answers, keys while it
# thinks, a game it plays to the end, an engine that fails). Asserts on the
# captured screen, the exit status, the final lines, and that the terminal
# is back in canonical mode with echo after every way out.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build -q --release -p atom4-cli
gamma=$root/target/release/gamma
atom4=$root/target/release/atom4
source "$root/tests/cli/tmux-lib.sh" gamma-test

# Runs a command line in a fresh window of the given size; after it ends
# the window shows its exit status and the terminal's modes.
start() {
    local cols=$1 rows=$2
    shift 2
    tmux_ kill-session -t game 2>/dev/null || true
    tmux_ new-session -d -s game -x "$cols" -y "$rows" -c "$work" \
        "TERM=xterm-256color $*; echo GAMMA-EXITED-\$?; stty -a | grep -oE -- '(^| )-?(icanon|echo) ' | tr -d ' ' | tr '\n' ' '; echo; sleep 600"
}
restored() {
    wait_for "^icanon echo" "$1: the terminal is back in canonical mode with echo"
}

# The interactive mode, started by a line typed in the terminal.
start 80 24 "$gamma"
keys "I 5 4 3 2" Enter
wait_for "^PLAYER 1 0 20$" "the prompt: player 1, no cells, 20 free"
tmux_ capture-pane -p -e -t game | grep -q $'\e\[7m\.' || fail "no reverse-video cursor"
ok "the cursor cell is in reverse video"
keys Space
wait_for "^PLAYER 2 0 19 G$" "a move passes the turn to player 2 (who has a golden move)"
keys Space
wait_for "Player 2: no move on \(2, 1\): that cell is taken" "a refused move says why"
screen | grep -q "^PLAYER 2 0 19 G" || fail "a refused move changed the turn"
ok "a refused move keeps the player on turn"
keys Right Space Up Space
wait_for "^PLAYER 1 1 17 G$" "three moves later: player 1 with a golden move"
keys g
wait_for "^PLAYER 2 1 17 G$" "a golden move takes player 3's only cell"
keys c
wait_for "Player 2 skipped the turn" "c skips the turn"
wait_for "^PLAYER 3 0 17 G$" "player 3, with no cells, is on turn"
keys C-d
wait_for "GAMMA-EXITED-0" "Ctrl-D ends the game"
screen | grep -q "^PLAYER 3 0$" || fail "no final PLAYER lines"
screen | grep -q "^\.\.\.1\.$" && screen | grep -q "^\.\.12\.$" || fail "no final board"
ok "the final board and the players' cells are printed"
restored "Ctrl-D"

# Ctrl-C in the terminal ends the game too (raw mode reads it as a key).
start 80 24 "$gamma"
keys "I 3 3 2 2" Enter
wait_for "^PLAYER 1 0 9$" "a second game"
keys C-c
wait_for "GAMMA-EXITED-0" "Ctrl-C ends the game"
screen | grep -q "^PLAYER 2 0$" || fail "no final lines after Ctrl-C"
restored "Ctrl-C"

# A terminal too small for the board: a message and status 1, before the game.
start 40 8 "$gamma"
keys "I 50 10 2 2" Enter
wait_for "GAMMA-EXITED-1" "a board bigger than the terminal: status 1"
screen | grep -q "too small" || fail "no message about the terminal's size"
ok "the program says the terminal is too small"
restored "a terminal too small"

# SIGTERM during a game: a message, status 1, the terminal restored.
start 80 24 "$gamma"
keys "I 4 4 2 2" Enter
wait_for "^PLAYER 1 0 16$" "a game to be ended by SIGTERM"
pkill -TERM -n -x gamma || fail "no gamma process"
wait_for "GAMMA-EXITED-1" "SIGTERM ends the program with status 1"
screen | grep -q "gamma: ended by a signal" || fail "no message after SIGTERM"
restored "SIGTERM"

# Keys from a pipe, the screen on the terminal.
printf 'I 3 2 2 2\n \033[C \033[B gxx\004' > "$work/keys"
start 80 24 "$gamma < keys"
wait_for "GAMMA-EXITED-0" "keys from a pipe play a game"
screen | grep -q "^PLAYER 1 2$" || fail "the piped game's result"
ok "the piped game ends with its result"
restored "a pipe"

# Keys from a pipe and no terminal at all: exactly the final lines.
printf 'B 0 1 1 1\nI 4 3 3 1\n \033[A \033[C\033[C gc\033[B \033[Bq\004ignored' | "$gamma" > "$work/out" 2> "$work/err"
printf '.2.3\n.1..\n....\nPLAYER 1 1\nPLAYER 2 1\nPLAYER 3 1\n' > "$work/want"
cmp -s "$work/out" "$work/want" || { cat "$work/out"; fail "piped game without a terminal"; }
[ "$(cat "$work/err")" = "ERROR 1" ] || fail "standard error: $(cat "$work/err")"
ok "a piped game with no terminal prints exactly the final board and lines"

# Against the computer: it answers, keys work while it thinks.
start 80 24 "$atom4 gamma play 6 5 3 2 --computer 2,3 --time 200 --seed 3"
wait_for "^PLAYER 1 0 30$" "atom4 gamma play starts with player 1"
keys Space
wait_for "Computer, player 2: move on \([0-9], [0-9]\); 3: move on" "the computer answers for players 2 and 3"
wait_for "^PLAYER 1 1 2[0-9]( G)?$" "player 1 on turn again"
keys Left
keys C-d
wait_for "GAMMA-EXITED-0" "Ctrl-D ends a game against the computer"
screen | grep -q "^PLAYER 3 1$" || fail "no final lines"
restored "a game against the computer"

# Keys while the computer thinks: the cursor moves, moves are refused.
start 80 24 "$atom4 gamma play 5 5 2 2 --computer 1 --time 1500 --seed 1"
wait_for "The computer \(mcts:1500ms\) is thinking for player 1" "the computer thinks first"
keys Space
wait_for "The computer is on turn" "a move while the computer thinks is refused"
wait_for "^PLAYER 2 0 24" "the computer's move arrives, player 2 on turn"
keys C-d
wait_for "GAMMA-EXITED-0" "quits"
restored "a game where the computer opens"

# The computer at every seat plays the game to its end by itself.
start 80 24 "$atom4 gamma play 5 4 2 2 --computer 1,2 --engine greedy --seed 7"
wait_for "GAMMA-EXITED-0" "a game of the computer alone ends by itself"
screen | grep -q "^PLAYER 2 [0-9]+$" -E || fail "no final lines"
restored "the computer alone"

# An engine that fails: a message, the terminal restored.
start 80 24 "ATOM4_FAIL_ENGINE=panic $atom4 gamma play 5 5 2 2 --computer 1"
wait_for "GAMMA-EXITED-2" "a failing engine ends the program"
screen | grep -q "atom4: the computer player failed" || fail "no message after the engine failed"
restored "a failing engine"

echo "tmux gamma: $passed checks passed"
