"""Plays a whole game on the console firmware through its serial line.

Starts the firmware under QEMU (`-machine microbit`, the serial line on
standard input and output), chooses a game from the menu with its options,
and plays the person's side to the end: at each turn it asks the console
for the legal moves (`moves`) and types one drawn by a seeded generator,
or lets the engine choose for it (`go`); the engine (and chance) reply. On
the way it takes a move back once (`undo`: the position must be the one
it was asked to move in before) and types a move the game refuses (the
console must say why and change nothing). At the end it asks for the
memory figures (`mem`) and writes the record the host replays
(`firmware/examples/replay.rs`): every move in order with who made it,
and the last position the console printed; and a JSON summary.

Usage: drive.py FIRMWARE GAME OPTIONS SEED RECORD SUMMARY_JSON
"""

import json
import os
import random
import re
import select
import subprocess
import sys
import time

TIMEOUT = 300  # seconds for any one answer (engine moves included)
MOVE_LINE = re.compile(r"^(you play|engine plays|chance draws) (.+)$", re.M)


class Console:
    def __init__(self, firmware, transcript):
        self.qemu = subprocess.Popen(
            ["qemu-system-arm", "-machine", "microbit", "-nographic",
             "-serial", "stdio", "-monitor", "none", "-kernel", firmware],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buffer = ""
        self.transcript = transcript

    def read_until_prompt(self):
        """Everything up to the next prompt (`menu> `, `move> `, `over> `)."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            m = re.search(r"(menu|move|over)> $", self.buffer)
            if m:
                text, self.buffer = self.buffer, ""
                self.transcript.write(text)
                self.transcript.flush()
                return text, m.group(1)
            left = deadline - time.monotonic()
            if left <= 0:
                raise SystemExit(f"console: no prompt within {TIMEOUT} s; last output:\n{self.buffer[-800:]}")
            ready, _, _ = select.select([self.qemu.stdout], [], [], left)
            if ready:
                chunk = os.read(self.qemu.stdout.fileno(), 4096)
                if not chunk:
                    err = self.qemu.stderr.read().decode("ascii", "replace")
                    raise SystemExit(f"console: QEMU ended ({err.strip()}):\n{self.buffer[-800:]}")
                self.buffer += chunk.decode("ascii", "replace").replace("\r", "")

    def send(self, line):
        self.transcript.write(f"<<< {line}\n")
        # A line at a time: the firmware's queue holds a typed-ahead line.
        self.qemu.stdin.write((line + "\r").encode("ascii"))
        self.qemu.stdin.flush()
        return self.read_until_prompt()

    def close(self):
        self.qemu.kill()
        self.qemu.wait()


def positions(text):
    return re.findall(r"^position (.+)$", text, re.M)


def moves_of(text, went):
    """The moves an answer reports, with who made each (`go` for the
    person's move the engine chose)."""
    kinds = {"you play": "go" if went else "person", "engine plays": "engine",
             "chance draws": "chance"}
    return [(kinds[who], mv) for who, mv in MOVE_LINE.findall(text)]


def main():
    firmware, game, options, seed, record_path, summary_path = sys.argv[1:7]
    rng = random.Random(int(seed))
    transcript = open(record_path + ".transcript", "w")
    console = Console(firmware, transcript)
    try:
        text, prompt = console.read_until_prompt()
        assert prompt == "menu", text
        text, prompt = console.send(f"{game} {options}".strip())
        if prompt != "move":
            raise SystemExit(f"console: {game} {options} did not start:\n{text}")
        record = moves_of(text, False)
        asked = positions(text)[-1]
        undone = refused = False
        person = gone = 0
        # Atropos's random moves mostly lose at once: the engine chooses
        # most of them there.
        go_share = 0.9 if game == "atropos" else 0.25
        while prompt == "move" or (prompt == "over" and not undone):
            if not refused:
                # A move the rules refuse: an error, nothing changes.
                answer, prompt = console.send("(1,0,0,0)" if game == "atropos" else "99,99")
                if "error:" not in answer or moves_of(answer, False) or prompt != "move":
                    raise SystemExit(f"console: a refused move was not refused:\n{answer}")
                refused = True
            if not undone and (person >= 3 or prompt == "over"):
                # Also from the end, when the game ended before.
                answer, prompt = console.send("undo")
                m = re.search(r"^undone: (\d+) moves$", answer, re.M)
                if not m or positions(answer)[-1] != before or prompt != "move":
                    raise SystemExit(f"console: undo did not go back to {before}:\n{answer}")
                del record[len(record) - int(m.group(1)):]
                undone = True
                asked = before
                continue
            went = rng.random() < go_share
            if went:
                answer, prompt = console.send("go")
                gone += 1
            else:
                listed, _ = console.send("moves")
                # Atropos's and Chain Reaction's moves have no spaces; Gamma's
                # golden moves are `g x,y`, Atomas's `-` replies `2 y`.
                legal = re.findall(r"g \d+,\d+|\d+ [yn]|\S+", listed.split("moves: ", 1)[1].splitlines()[0])
                answer, prompt = console.send(rng.choice(legal))
            made = moves_of(answer, went)
            if not made or made[0][0] not in ("person", "go"):
                raise SystemExit(f"console: the move was not played:\n{answer}")
            record += made
            person += 1
            before = asked
            text = answer
            asked = positions(answer)[-1]
        final = positions(text)[-1]
        result = re.search(r"^game over: (.+)$", text, re.M)
        mem, _ = console.send("mem")
        m = re.search(r"static (\d+) bytes, stack high-water (\d+) of (\d+) bytes", mem)
        with open(record_path, "w") as f:
            f.write(f"game {game}\noptions {options}\n")
            for kind, mv in record:
                f.write(f"{kind} {mv}\n")
            f.write(f"final {final}\n")
        json.dump({
            "game": game, "options": options, "moves": len(record), "person": person,
            "go": gone, "final": final, "result": result.group(1) if result else None,
            "static": int(m.group(1)), "stack": int(m.group(2)), "stack_room": int(m.group(3)),
            "undo_checked": undone, "refusal_checked": refused,
        }, open(summary_path, "w"))
    finally:
        console.close()
        transcript.close()


if __name__ == "__main__":
    main()
