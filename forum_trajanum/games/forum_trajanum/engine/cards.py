"""Trajan cards (rules "Trajan scoring"; cards from the German rulebook): the card registry.

Each card is one :class:`TrajanCard` in :data:`TRAJAN`: its texts in player words (data, read
from ``forum_trajanum.games.forum_trajanum.data.TRAJAN_CARDS``) and its two checks (rules code, the
task kinds of
:mod:`forum_trajanum.games.forum_trajanum.engine.card_tasks`). Each check counts the largest number
of
fulfilments that share no building tile and no resource: orientation must match exactly,
resources are not spent.

A new card is one row of texts in the data module and one ``_card(...)`` entry below; setup
draws it from its cycle's pile, scoring, the bots and the app find it through the registry.

Each check also says what is still missing for a first fulfilment; :func:`progress` answers
both questions for a Colonia as a view shows it (the Trajan cards dialog: "met twice" or
"missing: 1 coin").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from forum_trajanum.games.forum_trajanum.data import (
    CLASSES,
    TEMPLES,
    TRAJAN_CARDS,
    trajan_card_cycle,
)
from forum_trajanum.games.forum_trajanum.engine.card_tasks import (
    ASSISTANT,
    BUILDER,
    CITIZEN_PAIR,
    COIN,
    SCORED_CRANES,
    TRIBUNE,
    WORKER,
    AllFourColours,
    Check,
    CraneFlanked,
    across,
    active_of,
    collect,
    columns,
    down,
    pairs_of_different,
    shape,
)
from forum_trajanum.games.forum_trajanum.engine.cells import CellKind, parse_cell
from forum_trajanum.games.forum_trajanum.engine.state import PlayerState

__all__ = [
    "TRAJAN",
    "TaskProgress",
    "TrajanCard",
    "after_paying",
    "building_task",
    "collection_task",
    "progress",
    "rows_after_paying",
    "tasks_met",
]


@dataclass(frozen=True)
class TrajanCard:
    """One Trajan card: its texts in player words and its two checks.

    ``building(pl)`` and ``collection(pl)`` say how often player ``pl`` fulfils the card's
    building task and its collection task (disjointly: no tile or resource counts twice).
    """

    id: str
    cycle: int  # 1-3
    building_text: str
    collection_text: str
    building: Check
    collection: Check


class TrajanRegistry(Mapping[str, TrajanCard]):
    """The Trajan cards by id; it refuses a second card with an id it already holds."""

    def __init__(self) -> None:
        self._cards: dict[str, TrajanCard] = {}

    def add(self, card: TrajanCard) -> TrajanCard:
        """Register ``card``; a ``ValueError`` if its id is taken (nothing changes then)."""
        if card.id in self._cards:
            raise ValueError(f"Trajan card {card.id} is registered twice")
        self._cards[card.id] = card
        return card

    def __getitem__(self, card_id: str) -> TrajanCard:
        return self._cards[card_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)


#: Every Trajan card the game knows, by id.
TRAJAN = TrajanRegistry()


def _card(card_id: str, *, building: Check, collection: Check) -> TrajanCard:
    """Register card ``card_id`` with its checks; texts and cycle come from the data module
    (texts are component data, the checks are rules)."""
    if card_id not in TRAJAN_CARDS:
        raise ValueError(f"Trajan card {card_id} has no texts in the data module's TRAJAN_CARDS")
    building_text, collection_text = TRAJAN_CARDS[card_id]
    return TRAJAN.add(
        TrajanCard(
            card_id,
            trajan_card_cycle(card_id),
            building_text,
            collection_text,
            building,
            collection,
        )
    )


def building_task(card: str, pl: PlayerState) -> int:
    """How often ``pl`` fulfils the building task of Trajan card ``card`` (disjointly)."""
    return TRAJAN[card].building(pl)


def collection_task(card: str, pl: PlayerState) -> int:
    """How often ``pl`` fulfils the collection task of Trajan card ``card`` (disjointly)."""
    return TRAJAN[card].collection(pl)


def tasks_met(card: str, pl) -> tuple[int, int]:
    """(building task, collection task) of Trajan card ``card``: how often ``pl`` (a
    PlayerState, or a Colonia as :func:`progress` reads it) fulfils each now."""
    return TRAJAN[card].building(pl), TRAJAN[card].collection(pl)


def rows_after_paying(pl, rows) -> list[bool]:
    """Which citizen rows are active after paying rows ``rows`` (1-6) at a cycle's end (rules
    "End of the cycle"): a paid row is active (again), an unpaid one holding citizens turns
    inactive, an empty one stays as it is."""
    return [
        (r + 1 in rows) if pl.citizens[r][0] >= 0 else pl.row_active[r]
        for r in range(len(pl.row_active))
    ]


class _AfterPaying:
    """A Colonia as it stands after paying citizen rows ``rows``: 1 coin less a paid row, the
    rows active as :func:`rows_after_paying` says; everything else read from ``pl``.
    ``rows_read`` tells whether anything asked which rows are active (the one thing besides
    the coins in which two payments of as many rows differ)."""

    def __init__(self, pl, rows) -> None:
        self._pl = pl
        self._rows = rows
        self._row_active: list[bool] | None = None
        self.coins = pl.coins - len(rows)
        # read by every count of active citizens: an attribute of its own, not one more call
        # of __getattr__ a row (the order of the payments, issue 36, reads it per option)
        self.citizens = pl.citizens

    @property
    def row_active(self) -> list[bool]:
        if self._row_active is None:
            self._row_active = rows_after_paying(self._pl, self._rows)
        return self._row_active

    @property
    def rows_read(self) -> bool:
        return self._row_active is not None

    def __getattr__(self, name: str):
        return getattr(self._pl, name)


def after_paying(pl, rows):
    """``pl`` (a PlayerState, or a Colonia as :func:`progress` reads it) as it would stand
    after paying citizen rows ``rows``, for the Trajan checks (resources are shown, not
    paid: what the scoring right after the payment counts)."""
    return _AfterPaying(pl, tuple(rows))


def shown(colonia):
    """A Colonia view (``ColoniaView``) as the Trajan checks read it."""
    return _Shown(colonia)


# --- The cards (texts: forum_trajanum.games.forum_trajanum.data.TRAJAN_CARDS)
# -------------------------------------
_TEMPLE_ABOVE_BELOW = ((-1, 0), (1, 0))
_TEMPLE_DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
_SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))

_card(
    "I-1",
    building=across("GKG"),
    collection=collect(TRIBUNE, COIN),
)
_card(
    "I-2",
    building=shape(_TEMPLE_ABOVE_BELOW, "**", at=TEMPLES),
    collection=collect(
        CITIZEN_PAIR, (1, "envoy on your ship", "envoys on your ship", lambda pl: len(pl.ship))
    ),
)
_card(
    "I-3",
    building=down("GG", distinct=True),
    collection=collect((2, "assistant", "assistants", lambda pl: pl.assistants), COIN),
)
_card(
    "I-4",
    building=CraneFlanked(),
    collection=collect(BUILDER, WORKER, ASSISTANT),
)
_card(
    "II-1",
    building=shape(_SQUARE, "****"),
    collection=collect(ASSISTANT, (2, "coin", "coins", lambda pl: pl.coins)),
)
_card(
    "II-2",
    building=down("KGK"),
    collection=collect(TRIBUNE, BUILDER, ASSISTANT),
)
_card(
    "II-3",
    building=AllFourColours(),
    collection=collect(
        WORKER,
        (2, "triumphal column in your Colonia", "triumphal columns in your Colonia", columns),
    ),
)
_card(
    "II-4",
    building=down("GKG"),
    collection=collect(SCORED_CRANES, CITIZEN_PAIR),
)
_card(
    "III-1",
    building=down("KGGK"),
    collection=collect(
        *((1, f"active {cls}", f"active {cls}s", active_of(i)) for i, cls in enumerate(CLASSES))
    ),
)
_card(
    "III-2",
    building=down("KKK", distinct=True),
    collection=collect(
        (1, "triumphal column in your Colonia", "triumphal columns in your Colonia", columns),
        TRIBUNE,
        BUILDER,
    ),
)
_card(
    "III-3",
    building=shape(_TEMPLE_DIAGONALS, "KKKK", at=TEMPLES),
    collection=collect(
        SCORED_CRANES,
        (
            1,
            "pair of workers of different colours",
            "pairs of workers of different colours",
            lambda pl: pairs_of_different(pl.workers),
        ),
    ),
)
_card(
    "III-4",
    building=down("GGG", distinct=True),
    collection=collect(
        (
            1,
            "finished benefit track (its marker beside Trajan's Column)",
            "finished benefit tracks",
            lambda pl: pl.tracks.count(4),
        ),
        ASSISTANT,
        COIN,
    ),
)


# --- Progress, from what a view shows ---------------------------------------------------------
@dataclass(frozen=True)
class TaskProgress:
    """Where a player stands with one task of a Trajan card now: ``times`` fulfilled (what a
    scoring now would count) and, when that is 0, what is still ``missing`` (player words)."""

    times: int
    missing: tuple[str, ...]


#: The cells that hold a tile (face up or face down), and those that hold a building.
_TILES, _BUILT = (CellKind.TILE, CellKind.HIDDEN), CellKind.BUILT


class _Shown:
    """The parts of a player's state the Trajan checks read, taken from a Colonia as a view
    shows it (all of it is public: buildings, cranes, citizens, supply, ship, tracks)."""

    def __init__(self, colonia) -> None:
        cells = [parse_cell(c) for c in colonia.cells]
        self.buildings = [code if kind is _BUILT else "" for kind, code in cells]
        self.building_tile = list(colonia.building_tiles)
        # a tile, face up or down (which one does not matter to the checks)
        self.grid = [0 if kind in _TILES else -1 for kind, _ in cells]
        self.crane_state = list(colonia.crane_state)
        self.citizens = [[0 if kind else -1 for kind in row] for row in colonia.citizens]
        self.row_active = list(colonia.row_active)
        self.workers = list(colonia.workers)
        self.ship = [0] * colonia.ship
        self.tracks = list(colonia.tracks)
        for name in ("builders", "assistants", "coins", "tribunes"):
            setattr(self, name, getattr(colonia, name))


def progress(card: str, colonia) -> tuple[TaskProgress, TaskProgress]:
    """(building task, collection task) of Trajan card ``card`` for ``colonia`` (a
    ``ColoniaView``): how often each is fulfilled now and what each still lacks."""
    shown: Any = _Shown(colonia)  # the checks read it as the player's state
    out = []
    for check in (TRAJAN[card].building, TRAJAN[card].collection):
        times = check(shown)
        out.append(TaskProgress(times, () if times else check.missing(shown)))
    return out[0], out[1]
