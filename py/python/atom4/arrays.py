"""numpy views of an Atom-4 state for learning code (`pip install
atom4[numpy]`).

Each function copies the bytes the engine produces into a fresh array; the
layouts are those of `Atom4.observation()`, `State.legal_action_mask()` and
`Atom4.planes()` (see docs/python.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atom4._native import ACTIONS, BOARD_SIDE, OBSERVATION_LEN, PLANES, Atom4

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the install
    # Raised here, the original error stays attached as the context.
    raise ImportError("atom4.arrays needs numpy: pip install 'atom4[numpy]'")

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["action_mask", "observation", "planes"]


def observation(state: Atom4) -> npt.NDArray[np.uint8]:
    """The observation bytes as a uint8 array of `OBSERVATION_LEN`."""
    array = np.frombuffer(state.observation(), dtype=np.uint8).copy()
    assert array.shape == (OBSERVATION_LEN,)
    return array


def action_mask(state: Atom4) -> npt.NDArray[np.int8]:
    """1 for each legal action, as an int8 array of `ACTIONS`."""
    array = np.frombuffer(state.legal_action_mask(), dtype=np.int8).copy()
    assert array.shape == (ACTIONS,)
    return array


def planes(state: Atom4, *, channels_last: bool = False) -> npt.NDArray[np.int8]:
    """The one-hot feature planes as int8, shape (PLANES, 16, 16), or
    (16, 16, PLANES) with `channels_last`. Index [plane, y, x]."""
    array = np.frombuffer(state.planes(), dtype=np.int8).reshape(PLANES, BOARD_SIDE, BOARD_SIDE)
    if channels_last:
        return np.ascontiguousarray(array.transpose(1, 2, 0))
    return array.copy()
