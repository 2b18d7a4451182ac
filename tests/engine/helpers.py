"""Helpers for the rulebook tests: reach a phase by playing legal actions, then shape the exact
situation a rule needs by setting fields of the (mutable) pydantic state."""

from __future__ import annotations

import random

from forum_trajanum.games.forum_trajanum.data import (
    BUILDING_SPACES,
    CORNERS,
    FORUM_LAYOUTS,
    TILES_PER_PLAYER,
    cell_index,
)
from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    decision_kind,
    is_over,
    legal_actions,
    new_game,
    parse,
)
from forum_trajanum.games.forum_trajanum.engine.forum import printed_face
from forum_trajanum.games.forum_trajanum.engine.rules import current_player, run_automatic
from forum_trajanum.games.forum_trajanum.engine.state import CRANE_SCORED, GameState

# Tile indices (within one player's 34) by kind, see TILE_KINDS_PER_PLAYER.
PAT_F, MER_F, CRA_F, PAT, MER, CRA = range(6)
BLD = 6
WWB, WWG, WWY, WWR = 10, 11, 12, 13
WAB, WAG, WAY, WAR = 14, 15, 16, 17
AA = 18
CC = 21
CT = 24
TT = 27
UP = 29
UC = 32


def tile(player: int, index: int) -> int:
    """The tile id of tile ``index`` (0-33) of ``player``."""
    return player * TILES_PER_PLAYER + index


def act(state: GameState, text: str, player: int | None = None) -> GameState:
    """Apply the action written as ``text``."""
    return apply(state, parse(text), player)


def refresh(state: GameState) -> GameState:
    """After setting fields by hand: forget the cached legal actions and run automatic tasks."""
    state._legal = None
    run_automatic(state)
    return state


def legal_texts(state: GameState) -> set[str]:
    return {str(a) for a in legal_actions(state)}


def play_first_until(state: GameState, kinds: set[str], limit: int = 2000) -> GameState:
    """Apply the first legal action until the decision is one of ``kinds``."""
    for _ in range(limit):
        if decision_kind(state) in kinds:
            return state
        apply(state, legal_actions(state)[0])
    raise AssertionError(f"never reached {kinds}")


def drafted_game(seed: int = 1, players: int = 2, **options) -> GameState:
    """A game right after setup: the first draft decision of round 1."""
    return play_first_until(new_game(seed, players=players, **options), {"draft"})


def build_step(seed: int = 1, players: int = 2, **options) -> tuple[GameState, int]:
    """A game at the first building step (the start player's), with a plain supply: no
    resources, no citizens, an empty ship. Returns (state, player)."""
    state = play_first_until(new_game(seed, players=players, **options), {"build"})
    p = current_player(state)
    clear_supply(state, p)
    return refresh(state), p


def clear_supply(state: GameState, p: int) -> None:
    """Take away player ``p``'s resources, citizens, ship and reserve (for exact situations)."""
    pl = state.players[p]
    pl.builders = pl.assistants = pl.coins = pl.tribunes = 0
    pl.workers = [0, 0, 0, 0]
    pl.citizens = [[-1, -1] for _ in range(6)]
    pl.row_active = [False] * 6
    pl.ship = []
    pl.reserve = []
    pl.flipped = False
    pl.prestige = 0


def vacate(state: GameState, p: int, *cells: str) -> None:
    """Remove the Colonia tiles of ``cells`` (out of the game) so they can be built on."""
    pl = state.players[p]
    for name in cells:
        i = cell_index(name)
        if pl.grid[i] >= 0:
            state.removed.append(pl.grid[i])
            pl.grid[i] = -1


def vacate_all(state: GameState, p: int) -> None:
    vacate(state, p, *[_name(i) for i in BUILDING_SPACES])


def _name(i: int) -> str:
    from forum_trajanum.games.forum_trajanum.data import cell_name

    return cell_name(i)


def put_buildings(state: GameState, p: int, layout: dict[str, str]) -> None:
    """Place single building tiles (one tile per cell) directly: {"B1": "L", ...}."""
    pl = state.players[p]
    for name, code in layout.items():
        i = cell_index(name)
        pl.grid[i] = -1
        pl.buildings[i] = code
        pl.building_tile[i] = state.next_building
        state.next_building += 1


def score_all_cranes(state: GameState, p: int) -> None:
    """Mark every crane as already scored (so crane scoring gives nothing)."""
    pl = state.players[p]
    for i, corner in enumerate(CORNERS):
        pl.crane_state[i] = CRANE_SCORED
        if pl.grid[corner] >= 0:
            state.removed.append(pl.grid[corner])
            pl.grid[corner] = -1


def swap_tiles(state: GameState, a: int, b: int) -> None:
    """Swap two tile ids wherever they lie (grid, river, hands, this round's draft record), so
    that the game is the same but for which tile is where: a world that a player who has seen
    neither tile cannot tell apart from the real one."""

    def swapped(t: int) -> int:
        return b if t == a else a if t == b else t

    for pl in state.players:
        pl.grid = [swapped(t) for t in pl.grid]
        pl.river, pl.kept = swapped(pl.river), swapped(pl.kept)
        pl.passed, pl.received = swapped(pl.passed), swapped(pl.received)
        for pair in (*pl.taken, *pl.drafted):
            pair[0] = swapped(pair[0])
    refresh(state)


def use_printed_boards(state: GameState, *face_ids: str) -> None:
    """Make the Forum the printed faces ``face_ids`` (e.g. "1A") in the player count's layout."""
    state.boards = list(face_ids)
    state.forum_faces = tuple(printed_face(face) for face in face_ids)
    state.forum_layout = FORUM_LAYOUTS[len(state.players)]


def push_decision(state: GameState, task) -> GameState:
    """Put ``task`` on top of the flow and make it the current decision."""
    state.tasks.append(task)
    return refresh(state)


def play_first_while(state: GameState, keep_going, limit: int = 2000) -> GameState:
    """Apply the first legal action while ``keep_going(state)`` holds."""
    for _ in range(limit):
        if not keep_going(state):
            return state
        apply(state, legal_actions(state)[0])
    raise AssertionError("limit reached")


def until_decision(state: GameState, kind: str, player: int) -> GameState:
    """Play first legal actions until ``player`` faces decision ``kind``."""
    return play_first_while(
        state, lambda s: not (decision_kind(s) == kind and current_player(s) == player)
    )


def along_random_game(state: GameState, seed: int, every: int):
    """Yield ``state`` at every ``every``-th decision while random legal actions (drawn from
    ``random.Random(seed)``) play it to the end. Only test_preview still uses it; new random
    play goes through the Hypothesis strategy in ``games.py``."""
    rng = random.Random(seed)
    step = 0
    while not is_over(state):
        if step % every == 0:
            yield state
        apply(state, rng.choice(legal_actions(state)))
        step += 1
