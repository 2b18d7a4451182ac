"""In a hot-seat game every person sees each scoring (the summary of a Forum Trajanum cycle, of
a Trajan quarter): the one who ends it at once, the other after their own hand-over, before
their decision. The other was away from the keyboard while the first one played; the
"Meanwhile" line alone would not tell them about the demands, the vote and the consuls."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.results import ScoringScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.trajan.choosing import waiting

from .conftest import past_hold, press_quickly


def _just_before_the_first_scoring(game: str) -> GameSession:
    """A two-person hot-seat game (first legal actions) a few actions before its first
    scoring."""

    def new() -> GameSession:
        if game == "forum-trajanum":
            options = GameOptions(players=2)
        else:
            from forum_trajanum.games.trajan.engine.game import TrajanOptions

            options = TrajanOptions(players=2)
        return GameSession.new(5, options, ["Ann", "Bob"], ["", ""], autosave=False, game=game)

    probe = new()
    played = 0
    while probe.rules.scorings(probe.state) == 0:
        probe.play(probe.view_of(probe.decider).legal[0], probe.decider)
        played += 1
    session = new()
    for _ in range(played - 3):
        session.play(session.view_of(session.decider).legal[0], session.decider)
    return session


@pytest.mark.parametrize("game", ["forum-trajanum", "trajan"])
async def test_both_people_of_a_hot_seat_game_see_the_first_scoring(game):
    from forum_trajanum.games.trajan.ui.results import QuarterScreen

    session = _just_before_the_first_scoring(game)
    app = ForumApp(bot_delay=0, choice_hold=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        app.begin(session)
        await pilot.pause()
        seen: list[int] = []  # whose screen each scoring came up on
        handed_to = None  # the person named on the last hand-over screen
        for _ in range(200):
            screen = app.screen
            if isinstance(screen, HandOverScreen):
                handed_to = app.session.decider
            elif isinstance(screen, (ScoringScreen, QuarterScreen)):
                seen.append(app.last_human)
                if len(seen) == 2:
                    break
            await past_hold(pilot)
            # a choice that ends a Trajan turn waits for e (issue 36.5)
            key = "e" if waiting(screen) else "1"
            await press_quickly(pilot, key if hasattr(screen, "data") else "enter")
        assert sorted(seen) == [0, 1], seen
        assert handed_to == seen[1]  # the second one right after their own hand-over
        assert session.rules.scorings(session.state) == 1
