"""Searching from Python: classic levels, the strong engine, threads."""

from __future__ import annotations

import random
import threading

import atom4


def middle_game(seed: int = 7, moves: int = 30) -> atom4.Board:
    rng = random.Random(seed)
    board = atom4.Board()
    for _ in range(moves):
        board.push(rng.choice(board.legal_actions()))
    assert not board.is_game_over()
    return board


def test_classic_move_is_one_of_the_best_and_follows_the_seed() -> None:
    board = atom4.Board()
    analysis = atom4.classic_analyse(board, 1)
    assert analysis.nodes > 0 and len(analysis.best_moves) == 2
    chosen = {atom4.classic_move(board, 1, seed=s) for s in range(40)}
    assert chosen == set(analysis.best_moves)  # uniform among the best
    assert atom4.classic_move(board, 1, seed=3) == atom4.classic_move(board, 1, seed=3)
    assert atom4.classic_move(board) in board.legal_moves


def test_strong_search_to_a_depth() -> None:
    board = middle_game()
    before = board.text()
    result = atom4.Engine(hash_mb=4).search(board, depth=5, seed=1)
    assert result.depth == 5 and result.nodes > 0
    assert result.move in board.legal_moves and result.pv[0] == result.move
    assert abs(result.score) < atom4.MATE
    line = board.copy()
    for move in result.pv:  # the principal variation is a legal line
        line.push(move)
    assert board.text() == before  # the board is not touched
    again = atom4.Engine(hash_mb=4).search(board, depth=5, seed=1)
    assert (again.move, again.score, again.nodes) == (result.move, result.score, result.nodes)
    assert "SearchResult(move=Move(" in repr(result)


def test_node_limit_and_default_time() -> None:
    board = middle_game()
    engine = atom4.Engine(hash_mb=1)
    limited = engine.search(board, nodes=3000)
    assert 1 <= limited.depth < atom4.MAX_DEPTH
    assert limited.nodes <= 3000
    engine.clear()
    assert engine.search(board).move in board.legal_moves


def test_a_won_position_is_seen() -> None:
    # The first random middle game where a shallow search proves a win:
    # its principal variation must end the round with a winner.
    for seed in range(200):
        board = middle_game(seed, moves=40)
        result = atom4.Engine(hash_mb=1).search(board, depth=3)
        if result.score >= atom4.MATE - atom4.MAX_DEPTH:
            plies = atom4.MATE - result.score
            for move in result.pv[:plies]:
                board.push(move)
            outcome = board.outcome()
            assert outcome is not None and outcome.winner is not None
            return
    raise AssertionError("no forced win found in 200 middle games")


def test_stop_from_another_thread_and_the_gil_is_released() -> None:
    board = middle_game()
    engine = atom4.Engine(hash_mb=4)
    started = threading.Event()
    results: list[atom4.SearchResult] = []

    def search() -> None:
        started.set()
        results.append(engine.search(board, time=600.0))

    thread = threading.Thread(target=search)
    thread.start()
    assert started.wait(30)
    # This thread runs Python while the search runs: the GIL is released.
    ticks = sum(1 for _ in range(100_000))
    threading.Event().wait(0.3)
    assert ticks == 100_000 and thread.is_alive()
    engine.stop()
    thread.join(60)
    assert not thread.is_alive(), "stop() did not end the search"
    assert results[0].depth >= 1 and results[0].move in board.legal_moves
    # The flag does not outlive the search it stopped.
    assert engine.search(board, depth=3).depth == 3


def test_searches_in_parallel_threads() -> None:
    boards = [middle_game(seed) for seed in range(4)]
    shared = atom4.Engine(hash_mb=2)
    expected = [atom4.Engine(hash_mb=2).search(b, depth=4).move for b in boards]
    results: dict[int, atom4.Move] = {}

    def worker(i: int) -> None:
        results[i] = atom4.Engine(hash_mb=2).search(boards[i], depth=4).move
        shared.search(boards[i], depth=3)  # one engine, several threads: they take turns

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert [results[i] for i in range(4)] == expected


def test_random_playouts() -> None:
    board = atom4.Board(width=8, height=8)
    stats = atom4.random_playouts(board, 500, seed=4)
    assert stats.games == 500
    assert sum(stats.wins) + stats.stalemates == 500
    assert 500 <= stats.moves <= 500 * 62
    assert repr(stats) == repr(atom4.random_playouts(board, 500, seed=4))
    assert board == atom4.Board(width=8, height=8)
    assert atom4.random_playouts(board, 0).moves == 0


def test_stop_reaches_a_search_waiting_for_its_turn() -> None:
    # Two searches without a limit on one engine: the second waits for the
    # first's table. One stop() must end both, the waiting one included.
    board = middle_game()
    engine = atom4.Engine(hash_mb=1)
    results: list[atom4.SearchResult] = []

    def search() -> None:
        results.append(engine.search(board, time=600.0))

    first = threading.Thread(target=search, daemon=True)
    first.start()
    threading.Event().wait(0.2)
    second = threading.Thread(target=search, daemon=True)
    second.start()
    threading.Event().wait(0.2)
    assert first.is_alive() and second.is_alive()
    engine.stop()
    first.join(60)
    second.join(60)
    assert not first.is_alive() and not second.is_alive(), "a search outlived stop()"
    assert len(results) == 2 and all(r.move in board.legal_moves for r in results)
