"""Sampling a full game state that is consistent with one player's view.

Search bots (information-set Monte Carlo) need whole states to simulate, but may only know
their view. ``determinize(view, rng)`` deals every tile the viewer has not seen at random over
the places it could be (face-down spaces, rivers, hands) and shuffles the street cards not yet
revealed into the piles. Everything the viewer knows is kept exactly, so
``view(determinize(v, rng), v.viewer) == v`` holds (tested).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, cast

from forum_trajanum.games.forum_trajanum.data import (
    CARD_COPIES,
    CORNERS,
    FEMALE_CITIZENS,
    STREET_SYMBOLS,
    TILE_KINDS_PER_PLAYER,
    TILES_PER_PLAYER,
    cell_index,
    street_cells,
)
from forum_trajanum.games.forum_trajanum.engine.cells import CellKind, parse_cell
from forum_trajanum.games.forum_trajanum.engine.state import (
    CRANE_COVERED,
    CRANE_OPEN,
    GameState,
    PlayerState,
)
from forum_trajanum.games.forum_trajanum.engine.tasks import PhaseName
from forum_trajanum.games.forum_trajanum.engine.view import (
    SHOWN_AS_IS,
    SHOWN_AS_SEQUENCE,
    PlayerView,
)

_CORNER_SET = frozenset(CORNERS)
_FEMALE_KINDS = tuple(TILE_KINDS_PER_PLAYER[i] for i in FEMALE_CITIZENS)


class _TilePool:
    """Hands out distinct tile ids of one owner by kind."""

    def __init__(self, owner: int) -> None:
        self.free: dict[str, list[int]] = {}
        for index, kind in enumerate(TILE_KINDS_PER_PLAYER):
            self.free.setdefault(kind, []).append(owner * TILES_PER_PLAYER + index)

    def take(self, kind: str) -> int:
        ids = self.free[kind]
        if not ids:
            raise ValueError(f"no {kind} tile left to hand out: the view is inconsistent")
        return ids.pop()

    def take_index(self, index: int, owner: int) -> int:
        tile = owner * TILES_PER_PLAYER + index
        self.free[TILE_KINDS_PER_PLAYER[index]].remove(tile)
        return tile

    def take_any(self) -> int:
        for ids in self.free.values():
            if ids:
                return ids.pop()
        raise ValueError("no tile left to hand out: the view is inconsistent")

    def left(self) -> int:
        return sum(len(ids) for ids in self.free.values())


#: Cell kinds as the sampling reads them (engine/cells.py; a plain string compares faster)
_TILE, _BUILT, _HIDDEN = CellKind.TILE, CellKind.BUILT, CellKind.HIDDEN.value


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full game state consistent with ``view``, hidden parts sampled with ``rng``.

    The steps hand out tile ids from each owner's pool in a fixed order (what is known first,
    then what is hidden, then the places where a tile's kind never matters again), and draw
    from ``rng`` in that order too, so a seed gives the same world every time."""
    n = view.options.players
    pools = [_TilePool(p) for p in range(n)]
    # 1. tiles of known kind: setup citizens, face-up spaces, citizens, reserves, tasks
    females = _setup_citizens(view, rng)
    grids, buildings = _colonias(view, pools)
    citizens = _citizens(view, pools, females)
    reserves = [
        [pools[(p + 1) % n].take(kind) for kind in col.reserve]  # passed to the right
        for p, col in enumerate(view.colonias)
    ]
    tasks = _tasks(view, pools)
    # 2. hands the viewer sees; 3. unseen tiles dealt over the places the viewer cannot see
    hands = _known_hands(view, pools)
    _deal_unseen(view, pools, grids, hands, rng)
    # 3b. other players' drafts this round, hidden until everybody has passed
    drafts = _drafts(view, grids, hands, rng)
    # 4. envoys, ships and removed tiles: kinds never matter again
    forum, ships, removed = _kindless_tiles(view, pools)
    players = []
    for p, col in enumerate(view.colonias):
        sequences: dict[str, Any] = {name: list(getattr(col, name)) for name in SHOWN_AS_SEQUENCE}
        players.append(
            PlayerState(
                seat=p,
                **{name: getattr(col, name) for name in SHOWN_AS_IS if name != "tribunes"},
                tribunes=col.tribunes - drafts.paid[p],
                **sequences,
                crane_state=drafts.crane_states[p],
                drafted=drafts.drafted[p],
                draft_tribunes=col.draft_tribunes + drafts.paid[p],
                grid=grids[p],
                buildings=buildings[p],
                building_tile=list(col.building_tiles),
                citizens=citizens[p],
                river=hands.rivers[p],
                ship=ships[p],
                reserve=reserves[p],
                points=dict(col.points),
                taken=hands.taken[p],
                kept=hands.kept[p],
                passed=_passed(view, p, hands.received),
                received=hands.received[p],
                female=females[p],
                deal=_deal_order(view, p, rng),
            )
        )
    # 5. street cards not yet revealed
    return GameState(
        seed=0,
        options=view.options,
        phase=cast(PhaseName, view.phase),  # a view's phase is the state's
        cycle=view.cycle,
        round=view.round,
        start_player=view.start_player,
        piles=_piles(view, rng),
        street=list(view.street),
        played=[list(p) for p in view.played],
        trajan_cards=list(view.trajan_cards),
        boards=list(view.boards),
        forum_faces=view.forum_faces,
        forum_layout=view.forum_layout,
        forum=forum,
        players=players,
        tasks=tasks,
        removed=removed,
        next_building=max((t for col in view.colonias for t in col.building_tiles), default=-1) + 1,
        all_passed=view.all_passed,
        scorings=[[dict(d) for d in cyc] for cyc in view.scorings],
    )


