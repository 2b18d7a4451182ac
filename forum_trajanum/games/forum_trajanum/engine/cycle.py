"""Setup choices, rounds, cycles and paying citizens (rules "Setup", "Game Play", "End of the
cycle - Scoring Phase"): the automatic flow between the players' decisions."""

from __future__ import annotations

from itertools import combinations, permutations

from forum_trajanum.core.actions import Made
from forum_trajanum.games.forum_trajanum.data import (
    BUILDING_SPACES,
    CITIZEN_KINDS,
    CLASS_ROWS,
    COLOURS,
    CORNERS,
    CYCLES,
    DIAGONALS,
    FEMALE_CITIZENS,
    HANDICAP_EXTRA_COINS,
    ROUNDS_PER_CYCLE,
    TILE_KINDS_PER_PLAYER,
    TILES_PER_PLAYER,
    cell_index,
)
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.cards import (
    TRAJAN,
    after_paying,
    rows_after_paying,
)
from forum_trajanum.games.forum_trajanum.engine.effects import (
    CELL_NAMES,
    citizen_rows,
    citizen_task,
    order_from_start,
    place_citizen,
    push,
    take_from_grid,
)
from forum_trajanum.games.forum_trajanum.engine.scoring import (
    score_cycle,
    trajan_card_of_cycle,
)
from forum_trajanum.games.forum_trajanum.engine.state import (
    GameState,
    PlayerState,
    tile_kind,
)
from forum_trajanum.games.forum_trajanum.engine.tasks import automatic, decides

_SETUP_CRANES = Made(A.SetupCranes)
_PAY = Made(A.PayCitizens)
_CRANE_PERMUTATIONS = tuple("".join(p) for p in permutations(COLOURS))


def _auto_deal(state: GameState, task: T.Deal) -> None:
    """Setup 5-6: tiles face down on the 28 spaces, face up on the two free corners, river."""
    pl = state.players[task.player]
    base = pl.seat * TILES_PER_PLAYER
    deal = pl.deal
    for cell, idx in zip(BUILDING_SPACES, deal[:28], strict=True):
        pl.grid[cell] = base + idx
    free_corners = [c for c in CORNERS if pl.grid[c] < 0]
    for cell, idx in zip(free_corners, deal[28:30], strict=True):
        pl.grid[cell] = base + idx
    pl.river = base + deal[30]
    pl.deal = []


def _auto_start_cycle(state: GameState, task: T.StartCycle) -> None:
    """Beginning a new cycle. The start player figure does not pass here: the rulebook's pass
    "Beginning a new cycle" is the pass at the end of the cycle's last round
    (components.md "Seating and order")."""
    state.cycle += 1
    state.round = 0
    if state.cycle > 1 and state.options.legacy_cycle_pass:  # a game saved by release 0.1.0
        state.start_player = (state.start_player - 1) % state.options.players
    push(state, T.StartRound())


def _auto_start_round(state: GameState, task: T.StartRound) -> None:
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
        pl.drafted = []
        pl.draft_tribunes = 0
        pl.revealed = False
    order = order_from_start(state)
    push(
        state,
        *[T.Draft(p) for p in order],
        T.DraftDone(),
        *[T.TurnStart(p) for p in order],
        T.EndRound(),
    )


def _auto_draft_done(state: GameState, task: T.DraftDone) -> None:
    """Every player has passed: what each drafted becomes public (components.md "Seating and
    order": the draft reveals no more than the simultaneous physical draft)."""
    state.all_passed = True


def _auto_turn_start(state: GameState, task: T.TurnStart) -> None:
    p = task.player
    pl = state.players[p]
    pl.revealed = True
    pl.uses_left = pl.builds_left = 1
    pl.used = []
    pl.craftsman1_left = 2
    pl.craftsman2_left = pl.merchant2_left = 1
    push(state, T.Use(p), T.Build(p))


def _auto_end_round(state: GameState, task: T.EndRound) -> None:
    """End of a round: the start player figure passes to the right neighbour, once between
    two consecutive rounds (11 passes in a game; components.md "Seating and order")."""
    last_round = state.round == ROUNDS_PER_CYCLE
    if not (last_round and state.cycle == CYCLES) or state.options.legacy_cycle_pass:
        state.start_player = (state.start_player - 1) % state.options.players
    state.street = []
    if last_round:
        push(state, *[T.Pay(p) for p in order_from_start(state)], T.Scoring())
    else:
        push(state, T.StartRound())


def _auto_scoring(state: GameState, task: T.Scoring) -> None:
    score_cycle(state)
    if state.cycle < CYCLES:
        push(state, T.StartCycle())


def _female_class(pl: PlayerState) -> str:
    return CITIZEN_KINDS[tile_kind(pl.female)]


def _opt_setup_cranes(state, task: T.SetupCranes):
    return [_SETUP_CRANES[c] for c in _CRANE_PERMUTATIONS]


def _do_setup_cranes(state, task: T.SetupCranes, action: A.SetupCranes):
    state.players[task.player].cranes = list(action.colours)


def _opt_setup_row(state, task: T.SetupRow):
    pl = state.players[task.player]
    return [A.ChooseRow.make(r + 1) for r in CLASS_ROWS[_female_class(pl)]]


