"""The full game state (hidden information included), as dataclasses that pydantic validates
and dumps where they cross a boundary (:mod:`forum_trajanum.core.plain`).

The state is mutable and changed only by :mod:`forum_trajanum.games.forum_trajanum.engine.rules`.
Tiles are ints:
tile ``t`` belongs to player ``t // 34`` and has kind ``TILE_KINDS_PER_PLAYER[t % 34]``.
Cells are ints 0-35 (row-major, see :func:`forum_trajanum.games.forum_trajanum.data.cell_index`).
``-1`` means
"none" wherever a tile, cell or player index is expected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from forum_trajanum.core.clone import Cloneable
from forum_trajanum.core.options import CHOICE, TICK, offer
from forum_trajanum.core.options import SEATS as SEAT_NAMES
from forum_trajanum.core.plain import PlainState
from forum_trajanum.core.visibility import PUBLIC, SEATS, Hidden, blank
from forum_trajanum.games.forum_trajanum.data import (
    COLUMN_VALUES,
    TILE_KINDS_PER_PLAYER,
    TILES_PER_PLAYER,
)
from forum_trajanum.games.forum_trajanum.engine.tasks import PhaseName, TaskField

SCHEMA_VERSION = 1

#: The scoring category of the Trajan cards' tasks (a key of a player's ``points`` and of each
#: cycle's record); "trajan" alone names the 2011 game. The export writes it "trajan", as it
#: always has (``forum_trajanum/games/forum_trajanum/ui/export.py``).
TRAJAN_CARDS_KEY = "trajan_cards"

#: Where a player's points come from (the score breakdown's categories).
POINT_SOURCES: tuple[str, ...] = (
    "column",  # triumphal columns built
    "tracks",  # benefit tracks finished
    "bonus",  # area bonuses taken as 2 VP
    "cranes",
    "colonia",
    "eagles",
    "area",  # largest connected group of envoys
    TRAJAN_CARDS_KEY,  # the Trajan cards' tasks
)

#: Crane states.
CRANE_COVERED, CRANE_OPEN, CRANE_SCORED = 0, 1, 2


#: Who may see what (components.md "The Colonia", "Seating and order";
#: :mod:`forum_trajanum.core.visibility`): every field below declares it. Fields hidden from
#: some seats but partly shown, by the rule in words here (``engine/view.py`` builds the
#: view, an allow-list; ``tests/core/test_visibility.py`` checks it against the rest):
GRID_SHOWN = (
    "corner tiles face up, vacated cells; the building spaces' tiles face down (their kinds "
    "counted among the unseen tiles); every tile once the game is over"
)
AS_BEFORE_THE_DRAFT = "to the others, as before this round's draft until every player has passed"
COUNTED_UNSEEN = "to the others, its kind counted among the tiles they have not seen"
DRAFT_SHOWN = (
    "the cells and tribunes to the others once every player has passed; the tiles' kinds to "
    "the owner, counted among the unseen tiles for the others"
)
KEPT_SHOWN = "face up once its player's turn begins"
RECEIVED_SHOWN = "to its receiver once every player has passed; to all once its turn begins"
TASKS_SHOWN = "each task record's public part (a citizen task's tile hidden: TaskField.public)"


def _three_empty() -> list[list[int]]:
    """One empty list per cycle."""
    return [[], [], []]


def tile_kind(tile: int) -> str:
    """The kind code of a tile id."""
    return TILE_KINDS_PER_PLAYER[tile % TILES_PER_PLAYER]


def tile_owner(tile: int) -> int:
    """The player who owns a tile id."""
    return tile // TILES_PER_PLAYER


class GameOptions(BaseModel):
    """Options chosen before setup. The New game form and ``forum-trajanum new`` offer those
    with ``offer(...)`` (:mod:`forum_trajanum.core.options`): the title is the form's words,
    the description the command line's help."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    players: int = Field(2, ge=2, le=4)
    side: Literal["A", "B"] = Field(
        "A",
        title="Colonia",
        description="Colonia side: A the same streets for all, B individual streets",
        json_schema_extra=offer("--side", CHOICE, choices={
            "A": "side A: the same streets for everybody",
            "B": "side B: each board its own street grid",
        }),
    )  # fmt: skip
    introductory: bool = Field(
        False,
        title="Introductory game: one Trajan card (not three), scored once at the end",
        description="introductory game: one Trajan card, in cycle III",
        json_schema_extra=offer("--intro", TICK),
    )
    #: seats (0-based) playing with the mixed-groups handicap
    handicap: tuple[int, ...] = Field(
        (),
        title="newcomer",
        description="a newcomer (name or seat number) gets the mixed-groups handicap; may be "
        "repeated",
        json_schema_extra=offer(
            "--newcomer",
            SEAT_NAMES,
            hint="newcomer: the mixed-groups handicap, a citizen from a corner and 1 more coin "
            "at the start",
            metavar="NAME",
        ),
    )
    #: Only for games saved by release 0.1.0: its start player also passed at the start of
    #: cycles II and III. Their recorded actions replay to the same game only with that
    #: rotation (a record's actions do not name their player); new games never set it.
    legacy_cycle_pass: bool = False
    #: generated mosaic faces (RULINGS), not the printed ones
    random_forum: bool = Field(
        False,
        title="Random Forum boards: each board's spaces in a shuffled order",
        description="random Forum boards: each board's spaces in a shuffled order",
        json_schema_extra=offer("--random-forum", TICK),
    )


