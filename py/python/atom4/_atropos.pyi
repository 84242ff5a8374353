# Atropos's module `atom4._atropos` (re-exported by `atom4.atropos`):
# hand-written stub.
from typing import Optional, final

from atom4._native import Move, State

MAX_SIZE: int

@final
class Solution:
    @property
    def value(self) -> Optional[str]: ...
    @property
    def winning_moves(self) -> list[Move]: ...
    @property
    def nodes(self) -> int: ...

def solve(state: State, *, time: Optional[float] = None, hash_mb: int = 16) -> Solution: ...
def stop() -> None: ...
