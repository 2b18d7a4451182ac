"""Trajan's rules: setup, the turn (sowing, Trajan tiles, the six actions, extra actions), the
round and quarter ends, and the final scoring. The only code that changes a state.

Rulebook lines are cited as "EN l.N" (``shared/rules/trajan-rules-en.txt``); rulings R1-R36 are
in :mod:`forum_trajanum.games.trajan.data`.
"""

from __future__ import annotations

import random
from enum import StrEnum
from itertools import combinations, product
from typing import NamedTuple

from forum_trajanum.core.flow import Flow
from forum_trajanum.core.tasks import AGAIN
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import (
    PASS,
    SPECIAL,
    TILE_KEY,
    Build,
    Consul,
    Deploy,
    Discard,
    Display,
    Draw,
    Extra,
    Hire,
    March,
    Markers,
    Pass,
    Pick,
    Plus2,
    Recruit,
    Senate,
    SetupCard,
    Ship,
    Sow,
    Spend,
    StartTile,
    Take,
    TakeForum,
    TakeTrajan,
)
from forum_trajanum.games.trajan.engine.state import (
    GameState,
    PlayerState,
    QuarterReport,
    TrajanOptions,
)
from forum_trajanum.games.trajan.engine.tasks import (
    TASKS,
    AccomplishTask,
    ActTask,
    BeginTask,
    CardTask,
    ConsulTask,
    DemandsTask,
    DiscardTask,
    EndTurnTask,
    ExtraTask,
    MarkersTask,
    QuarterCloseTask,
    SenateVoteTask,
    SourceTask,
    SowTask,
    SpecialTask,
    SpendTask,
    StartTask,
    Why,
    automatic,
    decides,
)

NUMERALS = ("I", "II", "III", "IV")
assert len(NUMERALS) == D.QUARTERS
_FORUM = D.FORUM_TILES
_COLOURS = D.NUM_COLOURS
_TRAYS = D.NUM_TRAYS
#: How many real cards each chosen commodity gives a pair on the pairs ship (the rest wild).
_PAIR_REAL = tuple(range(1, D.PAIR_CARDS + 1))


def where(state: GameState) -> str:
    """The current position in words, for messages."""
    if state.quarter <= 0:
        return "setup"
    return f"quarter {NUMERALS[state.quarter - 1]}, round {state.round}"


# ── setup (components §3) ────────────────────────────────────────────────────────────────


def new_game(seed: int, options: TrajanOptions | None = None) -> GameState:
    """A new game: every random draw happens here, from ``seed`` (R33)."""
    options = options if options is not None else TrajanOptions()
    if isinstance(options, dict):
        options = TrajanOptions(**options)
    n = options.players
    rng = random.Random(seed)
    start = rng.randrange(n)
    forum_pile = list(D.FORUM_PILE)
    extra_pile = list(D.EXTRA_PILE)
    rng.shuffle(forum_pile)
    rng.shuffle(extra_pile)
    demands = list(D.DEMAND_TILES)
    rng.shuffle(demands)
    out = [demands.pop() for _ in range(D.DEMANDS_REMOVED_AT_SETUP)]  # EN l.93
    provinces = [forum_pile.pop() for _ in D.PROVINCES]  # EN l.97
    forum = [forum_pile.pop() for _ in range(D.FORUM_SPACES[n])]
    yellow = [extra_pile.pop() for _ in range(D.YELLOW_SPACES)]  # EN l.99
    district = list(range(len(D.CONSTRUCTION_TILES)))
    rng.shuffle(district)  # EN l.101
    stacks = []
    for stack in range(len(D.STACKS)):  # EN l.109
        tiles = [i for i, t in enumerate(D.TRAJAN_TILES) if t.stack == stack]
        rng.shuffle(tiles)
        stacks.append(tiles)
    bag = list(range(len(D.BONUS_TILES)))
    rng.shuffle(bag)
    deck = [c for c in range(len(D.COMMODITIES)) for _ in range(D.CARDS_PER_COMMODITY)]
    rng.shuffle(deck)
    discards = [[deck.pop()] for _ in range(D.DISCARD_PILES)]  # EN l.125
    players = []
    order = [(start + i) % n for i in range(n)]
    for seat in range(n):
        markers = [c for c in range(_COLOURS) for _ in range(D.MARKERS_PER_COLOUR)]
        rng.shuffle(markers)
        stack_order = list(range(len(D.STACKS)))
        rng.shuffle(stack_order)
        players.append(
            PlayerState(
                trays=[[0] * _COLOURS for _ in range(_TRAYS)],
                default_markers=markers,
                default_stacks=stack_order,
                height=order.index(seat) + 1,  # EN l.115: start player at the bottom
            )
        )
    for seat in order:  # EN l.121: one bonus tile each, yellow side up
        players[seat].bonus.append(bag.pop())
        players[seat].yellow.append(True)
    senate_bonus = [bag.pop() for _ in range(D.SENATE_BONUS_SPACES)]  # EN l.123
    state = GameState(
        seed=seed,
        options=options,
        start_player=start,
        players=players,
        deck=deck,
        discards=discards,
        forum_pile=forum_pile,
        extra_pile=extra_pile,
        demand_pile=demands,
        demands_out=out,
        bag=bag,
        senate_bonus=senate_bonus,
        stacks=stacks,
        provinces=provinces,
        legions=[[] for _ in D.PROVINCES],
        forum=forum,
        yellow=yellow,
        district=district,
        workers=[[] for _ in district],
        senate_clock=n,
    )
    tasks = [MarkersTask(p, 0) for p in order]  # EN l.107
    tasks += [CardTask(p, D.START_HAND) for p in order]  # EN l.127
    tasks += [StartTask(p, D.START_SLOTS[0]) for p in order]  # EN l.129
    tasks.append(BeginTask(start))
    state.tasks = tasks[::-1]
    FLOW.run_automatic(state)
    return state


