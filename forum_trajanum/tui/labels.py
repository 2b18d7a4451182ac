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
    TILE_LABELS,
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
    """A Colonia tile kind in words."""
    return f"{TILE_LABELS.get(kind, kind)} [{kind}]"


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
        a, b = ("A1", "F6") if action.diagonal == "main" else ("F1", "A6")
        first, second = (TILE_LABELS[k].split(" (")[0] for k in (action.first, action.second))
        return f"{first} on {a}, {second} on {b}"
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
        index = pv.task.track if pv.decision == "step" else -1
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
    task = pv.task
    if pv.decision == "envoy":
        mode, colour = task.mode, task.colour
        return {
            "colour": f"Envoy for your {COLOUR_NAMES.get(colour, colour)} ({colour}) structure: "
            "a free space of that colour (colour-area rule).",
            "any": "Envoy of your second patrician: any colour (colour-area rule).",
            "free": "Market 3: any free coloured space, ignoring the colour-area rule.",
            "eagle": "Library 3: a free eagle space.",
        }.get(mode, "")
    if pv.decision == "step":
        names = {"L": "library", "S": "basilica", "M": "market"}
        return f"The {names[TRACKS[task.track]]} track reached step {task.reached}: pick a benefit."
    if pv.decision == "citizen":
        return f"Place the citizen ({task.citizen}) into a row of its class."
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
