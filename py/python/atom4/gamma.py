"""Gamma for Python: the area-limited board game of the Warsaw IPP course
(2019/20), its final rules, in Rust.

>>> from atom4 import gamma
>>> game = gamma.Game(10, 10, 2, 3)
>>> game.move(1, 0, 0)
>>> game.busy_fields(1), game.free_fields(1), game.golden_possible(1)
(1, 99, False)
>>> game.push(gamma.Move(2, 3, 1))
>>> game.golden_move(1, 3, 1)
>>> game.board().splitlines()[-2:]  # rows y = 1 and y = 0
['...1......', '1.........']

The engine has no turns: any player may move at any time, as with the
course's `gamma.h`; `Game.next_player()` gives the interactive mode's order.
A refused move raises `IllegalMoveError` (a `ValueError`) and leaves the
game as it was; bad arguments raise `ValueError` or `TypeError`. The API
follows python-chess: `push`/`pop`/`peek`, `move_stack`, `is_legal`,
`copy()`, pickling. `Engine.choose()` is the computer's move (Monte Carlo
tree search); `greedy()` and `random()` are the baseline players;
`gamma.env()` is a PettingZoo AEC environment with action masks (`pip
install atom4[pettingzoo]`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atom4._gamma import (
    COMPUTER_CELLS,
    COMPUTER_PLAYERS,
    MAX_CELLS,
    Engine,
    Game,
    IllegalMoveError,
    Move,
    ParseError,
    greedy,
    random,
)

if TYPE_CHECKING:
    from atom4.gamma_pettingzoo import GammaEnv

__all__ = [
    "COMPUTER_CELLS",
    "COMPUTER_PLAYERS",
    "MAX_CELLS",
    "Engine",
    "Game",
    "IllegalMoveError",
    "Move",
    "ParseError",
    "env",
    "greedy",
    "play_to_end",
    "random",
]


def play_to_end(game: Game, engine: Engine, *, iterations: int = 1000, seed: int = 0) -> list[Move]:
    """Plays `game` to its end in the interactive mode's turn order, the
    engine choosing every move (`iterations` playouts each); returns the
    moves made."""
    made: list[Move] = []
    player = game.next_player()
    step = 0
    while player is not None:
        move = engine.choose(game, player, iterations=iterations, seed=seed + step)
        game.push(move)
        made.append(move)
        step += 1
        player = game.next_player(player)
    return made


def env(**kwargs: Any) -> GammaEnv:
    """A PettingZoo AEC environment of one game of Gamma (see
    `atom4.gamma_pettingzoo.GammaEnv` for the arguments). Needs the
    `pettingzoo` extra; it is imported only when this is called."""
    from atom4.gamma_pettingzoo import GammaEnv

    return GammaEnv(**kwargs)