@dataclass(kw_only=True, slots=True)
class PlayerState(Cloneable):
    """One player's Colonia, supply and turn bookkeeping ("owner": the player whose Colonia
    it is).

    A dataclass with slots, not a pydantic model: the rules read and write its fields more
    than any other's, and a plain attribute costs a tenth of a pydantic one (issue 37.5);
    pydantic validates and dumps it with the state that holds it."""

    seat: Annotated[int, PUBLIC]
    # Colonia
    # tile id per cell, -1 = vacated (or temple)
    grid: Annotated[list[int], Hidden(partly=GRID_SHOWN)]
    buildings: Annotated[list[str], PUBLIC]  # building code per cell ("" = none)
    building_tile: Annotated[list[int], PUBLIC]  # physical building tile id per cell (-1 = none)
    cranes: Annotated[list[str], PUBLIC]  # crane colour per corner (CORNERS order)
    # CRANE_COVERED / CRANE_OPEN / CRANE_SCORED per corner
    crane_state: Annotated[list[int], Hidden(owner=True, partly=AS_BEFORE_THE_DRAFT)]
    citizens: Annotated[list[list[int]], PUBLIC]  # 6 citizen rows x [left, right] tile ids
    row_active: Annotated[list[bool], PUBLIC]
    river: Annotated[int, Hidden(owner=True, partly=COUNTED_UNSEEN)]
    ship: Annotated[list[int], Hidden()]
    reserve: Annotated[list[int], PUBLIC]
    # supply
    builders: Annotated[int, PUBLIC] = 0
    workers: Annotated[list[int], PUBLIC] = field(default_factory=lambda: [0, 0, 0, 0])
    assistants: Annotated[int, PUBLIC] = 0
    coins: Annotated[int, PUBLIC] = 0
    tribunes: Annotated[int, Hidden(owner=True, partly=AS_BEFORE_THE_DRAFT)] = 0
    # tracks
    prestige: Annotated[int, PUBLIC] = 0
    flipped: Annotated[bool, PUBLIC] = False
    # steps reached (L, S, M)
    tracks: Annotated[list[int], PUBLIC] = field(default_factory=lambda: [0, 0, 0])
    # points
    score: Annotated[int, PUBLIC] = 0
    points: Annotated[dict[str, int], PUBLIC] = field(
        default_factory=lambda: dict.fromkeys(POINT_SOURCES, 0)
    )
    cycle_points: Annotated[list[int], PUBLIC] = field(default_factory=lambda: [0, 0, 0])
    # draft of the current round
    # street card slots still to draft
    cards_left: Annotated[list[int], PUBLIC] = field(default_factory=list)
    # [tile, cell] in the order taken
    taken: Annotated[list[list[int]], Hidden(owner=True, partly=DRAFT_SHOWN)] = field(
        default_factory=list
    )
    #: [tile, cell] of every tile drafted this round, and the tribunes paid in this draft:
    #: kept until every player has passed, so that views can hide them until then
    drafted: Annotated[list[list[int]], Hidden(owner=True, partly=DRAFT_SHOWN)] = field(
        default_factory=list
    )
    draft_tribunes: Annotated[int, Hidden(owner=True, partly=DRAFT_SHOWN)] = 0
    kept: Annotated[int, Hidden(owner=True, partly=KEPT_SHOWN)] = -1
    passed: Annotated[int, Hidden(owner=True)] = -1
    received: Annotated[int, Hidden(owner=True, partly=RECEIVED_SHOWN)] = -1
    # turn bookkeeping
    uses_left: Annotated[int, PUBLIC] = 0
    # "own" / "received" / "reserve"
    used: Annotated[list[str], PUBLIC] = field(default_factory=list)
    # kept/received tiles shown face up (the player's turn has begun)
    revealed: Annotated[bool, PUBLIC] = False
    builds_left: Annotated[int, PUBLIC] = 0
    craftsman1_left: Annotated[int, PUBLIC] = 0
    craftsman2_left: Annotated[int, PUBLIC] = 0
    merchant2_left: Annotated[int, PUBLIC] = 0
    # setup
    # tile index (0-2) of the drawn female-back citizen
    female: Annotated[int, Hidden(owner=True)] = -1
    # shuffled tile indices, consumed at the deal
    deal: Annotated[list[int], Hidden()] = field(default_factory=list)
    handicap: Annotated[bool, PUBLIC] = False

    def active_citizens(self) -> int:
        """Number of active citizen tiles."""
        return sum(
            (row[0] >= 0) + (row[1] >= 0)
            for row, active in zip(self.citizens, self.row_active, strict=True)
            if active
        )

    def ability(self, row: int) -> bool:
        """Whether the special ability of citizen row ``row`` (0-5) is available."""
        return self.row_active[row] and self.citizens[row][0] >= 0

    def resource_total(self) -> int:
        """Builders + workers + assistants + coins + tribunes (the second tie-break)."""
        return self.builders + sum(self.workers) + self.assistants + self.coins + self.tribunes


