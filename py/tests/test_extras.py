"""What each game alone has: the methods of its class and its module."""

from __future__ import annotations

import pickle
import random

import pytest

import atom4
from atom4 import atomas, atropos, chain, gamma


def test_atom4_extras() -> None:
    state = atom4.load("atom4")
    assert isinstance(state, atom4.Atom4)
    assert (state.width, state.height, state.round, state.scores) == (16, 16, 1, (0, 0))
    assert state.tile in "rygcbp" and state.turn == 1
    state.push("8,6")
    assert state.piece_at(8, 6) is not None and state.piece_at(0, 0) is None
    with pytest.raises(ValueError):
        state.piece_at(16, 0)
    assert len(state.observation()) == atom4.OBSERVATION_LEN
    assert len(state.planes()) == atom4.PLANES * 256
    assert state.svg().startswith("<svg") and "\x1b[" in state.ansi()
    with pytest.raises(ValueError):
        state.next_round()
    # A round played out, then the next.
    rng = random.Random(1)
    while not state.is_game_over():
        state.push_random(rng)
    state.next_round()
    assert state.round == 2 and state.move_stack == [] and not state.is_game_over()
    analysis = atom4.classic_analyse(atom4.load("atom4"), 1)
    assert analysis.nodes > 0 and len(analysis.best_moves) == 2
    chosen = {atom4.classic_move(atom4.load("atom4"), 1, seed=s) for s in range(40)}
    assert chosen == set(analysis.best_moves)
    assert atom4.Engine().search(atom4.load("atom4"), level=2).move in atom4.load("atom4").legal_moves
    stats = atom4.random_playouts(atom4.load("atom4", size="6x6"), 50, seed=1)
    assert stats.games == 50 and sum(stats.wins) + stats.stalemates == 50


def test_chain_extras() -> None:
    state = atom4.load("chain", size="3x3", players=2)
    assert isinstance(state, chain.Chain)
    for move in ["0,0", "2,2", "0,0"]:
        state.push(move)
    cascade = state.last_cascade()
    assert cascade is not None and cascade.explosions == 1
    assert state.count_at(0, 0) == 0 and state.owner_at(1, 0) == 1
    assert state.critical_mass(0, 0) == 2 and state.critical_mass(1, 1) == 4
    assert state.orbs(1) == 2 and state.ply == 3 and state.out == []
    assert len(state.planes()) == chain.PLANES * 256
    with pytest.raises(ValueError):
        state.count_at(3, 0)
    atoms = atom4.load("chain", rules="atoms", size="8x8")
    assert "pass" not in atoms.legal_moves or atoms.is_legal("pass")
    finished = chain.play_seed_ai_game(["0,0"], seed=5)
    assert len(finished.move_stack) == 2 and finished.turn == 1
    assert chain.reference_move(atom4.load("chain"), "agnishom") in atom4.load("chain").legal_moves
    with pytest.raises(ValueError):
        chain.reference_move(atom4.load("chain"), "nobody")
    stats = chain.random_playouts(atom4.load("chain", size="4x4"), 20, seed=2)
    assert stats.games == 20 and sum(stats.wins) + stats.unfinished == 20
    assert chain.letter(3) == "c"


def test_gamma_extras() -> None:
    state = atom4.load("gamma", size="5x4", players=3, areas=2)
    assert isinstance(state, gamma.Gamma)
    state.push("0,0")
    assert (state.turn, state.busy_fields(1), state.owner(0, 0)) == (2, 1, 1)
    assert state.areas_of(1) == 1 and not state.golden_move_used(1)
    state.push("1,0")
    state.push("2,2")
    assert state.golden_possible(1) and state.is_legal("g 1,0")
    state.push("g 1,0")
    assert state.golden_move_used(1) and state.owner(1, 0) == 1
    move = gamma.greedy(state, seed=1)
    assert move in state.legal_moves and gamma.random(state, seed=1) in state.legal_moves
    course = gamma.Course(3000, 3000, 2, 2)
    course.move(1, 2999, 0)
    assert course.busy_fields(1) == 1 and course.player_after(1) == 2
    with pytest.raises(atom4.IllegalMoveError):
        course.move(2, 2999, 0)
    twin = pickle.loads(pickle.dumps(course))
    assert twin == course and twin.move_stack == course.move_stack == [gamma.CourseMove(1, 2999, 0)]
    assert course.copy().busy_fields(1) == 1
    small = gamma.Course(4, 4, 2, 1)
    small.move(1, 0, 0)
    turned = small.state()
    assert isinstance(turned, gamma.Gamma) and turned.owner(0, 0) == 1
    assert small.outcome() is None and small.moves_of(2)


def test_atropos_extras() -> None:
    state = atom4.load("atropos", size=4)
    assert isinstance(state, atropos.Atropos) and state.size == 4
    state.push("(1,2,2,2)")
    last = state.last_play
    assert last is not None and last.text() == "(1,2,2,2)" and state.moves_made == 1
    assert state.color_at(2, 2, 2) == 1 and len(state.colors()) == 10
    assert set(state.losing_moves()) | set(state.safe_moves()) == set(state.legal_moves)
    assert state.legal_circles()
    solution = atropos.solve(atom4.load("atropos", size=3), time=5.0)
    assert solution.value in {"win", "loss"}
    for move in solution.winning_moves:
        assert move in atom4.load("atropos", size=3).legal_moves
    assert atropos.play(atom4.load("atropos").text(), time=0.05).startswith("(")


def test_atomas_extras() -> None:
    reference = atomas.Reference(1)
    state = reference.start()
    assert state.ring == [3, 2, 1, 3, 1, 3] and state.turn == atom4.CHANCE
    assert state.source == "random" and state.hand is None
    law = dict(state.spawn_law())
    assert law["+"] == dict((m.text(), p) for m, p in state.chance_outcomes())["+"]
    assert reference.draw(state) == 1 and state.hand == 1
    with pytest.raises(atom4.IllegalMoveError):
        reference.draw(state)
    assert state.request(fields=2) == "1/3 2 1 3 1 3"
    state.push("5")
    assert state.entries == 7 and state.score == 0 and state.move_number == 2
    session = atomas.Session()
    line = "0/1/1/3 2 1 3 1 3"
    given = session.state(line)
    assert given.hand == 1 and given.turn == 1
    reply = atomas.play_line(line, session=session)
    assert reply in {m.text() for m in given.legal_moves}
    assert atomas.play_line("nonsense").startswith("error:")
    stats = atomas.random_games(3, seed=1, max_moves=50)
    assert stats.games == 3 and stats.moves > 0
