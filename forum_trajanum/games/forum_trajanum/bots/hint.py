"""Hints: a suggested move for the player whose decision it is, from that player's view only.

``suggest(view)`` is the hint's search (:func:`search`), played as the Expert played its
searches until 2026-12-07 (:class:`~forum_trajanum.games.forum_trajanum.bots.expert.ExpertBot`:
its playout policy, to the end of the round, judged by the value fitted from self-play, which
says the player's expected final points; against one opponent the Expert now judges as Hard
does, on the hand-set evaluation's scale, which says no final score) but wider and paired: the
Normal heuristic ranks every legal choice in one world sampled from the view (the building step
too, less the conversions the no-waste guard rules out); its best :data:`HINT_CANDIDATES` (8
with two players) each play the first :data:`HINT_SCREEN` worlds sampled from the view to the
end of the round by the Normal policy for every player, and the best :data:`HINT_KEEP` of them
play the rest of the worlds, every choice in the same worlds (a paired comparison). When the
player's own next decision comes at once after a choice (a citizen's row after the tile used,
an envoy after it), its Normal best two (:data:`FOLLOW_UPS`) are each played on, and the choice
is worth the better one's mean: judged by Normal's next move alone, a choice looked worse than
it was, and the hint at that next decision, finding the better move, said more than it had said
for the choice. At the building step the search keeps to Normal's best four
(:data:`HINT_BUILD_CANDIDATES`) with no follow-ups, as before: Normal's building lookahead is
the wider one there. The worlds are the player's own (:func:`world_rng`: the same at each of
its decisions), and a world decides its playouts (the Normal policy draws nothing), so two
decisions with nothing new between them are judged in the same worlds: the figure holds still
unless the game moved, where two sets of a few worlds each drawn afresh made it jump with their
luck. The choices are ranked by the player's own expected points at the end of the game (the
value fitted from self-play at the round's end, mean over the worlds), the one figure the hint
shows, plus what the rest of the game adds on average (:func:`final_offset`, measured by
``scripts/hint_calibration.py``; nothing so far). The suggestion and the next best each come
with a reason in player words (:func:`reasons`): the parts of the position in which one is
ahead of the other at the round's end (points this round, the cycle's Trajan task, the Forum,
the Colonia's rows, resources for the next turns, ...), from a few more worlds sampled from the
view. Setup choices (cranes, rows, the diagonal, the handicap corner), the worker colour and a
gain are answered by the heuristic with a reason in words instead.

It sees what the player sees and nothing more, and it is bounded by work, not by time: the
search is seeded by the view itself (its worlds by the player's seat) and plays a fixed number
of worlds, so the same view gives the same hint whatever the hidden tiles really are. A
wall-clock cap (``time_cap``) is a safety net only: when it strikes (a machine far slower than
usual), ``capped`` says so.

Measured on 2026-12-06 on the shared 2-core machine, before (the Expert's search on Normal's
best four, worlds drawn from each view) and after (issue 38.3): ``scripts/hint_bench.py --game
forum --games 2 --every 9``, median 0.65 s, longest 1.95 s (0 of 38 capped, load 6.0) before,
median 0.86 s, p90 2.32 s, longest 2.60 s (3 of 38 capped, load 4.5) after (at load 10.2: 1.16
s, 2.59 s, 10 capped); with ``--players 4 --games 1``, median 1.99 s, longest 2.59 s (9 of 36
capped, load 6.1) after; ``scripts/hint_quality.py --game forum`` (51 positions, every choice
valued by a long search), the suggestion within 2 points of the best in 46 (90 %, mean loss
0.46 points) before, in 48 (94 %, mean loss 0.38) after; ``scripts/hint_calibration.py --game
forum --games 3 --first-seed 3001`` (seeds the fitted value and the hint never saw), mean error
over the stages 7.7 % before, 7.3 % after (worst stage 15.8 % and 15.2 %, cycle I, where the
fitted value runs 10-15 points low; the final scores' own spread 9.4 %). Stability (the
script's pairs: nothing of the seat's changed between its move and its next hint, 129 pairs
before, 102 after): the largest move 18.0 % before, 8.0 % after; the 95th percentile 6.3 % and
4.7 %; the mean 1.7 % and 1.1 %. On five games (``--games 5 --first-seed 3001``, the command of
the figures before issue 38.3: 9.0 %, worst stage 15.6 %) after: mean error 8.9 %, worst stage
15.5 % (the final scores' own spread there 17.1 %); stability over 173 pairs, the largest move
7.0 %, the 95th percentile 5.0 %, the mean 1.1 %. Before, the largest moves were the next
decision's better move (seed 3003, cycle I, round 4: "use own" about 72 by Normal's next move,
a citizen in row 5, then about 85 for row 6), not the worlds' luck: in the turns the worlds
rarely differ.

With the value's pinned weights (2026-12-07, ``bots/value.py``): the test set rebuilt with it
(``scripts/hint_quality.py --game forum --positions 50 --seed 1 --build``), within 2 points of
the best in 49 of 51 (96 %, mean loss 0.31); ``scripts/hint_calibration.py --game forum
--games 5 --first-seed 3001``: mean error 9.7 %, worst stage 18.7 % (cycle I round 2; the
final scores' own spread there 17.1 %), stability over 163 pairs: largest move 7.4 %, 95th
percentile 3.0 %.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from forum_trajanum.core.ismcts import seeded
from forum_trajanum.core.search import Deadline, OutOfTime
from forum_trajanum.games.forum_trajanum.bots import legal_of
from forum_trajanum.games.forum_trajanum.bots.hard import QUICK, play_round, round_end, shortlist
from forum_trajanum.games.forum_trajanum.bots.thrift import Thrift
from forum_trajanum.games.forum_trajanum.bots.value import (
    FEATURES,
    HAND,
    features,
    fitted,
    fitted_standings,
    judge,
)
from forum_trajanum.games.forum_trajanum.engine import (
    Action,
    PlayerView,
    apply,
    current_player,
    decision_kind,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.actions import Build, Convert
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision as D

#: Worlds each candidate plays in the hint's search, by player count (a playout of a round
#: takes about twice as long with four players as with two); every candidate plays each.
HINT_WORLDS = {2: 6, 3: 4, 4: 3}
#: Candidates the search compares (the Normal heuristic's best): each plays the first
#: :data:`HINT_SCREEN` worlds, the best :data:`HINT_KEEP` of them every world.
HINT_CANDIDATES = {2: 8, 3: 6, 4: 5}
HINT_SCREEN = 2
#: The player's own next decisions tried after each choice, when that decision comes at once
#: (Normal's best few; the choice is worth its best follow-up's mean): the playouts' Normal
#: policy alone would judge a choice by Normal's next move, and the hint at that next
#: decision, finding a better one, would then say more than it said for the choice.
FOLLOW_UPS = 2
#: Decisions whose follow-ups are the playout's alone: the quick ones, and the building step,
#: where Normal's building lookahead is wider than the playouts' and the value fitted at the
#: round's end misjudges builds (a library on E1 over the gray building that meets cycle I's
#: Trajan task, tests/bots/test_hint_trajan.py); there the search compares Normal's best
#: :data:`HINT_BUILD_CANDIDATES`, every one in every world, as before.
FOLLOWED_NOT = QUICK | {D.BUILD}
HINT_BUILD_CANDIDATES = 4
HINT_KEEP = {2: 3, 3: 3, 4: 2}
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
#: them). The hint judges by the value fitted from self-play (``bots/value.py``), itself an
#: expected final score: nothing to add until
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


@dataclass
class Searched:
    """What the hint's search found: the choices it compared, best first (those played in
    every world first), each with the player's own expected final points (the fitted value
    at the round's end, mean over the worlds it was played in); the worlds played; whether
    the cap struck."""

    ranking: list[tuple[Action, float]]
    worlds: int
    capped: bool


def search(
    view: PlayerView,
    legal: list[Action],
    worlds: int,
    wide: int,
    keep: int,
    time_cap: float,
    seed: int = 0,
) -> tuple[Action, Searched | None]:
    """The hint's search: Normal's ranking of every legal choice in a world sampled from the
    view (its first: Normal's choice) shortlists ``wide`` choices; each plays the first
    :data:`HINT_SCREEN` worlds to the end of the round (by the Normal policy of the Expert's
    playouts, for every player, judged by the fitted value), then the best ``keep`` of them the
    rest of the ``worlds``; all in the same worlds. (an action, None) when the heuristic
    answers alone (a quick decision, one choice, nothing finished in time)."""
    from forum_trajanum.games.forum_trajanum.bots.normal import NormalPolicy

    me = view.viewer
    rng = random.Random(seeded(seed, view.model_dump_json()))
    deadline = Deadline(time_cap)
    building = view.decision == D.BUILD
    if building:  # Normal's building lookahead is the wider one there (as for the Expert)
        wide, keep = min(wide, HINT_BUILD_CANDIDATES), min(wide, HINT_BUILD_CANDIDATES)
    decided, top = shortlist(
        view, legal, NormalPolicy(rng, value=judge("evaluate")[1]), rng,
        trust_normal=frozenset(), candidates=wide, margin=float("inf"),
    )  # fmt: skip
    if decided is not None:
        return decided, None
    arms = [a for _, a in top]
    playout = NormalPolicy(rng, build_candidates=2, tick=deadline.tick)
    done = round_end(view)
    # per choice, per follow-up (the player's own next decision, when it comes at once): the
    # values per world; a choice's values are its best follow-up's (by the mean)
    own: list[list[list[float]]] = [[] for _ in arms]
    rank: list[list[list[float]]] = [[] for _ in arms]  # standing: the tie-break
    follow: list[list[str | None]] = [[] for _ in arms]

    def best(i: int) -> int:
        return max(range(len(own[i])), key=lambda k: (_mean(own[i][k]), -k)) if own[i] else 0

    def mean(values: list[list[list[float]]], i: int) -> float:
        return _mean(values[i][best(i)]) if values[i] else -math.inf

    def order(among) -> list[int]:
        return sorted(among, key=lambda i: (-mean(own, i), -mean(rank, i), i))

    def play(i: int, world) -> list[tuple[float, float]]:
        state = world.clone()
        apply(state, arms[i])
        if not follow[i]:  # the follow-ups: Normal's best few in the first world
            follow[i] = [None]
            if not building and not done(state) and current_player(state) == me:
                legal = legal_actions(state)
                if len(legal) > 1 and decision_kind(state) not in FOLLOWED_NOT:
                    ranked = playout.ranked(state, me, legal)
                    follow[i] = [str(a) for _, a in ranked[:FOLLOW_UPS]]
            own[i] = [[] for _ in follow[i]]
            rank[i] = [[] for _ in follow[i]]
        found = []
        for then in follow[i]:
            after = state.clone()
            if then is not None and not done(after) and current_player(after) == me:
                by_text = {str(a): a for a in legal_actions(after)}
                if then in by_text:
                    apply(after, by_text[then])
            play_round(after, playout, done, deadline)
            found.append((fitted(after, me), fitted_standings(after)[me]))
        return found

    alive = list(range(len(arms)))
    played, capped = 0, False
    try:
        for j in range(worlds):
            if j == HINT_SCREEN:
                alive = sorted(order(alive)[:keep])
            deadline.tick()
            world = determinize(view, world_rng(seed, me, j))
            found = [(i, play(i, world)) for i in alive]
            for i, values in found:
                for k, (value, standing) in enumerate(values):
                    own[i][k].append(value)
                    rank[i][k].append(standing)
            played += 1
    except OutOfTime:
        capped = True
    if not played:
        return arms[0], None
    # those played in every world first, then the rest, each by its mean
    count = [len(own[i][0]) if own[i] else 0 for i in range(len(arms))]
    ranked = order(i for i in range(len(arms)) if count[i] == played)
    ranked += order(i for i in range(len(arms)) if 0 < count[i] < played)
    return arms[ranked[0]], Searched([(arms[i], mean(own, i)) for i in ranked], played, capped)


def _mean(values: list[float]) -> float:
    return math.fsum(values) / len(values) if values else -math.inf


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
    players = len(view.colonias)
    wide = candidates or HINT_CANDIDATES.get(players, 4)
    keep = min(HINT_KEEP.get(players, 3), wide)
    worlds = worlds or HINT_WORLDS.get(players, 3)
    action, found = search(view, Thrift().choices(view, legal), worlds, wide, keep, time_cap, seed)
    if found is None:
        reason = REASONS.get(view.decision, "it is what the heuristic rates best here")
        return Hint(action, ((action, None),), reason=reason)
    # shown and ranked on one scale: the player's own expected points at the end
    offset = final_offset(view)
    top = tuple((a, round(v + offset, 1)) for a, v in found.ranking[:3])
    then = build_after(view, top[0][0], seed)
    said: tuple[str, ...] = ()
    if with_reasons and len(top) > 1:
        left = time_cap + 0.4 - (time.perf_counter() - started)
        said = reasons(view, top[0][0], top[1][0], seed, left)
    return Hint(
        top[0][0],
        top,
        worlds=found.worlds,
        capped=found.capped,
        then=then,
        reasons=said,
    )


def world_rng(seed: int, seat: int, j: int) -> random.Random:
    """The generator of the search's ``j``-th world for ``seat``: the same at every decision
    of the seat (seeded by what it knows: its seat), so that two of its decisions with
    nothing new between them are judged in the same worlds (the playouts are the Normal
    policy's, which draws nothing: a world decides its playout); the figure then holds still
    unless the game did move, instead of following the luck of two sets of a few worlds."""
    return random.Random(seeded(seed, f"hint world {seat} {j}"))


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
    "parts",
    "reasons",
    "search",
    "suggest",
]
