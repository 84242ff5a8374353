"""The Board and Move API, as bot authors use it."""

from __future__ import annotations

import copy
import pickle
import random

import atom4
import pytest

START_6x4 = "....../..gp../....../...... r 1 0-0 *"


def play_random_round(board: atom4.Board, rng: random.Random) -> None:
    while not board.is_game_over():
        board.push(rng.choice(board.legal_actions()))


def test_new_board_is_round_one_of_the_original() -> None:
    board = atom4.Board()
    assert (board.width, board.height) == (16, 16)
    assert board.tile == "r" and board.turn == 1
    assert board.round == 1 and board.scores == (0, 0)
    assert board.piece_at(7, 7) == "g" and board.piece_at(8, 7) == "p"
    assert board.piece_at(0, 0) is None
    assert list(board.legal_moves) == [atom4.Move(8, 6), atom4.Move(8, 8)]
    assert board.outcome() is None and not board.is_game_over()
    assert board.move_stack == []


def test_sizes_and_text_round_trip() -> None:
    board = atom4.Board(width=6, height=4)
    assert board.text() == START_6x4
    assert atom4.Board(START_6x4) == board
    other = atom4.Board()
    other.set_text(START_6x4)
    assert other == board and other.move_stack == []


def test_legal_moves_is_a_live_view() -> None:
    board = atom4.Board()
    view = board.legal_moves
    assert len(view) == 2 and bool(view) and view.count() == 2
    assert atom4.Move(8, 6) in view and 8 * 16 + 6 not in view
    assert 6 * 16 + 8 in view and "8,6" not in view and 256 not in view
    board.push(atom4.Move(8, 6))
    assert len(view) == len(board.legal_actions()) == 3
    assert [m.action for m in view] == board.legal_actions()
    assert atom4.Move(8, 6) not in view


def test_push_pop_peek_and_stack() -> None:
    board = atom4.Board()
    start = board.copy()
    board.push(atom4.Move(8, 6))
    second = board.legal_actions()[0]
    board.push(second)
    assert board.move_stack == [atom4.Move(8, 6), atom4.Move.from_action(second)]
    assert board.peek() == atom4.Move.from_action(second)
    assert board.tile == "g" and board.turn == 1
    assert board.pop() == atom4.Move.from_action(second)
    assert board.pop() == atom4.Move(8, 6)
    assert board == start and board.text() == start.text()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_a_round_to_the_end_then_the_next() -> None:
    rng = random.Random(5)
    board = atom4.Board(width=7, height=6)
    play_random_round(board, rng)
    outcome = board.outcome()
    assert outcome is not None and board.is_game_over()
    assert len(board.legal_moves) == 0 and board.legal_actions() == []
    if outcome.winner is None:
        assert outcome.termination == "stalemate" and outcome.result() == "1/2-1/2"
    else:
        assert outcome.termination == "win"
        assert outcome.result() == ("1-0" if outcome.winner == 1 else "0-1")
        assert board.scores[outcome.winner - 1] == 1
    with pytest.raises(atom4.IllegalMoveError):
        board.push(atom4.Move(0, 0))
    scores = board.scores
    board.next_round()
    assert board.round == 2 and board.scores == scores
    assert board.turn == 2 and board.move_stack == [] and board.outcome() is None
    assert board.tile == "y"
    with pytest.raises(ValueError, match="not over"):
        board.next_round()


def test_outcomes_compare_and_pickle() -> None:
    assert atom4.Outcome(1) == atom4.Outcome(1) != atom4.Outcome(None)
    assert hash(atom4.Outcome(2)) == hash(atom4.Outcome(2))
    assert pickle.loads(pickle.dumps(atom4.Outcome(2))) == atom4.Outcome(2)
    assert repr(atom4.Outcome(None)) == "Outcome(winner=None)"
    with pytest.raises(ValueError):
        atom4.Outcome(3)


def test_moves() -> None:
    move = atom4.Move(3, 9)
    assert (move.x, move.y, move.action) == (3, 9, 9 * 16 + 3)
    assert str(move) == move.text() == "3,9" and repr(move) == "Move(3, 9)"
    assert atom4.Move.from_text("3, 9") == move == atom4.Move.from_action(147)
    assert len({move, atom4.Move(3, 9), atom4.Move(9, 3)}) == 2
    assert sorted([atom4.Move(1, 2), atom4.Move(5, 1)]) == [atom4.Move(5, 1), atom4.Move(1, 2)]
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.copy(move) is move and copy.deepcopy(move) is move
    with pytest.raises(AttributeError):
        move.x = 4  # type: ignore[misc]


