"""Today's old names work for one more release, and each warns."""

from __future__ import annotations

import pytest

import atom4
from atom4 import atomas, atropos, chain, gamma


def test_old_classes_warn_and_work() -> None:
    with pytest.warns(DeprecationWarning, match="atom4.Board"):
        board = atom4.Board()
    assert isinstance(board, atom4.Atom4) and board.width == 16
    with pytest.warns(DeprecationWarning, match=r"atom4.Move\(x, y\)"):
        board.push(atom4.Move(8, 6))
    assert board.move_stack[0].text() == "8,6"
    with pytest.warns(DeprecationWarning):
        position = chain.Position(width=5, height=5, players=3)
    assert isinstance(position, atom4.Chain) and position.players == 3
    with pytest.warns(DeprecationWarning):
        position.push(chain.Move(0, 0))
    with pytest.warns(DeprecationWarning):
        assert chain.Engine is atom4.Engine
    with pytest.warns(DeprecationWarning):
        tri = atropos.Board(size=5)
    with pytest.warns(DeprecationWarning):
        tri.push(atropos.Move(1, 2, 2, 3))
    with pytest.warns(DeprecationWarning):
        choice = atropos.engine_move(tri, work=2000)
    assert choice.move in tri.legal_moves


def test_old_gamma_names() -> None:
    with pytest.warns(DeprecationWarning, match="gamma.Game"):
        game = gamma.Game(10, 10, 2, 3)
    assert isinstance(game, gamma.Course)
    game.move(1, 0, 0)
    with pytest.warns(DeprecationWarning, match="next_player"):
        assert game.next_player(1) == 2
    with pytest.warns(DeprecationWarning, match="winner"):
        assert game.winner() is None
    with pytest.warns(DeprecationWarning, match="legal_moves"):
        assert game.legal_moves(2) == game.moves_of(2)
    with pytest.warns(DeprecationWarning):
        engine = gamma.Engine()
    move = engine.choose(game, 2, iterations=200, seed=1)
    game.push(move)
    assert game.busy_fields(2) == 1
    state = atom4.load("gamma")
    assert isinstance(state, atom4.Gamma)
    with pytest.warns(DeprecationWarning):
        assert state.next_player() == 1
    with pytest.warns(DeprecationWarning):
        assert state.winner() is None


def test_old_atomas_names() -> None:
    with pytest.warns(DeprecationWarning, match="atomas.Game"):
        game = atomas.Game(seed=1)
    assert game.ring == [3, 2, 1, 3, 1, 3] and game.seeded
    assert game.draw() == 1
    with pytest.warns(DeprecationWarning, match="legal_replies"):
        replies = game.legal_replies
    assert replies == list(game.legal_moves)
    with pytest.warns(DeprecationWarning):
        reply = atomas.Reply.gap(5)
    assert game.push(reply) == 0
    drawn = game.draw()
    game.pop()
    assert game.turn == atom4.CHANCE and game.draw() == drawn  # the generator goes back too
    with pytest.warns(DeprecationWarning):
        bot = atomas.Bot()
    assert bot.reply(game).reply in game.legal_moves
    with pytest.warns(DeprecationWarning, match="Atomas-v0"):
        env = atomas.env(max_moves=5)
    observation, info = env.reset(seed=1)
    assert info["action_mask"].any()


def test_unknown_names_are_attribute_errors() -> None:
    with pytest.raises(AttributeError):
        atom4.NoSuchThing  # noqa: B018
    with pytest.raises(AttributeError):
        chain.Board  # noqa: B018
