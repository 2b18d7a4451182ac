"""The shell's hint line (issue 39, the screen skeleton; issue 36's pages at 80x24): h shows the
suggestion whole, h again the next best, h again hides it; where there is room it comes whole
at once. Both games' hint lines are this one; their whole-game tests press h along the way."""

from __future__ import annotations

from textual.app import App, ComposeResult

from forum_trajanum.tui.hintline import HintLine
from forum_trajanum.tui.hints import HIDDEN, MORE, SHOWN


class _Host(App):
    def compose(self) -> ComposeResult:
        yield HintLine(id="hint")


async def test_compact_h_shows_the_suggestion_whole_then_the_next_best_then_hides_it():
    app = _Host()
    async with app.run_test(size=(80, 24)):
        line = app.query_one(HintLine)
        assert line.grows(compact=True, has_next=True)  # on one line: h shows more
        line.turn_page(SHOWN, compact=True)
        assert line.more and not line.next_page
        assert line.grows(compact=True, has_next=True)  # a next page to come
        assert not line.grows(compact=True, has_next=False)  # none: h hides it
        line.turn_page(MORE, compact=True)
        assert line.more and line.next_page
        assert not line.grows(compact=True, has_next=True)  # the last page: h hides it
        line.turn_page(HIDDEN, compact=True)
        assert not line.more and not line.next_page


async def test_where_there_is_room_the_hint_comes_whole_at_once_and_h_hides_it():
    app = _Host()
    async with app.run_test(size=(160, 45)):
        line = app.query_one(HintLine)
        assert not line.grows(compact=False, has_next=True)
        line.turn_page(SHOWN, compact=False)
        assert not line.more and not line.next_page  # no pages: all of it in its place
        line.show_whole()
        line.close_pages()  # a new decision's hint starts on its first page
        assert not line.more
