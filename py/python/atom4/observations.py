"""What a learning agent sees of a state, a game at a time: an observation
space and the observation of one player, as numpy arrays. Games without an
entry here get the generic one, the owner of each spot of the board.
(Needs numpy and gymnasium: `pip install atom4[pettingzoo]`.)

| game | observation |
|---|---|
| atom4 | `Atom4.planes()` channels last, (16, 16, 14) int8 |
| chain | `Chain.planes(player)` channels last, (16, 16, 18) int8, the observer's cells first |
| gamma | (height, width, 4) int8, row `y` at index `y`: own cells, others' cells, empty cells, all ones while the golden move is unused |
| atropos | (circles, 5) int8 a circle in the canonical order: one-hot uncoloured / red / blue / green, and the last play |
| atomas | 24 int16: the ring (atoms relative to the range's low end, clipped to -64..64; codes for specials), the hand, the carry, moves since a plus (to 5), the ring's length, the move number modulo 40 |
| others | (spots, players + 1) int8: one-hot the owner of each spot (0: nobody) |
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

import numpy as np
from gymnasium import spaces

from atom4._native import State

__all__ = ["Observer", "checked_options", "observer"]

Array = np.ndarray[Any, Any]


@dataclass(frozen=True)
class Observer:
    """A game's observations: `space(state)` and `observe(state, player)`;
    `progress(state)` is what a one-player environment rewards the rise
    of."""

    space: Callable[[State], spaces.Box]
    observe: Callable[[State, int], Array]
    progress: Callable[[State], float]


def _final(state: State) -> float:
    return state.returns()[0]


def _generic_space(state: State) -> spaces.Box:
    return spaces.Box(0, 1, (len(state.spots()), state.players + 1), dtype=np.int8)


def _generic(state: State, player: int) -> Array:
    owners = np.array([owner for _, owner, _, _ in state.spots()], dtype=np.int64)
    out = np.zeros((owners.shape[0], state.players + 1), dtype=np.int8)
    out[np.arange(owners.shape[0]), owners] = 1
    return out


def _planes(data: bytes, planes: int) -> Array:
    array = np.frombuffer(data, dtype=np.int8).reshape(planes, 16, 16)
    return np.ascontiguousarray(array.transpose(1, 2, 0))


def _atom4(state: Any, player: int) -> Array:
    return _planes(state.planes(), 14)


def _chain(state: Any, player: int) -> Array:
    return _planes(state.planes(player), 18)


def _gamma_space(state: Any) -> spaces.Box:
    return spaces.Box(0, 1, (state.height, state.width, 4), dtype=np.int8)


def _gamma(state: Any, player: int) -> Array:
    out = np.zeros((state.height, state.width, 4), dtype=np.int8)
    for y in range(state.height):
        for x in range(state.width):
            owner = state.owner(x, y)
            out[y, x, 2 if owner is None else (0 if owner == player else 1)] = 1
    if not state.golden_move_used(player):
        out[:, :, 3] = 1
    return out


def _atropos_space(state: Any) -> spaces.Box:
    return spaces.Box(0, 1, (state.action_count // 3, 5), dtype=np.int8)


def _atropos(state: Any, player: int) -> Array:
    colors = np.frombuffer(state.colors(), dtype=np.uint8)
    out = np.zeros((colors.shape[0], 5), dtype=np.int8)
    out[np.arange(colors.shape[0]), colors] = 1
    last = state.last_play
    if last is not None and last.action is not None:
        out[last.action // 3, 4] = 1
    return out


ATOMAS_LEN = 24
PLUS, MINUS, BLACK, CLONE, NOTHING = 100, 99, 98, 97, -100
_CODES = {"+": PLUS, "-": MINUS, "B": BLACK, "C": CLONE}


def _code(atom: Any, lo: int) -> int:
    if atom is None:
        return NOTHING
    if isinstance(atom, str):
        return _CODES[atom]
    return max(-64, min(64, int(atom) - lo))


def _atomas(state: Any, player: int) -> Array:
    lo = state.range[0]
    out = np.full(ATOMAS_LEN, NOTHING, dtype=np.int16)
    for i, entry in enumerate(state.ring[:19]):
        out[i] = _code(entry, lo)
    out[19] = _code(state.hand, lo)
    out[20] = _code(state.carry, lo)
    out[21] = min(state.since, 5)
    out[22] = state.entries
    out[23] = state.move_number % 40
    return out


def _box(shape: tuple[int, ...], low: int = 0, high: int = 1, dtype: Any = np.int8) -> Callable[[State], spaces.Box]:
    return lambda state: spaces.Box(low, high, shape, dtype=dtype)


OBSERVERS: dict[str, Observer] = {
    "atom4": Observer(_box((16, 16, 14)), _atom4, _final),
    "chain": Observer(_box((16, 16, 18)), _chain, _final),
    "gamma": Observer(_gamma_space, _gamma, _final),
    "atropos": Observer(_atropos_space, _atropos, _final),
    "atomas": Observer(_box((ATOMAS_LEN,), -100, 100, np.int16), _atomas, lambda s: float(getattr(s, "score"))),
}


def observer(game: str) -> Observer:
    """The observations of `game`: its own, or the generic one."""
    return OBSERVERS.get(game, Observer(_generic_space, _generic, _final))


def checked_options(render_mode: Optional[str], max_moves: Optional[int]) -> tuple[Optional[str], Optional[int]]:
    """An environment's `render_mode` ("ansi", "human" or None) and
    `max_moves` (from 1, or None), checked."""
    if render_mode not in (None, "ansi", "human"):
        raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or 'human'")
    if max_moves is not None and max_moves < 1:
        raise ValueError(f"max_moves {max_moves}: give at least 1")
    return render_mode, max_moves
