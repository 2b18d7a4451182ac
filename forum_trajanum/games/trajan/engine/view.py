"""What each seat may know (components §6), the bots' determinized worlds, previews, and the
public log in player words.

A view is a :class:`~forum_trajanum.games.trajan.engine.state.GameState` whose hidden parts are
``-1``, derived from the visibility every field of the state declares
(:mod:`forum_trajanum.core.visibility`): the face-down card pile, the cards of other hands
that nobody saw enter them, the forum, extra action and demand piles, the 3 demand tiles
removed at setup, the bonus bag, every Trajan tile below a stack's top, the other seats'
drawn setup defaults (R33), and the seed (which decides them all). While the action markers
are placed (EN l.107-109, R36) the stacks' top tiles and the other seats' filled trays are
hidden too; the start player, the bonus tiles and the face-up discard cards are settled only
once every seat has placed (R37).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from forum_trajanum.core.actions import LogSpec, check_complete
from forum_trajanum.core.actions import reveals as core_reveals
from forum_trajanum.core.numerals import roman
from forum_trajanum.core.visibility import derive_view
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import foresight
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.actions import ACTION_SET, FORUM_KEYS, TILE_KEY, site_word
from forum_trajanum.games.trajan.engine.board import legion_points
from forum_trajanum.games.trajan.engine.rules import FLOW, current_player
from forum_trajanum.games.trajan.engine.scoring import bonus_items, set_points
from forum_trajanum.games.trajan.engine.setup import placing_markers
from forum_trajanum.games.trajan.engine.state import GameState, unseen_trays

HIDDEN = -1


def _stacks_shown(state: GameState, seat: int) -> list[list[int]]:
    """The stacks' top tiles, laid out once every tray is filled (EN l.107-109, R36)."""
    if placing_markers(state):
        return [[HIDDEN] * len(s) for s in state.stacks]
    return [[HIDDEN] * (len(s) - 1) + s[-1:] for s in state.stacks]


def _hand_shown(state: GameState, seat: int, owner: int) -> list[int]:
    """Another seat's hand: the cards everyone saw enter it, the rest unknown."""
    pl = state.players[owner]
    return pl.known[:] + [HIDDEN] * (len(pl.hand) - len(pl.known))


def _trays_shown(state: GameState, seat: int, owner: int) -> list[list[int]]:
    """Another seat's trays: each seat places unseen (R36); an empty tray is seen empty."""
    trays = state.players[owner].trays
    return unseen_trays(trays) if placing_markers(state) else [t[:] for t in trays]


#: What the view shows of the fields the state declares partly shown (``engine/state.py``);
#: every other hidden field is masked by the core, from its declaration.
SHOWN: dict[str, Callable[..., Any]] = {
    "stacks": _stacks_shown,
    "players.hand": _hand_shown,
    "players.trays": _trays_shown,
}


def view(state: GameState, seat: int) -> GameState:
    """Everything ``seat`` may know (``-1``: an onlooker, public information only): derived
    from the state's declarations (fails closed: a field added without one is an error)."""
    v = derive_view(state, seat, SHOWN)
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
    # Trajan tiles below the tops (and the tops while the markers are placed, R36)
    placed = set(s.gone_trajan)
    for pl in s.players:
        placed.update(t for t in pl.slots if t >= 0)
        placed.update(pl.kept)
    for i, stack in enumerate(s.stacks):
        known = [t for t in stack if t >= 0]
        hidden = [
            t
            for t, info in enumerate(D.TRAJAN_TILES)
            if info.stack == i and t not in placed and t not in known
        ]
        rng.shuffle(hidden)
        s.stacks[i] = hidden + known
    _setup_secrets(s, random.Random(s.seed))
    # the bonus bag
    out = set(s.senate_bonus)
    for pl in s.players:
        out.update(pl.bonus)
    bag = [t for t in range(len(D.BONUS_TILES)) if t not in out]
    rng.shuffle(bag)
    s.bag = bag
    private = s.__pydantic_private__
    assert private is not None  # a state has its private attributes
    private["_legal"] = None
    return s


