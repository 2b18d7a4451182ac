"""A window whose box may hold more than the screen shows (a scoring at 80x24) says so, and
which key shows the rest: on the key bar's first words and, where the box has a frame, on
its bottom edge ("↓ PgDn: 12 more lines below"; at the end "↑ PgUp: back to the top").

QA at 80x24 (issue 36): Trajan's quarter-end window hid its second half (the points of the
scoring, the chart) with nothing to say so, and "Enter Continue" as its only key.
"""

from __future__ import annotations

from textual.widget import Widget

from forum_trajanum.tui.keys import KeyBar


def more_words(box: Widget) -> str:
    """What ``box`` holds beyond what is in view, and the key that shows it ("" when all of
    it is in view)."""
    end = box.max_scroll_y
    if end < 1:
        return ""
    below = int(end - box.scroll_y + 0.5)
    if below >= 1:
        return f"↓ PgDn: {below} more line{'s' if below > 1 else ''} below"
    return "↑ PgUp: back to the top"


class MoreMarked:
    """A screen mix-in: its box (``MORE_BOX``, a selector; a screen with several, one per tab,
    says which is in view by :meth:`more_box`) says when more is below, on the key bar
    (:meth:`arrows_hint`) and on its frame. The screen calls :meth:`mark_more` once mounted;
    scrolling and a new size keep the words true."""

    MORE_BOX = ""

    def more_box(self) -> Widget | None:
        """The box in view (the first that ``MORE_BOX`` selects)."""
        found = self.query(self.MORE_BOX)  # type: ignore[attr-defined]
        return found.first() if found else None

    def arrows_hint(self) -> str:
        """The key bar's first words: that there is more, and the key that shows it."""
        try:
            box = self.more_box()
        except Exception:  # not composed yet: nothing to say
            return ""
        return more_words(box) if box is not None else ""

    def mark_more(self) -> None:
        """Keep the words true from now on: after each scroll and each new size of a box or
        of what it holds."""
        for box in self.query(self.MORE_BOX):  # type: ignore[attr-defined]
            for attribute in ("scroll_y", "virtual_size", "size"):
                self.watch(box, attribute, self._more_changed, init=False)  # type: ignore[attr-defined]
        self.call_after_refresh(self.show_more)  # type: ignore[attr-defined]

    def _more_changed(self, _value=None) -> None:
        self.show_more()

    def show_more(self) -> None:
        """Say now whether more is below (on the frame, if the box has one, and the key bar)."""
        if not self.is_mounted:  # type: ignore[attr-defined]
            return
        box = self.more_box()
        if box is None:
            return
        words = more_words(box)
        if box.styles.border_bottom[0] and box.border_subtitle != words:
            box.border_subtitle = words
        for bar in self.query(KeyBar):  # type: ignore[attr-defined]
            bar.show_keys()
