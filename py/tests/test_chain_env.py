"""The Chain Reaction PettingZoo environment passes PettingZoo's own API
test for 2 to 8 players and both rule sets, and plays whole games."""

from __future__ import annotations

import random

import pytest
from atom4 import chain

pettingzoo_test = pytest.importorskip("pettingzoo.test")


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"players": 3, "width": 5, "height": 5},
        {"players": 4, "width": 8, "height": 8},
        {"players": 8, "width": 4, "height": 4},
        {"rules": "atoms", "width": 4, "height": 4, "max_moves": 300},
    ],
)
def test_pettingzoo_api(kwargs: dict[str, object]) -> None:
    env = chain.env(**kwargs)
    pettingzoo_test.api_test(env, num_cycles=1000, verbose_progress=False)


def test_a_game_of_four_in_the_environment() -> None:
    env = chain.env(width=5, height=5, players=4, render_mode="ansi")
    env.reset(seed=1)
    rng = random.Random(2)
    final: dict[str, float] = {}
    assert env.agent_selection == "player_1" and env.agents == [f"player_{i}" for i in range(1, 5)]
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = float(reward) + final.get(agent, 0.0)
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["observation"].shape == (16, 16, chain.PLANES)
        legal = [a for a in range(chain.ACTIONS) if mask[a]]
        assert legal == env.position.legal_actions()
        assert agent == f"player_{env.position.turn}"
        env.step(rng.choice(legal))
    outcome = env.position.outcome()
    assert outcome is not None and outcome.winner is not None
    winner = f"player_{outcome.winner}"
    assert final[winner] == 1.0
    assert all(final[a] == -1.0 for a in final if a != winner) and len(final) == 4
    assert "to move" in (env.render() or "") or "won by" in (env.render() or "")


def test_illegal_actions_raise_and_change_nothing() -> None:
    env = chain.env()
    env.reset()
    env.step(0)
    with pytest.raises(chain.IllegalMoveError):
        env.step(0)  # player 1's cell
    with pytest.raises(chain.IllegalMoveError):
        env.step(chain.PASS_ACTION)  # no pass in classic
    assert env.agent_selection == "player_2" and len(env.position.move_stack) == 1


def test_start_positions_and_truncation() -> None:
    env = chain.env(players=3, width=5, height=1)
    env.reset(options={"position": "classic 3 .1b1b1c. b 3 a *"})
    assert env.agents == ["player_2", "player_3"] and env.agent_selection == "player_2"
    with pytest.raises(ValueError):
        env.reset(options={"position": "classic 2 ./. a 0 - *"})
    short = chain.env(rules="atoms", width=8, height=8, max_moves=3)
    short.reset()
    for _ in range(3):
        short.step(short.position.legal_actions()[0])
    assert all(short.truncations.values())
    with pytest.raises(ValueError):
        chain.env(render_mode="video")
