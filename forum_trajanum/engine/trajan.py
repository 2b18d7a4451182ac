"""Trajan card tasks (rules "Trajan scoring"; cards from the German rulebook).

Each task counts the largest number of fulfilments that share no building tile and no
resource: orientation must match exactly, resources are not spent.
"""

from __future__ import annotations

from collections.abc import Callable

from forum_trajanum.data import CLASS_ROWS, CLASSES, COLOURS, COLS, CORNERS, GRAYS, ROWS, TEMPLES
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


def _line_pattern(pl: PlayerState, test: Callable[[list[str]], bool], length: int, vertical: bool):
    """Occurrences of a straight run of ``length`` cells satisfying ``test``."""
    found = []
    for r in range(ROWS):
        for c in range(COLS):
            cells = [(r + i, c) if vertical else (r, c + i) for i in range(length)]
            codes = [_at(pl, rr, cc) for rr, cc in cells]
            if all(codes) and test(codes):
                found.append(_tiles(pl, cells))
    return found


def _is_gray(code: str) -> bool:
    return code in _GRAY


def _is_colour(code: str) -> bool:
    return code in _COLOUR


def building_task(card: str, pl: PlayerState) -> int:
    """How often ``pl`` fulfils the building task of Trajan card ``card`` (disjointly)."""
    g, k = _is_gray, _is_colour
    if card == "I-1":
        occ = _line_pattern(pl, lambda s: g(s[0]) and k(s[1]) and g(s[2]), 3, False)
    elif card == "I-2":
        occ = []
        for t in TEMPLES:
            r, c = divmod(t, COLS)
            if _at(pl, r - 1, c) and _at(pl, r + 1, c):
                occ.append(_tiles(pl, [(r - 1, c), (r + 1, c)]))
    elif card == "I-3":
        occ = _line_pattern(pl, lambda s: g(s[0]) and g(s[1]) and s[0] != s[1], 2, True)
    elif card == "I-4":
        occ = []
        for i, corner in enumerate(CORNERS):
            a, b = CRANE_NEIGHBOURS[corner]
            if pl.crane_state[i] != CRANE_COVERED and pl.buildings[a] and pl.buildings[b]:
                occ.append(frozenset((pl.building_tile[a], pl.building_tile[b])))
    elif card == "II-1":
        occ = []
        for r in range(ROWS - 1):
            for c in range(COLS - 1):
                cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                if all(_at(pl, rr, cc) for rr, cc in cells):
                    occ.append(_tiles(pl, cells))
    elif card == "II-2":
        occ = _line_pattern(pl, lambda s: k(s[0]) and g(s[1]) and k(s[2]), 3, True)
    elif card == "II-3":
        # a tile holds one colour at most, so the colours never compete for a tile
        return min(
            len({pl.building_tile[i] for i in range(36) if pl.buildings[i] == colour})
            for colour in COLOURS
        )
    elif card == "II-4":
        occ = _line_pattern(pl, lambda s: g(s[0]) and k(s[1]) and g(s[2]), 3, True)
    elif card == "III-1":
        occ = _line_pattern(pl, lambda s: k(s[0]) and g(s[1]) and g(s[2]) and k(s[3]), 4, True)
    elif card == "III-2":
        occ = _line_pattern(pl, lambda s: all(map(k, s)) and len(set(s)) == 3, 3, True)
    elif card == "III-3":
        occ = []
        for t in TEMPLES:
            r, c = divmod(t, COLS)
            cells = [(r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)]
            if all(k(_at(pl, rr, cc)) for rr, cc in cells):
                occ.append(_tiles(pl, cells))
    elif card == "III-4":
        occ = _line_pattern(pl, lambda s: all(map(g, s)) and len(set(s)) == 3, 3, True)
    else:
        raise KeyError(card)
    return max_disjoint(occ)


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


def collection_task(card: str, pl: PlayerState) -> int:
    """How often ``pl`` fulfils the collection task of Trajan card ``card`` (disjointly)."""
    workers = sum(pl.workers)
    columns = pl.buildings.count("C")
    scored_cranes = pl.crane_state.count(CRANE_SCORED)
    at_column = pl.tracks.count(4)
    if card == "I-1":
        return min(pl.tribunes, pl.coins)
    if card == "I-2":
        return min(pairs_of_different(active_by_class(pl)), len(pl.ship))
    if card == "I-3":
        return min(pl.assistants // 2, pl.coins)
    if card == "I-4":
        return min(pl.builders, workers, pl.assistants)
    if card == "II-1":
        return min(pl.assistants, pl.coins // 2)
    if card == "II-2":
        return min(pl.tribunes, pl.builders, pl.assistants)
    if card == "II-3":
        return min(workers, columns // 2)
    if card == "II-4":
        return min(scored_cranes // 2, pairs_of_different(active_by_class(pl)))
    if card == "III-1":
        return min(active_by_class(pl))
    if card == "III-2":
        return min(columns, pl.tribunes, pl.builders)
    if card == "III-3":
        return min(scored_cranes // 2, pairs_of_different(pl.workers))
    if card == "III-4":
        return min(at_column, pl.assistants, pl.coins)
    raise KeyError(card)
