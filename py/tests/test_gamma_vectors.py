"""The Gamma batch triples (`tests/data/gamma/batch-tests.tar.gz`) replayed
through `atom4.gamma.Course`, the course's API: every command of every
triple that stays in batch mode, parsed here and made through Python."""

from __future__ import annotations

import tarfile

from atom4.gamma import Course

from conftest import data_dir

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
    g: Course | None = None
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
                g = Course(*args)
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
    here, every command made through `atom4.gamma.Course`."""
    checked = 0
    for name, data, want_out, want_err in batch_triples():
        got = replay(data)
        if got is None:
            continue
        assert got == (want_out, want_err), name
        checked += 1
    print(f"python gamma batch: {checked} triples replayed through atom4.gamma")
    assert checked > 2000

