"""atom4.gamma.env(): PettingZoo's API test, a whole game with the action
masks, the rewards, and illegal actions refused."""

from __future__ import annotations

import random

import pytest
from atom4 import gamma

pettingzoo_test = pytest.importorskip("pettingzoo.test")


@pytest.mark.parametrize("shape", [(5, 4, 2, 2), (4, 4, 4, 3), (3, 2, 3, 1)])
def test_pettingzoo_api(shape: tuple[int, int, int, int]) -> None:
    width, height, players, areas = shape
    env = gamma.env(width=width, height=height, players=players, areas=areas)
    pettingzoo_test.api_test(env, num_cycles=300, verbose_progress=False)


def test_a_game_in_the_environment() -> None:
    env = gamma.env(width=6, height=5, players=3, areas=2, render_mode="ansi")
    env.reset(seed=1)
    rng = random.Random(4)
    final: dict[str, float] = {}
    turns = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = float(reward)
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["observation"].shape == (5, 6, 4)
        legal = [a for a in range(60) if mask[a]]
        player = int(agent.split("_")[1])
        assert sorted(env.action_of(m) for m in env.game.legal_moves(player)) == legal
        # Agents not on turn see an empty mask.
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(legal))
        turns += 1
    assert env.game.is_game_over() and turns >= 10
    busy = {f"player_{p}": env.game.busy_fields(p) for p in (1, 2, 3)}
    best = max(busy.values())
    winners = [a for a, b in busy.items() if b == best]
    for agent, reward in final.items():
        if busy[agent] < best:
            assert reward == -1.0
        else:
            assert reward == (1.0 if len(winners) == 1 else 0.0)
    assert set(final) == {"player_1", "player_2", "player_3"}
    assert env.render() == env.game.board()


def test_illegal_actions_raise_and_change_nothing() -> None:
    env = gamma.env(width=3, height=3, players=2, areas=1)
    env.reset()
    env.step(4)
    # Occupied, a golden move on an empty cell, no such actions.
    for bad in (4, 9 + 0, 18, -1):
        with pytest.raises(gamma.IllegalMoveError):
            env.step(bad)
    assert env.agent_selection == "player_2" and env.game.busy_fields(1) == 1
    with pytest.raises(ValueError):
        gamma.env(render_mode="svg")
