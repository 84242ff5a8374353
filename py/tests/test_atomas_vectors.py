"""The Atomas golden vectors replayed through `atom4.atomas`: every step
(played or refused with the state unchanged), every spawn law as exact
fractions, every recorded game move by move (seeded games drawn by the
game's own reference generator)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, Union

import pytest

import atom4
from atom4 import atomas
from conftest import data_dir, extra_files

SOURCES = {"carry": "c", "forced": "f", "random": "r"}


def files(kind: str) -> list[Path]:
    """The golden file of `kind` and the Atomas extra files whose names
    start with it."""
    folder = data_dir() / "atomas"
    extra = [p for p in extra_files("atomas") if p.name.startswith(kind)]
    return [folder / f"{kind}.jsonl.gz", *extra]


def records(kind: str) -> Iterator[dict[str, Any]]:
    for path in files(kind):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    yield json.loads(line)


def atom(text: str) -> Union[int, str]:
    """An atom of the vectors' text as Python sees it."""
    return int(text) if text.isdigit() else text


def state_of(text: str) -> atom4.Atomas:
    state = atom4.load("atomas", text=text)
    assert isinstance(state, atom4.Atomas)
    return state


def test_steps() -> None:
    steps = refused = 0
    for step in records("steps"):
        game = state_of(step["before"])
        assert game.request(fields=2) == step["request"]
        assert game.request() == step["request4"]
        if step.get("error"):
            with pytest.raises(atom4.IllegalMoveError):
                game.push(step["reply"])
            assert game.text() == step["before"], step
            assert game.why_illegal(step["reply"]) is not None
            refused += 1
        else:
            assert game.is_legal(step["reply"]), step
            before = game.score
            game.push(step["reply"])
            assert game.score - before == step["points"], step
            assert game.text() == step["after"], step
            assert game.is_game_over() == step["over"]
            # pop gives the state back, with its atom in hand.
            game.pop()
            assert game.text() == step["before"]
        steps += 1
    print(f"\npython atomas steps: {steps} steps, {refused} refused")
    assert steps >= 6638 and refused > 0


def test_spawn_laws() -> None:
    states = 0
    for record in records("spawn"):
        game = state_of(record["state"])
        assert game.source == record["source"]
        # Some records list range atoms the law cannot draw, as "0/1".
        law = [(atom(a), Fraction(p)) for a, p in record["dist"] if Fraction(p) != 0]
        assert game.spawn_law() == law, record["state"]
        assert sum(p for _, p in game.spawn_law()) == 1
        # The law is chance's turn: its outcomes, their probabilities.
        assert [(m.text(), p) for m, p in game.chance_outcomes()] == [(str(a), p) for a, p in law]
        states += 1
    assert states >= 1200


def test_games() -> None:
    games = moves = seeded = 0
    for record in records("games"):
        seed = record["seed"]
        reference = atomas.Reference(seed) if seed is not None else None
        game = reference.start() if reference is not None else state_of(record["start"])
        assert game.text() == record["start"]
        for i, (drawn, reply) in enumerate(record["moves"]):
            assert SOURCES[game.source or ""] == record["sources"][i]
            assert game.turn == atom4.CHANCE
            if reference is not None:
                # The spec's generator draws the recorded atom.
                assert reference.draw(game) == atom(drawn), (seed, i)
            else:
                game.push(drawn)
            before = game.score
            game.push(reply)
            assert game.score - before == record["gained"][i]
            assert game.text() == record["after"][i], (seed, i)
            moves += 1
        assert game.score == record["score"]
        assert sum(not m.chance for m in game.move_stack) == record["length"]
        if record["end"] == "full":
            assert game.is_game_over()
        games += 1
        seeded += seed is not None
    print(f"python atomas games: {games} games ({seeded} seeded), {moves} moves")
    assert games >= 124 and moves >= 41910 and seeded > 0
