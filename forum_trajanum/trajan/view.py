"""What each seat may know (components §6), the bots' determinized worlds, previews, and the
public log in player words.

A view is a :class:`~forum_trajanum.trajan.state.GameState` whose hidden parts are ``-1``: the
face-down card pile, the cards of other hands that nobody saw enter them, the forum, extra
action and demand piles, the 3 demand tiles removed at setup, the bonus bag, every Trajan tile
below a stack's top, and the seed (which decides them all).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from forum_trajanum.core.actions import LogSpec, check_complete
from forum_trajanum.core.actions import reveals as core_reveals
from forum_trajanum.trajan import data as D
from forum_trajanum.trajan.actions import (
    ACTION_SET,
    BONUS_WORDS,
    FORUM_KEY_WORDS,
    TILE_KEY,
    site_word,
)
from forum_trajanum.trajan.rules import FLOW, NUMERALS, action_options, current_player
from forum_trajanum.trajan.state import GameState, construct

HIDDEN = -1


def view(state: GameState, seat: int) -> GameState:
    """Everything ``seat`` may know (``-1``: an onlooker, public information only)."""
    v = state.clone()
    v.viewer = seat
    v.seed = 0
    v.deck = [HIDDEN] * len(state.deck)
    v.forum_pile = [HIDDEN] * len(state.forum_pile)
    v.extra_pile = [HIDDEN] * len(state.extra_pile)
    v.demand_pile = [HIDDEN] * len(state.demand_pile)
    v.demands_out = [HIDDEN] * len(state.demands_out)
    v.bag = [HIDDEN] * len(state.bag)
    v.stacks = [[HIDDEN] * (len(s) - 1) + s[-1:] for s in state.stacks]
    for p, pl in enumerate(v.players):
        if p != seat:
            pl.hand = pl.known[:] + [HIDDEN] * (len(pl.hand) - len(pl.known))
    mine = bool(state.tasks) and state.tasks[-1].player == seat
    v.__pydantic_private__["_legal"] = FLOW.legal_actions(state) if mine else None
    return v


def determinize(v: GameState, rng: random.Random) -> GameState:
    """A full state the viewer cannot tell from the real one: every hidden card and tile
    drawn at random from what is unaccounted for, counts and public facts kept."""
    s = v.clone()
    s.viewer = -9
    s.seed = rng.randrange(2**31)
    # cards: every card not seen somewhere is in the pile or in another hand
    seen = Counter(c for pl in s.players for c in pl.hand if c >= 0)
    seen.update(c for pl in s.players for c in pl.display)
    seen.update(c for pile in s.discards for c in pile)
    pool = [c for c in range(len(D.COMMODITIES)) for _ in range(D.CARDS_PER_COMMODITY)]
    pool = list((Counter(pool) - seen).elements())
    rng.shuffle(pool)
    s.deck = [pool.pop() for _ in s.deck]
    for pl in s.players:
        pl.hand = [c if c >= 0 else pool.pop() for c in pl.hand]
    # forum-type tiles: not on the board, on a mat or gone
    visible = set(s.provinces) | set(s.forum) | set(s.yellow) | set(s.gone_tiles)
    for pl in s.players:
        visible.update(pl.tiles)
    forum = [t for t in D.FORUM_PILE if t not in visible]
    extra = [t for t in D.EXTRA_PILE if t not in visible]
    rng.shuffle(forum)
    rng.shuffle(extra)
    s.forum_pile, s.extra_pile = forum, extra
    # demand tiles: the pile and the 3 removed at setup
    demands = Counter(D.DEMAND_TILES) - Counter(s.revealed) - Counter(s.gone_demands)
    left = list(demands.elements())
    rng.shuffle(left)
    s.demand_pile = [left.pop() for _ in s.demand_pile]
    s.demands_out = left
    # Trajan tiles below the tops
    placed = set(s.gone_trajan)
    for pl in s.players:
        placed.update(t for t in pl.slots if t >= 0)
        placed.update(pl.kept)
    for i, stack in enumerate(s.stacks):
        hidden = [
            t
            for t, info in enumerate(D.TRAJAN_TILES)
            if info.stack == i and t not in placed and t not in stack
        ]
        rng.shuffle(hidden)
        s.stacks[i] = hidden + stack[-1:]
    # the bonus bag
    out = set(s.senate_bonus)
    for pl in s.players:
        out.update(pl.bonus)
    bag = [t for t in range(len(D.BONUS_TILES)) if t not in out]
    rng.shuffle(bag)
    s.bag = bag
    s.__pydantic_private__["_legal"] = None
    return s


def after(v: GameState, action) -> GameState | None:
    """The view as it would be after ``action`` (None if the view alone cannot tell: the
    action draws what the view hides)."""
    out = v.clone()
    try:
        FLOW.apply(out, action)
    except (ValueError, IndexError):
        return None
    return out


def preview(v: GameState, action) -> dict[str, int]:
    """What ``action`` gives the deciding seat, from the view alone: points by category
    (only those that change; not those of a quarter's scoring the turn's end leads to) and
    the change in cards in hand (``"cards"``)."""
    seat = current_player(v)
    after = v.clone()
    try:
        FLOW.apply(after, action)
    except (ValueError, IndexError):
        return {}
    before_pl, after_pl = v.players[seat], after.players[seat]
    out = {k: after_pl.points[k] - n for k, n in before_pl.points.items()}
    # the action's own points: a quarter's scoring that the end of the turn leads to is not
    # the action's (the screens show that scoring when it comes)
    for i, parts in enumerate(after.scorings):
        earlier = v.scorings[i][seat] if i < len(v.scorings) else {}
        for k, n in parts[seat].items():
            out[k] -= n - earlier.get(k, 0)
    out = {k: d for k, d in out.items() if d}
    if len(after_pl.hand) != len(before_pl.hand):
        out["cards"] = len(after_pl.hand) - len(before_pl.hand)
    return out


class SowingPlan(NamedTuple):
    """Where a source tray's markers go (components §4: R1, R19), for the screen to word."""

    markers: int  # how many markers the tray holds
    target: int  # the tray that gets the last marker
    time: int  # the time marker's place afterwards
    round_ends: bool  # the round ends after this turn
    spaces_left: int  # spaces from the time marker to its start space now
    tile: int  # the Trajan tile beside the target tray, -1 none
    can_complete: bool  # the markers can be sown so that the target completes that tile
    action_possible: bool  # the target tray's action has an option now


