"""A bot's move shows for a moment (``bot_delay``) before it is played; quitting meanwhile
does not wait for that moment to pass (the app's workers are cancelled as it closes: the
bot's pause ends with its worker's cancellation)."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.ui.play import WatchScreen
from forum_trajanum.tui.app import ForumApp
from tests.waiting import wait_for

from .conftest import SIZE, first_legal_bot_factory, past_hold, session_at


async def test_a_bots_pause_ends_when_its_worker_is_cancelled_as_the_app_closes():
    session = session_at("draft", bots=["", "easy"], seed=2)
    session.autosave = False
    hour = 3600.0  # a pause that only a cancellation ends within the test's deadline
    app = ForumApp(bot_delay=hour, session=session, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, WatchScreen):  # the human plays until the bot's turn
            await past_hold(pilot)
            await pilot.press("enter")
        bots = [w for w in app.workers if w.group == "bots" and not w.is_finished]
        assert len(bots) == 1
        count = len(session.record.actions)
        app.workers.cancel_all()  # what closing the app does
        assert await wait_for(pilot, lambda: bots[0].is_finished)
        assert len(session.record.actions) == count  # the move is not played
