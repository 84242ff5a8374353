"""Today's old names, kept for one release: each warns (DeprecationWarning)
and works over the one API. The table at the bottom lists them with what
to use instead."""

from __future__ import annotations

import warnings
from typing import Any, Callable, Optional, Union

from atom4._native import (
    Atom4,
    Atomas,
    Atropos,
    Chain,
    Course,
    CourseMove,
    Engine,
    LegalMoves,
    Move,
    Outcome,
    Reference,
    SearchResult,
)


class Board(Atom4):
    """Deprecated: `atom4.load("atom4", size="WxH")` (or `text=`)."""

    def __new__(cls, text: Optional[str] = None, *, width: int = 16, height: int = 16) -> Board:
        if text is not None:
            return Atom4.__new__(cls, text)
        return Atom4.__new__(cls, size=f"{width}x{height}")


class Position(Chain):
    """Deprecated: `atom4.load("chain", size=, players=, rules=)`."""

    def __new__(
        cls,
        text: Optional[str] = None,
        *,
        rules: str = "classic",
        width: int = 6,
        height: int = 9,
        players: int = 2,
    ) -> Position:
        if text is not None:
            return Chain.__new__(cls, text)
        return Chain.__new__(cls, size=f"{width}x{height}", players=players, rules=rules)


class ChainMove:
    """Deprecated: moves are their text, `"x,y"` or `"pass"`."""

    PASS = Move("chain", "pass")

    def __new__(cls, x: int, y: int) -> Move:  # type: ignore[misc]
        return Move("chain", f"{x},{y}")


class AtroposBoard(Atropos):
    """Deprecated: `atom4.load("atropos", size=n)` (or `text=`)."""

    def __new__(cls, text: Optional[str] = None, *, size: int = 7) -> AtroposBoard:
        if text is not None:
            return Atropos.__new__(cls, text)
        return Atropos.__new__(cls, size=size)


class AtroposMove:
    """Deprecated: moves are their text, `"(c,h,l,r)"`."""

    def __new__(cls, color: int, h: int, l: int, r: int) -> Move:  # type: ignore[misc]  # noqa: E741
        return Move("atropos", f"({color},{h},{l},{r})")


def engine_move(
    board: Atropos, *, time: Optional[float] = None, work: Optional[int] = None, seed: int = 0
) -> SearchResult:
    """Deprecated: `atom4.Engine().search(state, time=, nodes=)`."""
    if time is None and work is None:
        time = 1.0
    return Engine().search(board, time=time, nodes=work, seed=seed)


class GammaEngine:
    """Deprecated: `atom4.Engine().search(course.state(player))`."""

    def __init__(self) -> None:
        self._engine = Engine()

    def choose(
        self,
        game: Course,
        player: int,
        *,
        time: Optional[float] = None,
        iterations: Optional[int] = None,
        seed: Optional[int] = None,
    ) -> CourseMove:
        state = game.state(player)
        if time is None and iterations is None:
            time = 1.0
        text = self._engine.search(state, time=time, nodes=iterations, seed=seed or 0).move.text()
        golden = text.startswith("g ")
        x, y = (int(v) for v in text[2 if golden else 0 :].split(","))
        return CourseMove(player, x, y, golden=golden)

    def stop(self) -> None:
        self._engine.stop()


class Reply:
    """Deprecated: replies are their text, `"4"`, `"2 y"`."""

    @staticmethod
    def gap(index: int) -> Move:
        return Move("atomas", str(index))

    @staticmethod
    def entry(index: int) -> Move:
        return Move("atomas", str(index))

    @staticmethod
    def remove(index: int, to_plus: bool) -> Move:
        return Move("atomas", f"{index} {'y' if to_plus else 'n'}")

    @staticmethod
    def from_action(action: int, atom: Union[int, str]) -> Move:
        if atom == "-":
            return Reply.remove(action % 19, action >= 19)
        return Move("atomas", str(action))


