"""What the 80x24 panels show (issue 36.11): the log under the coach's strip shows the latest
moves, not the previous turn until Escape; the circle panel shows the hand and the display
once and all six trays, the arch's words included where they fit; a cut tray line keeps
"round ends" (what ends the round comes before what is cut)."""

from __future__ import annotations

import pytest
from rich.text import Text

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import view
from forum_trajanum.games.trajan.ui.circles import ARCH_SAID, cards_line, circle_rows, circle_table
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import CoachScreen, start_coach
from tests.tui.conftest import first_legal_bot_factory, screen_text
from tests.waiting import wait_for

from .helpers import after_setup


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _at_the_last_start_tile() -> GameSession:
    """Ann, coached, against two bots, at her last starting Trajan tile (the bots' tiles and
    her first turn, with its coach, follow)."""
    session = GameSession.new(
        3, TrajanOptions(players=3), ["Ann", "Cato", "Livia"], ["", "hard", "normal"],
        autosave=False, game="trajan",
    )  # fmt: skip
    seen = 0
    while True:
        if session.decider == 0 and session.state.decision == "start":
            seen += 1
            if seen == 3:
                break
        session.play(session.view_of(session.decider).legal[0])
    start_coach(session.record, [0])
    return session


async def test_at_80x24_the_log_under_the_coachs_strip_shows_the_latest_moves():
    session = _at_the_last_start_tile()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0, bot_factory=first_legal_bot_factory)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        await pilot.press("escape")  # the start tile's coach: read
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        play = app.screen
        await pilot.press("l")  # the log panel, at its foot
        box = play.query_one("#t-panel-box")
        assert await wait_for(pilot, lambda: 0 < box.max_scroll_y == box.scroll_y)
        await pilot.press("1")  # the last start tile: the bots' follow, then Ann's turn
        assert await wait_for(
            pilot, lambda: isinstance(app.screen, CoachScreen) and session.decider == 0
        )
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y  # at its foot, under the coach's strip
        latest = play.data.log[-1]
        rows = screen_text(app).splitlines()
        assert any(latest[:40] in row for row in rows), (latest, rows)


def test_the_circle_at_80_columns_keeps_each_tray_on_one_row_and_says_the_hand_once():
    # six trays in six rows: a long markers column leaves the arch its mark, not its words
    state = after_setup(seed=3)
    pl = state.players[0]
    pl.arch = 0
    pl.slots[0] = -1
    pl.trays[0] = [2, 2, 2, 1, 1, 0]  # 8 markers: a wide markers column
    table = circle_table(circle_rows(pl, plus2=True), 76, header=False)
    lines = table.plain.splitlines()
    assert len(lines) == D.NUM_TRAYS and "◆ arch" in lines[0]
    assert all(Text(line).cell_len <= 76 for line in lines)
    # with room, the arch says what it means
    pl.trays[0] = [1, 0, 0, 0, 0, 0]
    table = circle_table(circle_rows(pl, plus2=True), 76, header=False)
    assert len(table.plain.splitlines()) == D.NUM_TRAYS and ARCH_SAID in table.plain
    # the hand, the display and the tiles: each once, whole, however long
    parts = [("Hand: ", "2× Furs, Fruit, Gems, Oils, 2× Cattle, Wine"), ("Display: ", "none"),
             ("Tiles: ", "2× wild demand, bread demand; Trajan demand tiles: bread")]  # fmt: skip
    said = cards_line(parts, 76).plain
    assert said.count("Hand: ") == 1 and said.count("Display: ") == 1
    assert "…" not in said and all(words in said for _, words in parts)


def test_a_tray_line_says_the_time_and_the_rounds_end_before_the_tile_and_the_action():
    # R19: the round ends when the time marker passes its start space; at 80 columns the
    # list cuts a long line: "round ends" comes before what can be cut
    checked = 0
    for seed in range(1, 8):
        state = after_setup(seed=seed, players=3)
        seat = state.decider
        state.time = D.TIME_CYCLE[3] - 1  # any tray ends the round
        v = view(state, seat)
        for tray in range(D.NUM_TRAYS):
            if not any(v.players[seat].trays[tray]):
                continue
            line = W.tray_plan_words(v, seat, tray)
            parts = line.split("; ")
            assert parts[1].startswith("time +") and parts[1].endswith(", round ends"), line
            for words in ("can complete", "nothing to do"):
                if words in line:
                    assert line.index(words) > line.index("round ends"), line
                    checked += 1
    assert checked > 0
