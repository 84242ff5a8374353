# Stubs of the Rust module atom4._chain (py/src/chain). Kept honest by stubtest.

from collections.abc import Iterator
from typing import Any, ClassVar, Final, Optional, Union, final

from typing_extensions import TypeAlias

from atom4._native import IllegalMoveError as IllegalMoveError
from atom4._native import ParseError as ParseError

ACTIONS: Final[int]
"""257: one action `y * 16 + x` per cell of the 16 x 16 frame, then the pass."""
PASS_ACTION: Final[int]
"""256: the pass's action (atoms only)."""
PLANES: Final[int]
"""18: the feature planes of `Position.planes()`."""
BOARD_SIDE: Final[int]
"""16: the largest board side."""
MAX_PLAYERS: Final[int]
"""8: the most players of a classic game."""
MATE: Final[int]
"""Scores beyond `MATE - MAX_DEPTH` are forced wins (`MATE - plies`)."""
MAX_DEPTH: Final[int]
__all__ = [
    "ACTIONS",
    "BOARD_SIDE",
    "Cascade",
    "Engine",
    "IllegalMoveError",
    "LegalMoves",
    "MATE",
    "MAX_DEPTH",
    "MAX_PLAYERS",
    "Move",
    "Outcome",
    "PASS_ACTION",
    "PLANES",
    "ParseError",
    "PlayoutStats",
    "Position",
    "SearchResult",
    "SeedAi",
    "random_playouts",
    "reference_move",
    "unpickle_position",
]

_MoveLike: TypeAlias = Union[Move, int, str]

@final
class Move:
    """A move: an orb on the cell `(x, y)`, or a pass (atoms only)."""

    PASS: ClassVar[Move]
    """The pass."""
    def __new__(cls, x: int, y: int) -> Move: ...
    @staticmethod
    def from_action(action: int) -> Move:
        """The move of an action: `y * 16 + x` (0..256), 256 the pass."""
    @staticmethod
    def from_text(text: str) -> Move:
        """Reads `x,y` or `pass`; `ParseError` otherwise."""
    @property
    def x(self) -> Optional[int]:
        """The column; None for the pass."""
    @property
    def y(self) -> Optional[int]:
        """The row; None for the pass."""
    @property
    def is_pass(self) -> bool: ...
    @property
    def action(self) -> int:
        """`y * 16 + x`, or 256 for the pass."""
    def text(self) -> str:
        """`x,y` or `pass`."""
    def __reduce__(self) -> tuple[Any, tuple[int]]: ...
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, _memo: Any) -> Move: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Cascade:
    """What a move set off."""

    @property
    def explosions(self) -> int:
        """Cell explosions, once per cell and wave."""
    @property
    def waves(self) -> int:
        """Waves of explosions."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome:
    """How a game ended."""

    def __new__(cls, winner: Optional[int]) -> Outcome: ...
    @property
    def winner(self) -> Optional[int]:
        """The winner (1..players); None for a draw (the cap of 1000 waves)."""
    @property
    def termination(self) -> str:
        """'win' or 'draw'."""
    def __getnewargs__(self) -> tuple[Optional[int]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LegalMoves:
    """The legal moves of a position, always as they are now."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: object, /) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...
    def count(self) -> int: ...

@final
class Position:
    """A game of Chain Reaction and the moves that led to it, like `chess.Board`."""

    def __new__(
        cls,
        text: Optional[str] = None,
        *,
        rules: str = "classic",
        width: int = 6,
        height: int = 9,
        players: int = 2,
    ) -> Position: ...
    @property
    def rules(self) -> str:
        """'classic' or 'atoms'."""
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def turn(self) -> Optional[int]:
        """The player to move, 1..players (1 is `a`); None once over."""
    @property
    def ply(self) -> int:
        """Turns completed: moves, passes and forfeits."""
    @property
    def out(self) -> list[int]:
        """The players who are out, in turn order."""
    @property
    def legal_moves(self) -> LegalMoves: ...
    @property
    def move_stack(self) -> list[Move]: ...
    def count_at(self, x: int, y: int) -> int: ...
    def owner_at(self, x: int, y: int) -> Optional[int]: ...
    def critical_mass(self, x: int, y: int) -> int: ...
    def orbs(self, player: int) -> int: ...
    def is_legal(self, move: _MoveLike) -> bool: ...
    def why_illegal(self, move: _MoveLike) -> Optional[str]: ...
    def legal_actions(self) -> list[int]: ...
    def legal_action_mask(self) -> bytes: ...
    def planes(self, player: Optional[int] = None) -> bytes: ...
    def push(self, move: _MoveLike) -> Cascade: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move: ...
    def root(self) -> Position: ...
    def is_game_over(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def text(self) -> str: ...
    def set_text(self, text: str) -> None: ...
    def copy(self, *, stack: bool = True) -> Position: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, _memo: Any) -> Position: ...
    def __reduce__(self) -> tuple[Any, tuple[bytes, bytes]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def unpickle_position(root: bytes, moves: bytes) -> Position: ...

@final
class SearchResult:
    """The result of a strong search."""

    @property
    def move(self) -> Move: ...
    @property
    def score(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def pv(self) -> list[Move]: ...

@final
class Engine:
    """The strong engine with its transposition table."""

    def __new__(cls, *, hash_mb: int = 16) -> Engine: ...
    def search(
        self,
        position: Position,
        *,
        time: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        seed: int = 0,
    ) -> SearchResult: ...
    def stop(self) -> None: ...
    def clear(self) -> None: ...

@final
class SeedAi:
    """The tutorial's computer player on glibc's rand()."""

    def __new__(cls, seed: int) -> SeedAi: ...
    def choose(self, position: Position) -> Move: ...

@final
class PlayoutStats:
    """What a batch of random playouts did."""

    @property
    def games(self) -> int: ...
    @property
    def moves(self) -> int: ...
    @property
    def explosions(self) -> int: ...
    @property
    def wins(self) -> list[int]:
        """Games won by each player (index 0: player 1)."""
    @property
    def unfinished(self) -> int:
        """Drawn games and games still on after `max_moves`."""

def reference_move(position: Position, name: str, *, seed: int = 0) -> Move: ...
def random_playouts(
    position: Position, games: int, *, seed: int = 0, max_moves: int = 5000
) -> PlayoutStats: ...
