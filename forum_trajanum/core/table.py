"""A game at a table, without Textual: its session, its conductor (what comes next) and its
seats' bots. The local app (:mod:`forum_trajanum.tui.app`) and the host's table
(:mod:`forum_trajanum.net.table`) each hold one and only map its steps: the app to screens,
the host to messages; where a bot thinks (a Textual worker, the host's pool of threads) and
how a move is saved is theirs. A joined seat's window, whose table is on the host, follows its
one seat with :class:`SeatFlow`, in the same steps.

What they share is here, once: the next step (:class:`~forum_trajanum.core.conductor.Conductor`),
each bot made once per seat from the game's own bots (a stand-in that plays the first choice,
with words saying why, when a level cannot be had: an old save's, a missing package), the
decision a bot thinks about (:meth:`GameTable.bot_turn`: a token that goes stale when the
game moves on), and playing a bot's choice (:meth:`GameTable.play_bot`: as it is, the engine's
``apply`` the one check; its view's first legal action, with words, when it failed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from forum_trajanum.core.conductor import Conductor, Step
from forum_trajanum.core.errors import GameError

if TYPE_CHECKING:
    from forum_trajanum.core.session import GameSession


class StandInBot:
    """Plays when a seat's bot cannot be had: the first legal action of its view."""

    level = "stand-in"

    def choose(self, view: Any) -> Any:
        return view.legal[0]


@dataclass(frozen=True)
class BotTurn:
    """A decision a bot thinks about: its seat, the bot, the seat's own view (all a bot gets)
    and the token of the decision (:meth:`GameTable.current`)."""

    seat: int
    bot: Any
    view: Any
    token: tuple[int, int]


class GameTable:
    """One game at a table (see the module's docstring)."""

    def __init__(
        self, session: GameSession, bot_factory: Callable[[str, int], Any] | None = None
    ) -> None:
        self.session = session
        #: ``bot_factory(level, seed)``; None: the session's game's own bots
        self.bot_factory = bot_factory
        self.conductor = Conductor(session)
        self._bots: dict[int, Any] = {}
        #: Why a seat's bot is a stand-in (player words), by seat, until said: the app or
        #: the host takes the words out once it has said them.
        self.stand_ins: dict[int, str] = {}

    # --- the flow ------------------------------------------------------------------------

    def next_step(self) -> Step:
        """What comes next (:meth:`Conductor.next_step`)."""
        return self.conductor.next_step()

    def shown(self, step: Step) -> None:
        self.conductor.shown(step)

    def forget_viewer(self) -> None:
        self.conductor.forget_viewer()

    def people(self) -> list[int]:
        return self.conductor.people()

    @property
    def last_human(self) -> int | None:
        """The person whose own screen is shown (None: nobody's)."""
        return self.conductor.last_human

    def play(self, action: Any, seat: int, joined: bool = False) -> Any:
        """Play ``action`` (or its text) for ``seat`` (:meth:`GameSession.play`: the engine's
        ``apply`` is the one check; :class:`GameError` when it refuses)."""
        return self.session.play(action, seat, joined=joined)

    # --- bots ------------------------------------------------------------------------------

    def current(self) -> tuple[int, int]:
        """The token of the decision now: it changes with every action and every undo."""
        s = self.session
        return (id(s), len(s.record.actions))

    def bot(self, seat: int) -> Any:
        """The bot of ``seat``, made once (seeded by the game's seed and the seat); a
        :class:`StandInBot` when its level cannot be made (:attr:`stand_ins` says why)."""
        bot = self._bots.get(seat)
        if bot is None:
            s = self.session
            level = s.bot_level(seat)
            try:
                factory = self.bot_factory or s.rules.load("bots").make_bot
                bot = factory(level, s.record.seed * 10 + seat)
            except Exception as exc:  # an unknown level in an old save, a missing package
                bot = StandInBot()
                self.stand_ins[seat] = f"No {level!r} bot ({exc}); a simple stand-in plays."
            self._bots[seat] = bot
        return bot

    def bot_turn(self, seat: int) -> BotTurn:
        """What bot ``seat`` is to think about now (off the table's thread: its own view
        only)."""
        return BotTurn(seat, self.bot(seat), self.session.view_of(seat), self.current())

    def stale(self, turn: BotTurn) -> bool:
        """Whether the game has moved on since ``turn`` was given (its choice is not played)."""
        return turn.token != self.current()

    def play_bot(self, turn: BotTurn, action: Any, problem: str = "") -> tuple[Any, str]:
        """Play bot ``turn.seat``'s ``action`` as it is (the engine's ``apply`` is the one
        check); when the bot failed (``problem``) or the rules refuse its choice, its view's
        first legal action. Returns what was played and words saying why it was not the
        bot's own choice ("" when it was)."""
        if not problem:
            try:
                self.play(action, turn.seat)
                return action, ""
            except GameError:
                problem = repr(str(action)[:60])
        fallback = turn.view.legal[0]
        self.play(fallback, turn.seat)
        name = self.session.name(turn.seat)
        return fallback, f"Bot {name} failed ({problem}); it plays {fallback}"


class SeatFlow:
    """What a window that plays one seat of a game played elsewhere (``join``: the table is
    on the host) shows next, in the conductor's steps: a scoring not shown to it yet
    (``scoring``), the game's end (``over``), the seat's decision (``decide``), or the seat's
    own view while another seat decides there (``wait``)."""

    def __init__(self, session: Any, seat: int) -> None:
        #: the seat's session: its ``scorings`` (as many as the game has had), ``over`` and
        #: ``decider`` are all this reads
        self.session = session
        self.seat = seat
        #: scorings already shown (one joining a game under way does not see old ones)
        self.scorings_seen: int = session.scorings

    def next_step(self) -> Step:
        s = self.session
        if self.scorings_seen < s.scorings:
            return Step("scoring", self.seat, scoring=self.scorings_seen + 1)
        if s.over:
            return Step("over")
        if s.decider == self.seat:
            return Step("decide", self.seat)
        return Step("wait", s.decider, watcher=self.seat)

    def shown(self, step: Step) -> None:
        if step.kind == "scoring":
            self.scorings_seen = max(self.scorings_seen, step.scoring)


__all__ = ["BotTurn", "GameTable", "SeatFlow", "StandInBot"]
