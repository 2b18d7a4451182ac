"""SVG snapshots of the main screens at 80x24 (compact), 120x36 (standard) and 160x45 (wide).

Fixed seeds; update with ``pytest --snapshot-update`` after a deliberate change of the look.
"""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.tui.app import ForumApp

from .conftest import session_at

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=str)


def _app(session=None) -> ForumApp:
    return ForumApp(bot_delay=0, session=session, choice_hold=0)


@SIZES
def test_start_screen(snap_compare, size):
    assert snap_compare(_app(), terminal_size=size)


def test_hand_over_screen(snap_compare):
    assert snap_compare(_app(session_at("draft", seed=3, skip=1)), terminal_size=(80, 24))


@SIZES
def test_setup_screen_choosing_cranes(snap_compare, size):
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    assert snap_compare(_app(session), press=["enter", "enter"], terminal_size=size)


@SIZES
def test_draft_screen(snap_compare, size):
    session = session_at("draft", seed=3, skip=1)
    assert snap_compare(_app(session), press=["enter"], terminal_size=size)


@SIZES
def test_turn_screen_building(snap_compare, size):
    session = session_at("build", seed=3)
    assert snap_compare(_app(session), press=["enter"], terminal_size=size)


@SIZES
def test_turn_screen_placing_an_envoy(snap_compare, size):
    session = session_at("envoy", seed=3)
    assert snap_compare(_app(session), press=["enter"], terminal_size=size)


# The scoring and game-over screens: tests/tui/test_snapshots_results.py
