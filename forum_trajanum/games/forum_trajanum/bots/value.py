"""A value fitted from self-play: a seat's expected final score as a weighted sum of features
of its position, the weights fitted by least squares per stage of the game.

The features are the parts that the hand-set :func:`~.evaluation.evaluate` adds up (points
so far, the Colonia rows times the scorings to come, open cranes, this and later cycles'
Trajan cards at the slide bar's value, the Forum, the ship's envoys, the hand, the slide bar,
citizens, the coin shortage, the tracks, free spaces, each resource), kept apart, plus the
player count; :data:`HAND` are the weights that make their sum exactly ``evaluate``, so the
fit can only add to what the hand-set evaluation sees.

``scripts/fit_value_forum.py`` plays games of Normal bots, records these features for every
seat at sampled decisions, labels them with that seat's final score and fits, per stage
(:func:`stage`: the cycle, its first or last two rounds, its scoring), the weights by least
squares with a small ridge; they are stored in ``value_forum.json`` beside this module and
read once, on first use. :func:`fitted` costs about what ``evaluate`` costs.

Everything here reads a (determinized) state the way ``evaluate`` does: a bot's own seat as
it knows it, the others as sampled.

Measured on 2026-12-06 (``python scripts/fit_value_forum.py --train 1000-1299 --test
2000-2099 --write``, the file's own command: 300 games, 46,356 records, 9 minutes on the
loaded 2-core machine; then 100 held-out games): mean absolute error against the final score
7.3 points for the fitted value, 24.4 for ``evaluate`` (by stage, fitted / evaluate: cycle I
rounds 1-2 11.2 / 58.8, rounds 3-4 10.1 / 32.9; cycle II 8.1 / 16.1 and 6.4 / 9.1; cycle III
4.2 / 14.6 and 3.0 / 7.9; ``evaluate`` is low early, high late). Used where it won more in
paired games: Expert's leaves (not Hard's, not the Normal ranking: see their docstrings).
Its weights tell what went with a high final score in Normal's games (envoys left on the
ship, for one, weigh negative), not what an action is worth, which is why it judges the
leaves of a search and does not rank actions by itself.

Since 2026-12-07 the data file is the fit with every weight the rules give held at the
hand-set's (:data:`PINNED`; ``python scripts/fit_value_forum.py --train 1000-1299 --test
2000-2099 --every 6 --ridge 0.1 --pin --toward-hand --write``): held-out error 8.4 points
(cycle I rounds 1-2 12.2, cycle III rounds 3-4 3.3), a little worse as a forecast, but no
longer telling the search that a step of the slide bar or an envoy on the ship costs points.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from forum_trajanum.games.forum_trajanum.bots.evaluation import (
    W,
    building_task,
    colonia_row_points,
    evaluate,
    fade,
    forum_points,
    hand_value,
    reach_value,
    rounds_left,
    scorings_left,
    standings,
)
from forum_trajanum.games.forum_trajanum.data import (
    BUILDING_SPACES,
    TILE_GAINS,
    bar_reading,
    prestige_section,
    trajan_card_value,
)
from forum_trajanum.games.forum_trajanum.engine.cards import collection_task
from forum_trajanum.games.forum_trajanum.engine.scoring import crane_points
from forum_trajanum.games.forum_trajanum.engine.state import tile_kind

#: The features, in the order :func:`features` returns them.
FEATURES: tuple[str, ...] = (
    "bias",
    "players3",
    "players4",
    "score",
    "colonia",  # row points x scorings left
    "cranes",  # open cranes' points this cycle
    "trajan_now",  # this cycle's Trajan card: tasks met x the slide bar's value
    "trajan_later_buildings",  # later cycles' building tasks met x value
    "trajan_later_collection",  # later cycles' collection tasks met x value
    "forum",  # eagles and largest area now x scorings left
    "ship",  # envoys on the ship x fade
    "ship_scorings",  # envoys on the ship x scorings left
    "hand",  # the hand's tiles as evaluate values them
    "hand_upgrades",  # upgrades on the hand's tiles x scorings left (bar not at its end)
    "prestige",  # steps into the slide bar's section x scorings left
    "flipped",  # the slide bar flipped x scorings left
    "bar_section",  # the section the bar reads (0-2) x scorings left
    "citizens",  # active citizens x fade
    "citizens_scorings",  # active citizens x scorings left
    "coin_shortage",  # citizen rows coins will not pay for (evaluate's measure)
    "tracks",  # track steps (at most 4 each) x fade
    "free_spaces",  # free building spaces (at most 4) x fade
    "builders",
    "workers",
    "assistants",
    "coins",
    "tribunes",  # each resource x fade
)

_SECTION_START = (0, 3, 6)

#: The weights under which the features add up to :func:`~.evaluation.evaluate` exactly.
HAND: dict[str, float] = {
    "score": 1.0,
    "colonia": W.colonia,
    "cranes": W.cranes,
    "trajan_now": W.trajan_card,
    "trajan_later_buildings": W.trajan_card_later_buildings,
    "trajan_later_collection": W.trajan_card_later_collection,
    "forum": W.forum,
    "ship": W.ship,
    "hand": 1.0,
    "prestige": W.prestige,
    "flipped": 1.0,
    "citizens": W.citizen,
    "coin_shortage": -W.coin_shortage,
    "tracks": W.track,
    "free_spaces": W.free_space,
    "builders": W.builder,
    "workers": W.worker,
    "assistants": W.assistant,
    "coins": W.coin,
    "tribunes": W.tribune,
}

#: The features whose weights ``scripts/fit_value_forum.py --pin`` holds at :data:`HAND`'s (0
#: for those the hand-set evaluation does not count): every one whose worth the rules give.
#: Points already scored; the points a scoring still to come gives again for what stands now
#: (the Colonia's rows, the cranes, this cycle's Trajan card, the Forum); the slide bar (its
#: steps, section and flip, and the upgrades on the tiles in hand); the envoys on the ship;
#: the citizens, their coins and the tracks. The fit chooses only what a resource, a tile in
#: hand, a later cycle's Trajan card and a free space are worth, and its bias.
#: Why (2026-12-07): the free fit of Normal bots' games said, in cycle I, the Forum -1.4, an
#: envoy on the ship -2.9, a step of the slide bar -1.3 and crossing a cypress -2.2 per
#: scoring to come, a citizen row without coins +13.7: a player who did one thing early had
#: less of another, which the fit put on the thing itself. The Expert, judged by it, scored
#: 12.2 points from its Trajan cards to Hard's 19.9 (its tasks are worth what the slide bar
#: reads) and 7.3 from the Forum's areas to 10.7 (seed 4242's first 20 games).
PINNED: tuple[str, ...] = (
    "score",
    "colonia",
    "cranes",
    "trajan_now",
    "forum",
    "prestige",
    "flipped",
    "coin_shortage",
    "citizens",
    "tracks",
    "bar_section",
    "hand_upgrades",
    "ship",
    "ship_scorings",
    "citizens_scorings",
)

#: Stages of the game, each with its own weights (see :func:`stage`).
STAGES: tuple[str, ...] = tuple(
    f"{cycle}{part}" for cycle in (1, 2, 3) for part in ("early", "late", "scoring")
)
_STAGE_INDEX = {name: i for i, name in enumerate(STAGES)}

DATA = Path(__file__).with_name("value_forum.json")


def stage(state) -> int:
    """The index in :data:`STAGES` of the state's stage: its cycle (the setup counts as
    cycle I), rounds 1-2 ("early") or 3-4 ("late"), or the cycle's scoring."""
    cycle = min(max(state.cycle, 1), 3)
    part = "scoring" if state.phase == "scoring" else "early" if state.round <= 2 else "late"
    return _STAGE_INDEX[f"{cycle}{part}"]


