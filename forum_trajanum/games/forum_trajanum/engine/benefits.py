"""Building benefits (rules "Benefit for gray buildings", "Benefit for colored structures"):
Trajan's Column, the benefit tracks, envoys and area bonuses, upgrades."""

from __future__ import annotations

from itertools import combinations

from forum_trajanum.core.actions import Made
from forum_trajanum.games.forum_trajanum.data import (
    AREA_BONUS_VP,
    AREA_BONUSES,
    COLOURS,
    MERCHANT_I,
    PATRICIAN_I,
    PATRICIAN_II,
    PRESTIGE_MAX,
    TRACK_BENEFITS,
    TRACKS,
    cell_index,
    next_cypress,
)
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.effects import (
    CELL_NAMES,
    COLOUR_INDEX,
    add_simple,
    column_points,
    push,
    score,
    take_from_grid,
    use_tile,
)
from forum_trajanum.games.forum_trajanum.engine.forum import (
    completes_area,
    envoy_cells,
    forum_geometry,
)
from forum_trajanum.games.forum_trajanum.engine.state import (
    GameState,
)
from forum_trajanum.games.forum_trajanum.engine.tasks import automatic, decides

_ENVOY = Made(A.PlaceEnvoy)
_BONUS_PAIRS = tuple(a + b for a, b in combinations(AREA_BONUSES, 2))


#: Track benefits that add to the player's supply: benefit -> (PlayerState field, amount).
_SUPPLY_BENEFITS = {
    "builder": ("builders", 1),
    "two_assistants": ("assistants", 2),
    "two_tribunes": ("tribunes", 2),
    "coin": ("coins", 1),
    "extra_build": ("builds_left", 1),
}
#: Track benefits that are a further step: benefit -> the task it starts.
_TASK_BENEFITS = {
    "eagle_envoy": lambda p: T.Envoy(p, "eagle"),
    "free_envoy": lambda p: T.Envoy(p, "free"),
    "take_tile": T.Pick,
    "upgrade": T.Upgrade,
}


def _auto_gray(state: GameState, task: T.Gray) -> None:
    p, code = task.player, task.code
    pl = state.players[p]
    if code == "C":
        score(state, pl, "column", column_points(state, pl))
        return
    t = TRACKS.index(code)
    if pl.tracks[t] >= 4:
        return  # the track has ended: no more benefits from this building type
    pl.tracks[t] += 1
    if pl.tracks[t] == 4:
        push(state, T.Step(p, t, 4), T.TrackEnd(p))
    else:
        push(state, T.Step(p, t, pl.tracks[t]))


def _auto_track_end(state: GameState, task: T.TrackEnd) -> None:
    """End of the benefit track: the marker goes beside Trajan's Column and scores."""
    pl = state.players[task.player]
    score(state, pl, "tracks", column_points(state, pl))


def _opt_step(state, task: T.Step):
    return [A.ChooseStep.make(n) for n in range(1, task.reached + 1)]


def _do_step(state, task: T.Step, action: A.ChooseStep):
    p, t = task.player, task.track
    pl = state.players[p]
    benefit = TRACK_BENEFITS[TRACKS[t]][action.n - 1]
    if benefit in _SUPPLY_BENEFITS:
        field, amount = _SUPPLY_BENEFITS[benefit]
        setattr(pl, field, getattr(pl, field) + amount)
    elif benefit == "worker_and_tribune":
        pl.tribunes += 1
        push(state, T.Worker(p))
    elif benefit == "area_bonus":
        count = 2 if pl.ability(PATRICIAN_II) else 1
        push(state, T.Bonus(p, count, "step", f"{TRACKS[t]}{action.n}"))
    else:  # a benefit that is a further step of its own
        push(state, _TASK_BENEFITS[benefit](p))


def _opt_worker(state, task: T.Worker):
    return [A.ChooseWorker.make(c) for c in COLOURS]


def _do_worker(state, task: T.Worker, action: A.ChooseWorker):
    state.players[task.player].workers[COLOUR_INDEX[action.colour]] += 1


