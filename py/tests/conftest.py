"""Shared helpers: where the golden vectors are, and how to read them."""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def data_dir() -> Path:
    """The golden vectors, a folder a game: `tests/data/`, or `$ATOM4_DATA`."""
    env = os.environ.get("ATOM4_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "tests" / "data"


def extra_files(game: str) -> list[Path]:
    """The files named in `$ATOM4_EXTRA_VECTORS` whose folder is named
    `game` (the others belong to other games' tests)."""
    extra = os.environ.get("ATOM4_EXTRA_VECTORS", "")
    return [Path(p) for p in extra.split(":") if p and Path(p).parent.name == game]


def vector_files() -> list[Path]:
    """The golden Atom-4 files plus the Atom-4 files of `$ATOM4_EXTRA_VECTORS`."""
    folder = data_dir() / "atom4"
    return [folder / "games.jsonl.gz", folder / "classic_ai.jsonl.gz", *extra_files("atom4")]


def records(kind: str) -> Iterator[dict[str, Any]]:
    """Every record of `kind` ("rounds" for games, "best_moves" for
    classic positions) in the vector files."""
    for path in vector_files():
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    record = json.loads(line)
                    if kind in record:
                        yield record
