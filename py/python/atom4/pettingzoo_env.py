"""One PettingZoo AEC environment for every game (`pip install
atom4[pettingzoo]`; made by `atom4.env(game, ...)`).

The state in play is `env.game`. Agents are `player_1` ... `player_N` in
the game's numbering; the agent
selected is the player to move. Actions are the game's actions
(`state.action_count` of them). Observations are `{"observation": ...,
"action_mask": mask}`: the game's observation from the agent's view (see
`atom4.observations`) and one int8 a legal action, all zero for agents not
to move. Chance turns (Atomas's draws) are played by the environment, drawn
with its generator (`reset(seed=)`). When the game ends every agent gets
its return (`state.returns()`); `max_moves` truncates a game that goes on.
An illegal action raises `atom4.IllegalMoveError` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from atom4._native import CHANCE, State, load
from atom4.observations import checked_options, observer

__all__ = ["GameEnv"]


class GameEnv(AECEnv[str, dict[str, Any], Optional[int]]):
    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "atom4_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "atom4",
        *,
        render_mode: Optional[str] = None,
        text: Optional[str] = None,
        max_moves: Optional[int] = None,
        **params: Any,
    ) -> None:
        """A game of `game` with `params` (as `atom4.load`), or from the
        position `text`."""
        super().__init__()
        self.render_mode, self.max_moves = checked_options(render_mode, max_moves)
        self._name, self._text, self._params = game, text, params
        self._rng = random.Random(0)
        self.game: State = self._start()
        self.metadata = {**self.metadata, "name": f"{game}_v0"}
        self._observer = observer(game)
        self.possible_agents = [f"player_{p}" for p in range(1, self.game.players + 1)]
        actions = self.game.action_count
        obs_space = spaces.Dict(
            {
                "observation": self._observer.space(self.game),
                "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._moves = 0

    def _start(self) -> State:
        if self._text is not None:
            return load(self._name, text=self._text)
        return load(self._name, **self._params)

    def _chance(self) -> None:
        """Plays chance's turns with the environment's generator."""
        while self.game.turn == CHANCE:
            self.game.push_random(self._rng)

    def _player(self, agent: str) -> int:
        return self.possible_agents.index(agent) + 1

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        mask = np.frombuffer(self.game.legal_action_mask(), dtype=np.int8).copy()
        if agent != self.agent_selection or self.terminations[agent] or self.truncations[agent]:
            mask[:] = 0
        return {
            "observation": self._observer.observe(self.game, self._player(agent)),
            "action_mask": mask,
        }

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts the game again; `seed` seeds the chance draws;
        `options={"text": position}` starts from a position."""
        if seed is not None:
            self._rng.seed(seed)
        if options and "text" in options:
            self._text = options["text"]
        self.game = self._start()
        self._chance()
        self._moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        over = self.game.is_game_over()
        self.terminations = {a: over for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        turn = self.game.turn
        self.agent_selection = f"player_{turn}" if turn else self.agents[0]

    def step(self, action: Optional[int]) -> None:
        """Plays `action` for the agent to move; an illegal action raises
        `atom4.IllegalMoveError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("the agent to move must give an action, not None")
        self.game.push(int(action))
        self._chance()
        self._moves += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game.is_game_over():
            for a, value in zip(self.possible_agents, self.game.returns()):
                self.rewards[a] = value
                self.terminations[a] = True
        elif self.max_moves is not None and self._moves >= self.max_moves:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = f"player_{self.game.turn}"
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