def features(state, p: int) -> list[float]:
    """Player ``p``'s features (:data:`FEATURES`) in ``state`` (a game not over)."""
    pl = state.players[p]
    s = scorings_left(state)
    g = fade(state)
    cycle = max(state.cycle, 1)
    players = len(state.players)
    colonia = sum(colonia_row_points(pl)) * s
    cranes = trajan_now = later_b = later_c = 0.0
    if s:
        cranes = crane_points(pl, cycle)
        tv = trajan_card_value(pl.prestige, pl.flipped)
        card = state.trajan_cards[cycle - 1]
        if card:
            trajan_now = (building_task(card, pl) + collection_task(card, pl)) * tv
        for later in range(cycle + 1, 4):
            card = state.trajan_cards[later - 1]
            if card:
                later_b += tv * building_task(card, pl)
                later_c += tv * collection_task(card, pl)
    eagles, area = forum_points(state, p)
    upgrades = 0
    if pl.prestige < 8:
        tiles = [t for t, _cell in pl.taken] + [t for t in (pl.kept, pl.received) if t >= 0]
        for tile in tiles:
            gains = TILE_GAINS.get(tile_kind(tile))
            if gains:
                upgrades += gains[5]
    active = pl.active_citizens()
    shortage = 0.0
    if s:
        rows = sum(1 for row in pl.citizens if row[0] >= 0)
        shortage = max(0, rows - pl.coins) * min(1.0, 4.0 / max(1.0, rounds_left(state)))
    free = sum(1 for c in BUILDING_SPACES if pl.grid[c] < 0 and not pl.buildings[c])
    section = prestige_section(pl.prestige)
    return [
        1.0,
        1.0 if players == 3 else 0.0,
        1.0 if players == 4 else 0.0,
        float(pl.score),
        float(colonia),
        float(cranes),
        float(trajan_now),
        later_b,
        later_c,
        float((eagles + area) * s),
        len(pl.ship) * g,
        float(len(pl.ship) * s),
        hand_value(state, p),
        float(upgrades * s),
        float(s * (pl.prestige - _SECTION_START[section])),
        float(s) if pl.flipped else 0.0,
        float(s * prestige_section(bar_reading(pl.prestige, pl.flipped))),
        g * active,
        float(s * active),
        shortage,
        g * sum(min(t, 4) for t in pl.tracks),
        g * min(free, 4),
        g * pl.builders,
        g * sum(pl.workers),
        g * pl.assistants,
        g * pl.coins,
        g * pl.tribunes,
    ]


