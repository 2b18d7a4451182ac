"""Trajan's choices in player words, from the deciding seat's view alone: the words of
each action kind (each kind's spec in :mod:`forum_trajanum.games.trajan.engine.view` holds its words
function, checked complete at import) and the words of the game's pieces that the screens
share (a tile, a marker, a bonus tile)."""

from __future__ import annotations

from rich.cells import cell_len

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import FORUM_KEYS, TILE_KEY, site_word
from forum_trajanum.games.trajan.engine.foresight import (
    SowingPlan,
    after,
    preview,
    sow_keeps_tile,
    sowing_plan,
)
from forum_trajanum.games.trajan.engine.state import GameState, first_pick

LETTER = D.COLOUR_CODES


def colour(c: int) -> str:
    return f"{D.COLOURS[c]} ({LETTER[c]})"


def markers(counts: list[int]) -> str:
    """A tray's markers as letters: "B B Y" (or "empty"; "hidden": another player's tray
    while the markers are placed, R36)."""
    if min(counts, default=0) < 0:
        return "hidden"
    letters = [LETTER[c] for c in range(6) for _ in range(counts[c])]
    return " ".join(letters) if letters else "empty"


SPECIAL_WORDS = {
    "cards": "draw 2 cards",
    "points": "no special action",
    "plus2": "a [+2] marker",
    "legion": "{n} legionnaire{s}",
    "worker": "{n} worker{s}",
}

#: The point categories (the engine's POINT_SOURCES) in a word or two: what the others
#: scored, in the one line of "Meanwhile" at 80 columns.
POINTS_SHORT = {
    "trajan": "Trajan tiles",
    "ships": "ships",
    "provinces": "provinces",
    "senate": "senate",
    "buildings": "buildings",
    "demands": "demands",
    "leftovers": "leftovers",
    "sets": "building sets",
    "bonus": "bonus tiles",
}

#: The status's "when" in the last round of the last quarter (EN l.163: four quarters of four
#: rounds), instead of "Quarter IV, round 4 of 4": nothing else warned that the game ends.
LAST_ROUND = "Last round of the game"
#: When the time marker reaches its start during this turn in that round.
LAST_TURN = "the game ends after this turn"


def last_round(v) -> bool:
    """Whether ``v`` is in the game's last round (the 4th of the 4th quarter)."""
    return v.quarter >= D.QUARTERS and v.round >= D.ROUNDS_PER_QUARTER


def trajan_tile(tile: int) -> str:
    """A Trajan tile in words: "Y+O 5 VP, 1 worker"."""
    info = D.TRAJAN_TILES[tile]
    a, b = info.colours
    pair = f"{LETTER[a]}+{LETTER[b]}"
    if info.effect == "demand":
        return f"{pair} {info.vp} VP, kept: meets {D.DEMANDS[info.amount]}"
    words = SPECIAL_WORDS[info.effect].format(n=info.amount, s="s" * (info.amount > 1))
    return f"{pair} {info.vp} VP, {words}"


def forum_tile(tile: int) -> str:
    kind, value = FORUM_KEYS[TILE_KEY[tile]]
    return forum_key(kind, value)


def forum_key(kind: str, value: int) -> str:
    if kind == "senate":
        return f"senate tile ({value} votes)"
    if kind == "demand":
        return f"{D.DEMANDS[value]} tile"
    if kind == "extra":
        return f"extra action: {D.ACTIONS[value]}"
    return WILD_WORDS[kind]


#: What each wild card among the forum tiles stands for (EN l.612-626; R23, R24, R27).
WILD_MEANS = {
    "wild_commodity": "stands for any commodity card when shipping",
    "wild_demand": "meets any one demand",
    "wild_construction": "stands for any building in a set at the final scoring",
    "wild_extra": "stands for any extra action tile",
}

#: The wild cards among the forum tiles, in player words.
WILD_WORDS = {
    "wild_commodity": "commodity wild card",
    "wild_demand": "demand wild card",
    "wild_construction": "construction wild card",
    "wild_extra": "extra action wild card",
}


def forum_tile_with_article(tile: int) -> str:
    """A forum tile for a sentence: "a senate tile worth 3 votes", "a bread tile", "an extra
    action tile (Seaport)", "a demand wild card"."""
    kind, value = FORUM_KEYS[TILE_KEY[tile]]
    if kind == "senate":
        return f"a senate tile worth {value} votes"
    if kind == "demand":
        return f"a {D.DEMANDS[value]} tile"
    if kind == "extra":
        return f"an extra action tile ({D.ACTIONS[value]})"
    word = WILD_WORDS[kind]
    return ("an " if word[0] in "aeiou" else "a ") + word


