"""Words for the screen: labels of legal actions, tiles, cells and resources.

Only wording lives here. Which actions exist is decided by the engine (``view.legal``).
"""

from __future__ import annotations

from forum_trajanum.core.actions import check_complete
from forum_trajanum.data import (
    AREA_BONUS_LABELS,
    BENEFIT_LABELS,
    CITIZEN_ABILITIES,
    COLOUR_NAMES,
    CORNERS,
    DIAGONALS,
    GRAY_NAMES,
    ROW_TITLES,
    STREET_SYMBOLS,
    STRUCTURE_NAMES,
    TRACK_BENEFITS,
    TRACKS,
    cell_name,
)
from forum_trajanum.engine import PlayerView, parse, preview
from forum_trajanum.engine import actions as A
from forum_trajanum.engine.tasks import Decision

#: The crane corners' names, in the engine's order of corners.
CORNER_NAMES = tuple(cell_name(c) for c in CORNERS)
GAIN_NAMES = {"$": "1 coin", "T": "1 tribune", "A": "1 assistant"}


def building_name(code: str) -> str:
    """``"L"`` -> "a library", ``"B"`` -> "a blue fountain (B)" (the letter as on the board)."""
    if code in GRAY_NAMES:
        return f"a {GRAY_NAMES[code]}"
    return f"a {COLOUR_NAMES[code]} {STRUCTURE_NAMES[code]} ({code})"


def tile_label(kind: str) -> str:
    """A Colonia tile kind in words, as a player says it ("2 coins", "builder")."""
    return TILE_WORDS.get(kind, kind)


#: Tile kinds in words (no internal codes on screen).
TILE_WORDS: dict[str, str] = {
    "PAT": "Patrician",
    "MER": "Merchant",
    "CRA": "Craftsman",
    "BLD": "builder",
    **{f"WW{c}": f"2 {COLOUR_NAMES[c]} workers" for c in "BGYR"},
    **{f"WA{c}": f"{COLOUR_NAMES[c]} worker + assistant" for c in "BGYR"},
    "AA": "2 assistants",
    "CC": "2 coins",
    "CT": "coin + tribune",
    "TT": "2 tribunes",
    "UP": "upgrade",
    "UC": "upgrade + coin",
}

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


def street_name(symbol: int) -> str:
    """A street card symbol as printed: "street III" or "street c"."""
    return f"street {STREET_SYMBOLS[symbol]}"


def action_cells(action: A.Action) -> tuple[str, ...]:
    """The Colonia cells an action is about (for the grid cursor)."""
    return CHOICE_CELLS[action.kind](action)


def _one_cell(action) -> tuple[str, ...]:
    return (action.cell,)


def _no_cell(action) -> tuple[str, ...]:
    return ()


def _built_cells(action: A.Build) -> tuple[str, ...]:
    return (action.cell_a, action.cell_b) if action.b else (action.cell_a,)


#: The Colonia cells of each action kind, each kind named (checked complete at import: a new
#: action kind must say which cells it marks, none included).
CHOICE_CELLS = check_complete(
    A.ACTIONS,
    {
        "take": _one_cell, "keep": _one_cell, "pick": _one_cell, "handicap": _one_cell,
        "build": _built_cells,
        **dict.fromkeys(
            ("bonus", "both", "convert", "cranes", "diagonal", A.EndTurn.make().kind, "envoy",
             "first", "gain", "pay", "row", "skip", "step", "use", "worker"),
            _no_cell,
        ),
    },
    "board cells",
)  # fmt: skip


def forum_cell(action: A.Action) -> tuple[int, int] | None:
    """The Forum cell (0-based row, col) of an envoy placement, None otherwise."""
    if isinstance(action, A.PlaceEnvoy) and not action.declined:
        return action.row - 1, action.col - 1
    return None


def describe(action: A.Action, pv: PlayerView) -> str:
    """A player-facing label for a legal action: what it is, what it costs and gives.

    What it costs and gives comes from the engine's ``preview(view, action)``
    (:func:`effect_words`); the action's own words say what it is."""
    if isinstance(action, A.Convert) and pv.viewer >= 0 and pv.legal:
        p = preview(pv, action)  # short: what goes, what comes (a list can hold dozens)
        name = CONVERT_NAMES.get(action.method, "Exchange")
        return f"{name}: {resource_words(p.pay)} → {resource_words(p.gain)}"
    what = action_words(action, pv)
    effects = effect_words(action, pv)
    return f"{what} — {effects}" if effects else what