def _setup_secrets(s: GameState, rng: random.Random) -> None:
    """Draw what a view hides of the other seats' setup: their filled trays while the
    markers are placed (R36) and their drawn defaults (R33). From a stream of their own, so
    that the rest of a world is drawn as before."""
    for pl in s.players:
        if any(c < 0 for tray in pl.trays for c in tray):
            shown = Counter(c for tray in pl.trays if min(tray) >= 0 for c in range(len(tray))
                            for _ in range(tray[c]))  # fmt: skip
            mine = Counter(dict.fromkeys(range(D.NUM_COLOURS), D.MARKERS_PER_COLOUR))
            left = list((mine - shown).elements())
            rng.shuffle(left)
            for t, tray in enumerate(pl.trays):
                if min(tray) < 0:
                    pl.trays[t] = [0] * D.NUM_COLOURS
                    for _ in range(D.MARKERS_PER_TRAY_AT_SETUP):
                        pl.trays[t][left.pop()] += 1
        if HIDDEN in pl.default_markers:
            pl.default_markers = [c for c in range(D.NUM_COLOURS)
                                  for _ in range(D.MARKERS_PER_COLOUR)]  # fmt: skip
            rng.shuffle(pl.default_markers)
        if HIDDEN in pl.default_stacks:
            pl.default_stacks = list(range(len(D.STACKS)))
            rng.shuffle(pl.default_stacks)


@dataclass(frozen=True)
class ActionSpec(LogSpec):
    """One Trajan action kind: its log words, whether it reveals, its secret lines (a
    :class:`~forum_trajanum.core.actions.LogSpec`) and its words as a choice
    (``words(view, action) -> str``, :mod:`forum_trajanum.games.trajan.engine.words`). A new action
    kind
    is its class in :mod:`~forum_trajanum.games.trajan.engine.actions` and one spec in
    :data:`SPECS`."""

    words: Callable[..., str] | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if not callable(self.words):
            raise TypeError("an action spec's words is not a function")


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


def _secret_markers(before, a, after, seat):
    """A placement, seen by its player alone until everyone has placed (R36)."""
    return [(seat, _markers(before, a, seat))]


def _markers_reveal(before, action) -> bool:
    """A placement that ends the seat's turn, or the last one, which shows every tray
    (R36)."""
    after = foresight.after(before, action)
    return after is None or not placing_markers(after) or _ends_turn(before, action)


def _tray_words(tray: list[int]) -> str:
    return " and ".join(D.COLOURS[c] for c in range(len(tray)) for _ in range(tray[c]))


def _placed_lines(after: GameState, actor: int) -> list[tuple[int, str]]:
    """The log of a placement (R36): nothing while the seat places, that it has placed when
    its trays are full, and every seat's trays (in turn order) once the last has placed."""
    if placing_markers(after):
        if any(t.kind == "markers" and t.player == actor for t in after.tasks):
            return []
        return [(actor, "placed their action markers (shown when everyone has)")]
    lines = []
    n = len(after.players)
    for p in ((after.start_player + i) % n for i in range(n)):
        trays = after.players[p].trays
        placed = ", ".join(f"{D.ACTIONS[t]} {_tray_words(tray)}" for t, tray in enumerate(trays))
        lines.append((p, "placed the action markers: " + placed))
    return lines


def _card(s, a, p):
    if a.pile == 0:
        return "took a starting card from the face-down pile"
    return f"took {_commodity(s.discards[a.pile - 1][-1])} from discard pile {a.pile}"


def _start(s, a, p):
    slot = D.SLOT_NAMES[s.tasks[-1].slot]
    return f"took a Trajan tile from the {D.STACK_NAMES[a.stack]} stack onto slot {slot}"


def sown_alone(hand, tray: int) -> list[tuple[int, int]]:
    """The markers left in ``hand`` (counts per colour) when they are all of one colour: the
    sowing then goes on by itself (EN l.187-189), one marker a tray clockwise from ``tray``.
    Each as (colour, tray), the last into the target; [] while a colour is still to choose."""
    colours = [c for c in range(D.NUM_COLOURS) if hand[c]]
    if len(colours) != 1:
        return []
    c = colours[0]
    return [(c, (tray + k) % D.NUM_TRAYS) for k in range(hand[c])]


