"""The shell's scrolling panel (issue 39, point 3): PgUp/PgDn move a page with one line of what
was in view kept, a row at the foot that does not scroll left out; a log follows its latest
lines until the player scrolls up, and again once back at its end."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from forum_trajanum.tui.scrollpanel import ScrollPanel
from tests.waiting import wait_for


def lines(n: int) -> str:
    return "\n".join(f"line {i}" for i in range(n))


class Panel(App):
    def compose(self):
        with ScrollPanel(id="box"):
            yield Static(lines(50), id="words")


async def test_a_page_keeps_one_line_of_what_was_in_view():
    app = Panel()
    async with app.run_test(size=(20, 10)) as pilot:
        box = app.query_one(ScrollPanel)
        assert await wait_for(pilot, lambda: box.max_scroll_y > 0)
        rows = box.scrollable_content_region.height
        box.page(1)  # the page's last line is the next page's first
        assert await wait_for(pilot, lambda: box.scroll_y == rows - 1), box.scroll_y
        box.page(1, foot=1)  # a row at its foot that does not scroll: a line less
        assert await wait_for(pilot, lambda: box.scroll_y == (rows - 1) + (rows - 2))
        box.page(-1)
        assert await wait_for(pilot, lambda: box.scroll_y == rows - 2), box.scroll_y
        assert box.lines_below()


async def test_a_panel_following_its_end_keeps_the_latest_lines_until_scrolled_up():
    app = Panel()
    async with app.run_test(size=(20, 10)) as pilot:
        box = app.query_one(ScrollPanel)
        words = app.query_one("#words", Static)
        assert await wait_for(pilot, lambda: box.max_scroll_y > 0)
        box.follow_end()
        words.update(lines(80))  # the log grows: its latest lines stay in view
        assert await wait_for(pilot, lambda: box.max_scroll_y >= 70)
        assert box.scroll_y == box.max_scroll_y and not box.lines_below()
        end = box.scroll_y
        box.page(-1)  # the player scrolls up: where they put it
        assert await wait_for(pilot, lambda: box.scroll_y < end)
        kept = box.scroll_y
        words.update(lines(90))
        assert await wait_for(pilot, lambda: box.max_scroll_y >= 80)
        assert box.scroll_y == kept and box.lines_below()
        box.page(10)  # back at the end: it follows again
        assert await wait_for(pilot, lambda: box.scroll_y == box.max_scroll_y)
        words.update(lines(100))
        assert await wait_for(pilot, lambda: box.max_scroll_y >= 90)
        assert box.scroll_y == box.max_scroll_y
        box.follow_end(False)  # another panel: it opens at its top and follows nothing
        assert not box.is_anchored
