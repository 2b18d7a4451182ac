"""How every game's panels reach the screen cheaply (the one render cache of the shell): a
widget's content is put in only when what it shows changed (:func:`show_changed`), and the
screen is laid out again only when the widget's height changes; a border title is set only
when it changed (:func:`set_title`); drawings are made for the width they get
(:class:`Drawn`), and boxes keep their heights (:class:`PanelText`). A move
changes a few of a screen's boxes, mostly within the lines they had, and a layout of the whole
screen is a good part of a move's time."""

from __future__ import annotations

import io

from rich.console import Console, Group
from rich.padding import Padding
from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from forum_trajanum.tui.compat import set_border_title
from forum_trajanum.tui.textlines import hidden

KEY_CONSOLE = Console(width=80, file=io.StringIO(), color_system="truecolor", force_terminal=True)


def _drawn_key(content, width: int) -> tuple:
    """What ``content`` shows at ``width``: its lines of text with their styles (equal for
    two renderables that look the same)."""
    options = KEY_CONSOLE.options.update(width=max(width, 1))
    lines = KEY_CONSOLE.render_lines(content, options, pad=False)
    return tuple(tuple((seg.text, seg.style) for seg in line) for line in lines)


def _content_key(content, width: int):
    """A cheap stand-in for what ``content`` shows at ``width``: texts by their words and
    styles, groups and paddings by their parts, drawings by what they draw at that width;
    anything else (a table) by its rendered lines."""
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return (content.plain, tuple(content.spans), str(content.style))
    if isinstance(content, Group):
        return tuple(_content_key(part, width) for part in content.renderables)
    if isinstance(content, Drawn):
        return ("drawn", _content_key(content.draw(width), width))
    if isinstance(content, Padding):  # Trajan's plans in a circle: not drawn to be compared
        pads = (content.top, content.right, content.bottom, content.left)
        return ("padding", pads, str(content.style), content.expand,
                _content_key(content.renderable, width))  # fmt: skip
    return _drawn_key(content, width)


def show_changed(widget: Static, content, what: str = "", layout: bool = True) -> None:
    """Put ``content`` in ``widget`` only when what it shows changed (``what``: which of its
    panels it shows, where a widget shows several), and lay the screen out again only when
    the widget's height changes (never with ``layout`` False: a line of fixed height; nor
    while the widget or a container of it is hidden: it is laid out when shown)."""
    width = widget.size.width or widget.app.size.width
    key = (what, width, _content_key(content, width))
    old = getattr(widget, "_shown_key", None)
    if old == key:
        return
    if isinstance(widget, PanelText) and (old is None or old[:2] != key[:2]):
        widget.forget_height()  # another panel, or another width: its own height
    widget._shown_key = key  # type: ignore[attr-defined]  # the widget's mark of what it shows
    # a str is plain text (it may hold a player's name), never markup
    widget.update(Text(content) if isinstance(content, str) else content, layout=False)
    if layout and not hidden(widget) and _height_changes(widget):
        widget.refresh(layout=True)


def set_title(widget, title) -> None:
    """Set a border title only when it changed; a str is plain text (it may hold a player's
    name), never markup. Once the widget is laid out, only the line the title is drawn on is
    repainted (none when the layout gives the widget no top border): Textual's setter
    repaints the whole widget, every line of a box and of what it holds (Trajan's choices'
    panel from 120 columns, whose frame is not drawn: its title changes with the time
    track)."""
    if getattr(widget, "_shown_title", None) == title:
        return
    widget._shown_title = title
    value = Content(title) if isinstance(title, str) else title
    if not widget.size:  # not laid out yet: it is painted whole anyway
        widget.border_title = value
        return
    set_border_title(widget, value)


def _height_changes(widget: Static) -> bool:
    """Whether ``widget``'s new content needs another height than the one it has (measured
    as Textual's layout measures it, floored by its minimum height); a widget not laid out
    yet, or hidden, counts as changing."""
    width = widget.content_size.width
    if not width or not widget.display:
        return True
    needed = widget.get_content_height(widget.size, widget.app.size, width)
    least = widget.styles.min_height
    floor = int(least.resolve(widget.size, widget.app.size)) if least is not None else 0
    return max(needed, floor) != widget.content_size.height


class PanelText(Static):
    """A panel's words at the foot of a box of fixed height, kept as tall as the tallest they
    have been for the panel and width they show: a line more or less at a move (a wrapped
    line unwrapped) laid the screen out twice; a blank line at the foot of a box that keeps
    its height anyway is not seen. (Boxes as tall as their words take plain texts: a kept
    height would show there as blank lines.)"""

    _tallest = 0

    def forget_height(self) -> None:
        if self._tallest:
            self._tallest = 0
            self.styles.min_height = None

    def on_resize(self, event) -> None:
        if event.size.height > self._tallest:
            self._tallest = event.size.height
            self.styles.min_height = self._tallest


class Drawn:
    """A drawing made for the width it gets (the province map, the construction district):
    it fits any panel, from an 80-column screen's to a third of a wide one."""

    def __init__(self, draw) -> None:
        self._draw = draw
        self._drawn: dict[int, Text] = {}

    def draw(self, width: int) -> Text:
        """The drawing at ``width``, drawn once (the update keys it, measures it and shows
        it at the same width)."""
        if width not in self._drawn:
            self._drawn[width] = self._draw(width)
        return self._drawn[width]

    def __rich_console__(self, console, options):
        yield self.draw(options.max_width)
