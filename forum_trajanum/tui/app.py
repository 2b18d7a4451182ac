"""The Textual app: owns the game session and decides which screen shows which view.

Data flows one way: a key, a click or a bot gives an action text -> the session checks it
against the engine's legal actions and applies it -> the app redraws the deciding player's
view (or a public view while bots play, and a privacy screen between two human players).
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import time
from typing import TYPE_CHECKING

from textual import work
from textual.app import SystemCommand
from textual.binding import Binding
from textual.worker import get_current_worker

from forum_trajanum import PROGRAM
from forum_trajanum.core import saves
from forum_trajanum.core.errors import GameError
from forum_trajanum.core.text import printable
from forum_trajanum.games import DEFAULT_GAME, GAMES
from forum_trajanum.tui import keys
from forum_trajanum.tui.coach import CoachApp, start_coach
from forum_trajanum.tui.compat import FixedApp, app_closing
from forum_trajanum.tui.keys import LEGEND_KEY
from forum_trajanum.tui.startscreen import StartScreen, TooSmallScreen
from forum_trajanum.tui.tableflow import TableScreens

if TYPE_CHECKING:
    from forum_trajanum.core.conductor import Step
    from forum_trajanum.core.game import Game
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.core.table import BotTurn, GameTable
    from forum_trajanum.tui.contract import GameUI
    from forum_trajanum.tui.gamescreens import GameScreen
    from forum_trajanum.tui.messages import ActionChosen
    from forum_trajanum.tui.screens import HandOverScreen, NewGameSettings

# Only what the start screen needs is imported above: the default game (its engine, its
# bots and its play screens, as its UI contract lists them) and the shell's own screens (the
# new-game form and the hand-over, the table, the seeds) load right after the start screen's
# first frame (``ForumApp.warm_up``), or when first used, so that the menu appears about as
# fast as an empty Textual app's screen.
WARM_UP = (
    "forum_trajanum.tui.screens",
    "forum_trajanum.core.table",
    "forum_trajanum.core.session",
    "forum_trajanum.tui.dialogs",
    "forum_trajanum.tui.games",
)

# The compact layout plays at 80x24 (a default terminal); below it a note says "too small".
MIN_WIDTH, MIN_HEIGHT = 80, 24


#: Collections of the middle generation between two full passes of the garbage collector
#: once the heap is settled (Python's default is 10, with 10 young ones between two middle).
FULL_PASS_EVERY = 100


def settle_heap() -> None:
    """Exempt what is loaded and built so far (modules, screens, widgets: it lives as long as
    the app) from the garbage collector's full passes, and make those passes rare. Without
    the first, a full pass over Textual's many objects stops the app for tens of
    milliseconds every few actions; without the second, a full pass over what was built
    since (10-15 ms at 160x45) still came every 25 moves or so, in the move's repaint (the
    benchmark's p95, issue 39 point 6): now about every 250."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)


def game_ui(game: Game) -> GameUI | None:
    """The game's UI contract (:func:`forum_trajanum.tui.contract.game_ui`; that module, like
    the play screens', loads after the start screen's first frame)."""
    from forum_trajanum.tui.contract import game_ui as contract_ui

    return contract_ui(game)


def _game_screen() -> type[GameScreen]:
    """The play screens' base class (its module loads after the start screen's first frame)."""
    from forum_trajanum.tui.gamescreens import GameScreen

    return GameScreen


def no_screens(game) -> str:
    """What the app says about a game it has no screens for (yet)."""
    text = (
        f"{game.title} cannot be played in this window yet: its rules are here, but not its "
        "screens. Its saves stay as they are"
    )
    if game.has("bots"):
        return f"{text}, and `forum-trajanum simulate --game {game.name}` plays it with bots."
    return text + "."


def _refused_options(game, error: Exception) -> str:
    """What the app says of options the game refuses (a message in words, no traceback)."""
    errors = getattr(error, "errors", None)
    said = [e.get("msg", "") for e in errors()] if callable(errors) else [str(error)]
    return f"{game.title} cannot start with these options: {'; '.join(said)}"


