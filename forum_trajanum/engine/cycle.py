"""Setup choices, rounds, cycles and paying citizens (rules "Setup", "Game Play", "End of the
cycle - Scoring Phase"): the automatic flow between the players' decisions."""

from __future__ import annotations

from itertools import combinations, permutations

from forum_trajanum.data import (
    BUILDING_SPACES,
    CITIZEN_KINDS,
    CLASS_ROWS,
    COLOURS,
    CORNERS,
    DIAGONALS,
    FEMALE_CITIZENS,
    HANDICAP_EXTRA_COINS,
    ROUNDS_PER_CYCLE,
    TILES_PER_PLAYER,
    cell_index,
)
from forum_trajanum.engine import actions as A
from forum_trajanum.engine.effects import (
    CELL_NAMES,
    citizen_rows,
    order_from_start,
    place_citizen,
    pop_then,
    push,
    take_from_grid,
)
from forum_trajanum.engine.scoring import score_cycle
from forum_trajanum.engine.state import (
    GameState,
    PlayerState,
    tile_kind,
)

_CRANE_PERMUTATIONS = tuple("".join(p) for p in permutations(COLOURS))


def _auto_deal(state: GameState, task: tuple) -> None:
    """Setup 5-6: tiles face down on the 28 spaces, face up on the two free corners, river."""
    pl = state.players[task[1]]
    base = pl.seat * TILES_PER_PLAYER
    deal = pl.deal
    for cell, idx in zip(BUILDING_SPACES, deal[:28], strict=True):
        pl.grid[cell] = base + idx
    free_corners = [c for c in CORNERS if pl.grid[c] < 0]
    for cell, idx in zip(free_corners, deal[28:30], strict=True):
        pl.grid[cell] = base + idx
    pl.river = base + deal[30]
    pl.deal = []


def _auto_start_cycle(state: GameState, task: tuple) -> None:
    state.cycle += 1
    state.round = 0
    if state.cycle > 1:  # ruling: the figure passes right once more at a new cycle
        state.start_player = (state.start_player - 1) % state.options.players
    push(state, ("start_round",))


def _auto_start_round(state: GameState, task: tuple) -> None:
    """Starting a round: reveal 2 street cards, then draft, then turns clockwise."""
    state.round += 1
    pile = state.piles[state.cycle - 1]
    state.street = [pile.pop(0), pile.pop(0)]
    state.played[state.cycle - 1].extend(state.street)
    state.all_passed = False
    for pl in state.players:
        pl.cards_left = [0, 1]
        pl.taken = []
        pl.kept = pl.passed = pl.received = -1
        pl.revealed = False
    order = order_from_start(state)
    push(
        state,
        *[("draft", p) for p in order],
        ("draft_done",),
        *[("turn_start", p) for p in order],
        ("end_round",),
    )


def _auto_draft_done(state: GameState, task: tuple) -> None:
    state.all_passed = True


def _auto_turn_start(state: GameState, task: tuple) -> None:
    p = task[1]
    pl = state.players[p]
    pl.revealed = True
    pl.uses_left = 1
    pl.used = []
    pl.builds_left = 1
    pl.craftsman1_left, pl.craftsman2_left, pl.merchant2_left = 2, 1, 1
    push(state, ("use", p), ("build", p))


def _auto_end_round(state: GameState, task: tuple) -> None:
    n = state.options.players
    state.start_player = (state.start_player - 1) % n
    state.street = []
    if state.round == ROUNDS_PER_CYCLE:
        push(state, *[("pay", p) for p in order_from_start(state)], ("scoring",))
    else:
        push(state, ("start_round",))


def _auto_scoring(state: GameState, task: tuple) -> None:
    score_cycle(state)
    if state.cycle < 3:
        push(state, ("start_cycle",))


def _female_class(pl: PlayerState) -> str:
    return CITIZEN_KINDS[tile_kind(pl.female)]


def _opt_setup_cranes(state, task):
    return [A.SetupCranes.make(c) for c in _CRANE_PERMUTATIONS]


def _do_setup_cranes(state, task, action: A.SetupCranes):
    state.players[task[1]].cranes = list(action.colours)


def _opt_setup_row(state, task):
    pl = state.players[task[1]]
    return [A.ChooseRow.make(r + 1) for r in CLASS_ROWS[_female_class(pl)]]


def _do_setup_row(state, task, action: A.ChooseRow):
    pl = state.players[task[1]]
    place_citizen(state, pl, pl.seat * TILES_PER_PLAYER + pl.female, action.row - 1)


def _opt_setup_diagonal(state, task):
    return [A.SetupDiagonal.make("main"), A.SetupDiagonal.make("anti")]


def _do_setup_diagonal(state, task, action: A.SetupDiagonal):
    pl = state.players[task[1]]
    others = [i for i in FEMALE_CITIZENS if i != pl.female]
    for cell, idx in zip(DIAGONALS[action.diagonal], others, strict=True):
        pl.grid[cell] = pl.seat * TILES_PER_PLAYER + idx


def _opt_handicap(state, task):
    pl = state.players[task[1]]
    return [
        A.HandicapCorner.make(CELL_NAMES[c])
        for c in CORNERS
        if pl.grid[c] >= 0 and citizen_rows(pl, pl.grid[c])
    ]


def _do_handicap(state, task, action: A.HandicapCorner):
    """Mixed groups: +1 coin and a second citizen taken from a face-up corner."""

    pl = state.players[task[1]]
    pl.coins += HANDICAP_EXTRA_COINS
    tile = take_from_grid(pl, cell_index(action.cell))
    push(state, ("citizen", pl.seat, tile, "setup"))


def _opt_pay(state, task):
    pl = state.players[task[1]]
    rows = [r + 1 for r in range(6) if pl.citizens[r][0] >= 0]
    if not rows:
        return []
    out = []
    for size in range(min(len(rows), pl.coins), -1, -1):
        out += [A.PayCitizens.make(combo) for combo in combinations(rows, size)]
    return out


def _do_pay(state, task, action: A.PayCitizens):
    """Before the scoring: 1 coin per paid row; unpaid rows turn inactive."""
    state.tasks.pop()
    pl = state.players[task[1]]
    for r in range(6):
        if pl.citizens[r][0] < 0:
            continue
        paid = r + 1 in action.rows
        if paid:
            pl.coins -= 1
        pl.row_active[r] = paid


# This module's decisions and automatic tasks, by task kind (rules.py merges the tables).
OPTIONS = {
    "setup_cranes": _opt_setup_cranes,
    "setup_row": _opt_setup_row,
    "setup_diagonal": _opt_setup_diagonal,
    "handicap": _opt_handicap,
    "pay": _opt_pay,
}


HANDLERS = {
    "setup_cranes": pop_then(_do_setup_cranes),
    "setup_row": pop_then(_do_setup_row),
    "setup_diagonal": pop_then(_do_setup_diagonal),
    "handicap": pop_then(_do_handicap),
    "pay": _do_pay,
}


AUTO = {
    "deal": _auto_deal,
    "start_cycle": _auto_start_cycle,
    "start_round": _auto_start_round,
    "draft_done": _auto_draft_done,
    "turn_start": _auto_turn_start,
    "end_round": _auto_end_round,
    "scoring": _auto_scoring,
}


SKIPPED = {}
