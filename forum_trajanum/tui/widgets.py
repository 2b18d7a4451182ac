"""Small widgets that draw parts of a :class:`PlayerView`. They get data, post messages."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from time import monotonic

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static

from forum_trajanum.data import (
    COL_LETTERS,
    COLOURS,
    CORNERS,
    GRAY_NAMES,
    ROW_TITLES,
    SIDE_B,
    STREET_SYMBOLS,
    TRACKS,
    cell_name,
    street_cells,
)
from forum_trajanum.engine import PlayerView
from forum_trajanum.engine.view import ColoniaView
from forum_trajanum.tui.labels import tile_label

#: Colour letter -> style; the letter itself is always printed too.
COLOUR_STYLE = {
    "B": "bold #5fafff",
    "G": "bold #5fd75f",
    "Y": "bold #ffd75f",
    "R": "bold #ff5f5f",
    "E": "bold #d7af00",
}
GRAY_STYLE = "bold #d0d0d0"
SEAT_STYLE = ("bold #ff87d7", "bold #87ffff", "bold #ffaf5f", "bold #afafff")
CELL_W = 5
GRID_LEFT = 7  # characters before column A


def seat_mark(seat: int) -> str:
    """The symbol of a seat on the Forum (a digit, so no colour is needed)."""
    return str(seat + 1)


def street_labels(side: str, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The street symbols that rows 1-6 and columns A-F carry on this seat's board."""
    if side == "B":
        return SIDE_B[seat + 1]
    return STREET_SYMBOLS[:6], STREET_SYMBOLS[6:]


def _cell_core(colonia: ColoniaView, index: int) -> tuple[str, str]:
    """Three characters and a style for one Colonia cell."""
    text = colonia.cells[index]
    if text == "temple":
        return " ▲ ", "#af87ff"
    if text == "hidden":
        return "???", "#808080"
    if text.startswith("tile:"):
        return f"{text[5:]:^3}", "italic #d7d7af"
    if text.startswith("built:"):
        code = text[6:]
        return f"[{code}]", COLOUR_STYLE.get(code, GRAY_STYLE)
    if text == "crane":
        corner = CORNERS.index(index)
        colour = colonia.cranes[corner] or "?"
        scored = colonia.crane_state[corner] == 2
        return (f"K{colour}" + ("✓" if scored else " ")), COLOUR_STYLE.get(colour, "")
    return " · ", "#606060"


#: Keys of both grid widgets: arrows move the cursor, Enter chooses the cell under it.
CURSOR_BINDINGS = [
    Binding("up", "move(0,-1)", "Up", show=False),
    Binding("down", "move(0,1)", "Down", show=False),
    Binding("left", "move(-1,0)", "Left", show=False),
    Binding("right", "move(1,0)", "Right", show=False),
    Binding("enter", "choose", "Choose cell", show=False),
]