class Game(Atomas):
    """Deprecated: `atomas.Reference(seed).start()` and `Reference.draw`,
    or `atom4.load("atomas", text=...)`. `draw()` pushes the atom as
    chance's move; `push` returns the points the reply scored."""

    _draws: Optional[Reference]

    def __new__(cls, text: Optional[str] = None, *, seed: Optional[int] = None) -> Game:
        draws: Optional[Reference]
        if text is None:
            import random

            draws = Reference(seed if seed is not None else random.getrandbits(63))
            text = draws.start().text()
        else:
            draws = Reference(seed) if seed is not None else None
        game = Atomas.__new__(cls, text)
        game._draws = draws
        game._drawn = []
        return game

    # For each draw of the generator: the stack's length before it and the
    # generator's state, so that `pop` takes the generator back too.
    _drawn: list[tuple[int, int]]

    @property
    def seeded(self) -> bool:
        return self._draws is not None

    def draw(self, atom: Union[int, str, None] = None) -> Union[int, str]:
        if atom is not None:
            super().push(str(atom))
            return atom
        if self._draws is None:
            raise ValueError("this game has no generator: give the atom to draw (or make it with a seed)")
        before = (len(self.move_stack), self._draws.state)
        atom = self._draws.draw(self)
        self._drawn.append(before)
        return atom

    def pop(self) -> Move:
        move = super().pop()
        while self._drawn and self._drawn[-1][0] >= len(self.move_stack):
            self._draws = Reference(self._drawn.pop()[1])
        return move

    def push(self, move: Union[Move, str, int]) -> int:  # type: ignore[override]
        before = self.score
        super().push(move)
        return self.score - before


class Bot:
    """Deprecated: `atom4.Engine().search(state, depth=)`."""

    class Result:
        def __init__(self, result: SearchResult) -> None:
            self.reply, self.score, self.depth, self.nodes = (
                result.move,
                result.score,
                result.depth,
                result.nodes,
            )

    def __init__(self) -> None:
        self._engine = Engine()

    def reply(
        self, game: Atomas, *, depth: int = 2, time: Optional[float] = None, nodes: Optional[int] = None
    ) -> Bot.Result:
        return Bot.Result(self._engine.search(game, depth=depth, time=time, nodes=nodes))

    def stop(self) -> None:
        self._engine.stop()


def atomas_env(**kwargs: Any) -> Any:
    """Deprecated: `gymnasium.make("atom4/Atomas-v0")`."""
    from atom4.gym_env import GameGymEnv

    return GameGymEnv("atomas", **kwargs)


# (module, old name) -> (what it is now, what to use instead).
TABLE: dict[tuple[str, str], tuple[Callable[[], Any], str]] = {
    ("atom4", "Board"): (lambda: Board, 'atom4.load("atom4")'),
    ("atom4.chain", "Position"): (lambda: Position, 'atom4.load("chain", ...)'),
    ("atom4.chain", "Move"): (lambda: ChainMove, 'the move\'s text, "x,y" or "pass"'),
    ("atom4.chain", "Engine"): (lambda: Engine, "atom4.Engine"),
    ("atom4.chain", "SearchResult"): (lambda: SearchResult, "atom4.SearchResult"),
    ("atom4.chain", "Outcome"): (lambda: Outcome, "atom4.Outcome"),
    ("atom4.chain", "LegalMoves"): (lambda: LegalMoves, "atom4.LegalMoves"),
    ("atom4.chain", "PlayoutStats"): (lambda: _chain_stats(), "ChainPlayoutStats"),
    ("atom4.atropos", "Board"): (lambda: AtroposBoard, 'atom4.load("atropos", size=n)'),
    ("atom4.atropos", "Move"): (lambda: AtroposMove, 'the move\'s text, "(c,h,l,r)"'),
    ("atom4.atropos", "Outcome"): (lambda: Outcome, "atom4.Outcome"),
    ("atom4.atropos", "engine_move"): (lambda: engine_move, "atom4.Engine().search(state)"),
    ("atom4.gamma", "Game"): (lambda: Course, 'gamma.Course, or atom4.load("gamma", ...) for turns'),
    ("atom4.gamma", "Move"): (lambda: CourseMove, "gamma.CourseMove, or a move's text"),
    ("atom4.gamma", "Engine"): (lambda: GammaEngine, "atom4.Engine().search(state)"),
    ("atom4.atomas", "Game"): (lambda: Game, 'atomas.Reference(seed).start() or atom4.load("atomas")'),
    ("atom4.atomas", "Reply"): (lambda: Reply, 'the reply\'s text, "4" or "2 y"'),
    ("atom4.atomas", "Bot"): (lambda: Bot, "atom4.Engine().search(state, depth=)"),
    ("atom4.atomas", "env"): (lambda: atomas_env, 'gymnasium.make("atom4/Atomas-v0")'),
}


def _chain_stats() -> Any:
    from atom4._native import ChainPlayoutStats

    return ChainPlayoutStats


def lookup(module: str, name: str) -> Any:
    """Module `module`'s deprecated `name`, with its warning; or the
    `AttributeError` of a name that never was."""
    entry = TABLE.get((module, name))
    if entry is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    now, instead = entry
    warnings.warn(
        f"{module}.{name} is deprecated and goes in the next release: use {instead}",
        DeprecationWarning,
        stacklevel=3,
    )
    return now()