def _tile_in_hand(me, cell: str) -> str:
    if me is not None and cell in me.taken_cells:
        return me.taken[me.taken_cells.index(cell)]
    return ""


def action_words(action: A.Action, pv: PlayerView) -> str:
    """What the action is, in words (without its cost and gain: :func:`describe` adds them)."""
    me = pv.colonias[pv.viewer] if 0 <= pv.viewer < len(pv.colonias) else None
    return CHOICE_WORDS[action.kind](action, pv, me)


def _cranes(action: A.SetupCranes, pv: PlayerView, me) -> str:
    pairs = ", ".join(f"{c} {COLOUR_NAMES[k]}" for c, k in zip(
        CORNER_NAMES, action.colours, strict=True))  # fmt: skip
    return f"Cranes: {pairs}"


def _diagonal(action: A.SetupDiagonal, pv: PlayerView, me) -> str:
    a, b = (cell_name(c) for c in DIAGONALS[action.diagonal])
    return f"{tile_label(action.first)} on {a}, {tile_label(action.second)} on {b}"


def _row(action: A.ChooseRow, pv: PlayerView, me) -> str:
    who = "The citizen"
    if pv.decision == Decision.CITIZEN:
        who = tile_label(pv.task.citizen)
    elif me is not None and me.female:
        who = tile_label(me.female)
    row = action.row - 1  # what the row lets its owner do, so that the choice can be made
    return f"{who} into row {action.row}: {ROW_TITLES[row]} ({CITIZEN_ABILITIES[row]})"


def _take(action: A.TakeTile, pv: PlayerView, me) -> str:
    street = street_name(pv.street[action.card - 1]) if pv.street else "its street"
    if action.tribune:
        return f"Take the tile at {action.cell} for card {action.card}, off {street}"
    return f"Take the tile at {action.cell} for card {action.card} ({street})"


def _keep(action: A.KeepTile, pv: PlayerView, me) -> str:
    kept = _tile_in_hand(me, action.cell)
    others = [c for c in (me.taken_cells if me else ()) if c != action.cell]
    passed = tile_label(_tile_in_hand(me, others[0])) if others else "the other tile"
    return f"Keep {tile_label(kept) or 'the tile'} (from {action.cell}), pass {passed}"


def _use(action: A.UseTile, pv: PlayerView, me) -> str:
    if action.source == "own":
        return f"Use your kept tile: {tile_label(me.kept if me else '')}"
    if action.source == "received":
        return f"Use the tile you received: {tile_label(me.received if me else '')}"
    return f"Use a tile from your reserve: {tile_label(action.tile)}"


def _build(action: A.Build, pv: PlayerView, me) -> str:
    if action.b:
        return (
            f"Build {building_name(action.a)} on {action.cell_a} and "
            f"{building_name(action.b)} on {action.cell_b}"
        )
    return f"Build {building_name(action.a)} on {action.cell_a}"


def _first(action: A.ChooseFirst, pv: PlayerView, me) -> str:
    if action.which == "gray":
        return "First the benefit of the gray building, then the structure's envoy"
    return "First the structure's envoy, then the benefit of the gray building"


def _envoy(action: A.PlaceEnvoy, pv: PlayerView, me) -> str:
    if action.declined:
        return "Place no envoy"
    return f"Envoy on the Forum at row {action.row}, column {action.col}" + _space(
        pv, action.row - 1, action.col - 1
    )


def _step(action: A.ChooseStep, pv: PlayerView, me) -> str:
    index = pv.task.track if pv.decision == Decision.STEP else -1
    if 0 <= index < len(TRACKS):
        track = TRACKS[index]
        benefit = BENEFIT_LABELS[TRACK_BENEFITS[track][action.n - 1]]
        return f"{GRAY_NAMES[track].capitalize()} step {action.n}: {benefit}"
    return f"The benefit of step {action.n}"