class ColoniaGrid(Widget, can_focus=True):
    """A Colonia: the 6x6 grid with temples, cranes, tiles and buildings, and citizen rows.

    Highlights ``legal`` cells (marked ``*``) and the cells of ``streets``; the cursor is shown
    reversed. Enter or a click posts :class:`ColoniaGrid.CellChosen`.
    """

    BINDINGS = CURSOR_BINDINGS

    cursor: reactive[int] = reactive(14)

    class CellChosen(Message):
        """A cell was chosen (Enter or click)."""

        def __init__(self, cell: str) -> None:
            self.cell = cell
            super().__init__()

    class CursorMoved(Message):
        """The cursor moved to ``cell``."""

        def __init__(self, cell: str) -> None:
            self.cell = cell
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.colonia: ColoniaView | None = None
        self.side = "A"
        self.legal: frozenset[str] = frozenset()
        self.streets: frozenset[int] = frozenset()
        self.title = ""

    def show(
        self,
        colonia: ColoniaView,
        side: str,
        title: str,
        legal: frozenset[str] = frozenset(),
        streets: frozenset[int] = frozenset(),
    ) -> None:
        """Draw ``colonia``; ``legal`` cell names are marked, ``streets`` cell indexes tinted."""
        drawn = (colonia, side, title, legal, streets)
        if drawn == getattr(self, "_drawn", None):
            return  # nothing changed: no repaint
        self._drawn = drawn
        self.colonia, self.side, self.title = colonia, side, title
        self.legal, self.streets = legal, streets
        self.refresh()

    def place_cursor(self, cell: str) -> None:
        """Put the cursor on a cell name without posting a message."""
        from forum_trajanum.data import cell_index

        self.set_reactive(ColoniaGrid.cursor, cell_index(cell))
        self.refresh()

    def watch_cursor(self, old: int, new: int) -> None:
        self.post_message(self.CursorMoved(cell_name(new)))

    def action_move(self, dx: int, dy: int) -> None:
        row, col = divmod(self.cursor, 6)
        self.cursor = ((row + dy) % 6) * 6 + (col + dx) % 6

    def action_choose(self) -> None:
        self.post_message(self.CellChosen(cell_name(self.cursor)))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.colonia is None:
            return
        x, y = offset
        col = (x - GRID_LEFT) // CELL_W
        row = y - 3
        if 0 <= row < 6 and 0 <= col < 6 and x >= GRID_LEFT:
            self.cursor = row * 6 + col
            self.focus()
            self.post_message(self.CellChosen(cell_name(self.cursor)))

    def render(self) -> Text:
        colonia = self.colonia
        out = Text()
        if colonia is None:
            return out
        out.append(self.title + "\n", style="bold")
        rows, cols = street_labels(self.side, colonia.seat)
        out.append(" " * GRID_LEFT)
        for c in range(6):
            out.append(f"{COL_LETTERS[c]:^{CELL_W}}", style="bold")
        out.append("\n" + " " * GRID_LEFT)
        for c in range(6):
            out.append(f"{cols[c]:^{CELL_W}}", style="#87afaf")
        out.append("\n")
        focused = self.has_focus
        for r in range(6):
            out.append(f" {r + 1} {rows[r]:>3} ", style="bold")
            for c in range(6):
                index = r * 6 + c
                core, style = _cell_core(colonia, index)
                name = cell_name(index)
                mark = "*" if name in self.legal else " "
                if index in self.streets:
                    style += " on #263a4a"
                if index == self.cursor and focused:
                    style += " reverse"
                out.append(mark, style="bold #ffff00")
                out.append(core, style=style)
                out.append("]" if index == self.cursor and not focused and self.legal else " ")
            left, right = colonia.citizens[r]
            state = ""
            if left:
                state = "active" if colonia.row_active[r] else "INACTIVE"
            out.append(f"  {ROW_TITLES[r]:<12} ")
            out.append(f"[{left or ' - ':^3}][{right or ' - ':^3}] ", style="#d7afff")
            out.append(state, style="green" if state == "active" else "red")
            out.append("\n")
        return out


def supply_text(colonia: ColoniaView) -> Text:
    """Resources, tracks, ship and reserve of a Colonia (public information)."""
    text = Text()
    text.append("Builders ", style="bold")
    text.append(f"{colonia.builders}  ")
    text.append("Workers ", style="bold")
    for colour, count in zip(COLOURS, colonia.workers, strict=True):
        text.append(f"{colour}{count} ", style=COLOUR_STYLE[colour])
    text.append(" Assistants ", style="bold")
    text.append(f"{colonia.assistants}  ")
    text.append("Coins ", style="bold")
    text.append(f"{colonia.coins}  ")
    text.append("Tribunes ", style="bold")
    text.append(f"{colonia.tribunes}\n")
    bar = "".join("♣" if k in (3, 6, 8) else "-" for k in range(9))
    marker = bar[: colonia.prestige] + "●" + bar[colonia.prestige + 1 :]
    text.append("Prestige ", style="bold")
    text.append(f"{marker} {colonia.prestige}/8" + (" (bar flipped)" if colonia.flipped else ""))
    text.append("   Tracks ", style="bold")
    text.append("  ".join(f"{t}:{colonia.tracks[i]}/4" for i, t in enumerate(TRACKS)))
    text.append("\nShip ", style="bold")
    text.append(f"{colonia.ship} envoys  ")
    text.append("Reserve ", style="bold")
    text.append(", ".join(colonia.reserve) if colonia.reserve else "empty")
    text.append("   Score ", style="bold")
    text.append(f"{colonia.score} VP")
    cranes = " ".join(
        f"{('A1', 'F1', 'A6', 'F6')[i]}={c or '?'}"
        + ("" if colonia.crane_state[i] == 0 else "✓" if colonia.crane_state[i] == 2 else "↑")
        for i, c in enumerate(colonia.cranes)
    )
    text.append("\nCranes ", style="bold")
    text.append(cranes + "  (↑ uncovered, ✓ scored)")
    return text


