"""The environments: one PettingZoo AEC class for every game (PettingZoo's
own API test), and Gymnasium's `atom4/Atomas-v0`."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

import atom4

SMALL: dict[str, dict[str, Any]] = {
    "atom4": {"size": "6x5"},
    "chain": {"size": "3x3", "players": 3},
    "gamma": {"size": "4x4", "players": 3, "areas": 2},
    "atropos": {"size": 4},
    "atomas": {},
}


@pytest.mark.parametrize("game", list(atom4.GAMES))
def test_pettingzoo_api(game: str) -> None:
    env = atom4.env(game, max_moves=300, **SMALL.get(game, {}))
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("game", list(atom4.GAMES))
def test_masked_random_games_end(game: str) -> None:
    env = atom4.env(game, render_mode="ansi", max_moves=2000, **SMALL.get(game, {}))
    rng = np.random.default_rng(3)
    for episode in range(3):
        env.reset(seed=episode)
        steps = 0
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                mask = observation["action_mask"]
                assert mask.any()
                action = int(rng.choice(np.flatnonzero(mask)))
            env.step(action)
            steps += 1
        assert steps > 0 and env.render()
    with pytest.raises(atom4.IllegalMoveError):
        env.reset()
        env.step(env.game.action_count + 7)


@pytest.mark.parametrize("imports", ["import gymnasium, atom4", "import atom4, sys; assert 'gymnasium' not in sys.modules; import gymnasium"])
def test_gymnasium_make_works_on_import(imports: str) -> None:
    """Either order: atom4 registers at once, or when gymnasium comes (and
    does not import it itself)."""
    code = (
        imports + "\nimport numpy as np\n"
        "env = gymnasium.make('atom4/Atomas-v0', max_moves=40)\n"
        "obs, info = env.reset(seed=3)\n"
        "total, done = 0.0, False\n"
        "while not done:\n"
        "    action = int(np.flatnonzero(info['action_mask'])[0])\n"
        "    obs, reward, term, trunc, info = env.step(action)\n"
        "    total += reward; done = term or trunc\n"
        "print('ok', obs.shape, total >= 0)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "ok (24,) True"


def test_gymnasium_env_repeats_a_seed_and_refuses_illegal_actions() -> None:
    import gymnasium

    env = gymnasium.make("atom4/Atomas-v0", max_moves=100)
    first, info = env.reset(seed=1)
    assert first in env.observation_space and info["action_mask"].any()
    again, _ = env.reset(seed=1)
    assert (first == again).all()
    with pytest.raises(atom4.IllegalMoveError):
        env.step(99)
    assert getattr(env.unwrapped, "action_masks")().sum() == info["action_mask"].sum()