#: What each kind of action is, in words (checked complete at import: a new action kind
#: without its words fails at once, not on a player's screen).
CHOICE_WORDS = check_complete(
    A.ACTIONS,
    {
        "cranes": _cranes,
        "diagonal": _diagonal,
        "row": _row,
        "handicap": lambda a, pv, me: f"Take the citizen from corner {a.cell}",
        "take": _take,
        "skip": lambda a, pv, me: f"Take no tile for card {a.card} (its street is empty)",
        "keep": _keep,
        "use": _use,
        "both": lambda a, pv, me: "Use both tiles",
        # the preview says what goes and what comes
        "convert": lambda a, pv, me: CONVERT_NAMES.get(a.method, "Exchange"),
        "build": _build,
        "end": lambda a, pv, me: "End the turn",
        "first": _first,
        "envoy": _envoy,
        "step": _step,
        "worker": lambda a, pv, me: f"Take 1 {COLOUR_NAMES[a.colour]} worker ({a.colour})",
        "bonus": lambda a, pv, me: (
            "Area bonus: " + " and ".join(AREA_BONUS_LABELS[b] for b in a.bonuses)
        ),
        "gain": lambda a, pv, me: f"Take {GAIN_NAMES.get(a.resource, a.resource)}",
        "pick": lambda a, pv, me: f"Take the tile at {a.cell} from your Colonia and use it now",
        "pay": lambda a, pv, me: _pay_words(a, me),
    },
    "choice words",
)


#: Conversions by their source (the preview words what they take and give).
CONVERT_NAMES = {
    "pair": "Exchange workers",
    "recolour": "Recolour with an assistant",
    "craftsman1": "Craftsman I",
    "craftsman2": "Craftsman II",
    "merchant2": "Merchant II",
}

#: Choices whose own words name what they give: their preview adds only the rest.
_NAMES_ITS_GAIN = (A.ChooseBonus, A.ChooseWorker, A.ChooseGain, A.UseTile, A.ChooseStep)


def _pay_words(action: A.PayCitizens, me) -> str:
    """Which rows stay active and which turn inactive (rows with citizens, public)."""
    if not action.rows:
        return "Pay nothing: every citizen row turns inactive"
    coins = "1 coin" if len(action.rows) == 1 else f"{len(action.rows)} coins"
    if me is None:
        kept = ", ".join(ROW_TITLES[r - 1] for r in action.rows)
        return f"Pay {coins}: {kept} stay{'s' if len(action.rows) == 1 else ''} active"
    # a paid row stays active, or turns active again (rulebook: "Inactive citizens of a
    # social class can be reactivated"); an unpaid one with citizens turns (or stays) inactive
    paid = {r - 1 for r in action.rows}
    parts = []
    for is_paid, active, one, many, what in (
        (True, True, "stays", "stay", "active"),
        (True, False, "turns", "turn", "active again"),
        (False, True, "turns", "turn", "inactive"),
        (False, False, "stays", "stay", "inactive"),
    ):
        rows = [
            ROW_TITLES[r]
            for r in range(6)
            if (r in paid) == is_paid
            and me.row_active[r] == active
            and (is_paid or any(me.citizens[r]))
        ]
        if rows:
            parts.append(f"{', '.join(rows)} {one if len(rows) == 1 else many} {what}")
    return f"Pay {coins}: " + "; ".join(parts)


def _space(pv: PlayerView, row: int, col: int) -> str:
    """ " (blue space)" / " (eagle space)": the Forum space's colour, printed on the board."""
    if (row, col) not in pv.forum_coords:
        return ""
    colour = pv.forum_colours[pv.forum_coords.index((row, col))]
    return " (eagle space)" if colour == "E" else f" ({COLOUR_NAMES[colour]} space)"


