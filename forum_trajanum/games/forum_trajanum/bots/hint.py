"""Hints: a suggested move for the player whose decision it is, from that player's view only.

``suggest(view)`` is the Expert's search (:class:`~forum_trajanum.games.forum_trajanum.bots.
expert.ExpertBot`) with the hint's own settings: it always searches a decision with a choice
(no clear favourite played at once, the building step included), the Normal heuristic's best
few choices each played in the same worlds sampled from the view (the exploration so wide
that every candidate plays every world: a paired comparison, every figure over the same
worlds) to the end of the round by the Normal policy for every player. The choices are ranked
by the player's own expected points at the end of the game, the one figure the hint shows:
the search's estimate (:func:`~forum_trajanum.games.forum_trajanum.bots.evaluation.evaluate` at
the round's end) plus what the rest of the game adds to it on average (:func:`final_offset`,
measured by ``scripts/hint_calibration.py``). The suggestion and the next best each come with
a reason in player words (:func:`reasons`): the parts of the position in which one is ahead
of the other at the round's end (points this round, the cycle's Trajan task, the Forum, the
Colonia's rows, resources for the next turns, ...), from a few more worlds sampled from the
view. Setup choices (cranes, rows, the diagonal, the handicap corner), the worker colour and a
gain are answered by the heuristic with a reason in words instead.

It sees what the player sees and nothing more, and it is bounded by work, not by time: the
search is seeded by the view itself and plays a fixed number of worlds, so the same view gives
the same hint whatever the hidden tiles really are. A wall-clock cap (``time_cap``) is a
safety net only: when it strikes (a machine far slower than usual), ``capped`` says so.

Measured on 2026-12-06 on the shared 2-core machine, with the Expert judging by the fitted
value (load 9-11 unless said): ``scripts/hint_bench.py --game forum --games 2 --every 9``,
median 0.92 s, longest 2.60 s (3 of 38 capped, load 5, before the merge); with 4 players
median 2.27 s, longest 2.59 s (6 of 21 capped, load 9); ``scripts/hint_quality.py --game
forum`` (51 positions, every choice valued by a long search), the suggestion within 2 points
of the best in 46 (90 %), mean loss 0.46 points; ``scripts/hint_calibration.py --game forum
--games 5 --first-seed 3001`` (seeds the fitted value and the hint never saw), mean error
9.0 % over the stages (worst 15.6 % in cycle I's first round, where the final scores' own
spread is 17.1 %); between two hints of a seat whose own part did not change the figure
moved 5.6 % at the 95th percentile, 18.0 % at most (24 pairs).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from forum_trajanum.core.ismcts import seeded
from forum_trajanum.core.search import Deadline, OutOfTime
from forum_trajanum.games.forum_trajanum.bots import legal_of
from forum_trajanum.games.forum_trajanum.bots.expert import ExpertBot
from forum_trajanum.games.forum_trajanum.bots.hard import QUICK, play_round, round_end
from forum_trajanum.games.forum_trajanum.bots.value import FEATURES, HAND, features
from forum_trajanum.games.forum_trajanum.engine import (
    Action,
    PlayerView,
    apply,
    current_player,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.actions import Build, Convert
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision as D

#: Worlds each candidate plays in the hint's search, by player count (a playout of a round
#: takes about twice as long with four players as with two); every candidate plays each.
HINT_WORLDS = {2: 6, 3: 4, 4: 3}
#: Candidates the search compares (the Normal heuristic's best).
HINT_CANDIDATES = {2: 4, 3: 3, 4: 3}
#: Worlds the reasons compare the suggestion and the next best in (after the search).
REASON_WORLDS = 2
#: The safety net: the search stops after this many seconds whatever it has found, and the
#: reasons are left out once the whole hint has taken :data:`HINT_TIME_CAP` + 0.4 s.
HINT_TIME_CAP = 2.2

#: Why the heuristic picks what it picks, for the decisions it answers without a search.
REASONS: dict[str, str] = {
    D.SETUP_CRANES: (
        "the colours you are likeliest to build first go under the corners whose tiles you "
        "are likeliest to take first, so their cranes score early"
    ),
    D.SETUP_ROW: "this row's ability pays off soonest with the tiles around it",
    D.SETUP_DIAGONAL: (
        "the citizens land on the corners where their rows' abilities help you most"
    ),
    D.HANDICAP: "this citizen's row helps you most from the start",
    D.WORKER: "this colour is the one your next buildings need most",
    D.GAIN: "this is what your next steps need most",
}

#: What the rest of the game adds to the search's estimate, at the draft (first) and at the
#: turn (second) of each round, cycle 1 round 1 first (see :func:`final_offset` for between
#: them). The Expert judges its leaves by the value fitted from self-play
#: (``bots/value.py``), itself an expected final score: nothing to add until
#: ``scripts/hint_calibration.py --fit`` on games it did not see says otherwise. (With the
#: hand-set ``evaluate`` the offsets ran from 61.4 in cycle I's first draft down to -10.4.)
FINAL_OFFSETS = (0.0,) * 24

#: Where in a round each phase stands (a round is 1 long): the offsets hold these points.
_PHASE_AT = {"draft": 0.25, "turn": 0.75, "scoring": 1.0}


def progress(view) -> float:
    """How far the game has gone, in rounds (0 at the first draft's start, 12 at its end)."""
    if view.cycle < 1:
        return 0.0
    done = (view.cycle - 1) * 4 + max(view.round, 1) - 1
    return min(done + _PHASE_AT.get(view.phase, 0.25), 12.0)


def final_offset(view) -> float:
    """Points to add to the search's estimate for the expected final score at ``view``'s
    place in the game (the choices' differences stay as the search measured them):
    :data:`FINAL_OFFSETS` hold the draft's and the turn's middle of each round, and the
    offset moves smoothly between them as the game goes on (no jump at a round's start)."""
    points = [(k // 2) + (0.25 if k % 2 == 0 else 0.75) for k in range(len(FINAL_OFFSETS))]
    at = progress(view)
    if at <= points[0]:
        return FINAL_OFFSETS[0]
    for k in range(1, len(points)):
        if at == points[k]:
            return FINAL_OFFSETS[k]
        if at < points[k]:
            share = (at - points[k - 1]) / (points[k] - points[k - 1])
            return FINAL_OFFSETS[k - 1] + share * (FINAL_OFFSETS[k] - FINAL_OFFSETS[k - 1])
    return FINAL_OFFSETS[-1]


@dataclass(frozen=True)
class Hint:
    """A suggested action and the best few choices with their expected final points."""

    action: Action
    #: up to three (action, expected final points) pairs, best first; no values (None) for
    #: the decisions answered by the heuristic alone (their ratings are not points)
    top: tuple[tuple[Action, float | None], ...]
    #: why, in words, for a decision answered without a search ("" otherwise)
    reason: str = ""
    #: worlds the search played (0: no search)
    worlds: int = 0
    #: whether the wall-clock cap stopped the search before its worlds were played
    capped: bool = False
    #: what the player's plan plays next after the suggestion, where that is part of the
    #: same choice (a build after a suggested conversion: the search's playout policy's
    #: next move in a world sampled from the view); None otherwise
    then: Action | None = None
    #: a reason in player words for each of ``top`` (the suggestion's: what it gains over the
    #: next best; the next best's: where it is ahead of the suggestion), "" where none
    reasons: tuple[str, ...] = ()

    @property
    def margin(self) -> float:
        """How much better the suggestion looks than the next best choice (0 if alone)."""
        if len(self.top) < 2 or self.top[0][1] is None or self.top[1][1] is None:
            return 0.0
        return self.top[0][1] - self.top[1][1]


def hint_bot(
    view: PlayerView,
    worlds: int | None = None,
    candidates: int | None = None,
    time_cap: float = HINT_TIME_CAP,
    seed: int = 0,
) -> ExpertBot:
    """The Expert with the hint's settings for ``view``: every decision with a choice searched
    (no clear favourite played at once, the building step too), each candidate in each of
    ``worlds`` worlds (an exploration so wide that the candidates take turns)."""
    players = len(view.colonias)
    worlds = worlds or HINT_WORLDS.get(players, 3)
    candidates = min(candidates or HINT_CANDIDATES.get(players, 4), len(view.legal) or 1)
    return ExpertBot(
        seed,
        iterations=worlds * candidates,
        candidates=candidates,
        margin=float("inf"),
        trust_normal=(),
        exploration=1e9,  # the least played candidate next: the same worlds for all
        time_limit=time_cap,
    )


def suggest(
    view: PlayerView,
    worlds: int | None = None,
    candidates: int | None = None,
    time_cap: float = HINT_TIME_CAP,
    seed: int = 0,
    with_reasons: bool = True,
) -> Hint:
    """The hint for ``view``'s decision (``view`` must be the deciding player's own view)."""
    started = time.perf_counter()
    legal = legal_of(view)
    if len(legal) == 1:
        return Hint(legal[0], ((legal[0], None),), reason="it is the only choice here")
    bot = hint_bot(view, worlds, candidates, time_cap, seed)
    action = bot.choose(view)
    report = bot.last
    if not report.ranking:
        reason = REASONS.get(view.decision, "it is what the heuristic rates best here")
        return Hint(action, ((action, None),), reason=reason)
    # shown and ranked on one scale: the player's own expected points at the end
    ranked = sorted(report.ranking, key=lambda arm: -arm[3])
    offset = final_offset(view)
    top = tuple((arm[0], round(arm[3] + offset, 1)) for arm in ranked[:3])
    then = build_after(view, top[0][0], seed)
    said: tuple[str, ...] = ()
    if with_reasons and len(top) > 1:
        left = time_cap + 0.4 - (time.perf_counter() - started)
        said = reasons(view, top[0][0], top[1][0], seed, left)
    return Hint(
        top[0][0],
        top,
        worlds=report.iterations // max(report.candidates, 1),
        capped=report.cut,
        then=then,
        reasons=said,
    )


# ── the reasons ─────────────────────────────────────────────────────────────────────────

#: The parts of a position the reasons compare, in player words.
POINTS = "points this round"
TASK = "this cycle's Trajan task"
LATER = "later cycles' Trajan tasks"
FORUM = "the Forum"
ROWS = "your Colonia's rows and citizens"
CRANES = "your cranes"
RESOURCES = "resources for the next turns"
PRESTIGE = "the slide bar"
SPACE = "free building spaces"


#: Which part of :func:`parts` each of the value's features (under the hand-set weights,
#: :data:`~forum_trajanum.games.forum_trajanum.bots.value.HAND`) belongs to.
PART_OF: dict[str, str] = {
    "score": POINTS,
    "trajan_now": TASK,
    "trajan_later_buildings": LATER,
    "trajan_later_collection": LATER,
    "forum": FORUM,
    "colonia": ROWS,
    "citizens": ROWS,
    "coin_shortage": ROWS,
    "cranes": CRANES,
    "ship": RESOURCES,
    "hand": RESOURCES,
    "tracks": RESOURCES,
    "builders": RESOURCES,
    "workers": RESOURCES,
    "assistants": RESOURCES,
    "coins": RESOURCES,
    "tribunes": RESOURCES,
    "prestige": PRESTIGE,
    "flipped": PRESTIGE,
    "free_spaces": SPACE,
}


def parts(state, p: int) -> dict[str, float]:
    """Player ``p``'s expected final points at ``state`` (as the bots' evaluation counts
    them: the parts add up to :func:`~forum_trajanum.games.forum_trajanum.bots.evaluation.
    evaluate`), by part: what the reasons compare. The value's features under the hand-set
    weights, grouped by :data:`PART_OF`."""
    out = dict.fromkeys(parts_keys(), 0.0)
    out[POINTS] = float(state.players[p].score)
    if not state.tasks:
        return out
    out[POINTS] = 0.0
    for name, x in zip(FEATURES, features(state, p), strict=True):
        weight = HAND.get(name)
        if weight:
            out[PART_OF[name]] += weight * x
    return out


def reasons(
    view: PlayerView, best: Action, other: Action, seed: int = 0, time_left: float = 1.0
) -> tuple[str, str]:
    """Why ``best`` and why ``other`` (the next best), in player words: each choice played in
    :data:`REASON_WORLDS` worlds sampled from ``view`` (seeded by the view) to the end of the
    round by the Normal policy, the parts (:func:`parts`) in which each is ahead of the other.
    ("", "") when ``time_left`` seconds do not suffice (a machine far slower than usual)."""
    from forum_trajanum.games.forum_trajanum.bots.normal import NormalPolicy

    me = view.viewer
    rng = random.Random(seeded(seed, "reasons:" + view.model_dump_json()))
    deadline = Deadline(max(time_left, 0.0))
    policy = NormalPolicy(rng, build_candidates=2, tick=deadline.tick)
    done = round_end(view)
    totals = [dict.fromkeys(parts_keys(), 0.0), dict.fromkeys(parts_keys(), 0.0)]
    try:
        for _ in range(REASON_WORLDS):
            world = determinize(view, rng)
            for k, action in enumerate((best, other)):
                state = world.clone()
                apply(state, action)
                play_round(state, policy, done, deadline)
                for name, value in parts(state, me).items():
                    totals[k][name] += value / REASON_WORLDS
    except OutOfTime:
        return "", ""
    diff = {name: totals[0][name] - totals[1][name] for name in totals[0]}
    return edge(diff), edge({name: -value for name, value in diff.items()})


def parts_keys() -> tuple[str, ...]:
    """The names of :func:`parts`, in their order."""
    return (POINTS, TASK, LATER, FORUM, ROWS, CRANES, RESOURCES, PRESTIGE, SPACE)


def edge(diff: dict[str, float]) -> str:
    """The parts in which a choice is ahead by a point or more, the largest first (two at
    most), in words: "more from this cycle's Trajan task (+4) and the Forum (+1)"."""
    ahead = sorted(((round(v), n) for n, v in diff.items() if round(v) >= 1), reverse=True)
    if not ahead:
        return "close: no part differs by a point at the round's end"
    said = " and ".join(f"{name} (+{value})" for value, name in ahead[:2])
    return f"more from {said}"


def build_after(view: PlayerView, action: Action, seed: int = 0) -> Action | None:
    """The build the Normal policy (the search's playouts) plays right after ``action``, a
    conversion, in a world sampled from ``view`` (seeded by the view: the same view, the same
    answer); None when ``action`` is no conversion or a build does not follow."""
    if not isinstance(action, Convert):
        return None
    from forum_trajanum.games.forum_trajanum.bots.normal import NormalPolicy

    me = view.viewer
    rng = random.Random(f"{seed}:then:{view.model_dump_json()}")
    world = determinize(view, rng)
    apply(world, action, me)
    if current_player(world) != me:
        return None
    legal = legal_actions(world)
    after = NormalPolicy(rng).choose(world, me, legal, view.colonias[me].unseen)
    return after if isinstance(after, Build) else None


__all__ = [
    "FINAL_OFFSETS",
    "QUICK",
    "REASONS",
    "Hint",
    "build_after",
    "final_offset",
    "hint_bot",
    "parts",
    "reasons",
    "suggest",
]
