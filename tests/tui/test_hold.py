"""A new player's decision list ignores Enter for a moment: a fast double press after the
hand-over screen must not take the first choice by accident."""

from __future__ import annotations

from time import monotonic

import pytest

from forum_trajanum.games.forum_trajanum.ui.play import DraftScreen
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import CHOICE_HOLD
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import wait_for

from .conftest import SIZE, first_legal_bot_factory, past_hold, session_at

pytestmark = pytest.mark.real_hold  # the hold's own tests: its real length


@pytest.fixture
def clock(monkeypatch):
    """The decision list's clock, moved on by the test alone: a key the test presses within
    the hold is within it however loaded the machine (no hold long enough "for a slow
    machine"), and the hold ends when the test moves the clock past it (no waiting for it)."""
    now = [monotonic()]
    monkeypatch.setattr("forum_trajanum.tui.decisionlist.monotonic", lambda: now[0])
    return now


async def test_a_fast_second_enter_after_the_hand_over_chooses_nothing(clock):
    session = session_at("draft", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=CHOICE_HOLD)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        count = len(app.session.record.actions)
        await pilot.press("enter", "enter")  # a double press
        screen = app.screen
        assert isinstance(screen, DraftScreen)
        assert len(app.session.record.actions) == count  # the second Enter chose nothing
        decisions = screen.query_one("#decisions")
        clock[0] += CHOICE_HOLD * 0.9
        assert decisions.held  # still, until the hold has passed
        clock[0] += CHOICE_HOLD * 0.2
        assert not decisions.held
        await pilot.press("enter")  # after the pause Enter chooses
        assert len(app.session.record.actions) == count + 1
        # the same player's next decision takes Enter at once
        assert screen.data.view.viewer == app.session.decider
        assert not decisions.held
        await pilot.press("enter")
        assert len(app.session.record.actions) == count + 2


async def test_a_click_on_an_option_right_after_the_hand_over_chooses_nothing(clock):
    session = session_at("draft", seed=3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=CHOICE_HOLD)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        count = len(app.session.record.actions)
        await pilot.click("#decisions", offset=(4, 1))  # the first option (below the border)
        assert len(app.session.record.actions) == count
        clock[0] += CHOICE_HOLD * 1.1  # the hold has passed
        await pilot.click("#decisions", offset=(4, 1))
        assert len(app.session.record.actions) == count + 1


async def test_the_decision_after_a_bots_turn_is_held_but_not_the_next_own_one(clock):
    session = session_at("draft", bots=["", "easy"], seed=2)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=SIZE) as pilot:
        bot_moves = sum(e.seat == 1 for e in app.session.log)  # its setup, played above
        for _ in range(40):  # the human plays on until the bot has had a turn
            clock[0] += CHOICE_HOLD * 1.1  # past any hold of the human's lists
            await past_hold(pilot)
            await pilot.press("enter")
            if sum(e.seat == 1 for e in app.session.log) > bot_moves:
                break
        # until the human's own decision is on screen again
        assert await wait_for(
            pilot,
            lambda: isinstance(app.screen, PlayScreen) and app.screen.data.view.viewer == 0,
        )
        screen = app.screen
        assert screen.data.hold == CHOICE_HOLD  # back from the bot's turn: held
        decisions = screen.query_one("#decisions")
        assert decisions.held
        count = len(app.session.record.actions)
        clock[0] += CHOICE_HOLD * 1.1
        await past_hold(pilot)
        await pilot.press("enter")
        assert len(app.session.record.actions) > count
        if app.session.decider == 0 and isinstance(app.screen, PlayScreen):
            assert app.screen.data.hold == 0  # the same player's next decision
