"""The conductor: what comes next in a game session, as data (no Textual, no screens).

Given the session (the state, the seats: people or bots) and what the players have been shown
so far, :meth:`Conductor.next_step` says what the app must do next: show a scoring that has just
happened (to every person at the table: the others after their hand-over), show the game's
end, play a person's decision that has one possible answer, let a bot play, hand the keyboard
over to another person, or let the deciding person choose. The app maps each step to a screen
and tells the conductor when a step has been shown (:meth:`Conductor.shown`);
it holds no turn flow of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from forum_trajanum.core.session import GameSession

StepKind = Literal["scoring", "over", "auto", "bot", "handover", "decide", "wait"]


@dataclass(frozen=True)
class Step:
    """What comes next.

    - ``scoring``: show scoring number ``scoring`` (1-based) of the game to person ``seat``
      (-1: to the table: no person at it, or the game ended before a person saw it). In a
      hot-seat game each person sees each scoring: the one at the keyboard when it happens
      at once, each other person right after their next hand-over, before their decision;
    - ``over``: the game is over, show the final result;
    - ``auto``: person ``seat``'s decision has one possible answer, ``action``: play it;
    - ``bot``: bot ``seat`` decides (on its own view); ``watcher``: the one person at the
      table, whose own view may stay on screen meanwhile (-1: two or more people, or none:
      only the public view may be shown);
    - ``handover``: the keyboard passes to person ``seat``, whose next decision is ``what``;
    - ``decide``: person ``seat`` chooses (their own view on screen);
    - ``wait``: (a window that plays one seat of a game played elsewhere,
      :class:`~forum_trajanum.core.table.SeatFlow`) seat ``seat`` decides there, and this
      window's seat, ``watcher``, keeps its own view on screen.
    """

    kind: StepKind
    seat: int = -1
    scoring: int = 0
    action: str = ""
    what: str = ""
    watcher: int = -1


class Conductor:
    """The flow of one session: the next step, from the session and from what was shown."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        rules = session.rules
        done = rules.scorings(session.state)
        #: scorings already shown, per person (-1: the table, with no person at it); a
        #: loaded game does not show its old ones again
        self.scorings_seen: dict[int, int] = {seat: done for seat in [-1, *self.people()]}
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
        scoring = self.scoring_due()
        if scoring is not None:
            return scoring
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

    def scoring_due(self) -> Step | None:
        """The scoring to show now, if any: to the person whose screen is shown (or the one
        person at the table), the first they have not seen; with no person at the table, or
        when the game ended before anybody saw its last scoring, to the table. A person who
        has not seen a scoring yet sees it after their hand-over (:meth:`next_step` hands
        over before it)."""
        s = self.session
        done = s.rules.scorings(s.state)
        people = self.people()
        seen = self.scorings_seen
        if not people:
            return Step("scoring", scoring=seen[-1] + 1) if seen[-1] < done else None
        viewer = people[0] if len(people) == 1 else self.last_human
        if viewer is not None and seen[viewer] < done:
            return Step("scoring", viewer, scoring=seen[viewer] + 1)
        latest = max(seen[seat] for seat in people)
        if s.over and latest < done:  # the game's end is shown to the table: its scoring too
            return Step("scoring", scoring=latest + 1)
        return None

    def shown(self, step: Step) -> None:
        """The app has shown ``step`` (for a hand-over: the player said they are ready)."""
        if step.kind == "scoring":
            for seat in self.scorings_seen if step.seat < 0 else [step.seat]:
                self.scorings_seen[seat] = max(self.scorings_seen[seat], step.scoring)
        elif step.kind == "over":
            self.last_human = None
        elif step.kind in ("handover", "decide"):
            self.last_human = step.seat

    def forget_viewer(self) -> None:
        """Nobody's own screen is shown any more (the app went to the menu, a hand-over
        screen covered the play screen): the next person's decision starts with a
        hand-over."""
        self.last_human = None
