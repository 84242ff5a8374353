"""The Chain Reaction golden vectors (`tests/data/chain/`, and the
chain files of `ATOM4_EXTRA_VECTORS`), replayed through Python: every
board, player to move, players out, cascade and legal count, the final
position, and the tutorial's computer player's every move and pass."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import atom4
from atom4 import chain
from conftest import data_dir, extra_files


def chain_files() -> list[Path]:
    folder = data_dir() / "chain"
    names = ["classic.jsonl.gz", "atoms.jsonl.gz", "cases.jsonl.gz"]
    return [folder / n for n in names] + extra_files("chain")


def records() -> Iterator[dict[str, Any]]:
    for path in chain_files():
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    yield json.loads(line)


def move_of(record: Any) -> str:
    return "pass" if record == "pass" else f"{record[0]},{record[1]}"


def chain_state(**params: Any) -> atom4.Chain:
    state = atom4.load("chain", **params)
    assert isinstance(state, atom4.Chain)
    return state


def letters(players: list[int]) -> str:
    return "".join(chain.letter(p) for p in players)


def test_chain_vectors() -> None:
    files, games, cases, moves = len(chain_files()), 0, 0, 0
    for record in records():
        if "start" in record:
            p = chain_state(text=record["start"])
            cascade = None
            for m in record["moves"]:
                p.push(move_of(m))
                cascade = p.last_cascade()
                moves += 1
            assert cascade is not None
            assert p.text() == record["after"], record["id"]
            assert (cascade.explosions, cascade.waves) == (record["explosions"], record["waves"])
            cases += 1
            continue
        p = chain_state(
            rules=record["rules"],
            size=(record["width"], record["height"]),
            players=record["players"],
        )
        ai = chain.SeedAi(record["ai_seed"]) if record["policy"] == "seedai" else None
        for j, m in enumerate(record["moves"]):
            move = move_of(m)
            if ai is not None and p.turn == 2:
                assert ai.choose(p).text() == move, (record["id"], j)
            p.push(move)
            cascade = p.last_cascade()
            assert cascade is not None
            where = (record["id"], j)
            assert p.text().split(" ")[2] == record["boards"][j], where
            assert (chain.letter(p.turn) if p.turn else "-") == record["next"][j], where
            assert letters(p.out) == record["out"][j], where
            assert (cascade.explosions, cascade.waves) == (
                record["explosions"][j],
                record["waves"][j],
            ), where
            assert sum(1 for a in p.legal_actions() if a != chain.PASS_ACTION) == record["legal"][j]
            moves += 1
        assert p.text() == record["final"], record["id"]
        games += 1
    print(f"python chain vectors: {files} files, {games} games, {moves} moves, {cases} cases checked")
    assert games >= 303 and cases >= 41
