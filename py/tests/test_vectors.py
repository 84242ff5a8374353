"""The golden vectors of the original atom4 4.1, replayed through Python."""

from __future__ import annotations

import struct

import atom4
from conftest import records


def test_rules_vectors() -> None:
    games = moves = 0
    for game in records("rounds"):
        board = atom4.load("atom4", size=(game["width"], game["height"]))
        assert isinstance(board, atom4.Atom4)
        for number, rnd in enumerate(game["rounds"]):
            if number > 0:
                board.next_round()
            assert board.round == rnd["round"]
            assert board.turn == rnd["start_player"]
            assert board.tile == rnd["start_tile"]
            assert board.text().split(" ")[0] == rnd["initial"]
            for i, (x, y) in enumerate(rnd["moves"]):
                assert not board.is_game_over()
                assert board.tile == rnd["tiles"][i]
                board.push(f"{x},{y}")
                assert board.text().split(" ")[0] == rnd["boards"][i], (games, i)
                last = i + 1 == len(rnd["moves"])
                assert board.is_game_over() == last
                # The recorded count after the last move is of the board's
                # cells; a finished round has no legal move.
                if not last:
                    assert len(board.legal_moves) == rnd["legal_counts"][i]
                moves += 1
            outcome = board.outcome()
            assert outcome is not None
            assert outcome.winner == (None if rnd["winner"] == 3 else rnd["winner"])
            assert board.scores == tuple(rnd["scores"])
            # The whole round comes back off the stack.
            replay = board.copy()
            while replay.move_stack:
                replay.pop()
            assert replay.text().split(" ")[0] == rnd["initial"]
        games += 1
    print(f"\npython vectors: {games} games, {moves} moves")
    assert games >= 150 and moves >= 32000


def float_bits(value: float) -> int:
    bits: int = struct.unpack("<I", struct.pack("<f", value))[0]
    return bits


def test_classic_vectors() -> None:
    positions = 0
    for record in records("best_moves"):
        board = atom4.load("atom4")
        assert isinstance(board, atom4.Atom4)
        for x, y in record["moves"]:
            board.push(f"{x},{y}")
        assert board.text().split(" ")[0] == record["board"]
        assert board.tile == record["tile"]
        analysis = atom4.classic_analyse(board, record["depth"])
        assert float_bits(analysis.value) == record["best_value_bits"], record
        assert [m.text() for m in analysis.best_moves] == [f"{x},{y}" for x, y in record["best_moves"]]
        chosen = atom4.classic_move(board, record["depth"], seed=positions)
        assert chosen in analysis.best_moves
        positions += 1
    print(f"\npython classic: {positions} positions checked")
    assert positions >= 260
