"""Trajan's screens for the terminal app (the ``"screens"`` part of its Game; the contract is
:mod:`forum_trajanum.tui.gamescreens`).

One play screen shows one seat's view (or the public one while a bot plays): a status line
(quarter, round, the time marker and how far the round end is, the demands, your score and
hand), one board panel at a time switched by one key (your action circle, the board, the
province map, the construction district, the players, the log; side by side with the choices
and one's circle from 120 columns, all at once from 160) and the list of choices, each in
words with what it gives. Choosing a source tray says where the last marker lands, which
Trajan tile it can complete, the action that follows and how far time moves (the engine's
:func:`~forum_trajanum.games.trajan.engine.view.sowing_plan`).

Everything shown comes from the view; the screens compute no rule.
"""

from __future__ import annotations

import contextlib
import io
from collections import Counter
from dataclasses import dataclass, field
from functools import partial

from rich.console import Console, Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static
from textual.widgets.option_list import Option

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.actions import (
    FORUM_KEYS,
    TILE_KEY,
)
from forum_trajanum.games.trajan.engine.rules import NUMERALS, TIE_BREAKS, bonus_items, votes
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.engine.view import SPECS
from forum_trajanum.games.trajan.engine.words import (
    bonus_tile,
    cards,
    forum_tile,
    markers,
    plural,
    trajan_tile,
)
from forum_trajanum.games.trajan.ui.recap import points_since, recent_lines
from forum_trajanum.tui.chart import ScoreChart
from forum_trajanum.tui.compat import app_closing
from forum_trajanum.tui.decisionlist import DecisionList, follows
from forum_trajanum.tui.gamescreens import ESCAPE_LINE, FlowScreen, GameScreen
from forum_trajanum.tui.grouping import BACK_ID, GROUP_ID, fit_groups, part_words
from forum_trajanum.tui.keys import ENTRY_KEYS, LEGEND_KEY, KeyBar
from forum_trajanum.tui.messages import (
    ActionChosen,
    GameLeft,
    HelpRequested,
    MenuRequested,
    UndoRequested,
)
from forum_trajanum.tui.textlines import notes_first

LETTER = D.COLOUR_CODES
PANELS = ("circle", "board", "map", "district", "players", "log")
PANEL_KEYS = {"circle": "c", "board": "b", "map": "m", "district": "d", "players": "p", "log": "l"}
PANEL_TITLES = {
    "circle": "Your action circle",
    "board": "Forum, senate, ships, cards",
    "map": "Provinces",
    "district": "Construction district",
    "players": "Players",
    "log": "Log",
    "others": "Other players' circles · players",
}

#: A panel in the key bar (one word: all six fit at 80 columns with Hint, Undo and Menu).
PANEL_WORDS = {
    "circle": "Circle",
    "board": "Board",
    "map": "Map",
    "district": "District",
    "players": "Players",
    "log": "Log",
}


@dataclass
class TrajanData:
    """What a Trajan play screen draws."""

    view: GameState
    names: list[str]
    bots: list[str]
    log: list[str] = field(default_factory=list)
    can_undo: bool = False
    message: str = ""
    hold: float = 0.0
    home: int = -1
    #: The others' moves since the seat last decided (a person's "Meanwhile", a bot's turn).
    recent: list[str] = field(default_factory=list)
    #: The points each other player scored since (first in "Meanwhile", issue: a 9 VP
    #: Trajan tile hidden behind the last move).
    scored: list[str] = field(default_factory=list)
    #: How many actions the game had when this was made (a decision's place in the game).
    step: int = 0


def choice_words(v: GameState, action) -> str:
    """One choice in words, with what it gives (from the view alone): its kind's words."""
    return SPECS[action.kind].words(v, action)


WHY_WORDS = {
    "tray": "{action} action: choose one, or pass",
    "bonus": "{action} action (the bonus of your first {building} of a type): choose one, or pass",
    "extra": "{action} again (an extra action tile): choose one, or pass",
    "again": "{action} a second time (your [+2] marker): choose one, or pass",
}


#: Trajan marks no player by a seat number (the map and the district by their names'
#: marks): the hand-over names the player alone (tui/gamescreens.py).
NAMES_ONLY = True


def handover_words(v: GameState, names) -> str:
    """The next decision on the hand-over screen, the start player named ("seat 2 is the
    start player" was the engine's words)."""
    return W.title(v, names)


def decision_title(v: GameState, names=()) -> str:
    """The decision in words, with what the view knows about it (the start player named)."""
    task = v.task
    if task is None:
        return "Game over"
    kind = task.kind
    if kind == "act":
        why = str(getattr(task, "why", "tray"))
        words = WHY_WORDS.get(why, WHY_WORDS["tray"])
        return words.format(action=D.ACTIONS[task.action], building="building")
    if kind == "sow":
        left = sum(task.hand)
        return (
            f"Sow your markers: {left} left, the next into the {D.ACTIONS[task.tray]} tray; "
            f"the last lands in the {D.ACTIONS[task.target]} tray"
        )
    if kind == "extra":
        return f"Repeat the {D.ACTIONS[task.action]} action with an extra action tile?"
    if kind == "card":
        return f"Take a starting card ({task.left} to take)"
    if kind == "markers":
        return f"Fill your trays with two markers each: the {D.ACTIONS[task.tray]} tray"
    title = W.title(v, names)
    return title[:1].upper() + title[1:]


# ── panels ──────────────────────────────────────────────────────────────────────────────


#: The status's second field while a quarter's end is scored (EN l.405-496).
QUARTER_SCORED = "scoring the quarter: demands, senate, consuls"
#: From this width the status is one line; narrower, two (never cut).
STATUS_ONE_LINE_FROM = 160
STATUS_SEP = " │ "


def _fit_names(names: list[str], room: int) -> list[str]:
    """``names`` in ``room`` cells together: each shortened (with "…") to an even share of
    it, what a short one leaves going to the others."""
    texts = [Text(name) for name in names]
    left = room
    order = sorted(range(len(texts)), key=lambda i: texts[i].cell_len)
    for done, i in enumerate(order):
        share = left // (len(texts) - done)
        if texts[i].cell_len > share:
            texts[i].truncate(max(share, 1), overflow="ellipsis")
        left -= texts[i].cell_len
    return [t.plain for t in texts]


def status_lines(data: TrajanData, width: int = 0) -> list[Text]:
    """The status in labelled fields, in a fixed order: when it is (the setup and its start
    player, or the quarter, the round and the time track), the demands shown, the player's
    name and score. Two lines below :data:`STATUS_ONE_LINE_FROM` columns, one from there (and
    with ``width`` 0); only a name too wide for its line is shortened, never a field."""
    v = data.view
    cycle = D.TIME_CYCLE[v.options.players]
    one = not width or width >= STATUS_ONE_LINE_FROM
    seat = v.viewer if v.viewer >= 0 else data.home
    start = data.names[v.start_player] if v.quarter <= 0 else ""
    own = data.names[seat] if seat >= 0 else ""  # the hand: on the circle panel
    score = f" {v.players[seat].score} VP" if seat >= 0 else ""
    shown = ", ".join(D.DEMANDS[d] for d in v.revealed if d >= 0) or "none yet"
    first = Text(" ", no_wrap=True, overflow="ellipsis")
    if v.quarter <= 0:
        first.append("Setup", style="bold")
        first.append(STATUS_SEP + "start player ")
    elif len(v.scorings) >= v.quarter:  # the quarter's end: its scoring has begun
        first.append(f"Quarter {NUMERALS[min(v.quarter, 4) - 1]} ends", style="bold")
        first.append(STATUS_SEP + (QUARTER_SCORED if v.tasks else "the game is over"))
    else:
        quarter = f"Quarter {NUMERALS[min(v.quarter, 4) - 1]}, round {v.round} of 4"
        if W.last_round(v):
            quarter = W.LAST_ROUND
        first.append(quarter, style="bold")
        first.append(STATUS_SEP + f"time {v.time} of {cycle}{_time_sep(v)}")
        first.append(round_end_words(v, cycle, the="the "))
    second = Text(f" demands {shown}", no_wrap=True, overflow="ellipsis")
    if seat >= 0:
        second.append(STATUS_SEP)
    if width:  # the names get what the fields leave of their line
        room_first, room_second = width - first.cell_len, width - second.cell_len - len(score)
        if one:
            room = room_second - first.cell_len - len(STATUS_SEP) + 1
            start, own = _fit_names([start, own], room)
        else:
            start, own = _fit_names([start], room_first)[0], _fit_names([own], room_second)[0]
    first.append(start)
    if seat >= 0:
        second.append(own)
        second.append(score, style="bold")
    if one:
        return [Text.assemble(first, STATUS_SEP, second[1:], no_wrap=True)]
    return [first, second]


