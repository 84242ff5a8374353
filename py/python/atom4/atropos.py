"""Atropos (Burke and Teng's Sperner-triangle game, as Boston University's
course referee plays it): its extras and the exact solver.

>>> import atom4
>>> state = atom4.load("atropos", size=7)
>>> state.push("(3,4,2,3)")
>>> state.turn, len(state.legal_circles())
(2, 6)

The state is an `atom4.Atropos` (see `atom4.State`); its text is the
referee's state string and moves are `(c,h,l,r)`. A player program for the
referee is a few lines:

    import sys, atom4
    state = atom4.load("atropos", text=sys.argv[-1])
    print(atom4.Engine().search(state, time=0.8).move)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atom4._native import ATROPOS_MAX_SIZE as MAX_SIZE
from atom4._native import Atropos, Engine, IllegalMoveError, ParseError, Solution, load, solve
from atom4._native import atropos_stop as stop

if TYPE_CHECKING:
    from atom4.pettingzoo_env import GameEnv

__all__ = [
    "MAX_SIZE",
    "Atropos",
    "IllegalMoveError",
    "ParseError",
    "Solution",
    "env",
    "play",
    "solve",
    "stop",
]


def play(state: str, *, time: float = 0.8, seed: int = 0) -> str:
    """The move a player program prints for the referee's state string:
    `(c,h,l,r)`. Raises `ParseError` for a bad state string and
    `ValueError` for a finished game."""
    return Engine().search(load("atropos", text=state), time=time, seed=seed).move.text()


def env(**kwargs: Any) -> GameEnv:
    """`atom4.env("atropos", ...)`: a PettingZoo AEC environment."""
    import atom4

    return atom4.env("atropos", **kwargs)


def __getattr__(name: str) -> Any:
    import importlib

    return importlib.import_module("atom4._deprecated").lookup(__name__, name)
