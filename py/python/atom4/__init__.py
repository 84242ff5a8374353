"""Atom-4 for Python bots: the rules of atom4 4.1, its classic AI and a
strong engine, all in Rust.

>>> import atom4
>>> board = atom4.Board()
>>> board.push(atom4.Move(8, 6))
>>> board.tile
'y'

The API follows python-chess: `Board.legal_moves`, `push`/`pop`/`peek`,
`outcome()`, `copy()`, pickling. Integer actions (`y * 16 + x`), the legal
action mask and the observation bytes serve learning code; `atom4.arrays`
turns them into numpy arrays (`pip install atom4[numpy]`), and `atom4.env()`
is a PettingZoo environment (`pip install atom4[pettingzoo]`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atom4._native import (
    ACTIONS,
    BOARD_SIDE,
    CLASSIC_MAX_LEVEL,
    MATE,
    MAX_DEPTH,
    OBSERVATION_LEN,
    PLANES,
    Board,
    ClassicAnalysis,
    Engine,
    IllegalMoveError,
    LegalMoves,
    Move,
    Outcome,
    ParseError,
    PlayoutStats,
    SearchResult,
    __version__,
    classic_analyse,
    classic_move,
    random_playouts,
)

if TYPE_CHECKING:
    from atom4.pettingzoo_env import Atom4Env

__all__ = [
    "ACTIONS",
    "BOARD_SIDE",
    "CLASSIC_MAX_LEVEL",
    "MATE",
    "MAX_DEPTH",
    "OBSERVATION_LEN",
    "PLANES",
    "Board",
    "ClassicAnalysis",
    "Engine",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "Outcome",
    "ParseError",
    "PlayoutStats",
    "SearchResult",
    "__version__",
    "classic_analyse",
    "classic_move",
    "env",
    "random_playouts",
]


def env(**kwargs: Any) -> Atom4Env:
    """A PettingZoo AEC environment of one Atom-4 round (see
    `atom4.pettingzoo_env.Atom4Env` for the arguments). Needs the
    `pettingzoo` extra; it is imported only when this is called."""
    from atom4.pettingzoo_env import Atom4Env

    return Atom4Env(**kwargs)
