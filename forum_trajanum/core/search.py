"""Determinized search for any game on the core: the few candidate actions of a decision are
each played in the same worlds sampled from the deciding seat's view, played on by a playout
policy to a horizon and judged there; the candidate with the best mean wins. Both games' Hard
bots (and Forum Trajanum's hints) search with it.

What is the game's (a search bot hands it over, so that the core imports no game):

- the candidates, best first by the game's heuristic, each with a ``bonus``: a small weight on
  the heuristic's value, added to the candidate's mean (it breaks ties);
- ``sample()``: a full state consistent with the view, its hidden parts drawn afresh (the
  game's ``determinize`` with the bot's own random generator);
- ``apply(state, action)``: the game's rules playing the candidate in a copy of the world;
- ``play(state)``: the playout from there on to its horizon, by the game's playout policy for
  every seat (:func:`play_out` is the loop; the policy, the horizon and where the clock is
  read are the game's);
- ``judge(state) -> (value, points)``: the leaf's value, which the search maximises (the bot's
  own estimate less the best rival's), and the bot's own expected final points (reported with
  the ranking, for hints).

The search (:func:`search`):

1. Each world is sampled fresh, and every candidate still in the race is played in it; all
   candidates share each world, so their differences are measured with little noise.
2. Successive elimination on the paired differences (:func:`prune`, :func:`settled`), from
   ``min_worlds`` worlds on (``None``: never; every candidate plays every world): a candidate
   whose mean is behind the leader's by more than ``z`` standard errors drops out; the search
   stops early when one candidate is left, or when all that are left are within
   ``indifferent`` points of each other with confidence (the choice no longer matters).
3. It stops after ``max_worlds`` worlds, or before a world would take the playouts past
   ``max_playouts``, or at the :class:`Deadline`.
4. The leader (best mean plus bonus; the first candidate among equals) is chosen. Without a
   finished world the first candidate (the heuristic's favourite) is.

The deadline (:class:`Deadline`): a decision's clock, read with :meth:`Deadline.tick` before
every world and wherever the game's playout says (before every move, or before its slow
steps); a tick raises :class:`OutOfTime` when the next piece of work could end past the
deadline: the longest world so far before a new world starts and, with ``foresight``, the
slowest stretch between two readings so far. A world cut by the deadline is dropped (a
half-played world would compare the candidates unfairly). The clock can be any function (the
tests use a clock of work), and a search that the deadline does not cut depends only on the
values found: the same worlds give the same answer on any machine.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


class OutOfTime(Exception):
    """The deadline could pass before the next piece of work ends."""


class Deadline:
    """A decision's deadline, ``limit`` after the clock's first reading (when it is made).

    With ``foresight``, a :meth:`tick` stops the work when the slowest stretch between two
    readings so far would end past the deadline; without it only when the deadline has come
    (or when the work announced by ``ahead`` would end past it)."""

    def __init__(
        self,
        limit: float,
        clock: Callable[[], float] = time.perf_counter,
        foresight: bool = True,
    ) -> None:
        self.clock = clock
        self.foresight = foresight
        self.started = self.last = clock()
        self.at = self.started + limit
        self.slowest = 0.0  # the longest stretch between two readings

    def tick(self, ahead: float = 0.0) -> None:
        """Read the clock; raise :class:`OutOfTime` if the next piece of work could end past
        the deadline (``ahead``: the length of a longer piece about to start)."""
        now = self.clock()
        self.slowest = max(self.slowest, now - self.last)
        self.last = now
        if now + max(self.slowest if self.foresight else 0.0, ahead) >= self.at:
            raise OutOfTime


@dataclass
class SearchReport:
    """What a search did (for tests, hints and benchmarks)."""

    candidates: int = 0
    worlds: int = 0  # worlds finished (every candidate still in the race played in each)
    playouts: int = 0  # playouts finished
    cut: bool = False  # the deadline stopped the search
    settled: bool = False  # stopped early: one candidate clearly best, or the rest equal
    searched: bool = False  # False: the game's heuristic decided alone
    #: the candidates played, best first by the search, each with its mean of the bot's own
    #: expected final points over the worlds it was played in
    ranking: tuple[tuple[Any, float], ...] = ()


@dataclass(frozen=True)
class Budget:
    """How much a search may do, and when it stops early (see the module's text)."""

    max_worlds: float = math.inf
    max_playouts: float = math.inf
    #: worlds after which candidates may drop out and the search settle (None: never)
    min_worlds: int | None = None
    z: float = 2.0
    indifferent: float = 1.0


def play_out(
    state: Any,
    apply: Callable[[Any, Any], Any],
    policy: Callable[[Any], Any],
    done: Callable[[Any], bool],
    tick: Callable[[Any], None] | None = None,
    limit: int = 400,
) -> None:
    """Play ``state`` on with ``policy`` (the action of whoever decides) until ``done`` (the
    game is over, or the playout's horizon is reached) or ``limit`` moves; ``tick(state)``
    before every move may raise :class:`OutOfTime`."""
    for _ in range(limit):
        if done(state):
            return
        if tick is not None:
            tick(state)
        apply(state, policy(state))


def search(
    arms: Sequence[Any],
    bonus: Sequence[float],
    sample: Callable[[], Any],
    apply: Callable[[Any, Any], Any],
    play: Callable[[Any], None],
    judge: Callable[[Any], tuple[float, float]],
    deadline: Deadline,
    budget: Budget = Budget(),
) -> tuple[int, SearchReport]:
    """The index of the chosen arm and the report: paired Monte Carlo over sampled worlds
    with successive elimination, stopped by the budget or the deadline."""
    n = len(arms)
    report = SearchReport(candidates=n, searched=True)
    values: list[list[float]] = [[] for _ in range(n)]  # per finished world
    points: list[list[float]] = [[] for _ in range(n)]  # own expected final points
    alive = list(range(n))
    world_time = 0.0  # the longest a finished world took
    while report.worlds < budget.max_worlds and (
        report.playouts + len(alive) <= budget.max_playouts
    ):
        began = deadline.last
        try:
            deadline.tick(ahead=world_time)
            world = sample()
            found = []
            for i in alive:
                state = world.clone()
                apply(state, arms[i])
                play(state)
                found.append(judge(state))
        except OutOfTime:
            report.cut = True
            break
        for i, (value, own) in zip(alive, found, strict=True):
            values[i].append(value)
            points[i].append(own)
        world_time = max(world_time, deadline.last - began)
        report.worlds += 1
        report.playouts += len(alive)
        if budget.min_worlds is not None and report.worlds >= budget.min_worlds:
            alive = prune(alive, values, bonus, budget.z)
            if len(alive) == 1 or settled(alive, values, bonus, budget.z, budget.indifferent):
                report.settled = True
                break
    if report.worlds == 0:
        return 0, report  # nothing finished in time: the heuristic's favourite
    lead = leader(alive, values, bonus)
    played = [i for i in range(n) if points[i]]
    order = [
        lead,
        *sorted(
            (i for i in played if i != lead),
            key=lambda i: (i not in alive, -math.fsum(values[i]) / len(values[i]), i),
        ),
    ]
    report.ranking = tuple((arms[i], math.fsum(points[i]) / len(points[i])) for i in order)
    return lead, report


def leader(alive: Sequence[int], values: Sequence[Sequence[float]], bonus: Sequence[float]) -> int:
    """The candidate with the best mean plus bonus (the first among equals)."""

    def score(i: int) -> tuple[float, int]:
        return (math.fsum(values[i]) / len(values[i]) + bonus[i], -i)

    return max(alive, key=score)


def gap(
    lead: int, other: int, values: Sequence[Sequence[float]], bonus: Sequence[float]
) -> tuple[float, float]:
    """Mean and standard error of the leader's advantage over ``other``, paired over the
    worlds both were played in (candidates still in the race played in all)."""
    diffs = [a - b for a, b in zip(values[lead], values[other], strict=True)]
    mean = math.fsum(diffs) / len(diffs) + bonus[lead] - bonus[other]
    if len(diffs) < 2:
        return mean, math.inf
    m = math.fsum(diffs) / len(diffs)
    var = math.fsum((d - m) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, math.sqrt(var / len(diffs))


def prune(
    alive: Sequence[int],
    values: Sequence[Sequence[float]],
    bonus: Sequence[float],
    z: float = 2.0,
) -> list[int]:
    """The candidates left once those clearly behind the leader (by more than ``z``
    standard errors) drop out."""
    lead = leader(alive, values, bonus)
    kept = []
    for i in alive:
        if i != lead:
            mean, se = gap(lead, i, values, bonus)
            if mean > z * se:
                continue
        kept.append(i)
    return kept


def settled(
    alive: Sequence[int],
    values: Sequence[Sequence[float]],
    bonus: Sequence[float],
    z: float = 2.0,
    indifferent: float = 1.0,
) -> bool:
    """Whether every candidate left is surely within ``indifferent`` points of the leader:
    more worlds would not change the choice by anything that matters."""
    lead = leader(alive, values, bonus)
    for i in alive:
        if i != lead:
            mean, se = gap(lead, i, values, bonus)
            if mean + z * se > indifferent:
                return False
    return True


__all__ = [
    "Budget",
    "Deadline",
    "OutOfTime",
    "SearchReport",
    "gap",
    "leader",
    "play_out",
    "prune",
    "search",
    "settled",
]