def status_line(data: TrajanData, width: int = 0) -> Text:
    """The status in ``width`` columns (0: one line), its lines one under the other."""
    return Text("\n", no_wrap=True).join(status_lines(data, width))


def round_end_words(v: GameState, cycle: int, the: str = "") -> str:
    """How far the round's end is: "round ends in 9" (``the`` before it: "the round ends in
    9"), or that this turn ends it ("this turn ends the round": after "time 2 of 11", "the
    round ends after this turn" read as if the time said otherwise); in the game's last
    round, the game's end ("the game ends in 9", "the game ends after this turn")."""
    last = W.last_round(v)  # then it is the game that ends
    if v.round_ends:  # the time marker passed its start during this turn
        return W.LAST_TURN if last else "this turn ends the round"
    return f"{the}{'game' if last else 'round'} ends in {cycle - v.time}"


def _time_sep(v: GameState, sep: str = ": ") -> str:
    """What joins the time to when the round ends: ": " ("2 of 11: the round ends in 9"),
    " · " when this turn ends it (two facts side by side, not one said of the other)."""
    return " · " if v.round_ends and sep == ": " else sep


#: The action circle's columns: (header, right-justified, style); the last one wraps.
CIRCLE_COLUMNS = (("", True, ""), ("tray", False, "bold"), ("markers", False, ""),
                  ("Trajan tile", False, ""))  # fmt: skip