def sown_alone_words(hand, tray: int, *, whole: bool = False, verb: str = "into") -> str:
    """Where the markers sown by themselves went, each tray named ("the last 2 markers, both
    blue, into the Forum and Military trays"; ``whole``: all the markers taken were; "" while a
    colour is still to choose)."""
    rest = sown_alone(hand, tray)
    if not rest:
        return ""
    colour = D.COLOURS[rest[0][0]]
    trays = _list([D.ACTIONS[t] for _, t in rest])
    n = len(rest)
    if n == 1:
        return f"the {'' if whole else 'last '}marker, {colour}, {verb} the {trays} tray"
    each = "both" if n == 2 else "all"
    last = "" if whole else "last "
    return f"the {last}{n} markers, {each} {colour}, {verb} the {trays} trays"


def _take(s, a, p):
    hand = list(s.players[p].trays[a.tray])
    n = sum(hand)
    target = (a.tray + n) % D.NUM_TRAYS
    took = _list([D.COLOURS[c] for c in range(D.NUM_COLOURS) for _ in range(hand[c])])
    rest = sown_alone_words(hand, a.tray + 1, whole=n > 1)
    return (
        f"took {n} marker{'s' * (n != 1)} ({took}) from the {D.ACTIONS[a.tray]} tray "
        f"(target {D.ACTIONS[target]})" + (f"; {rest}" if rest else "")
    )


def _sow(s, a, p):
    task = s.tasks[-1]
    hand = list(task.hand)
    hand[a.colour] -= 1
    if not any(hand):  # this marker was the last one
        last = f", the last marker: the {D.ACTIONS[task.target]} tray is the target"
    else:
        rest = sown_alone_words(hand, task.tray + 1)
        last = f"; {rest}" if rest else ""
    colour = a_or_an(D.COLOURS[a.colour])
    return f"put {colour} marker into the {D.ACTIONS[task.tray]} tray{last}"


def played_alone(before: GameState, action, after: GameState) -> str:
    """What an action led to by itself with no decision of the player's, for the next
    decision's message: the markers sown by themselves once one colour is left (EN l.187-189;
    a single marker taken is not news). "" for anything else."""
    if action.kind == "sow":
        task = before.tasks[-1]
        hand = list(task.hand)
        hand[action.colour] -= 1
        words = sown_alone_words(hand, task.tray + 1, verb="went into")
    elif action.kind == "take":
        hand = before.players[current_player(before)].trays[action.tray]
        if sum(hand) < 2:
            return ""
        words = sown_alone_words(hand, action.tray + 1, whole=True, verb="went into")
    else:
        return ""
    return words[:1].upper() + words[1:] + "." if words else ""


def _special(s, a, p):
    info = D.TRAJAN_TILES[s.tasks[-1].tile]
    pl = s.players[p]
    if info.effect == "cards":
        drawn = min(info.amount, _drawable(s))
        return f"drew {W.plural(drawn, 'card')} (the Trajan tile's special action)" + (
            f"; only {drawn} could be drawn: the piles ran short" if drawn < info.amount else ""
        )
    place = "military camp" if info.effect == "legion" else "worker camp"
    token = "legionnaire" if info.effect == "legion" else "worker"
    moved = min(info.amount, pl.supply)
    out = f"sent {W.plural(moved, token)} from the supply to the {place}"
    out += " (the Trajan tile's special action"
    if moved < info.amount:
        out += f"; it gives {info.amount}, the supply held only {pl.supply}"
    return out + ")"


def _drawable(s) -> int:
    """Cards the face-down pile can still give (R4: the discard piles but their tops)."""
    return len(s.deck) + sum(max(0, len(pile) - 1) for pile in s.discards)


def _drew(s, a, p, asked: int, where: str) -> str:
    drawn = min(asked, _drawable(s))
    out = f"drew {W.plural(drawn, 'card')} {where}"
    if drawn < asked:
        out += f" (only {drawn} could be drawn: the piles ran short)"
    if asked and len(s.deck) < drawn:
        out += "; the discard piles but their tops were shuffled into a new face-down pile"
    return out


def _ship(s, a, p):
    side = "coloured" if s.ships[a.ship] else "grey"
    cards = [_commodity(c) for c in a.cards] + ["a commodity wild card"] * a.wilds
    return f"shipped {_list(cards)} on the {D.SHIPS[a.ship]} ship ({side} side)"


def _march(s, a, p):
    tile = s.provinces[a.province]
    took = f", taking its tile: {W.forum_tile_with_article(tile)}" if tile >= 0 else ""
    return f"moved the leader to {D.PROVINCES[a.province]}{took}"


