"""A player's turn: using Colonia tiles and seating citizens, conversions and the building
action (rules "Use one Colonia tile or pay 2 Tribunes to use both", "Single or double
building tiles")."""

from __future__ import annotations

from forum_trajanum.core.actions import Made
from forum_trajanum.core.tasks import AGAIN
from forum_trajanum.games.forum_trajanum.data import (
    BUILDING_SPACES,
    CITIZEN_KINDS,
    COLOURS,
    COLS,
    CRAFTSMAN_I,
    CRAFTSMAN_II,
    GRAYS,
    MERCHANT_II,
    cell_index,
)
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.effects import (
    CELL_NAMES,
    COLOUR_INDEX,
    add_simple,
    citizen_rows,
    place_citizen,
    push,
    put_tile,
    use_tile,
)
from forum_trajanum.games.forum_trajanum.engine.state import (
    GameState,
    PlayerState,
    tile_kind,
)
from forum_trajanum.games.forum_trajanum.engine.tasks import decides

_BUILD_SET = frozenset(BUILDING_SPACES)
_USE_TILE = Made(A.UseTile)
_CONVERT = Made(A.Convert)


#: Orthogonally adjacent pairs of building spaces (a < b).
BUILD_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b)
    for a in BUILDING_SPACES
    for b in (a + 1, a + COLS)
    if b in _BUILD_SET and (b == a + COLS or a % COLS != COLS - 1)
)


#: Per building space, the pairs it begins (the other space, the pair's index in BUILD_PAIRS).
_PAIRS_FROM: dict[int, tuple[tuple[int, int], ...]] = {
    a: tuple((b, i) for i, (first, b) in enumerate(BUILD_PAIRS) if first == a)
    for a in BUILDING_SPACES
}


_BUILD_SINGLE = {
    code: [A.Build.make(code, CELL_NAMES[c], "", "") for c in range(36)] for code in GRAYS + COLOURS
}


#: gray + coloured double tiles per adjacent pair: both ways round
_BUILD_MIXED = {
    (g, c): [
        (
            A.Build.make(g, CELL_NAMES[a], c, CELL_NAMES[b]),
            A.Build.make(g, CELL_NAMES[b], c, CELL_NAMES[a]),
        )
        for a, b in BUILD_PAIRS
    ]
    for g in GRAYS
    for c in COLOURS
}


_BUILD_DOUBLE = {
    c: [A.Build.make(c, CELL_NAMES[a], c, CELL_NAMES[b]) for a, b in BUILD_PAIRS] for c in COLOURS
}


def _opt_citizen(state, task: T.Citizen):
    pl = state.players[task.player]
    return [A.ChooseRow.make(r + 1) for r in citizen_rows(pl, task.tile)]


def _do_citizen(state, task: T.Citizen, action: A.ChooseRow):
    pl = state.players[task.player]
    place_citizen(state, pl, task.tile, action.row - 1)


def _skip_citizen(state: GameState, task: T.Citizen) -> None:
    """A citizen with no free row after all: it goes where an unused tile goes."""
    put_tile(state, state.players[task.player], task.tile, task.dest)


def _usable(pl: PlayerState, tile: int) -> bool:
    return tile_kind(tile) not in CITIZEN_KINDS or bool(citizen_rows(pl, tile))


def _opt_use(state, task: T.Use):
    pl = state.players[task.player]
    if pl.uses_left <= 0:
        return []
    out: list[A.Action] = []
    own_ok = pl.kept >= 0 and "own" not in pl.used and _usable(pl, pl.kept)
    if own_ok:
        out.append(_USE_TILE["own", ""])
    other_ok = False
    if "received" not in pl.used:
        if pl.received >= 0:
            if _usable(pl, pl.received):
                out.append(_USE_TILE["received", ""])
                other_ok = True
        else:
            seen = set()
            for t in pl.reserve:
                kind = tile_kind(t)
                if kind not in seen and _usable(pl, t):
                    seen.add(kind)
                    out.append(_USE_TILE["reserve", kind])
                    other_ok = True
    if own_ok and other_ok and not pl.used and pl.uses_left == 1 and pl.tribunes >= 2:
        out.append(A.UseBoth.make())
    return out


