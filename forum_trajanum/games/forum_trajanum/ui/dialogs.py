"""Forum Trajanum's own dialogs: the Trajan cards with where the viewer stands on each task
(t), and the other players' public Colonias (o)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Label, Static

from forum_trajanum.games.forum_trajanum.data import STREET_SYMBOLS, TRAJAN_CARDS
from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.games.forum_trajanum.engine.state import TRAJAN_CARDS_KEY
from forum_trajanum.games.forum_trajanum.engine.words import CYCLE_NUMERALS
from forum_trajanum.games.forum_trajanum.ui.glossary import WORDS
from forum_trajanum.games.forum_trajanum.ui.panels import supply_text
from forum_trajanum.games.forum_trajanum.ui.playdata import PlayData
from forum_trajanum.games.forum_trajanum.ui.widgets import SEAT_STYLE, ColoniaGrid
from forum_trajanum.tui.glossary import heading
from forum_trajanum.tui.screenbase import OwnModalScreen


class TrajanCardsScreen(OwnModalScreen[None]):
    """The Trajan cards of all cycles with their tasks, whether the viewer meets each task
    now and what is missing (the engine's ``cards.progress``), and the street cards.

    Each line is its own widget, indented by its level, so that a wrapped line keeps its
    indent; the window opens on the current cycle's card, and covers the screen's bottom
    lines with its own key line (issue 36, item 12)."""

    BINDINGS = [Binding("escape,t,q", "close", "Close")]
    DEFAULT_CSS = """
    TrajanCardsScreen .indent-1 { padding-left: 2; }
    TrajanCardsScreen .indent-2 { padding-left: 4; }
    TrajanCardsScreen #trajan-keys { dock: bottom; height: 1; background: #141a20; }
    """

    def __init__(self, pv: PlayerView) -> None:
        super().__init__()
        self.pv = pv

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="trajan-cards"):
            yield Label("Trajan cards and street cards (Escape closes)", classes="heading")
            for indent, text, name in trajan_cards_lines(self.pv):
                line = Static(text, classes=f"indent-{indent}")
                if name:
                    line.id = name
                yield line
        yield Static(
            Text.assemble(("↑↓", "bold reverse"), " scroll ", ("Esc", "bold reverse"), " Close"),
            id="trajan-keys",
        )

    def on_mount(self) -> None:
        # as tall as the screen allows (an inline style: the app's .dialog says 90%): no
        # line of the screen below shows between the window and its key line
        self.query_one("#trajan-cards").styles.max_height = "100%"
        cycle = current_card_cycle(self.pv)
        found = self.query(f"#cycle-{cycle}")
        if cycle > 1 and found:
            self.call_after_refresh(self._to_cycle, found.first(), True)

    def _to_cycle(self, line: Static, again: bool = False) -> None:
        """The current cycle's card at the window's top; looked at once more after the next
        repaint, in case the lines above it were laid out again meanwhile (their wrapping
        decides where it lies) and the window is left scrolled past it."""
        box = self.query_one("#trajan-cards", VerticalScroll)
        box.scroll_to_widget(line, top=True, animate=False)
        if again:
            self.call_after_refresh(self._to_cycle, line)

    def action_close(self) -> None:
        self.dismiss(None)


def current_card_cycle(pv: PlayerView) -> int:
    """The cycle whose Trajan card is the current one: the first not scored yet (the last
    card once all are)."""
    cards = max(len(pv.trajan_cards), 1)
    return min(len(pv.scorings) + 1, cards) if pv.phase != "over" else cards


def times_words(times: int) -> str:
    """1 -> "once", 2 -> "twice", 3 -> "3 times"."""
    return {1: "once", 2: "twice"}.get(times, f"{times} times")


def trajan_cards_text(pv: PlayerView) -> Text:
    """The Trajan cards, with where the viewer stands on each task now, and the street
    cards, as one text (the window shows :func:`trajan_cards_lines`)."""
    text = Text()
    for n, (indent, line, _name) in enumerate(trajan_cards_lines(pv)):
        if n:
            text.append("\n")
        text.append("  " * indent)
        text.append_text(line)
    return text


def trajan_cards_lines(pv: PlayerView) -> list[tuple[int, Text, str]]:
    """The Trajan cards window's lines: (indent level, words, id): the Trajan cards with
    where the viewer stands on each task now, and the street cards. A cycle's heading has
    the id "cycle-N"."""
    from forum_trajanum.games.forum_trajanum.engine.cards import progress

    me = pv.colonias[pv.viewer] if 0 <= pv.viewer < len(pv.colonias) else None
    lines: list[tuple[int, Text, str]] = []
    if me is not None:
        text = Text(style="italic")
        text.append("Each task you fulfil scores ")
        text.append(f"{me.trajan_card_value} VP", style="bold")
        text.append(f" at the cycle's scoring, as often as you fulfil it ({me.trajan_card_value}"
                    " is your slide bar's value now; its value at the scoring counts). A "
                    "collection task is checked at the scoring: you show what it asks for and "
                    "keep it.")  # fmt: skip
        lines.append((0, text, ""))
    for i, card in enumerate(pv.trajan_cards):
        cycle = i + 1
        text = Text.assemble((f"Cycle {CYCLE_NUMERALS[i]}: ", "bold #ffd75f"))
        lines.append((0, Text(""), ""))
        lines.append((0, text, f"cycle-{cycle}"))
        if not card:
            text.append("no Trajan card")
            continue
        scored = i < len(pv.scorings)  # its cycle's scoring is over: what it gave, not "now"
        when = (
            "scored after cycle " + CYCLE_NUMERALS[i]
            if scored
            else "this cycle's card"
            if cycle == current_card_cycle(pv)
            else "a later cycle's card"
        )
        text.append(f"{card} ({when})")
        building, collection = TRAJAN_CARDS[card]
        standing = progress(card, me) if me is not None and not scored else (None, None)
        if scored and me is not None:
            got = pv.scorings[i][pv.viewer].get(TRAJAN_CARDS_KEY, 0)
            words = f"you scored {got} VP for its tasks" if got else "you scored no VP for it"
            lines.append((1, Text(words, style="bold green" if got else "bold #a0a0a0"), ""))
        for name, task, where in (("building", building, standing[0]),
                                  ("collection", collection, standing[1])):  # fmt: skip
            lines.append((1, Text.assemble((f"{name} task: ", "bold"), task), ""))
            if "Trajan's Column" in task:  # the words a newcomer does not know
                word = "marker beside Trajan's Column"
                lines.append(
                    (2, Text(f"({heading(word)}: {WORDS[word]})", style="italic #a0a0a0"), "")
                )
            if where is None:
                continue
            if where.times:
                lines.append(
                    (2, Text(f"you: met {times_words(where.times)} now", style="bold green"), "")
                )
            else:
                missing = Text.assemble(
                    ("you: not met; missing ", "bold #ff8700"), ", ".join(where.missing)
                )
                lines.append((2, missing, ""))
    lines.append((0, Text(""), ""))
    street = Text.assemble(("Street cards now: ", "bold"))
    street.append("  ".join(STREET_SYMBOLS[s] for s in pv.street) or "-")
    lines.append((0, street, ""))
    for i, cyc in enumerate(pv.played):
        played = Text.assemble((f"Played in cycle {CYCLE_NUMERALS[i]}: ", "bold"))
        played.append(" ".join(STREET_SYMBOLS[s] for s in cyc) or "-")
        lines.append((0, played, ""))
    lines.append(
        (0, Text(f"Street cards left in the piles: {', '.join(map(str, pv.pile_sizes))}"), "")
    )
    return lines


class BoardsScreen(OwnModalScreen[None]):
    """Every other player's public Colonia (from the current view)."""

    BINDINGS = [Binding("escape,o,q", "close", "Close")]

    def __init__(self, data: PlayData) -> None:
        super().__init__()
        self.data = data

    def compose(self) -> ComposeResult:
        pv = self.data.view
        with VerticalScroll(classes="dialog wide", id="boards"):
            yield Label("Other players' boards — public information (Escape closes)",
                        classes="heading")  # fmt: skip
            for colonia in pv.colonias:
                if colonia.seat == pv.viewer:
                    continue
                name = self.data.names[colonia.seat]
                yield Static(
                    Text(
                        f"Colonia of {name} (seat {colonia.seat + 1})",
                        style=SEAT_STYLE[colonia.seat],
                    ),
                    classes="heading",
                )
                grid = ColoniaGrid(id=f"board-{colonia.seat}", classes="board-grid")
                grid.can_focus = False
                yield grid
                yield Static(supply_text(colonia), classes="board-supply")

    def on_mount(self) -> None:
        pv = self.data.view
        self.query_one("#boards").focus()
        for colonia in pv.colonias:
            if colonia.seat != pv.viewer:
                grid = self.query_one(f"#board-{colonia.seat}", ColoniaGrid)
                grid.show(colonia, pv.options.side)

    def action_close(self) -> None:
        self.dismiss(None)
