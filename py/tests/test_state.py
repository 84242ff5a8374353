"""The one API, the same checks for every game of `atom4.GAMES` (in a test
build with the toy game, tic-tac-toe too): written for none of them."""

from __future__ import annotations

import copy
import pickle
import random
from fractions import Fraction
from typing import Any

import pytest

import atom4

GAMES = list(atom4.GAMES)


def random_game(state: atom4.State, rng: random.Random, most: int = 400) -> atom4.State:
    """Plays `state` with random moves (and chance's draws) to its end or
    `most` moves, checking every position on the way."""
    for _ in range(most):
        check_position(state, rng)
        if state.is_game_over():
            break
        state.push_random(rng)
    return state


def check_position(state: atom4.State, rng: random.Random) -> None:
    turn = state.turn
    moves = list(state.legal_moves)
    assert len(state.legal_moves) == len(moves) == state.legal_moves.count()
    assert bool(state.legal_moves) == bool(moves)
    if turn is None:
        assert state.is_game_over() and not moves
        assert state.outcome() is not None and state.chance_outcomes() == []
        return
    assert moves, state.text()
    assert [m.action for m in moves] == state.legal_actions()
    if turn == atom4.CHANCE:
        outcomes = state.chance_outcomes()
        assert [m for m, _ in outcomes] == moves
        assert sum(p for _, p in outcomes) == 1 and all(isinstance(p, Fraction) for _, p in outcomes)
        assert all(m.chance for m in moves)
        assert not any(state.legal_action_mask())
    else:
        assert 1 <= turn <= state.players and state.chance_outcomes() == []
        mask = state.legal_action_mask()
        assert len(mask) == state.action_count
        assert [a for a, on in enumerate(mask) if on] == sorted(state.legal_actions())
    move = rng.choice(moves)
    assert move in state.legal_moves and move.text() in state.legal_moves
    assert state.is_legal(move) and state.why_illegal(move) is None
    assert state.parse_move(move.text()) == move
    assert move.action is not None and state.parse_move(move.action) == move


@pytest.mark.parametrize("game", GAMES)
def test_every_game_keeps_to_the_api(game: str) -> None:
    start = atom4.load(game)
    assert isinstance(start, atom4.State) and type(start) is not atom4.State
    assert start.game == game and start.title and start.players >= 1
    assert atom4.load(game, **start.params) == start
    rng = random.Random(game)
    for _ in range(3):
        state = random_game(start.copy(), rng)
        assert state.root() == start
        played = state.move_stack
        # Every move comes back off the stack, in order.
        back = state.copy()
        for move in reversed(played):
            assert back.peek() == move
            assert back.pop() == move
        assert back == start and back.move_stack == []
        # Replayed by text and by action, the same game.
        by_text, by_action = start.copy(), start.copy()
        for move in played:
            by_text.push(move.text())
            assert move.action is not None
            by_action.push(move.action)
        assert by_text == by_action == state
        if state.is_game_over():
            outcome = state.outcome()
            assert outcome is not None
            returns = state.returns()
            assert len(returns) == state.players
            if outcome.winner is not None:
                assert returns[outcome.winner - 1] == max(returns)
                assert outcome.termination == "win"