def placing_markers(state: GameState) -> bool:
    """Whether action markers are still being placed: the markers are placed before the
    Trajan tiles are drawn (EN l.107-109), so the stacks are not laid out yet, and each
    player's trays are their own until everyone has placed (R36)."""
    return any(task.kind == "markers" for task in state.tasks)


def _remaining_markers(pl: PlayerState) -> list[int]:
    placed = [sum(tray[c] for tray in pl.trays) for c in range(_COLOURS)]
    return [D.MARKERS_PER_COLOUR - k for k in placed]


def _markers_options(state: GameState, task: MarkersTask) -> list:
    left = _remaining_markers(state.players[task.player])
    options = [Markers.make(-1)]
    pair = D.MARKERS_PER_TRAY_AT_SETUP  # one Markers action fills a tray
    for a in range(_COLOURS):
        for b in range(a, _COLOURS):
            if (left[a] >= pair) if a == b else (left[a] and left[b]):
                options.append(Markers.make(a * _COLOURS + b))
    return options


def _markers(state: GameState, task: MarkersTask, action: Markers):
    pl = state.players[task.player]
    if action.pair < 0:  # the drawn default for every tray left (R33)
        left = _remaining_markers(pl)
        order = []
        for colour in pl.default_markers:
            if left[colour]:
                order.append(colour)
                left[colour] -= 1
        for i, colour in enumerate(order):
            pl.trays[task.tray + i // D.MARKERS_PER_TRAY_AT_SETUP][colour] += 1
        return None
    a, b = divmod(action.pair, _COLOURS)
    pl.trays[task.tray][a] += 1
    pl.trays[task.tray][b] += 1
    if task.tray + 1 < _TRAYS:
        state.tasks.append(MarkersTask(task.player, task.tray + 1))
    return None


decides(MarkersTask, options=_markers_options, handle=_markers)


def _drawable(state: GameState) -> int:
    """Cards that can still be drawn from the face-down pile (R4 included)."""
    return len(state.deck) + sum(max(0, len(pile) - 1) for pile in state.discards)


def _card_options(state: GameState, task: CardTask) -> list:
    options = [SetupCard.make(0)] if _drawable(state) else []
    return options + [SetupCard.make(i + 1) for i, pile in enumerate(state.discards) if pile]


def _card(state: GameState, task: CardTask, action: SetupCard):
    pl = state.players[task.player]
    if action.pile == 0:
        pl.hand.extend(draw_cards(state, 1))
    else:
        take_discard(state, pl, action.pile - 1)
    if task.left > 1:
        state.tasks.append(CardTask(task.player, task.left - 1))
    return None


decides(CardTask, options=_card_options, handle=_card)


def _start_options(state: GameState, task: StartTask) -> list:
    pl = state.players[task.player]
    taken = {D.TRAJAN_TILES[t].stack for t in pl.slots if t >= 0}
    return [
        StartTile.make(s)
        for s in pl.default_stacks  # the drawn default first (R33)
        if state.stacks[s] and s not in taken  # at most one per category (EN l.129)
    ]


def _start(state: GameState, task: StartTask, action: StartTile):
    pl = state.players[task.player]
    pl.slots[task.slot] = state.stacks[action.stack].pop()
    i = D.START_SLOTS.index(task.slot)
    if i + 1 < len(D.START_SLOTS):
        state.tasks.append(StartTask(task.player, D.START_SLOTS[i + 1]))
    return None


decides(StartTask, options=_start_options, handle=_start)


# ── cards ────────────────────────────────────────────────────────────────────────────────


def _reshuffle(state: GameState) -> None:
    """R4: the discard piles but their tops become the face-down pile, shuffled (from the
    seed and the game's progress, so that a replay draws the same)."""
    cards = []
    for pile in state.discards:
        cards += pile[:-1]
        del pile[:-1]
    random.Random(state.seed * 1_000_003 + state.actions_taken).shuffle(cards)
    state.deck[:0] = cards


def draw_cards(state: GameState, count: int) -> list[int]:
    """Up to ``count`` cards from the top of the face-down pile (R4, R29)."""
    drawn = []
    for _ in range(count):
        if not state.deck:
            _reshuffle(state)
            if not state.deck:
                break
        drawn.append(state.deck.pop())
    return drawn


def _refill_discards(state: GameState) -> None:
    """R11: an empty discard pile is refilled at once from the face-down pile."""
    for pile in state.discards:
        if not pile:
            pile.extend(draw_cards(state, 1))


def take_discard(state: GameState, pl: PlayerState, pile: int) -> None:
    card = state.discards[pile].pop()
    pl.hand.append(card)
    pl.known.append(card)  # everyone saw it taken
    _refill_discards(state)


def _lose_cards(pl: PlayerState, cards) -> None:
    for card in cards:
        pl.hand.remove(card)
        if card in pl.known:
            pl.known.remove(card)


# ── the turn (EN l.167-171) ──────────────────────────────────────────────────────────────


def source_trays(state: GameState, p: int) -> list[int]:
    """The trays player ``p`` may take the markers of (any with a marker: EN l.185)."""
    trays = state.players[p].trays
    return [t for t in range(_TRAYS) if any(trays[t])]


def _source_options(state: GameState, task: SourceTask) -> list:
    return [Take.make(t) for t in source_trays(state, task.player)]


def _take(state: GameState, task: SourceTask, action: Take):
    p = task.player
    pl = state.players[p]
    hand = pl.trays[action.tray]
    pl.trays[action.tray] = [0] * _COLOURS
    n = sum(hand)
    cycle = D.TIME_CYCLE[state.options.players]
    if state.time + n >= cycle:  # EN l.205, R19: one round end at most
        state.round_ends = True
    state.time = (state.time + n) % cycle
    target = (action.tray + n) % _TRAYS  # R1
    state.tasks += [EndTurnTask(p), ActTask(p, target, Why.TRAY), AccomplishTask(p, target)]
    _sow(state, p, (action.tray + 1) % _TRAYS, hand, target)
    return None


decides(SourceTask, options=_source_options, handle=_take)


def _sow(state: GameState, p: int, tray: int, hand: list[int], target: int) -> None:
    """Sow the markers in hand clockwise from ``tray``; ask for a colour while more than one
    is left (EN l.187-189)."""
    trays = state.players[p].trays
    while True:
        colours = [c for c in range(_COLOURS) if hand[c]]
        if not colours:
            return
        if len(colours) > 1:
            state.tasks.append(SowTask(p, tray, tuple(hand), target))
            return
        c = colours[0]
        trays[tray][c] += 1
        hand[c] -= 1
        tray = (tray + 1) % _TRAYS


def completable(tile: int, tray: list[int], hand, landing: int) -> bool:
    """Whether markers from ``hand`` (counts per colour), ``landing`` of which will fall into
    a tray holding ``tray``, can make that tray accomplish Trajan tile ``tile`` (-1: none;
    EN l.219, R2)."""
    if tile < 0:
        return False
    need = [0] * _COLOURS
    for c in D.TRAJAN_TILES[tile].colours:
        need[c] += 1
    short = [max(0, need[c] - tray[c]) for c in range(_COLOURS)]
    return all(short[c] <= hand[c] for c in range(_COLOURS)) and sum(short) <= landing


def keeps_tile(pl: PlayerState, task: SowTask, colour: int) -> tuple[bool, bool]:
    """In the middle of a sowing (``task``: the next tray, the markers in hand, the target),
    whether the target's Trajan tile on ``pl``'s circle can still be accomplished now, and
    after a marker of ``colour`` goes into the next tray."""
    tile = pl.slots[task.target]
    n = sum(task.hand)

    def landing(first: int, count: int) -> int:
        return sum(1 for k in range(count) if (first + k) % _TRAYS == task.target)

    now = completable(tile, pl.trays[task.target], task.hand, landing(task.tray, n))
    hand = list(task.hand)
    hand[colour] -= 1
    tray = list(pl.trays[task.target])
    if task.tray == task.target:
        tray[colour] += 1
    then = completable(tile, tray, hand, landing(task.tray + 1, n - 1))
    return now, then


def _sow_options(state: GameState, task: SowTask) -> list:
    """The colours in hand, those that keep the target's Trajan tile possible first (then
    in colour order): the top choice, which Enter takes, gives away nothing (issue 27.1)."""
    pl = state.players[task.player]
    colours = [c for c in range(_COLOURS) if task.hand[c]]
    colours.sort(key=lambda c: keeps_tile(pl, task, c) == (True, False))
    return [Sow.make(c) for c in colours]


def _sow_one(state: GameState, task: SowTask, action: Sow):
    state.players[task.player].trays[task.tray][action.colour] += 1
    hand = list(task.hand)
    hand[action.colour] -= 1
    _sow(state, task.player, (task.tray + 1) % _TRAYS, hand, task.target)
    return None


decides(SowTask, options=_sow_options, handle=_sow_one)


def tile_matches(tile: int, tray: list[int]) -> bool:
    """Whether a tray's markers accomplish a Trajan tile (EN l.219, l.229; R3)."""
    a, b = D.TRAJAN_TILES[tile].colours
    return tray[a] >= 2 if a == b else bool(tray[a] and tray[b])  # R3: both of one colour


def _accomplish(state: GameState, task: AccomplishTask) -> None:
    """R2: a matching tile beside the target tray is accomplished at once, with its VP."""
    pl = state.players[task.player]
    tile = pl.slots[task.tray]
    if tile < 0 or not tile_matches(tile, pl.trays[task.tray]):
        return
    pl.slots[task.tray] = -1
    if pl.arch == D.ARCH_CENTRE:  # R15
        pl.arch = task.tray
    info = D.TRAJAN_TILES[tile]
    pl.gain("trajan", info.vp)
    if info.effect == "demand":
        pl.kept.append(tile)  # EN l.225
        return
    state.gone_trajan.append(tile)  # EN l.223
    if _special_possible(state, pl, tile):
        state.tasks.append(SpecialTask(task.player, tile))


automatic(AccomplishTask, _accomplish)


def _special_possible(state: GameState, pl: PlayerState, tile: int) -> bool:
    effect = D.TRAJAN_TILES[tile].effect
    if effect == "cards":
        return _drawable(state) > 0
    if effect in ("legion", "worker"):
        return pl.supply > 0  # R22
    if effect == "plus2":
        return not all(pl.plus2)  # R8
    return False


def _special_options(state: GameState, task: SpecialTask) -> list:
    pl = state.players[task.player]
    if D.TRAJAN_TILES[task.tile].effect == "plus2":
        return [Plus2.make(a) for a in range(D.NUM_ACTIONS) if not pl.plus2[a]] + [PASS]
    return [SPECIAL, PASS]


def _special(state: GameState, task: SpecialTask, action):
    pl = state.players[task.player]
    info = D.TRAJAN_TILES[task.tile]
    if isinstance(action, Pass):
        return None
    if isinstance(action, Plus2):
        pl.plus2[action.action] = True  # EN l.668
    elif info.effect == "cards":
        pl.hand.extend(draw_cards(state, info.amount))  # EN l.648
    else:
        moved = min(info.amount, pl.supply)  # R22
        pl.supply -= moved
        if info.effect == "legion":
            pl.legions += moved  # EN l.662
        else:
            pl.workers += moved  # EN l.656
    return None


decides(SpecialTask, options=_special_options, handle=_special)


# ── the six actions ──────────────────────────────────────────────────────────────────────


def action_options(state: GameState, p: int, action: int) -> list:
    """Every option of one action for player ``p`` now (empty: it cannot be performed)."""
    return _OPTIONS[action](state, p)


def _seaport_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    options = []
    if _drawable(state):
        options.append(Draw.make())  # EN l.251
    options += [Pick.make(i + 1) for i, pile in enumerate(state.discards) if pile]  # EN l.252
    counts = [0] * len(D.COMMODITIES)
    for card in pl.hand:
        if card >= 0:
            counts[card] += 1
    have = [c for c in range(len(counts)) if counts[c]]
    for i, a in enumerate(have):  # EN l.253: 1 or 2 cards (D.DISPLAY_CARDS)
        options.append(Display.make(a, -1))
        for b in have[i:]:
            if b != a or counts[a] >= D.DISPLAY_CARDS[-1]:  # both cards of one commodity
                options.append(Display.make(a, b))
    wilds = sum(_FORUM[t].kind == "wild_commodity" for t in pl.tiles)
    options += _ship_options(counts, have, wilds)
    return options


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
            for chosen in combinations(have, s):
                loads = [((), pair * (m - s))]
                for c in chosen:
                    loads = [
                        (cards + (c,) * r, w + pair - r)
                        for cards, w in loads
                        for r in _PAIR_REAL
                        if r <= counts[c]
                    ]
                for cards, w in loads:
                    if w <= wilds:
                        options.append(Ship.make(pairs, tuple(sorted(cards)), w))
    for k in range(1, len(D.SHIP_FRONT[different]) + 1):  # different cards
        for real in range(max(0, k - wilds), min(k, len(have)) + 1):
            for chosen in combinations(have, real):
                options.append(Ship.make(different, chosen, k - real))
    return options


def _forum_options(state: GameState, p: int) -> list:
    keys = {TILE_KEY[t] for t in state.forum if t >= 0}  # EN l.308
    keys.update(TILE_KEY[t] for t in state.yellow if t >= 0)  # R31
    return [TakeForum.make(k) for k in sorted(keys)]


def _military_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    options = [Recruit.make()] if pl.supply else []  # EN l.318, R22
    exits = D.CAMP_EXITS if pl.leader == D.CAMP else D.ADJACENT[pl.leader]  # EN l.319, R6
    options += [March.make(q) for q in exits]
    if pl.leader != D.CAMP and pl.legions and pl.leader not in pl.provinces:  # EN l.320, l.324
        options.append(Deploy.make())
    return options


def _senate_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    return [Senate.make()] if pl.senate < D.SENATE_TOP else []  # EN l.361


def _trajan_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    if pl.arch == D.ARCH_CENTRE:  # EN l.333
        return []
    return [TakeTrajan.make(s) for s in range(len(state.stacks)) if state.stacks[s]]  # R21


def _construction_options(state: GameState, p: int) -> list:
    pl = state.players[p]
    options = [Hire.make()] if pl.supply else []  # EN l.369, R22
    if pl.workers:
        if pl.sites:  # EN l.370: next to one of the own workers
            near = {s for own in pl.sites for s in D.SITE_NEIGHBOURS[own]}
        else:
            near = range(len(state.district))
        options += [Build.make(s) for s in sorted(near) if p not in state.workers[s]]  # R7
    return options


_OPTIONS = (
    _seaport_options,
    _forum_options,
    _military_options,
    _senate_options,
    _trajan_options,
    _construction_options,
)


#: The options that spend what the player holds (cards from the hand, forum tiles): listed
#: after the pass, so that the top of a list, the choice Enter takes, spends nothing.
SPENDING = (Display, Ship)


def _act_options(state: GameState, task: ActTask) -> list:
    options = action_options(state, task.player, task.action)
    if not options:
        return []
    free = [o for o in options if not isinstance(o, SPENDING)]
    return [*free, PASS, *(o for o in options if isinstance(o, SPENDING))]


def _act(state: GameState, task: ActTask, action):
    if isinstance(action, Pass):
        return None
    p = task.player
    if task.why in (Why.TRAY, Why.BONUS):
        state.tasks.append(ExtraTask(p, task.action))  # R16, R27: after what follows
    _PERFORM[type(action)](state, p, action)
    return None


decides(ActTask, options=_act_options, handle=_act)


def _draw(state: GameState, p: int, action) -> None:
    state.players[p].hand.extend(draw_cards(state, D.SEAPORT_DRAW))  # EN l.251, R29
    state.tasks.append(DiscardTask(p))


def _discard_options(state: GameState, task: DiscardTask) -> list:
    hand = sorted(set(state.players[task.player].hand))
    return [Discard.make(c, i + 1) for c in hand for i in range(len(state.discards))]


def _discard(state: GameState, task: DiscardTask, action: Discard):
    pl = state.players[task.player]
    _lose_cards(pl, [action.commodity])
    state.discards[action.pile - 1].append(action.commodity)
    return None


decides(DiscardTask, options=_discard_options, handle=_discard)


def _pick(state: GameState, p: int, action: Pick) -> None:
    take_discard(state, state.players[p], action.pile - 1)


def _display(state: GameState, p: int, action: Display) -> None:
    pl = state.players[p]
    _lose_cards(pl, action.cards)
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
    _lose_cards(pl, action.cards)
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


_PERFORM = {
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


# ── extra actions (EN l.630-640; R16, R27, R32) ──────────────────────────────────────────


def _extra_tile(pl: PlayerState, action: int, wild: bool) -> int:
    for tile in pl.tiles:
        info = _FORUM[tile]
        if (info.kind == "wild_extra") if wild else (info.kind == "extra" and info.value == action):
            return tile
    return -1


def _extra_options(state: GameState, task: ExtraTask) -> list:
    if state.extra_used:  # EN l.638
        return []
    pl = state.players[task.player]
    options = [Extra.make(w) for w in (False, True) if _extra_tile(pl, task.action, w) >= 0]
    if not options or not action_options(state, task.player, task.action):  # R32
        return []
    return [PASS, *options]  # passing first: an extra action spends its tile


def _extra(state: GameState, task: ExtraTask, action):
    if isinstance(action, Pass):
        return None
    pl = state.players[task.player]
    tile = _extra_tile(pl, task.action, action.wild)
    pl.tiles.remove(tile)
    state.gone_tiles.append(tile)  # EN l.636
    state.extra_used = True
    if pl.plus2[task.action]:  # EN l.634: a second repeat
        state.tasks.append(ActTask(task.player, task.action, Why.AGAIN))
    state.tasks.append(ActTask(task.player, task.action, Why.EXTRA))
    return None


decides(ExtraTask, options=_extra_options, handle=_extra)


# ── round and quarter ends (EN l.397-496) ────────────────────────────────────────────────


def _end_turn(state: GameState, task: EndTurnTask) -> None:
    state.extra_used = False
    n = state.options.players
    following = (task.player + 1) % n
    if not state.round_ends:
        state.tasks.append(SourceTask(following))
        return
    state.round_ends = False
    if len(state.revealed) < D.DEMANDS_PER_QUARTER:  # EN l.401-405
        if state.demand_pile:
            state.revealed.append(state.demand_pile.pop())
        state.round += 1
        state.tasks.append(SourceTask(following))
        return
    # EN l.405: the quarter ends
    state.scorings.append([dict.fromkeys(pl.points, 0) for pl in state.players])
    state.reports.append(
        QuarterReport(
            quarter=state.quarter,
            demands=tuple(state.revealed),
            met=(0,) * n,
            penalty=(0,) * n,
            met_by=((),) * n,
        )
    )
    state.tasks += [QuarterCloseTask(task.player), SenateVoteTask(task.player)]
    state.tasks += [DemandsTask((following + i) % n) for i in range(n)][::-1]


automatic(EndTurnTask, _end_turn)


def _score(state: GameState, p: int, source: str, vp: int) -> None:
    """Points given by a quarter-end or final scoring (kept per scoring too)."""
    state.players[p].gain(source, vp)
    state.scorings[-1][p][source] += vp


def spend_choices(state: GameState, p: int) -> tuple[int, list[tuple[int, ...]]]:
    """R14: how many of the revealed demands ``p`` meets at most, and every set of forum
    tiles (sorted keys) that meets that many. Kept Trajan demand tiles are used first."""
    pl = state.players[p]
    kinds = range(len(D.DEMANDS))
    need = [0] * len(kinds)
    for demand in state.revealed:
        need[demand] += 1
    met = 0
    for tile in pl.kept:  # EN l.415-417: each Trajan tile once per quarter
        demand = D.TRAJAN_TILES[tile].amount
        if need[demand]:
            need[demand] -= 1
            met += 1
    have = [0] * len(kinds)
    wilds = 0
    for tile in pl.tiles:
        info = _FORUM[tile]
        if info.kind == "demand":
            have[info.value] += 1
        elif info.kind == "wild_demand":
            wilds += 1
    exact = [min(need[d], have[d]) for d in kinds]
    short = sum(need) - sum(exact)
    best = sum(exact) + min(wilds, short)
    choices = set()
    wild_key = TILE_KEY[D.FORUM_TILES.index(D.ForumTile("wild_demand", 0, True))]
    demand_keys = [TILE_KEY[D.FORUM_TILES.index(D.ForumTile("demand", d, True))] for d in kinds]
    for xs in product(*(range(min(need[d], have[d]) + 1) for d in kinds)):
        w = min(wilds, sum(need) - sum(xs))
        if sum(xs) + w == best:
            keys = [demand_keys[d] for d in kinds for _ in range(xs[d])]
            choices.add(tuple(sorted(keys + [wild_key] * w)))
    return met + best, sorted(choices)


def met_by(state: GameState, p: int, spent: list[int]) -> tuple[tuple[str, int], ...]:
    """What met each revealed demand in order (EN l.413-417; R14): ("trajan", tile) for a
    kept Trajan tile (used first, each once), ("forum", tile) for a spent forum tile of that
    demand, then a spent demand wild card, or ("missed", -1)."""
    out: list[tuple[str, int] | None] = [None] * len(state.revealed)
    kept = list(state.players[p].kept)
    exact = [t for t in spent if _FORUM[t].kind == "demand"]
    wilds = [t for t in spent if _FORUM[t].kind != "demand"]
    for i, demand in enumerate(state.revealed):
        tile = next((t for t in kept if D.TRAJAN_TILES[t].amount == demand), -1)
        if tile >= 0:
            kept.remove(tile)
            out[i] = ("trajan", tile)
    for i, demand in enumerate(state.revealed):
        tile = next((t for t in exact if _FORUM[t].value == demand), -1)
        if out[i] is None and tile >= 0:
            exact.remove(tile)
            out[i] = ("forum", tile)
    for i in range(len(out)):
        if out[i] is None:
            out[i] = ("forum", wilds.pop()) if wilds else ("missed", -1)
    return tuple(x for x in out if x is not None)


def _pay_demands(state: GameState, p: int, keys: tuple[int, ...], met: int) -> None:
    pl = state.players[p]
    spent = []
    for key in keys:  # EN l.419: spent forum tiles leave the game
        tile = next(t for t in pl.tiles if TILE_KEY[t] == key)
        pl.tiles.remove(tile)
        state.gone_tiles.append(tile)
        spent.append(tile)
    unmet = len(state.revealed) - met
    if unmet:
        _score(state, p, "demands", -D.DEMAND_PENALTY[unmet])  # EN l.421-425
    if state.reports:
        report = state.reports[-1]
        penalty = D.DEMAND_PENALTY[unmet]
        paid = met_by(state, p, spent)
        _report(
            state,
            met=_at(report.met, p, met),
            penalty=_at(report.penalty, p, penalty),
            met_by=_at(report.met_by or ((),) * len(state.players), p, paid),
        )


def _report(state: GameState, **changes) -> None:
    """Change the quarter's report (a new frozen report; none outside a quarter's end, as
    when a test calls a step by itself)."""
    if state.reports:
        state.reports[-1] = state.reports[-1].model_copy(update=changes)


def _at(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _demands(state: GameState, task: DemandsTask) -> None:
    met, choices = spend_choices(state, task.player)
    if len(choices) > 1:  # R14: ask only when the choice matters
        state.tasks.append(SpendTask(task.player))
        return
    _pay_demands(state, task.player, choices[0], met)


automatic(DemandsTask, _demands)


def _spend_options(state: GameState, task: SpendTask) -> list:
    return [Spend.make(keys) for keys in spend_choices(state, task.player)[1]]


def _spend(state: GameState, task: SpendTask, action: Spend):
    met, _ = spend_choices(state, task.player)
    _pay_demands(state, task.player, action.keys, met)
    return None


decides(SpendTask, options=_spend_options, handle=_spend)


def votes(state: GameState, p: int) -> int:
    """A player's votes: the senate space's value and the senate tiles (EN l.431-434)."""
    pl = state.players[p]
    tiles = sum(_FORUM[t].value for t in pl.tiles if _FORUM[t].kind == "senate")
    return D.SENATE_VP[pl.senate] + tiles


def senate_ranking(state: GameState) -> list[int]:
    """Seats by votes, ties to the higher track position, then higher in the stack
    (EN l.472; R25)."""
    return sorted(
        range(state.options.players),
        key=lambda p: (votes(state, p), state.players[p].senate, state.players[p].height),
        reverse=True,
    )


def _senate_vote(state: GameState, task: SenateVoteTask) -> None:
    ranking = senate_ranking(state)
    consul, vice = ranking[0], ranking[1]  # R25: the vice consul even with 0 votes
    counted = tuple(votes(state, p) for p in range(state.options.players))
    spaces = tuple(pl.senate for pl in state.players)
    _report(state, votes=counted, consul=consul, vice=vice, senate=spaces)
    for p in reversed(ranking):  # EN l.474: fewest at the bottom, the consul on top
        state.senate_clock += 1
        state.players[p].senate = 0
        state.players[p].height = state.senate_clock
    if len(state.senate_bonus) >= D.SENATE_BONUS_SPACES:  # EN l.436, l.470
        state.tasks.append(ConsulTask(consul, vice))
    elif state.senate_bonus:  # R35
        _report(state, consul_tile=state.senate_bonus[-1])
        _give_bonus(state, consul, state.senate_bonus.pop(), True)


automatic(SenateVoteTask, _senate_vote)


def _give_bonus(state: GameState, p: int, tile: int, yellow: bool) -> None:
    state.players[p].bonus.append(tile)
    state.players[p].yellow.append(yellow)


def _consul_options(state: GameState, task: ConsulTask) -> list:
    return [Consul.make(t) for t in state.senate_bonus]


def _consul(state: GameState, task: ConsulTask, action: Consul):
    _give_bonus(state, task.player, action.tile, True)  # EN l.436, l.468
    _report(state, consul_tile=action.tile)
    for tile in state.senate_bonus:
        if tile != action.tile:
            _give_bonus(state, task.vice, tile, False)  # EN l.470
            _report(state, vice_tile=tile)
    state.senate_bonus = []
    return None


decides(ConsulTask, options=_consul_options, handle=_consul)


def _quarter_close(state: GameState, task: QuarterCloseTask) -> None:
    for pl in state.players:  # EN l.481: every senate tile leaves the game
        for tile in [t for t in pl.tiles if _FORUM[t].kind == "senate"]:
            pl.tiles.remove(tile)
            state.gone_tiles.append(tile)
    for spaces in (state.forum, state.yellow):  # EN l.482
        for i, tile in enumerate(spaces):
            if tile >= 0:
                state.gone_tiles.append(tile)
                spaces[i] = -1
    state.gone_demands += state.revealed  # R12
    state.revealed = []
    if state.quarter >= D.QUARTERS:  # R20: straight to the final scoring
        _final_scoring(state)
        state.tasks = []
        return
    for _ in range(D.SENATE_BONUS_SPACES):  # EN l.486
        if state.bag:
            state.senate_bonus.append(state.bag.pop())
    leaders = {pl.leader for pl in state.players}
    for q in range(len(D.PROVINCES)):  # EN l.487; R21: provinces first
        empty = state.provinces[q] < 0 and q not in leaders and not state.legions[q]
        if empty and state.forum_pile:
            state.provinces[q] = state.forum_pile.pop()
    for i in range(len(state.forum)):  # EN l.488
        if state.forum_pile:
            state.forum[i] = state.forum_pile.pop()
    for i in range(len(state.yellow)):
        if state.extra_pile:
            state.yellow[i] = state.extra_pile.pop()
    state.ships = [True] * len(D.SHIPS)  # EN l.492
    state.quarter += 1  # EN l.494
    state.round = 1
    state.tasks.append(SourceTask((task.player + 1) % state.options.players))


automatic(QuarterCloseTask, _quarter_close)


# ── final scoring (EN l.524-594) ─────────────────────────────────────────────────────────


def set_points(buildings: list[int], wilds: int) -> int:
    """R10: construction sets per type (3 -> 10, 4 -> 20), the wild cards placed best."""
    best = 0
    types = len(buildings)
    largest = max(D.SET_POINTS)  # a 5th tile of a type adds nothing

    def walk(i: int, left: int, counts: list[int]) -> None:
        nonlocal best
        if i == types:
            best = max(best, sum(D.SET_POINTS.get(min(c, largest), 0) for c in counts))
            return
        for k in range(left + 1):
            walk(i + 1, left - k, [*counts, buildings[i] + k])

    walk(0, wilds, [])
    return best


class BonusItem(NamedTuple):
    """One bonus tile's points at the end: its side, what it counted (a demand tile owned
    0 or 1, workers on sites, legionnaires in provinces, yellow bonus tiles, display cards of
    its pair) and the commodity wild cards counted for it (R23)."""

    tile: int
    yellow: bool
    count: int
    wilds: int
    vp: int


def bonus_items(state: GameState, p: int) -> list[BonusItem]:
    """Each of a player's bonus tiles with its points (EN l.544-594; R9, R23, R24); the
    commodity wild cards count for the best commodity bonus tile, the first of them."""
    pl = state.players[p]
    yellows = sum(pl.yellow)
    items = []
    for tile, yellow in zip(pl.bonus, pl.yellow, strict=True):
        info = D.BONUS_TILES[tile]
        side = 0 if yellow else 1
        if info.kind == "demand":
            count = int(
                any(_FORUM[t].kind == "demand" and _FORUM[t].value == info.value for t in pl.tiles)
            )
            vp = D.BONUS_DEMAND[side] * count
        elif info.kind == "construction":
            per_vp, per = D.BONUS_PER_WORKER[side]
            count = len(pl.sites)
            vp = -(-count * per_vp // per)  # rounded up (EN l.564)
        elif info.kind == "military":
            count = len(pl.provinces)
            vp = D.BONUS_PER_LEGIONNAIRE[side] * count
        elif info.kind == "bonus":
            count = yellows
            vp = D.BONUS_PER_BONUS[side] * yellows
        else:
            count = sum(1 for c in pl.display if c in (info.value, info.value + 1))
            vp = D.BONUS_PER_CARD[side] * count
        items.append(BonusItem(tile, yellow, count, 0, vp))
    wilds = sum(_FORUM[t].kind == "wild_commodity" for t in pl.tiles)
    rates = [
        (D.BONUS_PER_CARD[0 if it.yellow else 1], -i)
        for i, it in enumerate(items)
        if D.BONUS_TILES[it.tile].kind == "commodities"
    ]
    if wilds and rates:  # R23
        rate, at = max(rates)
        best = items[-at]
        items[-at] = best._replace(wilds=wilds, vp=best.vp + rate * wilds)
    return items


def bonus_points(state: GameState, p: int) -> int:
    """The points of a player's bonus tiles (EN l.544-594; R9, R23, R24)."""
    return sum(item.vp for item in bonus_items(state, p))


def _final_scoring(state: GameState) -> None:
    for p, pl in enumerate(state.players):
        on_slots = sum(1 for t in pl.slots if t >= 0)  # R17
        leftovers = len(pl.hand) + pl.workers + pl.legions + on_slots
        _score(state, p, "leftovers", D.LEFTOVER_VP * leftovers)
        wilds = sum(_FORUM[t].kind == "wild_construction" for t in pl.tiles)
        _score(state, p, "sets", set_points(pl.buildings, wilds))
        _score(state, p, "bonus", bonus_points(state, p))


class TieBreak(StrEnum):
    """What ranks players level on points (EN l.540-542; R13): the higher place in the
    senate. A member's value is its player words; :attr:`fields` name its values in a
    :class:`RankKey`."""

    SENATE = "higher in the senate"

    @property
    def fields(self) -> tuple[str, ...]:
        """The :class:`RankKey` fields holding this tie-break's value, most significant first."""
        return TIE_BREAK_FIELDS[self]

    @property
    def detail(self) -> str:
        """How it is read, in a player's words."""
        return TIE_BREAK_DETAILS[self]

    def of(self, key: RankKey) -> tuple[int, ...]:
        """This tie-break's value in ``key`` (more is better)."""
        return tuple(getattr(key, field) for field in self.fields)


#: The tie-breaks in order (what ranks players level on points).
TIE_BREAKS: tuple[TieBreak, ...] = tuple(TieBreak)
TIE_BREAK_FIELDS: dict[TieBreak, tuple[str, ...]] = {TieBreak.SENATE: ("senate", "height")}
TIE_BREAK_DETAILS: dict[TieBreak, str] = {
    TieBreak.SENATE: "the higher space, then the disc on top (the consul of the last vote)",
}


class RankKey(NamedTuple):
    """What ranks a player: points, then each :class:`TieBreak`'s fields in order."""

    score: int
    senate: int  # the space on the senate track
    height: int  # the disc's place in the stack on that space (higher = on top)


assert RankKey._fields[1:] == tuple(field for tie in TIE_BREAKS for field in tie.fields)


def rank_key(state: GameState, p: int) -> RankKey:
    """Points, then the higher place in the senate (EN l.542; R13)."""
    pl = state.players[p]
    return RankKey(pl.score, pl.senate, pl.height)


# ── the start of play ────────────────────────────────────────────────────────────────────


def _begin(state: GameState, task: BeginTask) -> None:
    state.quarter, state.round = 1, 1
    state.tasks.append(SourceTask(task.player))


automatic(BeginTask, _begin)

FLOW = Flow(TASKS, where)
legal_actions = FLOW.legal_actions
is_over = FLOW.is_over
current_player = FLOW.current_player
decision_kind = FLOW.decision_kind
apply = FLOW.apply


__all__ = [
    "AGAIN",
    "FLOW",
    "TIE_BREAKS",
    "RankKey",
    "TieBreak",
    "apply",
    "current_player",
    "decision_kind",
    "is_over",
    "legal_actions",
    "new_game",
]