RESOURCE_WORDS = {
    "builder": ("builder", "builders"),
    "assistant": ("assistant", "assistants"),
    "coin": ("coin", "coins"),
    "tribune": ("tribune", "tribunes"),
    "upgrade": ("prestige step", "prestige steps"),
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


SECOND_CITIZEN_WORDS = {
    "envoy": "Patrician I: 1 envoy",
    "area_bonus": "Patrician II: 1 area bonus",
    "coin_or_tribune": "Merchant I: a coin or a tribune",
    "coin_or_assistant": "Merchant II: a coin or an assistant",
    "worker": "Craftsman I: 1 worker of any colour",
    "builder": "Craftsman II: 1 builder",
}


def effect_words(action: A.Action, pv: PlayerView) -> str | None:
    """What an action costs and gives, in words, from the engine's ``preview`` (computed from
    the player's view only); None when the viewer has no decision to preview."""
    if pv.viewer < 0 or not pv.legal:
        return None
    p = preview(pv, action)
    parts = []
    if p.pay and not isinstance(action, A.PayCitizens):  # its own words say what it pays
        parts.append("pay " + resource_words(p.pay))
    gains = []
    if p.tile and not isinstance(action, (A.UseTile, A.KeepTile)):  # those name it already
        gains.append(tile_label(p.tile))
    if p.hidden_tile and not isinstance(action, A.TakeTile):  # a take says it takes a tile
        gains.append("a face-down tile")
    named = isinstance(action, _NAMES_ITS_GAIN)
    if p.gain and not named:
        gains.append(resource_words(p.gain))
    if p.points and not named:
        gains.append(f"{p.points} VP")
    if p.track and p.step and not isinstance(action, A.ChooseStep):
        step = f"{GRAY_NAMES[p.track]} step {p.step}"
        if p.benefits:
            step += ": " + " or ".join(BENEFIT_LABELS.get(b, b) for b in p.benefits)
        if p.track_ends:
            step += " (the track's end)"
        gains.append(step)
    if p.citizen_row and not isinstance(action, A.ChooseRow):  # the row names itself
        gains.append(f"a citizen into {ROW_TITLES[p.citizen_row - 1]}")
    if p.second_citizen:
        gains.append(SECOND_CITIZEN_WORDS.get(p.second_citizen, p.second_citizen))
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
    if p.flips_bar:
        parts.append("the slide bar flips over")
    if p.inactive_rows and not isinstance(action, A.PayCitizens):  # pay words name them
        parts.append("inactive: " + ", ".join(ROW_TITLES[r - 1] for r in p.inactive_rows))
    return "; ".join(parts)


def decision_context(pv: PlayerView) -> str:
    """One line on what the current decision is about (from its public task record)."""
    task = pv.task
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
        return "You completed a colour area of the Forum: take an area bonus."
    if pv.decision == Decision.USE:
        return "Use one tile (or pay 2 tribunes for both)."
    if pv.decision == Decision.BUILD:
        return "Convert resources, build once (cells marked ▸ on your Colonia), then end the turn."
    if pv.decision == Decision.PAY:
        return "1 coin per citizen row; unpaid rows turn inactive before the scoring."
    return ""


def legal_actions_of(pv: PlayerView) -> list[A.Action]:
    """The viewer's legal actions, parsed from the view."""
    return [parse(text) for text in pv.legal]


def prestige_words(colonia) -> str:
    """What the slide bar is worth now, in words ("largest area: envoys + 1, Trajan task:
    5 VP"), from the view's ``area_bonus`` and ``trajan_value``."""
    plus = f" + {colonia.area_bonus}" if colonia.area_bonus else ""
    return f"largest area: envoys{plus}, Trajan task: {colonia.trajan_value} VP"


def cell_words(colonia, index: int) -> str:
    """What a Colonia cell holds, in words (the long form of what the grid shows)."""
    from forum_trajanum.data import CORNERS

    text = colonia.cells[index]
    if text == "temple":
        return "a temple"
    if text == "hidden":
        return "a face-down tile"
    if text.startswith("tile:"):
        return f"face-up tile: {tile_label(text[5:])}"
    if text.startswith("built:"):
        return building_name(text[6:]).removeprefix("a ")
    if text == "crane" and index in CORNERS:
        corner = CORNERS.index(index)
        colour = COLOUR_NAMES.get(colonia.cranes[corner])
        if colour is None:  # during setup, before this corner's colour is chosen
            return "crane corner, colour still to choose"
        scored = ", scored" if colonia.crane_state[corner] == 2 else ""
        return f"{colour} crane{scored}"
    return "an empty building space"
