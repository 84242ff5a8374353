"""A PettingZoo AEC environment of one game of Gamma
(`pip install atom4[pettingzoo]`; made by `atom4.gamma.env()`).

Agents are `player_1` ... `player_N`, on turn in the interactive mode's
order (a player who cannot move or make a golden move is skipped; the game
ends when nobody can). Actions for a `width` x `height` board: `y * width
+ x` is an ordinary move on `(x, y)`, `width * height + y * width + x` a
golden move there. Observations are `{"observation": planes, "action_mask":
mask}`: planes (height, width, 4) int8, row `y` at index `y`: the agent's
cells, the other players' cells, the empty cells, and all ones while the
agent's golden move is unused; the mask has one byte an action, all zero
for agents not on turn. At the end the only player holding the most cells
gets +1 and the others -1; players sharing the most get 0.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from atom4._gamma import Game, IllegalMoveError, Move

__all__ = ["GammaEnv"]

PLANES = 4


# PettingZoo ships no type information: AECEnv is Any to mypy.
class GammaEnv(AECEnv[str, dict[str, Any], Optional[int]]):  # type: ignore[misc]
    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "gamma_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        width: int = 10,
        height: int = 10,
        players: int = 2,
        areas: int = 3,
        render_mode: Optional[str] = None,
    ) -> None:
        """A game on a `width` x `height` board of `players` players, each
        holding at most `areas` areas."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or 'human'")
        self.render_mode = render_mode
        self.game = Game(width, height, players, areas)
        self.width, self.height, self.cells = width, height, width * height
        self.possible_agents = [f"player_{p}" for p in range(1, players + 1)]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (height, width, PLANES), dtype=np.int8),
                "action_mask": spaces.Box(0, 1, (2 * self.cells,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(2 * self.cells) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _player(self, agent: str) -> int:
        return self.possible_agents.index(agent) + 1

    def action_of(self, move: Move) -> int:
        """The action of a move of the agent on turn."""
        return (self.cells if move.golden else 0) + move.y * self.width + move.x

    def move_of(self, agent: str, action: int) -> Move:
        """The move an action stands for."""
        if not 0 <= action < 2 * self.cells:
            raise IllegalMoveError(f"action {action}: actions go from 0 to {2 * self.cells - 1}")
        cell = action % self.cells
        return Move(self._player(agent), cell % self.width, cell // self.width, golden=action >= self.cells)

    def observe(self, agent: str) -> dict[str, Any]:
        player = self._player(agent)
        planes = np.zeros((self.height, self.width, PLANES), dtype=np.int8)
        for y in range(self.height):
            for x in range(self.width):
                owner = self.game.owner(x, y)
                planes[y, x, 2 if owner is None else (0 if owner == player else 1)] = 1
        if not self.game.golden_move_used(player):
            planes[:, :, 3] = 1
        mask = np.zeros(2 * self.cells, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            for move in self.game.legal_moves(player):
                mask[self.action_of(move)] = 1
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts the game again (the rules have no randomness: `seed` is
        accepted and unused)."""
        self.game = Game(self.width, self.height, len(self.possible_agents), self.game.areas)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[0]

    def step(self, action: Optional[int]) -> None:
        """Plays `action` for the agent on turn; an illegal action raises
        `atom4.gamma.IllegalMoveError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("the agent on turn must give an action, not None")
        self.game.push(self.move_of(agent, int(action)))
        self._cumulative_rewards[agent] = 0.0
        following = self.game.next_player(self._player(agent))
        if following is None:
            busy = [self.game.busy_fields(p) for p in range(1, len(self.possible_agents) + 1)]
            best = max(busy)
            sharing = busy.count(best)
            for index, name in enumerate(self.possible_agents):
                if busy[index] < best:
                    self.rewards[name] = -1.0
                else:
                    self.rewards[name] = 1.0 if sharing == 1 else 0.0
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[following - 1]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = self.game.board()
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        pass
