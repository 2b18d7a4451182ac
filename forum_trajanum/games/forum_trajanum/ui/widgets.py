"""The boards as boards: a Colonia grid (the Forum mosaic:
:mod:`forum_trajanum.games.forum_trajanum.ui.forumgrid`),
plus the decision list and key bar.

They get data and post messages; they decide nothing about the rules. Every colour is printed
with its letter (B blue, G green, Y yellow, R red), so colour is never the only sign.
"""

from __future__ import annotations

from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from forum_trajanum.games.forum_trajanum.data import (
    COL_LETTERS,
    CORNERS,
    SIDE_B,
    STREET_SYMBOLS,
    cell_index,
    cell_name,
    street_cells,
)
from forum_trajanum.games.forum_trajanum.engine.cells import CellKind, parse_cell
from forum_trajanum.games.forum_trajanum.engine.view import ColoniaView
from forum_trajanum.games.forum_trajanum.ui.labels import GRAY_SHORT, TILE_SHORT
from forum_trajanum.tui.chart import SEAT_STYLE  # the seats' colours are the app's

#: Colour letter -> style; the letter itself is always printed too.
COLOUR_STYLE = {
    "B": "bold #5fafff",
    "G": "bold #5fd75f",
    "Y": "bold #ffd75f",
    "R": "bold #ff5f5f",
    "E": "bold #d7af00",
}
#: Colour letter -> background of a structure or a Forum space (with a readable foreground).
COLOUR_BG = {
    "B": "bold #ffffff on #1c4f80",
    "G": "bold #ffffff on #2a6a2a",
    "Y": "bold #000000 on #b8a030",
    "R": "bold #ffffff on #8a2a2a",
}
GRAY_STYLE = "bold #000000 on #b0b0b0"
LEGAL_STYLE = "bold #ffff00"
STREET_BG = " on #24384a"
#: The eagle spaces of the Forum.
EAGLE_GLYPH = "✶"
#: The mark of the last move another player made (a bot's building or envoy).
MOVE_GLYPH = "◆"
MOVE_STYLE = "bold #ff5fff"

#: (characters per cell without its mark, lines per cell) of the Colonia sizes: big, small,
#: and tiny (one line a cell: where a short terminal leaves the board few rows, at 80x24; the
#: side panel says the cell under the cursor in words, the legend explains the short forms).
SMALL, BIG, TINY = (5, 2), (8, 3), (5, 1)
#: A tile's one-line short form in a tiny cell.
TILE_TINY = {
    "PAT": "Patr.", "MER": "Merc.", "CRA": "Craf.", "BLD": "1 bld", "AA": "2 ast",
    "CC": "2coin", "CT": "c+trb", "TT": "2trib", "UP": "1upgr", "UC": "up+c",
    **{f"WW{c}": f"2{c} wk" for c in "BGYR"}, **{f"WA{c}": f"{c}+ast" for c in "BGYR"},
}  # fmt: skip
LABEL_W = 6  # " 1 IV " before column A
CITIZEN_W = 12  # the citizen rows beside the grid (and the space before them)


def seat_mark(seat: int) -> str:
    """The symbol of a seat on the Forum (a digit, so no colour is needed)."""
    return str(seat + 1)


