"""SVG snapshots of the main screens (fixed seeds). Update with ``pytest --snapshot-update``."""

from __future__ import annotations

from forum_trajanum.tui.app import ForumApp

from .conftest import SIZE, session_at


def _app(session=None) -> ForumApp:
    return ForumApp(bot_delay=0, session=session)


def test_start_screen(snap_compare):
    assert snap_compare(_app(), terminal_size=SIZE)


def test_hand_over_screen(snap_compare):
    assert snap_compare(_app(session_at("draft", seed=3, skip=1)), terminal_size=SIZE)


def test_draft_screen(snap_compare):
    session = session_at("draft", seed=3, skip=1)
    assert snap_compare(_app(session), press=["enter"], terminal_size=SIZE)


def test_turn_screen_placing_an_envoy(snap_compare):
    session = session_at("envoy", seed=3)
    assert snap_compare(_app(session), press=["enter", "tab", "tab"], terminal_size=SIZE)
