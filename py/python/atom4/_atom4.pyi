# Atom-4's module `atom4._atom4` (re-exported by `atom4`): hand-written stub.
from typing import Optional, final

from atom4._native import Move, State

BOARD_SIDE: int
ACTIONS: int
OBSERVATION_LEN: int
PLANES: int
CLASSIC_MAX_LEVEL: int
MATE: int
MAX_DEPTH: int

@final
class ClassicAnalysis:
    @property
    def value(self) -> float: ...
    @property
    def best_moves(self) -> list[Move]: ...
    @property
    def nodes(self) -> int: ...

@final
class PlayoutStats:
    @property
    def games(self) -> int: ...
    @property
    def moves(self) -> int: ...
    @property
    def wins(self) -> tuple[int, int]: ...
    @property
    def stalemates(self) -> int: ...

def classic_analyse(state: State, level: int = 2) -> ClassicAnalysis: ...
def classic_move(state: State, level: int = 2, *, seed: Optional[int] = None) -> Move: ...
def random_playouts(state: State, games: int, *, seed: int = 0) -> PlayoutStats: ...
