"""Throughput of the Python API: a pure-Python random bot loop and the
batch playouts done in Rust. Run: python py/bench/bench.py"""

from __future__ import annotations

import random
import time

import atom4


def python_loop(seconds: float) -> tuple[int, float]:
    """Random rounds played from Python: legal_actions(), then push."""
    rng = random.Random(1)
    choice = rng.choice
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = atom4.Board()
        while not board.is_game_over():
            board.push(choice(board.legal_actions()))
            moves += 1
    return moves, time.perf_counter() - start


def batch(games: int) -> tuple[int, float]:
    """`atom4.random_playouts`: whole rounds in one call."""
    start = time.perf_counter()
    stats = atom4.random_playouts(atom4.Board(), games, seed=1)
    return stats.moves, time.perf_counter() - start


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
