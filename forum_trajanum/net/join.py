"""``forum-trajanum join ADDRESS``: one seat of a hosted game in this terminal, through the
game's own play screens (its UI contract, :mod:`forum_trajanum.tui.contract`) and a
:class:`~forum_trajanum.net.client.RemoteSession`.

The screen shows the seat's own view only, always: no hand-over is needed, since no other
seat's secret ever reaches this window. While another seat decides, the seat's view stays on
screen with who decides (the game's screen says it), and the others' moves appear as the
host sends them; each scoring is shown once when it happens, then the final ranking. Undo
takes back a step of the seat's own turn, as at the table (the host decides whether it can).
The first-game coach explains each new kind of decision once, as in the app (k switches
it); its memory is this user's, kept in their own folder
(:mod:`forum_trajanum.net.coachmemory`). Leaving (q) leaves the seat: its address opens it
again, and the game goes on on the host.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import ssl
import sys
from pathlib import Path
from typing import Any

from textual import work

from forum_trajanum.core.errors import GameError
from forum_trajanum.core.table import SeatFlow
from forum_trajanum.core.text import printable
from forum_trajanum.net import coachmemory
from forum_trajanum.net.client import JoinError, RemoteSession
from forum_trajanum.net.protocol import Address, AddressError, parse_address
from forum_trajanum.tui import keys
from forum_trajanum.tui.coach import OK, CoachApp, CoachScreen
from forum_trajanum.tui.compat import FixedApp
from forum_trajanum.tui.contract import GameUI, game_ui
from forum_trajanum.tui.gamescreens import GameScreen
from forum_trajanum.tui.messages import ActionChosen
from forum_trajanum.tui.tableflow import TableScreens

#: The environment variable a seat's address may come in (not on the command line, which
#: every user of the machine can read): a host's browser page starts ``join`` so.
ADDRESS_VARIABLE = "FORUM_TRAJANUM_JOIN_ADDRESS"
#: Seconds ``join`` waits for the host's first answer before saying none came.
PATIENCE = 10.0
_SHELL_CSS = Path(__file__).resolve().parent.parent / "tui" / "forum_trajanum.tcss"


class JoinApp(TableScreens, CoachApp, FixedApp):
    """One seat of a game played on a host (see the module's docstring)."""

    CSS_PATH = str(_SHELL_CSS)
    TITLE = "Forum Trajanum"
    #: The key bar's words for what a key does here: q leaves the game (there is no menu;
    #: QA: the key bar said "q Menu").
    KEY_WORDS = {"q": "Leave"}
    #: The help's words for them (it said "back to the menu").
    #: What Escape says with nothing open to close (the app's: "q: back to the menu").
    ESCAPE_LINE = "q: leave the game (it goes on on the host, which keeps your seat)"
    KEY_HELP = {
        "q": "leave the game: it goes on on the host, which keeps your seat (join its "
        "address again to come back)"
    }

    def __init__(self, session: RemoteSession, *, choice_hold: float | None = None) -> None:
        super().__init__()
        self.animation_level = "none"
        self.session = session
        self.ui: GameUI | None = game_ui(session.rules)
        self.choice_hold = keys.CHOICE_HOLD if choice_hold is None else choice_hold
        self.title = f"{session.rules.title}: {session.name(session.seat)}"
        #: What this window shows next, in the conductor's steps (the table is on the host).
        self.flow = SeatFlow(session, session.seat)
        #: A message for the next redraw (a refusal, what a move led to by itself).
        self.message = ""
        self.deferred = False
        self._mode_screens: dict[type, GameScreen] = {}
        self._over_shown = False
        self._last_decider: int | None = None
        #: The decision of the view on screen: a move chosen on it answers that decision
        #: (a key that comes after the game moved on is refused by the host, not replayed on
        #: the new decision).
        self.shown_decision = ""
        #: Whether a move or undo was dropped (chosen while the connection was lost): the
        #: screen says so again when the connection is back.
        self.dropped = False
        #: A note kept on screen until the seat's next choice (what became of one dropped).
        self.note = ""
        #: Moves and undos sent and not answered yet.
        self.in_flight = 0
        #: What ``join`` prints when the window closes: how to come back to a game going on.
        self.farewell = ""
        #: Why the window stopped on its own (``join`` prints it and ends with status 1).
        self.failure = ""

    # --- showing -------------------------------------------------------------------------

    def on_mount(self) -> None:
        if self.ui is None:
            self.exit(
                return_code=2,
                message=f"{self.session.rules.title} cannot be shown in a terminal yet.",
            )
            return
        s = self.session
        s.meta = coachmemory.load(s.client.address.secret, s.seat, s.name(s.seat))
        s.keep = lambda: coachmemory.store(s.meta)
        s.on_change(self._changed)
        self.show_game()

    def _changed(self, _session) -> None:
        """A message came from the host (on this app's own event loop: the session was
        connected on it)."""
        # posted, not shown at once: the host's message is still being taken in; an app not
        # running (any more) takes no message, which is nothing the host sent wrong
        self.call_later(self.show_game)

    @property
    def table_session(self) -> RemoteSession:
        return self.session

    @property
    def table_ui(self) -> GameUI:
        assert self.ui is not None  # a game without screens shows nothing (on_mount)
        return self.ui

    def standing_notice(self) -> str:
        """What stays in view while the connection is ended or lost, whatever else is said
        (a refusal, a hint refused): what happened and what to do ("" while it holds)."""
        s = self.session
        if s.ended:
            return s.problem
        if not s.connected:
            trouble = s.trouble or "The connection to the host is lost: trying again by itself…"
            return f"{trouble} A move chosen now is not sent."
        return ""

    def waiting_words(self) -> str:
        """What the seat is told while it waits: who decides, whether the connection is
        lost, who is away."""
        s = self.session
        if s.ended or not s.connected:
            return self.standing_notice()
        if s.over:
            return ""
        # who decides, and what, the game's screen says (once: it was said here too)
        presence = s.presence
        away = [
            s.name(seat)
            for seat, here in enumerate(presence)
            if not here and not s.is_bot(seat) and seat != s.seat
        ]
        if not away:
            return ""
        return f"{', '.join(away)} {'is' if len(away) == 1 else 'are'} not connected."

    def show_game(self) -> None:
        """Show what the seat's latest state calls for: a scoring not shown yet, the final
        ranking, or the seat's own view (its decision, or what it sees while others decide)."""
        if self.ui is None:
            return
        if self.session.ended == "malformed":  # nothing more of this host can be trusted
            self.failure = self.session.problem
            self.exit(return_code=1)
            return
        if self.overlay_open():
            self.deferred = True
            if isinstance(self.screen, CoachScreen) and self.standing_notice():
                # the coach strip gives way to a lost or ended connection (QA at 80x24: it
                # covered the notice, and the game looked alive until it was closed)
                self.screen.dismiss(OK)
            return
        s = self.session
        view = s.view_of(s.seat)
        step = self.flow.next_step()
        if step.kind == "scoring":
            self.flow.shown(step)
            self.show_seat(view, 0.0)
            # at once: a message of the host that comes next must find it on screen
            self.push_screen(self.scoring_screen(view, step.scoring), lambda _: self.show_game())
            return
        if step.kind == "over":
            if not self._over_shown:
                self._over_shown = True
                self.show_over(view)
            return
        mine = step.kind == "decide"
        # a decision that just became this seat's ignores Enter for a moment
        hold = self.choice_hold if mine and self._last_decider != s.seat else 0.0
        self._last_decider = s.decider
        self.show_seat(view, hold)
        if mine:
            self.coach_check(view)  # a kind of decision (or a word) new to this seat

    def show_seat(self, view, hold: float) -> None:
        """The seat's own view on the play screen of its mode, with what is to be said."""
        s, ui = self.session, self.table_ui
        self.shown_decision = s.decision
        if self.dropped and s.connected:
            self.dropped = False
            # kept until the seat's next choice: each message of the host redraws the screen
            self.note = "The connection is back; what you chose while it was lost was not sent."
        # a lost or ended connection first: at 80x24 what to do (the address) stays whole
        standing = self.standing_notice()
        others = (self.message, self.note, s.played_alone)
        message = " ".join(
            filter(None, (standing, *others, "" if standing else self.waiting_words()))
        )
        self.message = ""
        data = ui.play_data(
            s, view, names=self.names(), bots=self.bots(), message=message, hold=hold,
            home=s.seat,
        )  # fmt: skip
        self.show_main(data)

    def go_on(self) -> None:
        self.show_game()

    # --- the seat's requests ----------------------------------------------------------------

    def on_action_chosen(self, message: ActionChosen) -> None:
        self.note = ""
        if self.not_sent():
            return
        self.in_flight += 1
        self.send(str(message.action), self.shown_decision)

    def on_undo_requested(self, message) -> None:
        self.note = ""
        if self.not_sent():
            return
        self.in_flight += 1
        self.send(None, self.shown_decision)

    def not_sent(self) -> bool:
        """Whether a move or undo chosen now cannot be sent (the connection is lost, or has
        ended): then it is dropped, and the screen says so (it is never kept to be played
        later, when the game may have moved on)."""
        s = self.session
        if s.ended:
            self.say(f"Not sent: {s.problem}")
            return True
        if not s.connected:
            self.say("Not sent: the connection to the host is lost. Choose again once it is back.")
            self.dropped = True
            return True
        return False

    @work(group="requests", exclusive=False)
    async def send(self, text: str | None, decision: str) -> None:
        """Send a move (or an undo, for None) to the host and wait for its answer, while the
        window goes on (an async worker on the app's loop, which the connection shares); a
        refusal is said in the host's words."""
        try:
            if text is None:
                done = await self.session.take_back()
                words = "" if done else "Nothing to take back now."
            else:
                await self.session.act(text, decision=decision)
                words = ""
            if self.session.resent:
                words = (
                    "The connection was lost while your move was on its way: it was sent "
                    f"again when the connection came back. {words or 'It is played.'}"
                )
        except GameError as exc:
            words = str(exc)
        # queued as the host's messages are: after the state that came before the answer
        self.call_later(self.answered, words)

    def answered(self, words: str) -> None:
        self.in_flight -= 1
        if words:
            self.say(words)

    def say(self, words: str) -> None:
        top = self.screen
        if isinstance(top, GameScreen):
            top.say(printable(words))  # after the standing notice, if any (with_standing)
        else:  # said when what covers the game closes (the coach's word, a scoring)
            self.message = words
            self.deferred = True

    def on_help_requested(self, message) -> None:
        if self.ui is not None:
            self.push_screen(self.ui.help_screen(message.tab))

    def on_menu_requested(self, message) -> None:
        self.leave()

    def on_game_left(self, message) -> None:
        self.leave()

    def leave(self) -> None:
        """Close the window (``q``: the menu of a game played here is the terminal's own);
        a game still going on keeps the seat, and ``join`` says how to come back."""
        s = self.session
        if s.ended:
            self.farewell = s.problem
        elif not s.over:
            self.farewell = (
                f"You left the game; it goes on on the host and keeps {s.name(s.seat)}'s "
                f"seat. To come back: forum-trajanum join {s.client.address.short()}"
            )
        self.exit()

    def on_quit_requested(self, message) -> None:
        self.exit()

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error: the window closes with a message in words (its details in
        crash.log), never a traceback; headless (the tests) it fails as Textual's does."""
        if self.is_headless or isinstance(error, (KeyboardInterrupt, SystemExit)):
            super()._handle_exception(error)
            return
        import traceback

        from forum_trajanum.core.saves import log_crash

        where = log_crash("".join(traceback.format_exception(error))) or "crash.log"
        self.failure = (
            f"This window stopped because of an internal error ({type(error).__name__}: "
            f"{error}). The game goes on on the host, which keeps your seat: join again to "
            f"come back. Details for a bug report: {where}"
        )
        self.exit(return_code=1)

    def on_save_copy_requested(self, message) -> None:
        self.say("The host keeps this game's save.")


def main(argv: list[str] | None = None) -> int:
    """``forum-trajanum join ADDRESS``."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum join",
        description="Play your seat of a game on a game host (`forum-trajanum host`), in this "
        "terminal: open the address the host printed for you.",
    )
    parser.add_argument(
        "address",
        nargs="?",
        help="your seat's address (http://HOST:PORT/TABLE/SECRET); without it, the "
        f"environment's {ADDRESS_VARIABLE} (as a host's browser page starts join)",
    )
    parser.add_argument(
        "--cafile",
        help="an https host's certificate (or its authority's) when the system does not trust "
        "it, e.g. a certificate the host made itself",
    )
    args = parser.parse_args(argv)
    given = args.address or os.environ.get(ADDRESS_VARIABLE)
    if not given:
        parser.error("give your seat's address, as the host printed it")
    try:
        address = parse_address(given)
        options: dict[str, Any] = {}
        if args.cafile:
            options["ssl_context"] = ssl.create_default_context(cafile=args.cafile)
    except OSError as exc:  # a certificate file that cannot be read
        print(f"forum-trajanum join: {printable(str(exc))}", file=sys.stderr)
        return 1
    except AddressError as exc:
        print(f"forum-trajanum join: {printable(str(exc))}", file=sys.stderr)
        return 1
    return asyncio.run(play_seat(address, **options))


async def play_seat(address: Address, run=None, **client_options) -> int:
    """Connect to the seat at ``address`` and play it in a :class:`JoinApp`, the window and
    its connection on this one event loop; ``join``'s exit status, its words said
    (``run(app)`` runs the app: by default in this terminal)."""
    try:
        session = await RemoteSession.connect(address, timeout=PATIENCE, **client_options)
    except JoinError as exc:
        print(f"forum-trajanum join: {printable(str(exc))}", file=sys.stderr)
        return 1
    try:
        app = JoinApp(session)
        await (app.run_async() if run is None else run(app))
    finally:
        await session.aclose()
    if app.failure:
        print(f"forum-trajanum join: {printable(app.failure)}", file=sys.stderr)
        return 1
    if app.farewell:
        print(printable(app.farewell))
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
