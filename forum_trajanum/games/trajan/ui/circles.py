"""The action circles: one's own (its table of trays, markers and the Trajan tile beside each,
with the hand, display and tiles below: the circle panel) and the other players' (issue 28):
each one's trays and markers, the Trajan tile beside each tray, the arch, the [+2] markers
and the extra action tiles, with the plannable lines of the trays they could take (where the
last marker lands, the tile it can complete, how far the time marker moves), and of their
hand the count alone.

Everything comes from the viewing seat's view (another player's circle is public; the cards
in their hand are not); the lines are the engine's
(:func:`~forum_trajanum.games.trajan.engine.foresight.tray_plans`) in the same words as one's
own choice of a source tray (:func:`~forum_trajanum.games.trajan.engine.words.tray_plan_words`).
The others' are shown by ``o`` on any Trajan play screen and below the players panel."""

from __future__ import annotations

from collections import Counter
from functools import partial

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.foresight import tray_plans
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.engine.words import (
    cards,
    forum_tile,
    markers,
    plural,
    trajan_tile,
    tray_plan_words,
)
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.render import KEY_CONSOLE, Drawn
from forum_trajanum.tui.screenbase import OwnModalScreen

#: The action circle's columns: (header, right-justified, style); the last one wraps.
CIRCLE_COLUMNS = (("", True, ""), ("tray", False, "bold"), ("markers", False, ""),
                  ("Trajan tile", False, ""))  # fmt: skip


#: After the arch on the circle at 80 columns, what it means (no header row there, and the
#: coach's strip has no room for it: QA, "◆ arch" unexplained on the first screen). The
#: setup's starting tiles go on slots II, IV and VI instead: "the next tile" misled.
ARCH_SAID = ": the Trajan action puts its tile here"


def circle_rows(pl, plus2: bool = False) -> list[tuple[str, str, str, Text]]:
    """The action circle's rows, clockwise: slot, tray, markers, the Trajan tile beside it;
    with ``plus2`` (the circle at 80 columns) a tray's action with a [+2] marker on it says
    so ("Seaport [+2]") and the arch what it means."""
    rows = []
    for t in range(6):
        tile = pl.slots[t]
        beside = Text(trajan_tile(tile) if tile >= 0 else "—")
        if pl.arch == t:
            beside.append("  ◆ arch", style="bold #ffd75f")
            if plus2:
                beside.append(ARCH_SAID, style="#ffd75f")
        action = D.ACTIONS[t] + (" [+2]" if plus2 and pl.plus2[t] else "")
        # two spaces after the markers: "B Y" and a tile's "O+Y" must not run together
        rows.append((D.SLOT_NAMES[t], action, markers(pl.trays[t]) + " ", beside))
    return rows


def _cell(words: str, width: int, right: bool) -> str:
    return words.rjust(width) if right else words.ljust(width)


def circle_table(rows, width: int, header: bool = True) -> Text:
    """The action circle laid out in text for ``width`` columns, as Rich's table drew it (a
    dim header row -- left out without ``header`` --, a space after each column, the first
    three columns as wide as their widest cell, the Trajan tile's words wrapped in the rest)
    at a fraction of the cost: a wide screen redraws the circle at each move."""
    fixed = CIRCLE_COLUMNS[:3]
    widths = [max(len(head), *(len(r[c]) for r in rows)) for c, (head, _, _) in enumerate(fixed)]
    indent = sum(widths) + len(widths)
    last_head = CIRCLE_COLUMNS[3][0]
    last = min(max(len(last_head), *(r[3].cell_len for r in rows)), max(width - indent, 1))
    out = Text()
    # a narrow last column wraps its header; the other headers stand on its last line
    columns = list(zip(fixed, widths, strict=True))
    heads = "".join(_cell(h, w, right) + " " for (h, right, _), w in columns)
    tops = Text(last_head).wrap(KEY_CONSOLE, last, overflow="fold")
    for i, top in enumerate(tops if header else ()):
        line = heads if i == len(tops) - 1 else " " * indent
        out.append(("\n" if i else "") + line + top.plain.ljust(last), style="dim")
    for row in rows:
        beside = row[3]
        if beside.cell_len > last and beside.plain.endswith(ARCH_SAID):
            # the arch's words only where they fit: a row that wrapped pushed VI
            # Construction out of the 80x24 panel (issue 36.11); "◆ arch" stays
            beside = beside[: len(beside.plain) - len(ARCH_SAID)]
        for i, part in enumerate(beside.wrap(KEY_CONSOLE, last, overflow="fold")):
            if out.plain:
                out.append("\n")
            for c, ((_, right, style), w) in enumerate(columns):
                out.append(_cell("" if i else row[c], w, right) + " ", style=style or None)
            part.pad_right(last - part.cell_len)
            out.append_text(part)
    return out


