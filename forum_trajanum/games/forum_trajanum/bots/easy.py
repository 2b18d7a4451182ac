"""Easy bot: a beginner's opponent.

It picks among the legal actions at random, weighted so that it likes building and sending
envoys to the Forum, never ends its turn while a building action is available, and pays its
citizens when it can. It looks at nothing but the action texts of its view, so it is very fast.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from forum_trajanum.games.forum_trajanum.bots import legal_of
from forum_trajanum.games.forum_trajanum.bots.thrift import Thrift
from forum_trajanum.games.forum_trajanum.engine import Action, PlayerView
from forum_trajanum.games.forum_trajanum.engine.actions import (
    Build,
    ChooseBonus,
    Convert,
    EndTurn,
    PayCitizens,
    PlaceEnvoy,
    TakeTile,
    UseBoth,
)


def _weight(action: Action, can_build: bool) -> float:
    if isinstance(action, Build):
        return 12.0 if action.is_double else 10.0
    if isinstance(action, EndTurn):
        return 0.0 if can_build else 1.0
    if isinstance(action, Convert):
        # pairing workers into a builder is usually sensible; recolouring is a gamble
        return 0.6 if action.method in ("pair", "craftsman2") else 0.15
    if isinstance(action, PlaceEnvoy):
        return 0.02 if action.declined else 5.0
    if isinstance(action, TakeTile):
        return 0.1 if action.tribune else 1.0
    if isinstance(action, UseBoth):
        return 0.5
    if isinstance(action, PayCitizens):
        return 1.0 + 4.0 * len(action.rows)
    if isinstance(action, ChooseBonus):
        return 2.0 if "V" in action.bonuses or "U" in action.bonuses else 1.0
    return 1.0


def easy_pick(legal: Sequence[Action], rng: random.Random) -> Action:
    """A weighted random choice among ``legal`` (building first, never a wasted turn)."""
    if len(legal) == 1:
        return legal[0]
    can_build = any(isinstance(a, Build) for a in legal)
    weights = [_weight(a, can_build) for a in legal]
    if sum(weights) <= 0:
        return rng.choice(list(legal))
    return rng.choices(list(legal), weights=weights, k=1)[0]


class EasyBot:
    """Weighted random player: legal and plausible, quick, and beatable."""

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.thrift = Thrift()

    def choose(self, view: PlayerView) -> Action:
        """One of the view's legal actions (never a wasteful conversion: :mod:`.thrift`)."""
        return easy_pick(self.thrift.choices(view, legal_of(view)), self.rng)
