"""Heuristic evaluation of a player's position, for the Normal and Hard bots.

The bots only ever hold states that
:func:`forum_trajanum.games.forum_trajanum.engine.determinize.determinize`
sampled from their own view, so everything evaluated here about the player itself is exactly
what it knows, except where its own face-down tiles lie (never looked at here).

``evaluate(state, p)`` = points already scored + points the position is expected to bring:
the engine's own scoring functions applied now and weighted by the scorings still to come,
plus values for resources, envoys on the ship, tiles in hand, prestige and citizens, fading
towards the end of the game.

Two blind spots, found in Hard's worst games (2026-12-06; it ended them with 7-8 envoys on
its ship and its slide bar at 2-3, often flipped), are fixed for Hard's leaves
(``evaluate(..., reach=True)``): an envoy on the ship counted 1.4 points (fading) however
many there were, though only one a turn can still reach the Forum (:func:`usable_envoys`);
and the slide bar counted only the steps into its section, those of the unflipped bar even
when the bar was flipped, so that an upgrade from 2 or 5 of a flipped bar (or one crossing a
cypress before anything multiplied the new section) lowered the value (:func:`bar_progress`).
A third, found in the same games: a supply with nothing to build with (no builder, no
worker, no craftsman to turn an assistant into one) counted as much as any other of equal
worth, so a leaf at the round's end did not see the next building step starve; Hard's leaves
now count that step's loss (:func:`starved`).
Normal, the playouts and the hints keep the old counts: the hints' test set and the fitted
value were made with them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from forum_trajanum.games.forum_trajanum.data import (
    BUILDING_SPACES,
    CITIZEN_KINDS,
    CLASS_ROWS,
    CRAFTSMAN_I,
    CRAFTSMAN_II,
    GRAYS,
    PATRICIAN_I,
    TILE_GAINS,
    bar_reading,
    prestige_section,
    trajan_card_value,
)
from forum_trajanum.games.forum_trajanum.engine.cards import building_task as _building_task
from forum_trajanum.games.forum_trajanum.engine.cards import collection_task
from forum_trajanum.games.forum_trajanum.engine.scoring import (
    colonia_row_points as _colonia_row_points,
)
from forum_trajanum.games.forum_trajanum.engine.scoring import (
    crane_points,
)
from forum_trajanum.games.forum_trajanum.engine.scoring import (
    forum_points as _forum_points,
)
from forum_trajanum.games.forum_trajanum.engine.state import tile_kind


@dataclass(frozen=True, slots=True)
class Weights:
    """What the evaluation counts things as worth, in victory points (resources before fading
    towards the end of the game; scoring categories as multipliers of their points)."""

    builder: float = 2.8
    worker: float = 2.0
    assistant: float = 1.0
    coin: float = 1.1
    tribune: float = 0.9
    envoy: float = 1.4  # the envoy that comes with using one's own tile
    ship: float = 1.4  # an envoy waiting on the ship
    citizen: float = 2.0  # an active citizen in the Colonia
    citizen_tile: float = 3.0  # a citizen tile in hand with a free row: now ...
    citizen_tile_per_scoring: float = 2.5  # ... and per scoring still to come
    colonia: float = 1.0
    cranes: float = 1.0
    trajan_card: float = 1.0  # this cycle's Trajan card
    trajan_card_later_buildings: float = 0.7  # later cycles' cards: their building task ...
    trajan_card_later_collection: float = 0.2  # ... and their collection task
    forum: float = 1.0
    prestige: float = 0.5  # per step into the bar's section (or, for Hard's leaves, per step
    # the bar reads), per scoring to come
    coin_shortage: float = 2.5  # per citizen row that coins will not pay for
    track: float = 0.8
    free_space: float = 0.4
    starved: float = 2.0  # Hard's leaves: nothing to build with at the next building step

    def resources(
        self, builders: int, workers: int, assistants: int, coins: int, tribunes: int
    ) -> float:
        """What a stock of resources is worth (before fading)."""
        return (
            builders * self.builder
            + workers * self.worker
            + assistants * self.assistant
            + coins * self.coin
            + tribunes * self.tribune
        )


#: The bots' weights (hand-set; changing one at a time made no measurable difference).
W = Weights()


#: Entries a cache of the lookahead keeps (more: it starts afresh). A whole 2-player game
#: of Hard's fills the Forum's about 25,000 (some 1.5 KB each), the others 3,000-5,000: a
#: process that plays game after game (a host, ``simulate``) keeps at most some 60 MB.
CACHE_SIZE = 20_000
_TASK_CACHE: dict[tuple, int] = {}
_ROWS_CACHE: dict[tuple, tuple[int, ...]] = {}
_FORUM_CACHE: dict[tuple, tuple[int, int]] = {}


def _kept(cache: dict, key: tuple, work: Callable[[], Any]) -> Any:
    """``cache[key]``, worked out by ``work()`` the first time (a full cache starts afresh)."""
    found = cache.get(key)
    if found is None:
        if len(cache) > CACHE_SIZE:
            cache.clear()
        found = cache[key] = work()
    return found


def colonia_row_points(pl) -> tuple[int, ...]:
    """The engine's Colonia points per row (:func:`~forum_trajanum.games.forum_trajanum.engine.
    scoring.colonia_row_points`), memoised on what they read: the lookahead evaluates many
    positions with the same buildings and citizens (a bot's time went a tenth to them)."""
    key = (tuple(pl.buildings), tuple(pl.row_active), tuple(map(tuple, pl.citizens)))
    return _kept(_ROWS_CACHE, key, lambda: tuple(_colonia_row_points(pl)))


def forum_points(state, p: int) -> tuple[int, int]:
    """The engine's (eagle points, largest-area points) of ``p``
    (:func:`~forum_trajanum.games.forum_trajanum.engine.scoring.forum_points`), memoised on
    what they read: the Forum's boards and envoys, the seat, its Patrician I and its slide
    bar (most positions a building step's lookahead tries leave the Forum as it was)."""
    pl = state.players[p]
    key = (
        state.forum_faces,
        state.forum_layout,
        tuple(state.forum),
        p,
        pl.ability(PATRICIAN_I),
        pl.prestige,
        pl.flipped,
    )
    return _kept(_FORUM_CACHE, key, lambda: _forum_points(state, p))


_SECTION_START = (0, 3, 6)


def building_task(card: str, pl) -> int:
    """The engine's Trajan building-task count, memoised on the Colonia's buildings (the
    lookahead evaluates many positions that share them)."""
    key = (card, tuple(pl.buildings), tuple(pl.building_tile), tuple(pl.crane_state))
    return _kept(_TASK_CACHE, key, lambda: _building_task(card, pl))


def scorings_left(state) -> int:
    """Cycle-end scorings still to come (the current cycle's included)."""
    return 0 if not state.tasks else 4 - max(state.cycle, 1)


def rounds_left(state) -> float:
    """Rounds still to play, counting the current one as half played."""
    if not state.tasks:
        return 0.0
    cycle = max(state.cycle, 1)
    later = (3 - cycle) * 4
    if state.phase == "scoring":
        return float(later)
    return later + (4 - max(state.round, 1)) + 0.5


def fade(state) -> float:
    """How much a resource is still worth: 1 until the last rounds, then down to 0."""
    return min(1.0, rounds_left(state) / 3.0)


def tile_value(kind: str, pl, state, own: bool) -> float:
    """What using a Colonia tile of ``kind`` is worth to ``pl`` now (plus its envoy if own)."""
    g = fade(state)
    s = scorings_left(state)
    value = W.envoy * g if own else 0.0
    if kind in CITIZEN_KINDS:
        rows = CLASS_ROWS[CITIZEN_KINDS[kind]]
        if any(pl.citizens[r][1] < 0 for r in rows):
            return value + W.citizen_tile + W.citizen_tile_per_scoring * s
        return value
    builders, workers, assistants, coins, tribunes, upgrades = TILE_GAINS[kind]
    value += g * W.resources(builders, sum(workers.values()), assistants, coins, tribunes)
    value += upgrades * (0.6 + 0.9 * s) if pl.prestige < 8 else 0.0
    return value


def hand_value(state, p: int) -> float:
    """Tiles the player holds during the draft and its turn, valued by :func:`tile_value`."""
    pl = state.players[p]
    total = 0.0
    for tile, _cell in pl.taken:
        total += tile_value(tile_kind(tile), pl, state, own=True)
    if pl.kept >= 0:
        total += tile_value(tile_kind(pl.kept), pl, state, own=True)
    if pl.received >= 0:
        total += tile_value(tile_kind(pl.received), pl, state, own=False)
    return total


def colonia_value(state, p: int) -> float:
    """The part of the evaluation that depends on the player's buildings and resources."""
    pl = state.players[p]
    s = scorings_left(state)
    cycle = max(state.cycle, 1)
    g = fade(state)
    value = W.colonia * sum(colonia_row_points(pl)) * s
    if s:
        value += W.cranes * crane_points(pl, cycle)
        tv = trajan_card_value(pl.prestige, pl.flipped)
        card = state.trajan_cards[cycle - 1]
        if card:
            value += W.trajan_card * (building_task(card, pl) + collection_task(card, pl)) * tv
        for later in range(cycle + 1, 4):
            card = state.trajan_cards[later - 1]
            if card:
                value += tv * (
                    W.trajan_card_later_buildings * building_task(card, pl)
                    + W.trajan_card_later_collection * collection_task(card, pl)
                )
    value += g * W.resources(pl.builders, sum(pl.workers), pl.assistants, pl.coins, pl.tribunes)
    return value


def bar_progress(k: int, flipped: bool) -> int:
    """How far along the slide bar at ``k`` reads (0-8; a flipped bar reads its marks one
    position further along: :func:`bar_reading`). Every step counts, the ones past a cypress
    too: counting only the steps into the current section (as before) made an upgrade that
    crossed a cypress look like a loss whenever the section's higher values had nothing yet to
    multiply (no envoy in the Forum, no Trajan task met so far), and with a flipped bar every
    upgrade from 2 or 5 (the steps were counted from the unflipped bar's section)."""
    return bar_reading(k, flipped)


def turns_ahead(state) -> int:
    """The turns (each with one building step) still to come in the game, the current
    round's counted as one."""
    return math.ceil(rounds_left(state))


def usable_envoys(state, p: int) -> int:
    """Envoys on ``p``'s ship that can still reach the Forum: one per building step still to
    come, one more for a bonus that places one (rules "Benefit for colored structures": an
    envoy goes to the Forum only with a coloured structure, a Patrician I bonus or a track's
    step). More on the ship score nothing."""
    return min(len(state.players[p].ship), turns_ahead(state) + 1)


def can_build(pl) -> bool:
    """Whether ``pl``'s supply pays for a build at its next building step without the tile it
    will use first: a builder or a worker, or an assistant that an active craftsman turns
    into one (rules "Building step": a gray building needs a builder, a coloured structure a
    worker; an assistant only recolours a worker, or becomes a worker (Craftsman I) or a
    builder (Craftsman II))."""
    if pl.builders > 0 or any(pl.workers):
        return True
    return pl.assistants > 0 and (pl.ability(CRAFTSMAN_I) or pl.ability(CRAFTSMAN_II))


def starved(state, p: int) -> float:
    """How much of a building step ``p`` stands to lose for having nothing to build with
    (:func:`can_build`): :attr:`Weights.starved`, fading like the resources, when building
    steps are still to come; else 0.

    Found in Hard's worst games (2026-12-06, seed 8101): at 2.62 of their 12 building steps
    they had no builder and no worker at all (its other games 0.56), often with 3-5
    assistants and no craftsman. Hard's search ends at the round's end, where an empty supply
    cost nothing: each builder, worker and assistant counted the same whatever else the supply
    held, so keeping a tile of assistants or coins over one of workers looked as good, and
    the building step it starved came only in the next round. Counted in Hard's leaves only
    (``evaluate(..., reach=True)``)."""
    if turns_ahead(state) <= 0 or can_build(state.players[p]):
        return 0.0
    return W.starved * fade(state)


def evaluate(state, p: int, forum: bool = True, *, reach: bool = False) -> float:
    """Expected final points of player ``p`` from this position (a heuristic). With
    ``reach`` (Hard's leaves), the envoys on the ship count only as far as they can still
    reach the Forum (:func:`usable_envoys`) and every step the slide bar reads counts
    (:func:`bar_progress`), and a supply that cannot pay for the next build loses
    :attr:`Weights.starved` (:func:`starved`); without it (Normal's ranking, the playouts, the
    hints and the fitted value's features), as they always have."""
    pl = state.players[p]
    if not state.tasks:
        return float(pl.score)
    s = scorings_left(state)
    g = fade(state)
    value = pl.score + colonia_value(state, p)
    if forum:
        eagles, area = forum_points(state, p)
        value += W.forum * (eagles + area) * s
    value += (usable_envoys(state, p) if reach else len(pl.ship)) * W.ship * g
    if reach:
        value -= starved(state, p)
    value += hand_value(state, p)
    if reach:
        steps = bar_progress(pl.prestige, pl.flipped)
    else:
        steps = pl.prestige - _SECTION_START[prestige_section(pl.prestige)]
    value += s * (W.prestige * steps + (1.0 if pl.flipped else 0.0))
    value += W.citizen * g * pl.active_citizens()
    if s:
        rows = sum(1 for row in pl.citizens if row[0] >= 0)
        value -= (
            W.coin_shortage * max(0, rows - pl.coins) * min(1.0, 4.0 / max(1.0, rounds_left(state)))
        )
    value += g * W.track * sum(min(t, 4) for t in pl.tracks)
    free = sum(1 for c in BUILDING_SPACES if pl.grid[c] < 0 and not pl.buildings[c])
    value += g * W.free_space * min(free, 4)
    return value


def gray_row_missing(pl, row: int) -> int:
    """How many gray building types row ``row`` (0-5) still lacks."""
    have = {b for b in pl.buildings[row * 6 : row * 6 + 6] if b in GRAYS}
    return 4 - len(have)


def row_multiplier(pl, row: int) -> int:
    """Colonia scoring multiplier of grid row ``row`` now (1 + active citizens)."""
    if not pl.row_active[row]:
        return 1
    return 1 + sum(1 for t in pl.citizens[row] if t >= 0)


def reach_value(state, p: int) -> float:
    """Player ``p``'s evaluation as Hard's leaves count it (``reach``: only the envoys that
    can still reach the Forum, every step the slide bar reads, a building step with nothing to
    build with as its loss): the Expert's "reach" value and what the sharper Normal policy
    ranks by."""
    return evaluate(state, p, reach=True)


def standings(state, *, reach: bool = False) -> list[float]:
    """Every seat's evaluation (``reach``: see :func:`evaluate`) less its best rival's."""
    values = [evaluate(state, p, reach=reach) for p in range(len(state.players))]
    return [v - max(values[:p] + values[p + 1 :]) for p, v in enumerate(values)]