def circle_title(v: GameState, seat: int, names: list[str]) -> str:
    return f"{names[seat]}'s action circle (clockwise)"


def circle_panel(v: GameState, seat: int, names: list[str], heading: bool = True):
    """A seat's action circle as a table (tray, markers, the Trajan tile beside it) and its
    hand (as much of it as the view holds), display, tiles and tokens below; its heading
    and the table's header first. Without ``heading`` (80x24: the panel's frame names it)
    neither, the [+2] markers beside their trays' actions, and the hand, the display and the
    tiles share a line: six trays and those in 7 rows (the supply and camps below)."""
    pl = v.players[seat]
    title = Text(circle_title(v, seat, names), style="bold")
    table = Drawn(partial(circle_table, circle_rows(pl, plus2=not heading), header=heading))
    hand = Counter(c for c in pl.hand if c >= 0)
    unknown = sum(1 for c in pl.hand if c < 0)
    tiles = Counter(forum_tile(t) for t in pl.tiles)
    kept = ", ".join(D.DEMANDS[D.TRAJAN_TILES[t].amount] for t in pl.kept)
    parts = [
        ("Hand: ", (cards(hand) or "no cards") + (f" + {unknown} unseen" if unknown else "")),
        ("Display: ", cards(Counter(pl.display)) or "none"),
        (
            "Tiles: ",
            (", ".join(f"{n}× {w}" if n > 1 else w for w, n in sorted(tiles.items())) or "none")
            + (f"; Trajan demand tiles: {kept}" if kept else ""),
        ),
    ]
    centre = pl.arch == D.ARCH_CENTRE
    if not heading:  # one line, cut with "…" where it is longer, and then whole below
        out = Text("The arch is in the centre: every slot is full.\n" if centre else "")
        out.append(
            f"supply {pl.supply}, worker camp {pl.workers}, military camp {pl.legions}, "
            f"senate {D.SENATE_VP[pl.senate]}"
        )
        return Group(table, Drawn(partial(cards_line, parts)), out)
    out = Text()
    for i, (label, words) in enumerate(parts):
        out.append(label, style="bold")
        out.append(words + "\n")
        if i == 1 and centre:
            out.append("The arch is in the centre: every slot is full.\n")
    plus = ", ".join(D.ACTIONS[a] for a in range(6) if pl.plus2[a])
    out.append(f"[+2] on: {plus or 'none'} · ")
    out.append(
        f"supply {pl.supply}, worker camp {pl.workers}, military camp {pl.legions}, "
        f"senate {D.SENATE_VP[pl.senate]}"
    )
    return Group(title, table, out)


def cards_line(parts: list[tuple[str, str]], width: int) -> Text:
    """The hand, the display and the tiles on one line of ``width`` (80x24: the circle's
    seventh row); where they are longer, each whole on its own line (issue 36.11: a line
    cut with "…" and then each whole below showed the hand and the display twice)."""
    line = Text(" · ").join(Text.assemble((label, "bold"), words) for label, words in parts)
    if line.cell_len <= width:
        return line
    return Text("\n").join(Text.assemble((label, "bold"), words) for label, words in parts)


def other_seats(v: GameState, home: int) -> list[int]:
    """The seats whose circles are the others' for the one watching at ``home`` (every seat
    for an onlooker)."""
    return [p for p in range(len(v.players)) if p != home]


def plan_lines(v: GameState, seat: int) -> list[str]:
    """What ``seat`` could do with each tray it may take the markers of, in the words of
    one's own choice of a source tray."""
    return [tray_plan_words(v, seat, tray, plan) for tray, plan in tray_plans(v, seat)]


