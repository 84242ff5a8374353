#!/usr/bin/env bash
# The sixth game: a test build of the atom4 program with the toy game
# (tic-tac-toe, core's feature `toy`, forwarded by cli's feature `toy`)
# plays it in tmux on the generic screen, though no code of cli names it:
# the cursor and Enter, a move typed in the game's notation, a refused
# move, the computer at the seat --computer names, hints, undo, save,
# a load that remembers the seat, quitting. Then Gamma in the app
# skeleton (`atom4 game gamma`) on the same screen with its golden key;
# and the users' build, which knows no toy game.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
# The toy build: its own target directory (the users' build stays as it
# is), a debug build (the toy game needs no speed).
cargo build -q -p atom4-cli --features toy --target-dir target/toy
toy=$root/target/toy/debug/atom4
cargo build -q --release -p atom4-cli
bin=$root/target/release/atom4
source "$root/tests/cli/tmux-lib.sh" generic-test

start() {
    local program=$1
    shift
    tmux_ kill-session -t game 2>/dev/null || true
    tmux_ new-session -d -s game -x 100 -y 30 -c "$work" \
        "TERM=xterm-256color $program $*; echo GAME-EXITED-\$?; sleep 600"
}

# No line of the terminal programs names the toy game.
if grep -rniE 'tic.?tac|toy' cli/src; then
    fail "cli/src names the toy game"
fi
ok "no code of cli/src names the toy game"

# --- Tic-tac-toe, the computer at seat 2.
start "$toy" game tictactoe --computer 2 --seed 1
wait_for "^atom4: Tic-tac-toe" "the title is the registry's"
wait_for "Player 1 person <" "the panel: player 1 a person, on move"
wait_for "Player 2 computer" "the panel: player 2 the computer's"
wait_for "Player 1 to move" "the message line: player 1 to move"
keys Right Down
wait_for "Enter plays 1,1" "the arrows move the cursor, which says its move"
keys Enter
wait_for "Last: [0-2],[0-2]" "Enter plays the cursor's move, the computer answers"
wait_for "Player 1 to move" "back to player 1"
screen | grep -Eq "^  \.?[XO. ] ?[XO. ] ?[XO. ]|X" || fail "no X on the board"
keys m 9 , 9 Enter
wait_for "is not a move: x,y from 0 to 2" "a move typed badly is refused with the game's words"
keys Enter
wait_for "Illegal move 1,1: that cell is taken|Enter plays" "a taken cell is refused"
keys u
wait_for "Took back 2 moves" "u takes back the person's move and the computer's"
wait_for "Moves made: 0" "back at the start"
keys m 1 , 1 Enter
wait_for "Moves made: 2" "a typed move is played, and answered"
for move in $(seq 1 5); do
    if screen | grep -Eq "wins|A draw"; then break; fi
    keys h
    wait_for "Hint: [0-2],[0-2] \(Enter plays it\)" "hint $move"
    keys Enter
    wait_for "Player 1 to move|wins|A draw" "move $move answered"
done
wait_for "(Player [12] wins|A draw) \(n: new game, q: quit\)" "the game ends with its outcome"
keys s
wait_for "Saved to tictactoe-save.txt" "s saves"
grep -qx "game tictactoe" "$work/tictactoe-save.txt" && grep -qx "computer 2" "$work/tictactoe-save.txt" \
    || fail "the record: $(cat "$work/tictactoe-save.txt")"
ok "the record names the game and the computer's seat"
keys n
wait_for "Moves made: 0" "n starts a new game"
keys q
wait_for "Really quit\? \(y/n\)" "q asks first"
keys y
wait_for "GAME-EXITED-0" "q y quits"
screen | grep -q "Tic-tac-toe" && fail "the alternate screen was not left"
ok "the terminal is restored"

# The saved game resumes, the computer at the seat it had.
start "$toy" game --load tictactoe-save.txt
wait_for "Player 2 computer" "--load: the computer keeps seat 2"
wait_for "wins|A draw" "--load: the saved game's end"
keys C-c
wait_for "GAME-EXITED-0" "Ctrl-C quits"

# The computer plays both seats: the game plays itself to its end.
start "$toy" game tictactoe --computer 1,2 --seed 3
wait_for "(Player [12] wins|A draw) \(n: new game, q: quit\)" "--computer 1,2: the computer plays the game out"
keys q y
wait_for "GAME-EXITED-0" "quits"

# Seats beyond the game's players are refused before the screen.
start "$toy" game tictactoe --computer 3
wait_for "GAME-EXITED-2" "--computer 3 is refused"
screen | grep -q "atom4: --computer 3: this game has 2 players (1 to 2)" || fail "no message for --computer 3"
ok "the message names the players"

# --- Gamma in the app skeleton: the generic screen with its golden key.
start "$bin" game gamma size=4x3 players=2 areas=1 --seed 1
wait_for "^atom4: Gamma" "Gamma on the generic screen"
wait_for "g golden move" "its own key is listed"
keys Enter
wait_for "Last: 0,2" "Enter plays the cursor's cell"
keys g
wait_for "Last: g 0,2" "g plays the golden move on it"
keys u
wait_for "Took back a move" "u takes it back"
keys q y
wait_for "GAME-EXITED-0" "quits"

# --- The users' build has no toy game.
status=0
"$bin" game tictactoe > "$work/out" 2>&1 || status=$?
[ "$status" -eq 2 ] && grep -q "no such game (the games are: atom4 atropos chain gamma atomas)" "$work/out" \
    || fail "the users' build: status $status, $(cat "$work/out")"
ok "the users' build refuses tictactoe, naming its games"

echo "generic screen: $passed checks passed"
