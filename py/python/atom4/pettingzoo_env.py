"""A PettingZoo AEC environment of one Atom-4 round
(`pip install atom4[pettingzoo]`; made by `atom4.env()`).

Agents are `player_1` (additive tiles, wants white rows) and `player_2`.
Actions are `y * 16 + x` (256, whatever the board size); observations are
`{"observation": planes, "action_mask": mask}` with the planes of
`Board.planes()` channels last, (16, 16, 14) int8. The winner gets +1 and
the loser -1 when the round ends; a stalemate gives 0 to both.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from atom4 import arrays
from atom4._native import ACTIONS, BOARD_SIDE, PLANES, Board

__all__ = ["Atom4Env"]

AGENTS = ["player_1", "player_2"]


class Atom4Env(AECEnv[str, dict[str, Any], Optional[int]]):
    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "atom4_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        width: int = 16,
        height: int = 16,
        render_mode: Optional[str] = None,
        position: Optional[str] = None,
    ) -> None:
        """A round on a `width` x `height` board, or from `position` text."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or 'human'")
        self.render_mode = render_mode
        self._start = Board(position) if position is not None else Board(width=width, height=height)
        self.board = self._start.copy()
        self.possible_agents = AGENTS[:]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0, 1, (BOARD_SIDE, BOARD_SIDE, PLANES), dtype=np.int8
                ),
                "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        mask = arrays.action_mask(self.board)
        if agent != self.agent_selection:
            mask[:] = 0
        return {
            "observation": arrays.planes(self.board, channels_last=True),
            "action_mask": mask,
        }

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts the round again (the rules have no randomness: `seed` is
        accepted and unused). `options={"position": text}` starts from a
        position."""
        if options and "position" in options:
            self._start = Board(options["position"])
        self.board = self._start.copy()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: self.board.is_game_over() for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[self.board.turn - 1]

    def step(self, action: Optional[int]) -> None:
        """Plays `action` for the agent to move; an illegal action raises
        `atom4.IllegalMoveError` and changes nothing."""
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
                if outcome.winner is None:
                    self.rewards[name] = 0.0
                else:
                    self.rewards[name] = 1.0 if outcome.winner == index + 1 else -1.0
                self.terminations[name] = True
        self.agent_selection = AGENTS[self.board.turn - 1]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = self.board.ansi()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
