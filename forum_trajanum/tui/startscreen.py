"""The start menu and the too-small notice: the screens the app shows before its first frame,
kept apart from the new-game form and the hand-over (:mod:`forum_trajanum.tui.screens`), which
load after that frame (issue 39, point 6: the start-up to the first frame)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from forum_trajanum import PROGRAM
from forum_trajanum.core.text import printable
from forum_trajanum.games import GAMES
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.messages import (
    GamesRequested,
    HelpRequested,
    NewGameRequested,
    QuitRequested,
)
from forum_trajanum.tui.screenbase import OwnScreen


class StartScreen(OwnScreen):
    """The start menu: new game, continue a game, finished games, rules/help, quit."""

    BINDINGS = [Binding("q", "app.quit", "Quit"), Binding("question_mark,f1", "help", "Help")]

    def __init__(self, can_continue: bool) -> None:
        super().__init__()
        self.can_continue = can_continue

    def compose(self) -> ComposeResult:
        with Vertical(id="start-box"):
            yield Static(
                Text.assemble(
                    (f"{PROGRAM.upper()}\n", "bold #ffd75f"),
                    (f"Stefan Feld's {and_list(titles())}, for 2-4 players at one keyboard or "
                     "against bots.", "italic"),
                ),
                id="start-title",
            )  # fmt: skip
            options = [Option("New game", id="new")]
            options.append(Option("Continue a game", id="continue", disabled=not self.can_continue))
            options += [
                Option("Finished games", id="finished"),
                Option("Rules and help", id="help"),
                Option("Quit", id="quit"),
            ]
            yield OptionList(*options, id="menu")
            yield Static(id="start-message")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            self.post_message(NewGameRequested())
        elif choice in ("continue", "finished"):
            self.post_message(GamesRequested(finished=choice == "finished"))
        elif choice == "help":
            self.action_help()
        elif choice == "quit":
            self.post_message(QuitRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def say(self, message: str) -> None:
        """Show a message (e.g. why a save could not be loaded)."""
        self.query_one("#start-message", Static).update(
            Text(printable(message, lines=True), style="bold #ff8700")
        )


def titles() -> list[str]:
    """The registered games' titles, in registration order."""
    return [GAMES.title(name) for name in GAMES.names()]


def and_list(words: list[str]) -> str:
    """ "A and B", "A, B and C"."""
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


class TooSmallScreen(OwnScreen[None]):
    """Shown while the terminal is smaller than the game needs; q and Ctrl+C still quit."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("ctrl+c", "app.quit", "Quit", priority=True),
    ]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.need = (width, height)

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self, event) -> None:
        self.update_size(event.size)

    def update_size(self, size=None) -> None:
        width, height = self.need
        size = size or self.app.size
        self.query_one("#too-small", Static).update(
            f"The terminal is too small: {size.width}x{size.height}.\n"
            f"The game needs at least {width}x{height} characters.\n"
            "Enlarge the window (or reduce the font size); play resumes by itself.\n"
            "q quits (the game is autosaved)."
        )
