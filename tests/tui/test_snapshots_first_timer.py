"""SVG snapshots of what issue 19 changed for a first-timer, at 80x24, 120x36 and 160x45: the
New game form, an envoy placed under the colour-area rule (the lit area, the Forum's notes),
the Colonia in focus after ``c``, the Trajan cards with where the player stands, and the help's
Rules tab. Update with ``pytest --snapshot-update`` and look at what changed."""

from __future__ import annotations

import pytest

from forum_trajanum.tui.app import ForumApp

from .conftest import session_at

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=str)


def _app(session=None) -> ForumApp:
    return ForumApp(bot_delay=0, session=session, choice_hold=0)


@SIZES
def test_new_game_form(snap_compare, size):
    assert snap_compare(_app(), press=["enter"], terminal_size=size)


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
    assert snap_compare(_app(), press=["question_mark", "3"], terminal_size=size)
