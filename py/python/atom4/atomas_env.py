"""A Gymnasium environment of one game of Atomas (`pip install
atom4[pettingzoo]`, which brings gymnasium and numpy; made by
`atomas.env()`).

Each step plays the atom in hand as the action says and draws the next
atom. Actions are those of `atomas.ACTIONS` (38): the gap or entry index
(0..18), and for a minus `entry` (n) or `19 + entry` (y). The legal ones
are in `info["action_mask"]` and `action_masks()` (the MaskablePPO
convention). As the controller rules, an illegal action is a bad reply:
the game ends there (`terminated`, `info["bad_reply"]`), its score
standing. The reward is the move's points; `max_moves` truncates.

Observations are 24 int16 values, each atom relative to the range's low
end `lo` and clipped to -64..64, pluses and special atoms as codes:

| index  | what |
|--------|------|
| 0..18  | the ring's entries in index order; -100 past the last entry |
| 19     | the atom in hand |
| 20     | the carry, or -100 |
| 21     | moves since the last plus (0..5, 5 meaning 5 or more) |
| 22     | the ring's length |
| 23     | the move number modulo 40 (the range rises when it comes to 0) |

Codes: a plus 100, a minus 99, a black plus 98, a clone 97, nothing -100.
`gymnasium.make("atom4/Atomas-v0")` makes it too (importing this module
registers it). `reset(seed=S)` draws the game with the spec's reference generator
seeded `S`, as `atom4 atomas koth --seed S` draws its first game.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from atom4._atomas import ACTIONS, MAX_ENTRIES, Game, Reply

__all__ = ["AtomasEnv", "ENV_ID", "OBSERVATION_LEN", "PLUS", "MINUS", "BLACK", "CLONE", "NOTHING"]

ENV_ID = "atom4/Atomas-v0"
"""The environment's Gymnasium id."""

OBSERVATION_LEN = MAX_ENTRIES + 5
PLUS, MINUS, BLACK, CLONE, NOTHING = 100, 99, 98, 97, -100
_CODES = {"+": PLUS, "-": MINUS, "B": BLACK, "C": CLONE}


def _code(atom: Any, lo: int) -> int:
    if atom is None:
        return NOTHING
    if isinstance(atom, str):
        return _CODES[atom]
    return max(-64, min(64, int(atom) - lo))


class AtomasEnv(gym.Env[np.ndarray, np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, render_mode: Optional[str] = None, max_moves: Optional[int] = None) -> None:
        """A game; `max_moves` (if given) truncates it."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or 'human'")
        if max_moves is not None and max_moves < 1:
            raise ValueError(f"max_moves {max_moves}: give at least 1")
        self.render_mode = render_mode
        self.max_moves = max_moves
        self.observation_space = spaces.Box(-100, 100, (OBSERVATION_LEN,), dtype=np.int16)
        self.action_space = spaces.Discrete(ACTIONS)
        self.game = Game(seed=0)
        self.game.draw()
        self.moves = 0
        self.bad_reply: Optional[str] = None

    def _observation(self) -> np.ndarray:
        game = self.game
        lo = game.range[0]
        obs = np.full(OBSERVATION_LEN, NOTHING, dtype=np.int16)
        for i, entry in enumerate(game.ring[:MAX_ENTRIES]):
            obs[i] = _code(entry, lo)
        obs[MAX_ENTRIES] = _code(game.hand, lo)
        obs[MAX_ENTRIES + 1] = _code(game.carry, lo)
        obs[MAX_ENTRIES + 2] = min(game.since, 5)
        obs[MAX_ENTRIES + 3] = game.entries
        obs[MAX_ENTRIES + 4] = game.move_number % 40
        return obs

    def _mask(self) -> np.ndarray:
        # After a bad reply the game is over: nothing is legal any more.
        mask = np.frombuffer(self.game.legal_action_mask(), dtype=np.int8).copy()
        if self.bad_reply is not None:
            mask[:] = 0
        return mask

    def action_masks(self) -> np.ndarray:
        """The legal actions: a bool per action."""
        return self._mask().astype(bool)

    def _info(self, **extra: Any) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": self._mask(),
            "score": self.game.score,
            "move": self.game.move_number,
        }
        info.update(extra)
        return info

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63))
        self.game = Game(seed=game_seed)
        self.game.draw()
        self.moves = 0
        self.bad_reply = None
        return self._observation(), self._info()

    def step(
        self, action: Union[int, np.integer[Any]]
    ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.game.is_game_over() or self.bad_reply is not None:
            raise RuntimeError("the game is over: call reset()")
        hand = self.game.hand
        assert hand is not None  # a game not over has its atom in hand
        try:
            reply = Reply.from_action(int(action), hand)
            points = self.game.push(reply)
        except (ValueError, TypeError) as why:
            # A bad reply ends the game, its score standing.
            self.bad_reply = str(why)
            return self._observation(), 0.0, True, False, self._info(bad_reply=self.bad_reply)
        self.moves += 1
        terminated = self.game.is_game_over()
        if not terminated:
            self.game.draw()
        truncated = not terminated and self.max_moves is not None and self.moves >= self.max_moves
        return self._observation(), float(points), terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        text = self.game.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gym.registry:
    gym.register(id=ENV_ID, entry_point="atom4.atomas_env:AtomasEnv")
