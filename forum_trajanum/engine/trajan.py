"""Trajan cards (rules "Trajan scoring"; cards from the German rulebook): the card registry.

Each card is one :class:`TrajanCard` in :data:`TRAJAN`: its texts in player words (data, read
from ``forum_trajanum.data.TRAJAN_CARDS``) and its two checks (rules code, here). Each check
counts the largest number of fulfilments that share no building tile and no resource:
orientation must match exactly, resources are not spent.

A new card is one row of texts in the data module and one ``_card(...)`` entry below; setup
draws it from its cycle's pile, scoring, the bots and the app find it through the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from forum_trajanum.data import (
    CLASS_ROWS,
    CLASSES,
    COLOURS,
    COLS,
    CORNERS,
    GRAYS,
    ROWS,
    TEMPLES,
    TRAJAN_CARDS,
    trajan_card_cycle,
)
from forum_trajanum.engine.state import CRANE_COVERED, CRANE_SCORED, PlayerState

_GRAY = frozenset(GRAYS)
_COLOUR = frozenset(COLOURS)
#: The two grid neighbours of each crane corner (A1: B1, A2; F1: E1, F2; A6: A5, B6; F6: F5, E6).
CRANE_NEIGHBOURS: dict[int, tuple[int, int]] = {
    0: (1, 6),
    5: (4, 11),
    30: (24, 31),
    35: (29, 34),
}


def max_disjoint(occurrences: list[frozenset[int]]) -> int:
    """The largest number of pairwise disjoint sets among ``occurrences`` (exact search)."""
    occ = sorted(set(occurrences), key=len)
    best = 0

    def search(rest: list[frozenset[int]], count: int) -> None:
        nonlocal best
        if count + len(rest) <= best:
            return
        if not rest:
            best = count
            return
        first, others = rest[0], rest[1:]
        search([o for o in others if not (o & first)], count + 1)
        search(others, count)

    search(occ, 0)
    return best


def _at(pl: PlayerState, r: int, c: int) -> str:
    return pl.buildings[r * COLS + c] if 0 <= r < ROWS and 0 <= c < COLS else ""


def _tiles(pl: PlayerState, cells) -> frozenset[int]:
    return frozenset(pl.building_tile[r * COLS + c] for r, c in cells)


def active_by_class(pl: PlayerState) -> list[int]:
    """Active citizens per class (patrician, merchant, craftsman)."""
    out = []
    for cls in CLASSES:
        out.append(
            sum(
                (pl.citizens[r][0] >= 0) + (pl.citizens[r][1] >= 0)
                for r in CLASS_ROWS[cls]
                if pl.row_active[r]
            )
        )
    return out


def pairs_of_different(counts: list[int]) -> int:
    """Largest number of disjoint pairs of items of different kinds."""
    total = sum(counts)
    return min(total // 2, total - max(counts, default=0))


Check = Callable[[PlayerState], int]


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
        raise ValueError(f"Trajan card {card_id} has no texts in forum_trajanum.data.TRAJAN_CARDS")
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


# --- Building-task shapes --------------------------------------------------------------------
# A shape letter: G = a gray building, K = a coloured structure, * = any building tile.
_FITS: dict[str, Callable[[str], bool]] = {
    "G": lambda code: code in _GRAY,
    "K": lambda code: code in _COLOUR,
    "*": bool,
}


def _shape(
    cells: tuple[tuple[int, int], ...], letters: str, *, distinct: bool = False, at=None
) -> Check:
    """A building task: the cells (offsets from an anchor) hold buildings fitting ``letters``
    (``distinct``: all of different types); anchors are every grid cell, or ``at`` (cells).
    Counts disjoint fulfilments."""
    tests = [_FITS[letter] for letter in letters]
    anchors = [divmod(a, COLS) for a in at] if at is not None else [
        (r, c) for r in range(ROWS) for c in range(COLS)
    ]  # fmt: skip

    def check(pl: PlayerState) -> int:
        found = []
        for r, c in anchors:
            placed = [(r + dr, c + dc) for dr, dc in cells]
            codes = [_at(pl, rr, cc) for rr, cc in placed]
            if not all(codes) or not all(t(code) for t, code in zip(tests, codes, strict=True)):
                continue
            if distinct and len(set(codes)) < len(codes):
                continue
            found.append(_tiles(pl, placed))
        return max_disjoint(found)

    return check


def _across(letters: str, *, distinct: bool = False) -> Check:
    """A horizontal run of buildings, left to right."""
    return _shape(tuple((0, i) for i in range(len(letters))), letters, distinct=distinct)


def _down(letters: str, *, distinct: bool = False) -> Check:
    """A vertical run of buildings, top to bottom ("directly one above another")."""
    return _shape(tuple((i, 0) for i in range(len(letters))), letters, distinct=distinct)


def _crane_flanked(pl: PlayerState) -> int:
    """Uncovered cranes (scored or not) with building tiles on both neighbouring spaces."""
    found = []
    for i, corner in enumerate(CORNERS):
        a, b = CRANE_NEIGHBOURS[corner]
        if pl.crane_state[i] != CRANE_COVERED and pl.buildings[a] and pl.buildings[b]:
            found.append(frozenset((pl.building_tile[a], pl.building_tile[b])))
    return max_disjoint(found)


def _all_four_colours(pl: PlayerState) -> int:
    """Sets of coloured structures of all 4 colours, anywhere in the Colonia."""
    # a tile holds one colour at most, so the colours never compete for a tile
    return min(
        len({pl.building_tile[i] for i in range(ROWS * COLS) if pl.buildings[i] == colour})
        for colour in COLOURS
    )


# --- Collection-task counts ------------------------------------------------------------------
def _workers(pl: PlayerState) -> int:
    return sum(pl.workers)


def _columns(pl: PlayerState) -> int:
    """Triumphal columns in the Colonia."""
    return pl.buildings.count("C")


def _scored_cranes(pl: PlayerState) -> int:
    return pl.crane_state.count(CRANE_SCORED)


def _citizen_pairs(pl: PlayerState) -> int:
    """Disjoint pairs of active citizens of different classes."""
    return pairs_of_different(active_by_class(pl))


# --- The cards (texts: forum_trajanum.data.TRAJAN_CARDS) -------------------------------------
_TEMPLE_ABOVE_BELOW = ((-1, 0), (1, 0))
_TEMPLE_DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
_SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))

_card(
    "I-1",
    building=_across("GKG"),
    collection=lambda pl: min(pl.tribunes, pl.coins),
)
_card(
    "I-2",
    building=_shape(_TEMPLE_ABOVE_BELOW, "**", at=TEMPLES),
    collection=lambda pl: min(_citizen_pairs(pl), len(pl.ship)),
)
_card(
    "I-3",
    building=_down("GG", distinct=True),
    collection=lambda pl: min(pl.assistants // 2, pl.coins),
)
_card(
    "I-4",
    building=_crane_flanked,
    collection=lambda pl: min(pl.builders, _workers(pl), pl.assistants),
)
_card(
    "II-1",
    building=_shape(_SQUARE, "****"),
    collection=lambda pl: min(pl.assistants, pl.coins // 2),
)
_card(
    "II-2",
    building=_down("KGK"),
    collection=lambda pl: min(pl.tribunes, pl.builders, pl.assistants),
)
_card(
    "II-3",
    building=_all_four_colours,
    collection=lambda pl: min(_workers(pl), _columns(pl) // 2),
)
_card(
    "II-4",
    building=_down("GKG"),
    collection=lambda pl: min(_scored_cranes(pl) // 2, _citizen_pairs(pl)),
)
_card(
    "III-1",
    building=_down("KGGK"),
    collection=lambda pl: min(active_by_class(pl)),
)
_card(
    "III-2",
    building=_down("KKK", distinct=True),
    collection=lambda pl: min(_columns(pl), pl.tribunes, pl.builders),
)
_card(
    "III-3",
    building=_shape(_TEMPLE_DIAGONALS, "KKKK", at=TEMPLES),
    collection=lambda pl: min(_scored_cranes(pl) // 2, pairs_of_different(pl.workers)),
)
_card(
    "III-4",
    building=_down("GGG", distinct=True),
    collection=lambda pl: min(pl.tracks.count(4), pl.assistants, pl.coins),
)