def _opt_gain(state, task: T.Gain):
    return [A.ChooseGain.make(r) for r in task.choices]


def _do_gain(state, task: T.Gain, action: A.ChooseGain):
    add_simple(state.players[task.player], action.resource, 1)


def _opt_bonus(state, task: T.Bonus):
    if task.count == 1:
        return [A.ChooseBonus.make(b) for b in AREA_BONUSES]
    return [A.ChooseBonus.make(pair) for pair in _BONUS_PAIRS]


def _do_bonus(state, task: T.Bonus, action: A.ChooseBonus):
    p = task.player
    pl = state.players[p]
    for code in reversed(action.bonuses):
        if code == "U":
            push(state, T.Upgrade(p))
        elif code == "V":
            score(state, pl, "bonus", AREA_BONUS_VP)
        else:
            add_simple(pl, code, 1)


def _auto_upgrade(state: GameState, task: T.Upgrade) -> None:
    """An upgrade: +1 on the prestige track, or with Merchant I active straight to the next
    cypress (Appendix, Merchant I b); the jump is never worse, so nobody is asked)."""
    pl = state.players[task.player]
    if pl.ability(MERCHANT_I):
        pl.prestige = next_cypress(pl.prestige)
    else:
        pl.prestige = min(pl.prestige + 1, PRESTIGE_MAX)


def _opt_pick(state, task: T.Pick):
    pl = state.players[task.player]
    return [A.PickTile.make(CELL_NAMES[c]) for c in range(36) if pl.grid[c] >= 0]


def _do_pick(state, task: T.Pick, action: A.PickTile):
    """Library 4 / Market 4: take any tile from the grid and use it now."""
    pl = state.players[task.player]
    tile = take_from_grid(pl, cell_index(action.cell))
    use_tile(state, pl, tile, "ship")


def envoy_targets(state: GameState, p: int, mode: str, colour: str) -> list[int]:
    """Forum cells where player ``p`` may put an envoy now (mode: colour/any/free/eagle)."""
    pl = state.players[p]
    if not pl.ship:
        return []
    geo = forum_geometry(state)
    forum = state.forum
    if mode == "colour":
        return envoy_cells(geo, forum, colour, pl.ability(PATRICIAN_I))
    if mode == "any":
        # Second citizen of Patrician I: the colour-area rule applies (components.md); the
        # Patrician I exception covers only "the color you have just built this turn".
        cells: list[int] = []
        for c in COLOURS:
            cells += envoy_cells(geo, forum, c, False)
        return sorted(cells)
    if mode == "free":
        return [i for i, col in enumerate(geo.colours) if col != "E" and forum[i] < 0]
    return [i for i in geo.eagles if forum[i] < 0]


def _opt_envoy(state, task: T.Envoy):
    cells = envoy_targets(state, task.player, task.mode, task.colour)
    if not cells:
        return []
    coords = forum_geometry(state).coords
    out = [_ENVOY[coords[i][0] + 1, coords[i][1] + 1] for i in cells]
    out.append(_ENVOY[0, 0])
    return out


def _do_envoy(state, task: T.Envoy, action: A.PlaceEnvoy):
    if action.declined:
        return
    p = task.player
    pl = state.players[p]
    geo = forum_geometry(state)
    cell = geo.index[(action.row - 1, action.col - 1)]
    state.forum[cell] = pl.ship.pop()
    if completes_area(geo, state.forum, cell):
        push(state, T.Bonus(p, 2 if pl.ability(PATRICIAN_II) else 1))


decides(T.Step, options=_opt_step, handle=_do_step)
decides(T.Worker, options=_opt_worker, handle=_do_worker)
decides(T.Gain, options=_opt_gain, handle=_do_gain)
decides(T.Bonus, options=_opt_bonus, handle=_do_bonus)
decides(T.Pick, options=_opt_pick, handle=_do_pick)
decides(T.Envoy, options=_opt_envoy, handle=_do_envoy)
automatic(T.Gray, _auto_gray)
automatic(T.TrackEnd, _auto_track_end)
automatic(T.Upgrade, _auto_upgrade)