def bonus_tile(tile: int, yellow: bool = True, own: bool = True) -> str:
    """A bonus tile on one of its sides in words, with what that side scores at the end;
    ``own`` False: said of another player ("their display", "they own")."""
    info = D.BONUS_TILES[tile]
    side = 0 if yellow else 1
    you, your = ("you", "your") if own else ("they", "their")
    if info.kind == "demand":
        word = D.DEMANDS[info.value]
        what = f"{D.BONUS_DEMAND[side]} VP if {you} own a forum {word} tile"
    elif info.kind == "construction":
        # EN l.564: the grey side's half VP per worker is rounded up
        what = "1 VP per worker on a site" if yellow else "1 VP per 2 workers on sites, rounded up"
    elif info.kind == "military":
        what = f"{D.BONUS_PER_LEGIONNAIRE[side]} VP per legionnaire in a province"
    elif info.kind == "bonus":
        what = f"{D.BONUS_PER_BONUS[side]} VP per yellow bonus tile {you} own"
    else:
        pair = f"{D.COMMODITIES[info.value]} or {D.COMMODITIES[info.value + 1]}"
        what = f"{D.BONUS_PER_CARD[side]} VP per {pair} card in {your} display"
    return f"{what} ({'yellow' if yellow else 'grey'})"


def bonus_name(tile: int) -> str:
    """A bonus tile's name: "the bread bonus tile", "the Fruit and Ceramics bonus tile"."""
    info = D.BONUS_TILES[tile]
    if info.kind == "demand":
        return f"the {D.DEMANDS[info.value]} bonus tile"
    if info.kind == "commodities":
        pair = f"{D.COMMODITIES[info.value]} and {D.COMMODITIES[info.value + 1]}"
        return f"the {pair} bonus tile"
    if info.kind == "bonus":
        return "the bonus tile for yellow bonus tiles"
    return f"the {info.kind} bonus tile"


def bonus_scores(tile: int, yellow: bool) -> str:
    """What a bonus tile's side scores, said of any player: "3 VP per Fruit or Ceramics
    card in the display"."""
    info = D.BONUS_TILES[tile]
    side = 0 if yellow else 1
    if info.kind == "demand":
        return f"{D.BONUS_DEMAND[side]} VP for owning a forum {D.DEMANDS[info.value]} tile"
    if info.kind == "construction":
        return "1 VP per worker on a site" if yellow else "1 VP per 2 workers on sites, rounded up"
    if info.kind == "military":
        return f"{D.BONUS_PER_LEGIONNAIRE[side]} VP per legionnaire in a province"
    if info.kind == "bonus":
        return f"{D.BONUS_PER_BONUS[side]} VP per yellow bonus tile owned"
    pair = f"{D.COMMODITIES[info.value]} or {D.COMMODITIES[info.value + 1]}"
    return f"{D.BONUS_PER_CARD[side]} VP per {pair} card in the display"


def bonus_taken(tile: int, yellow: bool) -> str:
    """A bonus tile taken, for the log and the quarter's end: its name, side and worth."""
    side = "yellow" if yellow else "grey"
    return f"{bonus_name(tile)}, {side} side up ({bonus_scores(tile, yellow)})"


def bonus_item(item) -> str:
    """One bonus tile's points at the end with why (a rules.BonusItem)."""
    info = D.BONUS_TILES[item.tile]
    side = 0 if item.yellow else 1
    head = f"{bonus_name(item.tile)} ({'yellow' if item.yellow else 'grey'}): {item.vp} VP"
    if info.kind == "demand":
        word = D.DEMANDS[info.value]
        why = f"owns a forum {word} tile" if item.count else f"owns no forum {word} tile"
    elif info.kind == "construction":
        why = f"{plural(item.count, 'worker')} on sites"
        why += "" if item.yellow else ", halved and rounded up"
    elif info.kind == "military":
        why = f"{plural(item.count, 'legionnaire')} in provinces × {D.BONUS_PER_LEGIONNAIRE[side]}"
    elif info.kind == "bonus":
        why = f"{plural(item.count, 'yellow bonus tile')} × {D.BONUS_PER_BONUS[side]}"
    else:
        pair = f"{D.COMMODITIES[info.value]} or {D.COMMODITIES[info.value + 1]}"
        why = f"{plural(item.count, pair + ' card')} in the display"
        if item.wilds:  # R23: an unused one counts as a display card
            counted = "a card" if item.wilds == 1 else "cards"
            why += f" and {plural(item.wilds, 'unused commodity wild card')} counted as {counted}"
        why += f" × {D.BONUS_PER_CARD[side]}"
    return f"{head} — {why}"


