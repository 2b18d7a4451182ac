"""Bots: players that see only their own view and answer with one of its legal actions.

Interface shared by the app, the simulator and the tests::

    bot = make_bot("normal", seed=3)
    action = bot.choose(view)        # view: forum_trajanum.engine.PlayerView

``make_bot`` lives in :mod:`forum_trajanum.bots.factory`.
"""

from __future__ import annotations

from typing import Protocol

from forum_trajanum.engine import Action, PlayerView

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


class Bot(Protocol):
    """A player that decides from its view alone."""

    level: str

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal`` (parsed), for the decision the view shows."""
        ...
