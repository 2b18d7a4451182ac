"""The shell's status line (issue 39, the screen skeleton): a game gives its words as a function
of the width; the line writes them for its own width, again after a resize, and shows nothing
after a hand-over cleared it until words are given again."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from forum_trajanum.tui.statusline import StatusLine
from tests.waiting import wait_for


class _Host(App):
    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")


def _shown(app: App) -> str:
    return str(app.query_one(StatusLine).render().plain)


def _words(width: int) -> Text:
    return Text("in words: blue 1" if width >= 120 else "short: B1")


async def test_the_status_line_writes_a_games_words_for_its_width_and_again_after_a_resize():
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        line = app.query_one(StatusLine)
        assert _shown(app) == ""  # no words yet: nothing
        line.words = _words
        assert await wait_for(pilot, lambda: _shown(app) == "short: B1"), _shown(app)
        await pilot.resize_terminal(160, 45)
        assert await wait_for(pilot, lambda: _shown(app) == "in words: blue 1"), _shown(app)


async def test_a_cleared_status_line_shows_nothing_until_words_come_again_even_the_same():
    # a hand-over covers the screen: the line is cleared; the next seat's words (the same
    # ones, when nothing changed) are written again
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        line = app.query_one(StatusLine)
        line.words = _words
        assert await wait_for(pilot, lambda: _shown(app) == "short: B1"), _shown(app)
        line.clear()
        assert _shown(app) == ""
        await pilot.resize_terminal(160, 45)  # a resize while cleared writes nothing
        assert await wait_for(pilot, lambda: line.size.width == 160), line.size
        await pilot.pause()
        assert _shown(app) == ""
        line.words = _words
        assert await wait_for(pilot, lambda: _shown(app) == "in words: blue 1"), _shown(app)
