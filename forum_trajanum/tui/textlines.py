"""A text panel that repaints only the lines that changed (the players' strip).

A Static lays out and draws all of its text again whenever one word of it changes, and every
line Textual repaints costs it a styled line (about 0.1 ms, see ``tui.bench``). The players'
strip changes a few of its lines per move (coins, workers, the one who decides): this widget
keeps each line's drawing, repaints the lines that differ, and asks for a layout of the
screen only when its height changes. It draws exactly what a Static draws, text selection
included (each line carries the offsets of its place in the whole text).
"""

from __future__ import annotations

import io
import itertools
import re

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.geometry import Region, Size
from textual.selection import Selection
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget


def notes_first(notes: Text, text: Text, width: int, lines: int = 2) -> Text:
    """``notes`` (a message, a hint's line: whole, wrapped at ``width``) and then what of
    ``text`` fits in the rest of ``lines`` lines, its last line cut with "…" where more of it
    did not fit: the compact layout's two lines above the list, whose height never grows."""
    console = Console(width=max(width, 10), file=io.StringIO())
    first = list(notes.wrap(console, max(width, 10))) if notes.plain else []
    rest = list(text.wrap(console, max(width, 10))) if text.plain else []
    room = max(lines - len(first), 0)
    kept = rest[:room]
    if len(rest) > room and kept:
        last = kept[-1]
        last.rstrip()
        last.truncate(max(width, 10) - 1)
        last.append("…")
    shown = [line for line in first + kept]
    for line in shown:
        line.rstrip()
    return Text("\n").join(shown)


def cut_to_lines(text: Text, width: int, lines: int, rest: str) -> Text:
    """``text`` as it shows wrapped at ``width``, in at most ``lines`` lines: whole when it
    fits, else its first lines, the last one ending with "… " and ``rest`` (where the rest
    of it is, e.g. "l: the log"): never cut without a word."""
    width = max(width, 10)
    console = Console(width=width, file=io.StringIO())
    wrapped = list(text.wrap(console, width))
    if len(wrapped) <= lines:
        return text
    kept = wrapped[: max(lines, 1)]
    tail = Text(f"… {rest}", style="bold")
    last = kept[-1]
    last.rstrip()
    last.truncate(max(width - tail.cell_len, 0))
    last.rstrip()
    last.append_text(tail)
    for line in kept:
        line.rstrip()
    return Text("\n").join(kept)


