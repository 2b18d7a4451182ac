"""Forum Trajanum's own dialogs: the Trajan cards with where the viewer stands on each task
(t), and the other players' public Colonias (o)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from forum_trajanum.games.forum_trajanum.data import STREET_SYMBOLS, TRAJAN_CARDS
from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.games.forum_trajanum.engine.words import CYCLE_NUMERALS
from forum_trajanum.games.forum_trajanum.ui.glossary import WORDS
from forum_trajanum.games.forum_trajanum.ui.panels import supply_text
from forum_trajanum.games.forum_trajanum.ui.playdata import PlayData
from forum_trajanum.games.forum_trajanum.ui.widgets import SEAT_STYLE, ColoniaGrid
from forum_trajanum.tui.glossary import heading


class TrajanCardsScreen(ModalScreen[None]):
    """The Trajan cards of all cycles with their tasks, whether the viewer meets each task
    now and what is missing (the engine's ``cards.progress``), and the street cards."""

    BINDINGS = [Binding("escape,t,q", "close", "Close")]

    def __init__(self, pv: PlayerView) -> None:
        super().__init__()
        self.pv = pv

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Label("Trajan cards and street cards (Escape closes)", classes="heading")
            yield Static(trajan_cards_text(self.pv))

    def action_close(self) -> None:
        self.dismiss(None)


def times_words(times: int) -> str:
    """1 -> "once", 2 -> "twice", 3 -> "3 times"."""
    return {1: "once", 2: "twice"}.get(times, f"{times} times")


def trajan_cards_text(pv: PlayerView) -> Text:
    """The Trajan cards, with where the viewer stands on each task now, and the street
    cards."""
    from forum_trajanum.games.forum_trajanum.engine.cards import progress

    me = pv.colonias[pv.viewer] if 0 <= pv.viewer < len(pv.colonias) else None
    text = Text()
    if me is not None:
        text.append("Each task you fulfil scores ", style="italic")
        text.append(f"{me.trajan_card_value} VP", style="bold")
        text.append(f" at the cycle's scoring, as often as you fulfil it ({me.trajan_card_value}"
                    " is your prestige bar's value now; its value at the scoring counts). A "
                    "collection task is checked at the scoring: you show what it asks for and "
                    "keep it.\n", style="italic")  # fmt: skip
    for i, card in enumerate(pv.trajan_cards):
        cycle = i + 1
        text.append(f"\nCycle {CYCLE_NUMERALS[i]}: ", style="bold #ffd75f")
        if not card:
            text.append("no Trajan card\n")
            continue
        when = (
            "scored after cycle " + CYCLE_NUMERALS[i]
            if cycle < pv.cycle or pv.phase == "over"
            else "this cycle's card"
            if cycle == max(pv.cycle, 1)
            else "a later cycle's card"
        )
        text.append(f"{card} ({when})\n")  # fmt: skip
        building, collection = TRAJAN_CARDS[card]
        standing = progress(card, me) if me is not None else (None, None)
        for name, task, where in (("building", building, standing[0]),
                                  ("collection", collection, standing[1])):  # fmt: skip
            text.append(f"  {name} task: ", style="bold")
            text.append(task + "\n")
            if "Trajan's Column" in task:  # the words a newcomer does not know
                word = "marker beside Trajan's Column"
                text.append(f"    ({heading(word)}: {WORDS[word]})\n", style="italic #a0a0a0")
            if where is None:
                continue
            if where.times:
                text.append(f"    you: met {times_words(where.times)} now\n", style="bold green")
            else:
                text.append("    you: not met; missing ", style="bold #ff8700")
                text.append(", ".join(where.missing) + "\n")
    text.append("\nStreet cards now: ", style="bold")
    text.append("  ".join(STREET_SYMBOLS[s] for s in pv.street) or "-")
    for i, cyc in enumerate(pv.played):
        text.append(f"\nPlayed in cycle {CYCLE_NUMERALS[i]}: ", style="bold")
        text.append(" ".join(STREET_SYMBOLS[s] for s in cyc) or "-")
    text.append(f"\nStreet cards left in the piles: {', '.join(map(str, pv.pile_sizes))}")
    return text


class BoardsScreen(ModalScreen[None]):
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
