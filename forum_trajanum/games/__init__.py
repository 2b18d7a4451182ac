"""The games this program plays, registered by name into the core's registry
(:data:`forum_trajanum.core.game.GAMES`). Adding a game is one line here (and its package);
each game's code is imported only when it is first used. This module is imported with the
package itself, so every part of the program finds the games registered."""

from __future__ import annotations

from forum_trajanum.core.game import GAMES

#: The name of the game chosen when none is named.
DEFAULT_GAME = "forum-trajanum"

GAMES.register(
    "forum-trajanum", "Forum Trajanum", "forum_trajanum.games.forum_trajanum.engine.game:GAME"
)
GAMES.register("trajan", "Trajan", "forum_trajanum.games.trajan.engine.game:GAME")

__all__ = ["DEFAULT_GAME", "GAMES"]
