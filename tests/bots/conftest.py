"""Shared helpers for the bot tests."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.engine import PlayerView


class SpyBot:
    """Wraps a bot; records what ``choose`` receives and checks every answer is legal."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.level = bot.level
        self.seen: list[PlayerView] = []
        self.answers: list[str] = []

    def choose(self, view):
        assert type(view) is PlayerView, f"a bot was handed {type(view).__name__}"
        self.seen.append(view)
        action = self.bot.choose(view)
        assert action in view.legal, f"{action} is not among {view.legal[:10]}"
        self.answers.append(str(action))
        return action


@pytest.fixture
def spy():
    """Factory for :class:`SpyBot`."""
    return SpyBot
