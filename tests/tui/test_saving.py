"""The app writes each save in the saves' writer thread while the screen repaints: the save is
complete on disk for any reader, and a failed one is said on the screen."""

from __future__ import annotations

import os

from forum_trajanum.core import saves
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from tests.waiting import wait_for as _wait

from .conftest import past_hold, screen_text, session_at


async def test_a_save_written_while_the_screen_repaints_is_whole_on_disk():
    session = session_at("build", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        count = len(app.session.record.actions)
        await pilot.press("1")
        assert await _wait(pilot, lambda: len(app.session.record.actions) > count)
        record, _ = saves.read_game(app.session.game.id)  # waits for the writer
        assert record.actions == app.session.record.actions


async def test_a_failed_save_is_said_on_the_screen(monkeypatch):
    session = session_at("build", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        assert isinstance(app.screen, PlayScreen)

        def broken_replace(src, dst):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "replace", broken_replace)
        await pilot.press("2")  # a conversion or a build (1 ends the turn)
        assert await _wait(pilot, lambda: "Saving failed" in screen_text(app))
        assert "No space left" in app.session.save_error
