"""The games this program plays, by name. Adding a game is one line here (and its package);
each game's code is imported only when it is first used."""

from __future__ import annotations

from forum_trajanum.core.game import GameRegistry

#: The name of the game chosen when none is named.
DEFAULT_GAME = "forum-trajanum"

GAMES = GameRegistry()
GAMES.register("forum-trajanum", "Forum Trajanum", "forum_trajanum.engine.game:GAME")