def street_labels(side: str, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The street symbols that rows 1-6 and columns A-F carry on this seat's board."""
    if side == "B":
        return SIDE_B[seat + 1]
    return STREET_SYMBOLS[:6], STREET_SYMBOLS[6:]


def cell_size(big: bool, tiny: bool = False) -> tuple[int, int]:
    """(characters, lines) of a cell of the big, small or tiny Colonia."""
    return BIG if big else TINY if tiny else SMALL


def grid_size(big: bool, tiny: bool = False) -> tuple[int, int]:
    """Width and height of a whole Colonia drawing (grid, edges and citizen rows)."""
    w, h = cell_size(big, tiny)
    return LABEL_W + 6 * (w + 1) + CITIZEN_W, 1 + 6 * h


@lru_cache(maxsize=512)
def _rich_style(style: str) -> Style:
    return Style.parse(style) if style else Style()


def _text_runs(text: Text) -> list[tuple[int, int, str]]:
    """(start, end, style) runs of a Text whose spans do not overlap (the citizen rows)."""
    runs, at = [], 0
    for span in sorted(text.spans, key=lambda s: s.start):
        if span.start > at:
            runs.append((at, span.start, str(text.style)))
        runs.append((span.start, span.end, str(span.style)))
        at = span.end
    if at < len(text.plain):
        runs.append((at, len(text.plain), str(text.style)))
    return runs


def _centre(text: str, width: int) -> str:
    return f"{text[:width]:^{width}}"


def cell_lines(
    colonia: ColoniaView, index: int, big: bool, tiny: bool = False
) -> tuple[list[str], str]:
    """The lines (each padded to the cell width) and the style of one Colonia cell."""
    if tiny and not big:
        return _tiny_cell(colonia, index)
    w, h = BIG if big else SMALL
    kind, detail = parse_cell(colonia.cells[index])
    style = ""
    if kind == CellKind.TEMPLE:
        lines, style = (["▲", "temple", ""] if big else ["▲", "templ"]), "bold #af87ff"
    elif kind == CellKind.HIDDEN:
        lines, style = ["░" * w] * h, "#5a5a5a"
    elif kind == CellKind.TILE:
        small, large = TILE_SHORT.get(detail, ((detail, ""), (detail, "", "")))
        lines, style = list(large if big else small), "#e8e0b0 on #3a3424"
    elif kind == CellKind.BUILT:
        code = detail
        if code in GRAY_SHORT:
            lines, style = [GRAY_SHORT[code], ""] + ([""] if big else []), GRAY_STYLE
        else:
            lines = [code, {"B": "fount", "G": "park", "Y": "stabl", "R": "house"}[code]]
            if big:
                lines = [
                    code,
                    {"B": "fountain", "G": "park", "Y": "stable", "R": "house"}[code],
                    "",
                ]
            style = COLOUR_BG[code]
    elif kind == CellKind.CRANE:
        corner = CORNERS.index(index)
        colour = colonia.cranes[corner] or "?"
        state = colonia.crane_state[corner]  # 2: scored
        lines = ["crane", colour + (" ✓" if state == 2 else ""), "scored" if state == 2 else ""]
        lines = lines[:h]
        style = COLOUR_STYLE.get(colour, "bold")
    else:  # a vacated building space
        lines, style = (["·", "", ""] if big else ["·", ""]), "#707070"
    return [_centre(line, w) for line in lines[:h]], style


def _tiny_cell(colonia: ColoniaView, index: int) -> tuple[list[str], str]:
    """A cell of the tiny Colonia: one line of the small one's words (a crane with its colour
    letter, a structure its colour letter on its colour)."""
    (line, second), style = cell_lines(colonia, index, False)
    kind, detail = parse_cell(colonia.cells[index])
    if kind == CellKind.TILE:
        line = TILE_TINY.get(detail, line)
    elif kind == CellKind.CRANE:
        line = "cr " + second.replace(" ", "")
    return [_centre(line.strip(), TINY[0])], style


#: Keys of both grid widgets: arrows move the cursor, Enter chooses the cell under it.
CURSOR_BINDINGS: list[BindingType] = [
    Binding("up", "move(0,-1)", "Up", show=False),
    Binding("down", "move(0,1)", "Down", show=False),
    Binding("left", "move(-1,0)", "Left", show=False),
    Binding("right", "move(1,0)", "Right", show=False),
    Binding("enter", "choose", "Choose cell", show=False),
]

ROW_SHORT = ("Patric. I", "Patric. II", "Merch. I", "Merch. II", "Crafts. I", "Crafts. II")
CITIZEN_LETTER = {"PAT": "P", "MER": "M", "CRA": "C"}


class ColoniaGrid(Widget, can_focus=True):
    """A Colonia: the 6x6 grid with temples, cranes, tiles and buildings, and citizen rows.

    Cells are drawn big (8x3) when the widget has room for it, small (5x2) otherwise; the
    layout (TCSS) gives the room. Legal cells are marked ``▸`` in yellow, the streets of the
    street cards are tinted and their symbols on the edges lit; the cursor is reversed.
    Enter or a click posts :class:`ColoniaGrid.CellChosen`.
    """

    BINDINGS = CURSOR_BINDINGS

    #: No repaint of its own: :meth:`watch_cursor` repaints the lines that change.
    cursor: reactive[int] = reactive(14, repaint=False)

    class CellChosen(Message):
        """A cell was chosen (Enter or click)."""

        def __init__(self, cell: str) -> None:
            self.cell = cell
            super().__init__()

    class CursorMoved(Message):
        """The cursor moved to ``cell`` (``by_player``: by the arrow keys, not a redraw)."""

        def __init__(self, cell: str, by_player: bool = False) -> None:
            self.cell = cell
            self.by_player = by_player
            super().__init__()

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.colonia: ColoniaView | None = None
        self.side = "A"
        self.legal: frozenset[str] = frozenset()
        self.streets: tuple[int, ...] = ()
        self.tint: frozenset[int] = frozenset()
        self.flash: frozenset[str] = frozenset()
        #: The drawn lines of each cell of this Colonia, (index, big) -> cell_lines(...).
        self._cells: dict[tuple[int, tuple[bool, bool]], tuple[list[str], str]] = {}

    def show(
        self,
        colonia: ColoniaView,
        side: str,
        legal: frozenset[str] = frozenset(),
        streets: tuple[int, ...] = (),
        tint: bool = False,
        flash: frozenset[str] = frozenset(),
    ) -> None:
        """Draw ``colonia``; ``legal`` cells are marked, the ``streets`` (street symbols) lit on
        the edges and, with ``tint``, their cells tinted; ``flash`` cells show a last move."""
        cells: frozenset[int] = frozenset()
        if tint:
            cells = frozenset(c for s in streets for c in street_cells(s, side, colonia.seat + 1))
        drawn = (colonia, side, legal, streets, cells, flash)
        if drawn == getattr(self, "_drawn", None):
            return  # nothing changed: no repaint
        self._drawn = drawn
        self.colonia, self.side, self.legal = colonia, side, legal
        self.streets, self.tint, self.flash = streets, cells, flash
        self._cells = {}
        self.repaint_changed()

    @property
    def big(self) -> bool:
        """Whether the big cells fit the room the layout (TCSS) gives this widget."""
        width, height = grid_size(True)
        return self.size.width >= width and self.room() >= height

    @property
    def form(self) -> tuple[bool, bool]:
        """(big, tiny): the cells that fit the room the layout gives this widget -- big, small,
        or tiny (one line each) where fewer rows than the small ones need are left."""
        big = self.big
        return big, not big and 0 < self.room() < grid_size(False)[1]

    def room(self) -> int:
        """The rows this grid draws for: its height, less the rows its screen only lends it
        (``rows_lent``: the compact layout's decision panel gives the board the rows its
        short lists leave; the Colonia keeps its cells' size from one decision to the next
        and the words beside it get the rows)."""
        lent_rows = getattr(self.screen, "rows_lent", None) if self.is_attached else None
        lent = lent_rows() if lent_rows is not None else 0
        if not lent:
            return self.size.height
        # the lent rows went to its panel, which may give the grid fewer (its max-height):
        # the grid's room is what it would have without them
        panel = self.parent
        whole = panel.content_size.height if isinstance(panel, Widget) else self.size.height
        return min(self.size.height, whole - lent)

    def get_content_width(self, container, viewport) -> int:
        return grid_size(False)[0]  # an auto-sized grid is a small one

    def get_content_height(self, container, viewport, width: int) -> int:
        return grid_size(False)[1]

    def place_cursor(self, cell: str) -> None:
        """Put the cursor on a cell name without posting a message."""
        self.set_reactive(ColoniaGrid.cursor, cell_index(cell))
        self.repaint_changed()

    def watch_cursor(self, old: int, new: int) -> None:
        self.repaint_changed()
        by_player, self._moving = self.__dict__.get("_moving", False), False
        self.post_message(self.CursorMoved(cell_name(new), by_player))

    def repaint_changed(self) -> None:
        """Repaint the lines whose drawing differs from the one on screen (a board update or
        a cursor move changes a few of them; every line costs Textual a styled repaint)."""
        painted = self.__dict__.get("_painted")
        if not painted or not self.size:
            self.refresh()  # nothing on screen yet, or no room: all of it
            return
        form = self.form
        width = self.size.width
        for y in range(grid_size(*form)[1]):
            if painted.get((y, form)) != self.line_pieces(y, form):
                self.refresh(Region(0, y, width, 1))

    def action_move(self, dx: int, dy: int) -> None:
        row, col = divmod(self.cursor, 6)
        self._moving = True
        self.cursor = ((row + dy) % 6) * 6 + (col + dx) % 6

    def action_choose(self) -> None:
        self.post_message(self.CellChosen(cell_name(self.cursor)))

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell index under content offset (x, y), or None."""
        w, h = cell_size(*self.form)
        col, row = (x - LABEL_W) // (w + 1), (y - 1) // h
        if x >= LABEL_W and y >= 1 and 0 <= row < 6 and 0 <= col < 6:
            return row * 6 + col
        return None

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.colonia is None or not self.can_focus:
            return
        index = self.cell_at(offset.x, offset.y)
        if index is not None:
            self.cursor = index
            self.focus()
            self.post_message(self.CellChosen(cell_name(index)))

    # Drawing: the line API with a cache of finished lines. A board update or a cursor move
    # changes a few lines only; the others are taken from the cache instead of being laid out
    # again (keeps a whole-board update and a cursor move cheap, see tui.bench).

    def line_pieces(self, y: int, form: tuple[bool, bool]) -> tuple[tuple[str, str], ...]:
        """Line ``y`` of the drawing in ``form`` (big, tiny) as (text, style) pieces."""
        colonia = self.colonia
        if colonia is None:
            return ()
        big, tiny = form
        w, h = cell_size(big, tiny)
        rows, cols = street_labels(self.side, colonia.seat)
        lit = {STREET_SYMBOLS[s] for s in self.streets}
        out: list[tuple[str, str]] = []
        if y == 0:
            out.append((" " * LABEL_W, ""))
            for c in range(6):
                head = f"{COL_LETTERS[c]} {cols[c]}"
                style = "bold reverse #87d7ff" if cols[c] in lit else "bold #87afaf"
                out.append((" ", ""))
                out.append((_centre(head, w), style))
            return tuple(out)
        r, line = divmod(y - 1, h)
        if r >= 6:
            return ()
        if line == 0:
            style = "bold reverse #87d7ff" if rows[r] in lit else "bold #87afaf"
            out.append((f"{r + 1} ", "bold"))
            out.append((f"{rows[r]:<3}", style))
            out.append((" ", ""))
        else:
            out.append((" " * LABEL_W, ""))
        focused = self.has_focus
        for c in range(6):
            index = r * 6 + c
            drawn = self._cells.get((index, form))
            if drawn is None:  # each cell takes 1-3 lines: worked out once per board
                drawn = self._cells[(index, form)] = cell_lines(colonia, index, big, tiny)
            lines, style = drawn
            name = cell_name(index)
            if line == 0 and name in self.legal:
                out.append(("▸", LEGAL_STYLE))
            elif line == 0 and name in self.flash:
                out.append((MOVE_GLYPH, MOVE_STYLE))
            else:
                out.append((" ", ""))
            if index in self.tint and " on " not in style:
                style += STREET_BG
            if name in self.flash:
                style += " underline"
            if index == self.cursor and (focused or self.legal):
                style += " reverse"
            out.append((lines[line], style))
        out.append((" ", ""))
        citizens = self._citizen_line(colonia, r, 1 if tiny else line, big)
        out.extend((citizens.plain[a:b], style) for a, b, style in _text_runs(citizens))
        return tuple(out)

    def render(self) -> Text:
        """The whole drawing as one Text (for tests and tools; the screen uses the lines)."""
        out = Text(no_wrap=True, overflow="crop")
        if self.colonia is None:
            return out
        form = self.form
        height = grid_size(*form)[1]
        for y in range(height):
            for piece, style in self.line_pieces(y, form):
                out.append(piece, style=style)
            out.append("\n")
        out.rstrip()
        return out

    def render_line(self, y: int) -> Strip:
        form = self.form
        pieces = self.line_pieces(y, form)
        # what is on screen now, line by line (repaint_changed compares with it)
        self.__dict__.setdefault("_painted", {})[(y, form)] = pieces
        base = self.visual_style.rich_style
        key = (pieces, base)
        cache = self.__dict__.setdefault("_strips", {})
        strip = cache.get(key)
        if strip is None:
            if len(cache) > 400:  # old boards: start afresh rather than grow
                cache.clear()
            strip = Strip(
                [Segment(text, base + _rich_style(style)) for text, style in pieces if text]
            )
            cache[key] = strip
        return strip

    def _citizen_line(self, colonia: ColoniaView, r: int, line: int, big: bool) -> Text:
        """Line ``line`` of citizen row ``r``: its name, then its citizens and its state."""
        text = Text()
        if line == 0:
            text.append(ROW_SHORT[r], style="bold #d7afff")
        elif line == 1:
            for kind, owner in zip(colonia.citizens[r], colonia.citizen_owners[r], strict=True):
                if kind:
                    text.append(CITIZEN_LETTER.get(kind, "?"), style=SEAT_STYLE[owner % 4])
                else:
                    text.append("·", style="#707070")
            if colonia.citizens[r][0] or colonia.citizens[r][1]:
                active = colonia.row_active[r]
                text.append(" active" if active else " inactive", style="green" if active
                            else "bold red")  # fmt: skip
            else:
                text.append(" empty", style="#707070")
        return text
