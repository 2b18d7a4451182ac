"""Information-set Monte Carlo tree search (single observer) for any game on the core: the
Expert bots' search. It imports no game: the game hands over its candidates, its worlds, its
rules and its judgement, as for :func:`forum_trajanum.core.search.search`.

One tree over what the deciding seat may know (after OpenSpiel's ``ismcts.py``): a node is
reached by a sequence of actions, never by a world, so no hidden part is ever assumed known.
Each iteration:

1. takes a root arm (``arms``: the game's candidates, legal in every world because they are
   legal in the view): the first one not tried yet (the game's order is the prior), otherwise
   the one with the best upper confidence bound,
   ``mean + exploration * sqrt(ln(availability) / visits)`` (values in points);
2. plays it in that arm's next world: the j-th visit of every arm plays the j-th world
   sampled (``sample()``: the game's ``determinize`` with a generator seeded from the bot's
   seed and the position), so the arms are compared on the same worlds, as in
   :func:`forum_trajanum.core.search.search`, and a lucky world favours none of them;
3. below the arm, descends through actions available *in that world* (``moves(state)``:
   the game's candidates there, best first, at most ``depth`` levels below the arms), each
   available child's availability count going up by one, the first untried one tried, else
   the best upper confidence bound for the seat that chooses there (its own value: a rival
   is assumed to play for itself); the tree grows by one node an iteration;
4. judges the leaf (``leaf(state)``: typically a playout by the game's policy to a horizon,
   then the game's evaluation): a value for every seat (its expected final points less its
   best rival's) and the deciding seat's own expected final points;
5. adds each node's value for the seat that chose the action leading to it.

It stops after ``iterations`` iterations, the budget that decides normally (so the same view
and seed give the same answer on any machine: a save replays the same game), or earlier when
``enough(iterations done)`` says so (a game's own count of the work its playouts did, as
deterministic as the iterations), or at the
:class:`~forum_trajanum.core.search.Deadline`, a safety cap only; an iteration the deadline
cuts is dropped. The chosen arm is the best mean plus its ``bonus`` (a small weight on the
game's heuristic, which breaks ties) among the arms visited at least half as often as the
most visited one (an arm tried once cannot win on one good world), their means taken over
the worlds all of them were played in.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from forum_trajanum.core.search import Deadline, OutOfTime


@dataclass
class Node:
    """Statistics of one action sequence from the root (an information set's edge)."""

    visits: int = 0
    total: float = 0.0  # sum of the values for the seat that chose the action leading here
    avail: int = 0  # iterations in which the action was available
    children: dict[Hashable, Node] = field(default_factory=dict)

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Plan:
    """How much the tree search does (see the module's text)."""

    iterations: int = 48
    depth: int = 2  # tree levels below the root's arms (0: the arms only)
    exploration: float = 6.0  # in points of value


@dataclass
class TreeReport:
    """What a tree search did (for tests, hints and benchmarks)."""

    candidates: int = 0
    iterations: int = 0  # iterations finished
    cut: bool = False  # the deadline stopped the search
    searched: bool = False  # False: the game's heuristic decided alone
    nodes: int = 0  # nodes below the root
    #: the arms, best first by the search, each with its visits, mean value and mean of the
    #: deciding seat's own expected final points
    ranking: tuple[tuple[Any, int, float, float], ...] = ()


def ucb(child: Node, exploration: float) -> float:
    """The upper confidence bound of ``child`` (availability counts stand for the parent's
    visits: an action is judged among the iterations in which it could be played)."""
    return child.mean() + exploration * math.sqrt(math.log(max(child.avail, 1)) / child.visits)


def ismcts(
    arms: Sequence[Any],
    bonus: Sequence[float],
    seat: int,
    sample: Callable[[], Any],
    apply: Callable[[Any, Any], Any],
    moves: Callable[[Any], Sequence[Any]],
    mover: Callable[[Any], int],
    leaf: Callable[[Any], tuple[Sequence[float], float]],
    deadline: Deadline,
    plan: Plan = Plan(),
    key: Callable[[Any], Hashable] = str,
    enough: Callable[[int], bool] | None = None,
) -> tuple[int, TreeReport]:
    """The index of the chosen arm and the report (see the module's text)."""
    report = TreeReport(candidates=len(arms), searched=True)
    root = Node()
    arm_keys = [key(a) for a in arms]
    own: dict[Hashable, float] = dict.fromkeys(arm_keys, 0.0)
    values_of: list[list[float]] = [[] for _ in arms]  # the seat's value per world, per arm
    worlds: list[Any] = []  # the worlds sampled so far, in order
    longest = 0.0  # the longest iteration so far
    while report.iterations < plan.iterations:
        if enough is not None and enough(report.iterations):
            break  # the game's own measure of work done says so (deterministic)
        began = deadline.last
        try:
            deadline.tick(ahead=longest)
            path: list[tuple[Node, int]] = []
            # the arm first (legal in every world), then its next world: the j-th visit of
            # every arm plays the j-th world, so the arms are compared on the same worlds
            for k in arm_keys:
                if k not in root.children:
                    root.children[k] = Node()
                root.children[k].avail += 1
            arm = _pick(root, arm_keys, plan.exploration)
            node = root.children[arm_keys[arm]]
            j = node.visits
            if j == len(worlds):
                worlds.append(sample())
            state = worlds[j].clone()
            apply(state, arms[arm])
            path.append((node, seat))
            level, tried = 1, node.visits == 0
            while not tried and level <= plan.depth:
                actions = moves(state)
                if not actions:
                    break
                keys, who = [key(a) for a in actions], mover(state)
                for k in keys:
                    child = node.children.get(k)
                    if child is None:
                        child = node.children[k] = Node()
                        report.nodes += 1
                    child.avail += 1
                i = _pick(node, keys, plan.exploration)
                node = node.children[keys[i]]
                tried = node.visits == 0
                apply(state, actions[i])
                path.append((node, who))
                level += 1
            values, points = leaf(state)
        except OutOfTime:
            report.cut = True
            break
        for child, who in path:
            child.visits += 1
            child.total += values[who]
        own[arm_keys[arm]] += points
        values_of[arm].append(values[seat])
        longest = max(longest, deadline.last - began)
        report.iterations += 1
    if report.iterations == 0:
        return 0, report  # nothing finished in time: the heuristic's favourite
    chosen = choice(values_of, bonus)
    order = sorted(
        (i for i, k in enumerate(arm_keys) if root.children[k].visits),
        key=lambda i: (i != chosen, -root.children[arm_keys[i]].mean(), i),
    )
    report.ranking = tuple(
        (
            arms[i],
            root.children[arm_keys[i]].visits,
            root.children[arm_keys[i]].mean(),
            own[arm_keys[i]] / root.children[arm_keys[i]].visits,
        )
        for i in order
    )
    return chosen, report


def _pick(node: Node, keys: Sequence[Hashable], exploration: float) -> int:
    """The first child not visited yet (the game's order is the prior), else the best upper
    confidence bound (the first among equals)."""
    for i, k in enumerate(keys):
        if node.children[k].visits == 0:
            return i
    return max(range(len(keys)), key=lambda i: (ucb(node.children[keys[i]], exploration), -i))


def choice(values: Sequence[Sequence[float]], bonus: Sequence[float]) -> int:
    """The arm with the best mean plus bonus among those visited at least half as often as
    the most visited one, their means taken over the worlds all of them were played in (the
    first worlds: paired, so a lucky world favours none); the first among equals."""
    most = max(len(v) for v in values)
    kept = [i for i, v in enumerate(values) if v and 2 * len(v) >= most]
    common = min(len(values[i]) for i in kept)
    return max(kept, key=lambda i: (math.fsum(values[i][:common]) / common + bonus[i], -i))


def seeded(seed: int, position: str) -> str:
    """A seed for a decision's random generator from the bot's seed and the position (the
    view's text): the same view always gets the same worlds, whatever came before it, so
    worlds the seat cannot tell apart get the same search."""
    return f"{seed}:" + hashlib.sha256(position.encode()).hexdigest()


__all__ = ["Node", "Plan", "TreeReport", "choice", "ismcts", "seeded", "ucb"]
