"""Every game of the package as an OpenSpiel game, through OpenSpiel's
Python-game API (`pip install atom4[openspiel]`: the PyPI package
`open_spiel`, CPython 3.11 and later).

    import pyspiel
    import atom4.openspiel
    atom4.openspiel.register()
    game = pyspiel.load_game("atom4_chain", {"size": "5x5", "players": 3})

`register()` registers `atom4_<name>` for each name of `atom4.GAMES`
(`atom4_atom4`, `atom4_atropos`, `atom4_chain`, `atom4_gamma`,
`atom4_atomas`), with the game's parameters (`atom4.load`'s; their
defaults are the game's). Players are numbered from 0 (the game's player
1); actions are the game's; chance nodes (Atomas's draws) list their
outcomes with their probabilities; returns are `state.returns()`. A
state's string is its text, and so is its observation string.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import pyspiel

import atom4
from atom4._native import CHANCE, State, load

__all__ = ["GAME_NAMES", "SpielGame", "SpielState", "register", "short_name"]


def short_name(game: str) -> str:
    """OpenSpiel's name of a game of the package: `atom4_<name>`."""
    return f"atom4_{game}"


GAME_NAMES = [short_name(g) for g in atom4.GAMES]
"""OpenSpiel's names of the package's games."""

# The longest game the adapter declares (OpenSpiel asks for a bound).
MAX_GAME_LENGTH = 100_000


def _game_type(game: str) -> pyspiel.GameType:
    start = load(game)
    players = start.players
    stochastic = start.chance_count > 0
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{start.title} (atom4)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if stochastic
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if players == 2 else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=16,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=dict(start.params),
    )


def _game_info(start: State) -> pyspiel.GameInfo:
    players = start.players
    one_player = players == 1
    return pyspiel.GameInfo(
        num_distinct_actions=start.action_count,
        max_chance_outcomes=start.chance_count,
        num_players=players,
        # One-player games return a score; the others +1, -1 or 0.
        min_utility=0.0 if one_player else -1.0,
        max_utility=1e9 if one_player else 1.0,
        utility_sum=0.0 if players == 2 else None,
        max_game_length=MAX_GAME_LENGTH,
    )


class SpielState(pyspiel.State):
    """An OpenSpiel state over an `atom4.State` (`.state`)."""

    def __init__(self, game: pyspiel.Game, state: State) -> None:
        super().__init__(game)
        self.state = state

    def current_player(self) -> int:
        turn = self.state.turn
        if turn is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if turn == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return turn - 1

    def _legal_actions(self, player: int) -> list[int]:
        return self.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(m.action or 0, float(p)) for m, p in self.state.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        self.state.push(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.state.parse_move(int(action)).text()
        except ValueError:
            return f"#{action}"

    def is_terminal(self) -> bool:
        return self.state.is_game_over()

    def returns(self) -> list[float]:
        return self.state.returns()

    def __str__(self) -> str:
        return self.state.text()


class _Observer:
    """The observation string (the state's text); no tensor."""

    def __init__(self, params: Optional[dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SpielState, player: int) -> None:
        pass

    def string_from(self, state: SpielState, player: int) -> str:
        return state.state.text()


class SpielGame(pyspiel.Game):
    """An OpenSpiel game of the package: `register()` makes a subclass a
    game, naming it in `_name` and its type in `_type`."""

    _name = ""
    _type: Any = None

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        self._params = dict(params or {})
        start = load(self._name, **self._params)
        super().__init__(self._type, _game_info(start), self._params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, load(self._name, **self._params))

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[dict[str, Any]] = None) -> _Observer:
        return _Observer(params)


def register() -> list[str]:
    """Registers every game with pyspiel (once); returns their names."""
    registered = set(pyspiel.registered_names())
    for game in atom4.GAMES:
        if short_name(game) not in registered:
            game_type = _game_type(game)
            game_class = type(f"SpielGame_{game}", (SpielGame,), {"_name": game, "_type": game_type})
            pyspiel.register_game(game_type, game_class)
    return GAME_NAMES
