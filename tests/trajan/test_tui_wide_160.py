"""Trajan at 160x45 (issue 36.14): the other circles all in view, each name and score on one
line (they wrapped "· 12" / "VP" and the third player needed scrolling); a key to the map's
short names ("wild dem.", "Germ. Inf.", "Lugudun." had none); the choices wrap rather than
being cut above empty rows."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.panels import map_drawing, short_names
from forum_trajanum.tui.app import ForumApp
from tests.trajan.choosing import past_the_hand_over
from tests.tui.conftest import first_legal_bot_factory, screen_text

NAMES = ["Ann", "Cato", "Livia", "Marcus"]


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _four_players(turns: int) -> GameSession:
    """Ann against three bots at the start of her ``turns``-th turn."""
    session = GameSession.new(
        5, TrajanOptions(players=4), NAMES, ["", "hard", "normal", "easy"], autosave=False,
        game="trajan",
    )  # fmt: skip
    seen = 0
    while True:
        if session.decider == 0 and session.state.decision == "source":
            seen += 1
            if seen == turns:
                return session
        session.play(session.view_of(session.decider).legal[0])


async def test_at_160x45_the_three_other_circles_the_map_key_and_whole_choices_are_in_view():
    session = _four_players(4)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=(160, 45)) as pilot:
        await past_the_hand_over(pilot)
        await pilot.pause()
        screen = app.screen
        rows = screen_text(app).splitlines()
        box = screen.query_one("#t-panel-box")
        left = [row[: box.region.right] for row in rows[box.region.y : box.region.bottom]]
        for seat, name in enumerate(NAMES[1:], start=1):
            score = f"{name} · {session.state.players[seat].score} VP"
            assert any(score in row for row in left), (score, left)  # on one row
        assert sum("VI Construction" in row for row in left) == 3, left  # every tray in view
        # the map: its frame names the key to its short names, which has each one drawn
        map_box = screen.query_one("#t-map-box")
        assert "g: the short names" in rows[map_box.region.y]
        drawn = map_drawing(screen.data.view, NAMES, screen.query_one("#t-map").size.width)
        keyed = _legend_text()
        grid = drawn.plain.split("⚑ leaders")[0]
        found = [short for short, whole in short_names() if short in grid]
        assert found  # at this width some names are short
        for short, whole in short_names():
            if short in grid:
                assert f"{short} {whole}" in keyed, short
        # the choices: whole, wrapped where long, none cut
        region = screen.query_one("#decisions").region
        listed = [row[region.x : region.right] for row in rows[region.y : region.bottom]]
        assert not any("…" in row for row in listed), listed
        assert not screen.query("#choice-full")  # no line below the list repeats a choice


def _legend_text() -> str:
    from rich.console import Console

    from forum_trajanum.games.trajan.ui.help import legend

    console = Console(width=120, record=True)
    console.print(legend())
    return " ".join(console.export_text().split())


def test_the_legend_says_each_short_name_the_map_can_draw_whole():
    session = _four_players(1)
    v = session.view_of(0)
    keyed = _legend_text()
    import re

    for width in (40, 44, 50, 74):
        grid = map_drawing(v, NAMES, width).plain.split("⚑ leaders")[0]
        # every word drawn cut short ("Narbon.", "wild dem.", "Germ. Inf.") has its key
        for short in re.findall(r"(?:[A-Za-z:]+ )?[A-Za-z]+\.(?: [A-Za-z]+\.)?", grid):
            assert any(s in short or short in s for s, _ in short_names()), (width, short)
        for short, whole in short_names():
            if short in grid:
                assert f"{short} {whole}" in keyed, short