@dataclass
class _Hands:
    """Per seat, the tiles held outside the Colonia while they are sampled: the river, the
    [tile, cell] pairs taken this round, the tile kept and the tile received (-1: none)."""

    rivers: list[int]
    taken: list[list[list[int]]]
    kept: list[int]
    received: list[int]


@dataclass
class _Drafts:
    """Per seat, the sampled or known draft of this round: its [tile, cell] pairs, the
    tribunes paid in a sampled draft (the view shows them as not yet paid) and the cranes'
    states after it."""

    drafted: list[list[list[int]]]
    paid: list[int]
    crane_states: list[list[int]]


def _setup_citizens(view: PlayerView, rng: random.Random) -> list[int]:
    """Per seat, the tile index of its female-back citizen while its setup is still to come
    (the one it placed, else one at random); -1 for a seat that has been dealt."""
    females = []
    for p, col in enumerate(view.colonias):
        female = -1
        if _before_deal(view, p):
            seated = [k for row in col.citizens for k in row if k]
            kind = col.female or (seated[0] if seated else rng.choice(_FEMALE_KINDS))
            female = FEMALE_CITIZENS[_FEMALE_KINDS.index(kind)]
        females.append(female)
    return females


def _colonias(view: PlayerView, pools: list[_TilePool]) -> tuple[list[list[int]], list[list[str]]]:
    """Per seat, its Colonia's tile ids (face-up tiles from its pool, -1 elsewhere) and the
    building code of each cell ("" where none)."""
    grids: list[list[int]] = []
    buildings: list[list[str]] = []
    for p, col in enumerate(view.colonias):
        grid = [-1] * 36
        built = [""] * 36
        for cell, content in enumerate(col.cells):
            kind, detail = parse_cell(content)
            if kind is _TILE:
                grid[cell] = pools[p].take(detail)
            elif kind is _BUILT:
                built[cell] = detail
        grids.append(grid)
        buildings.append(built)
    return grids, buildings


def _citizens(view: PlayerView, pools: list[_TilePool], females: list[int]) -> list:
    """Per seat, its citizen rows as [left, right] tile ids (-1: empty). A citizen may belong
    to any player and its owner's tile is taken from the owner's pool (ownership never
    matters for play); before its setup only the drawn female-back citizen can sit there."""
    out = []
    for p, col in enumerate(view.colonias):
        rows = []
        for (left, right), owners in zip(col.citizens, col.citizen_owners, strict=True):
            if _before_deal(view, p):
                rows.append([pools[p].take_index(females[p], p) if left else -1, -1])
            else:
                rows.append(
                    [
                        pools[o].take(k) if k else -1
                        for k, o in zip((left, right), owners, strict=True)
                    ]
                )
        out.append(rows)
    return out


def _tasks(view: PlayerView, pools: list[_TilePool]) -> list:
    """The view's tasks, with a tile id for the citizen being seated (a view masks it)."""
    tasks = []
    for task in view.tasks:
        if task.kind == "citizen":
            task = task._replace(tile=pools[task.owner].take(task.citizen))
        tasks.append(task)
    return tasks


