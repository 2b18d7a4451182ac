"""What one player may know: ``view(state, player)``.

The view is the only thing a player's screen and a bot ever receive. It holds the public board
plus the viewer's own secrets: its river tile, the multiset of its own face-down tiles, the
tiles it drafted, the tile it received (only once everyone has passed). It never holds another
player's face-down tiles, river, kept or received tile before they are revealed, or the seed.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Annotated

from pydantic import BaseModel, ConfigDict, PlainSerializer, PlainValidator

from forum_trajanum.core.clone import build
from forum_trajanum.core.ranking import places
from forum_trajanum.games.forum_trajanum.data import (
    BUILDING_SPACES,
    CORNERS,
    TEMPLES,
    TILE_KINDS_PER_PLAYER,
    TILES_PER_PLAYER,
    area_bonus,
    trajan_card_value,
)
from forum_trajanum.games.forum_trajanum.engine import rules
from forum_trajanum.games.forum_trajanum.engine.actions import Action, parse
from forum_trajanum.games.forum_trajanum.engine.cells import CellKind, built_cell, tile_cell
from forum_trajanum.games.forum_trajanum.engine.forum import forum_geometry
from forum_trajanum.games.forum_trajanum.engine.scoring import RankKey
from forum_trajanum.games.forum_trajanum.engine.state import (
    CRANE_COVERED,
    GameOptions,
    GameState,
    PlayerState,
    tile_kind,
)
from forum_trajanum.games.forum_trajanum.engine.tasks import TaskField

_PLACE = tuple(
    "temple" if c in TEMPLES else "corner" if c in CORNERS else "space" for c in range(36)
)
#: The texts of the cells that carry no detail (engine/cells.py)
_TEMPLE, _HIDDEN, _CRANE, _EMPTY = (
    k.value for k in (CellKind.TEMPLE, CellKind.HIDDEN, CellKind.CRANE, CellKind.EMPTY)
)
#: tile id -> kind, for every possible tile id (4 players)
_KIND = TILE_KINDS_PER_PLAYER * 4


class ColoniaView(BaseModel):
    """One player's Colonia and supply as the viewer may see it."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    seat: int
    #: per cell: "temple", "hidden" (face-down tile), "tile:KIND" (face-up corner tile),
    #: "crane" (vacated corner), "empty" (vacated building space) or "built:CODE"
    #: (``engine/cells.py``: CellKind, tile_cell, built_cell, parse_cell)
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
    area_bonus: int  # what the slide bar adds to the largest area's envoys now (0-2)
    trajan_card_value: int  # VP per fulfilled Trajan task now (3, 5 or 7)
    score: int
    points: dict[str, int]
    cycle_points: tuple[int, int, int]
    cards_left: tuple[int, ...]  # street card slots (0/1) not yet drafted for this round
    taken_cells: tuple[str, ...]  # cells of the tiles in hand during the draft (see below)
    #: this round's draft: the cells emptied, their tile kinds and the tribunes paid. The
    #: owner sees all of it (the kinds until everybody has passed: they are what the others'
    #: views show of this Colonia until then, as it was before the draft); the others see the
    #: cells and tribunes once every player has passed, the kinds never
    drafted_cells: tuple[str, ...]
    drafted_kinds: tuple[str, ...]
    draft_tribunes: int
    drafted: int  # tiles taken so far in the draft step under way
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

    def active_citizens(self) -> int:
        """Active citizen tiles on this Colonia (as ``PlayerState.active_citizens``)."""
        return sum(
            (left != "") + (right != "")
            for (left, right), on in zip(self.citizens, self.row_active, strict=True)
            if on
        )


def _actions(value) -> tuple[Action, ...]:
    """The legal actions of a view read back (its JSON form holds their texts)."""
    return tuple(_parsed(a) if isinstance(a, str) else a for a in value)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Action:
    """``parse(text)``, each text parsed once: views read back name the same actions again and
    again (a text that does not parse raises every time, and is not kept)."""
    return parse(text)


#: A view's legal actions: action values (the engine's own, in its order); their texts in the
#: view's JSON form, as in a record, so a view dumped and read back is the same view.
LegalActions = Annotated[
    tuple[Action, ...],
    PlainValidator(_actions),
    PlainSerializer(lambda legal: tuple(str(a) for a in legal)),
]


