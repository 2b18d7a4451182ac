"""Words for the screen: labels of legal actions, tiles, cells and resources.

Only wording lives here. Which actions exist is decided by the engine (``view.legal``, the
engine's own action values: nothing here parses a text). What
each kind of action is in words, and which board cells it is about, is its spec's
(``forum_trajanum.games.forum_trajanum.engine.specs``): the game's words live in the engine
(``forum_trajanum.games.forum_trajanum.engine.words``), and this module adds the screen's (costs and
gains from the
preview, a decision's context, a cell's contents).
"""

from __future__ import annotations

from collections import Counter

from forum_trajanum.games.forum_trajanum.data import (
    BENEFIT_LABELS,
    COLOUR_NAMES,
    CORNERS,
    GRAY_NAMES,
    ROW_TITLES,
    TRACKS,
)
from forum_trajanum.games.forum_trajanum.engine import PlayerView, preview
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine.cells import CellKind, parse_cell
from forum_trajanum.games.forum_trajanum.engine.specs import SPECS
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision
from forum_trajanum.games.forum_trajanum.engine.words import building_name, tile_label

#: Tile kinds in a Colonia cell: two lines of at most 5 characters (small cells) and three
#: lines of at most 7 (big cells). The legend (help) and the cursor line give the long form.
TILE_SHORT: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "PAT": (("Patr.", "citzn"), ("Patri-", "cian", "citizen")),
    "MER": (("Merc.", "citzn"), ("Mer-", "chant", "citizen")),
    "CRA": (("Craf.", "citzn"), ("Crafts-", "man", "citizen")),
    "BLD": (("1", "build"), ("1", "builder", "")),
    **{f"WW{c}": ((f"2 {c}", "work"), (f"2 {c}", "workers", "")) for c in "BGYR"},
    **{f"WA{c}": ((f"{c}+", "asst"), (f"1 {c}", "worker", "+assist")) for c in "BGYR"},
    "AA": (("2", "asst"), ("2", "assist-", "ants")),
    "CC": (("2", "coins"), ("2", "coins", "")),
    "CT": (("coin", "+trib"), ("1 coin", "+1", "tribune")),
    "TT": (("2", "trib"), ("2", "tribunes", "")),
    "UP": (("1", "upgr"), ("1", "upgrade", "")),
    "UC": (("upgr", "+coin"), ("1", "upgrade", "+1 coin")),
}

#: Gray buildings as printed on their cells.
GRAY_SHORT = {"L": "LIB", "S": "BAS", "M": "MKT", "C": "COL"}


def action_cells(action: A.Action) -> tuple[str, ...]:
    """The Colonia cells an action is about (for the grid cursor): its spec's."""
    return SPECS[action.kind].cells(action)


def forum_cell(action: A.Action) -> tuple[int, int] | None:
    """The Forum cell (0-based row, col) an action is about (an envoy placement's), None
    otherwise: its spec's."""
    return SPECS[action.kind].forum(action)


def describe(action: A.Action, pv: PlayerView) -> str:
    """A player-facing label for a legal action: what it is, what it costs and gives.

    What it costs and gives comes from the engine's ``preview(view, action)``
    (:func:`effect_words`); the action's own words say what it is."""
    if isinstance(action, A.Convert) and pv.viewer >= 0 and pv.legal:
        p = preview(pv, action)  # short: what goes, what comes (a list can hold dozens)
        name = action_words(action, pv)
        return f"{name}: {resource_words(p.pay)} → {resource_words(p.gain)}"
    what = action_words(action, pv)
    effects = effect_words(action, pv)
    return f"{what} — {effects}" if effects else what


def action_words(action: A.Action, pv: PlayerView) -> str:
    """What the action is, in words (without its cost and gain: :func:`describe` adds them)."""
    me = pv.colonias[pv.viewer] if 0 <= pv.viewer < len(pv.colonias) else None
    return SPECS[action.kind].words(action, pv, me)


RESOURCE_WORDS = {
    "builder": ("builder", "builders"),
    "assistant": ("assistant", "assistants"),
    "coin": ("coin", "coins"),
    "tribune": ("tribune", "tribunes"),
    "upgrade": ("slide bar step", "slide bar steps"),
}


def resource_words(counts: dict[str, int]) -> str:
    """``{"builder": 1, "worker:B": 2}`` -> "1 builder, 2 blue workers"."""
    parts = []
    for key, n in counts.items():
        if not n:
            continue
        if key.startswith("worker:"):
            colour = COLOUR_NAMES.get(key[7:], key[7:])
            parts.append(f"{n} {colour} worker{'s' if n != 1 else ''}")
        else:
            one, many = RESOURCE_WORDS.get(key, (key, key))
            parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts)