def _known_hands(view: PlayerView, pools: list[_TilePool]) -> _Hands:
    """The hands the viewer sees: kept and received tiles, its own taken tiles, and the
    tile it passed where that must still be in the receiver's hand."""
    n, me, cols = view.options.players, view.viewer, view.colonias
    hands = _Hands([-1] * n, [[] for _ in range(n)], [-1] * n, [-1] * n)
    for p, col in enumerate(cols):
        if col.kept:
            hands.kept[p] = pools[p].take(col.kept)
        if col.received:
            hands.received[p] = pools[(p + 1) % n].take(col.received)
        if p == me:
            for kind, cell in zip(col.taken, col.taken_cells, strict=True):
                hands.taken[p].append([pools[p].take(kind), cell_index(cell)])
    if cols[me].passed:
        receiver = (me - 1) % n
        # before everybody has passed nobody's view shows a received tile, so the passed one
        # must still be in the receiver's hand; later the receiver's view says so
        if hands.received[receiver] < 0 and (cols[receiver].received_hidden or not view.all_passed):
            hands.received[receiver] = pools[me].take(cols[me].passed)
    return hands


def _deal_unseen(view: PlayerView, pools, grids, hands: _Hands, rng: random.Random) -> None:
    """Deal each seat's unseen tiles at random over the places the viewer cannot see: its
    face-down cells, another player's river, taken tiles, kept tile and the tile its
    receiver holds hidden."""
    n, me, cols = view.options.players, view.viewer, view.colonias
    for p, col in enumerate(cols):
        pool = pools[p]
        unseen: list[int] = []
        for kind, count in col.unseen.items():
            unseen += [pool.take(kind) for _ in range(count)]
        rng.shuffle(unseen)
        if p == me and col.river:
            hands.rivers[p] = pool.take(col.river)
        for cell, content in enumerate(col.cells):
            if content == _HIDDEN:
                grids[p][cell] = unseen.pop()
        if p != me:
            if unseen and hands.rivers[p] < 0 and not _before_deal(view, p):
                hands.rivers[p] = unseen.pop()
            for taken in col.taken_cells:
                hands.taken[p].append([unseen.pop(), cell_index(taken)])
            if col.kept_hidden:
                hands.kept[p] = unseen.pop()
            receiver = (p - 1) % n
            if cols[receiver].received_hidden and hands.received[receiver] < 0:
                hands.received[receiver] = unseen.pop()
        if unseen:
            raise ValueError(f"{len(unseen)} unseen tiles of player {p + 1} have no place")


def _drafts(view: PlayerView, grids, hands: _Hands, rng: random.Random) -> _Drafts:
    """This round's drafts. Another player's draft is hidden until everybody has passed (the
    view shows its Colonia as before the draft), so it is drafted at random from its streets;
    the viewer's own and every public draft are read from the view."""
    n, me, cols = view.options.players, view.viewer, view.colonias
    drafts = _Drafts([[] for _ in range(n)], [0] * n, [list(col.crane_state) for col in cols])
    if view.street and not view.all_passed:
        for p in range(n):
            if p == me:
                continue
            drafting = any(t.kind == "draft" and t.player == p for t in view.tasks)
            # still deciding with no street card left: it holds two tiles (to keep one)
            must_take = drafting and not cols[p].cards_left
            drafts.paid[p] = _sample_draft(
                view, p, grids[p], hands.taken[p], drafts.drafted[p],
                drafts.crane_states[p], rng, must_take,
            )  # fmt: skip
            if not drafting:
                hands.kept[p], passed = _sample_keep(hands.taken[p], rng)
                if passed >= 0:
                    hands.received[(p - 1) % n] = passed
    for p, col in enumerate(cols):
        if p == me or view.all_passed:
            received = hands.received[(p - 1) % n]
            drafts.drafted[p] = _own_draft(col, hands.kept[p], received, hands.taken[p])
    return drafts


def _kindless_tiles(view: PlayerView, pools: list[_TilePool]):
    """(forum, ships, removed): the envoys' tile ids per forum space (-1: empty), each
    seat's ship and every tile left over (out of the game), from the pools' rest."""
    forum = [pools[owner].take_any() if owner >= 0 else -1 for owner in view.forum]
    ships = [[pools[p].take_any() for _ in range(col.ship)] for p, col in enumerate(view.colonias)]
    removed = []
    for p, pool in enumerate(pools):
        if not _before_deal(view, p):
            while pool.left():
                removed.append(pool.take_any())
    return forum, ships, removed


