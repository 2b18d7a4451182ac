"""A Forum Trajanum record stepped through: the core's replay
(:class:`forum_trajanum.core.replay.Replay`: every action in words, the state after any action,
where turns and rounds start) with this game's own parts: where an action falls (its
:class:`Section`: setup, a round of a cycle, or a cycle's end), the street cards face up when
it was taken and the cycle-end scoring it completed.

No Textual and no files here: :mod:`forum_trajanum.games.forum_trajanum.ui.export` prints what
this finds, and the replay screen (:mod:`forum_trajanum.games.forum_trajanum.ui.replay`) steps
through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from forum_trajanum.core.numerals import roman
from forum_trajanum.core.replay import (
    SNAPSHOT_EVERY,
    Replay,
    ReplayStep,
    next_mark,
    previous_mark,
)
from forum_trajanum.core.timeline import TimelineStep
from forum_trajanum.games.forum_trajanum.data import (
    CYCLES,
    STREET_SYMBOLS,
)
from forum_trajanum.games.forum_trajanum.engine import GameRecord, GameState


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
class Step(ReplayStep):
    """One action of the record, in words: the core's step (its ``section`` a
    :class:`Section`) with the street cards face up when it was taken and the cycle-end
    scoring it completed (per seat, points by category)."""

    street: tuple[int, ...] = ()
    scoring: list[dict[str, int]] | None = None


class GameReplay(Replay):
    """A Forum Trajanum record replayed once (:meth:`of`): its steps, snapshots and where each
    turn and round starts."""

    record: GameRecord
    steps: list[Step]

    def section(self, before: GameState, after: GameState) -> Section:
        return Section.of(before)

    def first_section(self) -> Section:
        return Section(0, 0, "setup")

    def make_step(self, step: TimelineStep) -> Step:
        before, after = step.before, step.after
        scoring = None
        if len(after.scorings) > len(before.scorings):
            scoring = [dict(d) for d in after.scorings[-1]]
        made = super().make_step(step)
        return Step(**vars(made), street=tuple(before.street), scoring=scoring)


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
