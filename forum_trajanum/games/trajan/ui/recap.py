"""What the others did since a person last decided (issue 28, point 3): the lines of the
public log since then, for the one-line "Meanwhile" above the person's decision (and the
"Just now" of a bot's turn). Every person at the table gets it, in a hot-seat game of two or
more people as beside bots: the lines since their own last move, whoever played meanwhile.
What matters goes first (:func:`points_since`): the points each other player scored since."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from forum_trajanum.games.trajan.engine.words import POINTS_SHORT
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.screenbase import OwnModalScreen

#: The key of the recap's own window (issue 36.10), and how the one-line "Meanwhile" names it.
RECAP_KEY = "r"
RECAP_WORDS = f" · {RECAP_KEY}: all of it"


def _stops(session, seat: int, actor: int) -> bool:
    """Whether a line written by ``actor``'s move is where the recap for ``seat`` begins:
    ``seat``'s own last move (a person's view), or any person's (an onlooker's, while bots
    play between two people)."""
    if seat >= 0 and not session.is_bot(seat):
        return actor == seat
    return actor >= 0 and not session.is_bot(actor)


def _since(session, seat: int, log: list) -> int:
    """The index in ``log`` (the session's log, read once by the caller: a joined seat's
    session makes it anew at each read) of the first line after ``seat``'s own last move (see
    :func:`_stops`); 0 when there is none."""
    for index in range(len(log) - 1, -1, -1):
        entry = log[index]
        if _stops(session, seat, entry.actor if entry.actor >= 0 else entry.seat):
            return index + 1
    return 0


def recent_lines(session, names: list[str], seat: int = -1, most: int = 8) -> list[str]:
    """The public log lines since ``seat`` last decided (the others' moves and what they
    led to, a line about ``seat`` itself included), at most ``most`` of the latest; with no
    seat, since a person last decided."""
    log = session.log
    entries = log[max(_since(session, seat, log), len(log) - most) :]
    return [f"{names[e.seat]} {e.text}" if e.seat >= 0 else Happening(e.text) for e in entries]


class Happening(str):
    """A line of the game's own in the recap ("The round ends: ..."), not a player's move:
    where the line above the choices is short, the moves come first (QA at 80x24:
    "Meanwhile: The round ends… · r: all of it" hid the bot's move)."""

    __slots__ = ()


def points_since(session, names: list[str], seat: int) -> list[str]:
    """The points each other player scored since ``seat`` last decided, biggest first, in
    words: "Bob +12 VP (Trajan tiles +9, senate +3)" (a loss: "Bob -9 VP (demands -9)");
    nothing for a player whose score did not change."""
    if seat < 0 or session.is_bot(seat):
        return []
    log = session.log
    start = _since(session, seat, log)
    before = log[start - 1].points if start else ()
    now = session.rules.points(session.state)
    if not before:  # the seat has not moved yet: since the game began
        before = tuple(dict.fromkeys(parts, 0) for parts in now)
    out = []
    for other, parts in enumerate(now):
        if other == seat:
            continue
        gained = {key: vp - before[other].get(key, 0) for key, vp in parts.items()}
        gained = {key: vp for key, vp in gained.items() if vp}
        total = sum(gained.values())
        if not gained:
            continue
        ordered = sorted(gained.items(), key=lambda kv: -abs(kv[1]))
        why = ", ".join(f"{POINTS_SHORT.get(key, key)} {vp:+d}" for key, vp in ordered)
        out.append((abs(total), f"{names[other]} {total:+d} VP ({why})"))
    return [words for _, words in sorted(out, key=lambda item: -item[0])]


def meanwhile(recent: list[str], most: int = 4, width: int = 0, scored=()) -> Text:
    """What the others did since a person's own last move, above their decision (gone with
    their first step): first what matters, the points each other player scored (``scored``:
    :func:`~forum_trajanum.games.trajan.ui.recap.points_since`), then their moves, in one wrapped
    paragraph; with ``width``, in one line of that width: the points, then the latest moves
    that fit, and "r: all of it" when some are left out or cut (the recap's own window,
    :class:`RecapScreen`, shows them whole)."""
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
    log_key = RECAP_WORDS  # where the moves left out are
    window = recent[-most:]
    moves = [i for i, line in enumerate(window) if not isinstance(line, Happening)]
    happenings = [i for i, line in enumerate(window) if isinstance(line, Happening)]
    chosen: list[int] = []
    # the latest moves that fit, then the game's own lines (a round's end) that fit too
    for kind in (moves, happenings):
        for i in reversed(kind):
            wanted = sorted([*chosen, i])
            whole = len(wanted) == len(recent)
            lines = "; ".join(window[j] for j in wanted)
            if Text(lines).cell_len + (0 if whole else len(log_key)) > room:
                break
            chosen = wanted
        if moves and not chosen:
            break  # the latest move does not fit whole: it comes cut, before any round's end
    shown = [window[j] for j in chosen]
    earlier = ""
    if recent and not shown:
        # the latest move whole, after an ellipsis and before where the rest is (an ellipsis
        # that says nothing of where the rest is, is not shown: QA at 80x24, "Meanwhile: …;
        # Easy bot placed their action markers")
        latest = window[moves[-1]] if moves else recent[-1]
        if Text(latest).cell_len + len("…; ") + len(log_key) <= room:
            shown, earlier = [latest], "…; "
        elif room - len(log_key) > 12:  # the latest move, cut to fit
            shown = [latest[: room - len(log_key) - 1].rstrip() + "…"]
    out.append(head + ("; " if head and shown else ""))
    out.append(earlier + "; ".join(shown), style="#a0a0a0")
    if len(shown) < len(recent) or (shown and shown[-1] not in recent):
        out.append(log_key, style="bold")
    return out


def recap_table(scored: list[str], recent: list[str]) -> Group:
    """What the others did since a person's own last move, whole: the points each scored,
    then every move, one a row (its wrapped lines indented under its words)."""
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    if not recent:
        grid.add_row("·", "The others made no move since yours.")
    for line in recent:
        grid.add_row("·", Text(line))
    points = [Text("Points: " + "; ".join(scored), style="bold")] if scored else []
    return Group(*points, grid)


class RecapScreen(OwnModalScreen[None]):
    """What the others did since the person last decided, in a window of its own (``r``):
    readable whole at 80x24 (issue 36.10: the one line above the choices cut it, and the log
    panel showed 5-6 lines of it at a time)."""

    BINDINGS = [
        Binding(f"escape,{RECAP_KEY},q,enter", "close", "Close"),
        Binding("pageup", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(1)", show=False),
    ]
    DEFAULT_CSS = """
    RecapScreen { align: center middle; }
    RecapScreen #recap-box {
        width: 100%; max-width: 100; height: auto; max-height: 100%;
        border: thick #d7af00; background: #141a20; padding: 0 1;
    }
    """

    def __init__(self, scored: list[str], recent: list[str]) -> None:
        super().__init__()
        self.scored, self.recent = scored, recent

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="recap-box") as box:
            box.border_title = Text("Since your last move (Escape closes)")
            yield Static(recap_table(self.scored, self.recent), id="recap-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#recap-box").focus()

    def action_scroll(self, pages: int) -> None:
        box = self.query_one("#recap-box", VerticalScroll)
        if pages < 0:
            box.scroll_page_up(animate=False)
        else:
            box.scroll_page_down(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
