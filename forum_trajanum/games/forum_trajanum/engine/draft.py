"""The draft (rules "Take 2 Colonia tiles; keep one and hand one to your neighbor", and the
special case of a street without tiles)."""

from __future__ import annotations

from functools import lru_cache

from forum_trajanum.core.tasks import AGAIN
from forum_trajanum.games.forum_trajanum.data import (
    CITIZEN_KINDS,
    cell_index,
    street_cells,
)
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.effects import (
    CELL_NAMES,
    take_from_grid,
)
from forum_trajanum.games.forum_trajanum.engine.state import (
    GameState,
    PlayerState,
    tile_kind,
)
from forum_trajanum.games.forum_trajanum.engine.tasks import decides

# Interned actions by cell, so that listing legal actions builds no objects and hashes nothing.
_TAKE = [[A.TakeTile.make(CELL_NAMES[c], slot + 1, False) for c in range(36)] for slot in (0, 1)]


_TAKE_TRIBUNE = [
    [A.TakeTile.make(CELL_NAMES[c], slot + 1, True) for c in range(36)] for slot in (0, 1)
]


_KEEP = [A.KeepTile.make(CELL_NAMES[c]) for c in range(36)]


_street_cells = lru_cache(maxsize=None)(street_cells)


def street_of(state: GameState, p: int, slot: int) -> tuple[int, ...]:
    """Cells of the street named by street card ``slot`` (0/1) on player ``p``'s Colonia."""
    return _street_cells(state.street[slot], state.options.side, p + 1)


def _opt_draft(state, task: T.Draft):
    p = task.player
    pl = state.players[p]
    if len(pl.taken) == 2 and not pl.cards_left:
        return [_KEEP[cell] for cell in _keep_order(state, p, pl)]
    grid = pl.grid
    # The choices that cost nothing first (the streets' own tiles, then taking none), the
    # tiles off the streets for a tribune after them: the top of the list gives nothing away.
    out: list[A.Action] = []
    paid: list[A.Action] = []
    anywhere = None
    for slot in pl.cards_left:
        street = street_of(state, p, slot)
        in_street = [c for c in street if grid[c] >= 0]
        take = _TAKE[slot]
        out += [take[c] for c in in_street]
        if not in_street:
            out.append(A.SkipCard.make(slot + 1))
        if pl.tribunes > 0:
            if anywhere is None:
                anywhere = [c for c in range(36) if grid[c] >= 0]
            take = _TAKE_TRIBUNE[slot]
            paid += [take[c] for c in anywhere if c not in street]
    return out + paid


def _keep_order(state: GameState, p: int, pl: PlayerState) -> tuple[int, int]:
    """The two cells taken, the one worth keeping first: a citizen when only one of the two
    is (passing it gives the neighbour a citizen), then the tile a tribune was paid for when
    exactly one was (passing it would give away what the tribune bought), otherwise the tile
    taken last. Which take the tribune paid for is not stored; it follows from the streets: the
    free tile lies on its own card's street, the paid one off its card's street. When both
    tiles could be the paid one (both on the same street), the tile taken last comes first."""
    (first_tile, first), (last_tile, last) = pl.taken
    first_citizen = tile_kind(first_tile) in CITIZEN_KINDS
    if first_citizen != (tile_kind(last_tile) in CITIZEN_KINDS):
        return (first, last) if first_citizen else (last, first)
    if pl.draft_tribunes == 1:
        streets = (street_of(state, p, 0), street_of(state, p, 1))

        def could_be_paid(paid: int, free: int) -> bool:
            return any(free in streets[s] and paid not in streets[1 - s] for s in (0, 1))

        if could_be_paid(first, last) and not could_be_paid(last, first):
            return first, last
    return last, first


def _do_draft(state, task: T.Draft, action):
    pl = state.players[task.player]
    if isinstance(action, A.KeepTile):
        keep = cell_index(action.cell)
        (t1, c1), (t2, _c2) = pl.taken
        kept, passed = (t1, t2) if c1 == keep else (t2, t1)
        finish_draft(state, pl, kept, passed)
        return None
    pl.cards_left.remove(action.card - 1)
    if isinstance(action, A.TakeTile):
        if action.tribune:
            pl.tribunes -= 1
            pl.draft_tribunes += 1
        cell = cell_index(action.cell)
        pair = [take_from_grid(pl, cell), cell]
        pl.taken.append(pair)
        pl.drafted.append(pair[:])
    if not pl.cards_left and len(pl.taken) < 2:
        finish_draft(state, pl, pl.taken[0][0] if pl.taken else -1, -1)
        return None
    return AGAIN


def finish_draft(state: GameState, pl: PlayerState, kept: int, passed: int) -> None:
    """The player keeps one tile and passes the other to the right neighbour."""
    pl.kept, pl.passed = kept, passed
    pl.taken = []
    pl.cards_left = []
    if passed >= 0:
        state.players[(pl.seat - 1) % state.options.players].received = passed


def _skip_draft(state: GameState, task: T.Draft) -> None:
    """Nothing left to draft (no tile and no tribune for either card): the draft ends."""
    pl = state.players[task.player]
    finish_draft(state, pl, pl.taken[0][0] if pl.taken else -1, -1)


decides(T.Draft, options=_opt_draft, handle=_do_draft, skipped=_skip_draft)