def _do_setup_row(state, task: T.SetupRow, action: A.ChooseRow):
    pl = state.players[task.player]
    place_citizen(state, pl, pl.seat * TILES_PER_PLAYER + pl.female, action.row - 1)


def _opt_setup_diagonal(state, task: T.SetupDiagonal):
    """Setup 4: the player chooses the diagonal and which of the two other female-back
    citizens lies on which of its corners (components.md "Colonia tiles")."""
    pl = state.players[task.player]
    kinds = [TILE_KINDS_PER_PLAYER[i] for i in FEMALE_CITIZENS if i != pl.female]
    orders = (kinds, kinds[::-1])
    return [A.SetupDiagonal.make(d, a, b) for d in DIAGONALS for a, b in orders]


def _do_setup_diagonal(state, task: T.SetupDiagonal, action: A.SetupDiagonal):
    pl = state.players[task.player]
    for cell, kind in zip(DIAGONALS[action.diagonal], (action.first, action.second), strict=True):
        index = next(i for i in FEMALE_CITIZENS if TILE_KINDS_PER_PLAYER[i] == kind)
        pl.grid[cell] = pl.seat * TILES_PER_PLAYER + index


def _opt_handicap(state, task: T.Handicap):
    """DE "Spielen in gemischten Gruppen" (l.853): a newcomer *may* ("darf") take a second
    citizen from a face-up corner: each such corner, and taking none, last."""
    pl = state.players[task.player]
    corners = [
        A.HandicapCorner.make(CELL_NAMES[c])
        for c in CORNERS
        if pl.grid[c] >= 0 and citizen_rows(pl, pl.grid[c])
    ]
    return [*corners, A.HandicapCorner.make(A.NO_CORNER)]


def _do_handicap(state, task: T.Handicap, action: A.HandicapCorner):
    """Mixed groups: +1 coin (DE l.853: newcomers begin with it) and a second citizen taken
    from a face-up corner, if the newcomer takes one."""

    pl = state.players[task.player]
    pl.coins += HANDICAP_EXTRA_COINS
    if action.cell == A.NO_CORNER:
        return
    tile = take_from_grid(pl, cell_index(action.cell))
    push(state, citizen_task(pl.seat, tile, "setup"))


def _opt_pay(state, task: T.Pay):
    pl = state.players[task.player]
    rows = [r + 1 for r in range(6) if pl.citizens[r][0] >= 0]
    if not rows:
        return []
    out = []
    for size in range(min(len(rows), pl.coins), -1, -1):
        out += [_PAY[combo] for combo in combinations(rows, size)]
    # the Trajan tasks of the scoring right after kept first (issue 36: paying a coin must
    # not make a met task fail at the top of the list), then the fewest active citizens
    # turned inactive, and of those the fewest coins, then the most citizens made active
    # again for them: the top of the list loses no task nor citizen that another choice
    # keeps, and pays no coin it need not. Turning an inactive row active again is a
    # purchase, further down, even where it meets a task more often (counted here up to the
    # fulfilments met now: a gain is the player's choice, not the default).
    card = trajan_card_of_cycle(state, state.cycle)
    active = {
        r: (pl.citizens[r - 1][0] >= 0) + (pl.citizens[r - 1][1] >= 0)
        for r in rows
        if pl.row_active[r - 1]
    }

    # a building task reads buildings and cranes only, which paying leaves as they are
    collection = TRAJAN[card].collection if card else None
    met = collection(pl) if collection is not None else 0  # before paying

    # two payments of as many rows leave the same Colonia but for which rows are active: a
    # collection that did not ask which (coins, workers...) counts the same for both
    by_size: dict[int, int] = {}

    def order(a: A.PayCitizens) -> tuple[int, int, int, int]:
        size = len(a.rows)
        kept = by_size.get(size) if collection else 0
        if kept is None and collection is not None:
            after = after_paying(pl, a.rows)
            kept = collection(after)
            if not after.rows_read:
                by_size[size] = kept
        lost = sum(n for r, n in active.items() if r not in a.rows)
        gained = sum(  # citizens of inactive rows made active again
            (pl.citizens[r - 1][0] >= 0) + (pl.citizens[r - 1][1] >= 0)
            for r in a.rows
            if not pl.row_active[r - 1]
        )
        return -min(kept or 0, met), lost, size, -gained

    out.sort(key=order)
    return out


def _do_pay(state, task: T.Pay, action: A.PayCitizens):
    """Before the scoring: 1 coin per paid row; unpaid rows turn inactive."""
    pl = state.players[task.player]
    pl.coins -= len(action.rows)
    pl.row_active = rows_after_paying(pl, action.rows)


decides(T.SetupCranes, options=_opt_setup_cranes, handle=_do_setup_cranes)
decides(T.SetupRow, options=_opt_setup_row, handle=_do_setup_row)
decides(T.SetupDiagonal, options=_opt_setup_diagonal, handle=_do_setup_diagonal)
decides(T.Handicap, options=_opt_handicap, handle=_do_handicap)
decides(T.Pay, options=_opt_pay, handle=_do_pay)
automatic(T.Deal, _auto_deal)
automatic(T.StartCycle, _auto_start_cycle)
automatic(T.StartRound, _auto_start_round)
automatic(T.DraftDone, _auto_draft_done)
automatic(T.TurnStart, _auto_turn_start)
automatic(T.EndRound, _auto_end_round)
automatic(T.Scoring, _auto_scoring)
