"""A text panel that repaints only the lines that changed (the players' strip).

A Static lays out and draws all of its text again whenever one word of it changes, and every
line Textual repaints costs it a styled line (about 0.1 ms, see ``tui.bench``). The players'
strip changes a few of its lines per move (coins, workers, the one who decides): this widget
keeps each line's drawing, repaints the lines that differ, and asks for a layout of the
screen only when its height changes.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget


class TextLines(Widget):
    """Shows a Text, each of its lines wrapped on its own (as a Static wraps them)."""

    DEFAULT_CSS = """
    TextLines {
        height: auto;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.text = Text()
        self._lines: list[Text] = [Text()]
        #: (width, visual style) the drawn lines are for, and each line's strips by its key.
        self._drawn_for: tuple = ()
        self._drawn: dict[tuple, list[Strip]] = {}
        #: The strips of the whole text, one per screen line (for ``_drawn_for``).
        self._strips: list[Strip] | None = None

    @property
    def content(self) -> Text:
        """The text shown (as a Static's ``content``)."""
        return self.text

    def update(self, text: Text) -> None:
        """Show ``text``: repaint the lines that changed, lay out again if its height did."""
        if text == self.text:
            return
        self.text = text
        self._lines = text.split("\n", allow_blank=True) or [Text()]
        old = self._strips
        self._strips = None
        width = self.size.width
        if old is None or width <= 0:
            self.refresh(layout=True)
            return
        new = self._all_strips(width)
        if len(new) != len(old):
            self.refresh(layout=True)
            return
        for y, (a, b) in enumerate(zip(old, new, strict=True)):
            if a is not b:
                self.refresh(Region(0, y, width, 1))

    @staticmethod
    def _key(line: Text) -> tuple:
        return line.plain, tuple(line.spans), str(line.style)

    def _all_strips(self, width: int) -> list[Strip]:
        """Every line's strips at ``width``, from the kept drawings where a line is the same."""
        style = self.visual_style
        if self._drawn_for != (width, style):  # another width or look: draw every line afresh
            self._drawn_for, self._drawn, self._strips = (width, style), {}, None
        if self._strips is not None:
            return self._strips
        drawn, strips = self._drawn, []
        kept: dict[tuple, list[Strip]] = {}
        for line in self._lines:
            key = self._key(line)
            lines = drawn.get(key)
            if lines is None:
                lines = Visual.to_strips(self, visualize(self, line), width, None, style)
            kept[key] = lines
            strips.extend(lines)
        self._drawn, self._strips = kept, strips  # only this text's lines are kept
        return strips

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((line.cell_len for line in self._lines), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._all_strips(width))

    def render_line(self, y: int) -> Strip:
        strips = self._all_strips(self.size.width)
        # the widget pads each line with its background (as it does a Static's lines)
        return strips[y] if y < len(strips) else Strip([])
