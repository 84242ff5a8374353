"""The docs say what the code does: every Python block of docs/python.md,
of the README's Python section and of the games' pages runs (a page's
blocks one after the other, in one namespace), and so do the package's
docstring examples."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["docs/python.md", "README.md", "docs/atropos.md", "docs/chain.md", "docs/gamma.md", "docs/atomas.md"]
BLOCK = re.compile(r"^( *)```python\n(.*?)^\1```", re.S | re.M)


def blocks(page: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    found = []
    for indent, body in BLOCK.findall(text):
        found.append("\n".join(line[len(indent) :] for line in body.splitlines()))
    return found


def test_the_pages_have_examples() -> None:
    assert len(blocks("docs/python.md")) >= 6
    assert all(blocks(page) for page in PAGES)


@pytest.mark.parametrize("page", PAGES)
def test_every_python_block_runs(page: str) -> None:
    namespace: dict[str, object] = {"__name__": f"doc:{page}"}
    for number, code in enumerate(blocks(page)):
        exec(compile(code, f"{page} block {number + 1}", "exec"), namespace)


@pytest.mark.parametrize("module", ["atom4", "atom4.chain", "atom4.gamma", "atom4.atropos", "atom4.atomas"])
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0
