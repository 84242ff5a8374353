"""A sixth game through every door: the toy game (tic-tac-toe, core's
`toy` feature) in the test build scripts/test.sh makes. The package has
no line for it (checked here): the registry's line makes its class, and
the one API, the engine, pickling, PettingZoo and OpenSpiel play it."""

from __future__ import annotations

import importlib
import pickle
from pathlib import Path

import pytest

import atom4

pytestmark = pytest.mark.skipif(
    "tictactoe" not in atom4.GAMES, reason="the user build has no toy game (scripts/test.sh builds one)"
)


def test_the_package_has_no_code_for_it() -> None:
    package = Path(atom4.__file__).parent
    for source in sorted(package.glob("*.py")) + sorted(package.glob("*.pyi")):
        assert "tictactoe" not in source.read_text(encoding="utf-8").lower(), source


def test_tictactoe_through_every_door() -> None:
    state = atom4.load("tictactoe")
    assert type(state).__name__ == "TicTacToe" and isinstance(state, atom4.State)
    assert state.turn == 1 and len(state.legal_moves) == 9
    state.push("1,1")
    state.push(0)
    assert state.turn == 1 and state.move_stack[-1].text() == "0,0"
    with pytest.raises(atom4.IllegalMoveError):
        state.push("1,1")
    engine = atom4.Engine()
    doors = 0
    while not state.is_game_over():
        move = engine.search(state, nodes=500, seed=doors).move
        assert move in state.legal_moves
        state.push(move)
        doors += 1
    assert state.outcome() is not None and pickle.loads(pickle.dumps(state)) == state
    assert atom4.load("tictactoe", text=state.text()) == state
    # PettingZoo, through the one AEC class.
    from pettingzoo.test import api_test

    api_test(atom4.env("tictactoe"), num_cycles=50)
    # OpenSpiel, through the one adapter (where open_spiel installs).
    spiel_games = 0
    try:
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        importlib.import_module("atom4.openspiel").register()
        game = pyspiel.load_game("atom4_tictactoe")
        bot = mcts.MCTSBot(game, 2.0, 50, mcts.RandomRolloutEvaluator(1))
        spiel = game.new_initial_state()
        while not spiel.is_terminal():
            spiel.apply_action(bot.step(spiel))
        spiel_games += 1
    print(f"\npython toy: tictactoe played through load, the engine ({doors} searches), pickle, "
          f"PettingZoo, OpenSpiel ({spiel_games} game)")
