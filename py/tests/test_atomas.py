"""`atom4.atomas` as a Python bot uses it: games, replies, the spawn law,
copies and pickles, the bot and the protocol, and every refusal typed."""

from __future__ import annotations

import copy
import pickle
import threading
from fractions import Fraction

import pytest

import atom4
from atom4 import atomas

START_1 = "ring=3,2,1,3,1,3 hand=. score=0 move=1 range=1-3 carry=. since=0"


def test_seeded_game_and_request() -> None:
    game = atomas.Game(seed=1)
    assert game.text() == START_1
    assert game.seeded and game.source == "random"
    assert game.draw() == 1
    assert game.request(fields=2) == "1/3 2 1 3 1 3"
    assert game.request() == "0/1/1/3 2 1 3 1 3"
    assert game.push(atomas.Reply.gap(5)) == 0
    assert game.ring == [3, 2, 1, 3, 1, 3, 1]
    assert game.move_number == 2 and game.hand is None
    # Two games of one seed draw the same atoms.
    other = atomas.Game(seed=1)
    other.draw()
    other.push("5")
    assert other == game and hash(other) == hash(game)


def test_replies_three_ways_and_actions() -> None:
    game = atomas.Game("ring=1,1,3,2 hand=- score=0 move=2 range=1-3 carry=. since=1")
    replies = game.legal_replies
    assert replies[:2] == [atomas.Reply.remove(0, False), atomas.Reply.remove(0, True)]
    assert len(replies) == 8
    assert sorted(game.legal_actions()) == sorted(r.action for r in replies)
    mask = game.legal_action_mask()
    assert len(mask) == atomas.ACTIONS
    assert sum(mask) == 8 and mask[atomas.MAX_ENTRIES + 3] == 1 and mask[4] == 0
    remove = atomas.Reply.from_action(atomas.MAX_ENTRIES + 2, "-")
    assert remove == atomas.Reply.remove(2, True)
    assert (remove.kind, remove.index, remove.to_plus, remove.text()) == ("remove", 2, True, "2 y")
    assert atomas.Reply.parse(" 02 y\r\n", "-", 4) == remove
    assert repr(remove) == "Reply.remove(2, True)"
    # The same reply as a Reply, an action and text.
    for reply in (remove, atomas.MAX_ENTRIES + 2, "2 y"):
        copy_ = game.copy()
        assert copy_.push(reply) == 0
        assert copy_.carry == "+" and copy_.ring == [1, 1, 2]
    clone = atomas.Reply.from_action(3, "C")
    assert clone.kind == "entry" and str(clone) == "3"


def test_refusals_are_typed_and_change_nothing() -> None:
    game = atomas.Game("ring=1,1,3,2 hand=- score=0 move=2 range=1-3 carry=. since=1")
    before = game.text()
    for bad in ("9 y", "2", "2 x", "", "y 2", "-1 n"):
        with pytest.raises(ValueError) as raised:
            game.push(bad)
        assert isinstance(raised.value, (atomas.IllegalMoveError, atomas.ParseError))
        assert str(raised.value)
        assert game.text() == before
    with pytest.raises(atomas.ParseError) as parse:
        game.push("2 q")
    assert parse.value.offset == 2
    with pytest.raises(atomas.IllegalMoveError):
        game.push(atomas.Reply.gap(1))  # a gap for a minus
    with pytest.raises(ValueError):
        game.push(99)
    with pytest.raises(TypeError):
        game.push(1.5)  # type: ignore[arg-type]
    assert game.why_illegal(atomas.Reply.gap(1)) is not None
    assert game.text() == before
    # The package's errors, one class for every game.
    assert atomas.IllegalMoveError is atom4.IllegalMoveError
    assert atomas.ParseError is atom4.ParseError


def test_bad_state_text() -> None:
    for text in ("", "ring=1,2", "ring=1,x hand=. score=0 move=1 range=1-3 carry=. since=0", "\0" * 50):
        with pytest.raises(atomas.ParseError) as raised:
            atomas.Game(text)
        assert raised.value.offset >= 0
    game = atomas.Game(seed=3)
    with pytest.raises(atomas.ParseError):
        game.set_text("ring=1 hand=? score=0 move=1 range=1-3 carry=. since=0")
    assert game.ring and game.move_number == 1


