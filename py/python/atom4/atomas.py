"""Atomas for Python bots: the ring fusion puzzle of the Code Golf KotH "A
game of atomic proportions" (the rules of `shared/spec/atomas.md`), its
bot and protocol, all in Rust.

>>> from atom4 import atomas
>>> game = atomas.Game(seed=1)          # game 0 of a controller's run seeded 1
>>> game.ring
[3, 2, 1, 3, 1, 3]
>>> game.draw()                          # the reference generator's next atom
1
>>> game.request(fields=2)
'1/3 2 1 3 1 3'
>>> game.push(atomas.Reply.gap(5))       # appended after the last entry: no points
0
>>> game.text()
'ring=3,2,1,3,1,3,1 hand=. score=0 move=2 range=1-3 carry=. since=1'

An atom is an `int` or one of `"+"`, `"-"`, `"B"`, `"C"`. The API follows
python-chess: `Game.legal_replies`, `push`/`pop`/`peek`, `move_stack`,
`copy()`, pickling; `push` takes a `Reply`, an integer action (see
`ACTIONS`) or a bot's reply text. `Bot` chooses replies (the GIL is
released meanwhile), `Session` reads request lines as a bot program does,
`play_line` answers one, and `atomas.env()` is a Gymnasium environment
with action masks (`pip install atom4[pettingzoo]`, which brings
gymnasium and numpy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Union

from atom4._atomas import (
    ACTIONS,
    FULL,
    MAX_DEPTH,
    MAX_ENTRIES,
    Bot,
    BotResult,
    Game,
    IllegalMoveError,
    ParseError,
    RandomStats,
    Reply,
    Session,
    random_games,
    unpickle_game,
)

if TYPE_CHECKING:
    from atom4.atomas_env import AtomasEnv

__all__ = [
    "ACTIONS",
    "FULL",
    "MAX_DEPTH",
    "MAX_ENTRIES",
    "Atom",
    "Bot",
    "BotResult",
    "Game",
    "IllegalMoveError",
    "ParseError",
    "RandomStats",
    "Reply",
    "Session",
    "env",
    "play_line",
    "random_games",
    "unpickle_game",
]

Atom = Union[int, str]
"""An atom: a number from 1, or `"+"`, `"-"`, `"B"`, `"C"`."""


def play_line(
    line: str,
    bot: Optional[Bot] = None,
    session: Optional[Session] = None,
    **limits: Any,
) -> str:
    """The line a bot program prints for one request `line`: its reply,
    or `error: <why>` for a malformed request. With a `session` kept
    across calls (a persistent bot), the game it follows is known exactly.
    `limits` go to `Bot.reply` (`depth`, `time`, `nodes`)."""
    session = session if session is not None else Session()
    bot = bot if bot is not None else Bot()
    try:
        game = session.state(line)
    except ParseError as error:
        session.reset()
        return f"error: {error}"
    reply = bot.reply(game, **limits).reply
    session.played(game, reply)
    return reply.text()


def env(**kwargs: Any) -> AtomasEnv:
    """A Gymnasium environment of one game (see `atom4.atomas_env`)."""
    from atom4.atomas_env import AtomasEnv

    return AtomasEnv(**kwargs)
