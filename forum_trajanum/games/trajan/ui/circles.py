"""The other players' action circles (issue 28): each one's trays and markers, the Trajan
tile beside each tray, the arch, the [+2] markers and the extra action tiles, with the
plannable lines of the trays they could take (where the last marker lands, the tile it can
complete, how far the time marker moves), and of their hand the count alone.

Everything comes from the viewing seat's view (another player's circle is public; the cards
in their hand are not); the lines are the engine's
(:func:`~forum_trajanum.games.trajan.engine.foresight.
tray_plans`) in the same words as one's own choice of a source tray
(:func:`~forum_trajanum.games.trajan.engine.words.tray_plan_words`). Shown by ``o`` on any Trajan
play
screen and below the players panel."""

from __future__ import annotations

from collections import Counter
from functools import partial

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.foresight import tray_plans
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.engine.words import cards, forum_tile, plural, tray_plan_words
from forum_trajanum.tui.keys import KeyBar


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
    from forum_trajanum.games.trajan.ui.playscreen import Drawn, circle_rows, circle_table

    pl = v.players[seat]
    title = Text()
    title.append(f"{names[seat]}'s action circle", style="bold #ffd75f")
    title.append(f" (clockwise) · {pl.score} VP")
    table = Drawn(partial(circle_table, circle_rows(pl)))
    lines = plan_lines(v, seat)  # none while the trays are hidden or empty
    head = [Text(f"If {names[seat]} took a tray now:", style="bold")] if lines else []
    # each line indented as a whole: a wrapped line's end stays under its beginning
    plans = [Padding(Text(line), (0, 0, 0, 2)) for line in lines]
    return Group(title, table, circle_facts(v, seat), *head, *plans)


def others_group(v: GameState, home: int, names: list[str]) -> Group:
    """Every other player's circle, one below the other."""
    parts = []
    for seat in other_seats(v, home):
        if parts:
            parts.append(Text(""))
        parts.append(circle_of(v, seat, names))
    return Group(*parts)


class OthersScreen(ModalScreen[None]):
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
