"""A whole 2-player hot-seat game played through the app's own key bindings at 80x24; on its
first decisions, the list's eight rows with a message and the hint (``test_list_rows.py``)."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core import saves
from forum_trajanum.games.forum_trajanum.engine import GameRecord, is_over
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.games.forum_trajanum.ui.results import GameOverScreen, ScoringScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen, NewGameScreen
from forum_trajanum.tui.startscreen import StartScreen

from .conftest import past_hold, press_quickly, screen_text
from .test_list_rows import ALONG, eight_rows_with_a_message_and_the_hint, quick_hint


@pytest.mark.long
async def test_whole_game_by_keys_to_the_final_ranking_with_eight_rows_on_its_decisions(
    quick_idle, monkeypatch
):
    # the hold after a hand-over is near zero here: its own tests (test_hold.py) keep it
    # honest, and at 0.3 s it was a third of this test's time. One game for two checks, each
    # a game's worth of keys: on its first ALONG decisions the list keeps its eight rows with
    # a message and the hint (a random entry chosen), then the first entry to the end
    quick_hint(monkeypatch)
    rng = random.Random(5)
    app = ForumApp(bot_delay=0, choice_hold=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter")  # "New game"
        assert isinstance(app.screen, NewGameScreen)
        assert app.focused is app.screen.query_one("#game")  # the form opens at its top
        app.screen.query_one("#seed").focus()
        await pilot.press("7", "enter")  # a fixed seed; Enter moves on to the Start button
        assert app.focused is app.screen.query_one("#start")
        await pilot.press("enter")  # Start
        session = app.session
        assert session is not None and session.record.seed == 7
        handovers = scorings = presses = decisions = 0
        shown_viewer, handed_over = None, False
        while not isinstance(app.screen, GameOverScreen):
            await past_hold(pilot)  # a new player's list ignores a too fast Enter
            screen = app.screen  # after the hold (no bot plays: the same screen as before it)
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, HandOverScreen):
                handovers += 1
                handed_over = True
            elif isinstance(screen, ScoringScreen):
                scorings += 1
            elif isinstance(screen, PlayScreen) and screen.data.view.viewer >= 0:
                viewer = screen.data.view.viewer
                # a different player's secrets only ever appear after a hand-over screen
                assert viewer == shown_viewer or handed_over
                assert viewer == app.session.decider
                shown_viewer, handed_over = viewer, False
                if decisions < ALONG and screen.data.view.legal:
                    decisions += 1
                    await eight_rows_with_a_message_and_the_hint(pilot, app, screen, rng)
                    presses += 1
                    continue
            # the first entry by its digit (Enter on a hand-over or scoring screen)
            await press_quickly(pilot, "1" if isinstance(screen, PlayScreen) else "enter")
            presses += 1
            assert presses < 1000, "the game did not finish"
        assert decisions == ALONG  # the setup, drafts, builds, envoys, payments, a scoring
        assert is_over(app.session.state)
        # cycles I and II: each person sees each (the other after their hand-over); cycle
        # III: the one at the keyboard, then the final ranking for the table
        assert scorings == 5
        assert handovers > 10
        text = screen_text(app)
        assert "Final ranking" in text and "1. " in text
        # the autosave holds the finished game, replayable to the same end
        record, state = saves.read_game(app.session.game.id)
        assert is_over(state)
        assert record.actions == app.session.record.actions
        assert isinstance(record, GameRecord)
