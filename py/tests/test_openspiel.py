"""The OpenSpiel-style adapter, driven as OpenSpiel's own algorithms drive
a `pyspiel.State` (random simulation, undo, cloning, tensors)."""

from __future__ import annotations

import random

import atom4
import pytest
from atom4.openspiel import TERMINAL_PLAYER_ID, Atom4Game, Atom4State


def random_simulation(state: Atom4State, rng: random.Random) -> Atom4State:
    while not state.is_terminal():
        assert not state.is_chance_node() and not state.is_simultaneous_node()
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == state.legal_actions(player)
        assert state.legal_actions(1 - player) == []
        mask = state.legal_actions_mask(player)
        assert [a for a, on in enumerate(mask) if on] == legal
        action = rng.choice(legal)
        assert state.string_to_action(state.action_to_string(player, action)) == action
        state.apply_action(action)
        assert sum(state.rewards()) == 0.0
    return state


@pytest.mark.parametrize("size", [(16, 16), (5, 7)])
def test_random_games(size: tuple[int, int]) -> None:
    game = Atom4Game(*size)
    assert game.num_distinct_actions() == 256 and game.num_players() == 2
    assert game.get_type().short_name == "atom4"
    rng = random.Random(3)
    for _ in range(20):
        state = random_simulation(game.new_initial_state(), rng)
        assert state.current_player() == TERMINAL_PLAYER_ID
        returns = state.returns()
        assert sum(returns) == 0.0 and set(returns) <= {-1.0, 0.0, 1.0}
        assert len(state.history()) == state.move_number() <= game.max_game_length()


def test_clone_undo_and_child() -> None:
    game = Atom4Game()
    state = game.new_initial_state()
    start = str(state)
    first = state.legal_actions()[0]
    child = state.child(first)
    assert str(state) == start and child.history() == [first]
    twin = child.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(child.history()) == 1
    with pytest.raises(ValueError):
        twin.undo_action(0, twin.history()[-1])  # player 1 (index 1) moved last
    twin.undo_action(1, twin.history()[-1])
    assert twin.history() == child.history()
    with pytest.raises(atom4.IllegalMoveError):
        state.apply_action(0)


def test_tensors_and_strings() -> None:
    game = Atom4Game()
    state = game.new_initial_state()
    tensor = state.observation_tensor(0)
    assert len(tensor) == game.observation_tensor_size() == 14 * 256
    assert tensor == state.information_state_tensor(1)
    assert set(tensor) == {0.0, 1.0}
    assert state.observation_string(0) == atom4.Board().text()
    assert game.observation_tensor_shape() == [atom4.PLANES, 16, 16]
