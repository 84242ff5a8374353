"""Chain Reaction: both rule sets (`classic`, 2 to 8 players; `atoms`, the
learncgames tutorial's game), its extras and computer players.

>>> import atom4
>>> from atom4 import chain
>>> state = atom4.load("chain", size="6x9", players=2)
>>> state.push("0,0")
>>> state.text()
'classic 2 1a...../....../....../....../....../....../....../....../...... b 1 - *'
>>> state.count_at(0, 0), state.owner_at(0, 0), state.last_cascade()
(1, 1, Cascade(explosions=0, waves=0))

The state is an `atom4.Chain` (see `atom4.State`); moves are `x,y` and,
in atoms, `pass`; actions `y * 16 + x`, 256 the pass. Here: the
tutorial's computer player (`SeedAi`), the reference opponents
(`reference_move`), batch random playouts, and `env()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Union

from atom4._native import BOARD_SIDE, MATE, MAX_DEPTH
from atom4._native import CHAIN_ACTIONS as ACTIONS
from atom4._native import CHAIN_MAX_PLAYERS as MAX_PLAYERS
from atom4._native import CHAIN_PASS_ACTION as PASS_ACTION
from atom4._native import CHAIN_PLANES as PLANES
from atom4._native import Cascade, Chain, ChainPlayoutStats, IllegalMoveError, ParseError, SeedAi, load, reference_move
from atom4._native import chain_random_playouts as random_playouts

if TYPE_CHECKING:
    from atom4 import _native
    from atom4.pettingzoo_env import GameEnv

__all__ = [
    "ACTIONS",
    "BOARD_SIDE",
    "MATE",
    "MAX_DEPTH",
    "MAX_PLAYERS",
    "PASS_ACTION",
    "PLANES",
    "Cascade",
    "Chain",
    "ChainPlayoutStats",
    "IllegalMoveError",
    "ParseError",
    "SeedAi",
    "env",
    "letter",
    "play_seed_ai_game",
    "random_playouts",
    "reference_move",
]


def letter(player: int) -> str:
    """The notation's letter of player `player` (1 is 'a')."""
    if not 1 <= player <= MAX_PLAYERS:
        raise ValueError(f"player {player}: players go from 1 to {MAX_PLAYERS}")
    return chr(ord("a") + player - 1)


def play_seed_ai_game(moves_of_a: Sequence[Union[_native.Move, str]], seed: int, *, size: str = "8x8") -> Chain:
    """Replays a game of the tutorial (`atoms`): `a` plays `moves_of_a`
    in turn, `b` is the tutorial's computer player seeded with `seed`.
    Stops when the game ends or `a` has no move left; an illegal move of
    `a` raises `IllegalMoveError`."""
    state = load("chain", rules="atoms", size=size)
    assert isinstance(state, Chain)
    ai = SeedAi(seed)
    pending = list(moves_of_a)
    while not state.is_game_over():
        if state.turn == 1:
            if not pending:
                break
            state.push(pending.pop(0))
        else:
            state.push(ai.choose(state))
    return state


def env(**kwargs: Any) -> GameEnv:
    """`atom4.env("chain", ...)`: a PettingZoo AEC environment."""
    import atom4

    return atom4.env("chain", **kwargs)


def __getattr__(name: str) -> Any:
    import importlib

    return importlib.import_module("atom4._deprecated").lookup(__name__, name)
