"""The README's bot example is the file examples/bot.py, and it runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

PY = Path(__file__).resolve().parents[1]


def test_readme_quotes_the_example() -> None:
    readme = (PY.parent / "README.md").read_text(encoding="utf-8")
    quoted = re.search(r"<!-- py/examples/bot.py -->\n```python\n(.*?)```", readme, re.S)
    assert quoted, "the README's bot example is missing"
    assert quoted.group(1) == (PY / "examples" / "bot.py").read_text(encoding="utf-8")


def test_the_example_plays_a_round() -> None:
    out = subprocess.run(
        [sys.executable, str(PY / "examples" / "bot.py")],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    ).stdout
    assert re.search(r"Outcome\(winner=(1|2|None), termination=.(win|draw).\)\n$", out), out
