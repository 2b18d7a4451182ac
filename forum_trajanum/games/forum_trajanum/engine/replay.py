"""A game record stepped through: every action in words, and the state after any action.

No Textual and no files here: :mod:`forum_trajanum.games.forum_trajanum.ui.export` prints what this
finds, and the
replay screen (:mod:`forum_trajanum.games.forum_trajanum.ui.replay`) steps through it.

The record is replayed once. Each action becomes a :class:`Step`: who acted, where in the game
(cycle, round, phase), the engine's public log lines (``public_lines``), and the lines only the
acting player could read then (what a draft took, kept and passed). The state after every
``SNAPSHOT_EVERY``-th action is kept (``state.clone()``), so the state after any action is a
snapshot plus at most that many actions applied again, whichever way one steps.

What may be shown: a finished game shows everything (nothing in it is secret any more); an
unfinished one shows only what an onlooker may know (public lines, the onlooker's view), since
its players may still be playing it. :attr:`GameReplay.full` says which.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from forum_trajanum.core.game import GAMES
from forum_trajanum.core.numerals import roman
from forum_trajanum.core.timeline import Timeline, TimelineStep
from forum_trajanum.games.forum_trajanum.data import (
    CYCLES,
    STREET_SYMBOLS,
)
from forum_trajanum.games.forum_trajanum.engine import (
    GameRecord,
    GameState,
    apply,
    is_over,
    parse,
)

#: A snapshot of the state is kept after every this many actions.
SNAPSHOT_EVERY = 16


def cycle_name(cycle: int) -> str:
    """1 -> "I"."""
    return roman(cycle, CYCLES)


@dataclass(frozen=True)
class Section:
    """Where in the game an action falls: setup, a round of a cycle, or a cycle's end
    (paying the citizens and the scoring)."""

    cycle: int  # 0 during setup
    round: int  # 1-4; 0 during setup and at a cycle's end
    part: str  # "setup", "round" or "scoring"

    def title(self) -> str:
        """The heading, in words."""
        if self.part == "setup":
            return "Setup"
        if self.part == "scoring":
            return f"Cycle {cycle_name(self.cycle)}, end: paying citizens and scoring"
        return f"Cycle {cycle_name(self.cycle)}, round {self.round}"

    @staticmethod
    def of(state: GameState) -> Section:
        if state.cycle == 0 or state.phase == "setup":
            return Section(0, 0, "setup")
        if state.phase == "scoring":
            return Section(state.cycle, 0, "scoring")
        return Section(state.cycle, state.round, "round")


@dataclass
class Step:
    """One action of the record, in words."""

    number: int  # 1-based
    seat: int  # who acted
    action: str  # the action's text
    section: Section
    street: tuple[int, ...]  # the street cards face up when it was taken
    lines: list[tuple[int, str]]  # what every player could read (seat, text)
    secret: list[tuple[int, str]]  # what only the acting player knew then (seat, text)
    #: the cycle-end scoring this action completed: per seat, points by category
    scoring: list[dict[str, int]] | None = None
    scores: tuple[int, ...] = ()  # every seat's score after the action


@dataclass
class GameReplay:
    """A record replayed once: its steps, snapshots and where each turn and round starts."""

    record: GameRecord
    steps: list[Step] = field(default_factory=list)
    finished: bool = False
    #: the record's actions after the first one that cannot be replayed (0 for a sound record)
    unplayable: int = 0
    problem: str = ""
    _snapshots: list[GameState] = field(default_factory=list)
    _cache: tuple[int, GameState] | None = None

    @classmethod
    def of(cls, record: GameRecord) -> GameReplay:
        """Replay ``record`` once. A record whose actions stop being legal part-way keeps
        the steps before that (``problem`` says where); bad options raise RecordError."""
        timeline = Timeline(record, GAMES.get(record.game))
        replay = cls(record)
        replay._snapshots.append(timeline.state.clone())
        for step in timeline:
            replay.steps.append(_step(step))
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
        replay.finished = is_over(state) and not replay.unplayable
        replay._cache = (len(replay.steps), state)
        return replay

    # --- what may be shown ---------------------------------------------------------------

    @property
    def full(self) -> bool:
        """Whether everything may be shown: the game is over, so nothing is secret any more."""
        return self.finished

    @property
    def players(self) -> int:
        return self.record.options.players

    def name(self, seat: int) -> str:
        """A seat's name ("Player 2" when the record names nobody)."""
        names = self.record.names
        return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"

    def seat_label(self, seat: int) -> str:
        """ "Marcus (normal bot)"."""
        bots = self.record.bots
        bot = bots[seat] if seat < len(bots) else ""
        return f"{self.name(seat)} ({bot} bot)" if bot else self.name(seat)

    def lines_of(self, step: Step) -> list[tuple[int, str, bool]]:
        """The lines of ``step`` that may be shown: (seat, text, was secret then)."""
        out = [(seat, text, True) for seat, text in step.secret] if self.full else []
        return out + [(seat, text, False) for seat, text in step.lines]

    # --- states --------------------------------------------------------------------------

    @property
    def length(self) -> int:
        """The number of actions that replay (positions run from 0 to this)."""
        return len(self.steps)

    def state_at(self, position: int) -> GameState:
        """The state after the first ``position`` actions (a copy: change it freely)."""
        position = min(max(position, 0), self.length)
        base_at = (position // SNAPSHOT_EVERY) * SNAPSHOT_EVERY
        cached = self._cache
        if cached is not None and base_at <= cached[0] <= position:
            base_at, state = cached[0], cached[1].clone()
        else:
            state = self._snapshots[base_at // SNAPSHOT_EVERY].clone()
        for step in self.steps[base_at:position]:
            apply(state, parse(step.action))
        self._cache = (position, state)
        return state.clone()

    # --- where turns and rounds start ----------------------------------------------------

    def turn_starts(self) -> list[int]:
        """Positions at which a turn begins: the next action is taken by another player than
        the one before, or falls in another section (a player's draft, turn, payment or
        setup counts as one turn); 0 and the end are included."""
        starts = [0]
        for i in range(1, self.length):
            a, b = self.steps[i - 1], self.steps[i]
            if a.seat != b.seat or a.section != b.section:
                starts.append(i)
        return _with_end(starts, self.length)

    def round_starts(self) -> list[int]:
        """Positions at which a section (setup, a round, a cycle's end) begins; 0 and the end
        included."""
        starts = [0]
        for i in range(1, self.length):
            if self.steps[i - 1].section != self.steps[i].section:
                starts.append(i)
        return _with_end(starts, self.length)

    def section_at(self, position: int) -> Section:
        """The section of the next action (the last one's at the end)."""
        if not self.steps:
            return Section(0, 0, "setup")
        return self.steps[min(position, self.length - 1)].section

    def scores_after(self) -> list[tuple[Section, tuple[int, ...]]]:
        """Every seat's score at the end of each section, in order: the score over the
        rounds."""
        out: list[tuple[Section, tuple[int, ...]]] = []
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


def _step(step: TimelineStep) -> Step:
    before, after = step.before, step.after
    scoring = None
    if len(after.scorings) > len(before.scorings):
        scoring = [dict(d) for d in after.scorings[-1]]
    return Step(
        number=step.number,
        seat=step.seat,
        action=step.text,
        section=Section.of(before),
        street=tuple(before.street),
        lines=step.lines,
        secret=step.secret,
        scoring=scoring,
        scores=tuple(pl.score for pl in after.players),
    )


def street_words(street: tuple[int, ...]) -> str:
    """The face-up street cards: "streets III and c"."""
    if not street:
        return ""
    return "streets " + " and ".join(STREET_SYMBOLS[s] for s in street)


__all__ = [
    "SNAPSHOT_EVERY",
    "GameReplay",
    "Section",
    "Step",
    "cycle_name",
    "next_mark",
    "previous_mark",
    "street_words",
]
