"""The seaport's ship loads (EN l.256; components §2.9, R18, R23), listed without the loads
that need more wilds than the player has (issue 37.5): the same loads in the same order as
every load enumerated, then those past the wilds dropped."""

from __future__ import annotations

import random
from itertools import combinations

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import board
from forum_trajanum.games.trajan.engine.actions import Ship


def every_pairs_load(counts: list[int], have: list[int], wilds: int) -> list:
    """The pairs ship's loads as defined: every choice of commodities and cards enumerated,
    then those needing more than ``wilds`` wild cards dropped."""
    pair, options = D.PAIR_CARDS, []
    for m in range(1, len(D.SHIP_FRONT[D.PAIRS]) + 1):
        for s in range(0, m + 1):
            for chosen in combinations(have, s):
                loads = [((), pair * (m - s))]
                for c in chosen:
                    loads = [
                        (cards + (c,) * r, w + pair - r)
                        for cards, w in loads
                        for r in range(1, pair + 1)
                        if r <= counts[c]
                    ]
                options += [Ship.make(D.PAIRS, tuple(sorted(cards)), w) for cards, w in loads]
    return [o for o in options if o.wilds <= wilds]


def test_the_pairs_ship_loads_are_every_load_the_wilds_allow_in_order():
    rng = random.Random(37)
    for _ in range(400):
        counts = [0] * len(D.COMMODITIES)
        for _ in range(rng.randrange(0, 11)):
            counts[rng.randrange(len(counts))] += 1
        wilds = rng.choice([0, 0, 1, 2, 3, 4, 5, 7])
        have = [c for c in range(len(counts)) if counts[c]]
        listed = [o for o in board._ship_options(counts, have, wilds) if o.ship == D.PAIRS]
        assert listed == every_pairs_load(counts, have, wilds), (counts, wilds)