def test_copies_are_independent() -> None:
    board = atom4.Board()
    board.push(atom4.Move(8, 6))
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        assert other == board and other.move_stack == board.move_stack
        other.push(other.legal_actions()[0])
        assert other != board and len(board.move_stack) == 1
    bare = board.copy(stack=False)
    assert bare == board and bare.move_stack == []
    assert board.root() == atom4.Board()


def test_pickle_keeps_position_and_stack() -> None:
    rng = random.Random(1)
    board = atom4.Board(width=9, height=7)
    play_random_round(board, rng)
    board.next_round()
    for _ in range(10):
        board.push(rng.choice(board.legal_actions()))
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(board, protocol=protocol))
        assert again == board and again.text() == board.text()
        assert again.move_stack == board.move_stack
        assert again.root() == board.root()
        assert again.pop() == board.peek()


def test_equality_and_hash_follow_the_position() -> None:
    a, b = atom4.Board(), atom4.Board()
    assert a == b and hash(a) == hash(b) and a != "board"
    a.push(atom4.Move(8, 6))
    assert a != b
    b.push(atom4.Move(8, 6))
    assert a == b and hash(a) == hash(b)
    assert len({a.copy(), b.copy(), atom4.Board()}) == 2


def test_text_renderings() -> None:
    board = atom4.Board(width=6, height=4)
    assert str(board) == (
        ". . . . . .\n"
        " . . g p . .\n"
        ". . . . . .\n"
        " . . . . . .\n"
    )
    assert repr(board) == f'Board("{START_6x4}")'
    ansi = board.ansi()
    assert "\x1b[" in ansi and ansi.count("\u25cf") == 3  # two pieces + tile
    assert ansi.count("\u25cb") == len(board.legal_moves)


def test_svg_shows_every_cell_and_marks_the_last_move() -> None:
    board = atom4.Board(width=6, height=4)
    board.push(board.legal_actions()[0])
    svg = board._repr_svg_()
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert svg.count("<circle") == 6 * 4 + 1  # every cell + the ring
    assert 'fill="#e0201b"' in svg  # the red piece just placed
    # 6 cells and a half-cell shift, plus half a cell of margin each side.
    assert 'width="105" height="70"' in board.svg(size=14)
    with pytest.raises(ValueError):
        board.svg(size=0)


def test_action_mask_and_observation_layout() -> None:
    board = atom4.Board(width=6, height=4)
    mask = board.legal_action_mask()
    assert len(mask) == atom4.ACTIONS
    assert [i for i, on in enumerate(mask) if on] == board.legal_actions()
    obs = board.observation()
    assert len(obs) == atom4.OBSERVATION_LEN == 258
    assert obs[1 * 16 + 2] == 2 + 2  # green (colour bits 2) at (2, 1)
    assert obs[1 * 16 + 3] == 2 + 5  # purple (5) at (3, 1)
    assert obs[0] == 1  # empty
    assert obs[6] == 0 and obs[4 * 16] == 0  # off the 6 x 4 board
    assert obs[256] == 1 and obs[257] == 1  # red tile, player 1
    board.push(board.legal_actions()[0])
    assert board.observation()[256:] == bytes([3, 2])  # yellow, player 2


def test_planes_layout() -> None:
    board = atom4.Board(width=6, height=4)
    board.push(board.legal_actions()[0])  # player 1 plays red; yellow for player 2
    planes = board.planes()
    assert len(planes) == atom4.PLANES * 256

    def plane(p: int) -> list[int]:
        return [i for i in range(256) if planes[p * 256 + i]]

    on_board = [y * 16 + x for y in range(4) for x in range(6)]
    obs = board.observation()
    for colour in range(8):  # the piece planes agree with the observation
        assert plane(colour) == [i for i in range(256) if obs[i] == 2 + colour]
    assert plane(8) == [i for i in range(256) if obs[i] == 1]
    assert sorted(sum((plane(p) for p in range(9)), [])) == on_board
    assert plane(9) == board.legal_actions()
    assert plane(10) == on_board and plane(11) == on_board and plane(12) == []  # yellow
    assert plane(13) == on_board  # player 2 to move


def test_arrays_extra() -> None:
    np = pytest.importorskip("numpy")
    from atom4 import arrays

    board = atom4.Board()
    assert arrays.observation(board).dtype == np.uint8
    mask = arrays.action_mask(board)
    assert list(np.flatnonzero(mask)) == board.legal_actions()
    planes = arrays.planes(board)
    assert planes.shape == (atom4.PLANES, 16, 16)
    assert planes[2, 7, 7] == 1 and planes[5, 7, 8] == 1
    assert arrays.planes(board, channels_last=True)[7, 8, 5] == 1