def test_draws_checked() -> None:
    game = atomas.Game(START_1)
    assert not game.seeded
    with pytest.raises(ValueError):
        game.draw()  # no generator: give the atom
    with pytest.raises(atomas.IllegalMoveError):
        game.draw(9)  # not in the spawn law of 1-3
    with pytest.raises(ValueError):
        game.draw(0)
    with pytest.raises(ValueError):
        game.draw("Q")
    assert game.hand is None
    assert game.draw("+") == "+"
    with pytest.raises(atomas.IllegalMoveError):
        game.draw(1)  # already one in hand
    assert game.spawn_law() == []


def test_spawn_law_exact() -> None:
    game = atomas.Game(START_1)
    law = dict(game.spawn_law())
    assert sum(law.values()) == 1
    assert law["+"] == Fraction(1, 5) and law["-"] == Fraction(1, 20)
    assert all(isinstance(p, Fraction) for p in law.values())


def test_stack_copy_and_pickle() -> None:
    game = atomas.Game(seed=7)
    bot = atomas.Bot()
    texts = []
    for _ in range(30):
        game.draw()
        texts.append(game.text())
        game.push(bot.reply(game, nodes=500).reply)
    assert len(game.move_stack) == 30
    assert game.peek() == game.move_stack[-1][1]
    for obj in (game, game.copy(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert obj == game
        assert len(obj.move_stack) == 30
    revived = pickle.loads(pickle.dumps(game))
    # The generator comes along: both draw the same next atom.
    assert revived.draw() == game.copy().draw()
    for text in reversed(texts):
        revived.pop()
        assert revived.text() == text
    with pytest.raises(IndexError):
        atomas.Game(seed=1).pop()
    assert len(game.copy(stack=False).move_stack) == 0
    for reply in (atomas.Reply.gap(3), atomas.Reply.entry(0), atomas.Reply.remove(4, True)):
        assert pickle.loads(pickle.dumps(reply)) == reply
    with pytest.raises(ValueError):
        atomas.unpickle_game(b"\x01garbage")


def test_bot_plays_and_stops() -> None:
    bot = atomas.Bot()
    game = atomas.Game(seed=11)
    for _ in range(200):
        if game.is_game_over():
            break
        game.draw()
        result = bot.reply(game, nodes=2000)
        assert game.is_legal(result.reply)
        game.push(result.reply)
    assert game.move_number == 201 and game.score > 0
    with pytest.raises(ValueError):
        bot.reply(game)  # nothing in hand
    game.draw()
    for bad in ({"depth": 0}, {"depth": 9}, {"nodes": 0}, {"time": -1.0}):
        with pytest.raises(ValueError):
            bot.reply(game, **bad)
    # stop() from another thread ends a long search with an answer.
    timer = threading.Timer(0.05, bot.stop)
    timer.start()
    result = bot.reply(game, depth=atomas.MAX_DEPTH)
    timer.join()
    assert game.is_legal(result.reply)


def test_bot_searches_crowded_rings_a_reply_deeper() -> None:
    bot = atomas.Bot()
    for entries, depth in ((11, 2), (12, 3)):
        ring = ",".join(str(1 + i % 3) for i in range(entries))
        game = atomas.Game(f"ring={ring} hand=1 score=0 move=1 range=1-3 carry=. since=0")
        result = bot.reply(game)
        assert (result.depth, game.is_legal(result.reply)) == (depth, True)


def test_protocol_lines() -> None:
    bot = atomas.Bot()
    session = atomas.Session()
    game = atomas.Game(seed=5)
    for _ in range(50):
        game.draw()
        line = game.request(fields=2)
        reply = atomas.play_line(line, bot, session, nodes=1000)
        game.push(reply)
    assert game.move_number == 51
    assert atomas.play_line("garbage").startswith("error: ")
    assert atomas.play_line("0/1/1/1 2 3\n", nodes=100) in {str(i) for i in range(4)}
    state = atomas.Session().state("12/40/+/1 2 3")
    assert (state.score, state.move_number, state.hand) == (12, 40, "+")
    # A game's first 2-field request is read as move 1, even when most of
    # its atoms are 3s (the spawn law of the first range from then on).
    for line in ("2/3 2 1 3 1 3", "2/3 3 3 1 1 3"):
        state = atomas.Session().state(line)
        assert (state.score, state.move_number, state.range) == (0, 1, (1, 3))


def test_random_games() -> None:
    stats = atomas.random_games(20, seed=1)
    assert stats.games == 20 and stats.moves > 20 * 6
    again = atomas.random_games(20, seed=1)
    assert (again.moves, again.total_score) == (stats.moves, stats.total_score)
    capped = atomas.random_games(5, seed=1, max_moves=10)
    assert capped.moves <= 50
