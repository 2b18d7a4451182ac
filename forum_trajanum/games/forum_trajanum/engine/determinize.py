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
    """A full game state consistent with ``view``, hidden parts sampled with ``rng``."""
    n = view.options.players
    me = view.viewer
    pools = [_TilePool(p) for p in range(n)]
    cols = view.colonias
    players: list[PlayerState] = []

    # 1. tiles of known kind: setup citizens, face-up corners, citizens, reserves, open hands
    females = []
    for p, col in enumerate(cols):
        female = -1
        if _before_deal(view, p):
            seated = [k for row in col.citizens for k in row if k]
            kind = col.female or (seated[0] if seated else rng.choice(_FEMALE_KINDS))
            female = FEMALE_CITIZENS[_FEMALE_KINDS.index(kind)]
        females.append(female)

    grids: list[list[int]] = []
    buildings: list[list[str]] = []  # per player, the building code per cell ("" none)
    for p, col in enumerate(cols):
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

    citizens = []
    for col in cols:
        rows = []
        for left, right in col.citizens:
            rows.append([left, right])
        citizens.append(rows)
    # citizens may belong to any player; their owner is not public, so take them from the
    # seat's own pool when possible (ownership never matters for play)
    citizen_ids = []
    for p, rows in enumerate(citizens):
        ids = []
        for (left, right), owners in zip(rows, cols[p].citizen_owners, strict=True):
            if _before_deal(view, p):  # only the drawn female-back citizen can sit here
                ids.append([pools[p].take_index(females[p], p) if left else -1, -1])
            else:
                ids.append(
                    [
                        pools[o].take(k) if k else -1
                        for k, o in zip((left, right), owners, strict=True)
                    ]
                )
        citizen_ids.append(ids)

    reserves = []
    for p, col in enumerate(cols):
        source = (p + 1) % n  # tiles are passed to the right, so they come from the left
        reserves.append([pools[source].take(kind) for kind in col.reserve])

    tasks = []
    for task in view.tasks:
        if task.kind == "citizen":  # a view masks the tile id of the citizen being seated
            task = task._replace(tile=pools[task.owner].take(task.citizen))
        tasks.append(task)

    # 2. hands the viewer sees
    kept = [-1] * n
    received = [-1] * n
    taken: list[list[list[int]]] = [[] for _ in range(n)]
    for p, col in enumerate(cols):
        if col.kept:
            kept[p] = pools[p].take(col.kept)
        if col.received:
            received[p] = pools[(p + 1) % n].take(col.received)
        if p == me:
            for kind, cell in zip(col.taken, col.taken_cells, strict=True):
                taken[p].append([pools[p].take(kind), cell_index(cell)])
    if cols[me].passed:
        receiver = (me - 1) % n
        # before everybody has passed nobody's view shows a received tile, so the passed one
        # must still be in the receiver's hand; later the receiver's view says so
        if received[receiver] < 0 and (cols[receiver].received_hidden or not view.all_passed):
            received[receiver] = pools[me].take(cols[me].passed)

    # 3. unseen tiles, dealt at random over the places the viewer cannot see
    rivers = [-1] * n
    for p, col in enumerate(cols):
        pool = pools[p]
        unseen: list[int] = []
        for kind, count in col.unseen.items():
            unseen += [pool.take(kind) for _ in range(count)]
        rng.shuffle(unseen)
        if p == me and col.river:
            rivers[p] = pool.take(col.river)
        hidden_cells = [c for c, content in enumerate(col.cells) if content == _HIDDEN]
        for cell in hidden_cells:
            grids[p][cell] = unseen.pop()
        if p != me:
            if unseen and rivers[p] < 0 and not _before_deal(view, p):
                rivers[p] = unseen.pop()
            for cell in col.taken_cells:
                taken[p].append([unseen.pop(), cell_index(cell)])
            if col.kept_hidden:
                kept[p] = unseen.pop()
            receiver = (p - 1) % n
            if cols[receiver].received_hidden and received[receiver] < 0:
                received[receiver] = unseen.pop()
        if unseen:
            raise ValueError(f"{len(unseen)} unseen tiles of player {p + 1} have no place")

    # 3b. other players' drafts this round, hidden until everybody has passed: the view shows
    # their Colonias as before the draft, so draft for them at random from their streets
    drafted: list[list[list[int]]] = [[] for _ in range(n)]
    paid = [0] * n  # tribunes paid in a sampled draft (the view shows them as not yet paid)
    crane_states = [list(col.crane_state) for col in cols]
    if view.street and not view.all_passed:
        for p in range(n):
            if p != me:
                drafting = any(t.kind == "draft" and t.player == p for t in view.tasks)
                # still deciding with no street card left: it holds two tiles (to keep one)
                must_take = drafting and not cols[p].cards_left
                paid[p] = _sample_draft(
                    view, p, grids[p], taken[p], drafted[p], crane_states[p], rng, must_take
                )
                if not drafting:
                    kept[p], passed = _sample_keep(taken[p], rng)
                    if passed >= 0:
                        received[(p - 1) % n] = passed
    for p, col in enumerate(cols):
        if p == me or view.all_passed:
            drafted[p] = _own_draft(col, kept[p], received[(p - 1) % n], taken[p])

    # 4. envoys, ships and removed tiles: kinds never matter again
    forum = [-1] * len(view.forum)
    for cell, owner in enumerate(view.forum):
        if owner >= 0:
            forum[cell] = pools[owner].take_any()
    ships = [[pools[p].take_any() for _ in range(col.ship)] for p, col in enumerate(cols)]
    removed = []
    for p in range(n):
        if _before_deal(view, p):
            continue
        while pools[p].left():
            removed.append(pools[p].take_any())

    for p, col in enumerate(cols):
        deal: list[int] = []
        if _before_deal(view, p):
            deal = [i for i in range(TILES_PER_PLAYER) if i not in FEMALE_CITIZENS]
            rng.shuffle(deal)
        players.append(
            PlayerState(
                seat=p,
                **{name: getattr(col, name) for name in SHOWN_AS_IS if name != "tribunes"},
                tribunes=col.tribunes - paid[p],
                **{name: list(getattr(col, name)) for name in SHOWN_AS_SEQUENCE},
                crane_state=crane_states[p],
                drafted=drafted[p],
                draft_tribunes=col.draft_tribunes + paid[p],
                grid=grids[p],
                buildings=buildings[p],
                building_tile=list(col.building_tiles),
                citizens=citizen_ids[p],
                river=rivers[p],
                ship=ships[p],
                reserve=reserves[p],
                points=dict(col.points),
                taken=taken[p],
                kept=kept[p],
                passed=-1,
                received=received[p],
                female=females[p],
                deal=deal,
            )
        )
    for p in range(n):  # the passer's record of its passed tile (a record, not a place)
        receiver = (p - 1) % n
        if received[receiver] >= 0 and received[receiver] // TILES_PER_PLAYER == p:
            players[p].passed = received[receiver]
        elif p == me and cols[me].passed:
            index = TILE_KINDS_PER_PLAYER.index(cols[me].passed)
            players[p].passed = me * TILES_PER_PLAYER + index

    # 5. street cards not yet revealed
    remaining = Counter({s: CARD_COPIES for s in range(len(STREET_SYMBOLS))})
    for cycle_cards in view.played:
        remaining.subtract(cycle_cards)
    unseen_cards = list(remaining.elements())
    rng.shuffle(unseen_cards)
    piles = []
    for size in view.pile_sizes:
        piles.append(unseen_cards[:size])
        unseen_cards = unseen_cards[size:]

    state = GameState(
        seed=0,
        options=view.options,
        phase=view.phase,
        cycle=view.cycle,
        round=view.round,
        start_player=view.start_player,
        piles=piles,
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
        next_building=max((t for col in cols for t in col.building_tiles), default=-1) + 1,
        all_passed=view.all_passed,
        scorings=[[dict(d) for d in cyc] for cyc in view.scorings],
    )
    return state


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
