"""The bench's pure-Python bot loop as a fixed amount of work, timed in the
process's CPU time (load-independent): N random 16 x 16 rounds, seeded,
by whichever API the install has (the one API, or `atom4.Board` before
it). Run: python py/bench/fixed_loop.py [N]"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import atom4


def new_round() -> Any:
    return atom4.load("atom4") if hasattr(atom4, "load") else getattr(atom4, "Board")()


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    choice = random.Random(1).choice
    moves = 0
    start = time.process_time()
    for _ in range(rounds):
        board = new_round()
        while not board.is_game_over():
            board.push(choice(board.legal_actions()))
            moves += 1
    cpu = time.process_time() - start
    print(f"{moves} moves, {cpu:.3f} s cpu, {moves / cpu / 1e3:.0f} k moves/s cpu")


if __name__ == "__main__":
    main()