def circle_facts(v: GameState, seat: int) -> Text:
    """Below a circle: the arch, the [+2] markers, the extra action and forum tiles, the
    display and of the hand its count alone."""
    pl = v.players[seat]
    out = Text()
    if pl.arch == D.ARCH_CENTRE:
        out.append("The arch is in the centre: every slot is full.\n")
    plus = ", ".join(D.ACTIONS[a] for a in range(D.NUM_ACTIONS) if pl.plus2[a])
    out.append("[+2] on: ", style="bold")
    out.append(plus or "none")
    tiles = Counter(forum_tile(t) for t in pl.tiles)
    out.append("\nTiles: ", style="bold")
    out.append(", ".join(f"{n}× {w}" if n > 1 else w for w, n in sorted(tiles.items())) or "none")
    kept = ", ".join(D.DEMANDS[D.TRAJAN_TILES[t].amount] for t in pl.kept)
    if kept:
        out.append(f"; Trajan demand tiles: {kept}")
    out.append("\nHand: ", style="bold")
    out.append(plural(len(pl.hand), "card"))
    out.append(" · display: ", style="bold")
    out.append(cards(Counter(pl.display)) or "none")
    return out


def circle_of(v: GameState, seat: int, names: list[str]) -> Group:
    """Another player's action circle: the table of one's own circle, what is beside it,
    and the plannable lines."""
    pl = v.players[seat]
    title = Text()
    title.append(f"{names[seat]}'s action circle", style="bold #ffd75f")
    title.append(f" (clockwise) ·\u00a0{pl.score}\u00a0VP")  # never "· 12" / "VP" (36.14)
    table = Drawn(partial(circle_table, circle_rows(pl)))
    lines = plan_lines(v, seat)  # none while the trays are hidden or empty
    head = [Text(f"If {names[seat]} took a tray now:", style="bold")] if lines else []
    # each line indented as a whole: a wrapped line's end stays under its beginning
    plans = [Padding(Text(line), (0, 0, 0, 2)) for line in lines]
    return Group(title, table, circle_facts(v, seat), *head, *plans)


def compact_circle(v: GameState, seat: int, names: list[str]) -> Group:
    """Another player's circle in 7 rows (160x45: three others in view beside the board,
    issue 36.11's 14: the full circles wrapped "· 12" / "VP" and needed scrolling): name,
    score, hand and [+2] markers on one line, then each tray with its markers and the tile
    beside it by its colours and VP (o shows them whole, with what each tray would do)."""
    pl = v.players[seat]
    title = Text()
    title.append(names[seat], style="bold #ffd75f")
    plus = ", ".join(D.ACTIONS[a] for a in range(D.NUM_ACTIONS) if pl.plus2[a])
    title.append(f" · {pl.score} VP · {plural(len(pl.hand), 'card')}")
    if plus:
        title.append(f" · [+2] {plus}")
    if pl.arch == D.ARCH_CENTRE:
        title.append(" · arch in the centre")
    rows = []
    for slot, action, held, beside in circle_rows(pl):
        short = Text(beside.plain.split(",")[0].split("  ◆")[0])
        if "◆ arch" in beside.plain:
            short.append(" ◆", style="bold #ffd75f")
        rows.append((slot, action, held, short))
    return Group(title, Drawn(partial(circle_table, rows, header=False)))


def others_compact(v: GameState, home: int, names: list[str]) -> Group:
    """The other players' circles beside the board (160x45): one other's whole, with what
    each tray would do; two or three others' in 7 rows each, all in view (o: whole)."""
    seats = other_seats(v, home)
    if len(seats) == 1:
        return others_group(v, home, names)
    return Group(*(compact_circle(v, seat, names) for seat in seats))


def others_group(v: GameState, home: int, names: list[str]) -> Group:
    """Every other player's circle, one below the other."""
    parts: list[RenderableType] = []
    for seat in other_seats(v, home):
        if parts:
            parts.append(Text(""))
        parts.append(circle_of(v, seat, names))
    return Group(*parts)


class OthersScreen(OwnModalScreen[None]):
    """The other players' action circles (``o``), from the view of the seat watching."""

    BINDINGS = [
        Binding("escape,o,q,enter", "close", "Close"),
        Binding("pageup", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(1)", show=False),
    ]
    DEFAULT_CSS = """
    OthersScreen { align: center middle; }
    OthersScreen #others-box {
        width: 100%; max-width: 110; height: auto; max-height: 100%;
        border: thick #d7af00; background: #141a20; padding: 0 1;
    }
    """

    def __init__(self, v: GameState, home: int, names: list[str]) -> None:
        super().__init__()
        self.v, self.home, self.names = v, home, names

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="others-box") as box:
            box.border_title = Text("Other players' circles — public (Escape closes)")
            yield Static(others_group(self.v, self.home, self.names), id="others-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#others-box").focus()

    def action_scroll(self, pages: int) -> None:
        box = self.query_one("#others-box", VerticalScroll)
        if pages < 0:
            box.scroll_page_up(animate=False)
        else:
            box.scroll_page_down(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
