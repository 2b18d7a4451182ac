"""The screen flow both apps share (the local one, :class:`~forum_trajanum.tui.app.ForumApp`,
and ``join``'s, :class:`~forum_trajanum.net.join.JoinApp`): the steps of a game at a table
(:mod:`forum_trajanum.core.table`) mapped to the game's screens, from its UI contract.

A step's screen is the same in both: a scoring goes over the play screen and the flow goes
on when it is closed; the game's end replaces the play screen; a seat's decision, or what it
sees while another decides, is the play screen of its mode (one screen per mode, made once
and reused). What differs is the app's: which view a step shows (the table's public view, a
hot-seat person's own, a joined seat's own), the steps only the local table has (a bot's
turn, a hand-over, a decision with one answer), and how a move is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import ModalScreen

if TYPE_CHECKING:
    from collections.abc import Callable

    from forum_trajanum.core.seat import Session
    from forum_trajanum.tui.contract import GameUI
    from forum_trajanum.tui.gamescreens import FlowScreen, GameScreen


class TableScreens:
    """The shared part of both apps' screen flow (mixed into a Textual ``App``)."""

    #: set by the app
    choice_hold: float
    deferred: bool
    _mode_screens: dict[type, GameScreen]

    @property
    def table_session(self) -> Session:
        """The session whose steps are shown (the app's)."""
        raise NotImplementedError

    @property
    def table_ui(self) -> GameUI:
        """The session's game's screens (its UI contract)."""
        raise NotImplementedError

    def names(self) -> list[str]:
        s = self.table_session
        return [s.name(seat) for seat in range(s.players)]

    def bots(self) -> list[str]:
        s = self.table_session
        return [s.bot_level(seat) for seat in range(s.players)]

    def score_history(self) -> list[tuple[int, ...]]:
        """Every player's score after each finished round (recorded by the session)."""
        return [entry.scores for entry in self.table_session.rounds]

    def overlay_open(self) -> bool:
        """Whether something covers the game that the flow waits for (a dialog, a scoring,
        the coach's word; the local app adds its own)."""
        # the play screens' module loads after the start screen's first frame
        from forum_trajanum.tui.gamescreens import FlowScreen

        return isinstance(self.screen, (ModalScreen, FlowScreen))  # type: ignore[attr-defined]

    def go_on(self) -> None:
        """Show what comes next (the app's flow: the local table's next step, a joined
        seat's latest state)."""
        raise NotImplementedError

    def resume_play(self) -> None:
        """Go on with the flow an overlay held back (:attr:`deferred`), once nothing covers
        the game."""
        if self.deferred and not self.overlay_open():
            self.deferred = False
            self.go_on()

    def on_screen_uncovered(self, message: Any) -> None:
        self.resume_play()

    def show_main(self, data: Any) -> None:
        """Put ``data`` on the play screen of its mode. Each mode's screen is made once and
        reused (installed), which keeps switching modes cheap."""
        from forum_trajanum.tui.gamescreens import mode_screen

        app: Any = self
        cls = self.table_ui.screen_class(data.view)
        screen = mode_screen(app, self._mode_screens, cls, data)
        if app.screen is not screen:
            if len(app.screen_stack) > 1:
                app.switch_screen(screen)
            else:  # nothing shown yet (the app's default screen)
                app.push_screen(screen)

    def scoring_screen(self, view: Any, number: int) -> FlowScreen:
        """The screen of scoring ``number`` of the game, from ``view`` (it goes over the play
        screen; the flow goes on when it is closed)."""
        return self.table_ui.scoring_screen(
            view, number, self.names(), self.score_history(), hold=self.choice_hold
        )

    def show_over(self, view: Any) -> None:
        """Show the game's end (the final ranking) from ``view`` in place of the play
        screen."""
        app: Any = self
        screen = self.table_ui.game_over_screen(view, self.names(), self.score_history())
        if len(app.screen_stack) > 1:
            app.switch_screen(screen)
        else:  # a game already over when the window opened: nothing shown yet
            app.push_screen(screen)

    def push_overlay(self, screen: Any, callback: Callable[[Any], None]) -> None:
        """Push ``screen`` from the app's own message loop, so that the app (not a screen
        that may be replaced meanwhile) receives its result."""
        app: Any = self
        app.call_later(app.push_screen, screen, callback)


__all__ = ["TableScreens"]
