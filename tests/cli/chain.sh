#!/usr/bin/env bash
# Drives the real `atom4 chain` programs as a player and as other programs
# would: `atom4 chain play` and `atom4 chain atoms` in tmux (a real
# pseudo-terminal: cursor, keys, cascades wave by wave and skipped, undo,
# save and load, quitting, Ctrl-C, a terminal too small), and `atom4 chain
# engine` as a process fed positions, garbage, an endless line and a flood.
# Asserts on the captured screen and output, and that the terminal is
# restored each time.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build -q --release -p atom4-cli
bin=$root/target/release/atom4
source "$root/tests/cli/tmux-lib.sh" atom4-chain-test

start() {
    tmux_ kill-session -t game 2>/dev/null || true
    tmux_ new-session -d -s game -x 110 -y 32 -c "$work" \
        "TERM=xterm-256color $bin chain $*; echo CHAIN-EXITED-\$?; sleep 600"
}

# --- atom4 chain play: three players, two of them the computer.
start play --size 4x4 --players 3 --computer 2,3 --time 40 --seed 3
wait_for "Chain Reaction \(classic, 4x4, 3 players\)" "the title names rules, size and players"
wait_for "a person +0 orbs <" "the panel lists the players and whose turn it is"
wait_for "b computer" "the computer's seats are shown"
wait_for "Player a to move" "player a moves first"
keys Up Up
wait_for "2,0: legal" "the cursor says whether a cell is legal"
keys Enter
wait_for "Player [bc] plays [0-9]+,[0-9]+|Player a to move" "the computers answer"
wait_for "Player a to move" "back to the person"
keys Right
for move in $(seq 1 60); do
    if screen | grep -Eq "WINS!"; then break; fi
    keys h
    wait_for "Hint: [0-9]+,[0-9]+|WINS!" "hint $move"
    keys Enter
    wait_for "Player a to move|WINS!" "move $move answered" 600
done
wait_for "Player [abc] WINS! \(n: new game, q: quit\)" "the game ends with a winner"
keys s
wait_for "Saved to chain-save.txt" "s saves the game"
head -1 "$work/chain-save.txt" | grep -q "atom4 record 2" || fail "the save file"
grep -qx "computer 2,3" "$work/chain-save.txt" || fail "the save file's seats: $(cat "$work/chain-save.txt")"
ok "the save file is a game record, with the computer's seats"
keys n
wait_for "Player a to move" "n starts a new game"
keys Enter
# The new game's screen already says "Player a to move": wait for the
# computers' last reply itself, else u may come before they have moved.
wait_for "Player c plays [0-9]+,[0-9]+\. Player a to move" "the computers answer in the new game" 600
keys u
wait_for "Took back 3 moves" "u takes back the person's move and the computers' replies"
keys s
wait_for "Saved to chain-save.txt" "s saves the new game"
keys q
wait_for "Really quit\? \(y/n\)" "q asks first"
keys n
wait_for "Player a to move" "n declines quitting"
keys q y
wait_for "CHAIN-EXITED-0" "q y quits"
screen | grep -q "Chain Reaction (" && fail "the alternate screen was not left"
ok "the terminal is restored after quitting"

# --- A saved game remembers its seats: loaded with no --computer, the
# computers still play b and c.
start play --load chain-save.txt --time 40
wait_for "b computer" "--load: b is still the computer's"
wait_for "c computer" "--load: c is still the computer's"
wait_for "a person" "--load: a is still a person"
keys Enter
wait_for "Player c plays [0-9]+,[0-9]+.*Player a to move" "the loaded game's computers answer"
keys q y
wait_for "CHAIN-EXITED-0" "quits"

# --- The old seat letters are still read, with a note naming the new form.
start play --computer b --time 40
wait_for "b computer" "--computer b: the computer plays b"
keys q y
wait_for "CHAIN-EXITED-0" "quits"
screen | grep -q "note: seats are numbers now, for every game: --computer 2" || fail "no note for the letters"
ok "the letters get a note naming --computer 2"