@dataclass(kw_only=True, slots=True)
class GameState(PlainState):
    """Everything about a game in progress, hidden information included."""

    version: Annotated[int, PUBLIC] = SCHEMA_VERSION
    seed: Annotated[int, Hidden(mask=blank(0))]
    options: Annotated[GameOptions, PUBLIC]
    phase: Annotated[PhaseName, PUBLIC] = "setup"
    cycle: Annotated[int, PUBLIC] = 0  # 1-3 once play starts
    round: Annotated[int, PUBLIC] = 0  # 1-4 within the cycle
    start_player: Annotated[int, PUBLIC] = 0
    # street card symbols still face down, one pile per cycle
    piles: Annotated[list[list[int]], Hidden()]
    # the two revealed street card symbols
    street: Annotated[list[int], PUBLIC] = field(default_factory=list)
    played: Annotated[list[list[int]], PUBLIC] = field(default_factory=_three_empty)
    # the Trajan card id of each cycle ("" = no card that cycle)
    trajan_cards: Annotated[list[str], PUBLIC]
    # printed face ids in layout order (random_forum: each face's source)
    boards: Annotated[list[str], PUBLIC]
    # each board's 16 cells (colour letter or E), rows top down
    forum_faces: Annotated[tuple[str, ...], PUBLIC]
    # each board's (board row, board column)
    forum_layout: Annotated[tuple[tuple[int, int], ...], PUBLIC]
    forum: Annotated[list[int], PUBLIC]  # tile id of the envoy on each Forum cell, -1 = free
    players: Annotated[list[PlayerState], SEATS]
    # stack of task records; top = next
    tasks: Annotated[list[TaskField], Hidden(partly=TASKS_SHOWN)] = field(default_factory=list)
    removed: Annotated[list[int], Hidden()] = field(default_factory=list)  # tiles out of the game
    next_building: Annotated[int, PUBLIC] = 0
    all_passed: Annotated[bool, PUBLIC] = False
    actions_taken: Annotated[int, PUBLIC] = 0
    #: per finished cycle, per player: points by category, the scoring's and those scored
    #: during the cycle's rounds (they add up to the player's points of the cycle)
    scorings: Annotated[list[list[dict[str, int]]], PUBLIC] = field(default_factory=list)

    @property
    def column_value(self) -> int:
        """Points shown on top of Trajan's Column in the current cycle."""
        return COLUMN_VALUES[max(self.cycle, 1) - 1]
