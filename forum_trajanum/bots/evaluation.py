"""Heuristic evaluation of a player's position, for the Normal and Hard bots.

The bots only ever hold states that :func:`forum_trajanum.engine.determinize.determinize`
sampled from their own view, so everything evaluated here about the player itself is exactly
what it knows, except where its own face-down tiles lie (never looked at here).

``evaluate(state, p)`` = points already scored + points the position is expected to bring:
the engine's own scoring functions applied now and weighted by the scorings still to come,
plus values for resources, envoys on the ship, tiles in hand, prestige and citizens, fading
towards the end of the game.
"""

from __future__ import annotations

from forum_trajanum.data import (
    BUILDING_SPACES,
    CITIZEN_KINDS,
    CLASS_ROWS,
    GRAYS,
    TILE_GAINS,
    prestige_section,
    trajan_value,
)
from forum_trajanum.engine.scoring import colonia_row_points, crane_points, forum_points
from forum_trajanum.engine.state import tile_kind
from forum_trajanum.engine.trajan import building_task as _building_task
from forum_trajanum.engine.trajan import collection_task

# resource values (victory points), before fading towards the end of the game
W_BUILDER = 2.8
W_WORKER = 2.0
W_ASSISTANT = 1.0
W_COIN = 1.1
W_TRIBUNE = 0.9
W_ENVOY = 1.4
W_CITIZEN = 2.0
_SECTION_START = (0, 3, 6)


_TASK_CACHE: dict[tuple, int] = {}


def building_task(card: str, pl) -> int:
    """The engine's Trajan building-task count, memoised on the Colonia's buildings (the
    lookahead evaluates many positions that share them)."""
    key = (card, tuple(pl.buildings), tuple(pl.building_tile), tuple(pl.crane_state))
    found = _TASK_CACHE.get(key)
    if found is None:
        if len(_TASK_CACHE) > 200_000:
            _TASK_CACHE.clear()
        found = _TASK_CACHE[key] = _building_task(card, pl)
    return found


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
    value = W_ENVOY * g if own else 0.0
    if kind in CITIZEN_KINDS:
        rows = CLASS_ROWS[CITIZEN_KINDS[kind]]
        if any(pl.citizens[r][1] < 0 for r in rows):
            return value + 3.0 + 2.5 * s
        return value
    builders, workers, assistants, coins, tribunes, upgrades = TILE_GAINS[kind]
    value += g * (
        builders * W_BUILDER
        + sum(workers.values()) * W_WORKER
        + assistants * W_ASSISTANT
        + coins * W_COIN
        + tribunes * W_TRIBUNE
    )
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
    value = float(sum(colonia_row_points(pl)) * s)
    if s:
        value += crane_points(pl, cycle)
        tv = trajan_value(pl.prestige)
        card = state.trajan[cycle - 1]
        if card:
            value += (building_task(card, pl) + collection_task(card, pl)) * tv
        for later in range(cycle + 1, 4):
            card = state.trajan[later - 1]
            if card:
                value += 0.7 * building_task(card, pl) * tv + 0.2 * collection_task(card, pl) * tv
    value += g * (
        pl.builders * W_BUILDER
        + sum(pl.workers) * W_WORKER
        + pl.assistants * W_ASSISTANT
        + pl.coins * W_COIN
        + pl.tribunes * W_TRIBUNE
    )
    return value


def evaluate(state, p: int, forum: bool = True) -> float:
    """Expected final points of player ``p`` from this position (a heuristic)."""
    pl = state.players[p]
    if not state.tasks:
        return float(pl.score)
    s = scorings_left(state)
    g = fade(state)
    value = pl.score + colonia_value(state, p)
    if forum:
        eagles, area = forum_points(state, p)
        value += (eagles + area) * s
    value += len(pl.ship) * W_ENVOY * g
    value += hand_value(state, p)
    section = prestige_section(pl.prestige)
    value += s * (0.5 * (pl.prestige - _SECTION_START[section]) + (1.0 if pl.flipped else 0.0))
    value += W_CITIZEN * g * pl.active_citizens()
    if s:
        rows = sum(1 for row in pl.citizens if row[0] >= 0)
        value -= 2.5 * max(0, rows - pl.coins) * min(1.0, 4.0 / max(1.0, rounds_left(state)))
    value += g * 0.8 * sum(min(t, 4) for t in pl.tracks)
    free = sum(1 for c in BUILDING_SPACES if pl.grid[c] < 0 and not pl.buildings[c])
    value += g * 0.4 * min(free, 4)
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
