"""atom4.atropos through `import atom4`: the board, moves and actions,
typed errors, copy and pickle, the golden positions, the engine and the
solver, and a Python player run as a process under our referee."""

from __future__ import annotations

import copy
import gzip
import os
import pickle
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from atom4 import _atropos, atropos
from conftest import data_dir, extra_files

SIZE1 = "[13][302][12]LastPlay:null"
FINISHED = "[13][312][12]LastPlay:(1,1,1,1)"


def atropos_files(pattern: str) -> list[Path]:
    folder = data_dir() / "atropos"
    files = sorted(folder.glob(pattern))
    files += [p for p in extra_files("atropos") if p.match(pattern)]
    return files


def test_a_new_board() -> None:
    board = atropos.Board(size=7)
    assert board.size == 7 and board.turn == 1 and board.last_play is None
    assert len(board.legal_circles()) == 28
    assert board.action_count == 84
    assert len(board.legal_moves) == 84
    assert len(board.safe_moves()) + len(board.losing_moves()) == 84
    assert atropos.Board(size=1).text() == SIZE1
    assert atropos.Board(SIZE1) == atropos.Board(size=1)
    assert board.color_at(0, 1, 8) == 1 and board.color_at(1, 1, 7) == 0


def test_push_pop_peek_and_outcome() -> None:
    board = atropos.Board(size=5)
    board.push(atropos.Move(3, 3, 2, 2))
    board.push("(1,2,2,3)")
    assert board.turn == 1 and board.moves_made == 2
    assert board.peek() == atropos.Move(1, 2, 2, 3)
    assert board.move_stack == [atropos.Move(3, 3, 2, 2), atropos.Move(1, 2, 2, 3)]
    assert board.pop() == atropos.Move(1, 2, 2, 3)
    assert board.turn == 2
    assert board.root() == atropos.Board(size=5)
    finished = atropos.Board(FINISHED)
    assert finished.is_game_over() and finished.turn is None
    outcome = finished.outcome()
    assert outcome == atropos.Outcome(2) and outcome.result() == "0-1"
    assert atropos.Board(size=1).outcome() is None
    # Size 1: the only circle, red completes red-blue-green? Red on (1,1,1)
    # between the boundary's colours loses at once.
    one = atropos.Board(size=1)
    assert one.is_losing("(1,1,1,1)")
    one.push("(1,1,1,1)")
    assert one.outcome() == atropos.Outcome(2)


def test_actions_and_masks() -> None:
    board = atropos.Board(size=4)
    actions = board.legal_actions()
    assert actions == list(range(30))
    mask = board.legal_action_mask()
    assert len(mask) == 30 and set(mask) == {1}
    for a in (0, 7, 29):
        board2 = board.copy()
        board2.push(a)
        assert board2.action(board2.peek()) == a
    board.push(atropos.Move(2, 2, 2, 2))
    assert [board.action(m) for m in board.legal_moves] == board.legal_actions()
    assert sum(board.legal_action_mask()) == len(board.legal_moves)
    assert len(board.colors()) == 10


@pytest.mark.parametrize(
    "move, why",
    [
        (atropos.Move(0, 1, 1, 5), "colour"),
        (atropos.Move(4, 1, 1, 5), "colour"),
        (atropos.Move(1, 0, 1, 6), "interior"),
        (atropos.Move(1, 9, 9, 9), "interior"),
        (atropos.Move(1, 1, 1, 4), "r is not"),
        (500, "actions go from 0 to 44"),
        (-1, "actions go from 0 to 44"),
    ],
)
def test_illegal_moves_change_nothing(move: atropos.Move | int, why: str) -> None:
    board = atropos.Board(size=5)
    before = board.copy()
    assert not board.is_legal(move)
    with pytest.raises(atropos.IllegalMoveError, match=why):
        board.push(move)
    assert board == before and board.move_stack == []
    assert why in (board.why_illegal(move) or "")


def test_occupied_not_adjacent_finished() -> None:
    board = atropos.Board(size=5)
    board.push("(3,3,2,2)")
    with pytest.raises(atropos.IllegalMoveError, match="already coloured"):
        board.push("(1,3,2,2)")
    with pytest.raises(atropos.IllegalMoveError, match="next to the last play"):
        board.push("(1,1,1,5)")
    with pytest.raises(atropos.IllegalMoveError, match="over"):
        atropos.Board(FINISHED).push("(2,1,1,1)")
    assert issubclass(atropos.IllegalMoveError, ValueError)