def private_text(colonia: ColoniaView) -> Text:
    """The viewer's own secrets: hand, kept/received tile, river and still-hidden tiles."""
    text = Text()
    if colonia.taken:
        text.append("In hand: ", style="bold")
        text.append(
            ", ".join(
                f"{cell} {tile_label(kind)}"
                for cell, kind in zip(colonia.taken_cells, colonia.taken, strict=False)
            )
            + "\n"
        )
    for title, kind in (
        ("Kept tile", colonia.kept),
        ("Passed tile", colonia.passed),
        ("Received tile", colonia.received),
        ("River tile", colonia.river),
    ):
        if kind:
            text.append(f"{title}: ", style="bold")
            text.append(tile_label(kind) + "\n")
    if colonia.unseen:
        text.append("Still hidden in your grid: ", style="bold")
        text.append(", ".join(f"{n}x{kind}" for kind, n in colonia.unseen.items()))
    return text


@dataclass(frozen=True)
class ForumLayout:
    """Where the view's Forum cells sit on the screen grid (the view gives each cell's row and
    column; this only looks them up)."""

    height: int
    width: int
    index: dict[tuple[int, int], int]  # (row, col) -> Forum cell

    @staticmethod
    @lru_cache(maxsize=8)
    def of(coords: tuple[tuple[int, int], ...]) -> ForumLayout:
        return ForumLayout(
            height=max(r for r, _ in coords) + 1,
            width=max(c for _, c in coords) + 1,
            index={rc: cell for cell, rc in enumerate(coords)},
        )


class ForumGrid(Widget, can_focus=True):
    """The Forum mosaic with envoys (seat digits) and eagles (E); legal cells marked ``*``."""

    BINDINGS = CURSOR_BINDINGS

    class CellChosen(Message):
        """A Forum cell (0-based row, col) was chosen."""

        def __init__(self, row: int, col: int) -> None:
            self.row, self.col = row, col
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pv: PlayerView | None = None
        self.legal: frozenset[tuple[int, int]] = frozenset()
        self.cursor = (0, 0)

    def show(self, pv: PlayerView, legal: frozenset[tuple[int, int]] = frozenset()) -> None:
        """Draw the Forum of ``pv``; ``legal`` (row, col) cells are marked."""
        resized = self.pv is None or self.pv.forum_coords != pv.forum_coords
        same_mosaic = not resized and self.pv.forum_colours == pv.forum_colours
        if same_mosaic and self.pv.forum == pv.forum and self.legal == legal:
            self.pv = pv
            return  # the same mosaic, envoys and legal cells: no repaint
        self.pv, self.legal = pv, legal
        if legal and self.cursor not in legal:
            self.cursor = min(legal)
        self.refresh(layout=resized)

    def _geo(self) -> ForumLayout:
        return ForumLayout.of(self.pv.forum_coords)

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

    def action_choose(self) -> None:
        self.post_message(self.CellChosen(*self.cursor))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if self.pv is None or offset is None:
            return
        row, col = offset.y - 2, (offset.x - 3) // 4
        if (row, col) in self._geo().index:
            self.cursor = (row, col)
            self.focus()
            self.post_message(self.CellChosen(row, col))

    def render(self) -> Text:
        out = Text()
        pv = self.pv
        if pv is None:
            return out
        geo = self._geo()
        out.append("Forum  ", style="bold")
        out.append("(letter = colour, E = eagle, digit = envoy of that seat, * = legal)\n")
        out.append("   ")
        for c in range(geo.width):
            out.append(f"{c + 1:^4}", style="bold #87afaf")
        out.append("\n")
        for r in range(geo.height):
            out.append(f"{r + 1:>2} ")
            for c in range(geo.width):
                cell = geo.index.get((r, c))
                if cell is None:
                    out.append("    ")
                    continue
                colour = pv.forum_colours[cell]
                owner = pv.forum[cell]
                mark = "*" if (r, c) in self.legal else " "
                style = COLOUR_STYLE.get(colour, "")
                if (r, c) == self.cursor and self.has_focus:
                    style += " reverse"
                out.append(mark, style="bold #ffff00")
                if owner >= 0:
                    out.append(colour.lower() if colour != "E" else "E", style=style)
                    out.append(seat_mark(owner), style=SEAT_STYLE[owner] + " underline")
                else:
                    out.append(colour + "·", style=style)
                out.append(" " if c % 4 != 3 else "|", style="#444444")
            out.append("\n")
        return out


