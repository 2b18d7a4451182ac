"""The markers sown by themselves are said on the next decision (issue 27 at 80x24): once the
markers left are all of one colour the sowing goes on without a pause (EN l.187-189), so the
next decision, the target's action, comes at once; its words say first where those markers
went, so that a digit typed on does not pick the action menu's entry unseen."""

from __future__ import annotations

import re

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import settled, wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _rest_after_one(tray: list[int]) -> int:
    """The colour whose one marker, sown first, leaves two or more of a single other colour
    (-1: none)."""
    colours = [c for c in range(D.NUM_COLOURS) if tray[c]]
    if len(colours) != 2:
        return -1
    one, other = sorted(colours, key=lambda c: tray[c])
    return one if tray[one] == 1 and tray[other] >= 2 else -1


def _at_a_sowing_that_ends_alone(seed: int) -> tuple[GameSession, int]:
    """A hot-seat game at a source decision with a tray of one marker of a colour and two or
    more of another (and that tray)."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    while True:
        state = session.state
        if state.decision == "source":
            pl = state.players[state.decider]
            for action in session.view_of(state.decider).legal:
                if _rest_after_one(pl.trays[action.tray]) >= 0:
                    return session, action.tray
        session.play(session.view_of(session.decider).legal[0])


async def test_the_next_decision_says_where_the_markers_sown_by_themselves_went():
    session, tray = _at_a_sowing_that_ends_alone(3)
    hand = list(session.state.players[session.decider].trays[tray])
    first = _rest_after_one(hand)
    rest = next(c for c in range(D.NUM_COLOURS) if hand[c] and c != first)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        first_screen = (HandOverScreen, TrajanScreen)
        assert await wait_for(pilot, lambda: isinstance(app.screen, first_screen))
        await settled(pilot)
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        legal = app.screen.data.view.legal
        await pilot.press(str(next(i for i, a in enumerate(legal) if a.tray == tray) + 1))
        assert await wait_for(pilot, lambda: app.session.state.decision == "sow")
        assert await wait_for(pilot, lambda: app.screen.data.view.decision == "sow")
        await settled(pilot)  # the list of the sowing on screen
        legal = app.screen.data.view.legal
        await pilot.press(str(next(i for i, a in enumerate(legal) if a.colour == first) + 1))
        assert await wait_for(pilot, lambda: app.session.state.decision != "sow")
        n = hand[rest]
        trays = [D.ACTIONS[(tray + 2 + k) % D.NUM_TRAYS] for k in range(n)]
        said = (
            f"The last {n} markers, {'both' if n == 2 else 'all'} {D.COLOURS[rest]}, went "
            f"into the {', '.join(trays[:-1])} and {trays[-1]} trays."
        )
        title = app.screen.query_one("#decision-title")
        assert await wait_for(pilot, lambda: said in re.sub(r"\s+", " ", str(title.render())))
        lines = str(title.render()).splitlines()
        assert lines[0].startswith("The last"), lines  # first, on the decision's lines
