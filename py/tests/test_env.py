"""The PettingZoo environment passes PettingZoo's own API test."""

from __future__ import annotations

import random

import atom4
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")


@pytest.mark.parametrize("size", [(16, 16), (6, 5)])
def test_pettingzoo_api(size: tuple[int, int]) -> None:
    env = atom4.env(width=size[0], height=size[1])
    pettingzoo_test.api_test(env, num_cycles=400, verbose_progress=False)


def test_a_round_in_the_environment() -> None:
    env = atom4.env(width=7, height=6, render_mode="ansi")
    env.reset(seed=1)
    rng = random.Random(2)
    assert env.agent_selection == "player_1"
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = float(reward)
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["observation"].shape == (16, 16, atom4.PLANES)
        legal = [a for a in range(atom4.ACTIONS) if mask[a]]
        assert legal == env.board.legal_actions()
        assert agent == f"player_{env.board.turn}"
        env.step(rng.choice(legal))
    outcome = env.board.outcome()
    assert outcome is not None
    expected = {"player_1": 0.0, "player_2": 0.0}
    if outcome.winner is not None:
        expected = {f"player_{p}": (1.0 if p == outcome.winner else -1.0) for p in (1, 2)}
    assert final == expected
    assert "\x1b[" in (env.render() or "")


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = atom4.env()
    env.reset()
    with pytest.raises(atom4.IllegalMoveError):
        env.step(0)
    assert env.board == atom4.Board() and env.agent_selection == "player_1"


def test_start_position_option() -> None:
    env = atom4.env()
    env.reset(options={"position": "....../..gp../....../...... y 1 0-0 *"})
    assert env.agent_selection == "player_2" and env.board.width == 6