#: The second-citizen bonuses that are a choice still to make (the others are counted in the
#: preview: an envoy in ``envoys``, an area bonus in ``area_bonuses``, a builder in ``gain``).
SECOND_CITIZEN_WORDS = {
    "coin_or_tribune": "Merchant I: a coin or a tribune",
    "coin_or_assistant": "Merchant II: a coin or an assistant",
    "worker": "Craftsman I: 1 worker of any colour",
}


def _lost_envoys(p, pv: PlayerView) -> str:
    """Why envoys the action would send cannot go (the ship holds too few, or the Forum has
    too few free spaces for them)."""
    ship_short = pv.colonias[pv.viewer].ship <= p.envoys
    if not p.envoys:
        return "no envoy: " + ("your ship is empty" if ship_short else "no free Forum space")
    more = "your ship has no more" if ship_short else "no more free Forum spaces"
    return f"only {p.envoys} envoy{'s' if p.envoys != 1 else ''}: {more}"


def effect_words(action: A.Action, pv: PlayerView) -> str | None:
    """What an action costs and gives, in words, from the engine's ``preview`` (computed from
    the player's view only); None when the viewer has no decision to preview."""
    if pv.viewer < 0 or not pv.legal:
        return None
    p = preview(pv, action)
    says = SPECS[action.kind].says  # what the action's own words name already
    parts = []
    if p.pay and "pay" not in says:
        parts.append("pay " + resource_words(p.pay))
    gains = []
    if p.tile and "tile" not in says:
        gains.append(tile_label(p.tile))
    if p.hidden_tile and "hidden_tile" not in says:
        gains.append("a face-down tile")
    if p.gain and "gain" not in says:
        gains.append(resource_words(p.gain))
    if p.points and "points" not in says:
        gains.append(f"{p.points} VP")
    if p.track and p.step and "track" not in says:
        step = f"{GRAY_NAMES[p.track]} step {p.step}"
        if p.benefits:
            step += ": " + " or ".join(BENEFIT_LABELS.get(b, b) for b in p.benefits)
        if p.track_ends:
            step += " (the track's end)"
        gains.append(step)
    if p.citizen_row and "citizen_row" not in says:
        gains.append(f"a citizen into {ROW_TITLES[p.citizen_row - 1]}")
    if p.second_citizen in SECOND_CITIZEN_WORDS:
        gains.append(SECOND_CITIZEN_WORDS[p.second_citizen])
    if p.envoys:
        gains.append(f"{p.envoys} envoy{'s' if p.envoys != 1 else ''} to place")
    if p.area_bonuses:
        gains.append(f"{p.area_bonuses} area bonus" + ("es" if p.area_bonuses != 1 else ""))
    if p.crane:
        gains.append(f"uncovers the {COLOUR_NAMES.get(p.crane, p.crane)} crane")
    if p.prestige >= 0:
        gains.append(f"slide bar to {p.prestige}")
    if gains:
        parts.append("get " + ", ".join(gains))
    if isinstance(action, A.PlaceEnvoy) and not action.declined:
        parts.append(envoy_score_words(p))
    if p.envoys_lost:
        parts.append(_lost_envoys(p, pv))
    if p.lost.get("upgrade"):
        parts.append("no upgrade: the slide bar is at its end")
    if p.flips_bar:
        parts.append("the slide bar flips over")
    if p.inactive_rows and "inactive_rows" not in says:
        parts.append("inactive: " + ", ".join(ROW_TITLES[r - 1] for r in p.inactive_rows))
    return "; ".join(parts)


def decision_context(pv: PlayerView) -> str:
    """One line on what the current decision is about (from its public task record)."""
    task = pv.task
    if task is None:  # the game is over
        return ""
    if pv.decision == Decision.ENVOY:
        mode, colour = task.mode, task.colour
        return {
            "colour": f"Envoy for your {COLOUR_NAMES.get(colour, colour)} ({colour}) structure: "
            "a free space of that colour (colour-area rule).",
            "any": "Envoy of your second patrician: any colour (colour-area rule).",
            "free": "Market 3: any free coloured space, ignoring the colour-area rule.",
            "eagle": "Library 3: a free eagle space.",
        }.get(mode, "")
    if pv.decision == Decision.STEP:
        names = {"L": "library", "S": "basilica", "M": "market"}
        return f"The {names[TRACKS[task.track]]} track reached step {task.reached}: pick a benefit."
    if pv.decision == Decision.CITIZEN:
        return f"Place the {tile_label(task.citizen)} into a row of its class."
    if pv.decision == Decision.BONUS:
        if task.reason == "area":
            take = "take 2 different area bonuses." if task.count == 2 else "take an area bonus."
        else:  # the reason names the area bonus already
            take = "take 2 different ones." if task.count == 2 else "take one."
        return f"{bonus_reason(task)}: {take}"
    if pv.decision == Decision.USE:
        return "Use one tile (or pay 2 tribunes for both)."
    if pv.decision == Decision.BUILD:
        return "Convert resources, build once (cells marked ▸ on your Colonia), then end the turn."
    if pv.decision == Decision.PAY:
        return "1 coin per citizen row; unpaid rows turn inactive before the scoring."
    return ""


