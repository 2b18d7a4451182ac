"""The six actions on the board (EN l.245-375): each one's options for a player now
(:func:`action_options`) and how each option is performed (:func:`perform`): the seaport,
the forum, the military, the senate, Trajan and construction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any

from forum_trajanum.core.actions import Made
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import (
    TILE_KEY,
    Build,
    Deploy,
    Discard,
    Display,
    Draw,
    Hire,
    March,
    Pick,
    Recruit,
    Senate,
    Ship,
    TakeForum,
    TakeTrajan,
)
from forum_trajanum.games.trajan.engine.cards import draw_cards, drawable, lose_cards, take_discard
from forum_trajanum.games.trajan.engine.state import (
    GameState,
)
from forum_trajanum.games.trajan.engine.tasks import (
    ActTask,
    DiscardTask,
    Why,
    decides,
)

_FORUM = D.FORUM_TILES
_PICK = Made(Pick)
_TAKE_FORUM = Made(TakeForum)
_MARCH = Made(March)
_TAKE_TRAJAN = Made(TakeTrajan)
_BUILD = Made(Build)
_TRAYS = D.NUM_TRAYS
#: The options without a field, made once (the shared instances ``make`` gives).
_DRAW, _RECRUIT, _DEPLOY, _SENATE, _HIRE = (
    Draw.make(),
    Recruit.make(),
    Deploy.make(),
    Senate.make(),
    Hire.make(),
)
#: How many real cards each chosen commodity gives a pair on the pairs ship (the rest wild).
_PAIR_REAL = tuple(range(1, D.PAIR_CARDS + 1))


def action_options(state: GameState, p: int, action: int) -> list:
    """Every option of one action for player ``p`` now (empty: it cannot be performed); those
    that spend what the player holds (cards, forum tiles: ``turn.SPENDING``) come last."""
    return _OPTIONS[action](state, p)


def _seaport_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    options = []
    if drawable(state):
        options.append(_DRAW)  # EN l.251
    options += [_PICK[i + 1] for i, pile in enumerate(state.discards) if pile]  # EN l.252
    counts = [0] * len(D.COMMODITIES)
    for card in pl.hand:
        if card >= 0:
            counts[card] += 1
    wilds = sum(_FORUM[t].kind == "wild_commodity" for t in pl.tiles)
    spending = _SPENDING_OPTIONS.get(key := (*counts, wilds))
    if spending is None:
        if len(_SPENDING_OPTIONS) >= 4096:  # bounded: a long-lived host plays many games
            _SPENDING_OPTIONS.clear()
        spending = _SPENDING_OPTIONS[key] = _spending_options(counts, wilds)
    options += spending
    return options


def _spending_options(counts: list[int], wilds: int) -> tuple:
    """The seaport's options that spend cards: the displays (EN l.253: 1 or 2 cards,
    D.DISPLAY_CARDS), then the ship loads, for a hand of ``counts`` per commodity."""
    options = []
    have = [c for c in range(len(counts)) if counts[c]]
    for i, a in enumerate(have):
        options.append(Display.make(a, -1))
        for b in have[i:]:
            if b != a or counts[a] >= D.DISPLAY_CARDS[-1]:  # both cards of one commodity
                options.append(Display.make(a, b))
    return (*options, *_ship_options(counts, have, wilds))


#: The displays and ship loads by the commodity counts in hand and the wild tiles (the same
#: whenever a hand holds the same cards: computed once, not at every seaport action).
_SPENDING_OPTIONS: dict[tuple[int, ...], tuple] = {}


def _ship_options(counts: list[int], have: list[int], wilds: int) -> list:
    """Every load of the three ships (EN l.256; components §2.9, R18, R23)."""
    options = []
    identical, pairs, different = D.IDENTICAL, D.PAIRS, D.DIFFERENT
    pair = D.PAIR_CARDS
    for k in range(1, len(D.SHIP_FRONT[identical]) + 1):  # identical cards
        for c in have:
            for real in range(max(1, k - wilds), min(k, counts[c]) + 1):
                options.append(Ship.make(identical, (c,) * real, k - real))
        if k <= wilds:
            options.append(Ship.make(identical, (), k))
    for m in range(1, len(D.SHIP_FRONT[pairs]) + 1):  # different pairs
        for s in range(0, m + 1):
            if pair * (m - s) > wilds:  # the pairs not chosen need more wilds than there are
                continue
            for chosen in combinations(have, s):
                loads: list[tuple[tuple[int, ...], int]] = [((), pair * (m - s))]
                for c in chosen:  # a load's wilds only grow: one past them is dropped now
                    loads = [
                        (cards + (c,) * r, w + pair - r)
                        for cards, w in loads
                        for r in _PAIR_REAL
                        if r <= counts[c] and w + pair - r <= wilds
                    ]
                for cards, w in loads:
                    options.append(Ship.make(pairs, tuple(sorted(cards)), w))
    for k in range(1, len(D.SHIP_FRONT[different]) + 1):  # different cards
        for real in range(max(0, k - wilds), min(k, len(have)) + 1):
            for chosen in combinations(have, real):
                options.append(Ship.make(different, chosen, k - real))
    return options


def _forum_options(state: GameState, p: int) -> list:
    keys = {TILE_KEY[t] for t in state.forum if t >= 0}  # EN l.308
    keys.update(TILE_KEY[t] for t in state.yellow if t >= 0)  # R31
    return [_TAKE_FORUM[k] for k in sorted(keys)]


def _military_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    options: list[Any] = [_RECRUIT] if pl.supply else []  # EN l.318, R22
    exits = D.CAMP_EXITS if pl.leader == D.CAMP else D.ADJACENT[pl.leader]  # EN l.319, R6
    options += [_MARCH[q] for q in exits]
    if pl.leader != D.CAMP and pl.legions and pl.leader not in pl.provinces:  # EN l.320, l.324
        options.append(_DEPLOY)
    return options


def _senate_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    return [_SENATE] if pl.senate < D.SENATE_TOP else []  # EN l.361


def _trajan_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    if pl.arch == D.ARCH_CENTRE:  # EN l.333
        return []
    return [_TAKE_TRAJAN[s] for s in range(len(state.stacks)) if state.stacks[s]]  # R21


def _construction_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    options = [_HIRE] if pl.supply else []  # EN l.369, R22
    if pl.workers:
        near: Iterable[int]
        if pl.sites:  # EN l.370: next to one of the own workers
            near = {s for own in pl.sites for s in D.SITE_NEIGHBOURS[own]}
        else:
            near = range(len(state.district))
        options += [_BUILD[s] for s in sorted(near) if p not in state.workers[s]]  # R7
    return options


_OPTIONS = (
    _seaport_options,
    _forum_options,
    _military_options,
    _senate_options,
    _trajan_options,
    _construction_options,
)


def _draw(state: GameState, p: int, action) -> None:
    state.players[p].hand.extend(draw_cards(state, D.SEAPORT_DRAW))  # EN l.251, R29
    state.tasks.append(DiscardTask(p))


def _discard_options(state: GameState, task: DiscardTask) -> list:
    hand = sorted(set(state.players[task.player].hand))
    return [Discard.make(c, i + 1) for c in hand for i in range(len(state.discards))]


def _discard(state: GameState, task: DiscardTask, action: Discard):
    pl = state.players[task.player]
    lose_cards(pl, [action.commodity])
    state.discards[action.pile - 1].append(action.commodity)
    return None


decides(DiscardTask, options=_discard_options, handle=_discard)


def _pick(state: GameState, p: int, action: Pick) -> None:
    take_discard(state, state.players[p], action.pile - 1)


def _display(state: GameState, p: int, action: Display) -> None:
    pl = state.players[p]
    lose_cards(pl, action.cards)
    pl.display.extend(action.cards)
    pl.hand.extend(draw_cards(state, len(action.cards)))  # EN l.255, R34


def _ship(state: GameState, p: int, action: Ship) -> None:
    pl = state.players[p]
    size = len(action.cards) + action.wilds
    if action.ship == D.PAIRS:
        size //= D.PAIR_CARDS
    table = D.SHIP_FRONT if state.ships[action.ship] else D.SHIP_BACK
    pl.gain("ships", table[action.ship][size - 1])
    state.ships[action.ship] = False  # EN l.302
    lose_cards(pl, action.cards)
    pl.display.extend(action.cards)
    for _ in range(action.wilds):  # R23: removed once used
        tile = next(t for t in pl.tiles if _FORUM[t].kind == "wild_commodity")
        pl.tiles.remove(tile)
        state.gone_tiles.append(tile)


def _take_forum(state: GameState, p: int, action: TakeForum) -> None:
    for spaces in (state.forum, state.yellow):
        for i, tile in enumerate(spaces):
            if tile >= 0 and TILE_KEY[tile] == action.key:
                spaces[i] = -1
                state.players[p].tiles.append(tile)
                return


def _recruit(state: GameState, p: int, action) -> None:
    pl = state.players[p]
    pl.supply -= 1
    pl.legions += 1


def _march(state: GameState, p: int, action: March) -> None:
    pl = state.players[p]
    pl.leader = action.province
    tile = state.provinces[action.province]
    if tile >= 0:  # EN l.319; R28: no tile, nothing
        state.provinces[action.province] = -1
        pl.tiles.append(tile)


def legion_points(state: GameState, p: int, province: int) -> int:
    """The VP a new legionnaire of ``p`` scores in ``province`` (EN l.322, l.349; R28)."""
    others = sum(1 for seat in state.legions[province] if seat != p)
    return max(0, D.PROVINCE_VP[province] - D.LEGION_CROWDING * others)


def _deploy(state: GameState, p: int, action) -> None:
    pl = state.players[p]
    province = pl.leader
    pl.gain("provinces", legion_points(state, p, province))
    pl.legions -= 1
    pl.provinces.append(province)
    state.legions[province].append(p)


def _senate(state: GameState, p: int, action) -> None:
    pl = state.players[p]
    pl.senate += 1
    state.senate_clock += 1
    pl.height = state.senate_clock  # EN l.359: on top of the discs there
    pl.gain("senate", D.SENATE_VP[pl.senate])  # EN l.357


def _take_trajan(state: GameState, p: int, action: TakeTrajan) -> None:
    pl = state.players[p]
    pl.slots[pl.arch] = state.stacks[action.stack].pop()  # EN l.329
    for step in range(1, _TRAYS):
        slot = (pl.arch + step) % _TRAYS
        if pl.slots[slot] < 0:
            pl.arch = slot
            return
    pl.arch = D.ARCH_CENTRE  # EN l.331


def _hire(state: GameState, p: int, action) -> None:
    pl = state.players[p]
    pl.supply -= 1
    pl.workers += 1


def _build(state: GameState, p: int, action: Build) -> None:
    pl = state.players[p]
    pl.workers -= 1
    pl.sites.append(action.site)
    state.workers[action.site].append(p)
    tile = state.district[action.site]
    if tile < 0:  # EN l.375: a site with workers: no tile
        return
    state.district[action.site] = -1
    kind, vp = D.CONSTRUCTION_TILES[tile]
    pl.gain("buildings", vp)  # EN l.371
    pl.buildings[kind] += 1
    if pl.buildings[kind] == 1:  # EN l.373: the first of its type, R26
        state.tasks.append(ActTask(p, D.BUILDING_BONUS[kind], Why.BONUS))


_PERFORM: dict[type[Any], Callable[[GameState, int, Any], None]] = {
    Draw: _draw,
    Pick: _pick,
    Display: _display,
    Ship: _ship,
    TakeForum: _take_forum,
    Recruit: _recruit,
    March: _march,
    Deploy: _deploy,
    Senate: _senate,
    TakeTrajan: _take_trajan,
    Hire: _hire,
    Build: _build,
}


def perform(state: GameState, p: int, action) -> None:
    """Perform one option of an action for player ``p``."""
    _PERFORM[type(action)](state, p, action)
