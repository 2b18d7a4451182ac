"""Modal screens that return through dismiss(): save a copy, messages, help, Trajan cards,
other players' boards and the log."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static, TabbedContent, TabPane

from forum_trajanum.core.text import printable
from forum_trajanum.games.forum_trajanum.data import RULINGS, STREET_SYMBOLS, TRAJAN_CARDS
from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.games.forum_trajanum.engine.words import CYCLE_NUMERALS
from forum_trajanum.games.forum_trajanum.ui.panels import supply_text
from forum_trajanum.games.forum_trajanum.ui.playdata import PlayData
from forum_trajanum.games.forum_trajanum.ui.widgets import SEAT_STYLE, ColoniaGrid
from forum_trajanum.tui.glossary import WORDS, heading
from forum_trajanum.tui.help import LEGEND_KEY, RULES_REFERENCE, keys_table, legend
from forum_trajanum.tui.keys import KeyBar


class SaveAsScreen(ModalScreen[str | None]):
    """Ask for the name of a copy of the game."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                "Save a copy of this game as (Enter to save, Escape to go back):", classes="heading"
            )
            yield Input(placeholder="name", id="save-name")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChooseGameScreen(ModalScreen[str | None]):
    """Which game's rules and help to open (outside a game): the registered games with
    screens, each by its digit or Enter; Escape goes back. Returns the game's name."""

    BINDINGS = [Binding("escape,q", "cancel", "Back")]

    def __init__(self, games: list[tuple[str, str]]) -> None:
        super().__init__()
        #: (name, title) of each game offered, in the registry's order.
        self.games = games

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList
        from textual.widgets.option_list import Option

        with Vertical(classes="dialog"):
            yield Label("Rules and help of which game?", classes="heading")
            yield OptionList(
                *(
                    Option(Text(f"{n} {title}"), id=name)
                    for n, (name, title) in enumerate(self.games, 1)
                ),
                id="games",
            )
            yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#games").focus()

    def on_key(self, event) -> None:
        if event.character and event.character.isascii() and event.character.isdigit():
            n = int(event.character)
            if 1 <= n <= len(self.games):
                event.stop()
                self.dismiss(self.games[n - 1][0])

    def on_option_list_option_selected(self, event) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class MessageScreen(ModalScreen[None]):
    """A message with an OK (Enter/Escape)."""

    BINDINGS = [Binding("enter,escape,space", "close", "OK")]

    def __init__(self, message: str, title: str = "Note") -> None:
        super().__init__()
        self.message, self.heading = message, title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.heading, classes="heading")
            yield Static(printable(self.message, lines=True), id="message-text", markup=False)
            yield Label("Press Enter to continue.")

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """Help in four tabs: keys, the legend of every symbol, a rules reference and the
    rulings of this edition. ``tab`` picks the tab shown first."""

    TABS = ("keys", "legend", "rules", "rulings")
    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", "Close"),
        Binding("1", "tab('keys')", "Keys"),
        Binding("2", "tab('legend')", "Legend"),
        Binding("3", "tab('rules')", "Rules"),
        Binding("4", "tab('rulings')", "Rulings"),
        Binding(LEGEND_KEY, "tab('legend')", "Legend", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen #help-box {
        width: 100%; max-width: 104; height: 100%; max-height: 48;
        border: thick #d7af00; background: #141a20;
    }
    HelpScreen TabbedContent { height: 1fr; }
    HelpScreen TabPane { padding: 0 1; height: 1fr; }
    HelpScreen TabPane > VerticalScroll { height: 1fr; }
    """

    def __init__(self, tab: str = "keys") -> None:
        super().__init__()
        self.first_tab = tab if tab in self.TABS else "keys"

    def compose(self) -> ComposeResult:
        rulings = Table.grid(padding=(0, 1, 1, 0))
        rulings.add_column(no_wrap=True)
        rulings.add_column()
        for ruling in RULINGS:
            rulings.add_row("•", ruling)
        with Vertical(id="help-box"):
            with TabbedContent(initial=self.first_tab):
                with TabPane("1 Keys", id="keys"), VerticalScroll():
                    yield Static(keys_table())
                with TabPane("2 Legend", id="legend"), VerticalScroll():
                    yield Static(legend())
                with TabPane("3 Rules", id="rules"), VerticalScroll():
                    yield Static(RULES_REFERENCE, markup=False)
                with TabPane("4 Rulings", id="rulings"), VerticalScroll():
                    yield Static(
                        "Where the rulebooks leave a question open, this edition plays so:",
                        classes="heading",
                    )
                    yield Static(rulings)
            yield KeyBar()

    def on_mount(self) -> None:
        self.focus_pane()

    def focus_pane(self) -> None:
        """Focus the shown tab's scroll area, so that arrows and PgUp/PgDn scroll it."""
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            pane.query_one(VerticalScroll).focus()

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        self.focus_pane()

    def action_close(self) -> None:
        self.dismiss(None)


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


class LogScreen(ModalScreen[None]):
    """The whole public log."""

    BINDINGS = [Binding("escape,l,q", "close", "Close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Label("Log — what every player did (Escape closes)", classes="heading")
            yield Static("\n".join(self.lines) or "Nothing yet.", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
