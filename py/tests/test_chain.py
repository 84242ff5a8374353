"""atom4.chain: positions, moves and errors, as bot authors use them."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any, cast

import pytest
from atom4 import chain
from atom4._chain import unpickle_position

EMPTY_6x9 = "classic 2 ....../....../....../....../....../....../....../....../...... a 0 - *"


def play_random_game(position: chain.Position, rng: random.Random) -> None:
    while not position.is_game_over():
        position.push(rng.choice(position.legal_actions()))


def test_a_new_game() -> None:
    p = chain.Position()
    assert (p.rules, p.width, p.height, p.players) == ("classic", 6, 9, 2)
    assert p.turn == 1 and p.ply == 0 and p.out == []
    assert p.text() == EMPTY_6x9 and chain.Position(EMPTY_6x9) == p
    assert len(p.legal_moves) == 54 and p.legal_actions()[:2] == [0, 1]
    assert p.outcome() is None and not p.is_game_over() and p.move_stack == []
    assert p.critical_mass(0, 0) == 2 and p.critical_mass(1, 0) == 3 and p.critical_mass(1, 1) == 4
    atoms = chain.Position(rules="atoms", width=8, height=8)
    assert atoms.critical_mass(0, 0) == 4
    assert list(atoms.legal_moves)[-1] == chain.Move.PASS and len(atoms.legal_moves) == 65
    eight = chain.Position(width=16, height=16, players=8)
    assert eight.players == 8 and len(eight.legal_moves) == 256


def test_moves_and_their_forms() -> None:
    m = chain.Move(3, 4)
    assert (m.x, m.y, m.is_pass, m.action, m.text(), str(m)) == (3, 4, False, 67, "3,4", "3,4")
    assert repr(m) == "Move(3, 4)" and chain.Move.from_action(67) == m
    assert chain.Move.from_text("3,4") == m and chain.Move.from_text("pass") == chain.Move.PASS
    p = chain.Move.PASS
    assert (p.x, p.y, p.is_pass, p.action, p.text()) == (None, None, True, 256, "pass")
    assert chain.Move.from_action(chain.PASS_ACTION) == p
    assert {m, chain.Move(3, 4), p} == {m, p}
    for kept in (m, p):
        assert pickle.loads(pickle.dumps(kept)) == kept
        assert copy.copy(kept) is kept and copy.deepcopy(kept) is kept
    with pytest.raises(ValueError, match="0 to 15"):
        chain.Move(16, 0)
    with pytest.raises(ValueError, match="0 to 256"):
        chain.Move.from_action(257)
    with pytest.raises(chain.ParseError) as error:
        chain.Move.from_text("3;4")
    assert error.value.offset == 0
    with pytest.raises(chain.ParseError):
        chain.Move.from_text("3,40")


def test_the_spec_examples_through_python() -> None:
    p = chain.Position("classic 2 1a2b./2b3b2b/1a2b. b 13 - *")
    cascade = p.push(chain.Move(1, 1))
    assert (cascade.explosions, cascade.waves) == (5, 2)
    assert cascade == chain.Position("classic 2 1a2b./2b3b2b/1a2b. b 13 - *").push("1,1")
    assert p.text() == "classic 2 3b.2b/.4b./3b.2b - 14 a b"
    outcome = p.outcome()
    assert outcome == chain.Outcome(2) and outcome is not None and outcome.termination == "win"
    assert p.turn is None and p.out == [1] and p.orbs(2) == 14 and p.orbs(1) == 0
    assert p.count_at(1, 1) == 4 and p.owner_at(1, 1) == 2 and p.owner_at(1, 0) is None
    assert not p.legal_moves and len(p.legal_moves) == 0 and p.legal_actions() == []
    cap = chain.Position("classic 2 ./. a 0 - *")
    capped = cap.push(0)
    assert (capped.explosions, capped.waves) == (1000, 1000)
    assert cap.outcome() == chain.Outcome(None) and cap.text() == "classic 2 1a/. - 1 - ="
    atoms = chain.Position("atoms 2 0a1a../1a..1b/...2b b 7 - *")
    assert atoms.owner_at(0, 0) == 1 and atoms.count_at(0, 0) == 0
    atoms.push(chain.Move(0, 0))
    assert atoms.text() == "atoms 2 1b1a../1a..1b/...2b a 8 - *"
    atoms.push(chain.Move.PASS)
    assert atoms.turn == 2 and atoms.peek() == chain.Move.PASS


def test_push_pop_stack_and_root() -> None:
    p = chain.Position(width=3, height=3)
    start = p.copy()
    for move in ("0,0", chain.Move(2, 2), 0, 2 * 16 + 2):
        p.push(move)
    assert [m.text() for m in p.move_stack] == ["0,0", "2,2", "0,0", "2,2"]
    assert p.peek() == chain.Move(2, 2) and p.root() == start
    assert p.pop() == chain.Move(2, 2) and p.pop() == chain.Move(0, 0)
    assert len(p.move_stack) == 2
    while p.move_stack:
        p.pop()
    assert p == start
    with pytest.raises(IndexError):
        p.pop()
    with pytest.raises(IndexError):
        p.peek()


def test_illegal_moves_raise_and_change_nothing() -> None:
    p = chain.Position("classic 2 1a1b./..1b/... a 2 - *")
    before = p.text()
    cases: list[tuple[Any, str]] = [
        (chain.Move(1, 0), "another player's orbs"),
        ("1,0", "another player's orbs"),
        (chain.Move(5, 5), "not on the board"),
        (chain.Move.PASS, "no pass"),
        (256, "no pass"),
        (257, "0 to 256"),
        (-1, "0 to 256"),
        (2**80, "0 to 256"),
    ]
    for move, reason in cases:
        with pytest.raises(chain.IllegalMoveError, match=reason):
            p.push(move)
        assert p.text() == before and p.move_stack == []
    assert issubclass(chain.IllegalMoveError, ValueError)
    assert p.why_illegal(chain.Move(1, 0)) == "that cell holds another player's orbs"
    assert p.why_illegal(0) is None and p.why_illegal(999) is not None
    assert not p.is_legal("1,0") and p.is_legal("0,0") and not p.is_legal(999)
    for wrong in (1.5, None, [0, 0], True):
        with pytest.raises(TypeError):
            p.push(cast(Any, wrong))
    with pytest.raises(chain.ParseError):
        p.push("nowhere")
    won = chain.Position("classic 2 3b.2b/.4b./3b.2b - 14 a b")
    with pytest.raises(chain.IllegalMoveError, match="over"):
        won.push(chain.Move(1, 0))


def test_bad_positions_say_where() -> None:
    cases = [
        ("classic 2 ./.", "missing", 13),
        ("chess 2 ./. a 0 - *", "rules", 0),
        ("atoms 3 ./. a 0 - *", "2 players", 6),
        ("classic 2 ../. a 0 - *", "row", 13),
        ("classic 2 1c./.. a 0 - *", "c", 11),
        ("classic 2 8a./.. a 0 - *", "7", 10),
        ("classic 2 2a./.. a 1 - *", "unstable", 10),
    ]
    p = chain.Position()
    for text, words, offset in cases:
        with pytest.raises(chain.ParseError) as error:
            chain.Position(text)
        assert error.value.offset == offset, text
        assert words in str(error.value), (text, str(error.value))
        with pytest.raises(chain.ParseError):
            p.set_text(text)
        assert p.text() == EMPTY_6x9
    for kwargs in (
        {"width": 17},
        {"width": 1, "height": 1},
        {"players": 9},
        {"players": -1},
        {"rules": "atoms", "players": 3},
        {"rules": "go"},
    ):
        with pytest.raises(ValueError):
            chain.Position(**kwargs)
    with pytest.raises(ValueError, match="not on this 6x9 board"):
        p.count_at(6, 0)
    with pytest.raises(ValueError, match="players go from 1 to 2"):
        p.orbs(3)


def test_copies_pickles_equality() -> None:
    rng = random.Random(4)
    p = chain.Position(width=5, height=5, players=3)
    for _ in range(20):
        p.push(rng.choice(p.legal_actions()))
    for other in (p.copy(), copy.copy(p), copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert other == p and hash(other) == hash(p) and other.move_stack == p.move_stack
        assert other.root() == p.root()
    bare = p.copy(stack=False)
    assert bare == p and bare.move_stack == []
    p2 = p.copy()
    p2.push(p2.legal_actions()[0])
    assert p2 != p and p != "a string"
    with pytest.raises(ValueError, match="pickled"):
        unpickle_position(b"nonsense", b"")
    good = p.__reduce__()[1]
    with pytest.raises(ValueError):
        unpickle_position(good[0], good[1] + b"\x00")
    with pytest.raises(ValueError, match="no action 300"):
        unpickle_position(good[0], (300).to_bytes(2, "little"))
    with pytest.raises(chain.IllegalMoveError):
        unpickle_position(good[0], (15).to_bytes(2, "little"))


def test_random_games_of_every_shape_end() -> None:
    rng = random.Random(9)
    for kwargs in (
        {},
        {"width": 8, "height": 8, "players": 4},
        {"width": 16, "height": 16, "players": 8},
        {"width": 1, "height": 5, "players": 3},
        {"rules": "atoms", "width": 8, "height": 8},
    ):
        p = chain.Position(**kwargs)
        play_random_game(p, rng)
        outcome = p.outcome()
        assert outcome is not None
        if outcome.winner is not None:
            assert p.out == [q for q in range(1, p.players + 1) if q != outcome.winner]


def test_learning_views() -> None:
    p = chain.Position("classic 3 .1b1b1c. b 3 a *")
    mask = p.legal_action_mask()
    assert len(mask) == chain.ACTIONS == 257
    assert [i for i, v in enumerate(mask) if v] == p.legal_actions() == [0, 1, 2, 4]
    planes = p.planes()
    assert len(planes) == chain.PLANES * 256

    def plane(data: bytes, k: int) -> list[int]:
        return [x for x in range(16) if data[k * 256 + x]]

    # Seen from b (to move): b's cells in plane 0, c's in 1, a's in 2.
    assert plane(planes, 0) == [1, 2] and plane(planes, 1) == [3] and plane(planes, 2) == []
    assert plane(p.planes(3), 0) == [3] and plane(p.planes(3), 2) == [1, 2]
    assert plane(planes, 8) == [1, 2, 3]  # one orb each
    assert plane(planes, 15) == [0, 1, 2, 3, 4]  # the board
    assert plane(planes, 16) == [1, 2, 3]  # one orb short of 2
    assert plane(planes, 17) == [0, 1, 2, 4]  # legal for b
    with pytest.raises(ValueError):
        p.planes(4)


def test_letters_and_the_tutorial_replay_helper() -> None:
    assert chain.letter(1) == "a" and chain.letter(8) == "h"
    with pytest.raises(ValueError):
        chain.letter(9)
    p = chain.play_seed_ai_game([chain.Move(0, 0), chain.Move(0, 0)], 1500)
    assert p.rules == "atoms" and len(p.move_stack) == 4 and p.turn == 1