class Hanging:
    """``text`` whose wrapped lines keep their line's indent (a hanging indent): a line
    "  Ann: words" goes on under "Ann", a line "    · words" under "words", never at
    column 1. Its ``plain`` and ``str`` are the text's. ``indent``: the wrapped lines go on
    at least that far in (a list's entry under its words, not under its key). ``items``: a
    list's short items are kept whole on a row (:func:`wrap_items`)."""

    #: Marks that begin an item: its wrapped lines go on under the words after the mark.
    BULLETS = ("· ", "• ", "- ")

    def __init__(self, text: Text, indent: int = 0, items: bool = False) -> None:
        self.text = text
        self.indent = indent
        self.items = items

    @property
    def plain(self) -> str:
        return self.text.plain

    def __str__(self) -> str:
        return self.text.plain

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(options.max_width, 1)
        for line in self.text.split("\n", allow_blank=True):
            body = line.plain.lstrip(" ")
            indent = len(line.plain) - len(body)
            if body.startswith(self.BULLETS):
                indent += 2
            indent = max(indent, self.indent)
            indent = min(indent, width // 2)  # a narrow column: the words keep most of it
            head, rest = line[:indent], line[indent:]
            wrap = wrap_items if self.items else Text.wrap
            for n, part in enumerate(wrap(rest, console, width - indent) or [Text()]):
                part.rstrip()
                shown = (head if n == 0 else Text(" " * indent)) + part
                shown.no_wrap, shown.end = True, "\n"
                yield shown


#: Stands for a space inside a short item while a text is wrapped: one cell, no space.
_GLUE = "\ue000"
#: An item of a list of at most this many words is kept whole on a row.
ITEM_WORDS = 3


def wrap_items(text: Text, console: Console, width: int) -> list[Text]:
    """``text`` wrapped at ``width`` at words, but a short item of a list (at most
    :data:`ITEM_WORDS` words between commas, colons or semicolons: "Seaport B B", "Military
    G G") is never broken: "Military G" never stands above "G"."""
    plain = text.plain
    chars = list(plain)
    bounds = [0, *(m.end() for m in re.finditer("[,:;] ", plain)), len(plain)]
    for start, end in itertools.pairwise(bounds):
        item = plain[start:end].rstrip()
        if 1 < len(item.split()) <= ITEM_WORDS and cell_len(item) <= width:
            for at in range(start + len(item) - len(item.lstrip()), start + len(item)):
                if chars[at] == " ":
                    chars[at] = _GLUE
    glued = "".join(chars)
    if glued == plain:
        return list(text.wrap(console, width))
    whole = text.copy()
    whole.plain = glued  # the same length: every style stays where it was
    lines = list(whole.wrap(console, width))
    for line in lines:
        line.plain = line.plain.replace(_GLUE, " ")
    return lines


def hidden(widget: Widget) -> bool:
    """Whether ``widget`` or a container of it is hidden (``display: none``, a panel of the
    compact layout not shown): it is laid out anyway when it is shown again, so a change of
    its text needs no layout of the screen now."""
    return any(not node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


def line_strips(widget: Widget, line: Text, row: int, width: int) -> list[Strip]:
    """Line ``row`` of a text, drawn on its own at ``width`` in ``widget``'s style, with the
    selection offsets a Static gives it (column in the line, row in the whole text)."""
    strips = Visual.to_strips(widget, visualize(widget, line), width, None, widget.visual_style)
    return [at_row(strip, row) for strip in strips] if row else strips


def at_row(strip: Strip, row: int) -> Strip:
    """``strip`` (part of a line drawn on its own, so with row 0) with the offsets of ``row``."""
    for segment in strip:
        offset = segment.style.meta.get("offset") if segment.style is not None else None
        if offset is not None:
            return strip.apply_offsets(offset[0], row)
    return strip


#: Lines of the texts shown before that a :class:`TextLines` keeps drawn.
KEPT_LINES = 64


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
        #: (width, visual style) the drawn lines are for, and the strips of each line by
        #: (its text, its row).
        self._drawn_for: tuple = ()
        self._drawn: dict[tuple, list[Strip]] = {}
        #: The last lines of the texts shown before (:data:`KEPT_LINES`), oldest first.
        self._drawn_before: dict[tuple, list[Strip]] = {}
        #: The strips of the whole text, one per screen line (for ``_drawn_for``).
        self._strips: list[Strip] | None = None

    @property
    def content(self) -> Text:
        """The text shown (as a Static's ``content``)."""
        return self.text

    def render(self) -> Text:
        """The whole text (what a text selection is taken from)."""
        return self.text

    def update(self, text: Text) -> None:
        """Show ``text``: repaint the lines that changed, lay out again if its height did."""
        if text == self.text and str(text.style) == str(self.text.style):
            return
        self.text = text
        self._lines = list(text.split("\n", allow_blank=True)) or [Text()]
        old = self._strips
        self._strips = None
        width = self.size.width
        if hidden(self):  # laid out when it is shown
            self.refresh()
            return
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

    def _all_strips(self, width: int) -> list[Strip]:
        """Every line's strips at ``width``, from the kept drawings where a line is the same."""
        if self._drawn_for != (width, self.visual_style):  # another width or look: afresh
            self._drawn_for, self._drawn, self._strips = (width, self.visual_style), {}, None
            self._drawn_before = {}
        if self._strips is not None:
            return self._strips
        if self.text_selection is not None:  # drawn whole, with the selection, as a Static
            visual = visualize(self, self.text)
            self._strips = Visual.to_strips(self, visual, width, None, self.visual_style)
            return self._strips
        drawn, before, strips = self._drawn, self._drawn_before, []
        kept: dict[tuple, list[Strip]] = {}
        for row, line in enumerate(self._lines):
            key = (line.plain, tuple(line.spans), str(line.style), row)
            lines = drawn.get(key) or before.get(key)
            if lines is None:
                lines = line_strips(self, line, row, width)
            kept[key] = lines
            strips.extend(lines)
        # this text's lines are kept, and the last ones of the texts before it (an undo
        # brings them back; a count goes back to a value it had)
        for key, lines in drawn.items():
            if key not in kept:
                before.pop(key, None)
                before[key] = lines
        for key in kept:
            before.pop(key, None)
        while len(before) > KEPT_LINES:
            del before[next(iter(before))]  # the oldest first
        self._drawn, self._strips = kept, strips
        return strips

    def selection_updated(self, selection: Selection | None) -> None:
        self._strips = None  # drawn again, with or without the selection
        super().selection_updated(selection)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((line.cell_len for line in self._lines), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._all_strips(width))

    def render_line(self, y: int) -> Strip:
        strips = self._all_strips(self.size.width)
        # the widget pads each line with its background (as it does a Static's lines)
        return strips[y] if y < len(strips) else Strip([])
