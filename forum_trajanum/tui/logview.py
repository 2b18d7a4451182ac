"""The play screen's log panel: a line-API widget that keeps its size and draws only what is
in view.

The log was a Static in a scrolling container: every new line changed the Static's height,
which asked for a layout of the whole screen, and every repaint wrapped the whole log again
(see ``python -m forum_trajanum.tui.bench``). Here each log line is wrapped once (for the
widget's width) and kept; a new line adds its wrapped lines, an undo drops lines, and the
widget's own size, set by the stylesheet, never depends on the log's length.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.selection import Selection
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from forum_trajanum.tui.compat import scroll_update
from forum_trajanum.tui.textlines import at_row

#: The panel shows the log's last lines (the l key, in the larger layouts, the whole log).
LOG_LINES = 200
#: Log lines that start with this are cycle and round marks: they stand out.
MARK = "──"
MARK_STYLE = "bold #87afaf"
#: The other lines (the text's colour, not the widget's: its scroll bar keeps the usual one).
LINE_STYLE = "#b0b0b0"


def set_virtual_size(widget: Widget, size: Size) -> None:
    """Set a scrollable widget's virtual (scrollable) size without a layout of the screen.

    ``widget.virtual_size = size`` asks for a layout of the whole screen, needed only when the
    widget's own size depends on its content. A widget whose size the stylesheet fixes needs a
    repaint and its scroll bars brought up to date; a scroll bar that appears or goes still
    asks for a layout itself (``show_vertical_scrollbar`` does)."""
    if widget.virtual_size == size:
        return
    widget.set_reactive(Widget.virtual_size, size)
    scroll_update(widget, size)
    widget.refresh()


class LogView(ScrollView, can_focus=True):
    """The game log, newest line last, always scrolled to its end when lines change."""

    DEFAULT_CSS = """
    LogView {
        overflow-x: hidden;
        overflow-y: auto;
    }
    """

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, plain: bool = False
    ) -> None:
        super().__init__(id=id, classes=classes)
        #: Every line in the widget's own style (Trajan's log: no marks of cycles and rounds).
        self.plain = plain
        self.lines: list[str] = []
        #: The wrapped strips of every line, for the width in ``_wrap_width``.
        self._wrapped: dict[str, list[Strip]] = {}
        self._wrap_width = 0
        self._style: object = None
        #: The strips of all lines, one per screen line, and the line each belongs to.
        self._strips: list[Strip] = []
        self._rows: list[int] = []
        #: The strips drawn whole, with a text selection (as a Static draws them).
        self._selected: list[Strip] | None = None

    def show(self, log: list[str]) -> None:
        """Show the log's last lines (oldest first) and scroll to the newest."""
        lines = log[-LOG_LINES:]
        if lines == self.lines:
            return
        old = self.lines
        self.lines = list(lines)
        if len(self._wrapped) > 2 * LOG_LINES:  # lines no longer shown: forget them
            self._wrapped = {line: self._wrapped[line] for line in old if line in self._wrapped}
        width = self.scrollable_content_region.width
        if width <= 0 or width != self._wrap_width:
            self._rewrap()  # not laid out yet, or a new width: wrap everything (once)
        elif old and self.lines[: len(old)] == old:  # lines added: wrap only those
            for row, line in enumerate(self.lines[len(old) :], len(old)):
                strips = self._strips_of(line)
                self._strips.extend(strips)
                self._rows.extend([row] * len(strips))
            self._update_size()
        else:  # lines taken back (an undo) or dropped at the start: the cache has the rest
            self._strips = self._all_strips()
            self._update_size()

    def _strips_of(self, line: str) -> list[Strip]:
        strips = self._wrapped.get(line)
        if strips is None:
            visual = visualize(self, self._text(line))
            strips = Visual.to_strips(self, visual, self._wrap_width, None, self.visual_style)
            self._wrapped[line] = strips
        return strips

    def _all_strips(self) -> list[Strip]:
        """The strips of every line (and ``_rows`` for them)."""
        self._selected = None
        if not self.lines:  # one empty line, drawn as an empty Static in the log's colour
            style = self.visual_style.rich_style + RichStyle.parse(LINE_STYLE)
            self._rows = [0]
            return [Strip([Segment("", style)])]
        strips, rows = [], []
        for row, line in enumerate(self.lines):
            drawn = self._strips_of(line)
            strips.extend(drawn)
            rows.extend([row] * len(drawn))
        self._rows = rows
        return strips

    def _text(self, line: str) -> Text:
        if self.plain:
            return Text(line)
        return Text(line, style=MARK_STYLE if line.startswith(MARK) else LINE_STYLE)

    def render(self) -> Text:
        """The whole log shown (what a text selection is taken from)."""
        return Text("\n").join(self._text(line) for line in self.lines)

    def selection_updated(self, selection: Selection | None) -> None:
        self._selected = None  # drawn again, with or without the selection
        super().selection_updated(selection)

    def _rewrap(self) -> None:
        """Wrap every line for the width there is now (a scroll bar that appears or goes
        changes that width: then once more)."""
        for _ in range(2):
            width = self.scrollable_content_region.width
            self._wrapped.clear()
            self._wrap_width = width
            self._style = self.visual_style
            if width <= 0:
                self._strips, self._rows = [], []
                return
            self._strips = self._all_strips()
            self._update_size()
            if self.scrollable_content_region.width == width:
                return

    def _update_size(self) -> None:
        set_virtual_size(self, Size(self._wrap_width, len(self._strips)))
        self.scroll_to(y=self.max_scroll_y, animate=False)
        self.refresh()

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._wrap_width:
            self._rewrap()
            self.scroll_to(y=self.max_scroll_y, animate=False)

    def render_line(self, y: int) -> Strip:
        if self._style != self.visual_style:  # restyled: the same lines, drawn afresh
            self._style = self.visual_style
            self._wrapped.clear()
            self._strips = self._all_strips()
        index = self.scroll_offset.y + y
        strips = self._strips
        if self.text_selection is not None and self.lines:  # drawn whole, as a Static
            if self._selected is None:
                visual = visualize(self, self.render())
                style = self.visual_style
                self._selected = Visual.to_strips(self, visual, self._wrap_width, None, style)
            strips = self._selected
        if not 0 <= index < len(strips):
            return Strip([])  # the widget pads each line with its background (as a Static's)
        # each line drawn on its own has row 0: the offsets of its row in the whole log
        return (
            strips[index] if strips is self._selected else at_row(strips[index], self._rows[index])
        )