class DecisionList(OptionList):
    """The list of a player's choices. It can be held: for a moment it ignores being chosen.

    A hand-over screen is dismissed with Enter, and so is a choice made. A second Enter that
    follows the first too fast (a double press, a key repeat) must not take the first choice
    of the decision that has just appeared. Terminals report no key releases, so a short
    time is the only sign of "a new, deliberate press"; :meth:`hold` starts it.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._held_until = 0.0

    def hold(self, seconds: float) -> None:
        """Ignore Enter and clicks on an option for ``seconds`` from now."""
        self._held_until = monotonic() + seconds

    @property
    def held(self) -> bool:
        """Whether choosing is ignored now."""
        return monotonic() < self._held_until

    def action_select(self) -> None:  # Enter; a click on an option calls it too
        if not self.held:
            super().action_select()


class KeyBar(Static):
    """The key bindings of the screen, in one line at the bottom (a light-weight footer)."""

    def on_mount(self) -> None:
        keys = Text()
        for binding in self.screen.BINDINGS:
            if isinstance(binding, Binding) and binding.show:
                key = binding.key.split(",")[0]
                key = {"question_mark": "?", "enter": "Enter", "escape": "Esc"}.get(key, key)
                keys.append(f" {key} ", style="bold reverse")
                keys.append(f" {binding.description}  ")
        self.update(keys)


class StatusPanel(Static):
    """Round, cycle, Trajan's Column, street cards, Trajan cards and every player's standing."""

    def show(self, pv: PlayerView, names: list[str], bots: list[str]) -> None:
        """Draw the public status from ``pv``."""
        head = Text()
        head.append(f"Cycle {['I', 'II', 'III'][max(pv.cycle, 1) - 1]}  Round {pv.round}/4  ")
        head.append(f"Trajan's Column {pv.column_value}  ")
        head.append(f"Start player {names[pv.start_player]}\n")
        head.append("Street cards: ", style="bold")
        if pv.street:
            head.append("  ".join(f"{i + 1}: {STREET_SYMBOLS[s]}" for i, s in enumerate(pv.street)))
        else:
            head.append("-")
        played = " | ".join(" ".join(STREET_SYMBOLS[s] for s in cyc) for cyc in pv.played if cyc)
        head.append("   Played: " + (played or "-"))
        head.append("\nTrajan cards: ", style="bold")
        head.append(
            "  ".join(f"{['I', 'II', 'III'][i]}:{card or '-'}" for i, card in enumerate(pv.trajan))
        )
        head.append("  (key t: texts)")
        head.append("\n")
        head.append(
            f"  {'Seat':<19}{'VP':>4}{'Pr':>4} {'L S M':>6}{'Ship':>5}{'Bld':>4}  "
            f"{'Workers':<12}{'Ast':>4}{'$':>3}{'T':>3}\n",
            style="bold",
        )
        for colonia in pv.colonias:
            seat = colonia.seat
            who = f"{seat + 1} {names[seat]}" + (f" ({bots[seat]})" if bots[seat] else "")
            marker = "▶ " if seat == pv.decider else "  "
            prestige = f"{colonia.prestige}" + ("f" if colonia.flipped else "")
            tracks = " ".join(str(t) for t in colonia.tracks)
            head.append(f"{marker}{who[:19]:<19}", style=SEAT_STYLE[seat])
            head.append(
                f"{colonia.score:>4}{prestige:>4} {tracks:>6}{colonia.ship:>5}"
                f"{colonia.builders:>4}  "
            )
            for colour, count in zip(COLOURS, colonia.workers, strict=True):
                head.append(f"{colour}{count} ", style=COLOUR_STYLE[colour])
            head.append(f"{colonia.assistants:>4}{colonia.coins:>3}{colonia.tribunes:>3}\n")
        if head != getattr(self, "_shown_text", None):
            self._shown_text = head
            self.update(head, layout=False)


def street_cells_of(pv: PlayerView, seat: int) -> frozenset[int]:
    """Cell indexes of the current street cards' streets on ``seat``'s Colonia (display only)."""
    cells: set[int] = set()
    for symbol in pv.street:
        cells.update(street_cells(symbol, pv.options.side, seat + 1))
    return frozenset(cells)


GRAY_LIST = ", ".join(f"{code} {name}" for code, name in GRAY_NAMES.items())
