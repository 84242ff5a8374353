"""Atropos (Burke and Teng's Sperner-triangle game, as Boston University's
course referee plays it) for Python bots: the rules, the engine behind
`atom4 atropos player` and the exact solver, all in Rust.

>>> from atom4 import atropos
>>> board = atropos.Board(size=7)
>>> board.push("(3,4,2,3)")
>>> board.turn
2
>>> len(board.legal_circles())
6

The API follows python-chess: `Board.legal_moves`, `push`/`pop`/`peek`,
`outcome()`, `copy()`, pickling; the text of a board is the referee's
state string. A player program for the referee is a few lines:

    import sys
    from atom4 import atropos
    board = atropos.Board(sys.argv[-1])
    print(atropos.engine_move(board, time=0.8).move)

`atropos.env()` is a PettingZoo AEC environment with action masks
(`pip install atom4[pettingzoo]`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atom4._atropos import (
    MAX_SIZE,
    Board,
    EngineChoice,
    IllegalMoveError,
    Move,
    Outcome,
    ParseError,
    Solution,
    engine_move,
    solve,
    stop,
)

if TYPE_CHECKING:
    from atom4.atropos_env import AtroposEnv

__all__ = [
    "MAX_SIZE",
    "Board",
    "EngineChoice",
    "IllegalMoveError",
    "Move",
    "Outcome",
    "ParseError",
    "Solution",
    "engine_move",
    "env",
    "play",
    "solve",
    "stop",
]


def play(state: str, *, time: float = 0.8, seed: int = 0) -> str:
    """The move a player program prints for the referee's state string:
    `(c,h,l,r)`. Raises `ParseError` for a bad state string and
    `ValueError` for a finished game."""
    return engine_move(Board(state), time=time, seed=seed).move.text()


def env(**kwargs: Any) -> AtroposEnv:
    """A PettingZoo AEC environment of one Atropos game (see
    `atom4.atropos_env.AtroposEnv` for the arguments). Needs the
    `pettingzoo` extra; it is imported only when this is called."""
    from atom4.atropos_env import AtroposEnv

    return AtroposEnv(**kwargs)
