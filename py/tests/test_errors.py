"""Bad input gets a clear, typed error and never changes or corrupts a game."""

from __future__ import annotations

import pickle
from typing import Any

import atom4
import pytest


def test_illegal_moves_raise_and_change_nothing() -> None:
    board = atom4.Board()
    board.push(atom4.Move(8, 6))
    before, stack = board.text(), board.move_stack
    cases: list[tuple[Any, str]] = [
        (atom4.Move(7, 7), "occupied"),
        (atom4.Move(0, 0), "two occupied neighbours"),
        (0, "two occupied neighbours"),
        (256, "0 to 255"),
        (-1, "0 to 255"),
        (2**80, "0 to 255"),
    ]
    for move, reason in cases:
        with pytest.raises(atom4.IllegalMoveError, match=reason):
            board.push(move)
        assert board.text() == before and board.move_stack == stack
    assert issubclass(atom4.IllegalMoveError, ValueError)
    assert board.why_illegal(atom4.Move(7, 7)) == "that cell is already occupied"
    assert board.why_illegal(board.legal_actions()[0]) is None
    assert not board.is_legal(atom4.Move(0, 0)) and not board.is_legal(999)


def test_off_board_moves_on_small_boards() -> None:
    board = atom4.Board(width=6, height=4)
    with pytest.raises(atom4.IllegalMoveError, match="not on the board"):
        board.push(atom4.Move(10, 1))
    with pytest.raises(ValueError, match="not on this 6 x 4 board"):
        board.piece_at(6, 0)
    with pytest.raises(ValueError):
        board.piece_at(-1, 0)


def test_wrong_types_raise_type_error() -> None:
    board = atom4.Board()
    bad: Any
    for bad in ("8,6", 8.0, None, True, (8, 6), [8, 6]):
        with pytest.raises(TypeError, match="Move or an int"):
            board.push(bad)
    assert board.move_stack == []
    with pytest.raises(TypeError):
        atom4.Board(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        atom4.Move("1", 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        atom4.classic_analyse("board", 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        atom4.Engine().search(None)  # type: ignore[arg-type]
    assert "8,6" not in board.legal_moves and None not in board.legal_moves


def test_bad_sizes_and_coordinates() -> None:
    for w, h in [(1, 16), (17, 16), (16, 0), (-3, 4)]:
        with pytest.raises(ValueError, match="2 to 16"):
            atom4.Board(width=w, height=h)
    with pytest.raises(OverflowError):
        atom4.Board(width=2**70)
    for x, y in [(16, 0), (0, -1)]:
        with pytest.raises(ValueError, match="0 to 15"):
            atom4.Move(x, y)
    with pytest.raises(ValueError, match="0 to 255"):
        atom4.Move.from_action(256)


@pytest.mark.parametrize(
    ("text", "offset", "says"),
    [
        ("", 0, "board field is missing"),
        ("..z./..gp/..../.... r 1 0-0 *", 2, "'z' is not a cell letter"),
        ("..../..gp/...../.... r 1 0-0 *", 10, "row 2 has 5 cells"),
        ("..../..gp/..../.... q 1 0-0 *", 20, "tile"),
        ("..../..gp/..../.... r 0 0-0 *", 22, "round"),
        ("..../..gp/..../.... r 1 0:0 *", 24, "scores"),
        ("..../..gp/..../.... r 1 0-0 !", 28, "status"),
        ("..../..gp/..../.... r 1 0-0 * more", 30, "after the status"),
        ("..../..gp/..../.... r 1 0-0", 27, "status field is missing"),
    ],
)
def test_bad_position_text_says_where(text: str, offset: int, says: str) -> None:
    board = atom4.Board()
    with pytest.raises(atom4.ParseError, match=says) as caught:
        board.set_text(text)
    assert caught.value.offset == offset
    assert f"at byte {offset}" in str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert board == atom4.Board()
    with pytest.raises(atom4.ParseError):
        atom4.Board(text)


def test_bad_move_text() -> None:
    for text in ("", "3", "3,", "a,b", "16,0", "1,2,3"):
        with pytest.raises(atom4.ParseError, match="x,y"):
            atom4.Move.from_text(text)


def test_next_round_and_stack_errors() -> None:
    board = atom4.Board()
    with pytest.raises(ValueError, match="not over"):
        board.next_round()
    with pytest.raises(IndexError):
        board.pop()
    assert board == atom4.Board()


def test_tampered_pickles_are_refused() -> None:
    board = atom4.Board()
    board.push(atom4.Move(8, 6))
    func, (root, moves) = board.__reduce__()
    assert func(root, moves) == board
    with pytest.raises(ValueError, match="not a pickled"):
        func(root[:-1], moves)
    flipped = bytearray(root)
    flipped[3] ^= 0xFF  # the width
    with pytest.raises(ValueError):
        func(bytes(flipped), moves)
    with pytest.raises(atom4.IllegalMoveError):
        func(root, bytes([0]))
    # A pickle is data from anywhere: a broken one raises, never crashes.
    data = pickle.dumps(board)
    with pytest.raises(Exception):
        pickle.loads(data[: len(data) // 2])


def test_search_arguments_are_checked() -> None:
    board = atom4.Board()
    engine = atom4.Engine(hash_mb=1)
    for kwargs in (
        {"depth": 0},
        {"depth": atom4.MAX_DEPTH + 1},
        {"time": 0.0},
        {"time": -1.0},
        {"time": float("nan")},
        {"nodes": 0},
    ):
        with pytest.raises(ValueError):
            engine.search(board, **kwargs)
    with pytest.raises(ValueError, match="hash_mb"):
        atom4.Engine(hash_mb=0)
    with pytest.raises(ValueError, match="levels go from 0 to 8"):
        atom4.classic_analyse(board, 9)
    with pytest.raises(OverflowError):
        atom4.classic_move(board, -1)
    over = atom4.Board("KKKK/KgpK/KKKK/KKKK r 1 0-1 2")
    for search in (
        lambda: engine.search(over, depth=2),
        lambda: atom4.classic_move(over, 2),
        lambda: atom4.classic_analyse(over, 2),
    ):
        with pytest.raises(ValueError, match="round is over"):
            search()