def leftovers(pl) -> str:
    """The final scoring's 1 VP items (EN l.526-529; R17)."""
    on_slots = sum(1 for t in pl.slots if t >= 0)
    parts = [
        plural(len(pl.hand), "card") + " in hand",
        plural(pl.workers, "worker") + " in the worker camp",
        plural(pl.legions, "legionnaire") + " in the military camp",
        plural(on_slots, "Trajan tile") + " on the circle",
    ]
    return ", ".join(parts) + f", {D.LEFTOVER_VP} VP each"


def building_sets(pl) -> str:
    """The construction tiles by type, with the construction wild cards (R10)."""
    built = (
        ", ".join(f"{n} {D.BUILDING_TYPES[t]}" for t, n in enumerate(pl.buildings) if n)
        or "no building"
    )
    wilds = sum(D.FORUM_TILES[t].kind == "wild_construction" for t in pl.tiles)
    if wilds:
        built += f", {plural(wilds, 'construction wild card')}"
    sets = ", ".join(f"{n} of a type {vp} VP" for n, vp in D.SET_POINTS.items())
    return f"{built} (sets: {sets})"


def demand_met(demand: int, how: tuple[str, int]) -> str:
    """One demand of a quarter's end and what met it: "bread: a bread tile"."""
    kind, tile = how
    word = D.DEMANDS[demand]
    if kind == "trajan":
        return f"{word} met by the kept Trajan {word} tile"
    if kind == "forum":
        return f"{word} met by {forum_tile_with_article(tile)}"
    return f"{word} missed"


def demands_told(demands, met_by, penalty: int) -> str:
    """A seat's demands at a quarter's end: each met by what or missed, and the penalty."""
    told = "; ".join(demand_met(d, how) for d, how in zip(demands, met_by, strict=False))
    missed = sum(kind == "missed" for kind, _ in met_by)
    if missed:
        return f"{told} — {plural(missed, 'demand')} missed: lost {penalty} VP"
    return f"{told} — no penalty" if told else "no demands"


def votes_told(space: int | None, total: int) -> str:
    """A seat's votes: the senate space's and the senate tiles' (EN l.431-434), told of
    every seat alike (none from tiles too); ``space`` None: the total alone."""
    if space is None:
        return plural(total, "vote")
    track = D.SENATE_VP[space]
    tiles = total - track
    return plural(total, "vote") + f" ({track} from the senate track, {tiles} from senate tiles)"


def senate_track(space: int = -1) -> str:
    """The senate track with each space's VP, the given space in brackets, and the top
    (EN l.357-361)."""
    spaces = " ".join(f"[{vp}]" if i == space else str(vp) for i, vp in enumerate(D.SENATE_VP))
    return (
        f"spaces worth {spaces} VP; at the {D.SENATE_VP[-1]} space the climb stops for the quarter"
    )


def title(v: GameState, names=()) -> str:
    """The current decision in words (the view's title), the start player named at setup:
    "Take a starting Trajan tile — Ann is the start player" (at a player's first pick of a
    setup step only: not again on each of their three tiles); another seat's decision says
    "their" for "your" (the watch screen's "Normal bot is deciding: fill their trays")."""
    task = v.task
    start = v.start_player
    if task is None:
        return v.title
    # a decision's title speaks to its player: of another seat's, "your" is "their"
    said = task.title if task.player == v.viewer else task.title.replace("your ", "their ")
    if v.quarter > 0 or not 0 <= start < len(names) or not first_pick(task):
        return said if v.title == task.title else v.title
    if start == v.viewer == task.player:
        return f"{said} — you are the start player"
    return f"{said} — {names[start]} is the start player"


def marks(names) -> list[str]:
    """Each player's one-character mark where a drawing must stay short (the province map,
    the construction district): the initial of their name, else of another word of it,
    else another of its letters or digits, else a free capital, never two alike; the
    legend beside the drawing maps each to its name ("A Ann, B Bob")."""
    out: list[str] = []
    for name in names:
        words = str(name).split()
        tried = [w[0] for w in words] + [c for w in words for c in w[1:]] + list(UPPER)
        fit = (c.upper() for c in tried if c.isalnum() and len(c.upper()) == 1)
        out.append(next(c for c in fit if c not in out and cell_len(c) == 1))
    return out


UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def cards(counts) -> str:
    return ", ".join(
        f"{n}× {D.COMMODITIES[c]}" if n > 1 else D.COMMODITIES[c] for c, n in sorted(counts.items())
    )


def _points(v: GameState, action) -> str:
    gain = preview(v, action)
    total = sum(n for k, n in gain.items() if k != "cards")
    return f" (+{total} VP)" if total > 0 else f" ({total} VP)" if total < 0 else ""


def _tile_wants(pl, tray: int, c: int) -> bool:
    """Whether the Trajan tile beside ``tray`` shows colour ``c`` more often than the tray
    holds it now (a marker of ``c`` brings the tile closer)."""
    tile = pl.slots[tray]
    if tile < 0:
        return False
    return pl.trays[tray][c] < D.TRAJAN_TILES[tile].colours.count(c)


# ── each action kind's words (its spec's ``words``, trajan/view.py) ──────────────────────


def markers_words(v: GameState, action) -> str:
    seat = v.viewer
    task = v.tasks[-1]
    if action.pair < 0:
        filled = after(v, action)
        if filled is None:  # pragma: no cover - the default draws nothing hidden
            return "The drawn markers for every tray left"
        trays = filled.players[seat].trays
        return "The drawn markers for every tray left: " + ", ".join(
            f"{D.ACTIONS[t]} {markers(trays[t])}" for t in range(task.tray, 6)
        )
    a, b = divmod(action.pair, 6)
    return f"{D.ACTIONS[task.tray]} tray: {colour(a)} and {colour(b)}"


def card_words(v: GameState, action) -> str:
    if action.pile == 0:
        return "A card from the face-down pile"
    top = v.discards[action.pile - 1][-1]
    return f"{D.COMMODITIES[top]} from discard pile {action.pile} (everyone sees it)"


def start_words(v: GameState, action) -> str:
    task = v.tasks[-1]
    tile = v.stacks[action.stack][-1]
    slot = D.SLOT_NAMES[task.slot]
    return f"{D.STACK_NAMES[action.stack]}: {trajan_tile(tile)} → slot {slot}"


def take_words(v: GameState, action) -> str:
    return tray_plan_words(v, v.viewer, action.tray)


def tray_plan_words(v: GameState, seat: int, tray: int, plan: SowingPlan | None = None) -> str:
    """What ``seat`` taking the markers of ``tray`` would do, in words (the choice of a source
    tray, and the plannable lines of another player's circle): "Forum (B Y) → Senate action;
    time +2, round ends; can complete O+G 1 VP". The arrow leads to the action one gets: the
    target tray's (EN l.191, l.239), said as "action" (a first-timer read "→ Military" as
    a move of the markers)."""
    pl = v.players[seat]
    plan = plan or sowing_plan(v, seat, tray)
    out = f"{D.ACTIONS[tray]} ({markers(pl.trays[tray])}) → {D.ACTIONS[plan.target]} action"
    # the time and the round's end first: a line cut at 80 columns hid "round ends"
    # (issue 36.11); the tile and what the action can do after them
    out += f"; time +{plan.markers}"
    if plan.round_ends:  # in the game's last round, that round's end is the game's end
        out += ", game ends" if last_round(v) else ", round ends"
    if plan.tile >= 0 and plan.can_complete:
        out += f"; can complete {trajan_tile(plan.tile).split(',')[0]}"
    if not plan.action_possible:
        out += "; nothing to do there"
    elif plan.without_tile is False:  # completing the tile opens it (its arch, its effect)
        out += "; nothing to do there unless you complete the tile"
    elif plan.with_tile is False:
        out += "; nothing to do there if you complete the tile"
    return out


def sow_words(v: GameState, action) -> str:
    pl = v.players[v.viewer]
    task = v.tasks[-1]
    needed = ""
    if _tile_wants(pl, task.tray, action.colour):  # on every tray whose tile needs it
        needed = " (its Trajan tile still needs it)"
    last = " — the last marker" if sum(task.hand) == 1 else ""
    now, then = sow_keeps_tile(v, v.viewer, task, action.colour)
    if now and not then:  # this colour here loses the tile the tray choice promised
        tile = trajan_tile(pl.slots[task.target]).split(",")[0]
        last += f" — then the {D.ACTIONS[task.target]} tray's tile {tile} can no longer be done"
    return f"{colour(action.colour)} into the {D.ACTIONS[task.tray]} tray{needed}{last}"


def pass_words(v: GameState, action) -> str:
    return "Pass"


def special_words(v: GameState, action) -> str:
    task = v.tasks[-1]
    info = D.TRAJAN_TILES[task.tile]
    return "Special action: " + SPECIAL_WORDS[info.effect].format(
        n=info.amount, s="s" * (info.amount > 1)
    )