def sowing_plan(v: GameState, seat: int, tray: int) -> SowingPlan:
    """What taking the markers of ``tray`` would do (from what ``seat`` may know)."""
    pl = v.players[seat]
    hand = pl.trays[tray]
    n = sum(hand)
    cycle = D.TIME_CYCLE[v.options.players]
    trays = D.NUM_TRAYS
    target = (tray + n) % trays
    landing = sum(1 for k in range(n) if (tray + 1 + k) % trays == target)
    tile = pl.slots[target]
    can = False
    if tile >= 0 and n:
        colours = range(D.NUM_COLOURS)
        start = [0] * len(colours) if target == tray else pl.trays[target][:]
        need = [0] * len(colours)
        for c in D.TRAJAN_TILES[tile].colours:
            need[c] += 1
        short = [max(0, need[c] - start[c]) for c in colours]
        can = all(short[c] <= hand[c] for c in colours) and sum(short) <= landing
    return SowingPlan(
        n,
        target,
        (v.time + n) % cycle,
        v.time + n >= cycle,
        cycle - v.time,
        tile,
        can,
        bool(action_options(v, seat, target)),
    )


# ── the log, in player words ─────────────────────────────────────────────────────────────


def _commodity(c: int) -> str:
    return D.COMMODITIES[c] if c >= 0 else "a card"


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article: "an orange", "a blue", "an extra-forum"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _markers(s, a, p):
    if a.pair < 0:
        return "filled the other trays with the drawn markers"
    x, y = divmod(a.pair, D.NUM_COLOURS)
    tray = s.tasks[-1].tray
    return f"put {D.COLOURS[x]} and {D.COLOURS[y]} into the {D.ACTIONS[tray]} tray"


def _card(s, a, p):
    if a.pile == 0:
        return "took a starting card from the face-down pile"
    return f"took {_commodity(s.discards[a.pile - 1][-1])} from discard pile {a.pile}"


def _start(s, a, p):
    slot = D.SLOT_NAMES[s.tasks[-1].slot]
    return f"took a Trajan tile from the {D.STACK_NAMES[a.stack]} stack onto slot {slot}"


