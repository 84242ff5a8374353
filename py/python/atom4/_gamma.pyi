# Stubs of the Rust module atom4._gamma (py/src/gamma). Kept honest by stubtest.

from typing import ClassVar, Final, Optional, final

from atom4._native import IllegalMoveError as IllegalMoveError
from atom4._native import ParseError as ParseError

MAX_CELLS: Final[int]
"""2^30: the most cells a board may have."""
COMPUTER_CELLS: Final[int]
"""2048: the most cells of a board the computer plays (`Engine`, `greedy`, `random`)."""
COMPUTER_PLAYERS: Final[int]
"""16: the most players of a game the computer plays."""
__all__ = [
    "COMPUTER_CELLS",
    "COMPUTER_PLAYERS",
    "Engine",
    "Game",
    "IllegalMoveError",
    "MAX_CELLS",
    "Move",
    "ParseError",
    "greedy",
    "random",
    "unpickle_game",
]

@final
class Move:
    """A move of `player` on `(x, y)`: an ordinary move, or a golden move
    (taking another player's pawn) when `golden` is true."""

    def __new__(cls, player: int, x: int, y: int, *, golden: bool = False) -> Move: ...
    @property
    def player(self) -> int: ...
    @property
    def x(self) -> int: ...
    @property
    def y(self) -> int: ...
    @property
    def golden(self) -> bool: ...
    @staticmethod
    def from_text(text: str) -> Move:
        """Reads the batch mode's text: `m player x y` or `g player x y`."""
    def text(self) -> str:
        """The batch mode's text, `m player x y` or `g player x y`."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Move, /) -> bool: ...
    def __le__(self, other: Move, /) -> bool: ...
    def __gt__(self, other: Move, /) -> bool: ...
    def __ge__(self, other: Move, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """A game of Gamma: a board, its players and their areas limit, and the
    moves made since it began."""

    def __new__(cls, width: int, height: int, players: int, areas: int) -> Game: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def areas(self) -> int:
        """The most areas a player may hold."""
    def move(self, player: int, x: int, y: int) -> None:
        """An ordinary move of `player` on the empty cell `(x, y)`; raises
        `IllegalMoveError` saying why when it is refused."""
    def golden_move(self, player: int, x: int, y: int) -> None:
        """The golden move of `player` on another player's cell `(x, y)`."""
    def push(self, move: Move) -> None:
        """Makes `move`; raises `IllegalMoveError` when it is refused."""
    def pop(self) -> Move:
        """Takes back the last move (replaying the game from its start)."""
    def peek(self) -> Move:
        """The last move made."""
    @property
    def move_stack(self) -> list[Move]:
        """The moves made since the game began, oldest first."""
    def is_legal(self, move: Move) -> bool: ...
    def why_illegal(self, move: Move) -> Optional[str]: ...
    def legal_moves(self, player: int) -> list[Move]:
        """Every move `player` could make now: ordinary, then golden."""
    def busy_fields(self, player: int) -> int: ...
    def free_fields(self, player: int) -> int: ...
    def golden_possible(self, player: int) -> bool: ...
    def golden_move_used(self, player: int) -> bool: ...
    def areas_of(self, player: int) -> int: ...
    def owner(self, x: int, y: int) -> Optional[int]: ...
    def empty_fields(self) -> int: ...
    def next_player(self, after: int = 0) -> Optional[int]:
        """The first player after `after` who can move or make a golden
        move (the interactive mode's order); None once the game is over."""
    def is_game_over(self) -> bool: ...
    def winner(self) -> Optional[int]: ...
    def board(self) -> str:
        """The board as `gamma_board` gives it."""
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object) -> Game: ...
    def __reduce__(self) -> tuple[object, tuple[int, int, int, int, list[tuple[int, int, int, bool]]]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class Engine:
    """The computer player: Monte Carlo tree search with Gamma's playouts."""

    def __new__(cls) -> Engine: ...
    def choose(
        self,
        game: Game,
        player: int,
        *,
        time: Optional[float] = None,
        iterations: Optional[int] = None,
        seed: Optional[int] = None,
    ) -> Move:
        """A move for `player`: `time` seconds or `iterations` playouts (none: 1 s)."""
    def stop(self) -> None:
        """Ends the searches asked for before this call, soon."""

def greedy(game: Game, player: int, *, seed: Optional[int] = None) -> Move:
    """The move after which `player` has the most free fields."""

def random(game: Game, player: int, *, seed: Optional[int] = None) -> Move:
    """A uniformly random move of `player` (golden moves included)."""

def unpickle_game(
    width: int, height: int, players: int, areas: int, moves: list[tuple[int, int, int, bool]]
) -> Game: ...
