"""The last choice of a Trajan turn waits for a key before it is final (issue 36.5: "the turn
ends on that key and the hand-over comes at once. A one-digit slip is never final"): as
Forum Trajanum's end of a turn waits while a step can still be taken back, the choice that
ends the turn is highlighted and waits for Enter or e; another digit, Escape or u leave the
turn open and nothing is played. At 80x24."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import END_WAIT, TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.tui.conftest import first_legal_bot_factory
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _ends(state) -> int:
    return sum(t.kind == "end_turn" for t in state.tasks)


def _at_a_last_choice(seed: int) -> GameSession:
    """A game against a bot at Ann's action decision of two or more choices, each of which
    ends her turn."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bot"], ["", "easy"], autosave=False, game="trajan"
    )
    while True:
        state = session.state
        if state.decider == 0 and state.decision == "act":
            legal = session.view_of(0).legal
            ending = []
            for action in legal:
                then = state.clone()
                session.rules.apply(then, action)
                ending.append(_ends(then) < _ends(state))
            if len(legal) >= 3 and all(ending):
                return session
        session.play(session.view_of(session.decider).legal[0])


async def test_a_choice_that_ends_the_turn_waits_for_enter_or_e_and_a_slip_is_taken_back():
    session = _at_a_last_choice(3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        screen = app.screen
        actions = app.session.record.actions
        count = len(actions)
        third = screen.query_one("#decisions").get_option_at_index(2).id
        await pilot.press("2")  # a slip: nothing is played, the screen says what ends it
        assert len(actions) == count and screen.waiting_to_end
        assert screen.query_one("#decisions").highlighted == 1
        assert END_WAIT in str(screen.query_one("#decision-title").content)
        await pilot.press("2")  # the same digit again: still nothing (a digit never ends it)
        assert len(actions) == count and app.session.decider == 0
        await pilot.press("u")  # taken back: nothing played, the turn goes on
        assert len(actions) == count and not screen.waiting_to_end
        assert "Nothing was played" in str(screen.query_one("#decision-title").content)
        await pilot.press("3")
        await pilot.press("escape")  # Escape too
        assert len(actions) == count and not screen.waiting_to_end
        await pilot.press("3", "e")  # chosen, then e: played, the turn over at once
        assert await wait_for(pilot, lambda: len(actions) > count)
        assert actions[count] == third


async def test_enter_on_the_highlighted_last_choice_then_enter_again_ends_the_turn():
    session = _at_a_last_choice(3)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        screen = app.screen
        actions = app.session.record.actions
        count = len(actions)
        top = screen.query_one("#decisions").get_option_at_index(0).id
        await pilot.press("enter")
        assert len(actions) == count and screen.waiting_to_end
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: len(actions) > count)
        assert actions[count] == top