def hand_set(state, p: int) -> float:
    """``evaluate(state, p)`` computed from the features and :data:`HAND` (a check that the
    features are what ``evaluate`` adds up)."""
    if not state.tasks:
        return float(state.players[p].score)
    return math.fsum(
        HAND.get(n, 0.0) * x for n, x in zip(FEATURES, features(state, p), strict=True)
    )


@cache
def weights() -> tuple[tuple[float, ...], ...]:
    """The fitted weights per stage (:data:`STAGES` order), read once from :data:`DATA`."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    names = tuple(data["features"])
    if names != FEATURES:
        raise ValueError(f"{DATA.name} was fitted on other features: {names}")
    return tuple(tuple(float(w) for w in data["weights"][name]) for name in STAGES)


def fitted(state, p: int) -> float:
    """Player ``p``'s expected final score by the fitted weights (its score once the game is
    over)."""
    if not state.tasks:
        return float(state.players[p].score)
    w = weights()[stage(state)]
    return sum(a * b for a, b in zip(w, features(state, p)))  # noqa: B905 (same length)


def fitted_standings(state) -> list[float]:
    """Every seat's fitted value less its best rival's."""
    values = [fitted(state, p) for p in range(len(state.players))]
    return [v - max(values[:p] + values[p + 1 :]) for p, v in enumerate(values)]


def reach_standings(state) -> list[float]:
    """Every seat's hand-set evaluation as Hard's leaves count it (``reach``) less its best
    rival's."""
    return standings(state, reach=True)


def judge(name: str):
    """(standings, own value) of the value called ``name``: "fitted" (:func:`fitted`),
    "evaluate" (the hand-set :func:`~.evaluation.evaluate`) or "reach" (the hand-set one as
    Hard's leaves count it, :func:`reach_value`)."""
    if name == "fitted":
        return fitted_standings, fitted
    if name == "evaluate":
        return standings, evaluate
    if name == "reach":
        return reach_standings, reach_value
    raise ValueError(f"unknown value {name!r}: fitted, evaluate or reach")


__all__ = [
    "DATA",
    "FEATURES",
    "HAND",
    "PINNED",
    "STAGES",
    "features",
    "fitted",
    "fitted_standings",
    "hand_set",
    "judge",
    "reach_standings",
    "reach_value",
    "stage",
    "weights",
]
