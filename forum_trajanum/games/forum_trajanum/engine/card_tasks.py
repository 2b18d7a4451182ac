"""The two kinds of Trajan card task as rules code: building patterns (a shape of buildings on
the grid, a crane flanked by buildings, structures of all four colours) and collections (so many
of each thing at once). Each task is a :class:`Check`: called with a player it counts the
fulfilments that share no building tile and no resource (rules "Notes regarding the Trajan
cards"; DE "Anmerkung: ... jedes Bauplättchen kann pro Wertung nur Teil einer Kombination
sein"), and ``missing`` says in player words what a first fulfilment still lacks.

The cards themselves (which task each card asks for) are in
:mod:`forum_trajanum.games.forum_trajanum.engine.cards`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from forum_trajanum.games.forum_trajanum.data import (
    CLASS_ROWS,
    CLASSES,
    COLOUR_NAMES,
    COLOURS,
    COLS,
    CORNERS,
    GRAY_NAMES,
    GRAYS,
    ROWS,
    TEMPLES,
    cell_name,
)
from forum_trajanum.games.forum_trajanum.engine.state import (
    CRANE_COVERED,
    CRANE_SCORED,
    PlayerState,
)

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


class Check(Protocol):
    """One task of a Trajan card: how often a player fulfils it, and what is missing."""

    def __call__(self, pl: PlayerState) -> int:
        """How often ``pl`` fulfils the task now (disjointly)."""

    def missing(self, pl: PlayerState) -> tuple[str, ...]:
        """What ``pl`` still lacks for one fulfilment, in player words (the nearest way);
        empty when the task is fulfilled."""


# --- Building-task shapes --------------------------------------------------------------------
# A shape letter: G = a gray building, K = a coloured structure, * = any building tile.
_FITS: dict[str, Callable[[str], bool]] = {
    "G": lambda code: code in _GRAY,
    "K": lambda code: code in _COLOUR,
    "*": bool,
}


#: What a shape letter asks for, in words.
_LETTER_WORDS = {"G": "a gray building", "K": "a coloured structure", "*": "a building tile"}
_UNBUILDABLE = frozenset(TEMPLES) | frozenset(CORNERS)


def _building_words(code: str) -> str:
    return GRAY_NAMES[code] if code in _GRAY else f"{COLOUR_NAMES[code]} ({code})"


@dataclass(frozen=True)
class _Shape:
    """A building task: the cells (offsets from an anchor) hold buildings fitting ``letters``
    (``distinct``: all of different types); anchors are every grid cell, or ``at`` (cells).
    Counts disjoint fulfilments."""

    cells: tuple[tuple[int, int], ...]
    letters: str
    distinct: bool = False
    at: tuple[int, ...] | None = None

    @cached_property
    def placements(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Every placement of the shape on the grid (cells as (row, col)), worked out once."""
        anchors = [divmod(a, COLS) for a in self.at] if self.at is not None else [
            (r, c) for r in range(ROWS) for c in range(COLS)
        ]  # fmt: skip
        out = []
        for r, c in anchors:
            placed = tuple((r + dr, c + dc) for dr, dc in self.cells)
            if all(0 <= rr < ROWS and 0 <= cc < COLS for rr, cc in placed):
                out.append(placed)
        return tuple(out)

    def __call__(self, pl: PlayerState) -> int:
        tests = [_FITS[letter] for letter in self.letters]
        found = []
        for placed in self.placements:
            codes = [pl.buildings[r * COLS + c] for r, c in placed]
            if not all(codes) or not all(t(code) for t, code in zip(tests, codes, strict=True)):
                continue
            if self.distinct and len(set(codes)) < len(codes):
                continue
            found.append(_tiles(pl, placed))
        return max_disjoint(found)

    def missing(self, pl: PlayerState) -> tuple[str, ...]:
        """The buildings still missing in the placement nearest to completion: most cells
        already fitting, then fewest cells still under a Colonia tile, then the first in
        reading order."""
        if self(pl):
            return ()
        best: tuple[tuple[int, int], list[str]] | None = None
        for placed in self.placements:
            wanted = self._wanted(pl, placed)
            if wanted is None:
                continue
            covered = sum(pl.grid[r * COLS + c] >= 0 for (r, c), _ in wanted)
            rank = (len(wanted), covered)
            if best is None or rank < best[0]:
                best = (rank, self._words(pl, wanted))
        return tuple(best[1]) if best else ("no free spaces left for this pattern",)

    def _words(self, pl: PlayerState, wanted) -> list[str]:
        """What a placement still needs, in words: on its cells for a pattern tied to cells
        (``at``); for one that may lie anywhere, what is needed and then the nearest place as
        an example (issue 36, item 12: "a gray building on B1, B2" read as a rule)."""

        def where(r: int, c: int) -> str:
            tile = " (a Colonia tile still lies there)" if pl.grid[r * COLS + c] >= 0 else ""
            return cell_name(r * COLS + c) + tile

        if self.at is not None:
            return [f"{what} on {where(r, c)}" for (r, c), what in wanted]
        places = ", ".join(where(r, c) for (r, c), _ in wanted)
        needed: dict[str, int] = {}
        for _, what in wanted:
            needed[what] = needed.get(what, 0) + 1
        times = {1: "", 2: ", twice"}
        whats = [what + times.get(n, f", {n} times") for what, n in needed.items()]
        return [*whats, f"anywhere it fits, e.g. on {places}"]

    def _wanted(self, pl: PlayerState, placed) -> list[tuple[tuple[int, int], str]] | None:
        """The empty cells of a placement and what each needs; None when a cell holds a
        building that does not fit (buildings stay) or can never be built on."""
        built = []
        empty = []
        for (r, c), letter in zip(placed, self.letters, strict=True):
            code = _at(pl, r, c)
            if code:
                if not _FITS[letter](code):
                    return None
                built.append(code)
            elif r * COLS + c in _UNBUILDABLE:
                return None
            else:
                empty.append(((r, c), letter))
        if self.distinct and len(set(built)) < len(built):
            return None
        out = []
        for cell, letter in empty:
            what = _LETTER_WORDS[letter]
            if self.distinct and built:
                others = ", ".join(_building_words(code) for code in dict.fromkeys(built))
                what += f" (not {others})"
            out.append((cell, what))
        return out


