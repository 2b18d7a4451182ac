"""The replay viewer's stepping, for every game: a screen that steps through a record replayed
by the core (:class:`forum_trajanum.core.replay.Replay`), both ways.

Keys: left/right one action, shift+left/right or [ ] one turn, page up/down one round,
home/end the start and the end; tab or 1-4 the seat shown; Escape or q closes. A game's
replay screen subclasses :class:`ReplayStepper`: it composes its panels, draws the game after
:attr:`~ReplayStepper.position` actions (:meth:`~ReplayStepper.draw`) and adds its own keys
(its panels)."""

from __future__ import annotations

from textual.binding import Binding

from forum_trajanum.core.replay import Replay, next_mark, previous_mark
from forum_trajanum.tui.screenbase import OwnScreen


class ReplayStepper(OwnScreen[None]):
    """Step through ``replay`` from ``position``; Escape or q closes."""

    BINDINGS = [
        Binding("right", "step(1)", "Action"),
        Binding("left", "step(-1)", "Back", show=False),
        Binding("shift+right,right_square_bracket", "turn(1)", "Turn ]"),
        Binding("shift+left,left_square_bracket", "turn(-1)", "Turn [", show=False),
        # priority: a focused panel that can scroll must not take these keys
        Binding("pagedown", "round(1)", "Round PgDn", priority=True),
        Binding("pageup", "round(-1)", "Round PgUp", show=False, priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("tab", "seat(1)", "Seat"),
        *(Binding(str(n + 1), f"pick_seat({n})", show=False) for n in range(4)),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, replay: Replay, position: int = 0) -> None:
        super().__init__()
        self.replay = replay
        #: How many actions are shown played.
        self.position = min(max(position, 0), replay.length)
        #: The seat whose board (or circle) is shown.
        self.seat = 0
        self._turns = replay.turn_starts()
        self._rounds = replay.round_starts()

    def draw(self) -> None:
        """Show the game after :attr:`position` actions (the game's own screen)."""
        raise NotImplementedError

    def sections_met(self) -> tuple | None:
        """At the start of a round (or another section) after the first one: (the section
        that ended, the section that begins); else None. The last action shown then belongs
        to the section before: the screen says so (QA at 80x24, issue 36: PgDn showed the
        new round's heading over the previous round's last action, unsaid)."""
        steps, position = self.replay.steps, self.position
        if 0 < position < len(steps) and steps[position - 1].section != steps[position].section:
            return steps[position - 1].section, steps[position].section
        return None

    def go(self, position: int) -> None:
        """Show the game after ``position`` actions."""
        position = min(max(position, 0), self.replay.length)
        if position != self.position:
            self.position = position
            self.draw()

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_turn(self, delta: int) -> None:
        """To the start of the next turn (or of this or the previous one)."""
        move = next_mark if delta > 0 else previous_mark
        self.go(move(self._turns, self.position))

    def action_round(self, delta: int) -> None:
        """To the start of the next round (or of this or the previous one)."""
        move = next_mark if delta > 0 else previous_mark
        self.go(move(self._rounds, self.position))

    def action_jump(self, where: int) -> None:
        self.go(self.replay.length if where < 0 else where)

    def action_seat(self, delta: int) -> None:
        self.action_pick_seat((self.seat + delta) % self.replay.players)

    def action_pick_seat(self, seat: int) -> None:
        if 0 <= seat < self.replay.players:
            self.seat = seat
            self.draw()

    def action_close(self) -> None:
        self.dismiss(None)
