"""Gamma, the area-limited board game of the Warsaw IPP course (2019/20):
its extras, the course's API on boards of any size, the baseline players.

>>> import atom4
>>> from atom4 import gamma
>>> state = atom4.load("gamma", size="10x10", players=2, areas=3)
>>> state.push("0,0")
>>> state.turn, state.busy_fields(1), state.free_fields(1)
(2, 1, 99)
>>> course = gamma.Course(2000, 2000, 3, 4)   # the course's API, no turns
>>> course.move(2, 1999, 1999)
>>> course.busy_fields(2)
1

The state is an `atom4.Gamma` (see `atom4.State`), played in the
interactive mode's turns on boards of up to 32 x 32: moves are `x,y` and
golden moves `g x,y`; actions `2 * (y * width + x)`, plus 1 for a golden
move. `Course` is `gamma.h`'s API on any board (any player moves at any
time); `Course.state()` turns its position into a `Gamma` state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atom4._native import GAMMA_MAX_CELLS as MAX_CELLS
from atom4._native import Course, CourseMove, Gamma, IllegalMoveError, ParseError
from atom4._native import gamma_greedy as greedy
from atom4._native import gamma_random as random

if TYPE_CHECKING:
    from atom4.pettingzoo_env import GameEnv

__all__ = [
    "MAX_CELLS",
    "Course",
    "CourseMove",
    "Gamma",
    "IllegalMoveError",
    "ParseError",
    "env",
    "greedy",
    "random",
]


def env(**kwargs: Any) -> GameEnv:
    """`atom4.env("gamma", ...)`: a PettingZoo AEC environment."""
    import atom4

    return atom4.env("gamma", **kwargs)


def __getattr__(name: str) -> Any:
    import importlib

    return importlib.import_module("atom4._deprecated").lookup(__name__, name)