def _do_use(state, task: T.Use, action):
    pl = state.players[task.player]
    if isinstance(action, A.UseBoth):
        pl.tribunes -= 2
        pl.uses_left = 2
        return AGAIN
    pl.uses_left -= 1
    if action.source == "own":
        tile, pl.kept = pl.kept, -1
        pl.used.append("own")
        dest = "ship"
    elif action.source == "received":
        tile, pl.received = pl.received, -1
        pl.used.append("received")
        dest = "reserve"
    else:
        tile = next(t for t in pl.reserve if tile_kind(t) == action.tile)
        pl.reserve.remove(tile)
        pl.used.append("received")
        dest = "removed"  # rules "Special case": a reserve tile used this way leaves the game
    done = pl.uses_left == 0 or not _other_usable(pl)
    if done:
        _finish_use(pl)
    use_tile(state, pl, tile, dest)
    return None if done else AGAIN


def _other_usable(pl: PlayerState) -> bool:
    if "own" not in pl.used and pl.kept >= 0 and _usable(pl, pl.kept):
        return True
    if "received" in pl.used:
        return False
    if pl.received >= 0:
        return _usable(pl, pl.received)
    return any(_usable(pl, t) for t in pl.reserve)


def _skip_use(state: GameState, task: T.Use) -> None:
    _finish_use(state.players[task.player])


def _finish_use(pl: PlayerState) -> None:
    """End of the tile-use step: unused own tiles to the ship, others' to the reserve."""
    pl.uses_left = 0
    if pl.kept >= 0:
        pl.ship.append(pl.kept)
        pl.kept = -1
    if pl.received >= 0:
        pl.reserve.append(pl.received)
        pl.received = -1


def _opt_build(state, task: T.Build):
    pl = state.players[task.player]
    # ending the turn first: the one choice that spends nothing (the top of the list, the
    # one Enter takes on a fresh decision); conversions and builds spend
    out: list[A.Action] = [_END_TURN]
    w = pl.workers
    # conversions
    out += [_PAIR[i] for i in _COLOUR_INDICES if w[i] >= 2]
    if pl.assistants > 0:
        for i in _COLOUR_INDICES:
            if w[i] > 0:
                out += _RECOLOUR[i]
        if pl.craftsman1_left > 0 and pl.ability(CRAFTSMAN_I):
            out += _CRAFTSMAN1
        if pl.craftsman2_left > 0 and pl.ability(CRAFTSMAN_II):
            out.append(_CRAFTSMAN2)
    if pl.merchant2_left > 0 and pl.ability(MERCHANT_II):
        have = {"$": pl.coins, "T": pl.tribunes, "A": pl.assistants}
        out += [
            A.Convert.make("merchant2", g, r) for g in "$TA" if have[g] > 0 for r in "$TA" if r != g
        ]
    # building action
    if pl.builds_left > 0:
        out += _build_options(pl)
    return out


#: The conversions and the end of the turn, made once (the same shared instances the
#: actions' ``make`` gives).
_END_TURN = A.EndTurn.make()
_COLOUR_INDICES = tuple(range(len(COLOURS)))
_PAIR = tuple(_CONVERT["pair", colour, ""] for colour in COLOURS)
_RECOLOUR = tuple(
    tuple(_CONVERT["recolour", colour, o] for o in COLOURS if o != colour) for colour in COLOURS
)
_CRAFTSMAN1 = tuple(_CONVERT["craftsman1", "", c] for c in COLOURS)
_CRAFTSMAN2 = _CONVERT["craftsman2", "", ""]