def _take(s, a, p):
    n = sum(s.players[p].trays[a.tray])
    target = D.ACTIONS[(a.tray + n) % D.NUM_TRAYS]
    return f"took {n} marker{'s' * (n != 1)} from the {D.ACTIONS[a.tray]} tray (target {target})"


def _sow(s, a, p):
    return f"put {a_or_an(D.COLOURS[a.colour])} marker into the {D.ACTIONS[s.tasks[-1].tray]} tray"


def _special(s, a, p):
    info = D.TRAJAN_TILES[s.tasks[-1].tile]
    if info.effect == "cards":
        return f"drew {info.amount} cards (the Trajan tile's special action)"
    place = "military camp" if info.effect == "legion" else "worker camp"
    return f"sent up to {info.amount} token{'s' * (info.amount > 1)} to the {place}"


def _ship(s, a, p):
    side = "coloured" if s.ships[a.ship] else "grey"
    cards = [_commodity(c) for c in a.cards] + ["a commodity wild card"] * a.wilds
    return f"shipped {_list(cards)} on the {D.SHIPS[a.ship]} ship ({side} side)"


def _march(s, a, p):
    tile = s.provinces[a.province]
    took = f", taking its {FORUM_KEY_WORDS[TILE_KEY[tile]]} tile" if tile >= 0 else ""
    return f"moved the leader to {D.PROVINCES[a.province]}{took}"


def _deploy(s, a, p):
    return f"sent a legionnaire to {D.PROVINCES[s.players[p].leader]}"


def _senate(s, a, p):
    return f"moved up in the senate to the {D.SENATE_VP[s.players[p].senate + 1]} space"


def _build(s, a, p):
    tile = s.district[a.site]
    if tile < 0:
        return f"sent a worker to site {site_word(a.site)} (no tile there)"
    kind, vp = D.CONSTRUCTION_TILES[tile]
    building = a_or_an(D.BUILDING_TYPES[kind])
    return f"sent a worker to site {site_word(a.site)}, taking {building} ({vp})"


def _extra(s, a, p):
    what = "the extra action wild card" if a.wild else "an extra action tile"
    return f"spent {what} to repeat {D.ACTIONS[s.tasks[-1].action]}"


def _spend(s, a, p):
    if not a.keys:
        return "spent no forum tile on the demands"
    return "spent " + _list([FORUM_KEY_WORDS[k] for k in a.keys]) + " on the demands"


def _secret_draw(before, a, after, seat):
    """The cards the acting seat drew face down (it alone saw them)."""
    gained = Counter(after.players[seat].hand) - Counter(before.players[seat].hand)
    gained -= Counter(after.players[seat].known) - Counter(before.players[seat].known)
    cards = sorted(gained.elements())
    return [(seat, "drew " + _list([_commodity(c) for c in cards]))] if cards else []


def _ends_turn(before, action) -> bool:
    """Whether the action ends the turn (the next decision may be another player's, and a
    round end reveals a demand tile)."""
    after = before.clone()
    try:
        FLOW.apply(after, action)
    except (ValueError, IndexError):
        return True
    return (
        current_player(after) != current_player(before)
        or after.revealed != before.revealed
        or len(after.deck) < len(before.deck)
    )


