"""The Atropos PettingZoo environment passes PettingZoo's own API test and
plays whole games with its action masks."""

from __future__ import annotations

import random

import pytest

from atom4 import atropos

pettingzoo_test = pytest.importorskip("pettingzoo.test")


@pytest.mark.parametrize("size", [1, 4, 7])
def test_pettingzoo_api(size: int) -> None:
    env = atropos.env(size=size)
    pettingzoo_test.api_test(env, num_cycles=300, verbose_progress=False)


def test_games_in_the_environment() -> None:
    for seed in range(5):
        env = atropos.env(size=6, render_mode="ansi")
        env.reset(seed=seed)
        rng = random.Random(seed)
        final: dict[str, float] = {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                final[agent] = float(reward)
                env.step(None)
                continue
            mask = obs["action_mask"]
            assert obs["observation"].shape == (21, 5)
            legal = [a for a in range(63) if mask[a]]
            assert legal == env.board.legal_actions()
            assert agent == f"player_{env.board.turn}"
            env.step(rng.choice(legal))
        outcome = env.board.outcome()
        assert outcome is not None
        loser = f"player_{3 - outcome.winner}"
        assert final[loser] == -1.0 and final[f"player_{outcome.winner}"] == 1.0
        assert isinstance(env.render(), str)


def test_bad_actions_and_arguments() -> None:
    env = atropos.env(size=5)
    env.reset()
    env.step(0)
    before = env.board.text()
    with pytest.raises(atropos.IllegalMoveError):
        env.step(0)
    with pytest.raises(atropos.IllegalMoveError):
        env.step(10_000)
    with pytest.raises(ValueError):
        env.step(None)
    assert env.board.text() == before
    with pytest.raises(ValueError):
        atropos.env(size=0)
    with pytest.raises(ValueError):
        atropos.env(render_mode="video")
    with pytest.raises(ValueError):
        atropos.env(position="[13][312][12]LastPlay:(1,1,1,1)")
    with pytest.raises(atropos.ParseError):
        atropos.env(position="nonsense")
