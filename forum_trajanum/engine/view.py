"""What one player may know: ``view(state, player)``.

The view is the only thing a player's screen and a bot ever receive. It holds the public board
plus the viewer's own secrets: its river tile, the multiset of its own face-down tiles, the
tiles it drafted, the tile it received (only once everyone has passed). It never holds another
player's face-down tiles, river, kept or received tile before they are revealed, or the seed.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict

from forum_trajanum.data import (
    AREA_BONUS_LABELS,
    BENEFIT_LABELS,
    BUILDING_SPACES,
    COLOUR_NAMES,
    CORNERS,
    GRAY_NAMES,
    ROW_TITLES,
    STRUCTURE_NAMES,
    TEMPLES,
    TILE_KINDS_PER_PLAYER,
    TILE_LABELS,
    TILES_PER_PLAYER,
    TRACK_BENEFITS,
    TRACKS,
)
from forum_trajanum.engine import actions as A
from forum_trajanum.engine import rules
from forum_trajanum.engine.actions import Action
from forum_trajanum.engine.forum import forum_geometry
from forum_trajanum.engine.state import GameOptions, GameState, PlayerState, construct, tile_kind

_PLACE = tuple(
    "temple" if c in TEMPLES else "corner" if c in CORNERS else "space" for c in range(36)
)
#: tile id -> kind, for every possible tile id (4 players)
_KIND = TILE_KINDS_PER_PLAYER * 4


class ColoniaView(BaseModel):
    """One player's Colonia and supply as the viewer may see it."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    seat: int
    #: per cell: "temple", "hidden" (face-down tile), "tile:KIND" (face-up corner tile),
    #: "crane" (vacated corner), "empty" (vacated building space) or "built:CODE"
    cells: tuple[str, ...]
    building_tiles: tuple[int, ...]  # physical building tile id per cell (-1 none)
    cranes: tuple[str, ...]
    crane_state: tuple[int, ...]
    citizens: tuple[tuple[str, str], ...]  # kind per citizen space ("" empty)
    citizen_owners: tuple[tuple[int, int], ...]  # whose tile (tile backs show the colour)
    row_active: tuple[bool, ...]
    ship: int
    reserve: tuple[str, ...]
    builders: int
    workers: tuple[int, int, int, int]
    assistants: int
    coins: int
    tribunes: int
    prestige: int
    flipped: bool
    tracks: tuple[int, int, int]
    score: int
    points: dict[str, int]
    cycle_points: tuple[int, int, int]
    cards_left: tuple[int, ...]  # street card slots (0/1) not yet drafted for this round
    taken_cells: tuple[str, ...]  # cells drafted this round (public)
    drafted: int  # tiles taken so far in the draft step under way
    done_drafting: bool
    kept: str  # kind, "" when none or not visible to the viewer
    received: str
    kept_hidden: bool  # a kept tile is there but the viewer may not see it
    received_hidden: bool  # a received tile is there but the viewer may not see it
    passed: str  # only the passer's own view shows what it passed
    taken: tuple[str, ...]  # kinds of tiles in hand (own view during the draft)
    river: str  # only in the owner's view
    female: str  # the drawn female-back citizen, in the owner's view during setup
    unseen: dict[str, int]  # this player's tiles the viewer has not seen, by kind
    revealed: bool  # the player's turn this round has begun: its two tiles lie face up
    used: tuple[str, ...]
    uses_left: int
    builds_left: int
    craftsman1_left: int
    craftsman2_left: int
    merchant2_left: int
    handicap: bool