class ForumApp(TableScreens, CoachApp, FixedApp):
    """The registered games for 2-4 players at one keyboard (some seats may be bots)."""

    CSS_PATH = "forum_trajanum.tcss"
    TITLE = PROGRAM
    #: App-wide keys (a screen's or a focused widget's own binding of the key comes first).
    BINDINGS = [Binding(LEGEND_KEY, "legend", "Legend")]

    def __init__(
        self,
        *,
        bot_delay: float = 0.5,
        bot_factory=None,
        session: GameSession | None = None,
        min_size: tuple[int, int] = (MIN_WIDTH, MIN_HEIGHT),
        guard_errors: bool | None = None,
        choice_hold: float | None = None,
        open_game: str | None = None,
        new_game: NewGameSettings | None = None,
    ) -> None:
        super().__init__()  # FixedApp: Textual's fixes installed (tui/compat.install_fixes)
        #: The id of a saved game to open at start (``forum-trajanum continue``).
        self.open_game = open_game
        # A board game needs no scrolling animations; without them every key paints at once.
        self.animation_level = "none"
        #: Turn an unexpected error into a message (and crash.log) instead of a traceback.
        #: Off in headless tests by default, so that such errors fail the tests.
        self.guard_errors = guard_errors
        self.bot_delay = bot_delay
        #: Seconds for which a new player's decision list ignores Enter (see CHOICE_HOLD).
        self.choice_hold = keys.CHOICE_HOLD if choice_hold is None else choice_hold
        #: ``bot_factory(level, seed)``; None: the session's game's own bots
        self.bot_factory = bot_factory
        self.session = session
        #: A game to start at once (``forum-trajanum new``), when no session is given.
        self.new_game = new_game
        #: What the new-game form held when it was last left: it opens so again.
        self.form_entries: dict = {}
        self.min_size = min_size
        #: the game at the table: what comes next (the app only shows its steps) and its bots
        self.table: GameTable | None = None
        self.deferred = False
        self.message = ""
        self._bot_token: tuple | None = None
        self._mode_screens: dict[type, GameScreen] = {}
        self._size_checks = False
        self._handover: HandOverScreen | None = None
        #: a hand-over screen was closed since the last decision shown (its list holds Enter)
        self._fresh_viewer = False

    # --- errors -------------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        guard = self.guard_errors if self.guard_errors is not None else not self.is_headless
        if not guard or isinstance(error, (KeyboardInterrupt, SystemExit)):
            super()._handle_exception(error)
            return
        import traceback

        where = saves.log_crash("".join(traceback.format_exception(error))) or "crash.log"
        # The screen whose handler failed cannot be trusted any more: leave cleanly with a
        # clear message. Every action so far is autosaved, so "Continue" resumes the game,
        # unless saving failed: then the message says how much is lost instead.
        self.exit(
            return_code=1,
            message=printable(
                f"{self.TITLE} stopped because of an internal error ({type(error).__name__}: "
                f"{error}).\n{self._saved_note()}\nDetails for a bug report: {where}",
                lines=True,
            ),
        )

    def _saved_note(self) -> str:
        """What the crash message says of the game on screen: saved (and how to go on), or
        how many of its last actions could not be saved (and why)."""
        session = self.session
        try:
            note = self.unsaved_note() if session is not None else ""
        except Exception as exc:  # a crash message must not crash itself
            note = f"Whether the last actions were saved is not known ({exc})."
        if note:
            return note.replace("Leaving now loses them.", "They are lost.")
        return (
            "Your game is saved: start forum-trajanum again and choose 'Continue a game' "
            "(or run: forum-trajanum continue)."
        )

    def notify(self, message: str, *, title: str = "", markup: bool = False, **kwargs) -> None:
        """A notification, always as plain text: messages quote players' names and file
        names, which are never markup (a widget's ``notify`` asks for markup: it is not
        used) and never carry terminal codes."""
        super().notify(printable(message, lines=True), title=printable(title), markup=False,
                       **kwargs)  # fmt: skip

    def get_system_commands(self, screen):
        """The command palette's commands, with the hint and the coach on a play screen."""
        yield from super().get_system_commands(screen)
        if isinstance(screen, _game_screen()) and hasattr(screen, "action_hint"):
            yield SystemCommand(
                "Hint: suggest a move",
                "A suggestion for your decision, worked out from what you can see (key h)",
                screen.action_hint,
            )
            yield SystemCommand(
                "Coach: on or off",
                "Explain each new kind of decision once, for the player on turn (key k)",
                self.action_coach,
            )

    def action_legend(self) -> None:
        """The legend of every symbol: the help screen's legend tab, from any screen."""
        from forum_trajanum.tui.dialogs import HelpScreen

        top = self.screen
        if isinstance(top, HelpScreen):
            top.action_tab("legend")
        elif not isinstance(top, TooSmallScreen):
            self.open_help("legend")

    def help_screen(self, tab: str = "keys"):
        """The help of the game being played (its UI contract's ``help_screen``); outside a
        game, None: :meth:`open_help` asks which game's."""
        ui = game_ui(self.session.rules) if self.session is not None else None
        return ui.help_screen(tab) if ui is not None else None

    def open_help(self, tab: str = "keys") -> None:
        """Open the help: the game's in a game; outside one, the help of the game the player
        picks (asked only when more than one game has screens)."""
        made = self.help_screen(tab)
        if made is not None:
            self.push_screen(made)
            return
        from forum_trajanum.tui.dialogs import ChooseGameScreen

        games = [(name, GAMES.title(name)) for name in GAMES.names()]
        games = [(name, title) for name, title in games if GAMES.get(name).has("ui")]

        def chosen(name: str | None) -> None:
            ui = game_ui(GAMES.get(name)) if name is not None else None
            if ui is not None:
                self.push_screen(ui.help_screen(tab))

        if len(games) == 1:
            chosen(games[0][0])
        elif games:
            self.push_screen(ChooseGameScreen(games), chosen)

    # --- start and menu -----------------------------------------------------------------

    def on_mount(self) -> None:
        self._size_checks = True
        # a game named on the command line was found in the list already: it can be continued
        self.push_screen(StartScreen(bool(self.open_game) or self.has_games()))
        if self.session is not None:
            self.begin(self.session)
        elif self.open_game:
            self.load_game(self.open_game)
        elif self.new_game is not None:
            self.start_new_game(self.new_game)
        self.check_size()
        self.call_after_refresh(self.warm_up, [DEFAULT_GAME, *WARM_UP])

    def warm_up(self, modules: list[str]) -> None:
        """Import what play needs, one module per turn of the message loop, after the first
        frame: keys pressed meanwhile are handled between two imports. A game's name in the
        list loads that game (its rules) and adds the modules its UI contract warms up."""
        if not modules:
            settle_heap()
            return
        first, rest = modules[0], modules[1:]
        if first in GAMES:
            ui = game_ui(GAMES.get(first))
            rest = [*(ui.warm_up if ui else ()), *rest]
        else:
            with contextlib.suppress(ImportError):  # the bots are an optional package
                importlib.import_module(first)
        self.call_later(self.warm_up, rest)

    def on_resize(self, event) -> None:
        self.check_size(event.size)

    def check_size(self, size=None) -> None:
        """Cover the game with a clear message while the terminal is too small."""
        if not self._size_checks:
            return
        size = size or self.size
        width, height = self.needed_size()
        small = size.width < width or size.height < height
        if small and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen(width, height))
        elif not small and isinstance(self.screen, TooSmallScreen):
            while isinstance(self.screen, TooSmallScreen):
                self.pop_screen()
            self.call_later(self.resume_play)

    def needed_size(self) -> tuple[int, int]:
        """The size the screen under the too-small notice needs: a screen may need less than
        the game (``MIN_SIZE``, e.g. the replay viewer's 80x24)."""
        for screen in reversed(self.screen_stack):
            if not isinstance(screen, TooSmallScreen):
                need = getattr(screen, "MIN_SIZE", None) or self.min_size
                return min(need[0], self.min_size[0]), min(need[1], self.min_size[1])
        return self.min_size

    def start_new_game(self, settings: NewGameSettings | None) -> None:
        """Start the game the new-game form describes (None: the form was cancelled)."""
        if settings is None:
            return
        from forum_trajanum.core.seeds import new_seed
        from forum_trajanum.core.session import GameSession
        from forum_trajanum.tui.dialogs import MessageScreen

        seed = settings.seed if settings.seed is not None else new_seed()
        rules = GAMES.get(settings.game)
        if not rules.has("ui"):
            self.push_screen(MessageScreen(no_screens(rules), "Cannot start"))
            return
        fields = rules.options.model_fields  # each game takes the options it has
        chosen = {k: v for k, v in settings.options.items() if k in fields and k != "players"}
        try:
            options = rules.options(players=settings.players, **chosen)
        except ValueError as exc:  # pydantic's ValidationError: a value the game refuses
            self.push_screen(MessageScreen(_refused_options(rules, exc), "Cannot start"))
            return
        coach = [s for s in settings.coach if s < len(settings.bots) and not settings.bots[s]]
        try:
            session = GameSession.new(
                seed,
                options,
                settings.names,
                settings.bots,
                start=lambda r: start_coach(r, coach),
                game=settings.game,
            )
        except GameError as exc:
            self.push_screen(MessageScreen(str(exc), "Cannot start"))
            return
        self.begin(session)
        if settings.note:
            self.notify(settings.note, title="Seats", timeout=10)

    def has_games(self) -> bool:
        """Whether there is an unfinished game to continue (saves of 0.1.0 are imported); a
        save folder that cannot be used is said on the screen."""
        try:
            return bool(saves.list_games(finished=False))
        except (OSError, saves.SaveError) as exc:
            saves.log_problem(f"listing the games: {exc}")
            self.call_later(self.notify, f"Saved games cannot be read: {exc}", severity="error")
            return False

    def continue_game(self, finished: bool = False, message: str = "") -> None:
        """Show the list of saved games (unfinished, or finished ones) to open one."""
        from forum_trajanum.tui.games import GamesScreen

        self.push_screen(GamesScreen(finished, message), self.load_game)

    def load_game(self, game_id: str | None) -> None:
        """Open a saved game by id. A game open in another window brings back the list with
        a message; a damaged save says how many actions were lost; an unreadable one says so
        in player words (details go to the log file)."""
        if not game_id:
            return
        from forum_trajanum.core.session import GameSession
        from forum_trajanum.tui.dialogs import MessageScreen

        try:
            session, opened = GameSession.open(game_id)
        except saves.GameLockedError as exc:
            self.continue_game(message=str(exc))
            return
        except GameError as exc:
            self.push_screen(MessageScreen(str(exc), "This game cannot be opened"))
            return
        if not session.rules.has("ui"):
            session.close()
            self.push_screen(MessageScreen(no_screens(session.rules), "This game cannot be shown"))
            return
        if opened.damaged:
            kept = opened.damaged_copy.name if opened.damaged_copy else "beside it"
            self.push_screen(
                MessageScreen(
                    f"This game's save was damaged. The game resumes at its last readable "
                    f"action, action {len(opened.record.actions)}: {opened.damage()}.\n"
                    f"The damaged file was kept as {kept} in {opened.game.path.parent}.",
                    "Part of the save was lost",
                ),
                lambda _: self.resume_play(),
            )
        self.begin(session)

    def begin(self, session: GameSession) -> None:
        """Show the game of ``session`` from its current decision."""
        if self.session is not None and self.session is not session:
            self.session.close()
        self.session = session
        # the new-game form opens with this table next time (the same people play again)
        from forum_trajanum.tui.screens import remember_table

        remember_table(self.form_entries, session.record)
        # saves are written while the screen repaints; ``check_saved`` reports a failure
        session.background_saves = True
        from forum_trajanum.core.table import GameTable

        self.table = GameTable(session, self.bot_factory)
        self._bot_token = None
        self.message = ""
        self.advance()
        self.call_after_refresh(settle_heap)  # the game's screens are built by now

    def unsaved_note(self) -> str:
        """What is not saved of the game on screen, in words ("" when everything is)."""
        s = self.session
        if s is None:
            return ""
        s.wait_saved()
        if not s.unsaved:
            return ""
        count = f"{s.unsaved} action" + ("s" if s.unsaved > 1 else "")
        return (
            f"The last {count} of this game could not be saved ({s.save_error}). "
            "Leaving now loses them."
        )

    def request_menu(self) -> None:
        """Back to the menu; when the last actions could not be saved, ask first (saving is
        tried once more before asking)."""
        if self.session is not None:
            self.session.save()
        note = self.unsaved_note()
        if not note:
            self.to_menu()
            return
        from forum_trajanum.tui.games import ConfirmScreen

        self.push_screen(
            ConfirmScreen(f"{note}\nGo to the menu anyway?"),
            lambda yes: self.to_menu() if yes else None,
        )

    async def action_quit(self) -> None:
        """Quit; when the last actions of the game could not be saved, ask first."""
        if self.session is not None:
            self.session.save()
        note = self.unsaved_note()
        if not note:
            self.exit()
            return
        from forum_trajanum.tui.games import ConfirmScreen

        self.push_screen(
            ConfirmScreen(f"{note}\nQuit anyway?"), lambda yes: self.exit() if yes else None
        )

    def to_menu(self) -> None:
        """Back to the start menu (the game stays saved; its window lock is released)."""
        self._bot_token = None
        if self.session is not None:
            self.session.close()
        self.session = None
        self.table = None
        self.switch_screen(StartScreen(self.has_games()))

    # --- the flow -----------------------------------------------------------------------

    @property
    def playing(self) -> GameSession:
        """The session being played (what the flow's steps are of: they come only while a
        game is being played)."""
        if self.session is None:
            raise LookupError("no game is being played")
        return self.session

    @property
    def flow(self) -> GameTable:
        """The table of the game being played (what comes next)."""
        if self.table is None:
            raise LookupError("no game is being played")
        return self.table

    @property
    def table_session(self) -> GameSession:
        return self.playing

    @property
    def table_ui(self) -> GameUI:
        return self.ui

    @property
    def ui(self) -> GameUI:
        """The session's game's screens (its UI contract)."""
        made = game_ui(self.playing.rules)
        if made is None:  # pragma: no cover - a game without screens is never begun
            raise LookupError(no_screens(self.playing.rules))
        return made

    def play_data(self, pv, hold: float = 0.0):
        """The data the game's play screen needs for ``pv``."""
        s = self.session
        humans = self.flow.people()
        last = self.flow.last_human
        # a public view shows the board of the one person at the table, else of the last
        home = humans[0] if len(humans) == 1 else (last if last is not None else -1)
        return self.ui.play_data(
            s,
            pv,
            names=self.names(),
            bots=self.bots(),
            message=self.message,
            hold=hold,
            home=home,
        )

    @property
    def last_human(self) -> int | None:
        """The person whose own screen is shown (the conductor keeps it)."""
        return self.table.last_human if self.table else None

    def overlay_open(self) -> bool:
        """Whether a modal, a scoring, a privacy screen or the too-small notice covers the
        game."""
        from forum_trajanum.tui.screens import HandOverScreen

        return super().overlay_open() or isinstance(self.screen, (TooSmallScreen, HandOverScreen))

    def go_on(self) -> None:
        self.advance()

    def advance(self) -> None:
        """Show what the conductor says comes next: a scoring, the game's end, a bot's turn,
        a hand-over or a player's decision (a single answer is played by itself)."""
        s = self.session
        if s is None:
            return
        if self.overlay_open():
            self.deferred = True
            return
        step = self.flow.next_step()
        if step.kind == "scoring":
            self.flow.shown(step)
            self.show_main(self.ui.play_data(s, s.public_view(), names=self.names(),
                                                  bots=self.bots()))  # fmt: skip
            scoring = self.scoring_screen(s.public_view(), step.scoring)
            self.push_overlay(scoring, lambda _: self.advance())
        elif step.kind == "over":
            self.flow.shown(step)
            self.show_over(s.public_view())
        elif step.kind == "auto":
            try:
                self.flow.play(step.action, step.seat)
            except GameError:  # pragma: no cover - the only legal action
                self.reveal()
                return
            self.advance()
        elif step.kind == "bot":
            # the one person at the table keeps their own view (their hand, their kept
            # tiles) while bots play; with two or more people only the public view shows
            watching = s.view_of(step.watcher) if step.watcher >= 0 else s.public_view()
            self.show_main(self.play_data(watching))
            self.start_bot(step.seat)
        elif step.kind == "handover":
            self.flow.forget_viewer()
            self.cover_secrets()
            # a game may say the next decision with the players' names, and name them alone
            ui = self.ui
            words = ui.handover_words
            what = words(s.view_of(step.seat), self.names()) if words else step.what
            seat = -1 if ui.names_only else step.seat
            screen = self.handover_screen(s.name(step.seat), seat, what)
            self.push_overlay(screen, lambda _: self.handed_over(step))
        else:
            self.reveal()

    def handed_over(self, step: Step) -> None:
        """The person named on the hand-over screen is ready: what comes next is theirs (a
        scoring they have not seen yet, then their decision)."""
        self.flow.shown(step)
        self._fresh_viewer = True
        self.advance()

    def handover_screen(self, name: str, seat: int, what: str) -> HandOverScreen:
        """The one (installed, reused) hand-over screen, set for ``name``."""
        if self._handover is None:
            from forum_trajanum.tui.screens import HandOverScreen

            self._handover = HandOverScreen(name, seat, what)
            self.install_screen(self._handover, name="handover")
        else:
            self._handover.set_player(name, seat, what)
        return self._handover

    def push_overlay(self, screen, callback) -> None:
        """Push ``screen`` from the app's own message loop, so that the app (not a screen that
        may be replaced meanwhile) receives its result.

        The screen belongs to the game being played now: a key typed in the same burst may
        leave that game before the screen is pushed (q: the menu), or before it is answered.
        A screen of a game left is not shown, and an answer for it does nothing (random keys
        found a hand-over over the start menu, whose Enter asked the game left for its next
        step)."""
        table = self.table

        def answered(result) -> None:
            if self.table is table:
                callback(result)

        self.call_later(self._push_under_size_notice, screen, answered, table)

    def _push_under_size_notice(self, screen, callback, table=None) -> None:
        if self.table is not table:  # the game was left meanwhile
            return
        covered = isinstance(self.screen, TooSmallScreen)
        if covered:  # the too-small notice stays on top
            self.pop_screen()
        self.push_screen(screen, callback)
        if covered:
            self.push_screen(TooSmallScreen(*self.min_size))

    def reveal(self) -> None:
        """Show the deciding human player's own view.

        When it was not on screen just before (after a hand-over, a bot's turn, a scoring),
        its decision list first ignores Enter for a moment: a fast second press of the key
        that closed the screen before must not choose anything."""
        s = self.session
        if s is None or s.over:
            return
        seat = s.decider
        top = self.screen
        # the seat's own decision on screen just before (not its view of a bot's turn)
        shown = (
            isinstance(top, _game_screen())
            and top.data.view.viewer == seat
            and bool(top.data.view.legal)
        )
        fresh, self._fresh_viewer = self._fresh_viewer, False
        hold = 0.0 if shown and self.last_human == seat and not fresh else self.choice_hold
        from forum_trajanum.core.conductor import Step

        self.flow.shown(Step("decide", seat))
        pv = s.view_of(seat)
        self.show_main(self.play_data(pv, hold))
        self.coach_check(pv)

    def cover_secrets(self) -> None:
        """Hide the play screen's content (before a hand-over covers it): now, or as soon as
        the screen is drawn (one switched to a moment ago may not be composed yet)."""
        top = self.screen
        if isinstance(top, _game_screen()):
            top.cover_for_hand_over()

    # --- acting -------------------------------------------------------------------------

    def on_action_chosen(self, message: ActionChosen) -> None:
        if message.joined:
            self.play_action(message.action, joined=True)
        else:
            self.play_action(message.action)

    def on_undo_requested(self, message) -> None:
        self.undo()

    def on_save_copy_requested(self, message) -> None:
        self.ask_save_name()

    def on_menu_requested(self, message) -> None:
        self.request_menu()

    def on_game_left(self, message) -> None:
        self.to_menu()

    def on_new_game_requested(self, message) -> None:
        from forum_trajanum.tui.screens import NewGameScreen

        # the app keeps what the form held when it was last left: it opens so again; the
        # first time, with the table of the game played last (the same people play again)
        if not self.form_entries:
            self.remember_last_table()
        self.push_screen(NewGameScreen(self.form_entries), self.start_new_game)

    def remember_last_table(self) -> None:
        """Put the table of the most recently saved game into the form's entries (nothing
        when there is none, or the saves cannot be read: the form's defaults)."""
        from forum_trajanum.tui.screens import remember_table

        try:
            games = [g for g in saves.list_games(finished=None) if g.readable and not g.problem]
        except (OSError, saves.SaveError):
            return
        if games:
            remember_table(self.form_entries, games[0])

    def on_games_requested(self, message) -> None:
        self.continue_game(finished=message.finished)

    def on_help_requested(self, message) -> None:
        self.open_help(message.tab)

    def on_quit_requested(self, message) -> None:
        self.exit()

    def play_action(self, action, joined: bool = False) -> None:
        """Apply a human player's chosen action (or its text); one that is not legal (any
        more) does nothing: the engine's ``apply`` says so, and the session plays it only
        if it is legal."""
        s = self.session
        if s is None or s.over:
            return
        seat = s.decider
        if s.is_bot(seat) or seat != self.last_human:
            return
        try:
            self.flow.play(action, seat, joined=joined)
        except GameError as exc:
            # The screens offer legal actions only: this one was chosen on a list still on
            # screen when its key arrived, after an earlier key of the same burst had moved
            # the game on. The new decision is on screen and the key does nothing; the
            # engine's reason (developer words) goes to the problem log only.
            saves.log_problem(f"a choice that came after its decision ({str(action)!r}): {exc}")
            return
        # what the choice led to by itself (Trajan: the markers sown once one colour is
        # left) goes first on the next decision: a key typed on must not pick it unseen
        self.message = " ".join(filter(None, (s.played_alone, self.save_warning())))
        self.advance()
        self.call_after_refresh(self.check_saved)

    def check_saved(self) -> None:
        """After the repaint: when the save under way is written, say so if it failed (it
        is looked at again a moment later while the writing goes on: keys are not kept
        waiting for the disk)."""
        s = self.session
        if s is None:
            return
        if not s.saved:
            self.set_timer(0.05, self.check_saved)
            return
        s.wait_saved()
        warning = self.save_warning()
        if warning:
            self.say(warning)

    def save_warning(self) -> str:
        error = self.session.save_error if self.session else ""
        return f"Saving failed: {error}" if error else ""

    def say(self, text: str) -> None:
        top = self.screen
        if isinstance(top, _game_screen()) and top.drawn:  # not composed yet: no line to say it on
            top.say(text)
        else:
            self.notify(text)

    def undo(self) -> None:
        """Take back the deciding player's last step of this turn."""
        s = self.session
        if s is None or s.decider != self.last_human:
            return
        if s.undo():
            what = "; ".join(line.rstrip(".") for line in s.undone)
            self.message = f"Undone: {what}." if what else "Undone."
            self.reveal()
            self.message = ""
            self.call_after_refresh(self.check_saved)
        else:
            self.say(f"Nothing to undo: {s.nothing_to_undo()}.")

    def ask_save_name(self) -> None:
        """Ask for a name and save a copy of the game so far under it (a separate game in the
        list; play goes on in this one, which is saved after every action anyway)."""

        def done(name: str | None) -> None:
            if not name or self.session is None:
                return
            try:
                copy = self.session.save_as(name)
            except (GameError, OSError, ValueError) as exc:
                self.notify(str(exc), severity="error")
                return
            self.notify(f"Saved a copy as '{copy.title or copy.label()}'.")

        from forum_trajanum.tui.dialogs import SaveAsScreen

        self.push_screen(SaveAsScreen(), done)

    # --- bots ---------------------------------------------------------------------------

    def start_bot(self, seat: int) -> None:
        table = self.flow
        token = table.current()
        if self._bot_token == token:
            return  # already thinking about this decision
        self._bot_token = token
        turn = table.bot_turn(seat)
        said = table.stand_ins.pop(seat, "")  # once, when the bot was made
        if said:
            self.message = said
        self.run_bot(turn)

    @work(thread=True, group="bots")
    def run_bot(self, turn: BotTurn) -> None:
        """Let a bot choose in a worker thread, pause visibly, then post the choice back."""
        started = time.monotonic()
        try:
            action, problem = turn.bot.choose(turn.view), ""
        except Exception as exc:  # a bot bug must not stop the game
            action, problem = None, f"{type(exc).__name__}: {exc}"
        pause = self.bot_delay - (time.monotonic() - started)
        worker = get_current_worker()
        # cut short when the app closes (its workers cancelled): quitting does not wait
        if pause > 0 and worker.cancelled_event.wait(pause):
            return
        # the app may have closed while the bot was thinking: then there is nothing to play
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(self.bot_done, turn, action, problem)

    def bot_done(self, turn: BotTurn, action, problem: str) -> None:
        """Play a bot's choice as the table says (its view's first legal action when the bot
        failed or chose what the rules refuse, with words saying so)."""
        table = self.table
        if table is None or turn.token != self._bot_token or table.stale(turn):
            return
        if app_closing(self):  # a bot finished thinking while the app shuts down
            return
        self._bot_token = None
        try:
            _played, words = table.play_bot(turn, action, problem)
        except GameError as exc:  # pragma: no cover - its own view's first legal action
            words = str(exc)
        if words:
            self.message = words
        self.advance()
        self.call_after_refresh(self.check_saved)
