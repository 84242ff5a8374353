"""Plays whole games on the console firmware through its serial line.

Starts the firmware under QEMU (`-machine microbit`, the serial line on
standard input and output), chooses a game from the menu, plays the
person's side with moves drawn from a seeded generator (a refused move is
answered with an error and the next one is tried), lets the engine reply,
takes a move back once on the way, and at the end writes what the host
needs to replay the game: the start position, every move played, and the
final position the console printed. Also asks the console for its memory
use (`mem`).

Usage: drive.py FIRMWARE GAME OPTIONS SEED OUT_JSON
"""

import json
import os
import random
import re
import select
import subprocess
import sys
import time

TIMEOUT = 300  # seconds for any one answer (an engine move included)


class Console:
    def __init__(self, firmware):
        self.qemu = subprocess.Popen(
            ["qemu-system-arm", "-machine", "microbit", "-nographic",
             "-serial", "stdio", "-monitor", "none", "-kernel", firmware],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = ""
        self.transcript = []

    def read_until_prompt(self):
        """Everything up to the next prompt (`menu> `, `move> `, `over> `)."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            m = re.search(r"(menu|move|over)> $", self.buffer)
            if m:
                text, self.buffer = self.buffer, ""
                self.transcript.append(text)
                return text, m.group(1)
            left = deadline - time.monotonic()
            if left <= 0:
                raise SystemExit(f"console: no prompt within {TIMEOUT} s; last output:\n{self.buffer[-800:]}")
            ready, _, _ = select.select([self.qemu.stdout], [], [], left)
            if ready:
                chunk = os.read(self.qemu.stdout.fileno(), 4096)
                if not chunk:
                    raise SystemExit("console: QEMU ended:\n" + self.buffer[-800:])
                self.buffer += chunk.decode("ascii", "replace").replace("\r", "")

    def send(self, line):
        self.transcript.append(f"<<< {line}\n")
        # Typed a character at a time would be slower; the queue holds a line.
        self.qemu.stdin.write((line + "\r").encode("ascii"))
        self.qemu.stdin.flush()
        return self.read_until_prompt()

    def close(self):
        self.qemu.kill()
        self.qemu.wait()


def positions(text):
    return re.findall(r"^position (.+)$", text, re.M)


def main():
    firmware, game, options, seed, out_path = sys.argv[1:6]
    rng = random.Random(int(seed))
    console = Console(firmware)
    try:
        text, prompt = console.read_until_prompt()
        assert prompt == "menu", text
        text, prompt = console.send(f"{game} {options}".strip())
        start = positions(text)[0]
        moves = []
        undone = False
        tries = 0
        # The position each time the person is asked for a move.
        asked = positions(text)[-1]
        while prompt == "move":
            cells = [f"{x},{y}" for x in range(16) for y in range(16)]
            rng.shuffle(cells)
            for cell in cells:
                tries += 1
                answer, prompt = console.send(cell)
                if "error:" not in answer:
                    break
            else:
                raise SystemExit("console: every cell refused\n" + answer)
            replies = re.findall(r"^engine plays (\S+)$", answer, re.M)
            if not undone and len(moves) >= 6:
                # Take the move and the reply back once: the position must
                # be the one the person was asked in.
                answer, prompt = console.send("undo")
                if positions(answer)[-1] != asked or prompt != "move":
                    raise SystemExit(f"console: undo gives {positions(answer)[-1]}, not {asked}")
                undone = True
                continue
            moves += [cell] + replies
            text = answer
            asked = positions(text)[-1]
        final = positions(text)[-1]
        mem, _ = console.send("mem")
        m = re.search(r"static (\d+) bytes, stack high-water (\d+) of (\d+) bytes", mem)
        result = re.search(r"^game over: (.+)$", text, re.M)
        json.dump({
            "game": game, "options": options, "start": start, "moves": moves,
            "final": final, "result": result.group(1) if result else None,
            "tries": tries, "static": int(m.group(1)), "stack": int(m.group(2)),
            "stack_room": int(m.group(3)), "undo_checked": undone,
        }, open(out_path, "w"))
    finally:
        console.close()
        with open(out_path + ".transcript", "w") as f:
            f.write("".join(console.transcript))


if __name__ == "__main__":
    main()
