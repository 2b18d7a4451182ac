"""The base classes of a game's screens: the play screens (:class:`GameScreen`, one per
mode of play) and the screens the flow waits for (:class:`FlowScreen`, a scoring).

A game gives the app its screens through its UI contract
(:class:`~forum_trajanum.tui.contract.GameUI`); the app shows them as the conductor says
(:mod:`forum_trajanum.core.conductor`): it holds no turn flow and computes no rule of any game.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen

from forum_trajanum.tui.keys import ENTRY_KEYS, LEGEND_KEY, KeyBar
from forum_trajanum.tui.screenbase import OwnScreen

#: What Escape says on a play screen with nothing open to close: Escape closes or goes back
#: one step, and never leaves the game (q does).
ESCAPE_LINE = "q: back to the menu (your game is saved)"


#: The key bar's first words when the arrow keys move in the list of choices (every game).
CHOICES_ARROWS = "↑↓ choices"


class GameScreen(OwnScreen):
    """Base of every game's play screens: one seat's view of the game (or the public one).

    The standard keys of a play screen are declared here, once, for every game: u takes a
    step back, q goes to the menu (``join``: leaves), ? or F1 opens the help, Escape closes
    the innermost open thing, e ends the turn, h asks for a hint, k switches the coach, the
    legend's key opens the legend, PgUp/PgDn scroll the panel beside the choices and 1-9 then
    A-Z choose an entry of the list. What goes to the app is a message (:mod:`messages`);
    what is the game's screen's is a hook it gives (:meth:`action_pick`,
    :meth:`action_end_turn`, :meth:`action_hint`, :meth:`action_scroll_panel`,
    :meth:`close_innermost`, :meth:`undo_refused`, :meth:`said`). A game adds its own keys
    (its panels, its dialogs) in its ``BINDINGS``, and says which of them its key bar shows
    after the standard ones, in which order (:attr:`KEYBAR_OWN`). The key bar begins with
    where the arrow keys go (:meth:`arrows_hint`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        # the turn's last choice waits for this key (or Enter) before it is final
        Binding("e", "end_turn", "End turn"),
        Binding("h", "hint", "Hint"),
        Binding("k", "app.coach", "Coach"),
        Binding(LEGEND_KEY, "app.legend", "Legend"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "menu", "Menu"),
        # Escape closes the innermost open thing; it never leaves the game (q does)
        Binding("escape", "back", "Back", show=False),
        # the panel beside the choices scrolls a page, the focus staying on them (priority:
        # before the list's own page keys)
        Binding("pageup", "scroll_panel(-1)", show=False, priority=True),
        Binding("pagedown", "scroll_panel(1)", show=False, priority=True),
        *(
            Binding(key, f"pick({n})", f"Choice {key}", show=False)
            for n, key in enumerate(ENTRY_KEYS, start=1)
        ),
    ]
    #: The standard keys every play screen's key bar shows first, in this order, in every
    #: game (a binding's first key): the same keys in the same places whichever game is on.
    STANDARD_KEYBAR: ClassVar[tuple[str, ...]] = ("u", "h", "k", LEGEND_KEY, "question_mark", "q")
    #: The game's own keys its key bar shows after the standard ones, in this order.
    KEYBAR_OWN: ClassVar[tuple[str, ...]] = ()
    #: The keys the key bar shows, in this order (:attr:`STANDARD_KEYBAR`, then
    #: :attr:`KEYBAR_OWN`; worked out for each subclass, never declared by one).
    KEYBAR: ClassVar[tuple[str, ...]] = STANDARD_KEYBAR

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.KEYBAR = (*GameScreen.STANDARD_KEYBAR, *cls.KEYBAR_OWN)

    @property
    def escape_line(self) -> str:
        """What Escape says here (:data:`ESCAPE_LINE`, or the app's own words: ``join`` has
        no menu, q leaves the game)."""
        return getattr(self.app, "ESCAPE_LINE", ESCAPE_LINE)

    #: The mode this screen class shows ("turn", "watch", ...): the app installs one screen
    #: per class under this name.
    MODE = "play"

    def __init__(self, data: Any) -> None:
        super().__init__()
        # born with the classes of the window's size: set when it is first shown, they would
        # style every widget of it a second time (as a resize does)
        apply_breakpoints(self, update=False)
        #: What the screen draws (the game's ``play_data``); ``data.view.viewer`` is the seat.
        self.data = data
        #: Whether the screen's own ``on_mount`` has drawn it (its widgets are there).
        self.drawn = False
        #: A hand-over went on top before the screen was drawn: it covers itself then.
        self.cover_when_drawn = False

    def on_mount(self) -> None:
        """Textual calls this after a subclass's own ``on_mount`` (which draws ``data``): a
        hand-over asked for meanwhile covers the screen now, before its first paint."""
        self.drawn = True
        if self.cover_when_drawn:
            self.cover_when_drawn = False
            self.cover()
        # the key bar begins with where the arrow keys go (arrows_hint): said again as the
        # focus moves
        self.watch(self, "focused", self.show_keys, init=False)

    def show_keys(self, _focused=None) -> None:
        """Say the key bar again (each bar works out anew only what changed): after the
        focus moved, or a redraw that may change the keys offered (:meth:`key_offered`)."""
        for bar in self.query(KeyBar):
            bar.show_keys()

    def cover_for_hand_over(self) -> None:
        """Hide what the screen shows (:meth:`cover`): a hand-over screen goes on top of it.
        A screen the app switched to a moment ago may not be composed yet (a quick bot's move
        came back before Textual mounted the watching screen): its widgets are not there to
        clear yet, so it covers itself as soon as it has drawn its data."""
        if self.drawn:
            self.cover()
        else:
            self.cover_when_drawn = True

    def show_when_drawn(self, data: Any) -> None:
        """Show ``data`` now, or (not drawn yet) when the screen is mounted: what the app puts
        on a screen after a hand-over is for the player now at the keyboard, not covered."""
        if self.drawn:
            self.show(data)
        else:
            self.data = data
            self.cover_when_drawn = False

    def show(self, data: Any) -> None:  # pragma: no cover - every game's screens override
        """Redraw everything from ``data``."""
        raise NotImplementedError

    def cover(self) -> None:  # pragma: no cover - every game's screens override
        """Hide the board and everything private (a hand-over screen is about to cover it)."""
        raise NotImplementedError

    def say(self, message: str) -> None:  # pragma: no cover - every game's screens override
        """Show a short message to the player in view (the next redraw clears it)."""
        raise NotImplementedError

    # --- the standard keys ------------------------------------------------------------

    def action_undo(self) -> None:
        """u: take back a step (the app says when nothing can be); the game may first
        refuse it in its own words (:meth:`undo_refused`)."""
        if not self.undo_refused():
            from forum_trajanum.tui.messages import UndoRequested

            self.post_message(UndoRequested())

    def undo_refused(self) -> bool:
        """Whether the game's screen answered u itself (it said why nothing is taken back,
        or it closed something open instead)."""
        return False

    def action_menu(self) -> None:
        """q: to the menu (``join``: leave the game)."""
        from forum_trajanum.tui.messages import MenuRequested

        self.post_message(MenuRequested())

    def action_help(self) -> None:
        """? or F1: the game's help, from the app (it knows the game)."""
        from forum_trajanum.tui.messages import HelpRequested

        self.post_message(HelpRequested())

    def action_back(self) -> None:
        """Escape: close the innermost open thing (:meth:`close_innermost`), else clear a
        message; with nothing open and nothing said, say in one line that q leaves (Escape
        never does)."""
        if self.close_innermost():
            return
        said = self.said()
        if said and said != self.escape_line:
            self.say("")
        else:
            self.say(self.escape_line)

    def close_innermost(self) -> bool:
        """Close the innermost thing open on the screen (a group of choices, the hint);
        whether there was one."""
        return False

    def said(self) -> str:
        """The message on screen now ("" when none)."""
        return ""

    def arrows_hint(self) -> str:
        """Where the arrow keys go now, the key bar's first words: the choices when the list
        has the focus (:data:`CHOICES_ARROWS`); a game with boards of its own says more
        (Forum Trajanum: a board's cursor)."""
        from textual.widgets import OptionList

        return CHOICES_ARROWS if isinstance(self.focused, OptionList) else ""

    def action_pick(self, number: int) -> None:
        """1-9, then A-Z: the entry of the list with that key (the game's list)."""

    def action_end_turn(self) -> None:
        """e: end the turn, where that is a choice (the game's)."""

    def action_hint(self) -> None:
        """h: a hint (the game's)."""

    def action_scroll_panel(self, pages: int) -> None:
        """PgUp/PgDn: scroll the panel beside the choices (the game's)."""

    def with_standing(self, message: str) -> str:
        """``message`` with the app's standing notice first (its ``standing_notice()``: a
        network seat's lost or ended connection), which another message never replaces (QA:
        a hint refused over "the host stopped", and nothing said the host was down)."""
        standing = getattr(self.app, "standing_notice", None)
        notice = standing() if standing is not None else ""
        if not notice or notice in message:
            return message
        return f"{notice} {message}".strip()

    def coach_spot(self) -> Any:
        """The widget the first-game coach's box may cover when it has no room above the
        choices: a panel in view that it does not explain (None: the box sits above the key
        bar, wherever that is)."""
        return None

    def escape_line_shown(self) -> bool:
        """Whether the message shown is :data:`ESCAPE_LINE` (each game's screen knows its
        message)."""
        return False

    def on_key(self, event) -> None:
        """The line Escape said goes with the next other key, as a message goes with the next
        step: it answered that one Escape (QA at 80x24: it stayed on, the log open and
        closed, long after). The key then does what it does."""
        if event.key != "escape" and self.is_mounted and self.escape_line_shown():
            self.say("")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts on a screen being switched to before it is built: a key sent quickly
        after the one that brought it finds the app's screen new, its widgets not composed
        yet (a digit would look for its decision list). The key does nothing."""
        return self.is_mounted

    def on_screen_resume(self) -> None:
        """Shown, or on top again (an overlay over it closed): laid out for the window's size
        now, and the flow it held back may go on (the app decides; Textual calls this besides
        a subclass's own handler)."""
        from forum_trajanum.tui.messages import ScreenUncovered

        apply_breakpoints(self)
        self.post_message(ScreenUncovered())


def mode_screen(app, screens: dict[type, GameScreen], cls: type[GameScreen], data) -> GameScreen:
    """The play screen of one mode (``cls``) with ``data`` on it: each mode's screen is made
    once and reused (installed in ``app``), which keeps switching modes cheap. The caller
    shows it."""
    screen = screens.get(cls)
    if screen is None:
        screen = cls(data)
        screens[cls] = screen
        app.install_screen(screen, name=f"mode-{cls.MODE}")
    else:
        screen.show_when_drawn(data)
    return screen


def apply_breakpoints(screen: Screen, update: bool = True) -> None:
    """Set the breakpoint classes for the app's size now (Textual sets them on a resize of
    the active screen only: a reused screen may have missed one, and a new one is laid out
    once without them, which a dialog opened over it at once would measure). ``update``:
    restyle the screen if they changed (not for a screen not yet shown)."""
    try:
        width, height = screen.app.size
    except RuntimeError:  # no app running (Textual's NoActiveAppError): set when shown
        return
    classes = {}
    for points, size in (
        (screen.HORIZONTAL_BREAKPOINTS, width),
        (screen.VERTICAL_BREAKPOINTS, height),
    ):
        names = [name for _, name in points or []]
        reached = [name for start, name in points or [] if size >= start]
        for name in names:
            classes[name] = bool(reached) and name == reached[-1]
    screen.update_classes(classes, update=update, animate=False)


class FlowScreen(OwnScreen[None]):
    """A screen over the game that the flow waits for (a scoring): the app goes on when it
    is closed."""
