"""atom4.gamma: the Game through Python (the spec's worked examples, every
refusal typed and changing nothing, pickling, copies), the batch triples
replayed through the API, and the computer's move choice."""

from __future__ import annotations

import copy
import pickle
import tarfile
import threading
import time

import pytest
from atom4 import gamma
from atom4.gamma import Game, IllegalMoveError, Move

from conftest import data_dir


def test_the_worked_example_of_spec_4_9() -> None:
    with pytest.raises(ValueError):
        Game(0, 0, 0, 0)
    g = Game(10, 10, 2, 3)
    g.move(1, 0, 0)
    assert (g.busy_fields(1), g.busy_fields(2), g.free_fields(1), g.free_fields(2)) == (1, 0, 99, 99)
    assert not g.golden_possible(1)
    g.move(2, 3, 1)
    g.move(1, 0, 2)
    g.move(1, 0, 9)
    with pytest.raises(IllegalMoveError, match="too many areas"):
        g.move(1, 5, 5)
    assert g.free_fields(1) == 6
    g.move(1, 0, 1)
    assert g.free_fields(1) == 95
    g.move(1, 5, 5)
    assert not g.is_legal(Move(1, 6, 6))
    g.push(Move(2, 2, 1))
    g.push(Move(2, 1, 1))
    assert (g.free_fields(1), g.free_fields(2)) == (9, 92)
    with pytest.raises(IllegalMoveError, match="taken"):
        g.move(2, 0, 1)
    assert g.golden_possible(2)
    assert g.why_illegal(Move(2, 0, 1, golden=True)) is not None
    g.golden_move(2, 5, 5)
    assert not g.golden_possible(2) and g.golden_move_used(2)
    g.move(2, 6, 6)
    g.golden_move(1, 3, 1)
    assert (g.busy_fields(1), g.free_fields(1), g.busy_fields(2), g.free_fields(2)) == (5, 8, 4, 10)
    assert g.board() == (
        "1.........\n..........\n..........\n......2...\n.....2....\n"
        "..........\n..........\n1.........\n1221......\n1.........\n"
    )
    assert str(g) == g.board()
    assert g.owner(3, 1) == 1 and g.owner(9, 9) is None
    assert g.areas_of(1) == 3 and g.empty_fields() == 91
    assert repr(g) == "Game(width=10, height=10, players=2, areas=3)"


def test_boards_of_more_than_nine_players() -> None:
    g = Game(3, 2, 12, 2)
    g.move(1, 0, 0)
    g.move(10, 1, 0)
    g.move(12, 2, 1)
    assert g.board() == "  .  . 12\n  1 10  .\n"


