"""A registered game the app has no screens for (a game whose rules come before its screens)
is refused in words, never handed to another game's screens (issue 15: the app holds no game's
rules; a game says which parts the program has)."""

from __future__ import annotations

import dataclasses

import pytest

from forum_trajanum.cli import main
from forum_trajanum.core.game import GAMES, _Entry
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.dialogs import MessageScreen
from forum_trajanum.tui.seats import settings_from_seats

from .conftest import screen_text


@pytest.fixture
def rules_only(monkeypatch, tmp_path):
    """A game "demo" registered with rules (Forum Trajanum's) but no screens and no replay."""
    return _register_demo(monkeypatch, tmp_path, modules={})


@pytest.fixture
def rules_and_bots(monkeypatch, tmp_path):
    """A game "demo" with rules and bots (Forum Trajanum's) but no screens."""
    bots = GAMES.get("forum-trajanum").modules["bots"]
    return _register_demo(monkeypatch, tmp_path, modules={"bots": bots})


def _register_demo(monkeypatch, tmp_path, modules):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    base = GAMES.get("forum-trajanum")
    game = dataclasses.replace(base, name="demo", title="Demo", modules=modules)
    monkeypatch.setitem(GAMES._entries, "demo", _Entry("demo", "Demo", "unused:GAME"))
    monkeypatch.setitem(GAMES._loaded, "demo", game)
    return game


def test_new_on_the_command_line_says_the_game_has_no_screens_yet(rules_only, capsys):
    assert main(["new", "--game", "demo", "--seats", "Ann,Bob"]) == 2
    said = capsys.readouterr().err
    assert "Demo cannot be played in this window yet" in said
    assert "simulate" not in said  # it has no bots: nothing to point at
    assert "Traceback" not in said


def test_a_game_with_bots_but_no_screens_points_at_simulate(rules_and_bots, capsys):
    assert main(["new", "--game", "demo", "--seats", "Ann,Bob"]) == 2
    said = capsys.readouterr().err
    assert "Demo cannot be played in this window yet" in said
    assert "simulate --game demo" in said


async def test_the_app_refuses_to_start_a_game_it_cannot_show_and_stays_usable(rules_only):
    settings = settings_from_seats("Ann,Bob", game="demo")
    app = ForumApp(bot_delay=0, new_game=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        assert "Demo cannot be played in this window yet" in screen_text(app)
        assert app.session is None  # nothing was started, nothing saved
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, MessageScreen)
