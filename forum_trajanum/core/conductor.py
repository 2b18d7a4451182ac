"""The conductor: what comes next in a game session, as data (no Textual, no screens).

Given the session (the state, the seats: people or bots) and what the players have been shown
so far, :meth:`Conductor.next_step` says what the app must do next: show a scoring that has just
happened, show the game's end, play a person's decision that has one possible answer, let a bot
play, hand the keyboard over to another person, or let the deciding person choose. The app maps
each step to a screen and tells the conductor when a step has been shown
(:meth:`Conductor.shown`); it holds no turn flow of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

StepKind = Literal["scoring", "over", "auto", "bot", "handover", "decide"]


@dataclass(frozen=True)
class Step:
    """What comes next.

    - ``scoring``: show scoring number ``scoring`` (1-based) of the game, just happened;
    - ``over``: the game is over, show the final result;
    - ``auto``: person ``seat``'s decision has one possible answer, ``action``: play it;
    - ``bot``: bot ``seat`` decides (on its own view); ``watcher``: the one person at the
      table, whose own view may stay on screen meanwhile (-1: two or more people, or none:
      only the public view may be shown);
    - ``handover``: the keyboard passes to person ``seat``, whose next decision is ``what``;
    - ``decide``: person ``seat`` chooses (their own view on screen).
    """

    kind: StepKind
    seat: int = -1
    scoring: int = 0
    action: str = ""
    what: str = ""
    watcher: int = -1


class Conductor:
    """The flow of one session: the next step, from the session and from what was shown."""

    def __init__(self, session) -> None:
        self.session = session
        rules = session.rules
        #: scorings already shown (a loaded game does not show its old ones again)
        self.scorings_seen = rules.scorings(session.state)
        #: the person whose screen is shown (None: nobody's: after a hand-over screen, a
        #: bot's turn shown publicly, a scoring, the start)
        self.last_human: int | None = None

    def people(self) -> list[int]:
        """The seats of the people at the table (not bots)."""
        s = self.session
        return [seat for seat in range(s.players) if not s.is_bot(seat)]

    def next_step(self) -> Step:
        """What the app must do now (nothing changes until :meth:`shown` or a play)."""
        s = self.session
        rules = s.rules
        if rules.scorings(s.state) > self.scorings_seen:
            return Step("scoring", scoring=self.scorings_seen + 1)
        if s.over:
            return Step("over")
        seat = s.decider
        if s.is_bot(seat):
            people = self.people()
            return Step("bot", seat, watcher=people[0] if len(people) == 1 else -1)
        legal = rules.legal_actions(s.state)
        if len(legal) == 1:
            only = str(legal[0])
            # ending one's turn waits while a step of it can still be taken back
            if not (only in rules.turn_ends and s.can_undo()):
                return Step("auto", seat, action=only)
        if len(self.people()) > 1 and seat != self.last_human:
            what = rules.view(s.state, seat).title or "your decision"
            return Step("handover", seat, what=what)
        return Step("decide", seat)

    def shown(self, step: Step) -> None:
        """The app has shown ``step`` (for a hand-over: the player said they are ready)."""
        if step.kind == "scoring":
            self.scorings_seen = max(self.scorings_seen, step.scoring)
        elif step.kind == "over":
            self.last_human = None
        elif step.kind in ("handover", "decide"):
            self.last_human = step.seat

    def forget_viewer(self) -> None:
        """Nobody's own screen is shown any more (the app went to the menu, a hand-over
        screen covered the play screen): the next person's decision starts with a
        hand-over."""
        self.last_human = None