def _deal_order(view: PlayerView, p: int, rng: random.Random) -> list[int]:
    """The order seat ``p``'s tiles will be dealt in at its setup (shuffled; empty once
    dealt)."""
    if not _before_deal(view, p):
        return []
    deal = [i for i in range(TILES_PER_PLAYER) if i not in FEMALE_CITIZENS]
    rng.shuffle(deal)
    return deal


def _passed(view: PlayerView, p: int, received: list[int]) -> int:
    """Seat ``p``'s record of the tile it passed (a record, not a place): the tile its
    receiver holds where it is ``p``'s, else the viewer's own passed tile (-1: none)."""
    me, cols = view.viewer, view.colonias
    got = received[(p - 1) % view.options.players]
    if got >= 0 and got // TILES_PER_PLAYER == p:
        return got
    if p == me and cols[me].passed:
        return me * TILES_PER_PLAYER + TILE_KINDS_PER_PLAYER.index(cols[me].passed)
    return -1


def _piles(view: PlayerView, rng: random.Random) -> list[list[int]]:
    """The street cards not yet revealed, shuffled into piles of the view's sizes."""
    remaining = Counter({s: CARD_COPIES for s in range(len(STREET_SYMBOLS))})
    for cycle_cards in view.played:
        remaining.subtract(cycle_cards)
    unseen_cards = list(remaining.elements())
    rng.shuffle(unseen_cards)
    piles = []
    for size in view.pile_sizes:
        piles.append(unseen_cards[:size])
        unseen_cards = unseen_cards[size:]
    return piles


def _before_deal(view: PlayerView, p: int) -> bool:
    """Whether player ``p``'s tiles are not on the board yet (its setup is still to come)."""
    return any(t.kind == "deal" and t.player == p for t in view.tasks)


def _sample_draft(view, p, grid, taken, drafted, crane_state, rng, must_take: bool) -> int:
    """Take a random tile from the street of each street card ``p`` has drafted for; where
    that street is empty, skip it — unless ``must_take`` (the player holds two tiles), then
    take from anywhere with a tribune. Returns the tribunes paid."""
    paid = 0
    slots = [slot for slot in (0, 1) if slot not in view.colonias[p].cards_left]
    streets = [street_cells(view.street[slot], view.options.side, p + 1) for slot in (0, 1)]
    for slot in slots:
        choices = [c for c in streets[slot] if grid[c] >= 0]
        if slot == 0 and 1 in slots:  # leave the second street a tile where that is possible
            keep_one = [c for c in choices if any(grid[d] >= 0 and d != c for d in streets[1])]
            choices = keep_one or choices
        if not choices and must_take:
            choices = [c for c in range(len(grid)) if grid[c] >= 0]
            paid += 1
        if not choices:
            continue
        cell = rng.choice(choices)
        pair = [grid[cell], cell]
        grid[cell] = -1
        if cell in _CORNER_SET:
            corner = CORNERS.index(cell)
            if crane_state[corner] == CRANE_COVERED:
                crane_state[corner] = CRANE_OPEN
        taken.append(pair)
        drafted.append(pair[:])
    return paid


def _sample_keep(taken: list[list[int]], rng) -> tuple[int, int]:
    """(kept, passed) for a player who has finished drafting; empties ``taken``."""
    tiles = [t for t, _ in taken]
    taken.clear()
    if len(tiles) == 2:
        rng.shuffle(tiles)
        return tiles[0], tiles[1]
    return (tiles[0] if tiles else -1), -1


def _own_draft(col, kept: int, passed: int, taken: list[list[int]]) -> list[list[int]]:
    """The drafted [tile, cell] pairs of a view's own (or public) draft, with the tile ids of
    the hands where the kinds are known (-1 where the tile is not known)."""
    hand = [t for t, _ in taken] + [t for t in (kept, passed) if t >= 0]
    out = []
    for i, name in enumerate(col.drafted_cells):
        kind = col.drafted_kinds[i] if i < len(col.drafted_kinds) else ""
        tile = next((t for t in hand if TILE_KINDS_PER_PLAYER[t % TILES_PER_PLAYER] == kind), -1)
        if tile >= 0:
            hand.remove(tile)
        out.append([tile, cell_index(name)])
    return out
