"""A new player's decision list ignores Enter for a moment: a fast double press after the
hand-over screen must not take the first choice by accident."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.ui.play import DraftScreen
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import CHOICE_HOLD
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import wait_for

from .conftest import SIZE, first_legal_bot_factory, past_hold, session_at

pytestmark = pytest.mark.real_hold  # the hold's own tests: its real length


async def test_a_fast_second_enter_after_the_hand_over_chooses_nothing():
    session = session_at("draft", seed=3)
    # a long hold: on a loaded machine keys may come later than a real player's would
    app = ForumApp(bot_delay=0, session=session, choice_hold=2.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        count = len(app.session.record.actions)
        await pilot.press("enter", "enter")  # a double press
        screen = app.screen
        assert isinstance(screen, DraftScreen)
        assert len(app.session.record.actions) == count  # the second Enter chose nothing
        assert screen.query_one("#decisions").held
        await past_hold(pilot)
        await pilot.press("enter")  # after the pause Enter chooses
        assert len(app.session.record.actions) == count + 1
        # the same player's next decision takes Enter at once
        assert screen.data.view.viewer == app.session.decider
        assert not screen.query_one("#decisions").held
        await pilot.press("enter")
        assert len(app.session.record.actions) == count + 2


async def test_a_click_on_an_option_right_after_the_hand_over_chooses_nothing():
    session = session_at("draft", seed=3)
    # a long hold: on a loaded machine the click may come later than a real player's would
    app = ForumApp(bot_delay=0, session=session, choice_hold=2.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        count = len(app.session.record.actions)
        await pilot.click("#decisions", offset=(4, 1))  # the first option (below the border)
        assert len(app.session.record.actions) == count
        await past_hold(pilot)
        await pilot.click("#decisions", offset=(4, 1))
        assert len(app.session.record.actions) == count + 1


async def test_the_decision_after_a_bots_turn_is_held_but_not_the_next_own_one():
    session = session_at("draft", bots=["", "easy"], seed=2)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=SIZE) as pilot:
        bot_moves = sum(e.seat == 1 for e in app.session.log)  # its setup, played above
        for _ in range(40):  # the human plays on until the bot has had a turn
            await past_hold(pilot)
            await pilot.press("enter")
            if sum(e.seat == 1 for e in app.session.log) > bot_moves:
                break
        await pilot.pause()
        # until the human's own decision is on screen again
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, PlayScreen) and app.screen.data.view.viewer == 0,
        )
        screen = app.screen
        assert screen.data.view.viewer == 0
        assert screen.data.hold == CHOICE_HOLD  # back from the bot's turn: held
        count = len(app.session.record.actions)
        await past_hold(pilot)
        await pilot.press("enter")
        assert len(app.session.record.actions) > count
        if app.session.decider == 0 and isinstance(app.screen, PlayScreen):
            assert app.screen.data.hold == 0  # the same player's next decision
