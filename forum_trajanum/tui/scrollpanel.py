"""The scrolling panel of a play screen (the shell's, for every game): a panel beside the
choices (the words beside a board, the log, the players) that PgUp and PgDn scroll a page at a
time while the focus stays on the choices, which may follow its latest lines (a log), and
which says on its frame whether lines are below its view. What it knows of itself is declared
here, not set on a Textual container from outside.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widget import Widget


def scroll_pages(box: Widget, pages: int, foot: int = 0) -> None:
    """Scroll ``box`` (any scrolling widget: a panel, a log view) ``pages`` pages down (up
    when negative), one line of what was in view kept in view (a Textual page is the box's
    whole height: the line after it was skipped); ``foot``: rows at its foot that do not
    scroll."""
    rows = box.scrollable_content_region.height - foot
    box.scroll_relative(y=pages * max(rows - 1, 1), animate=False)


class ScrollPanel(VerticalScroll):
    """A panel that PgUp/PgDn scroll (see the module's docstring)."""

    def __init__(self, *children, **options) -> None:
        super().__init__(*children, **options)
        #: Whether lines were below the view when its frame was last drawn.
        self.more_below = False
        #: (lines below, it scrolls at all) when its frame was last drawn: None before.
        self.scroll_state: tuple[bool, bool] | None = None
        #: Whether its frame's foot says how it scrolls (written once).
        self.subtitled = False

    def lines_below(self) -> bool:
        """Whether lines are below the view now."""
        return self.max_scroll_y > self.scroll_y

    def page(self, pages: int, foot: int = 0) -> None:
        """Scroll ``pages`` pages down (up when negative), one line of what was in view kept
        in view (a Textual page is the box's whole height: the line after it was skipped);
        ``foot``: rows at the box's foot that do not scroll (a line saying more is below).
        Scrolling lets go of the latest lines (:meth:`follow_end`) until the view is back at
        the end."""
        scroll_pages(self, pages, foot)

    def follow_end(self, follow: bool = True) -> None:
        """Keep the latest lines in view, however late the panel is laid out (Textual's
        anchor), until the player scrolls up; ``follow=False``: not any more (another panel
        opens at its top)."""
        if follow or self.is_anchored:
            self.anchor(follow)


__all__ = ["ScrollPanel", "scroll_pages"]
