"""The Gymnasium environment of Atomas: gymnasium's own checker, masked
random play to the end, a bad action ends the game, seeds reproduce."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from atom4 import atomas  # noqa: E402
from atom4.atomas_env import ENV_ID, OBSERVATION_LEN, AtomasEnv  # noqa: E402


def test_check_env() -> None:
    # Made by id, it has the spec the render check needs.
    check_env(gymnasium.make(ENV_ID).unwrapped)
    check_env(gymnasium.make(ENV_ID, render_mode="ansi", max_moves=20).unwrapped)
    check_env(atomas.env(), skip_render_check=True)


def test_masked_random_play_to_the_end() -> None:
    env = atomas.env()
    obs, info = env.reset(seed=1)
    assert obs.shape == (OBSERVATION_LEN,) and env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    total = 0.0
    for _ in range(100_000):
        mask = info["action_mask"]
        assert (mask.astype(bool) == env.action_masks()).all()
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        total += reward
        if terminated:
            break
    assert terminated and not truncated
    assert total == info["score"] == env.game.score
    with pytest.raises(RuntimeError):
        env.step(0)


def test_seed_is_the_controllers_game() -> None:
    env = atomas.env()
    env.reset(seed=1)
    game = atomas.Game(seed=1)
    game.draw()
    assert env.game == game


def test_bad_action_ends_the_game() -> None:
    env = AtomasEnv()
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[-1])
    score = env.game.score
    _, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and not truncated and reward == 0.0
    assert "bad_reply" in info and env.game.score == score
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError):
        env.step(0)


def test_truncation() -> None:
    env = atomas.env(max_moves=3)
    _, info = env.reset(seed=4)
    for move in range(3):
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
    assert truncated and not terminated
    with pytest.raises(ValueError):
        atomas.env(max_moves=0)
    with pytest.raises(ValueError):
        atomas.env(render_mode="rgb_array")
