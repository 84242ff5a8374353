"""Chain Reaction for Python bots: both rule sets (`classic`, 2 to 8
players; `atoms`, the learncgames tutorial's game), the strong engine, the
tutorial's computer player and the reference opponents, all in Rust.

>>> from atom4 import chain
>>> position = chain.Position(width=6, height=9, players=2)
>>> position.push(chain.Move(0, 0))
Cascade(explosions=0, waves=0)
>>> position.text()
'classic 2 1a...../....../....../....../....../....../....../....../...... b 1 - *'

The API follows python-chess: `Position.legal_moves`, `push`/`pop`/`peek`,
`outcome()`, `copy()`, pickling. Actions (`y * 16 + x`, 256 the pass), the
legal action mask and feature planes serve learning code; `chain.env()` is
a PettingZoo AEC environment for 2 to 8 players (`pip install
atom4[pettingzoo]`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from atom4._chain import (
    ACTIONS,
    BOARD_SIDE,
    MATE,
    MAX_DEPTH,
    MAX_PLAYERS,
    PASS_ACTION,
    PLANES,
    Cascade,
    Engine,
    IllegalMoveError,
    LegalMoves,
    Move,
    Outcome,
    ParseError,
    PlayoutStats,
    Position,
    SearchResult,
    SeedAi,
    random_playouts,
    reference_move,
)

if TYPE_CHECKING:
    from atom4.chain_pettingzoo import ChainEnv

__all__ = [
    "ACTIONS",
    "BOARD_SIDE",
    "MATE",
    "MAX_DEPTH",
    "MAX_PLAYERS",
    "PASS_ACTION",
    "PLANES",
    "Cascade",
    "Engine",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "Outcome",
    "ParseError",
    "PlayoutStats",
    "Position",
    "SearchResult",
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


def play_seed_ai_game(
    moves_of_a: list[Move], seed: int, *, width: int = 8, height: int = 8
) -> Position:
    """Replays a game of the tutorial (`atoms`): `a` plays `moves_of_a`
    in turn, `b` is the tutorial's computer player seeded with `seed`.
    Stops when the game ends or `a` has no move left; an illegal move of
    `a` raises `IllegalMoveError`."""
    position = Position(rules="atoms", width=width, height=height)
    ai = SeedAi(seed)
    pending = list(moves_of_a)
    while not position.is_game_over():
        if position.turn == 1:
            if not pending:
                break
            position.push(pending.pop(0))
        else:
            position.push(ai.choose(position))
    return position


def env(**kwargs: Any) -> ChainEnv:
    """A PettingZoo AEC environment of one game (see
    `atom4.chain_pettingzoo.ChainEnv` for the arguments). Needs the
    `pettingzoo` extra; it is imported only when this is called."""
    from atom4.chain_pettingzoo import ChainEnv

    return ChainEnv(**kwargs)
