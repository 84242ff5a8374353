"""A PettingZoo AEC environment of one game of Chain Reaction for 2 to 8
players (`pip install atom4[pettingzoo]`; made by `atom4.chain.env()`).

Agents are `player_1` ... `player_N` in turn order (`a`, `b`, ... in the
notation). Actions are `y * 16 + x` for a cell and 256 for the pass (atoms
only): 257 whatever the board size. Observations are
`{"observation": planes, "action_mask": mask}`: the planes of
`Position.planes(player)` seen from the observing agent (its own cells
first), channels last, (16, 16, PLANES) int8; the mask is all zero for
agents not to move. An agent put out (all its orbs captured, or no cell
left for its first orb) is terminated at once with reward -1; the winner
gets +1 when the game ends; a draw (the cap of 1000 waves in round one)
gives 0 to those still in. A game still on after `max_moves` moves is
truncated for everybody.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from atom4._chain import ACTIONS, BOARD_SIDE, PLANES, Position

__all__ = ["ChainEnv"]


def _agent(player: int) -> str:
    return f"player_{player}"


# PettingZoo ships no type information: AECEnv is Any to mypy.
class ChainEnv(AECEnv[str, dict[str, Any], Optional[int]]):  # type: ignore[misc]
    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "chain_reaction_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        width: int = 6,
        height: int = 9,
        players: int = 2,
        rules: str = "classic",
        render_mode: Optional[str] = None,
        position: Optional[str] = None,
        max_moves: int = 10_000,
    ) -> None:
        """A game on a `width` x `height` board for `players` players of
        `rules` ('classic' or 'atoms'), or from `position` text."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or 'human'")
        if max_moves < 1:
            raise ValueError(f"max_moves {max_moves}: give at least 1")
        self.render_mode = render_mode
        self.max_moves = max_moves
        if position is not None:
            self._start = Position(position)
        else:
            self._start = Position(rules=rules, width=width, height=height, players=players)
        self.position = self._start.copy()
        self.possible_agents = [_agent(p) for p in range(1, self._start.players + 1)]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (BOARD_SIDE, BOARD_SIDE, PLANES), dtype=np.int8),
                "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self._moves = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        player = self.possible_agents.index(agent) + 1
        planes = np.frombuffer(self.position.planes(player), dtype=np.int8)
        planes = planes.reshape(PLANES, BOARD_SIDE, BOARD_SIDE).transpose(1, 2, 0)
        if self.position.turn == player:
            mask = np.frombuffer(self.position.legal_action_mask(), dtype=np.int8).copy()
        else:
            mask = np.zeros(ACTIONS, dtype=np.int8)
        return {"observation": np.ascontiguousarray(planes), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts the game again (the rules have no randomness: `seed` is
        accepted and unused). `options={"position": text}` starts from a
        position of the same player count."""
        if options and "position" in options:
            start = Position(options["position"])
            if start.players != len(self.possible_agents):
                raise ValueError(
                    f"a position of {start.players} players for an environment of "
                    f"{len(self.possible_agents)}"
                )
            self._start = start
        self.position = self._start.copy()
        self._moves = 0
        self.agents = [a for i, a in enumerate(self.possible_agents) if i + 1 not in self.position.out]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        over = self.position.is_game_over()
        self.terminations = {a: over for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        turn = self.position.turn
        self.agent_selection = _agent(turn) if turn is not None else self.agents[0]

    def step(self, action: Optional[int]) -> None:
        """Plays `action` for the agent to move; an illegal action raises
        `atom4.IllegalMoveError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("the agent to move must give an action, not None")
        self.position.push(int(action))
        self._moves += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        out = self.position.out
        for a in self.agents:
            if self.possible_agents.index(a) + 1 in out and not self.terminations[a]:
                self.rewards[a] = -1.0
                self.terminations[a] = True
        outcome = self.position.outcome()
        if outcome is not None:
            for a in self.agents:
                if outcome.winner is not None and a == _agent(outcome.winner):
                    self.rewards[a] = 1.0
                self.terminations[a] = True
        elif self._moves >= self.max_moves:
            for a in self.agents:
                self.truncations[a] = True
        turn = self.position.turn
        if turn is not None:
            self.agent_selection = _agent(turn)
        self._deads_step_first()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
