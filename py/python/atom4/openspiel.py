"""An OpenSpiel-style game and state for Atom-4, duck-typed after
`pyspiel.Game` and `pyspiel.State` (OpenSpiel itself is not needed).

Players are 0 (atom4's player 1) and 1; actions are `y * 16 + x`. Returns
are +1 / -1 for a won round and 0 for a stalemate. Tensors are the planes of
`Board.planes()` as floats, channels first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from atom4._native import ACTIONS, BOARD_SIDE, PLANES, Board, Move

__all__ = ["Atom4Game", "Atom4State", "GameType", "TERMINAL_PLAYER_ID"]

TERMINAL_PLAYER_ID = -4
"""What `current_player()` returns once the round is over (as pyspiel)."""


@dataclass(frozen=True)
class GameType:
    """The fields of `pyspiel.GameType` that describe Atom-4."""

    short_name: str = "atom4"
    long_name: str = "Atom-4"
    dynamics: str = "sequential"
    chance_mode: str = "deterministic"
    information: str = "perfect_information"
    utility: str = "zero_sum"
    reward_model: str = "terminal"
    max_num_players: int = 2
    min_num_players: int = 2
    provides_observation_string: bool = True
    provides_observation_tensor: bool = True
    parameter_specification: dict[str, Any] = field(
        default_factory=lambda: {"width": 16, "height": 16}
    )


class Atom4Game:
    """One round of Atom-4 on a `width` x `height` board."""

    def __init__(self, width: int = 16, height: int = 16) -> None:
        Board(width=width, height=height)  # checks the size
        self._width = width
        self._height = height

    def new_initial_state(self) -> Atom4State:
        return Atom4State(self, Board(width=self._width, height=self._height))

    def num_distinct_actions(self) -> int:
        return ACTIONS

    def num_players(self) -> int:
        return 2

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        return 0.0

    def max_game_length(self) -> int:
        return self._width * self._height - 2

    def max_chance_outcomes(self) -> int:
        return 0

    def observation_tensor_shape(self) -> list[int]:
        return [PLANES, BOARD_SIDE, BOARD_SIDE]

    def observation_tensor_size(self) -> int:
        return PLANES * BOARD_SIDE * BOARD_SIDE

    def information_state_tensor_shape(self) -> list[int]:
        return self.observation_tensor_shape()

    def information_state_tensor_size(self) -> int:
        return self.observation_tensor_size()

    def get_type(self) -> GameType:
        return GameType()

    def get_parameters(self) -> dict[str, Any]:
        return {"width": self._width, "height": self._height}

    def __str__(self) -> str:
        return f"atom4(width={self._width},height={self._height})"


class Atom4State:
    """A position of an `Atom4Game`, over an `atom4.Board` (`.board`)."""

    def __init__(self, game: Atom4Game, board: Board) -> None:
        self._game = game
        self.board = board

    def get_game(self) -> Atom4Game:
        return self._game

    def current_player(self) -> int:
        if self.board.is_game_over():
            return TERMINAL_PLAYER_ID
        return self.board.turn - 1

    def is_terminal(self) -> bool:
        return self.board.is_game_over()

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def is_player_node(self) -> bool:
        return not self.board.is_game_over()

    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        if player is not None and player != self.current_player():
            return []
        return self.board.legal_actions()

    def legal_actions_mask(self, player: Optional[int] = None) -> list[int]:
        if player is not None and player != self.current_player():
            return [0] * ACTIONS
        return list(self.board.legal_action_mask())

    def apply_action(self, action: int) -> None:
        """Plays `action`; an illegal one raises `atom4.IllegalMoveError`."""
        self.board.push(action)

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last move, which must be `action` by `player`."""
        stack = self.board.move_stack
        # The players alternate, so the last mover is the one not to move.
        last_mover = 2 - self.board.turn
        if not stack or stack[-1].action != action or last_mover != player:
            raise ValueError(f"action {action} by player {player} is not the last move")
        self.board.pop()

    def child(self, action: int) -> Atom4State:
        state = self.clone()
        state.apply_action(action)
        return state

    def history(self) -> list[int]:
        return [m.action for m in self.board.move_stack]

    def move_number(self) -> int:
        return len(self.board.move_stack)

    def returns(self) -> list[float]:
        outcome = self.board.outcome()
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 1 else [-1.0, 1.0]

    def rewards(self) -> list[float]:
        return self.returns()

    def player_return(self, player: int) -> float:
        return self.returns()[player]

    def action_to_string(self, *args: int) -> str:
        """`action_to_string(action)` or `action_to_string(player, action)`."""
        return Move.from_action(args[-1]).text()

    def string_to_action(self, *args: Any) -> int:
        """`string_to_action(text)` or `string_to_action(player, text)`."""
        return Move.from_text(str(args[-1])).action

    def observation_string(self, player: Optional[int] = None) -> str:
        return self.board.text()

    def information_state_string(self, player: Optional[int] = None) -> str:
        return self.board.text()

    def observation_tensor(self, player: Optional[int] = None) -> list[float]:
        return [float(b) for b in self.board.planes()]

    def information_state_tensor(self, player: Optional[int] = None) -> list[float]:
        return self.observation_tensor(player)

    def clone(self) -> Atom4State:
        return Atom4State(self._game, self.board.copy())

    def __str__(self) -> str:
        return str(self.board)
