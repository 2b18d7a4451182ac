"""The hint's line of a play screen (the shell's, for every game): where a hint is said, and
which page of it shows.

Where there is room the hint comes whole at once and h again hides it. In the compact layout
(80x24) it comes a page at a time so that the list keeps its rows: one h shows the suggestion
whole (class ``-more``), h again the next best choices (``-next``), h again hides it. The game
says what the hint's words are; the line keeps its page, the same way in every game.
"""

from __future__ import annotations

from textual.widgets import Static

from forum_trajanum.tui.hints import HIDDEN, MORE, SHOWN


class HintLine(Static):
    """The hint's line and its page (see the module's docstring)."""

    @property
    def more(self) -> bool:
        """Whether the hint shows whole (compact: its first page or the next)."""
        return self.has_class("-more")

    @property
    def next_page(self) -> bool:
        """Whether the next best choices show (compact: the second page)."""
        return self.has_class("-next")

    def grows(self, compact: bool, has_next: bool) -> bool:
        """Whether h now shows more of the hint (rather than hiding it): in the compact
        layout, while it is on one line, or on its first page with a next one to come."""
        return compact and (not self.more or (has_next and not self.next_page))

    def turn_page(self, did: str, compact: bool) -> None:
        """The page after h did ``did`` (:mod:`forum_trajanum.tui.hints`' answers): shown
        again, its first page (compact); more, the next page; hidden, back to one line."""
        if did == SHOWN:
            self.set_class(compact, "-more")
        elif did == MORE:
            self.add_class("-next" if self.more else "-more")
        elif did == HIDDEN:
            self.close_pages()

    def show_whole(self) -> None:
        """Its first page: the hint whole (compact: below the list, which keeps its rows)."""
        self.add_class("-more")

    def close_pages(self) -> None:
        """Back to its one line (a new decision's hint starts on its first page)."""
        self.remove_class("-more", "-next")


__all__ = ["HintLine"]
