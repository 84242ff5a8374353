"""Throughput of the Python API: a pure-Python random bot loop and the
batch playouts done in Rust. Run: python py/bench/bench.py

It runs on the package as it is now and as it was before the one API
(`atom4.Board`), so that two installs can be timed side by side."""

from __future__ import annotations

import random
import time
from typing import Any, Callable

import atom4


def new_round() -> Any:
    """A fresh 16 x 16 round, by whichever API this install has."""
    if hasattr(atom4, "load"):
        return atom4.load("atom4")
    return getattr(atom4, "Board")()


def python_loop(seconds: float, start: Callable[[], Any] = new_round) -> tuple[int, float]:
    """Random rounds played from Python: legal_actions(), then push."""
    rng = random.Random(1)
    choice = rng.choice
    moves = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        board = start()
        while not board.is_game_over():
            board.push(choice(board.legal_actions()))
            moves += 1
    return moves, time.perf_counter() - begin


def batch(games: int) -> tuple[int, float]:
    """`atom4.random_playouts`: whole rounds in one call."""
    begin = time.perf_counter()
    stats = atom4.random_playouts(new_round(), games, seed=1)
    return stats.moves, time.perf_counter() - begin


def main() -> None:
    python_loop(0.3)  # warm up
    for _ in range(3):
        moves, seconds = python_loop(2.0)
        loop = moves / seconds
        moves, seconds = batch(50_000)
        fast = moves / seconds
        print(
            f"python loop: {loop / 1e3:8.0f} k moves/s   "
            f"random_playouts: {fast / 1e6:6.2f} M moves/s   ratio {fast / loop:5.1f}x"
        )


if __name__ == "__main__":
    main()
