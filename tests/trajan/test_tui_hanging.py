"""QA at 80x24: in Trajan's quarter and final summaries a wrapped line went back to column 1
("… 1 VP each (cards in hand," / "tokens in camps, …" under the player's name); every
wrapped line keeps its line's indent (a hanging indent)."""

from __future__ import annotations

import pytest
from textual.geometry import Region

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.results import (
    QuarterScreen,
    TrajanOverScreen,
    final_text,
    quarter_text,
)
from forum_trajanum.tui.app import ForumApp
from tests.waiting import wait_for

NAMES = ["Ann", "Bob"]


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def _over() -> GameSession:
    session = GameSession.new(3, TrajanOptions(players=2), NAMES, ["", ""], game="trajan")
    session.autosave = False
    while not session.over:
        session.play(session.view_of(session.decider).legal[0])
    return session


@pytest.mark.parametrize("which", ["quarter", "final"])
async def test_at_80x24_a_wrapped_summary_line_keeps_its_indent(which):
    session = _over()
    v = session.public_view()
    history = [r.scores for r in session.rounds]
    if which == "quarter":
        text, screen, box = quarter_text(v, 4, NAMES), QuarterScreen(v, 4, NAMES, history), "q"
    else:
        text, screen, box = final_text(v, NAMES), TrajanOverScreen(v, NAMES, history), "o"
    sources = [line for line in text.plain.splitlines() if line.strip()]
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen)
        assert await wait_for(pilot, lambda: app.screen is screen)
        await pilot.pause()
        widget = screen.query_one(f"#{box}-text")
        size = widget.size  # the whole text (its box scrolls)
        strips = widget.render_lines(Region(0, 0, size.width, size.height))
        rows = [strip.text.rstrip() for strip in strips if strip.text.strip()]
        assert len(rows) > len(sources)  # some lines wrap at 80 columns
        wrapped, k = 0, -1
        for row in rows:
            if k + 1 < len(sources) and sources[k + 1].startswith(row):
                k += 1  # the next line of the text begins
                continue
            source = sources[k]  # a wrapped line of it: under its words, not at column 1
            indent = len(source) - len(source.lstrip(" "))
            assert row.startswith(" " * indent), (source, row)
            wrapped += indent > 0
        assert wrapped  # an indented line wrapped at 80 columns