# --- A saved game of the first format resumes; a cascade is drawn wave by wave.
printf 'atom4 chain record 1\nstart classic 2 1a2b./2b3b2b/1a2b. a 12 - *\nmoves 2,2\n' > "$work/win.txt"
start play --load win.txt
wait_for "Player b to move" "--load resumes a saved game"
wait_for "Last: a 2,2, 0 explosions, 0 waves" "the last move is shown"
keys Enter
wait_for "Cascade: wave [01] of 2" "the cascade is drawn wave by wave"
wait_for "Player b WINS!" "the cascade ends in a win"
wait_for "Last: b 1,1, 5 explosions, 2 waves" "the move's explosions and waves"
keys C-c
wait_for "CHAIN-EXITED-0" "Ctrl-C quits"
screen | grep -q "Chain Reaction (" && fail "Ctrl-C left the game on screen"
ok "the terminal is restored after Ctrl-C"

# --- A cascade of 4,805 waves: drawn, then skipped with a key.
long="classic 2 1a2a2a2a2a2a.2a1a2a1a2a2a1a2a1a/2a1a2a3a3a..1a2a1a2a1a2a2a1a2a/1a2a3a2a.3a2a3a2a3a2a3a2a3a3a1a/2a1a2a2a3a3a2a2a2a2a3a3a3a3a3a2a/1a2a3a1a3a1a3a3a1a2a3a3a3a2a3a2a/2a1a3a3a3a2a3a1a1a3a2a.1a3a2a2a/1a3a2a1a2a1a3a2a3a3a2a.1a3a2a2a/2a2a1a2a2a3a3a2a3a3a3a.3a1a3a1a/1a3a1a3a1a2a2a3a3a3a3a3a2a3a1a1a/2a1a3a2a2a1a3a3a3a3a3a3a.2a.1a/2a3a3a3a.1a3a3a3a3a3a3a2a1a../2a3a1a2a2a3a3a3a3a3a3a2a...1a/.1a3a1a2a3a2a3a2a3a2a1a..../2a3a3a1a3a2a3a3a3a3a3a2a...1a/.3a1a3a2a3a3a3a1a3a2a1a..../.2a2a1a2a2a2a2a2a2a2a1a...1b a 2 - *"
printf 'atom4 chain record 1\nstart %s\nmoves\n' "$long" > "$work/long.txt"
start play --load long.txt
wait_for "Player a to move" "a 16x16 made-up position loads"
keys Left Left Left Up Up Up Up Up
wait_for "5,3: legal" "the cursor reaches 5,3"
keys Enter
wait_for "Cascade: wave [0-9]+ of 4805" "the long cascade is being drawn"
keys Space
wait_for "Last: a 5,3, 7134 explosions, 4805 waves" "a key skips to the cascade's end"
screen | grep -q "Cascade: wave" && fail "the cascade was not skipped"
ok "no cascade on screen after the skip"
keys q y
wait_for "CHAIN-EXITED-0" "quits"

# --- atom4 chain atoms: the tutorial's game in a terminal, keys without Enter.
start atoms --seed 1500
wait_for "Your move X: 1-8 or Q/esc to exit:" "the tutorial asks for the column"
keys 8
wait_for "Your move Y: 1-8 or Q/esc to exit:" "then the row"
keys 5
# The vectors' game atoms-1500: the player's 8,5 is answered with 8,3.
wait_for "Computer plays 8,3" "the tutorial's computer answers as the original"
wait_for " 5\.\.\.\.\.\.\.\.\.\.\.\.\.\.\.\.\.\.\.\.\. 1P  5" "the board is drawn as the tutorial does"
keys q
wait_for "you were defeated by the computer player\.\.\." "q ends the game with the tutorial's message"
wait_for "CHAIN-EXITED-0" "and the program exits"

# --- A terminal too small gets a clear message.
tmux_ kill-session -t game
tmux_ new-session -d -s game -x 40 -y 12 -c "$work" "TERM=xterm-256color $bin chain play --size 16x16; echo CHAIN-EXITED-\$?; sleep 600"
wait_for "the terminal is too small" "a small terminal is explained"
wait_for "CHAIN-EXITED-2" "and the exit status says so"

