"""The Atropos golden positions and solved positions (`tests/data/atropos/`,
and the atropos files of `ATOM4_EXTRA_VECTORS`) through `atom4.atropos`,
and a Python player run as a process under our referee."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Optional

import pytest

import atom4
from atom4 import atropos
from conftest import data_dir, extra_files


def atropos_files(pattern: str) -> list[Path]:
    folder = data_dir() / "atropos"
    files = sorted(folder.glob(pattern))
    files += [p for p in extra_files("atropos") if p.match(pattern)]
    return files


def state_of(text: str) -> atom4.Atropos:
    state = atom4.load("atropos", text=text)
    assert isinstance(state, atom4.Atropos)
    return state


def test_golden_positions() -> None:
    files = atropos_files("vectors_size*.tsv")
    assert files
    positions = 0
    for path in files:
        for line in path.read_text().splitlines():
            text, circles, losing = (line.split("\t") + ["", ""])[:3]
            state = state_of(text)
            assert state.text() == text
            if circles.strip() == "FINISHED=true":
                assert state.is_game_over() and state.legal_circles() == []
            else:
                got = " ".join(f"({h},{l},{r})" for h, l, r in state.legal_circles())
                assert got == circles.strip()
                assert " ".join(m.text() for m in state.losing_moves()) == losing.strip()
            positions += 1
    print(f"python atropos vectors: {positions} positions")


def test_solver_agrees_with_solved_positions() -> None:
    checked = 0
    with gzip.open(data_dir() / "atropos" / "solved.tsv.gz", "rt") as f:
        for line in f:
            text, value, winning = line.rstrip("\n").split("\t")
            state = state_of(text)
            if state.size > 5:
                continue
            solution = atropos.solve(state, hash_mb=1)
            assert solution.value == value
            assert " ".join(m.text() for m in solution.winning_moves) == winning.strip()
            checked += 1
    assert checked > 500
    print(f"python atropos solved: {checked} checked")


def test_the_engine_plays_a_won_position_and_stop_ends_a_solve() -> None:
    small = atom4.load("atropos", size=4)
    winning = atropos.solve(small).winning_moves
    assert atom4.Engine().search(small, nodes=200_000).move in winning
    assert atropos.play("[13][302][12]LastPlay:null") == "(1,1,1,1)"
    big = atom4.load("atropos", size=12)
    timer = threading.Timer(0.2, atropos.stop)
    timer.start()
    start = time.monotonic()
    solution = atropos.solve(big, time=60.0, hash_mb=8)
    timer.join()
    assert solution.value is None and solution.winning_moves == []
    assert time.monotonic() - start < 30.0


PLAYER = textwrap.dedent(
    """
    import sys
    from atom4 import atropos
    print(atropos.play(sys.argv[-1], time=0.3))
    """
)


def atom4_program() -> Optional[str]:
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
