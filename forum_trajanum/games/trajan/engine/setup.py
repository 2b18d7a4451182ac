"""Trajan's setup (components §3; EN l.93-129): the game laid out from its seed (:func:`deal`,
every random draw), then each player's markers in their trays (in seat order), what the
rulebook settles after them (the start player, the senate stack, the bonus tiles, the two
face-up cards: R37), the starting cards and starting Trajan tiles, and the start of play.

Rulebook lines are cited as "EN l.N" (``shared/rules/trajan-rules-en.txt``); rulings R1-R39 are
in :mod:`forum_trajanum.games.trajan.data`.
"""

from __future__ import annotations

import random
from typing import Any

from forum_trajanum.core.actions import Made
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import (
    Markers,
    SetupCard,
    StartTile,
)
from forum_trajanum.games.trajan.engine.cards import draw_cards, drawable, take_discard
from forum_trajanum.games.trajan.engine.state import (
    GameState,
    PlayerState,
    TrajanOptions,
)
from forum_trajanum.games.trajan.engine.tasks import (
    BeginTask,
    CardTask,
    MarkersTask,
    SettleTask,
    SourceTask,
    StartTask,
    automatic,
    decides,
)

_COLOURS = D.NUM_COLOURS
_MARKERS = Made(Markers)
_TRAYS = D.NUM_TRAYS


#: The Trajan tiles of each stack, in the table's order (each game shuffles a copy).
_STACK_TILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, t in enumerate(D.TRAJAN_TILES) if t.stack == stack)
    for stack in range(len(D.STACKS))
)


def deal(seed: int, options: TrajanOptions | None = None) -> GameState:
    """A new game laid out, its setup decisions on the stack: every random draw happens here,
    from ``seed`` (R33). The markers are placed first (EN l.107), seat by seat; what the
    rulebook settles after them (l.113-125: the start player, the senate stack, the bonus
    tiles, the two face-up discard cards) is settled once the last seat has placed
    (:func:`_settle`), so that no seat places its markers knowing it (R37)."""
    options = options if options is not None else TrajanOptions()
    if isinstance(options, dict):
        options = TrajanOptions(**options)
    n = options.players
    rng = random.Random(seed)
    rng.randrange(n)  # the start player: drawn first, told after the markers (_start_player)
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
        tiles = list(_STACK_TILES[stack])
        rng.shuffle(tiles)
        stacks.append(tiles)
    bag = list(range(len(D.BONUS_TILES)))
    rng.shuffle(bag)
    deck = [c for c in range(len(D.COMMODITIES)) for _ in range(D.CARDS_PER_COMMODITY)]
    rng.shuffle(deck)
    players = []
    for _seat in range(n):
        markers = [c for c in range(_COLOURS) for _ in range(D.MARKERS_PER_COLOUR)]
        rng.shuffle(markers)
        stack_order = list(range(len(D.STACKS)))
        rng.shuffle(stack_order)
        players.append(
            PlayerState(
                trays=[[0] * _COLOURS for _ in range(_TRAYS)],
                default_markers=markers,
                default_stacks=stack_order,
            )
        )
    state = GameState(
        seed=seed,
        options=options,
        start_player=-1,  # not drawn yet: after the markers (EN l.113)
        players=players,
        deck=deck,
        discards=[[] for _ in range(D.DISCARD_PILES)],  # filled after the markers (l.125)
        forum_pile=forum_pile,
        extra_pile=extra_pile,
        demand_pile=demands,
        demands_out=out,
        bag=bag,
        senate_bonus=[],  # drawn after the markers (EN l.123)
        stacks=stacks,
        provinces=provinces,
        legions=[[] for _ in D.PROVINCES],
        forum=forum,
        yellow=yellow,
        district=district,
        workers=[[] for _ in district],
        senate_clock=n,
    )
    # EN l.107: every seat fills its trays, in seat order (the start player is not known yet)
    tasks: list[Any] = [MarkersTask(p, 0) for p in range(n)]
    tasks.append(SettleTask(n - 1))
    state.tasks = tasks[::-1]
    return state


