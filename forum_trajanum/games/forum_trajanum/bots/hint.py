"""Hints: a suggested move for the player whose decision it is, from that player's view only.

``suggest(view)`` searches like the Hard bot
(:class:`~forum_trajanum.games.forum_trajanum.bots.hard.HardBot`): the
Normal heuristic's best few choices are each played on to the end of the round in the same
worlds sampled from the view, by the Normal policy for every player, and the one that does
best against the strongest opponent is suggested. Every value a hint shows is on one scale:
the player's expected points at the end of the game, averaged over those worlds: the search's
estimate plus what the rest of the game adds to it on average (:data:`FINAL_OFFSETS`, measured
by ``scripts/hint_calibration.py`` in games of Normal bots). Setup choices
(cranes, rows, the diagonal, the handicap corner) are answered by the heuristic with a reason
in words instead.

It sees what the player sees and nothing more, and it is bounded by work, not by time: the
search is seeded by the view itself and stops after a fixed number of worlds, so the same view
gives the same hint whatever the hidden tiles really are. A wall-clock cap (``time_cap``) is a
safety net only: when it strikes (a machine far slower than usual), ``capped`` says so.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from forum_trajanum.games.forum_trajanum.bots import legal_of
from forum_trajanum.games.forum_trajanum.bots.hard import QUICK, HardBot
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

#: Worlds the hint's search plays (every candidate in each), by player count: a playout of
#: a round takes about twice as long with four players as with two.
HINT_WORLDS = {2: 8, 3: 5, 4: 4}
#: Candidates the search compares, by player count.
HINT_CANDIDATES = {2: 4, 3: 3, 4: 3}
#: The safety net: the search stops after this many seconds whatever it has found.
HINT_TIME_CAP = 4.0

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


#: What the rest of the game adds to the search's estimate, by round of the game (cycle 1
#: round 1 first; a round's hint is judged at that round's end): the mean of the final
#: score less the estimate over 30 games of two Normal bots (``scripts/hint_calibration.py
#: --fit --game forum``, seeds 1-20 and 1001-1010). The estimate
#: (``bots.evaluation.evaluate``) ranks choices well but counts the points the coming cycles
#: will bring only as far as the position shows them (in cycle I a quarter of the final
#: score), and a little too many of them in cycle II.
FINAL_OFFSETS = (60.2, 49.0, 35.2, 26.2, 17.2, 7.8, -0.8, -7.0, -10.6, -7.1, -2.2, 0.1)


def final_offset(view: PlayerView) -> float:
    """Points to add to the search's estimate for the expected final score at ``view``'s
    round (the choices' differences stay as the search measured them)."""
    if view.cycle < 1:
        return FINAL_OFFSETS[0]
    stage = (view.cycle - 1) * 4 + max(view.round, 1) - 1
    return FINAL_OFFSETS[min(stage, len(FINAL_OFFSETS) - 1)]


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

    @property
    def margin(self) -> float:
        """How much better the suggestion looks than the next best choice (0 if alone)."""
        if len(self.top) < 2 or self.top[0][1] is None or self.top[1][1] is None:
            return 0.0
        return self.top[0][1] - self.top[1][1]


def suggest(
    view: PlayerView,
    worlds: int | None = None,
    candidates: int | None = None,
    time_cap: float = HINT_TIME_CAP,
    seed: int = 0,
) -> Hint:
    """The hint for ``view``'s decision (``view`` must be the deciding player's own view)."""
    players = len(view.colonias)
    worlds = worlds or HINT_WORLDS.get(players, 4)
    candidates = candidates or HINT_CANDIDATES.get(players, 3)
    legal = legal_of(view)
    if len(legal) == 1:
        return Hint(legal[0], ((legal[0], None),), reason="it is the only choice here")
    bot = HardBot(
        f"{seed}:{view.model_dump_json()}",  # seeded by the view: same view, same hint
        iterations=worlds * min(candidates, len(legal)),  # each candidate in each world
        candidates=candidates,
        margin=float("inf"),  # always search: the values shown must all be final points
        time_limit=time_cap,
        trust_normal=(),
        min_worlds=worlds,  # no early stop: every candidate plays every world
    )
    action = bot.choose(view)
    report = bot.last
    if report.ranking:
        # shown and chosen on one scale: the player's expected points at the end
        ranked = sorted(report.ranking, key=lambda pair: -pair[1])
        offset = final_offset(view)
        top = tuple((a, round(v + offset, 1)) for a, v in ranked[:3])
        then = build_after(view, top[0][0], seed)
        return Hint(top[0][0], top, worlds=report.worlds, capped=report.cut, then=then)
    reason = REASONS.get(view.decision, "it is what the heuristic rates best here")
    return Hint(action, ((action, None),), reason=reason)


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


__all__ = ["FINAL_OFFSETS", "QUICK", "REASONS", "Hint", "build_after", "final_offset", "suggest"]
