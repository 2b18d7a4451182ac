"""A whole 2-player hot-seat Trajan game played through the app's own keys at 80x24 (issue 17:
"A whole Trajan game played by keys at 80×24 in a test")."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core import saves
from forum_trajanum.games.trajan.engine.rules import is_over
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.games.trajan.ui.results import QuarterScreen, TrajanOverScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen, NewGameScreen
from forum_trajanum.tui.startscreen import StartScreen
from tests.trajan.choosing import waiting
from tests.tui.conftest import past_hold, press_quickly, screen_text

from .test_tui_list_rows import ALONG, eight_rows_with_a_message_and_the_hint, quick_hint


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


@pytest.mark.long
@pytest.mark.usefixtures("quick_idle")
async def test_a_whole_trajan_game_by_keys_from_the_form_to_the_final_ranking_with_eight_rows(
    monkeypatch,
):
    # one game for two checks, each a game's worth of keys: on its first ALONG decisions the
    # list keeps its eight rows with a message and the hint (a random choice taken), then the
    # first choice to the end
    quick_hint(monkeypatch)
    rng = random.Random(7)
    app = ForumApp(bot_delay=0, choice_hold=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter")  # New game
        assert isinstance(app.screen, NewGameScreen)
        # the game is the form's first field, in focus when it opens
        assert app.focused is app.screen.query_one("#game")
        await pilot.press("space", "down", "enter")  # open the list, Trajan, choose it
        assert app.screen.query_one("#game").value == "trajan"
        assert not app.screen.query_one("#side-row").display  # Forum Trajanum's options go
        app.screen.query_one("#seed").focus()
        await pilot.press("5", "enter")  # a fixed seed; Enter moves on to Start
        assert app.focused is app.screen.query_one("#start")
        await pilot.press("enter")
        session = app.session
        assert session is not None and session.rules.name == "trajan"
        assert session.record.seed == 5
        handovers = quarters = presses = decisions = circles = 0
        shown_viewer, handed_over = None, False
        while not isinstance(app.screen, TrajanOverScreen):
            await past_hold(pilot)
            screen = app.screen  # after the hold (no bot plays: the same screen as before it)
            if isinstance(screen, TrajanOverScreen):
                break
            if isinstance(screen, HandOverScreen):
                handovers += 1
                handed_over = True
            elif isinstance(screen, QuarterScreen):
                quarters += 1
            elif isinstance(screen, TrajanScreen) and screen.data.view.viewer >= 0:
                viewer = screen.data.view.viewer
                # another player's hand only ever appears after a hand-over screen
                assert viewer == shown_viewer or handed_over
                assert viewer == app.session.decider
                shown_viewer, handed_over = viewer, False
                if decisions < ALONG and screen.data.view.legal:
                    decisions += 1
                    circles += await eight_rows_with_a_message_and_the_hint(pilot, app, screen, rng)
                    presses += 1
                    continue
            # a choice that ends the turn waits for e (issue 36.5)
            key = "e" if waiting(screen) else "1"
            await press_quickly(pilot, key if isinstance(screen, TrajanScreen) else "enter")
            presses += 1
            assert presses < 3000, "the game did not finish"
        assert decisions == ALONG and circles > 0
        assert is_over(app.session.state)
        # each of the two people sees quarters I-III's scoring (the second after their own
        # hand-over); the last one goes to the person at the keyboard, then the ranking to all
        assert quarters == 3 * 2 + 1
        assert handovers > 20
        text = screen_text(app)
        assert "Final ranking" in text and "1. " in text
        record, state = saves.read_game(app.session.game.id)
        assert is_over(state)
        assert record.actions == app.session.record.actions
