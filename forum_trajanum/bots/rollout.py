"""A fast, sensible playout policy for the Hard bot's simulations.

Every player in a simulated world plays by :func:`lite_pick`: a cheap heuristic that scores
each legal action from the (sampled) state without trying it: tiles by what they give, builds
by the Colonia rows, columns, benefit tracks, open cranes and envoys they bring, envoys by
eagles and the player's own neighbouring envoys. It is much weaker than the Normal bot and
thousands of times faster, which is what a rollout needs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from forum_trajanum.bots.easy import easy_pick
from forum_trajanum.bots.evaluation import (
    W_BUILDER,
    W_TRIBUNE,
    W_WORKER,
    fade,
    row_multiplier,
    scorings_left,
    tile_value,
)
from forum_trajanum.data import CORNERS, CRANE_POINTS, GRAYS, TRACKS, cell_index
from forum_trajanum.engine import Action, current_player, decision_kind
from forum_trajanum.engine.actions import (
    Build,
    ChooseBonus,
    ChooseStep,
    Convert,
    EndTurn,
    KeepTile,
    PlaceEnvoy,
    SkipCard,
    TakeTile,
    UseBoth,
    UseTile,
)
from forum_trajanum.engine.forum import geometry
from forum_trajanum.engine.state import tile_kind

_CORNER_INDEX = {cell: i for i, cell in enumerate(CORNERS)}
_HIDDEN_TILE = 3.0  # rough average worth of a face-down tile


def lite_pick(state, legal: Sequence[Action], rng: random.Random) -> Action:
    """A quick heuristic choice among ``legal`` for the player deciding in ``state``."""
    if len(legal) == 1:
        return legal[0]
    p = current_player(state)
    kind = decision_kind(state)
    score = _SCORERS.get(kind)
    if score is None:
        return easy_pick(legal, rng)
    best, best_value = legal[0], float("-inf")
    for a in legal:
        value = score(state, p, a) + rng.random() * 0.25
        if value > best_value:
            best, best_value = a, value
    return best


def _draft(state, p: int, a: Action) -> float:
    pl = state.players[p]
    if isinstance(a, KeepTile):
        cell = cell_index(a.cell)
        tile = next(t for t, c in pl.taken if c == cell)
        return tile_value(tile_kind(tile), pl, state, own=True)
    if isinstance(a, SkipCard):
        return 0.0
    assert isinstance(a, TakeTile)
    cell = cell_index(a.cell)
    corner = _CORNER_INDEX.get(cell)
    if corner is not None:
        value = tile_value(tile_kind(pl.grid[cell]), pl, state, own=True)
        if pl.crane_state[corner] == 0:
            value += CRANE_POINTS[max(state.cycle, 1) - 1] * (
                pl.buildings.count(pl.cranes[corner]) + 0.5 * (5 - max(state.round, 1))
            )
    else:
        value = _HIDDEN_TILE + 0.4 * row_multiplier(pl, cell // 6)
    if a.tribune:
        value -= W_TRIBUNE * fade(state) + 0.8
    return value


def _use(state, p: int, a: Action) -> float:
    pl = state.players[p]
    if isinstance(a, UseBoth):
        both = tile_value(tile_kind(pl.kept), pl, state, own=False)
        both += tile_value(tile_kind(pl.received), pl, state, own=False)
        return both - 2 * W_TRIBUNE * fade(state) - 1.0
    assert isinstance(a, UseTile)
    if a.source == "own":
        return tile_value(tile_kind(pl.kept), pl, state, own=False)
    if a.source == "received":
        return tile_value(tile_kind(pl.received), pl, state, own=False)
    return tile_value(a.tile, pl, state, own=False)


def build_score(state, p: int, a: Build) -> float:
    """Rough points a building action brings (without trying it)."""
    pl = state.players[p]
    s = scorings_left(state)
    g = fade(state)
    value = 0.0
    envoys = len(pl.ship)
    parts = [(a.a, cell_index(a.cell_a))]
    if a.b:
        parts.append((a.b, cell_index(a.cell_b)))
    for code, cell in parts:
        row = cell // 6
        if code in GRAYS:
            if code not in pl.buildings[row * 6 : row * 6 + 6]:
                value += row_multiplier(pl, row) * max(s, 0.5)
            if code == "C":
                value += state.column_value + pl.active_citizens()
            else:
                steps = pl.tracks[TRACKS.index(code)]
                if steps < 4:
                    value += 2.5 + (state.column_value + pl.active_citizens() if steps == 3 else 0)
            value -= W_BUILDER * g
        else:
            if envoys > 0:
                value += 2.0 + 0.6 * s
                envoys -= 1
            for i, colour in enumerate(pl.cranes):
                if colour == code and pl.crane_state[i] == 1:
                    value += CRANE_POINTS[max(state.cycle, 1) - 1]
            value -= W_WORKER * g
    return value


def _build(state, p: int, a: Action) -> float:
    if isinstance(a, Build):
        return build_score(state, p, a)
    if isinstance(a, EndTurn):
        return 0.0
    assert isinstance(a, Convert)
    pl = state.players[p]
    if pl.builds_left <= 0:
        return -1.0
    if a.method in ("pair", "craftsman2") and pl.builders == 0:
        return 0.6
    if a.method in ("recolour", "craftsman1") and sum(pl.workers) <= 1:
        return 0.3
    return -1.0


def _envoy(state, p: int, a: Action) -> float:
    assert isinstance(a, PlaceEnvoy)
    if a.declined:
        return -5.0
    geo = geometry(state.options.players, tuple(state.boards))
    cell = geo.index[(a.row - 1, a.col - 1)]
    value = 2.0 if geo.colours[cell] == "E" else 1.0 if geo.eagle_adjacent[cell] else 0.0
    forum = state.forum
    value += sum(1.0 for nb in geo.orth[cell] if forum[nb] >= 0 and forum[nb] // 34 == p)
    return value


def _step(state, p: int, a: Action) -> float:
    assert isinstance(a, ChooseStep)
    return float(a.n)


def _bonus(state, p: int, a: Action) -> float:
    assert isinstance(a, ChooseBonus)
    pl = state.players[p]
    worth = {"V": 2.0, "U": 0.6 + 0.9 * scorings_left(state) if pl.prestige < 8 else 0.0,
             "T": 0.9, "A": 1.0, "$": 1.1}  # fmt: skip
    return sum(worth[b] for b in a.bonuses)


def _pay(state, p: int, a: Action) -> float:
    return float(len(a.rows))


_SCORERS = {
    "draft": _draft,
    "use": _use,
    "build": _build,
    "envoy": _envoy,
    "step": _step,
    "bonus": _bonus,
    "pay": _pay,
}
