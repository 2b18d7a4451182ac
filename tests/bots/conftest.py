"""Shared helpers for the bot tests."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
from forum_trajanum.games.forum_trajanum.engine import (
    PlayerView,
    apply,
    current_player,
    is_over,
    new_game,
    view,
)


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


def searched_in(probe, cycle: int, round_: int, seed: int = 36) -> PlayerView:
    """The view of the first position of cycle ``cycle``'s round ``round_`` in a 2-player
    game of Normal bots at which the search bot ``probe`` searches (its ``last`` report says
    so: several candidates, no clear favourite)."""
    state = new_game(seed, players=2)
    normals = [NormalBot(seed * 10), NormalBot(seed * 10 + 1)]
    while not is_over(state):
        seat = current_player(state)
        seen = view(state, seat)
        if (state.cycle, state.round) == (cycle, round_):
            probe.choose(seen)
            if probe.last.searched:
                return seen
        apply(state, normals[seat].choose(seen), seat)
    raise AssertionError("no searched decision found")
