"""u is on Trajan's key bar only where it takes something back, and where it cannot, it says
the true reason (issue 36.4: u was offered while the bots played, and said "a hidden tile was
revealed or your turn began anew" where neither had happened). At 80x24."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanWatchScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import KeyBar
from tests.trajan.choosing import past_the_hand_over
from tests.tui.conftest import first_legal_bot_factory
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _keys(app) -> str:
    return app.screen.query_one(KeyBar)._shown_keys.plain


def _said(app) -> str:
    return " ".join(str(app.screen.query_one("#decision-title").content).split())


def _session(decision: str, seat: int) -> GameSession:
    """Ann against a bot, played on by first choices to ``seat``'s ``decision``."""
    session = GameSession.new(
        5, TrajanOptions(players=2), ["Ann", "Bot"], ["", "easy"], autosave=False, game="trajan"
    )
    while not (session.decider == seat and session.state.decision == decision):
        session.play(session.view_of(session.decider).legal[0])
    return session


async def test_while_a_bot_decides_neither_u_nor_h_is_offered_and_u_says_why():
    session = _session("source", 1)
    hour = 3600.0  # the bot's move waits: its turn stays on screen
    app = ForumApp(bot_delay=hour, session=session, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanWatchScreen))
        assert await wait_for(pilot, lambda: "Help" in _keys(app))
        # the hint is for one's own decisions (as u, left off the bar where it does nothing)
        assert "Undo" not in _keys(app) and "Hint" not in _keys(app)
        await pilot.press("u")
        assert "Nothing to undo while Bot decides" in _said(app)
        app.workers.cancel_all()


async def test_at_a_turns_start_u_is_not_offered_then_is_after_a_step():
    session = _session("source", 0)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_the_hand_over(pilot)
        assert "Undo" not in _keys(app)
        await pilot.press("u")
        assert "Nothing to undo: this turn has no step yet" in _said(app)
        count = len(session.record.actions)
        await pilot.press("1")  # a tray: a step that can be taken back
        assert await wait_for(pilot, lambda: len(session.record.actions) > count)
        assert await wait_for(pilot, lambda: "u Undo" in _keys(app))
        await pilot.press("u")
        assert await wait_for(pilot, lambda: len(session.record.actions) == count)
        assert await wait_for(pilot, lambda: "Undo" not in _keys(app))


def test_after_drawing_at_the_seaport_u_says_the_drawn_cards_are_seen():
    # EN l.251: the Seaport's 2 cards drawn, then 1 discarded: the draw shows hidden cards,
    # so undo stops there, and u says so rather than "a hidden tile was revealed"
    from forum_trajanum.games.trajan.ui.play import play_data

    session = _session("discard", 0)
    v = session.view_of(0)
    data = play_data(session, v, names=["Ann", "Bot"], bots=["", "easy"])
    assert not data.can_undo
    assert data.undo_note.startswith("Nothing to undo: the cards you drew at the Seaport")
