"""Effects shared by several steps of the game: the task stack, points, supplies, taking
tiles from the grid, seating citizens and using a Colonia tile."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.data import (
    CITIZEN_KINDS,
    CITIZEN_ROWS,
    CLASS_ROWS,
    COLOURS,
    CORNERS,
    MERCHANT_I,
    TILE_GAINS,
    TILES_PER_PLAYER,
    cell_name,
)
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.state import (
    CRANE_COVERED,
    CRANE_OPEN,
    GameState,
    PlayerState,
    tile_kind,
)

CELL_NAMES = tuple(cell_name(i) for i in range(36))


CORNER_SET = frozenset(CORNERS)


COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


def push(state: GameState, *tasks) -> None:
    """Push tasks so that the first given runs first."""
    state.tasks.extend(reversed(tasks))


def order_from_start(state: GameState) -> list[int]:
    n = state.options.players
    return [(state.start_player + i) % n for i in range(n)]


def score(state: GameState, pl: PlayerState, source: str, points: int) -> None:
    """Score ``points`` from ``source``. Points scored during setup (cycle 0: a newcomer's
    handicap citizen can reach a benefit bonus) count towards cycle I, whose scoring record
    holds everything scored before it (they went to cycle III's total before)."""
    pl.score += points
    pl.points[source] += points
    pl.cycle_points[max(state.cycle, 1) - 1] += points


def column_points(state: GameState, pl: PlayerState) -> int:
    """Column value + 1 per active citizen (triumphal column, finished benefit track)."""
    return state.column_value + pl.active_citizens()


def add_simple(pl: PlayerState, code: str, amount: int) -> None:
    if code == "$":
        pl.coins += amount
    elif code == "T":
        pl.tribunes += amount
    else:
        pl.assistants += amount


def take_from_grid(pl: PlayerState, cell: int) -> int:
    tile = pl.grid[cell]
    pl.grid[cell] = -1
    if cell in CORNER_SET:
        corner = CORNERS.index(cell)
        if pl.crane_state[corner] == CRANE_COVERED:
            pl.crane_state[corner] = CRANE_OPEN
    return tile


def citizen_rows(pl: PlayerState, tile: int) -> list[int]:
    """Rows where citizen ``tile`` could go now (empty if it is no citizen or has no room)."""
    cls = CITIZEN_KINDS.get(tile_kind(tile))
    if cls is None:
        return []
    return [r for r in CLASS_ROWS[cls] if pl.citizens[r][1] < 0]


def place_citizen(state: GameState, pl: PlayerState, tile: int, row: int) -> None:
    """Appendix "First citizen" / "Second citizen": left space first, then right."""
    slots = pl.citizens[row]
    if slots[0] < 0:
        slots[0] = tile
        pl.row_active[row] = True
        if row == MERCHANT_I:
            pl.flipped = True  # Merchant I a): the slide bar turns over for good
        return
    slots[1] = tile
    pl.row_active[row] = True  # a second citizen reactivates the first
    bonus = CITIZEN_ROWS[row][1]
    p = pl.seat
    if bonus == "envoy":
        push(state, T.Envoy(p, "any"))
    elif bonus == "area_bonus":
        push(state, T.Bonus(p, 1, "citizen", str(row + 1)))
    elif bonus == "coin_or_tribune":
        push(state, T.Gain(p, "$T"))
    elif bonus == "coin_or_assistant":
        push(state, T.Gain(p, "$A"))
    elif bonus == "worker":
        push(state, T.Worker(p))
    else:
        pl.builders += 1


def use_tile(state: GameState, pl: PlayerState, tile: int, dest: str) -> None:
    """Take the resources of ``tile`` or seat its citizen; then move it to ``dest``."""
    kind = tile_kind(tile)
    if kind in CITIZEN_KINDS:
        if citizen_rows(pl, tile):
            push(state, citizen_task(pl.seat, tile, dest))
            return
        # not placeable (only reachable via Library/Market 4): goes where unused tiles go
    else:
        builders, workers, assistants, coins, tribunes, upgrades = TILE_GAINS[kind]
        pl.builders += builders
        for colour, count in workers.items():
            pl.workers[COLOUR_INDEX[colour]] += count
        pl.assistants += assistants
        pl.coins += coins
        pl.tribunes += tribunes
        for _ in range(upgrades):
            push(state, T.Upgrade(pl.seat))
    put_tile(state, pl, tile, dest)


def put_tile(state: GameState, pl: PlayerState, tile: int, dest: str) -> None:
    """Put a tile that has been dealt with where it goes: the ship (own tiles), the reserve
    (other players' tiles) or out of the game ("removed")."""
    if dest == "reserve":
        pl.reserve.append(tile)
    elif dest == "removed":
        state.removed.append(tile)
    else:
        pl.ship.append(tile)


def citizen_task(player: int, tile: int, dest: str) -> T.Citizen:
    """The decision to seat citizen ``tile``; ``dest`` is where it goes if it cannot be."""
    return T.Citizen(player, tile, dest, tile_kind(tile), tile // TILES_PER_PLAYER)
