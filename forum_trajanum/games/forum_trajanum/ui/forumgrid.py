"""The Forum mosaic as a board: coloured spaces with their letter, eagles, envoys as seat
digits, where one colour area ends and the next begins, the mosaic boards' edges, and, while an
envoy is placed, the area the colour-area rule sends it to.

Which cells form an area, and which area the rule forces, come from the engine
(``geometry``, ``area_rule``); this module only draws them. Every cell is 3 characters: a
mark (``▸`` a choice now, ``◆`` the last move), the space's letter, the envoy's seat digit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from forum_trajanum.games.forum_trajanum.data import BOARD_SIZE
from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.games.forum_trajanum.engine.forum import geometry
from forum_trajanum.games.forum_trajanum.ui.widgets import (
    COLOUR_BG,
    CURSOR_BINDINGS,
    EAGLE_GLYPH,
    MOVE_GLYPH,
    SEAT_STYLE,
    seat_mark,
)

#: An eagle space's background.
EAGLE_BG = "bold #ffd75f on #3a3020"
#: The same, lit: the area the colour-area rule sends the envoy to.
RULE_BG = {
    "B": "bold #ffffff on #3f8fdf",
    "G": "bold #ffffff on #4fb04f",
    "Y": "bold #000000 on #f0d860",
    "R": "bold #ffffff on #d04a4a",
}
#: The first character of a space whose left neighbour is another area: a narrow dark gap,
#: so that each colour area reads as one block; at a mosaic board's left edge a line.
GAP_STYLE = "#303840 on #101418"
BOARD_EDGE = "▏"
BOARD_EDGE_STYLE = "bold #b0b0b0 on #101418"
HEAD_STYLE = "bold #87afaf"


@dataclass(frozen=True)
class ForumLayout:
    """Where the view's Forum cells sit on the screen grid, which area each belongs to and
    which cells begin a mosaic board (all from the engine's geometry; looked up here)."""

    height: int
    width: int
    index: dict[tuple[int, int], int]  # (row, col) -> Forum cell
    area: tuple[int, ...]  # area id per cell (-1: an eagle)
    board: tuple[int, ...]  # board position per cell

    @staticmethod
    @lru_cache(maxsize=8)
    def of(faces: tuple[str, ...], layout: tuple[tuple[int, int], ...]) -> ForumLayout:
        geo = geometry(faces, layout)
        return ForumLayout(
            height=geo.height,
            width=geo.width,
            index=dict(geo.index),
            area=geo.area_of,
            board=geo.board_of,
        )

    def new_area(self, r: int, c: int) -> bool:
        """Whether the space at (r, c) begins another area than its left neighbour's (an
        eagle is an area of its own)."""
        here, left = self.index.get((r, c)), self.index.get((r, c - 1))
        if here is None or left is None:
            return False
        return self.area[here] < 0 or self.area[here] != self.area[left]

    def board_edge(self, r: int, c: int) -> bool:
        """Whether (r, c) is the first column of a mosaic board with another board left of
        it."""
        here, left = self.index.get((r, c)), self.index.get((r, c - 1))
        return here is not None and left is not None and c % BOARD_SIZE == 0

    def board_bottom(self, r: int, c: int) -> bool:
        """Whether (r, c) lies on a board's last row with another board below it."""
        here, below = self.index.get((r, c)), self.index.get((r + 1, c))
        return here is not None and below is not None and r % BOARD_SIZE == BOARD_SIZE - 1


class ForumGrid(Widget, can_focus=True):
    """The Forum mosaic: coloured spaces with their letter, eagles ``✶``, envoys as seat
    digits, a gap where one colour area ends, a line at a board's edge (underlined at its
    bottom), and the area the colour-area rule forces lit.

    Legal spaces are marked ``▸`` while an envoy is being placed; Enter or a click chooses."""

    BINDINGS = CURSOR_BINDINGS
    CELL = 3

    class CellChosen(Message):
        """A Forum cell (0-based row, col) was chosen."""

        def __init__(self, row: int, col: int) -> None:
            self.row, self.col = row, col
            super().__init__()

    class CursorMoved(Message):
        """The player moved the cursor to the Forum cell (0-based row, col)."""

        def __init__(self, row: int, col: int) -> None:
            self.row, self.col = row, col
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pv: PlayerView | None = None
        self.legal: frozenset[tuple[int, int]] = frozenset()
        self.flash: frozenset[tuple[int, int]] = frozenset()
        self.rule: frozenset[tuple[int, int]] = frozenset()
        self.cursor = (0, 0)

    def show(
        self,
        pv: PlayerView,
        legal: frozenset[tuple[int, int]] = frozenset(),
        flash: frozenset[tuple[int, int]] = frozenset(),
        rule: frozenset[tuple[int, int]] = frozenset(),
    ) -> None:
        """Draw the Forum of ``pv``; ``legal`` (row, col) cells are marked, ``flash`` cells
        show the last envoy placed, ``rule`` cells (the areas the colour-area rule sends the
        envoy to) are lit."""
        old = self.pv
        resized = old is None or old.forum_coords != pv.forum_coords
        if (
            old is not None
            and not resized
            and old.forum_colours == pv.forum_colours  # the same mosaic
            and old.forum == pv.forum
            and (self.legal, self.flash, self.rule) == (legal, flash, rule)
        ):
            self.pv = pv
            return  # the same mosaic, envoys and marks: no repaint
        self.pv, self.legal, self.flash, self.rule = pv, legal, flash, rule
        if legal and self.cursor not in legal:
            self.cursor = min(legal)
        self.refresh(layout=resized)

    def _geo(self) -> ForumLayout:
        pv = self.shown_view()
        return ForumLayout.of(pv.forum_faces, pv.forum_layout)

    def shown_view(self) -> PlayerView:
        """The view whose Forum is drawn (the screen gives one before the grid is drawn)."""
        if self.pv is None:
            raise LookupError("the Forum grid has no view to draw yet")
        return self.pv

    def get_content_width(self, container, viewport) -> int:
        return 3 + self._geo().width * self.CELL if self.pv else 40

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 + self._geo().height if self.pv else 5

    def action_move(self, dx: int, dy: int) -> None:
        if self.pv is None:
            return
        geo = self._geo()
        row, col = self.cursor
        for _ in range(max(geo.height, geo.width)):
            row, col = (row + dy) % geo.height, (col + dx) % geo.width
            if (row, col) in geo.index:
                break
        self.cursor = (row, col)
        self.refresh()
        self.post_message(self.CursorMoved(row, col))

    def place_cursor(self, cell: tuple[int, int]) -> None:
        """Put the cursor on ``cell`` (0-based row, col) without posting a message (the list's
        highlight moved to the choice there)."""
        if cell != self.cursor:
            self.cursor = cell
            self.refresh()

    def action_choose(self) -> None:
        self.post_message(self.CellChosen(*self.cursor))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if self.pv is None or offset is None:
            return
        row, col = offset.y - 1, (offset.x - 3) // self.CELL
        if offset.x >= 3 and (row, col) in self._geo().index:
            self.cursor = (row, col)
            self.focus()
            self.post_message(self.CellChosen(row, col))

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        pv = self.pv
        if pv is None:
            return out
        geo = self._geo()
        out.append("   ")
        for c in range(geo.width):
            edge = any(geo.board_edge(r, c) for r in range(geo.height))
            head = f"{c + 1:^{self.CELL}}"
            out.append(BOARD_EDGE if edge else head[0], style=HEAD_STYLE)
            out.append(head[1:], style=HEAD_STYLE)
        out.append("\n")
        for r in range(geo.height):
            out.append(f"{r + 1:>2} ", style=HEAD_STYLE)
            for c in range(geo.width):
                self._cell(out, geo, r, c)
            out.append("\n")
        out.rstrip()
        return out

    def _cell(self, out: Text, geo: ForumLayout, r: int, c: int) -> None:
        """Append the 3 characters of the space at (r, c) (blanks where there is none)."""
        pv = self.shown_view()
        cell = geo.index.get((r, c))
        if cell is None:
            out.append(" " * self.CELL)
            return
        colour = pv.forum_colours[cell]
        owner = pv.forum[cell]
        lit = (r, c) in self.rule
        style = (RULE_BG if lit else COLOUR_BG).get(colour, EAGLE_BG)
        if (r, c) == self.cursor and (self.has_focus or self.legal):
            style += " reverse"
        if geo.board_bottom(r, c):
            style += " underline"
        if (r, c) in self.legal:
            out.append("▸", style=f"{style} #ffff00")
        elif (r, c) in self.flash:
            out.append(MOVE_GLYPH, style=f"{style} #ff5fff")
        elif geo.board_edge(r, c):
            out.append(BOARD_EDGE, style=BOARD_EDGE_STYLE)
        elif geo.new_area(r, c):
            out.append(" ", style=GAP_STYLE)
        else:
            out.append(" ", style=style)
        out.append(EAGLE_GLYPH if colour == "E" else colour, style=style)
        if owner >= 0:
            out.append(seat_mark(owner), style=SEAT_STYLE[owner % 4] + " on #000000")
        else:
            out.append(" ", style=style)