def _deploy(s, a, p):
    """A legionnaire sent to the leader's province, with the VP it scored (EN l.320-322, l.349)."""
    province = s.players[p].leader
    return f"sent a legionnaire to {D.PROVINCES[province]} (+{legion_points(s, p, province)} VP)"


def _senate(s, a, p):
    space = s.players[p].senate
    there = D.SENATE_VP[space + 1]
    top = " (the top: no further this quarter)" if space + 1 == D.SENATE_TOP else ""
    return (
        f"moved up in the senate from the {D.SENATE_VP[space]} space to the {there} space "
        f"(+{there} VP){top}"
    )


def _build(s, a, p):
    tile = s.district[a.site]
    if tile < 0:
        return f"sent a worker to site {site_word(a.site)} (no tile there)"
    kind, vp = D.CONSTRUCTION_TILES[tile]
    building = a_or_an(D.BUILDING_TYPES[kind])
    return f"sent a worker to site {site_word(a.site)}, taking {building} ({vp} VP)"


def _extra(s, a, p):
    what = "the extra action wild card" if a.wild else "an extra action tile"
    return f"spent {what} to repeat {D.ACTIONS[s.tasks[-1].action]}"


def _trajan(s, a, p):
    stack = s.stacks[a.stack]
    left = len(stack) - 1
    after = "the stack is empty now" if not left else f"{left} left in the stack"
    return (
        f"took the top tile of the {D.STACK_NAMES[a.stack]} stack, {W.trajan_tile(stack[-1])}, "
        f"onto slot {D.SLOT_NAMES[s.players[p].arch]} ({after})"
    )


def _forum_key(key: int) -> str:
    return W.forum_key(*FORUM_KEYS[key])


def _spend(s, a, p):
    if not a.keys:
        return "spent no forum tile on the demands"
    return "spent " + _list([a_or_an(_forum_key(k)) for k in a.keys]) + " on the demands"


def _consul(s, a, p):
    return f"chose {W.bonus_taken(a.tile, True)} as consul"


def _forum(s, a, p):
    tile = next(t for t in s.forum + s.yellow if t >= 0 and TILE_KEY[t] == a.key)
    return f"took {W.forum_tile_with_article(tile)} from the forum"


def _secret_draw(before, a, after, seat):
    """The cards the acting seat drew face down (it alone saw them)."""
    gained = Counter(after.players[seat].hand) - Counter(before.players[seat].hand)
    gained -= Counter(after.players[seat].known) - Counter(before.players[seat].known)
    cards = sorted(gained.elements())
    return [(seat, "drew " + _list([_commodity(c) for c in cards]))] if cards else []


def _ends_turn(before, action) -> bool:
    """Whether the action ends the turn (the next decision may be another player's, and a
    round end reveals a demand tile)."""
    after = foresight.after(before, action)
    if after is None:
        return True
    return (
        current_player(after) != current_player(before)
        or after.revealed != before.revealed
        or len(after.deck) < len(before.deck)
    )