def plus2_words(v: GameState, action) -> str:
    return f"[+2] marker on {D.ACTIONS[action.action]}: its extra action tiles work twice"


def draw_words(v: GameState, action) -> str:
    return "Draw 2 cards, then discard 1"


def discard_words(v: GameState, action) -> str:
    return f"Discard {D.COMMODITIES[action.commodity]} onto pile {action.pile}"


def pick_words(v: GameState, action) -> str:
    top = v.discards[action.pile - 1][-1]
    return f"Take {D.COMMODITIES[top]} from discard pile {action.pile}"


def display_words(v: GameState, action) -> str:
    names = " and ".join(D.COMMODITIES[c] for c in action.cards)
    return f"Play {names} to your display, draw {len(action.cards)}"


def ship_words(v: GameState, action) -> str:
    load = [D.COMMODITIES[c] for c in action.cards] + ["wild card"] * action.wilds
    side = "coloured" if v.ships[action.ship] else "grey"
    return f"Ship {', '.join(load)} on the {D.SHIPS[action.ship]} ship ({side})" + _points(
        v, action
    )


def forum_words(v: GameState, action) -> str:
    kind_, value = FORUM_KEYS[action.key]
    if kind_ == "extra":
        # QA: "Take the extra action: Seaport" read as doing a Seaport action now; the tile
        # is kept and spent after a later action of its kind to repeat it (EN l.634-638)
        act = D.ACTIONS[value]
        return f"Take an extra action tile ({act}): later, play it to repeat a {act} action"
    means = f" ({WILD_MEANS[kind_]})" if kind_ in WILD_MEANS else ""
    return f"Take the {forum_key(kind_, value)}{means}"


def recruit_words(v: GameState, action) -> str:
    return "A legionnaire from your supply to the military camp"


def march_words(v: GameState, action) -> str:
    pl = v.players[v.viewer]
    q = action.province
    tile = v.provinces[q]
    took = f", taking its {forum_tile(tile)}" if tile >= 0 else ""
    if q in pl.provinces:
        later = "your legionnaire is there already"
    else:
        later = f"a legionnaire there later: up to {D.PROVINCE_VP[q]} VP"
    return f"Leader to {D.PROVINCES[q]}{took} (no VP now; {later})"


def deploy_words(v: GameState, action) -> str:
    pl = v.players[v.viewer]
    return f"A legionnaire to {D.PROVINCES[pl.leader]}" + _points(v, action)


def senate_words(v: GameState, action) -> str:
    pl = v.players[v.viewer]
    here, there = D.SENATE_VP[pl.senate], D.SENATE_VP[pl.senate + 1]
    return (
        f"Senate: one space up, from the {here} space to the {there} space (+{there} VP)"
        f" — {senate_track(pl.senate + 1)}"
    )


def trajan_words(v: GameState, action) -> str:
    pl = v.players[v.viewer]
    tile = v.stacks[action.stack][-1]
    return f"{D.STACK_NAMES[action.stack]}: {trajan_tile(tile)} → slot {D.SLOT_NAMES[pl.arch]}"


def hire_words(v: GameState, action) -> str:
    return "A worker from your supply to the worker camp"


def build_words(v: GameState, action) -> str:
    pl = v.players[v.viewer]
    tile = v.district[action.site]
    if tile < 0:
        return f"Worker to site {site_word(action.site)} (a worker is there: no tile)"
    t, vp = D.CONSTRUCTION_TILES[tile]
    first = (
        f", first {D.BUILDING_TYPES[t]}: {D.ACTIONS[D.BUILDING_BONUS[t]]} action too"
        if pl.buildings[t] == 0
        else ""
    )
    return f"Worker to site {site_word(action.site)}: {D.BUILDING_TYPES[t]} {vp} VP{first}"


def extra_words(v: GameState, action) -> str:
    pl = v.players[v.viewer]
    task = v.tasks[-1]
    what = "the extra action wild card" if action.wild else "an extra action tile"
    again = " (twice: [+2])" if pl.plus2[task.action] else ""
    return f"Spend {what}: {D.ACTIONS[task.action]} again{again}"


def spend_words(v: GameState, action) -> str:
    if not action.keys:
        return "Spend no forum tile"
    return "Spend " + ", ".join(forum_key(*FORUM_KEYS[k]) for k in action.keys)


def consul_words(v: GameState, action) -> str:
    return f"Take {bonus_name(action.tile)}: {bonus_tile(action.tile)}"
