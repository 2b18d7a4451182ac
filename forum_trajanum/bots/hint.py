"""Hints: a suggested move for the player whose decision it is, from that player's view only.

``suggest(view)`` ranks the legal actions with the Normal bot's heuristic (a one-step
lookahead valued as expected final points) averaged over several worlds sampled from the
view, and returns the best one with the top three and their estimated values. It sees what
the player sees and nothing more: the same view gives the same hint, whatever the hidden
tiles really are.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from forum_trajanum.bots import legal_of
from forum_trajanum.bots.normal import NormalPolicy
from forum_trajanum.engine import Action, PlayerView, legal_actions
from forum_trajanum.engine.determinize import determinize


@dataclass(frozen=True)
class Hint:
    """A suggested action and the best few choices with their estimated values."""

    action: Action
    #: up to three (action, estimated final points) pairs, best first
    top: tuple[tuple[Action, float], ...]

    @property
    def margin(self) -> float:
        """How much better the suggestion looks than the next best choice (0 if alone)."""
        return self.top[0][1] - self.top[1][1] if len(self.top) > 1 else 0.0


def suggest(view: PlayerView, worlds: int = 6, seed: int = 0) -> Hint:
    """The hint for ``view``'s decision (``view`` must be the deciding player's own view)."""
    legal = legal_of(view)
    if len(legal) == 1:
        return Hint(legal[0], ((legal[0], 0.0),))
    # seeded by the view itself: the same view always gives the same hint
    rng = random.Random(f"{seed}:{view.model_dump_json()}")
    me = view.viewer
    totals = {str(a): 0.0 for a in legal}
    for _ in range(worlds):
        state = determinize(view, rng)
        options = legal_actions(state)
        if [str(a) for a in options] != list(view.legal):
            options = legal
        unseen = view.colonias[me].unseen
        for value, action in NormalPolicy(rng).ranked(state, me, options, unseen):
            totals[str(action)] += value / worlds
    by_text = {str(a): a for a in legal}
    ranked = sorted(legal, key=lambda a: (-totals[str(a)], view.legal.index(str(a))))
    top = tuple((by_text[str(a)], round(totals[str(a)], 1)) for a in ranked[:3])
    return Hint(top[0][0], top)
