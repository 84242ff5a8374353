"""Atomas, the ring fusion puzzle of the Code Golf KotH "A game of atomic
proportions": its extras, the spec's reference generator and the bot
protocol.

>>> import atom4
>>> from atom4 import atomas
>>> ref = atomas.Reference(seed=1)    # game 0 of a controller's run seeded 1
>>> state = ref.start()
>>> state.ring, state.turn == atom4.CHANCE
([3, 2, 1, 3, 1, 3], True)
>>> ref.draw(state)                   # the generator's atom, pushed as chance's move
1
>>> state.request(fields=2)
'1/3 2 1 3 1 3'
>>> state.push("5")                   # after the last entry
>>> state.text()
'ring=3,2,1,3,1,3,1 hand=. score=0 move=2 range=1-3 carry=. since=1'

The state is an `atom4.Atomas` (see `atom4.State`), one player; between
moves it is chance's turn (`turn == atom4.CHANCE`): `legal_moves` are the
atoms that may come, `chance_outcomes()` their exact probabilities, and
`push("17")` (or `push_random()`, or `Reference.draw`) draws one. An atom
is an `int` or one of `"+"`, `"-"`, `"B"`, `"C"`; a reply is the
protocol's text (`4`, `2 y`). `Session` reads request lines as a bot
program does, `play_line` answers one.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from atom4._native import ATOMAS_ACTIONS as ACTIONS
from atom4._native import ATOMAS_FULL as FULL
from atom4._native import ATOMAS_MAX_DEPTH as MAX_DEPTH
from atom4._native import ATOMAS_MAX_ENTRIES as MAX_ENTRIES
from atom4._native import Atomas, Engine, IllegalMoveError, ParseError, RandomStats, Reference, Session, random_games

__all__ = [
    "ACTIONS",
    "FULL",
    "MAX_DEPTH",
    "MAX_ENTRIES",
    "Atom",
    "Atomas",
    "IllegalMoveError",
    "ParseError",
    "RandomStats",
    "Reference",
    "Session",
    "play_line",
    "random_games",
]

Atom = Union[int, str]
"""An atom: a number from 1, or `"+"`, `"-"`, `"B"`, `"C"`."""


def play_line(
    line: str,
    engine: Optional[Engine] = None,
    session: Optional[Session] = None,
    **limits: Any,
) -> str:
    """The line a bot program prints for one request `line`: its reply,
    or `error: <why>` for a malformed request. With a `session` kept
    across calls (a persistent bot), the game it follows is known exactly.
    `limits` go to `Engine.search` (`depth`, `time`, `nodes`; depth 2 when
    none is given)."""
    session = session if session is not None else Session()
    engine = engine if engine is not None else Engine()
    try:
        state = session.state(line)
    except ParseError as error:
        session.reset()
        return f"error: {error}"
    if not limits:
        limits = {"depth": 2}
    move = engine.search(state, **limits).move
    session.played(state, move)
    return move.text()


def __getattr__(name: str) -> Any:
    import importlib

    return importlib.import_module("atom4._deprecated").lookup(__name__, name)
