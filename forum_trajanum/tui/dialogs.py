"""Modal screens that return through dismiss(): save a copy, which game's help, messages,
the help (each game's pages in its four tabs) and the log. A game's own dialogs are in its
``ui`` package (Forum Trajanum's Trajan cards and other players' boards, say)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Label, Static, TabbedContent, TabPane

from forum_trajanum.core.text import printable
from forum_trajanum.tui.help import HelpPages, entries
from forum_trajanum.tui.keys import LEGEND_KEY, KeyBar
from forum_trajanum.tui.screenbase import OwnModalScreen


class SaveAsScreen(OwnModalScreen[str | None]):
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


class ChooseGameScreen(OwnModalScreen[str | None]):
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


class MessageScreen(OwnModalScreen[None]):
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


class HelpScreen(OwnModalScreen[None]):
    """Help in four tabs: keys, the legend of every symbol, a rules reference and the
    rulings of this edition, each a game's (its :class:`~forum_trajanum.tui.help.HelpPages`).
    ``tab`` picks the tab shown first."""

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

    def __init__(self, tab: str = "keys", pages: HelpPages | None = None) -> None:
        super().__init__()
        self.first_tab = tab if tab in self.TABS else "keys"
        #: What the tabs show (a game's; empty tabs for a game with no help).
        self.pages = pages if pages is not None else HelpPages()

    def compose(self) -> ComposeResult:
        pages = self.pages
        rulings = Table.grid(padding=(0, 1, 1, 0))
        rulings.add_column(no_wrap=True)
        rulings.add_column()
        for mark, ruling in pages.rulings:
            rulings.add_row(mark, ruling)
        with Vertical(id="help-box"):
            with TabbedContent(initial=self.first_tab):
                with TabPane("1 Keys", id="keys"), VerticalScroll():
                    # an app may say in its own words what a key does there (join: q leaves)
                    said = getattr(self.app, "KEY_HELP", {})
                    yield Static(entries([(k, said.get(k, m)) for k, m in pages.keys]))
                with TabPane("2 Legend", id="legend"), VerticalScroll():
                    yield Static(pages.legend())
                with TabPane("3 Rules", id="rules"), VerticalScroll():
                    yield Static(pages.rules(), markup=False)
                with TabPane("4 Rulings", id="rulings"), VerticalScroll():
                    yield Static(
                        "Where the rulebooks leave a question open, this edition plays so:",
                        classes="heading",
                    )
                    yield Static(rulings)
                    if pages.notice:
                        yield Static(Text(pages.notice, style="italic"))
            yield KeyBar()

    def on_mount(self) -> None:
        self.focus_pane()

    def _tabs(self) -> TabbedContent | None:
        """The tabs, or None while the screen has none (keys typed on while it closes)."""
        found = self.query(TabbedContent)
        return found.first() if found else None

    def focus_pane(self) -> None:
        """Focus the shown tab's scroll area, so that arrows and PgUp/PgDn scroll it."""
        tabs = self._tabs()
        pane = tabs.active_pane if tabs is not None else None
        if pane is not None:
            pane.query_one(VerticalScroll).focus()

    def action_tab(self, tab: str) -> None:
        tabs = self._tabs()
        if tabs is None:
            return
        tabs.active = tab
        self.focus_pane()

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(OwnModalScreen[None]):
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