def circle_rows(pl, plus2: bool = False) -> list[tuple[str, str, str, Text]]:
    """The action circle's rows, clockwise: slot, tray, markers, the Trajan tile beside it;
    with ``plus2`` a tray's action with a [+2] marker on it says so ("Seaport [+2]")."""
    rows = []
    for t in range(6):
        tile = pl.slots[t]
        beside = Text(trajan_tile(tile) if tile >= 0 else "—")
        if pl.arch == t:
            beside.append("  ◆ arch", style="bold #ffd75f")
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
    tops = Text(last_head).wrap(_KEY_CONSOLE, last, overflow="fold")
    for i, top in enumerate(tops if header else ()):
        line = heads if i == len(tops) - 1 else " " * indent
        out.append(("\n" if i else "") + line + top.plain.ljust(last), style="dim")
    for row in rows:
        for i, part in enumerate(row[3].wrap(_KEY_CONSOLE, last, overflow="fold")):
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
    seventh row): where they are longer it ends in "…" (a line cut at the edge, "2×", read
    as if the hand ended there), and each follows whole on its own lines below."""
    line = Text(" · ").join(Text.assemble((label, "bold"), words) for label, words in parts)
    if line.cell_len <= width:
        return line
    cut = line.copy()
    cut.truncate(width, overflow="ellipsis")
    whole = Text("\n").join(Text.assemble((label, "bold"), words) for label, words in parts)
    return Text("\n").join([cut, whole])


def time_track(v: GameState, sep: str = ": ") -> str:
    """The time track: "■■□□□□□□□□□ 2 of 11: the round ends in 9" (or "2 of 11 · this turn
    ends the round")."""
    cycle = D.TIME_CYCLE[v.options.players]
    bar = "■" * v.time + "□" * (cycle - v.time)
    ends = round_end_words(v, cycle, the="the ")
    return f"{bar} {v.time} of {cycle}{_time_sep(v, sep)}{ends}"


def time_line(v: GameState, two_lines: bool = False) -> Text:
    """The board panel's first line: the time track (nothing during the setup); on two lines
    (the track, then when the round ends) where it stands on its own above a narrow board."""
    out = Text()
    if v.quarter > 0:
        out.append("Time: ", style="bold")
        out.append(time_track(v, "\n" if two_lines else ": "))
    return out


def board_panel(v: GameState, names: list[str]) -> Text:
    """The board panel: the time track, then the rest of the board."""
    time = time_line(v)
    return (time + "\n" if time else Text()) + board_below_time(v, names)


def board_below_time(v: GameState, names: list[str]) -> Text:
    """The board panel below its time track: forum, senate, ships, cards, Trajan stacks."""
    out = Text()
    forum = Counter(forum_tile(t) for t in v.forum if t >= 0)
    out.append("Forum: ", style="bold")
    out.append(", ".join(f"{n}× {w}" if n > 1 else w for w, n in sorted(forum.items())) or "empty")
    yellow = [forum_tile(t) for t in v.yellow if t >= 0]
    out.append("\nYellow spaces: ", style="bold")
    out.append(", ".join(yellow) or "empty")
    out.append("\nSenate ", style="bold")
    out.append(f"({W.senate_track()}): ")
    order = sorted(range(len(v.players)), key=lambda p: (v.players[p].senate, v.players[p].height))
    out.append(
        ", ".join(
            f"{names[p]} on space {D.SENATE_VP[v.players[p].senate]} ({votes(v, p)} votes)"
            for p in reversed(order)
        )
    )
    out.append("\nBeside the senate: ", style="bold")
    out.append("; ".join(bonus_tile(t) for t in v.senate_bonus) or "none")
    out.append("\nShips ", style="bold")
    out.append(
        "(VP for 1, 2, 3, 4 cards, or 1, 2, 3 pairs; used, it turns grey to the quarter's end): "
    )
    out.append(
        "; ".join(
            f"{name} {'coloured' if side else 'grey'} "
            + "/".join(str(n) for n in (D.SHIP_FRONT if side else D.SHIP_BACK)[ship])
            for ship, (name, side) in enumerate(zip(D.SHIPS, v.ships, strict=True))
        )
    )
    out.append("\nDiscard piles ", style="bold")
    out.append("(the top card last): ")
    out.append(
        " | ".join(
            f"{i + 1}: " + (", ".join(D.COMMODITIES[c] for c in pile) if pile else "empty")
            for i, pile in enumerate(v.discards)
        )
    )
    out.append(f"\nFace-down cards: {len(v.deck)} · forum pile {len(v.forum_pile)}")
    out.append("\nTrajan stacks ", style="bold")
    if any(stack and stack[-1] < 0 for stack in v.stacks):  # EN l.107-109, R36
        out.append("(the top tile): hidden until every player has placed their markers")
        return out
    out.append("(the top tile):")
    for s, stack in enumerate(v.stacks):
        top = f"{trajan_tile(stack[-1])} ({len(stack)} left)" if stack else "empty"
        out.append(f"\n  {D.STACK_NAMES[s]}: {top}")
    return out


_KEY_CONSOLE = Console(width=80, file=io.StringIO(), color_system="truecolor", force_terminal=True)


def _drawn_key(content, width: int) -> tuple:
    """What ``content`` shows at ``width``: its lines of text with their styles (equal for
    two renderables that look the same)."""
    options = _KEY_CONSOLE.options.update(width=max(width, 1))
    lines = _KEY_CONSOLE.render_lines(content, options, pad=False)
    return tuple(tuple((seg.text, seg.style) for seg in line) for line in lines)


def _content_key(content, width: int):
    """A cheap stand-in for what ``content`` shows at ``width``: texts by their words and
    styles, groups by their parts, drawings by what they draw at that width; anything else
    (a table) by its rendered lines."""
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return (content.plain, tuple(content.spans), str(content.style))
    if isinstance(content, Group):
        return tuple(_content_key(part, width) for part in content.renderables)
    if isinstance(content, Drawn):
        return ("drawn", _content_key(content.draw(width), width))
    return _drawn_key(content, width)


def _show(widget: Static, content, what: str = "") -> None:
    """Put ``content`` in ``widget`` only when what it shows changed, and lay the screen out
    again only when the widget's height changes: a move changes two or three of the boxes of
    a wide screen, mostly within the lines they had, and a layout of the whole screen is a
    good part of a move's time there."""
    width = widget.size.width or widget.app.size.width
    key = (what, width, _content_key(content, width))
    old = getattr(widget, "_shown_key", None)
    if old == key:
        return
    if isinstance(widget, PanelText) and (old is None or old[:2] != key[:2]):
        widget.forget_height()  # another panel, or another width: its own height
    widget._shown_key = key
    # a str is plain text (it may hold a player's name), never markup
    widget.update(Text(content) if isinstance(content, str) else content, layout=False)
    if isinstance(widget, LogText):
        widget.pad()
    if _height_changes(widget):
        widget.refresh(layout=True)


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


class LogText(Static):
    """The log in a box of its own (from 160 columns), padded at its foot to a multiple of
    :attr:`STEP` lines, its box scrolled to the last line written (:meth:`scroll_to_end`): a
    log a line longer at each move laid the whole screen out at each move."""

    STEP = 20
    #: The lines its words take at its width (the padding below them not counted).
    written = 0

    def pad(self) -> None:
        """Measure the words just put in and pad them to the next multiple of STEP lines (a
        new floor, and a layout, once in STEP lines)."""
        width = self.content_size.width
        if not width:
            return  # not laid out yet: the first layout measures it
        self.written = self.get_content_height(self.size, self.app.size, width)
        floor = -(-max(self.written, 1) // self.STEP) * self.STEP
        least = self.styles.min_height
        if least is None or least.value != floor:
            self.styles.min_height = floor

    def scroll_to_end(self, box) -> None:
        """Scroll ``box`` so that the last line written is its bottom line."""
        if not self.written:
            self.written = self.get_content_height(
                self.size, self.app.size, self.content_size.width
            )
        seen = box.scrollable_content_region.height
        box.scroll_to(y=max(self.written - seen, 0), animate=False)


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


#: Where each province is drawn: (row, column) on a 3x4 grid, north up (components §2.7).
MAP_PLACES: dict[str, tuple[int, int]] = {
    "Britannia": (0, 1), "Germania Inferior": (0, 2),
    "Aquitania": (1, 0), "Lugudunensis": (1, 1), "Belgica": (1, 2), "Germania Superior": (1, 3),
    "Narbonensis": (2, 0), "Alpes": (2, 1), "Raetia": (2, 2), "Noricum": (2, 3),
}  # fmt: skip
MAP_CELL, MAP_GAP = 17, 2
#: Shorter forms of the long province names, for a narrow map (the list below has them whole).
SHORT_PROVINCES: dict[str, tuple[str, ...]] = {
    "Germania Inferior": ("Germ. Inferior", "Germ. Inf."),
    "Germania Superior": ("Germ. Superior", "Germ. Sup."),
    "Lugudunensis": ("Lugudun.",),
    "Narbonensis": ("Narbon.",),
}


def _fit(forms, width: int) -> str:
    """The first (longest) of ``forms`` that fits ``width`` characters."""
    return next((f for f in forms if len(f) <= width), forms[-1][:width])


def _short_tile(tile: int) -> tuple[str, ...]:
    """A forum-type tile on the map, as its forms from long to short."""
    kind, value = FORUM_KEYS[TILE_KEY[tile]]
    if kind == "senate":
        return (f"senate {value}", f"sen. {value}")
    if kind == "demand":
        return (D.DEMANDS[value],)
    if kind == "extra":
        action = D.ACTIONS[value]
        return (f"+{action}", f"+{action[:6]}.")
    return WILD_FORMS[kind]


#: The wild cards on the map, from long to short.
WILD_FORMS = {
    "wild_commodity": ("wild: commodity", "wild: any card", "wild: card", "wild card"),
    "wild_construction": ("wild: building", "wild: build.", "wild build."),
    "wild_demand": ("wild: demand", "wild demand"),
    "wild_extra": ("wild: extra", "wild extra"),
}


def map_drawing(v: GameState, names: list[str], width: int = 4 * MAP_CELL + 3 * MAP_GAP) -> Text:
    """The provinces as a small map with their links, drawn to fit ``width`` characters:
    each province its name and VP, its tile, and who is there (⚑ leaders, ⚔ legionnaires,
    each player by the mark of their name, :func:`words.marks`, a legend line naming them)."""
    who = W.marks(names or [f"Player {p + 1}" for p in range(len(v.players))])
    at = {MAP_PLACES[name]: q for q, name in enumerate(D.PROVINCES)}
    linked = {(a, b) for a in range(len(D.PROVINCES)) for b in D.ADJACENT[a]}
    size = max(8, min(MAP_CELL, (width - 3 * MAP_GAP) // 4))

    def link(a, b) -> bool:
        qa, qb = at.get(a), at.get(b)
        return qa is not None and qb is not None and (qa, qb) in linked

    def cell(q: int, line: int) -> str:
        if line == 0:
            name = D.PROVINCES[q]
            return _fit((name, *SHORT_PROVINCES.get(name, ())), size)
        if line == 1:
            tile = v.provinces[q]
            return _fit(_short_tile(tile), size) if tile >= 0 else "no tile"
        leaders = "".join(who[p] for p, pl in enumerate(v.players) if pl.leader == q)
        legions = "".join(who[p] for p in v.legions[q])
        marks = (f" ⚑{leaders}" if leaders else "") + (f" ⚔{legions}" if legions else "")
        vp = D.PROVINCE_VP[q]
        return _fit((f"{vp} VP{marks}", f"{vp}VP{marks.replace(' ', '')}"), size)

    out = Text()
    for row in range(3):
        for line in range(3):
            for col in range(4):
                q = at.get((row, col))
                joined = col < 3 and line == 0 and link((row, col), (row, col + 1))
                text = cell(q, line) if q is not None else ""
                out.append(text, style="bold" if line == 0 else "")
                if col < 3:  # a link to the right runs from the name to the next one
                    fill = size - len(text) + MAP_GAP
                    out.append(" " + "─" * (fill - 1) if joined else " " * fill)
            out.append("\n")
        if row < 2:  # the links to the row below: straight down and the diagonals
            for col in range(4):
                down = link((row, col), (row + 1, col))
                out.append(("│" if down else " ").center(size))
                if col < 3:
                    mark = " "
                    if link((row, col), (row + 1, col + 1)):
                        mark = "╲"
                    elif link((row, col + 1), (row + 1, col)):
                        mark = "╱"
                    out.append(mark.center(MAP_GAP))
            out.append("\n")
    # the military camp below the map, one way up into Alpes, Raetia and Noricum
    out.append(" " * (size + MAP_GAP))
    out.append((" " * (MAP_GAP)).join("↑".center(size) for _ in range(3)).rstrip() + "\n")
    camp = "".join(who[p] for p, pl in enumerate(v.players) if pl.leader < 0)
    out.append(" " * (size + MAP_GAP) + "military camp (one way up)", style="bold")
    out.append(f" ⚑{camp}\n" if camp else "\n")
    named = ", ".join(f"{m} {name}" for m, name in zip(who, names, strict=False))
    out.append(f"⚑ leaders, ⚔ legionnaires: {named} · +Forum: an extra action tile")
    return out


def map_panel(v: GameState, names: list[str]) -> Group:
    """The map, and below it each province in words (its whole tile name, who is there, its
    neighbours)."""
    out = Text("\n")
    camp = [names[p] for p, pl in enumerate(v.players) if pl.leader < 0]
    out.append("Military camp", style="bold")
    out.append(f": leaders {', '.join(camp) or 'none'} · to Alpes, Raetia, Noricum\n")
    for q, name in enumerate(D.PROVINCES):
        tile = v.provinces[q]
        leaders = [names[p] for p, pl in enumerate(v.players) if pl.leader == q]
        legions = [names[p] for p in v.legions[q]]
        out.append(f"{name} {D.PROVINCE_VP[q]} VP", style="bold")
        out.append(f": {forum_tile(tile) if tile >= 0 else 'no tile'}")
        if leaders:
            out.append(f" · leader {', '.join(leaders)}")
        if legions:
            out.append(f" · legionnaires {', '.join(legions)}")
        out.append(f" · to {', '.join(D.PROVINCES[n] for n in D.ADJACENT[q])}\n")
    out.rstrip()
    return Group(Drawn(partial(map_drawing, v, names)), out)


#: Shorter forms of the building types, for a narrow district.
SHORT_BUILDINGS = {"Fountain": "Fount."}


def district_drawing(v: GameState, names: list[str], width: int = 75) -> Text:
    """The construction district as its 4×5 grid, drawn to fit ``width`` characters: each
    site its tile (building type and VP), or the marks of the players whose workers are
    there (:func:`words.marks`)."""
    mark = W.marks(names or [f"Player {p + 1}" for p in range(len(v.players))])
    cols = D.DISTRICT_COLUMNS
    size = max(7, min(14, (width - 2) // cols))
    out = Text()
    out.append("  " + "".join(f"{c + 1:<{size}}" for c in range(cols)).rstrip() + "\n", "dim")
    for r in range(D.DISTRICT_ROWS):
        out.append(f"{'abcd'[r]} ", style="dim")
        for c in range(cols):
            site = r * cols + c
            tile = v.district[site]
            if tile >= 0:
                t, vp = D.CONSTRUCTION_TILES[tile]
                name = D.BUILDING_TYPES[t]
                forms = (f"{name} {vp}", f"{SHORT_BUILDINGS.get(name, name)} {vp}")
                out.append(f"{_fit(forms, size - 1):<{size}}")
            else:
                seats = [mark[p] for p in v.workers[site]]
                forms = (f"workers {' '.join(seats)}", f"w: {','.join(seats)}")
                if len(seats) == 1:
                    forms = (f"worker {seats[0]}", *forms[1:])
                out.append(f"{_fit(forms, size - 1):<{size}}", style="#87d7ff")
        out.append("\n")
    return out


def district_panel(v: GameState, names: list[str]) -> Group:
    # the marks on the grid's taken sites are the players': each named
    mark = W.marks(names)
    others = "".join(f", {mark[p]} {name}" for p, name in enumerate(names) if p)
    out = Text(
        f"Roof 5: a tile and its VP · worker {mark[0]}: {names[0]}'s worker (tile taken){others}\n"
    )
    out.append("The first tile of a type also gives: ")
    out.append(
        ", ".join(
            f"{D.BUILDING_TYPES[t]} → {D.ACTIONS[D.BUILDING_BONUS[t]]}"
            for t in range(len(D.BUILDING_TYPES))
        )
    )
    return Group(Drawn(partial(district_drawing, v, names)), out)


def players_panel(v: GameState, names: list[str]) -> Text:
    out = Text()
    for p, pl in enumerate(v.players):
        out.append(f"{names[p]}: {pl.score} VP", style="bold")
        shown = cards(Counter(pl.display)) or "none"
        out.append(f" · {plural(len(pl.hand), 'card')} in hand · display: {shown}")
        tiles = Counter(forum_tile(t) for t in pl.tiles)
        owned = ", ".join(f"{n}× {w}" if n > 1 else w for w, n in sorted(tiles.items()))
        out.append(f" · tiles: {owned or 'none'}")
        out.append(f" · senate {D.SENATE_VP[pl.senate]} ({votes(v, p)} votes)")
        out.append(f" · camps: {plural(pl.workers, 'worker')}, {plural(pl.legions, 'legionnaire')}")
        out.append(f" · supply {pl.supply}")
        built = ", ".join(f"{n} {D.BUILDING_TYPES[t]}" for t, n in enumerate(pl.buildings) if n)
        out.append(f" · buildings: {built or 'none'}")
        out.append(
            " · bonus: "
            + "; ".join(
                bonus_tile(t, y, own=p == v.viewer)
                for t, y in zip(pl.bonus, pl.yellow, strict=True)
            )
            + "\n"
        )
    out.rstrip()
    return out


def panel_seat(data: TrajanData) -> int:
    """Whose action circle the circle panel shows."""
    v = data.view
    return max(v.viewer if v.viewer >= 0 else (data.home if data.home >= 0 else v.decider), 0)


def panel_text(data: TrajanData, panel: str, heading: bool = True):
    """One panel's content (a Rich renderable; the map and the district fit the width)."""
    v, names = data.view, data.names
    if panel == "circle":
        return circle_panel(v, panel_seat(data), names, heading)
    if panel == "board":
        return board_panel(v, names)
    if panel == "map":
        return map_panel(v, names)
    if panel == "district":
        return district_panel(v, names)
    if panel == "players":  # the others' circles below (issue 28)
        from forum_trajanum.games.trajan.ui.circles import others_group

        home = v.viewer if v.viewer >= 0 else data.home
        return Group(players_panel(v, names), Text(""), others_group(v, home, names))
    if panel == "others":  # from 160 columns: the others' circles first, in view
        from forum_trajanum.games.trajan.ui.circles import others_group

        home = v.viewer if v.viewer >= 0 else data.home
        return Group(others_group(v, home, names), Text(""), players_panel(v, names))
    return Text("\n".join(data.log[-200:]) or "Nothing has happened yet.")


def log_lines(session, names: list[str]) -> list[str]:
    lines, when = [], None
    for entry in session.log:
        if entry.period != when:
            when = entry.period
            lines.append(f"── {session.rules.period_name(when)} ──")
        who = f"{names[entry.seat]} " if entry.seat >= 0 else ""
        lines.append(f"{who}{entry.text}")
    return lines


# ── screens ─────────────────────────────────────────────────────────────────────────────


def meanwhile(recent: list[str], most: int = 4, width: int = 0, scored=()) -> Text:
    """What the others did since a person's own last move, above their decision (gone with
    their first step): first what matters, the points each other player scored (``scored``:
    :func:`~forum_trajanum.games.trajan.ui.recap.points_since`), then their moves, in one wrapped
    paragraph; with ``width``, in one line of that width: the points, then the latest moves
    that fit, and "l: the log" when some are left out or cut (all of them are in the log)."""
    if not recent and not scored:
        return Text()
    out = Text("Meanwhile: ", style="bold")
    if not width:
        if scored:
            out.append("; ".join(scored) + ("; " if recent else ""))
        more = "…; " if len(recent) > most else ""
        out.append(more + "; ".join(recent[-most:]), style="#a0a0a0")
        return out
    room = width - out.cell_len
    head = "; ".join(scored)
    if Text(head).cell_len > room:  # the totals alone, without what they came from
        head = "; ".join(words.split(" (")[0] for words in scored)
    if head:
        room -= Text(head).cell_len + 2
    log_key = " · l: the log"  # where the moves left out are
    shown: list[str] = []
    for line in reversed(recent[-most:]):
        wanted = [line, *shown]
        whole = len(wanted) == len(recent)
        if Text("; ".join(wanted)).cell_len + (0 if whole else len(log_key)) > room:
            break
        shown = wanted
    earlier = ""
    if recent and not shown:
        if Text(recent[-1]).cell_len + len("…; ") <= room:  # the latest move whole first
            shown, earlier, log_key = recent[-1:], "…; ", ""
        elif room - len(log_key) > 12:  # the latest move, cut to fit
            shown = [recent[-1][: room - len(log_key) - 1].rstrip() + "…"]
    out.append(head + ("; " if head and shown else ""))
    out.append(earlier + "; ".join(shown), style="#a0a0a0")
    if len(shown) < len(recent) or (shown and shown[-1] != recent[-1]):
        out.append(log_key, style="bold")
    return out


#: A group's entry in a list too long for its keys, by action kind.
GROUP_WORDS = {
    "ship": "Load a ship",
    "display": "Display cards",
    "markers": "Markers for a tray",
    "discard": "Discard a card",
    "march": "March the leader",
    "build": "Send a worker to a construction site",
    "forum": "Take a forum tile",
    "trajan": "Take a Trajan tile",
    "spend": "Meet the demands",
    "more": "More choices",
}


def _group_words(name: str) -> str:
    return part_words(name, lambda kind: GROUP_WORDS.get(kind, kind.capitalize()))


def list_groups(legal: list) -> dict[str, list]:
    """The groups of a list too long for its keys (by action kind; the top entry, which
    spends nothing, stays on top): no level has more entries than there are keys."""
    return fit_groups(legal, {}, lambda action: action.kind)


def list_entries(v: GameState, legal: list, group: str | None) -> list[tuple[str, str]]:
    """The list's entries as (id, words): a group's members and its back entry when
    ``group`` is open, else the actions in the engine's order with each group's one entry
    where its first member would be."""
    groups = list_groups(legal)
    if group in groups:
        members = [(str(a), choice_words(v, a)) for a in groups[group]]
        return [*members, (BACK_ID, "← Back to all the choices (Escape)")]
    where = {a: name for name, members in groups.items() for a in members}
    out, opened = [], set()
    for action in legal:
        name = where.get(action)
        if name is None:
            out.append((str(action), choice_words(v, action)))
        elif name not in opened:
            opened.add(name)
            ways = len(groups[name])
            out.append((GROUP_ID + name, f"{_group_words(name)}… ({ways} ways)"))
    return out


class TrajanScreen(GameScreen):
    """A seat's own view of the game, with its choices.

    Compact (below 120 columns): one panel at a time above the choices. Standard (from 120):
    a panel on the left as tall as the screen (the board whole at 120x36; the players above
    it from 45 rows), the choices on the right with one's action circle below them. Wide
    (from 160): everything at once in three columns: the other players' circles (then the
    players) and the province map; the board and the construction district; the choices,
    one's circle and the log (from 36 rows)."""

    MODE = "trajan-turn"
    #: The list's entries as last filled, the kind and seat of their decision, the game's
    #: step then (what keeps the highlight).
    _shown_choices: list | None = None
    _shown_decision: tuple | None = None
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide"), (160, "-wider")]
    #: From 45 rows (with 120 columns) the players' panel stays in view too; from 36 (with
    #: 160) the log.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-standard"), (45, "-tall")]
    #: Left out of the key bar when it does not fit (80 columns): the legend is in the help,
    #: the district's key in the panel's title.
    KEYBAR_SPARE = ("g", "d")
    DEFAULT_CSS = """
    TrajanScreen { layout: vertical; }
    TrajanScreen #t-status { height: 2; background: $boost; }
    TrajanScreen.-wider #t-status { height: 1; }
    TrajanScreen #t-body { height: 1fr; layout: horizontal; }
    TrajanScreen.-narrow #t-body { layout: vertical; }
    TrajanScreen .t-box { height: auto; border: round $primary 50%; }
    TrajanScreen #t-left, TrajanScreen #t-mid { height: 1fr; width: 1fr; }
    TrajanScreen.-narrow #t-left { height: 1fr; width: 100%; }
    TrajanScreen #t-mid { display: none; }
    TrajanScreen.-wider #t-mid { display: block; }
    TrajanScreen #t-panel-box { height: 1fr; }
    /* 80x24: the panel gets what the choices leave, framed by its top line alone */
    TrajanScreen.-narrow #t-panel-box {
        height: 1fr; border: none; border-top: round $primary 50%;
    }
    /* from 120 columns one's circle stands whole below the choices (below 36 rows it keeps
       half of them for the choices) and the switched panel has the left column's height:
       the board without scrolling at 120x36 */
    TrajanScreen #t-circle-box { max-height: 60%; }
    TrajanScreen.-short #t-circle-box { max-height: 50%; }
    TrajanScreen.-narrow #t-circle-box { display: none; }
    TrajanScreen #t-players-box { max-height: 40%; display: none; }
    TrajanScreen.-wide.-tall #t-players-box { display: block; }
    TrajanScreen #t-board-box { height: 1fr; }
    TrajanScreen #t-time { height: 2; }
    /* from 160 columns: the map below the others' circles, the district below the board,
       the log below one's circle (from 36 rows) */
    TrajanScreen #t-map-box, TrajanScreen #t-log-box { display: none; }
    TrajanScreen.-wider #t-map-box { display: block; max-height: 60%; }
    TrajanScreen.-wider #t-log-box { display: block; height: 10; }
    TrajanScreen.-wider.-standard #t-log-box { height: 7; }
    TrajanScreen.-wider.-short #t-log-box { display: none; }
    TrajanScreen #p-decide { height: 1fr; width: 1fr; }
    /* 80x24 (issue 27): the decision in two lines, a line of hint or recap, eight rows of
       choices and two for a cut choice's whole words; a message goes first on the decision's
       two lines */
    TrajanScreen.-narrow #p-decide { height: 13; }
    TrajanScreen.-narrow #decision-title { max-height: 2; }
    TrajanScreen.-narrow #t-hint { max-height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    TrajanScreen.-narrow #t-hint.-more { max-height: 8; text-wrap: wrap; }
    /* while a bot plays there are no choices: its moves get their rows */
    TrajanScreen.-narrow #t-hint.-watch { max-height: 10; text-wrap: wrap; }
    /* 160 columns: the board's column wide enough for the board above the district
       unscrolled (58), the others' circles beside it, the choices narrower (48, 58, 54) */
    TrajanScreen.-wider #t-mid { width: 1.2fr; }
    TrajanScreen.-wider #p-decide { width: 1.1fr; }
    TrajanScreen.-wide #p-decide, TrajanScreen.-wider #p-decide { padding-left: 1; }
    TrajanScreen #decision-title { height: auto; color: $warning; }
    /* two lines kept where rows are plenty: titles of one line and of two, in turn, moved
       the list at each move (the screen laid out and the list drawn twice); at 80x24 a row
       of choices is worth more */
    TrajanScreen.-wide #decision-title, TrajanScreen.-wider #decision-title { min-height: 2; }
    TrajanScreen #t-hint { height: auto; color: #87d7ff; }
    /* one line per choice: the highlighted one, when cut, whole on the line below */
    TrajanScreen #decisions {
        height: 1fr; border: none; text-wrap: nowrap; text-overflow: ellipsis;
    }
    TrajanScreen #choice-full { display: none; height: auto; max-height: 3; color: #d7d7af; }
    TrajanScreen.-narrow #choice-full { max-height: 2; }
    TrajanScreen #t-message { height: auto; min-height: 1; color: $warning; }
    """
    BINDINGS = [
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("q", "menu", "Menu"),
        # Escape closes the innermost open thing; it never leaves the game (q does)
        Binding("escape", "back", "Back", show=False),
        Binding("question_mark,f1", "help", "Help"),
        Binding(LEGEND_KEY, "app.legend", "Legend"),
        Binding("k", "app.coach", "Coach", show=False),
        Binding("o", "others", "Others"),
        *(
            Binding(key, f"panel('{panel}')", PANEL_WORDS[panel])
            for panel, key in PANEL_KEYS.items()
        ),
        # the panel scrolls without moving the focus from the choices (priority: before the
        # list's own page keys)
        Binding("pageup", "scroll_panel(-1)", show=False, priority=True),
        Binding("pagedown", "scroll_panel(1)", show=False, priority=True),
        *(Binding(key, f"pick({n})", show=False) for n, key in enumerate(ENTRY_KEYS, start=1)),
    ]

    def __init__(self, data: TrajanData) -> None:
        super().__init__(data)
        #: The group of entries the list shows (None: the whole decision), and whose.
        self._group: str | None = None
        self._group_of: tuple = ()
        self.panel = "circle"
        self._actions: list = []
        self._hint = ""
        self._hint_line = ""
        #: Whether the worked-out hint is on screen (h and Escape hide it, h shows it again).
        self._hint_shown = False
        #: The view a hint is being worked out for (None: none; Escape gives it up).
        self._hint_asked: GameState | None = None
        #: h was pressed again while thinking: the hint comes whole (narrow: not one line).
        self._hint_whole = False
        self._message = ""
        self._title = Text()

    def compose(self) -> ComposeResult:
        yield Static(id="t-status")
        with Horizontal(id="t-body"):
            with Vertical(id="t-left"):
                with VerticalScroll(id="t-players-box", classes="t-box"):  # from 120x45
                    yield Static(id="t-players")
                with VerticalScroll(id="t-panel-box", classes="t-box"):
                    yield PanelText(id="t-panel")
                with VerticalScroll(id="t-map-box", classes="t-box"):  # from 160
                    yield Static(id="t-map")
            with Vertical(id="t-mid"):  # from 160 columns
                with VerticalScroll(id="t-board-box", classes="t-box"):
                    # the time track apart: most moves change it alone of the board's lines
                    yield Static(id="t-time")
                    yield PanelText(id="t-board")
                with VerticalScroll(id="t-district-box", classes="t-box"):
                    yield Static(id="t-district")
            with Vertical(id="p-decide"):
                yield Static(id="decision-title")
                yield Static(id="t-hint")
                yield DecisionList(id="decisions")
                yield Static(id="choice-full")
                yield Static(id="t-message")
                # from 120 columns: one's circle below the choices (the trays chosen from)
                with VerticalScroll(id="t-circle-box", classes="t-box"):
                    yield PanelText(id="t-circle")  # its height kept: the list above stays put
                with VerticalScroll(id="t-log-box", classes="t-box"):  # from 160x36
                    yield LogText(id="t-log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show(self.data)

    def show(self, data: TrajanData) -> None:
        if data.view is not self.data.view:  # something happened: an old hint is gone
            self._hint, self._hint_shown, self._hint_asked = "", False, None
            self.query_one("#t-hint").remove_class("-more")
        self.data = data
        self._draw_status()
        self._draw_panel()
        self._fill_choices(data)
        self._set_message(data.message)

    # --- the panels ---------------------------------------------------------------------

    def _layout(self) -> str:
        if self.has_class("-wider"):
            return "wider"
        return "wide" if self.has_class("-wide") else "narrow"

    def boxes(self) -> dict[str, str]:
        """Which panel each shown box holds now (by the box's id)."""
        layout, panel = self._layout(), self.panel
        if layout == "narrow":
            return {"t-panel-box": panel}
        if layout == "wide":
            shown = {"t-circle-box": "circle"}
            if self.has_class("-tall"):
                shown["t-players-box"] = "players"
            fixed = set(shown.values())
            shown["t-panel-box"] = "board" if panel in fixed else panel
            return shown
        shown = {
            "t-circle-box": "circle",
            # the others' circles first; p: the players first (p again: the circles)
            "t-panel-box": "players" if panel == "players" else "others",
            "t-board-box": "board",
            "t-map-box": "map",
            "t-district-box": "district",
        }
        if not self.has_class("-short"):
            shown["t-log-box"] = "log"
        elif panel == "log":  # no row for the log below the circle: in the others' place
            shown["t-panel-box"] = "log"
        return shown

    def _draw_panel(self) -> None:
        shown = self.boxes()
        # the keys of the panels the switched box shows: its own and those not in view
        own = shown["t-panel-box"]
        keys = [k for p, k in PANEL_KEYS.items() if p == own or p not in shown.values()]
        for box_id, panel in shown.items():
            box = self.query_one(f"#{box_id}")
            title = PANEL_TITLES[panel]
            narrow = self._layout() == "narrow"
            if box_id == "t-panel-box":
                if narrow and panel == "circle":  # the circle's heading, on its frame
                    title = circle_title(self.data.view, panel_seat(self.data), self.data.names)
                if "others" not in shown.values():  # o: the others' circles, not in view
                    keys = [*keys, "o"]
                title += f"  (keys {' '.join(keys)})" if keys else ""
                # at 80x24 what does not fit below is said on the frame (the circle's
                # essential lines fit in view, its supply and camps come after them)
                more = narrow and getattr(box, "_more_below", False)
                scroll = " · PgDn: more" if more else " · PgUp/PgDn scroll"
                if narrow and Text(title + scroll).cell_len <= self.size.width - 4:
                    title += scroll  # framed by its top line alone: no bottom line for it
                if getattr(box, "_shown_subtitle", None) is None:
                    box._shown_subtitle = box.border_subtitle = Text("PgUp/PgDn scroll")
            if getattr(box, "_shown_title", None) != title:  # setting it repaints the box
                box._shown_title = title
                box.border_title = Text(title)
            content = panel_text(self.data, panel, heading=not narrow)
            if box_id == "t-map-box":  # beside everything else: the drawing alone
                content = Drawn(partial(map_drawing, self.data.view, self.data.names))
            if box_id == "t-board-box":  # its time track apart (redrawn alone at most moves)
                time = self.query_one("#t-time", Static)
                track = time_line(self.data.view, two_lines=True)  # two lines: never wraps
                if time.display != bool(track):  # none in the setup
                    time.display = bool(track)
                _show(time, track, panel)
                content = board_below_time(self.data.view, self.data.names)
            _show(self.query_one(f"#{box_id[:-4]}", Static), content, panel)
            if box_id == "t-panel-box":
                self.call_after_refresh(self._say_more_below)
            if box_id == "t-log-box":  # the latest at its foot
                log = self.query_one("#t-log", LogText)
                box.call_after_refresh(log.scroll_to_end, box)
            elif panel == "log":  # the latest first in view
                box.call_after_refresh(box.scroll_end, animate=False)

    def _draw_status(self) -> None:
        """The status line, in the layout of the screen's width."""
        width = self.size.width or self.app.size.width
        _show(self.query_one("#t-status", Static), status_line(self.data, width))

    def on_resize(self) -> None:
        self.call_after_refresh(self._draw_status)
        self.call_after_refresh(self._show_choice_full)
        self.call_after_refresh(lambda: self._set_note(self._note(self.data)))
        self.call_after_refresh(self._draw_panel)
        self.call_after_refresh(lambda: self._set_message(self._message))

    def action_panel(self, panel: str) -> None:
        if panel == self.panel == "players" and self._layout() == "wider":
            panel = "others"  # p again: the others' circles first, as before
        changed = panel != self.panel
        self.panel = panel
        self._draw_panel()
        if changed and panel != "log":  # a panel opens at its top (its header in view)
            self.query_one("#t-panel-box").scroll_home(animate=False)

    def action_others(self) -> None:
        """The other players' action circles, from this screen's view."""
        from forum_trajanum.games.trajan.ui.circles import OthersScreen

        v, home = self.data.view, self.data.home
        self.app.push_screen(OthersScreen(v, v.viewer if v.viewer >= 0 else home, self.data.names))

    def action_scroll_panel(self, pages: int) -> None:
        box = self.query_one("#t-panel-box", VerticalScroll)
        if pages < 0:
            box.scroll_page_up(animate=False)
        else:
            box.scroll_page_down(animate=False)
        self.call_after_refresh(self._say_more_below)

    def _say_more_below(self) -> None:
        """The switched panel's frame says "PgDn: more" while lines are below its view."""
        box = self.query_one("#t-panel-box", VerticalScroll)
        more = box.max_scroll_y > box.scroll_y
        if getattr(box, "_more_below", False) != more:
            box._more_below = more
            self._draw_panel()

    # --- the choices --------------------------------------------------------------------

    def _fill_choices(self, data: TrajanData) -> None:
        v = data.view
        options = self.query_one("#decisions", DecisionList)
        legal = v.legal
        old = options.highlighted
        old_id = (
            options.get_option_at_index(old).id
            if old is not None and old < options.option_count
            else None
        )
        if self._group_of != (v.viewer, data.step):  # another decision: its groups closed
            self._group_of, self._group = (v.viewer, data.step), None
        entries = [
            (i, f"{ENTRY_KEYS[n] if n < len(ENTRY_KEYS) else ' '} {words}")
            for n, (i, words) in enumerate(list_entries(v, legal, self._group))
        ]
        # the highlight stays only on the same choice of the same kind of decision one step
        # on (or back, by undo); any other list starts at its top
        decision = (v.tasks[-1].kind if v.tasks else "", v.viewer, data.step, self._group)
        same_kind = follows(self._shown_decision, decision)
        self._shown_decision = decision
        self._actions = list(legal)
        if entries == self._shown_choices and entries:
            if not same_kind:
                options.highlighted = 0
        else:
            self._shown_choices = entries
            options.clear_options()
            options.add_options(Option(Text(words), id=i) for i, words in entries)
            ids = [i for i, _ in entries]
            options.highlighted = ids.index(old_id) if same_kind and old_id in ids else 0
        self.query_one("#t-hint").set_class(not legal, "-watch")
        if not legal:
            who = data.names[v.decider] if v.decider >= 0 else ""
            self._title = Text(
                f"{who} is deciding: {W.title(v, data.names)}" if who else "Game over"
            )
            self._show_title()
            self._set_note(self._note(data))
            return
        self._title = Text(decision_title(v, data.names))
        self._show_title()
        self._set_note(self._note(data))
        options.hold(data.hold)
        options.arm_when_shown()
        options.focus()
        self.call_after_refresh(self._show_choice_full)

    def _note(self, data: TrajanData):
        """The words between the decision and its choices: the hint (at 80 columns on one
        line, whole after h again), or the bots' moves since the player's last one (at 80
        columns on one line: all of them are in the log)."""
        if not data.view.legal:  # a bot's moves stay readable until the next person decides
            recent = Text()
            if data.recent:
                recent.append("Just now:\n", style="bold")
                recent.append("\n".join(data.recent))
            return recent
        narrow = self._layout() == "narrow"
        more = self.query_one("#t-hint").has_class("-more")
        if self._hint and self._hint_shown:
            return self._hint_line if narrow and not more else self._hint
        width = self.size.width if narrow else 0
        if self._layout() == "wider" and not self.has_class("-short"):
            # the log stands in view below: the recap on one line leaves the choices their rows
            width = self.query_one("#t-hint").content_size.width or self.size.width // 3
        return meanwhile(data.recent, width=width, scored=data.scored)

    def on_option_list_option_highlighted(self, event) -> None:
        self._show_choice_full()

    def _show_choice_full(self) -> None:
        """The highlighted choice whole on the line below the list, when the list cuts it."""
        options = self.query_one("#decisions", DecisionList)
        full = self.query_one("#choice-full", Static)
        index, words = options.highlighted, ""
        if index is not None and index < options.option_count:
            prompt = options.get_option_at_index(index).prompt
            plain = prompt.plain if isinstance(prompt, Text) else str(prompt)
            width = options.scrollable_content_region.width
            if width > 0 and Text(plain).cell_len > width:
                words = "» " + plain.strip().split(" ", 1)[-1]
        if full.display != bool(words):
            full.display = bool(words)
        _show(full, words)

    def _set_note(self, text) -> None:
        """The words between the decision's title and its choices: a hint, or what a bot did
        just now (shown whole, wrapped; nothing when empty)."""
        note = self.query_one("#t-hint", Static)
        if note.display != bool(str(text)):  # showing or hiding it lays the screen out
            note.display = bool(str(text))
        _show(note, text)

    def _show_title(self) -> None:
        """The decision's words above the choices; at 80 columns a message goes first on
        their two lines (the panel above and the list keep their rows)."""
        text = self._title
        message = self._message
        widget = self.query_one("#decision-title", Static)
        if self._layout() == "narrow" and str(message):
            said = message.copy() if isinstance(message, Text) else Text(message)
            said.stylize("bold")
            width = widget.content_size.width or self.app.size.width
            text = notes_first(said, text, width)
        _show(widget, text)

    def _set_message(self, text) -> None:
        """The message below the choices. A wide screen keeps its line (a list that grew and
        shrank by a line at each message was laid out and drawn twice); a narrow one has no
        line to spare: there the message goes first on the decision's lines."""
        self._message = text
        message = self.query_one("#t-message", Static)
        narrow = self._layout() == "narrow"
        shown = not narrow
        if message.display != shown:
            message.display = shown
        _show(message, "" if narrow else text)
        self._show_title()

    def cover(self) -> None:
        self._title, self._message = Text(), ""
        for part in ("#t-panel", "#t-circle", "#t-players", "#t-status", "#decision-title"):
            _show(self.query_one(part, Static), "")
        self._set_note("")
        self.query_one("#decisions", DecisionList).clear_options()
        self._shown_choices = None

    def say(self, message: str) -> None:
        self._set_message(Text(message, style="bold") if message else "")

    def escape_line_shown(self) -> bool:
        return str(self._message) == ESCAPE_LINE

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        if event.option.id:
            self._choose(event.option.id)

    def _open_group(self, name: str | None) -> None:
        """Show a group's entries in the list (None: back to the whole decision)."""
        self._group = name
        self._fill_choices(self.data)

    def action_pick(self, number: int) -> None:
        options = self.query_one("#decisions", DecisionList)
        if 1 <= number <= options.option_count and not options.held:
            self._choose(options.get_option_at_index(number - 1).id)

    def _choose(self, entry: str) -> None:
        """A choice made: keys that follow choose nothing until the next decision is on
        screen (a digit typed after the last sowing took a senate tile in the next list). A
        group's entry opens the group instead, its back entry closes it."""
        if entry.startswith(GROUP_ID):
            self._open_group(None if entry == BACK_ID else entry.removeprefix(GROUP_ID))
            return
        self.query_one("#decisions", DecisionList).spend()
        self.post_message(ActionChosen(entry))

    def action_undo(self) -> None:
        self.post_message(UndoRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_menu(self) -> None:
        self.post_message(MenuRequested())

    def action_back(self) -> None:
        """Escape: close the innermost open thing, the hint (or the thinking about one), a
        group of choices, else a message; with nothing open say, in one line, that q leaves
        (Escape never does)."""
        if self._group is not None:  # in a group: back to the whole decision
            self._open_group(None)
        elif self._hint_shown or self._hint_asked is not None:
            self._hide_hint()
            self.say("")
        elif str(self._message) and str(self._message) != ESCAPE_LINE:
            self.say("")
        else:
            self.say(ESCAPE_LINE)

    # --- the hint -----------------------------------------------------------------------

    def action_hint(self) -> None:
        """h: a hint; h again shows it whole (below 120 columns it takes one line; pressed
        while thinking, it comes whole), or hides it; h once more shows it again."""
        if not self.data.view.legal:
            return
        note = self.query_one("#t-hint")
        if not self._hint:
            if self._hint_asked is not self.data.view:  # not already thinking about it
                self._hint_asked, self._hint_whole = self.data.view, False
                self.say("Thinking about a hint…")
                self._find_hint(self.data.view)
            else:  # h again while thinking: it counts, the hint comes whole
                self._hint_whole = True
            return
        if not self._hint_shown:
            self._hint_shown = True
        elif self._layout() == "narrow" and not note.has_class("-more"):
            note.add_class("-more")
        else:
            self._hide_hint()
            return
        self._set_note(self._note(self.data))

    def _hide_hint(self) -> None:
        """The hint off the screen (kept: h shows it again), and no more thinking about one."""
        self._hint_shown, self._hint_asked = False, None
        self.query_one("#t-hint").remove_class("-more")
        self._set_note(self._note(self.data))

    @work(thread=True, exclusive=True, group="trajan-hint")
    def _find_hint(self, v: GameState) -> None:
        from forum_trajanum.games.trajan.bots import hint

        try:
            found = hint(v)
        except Exception:  # a hint never stops the game: say so instead
            found = []
        # the app may have closed while the hint was worked out: then there is nobody to tell
        with contextlib.suppress(RuntimeError):
            self.app.call_from_thread(self._show_hint, v, found)

    def hint_text(self, v: GameState, found) -> Text:
        """The hint in words: the best choices, each with the points the Normal bot expects
        for the player at the game's end if it is chosen."""
        if not found:
            return Text("No hint could be worked out for this decision, sorry.")
        out = Text()
        out.append("Hint", style="bold")
        out.append(
            ": the Normal bot's best choices for you, each with your expected points at the "
            "game's end if you choose it"
        )
        for action, value in found:
            out.append(f"\n{self._number(action)}{choice_words(v, action)}: ")
            out.append(f"about {value:.0f} VP", style="bold")
        return out

    def hint_line(self, v: GameState, found) -> Text:
        """The hint on one line (80 columns): the best choices by key with their points."""
        if not found:
            return Text("No hint could be worked out for this decision, sorry.")
        out = Text("Hint (h: all of it): ", style="bold")
        out.append(" · ".join(f"{self._number(a)}{choice_words(v, a)}: about {value:.0f} VP"
                              for a, value in found))  # fmt: skip
        return out

    def _number(self, action) -> str:
        """The key of an action's entry, or of its group's entry ("C) ")."""
        if action not in self._actions:
            return ""
        groups = list_groups(self._actions)
        entries = [i for i, _ in list_entries(self.data.view, self._actions, None)]
        name = next((n for n, members in groups.items() if action in members), None)
        entry = GROUP_ID + name if name else str(action)
        n = entries.index(entry) if entry in entries else len(ENTRY_KEYS)
        return f"{ENTRY_KEYS[n]}) " if n < len(ENTRY_KEYS) else ""

    def _show_hint(self, v: GameState, found) -> None:
        if app_closing(self.app) or not self.is_mounted:
            return  # the app shuts down: its screens are being taken apart
        if v is not self.data.view or v is not self._hint_asked:
            return  # the player acted meanwhile, or gave it up: the hint is not wanted
        text = self.hint_text(v, found)
        self._hint, self._hint_shown, self._hint_asked = text, True, None
        self._hint_line = self.hint_line(v, found)
        if self._hint_whole and self._layout() == "narrow":
            self.query_one("#t-hint").add_class("-more")  # h was pressed again meanwhile
        self.say("")
        self._set_note(self._note(self.data))


class TrajanWatchScreen(TrajanScreen):
    """The public view while a bot plays (or before a scoring)."""

    MODE = "trajan-watch"


#: The point categories in words (the engine's POINT_SOURCES).
CATEGORY_WORDS = {
    "trajan": "Trajan tiles",
    "ships": "ships",
    "provinces": "provinces",
    "senate": "senate",
    "buildings": "buildings",
    "demands": "unmet demands",
    "leftovers": "1 VP each (cards in hand, tokens in camps, Trajan tiles on the circle)",
    "sets": "building sets",
    "bonus": "bonus tiles",
}
QUARTERS = NUMERALS[: D.QUARTERS]


def quarter_text(v: GameState, scoring: int, names) -> Text:
    """What the end of quarter ``scoring`` decided: the demands, each player's demands met
    and penalty, the senate vote, the consuls and their bonus tiles, the points."""
    out = Text()
    quarter = NUMERALS[min(scoring, 4) - 1]
    out.append(f"End of quarter {quarter}\n", style="bold #ffd75f")
    report = v.reports[scoring - 1] if scoring <= len(v.reports) else None
    if report is not None:
        demanded = ", ".join(D.DEMANDS[d] for d in report.demands) or "nothing"
        out.append(f"The people demanded: {demanded}\n")
        for p, name in enumerate(names):
            met, penalty = report.met[p], report.penalty[p]
            out.append(f"  {name}: met {met} of {len(report.demands)}")
            out.append(f", lost {penalty} VP\n" if penalty else ", no penalty\n")
            paid = report.met_by[p] if p < len(report.met_by) else ()
            for demand, how in zip(report.demands, paid, strict=False):  # met by what, or missed
                out.append(f"    · {W.demand_met(demand, how)}\n")
        if report.votes:
            spaces = report.senate or (None,) * len(report.votes)
            counted = " · ".join(
                f"{names[p]}: {W.votes_told(spaces[p], n)}" for p, n in enumerate(report.votes)
            )
            out.append(f"Senate votes: {counted}\n")
            ranked = sorted(report.votes, reverse=True)
            if len(ranked) > 1 and (ranked.count(ranked[0]) > 1 or ranked.count(ranked[1]) > 1):
                out.append(
                    "A tie: it goes to the player higher on the senate track, and on the same "
                    "space to the disc on top.\n"
                )
            consul = f"Consul: {names[report.consul]}"
            if report.consul_tile >= 0:
                consul += f", took {W.bonus_taken(report.consul_tile, True)}"
            out.append(consul + "\n")
            vice = f"Vice consul: {names[report.vice]}"
            if report.vice_tile >= 0:
                vice += f", took {W.bonus_taken(report.vice_tile, False)}"
            elif report.consul_tile >= 0:
                vice += ", no bonus tile left for the vice consul"
            out.append(vice + "\n")
    rows = v.scorings[scoring - 1] if scoring <= len(v.scorings) else []
    if rows:
        out.append("Points of this scoring:\n", style="bold")
    for p, parts in enumerate(rows):
        shown = ", ".join(f"{CATEGORY_WORDS[k]} {n:+d}" for k, n in parts.items() if n)
        out.append(f"  {names[p]}: {shown or 'nothing'} · now {v.players[p].score} VP\n")
    return out


class QuarterScreen(FlowScreen):
    """The end of a quarter: the demands met and missed, the senate vote, the consuls, the
    points of its scoring and the chart of the scores so far."""

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]
    DEFAULT_CSS = """
    QuarterScreen { align: center middle; }
    QuarterScreen #q-box {
        width: 100%; max-width: 110; height: auto; max-height: 100%;
        border: thick #d7af00; background: #141a20; padding: 0 1;
    }
    QuarterScreen #q-chart { margin-top: 1; }
    """

    def __init__(self, v: GameState, scoring: int, names, history=(), hold: float = 0.0):
        super().__init__()
        self.v, self.scoring, self.names, self.history = v, scoring, names, history
        from time import monotonic

        self._held_until = monotonic() + hold

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="q-box"):
            yield Static(quarter_text(self.v, self.scoring, self.names), id="q-text")
            yield ScoreChart(self.history, self.names, id="q-chart", groups=QUARTERS)
            yield Static(Text("Enter: go on", style="bold"))
        yield KeyBar()

    @property
    def held(self) -> bool:
        """True for a moment after it opens: a key pressed for the game does not close it."""
        from time import monotonic

        return monotonic() < self._held_until

    def action_close(self) -> None:
        if not self.held:
            self.dismiss(None)


def final_text(v: GameState, names) -> Text:
    """The final ranking with each player's points by category and the tie-break in words."""
    from forum_trajanum.games.trajan.engine.game import ranking

    out = Text()
    places = ranking(v)
    winners = " and ".join(names[p] for p in places[0])
    out.append(f"{winners} win{'s' if len(places[0]) == 1 else ''}!\n\n", style="bold #ffd75f")
    scores = [v.players[p].score for p in range(len(names))]
    for place, seats in enumerate(places, start=1):
        for p in seats:
            pl = v.players[p]
            out.append(f"{place}. {names[p]}: {pl.score} VP", style="bold")
            tied = [q for q in range(len(names)) if q != p and scores[q] == scores[p]]
            if tied:
                out.append(" (tied on points: see below)")
            out.append("\n")
            parts = ", ".join(f"{CATEGORY_WORDS[k]} {n}" for k, n in pl.points.items() if n)
            out.append(f"   {parts or 'no points'}\n")
            out.append(_final_why(v, p))
    if any(scores.count(n) > 1 for n in scores):  # the engine's tie-breaks, in its words
        rules = "; then ".join(f"{tie}: {tie.detail}" for tie in TIE_BREAKS)
        out.append(f"\nA tie on points goes to the player {rules}.\n")
    return out


def _final_why(v: GameState, p: int) -> str:
    """The final scoring of seat ``p`` item by item: the 1 VP items, the sets, and every
    bonus tile's points with why (EN l.524-594)."""
    pl = v.players[p]
    final = v.scorings[-1][p] if v.scorings else {}
    lines = [
        f"{final.get('leftovers', 0)} VP for {W.leftovers(pl)}",
        f"{final.get('sets', 0)} VP for building sets: {W.building_sets(pl)}",
    ]
    lines += [W.bonus_item(item) for item in bonus_items(v, p)]
    return "".join(f"     · {line}\n" for line in lines)


class TrajanOverScreen(FlowScreen):
    """The final ranking, with the points by category, the tie-break in words and the chart
    of the scores over the sixteen rounds."""

    BINDINGS = [Binding("q,escape,enter", "menu", "Menu")]
    DEFAULT_CSS = """
    TrajanOverScreen { align: center middle; }
    TrajanOverScreen #o-box {
        width: 100%; max-width: 110; height: auto; max-height: 100%;
        border: thick #d7af00; background: #141a20; padding: 0 1;
    }
    TrajanOverScreen #o-chart { margin-top: 1; }
    """

    def __init__(self, v: GameState, names, history=()) -> None:
        super().__init__()
        self.v, self.names, self.history = v, names, history

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="o-box"):
            yield Static(Text("Final ranking", style="bold"))
            yield Static(final_text(self.v, self.names), id="o-text")
            yield ScoreChart(self.history, self.names, id="o-chart", groups=QUARTERS)
            yield Static(Text("Enter: back to the menu", style="bold"))
        yield KeyBar()

    def action_menu(self) -> None:
        self.post_message(GameLeft())


# ── what Trajan gives the app ───────────────────────────────────────────────────────────


def play_data(session, v, *, names, bots, message="", hold=0.0, home=-1) -> TrajanData:
    """What a play screen draws for ``v`` and what the others did since its seat last
    decided (since a person did, on a public view). (With one person at the table, the app
    shows a bot's turn through that person's own view, hand included: the conductor names
    them as the watcher.)"""
    can_undo = v.viewer == session.decider and session.can_undo()
    data = TrajanData(v, names, bots, log_lines(session, names), can_undo, message, hold, home)
    data.step = len(session.record.actions)
    # what the others did since this seat last decided (trajan/recap.py)
    data.recent = recent_lines(session, names, v.viewer)
    if v.legal:
        data.scored = points_since(session, names, v.viewer)
    return data


def screen_class(v: GameState) -> type[TrajanScreen]:
    if v.viewer < 0 or not v.legal:
        return TrajanWatchScreen
    return TrajanScreen


def scoring_screen(v: GameState, scoring: int, names, history, hold: float = 0.0):
    return QuarterScreen(v, scoring, names, history, hold)


def game_over_screen(v: GameState, names, history):
    return TrajanOverScreen(v, names, history)


def help_screen(tab: str = "keys"):
    from forum_trajanum.games.trajan.ui.help import TrajanHelpScreen

    return TrajanHelpScreen(tab)


def replay_screen(record):
    from forum_trajanum.games.trajan.ui.replayscreen import replay_screen as made

    return made(record)
