"""Trajan's play screen's boxes draw themselves from reactive data (issue 39, the screen
skeleton): the screen says which panel each box shows and under which title; a box given
another panel draws it, and after a move every box in view shows the new data."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.boxes import PanelBox, Shows
from forum_trajanum.games.trajan.ui.panels import PANEL_TITLES
from forum_trajanum.tui.app import ForumApp
from tests.trajan.choosing import past_the_hand_over
from tests.tui.conftest import past_hold, screen_text
from tests.waiting import wait_for

NAMES = ["Ann", "Bob"]


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _app() -> ForumApp:
    """Ann and Bob at the start of a game (two people: no bot moves meanwhile)."""
    session = GameSession.new(
        7, TrajanOptions(players=2), NAMES, ["", ""], autosave=False, game="trajan"
    )
    return ForumApp(bot_delay=0, session=session, choice_hold=0)


async def test_every_box_in_view_shows_what_the_screen_gave_it_and_the_new_data_after_a_move():
    app = _app()
    async with app.run_test(size=(160, 45)) as pilot:
        await past_the_hand_over(pilot)
        screen = app.screen
        boxes = screen.boxes()
        assert {"circle", "board", "map", "district", "log"} <= set(boxes.values()), boxes
        for box_id, panel in boxes.items():
            shows = screen.query_one(f"#{box_id}").shows
            assert shows is not None and shows.panel == panel and shows.data is screen.data
            assert PANEL_TITLES[panel].split(" ·")[0] in shows.title
        before = screen.data
        await past_hold(pilot)
        await pilot.press("2", "1")  # a tray's markers (blue, blue): new data for every box
        assert await wait_for(pilot, lambda: screen.data is not before)
        await pilot.pause()
        for box_id in screen.boxes():
            assert screen.query_one(f"#{box_id}").shows.data is screen.data


async def test_a_box_given_another_panel_draws_it_with_its_title():
    app = _app()
    async with app.run_test(size=(120, 36)) as pilot:
        await past_the_hand_over(pilot)
        screen = app.screen
        box = screen.query_one("#t-circle-box", PanelBox)
        assert box.shows.panel == "circle"
        box.shows = Shows("players", screen.data, "Players here")
        await pilot.pause()
        rows = screen_text(app).splitlines()[box.region.y : box.region.bottom]
        inside = " ".join(row[box.region.x : box.region.right] for row in rows)
        assert "Players here" in inside and inside.count("cards in hand") == 2, inside
