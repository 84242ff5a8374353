"""Five board games for Python bots, one API, all in Rust: Atom-4 (atom4
4.1), Atropos, Chain Reaction, Gamma and Atomas.

>>> import atom4
>>> atom4.GAMES
('atom4', 'atropos', 'chain', 'gamma', 'atomas')
>>> state = atom4.load("chain", size="6x9", players=4)
>>> state.turn
1
>>> state.push("3,4")
>>> state.turn, len(state.move_stack)
(2, 1)

Every game's state is an `atom4.State` (`atom4.Atom4`, `atom4.Atropos`,
`atom4.Chain`, `atom4.Gamma`, `atom4.Atomas`) in the manner of
python-chess: `turn`, `legal_moves`, `push`/`pop`/`peek`, `move_stack`,
`is_game_over()`, `returns()`, `outcome()`, `text()`, `copy()`, pickling.
`atom4.Engine().search(state)` plays any of them. A game's own extras are
methods of its class and live in its module (`atom4.chain`, ...). See
docs/python.md.
"""

from __future__ import annotations

import importlib.util
import sys
import types
import warnings
from typing import TYPE_CHECKING, Any, Optional

from atom4._native import (
    ACTIONS,
    BOARD_SIDE,
    CHANCE,
    CLASSIC_MAX_LEVEL,
    GAMES,
    MATE,
    MAX_DEPTH,
    OBSERVATION_LEN,
    PLANES,
    Atom4,
    Atomas,
    Atropos,
    Chain,
    ClassicAnalysis,
    Engine,
    Gamma,
    IllegalMoveError,
    LegalMoves,
    Move,
    Outcome,
    ParseError,
    PlayoutStats,
    SearchResult,
    State,
    __version__,
    classic_analyse,
    classic_move,
    load,
    random_playouts,
)

if TYPE_CHECKING:
    from atom4.pettingzoo_env import GameEnv

__all__ = [
    "ACTIONS",
    "BOARD_SIDE",
    "CHANCE",
    "CLASSIC_MAX_LEVEL",
    "GAMES",
    "MATE",
    "MAX_DEPTH",
    "OBSERVATION_LEN",
    "PLANES",
    "Atom4",
    "Atomas",
    "Atropos",
    "Chain",
    "ClassicAnalysis",
    "Engine",
    "Gamma",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "Outcome",
    "ParseError",
    "PlayoutStats",
    "SearchResult",
    "State",
    "__version__",
    "classic_analyse",
    "classic_move",
    "env",
    "load",
    "random_playouts",
]


def env(
    game: str = "atom4",
    *,
    render_mode: Optional[str] = None,
    text: Optional[str] = None,
    max_moves: Optional[int] = None,
    **params: Any,
) -> GameEnv:
    """A PettingZoo AEC environment of one game of `game` (parameters as
    `atom4.load` takes them, or the position `text`); see
    `atom4.pettingzoo_env.GameEnv`. Needs the `pettingzoo` extra; it is
    imported only when this is called. (`width=`/`height=` of Atom-4's old
    environment are deprecated: `size="WxH"`.)"""
    from atom4.pettingzoo_env import GameEnv

    if "width" in params or "height" in params:
        warnings.warn(
            "env(width=, height=) is deprecated and goes in the next release: use size='WxH'",
            DeprecationWarning,
            stacklevel=2,
        )
        params["size"] = f"{params.pop('width', 16)}x{params.pop('height', 16)}"
    if "position" in params:
        text = params.pop("position")
    return GameEnv(game, render_mode=render_mode, text=text, max_moves=max_moves, **params)


# Gymnasium's ids of the one-player games.
_GYMNASIUM_IDS = {"atomas": "atom4/Atomas-v0"}


def _register_with(gymnasium: Any) -> None:
    """Registers the one-player games with `gymnasium` (once)."""
    for game, env_id in _GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="atom4.gym_env:GameGymEnv", kwargs={"game": game})


class _RegisterWithGymnasium:
    """Registers atom4's environments once gymnasium is imported (a
    one-shot import hook: it finds nothing, it only wraps the loading)."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        loader = spec.loader if spec is not None else None
        if loader is not None:
            load = loader.exec_module

            def load_and_register(module: types.ModuleType) -> None:
                load(module)
                _register_with(module)

            loader.exec_module = load_and_register  # type: ignore[method-assign]
        return spec


def __getattr__(name: str) -> Any:
    """Today's old names, deprecated (each warns once a use)."""
    import importlib

    return importlib.import_module("atom4._deprecated").lookup(__name__, name)


# `gymnasium.make("atom4/Atomas-v0")` works once atom4 is imported: now if
# gymnasium is loaded, else as soon as it is (importing it here would make
# `import atom4` twenty times slower for everybody).
if "gymnasium" in sys.modules:
    _register_with(sys.modules["gymnasium"])
elif importlib.util.find_spec("gymnasium") is not None:
    sys.meta_path.insert(0, _RegisterWithGymnasium())
