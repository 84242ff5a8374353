"""A PettingZoo AEC environment of one Atropos game
(`pip install atom4[pettingzoo]`; made by `atom4.atropos.env()`).

Agents are `player_1` (moves first) and `player_2`. Actions are
`3 * circle + colour - 1` over the board's interior circles in the
canonical order (by h, then l): `Board.action_count` of them. Observations
are `{"observation": planes, "action_mask": mask}`: for each interior
circle, one-hot uncoloured / red / blue / green and whether it is the last
play, (circles, 5) int8. Whoever completes a three-coloured triangle gets
-1, the other +1.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from atom4._atropos import Board

__all__ = ["AtroposEnv"]

AGENTS = ["player_1", "player_2"]
FEATURES = 5


class AtroposEnv(AECEnv[str, dict[str, Any], Optional[int]]):  # type: ignore[misc]
    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "atropos_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        size: int = 7,
        render_mode: Optional[str] = None,
        position: Optional[str] = None,
    ) -> None:
        """A game on a board of `size`, or from the state string `position`."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or 'human'")
        self.render_mode = render_mode
        self._start = Board(position) if position is not None else Board(size=size)
        if self._start.is_game_over():
            raise ValueError("the position is a finished game")
        self.board = self._start.copy()
        self.possible_agents = AGENTS[:]
        actions = self._start.action_count
        circles = actions // 3
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (circles, FEATURES), dtype=np.int8),
                "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        colors = np.frombuffer(self.board.colors(), dtype=np.uint8)
        planes = np.zeros((colors.shape[0], FEATURES), dtype=np.int8)
        planes[np.arange(colors.shape[0]), colors] = 1
        last = self.board.last_play
        if last is not None:
            planes[self.board.action(last) // 3, 4] = 1
        mask = np.frombuffer(self.board.legal_action_mask(), dtype=np.uint8).astype(np.int8)
        if agent != self.agent_selection or self.board.is_game_over():
            mask[:] = 0
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts the game again (the rules have no randomness: `seed` is
        accepted and unused). `options={"position": state}` starts from a
        state string."""
        if options and "position" in options:
            start = Board(options["position"])
            if start.is_game_over():
                raise ValueError("the position is a finished game")
            self._start = start
        self.board = self._start.copy()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[(self.board.turn or 1) - 1]

    def step(self, action: Optional[int]) -> None:
        """Plays `action` for the agent to move; an illegal action raises
        `atom4.atropos.IllegalMoveError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("the agent to move must give an action, not None")
        self.board.push(int(action))
        self._cumulative_rewards[agent] = 0.0
        outcome = self.board.outcome()
        if outcome is not None:
            for index, name in enumerate(AGENTS):
                self.rewards[name] = 1.0 if outcome.winner == index + 1 else -1.0
                self.terminations[name] = True
        else:
            self.agent_selection = AGENTS[(self.board.turn or 1) - 1]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.board)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
