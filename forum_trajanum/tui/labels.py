"""Words for the screen: labels of legal actions, tiles, cells and resources.

Only wording lives here. Which actions exist is decided by the engine (``view.legal``).
"""

from __future__ import annotations

from forum_trajanum.data import (
    AREA_BONUS_LABELS,
    BENEFIT_LABELS,
    COLOUR_NAMES,
    GRAY_NAMES,
    ROW_TITLES,
    STREET_SYMBOLS,
    STRUCTURE_NAMES,
    TRACK_BENEFITS,
    TRACKS,
)
from forum_trajanum.engine import PlayerView, parse
from forum_trajanum.engine import actions as A

CORNER_NAMES = ("A1", "F1", "A6", "F6")
GAIN_NAMES = {"$": "1 coin", "T": "1 tribune", "A": "1 assistant"}


def building_name(code: str) -> str:
    """``"L"`` -> "library (L)", ``"B"`` -> "blue fountain (B)"."""
    if code in GRAY_NAMES:
        return f"{GRAY_NAMES[code]} ({code})"
    return f"{COLOUR_NAMES[code]} {STRUCTURE_NAMES[code]} ({code})"


def cost(code: str) -> str:
    """What building one structure uses up: a builder for gray, a worker of its colour."""
    return "1 builder" if code in GRAY_NAMES else f"1 {COLOUR_NAMES[code]} worker ({code})"


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
    if isinstance(action, (A.TakeTile, A.KeepTile, A.PickTile, A.HandicapCorner)):
        return (action.cell,)
    if isinstance(action, A.Build):
        return (action.cell_a, action.cell_b) if action.b else (action.cell_a,)
    return ()


def forum_cell(action: A.Action) -> tuple[int, int] | None:
    """The Forum cell (0-based row, col) of an envoy placement, None otherwise."""
    if isinstance(action, A.PlaceEnvoy) and not action.declined:
        return action.row - 1, action.col - 1
    return None


def describe(action: A.Action, pv: PlayerView) -> str:
    """A player-facing label for a legal action of the viewer's current decision."""
    me = pv.colonias[pv.viewer] if 0 <= pv.viewer < len(pv.colonias) else None
    if isinstance(action, A.SetupCranes):
        pairs = " ".join(f"{c}={k}({COLOUR_NAMES[k]})" for c, k in zip(
            CORNER_NAMES, action.colours, strict=True))  # fmt: skip
        return f"Cranes: {pairs}"
    if isinstance(action, A.SetupDiagonal):
        corners = "A1 + F6" if action.diagonal == "main" else "F1 + A6"
        return f"Other two citizens on the {action.diagonal} diagonal ({corners})"
    if isinstance(action, A.ChooseRow):
        return f"Citizen into row {action.row}: {ROW_TITLES[action.row - 1]}"
    if isinstance(action, A.HandicapCorner):
        return f"Take the citizen from corner {action.cell}"
    if isinstance(action, A.TakeTile):
        street = street_name(pv.street[action.card - 1]) if pv.street else ""
        extra = " paying 1 tribune to ignore it" if action.tribune else ""
        return f"Take tile {action.cell} for card {action.card} ({street}){extra}"
    if isinstance(action, A.SkipCard):
        return f"Take no tile for card {action.card} (its street is empty)"
    if isinstance(action, A.KeepTile):
        kind = ""
        if me is not None and action.cell in me.taken_cells:
            kind = me.taken[me.taken_cells.index(action.cell)]
        return f"Keep the tile from {action.cell} ({tile_label(kind)}), pass the other"
    if isinstance(action, A.UseTile):
        if action.source == "own":
            kind = me.kept if me else ""
            return f"Use your own tile: {tile_label(kind)}"
        if action.source == "received":
            kind = me.received if me else ""
            return f"Use the received tile: {tile_label(kind)}"
        return f"Use a reserve tile: {tile_label(action.tile)}"
    if isinstance(action, A.UseBoth):
        return "Pay 2 tribunes and use both tiles"
    if isinstance(action, A.Convert):
        if action.method == "pair":
            return f"Convert 2 {COLOUR_NAMES[action.give]} workers ({action.give}) -> 1 builder"
        if action.method == "recolour":
            return (
                f"1 assistant: {COLOUR_NAMES[action.give]} worker ({action.give}) -> "
                f"{COLOUR_NAMES[action.get]} worker ({action.get})"
            )
        if action.method == "craftsman1":
            return f"Craftsman I: 1 assistant -> 1 {COLOUR_NAMES[action.get]} worker ({action.get})"
        if action.method == "craftsman2":
            return "Craftsman II: 1 assistant -> 1 builder"
        return f"Merchant II: {GAIN_NAMES[action.give]} -> {GAIN_NAMES[action.get]}"
    if isinstance(action, A.Build):
        if action.b:
            return (
                f"Build {building_name(action.a)} on {action.cell_a} + "
                f"{building_name(action.b)} on {action.cell_b} "
                f"(costs {cost(action.a)} + {cost(action.b)})"
            )
        return f"Build {building_name(action.a)} on {action.cell_a} (costs {cost(action.a)})"
    if isinstance(action, A.EndTurn):
        return "End the turn"
    if isinstance(action, A.ChooseFirst):
        return "Resolve the gray building first" if action.which == "gray" else (
            "Resolve the coloured structure first")  # fmt: skip
    if isinstance(action, A.PlaceEnvoy):
        if action.declined:
            return "Place no envoy"
        return f"Envoy on Forum row {action.row}, column {action.col}"
    if isinstance(action, A.ChooseStep):
        index = pv.detail[0] if pv.detail and isinstance(pv.detail[0], int) else -1
        if 0 <= index < len(TRACKS):
            track = TRACKS[index]
            benefit = BENEFIT_LABELS[TRACK_BENEFITS[track][action.n - 1]]
            return f"Step {action.n}: {benefit}"
        return f"Benefit of step {action.n}"
    if isinstance(action, A.ChooseWorker):
        return f"Take 1 {COLOUR_NAMES[action.colour]} worker ({action.colour})"
    if isinstance(action, A.ChooseBonus):
        return "Area bonus: " + " + ".join(AREA_BONUS_LABELS[b] for b in action.bonuses)
    if isinstance(action, A.ChooseGain):
        return f"Take {GAIN_NAMES.get(action.resource, action.resource)}"
    if isinstance(action, A.PickTile):
        return f"Take the Colonia tile at {action.cell} and use it now"
    if isinstance(action, A.PayCitizens):
        if not action.rows:
            return "Pay nothing (every citizen row turns inactive)"
        rows = ", ".join(f"{r} {ROW_TITLES[r - 1]}" for r in action.rows)
        return f"Pay {len(action.rows)} coin(s) for rows {rows}"
    return str(action)