def shape(cells, letters: str, *, distinct: bool = False, at=None) -> _Shape:
    return _Shape(tuple(cells), letters, distinct, tuple(at) if at is not None else None)


def across(letters: str, *, distinct: bool = False) -> _Shape:
    """A horizontal run of buildings, left to right."""
    return shape(tuple((0, i) for i in range(len(letters))), letters, distinct=distinct)


def down(letters: str, *, distinct: bool = False) -> _Shape:
    """A vertical run of buildings, top to bottom ("directly one above another")."""
    return shape(tuple((i, 0) for i in range(len(letters))), letters, distinct=distinct)


class CraneFlanked:
    """Uncovered cranes (scored or not) with building tiles on both neighbouring spaces."""

    def __call__(self, pl: PlayerState) -> int:
        found = []
        for i, corner in enumerate(CORNERS):
            a, b = CRANE_NEIGHBOURS[corner]
            if pl.crane_state[i] != CRANE_COVERED and pl.buildings[a] and pl.buildings[b]:
                found.append(frozenset((pl.building_tile[a], pl.building_tile[b])))
        return max_disjoint(found)

    def missing(self, pl: PlayerState) -> tuple[str, ...]:
        """What the corner nearest to it lacks: its crane uncovered, a building beside it."""
        if self(pl):
            return ()
        options: list[list[str]] = []
        for i, corner in enumerate(CORNERS):
            wanted = []
            if pl.crane_state[i] == CRANE_COVERED:
                wanted.append(f"the crane at {cell_name(corner)} uncovered (take its tile)")
            wanted += [
                f"a building tile on {cell_name(n)}"
                for n in CRANE_NEIGHBOURS[corner]
                if not pl.buildings[n]
            ]
            options.append(wanted)
        nearest = min(options, key=len)
        return tuple(nearest)


class AllFourColours:
    """Sets of coloured structures of all 4 colours, anywhere in the Colonia."""

    def __call__(self, pl: PlayerState) -> int:
        # a tile holds one colour at most, so the colours never compete for a tile
        return min(
            len({pl.building_tile[i] for i in range(ROWS * COLS) if pl.buildings[i] == colour})
            for colour in COLOURS
        )

    def missing(self, pl: PlayerState) -> tuple[str, ...]:
        return tuple(
            f"a {COLOUR_NAMES[c]} ({c}) structure" for c in COLOURS if c not in pl.buildings
        )


# --- Collection tasks -----------------------------------------------------------------------
@dataclass(frozen=True)
class _Need:
    """One part of a collection task: ``count`` of something a player has ``have(pl)`` of
    (``one`` / ``many``: its name for 1 and for more)."""

    count: int
    one: str
    many: str
    have: Callable[[PlayerState], int]


@dataclass(frozen=True)
class _Collection:
    """A collection task: every need at once; it counts as often as the scarcest need allows
    (resources are shown, not paid: rules "Notes regarding the Trajan cards")."""

    needs: tuple[_Need, ...]

    def __call__(self, pl: PlayerState) -> int:
        return min(need.have(pl) // need.count for need in self.needs)

    def missing(self, pl: PlayerState) -> tuple[str, ...]:
        if self(pl):
            return ()
        out = []
        for need in self.needs:
            lack = need.count - need.have(pl)
            if lack > 0:
                out.append(f"{lack} {need.one if lack == 1 else need.many}")
        return tuple(out)


def collect(*needs: tuple[int, str, str, Callable[[PlayerState], int]]) -> _Collection:
    return _Collection(tuple(_Need(*need) for need in needs))


def _workers(pl: PlayerState) -> int:
    return sum(pl.workers)


def columns(pl: PlayerState) -> int:
    """Triumphal columns in the Colonia."""
    return pl.buildings.count("C")


def _scored_cranes(pl: PlayerState) -> int:
    return pl.crane_state.count(CRANE_SCORED)


def _citizen_pairs(pl: PlayerState) -> int:
    """Disjoint pairs of active citizens of different classes."""
    return pairs_of_different(active_by_class(pl))


def active_of(cls: int) -> Callable[[PlayerState], int]:
    return lambda pl: active_by_class(pl)[cls]


TRIBUNE = (1, "tribune", "tribunes", lambda pl: pl.tribunes)
COIN = (1, "coin", "coins", lambda pl: pl.coins)
ASSISTANT = (1, "assistant", "assistants", lambda pl: pl.assistants)
BUILDER = (1, "builder", "builders", lambda pl: pl.builders)
WORKER = (1, "worker", "workers", _workers)
CITIZEN_PAIR = (
    1,
    "pair of active citizens of different classes",
    "pairs of active citizens of different classes",
    _citizen_pairs,
)
SCORED_CRANES = (2, "scored crane", "scored cranes", _scored_cranes)