@pytest.mark.parametrize("game", GAMES)
def test_copies_pickles_and_texts(game: str) -> None:
    rng = random.Random(1)
    state = atom4.load(game)
    for _ in range(6):
        if state.is_game_over():
            break
        state.push_random(rng)
    for twin in (state.copy(), copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(twin) is type(state)
        assert twin == state and hash(twin) == hash(state)
        assert twin.move_stack == state.move_stack and twin.text() == state.text()
    assert state.copy(stack=False).move_stack == []
    again = atom4.load(game, text=state.text())
    assert again == state and again.move_stack == [] and type(again) is type(state)
    assert str(state) and repr(state) == f"{type(state).__name__}({state.text()!r})"
    moves = pickle.loads(pickle.dumps(state.move_stack))
    assert moves == state.move_stack
    if not state.is_game_over():
        pushed = state.copy()
        pushed.push_random(rng)
        assert pushed != state


@pytest.mark.parametrize("game", GAMES)
def test_refusals_change_nothing(game: str) -> None:
    state = atom4.load(game)
    if state.turn == atom4.CHANCE:
        state.push_random(random.Random(2))
    before, stack = state.text(), state.move_stack
    bad: list[object] = [state.action_count + 5, 10**30, -1, "", "zz", "-1,-1", "999999999999999999999,3"]
    refused = 0
    for value in bad:
        if value in state.legal_moves:
            continue
        with pytest.raises(atom4.IllegalMoveError) as caught:
            state.push(value)  # type: ignore[arg-type]
        assert isinstance(caught.value, ValueError)
        assert caught.value.kind in {"illegal", "out_of_range", "bad_text", "over", "wrong_turn"}
        assert state.why_illegal(value) is not None  # type: ignore[arg-type]
        assert not state.is_legal(value)  # type: ignore[arg-type]
        refused += 1
        assert state.text() == before and state.move_stack == stack
    assert refused >= 5
    for wrong in (1.5, None, True, [1]):
        with pytest.raises(TypeError):
            state.push(wrong)  # type: ignore[arg-type]
    other = next(g for g in GAMES if g != game)
    with pytest.raises(atom4.IllegalMoveError):
        state.push(atom4.Move(other, "0,0"))
    with pytest.raises(IndexError):
        atom4.load(game).pop()
    with pytest.raises(atom4.ParseError) as caught_text:
        atom4.load(game, text=before + " zz")
    assert caught_text.value.offset >= 0


def test_load_takes_each_games_parameters() -> None:
    chain = atom4.load("chain", size="6x9", players=4)
    assert isinstance(chain, atom4.Chain) and chain.players == 4
    assert chain.params == {"size": "6x9", "players": 4, "rules": "classic"}
    gamma = atom4.load("gamma", size="10x10", players=4, areas=3)
    assert isinstance(gamma, atom4.Gamma) and (gamma.width, gamma.areas, gamma.players) == (10, 3, 4)
    assert atom4.load("atropos", size=9).params == {"size": 9}
    assert atom4.load("atom4", size=(6, 4)).params == {"size": "6x4"}
    assert atom4.load("chain", rules="atoms").rules == "atoms"
    assert atom4.load("atomas", seed=7) == atom4.load("atomas", seed=7)
    assert atom4.Chain(size="5x5") == atom4.load("chain", size="5x5")
    refused: list[tuple[str, dict[str, Any]]] = [
        ("chain", {"players": 9}),
        ("gamma", {"size": "100x100"}),
        ("atom4", {"players": 3}),
        ("atropos", {"size": "7x8"}),
        ("atomas", {"size": 5}),
        ("chain", {"colour": "red"}),
    ]
    for name, params in refused:
        with pytest.raises(ValueError):
            atom4.load(name, **params)
    with pytest.raises(ValueError, match="no such game"):
        atom4.load("chess")
    with pytest.raises(ValueError, match="not both"):
        atom4.load("chain", text=atom4.load("chain").text(), players=2)
    with pytest.raises(TypeError):
        atom4.State()


def test_chance_turns_of_atomas() -> None:
    state = atom4.load("atomas", seed=3)
    assert state.turn == atom4.CHANCE and state.chance_count > 0
    outcomes = dict((m.text(), p) for m, p in state.chance_outcomes())
    assert outcomes["+"] == Fraction(1, 5)
    with pytest.raises(ValueError, match="chance"):
        atom4.Engine().search(state)
    state.push("1")
    assert state.turn == 1 and state.hand == 1 and state.peek().action == 4  # atom v: 3 + v
    assert state.peek() == atom4.Move("atomas", "1", chance=True)
    with pytest.raises(atom4.IllegalMoveError) as caught:
        state.push(atom4.Move("atomas", "1", chance=True))
    assert caught.value.kind == "wrong_turn"
    drawn = random.Random(5)
    a, b = state.copy(), state.copy()
    a.push("0")
    b.push("0")
    assert a.push_random(random.Random(9)) == b.push_random(random.Random(9))
    assert drawn.random() == random.Random(5).random()


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_plays_every_game(game: str) -> None:
    engine = atom4.Engine(hash_mb=4)
    rng = random.Random(4)
    state = atom4.load(game)
    searched = 0
    while not state.is_game_over() and searched < 6:
        if state.turn == atom4.CHANCE:
            state.push_random(rng)
            continue
        result = engine.search(state, nodes=300, depth=3, seed=searched)
        assert result.move in state.legal_moves
        assert result.pv and result.pv[0] == result.move and result.nodes >= 0
        again = engine.search(state, nodes=300, depth=3, seed=searched)
        assert again.move == result.move
        assert "SearchResult(move=" in repr(result)
        state.push(result.move)
        searched += 1
    assert searched > 0
    bad: list[dict[str, Any]] = [{"time": 0.0}, {"nodes": 0}, {"depth": 0}, {"depth": 65}, {"level": -1}]
    for limits in bad:
        with pytest.raises(ValueError):
            engine.search(atom4.load(game), **limits)
    with pytest.raises(ValueError):
        atom4.Engine(hash_mb=0)


def test_stop_from_another_thread_ends_a_search() -> None:
    import threading
    import time

    state = atom4.load("atom4")
    engine = atom4.Engine(hash_mb=4)
    threading.Timer(0.2, engine.stop).start()
    started = time.perf_counter()
    result = engine.search(state, time=60.0)
    assert time.perf_counter() - started < 30 and result.move in state.legal_moves


def test_outcome_values() -> None:
    assert atom4.Outcome(1, "win").result() == "1-0"
    assert atom4.Outcome(2, "win").result() == "0-1"
    assert atom4.Outcome(None, "draw").result() == "1/2-1/2"
    assert atom4.Outcome(3, "win").result() == "winner 3"
    assert pickle.loads(pickle.dumps(atom4.Outcome(None, "end"))) == atom4.Outcome(None, "end")
    with pytest.raises(ValueError):
        atom4.Outcome(None, "win")


@pytest.mark.parametrize("ply", [4294967294, 4294967295])
def test_no_move_is_legal_when_the_turn_counter_is_full(ply: int) -> None:
    # Issue 31, row 8: the search returned a move the rules refuse.
    state = atom4.load("chain", text=f"classic 2 ..../.... a {ply} - *")
    assert state.legal_actions() == []
    with pytest.raises(ValueError, match="no move is legal"):
        atom4.Engine(hash_mb=1).search(state, depth=3)
