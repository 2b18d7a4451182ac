"""A Trajan turn (EN l.167-171): taking a tray's markers and sowing them clockwise (the
mancala), the Trajan tile accomplished beside the target tray and its special effect, the
action the last marker chose (performed by :mod:`~forum_trajanum.games.trajan.engine.board`)
and the extra actions after it (EN l.630-640; R16, R27, R32).
"""

from __future__ import annotations

from forum_trajanum.core.actions import Made
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import (
    PASS,
    SPECIAL,
    Display,
    Extra,
    Pass,
    Plus2,
    Ship,
    Sow,
    Take,
)
from forum_trajanum.games.trajan.engine.board import action_options, perform
from forum_trajanum.games.trajan.engine.cards import draw_cards, drawable
from forum_trajanum.games.trajan.engine.state import (
    GameState,
    PlayerState,
)
from forum_trajanum.games.trajan.engine.tasks import (
    AccomplishTask,
    ActTask,
    EndTurnTask,
    ExtraTask,
    SourceTask,
    SowTask,
    SpecialTask,
    Why,
    automatic,
    decides,
)

_FORUM = D.FORUM_TILES
_COLOURS = D.NUM_COLOURS
_TRAYS = D.NUM_TRAYS
_EMPTY = [0] * _COLOURS
_TAKES = Made(Take)
_SOWS = Made(Sow)
_SEATS = range(max(D.PLAYER_COUNTS))
#: The task records every take pushes, made once per seat and tray (records are immutable:
#: states share them as their clones do).
END_TURN = tuple(EndTurnTask(p) for p in _SEATS)
ACT_TRAY = tuple(tuple(ActTask(p, t, Why.TRAY) for t in range(_TRAYS)) for p in _SEATS)
ACCOMPLISH = tuple(tuple(AccomplishTask(p, t) for t in range(_TRAYS)) for p in _SEATS)


def source_trays(state: GameState, p: int) -> list[int]:
    """The trays player ``p`` may take the markers of (any with a marker: EN l.185)."""
    return [t for t, tray in enumerate(state.players[p].trays) if tray != _EMPTY]


def _source_options(state: GameState, task: SourceTask) -> list:
    return [_TAKES[t] for t, tray in enumerate(state.players[task.player].trays) if tray != _EMPTY]


def _take(state: GameState, task: SourceTask, action: Take):
    p = task.player
    trays = state.players[p].trays
    tray = action.tray  # an action's field: read once (a pydantic model's)
    hand = trays[tray]
    trays[tray] = [0] * _COLOURS
    n = sum(hand)
    cycle = D.TIME_CYCLE[len(state.players)]
    time = state.time + n
    if time >= cycle:  # EN l.205, R19: one round end at most
        state.round_ends = True
    state.time = time % cycle
    target = (tray + n) % _TRAYS  # R1
    state.tasks += [END_TURN[p], ACT_TRAY[p][target], ACCOMPLISH[p][target]]
    _sow(state, p, (tray + 1) % _TRAYS, hand, target)
    return None


decides(SourceTask, options=_source_options, handle=_take)


def _sow(state: GameState, p: int, tray: int, hand: list[int], target: int) -> None:
    """Sow the markers in hand clockwise from ``tray``; ask for a colour while more than one
    is left (EN l.187-189)."""
    colours = _COLOURS - hand.count(0)
    if colours > 1:
        state.tasks.append(SowTask(p, tray, tuple(hand), target))
    elif colours:  # one colour left: its markers one a tray, clockwise, nothing to ask
        c = hand.index(max(hand))
        trays = state.players[p].trays
        for i in range(hand[c]):
            trays[(tray + i) % _TRAYS][c] += 1
        hand[c] = 0


#: Per Trajan tile, the markers it needs as (colour, count) pairs (R3: a pair needs two).
_NEEDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    ((a, 2),) if a == b else ((a, 1), (b, 1)) for a, b in (t.colours for t in D.TRAJAN_TILES)
)


#: Per Trajan tile, the colours it needs.
_NEEDED: tuple[tuple[int, ...], ...] = tuple(tuple(c for c, _ in needs) for needs in _NEEDS)


def completable(tile: int, tray: list[int], hand, landing: int) -> bool:
    """Whether markers from ``hand`` (counts per colour), ``landing`` of which will fall into
    a tray holding ``tray``, can make that tray accomplish Trajan tile ``tile`` (-1: none;
    EN l.219, R2)."""
    if tile < 0:
        return False
    short = 0
    for c, need in _NEEDS[tile]:
        missing = need - tray[c]
        if missing > 0:
            if missing > hand[c]:
                return False
            short += missing
    return short <= landing


def _landing(first: int, count: int, target: int) -> int:
    """How many of ``count`` markers sown one a tray from tray ``first`` fall into ``target``."""
    offset = (target - first) % _TRAYS
    return 0 if offset >= count else (count - 1 - offset) // _TRAYS + 1


def _keeps_after(tile: int, pl: PlayerState, task: SowTask, colour: int) -> bool:
    """Whether the target's Trajan tile can still be accomplished after a marker of
    ``colour`` goes into the next tray (the second half of :func:`keeps_tile`)."""
    hand = list(task.hand)
    hand[colour] -= 1
    tray = pl.trays[task.target]
    if task.tray == task.target:
        tray = list(tray)
        tray[colour] += 1
    return completable(tile, tray, hand, _landing(task.tray + 1, sum(hand), task.target))


def keeps_tile(pl: PlayerState, task: SowTask, colour: int) -> tuple[bool, bool]:
    """In the middle of a sowing (``task``: the next tray, the markers in hand, the target),
    whether the target's Trajan tile on ``pl``'s circle can still be accomplished now, and
    after a marker of ``colour`` goes into the next tray."""
    tile = pl.slots[task.target]
    landing = _landing(task.tray, sum(task.hand), task.target)
    now = completable(tile, pl.trays[task.target], task.hand, landing)
    return now, _keeps_after(tile, pl, task, colour)