def _start_player(state: GameState) -> int:
    """The start player drawn at setup: the first draw from the game's seed (R33)."""
    return random.Random(state.seed).randrange(len(state.players))


def _settle(state: GameState, task: SettleTask) -> None:
    """Once every seat has placed its markers (EN l.107): the start player and the senate
    stack (l.113-115), a bonus tile each and two beside the senate (l.121-123), the two
    face-up discard cards (l.125); then the starting cards (l.127) and Trajan tiles (l.129)
    in player order. The bag and the pile are as :func:`deal` shuffled them (nothing draws
    from them while the markers are placed), so each is what a deal at once would give."""
    if state.viewer != -9:
        raise ValueError("a view cannot settle the setup: it hides the seed, bag and pile")
    n = len(state.players)
    start = _start_player(state)
    order = [(start + i) % n for i in range(n)]
    state.start_player = start
    for seat in range(n):
        state.players[seat].height = order.index(seat) + 1  # EN l.115: start player at the bottom
    for seat in order:  # EN l.121: one bonus tile each, yellow side up
        state.players[seat].bonus.append(state.bag.pop())
        state.players[seat].yellow.append(True)
    state.senate_bonus = [state.bag.pop() for _ in range(D.SENATE_BONUS_SPACES)]  # EN l.123
    state.discards = [[state.deck.pop()] for _ in range(D.DISCARD_PILES)]  # EN l.125
    tasks: list[Any] = [CardTask(p, D.START_HAND) for p in order]  # EN l.127
    tasks += [StartTask(p, D.START_SLOTS[0]) for p in order]  # EN l.129
    tasks.append(BeginTask(start))
    state.tasks.extend(tasks[::-1])


automatic(SettleTask, _settle)


def placing_markers(state: GameState) -> bool:
    """Whether action markers are still being placed: the markers are placed before the
    Trajan tiles are drawn (EN l.107-109), so the stacks are not laid out yet, and each
    player's trays are their own until everyone has placed (R36)."""
    return any(task.kind == "markers" for task in state.tasks)


def _remaining_markers(pl: PlayerState) -> list[int]:
    return [D.MARKERS_PER_COLOUR - sum(placed) for placed in zip(*pl.trays, strict=True)]


def _markers_options(state: GameState, task: MarkersTask) -> list:
    left = tuple(_remaining_markers(state.players[task.player]))
    options = _MARKERS_BY_LEFT.get(left)
    if options is None:
        options = _MARKERS_BY_LEFT[left] = markers_for(left)
    return options[:]  # a list of its own: a state's legal actions are never shared


#: The Markers options by the markers left per colour, made once per count (each of the five
#: colours has 0 to MARKERS_PER_COLOUR left: 243 counts at most).
_MARKERS_BY_LEFT: dict[tuple[int, ...], list] = {}


def markers_for(left: tuple[int, ...]) -> list:
    """The Markers options of a player with ``left`` markers per colour still to place: the
    drawn default first (R33), then every pair those markers can make (EN l.107)."""
    options = [_MARKERS[-1]]
    pair = D.MARKERS_PER_TRAY_AT_SETUP  # one Markers action fills a tray
    for a in range(_COLOURS):
        for b in range(a, _COLOURS):
            if (left[a] >= pair) if a == b else (left[a] and left[b]):
                options.append(_MARKERS[a * _COLOURS + b])
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


def _card_options(state: GameState, task: CardTask) -> list:
    options = [SetupCard.make(0)] if drawable(state) else []
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


def _begin(state: GameState, task: BeginTask) -> None:
    state.quarter, state.round = 1, 1
    state.tasks.append(SourceTask(task.player))


automatic(BeginTask, _begin)