SPECS: dict[str, LogSpec] = check_complete(
    ACTION_SET,
    {
        "markers": LogSpec(_markers, _ends_turn),
        "card": LogSpec(_card, True, _secret_draw),
        "start": LogSpec(_start, _ends_turn),
        "take": LogSpec(_take, _ends_turn, _secret_draw),
        "sow": LogSpec(_sow, _ends_turn, _secret_draw),
        "pass": LogSpec(lambda s, a, p: "passed", _ends_turn, _secret_draw),
        "special": LogSpec(_special, True, _secret_draw),
        "plus2": LogSpec(lambda s, a, p: f"put a [+2] marker on {D.ACTIONS[a.action]}", _ends_turn),
        "draw": LogSpec(
            lambda s, a, p: f"drew {D.SEAPORT_DRAW} cards at the Seaport", True, _secret_draw
        ),
        "discard": LogSpec(
            lambda s, a, p: f"discarded {_commodity(a.commodity)} onto pile {a.pile}",
            _ends_turn,
            _secret_draw,
        ),
        "pick": LogSpec(
            lambda s, a, p: f"took {_commodity(s.discards[a.pile - 1][-1])} from pile {a.pile}",
            _ends_turn,
            _secret_draw,
        ),
        "display": LogSpec(
            lambda s, a, p: (
                "played "
                + _list([_commodity(c) for c in a.cards])
                + " into the display and drew as many"
            ),
            True,
            _secret_draw,
        ),
        "ship": LogSpec(_ship, _ends_turn, _secret_draw),
        "forum": LogSpec(
            lambda s, a, p: f"took {a_or_an(FORUM_KEY_WORDS[a.key])} tile from the forum",
            _ends_turn,
            _secret_draw,
        ),
        "recruit": LogSpec(
            lambda s, a, p: "sent a token to the military camp", _ends_turn, _secret_draw
        ),
        "march": LogSpec(_march, _ends_turn, _secret_draw),
        "deploy": LogSpec(_deploy, _ends_turn, _secret_draw),
        "senate": LogSpec(_senate, _ends_turn, _secret_draw),
        "trajan": LogSpec(
            lambda s, a, p: f"took the top tile of the {D.STACK_NAMES[a.stack]} stack",
            _ends_turn,
            _secret_draw,
        ),
        "hire": LogSpec(
            lambda s, a, p: "sent a token to the worker camp", _ends_turn, _secret_draw
        ),
        "build": LogSpec(_build, _ends_turn, _secret_draw),
        "extra": LogSpec(_extra, _ends_turn, _secret_draw),
        "spend": LogSpec(_spend, _ends_turn, _secret_draw),
        "consul": LogSpec(
            lambda s, a, p: f"took the {BONUS_WORDS[a.tile]} bonus tile as consul",
            _ends_turn,
            _secret_draw,
        ),
    },
    "log words",
)


def _events(before: GameState, after: GameState, actor: int) -> list[tuple[int, str]]:
    """What happened by itself after the action: Trajan tiles, round and quarter ends,
    demands, the final scoring."""
    lines = []
    gained = after.players[actor].points["trajan"] - before.players[actor].points["trajan"]
    if gained:
        lines.append((actor, f"accomplished a Trajan tile ({gained} VP)"))
    if len(after.scorings) > len(before.scorings):
        quarter = NUMERALS[len(after.scorings) - 1]
        lines.append((-1, f"quarter {quarter} ends: the people's demands are due"))
    elif after.revealed != before.revealed and after.revealed:
        lines.append((-1, f"the round ends: the people demand {D.DEMANDS[after.revealed[-1]]}"))
    for p, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        lost = old.points["demands"] - new.points["demands"]
        if lost:
            lines.append((p, f"lost {lost} VP for unmet demands"))
    if after.quarter > before.quarter > 0:
        lines.append((-1, f"quarter {NUMERALS[after.quarter - 1]} begins"))
    if not after.tasks and before.tasks:
        for p, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            parts = [
                f"{new.points[key] - old.points[key]} {words}"
                for key, words in (
                    ("leftovers", "for cards, camps and Trajan tiles"),
                    ("sets", "for construction sets"),
                    ("bonus", "for bonus tiles"),
                )
            ]
            lines.append((p, "final scoring: " + ", ".join(parts)))
    return lines


def public_lines(before: GameState, action, after: GameState) -> list[tuple[int, str]]:
    """What every player may read in the log about ``action``: (seat, text) lines."""
    actor = current_player(before)
    lines = [(actor, SPECS[action.kind].log(before, action, actor))]
    return lines + _events(before, after, actor)


def secret_lines(before: GameState, action, after: GameState, seat: int):
    """What only the acting seat knew about the action (shown in a finished game's replay)."""
    spec = SPECS.get(action.kind)
    return spec.secret(before, action, after, seat) if spec and spec.secret else []


def reveals_information(state: GameState, action) -> bool:
    """Whether the action shows its player something hidden or ends the turn (undo stops
    there); an unknown kind reveals (fails closed)."""
    return core_reveals(SPECS, state, action)


__all__ = [
    "construct",
    "determinize",
    "preview",
    "public_lines",
    "reveals_information",
    "secret_lines",
    "view",
]
