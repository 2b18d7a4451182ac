"""Sowing can be taken back marker by marker (issue 17: "Sowing can be undone marker by
marker until the last marker lands"), by the key u on Trajan's play screen."""

from __future__ import annotations

import re

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _at_a_long_sowing(seed: int) -> GameSession:
    """A hot-seat game at the choice of a source tray holding at least 3 markers of 2+
    colours (so that each marker is a decision)."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    while True:
        state = session.state
        if state.decision == "source":
            pl = state.players[state.decider]
            for action in session.view_of(state.decider).legal:
                tray = pl.trays[action.tray]
                if sum(tray) >= 3 and sum(1 for n in tray if n) >= 2:
                    return session
        session.play(session.view_of(session.decider).legal[0])


async def test_u_takes_back_each_marker_then_the_tray_choice():
    session = _at_a_long_sowing(6)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, TrajanScreen)
        state = app.session.state
        pl = state.players[state.decider]
        legal = app.screen.data.view.legal
        index = next(
            i for i, a in enumerate(legal)
            if sum(pl.trays[a.tray]) >= 3 and sum(1 for n in pl.trays[a.tray] if n) >= 2
        )  # fmt: skip
        start = len(app.session.record.actions)
        await pilot.press(str(index + 1))  # the tray
        await pilot.pause()
        assert app.session.state.decision == "sow"
        await pilot.press("1")  # a first marker
        await pilot.pause()
        sown = len(app.session.record.actions)
        assert sown >= start + 2
        hand_before = (
            app.session.state.tasks[-1].hand if app.session.state.decision == "sow" else None
        )
        await pilot.press("u")  # that marker back
        await pilot.pause()
        assert len(app.session.record.actions) < sown
        assert app.session.state.decision == "sow"
        assert hand_before is None or sum(app.session.state.tasks[-1].hand) > sum(hand_before)
        while len(app.session.record.actions) > start:  # and on, back to the tray choice
            await pilot.press("u")
            await pilot.pause()
        assert app.session.state.decision == "source"
        # at 80 columns the message goes first on the decision's two lines: it says what the
        # last u took back (the tray's markers, in words), over the trays offered again
        title = str(app.screen.query_one("#decision-title").content)
        assert "Undone: took" in title and "markers" in title
        assert len(app.screen.query_one("#decisions").options) == len(
            app.session.view_of(app.session.decider).legal
        )


async def test_h_gives_a_hint_naming_choices_of_the_list_by_their_numbers():
    # issue 17/18: "a hint for every decision (from the Trajan bots)"
    from tests.waiting import wait_for

    session = _at_a_long_sowing(6)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("h")
        note = app.screen.query_one("#t-hint")  # between the decision and its choices
        assert await wait_for(pilot, lambda: str(note.content).startswith("Hint"))
        legal = app.screen.data.view.legal
        pages = []
        for _page in ("best", "next best"):  # at 80x24 the best whole, h again the next best
            said = str(note.content)
            pages.append(said)
            # a choice's key follows "Hint: ", "Next best: " or " · " (a reason's own
            # words may end in a figure and a bracket: "… 15) ", CI under load)
            numbers = [int(n) for n in re.findall(r"(?:Hint: |Next best: | · )(\d+)\) ", said)]
            assert numbers and all(1 <= n <= len(legal) for n in numbers)
            await pilot.press("h")
            await pilot.pause()
        assert "VP expected for you at the game's end" in pages[0]  # issue 36: one h, whole
        assert pages[1].startswith("Next best:")
