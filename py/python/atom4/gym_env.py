"""A Gymnasium environment of a one-player game (Atomas): registered as
`atom4/Atomas-v0` when `atom4` is imported (with gymnasium installed;
`pip install atom4[pettingzoo]`).

Each step plays the action and then chance's turns (drawn with the
environment's generator: `reset(seed=S)` repeats a game). The observation
is the game's (see `atom4.observations`); the reward is the rise of its
progress (Atomas: the points the move scored); the legal actions are in
`info["action_mask"]` and `action_masks()` (the MaskablePPO convention).
An illegal action raises `atom4.IllegalMoveError` and changes nothing;
`max_moves` truncates.
"""

from __future__ import annotations

import random
from typing import Any, Optional, Union

import gymnasium as gym
import numpy as np

from atom4._native import CHANCE, State, load
from atom4.observations import checked_options, observer

__all__ = ["GameGymEnv", "register"]


class GameGymEnv(gym.Env[np.ndarray, np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game: str = "atomas",
        render_mode: Optional[str] = None,
        max_moves: Optional[int] = None,
        **params: Any,
    ) -> None:
        """A game of `game` (a one-player game) with `params`."""
        self.render_mode, self.max_moves = checked_options(render_mode, max_moves)
        self._game, self._params = game, params
        self._rng = random.Random(0)
        self.state: State = load(game, **params)
        if self.state.players != 1:
            raise ValueError(f"{game} has {self.state.players} players: use atom4.env({game!r})")
        self._observer = observer(game)
        self.observation_space = self._observer.space(self.state)
        self.action_space = gym.spaces.Discrete(self.state.action_count)
        self.moves = 0

    def _chance(self) -> None:
        while self.state.turn == CHANCE:
            self.state.push_random(self._rng)

    def _observation(self) -> np.ndarray:
        return self._observer.observe(self.state, 1)

    def action_masks(self) -> np.ndarray:
        """The legal actions: a bool per action."""
        return np.frombuffer(self.state.legal_action_mask(), dtype=np.int8).astype(bool)

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": np.frombuffer(self.state.legal_action_mask(), dtype=np.int8).copy(),
            "text": self.state.text(),
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng.seed(int(self.np_random.integers(0, 2**63)))
        params = dict(self._params)
        if "seed" not in params and self._game == "atomas":
            params["seed"] = self._rng.getrandbits(63)
        self.state = load(self._game, **params)
        self._chance()
        self.moves = 0
        return self._observation(), self._info()

    def step(
        self, action: Union[int, np.integer[Any]]
    ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.state.is_game_over():
            raise RuntimeError("the game is over: call reset()")
        before = self._observer.progress(self.state)
        self.state.push(int(action))
        self._chance()
        self.moves += 1
        reward = self._observer.progress(self.state) - before
        terminated = self.state.is_game_over()
        truncated = not terminated and self.max_moves is not None and self.moves >= self.max_moves
        return self._observation(), float(reward), terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register() -> None:
    """Registers the one-player games' ids with Gymnasium (once)."""
    import atom4

    atom4._register_with(gym)
