"""SVG snapshots of what issue 19 changed for a first-timer, at 80x24, 120x36 and 160x45: the
New game form, an envoy placed under the colour-area rule (the lit area, the Forum's notes),
the Colonia in focus after ``c``, the Trajan cards with where the player stands, and the help's
Rules tab. Update with ``pytest --snapshot-update`` and look at what changed."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.dialogs import ChooseGameScreen, HelpScreen
from forum_trajanum.tui.screens import NewGameScreen
from tests.waiting import wait_for

from .conftest import session_at

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=str)


def _app(session=None) -> ForumApp:
    return ForumApp(bot_delay=0, session=session, choice_hold=0)


@SIZES
def test_new_game_form(snap_compare, size):
    async def open_form(pilot) -> None:
        await pilot.press("enter")  # the start screen asks the app for the form (a message)
        assert await wait_for(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
        # the focused name's cursor blinks (half a second on, half off): held on, so that a
        # loaded machine's later picture is the same
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    assert snap_compare(_app(), run_before=open_form, terminal_size=size)


@SIZES
def test_envoy_under_the_colour_area_rule(snap_compare, size):
    session = session_at("envoy", seed=3, skip=1)
    assert snap_compare(_app(session), press=["enter"], terminal_size=size)


@SIZES
def test_colonia_in_focus(snap_compare, size):
    session = session_at("build", seed=3)
    assert snap_compare(_app(session), press=["enter", "c"], terminal_size=size)


@SIZES
def test_trajan_cards_with_where_the_player_stands(snap_compare, size):
    session = session_at("build", seed=3)
    assert snap_compare(_app(session), press=["enter", "t"], terminal_size=size)


@SIZES
def test_help_rules_tab(snap_compare, size):
    async def open_rules(pilot) -> None:
        await pilot.press("question_mark")  # asked of the app by a message
        assert await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChooseGameScreen))
        await pilot.press("1")  # Forum Trajanum, the first game registered
        assert await wait_for(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        await pilot.press("3")
        await pilot.pause()

    assert snap_compare(_app(), run_before=open_rules, terminal_size=size)