# --- atom4 chain engine: the bot protocol as a process.
start6="classic 2 ....../....../....../....../....../....../....../....../...... a 0 - *"
{
    echo "$start6"
    echo "hello"
    echo ""
    echo "classic 2 3b.2b/.4b./3b.2b - 14 a b"
    printf '\xff\xfe\n'
    head -c 100000 /dev/zero | tr '\0' 'x'
    echo
    echo "atoms 2 1b1b/1b1b b 21 - *"
    echo "classic 4 ..../..../..../.... a 0 - *"
} > "$work/protocol.txt"
"$bin" chain engine --time 50 < "$work/protocol.txt" > "$work/answers.txt"
mapfile -t answers < "$work/answers.txt"
[ ${#answers[@]} -eq 8 ] || { cat "$work/answers.txt"; echo "FAILED: 8 answers expected"; exit 1; }
[[ ${answers[0]} =~ ^[0-5],[0-8]$ ]] || { echo "FAILED: a move for the start: ${answers[0]}"; exit 1; }
[[ ${answers[1]} == "error: not a position: at byte 0: the rules are neither classic nor atoms" ]] || { echo "FAILED: ${answers[1]}"; exit 1; }
[[ ${answers[2]} == error:\ an\ empty\ line* ]] || { echo "FAILED: ${answers[2]}"; exit 1; }
[[ ${answers[3]} == "error: the game is over: won by b" ]] || { echo "FAILED: ${answers[3]}"; exit 1; }
[[ ${answers[4]} == error:\ not\ UTF-8* ]] || { echo "FAILED: ${answers[4]}"; exit 1; }
[[ ${answers[5]} == "error: a line longer than 4096 bytes" ]] || { echo "FAILED: ${answers[5]}"; exit 1; }
[[ ${answers[6]} =~ ^([01],[01]|pass)$ ]] || { echo "FAILED: atoms: ${answers[6]}"; exit 1; }
[[ ${answers[7]} =~ ^[0-3],[0-3]$ ]] || { echo "FAILED: four players: ${answers[7]}"; exit 1; }
ok "the bot protocol answers positions with moves and garbage with error lines, and goes on"

# One answer a line, flushed at once: a move arrives while the input is still open.
coproc BOT { "$bin" chain engine --time 30; }
echo "$start6" >&"${BOT[1]}"
read -r -t 10 reply <&"${BOT[0]}" || { echo "FAILED: no answer within 10 s while the input stays open"; exit 1; }
[[ $reply =~ ^[0-5],[0-8]$ ]] || { echo "FAILED: $reply"; exit 1; }
echo "garbage" >&"${BOT[1]}"
read -r -t 10 reply <&"${BOT[0]}" || { echo "FAILED: no error line"; exit 1; }
[[ $reply == error:* ]] || { echo "FAILED: $reply"; exit 1; }
exec {BOT[1]}>&-
wait "$BOT_PID"
ok "each answer is flushed as soon as it is made; the end of the input ends the program"

# A flood of garbage: an error line each, bounded memory, exit 0.
{ yes "garbage line" || true; } | head -n 20000 | "$bin" chain engine --time 10 > "$work/flood.txt"
[ "$(grep -c '^error: not a position' "$work/flood.txt")" -eq 20000 ] || { echo "FAILED: the flood"; exit 1; }
ok "a flood of 20000 garbage lines gets 20000 error lines"

# A made-up position whose moves set off thousands of waves still gets an answer in time.
started=$(date +%s%N)
echo "$long" | "$bin" chain engine --time 200 > "$work/long-answer.txt"
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
grep -Eq '^[0-9]+,[0-9]+$' "$work/long-answer.txt" || { echo "FAILED: no move for the long cascade"; exit 1; }
[ "$elapsed_ms" -lt 5000 ] || { echo "FAILED: the long cascade took $elapsed_ms ms"; exit 1; }
ok "a position of 4805-wave cascades is answered in $elapsed_ms ms (limit 200 ms a move)"

echo "chain cli: $passed checks passed"
