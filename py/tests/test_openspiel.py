"""Every game through OpenSpiel's Python-game API: loaded by name with
`pyspiel.load_game` and played to its end by OpenSpiel's own MCTS bot."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import atom4

pyspiel = pytest.importorskip("pyspiel")  # open_spiel: CPython 3.11 and later

from open_spiel.python.algorithms import mcts  # noqa: E402

import atom4.openspiel  # noqa: E402

SMALL: dict[str, dict[str, Any]] = {
    "atom4": {"size": "5x4"},
    "chain": {"size": "3x3", "players": 2},
    "gamma": {"size": "4x3", "players": 2, "areas": 2},
    "atropos": {"size": 3},
}


@pytest.mark.parametrize("game", list(atom4.GAMES))
def test_mcts_plays_each_game_to_its_end(game: str) -> None:
    names = atom4.openspiel.register()
    assert f"atom4_{game}" in names and f"atom4_{game}" in pyspiel.registered_names()
    spiel = pyspiel.load_game(f"atom4_{game}", SMALL.get(game, {}))
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=60)
    bot = mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=6, evaluator=evaluator, random_state=rng)
    state = spiel.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 400:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1) < 1e-9
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        moves += 1
    # Atomas may go on past the bound; the others end.
    assert state.is_terminal() or game == "atomas"
    returns = state.returns()
    assert len(returns) == spiel.num_players()
    if state.is_terminal() and spiel.num_players() == 2:
        assert sum(returns) == 0
    assert str(state) and state.clone().history() == state.history()
