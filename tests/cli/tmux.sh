#!/usr/bin/env bash
# Drives the real `atom4` binary in tmux as a player would: moves the
# cursor, tries an illegal cell, asks for hints and plays them against the
# computer to the end of a round, starts the next round, undoes, saves,
# quits (asked first) and quits with Ctrl-C; asserts on the captured screen
# and that the terminal is restored each time.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build -q --release -p atom4-cli
bin=$root/target/release/atom4
source "$root/tests/cli/tmux-lib.sh" atom4-test

start() {
    tmux_ kill-session -t game 2>/dev/null || true
    tmux_ new-session -d -s game -x 100 -y 30 -c "$work" \
        "TERM=xterm-256color $bin $*; echo ATOM4-EXITED-\$?; sleep 600"
}

# A game against classic level 0 on 6x6: the computer plays player 2.
start -a 2 -d 0 --size 6x6 --seed 5 --time 30
wait_for "Player 1 to move" "the game starts with player 1 to move"
wait_for "Round 1 +Board 6x6" "the panel shows the round and board"
wait_for "Tile: red" "the panel shows the tile"
keys Left Left Left Up Up Up
wait_for "\(0,0\): a piece needs two occupied neighbours" "the cursor says why a cell is illegal"
keys Enter
wait_for "Illegal move at \(0,0\)" "an illegal placement is refused"
for move in $(seq 1 40); do
    if screen | grep -Eq "WINS!!|STALEMATE: no more moves left"; then break; fi
    keys h
    wait_for "Hint: \([0-9]+,[0-9]+\)" "hint $move"
    keys Enter
    wait_for "Player 2 moves \([0-9]+,[0-9]+\)|WINS!!|STALEMATE" "move $move answered"
done
wait_for "Player [12] WINS!!|STALEMATE: no more moves left" "the round ends with the original's message"
keys s
wait_for "Saved to atom4-save.txt" "s saves the game"
[ -s "$work/atom4-save.txt" ] && head -1 "$work/atom4-save.txt" | grep -q "atom4 record 2" || fail "save file"
grep -qx "game atom4" "$work/atom4-save.txt" && grep -qx "computer 2" "$work/atom4-save.txt" \
    || fail "the save file names the game and the computer's seat: $(cat "$work/atom4-save.txt")"
ok "the save file is a game record, with the game and the computer's seat"
"$bin" show --load "$work/atom4-save.txt" > "$work/show.txt" 2>&1 || fail "show --load: $(cat "$work/show.txt")"
grep -Eq "^round 1, score [0-9]+-[0-9]+, (won by player [12]|stalemate)" "$work/show.txt" \
    || fail "show --load: $(cat "$work/show.txt")"
ok "atom4 show --load prints the saved round's end"
# A game the match runner saved (--records) is a saved game of this program.
cargo build -q --release -p atom4-arena --bin match
"$root/target/release/match" --games 1 --size 6x6 --records "$work/records" strong:d2 classic:0 \
    > /dev/null 2>&1 || fail "match --records"
"$bin" show --load "$work/records/game-0001.txt" > "$work/match-show.txt" 2>&1 \
    || fail "show --load of a match's game: $(cat "$work/match-show.txt")"
seat=$(sed -n 's/^# engine 1 .* in seat \([12]\)$/\1/p' "$work/records/game-0001.txt")
case "$(sed -n 's/^# returns by engine //p' "$work/records/game-0001.txt")" in
    "1 -1") end="won by player $seat" ;;
    "-1 1") end="won by player $((3 - seat))" ;;
    *) end="stalemate" ;;
esac
grep -Eq "^round 1, score [0-9]+-[0-9]+, $end" "$work/match-show.txt" \
    || fail "the match's game ends as its record says ($end): $(cat "$work/match-show.txt")"
ok "a game the match runner saved loads in atom4 show and ends as the match said ($end)"
keys n
wait_for "Round 2" "n starts the next round"
wait_for "Player 2 moves" "the computer opens round 2"
keys h
wait_for "Hint:" "a hint in round 2"
keys Enter
wait_for "Player 2 moves" "the computer answers"
keys u
wait_for "Took back 2 moves" "u takes back a move pair"
keys q
wait_for "Really quit\? \(y/n\)" "q asks first"
keys n
wait_for "Player 1 to move" "n declines quitting"
keys q y
wait_for "ATOM4-EXITED-0" "q y quits"
screen | grep -q "Round 2" && fail "the alternate screen was not left"
ok "the terminal is restored after quitting"

# The saved game resumes; Ctrl-C quits at once and restores the terminal.
start --load atom4-save.txt -a 2 -d 0
wait_for "WINS!!|STALEMATE" "--load resumes the saved round"
keys C-c
wait_for "ATOM4-EXITED-0" "Ctrl-C quits"
screen | grep -q "Board 6x6" && fail "Ctrl-C left the game on screen"
ok "the terminal is restored after Ctrl-C"

# The saved game remembers the seats: loaded without -a, the computer
# still plays player 2, and opens the next round for it.
start --load atom4-save.txt -d 0
wait_for "Player 2 \(black rows, computer\)" "--load alone: the computer keeps the seat it had"
keys n
wait_for "Player 2 moves" "and plays it in the next round"
keys q y
wait_for "ATOM4-EXITED-0" "quits"

# The strong engine as the opponent (the seat flag every game takes): it
# thinks visibly and answers.
start --computer 1 --engine strong --time 1500 --seed 2
wait_for "Computer: strong:1500ms" "the strong engine is the opponent"
wait_for "Thinking\.\.\. depth [0-9]+" "the panel shows the depth reached while thinking"
wait_for "Player 1 moves \(" "the strong engine opens"
keys q y
wait_for "ATOM4-EXITED-0" "quits"

# SIGTERM and SIGHUP end the game with a message and restore the terminal.
for sig in TERM HUP; do
    start -a 2 -d 0 --size 6x6 --seed 5
    wait_for "Player 1 to move" "a game to be ended by SIG$sig"
    pid=$(pgrep -n -x atom4) || fail "no atom4 process"
    kill -s "$sig" "$pid"
    wait_for "ATOM4-EXITED-2" "SIG$sig ends the program"
    screen | grep -q "atom4: ended by a signal" || fail "no message after SIG$sig"
    screen | grep -q "Board 6x6" && fail "SIG$sig left the game on screen"
    ok "the terminal is restored after SIG$sig, with a message"
done

# An engine that fails ends the program with a message instead of a hang.
tmux_ kill-session -t game
tmux_ new-session -d -s game -x 100 -y 30 -c "$work" \
    "TERM=xterm-256color ATOM4_FAIL_ENGINE=panic $bin -a 1 --size 6x6; echo ATOM4-EXITED-\$?; sleep 600"
wait_for "ATOM4-EXITED-2" "a failing engine ends the program"
screen | grep -q "atom4: the computer player failed" || fail "no message after the engine failed"
screen | grep -q "Board 6x6" && fail "the failed game was left on screen"
ok "the terminal is restored after the engine failed, with a message"

# A terminal too small gets a clear message.
tmux_ kill-session -t game
tmux_ new-session -d -s game -x 40 -y 12 -c "$work" "TERM=xterm-256color $bin; echo ATOM4-EXITED-\$?; sleep 600"
wait_for "the terminal is too small" "a small terminal is explained"
wait_for "ATOM4-EXITED-2" "and the exit status says so"

echo "tmux: $passed checks passed"