def test_bad_arguments_are_typed_errors_and_change_nothing() -> None:
    g = Game(4, 4, 2, 1)
    g.move(1, 1, 1)
    before = (g.board(), g.move_stack)
    for call in (
        lambda: g.move(0, 0, 0),
        lambda: g.move(3, 0, 0),
        lambda: g.move(-1, 0, 0),
        lambda: g.busy_fields(3),
        lambda: g.free_fields(0),
        lambda: g.golden_possible(2**40),
        lambda: g.owner(4, 0),
        lambda: g.owner(0, -1),
        lambda: g.legal_moves(9),
        lambda: Game(-1, 4, 2, 2),
        lambda: Game(2**32, 4, 2, 2),
        lambda: Game(1 << 16, 1 << 16, 2, 2),
        lambda: Move(0, 1, 1),
        lambda: Move(1, -1, 1),
    ):
        with pytest.raises(ValueError):
            call()
    for illegal in (Move(1, 4, 0), Move(1, 1, 1), Move(1, 3, 3), Move(2, 1, 1, golden=False),
                    Move(1, 1, 1, golden=True), Move(2, 0, 0, golden=True)):
        with pytest.raises(IllegalMoveError):
            g.push(illegal)
        assert not g.is_legal(illegal)
    with pytest.raises(TypeError):
        g.move("1", 0, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        g.push((1, 0, 0))  # type: ignore[arg-type]
    assert (g.board(), g.move_stack) == before
    assert issubclass(IllegalMoveError, ValueError)


def test_moves_text_and_order() -> None:
    assert Move.from_text("g 2 3 4") == Move(2, 3, 4, golden=True)
    assert str(Move(1, 0, 7)) == "m 1 0 7" and repr(Move(1, 0, 7, golden=True)) == "Move(1, 0, 7, golden=True)"
    for bad in ("m 1 2", "x 1 2 3", "m 0 1 1", "m 1 2 3 4", "m -1 2 3", "m 1 2 99999999999", ""):
        with pytest.raises(gamma.ParseError):
            Move.from_text(bad)
    assert sorted([Move(2, 0, 0), Move(1, 5, 5)])[0] == Move(1, 5, 5)
    assert len({Move(1, 2, 3), Move(1, 2, 3)}) == 1


def test_stack_copies_and_pickles() -> None:
    g = Game(5, 4, 3, 2)
    for m in (Move(1, 0, 0), Move(2, 1, 0), Move(3, 2, 0), Move(1, 2, 0, golden=True)):
        g.push(m)
    assert g.peek() == Move(1, 2, 0, golden=True)
    twin = pickle.loads(pickle.dumps(g))
    assert twin == g and twin.move_stack == g.move_stack and twin.board() == g.board()
    clone = copy.deepcopy(g)
    clone.move(2, 4, 3)
    assert clone != g and g.owner(4, 3) is None
    assert g.pop() == Move(1, 2, 0, golden=True)
    assert g.owner(2, 0) == 3 and not g.golden_move_used(1)
    assert g.copy() == g
    with pytest.raises(IndexError):
        Game(2, 2, 2, 2).pop()
    from atom4._gamma import unpickle_game

    with pytest.raises(ValueError, match="not a pickled Game"):
        unpickle_game(3, 3, 2, 2, [(1, 0, 0, False), (2, 0, 0, False)])


def test_legal_moves_agree_with_the_moves_themselves() -> None:
    g = Game(4, 3, 3, 1)
    for m in (Move(1, 0, 0), Move(2, 1, 0), Move(3, 3, 2), Move(1, 0, 1)):
        g.push(m)
    for player in (1, 2, 3):
        listed = set(g.legal_moves(player))
        for y in range(3):
            for x in range(4):
                for golden in (False, True):
                    move = Move(player, x, y, golden=golden)
                    trial = g.copy()
                    try:
                        trial.push(move)
                        made = True
                    except IllegalMoveError:
                        made = False
                    assert (move in listed) == made == g.is_legal(move), move


def test_turn_order_and_the_end() -> None:
    g = Game(3, 1, 2, 1)
    assert g.next_player() == 1
    g.move(1, 1, 0)
    assert g.next_player(1) == 2
    g.move(2, 0, 0)
    g.move(1, 2, 0)
    # Player 2: no free field, but a golden move on (1,0).
    assert g.free_fields(2) == 0 and g.next_player(1) == 2
    g.golden_move(2, 1, 0)
    assert g.next_player(2) == 1
    g.golden_move(1, 1, 0)
    assert g.next_player(1) is None and g.is_game_over()
    assert g.winner() == 1


def batch_triples() -> list[tuple[str, bytes, bytes, bytes]]:
    """The published triples: name, input, output, error."""
    path = data_dir() / "gamma" / "batch-tests.tar.gz"
    files: dict[str, bytes] = {}
    with tarfile.open(path) as tar:
        for member in tar.getmembers():
            handle = tar.extractfile(member)
            if handle is not None:
                files[member.name] = handle.read()
    return [
        (name[:-3], files[name], files[name[:-3] + ".out"], files[name[:-3] + ".err"])
        for name in sorted(files)
        if name.endswith(".in") and name[:-3] + ".out" in files
    ]


SPACE = b" \t\v\f\r"
ARITY = {ord("B"): 4, ord("I"): 4, ord("m"): 3, ord("g"): 3, ord("b"): 1, ord("f"): 1, ord("q"): 1, ord("p"): 0}


def parse(line: bytes) -> tuple[str, list[int]] | None:
    """A command line as spec 5.2 reads it, or None when it is malformed."""
    if not line or line[0] not in ARITY:
        return None
    letter, rest = chr(line[0]), line[1:]
    if ARITY[line[0]] > 0 and (not rest or rest[0] not in SPACE):
        return None
    words = split_space(rest)
    if words is None or len(words) != ARITY[line[0]]:
        return None
    values = []
    for word in words:
        if not word.isdigit() or int(word) > 0xFFFFFFFF:
            return None
        values.append(int(word))
    return letter, values


def split_space(text: bytes) -> list[bytes] | None:
    """`text` cut at runs of the five whitespace bytes; None when another
    byte that is not a digit is in it."""
    words: list[bytes] = []
    word = b""
    for byte in text:
        if byte in SPACE:
            if word:
                words.append(word)
            word = b""
        elif 0x30 <= byte <= 0x39:
            word += bytes([byte])
        else:
            return None
    if word:
        words.append(word)
    return words


def replay(data: bytes) -> tuple[bytes, bytes] | None:
    """Standard output and error of a batch run, made through the Python
    API; None for an input that starts the interactive mode."""
    out: list[str] = []
    err: list[str] = []
    g: Game | None = None
    lines = data.split(b"\n")
    for number, line in enumerate(lines, start=1):
        last = number == len(lines)
        if last and line == b"":
            break
        if line.startswith(b"#") or (line == b"" and not last):
            continue
        command = None if last else parse(line)
        if command is None:
            err.append(f"ERROR {number}\n")
            continue
        letter, args = command
        if letter in "BI":
            if g is not None:
                err.append(f"ERROR {number}\n")
                continue
            try:
                g = Game(*args)
            except (ValueError, MemoryError):
                err.append(f"ERROR {number}\n")
                continue
            if letter == "I":
                return None
            out.append(f"OK {number}\n")
            continue
        if g is None:
            err.append(f"ERROR {number}\n")
            continue
        if letter in "mg":
            try:
                (g.move if letter == "m" else g.golden_move)(*args)
                out.append("1\n")
            except ValueError:
                out.append("0\n")
        elif letter == "p":
            out.append(g.board())
        else:
            ask = {"b": g.busy_fields, "f": g.free_fields, "q": g.golden_possible}[letter]
            try:
                out.append(f"{int(ask(args[0]))}\n")
            except ValueError:
                out.append("0\n")
    return "".join(out).encode(), "".join(err).encode()


def test_batch_triples_replayed_through_the_api() -> None:
    """Every published triple that stays in batch mode: the lines parsed
    here, every command made through `atom4.gamma.Game`."""
    checked = 0
    for name, data, want_out, want_err in batch_triples():
        got = replay(data)
        if got is None:
            continue
        assert got == (want_out, want_err), name
        checked += 1
    print(f"python gamma batch: {checked} triples replayed through atom4.gamma")
    assert checked > 2000


def test_the_computer_plays_legal_moves_to_the_end() -> None:
    g = Game(5, 4, 3, 2)
    engine = gamma.Engine()
    made = gamma.play_to_end(g, engine, iterations=50, seed=3)
    assert g.is_game_over() and len(made) >= 10
    replayed = Game(5, 4, 3, 2)
    for m in made:
        replayed.push(m)
    assert replayed == g


def test_greedy_and_random_players() -> None:
    g = Game(4, 4, 2, 1)
    g.move(1, 0, 0)
    g.move(2, 3, 3)
    move = gamma.greedy(g, 1, seed=1)
    assert g.is_legal(move) and move.player == 1
    assert g.is_legal(gamma.random(g, 2, seed=2))
    with pytest.raises(ValueError, match="at most 2048 cells"):
        gamma.greedy(Game(100, 100, 2, 2), 1)
    with pytest.raises(ValueError, match="at most 16 players"):
        gamma.random(Game(4, 4, 17, 2), 1)
    with pytest.raises(ValueError):
        gamma.greedy(g, 3)


def test_the_engine_finds_the_winning_move_and_refuses_bad_limits() -> None:
    # One row of three, one area each; 1 holds (1,0), 2 holds (0,0). The
    # ordinary move on (2,0) wins, the golden move on (0,0) loses.
    g = Game(3, 1, 2, 1)
    g.move(1, 1, 0)
    g.move(2, 0, 0)
    engine = gamma.Engine()
    assert engine.choose(g, 1, iterations=300, seed=1) == Move(1, 2, 0)
    for bad in (dict(time=0.0), dict(time=-1.0), dict(iterations=0)):
        with pytest.raises(ValueError):
            engine.choose(g, 1, **bad)
    g.move(1, 2, 0)
    g.golden_move(2, 1, 0)
    g.golden_move(1, 1, 0)
    with pytest.raises(ValueError, match="no move"):
        engine.choose(g, 2, iterations=10)


def test_stop_ends_a_search_from_another_thread() -> None:
    g = Game(10, 10, 2, 3)
    engine = gamma.Engine()
    found: list[Move] = []
    thread = threading.Thread(target=lambda: found.append(engine.choose(g, 1, time=30.0, seed=1)))
    started = time.monotonic()
    thread.start()
    time.sleep(0.3)
    engine.stop()
    thread.join(10)
    assert not thread.is_alive() and time.monotonic() - started < 10
    assert found and g.is_legal(found[0])


def test_the_module_example_runs() -> None:
    import doctest

    failures, tried = doctest.testmod(gamma)
    assert failures == 0 and tried >= 5
