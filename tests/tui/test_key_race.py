"""Keys typed before a decision is on screen do not choose in it (issue 27, item 4: a digit
typed just after the last sowing choice took a senate tile in the next list; the bot then
moved and undo was gone). A key that arrives while the next list is being shown (filled,
not yet painted) makes no choice in both games; the next key, once the new list is on
screen, chooses in it."""

from __future__ import annotations

import pytest
from textual import events

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.trajan.helpers import flat_markers
from tests.waiting import wait_for

from .conftest import past_hold, session_at


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


async def _one_choice_then_the_next(app, pilot, key: str, decider, monkeypatch) -> None:
    """``key`` pressed once, and pressed again while the next list is being shown (after
    the screen has filled it, before it is painted): one choice. Then ``key`` once more,
    with the list on screen: it chooses."""
    screen = app.screen
    shown = type(screen).show
    typed = [key]

    def show_and_a_key_meanwhile(self, data):
        shown(self, data)
        if typed and self is screen:
            app.post_message(events.Key(typed[0], typed.pop()))

    monkeypatch.setattr(type(screen), "show", show_and_a_key_meanwhile)
    actions = app.session.record.actions
    count = len(actions)
    seat = decider()
    await pilot.press(key)
    assert await wait_for(pilot, lambda: len(actions) > count and not typed)
    for _ in range(3):
        await pilot.pause()
    assert len(actions) == count + 1  # the second key was typed before the list was there
    assert decider() == seat  # the same player's next decision is on screen
    await pilot.press(key)  # a key typed for the list on screen chooses in it
    assert await wait_for(pilot, lambda: len(actions) == count + 2)


async def test_forum_trajanum_a_key_typed_while_the_next_list_appears_chooses_nothing(
    monkeypatch,
):
    # the draft: the tile for street card 1, then the tile for card 2 (a new list)
    session = session_at("draft", seed=4)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        assert isinstance(app.screen, PlayScreen)
        await _one_choice_then_the_next(app, pilot, "1", lambda: app.session.decider, monkeypatch)


async def test_trajan_a_key_typed_while_the_next_list_appears_chooses_nothing(monkeypatch):
    # the setup: the markers of one tray, then of the next (a new list; each tray's pairs in
    # one list, not picked a colour first)
    flat_markers(monkeypatch)
    session = GameSession.new(
        4, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        await past_hold(pilot)
        await _one_choice_then_the_next(app, pilot, "2", lambda: app.session.decider, monkeypatch)
