"""No waste at a building step: every bot's guard against conversions that lead nowhere.

Issue 38: Hard's last turn of a game was eight recolourings (blue -> green, green -> blue, x4),
eight assistants for nothing. The Normal ranking that Hard trusts at the building step values
each conversion by the builds it opens, looked at from the state after it, and the builds
available now from the state before it; the two looks can disagree, and a bot that asks again
after each conversion can go round in circles.

:class:`Thrift` remembers, through the seat's own building step (one per round), the
holdings it has been at: its supply (builders, workers of each colour, assistants, coins,
tribunes) and everything else of its own that a building step can change (buildings, the
ship, tracks, prestige, points, citizens, cranes). A conversion is *wasteful* when the
holdings it leads to were already within reach more cheaply in this step:

- they are no better than holdings the step has already been at (the conversions since then
  come back to where they began, or below: ``recolour B G`` then ``recolour G B``); or
- fewer conversions from holdings the step was at earlier reach them or better
  (``recolour B G`` then ``recolour G Y``: ``recolour B Y`` alone does it; ``B Y``, ``R G``,
  ``R B``: ``R Y`` and ``R G`` do it), searched breadth first through the engine's legal
  conversions for stretches of up to :data:`DEPTH` conversions.

"No better" compares the supply item by item, everything else being equal. Which conversions
lead where is the engine's: each legal one is applied to a copy of a world sampled from the
view (the seat's own Colonia and supply are all in its view, so every sample agrees on them).
Wasteful conversions are left out of the choices the bot looks at; the engine's legal actions
stay what they are, and if every choice were wasteful (never: ending the turn is always
there) the bot would keep them all.

The memory is the bot's own, built from its views alone, so a seed still gives the same moves;
a bot made afresh in the middle of a building step (a game continued from a save) starts with
an empty memory there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from forum_trajanum.games.forum_trajanum.engine import (
    Action,
    PlayerView,
    apply,
    current_player,
    decision_kind,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.actions import Convert
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision as D

#: A seat's holdings: (supply counts, everything else of its own a building step can change).
Holdings = tuple[tuple[int, ...], tuple]


def holdings(pl) -> Holdings:
    """What a building step of ``pl``'s can change, split into the supply (counts, more is
    better) and the rest (compared for equality)."""
    supply = (pl.builders, *pl.workers, pl.assistants, pl.coins, pl.tribunes)
    rest = (
        tuple(pl.buildings),
        tuple(pl.grid),
        len(pl.ship),
        tuple(pl.reserve),
        tuple(pl.crane_state),
        tuple(tuple(row) for row in pl.citizens),
        tuple(pl.row_active),
        pl.prestige,
        pl.flipped,
        tuple(pl.tracks),
        pl.score,
    )
    return supply, rest


def covers(before: Holdings, after: Holdings) -> bool:
    """Whether ``before`` is at least as good as ``after``: the same but for the supply, and
    no fewer of any supply item."""
    return before[1] == after[1] and all(a >= b for a, b in zip(before[0], after[0], strict=True))


#: a stretch of more conversions than this is only checked for coming back to where it began
DEPTH = 3


class _Mark:
    """Where a building step was at one of the bot's decisions, and where fewer conversions
    from there lead (found breadth first, as far as asked)."""

    def __init__(self, world, me: int) -> None:
        self.me = me
        self.frontier = [world]  # the states reached with exactly ``depth`` conversions
        self.reached: list[Holdings] = [holdings(world.players[me])]  # with <= ``depth``
        self.depth = 0

    def within(self, depth: int) -> list[Holdings]:
        """The holdings reached with ``depth`` conversions or fewer."""
        while self.depth < depth and self.frontier:
            nxt = []
            for state in self.frontier:
                if current_player(state) != self.me or decision_kind(state) != D.BUILD:
                    continue
                for action in legal_actions(state):
                    if isinstance(action, Convert):
                        after = state.clone()
                        apply(after, action)
                        nxt.append(after)
                        self.reached.append(holdings(after.players[self.me]))
            self.frontier = nxt
            self.depth += 1
        return self.reached


class Thrift:
    """A bot's memory of its building step, and the conversions it rules out."""

    def __init__(self) -> None:
        self._step: tuple[int, int, int] | None = None
        self._marks: list[_Mark] = []  # one per decision of the step so far

    def choices(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """``legal`` without the wasteful conversions (all of ``legal`` outside a building
        step, or when nothing else would be left)."""
        legal = list(legal)
        if view.decision != D.BUILD:
            return legal
        step = (view.viewer, view.cycle, view.round)
        if step != self._step:
            self._step, self._marks = step, []
        me = view.viewer
        world = determinize(view, random.Random(0))
        here = _Mark(world, me)
        wasteful = set()
        for action in legal:
            if isinstance(action, Convert):
                after = world.clone()
                apply(after, action)
                if self._wasteful(holdings(after.players[me])):
                    wasteful.add(action)
        self._marks.append(here)
        kept = [a for a in legal if a not in wasteful]
        return kept or legal

    def _wasteful(self, there: Holdings) -> bool:
        """Whether ``there`` (one conversion from now) was within reach of an earlier
        decision of the step with fewer conversions than it took to come."""
        marks = len(self._marks)
        for i, mark in enumerate(self._marks):
            conversions = marks - i + 1  # from mark i to ``there``, this one included
            depth = conversions - 1 if conversions <= DEPTH else 0
            if any(covers(r, there) for r in mark.within(depth)):
                return True
        return False


__all__ = ["Holdings", "Thrift", "covers", "holdings"]