class PlayerView(BaseModel):
    """Everything player ``viewer`` may know at this moment."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    viewer: int
    options: GameOptions
    phase: str
    decision: str  # current decision kind ("over" at the end)
    decider: int  # who decides now (-1 at the end)
    detail: tuple  # public context of the current decision (e.g. envoy mode and colour)
    tasks: tuple[tuple, ...]  # the public task stack (what is still to happen, in order)
    cycle: int
    round: int
    start_player: int
    column_value: int
    street: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    pile_sizes: tuple[int, ...]
    trajan: tuple[str, ...]
    boards: tuple[str, ...]
    forum_faces: tuple[str, ...]  # the state's layout: each board's 16 cells ...
    forum_layout: tuple[tuple[int, int], ...]  # ... and its (board row, board column)
    forum_coords: tuple[tuple[int, int], ...]  # for the screen: (row, col) per Forum cell ...
    forum_colours: tuple[str, ...]  # ... and its colour letter or "E" (eagle)
    forum: tuple[int, ...]  # owner of the envoy per Forum cell (-1 free)
    all_passed: bool
    colonias: tuple[ColoniaView, ...]
    legal: tuple[str, ...]  # the viewer's legal actions when it is the viewer's decision
    scorings: tuple[tuple[dict[str, int], ...], ...]
    removed: int


#: PlayerState fields every player sees exactly as they are (the view and determinize share
#: this list, so a sampled world copies back precisely what the view shows).
SHOWN_AS_IS: tuple[str, ...] = (
    "builders", "assistants", "coins", "tribunes", "prestige", "flipped", "score", "revealed",
    "uses_left", "builds_left", "craftsman1_left", "craftsman2_left", "merchant2_left",
    "handicap",
)  # fmt: skip
SHOWN_AS_SEQUENCE: tuple[str, ...] = (
    "cranes", "crane_state", "row_active", "workers", "tracks", "cycle_points", "cards_left",
    "used",
)  # fmt: skip


def _visible_tile(state: GameState, owner: PlayerState, viewer: int, which: str) -> str:
    tile = getattr(owner, which)
    if tile < 0:
        return ""
    if which == "kept":
        return tile_kind(tile) if owner.seat == viewer or owner.revealed else ""
    # received: its receiver sees it once everybody has passed; everybody at the turn
    if owner.revealed or (owner.seat == viewer and state.all_passed):
        return tile_kind(tile)
    return ""


def _unseen(state: GameState, pl: PlayerState, viewer: int) -> dict[str, int]:
    """Kinds of ``pl``'s tiles that ``viewer`` has not seen: face-down grid tiles, and for
    another player also its river and the tiles in hands that the viewer has not seen yet."""
    hidden = [pl.grid[c] for c in BUILDING_SPACES]
    if pl.seat != viewer:
        hidden.append(pl.river)
        hidden += [t for t, _ in pl.taken]
        if not pl.revealed:
            hidden.append(pl.kept)
        receiver = state.players[(pl.seat - 1) % len(state.players)]
        if not (receiver.revealed or (receiver.seat == viewer and state.all_passed)):
            received = receiver.received
            if received >= 0 and received // TILES_PER_PLAYER == pl.seat:
                hidden.append(received)
    return dict(sorted(Counter(_KIND[t] for t in hidden if t >= 0).items()))


def _colonia(state: GameState, pl: PlayerState, viewer: int) -> ColoniaView:
    own = pl.seat == viewer
    grid, buildings = pl.grid, pl.buildings
    cells = []
    for cell, place in enumerate(_PLACE):
        if place == "temple":
            cells.append("temple")
        elif buildings[cell]:
            cells.append("built:" + buildings[cell])
        elif grid[cell] >= 0:
            cells.append("tile:" + _KIND[grid[cell]] if place == "corner" else "hidden")
        else:
            cells.append("crane" if place == "corner" else "empty")
    return construct(
        ColoniaView,
        dict(
            seat=pl.seat,
            **{name: getattr(pl, name) for name in SHOWN_AS_IS},
            **{name: tuple(getattr(pl, name)) for name in SHOWN_AS_SEQUENCE},
            cells=tuple(cells),
            building_tiles=tuple(pl.building_tile),
            citizens=tuple(
                tuple(tile_kind(t) if t >= 0 else "" for t in row) for row in pl.citizens
            ),
            citizen_owners=tuple(
                tuple(t // TILES_PER_PLAYER if t >= 0 else -1 for t in row) for row in pl.citizens
            ),
            ship=len(pl.ship),
            reserve=tuple(tile_kind(t) for t in pl.reserve),
            points=dict(pl.points),
            taken_cells=tuple(rules.CELL_NAMES[c] for _, c in pl.taken),
            drafted=len(pl.taken),
            done_drafting=not pl.cards_left and not pl.taken,
            kept=_visible_tile(state, pl, viewer, "kept"),
            received=_visible_tile(state, pl, viewer, "received"),
            kept_hidden=pl.kept >= 0 and not _visible_tile(state, pl, viewer, "kept"),
            received_hidden=pl.received >= 0 and not _visible_tile(state, pl, viewer, "received"),
            passed=tile_kind(pl.passed) if own and pl.passed >= 0 else "",
            taken=tuple(tile_kind(t) for t, _ in pl.taken) if own else (),
            river=tile_kind(pl.river) if own and pl.river >= 0 else "",
            female=tile_kind(pl.female) if own and pl.deal else "",
            unseen=_unseen(state, pl, viewer),
        ),
    )


def _public_detail(task: tuple) -> tuple:
    kind = task[0]
    if kind == "citizen":  # the citizen being seated is face up
        return (tile_kind(task[2]),)
    if kind in ("envoy", "first", "step", "bonus", "gain"):
        return tuple(task[2:])
    return ()


def public_task(task: tuple) -> tuple:
    """A task with its tile id (only "citizen" tasks hold one) replaced by kind and owner."""
    if task[0] == "citizen":
        return (task[0], task[1], tile_kind(task[2]), task[2] // TILES_PER_PLAYER, task[3])
    return task


def view(state: GameState, player: int) -> PlayerView:
    """Exactly what ``player`` may know now; ``player = -1`` gives an onlooker's view
    (public information only: no river, hand or received tile of anybody)."""
    decider = rules.current_player(state)
    legal = tuple(str(a) for a in rules.legal_actions(state)) if decider == player else ()
    geo = forum_geometry(state)
    # built by our own code from a valid state: skip re-validation (views are on hot paths)
    return construct(
        PlayerView,
        dict(
            viewer=player,
            options=state.options,
            phase=state.phase,
            decision=rules.decision_kind(state),
            decider=decider,
            detail=_public_detail(state.tasks[-1]) if state.tasks else (),
            tasks=tuple(public_task(t) for t in state.tasks),
            cycle=state.cycle,
            round=state.round,
            start_player=state.start_player,
            column_value=state.column_value,
            street=tuple(state.street),
            played=tuple(tuple(p) for p in state.played),
            pile_sizes=tuple(len(p) for p in state.piles),
            trajan=tuple(state.trajan),
            boards=tuple(state.boards),
            forum_faces=state.forum_faces,
            forum_layout=state.forum_layout,
            forum_coords=geo.coords,
            forum_colours=geo.colours,
            forum=tuple(t // 34 if t >= 0 else -1 for t in state.forum[: len(geo.coords)]),
            all_passed=state.all_passed,
            colonias=tuple(_colonia(state, pl, player) for pl in state.players),
            legal=legal,
            scorings=tuple(tuple(dict(d) for d in cyc) for cyc in state.scorings),
            removed=len(state.removed),
        ),
    )


def public_description(state: GameState, action: Action, player: int) -> str:
    """The action in words every player may read in the log (no hidden information).

    Call it with the state *before* the action is applied.
    """
    pl = state.players[player]
    if isinstance(action, A.KeepTile):
        return "kept one tile and passed the other"
    if isinstance(action, A.TakeTile):
        paid = f" (paid a tribune to ignore street card {action.card})" if action.tribune else ""
        return f"took the tile at {action.cell}{paid}"
    if isinstance(action, A.SkipCard):
        return f"took no tile for street card {action.card}"
    if isinstance(action, A.UseBoth):
        return "paid 2 tribunes to use both tiles"
    if isinstance(action, A.UseTile):  # the tiles lie face up once the turn has begun
        tile = {"own": pl.kept, "received": pl.received}.get(action.source, -1)
        kind = tile_kind(tile) if tile >= 0 else action.tile
        where = {"own": "own tile", "received": "received tile", "reserve": "reserve tile"}
        return f"used the {where[action.source]}: {TILE_LABELS[kind]}"
    if isinstance(action, A.Build):
        parts = [f"{_building_name(action.a)} at {action.cell_a}"]
        if action.b:
            parts.append(f"{_building_name(action.b)} at {action.cell_b}")
        return "built " + " + ".join(parts)
    if isinstance(action, A.PlaceEnvoy):
        if action.declined:
            return "placed no envoy"
        return f"placed an envoy on Forum row {action.row}, column {action.col}"
    if isinstance(action, A.ChooseStep) and state.tasks and state.tasks[-1][0] == "step":
        track = TRACKS[state.tasks[-1][2]]
        benefit = TRACK_BENEFITS[track][action.n - 1]
        return f"took step {action.n} of the {GRAY_NAMES[track]} track: {BENEFIT_LABELS[benefit]}"
    if isinstance(action, A.ChooseBonus):
        return "took the area bonus " + " + ".join(AREA_BONUS_LABELS[b] for b in action.bonuses)
    if isinstance(action, A.PayCitizens):
        rows = ", ".join(ROW_TITLES[r - 1] for r in action.rows) or "nobody"
        return f"paid citizens: {rows}"
    if isinstance(action, A.EndTurn):
        return "ended the turn"
    return str(action)


def _building_name(code: str) -> str:
    if code in GRAY_NAMES:
        return GRAY_NAMES[code]
    return f"{COLOUR_NAMES[code]} {STRUCTURE_NAMES[code]}"


def reveals_information(state: GameState, action: Action) -> bool:
    """Whether applying ``action`` shows the acting player something new (a face-down tile) or
    hands control to someone else. Undo must not go back across such an action."""
    if isinstance(action, (A.EndTurn, A.KeepTile, A.PayCitizens)):
        return True
    if isinstance(action, (A.TakeTile, A.PickTile)):
        return True  # the tile's front is seen (and the draft cannot be undone)
    if isinstance(action, A.UseTile):
        return False
    return rules.current_player(state) < 0