SPECS: dict[str, ActionSpec] = check_complete(
    ACTION_SET,
    {
        "markers": ActionSpec(_markers, _markers_reveal, _secret_markers, words=W.markers_words),
        "card": ActionSpec(_card, True, _secret_draw, words=W.card_words),
        "start": ActionSpec(_start, _ends_turn, words=W.start_words),
        "take": ActionSpec(_take, _ends_turn, _secret_draw, words=W.take_words),
        "sow": ActionSpec(_sow, _ends_turn, _secret_draw, words=W.sow_words),
        "pass": ActionSpec(lambda s, a, p: "passed", _ends_turn, _secret_draw, words=W.pass_words),
        "special": ActionSpec(_special, True, _secret_draw, words=W.special_words),
        "plus2": ActionSpec(
            lambda s, a, p: f"put a [+2] marker on {D.ACTIONS[a.action]}",
            _ends_turn,
            words=W.plus2_words,
        ),
        "draw": ActionSpec(
            lambda s, a, p: _drew(s, a, p, D.SEAPORT_DRAW, "at the Seaport"),
            True,
            _secret_draw,
            words=W.draw_words,
        ),
        "discard": ActionSpec(
            lambda s, a, p: f"discarded {_commodity(a.commodity)} onto pile {a.pile}",
            _ends_turn,
            _secret_draw,
            words=W.discard_words,
        ),
        "pick": ActionSpec(
            lambda s, a, p: f"took {_commodity(s.discards[a.pile - 1][-1])} from pile {a.pile}",
            _ends_turn,
            _secret_draw,
            words=W.pick_words,
        ),
        "display": ActionSpec(
            lambda s, a, p: (
                "played "
                + _list([_commodity(c) for c in a.cards])
                + " into the display and "
                + _drew(
                    s, a, p, len(a.cards), "to replace " + ("it" if len(a.cards) == 1 else "them")
                )
            ),
            True,
            _secret_draw,
            words=W.display_words,
        ),
        "ship": ActionSpec(_ship, _ends_turn, _secret_draw, words=W.ship_words),
        "forum": ActionSpec(
            _forum,
            _ends_turn,
            _secret_draw,
            words=W.forum_words,
        ),
        "recruit": ActionSpec(
            lambda s, a, p: "sent a legionnaire from the supply to the military camp",
            _ends_turn,
            _secret_draw,
            words=W.recruit_words,
        ),
        "march": ActionSpec(_march, _ends_turn, _secret_draw, words=W.march_words),
        "deploy": ActionSpec(_deploy, _ends_turn, _secret_draw, words=W.deploy_words),
        "senate": ActionSpec(_senate, _ends_turn, _secret_draw, words=W.senate_words),
        "trajan": ActionSpec(
            _trajan,
            _ends_turn,
            _secret_draw,
            words=W.trajan_words,
        ),
        "hire": ActionSpec(
            lambda s, a, p: "sent a worker from the supply to the worker camp",
            _ends_turn,
            _secret_draw,
            words=W.hire_words,
        ),
        "build": ActionSpec(_build, _ends_turn, _secret_draw, words=W.build_words),
        "extra": ActionSpec(_extra, _ends_turn, _secret_draw, words=W.extra_words),
        "spend": ActionSpec(_spend, _ends_turn, _secret_draw, words=W.spend_words),
        "consul": ActionSpec(
            _consul,
            _ends_turn,
            _secret_draw,
            words=W.consul_words,
        ),
    },
    "log words",
)


def _accomplished(before: GameState, after: GameState, actor: int) -> list[tuple[int, str]]:
    """The Trajan tile a sowing accomplished (R2): the tray, the tile and its VP."""
    old, new = before.players[actor], after.players[actor]
    lines = []
    for tray, (was, now) in enumerate(zip(old.slots, new.slots, strict=True)):
        if was >= 0 and now < 0:
            stack = D.STACK_NAMES[D.TRAJAN_TILES[was].stack]
            lines.append(
                (
                    actor,
                    f"accomplished the Trajan tile beside the {D.ACTIONS[tray]} tray: "
                    f"{stack} {W.trajan_tile(was)} (+{D.TRAJAN_TILES[was].vp} VP)",
                )
            )
    return lines


def _quarter_lines(before: GameState, after: GameState, action) -> list[tuple[int, str]]:
    """A quarter's end told as it happens: each seat's demands (met by what, or missed, and
    the penalty), the senate vote, the consul and vice consul with their bonus tiles."""
    if not after.reports:
        return []
    new = after.reports[-1]
    same = len(before.reports) == len(after.reports)
    old = before.reports[-1] if same and before.reports else None
    if new is old:
        return []
    lines = []
    for p, paid in enumerate(new.met_by):
        if paid and (old is None or len(old.met_by) <= p or old.met_by[p] != paid):
            told = W.demands_told(new.demands, paid, new.penalty[p])
            lines.append((p, f"at the demands: {told}"))
    if new.consul >= 0 and (old is None or old.consul < 0):
        ranked = [new.consul, new.vice] + [
            p for p in range(len(new.votes)) if p not in (new.consul, new.vice)
        ]
        for p in ranked:
            role = {new.consul: ": consul", new.vice: ": vice consul"}.get(p, "")
            space = new.senate[p] if new.senate else None
            lines.append((p, f"had {W.votes_told(space, new.votes[p])} in the senate vote{role}"))
    if new.consul_tile >= 0 and (old is None or old.consul_tile < 0) and action.kind != "consul":
        lines.append((new.consul, f"took {W.bonus_taken(new.consul_tile, True)} as consul"))
    if new.vice_tile >= 0 and (old is None or old.vice_tile < 0):
        lines.append((new.vice, f"took {W.bonus_taken(new.vice_tile, False)} as vice consul"))
    return lines


