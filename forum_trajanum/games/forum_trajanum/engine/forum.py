"""Forum geometry: the mosaic boards laid out as one grid, colour areas, envoy placement.

The state holds the layout itself (``forum_faces``: each board's 16 cells; ``forum_layout``:
each board's position), so a Forum need not be a printed one: :func:`forum_geometry` derives
(and caches) everything else from those two fields.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from forum_trajanum.games.forum_trajanum.data import BOARD_SIZE, EAGLE, MOSAIC_FACES, PATRICIAN_I

if TYPE_CHECKING:
    from forum_trajanum.games.forum_trajanum.engine.state import GameState

Layout = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class ForumGeometry:
    """Static facts of one Forum layout. Cells are indexed 0..n-1."""

    height: int
    width: int
    coords: tuple[tuple[int, int], ...]  # (row, col), 0-based, per cell
    colours: tuple[str, ...]  # colour letter or "E" per cell
    board_of: tuple[int, ...]  # layout position of the board holding the cell
    index: dict[tuple[int, int], int]  # (row, col) -> cell
    orth: tuple[tuple[int, ...], ...]  # orthogonal neighbours
    diag: tuple[tuple[int, ...], ...]  # diagonal neighbours
    area_of: tuple[int, ...]  # colour area id per cell, -1 for eagles
    areas: tuple[tuple[int, ...], ...]  # cells of each area
    area_colour: tuple[str, ...]
    eagles: tuple[int, ...]
    cells_of_colour: dict[str, tuple[int, ...]]
    eagle_adjacent: tuple[bool, ...]  # orthogonally next to an eagle
    eagle_diagonal: tuple[bool, ...]  # diagonally next to an eagle


def printed_face(face_id: str) -> str:
    """The 16 cells of printed face ``face_id`` (``"1A"``), rows top to bottom."""
    return "".join(MOSAIC_FACES[face_id])


def shuffled_face(face_id: str, rng: random.Random) -> str:
    """A generated face: the 16 cells of printed face ``face_id`` (its colours and eagles, as
    many of each) in an order drawn from ``rng`` (RULINGS: random Forum boards)."""
    cells = list(printed_face(face_id))
    rng.shuffle(cells)
    return "".join(cells)


def forum_geometry(state: GameState) -> ForumGeometry:
    """The geometry of the Forum of ``state`` (cached: the layout never changes in a game)."""
    return geometry(state.forum_faces, state.forum_layout)


@lru_cache(maxsize=16)
def _grid(layout: Layout):
    """What depends on the boards' positions alone (a handful of layouts; the faces are
    drawn per game): each cell's coordinates, board and neighbours, the index by
    coordinates."""
    coords: list[tuple[int, int]] = []
    board_of: list[int] = []
    for pos, (br, bc) in enumerate(layout):
        for i in range(BOARD_SIZE * BOARD_SIZE):
            r, c = divmod(i, BOARD_SIZE)
            coords.append((br * BOARD_SIZE + r, bc * BOARD_SIZE + c))
            board_of.append(pos)
    index = {rc: i for i, rc in enumerate(coords)}

    def around(i: int, deltas) -> tuple[int, ...]:
        r, c = coords[i]
        return tuple(index[(r + dr, c + dc)] for dr, dc in deltas if (r + dr, c + dc) in index)

    orth = tuple(around(i, ((-1, 0), (1, 0), (0, -1), (0, 1))) for i in range(len(coords)))
    diag = tuple(around(i, ((-1, -1), (-1, 1), (1, -1), (1, 1))) for i in range(len(coords)))
    height, width = max(r for r, _ in coords) + 1, max(c for _, c in coords) + 1
    return height, width, tuple(coords), tuple(board_of), index, orth, diag


@lru_cache(maxsize=64)
def geometry(faces: tuple[str, ...], layout: Layout) -> ForumGeometry:
    """The geometry of boards ``faces`` (16 cells each, rows top to bottom) lying at board
    positions ``layout`` (board row, board column; one per face)."""
    if len(faces) != len(layout):
        raise ValueError(f"{len(faces)} mosaic faces for {len(layout)} board positions")
    for face in faces:
        if len(face) != BOARD_SIZE * BOARD_SIZE:
            raise ValueError(f"a mosaic face has {BOARD_SIZE * BOARD_SIZE} cells, not {face!r}")
    height, width, coords, board_of, index, orth, diag = _grid(layout)
    colours = "".join(faces)
    area_of = [-1] * len(coords)
    areas: list[tuple[int, ...]] = []
    for start, colour in enumerate(colours):
        if colour == EAGLE or area_of[start] >= 0:
            continue
        members, todo = [], [start]
        area_of[start] = len(areas)
        while todo:
            cell = todo.pop()
            members.append(cell)
            for nb in orth[cell]:
                if area_of[nb] < 0 and colours[nb] == colour:
                    area_of[nb] = len(areas)
                    todo.append(nb)
        areas.append(tuple(sorted(members)))
    eagles = tuple(i for i, col in enumerate(colours) if col == EAGLE)
    of_colour: dict[str, list[int]] = {}
    for i, col in enumerate(colours):
        of_colour.setdefault(col, []).append(i)
    # next to an eagle: the neighbours of the eagles (being neighbours is mutual)
    adjacent, diagonal = [False] * len(coords), [False] * len(coords)
    for eagle in eagles:
        for nb in orth[eagle]:
            adjacent[nb] = True
        for nb in diag[eagle]:
            diagonal[nb] = True
    return ForumGeometry(
        height=height,
        width=width,
        coords=coords,
        colours=tuple(colours),
        board_of=board_of,
        index=index,
        orth=orth,
        diag=diag,
        area_of=tuple(area_of),
        areas=tuple(areas),
        area_colour=tuple(colours[a[0]] for a in areas),
        eagles=eagles,
        cells_of_colour={col: tuple(cells) for col, cells in of_colour.items()},
        eagle_adjacent=tuple(adjacent),
        eagle_diagonal=tuple(diagonal),
    )


def envoy_cells(geo: ForumGeometry, forum: list[int], colour: str, free_choice: bool) -> list[int]:
    """Free cells where an envoy for a structure of ``colour`` may go.

    Colour-area rule (rules "Benefit for colored structures"): if an area of that colour holds
    envoys and still has a free cell, the envoy must go into such an area, unless
    ``free_choice`` (Patrician I active) lets the player open a new area instead.
    """
    free = [i for i in geo.cells_of_colour.get(colour, ()) if forum[i] < 0]
    if free_choice or not free:
        return free
    started = set(started_areas(geo, forum, colour))
    if not started:
        return free
    return [i for i in free if geo.area_of[i] in started]


def started_areas(geo: ForumGeometry, forum: list[int], colour: str) -> tuple[int, ...]:
    """The areas of ``colour`` that hold envoys (anybody's) and still have a free cell: the
    areas the colour-area rule sends an envoy of that colour to (rules "Started color
    area")."""
    return tuple(
        area
        for area, cells in enumerate(geo.areas)
        if geo.area_colour[area] == colour
        and any(forum[j] >= 0 for j in cells)
        and any(forum[j] < 0 for j in cells)
    )


@dataclass(frozen=True)
class AreaRule:
    """What the colour-area rule says about the envoy a player is placing now.

    ``areas``: the colour areas it sends the envoy to (started and not full), each as its
    Forum cells, envoys included; empty when it sends the envoy nowhere in particular (no
    area of the colour is started, or the envoy ignores the rule). ``waived``: Patrician I
    lets the player open a new area of that colour instead. ``ignored``: this envoy is not
    under the rule at all (the market's free envoy, the library's eagle envoy)."""

    colours: str = ""
    areas: tuple[tuple[int, ...], ...] = ()
    waived: bool = False
    ignored: bool = False


def area_rule(view) -> AreaRule:
    """The colour-area rule for the envoy decision of ``view`` (a ``PlayerView``), from what
    its viewer sees; an empty :class:`AreaRule` when no envoy is being placed.

    Rules "Benefit for colored structures": "2. Started color area: If there are already one
    or more envoys ... in a color area that has not yet been completed ..., you are required
    to place your envoy in this color area, too" (exception: Patrician I). The Patrician I
    row's second citizen places an envoy of any colour under the rule; the market's third
    step ignores it (components.md), the library's third goes to an eagle."""
    task = view.task
    if view.decision != "envoy" or task is None:
        return AreaRule()
    if task.mode in ("free", "eagle"):
        return AreaRule(ignored=True)
    geo = geometry(view.forum_faces, view.forum_layout)
    forum = list(view.forum)
    colours = task.colour if task.mode == "colour" else "".join(sorted(set(geo.area_colour)))
    areas = tuple(geo.areas[a] for c in colours for a in started_areas(geo, forum, c))
    me = view.colonias[task.player]
    waived = task.mode == "colour" and bool(
        me.row_active[PATRICIAN_I] and me.citizens[PATRICIAN_I][0]
    )
    return AreaRule(colours=colours, areas=areas, waived=waived)


def completes_area(geo: ForumGeometry, forum: list[int], cell: int) -> bool:
    """Whether the (just occupied) ``cell`` was the last free cell of its colour area."""
    area = geo.area_of[cell]
    return area >= 0 and all(forum[j] >= 0 for j in geo.areas[area])


def largest_group(geo: ForumGeometry, forum: list[int], owner_of, player: int) -> int:
    """Size of the player's largest orthogonally connected group of envoys (eagles included)."""
    return group_largest(geo, {i for i, t in enumerate(forum) if t >= 0 and owner_of(t) == player})


def group_largest(geo: ForumGeometry, mine: set[int]) -> int:
    """Size of the largest orthogonally connected group of the cells ``mine`` (emptied)."""
    best = 0
    while mine:
        todo = [mine.pop()]
        size = 0
        while todo:
            cell = todo.pop()
            size += 1
            for nb in geo.orth[cell]:
                if nb in mine:
                    mine.remove(nb)
                    todo.append(nb)
        best = max(best, size)
    return best


def group_at(geo: ForumGeometry, forum: list[int], owner_of, cell: int) -> int:
    """Size of the orthogonally connected group of envoys (of ``cell``'s owner) that holds
    ``cell``; 0 for a free cell."""
    if forum[cell] < 0:
        return 0
    owner = owner_of(forum[cell])
    seen, todo = {cell}, [cell]
    while todo:
        for nb in geo.orth[todo.pop()]:
            if nb not in seen and forum[nb] >= 0 and owner_of(forum[nb]) == owner:
                seen.add(nb)
                todo.append(nb)
    return len(seen)


def eagle_place(geo: ForumGeometry, cell: int, diagonal: bool) -> str:
    """Where ``cell`` lies for the eagle scoring: "on" an eagle, "next to" one, "diagonal to"
    one (scores with Patrician I, ``diagonal``), or "" (it scores no eagle points)."""
    if geo.colours[cell] == EAGLE:
        return "on"
    if geo.eagle_adjacent[cell]:
        return "next to"
    if diagonal and geo.eagle_diagonal[cell]:
        return "diagonal to"
    return ""


def eagle_points(
    geo: ForumGeometry, forum: list[int], owner_of, player: int, diagonal: bool
) -> int:
    """Eagle scoring: 2 per envoy on an eagle, else 1 per envoy next to one (orthogonally, or
    also diagonally with Patrician I); each envoy scores at most once."""
    return eagle_total(
        geo, [i for i, t in enumerate(forum) if t >= 0 and owner_of(t) == player], diagonal
    )


def eagle_total(geo: ForumGeometry, cells, diagonal: bool) -> int:
    """The eagle points of one player's envoys on ``cells`` (see :func:`eagle_points`)."""
    total = 0
    for i in cells:
        if geo.colours[i] == EAGLE:
            total += 2
        elif geo.eagle_adjacent[i] or (diagonal and geo.eagle_diagonal[i]):
            total += 1
    return total