def test_bad_text_and_arguments() -> None:
    for bad in ["", "[13][302][1]LastPlay:null", SIZE1 + " ", "[13][342][12]LastPlay:null"]:
        with pytest.raises(atropos.ParseError) as info:
            atropos.Board(bad)
        assert 0 <= info.value.offset <= len(bad)
    with pytest.raises(atropos.ParseError) as info:
        atropos.Board("[13][342][12]LastPlay:null")
    assert info.value.offset == 6
    board = atropos.Board(size=3)
    with pytest.raises(atropos.ParseError):
        board.set_text("nonsense")
    assert board == atropos.Board(size=3)
    for size in (0, 16, -1, 10**30):
        with pytest.raises((ValueError, OverflowError)):
            atropos.Board(size=size)
    for bad_move in ["(3, 2,2,2)", "(3,02,2,2)", "(4,2,2,2)", "3,2,2,2"]:
        with pytest.raises(atropos.ParseError):
            atropos.Move.from_text(bad_move)
        with pytest.raises(atropos.ParseError):
            board.push(bad_move)
        assert not board.is_legal(bad_move)
    with pytest.raises(TypeError):
        board.push(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        board.push(True)
    with pytest.raises(ValueError):
        atropos.Move(300, 1, 1, 1)
    with pytest.raises(ValueError):
        board.color_at(9, 9, 9)
    with pytest.raises(ValueError):
        atropos.Outcome(3)
    assert board == atropos.Board(size=3)


def test_copy_and_pickle() -> None:
    board = atropos.Board(size=6)
    for text in ["(2,3,2,3)", "(1,2,3,3)"]:
        board.push(text)
    for other in [board.copy(), copy.copy(board), copy.deepcopy(board),
                  pickle.loads(pickle.dumps(board))]:
        assert other == board and other.move_stack == board.move_stack
        assert other.text() == board.text()
    assert board.copy(stack=False).move_stack == []
    assert pickle.loads(pickle.dumps(atropos.Move(1, 2, 3, 4))) == atropos.Move(1, 2, 3, 4)
    assert pickle.loads(pickle.dumps(atropos.Outcome(1))) == atropos.Outcome(1)
    with pytest.raises(ValueError):
        _atropos.unpickle_board(b"\x00" * 40, [])
    assert hash(board) == hash(board.copy())


def test_golden_positions() -> None:
    files = atropos_files("vectors_size*.tsv")
    assert files
    positions = 0
    for path in files:
        for line in path.read_text().splitlines():
            state, circles, losing = (line.split("\t") + ["", ""])[:3]
            board = atropos.Board(state)
            assert board.text() == state
            if circles.strip() == "FINISHED=true":
                assert board.is_game_over() and board.legal_circles() == []
            else:
                got = " ".join(f"({h},{l},{r})" for h, l, r in board.legal_circles())
                assert got == circles.strip()
                assert " ".join(m.text() for m in board.losing_moves()) == losing.strip()
            positions += 1
    print(f"python atropos vectors: {positions} positions")


def test_solver_agrees_with_solved_positions() -> None:
    checked = 0
    with gzip.open(data_dir() / "atropos" / "solved.tsv.gz", "rt") as f:
        for line in f:
            state, value, winning = line.rstrip("\n").split("\t")
            board = atropos.Board(state)
            if board.size > 5:
                continue
            solution = atropos.solve(board, hash_mb=1)
            assert solution.value == value
            assert " ".join(m.text() for m in solution.winning_moves) == winning.strip()
            checked += 1
    assert checked > 500
    print(f"python atropos solved: {checked} checked")


def test_engine_moves() -> None:
    board = atropos.Board(size=4)
    solution = atropos.solve(board)
    choice = atropos.engine_move(board, work=200_000)
    assert choice.value == "win" and choice.move in solution.winning_moves
    big = atropos.Board(size=12)
    a = atropos.engine_move(big, work=20_000, seed=3)
    b = atropos.engine_move(big, work=20_000, seed=3)
    assert a.move == b.move and a.reason == "searched" and a.value is None
    assert a.move in big.safe_moves()
    start = time.monotonic()
    c = atropos.engine_move(big, time=0.05)
    assert time.monotonic() - start < 2.0 and big.is_legal(c.move)
    with pytest.raises(ValueError):
        atropos.engine_move(atropos.Board(FINISHED))
    with pytest.raises(ValueError):
        atropos.engine_move(big, time=-1.0)
    with pytest.raises(ValueError):
        atropos.engine_move(big, work=0)
    with pytest.raises(ValueError):
        atropos.solve(big, hash_mb=0)
    assert atropos.play(SIZE1) == "(1,1,1,1)"


def test_stop_ends_a_long_solve() -> None:
    board = atropos.Board(size=12)
    timer = threading.Timer(0.2, atropos.stop)
    timer.start()
    start = time.monotonic()
    solution = atropos.solve(board, time=60.0, hash_mb=8)
    timer.join()
    assert solution.value is None and solution.winning_moves == []
    assert time.monotonic() - start < 30.0
    assert atropos.solve(board, time=0.05, hash_mb=8).value is None


PLAYER = textwrap.dedent(
    """
    import sys
    from atom4 import atropos
    board = atropos.Board(sys.argv[-1])
    print(atropos.engine_move(board, time=0.3).move)
    """
)


def atom4_program() -> str | None:
    root = Path(__file__).resolve().parents[2]
    for candidate in [os.environ.get("ATOM4_BIN"), str(root / "target" / "release" / "atom4"),
                      str(root / "target" / "debug" / "atom4"), shutil.which("atom4")]:
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def test_a_python_player_under_the_referee(tmp_path: Path) -> None:
    program = atom4_program()
    if program is None:
        pytest.skip("the atom4 program is not built (cargo build -p atom4-cli)")
    player = tmp_path / "player.py"
    player.write_text(PLAYER)
    log = tmp_path / "games.jsonl"
    done = subprocess.run(
        [program, "atropos", "referee", "5", f"{sys.executable} {player}", "default",
         "--games", "4", "--time-limit", "3", "--log", str(log)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    summary = done.stdout.strip().splitlines()[-1]
    assert summary.startswith("atropos referee: size 5, games 4,"), summary
    assert "forfeits A 0 B 0" in summary, summary
    assert len(log.read_text().splitlines()) == 4