def _senate_tiles_gone(before: GameState, after: GameState) -> list[tuple[int, str]]:
    """At a quarter's end every senate tile leaves the game, used or not (EN l.481): said per
    seat that had one (a tile gone without a word looked like a loss)."""
    lines = []
    for p, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        gone = [t for t in was.tiles if D.FORUM_TILES[t].kind == "senate" and t not in now.tiles]
        if gone:
            tiles = ", ".join(W.forum_tile_with_article(t) for t in gone)
            lines.append((p, f"gave up {tiles}: every senate tile leaves the game at a "
                             "quarter's end"))  # fmt: skip
    return lines


def _final_lines(after: GameState) -> list[tuple[int, str]]:
    """The final scoring per seat, every category and every bonus tile with why."""
    lines = []
    for p, pl in enumerate(after.players):
        part = after.scorings[-1][p] if after.scorings else {}
        lines.append((p, f"final scoring: {part.get('leftovers', 0)} VP for {W.leftovers(pl)}"))
        wilds = sum(D.FORUM_TILES[t].kind == "wild_construction" for t in pl.tiles)
        sets = set_points(pl.buildings, wilds)
        lines.append((p, f"final scoring: {sets} VP for construction sets: {W.building_sets(pl)}"))
        items = bonus_items(after, p)
        told = "; ".join(W.bonus_item(item) for item in items) or "no bonus tile"
        total = sum(item.vp for item in items)
        lines.append((p, f"final scoring: {total} VP for bonus tiles: {told}"))
    return lines


def _events(before: GameState, after: GameState, actor: int, action) -> list[tuple[int, str]]:
    """What happened by itself after the action: Trajan tiles, round and quarter ends,
    demands, the senate vote, the final scoring."""
    lines = _accomplished(before, after, actor)
    if len(after.scorings) > len(before.scorings):
        quarter = roman(len(after.scorings), D.QUARTERS)
        lines.append((-1, f"Quarter {quarter} ends: the people's demands are due"))
    elif after.revealed != before.revealed and after.revealed:
        lines.append((-1, f"The round ends: the people demand {D.DEMANDS[after.revealed[-1]]}"))
    lines += _quarter_lines(before, after, action)
    lines += _senate_tiles_gone(before, after)
    if after.quarter > before.quarter > 0:
        lines.append((-1, f"Quarter {roman(after.quarter, D.QUARTERS)} begins"))
    if not after.tasks and before.tasks:
        lines += _final_lines(after)
    return lines


def _setup_lines(after: GameState) -> list[tuple[int, str]]:
    """Once the last seat has placed its markers: the start player and the bonus tile each
    seat drew, in turn order (EN l.113, l.121, components §3 step 10; public, §6), so the log
    tells them once, when they are settled (R37)."""
    n = len(after.players)
    start = after.start_player
    lines = [(start, "is the start player (drawn once every player had placed)")]
    for p in ((start + i) % n for i in range(n)):
        for tile, yellow in zip(after.players[p].bonus, after.players[p].yellow, strict=True):
            lines.append((p, f"drew a bonus tile at setup: {W.bonus_taken(tile, yellow)}"))
    return lines


def public_lines(before: GameState, action, after: GameState) -> list[tuple[int, str]]:
    """What every player may read in the log about ``action``: (seat, text) lines (the
    setup's start player and bonus tiles after the last placement's)."""
    actor = current_player(before)
    if action.kind == "markers":  # secret until everyone has placed (R36)
        lines = _placed_lines(after, actor)
        if not placing_markers(after):
            lines += _setup_lines(after)
        return lines
    lines = [(actor, SPECS[action.kind].log(before, action, actor))]
    return lines + _events(before, after, actor, action)


def secret_lines(before: GameState, action, after: GameState, seat: int):
    """What only the acting seat knew about the action (shown in a finished game's replay)."""
    spec = SPECS.get(action.kind)
    return spec.secret(before, action, after, seat) if spec and spec.secret else []


def reveals_information(state: GameState, action) -> bool:
    """Whether the action shows its player something hidden or ends the turn (undo stops
    there); an action that is not Trajan's (another game's ``build``) or of an unknown kind
    reveals (fails closed)."""
    return core_reveals(ACTION_SET, SPECS, state, action)


__all__ = [
    "determinize",
    "public_lines",
    "reveals_information",
    "secret_lines",
    "view",
]