class PlayerView(BaseModel):
    """Everything player ``viewer`` may know at this moment (a
    :class:`~forum_trajanum.core.view.View`)."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    viewer: int
    options: GameOptions
    phase: str
    decision: str  # current decision kind ("over" at the end)
    title: str  # what the current decision is, in words ("game over" at the end)
    decider: int  # who decides now (-1 at the end)
    task: TaskField | None  # the current decision's public task record (None at the end)
    tasks: tuple[TaskField, ...]  # the public task stack (what is still to happen; top last)
    cycle: int
    round: int
    start_player: int
    column_value: int
    street: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    pile_sizes: tuple[int, ...]
    trajan_cards: tuple[str, ...]
    boards: tuple[str, ...]
    forum_faces: tuple[str, ...]  # the state's layout: each board's 16 cells ...
    forum_layout: tuple[tuple[int, int], ...]  # ... and its (board row, board column)
    forum_coords: tuple[tuple[int, int], ...]  # for the screen: (row, col) per Forum cell ...
    forum_colours: tuple[str, ...]  # ... and its colour letter or "E" (eagle)
    forum: tuple[int, ...]  # owner of the envoy per Forum cell (-1 free)
    all_passed: bool
    colonias: tuple[ColoniaView, ...]
    #: the viewer's legal actions (the engine's, in its order) when the decision is the
    #: viewer's; empty otherwise
    legal: LegalActions
    scorings: tuple[tuple[dict[str, int], ...], ...]
    removed: int
    #: seats grouped by place now (the final ranking once the game is over): most points, then
    #: each tie-break (``scoring.TIE_BREAKS``); ``rank_keys`` holds those values per seat
    ranking: tuple[tuple[int, ...], ...]
    rank_keys: tuple[RankKey, ...]


#: PlayerState fields every player sees exactly as they are (the view and determinize share
#: this list, so a sampled world copies back precisely what the view shows).
SHOWN_AS_IS: tuple[str, ...] = (
    "builders", "assistants", "coins", "tribunes", "prestige", "flipped", "score", "revealed",
    "uses_left", "builds_left", "craftsman1_left", "craftsman2_left", "merchant2_left",
    "handicap",
)  # fmt: skip
SHOWN_AS_SEQUENCE: tuple[str, ...] = (
    "cranes", "row_active", "workers", "tracks", "cycle_points", "cards_left",
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


def _hides_draft(state: GameState, pl: PlayerState, viewer: int) -> bool:
    """Whether ``viewer`` sees ``pl``'s Colonia as it was before this round's draft: until
    every player has passed, nobody sees which cells another player emptied, which tribunes
    they paid or what they kept and passed (components.md "Seating and order")."""
    return pl.seat != viewer and not state.all_passed


def _unseen(state: GameState, pl: PlayerState, viewer: int, grid: list[int]) -> dict[str, int]:
    """Kinds of ``pl``'s tiles that ``viewer`` has not seen: face-down grid tiles (of ``grid``,
    the grid as the viewer sees it), and for another player also its river and, once the
    draft is public, the tiles in hands that the viewer has not seen yet."""
    hidden = [grid[c] for c in BUILDING_SPACES] if state.tasks else []  # over: face up
    if pl.seat != viewer:
        hidden.append(pl.river)
        if state.all_passed:  # before, the drafted tiles still lie in the grid as seen
            hidden += [t for t, _ in pl.taken]
            if not pl.revealed:
                hidden.append(pl.kept)
            receiver = state.players[(pl.seat - 1) % len(state.players)]
            if not (receiver.revealed or receiver.seat == viewer):
                received = receiver.received
                if received >= 0 and received // TILES_PER_PLAYER == pl.seat:
                    hidden.append(received)
    return dict(sorted(Counter(_KIND[t] for t in hidden if t >= 0).items()))


def _colonia(state: GameState, pl: PlayerState, viewer: int) -> ColoniaView:
    own = pl.seat == viewer
    grid, buildings = pl.grid, pl.buildings
    shown = {name: getattr(pl, name) for name in SHOWN_AS_IS}
    crane_state = tuple(pl.crane_state)
    hide_draft = _hides_draft(state, pl, viewer)
    if hide_draft and pl.drafted:  # the Colonia as it was before this round's draft
        grid = grid[:]
        for tile, cell in pl.drafted:
            grid[cell] = tile
        crane_state = tuple(
            CRANE_COVERED if grid[corner] >= 0 else crane
            for corner, crane in zip(CORNERS, pl.crane_state, strict=True)
        )
        shown["tribunes"] = pl.tribunes + pl.draft_tribunes
    # once the game is over nothing is secret: the tiles never drafted are turned face up
    over = not state.tasks
    cells = []
    for cell, place in enumerate(_PLACE):
        if place == "temple":
            cells.append(_TEMPLE)
        elif buildings[cell]:
            cells.append(built_cell(buildings[cell]))
        elif grid[cell] >= 0:
            face_up = place == "corner" or over
            cells.append(tile_cell(_KIND[grid[cell]]) if face_up else _HIDDEN)
        else:
            cells.append(_CRANE if place == "corner" else _EMPTY)
    # before everybody has passed, a received tile is nobody's to see (not even whether
    # there is one: that would tell whether the passer passed a tile)
    received = _visible_tile(state, pl, viewer, "received") if state.all_passed else ""
    received_there = pl.received >= 0 and state.all_passed
    kept = _visible_tile(state, pl, viewer, "kept") if not hide_draft else ""
    return build(
        ColoniaView,
        dict(
            seat=pl.seat,
            **shown,
            **{name: tuple(getattr(pl, name)) for name in SHOWN_AS_SEQUENCE},
            crane_state=crane_state,
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
            area_bonus=area_bonus(pl.prestige, pl.flipped),
            trajan_card_value=trajan_card_value(pl.prestige, pl.flipped),
            taken_cells=() if hide_draft else tuple(rules.CELL_NAMES[c] for _, c in pl.taken),
            drafted_cells=() if hide_draft else tuple(rules.CELL_NAMES[c] for _, c in pl.drafted),
            drafted_kinds=(
                tuple(_KIND[t] for t, _ in pl.drafted) if own and not state.all_passed else ()
            ),
            draft_tribunes=0 if hide_draft else pl.draft_tribunes,
            drafted=0 if hide_draft else len(pl.taken),
            kept=kept,
            received=received,
            kept_hidden=pl.kept >= 0 and not kept and not hide_draft,
            received_hidden=received_there and not received,
            passed=tile_kind(pl.passed) if own and pl.passed >= 0 else "",
            taken=tuple(tile_kind(t) for t, _ in pl.taken) if own else (),
            river=tile_kind(pl.river) if own and pl.river >= 0 else "",
            # drawn once the cranes are placed (EN l.99-105: setup 3 before setup 4)
            female=tile_kind(pl.female) if own and pl.deal and pl.cranes[0] else "",
            unseen=_unseen(state, pl, viewer, grid),
        ),
    )


def view(state: GameState, player: int) -> PlayerView:
    """Exactly what ``player`` may know now; ``player = -1`` gives an onlooker's view
    (public information only: no river, hand or received tile of anybody)."""
    decider = rules.current_player(state)
    legal = tuple(rules.legal_actions(state)) if decider == player else ()
    geo = forum_geometry(state)
    # built by our own code from a valid state: skip re-validation (views are on hot paths)
    colonias = tuple(_colonia(state, pl, player) for pl in state.players)
    # ranked from what the viewer sees (a hidden draft's tribunes count as before the draft)
    keys = [_rank_key(col) for col in colonias]
    return build(
        PlayerView,
        dict(
            viewer=player,
            options=state.options,
            phase=state.phase,
            decision=rules.decision_kind(state),
            title=rules.decision_title(state),
            decider=decider,
            task=state.tasks[-1].public() if state.tasks else None,
            tasks=tuple(t.public() for t in state.tasks),
            cycle=state.cycle,
            round=state.round,
            start_player=state.start_player,
            column_value=state.column_value,
            street=tuple(state.street),
            played=tuple(tuple(p) for p in state.played),
            pile_sizes=tuple(len(p) for p in state.piles),
            trajan_cards=tuple(state.trajan_cards),
            boards=tuple(state.boards),
            forum_faces=state.forum_faces,
            forum_layout=state.forum_layout,
            forum_coords=geo.coords,
            forum_colours=geo.colours,
            forum=tuple(t // 34 if t >= 0 else -1 for t in state.forum[: len(geo.coords)]),
            all_passed=state.all_passed,
            colonias=colonias,
            ranking=tuple(tuple(place) for place in places(keys)),
            rank_keys=tuple(keys),
            legal=legal,
            scorings=tuple(tuple(dict(d) for d in cyc) for cyc in state.scorings),
            removed=len(state.removed),
        ),
    )


def _rank_key(col: ColoniaView) -> RankKey:
    resources = col.builders + sum(col.workers) + col.assistants + col.coins + col.tribunes
    return RankKey(col.score, col.active_citizens(), resources)
