"""A record stepped through, for every game's replay viewer and export: every action with its
words, the state after any action, and where turns and sections (rounds) start.

The record is replayed once (:class:`~forum_trajanum.core.timeline.Timeline`). Each action
becomes a :class:`ReplayStep`: who acted, where in the game it fell (its *section*: the
game's own, e.g. a round of a cycle; equal for the actions of one round), the public log
lines and the lines only the acting player could read then, and every seat's score after it.
The state after every :data:`SNAPSHOT_EVERY`-th action is kept (``state.clone()``), so the
state after any action is a snapshot plus at most that many actions applied again, whichever
way one steps.

What may be shown: a finished game shows everything (nothing in it is secret any more); an
unfinished one only what an onlooker may know, since its players may still be playing it.
:attr:`Replay.full` says which.

A game gives only its own parts, by a subclass: where an action falls (:meth:`Replay.section`,
by default the game's ``period`` before the action) and what else a step holds
(:meth:`Replay.make_step`).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from forum_trajanum.core.files import name_and_bot
from forum_trajanum.core.game import GAMES, Game
from forum_trajanum.core.timeline import Timeline, TimelineStep

if TYPE_CHECKING:
    from forum_trajanum.core.record import GameRecordBase


#: A snapshot of the state is kept after every this many actions.
SNAPSHOT_EVERY = 16


@dataclass
class ReplayStep:
    """One action of the record, in words."""

    number: int  # 1-based
    seat: int  # who acted
    action: str  # the action's text
    section: Any  # where in the game it fell (the game's own; equal within one round)
    lines: list[tuple[int, str]]  # what every player could read (seat, text)
    secret: list[tuple[int, str]]  # what only the acting player knew then (seat, text)
    scores: tuple[int, ...] = ()  # every seat's score after the action


class Replay:
    """A record replayed once: its steps, snapshots and where each turn and section starts.
    Made by :meth:`of`."""

    def __init__(self, record: GameRecordBase, game: Game | None = None) -> None:
        self.record = record
        self.game = game if game is not None else GAMES.get(record.game)
        self.steps: list[Any] = []  # ReplayStep (or a game's own subclass of it)
        self.finished = False
        #: the record's actions after the first one that cannot be replayed (0 for a sound one)
        self.unplayable = 0
        self.problem = ""
        self._snapshots: list[Any] = []
        self._cache: tuple[int, Any] | None = None

    @classmethod
    def of(cls, record: GameRecordBase, game: Game | None = None) -> Self:
        """Replay ``record`` once. A record whose actions stop being legal part-way keeps
        the steps before that (``problem`` says where); bad options raise RecordError."""
        replay = cls(record, game)
        timeline = Timeline(record, replay.game)
        replay._snapshots.append(timeline.state.clone())
        for step in timeline:
            replay.steps.append(replay.make_step(step))
            if step.number % SNAPSHOT_EVERY == 0:
                replay._snapshots.append(step.after.clone())
        state = timeline.state
        if timeline.problem:
            number = timeline.good + 1
            replay.unplayable = len(record.actions) - number + 1
            # no action text or engine message here: they may name a secret (a kept tile)
            replay.problem = (
                f"the record stops replaying at action {number}; the "
                f"{replay.unplayable} action(s) from there are not shown"
            )
        replay.finished = replay.game.is_over(state) and not replay.unplayable
        replay._cache = (len(replay.steps), state)
        return replay

    # --- the game's own parts --------------------------------------------------------------

    def section(self, before: Any, after: Any) -> Any:
        """Where in the game an action falls, from the states before and after it (the
        game's ``period`` before it unless the game says otherwise)."""
        return self.game.period(before)

    def first_section(self) -> Any:
        """The section of a record without actions."""
        return self.game.period(self._snapshots[0]) if self._snapshots else (0, 0)

    def make_step(self, step: TimelineStep) -> ReplayStep:
        """One action as a step (a game adds what else its viewer shows of it)."""
        return ReplayStep(
            number=step.number,
            seat=step.seat,
            action=step.text,
            section=self.section(step.before, step.after),
            lines=step.lines,
            secret=step.secret,
            scores=tuple(self.game.scores(step.after)),
        )

    # --- what may be shown ---------------------------------------------------------------

    @property
    def full(self) -> bool:
        """Whether everything may be shown: the game is over, so nothing is secret any more."""
        return self.finished

    @property
    def players(self) -> int:
        return int(self.record.options.players)

    def name(self, seat: int) -> str:
        """A seat's name ("Player 2" when the record names nobody)."""
        names = self.record.names
        return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"

    def seat_label(self, seat: int) -> str:
        """ "Marcus (normal bot)"."""
        bots = self.record.bots
        bot = bots[seat] if seat < len(bots) else ""
        return name_and_bot(self.name(seat), bot)

    def lines_of(self, step: ReplayStep) -> list[tuple[int, str, bool]]:
        """The lines of ``step`` that may be shown: (seat, text, was secret then)."""
        out = [(seat, text, True) for seat, text in step.secret] if self.full else []
        return out + [(seat, text, False) for seat, text in step.lines]

    # --- states --------------------------------------------------------------------------

    @property
    def length(self) -> int:
        """The number of actions that replay (positions run from 0 to this)."""
        return len(self.steps)

    def state_at(self, position: int) -> Any:
        """The state after the first ``position`` actions (a copy: change it freely)."""
        position = min(max(position, 0), self.length)
        base_at = (position // SNAPSHOT_EVERY) * SNAPSHOT_EVERY
        cached = self._cache
        if cached is not None and base_at <= cached[0] <= position:
            base_at, state = cached[0], cached[1].clone()
        else:
            state = self._snapshots[base_at // SNAPSHOT_EVERY].clone()
        game = self.game
        for step in self.steps[base_at:position]:
            game.apply(state, game.parse(step.action))
        self._cache = (position, state)
        return state.clone()

    # --- where turns and sections start --------------------------------------------------

    def turn_starts(self) -> list[int]:
        """Positions at which a turn begins: the next action is taken by another player than
        the one before, or falls in another section (a player's actions within one section
        count as one turn); 0 and the end are included."""
        starts = [0]
        for i in range(1, self.length):
            a, b = self.steps[i - 1], self.steps[i]
            if a.seat != b.seat or a.section != b.section:
                starts.append(i)
        return _with_end(starts, self.length)

    def round_starts(self) -> list[int]:
        """Positions at which a section (a round, the setup, a scoring) begins; 0 and the end
        included."""
        starts = [0]
        for i in range(1, self.length):
            if self.steps[i - 1].section != self.steps[i].section:
                starts.append(i)
        return _with_end(starts, self.length)

    def section_at(self, position: int) -> Any:
        """The section of the next action (the last one's at the end)."""
        if not self.steps:
            return self.first_section()
        return self.steps[min(position, self.length - 1)].section

    def scores_after(self) -> list[tuple[Any, tuple[int, ...]]]:
        """Every seat's score at the end of each section, in order: the score over the
        rounds."""
        out: list[tuple[Any, tuple[int, ...]]] = []
        for i, step in enumerate(self.steps):
            last = i + 1 == self.length or self.steps[i + 1].section != step.section
            if last:
                out.append((step.section, step.scores))
        return out


def next_mark(marks: list[int], position: int) -> int:
    """The first mark after ``position`` (the last mark when there is none)."""
    i = bisect.bisect_right(marks, position)
    return marks[i] if i < len(marks) else marks[-1]


def previous_mark(marks: list[int], position: int) -> int:
    """The last mark before ``position`` (the first mark when there is none)."""
    i = bisect.bisect_left(marks, position)
    return marks[i - 1] if i > 0 else marks[0]


def _with_end(starts: list[int], length: int) -> list[int]:
    if starts[-1] != length:
        starts.append(length)
    return starts
