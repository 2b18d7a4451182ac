"""Trajan's list of choices as Forum Trajanum's (ui.md, issue 17: "ui.md holds for this game
too"; issue 19's lessons): every entry has a key (1-9, then Shift+A-Z), and a new kind of
decision starts at the top of its list instead of where the last list was left."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import ENTRY_KEYS
from forum_trajanum.tui.screens import HandOverScreen
from tests.trajan.helpers import flat_markers
from tests.tui.conftest import screen_text
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _session() -> GameSession:
    return GameSession.new(
        4, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )


async def _at_the_first_decision(app, pilot):
    assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
    await pilot.press("enter")
    assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
    return app.screen.query_one("#decisions")


async def test_an_entry_past_nine_has_a_letter_and_shift_letter_takes_it(monkeypatch):
    flat_markers(monkeypatch)
    session = _session()
    legal = [str(a) for a in session.view_of(session.decider).legal]
    assert len(legal) > 12  # the markers of a tray: every pair of colours
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(120, 45)) as pilot:
        lst = await _at_the_first_decision(app, pilot)
        prompts = [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]
        assert [p.split(" ", 1)[0] for p in prompts] == list(ENTRY_KEYS[: len(prompts)])
        assert f"{ENTRY_KEYS[11]} " in screen_text(app)  # the 12th entry's key on screen
        count = len(session.record.actions)
        await pilot.press(ENTRY_KEYS[11])  # Shift+C
        assert len(session.record.actions) == count + 1
        assert session.record.actions[-1] == legal[11]


async def test_a_new_kind_of_decision_starts_at_the_top_of_its_list(monkeypatch):
    flat_markers(monkeypatch)
    session = _session()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        lst = await _at_the_first_decision(app, pilot)
        seat = session.decider
        while session.decider == seat:  # Ann's setup, each choice from further down the list
            await pilot.press("down", "down", "down")
            count = len(session.record.actions)
            await pilot.press("enter")
            assert await wait_for(pilot, lambda c=count: len(session.record.actions) > c)
            await pilot.pause()
        # the keyboard passes to Bob: his list starts at its top
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        lst = app.screen.query_one("#decisions")
        assert lst.option_count > 3 and lst.highlighted == 0
