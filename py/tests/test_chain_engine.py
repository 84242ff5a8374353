"""The computer players of atom4.chain: the strong engine (limits, stop
from another thread, the GIL released), the tutorial's computer player,
the reference opponents, batch playouts."""

from __future__ import annotations

import random
import threading
import time

import pytest
from atom4 import chain


def middle_game(seed: int = 3, moves: int = 24, **kwargs: int) -> chain.Position:
    rng = random.Random(seed)
    p = chain.Position(**kwargs)  # type: ignore[arg-type]
    for _ in range(moves):
        p.push(rng.choice(p.legal_actions()))
    assert not p.is_game_over()
    return p


def test_the_engine_takes_a_win_in_one() -> None:
    p = chain.Position("classic 2 1a2b./2b3b2b/1a2b. b 13 - *")
    result = chain.Engine(hash_mb=1).search(p, depth=3)
    assert result.score > chain.MATE - chain.MAX_DEPTH
    p.push(result.move)
    outcome = p.outcome()
    assert outcome is not None and outcome.winner == 2


def test_search_limits_and_determinism() -> None:
    p = middle_game()
    before = p.text()
    engine = chain.Engine(hash_mb=2)
    result = engine.search(p, depth=4, seed=1)
    assert result.depth == 4 and result.nodes > 0 and result.pv[0] == result.move
    assert result.move in p.legal_moves and p.text() == before
    line = p.copy()
    for move in result.pv:
        line.push(move)
    engine.clear()
    again = chain.Engine(hash_mb=2).search(p, depth=4, seed=1)
    assert (again.move, again.score, again.nodes) == (result.move, result.score, result.nodes)
    limited = engine.search(p, nodes=2000)
    assert limited.nodes <= 2000 and limited.move in p.legal_moves
    started = time.monotonic()
    timed = engine.search(p, time=0.05)
    assert time.monotonic() - started < 2.0 and timed.move in p.legal_moves
    assert engine.search(p).move in p.legal_moves  # the default: 0.05 s
    assert "SearchResult(move=" in repr(result)
    for bad in ({"depth": 0}, {"depth": 65}, {"nodes": 0}, {"time": -1.0}, {"time": float("nan")}):
        with pytest.raises(ValueError):
            engine.search(p, **bad)
    with pytest.raises(ValueError, match="over"):
        engine.search(chain.Position("classic 2 3b.2b/.4b./3b.2b - 14 a b"))
    with pytest.raises(ValueError):
        chain.Engine(hash_mb=0)


def test_more_players_and_atoms() -> None:
    engine = chain.Engine(hash_mb=1)
    four = middle_game(5, 30, width=8, height=8, players=4)
    assert engine.search(four, depth=3).move in four.legal_moves
    atoms = middle_game(5, 30, width=8, height=8)
    atoms_position = chain.Position(atoms.text().replace("classic", "atoms", 1))
    assert engine.search(atoms_position, depth=3).move in atoms_position.legal_moves


def test_stop_from_another_thread_and_the_gil_is_released() -> None:
    p = middle_game()
    engine = chain.Engine(hash_mb=2)
    results: list[chain.SearchResult] = []
    ticks = 0

    def search() -> None:
        results.append(engine.search(p, time=600.0))

    thread = threading.Thread(target=search)
    thread.start()
    deadline = time.monotonic() + 0.3
    while time.monotonic() < deadline:
        ticks += 1  # Python runs while the engine thinks
    engine.stop()
    thread.join(timeout=30)
    assert not thread.is_alive() and results and results[0].move in p.legal_moves
    assert ticks > 1000
    # A stop affects only the searches asked for before it.
    assert engine.search(p, depth=2).depth == 2


def test_the_tutorials_player() -> None:
    p = chain.Position(rules="atoms", width=8, height=8)
    one, two = chain.SeedAi(1501), chain.SeedAi(1501)
    assert one.choose(p) == two.choose(p)
    with pytest.raises(ValueError, match="atoms"):
        one.choose(chain.Position())
    with pytest.raises(ValueError, match="over"):
        one.choose(chain.Position("atoms 2 0a1a/1a. - 11 b a"))
    stuck = chain.Position("atoms 2 1b1b/1b1b b 21 - *")
    assert chain.SeedAi(3).choose(stuck) == chain.Move.PASS


def test_the_reference_opponents() -> None:
    won = chain.Position("classic 2 1a2b./2b3b2b/1a2b. b 13 - *")
    for name in ("agnishom", "agnishom-mm", "ns"):
        p = won.copy()
        p.push(chain.reference_move(p, name, seed=1))
        assert p.outcome() == chain.Outcome(2), name
    with pytest.raises(ValueError, match="no reference opponent"):
        chain.reference_move(won, "stockfish")
    with pytest.raises(ValueError, match="over"):
        chain.reference_move(chain.Position("classic 2 3b.2b/.4b./3b.2b - 14 a b"), "ns")


def test_random_playouts() -> None:
    p = chain.Position(width=8, height=8, players=4)
    stats = chain.random_playouts(p, 50, seed=2)
    assert stats.games == 50 and sum(stats.wins) + stats.unfinished == 50
    assert len(stats.wins) == 4 and stats.moves > 50 * 20 and stats.explosions > 0
    assert chain.random_playouts(p, 50, seed=2).moves == stats.moves
    assert p.text() == chain.Position(width=8, height=8, players=4).text()
    short = chain.random_playouts(chain.Position(rules="atoms", width=8, height=8), 3, max_moves=10)
    assert short.unfinished == 3 and short.moves == 30


@pytest.mark.parametrize("ply", [4294967294, 4294967295])
def test_no_move_is_legal_when_the_turn_counter_is_full(ply: int) -> None:
    # Issue 31, row 8: the search returned a move the rules refuse.
    p = chain.Position(f"classic 2 ..../.... a {ply} - *")
    assert p.legal_actions() == []
    with pytest.raises(ValueError, match="turn counter"):
        chain.Engine(hash_mb=1).search(p, depth=3)
