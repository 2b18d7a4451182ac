"""``make_bot(level, seed)``: the one way the app, the simulator and the tests create bots."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.bots import LEVELS, Bot


def make_bot(level: str, seed: int, **settings) -> Bot:
    """A new bot of ``level`` ("easy", "normal", "hard" or "expert"), deterministic for ``seed``.

    ``settings`` are passed to the bot's constructor (e.g. ``iterations=`` or ``clock=`` for
    Hard, used by tests to keep the search small or its deadline from striking). An unknown
    level raises :class:`ValueError`.
    """
    key = level.strip().lower() if isinstance(level, str) else level
    if key == "easy":
        from forum_trajanum.games.forum_trajanum.bots.easy import EasyBot

        return EasyBot(seed, **settings)
    if key == "normal":
        from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot

        return NormalBot(seed, **settings)
    if key == "hard":
        from forum_trajanum.games.forum_trajanum.bots.hard import HardBot

        return HardBot(seed, **settings)
    if key == "expert":
        from forum_trajanum.games.forum_trajanum.bots.expert import ExpertBot

        return ExpertBot(seed, **settings)
    raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
