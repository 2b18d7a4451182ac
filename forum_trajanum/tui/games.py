"""The list of saved games (start screen's "Continue" and "Finished games"): choose a game to
resume or look back at, delete one after a confirmation. A game open in another window is
marked and cannot be chosen."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from forum_trajanum.core import saves
from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.text import printable
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.screenbase import OwnModalScreen
from forum_trajanum.tui.textlines import Hanging


def game_line(info: saves.GameInfo) -> Text:
    """One game in the list: name, seats, where it stands (a finished one: who won, with how
    many VP), when it was last played. What comes from the file (its name, the players'
    names, the title) is shown as printable text."""
    text = Text()
    text.append(f"{printable(info.game_title())} · ", style="italic")
    text.append(printable(info.label()), style="bold")
    if info.title and info.seats():
        text.append(f"  ({printable(info.seats())})")
    text.append(f"\n  {printable(info.stage())}", style="italic")
    if info.result():
        text.append(f": {printable(info.result())}", style="bold #ffd75f")
    text.append(f" · last played {info.when()}", style="italic")
    if info.locked:
        text.append("  · open in another window", style="bold #ff8700")
    if info.read_only:
        text.append("  · read-only", style="bold #ff8700")
    return text


class ConfirmScreen(OwnModalScreen[bool]):
    """A yes/no question (y / n, Enter = no)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape,enter", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(printable(self.question, lines=True), markup=False, id="confirm-text")
            yield Label("y = yes, n or Escape = no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class GamesScreen(OwnModalScreen[str | None]):
    """Saved games, the most recently played first; returns the chosen game's id."""

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("f", "toggle", "Finished / unfinished"),
        Binding("d,delete", "delete", "Delete"),
        Binding("r", "replay", "Replay"),
    ]

    def __init__(self, finished: bool = False, message: str = "") -> None:
        super().__init__()
        self.finished = finished
        self.message = message
        self.games: list[saves.GameInfo] = []
        #: every saved game, finished or not, as read when the list was shown (the folder is
        #: read once per visit: a file of the folder may be slow to read, or hostile)
        self.every_game: list[saves.GameInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="games-box"):
            yield Label("", classes="heading", id="games-heading")
            yield Static(id="games-message")
            yield OptionList(id="games")
            yield Label(
                # two lines: one is cut at 80 columns
                "Enter: open · r: replay · d: delete\nf: finished / unfinished games · "
                "Escape: back",
                id="games-keys",
            )
        yield KeyBar()

    def on_mount(self) -> None:
        self.read_games()
        self.show_games()
        self.say(self.message)

    def read_games(self) -> None:
        """Read the folder of saved games (once per visit of the list)."""
        try:
            self.every_game = saves.list_games(finished=None)
        except (OSError, saves.SaveError) as exc:
            self.every_game = []
            self.message = f"Saved games cannot be read: {exc}"

    def show_games(self) -> None:
        """Show the games read, finished or unfinished ones."""
        self.games = [g for g in self.every_game if g.over == self.finished]
        heading = "Finished games" if self.finished else "Continue a game"
        self.query_one("#games-heading", Label).update(
            f"{heading} — {len(self.games)} saved, the most recently played first"
        )
        options = self.query_one("#games", OptionList)
        options.clear_options()
        if self.games:
            # a wrapped line keeps its indent ("last played 26 Nov" / "2026 07:13" at 80)
            options.add_options([Option(Hanging(game_line(g)), id=g.id) for g in self.games])
            options.highlighted = 0
        else:
            none = "No finished games yet." if self.finished else "No unfinished games."
            options.add_option(Option(none, id="", disabled=True))
        options.focus()

    def say(self, message: str) -> None:
        self.query_one("#games-message", Static).update(
            Text(printable(message, lines=True), style="bold #ff8700")
        )

    def chosen(self) -> saves.GameInfo | None:
        index = self.query_one("#games", OptionList).highlighted
        if index is None or not self.games:
            return None
        return self.games[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game = next((g for g in self.games if g.id == event.option.id), None)
        if game is None:
            return
        # only this game is looked at again (opening it checks the rest)
        if not (game.path.exists() or game.path.is_symlink()):
            self._forget(game)
            self.say("That game is not saved any more.")
        elif saves.held_elsewhere(game.id):
            self.say(
                "This game is open in another window; each game plays in one window at a "
                "time. Choose another game, or close it there first."
            )
        else:
            self.dismiss(game.id)

    def _forget(self, game: saves.GameInfo) -> None:
        self.every_game = [g for g in self.every_game if g.id != game.id]
        self.show_games()

    def action_toggle(self) -> None:  # type: ignore[override]  # this screen's own "toggle"
        self.finished = not self.finished
        self.say("")
        self.show_games()

    def action_delete(self) -> None:
        game = self.chosen()
        if game is None:
            return
        if game.problem == saves.NEWER:
            self.say(
                "This game is not damaged: a newer release of the game made it, and opens it. "
                "It is not deleted from here."
            )
            return
        if game.problem == saves.NO_PERMISSION:
            self.say(
                "This game's file may not be read by your user, so nothing says it is "
                "damaged: it is not deleted from here. Allow your user to read it to play it."
            )
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                saves.delete_game(game.id)
            except saves.SaveError as exc:
                self.say(str(exc))
            else:
                self.say(f"Deleted: {game.label()}.")
                self._forget(game)

        question = f"Delete the game {game.label()} ({game.stage()})? This cannot be undone."
        self.app.push_screen(ConfirmScreen(question), answer)

    def action_replay(self) -> None:
        """Step through the highlighted game (read only: a game open elsewhere may be
        replayed too; an unfinished one shows only what an onlooker may know)."""
        game = self.chosen()
        if game is None:
            return
        from forum_trajanum.tui.replayapp import replay_screen_for

        try:
            screen = replay_screen_for(game.path)
        except RecordError as exc:
            saves.log_problem(f"cannot replay {game.path}: {exc}")
            self.say(f"This game cannot be replayed: {exc}")
            return
        self.app.push_screen(screen, lambda _: self._replay_closed())

    def _replay_closed(self) -> None:
        check = getattr(self.app, "check_size", None)
        if check is not None:  # the list needs more room than the replay did
            check()

    def action_cancel(self) -> None:
        self.dismiss(None)