def decision_context(pv: PlayerView) -> str:
    """One line on what the current decision is about (from its public detail)."""
    detail = pv.detail
    if pv.decision == "envoy" and detail:
        mode, colour = detail[0], detail[1] if len(detail) > 1 else ""
        return {
            "colour": f"Envoy for your {COLOUR_NAMES.get(colour, colour)} ({colour}) structure: "
            "a free space of that colour (colour-area rule).",
            "any": "Envoy of your second patrician: any colour (colour-area rule).",
            "free": "Market 3: any free coloured space, ignoring the colour-area rule.",
            "eagle": "Library 3: a free eagle space.",
        }.get(mode, "")
    if pv.decision == "step" and detail and isinstance(detail[0], int):
        names = {"L": "library", "S": "basilica", "M": "market"}
        return f"The {names[TRACKS[detail[0]]]} track reached step {detail[-1]}: pick a benefit."
    if pv.decision == "citizen" and detail:
        return f"Place the citizen ({detail[0]}) into a row of its class."
    if pv.decision == "bonus":
        return "You completed a colour area of the Forum: take an area bonus."
    if pv.decision == "use":
        return "Use one tile (or pay 2 tribunes for both); see your kept/received tile below."
    if pv.decision == "build":
        return "Convert resources, build once (* cells on your Colonia), then end the turn."
    if pv.decision == "pay":
        return "1 coin per citizen row; unpaid rows turn inactive before the scoring."
    return ""


def legal_actions_of(pv: PlayerView) -> list[A.Action]:
    """The viewer's legal actions, parsed from the view."""
    return [parse(text) for text in pv.legal]


def prestige_words(colonia) -> str:
    """What the slide bar is worth now, in words: "largest area: envoys + 1, Trajan task:
    5 VP". From the view's ``area_value`` / ``trajan_value`` when it has them."""
    area = getattr(colonia, "area_value", None)
    trajan = getattr(colonia, "trajan_value", None)
    if area is None or trajan is None:
        # TODO(issue 8): the view gains area_value / trajan_value; until then the table
        from forum_trajanum.data import prestige_section, trajan_value

        area = prestige_section(colonia.prestige) + (1 if colonia.flipped else 0)
        trajan = trajan_value(colonia.prestige)
    plus = f" + {area}" if area else ""
    return f"largest area: envoys{plus}, Trajan task: {trajan} VP"
