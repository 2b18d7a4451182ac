"""``join`` and ``replay`` run with the app's fixes of Textual (issue 35, point 18: they were
installed by the local app's constructor only): every app of the program installs them, and
a join window at 80x24 leaves no line of an old decision on screen (issue 27, point 3's
case, the previous tray choice's entries under the sowing list after PgDn in the panel),
what a terminal shows compared with the screen after each key. (With the Textual installed
now, the stale lines do not come back without the fix either, in join or in the local app's
own test of them, tests/trajan/test_tui_repaint.py: these two guard the case; the first test
fails without the installation.)"""

from __future__ import annotations

import contextlib

import pytest

from forum_trajanum.tui.compat import FIXES, fixes_installed, install_fixes
from tests.net.helpers import hosting
from tests.tui.terminal import SETTLED, Terminal
from tests.waiting import wait_for


@pytest.fixture
def without_fixes(monkeypatch):
    """Textual as it comes: the fixes taken out (put back after the test)."""
    install_fixes()
    for owner, name in FIXES:
        monkeypatch.setattr(owner, name, getattr(owner, name).__wrapped__)
    assert not fixes_installed()


def test_every_app_of_the_program_installs_the_fixes(without_fixes):
    from forum_trajanum.net.join import JoinApp
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.replayapp import ReplayApp

    for app in (JoinApp, ReplayApp, ForumApp):
        for owner, name in FIXES:  # out again
            patched = getattr(owner, name)
            setattr(owner, name, getattr(patched, "__wrapped__", patched))
        assert not fixes_installed()
        # built without a session or a screen: far enough to have installed them
        with contextlib.suppress(AttributeError):
            app() if app is ForumApp else app(None)
        assert fixes_installed(), app


async def test_a_join_window_leaves_no_line_of_an_old_decision_on_screen(
    without_fixes, monkeypatch
):
    from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
    from forum_trajanum.net.client import RemoteSession
    from forum_trajanum.net.join import JoinApp
    from tests.tui.conftest import past_hold

    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)

    def deciding(app, kind: str) -> bool:
        screen = app.screen
        if not isinstance(screen, TrajanScreen) or not screen.data.view.legal:
            return False
        task = screen.data.view.task
        return task is not None and task.kind == kind

    async with hosting("trajan", "Ann", "normal", seed=6) as hosted:  # table 1: seed 7
        session = await RemoteSession.connect(hosted.addresses[1][0])
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                terminal = Terminal(app)
                while not deciding(app, "source"):
                    if app.screen.__class__.__name__ == "CoachScreen":
                        await pilot.press("escape")
                    elif isinstance(app.screen, TrajanScreen) and app.screen.data.view.legal:
                        await past_hold(pilot)
                        await pilot.press("1")  # the setup's choices
                        await wait_for(pilot, lambda: not app.in_flight)
                    else:
                        await pilot.pause(0.02)  # the bot plays
                await past_hold(pilot)
                await pilot.press("c", "pagedown", "c", "1")
                assert await wait_for(pilot, lambda: not terminal.differences(), timeout=SETTLED), (
                    terminal.differences()
                )
        finally:
            await session.aclose()


@pytest.mark.usefixtures("quick_idle")
async def test_what_a_join_windows_terminal_shows_is_its_screen_along_a_game_with_scrolling(
    without_fixes, monkeypatch
):
    import random

    from forum_trajanum.games.trajan.ui.panels import PANEL_KEYS
    from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
    from forum_trajanum.net.client import RemoteSession
    from forum_trajanum.net.join import JoinApp
    from forum_trajanum.tui.decisionlist import DecisionList
    from forum_trajanum.tui.keys import ENTRY_KEYS
    from tests.tui.conftest import past_hold, press_quickly

    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)
    rng = random.Random(7)
    keys = [*PANEL_KEYS.values(), "pagedown", "pageup"]
    async with hosting("trajan", "Ann", "easy", seed=6) as hosted:
        session = await RemoteSession.connect(hosted.addresses[1][0])
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                terminal = Terminal(app)
                decisions = 0
                while decisions < 40:
                    screen = app.screen
                    if screen.__class__.__name__ == "CoachScreen":
                        await pilot.press("escape")
                        continue
                    if not isinstance(screen, TrajanScreen):
                        await past_hold(pilot)
                        await press_quickly(pilot, "enter")  # a quarter's scoring
                        continue
                    if not screen.data.view.legal or app.in_flight:
                        await pilot.pause(0.02)  # the bot plays, or the host answers
                        continue
                    await past_hold(pilot)
                    count = screen.query_one("#decisions", DecisionList).option_count
                    presses = rng.sample(keys, rng.randint(0, 2))
                    presses.append(rng.choice(["pagedown", "pageup"]))
                    presses.append(ENTRY_KEYS[rng.randrange(min(count, len(ENTRY_KEYS)))])
                    for key in presses:
                        await press_quickly(pilot, key)
                        assert await wait_for(
                            pilot, lambda: not terminal.differences(), timeout=SETTLED
                        ), f"after {presses} at decision {decisions}: {terminal.differences()}"
                    decisions += 1
        finally:
            await session.aclose()