def _sow_options(state: GameState, task: SowTask) -> list:
    """The colours in hand, those that keep the target's Trajan tile possible first (then
    in colour order): the top choice, which Enter takes, gives away nothing (issue 27.1).

    Cheap for bots and random play: the order is looked at only when the tile can still be
    accomplished now (else every colour ranks the same, and the list in colour order is the
    one made before for the same hand), and then once for the colours the tile does not need
    (sowing any of them leaves the same markers for it) and once per colour it needs; when
    they all rank the same, the list is the one in colour order too."""
    hand = task.hand
    pl = state.players[task.player]
    target = task.target
    tile = pl.slots[target]
    if tile >= 0 and completable(
        tile, tray := pl.trays[target], hand, _landing(task.tray, total := sum(hand), target)
    ):
        # a colour the tile does not need: the hand's needed markers and the landing after it
        # are the same whichever of them goes, and the tray's needed counts too
        others = completable(tile, tray, hand, _landing(task.tray + 1, total - 1, target))
        # the needed colours in hand that rank otherwise (one or two at most)
        apart = [c for c in _NEEDED[tile] if hand[c] and _keeps_after(tile, pl, task, c) != others]
        if apart:  # those that keep the tile first, each part in colour order
            first = [c for c in range(_COLOURS) if hand[c] and (c in apart) != others]
            last = [c for c in range(_COLOURS) if hand[c] and (c in apart) == others]
            return [_SOWS[c] for c in first + last]
    in_order = _IN_COLOUR_ORDER.get(hand)
    if in_order is None:
        in_order = _IN_COLOUR_ORDER[hand] = [_SOWS[c] for c in range(_COLOURS) if hand[c]]
    return in_order[:]  # a list of its own: a state's legal actions are never shared


#: The sowing options of a hand (its markers per colour) in colour order, made once per hand
#: (a hand holds at most the 12 markers of a player, in five colours: a few thousand hands).
_IN_COLOUR_ORDER: dict[tuple[int, ...], list] = {}


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


def accomplished(state: GameState, p: int, tray: int, markers: list[int]) -> list[GameState]:
    """The states (copies of ``state``) once ``tray`` of player ``p``, holding ``markers``,
    has accomplished its Trajan tile: one for each way its special effect can go (taken or
    not, EN l.642-668), for a plan to read what the action that follows can do."""
    done = state.clone()
    done.players[p].trays[tray] = list(markers)
    done.tasks = []
    _accomplish(done, AccomplishTask(p, tray))
    if not done.tasks:
        return [done]
    task = done.tasks.pop()
    out = [done]
    for option in _special_options(done, task):
        if not isinstance(option, Pass):
            taken = done.clone()
            _special(taken, task, option)
            out.append(taken)
    return out


def _special_possible(state: GameState, pl: PlayerState, tile: int) -> bool:
    effect = D.TRAJAN_TILES[tile].effect
    if effect == "cards":
        return drawable(state) > 0
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


#: The options that spend what the player holds (cards from the hand, forum tiles): listed
#: after the pass, so that the top of a list, the choice Enter takes, spends nothing.
SPENDING = (Display, Ship)


def _act_options(state: GameState, task: ActTask) -> list:
    options = action_options(state, task.player, task.action)
    if not options:
        return []
    if task.action != D.SEAPORT:  # the seaport's options alone spend (displays, loads)
        options.append(PASS)  # a list of its own, made for this decision
        return options
    # an action's options list the spending ones last (board.action_options): the pass goes
    # before the first of them, found without looking at the others (issue 37.5)
    for first, option in enumerate(options):
        if type(option) in _SPENDING:
            return [*options[:first], PASS, *options[first:]]
    return [*options, PASS]


_SPENDING = frozenset(SPENDING)


def _act(state: GameState, task: ActTask, action):
    if isinstance(action, Pass):
        return None
    p = task.player
    if task.why in (Why.TRAY, Why.BONUS):
        state.tasks.append(ExtraTask(p, task.action))  # R16, R27: after what follows
    perform(state, p, action)
    return None


decides(ActTask, options=_act_options, handle=_act)


def _extra_tile(pl: PlayerState, action: int, wild: bool) -> int:
    for tile in pl.tiles:
        info = _FORUM[tile]
        if (info.kind == "wild_extra") if wild else (info.kind == "extra" and info.value == action):
            return tile
    return -1


def _extra_held(pl: PlayerState, action: int) -> tuple[bool, bool]:
    """Whether ``pl`` holds an extra action tile of ``action``, and a wild one: what
    :func:`_extra_tile` finds (>= 0) for ``wild`` False and True, in one pass over the tiles."""
    exact = wild = False
    for tile in pl.tiles:
        info = _FORUM[tile]
        kind = info.kind
        if kind == "wild_extra":
            wild = True
        elif kind == "extra" and info.value == action:
            exact = True
    return exact, wild


#: The extra action options, plain and wild (the shared instances).
_EXTRAS = (Extra.make(False), Extra.make(True))


def _extra_options(state: GameState, task: ExtraTask) -> list:
    pl = state.players[task.player]
    if state.extra_used or not pl.tiles:  # EN l.638; no tile at all: no extra action tile
        return []
    exact, wild = _extra_held(pl, task.action)
    if not (exact or wild) or not action_options(state, task.player, task.action):  # R32
        return []
    # passing first: an extra action spends its tile; the plain tile before the wild one
    return [PASS, *_EXTRAS] if exact and wild else [PASS, _EXTRAS[wild]]


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