def _build_options(pl: PlayerState) -> list[A.Action]:
    """Every building action the player's builders and workers pay for exactly."""
    grid, buildings = pl.grid, pl.buildings
    free = [c for c in BUILDING_SPACES if grid[c] < 0 and not buildings[c]]
    if not free:
        return []
    workers = pl.workers
    colours = [c for i, c in enumerate(COLOURS) if workers[i] > 0]
    codes = [*GRAYS, *colours] if pl.builders > 0 else colours
    out: list[A.Action] = []
    for code in codes:  # the tables looked up in C (map), not in a comprehension's frame
        out += map(_BUILD_SINGLE[code].__getitem__, free)
    doubles = [c for i, c in enumerate(COLOURS) if workers[i] >= 2]
    if not (doubles or (colours and pl.builders > 0)):
        return out  # no double tile can be paid for: the free pairs are not looked for
    free_set = set(free)
    # the free pairs in BUILD_PAIRS order: from each free cell in order, right then down
    pairs = [i for a in free for b, i in _PAIRS_FROM[a] if b in free_set]
    if pl.builders > 0:
        for colour in colours:
            for gray in GRAYS:
                mixed = _BUILD_MIXED[gray, colour]
                for i in pairs:
                    out += mixed[i]
    for colour in doubles:
        out += map(_BUILD_DOUBLE[colour].__getitem__, pairs)
    return out


def _do_build(state, task: T.Build, action):
    p = task.player
    pl = state.players[p]
    if isinstance(action, A.EndTurn):
        return None
    if isinstance(action, A.Convert):
        _convert(pl, action)
        return AGAIN
    pl.builds_left -= 1
    tile_id = state.next_building
    state.next_building += 1
    parts = [(action.a, cell_index(action.cell_a))]
    if action.b:
        parts.append((action.b, cell_index(action.cell_b)))
    for code, cell in parts:
        pl.buildings[cell] = code
        pl.building_tile[cell] = tile_id
        if code in GRAYS:
            pl.builders -= 1
        else:
            pl.workers[COLOUR_INDEX[code]] -= 1
    if len(parts) == 1:
        push(state, _benefit_task(p, action.a))
    elif action.a == action.b:  # two structures of one colour: two envoys, one after the other
        push(state, _benefit_task(p, action.a), _benefit_task(p, action.b))
    else:
        gray, colour = (action.a, action.b) if action.a in GRAYS else (action.b, action.a)
        push(state, T.First(p, gray, colour))
    return AGAIN


def _benefit_task(p: int, code: str) -> T.Gray | T.Envoy:
    return T.Gray(p, code) if code in GRAYS else T.Envoy(p, "colour", code)


def _convert(pl: PlayerState, action: A.Convert) -> None:
    m = action.method
    if m == "pair":
        pl.workers[COLOUR_INDEX[action.give]] -= 2
        pl.builders += 1
    elif m == "recolour":
        pl.assistants -= 1
        pl.workers[COLOUR_INDEX[action.give]] -= 1
        pl.workers[COLOUR_INDEX[action.get]] += 1
    elif m == "craftsman1":
        pl.assistants -= 1
        pl.craftsman1_left -= 1
        pl.workers[COLOUR_INDEX[action.get]] += 1
    elif m == "craftsman2":
        pl.assistants -= 1
        pl.craftsman2_left -= 1
        pl.builders += 1
    else:
        pl.merchant2_left -= 1
        add_simple(pl, action.give, -1)
        add_simple(pl, action.get, 1)


def _opt_first(state, task: T.First):
    return [A.ChooseFirst.make("gray"), A.ChooseFirst.make("colour")]


def _do_first(state, task: T.First, action: A.ChooseFirst):
    gray, colour = task.gray, task.colour
    first, second = (gray, colour) if action.which == "gray" else (colour, gray)
    push(state, _benefit_task(task.player, first), _benefit_task(task.player, second))


decides(T.Citizen, options=_opt_citizen, handle=_do_citizen, skipped=_skip_citizen)
decides(T.Use, options=_opt_use, handle=_do_use, skipped=_skip_use)
decides(T.Build, options=_opt_build, handle=_do_build)
decides(T.First, options=_opt_first, handle=_do_first)