def bonus_reason(task) -> str:
    """Why an area bonus is won, from its task record's ``reason`` (the engine's data)."""
    if task.reason == "step":
        track, step = task.at[:1], task.at[1:]
        return f"The {GRAY_NAMES[track]} track's step {step} gives an area bonus"
    if task.reason == "citizen":
        return f"Your second citizen in {ROW_TITLES[int(task.at) - 1]} gives an area bonus"
    return "You completed a colour area of the Forum"


def converted_words(build: A.Build, conversion: A.Convert, pv: PlayerView) -> str:
    """A build that a conversion makes possible, with the conversion in its cost (what both
    take together): "Build a blue fountain (B) on C1 — recolour: 1 assistant, 1 yellow
    worker; get 1 envoy to place"."""
    converts, builds = preview(pv, conversion), preview(pv, build)
    net = Counter(converts.pay)
    net.update(builds.pay)
    net.subtract(converts.gain)
    cost = resource_words({k: n for k, n in net.items() if n > 0})
    first = action_words(conversion, pv).split(" with ")[0]  # "Recolour with an assistant"
    effects = effect_words(build, pv) or ""
    paid = "pay " + resource_words(builds.pay)
    if builds.pay and effects.startswith(paid):  # the build's own payment: in the cost
        effects = effects[len(paid) :].removeprefix("; ")
    words = f"{action_words(build, pv)} — {first[:1].lower()}{first[1:]}: {cost}"
    return words + (f"; {effects}" if effects else "")


def envoy_score_words(p) -> str:
    """What an envoy placed scores at each Forum scoring, from the preview (the engine's eagle
    and largest-area scoring): "+1 VP next to an eagle, +1 VP largest area (group of 3) at
    each scoring"."""
    parts = []
    if p.eagle:
        how = " (Patrician I)" if p.eagle == "diagonal to" else ""
        parts.append(f"+{p.eagle_points} VP {p.eagle} an eagle{how}")
    group = f"group of {p.group}" if p.group > 1 else "a new group"
    if p.area_points:
        parts.append(f"+{p.area_points} VP largest area ({group})")
    elif p.group > 1:
        parts.append(f"joins a {group}, not your largest")
    if not parts:
        return "scores nothing (no eagle, not your largest area)"
    return ", ".join(parts) + " at each scoring"


def prestige_parts(colonia, compact: bool = False) -> tuple[str, str]:
    """What the slide bar is worth now, its two parts in words ("largest area: envoys + 1",
    "Trajan task: 5 VP"), from the view's ``area_bonus`` and ``trajan_card_value``;
    ``compact`` writes the bonus "envoys+1" (a line of the narrow side panel)."""
    bonus = colonia.area_bonus
    plus = (f"+{bonus}" if compact else f" + {bonus}") if bonus else ""
    return f"largest area: envoys{plus}", f"Trajan task: {colonia.trajan_card_value} VP"


def prestige_words(colonia) -> str:
    """What the slide bar is worth now, in words ("largest area: envoys + 1, Trajan task:
    5 VP")."""
    return ", ".join(prestige_parts(colonia))


def cell_words(colonia, index: int) -> str:
    """What a Colonia cell holds, in words (the long form of what the grid shows)."""
    kind, detail = parse_cell(colonia.cells[index])
    if kind == CellKind.TEMPLE:
        return "a temple"
    if kind == CellKind.HIDDEN:
        return "a face-down tile"
    if kind == CellKind.TILE:
        return f"face-up tile: {tile_label(detail)}"
    if kind == CellKind.BUILT:
        return building_name(detail).removeprefix("a ")
    if kind == CellKind.CRANE and index in CORNERS:
        corner = CORNERS.index(index)
        colour = COLOUR_NAMES.get(colonia.cranes[corner])
        if colour is None:  # during setup, before this corner's colour is chosen: the
            # cranes' lines below say "to choose" (said here too, it was said twice)
            return "crane corner"
        scored = ", scored" if colonia.crane_state[corner] == 2 else ""
        return f"{colour} crane{scored}"
    return "an empty building space"
