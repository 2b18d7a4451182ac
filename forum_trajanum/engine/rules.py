"""The rules: whose decision it is, the legal actions, and applying an action.

Flow is a stack of tasks in ``state.tasks``. Automatic tasks (dealing, revealing street cards,
scoring...) run by themselves; the task on top after they have run is the current decision.
``legal_actions(state)`` lists every legal action of that decision and ``apply`` accepts only
those. Section names in comments refer to the English rulebook.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

from forum_trajanum.data import (
    AREA_BONUS_VP,
    AREA_BONUSES,
    BUILDING_SPACES,
    CITIZEN_KINDS,
    CITIZEN_ROWS,
    CLASS_ROWS,
    COLOURS,
    COLS,
    CORNERS,
    CRAFTSMAN_I,
    CRAFTSMAN_II,
    DIAGONALS,
    FEMALE_CITIZENS,
    GRAYS,
    MERCHANT_I,
    MERCHANT_II,
    PATRICIAN_I,
    PATRICIAN_II,
    PRESTIGE_MAX,
    ROUNDS_PER_CYCLE,
    TILE_GAINS,
    TILES_PER_PLAYER,
    TRACK_BENEFITS,
    TRACKS,
    cell_index,
    cell_name,
    next_cypress,
    street_cells,
)
from forum_trajanum.engine import actions as A
from forum_trajanum.engine.errors import GameOverError, IllegalActionError, NotYourDecisionError
from forum_trajanum.engine.forum import completes_area, envoy_cells, geometry
from forum_trajanum.engine.state import (
    CRANE_COVERED,
    CRANE_OPEN,
    GameState,
    PlayerState,
    tile_kind,
    tile_owner,
)

CELL_NAMES = tuple(cell_name(i) for i in range(36))
_CORNER_SET = frozenset(CORNERS)
_BUILD_SET = frozenset(BUILDING_SPACES)
#: Orthogonally adjacent pairs of building spaces (a < b).
BUILD_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b)
    for a in BUILDING_SPACES
    for b in (a + 1, a + COLS)
    if b in _BUILD_SET and (b == a + COLS or a % COLS != COLS - 1)
)
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
# Interned actions by cell, so that listing legal actions builds no objects and hashes nothing.
_TAKE = [[A.TakeTile.make(CELL_NAMES[c], slot + 1, False) for c in range(36)] for slot in (0, 1)]
_TAKE_TRIBUNE = [
    [A.TakeTile.make(CELL_NAMES[c], slot + 1, True) for c in range(36)] for slot in (0, 1)
]
_KEEP = [A.KeepTile.make(CELL_NAMES[c]) for c in range(36)]
_BUILD_SINGLE = {
    code: [A.Build.make(code, CELL_NAMES[c], "", "") for c in range(36)] for code in GRAYS + COLOURS
}
#: gray + coloured double tiles per adjacent pair: both ways round
_BUILD_MIXED = {
    (g, c): [
        (
            A.Build.make(g, CELL_NAMES[a], c, CELL_NAMES[b]),
            A.Build.make(g, CELL_NAMES[b], c, CELL_NAMES[a]),
        )
        for a, b in BUILD_PAIRS
    ]
    for g in GRAYS
    for c in COLOURS
}
_BUILD_DOUBLE = {
    c: [A.Build.make(c, CELL_NAMES[a], c, CELL_NAMES[b]) for a, b in BUILD_PAIRS] for c in COLOURS
}
_street_cells = lru_cache(maxsize=None)(street_cells)
_CRANE_PERMUTATIONS = tuple("".join(p) for p in permutations(COLOURS))
_BONUS_PAIRS = tuple(a + b for a, b in combinations(AREA_BONUSES, 2))
#: Decisions (task kinds) that a player answers; every other task runs by itself.
DECISIONS = frozenset(
    {
        "setup_cranes", "setup_row", "setup_diagonal", "handicap", "citizen", "draft", "use",
        "build", "first", "envoy", "step", "worker", "bonus", "gain", "pick",
        "pay",
    }
)  # fmt: skip


# --- public API --------------------------------------------------------------------------


def current_player(state: GameState) -> int:
    """The player who decides now, or -1 when the game is over."""
    return state.tasks[-1][1] if state.tasks else -1


def decision_kind(state: GameState) -> str:
    """The kind of the current decision (a task kind), or "over"."""
    return state.tasks[-1][0] if state.tasks else "over"


def is_over(state: GameState) -> bool:
    """Whether the game has ended (after the scoring of cycle III)."""
    return not state.tasks


def legal_actions(state: GameState) -> list[A.Action]:
    """Every legal action of the current decision; empty only when the game is over."""
    private = state.__pydantic_private__  # plain dict: the cache must be cheap to reach
    cached = private["_legal"]
    if cached is None:
        cached = _options(state, state.tasks[-1]) if state.tasks else []
        private["_legal"] = cached
    return cached


def apply(state: GameState, action: A.Action, player: int | None = None) -> GameState:
    """Apply a legal ``action`` to ``state`` in place and return it.

    ``player``, when given, is who tries the action. An action that is not legal raises an
    :class:`IllegalActionError` and leaves the state unchanged.
    """
    if not state.tasks:
        raise GameOverError(f"the game is over; {action} is not possible")
    task = state.tasks[-1]
    if player is not None and player != task[1]:
        raise NotYourDecisionError(
            f"player {player + 1} tried {action!s} but it is player {task[1] + 1}'s decision "
            f"({describe_decision(state)})"
        )
    legal = legal_actions(state)
    if not any(a is action for a in legal) and action not in legal:
        raise IllegalActionError(_why_illegal(state, action, legal))
    _HANDLERS[task[0]](state, task, action)
    state.actions_taken += 1
    run_automatic(state)
    return state


def describe_decision(state: GameState) -> str:
    """A short English description of the current decision, for messages."""
    if not state.tasks:
        return "game over"
    kind, p = state.tasks[-1][0], state.tasks[-1][1]
    title = DECISION_TITLES.get(kind, kind)
    return f"{title}, player {p + 1}, cycle {state.cycle} round {state.round}"


DECISION_TITLES = {
    "setup_cranes": "choose crane colours",
    "setup_row": "choose the row of the drawn citizen",
    "setup_diagonal": "choose the diagonal for the other two citizens",
    "handicap": "take a citizen from a corner (handicap)",
    "citizen": "choose a citizen row",
    "draft": "draft tiles",
    "use": "use a Colonia tile",
    "build": "building step",
    "first": "choose which benefit comes first",
    "envoy": "place an envoy",
    "step": "choose a benefit track step",
    "worker": "choose a worker colour",
    "bonus": "choose an area bonus",
    "gain": "choose a second-citizen bonus",
    "pick": "take a Colonia tile to use now",
    "pay": "pay citizens",
}


def _why_illegal(state: GameState, action: A.Action, legal: list[A.Action]) -> str:
    kinds = sorted({a.kind for a in legal})
    where = describe_decision(state)
    if action.kind not in kinds:
        allowed = ", ".join(kinds)
        return f"{action!s} is not possible now: the decision is to {where}; allowed: {allowed}"
    examples = ", ".join(str(a) for a in legal[:8]) + (" ..." if len(legal) > 8 else "")
    return f"{action!s} is not legal ({where}); legal here: {examples}"


# --- automatic flow ----------------------------------------------------------------------


def run_automatic(state: GameState) -> None:
    """Run automatic tasks until a decision with at least one legal action is on top."""
    private = state.__pydantic_private__
    private["_legal"] = None
    tasks = state.tasks
    while tasks:
        task = tasks[-1]
        kind = task[0]
        if kind in DECISIONS:
            options = _options(state, task)
            if options:
                private["_legal"] = options
                phase = _PHASE_OF.get(kind)
                if phase is not None and phase != state.phase:
                    state.phase = phase
                return
            tasks.pop()
            _SKIPPED.get(kind, _noop)(state, task)
            continue
        tasks.pop()
        _AUTO[kind](state, task)
    state.phase = "over"


_PHASE_OF = {
    "setup_cranes": "setup", "setup_row": "setup", "setup_diagonal": "setup", "handicap": "setup",
    "draft": "draft", "use": "turn", "build": "turn", "pay": "scoring",
}  # fmt: skip


def _noop(state: GameState, task: tuple) -> None:
    return None


def _push(state: GameState, *tasks: tuple) -> None:
    """Push tasks so that the first given runs first."""
    state.tasks.extend(reversed(tasks))


def _order_from_start(state: GameState) -> list[int]:
    n = state.options.players
    return [(state.start_player + i) % n for i in range(n)]


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
    _push(state, ("start_round",))


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
    order = _order_from_start(state)
    _push(
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
    _push(state, ("use", p), ("build", p))


def _auto_end_round(state: GameState, task: tuple) -> None:
    n = state.options.players
    state.start_player = (state.start_player - 1) % n
    state.street = []
    if state.round == ROUNDS_PER_CYCLE:
        _push(state, *[("pay", p) for p in _order_from_start(state)], ("scoring",))
    else:
        _push(state, ("start_round",))


def _auto_scoring(state: GameState, task: tuple) -> None:
    from forum_trajanum.engine.scoring import score_cycle

    score_cycle(state)
    if state.cycle < 3:
        _push(state, ("start_cycle",))


# --- setup decisions ---------------------------------------------------------------------


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
    _place_citizen(state, pl, pl.seat * TILES_PER_PLAYER + pl.female, action.row - 1)


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
        if pl.grid[c] >= 0 and _citizen_rows(pl, pl.grid[c])
    ]


def _do_handicap(state, task, action: A.HandicapCorner):
    """Mixed groups: +1 coin and a second citizen taken from a face-up corner."""
    from forum_trajanum.data import HANDICAP_EXTRA_COINS

    pl = state.players[task[1]]
    pl.coins += HANDICAP_EXTRA_COINS
    tile = _take_from_grid(pl, cell_index(action.cell))
    _push(state, ("citizen", pl.seat, tile, "setup"))


# --- citizens ----------------------------------------------------------------------------


def _citizen_rows(pl: PlayerState, tile: int) -> list[int]:
    """Rows where citizen ``tile`` could go now (empty if it is no citizen or has no room)."""
    cls = CITIZEN_KINDS.get(tile_kind(tile))
    if cls is None:
        return []
    return [r for r in CLASS_ROWS[cls] if pl.citizens[r][1] < 0]


def _opt_citizen(state, task):
    pl = state.players[task[1]]
    return [A.ChooseRow.make(r + 1) for r in _citizen_rows(pl, task[2])]


def _do_citizen(state, task, action: A.ChooseRow):
    pl = state.players[task[1]]
    _place_citizen(state, pl, task[2], action.row - 1)


def _place_citizen(state: GameState, pl: PlayerState, tile: int, row: int) -> None:
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
        _push(state, ("envoy", p, "any", ""))
    elif bonus == "area_bonus":
        _push(state, ("bonus", p, 1))
    elif bonus == "coin_or_tribune":
        _push(state, ("gain", p, "$T"))
    elif bonus == "coin_or_assistant":
        _push(state, ("gain", p, "$A"))
    elif bonus == "worker":
        _push(state, ("worker", p))
    else:
        pl.builders += 1


# --- draft (rules "Take 2 Colonia tiles; keep one and hand one to your neighbor") ----------


def street_of(state: GameState, p: int, slot: int) -> tuple[int, ...]:
    """Cells of the street named by street card ``slot`` (0/1) on player ``p``'s Colonia."""
    return _street_cells(state.street[slot], state.options.side, p + 1)


def _opt_draft(state, task):
    p = task[1]
    pl = state.players[p]
    if len(pl.taken) == 2 and not pl.cards_left:
        return [_KEEP[cell] for _, cell in pl.taken]
    grid = pl.grid
    out: list[A.Action] = []
    anywhere = None
    for slot in pl.cards_left:
        street = street_of(state, p, slot)
        in_street = [c for c in street if grid[c] >= 0]
        take = _TAKE[slot]
        out += [take[c] for c in in_street]
        if pl.tribunes > 0:
            if anywhere is None:
                anywhere = [c for c in range(36) if grid[c] >= 0]
            take = _TAKE_TRIBUNE[slot]
            out += [take[c] for c in anywhere if c not in street]
        if not in_street:
            out.append(A.SkipCard.make(slot + 1))
    return out


def _do_draft(state, task, action):
    p = task[1]
    pl = state.players[p]
    if isinstance(action, A.KeepTile):
        keep = cell_index(action.cell)
        (t1, c1), (t2, _c2) = pl.taken
        kept, passed = (t1, t2) if c1 == keep else (t2, t1)
        _finish_draft(state, pl, kept, passed)
        return
    pl.cards_left.remove(action.card - 1)
    if isinstance(action, A.TakeTile):
        if action.tribune:
            pl.tribunes -= 1
        cell = cell_index(action.cell)
        pl.taken.append([_take_from_grid(pl, cell), cell])
    if not pl.cards_left and len(pl.taken) < 2:
        kept = pl.taken[0][0] if pl.taken else -1
        _finish_draft(state, pl, kept, -1)


def _finish_draft(state: GameState, pl: PlayerState, kept: int, passed: int) -> None:
    state.tasks.pop()
    pl.kept, pl.passed = kept, passed
    pl.taken = []
    if passed >= 0:
        state.players[(pl.seat - 1) % state.options.players].received = passed


def _take_from_grid(pl: PlayerState, cell: int) -> int:
    tile = pl.grid[cell]
    pl.grid[cell] = -1
    if cell in _CORNER_SET:
        corner = CORNERS.index(cell)
        if pl.crane_state[corner] == CRANE_COVERED:
            pl.crane_state[corner] = CRANE_OPEN
    return tile


# --- using tiles (rules "Use one Colonia tile or pay 2 Tribunes to use both") -------------


def _usable(pl: PlayerState, tile: int) -> bool:
    return tile_kind(tile) not in CITIZEN_KINDS or bool(_citizen_rows(pl, tile))


def _opt_use(state, task):
    pl = state.players[task[1]]
    if pl.uses_left <= 0:
        return []
    out: list[A.Action] = []
    own_ok = pl.kept >= 0 and "own" not in pl.used and _usable(pl, pl.kept)
    if own_ok:
        out.append(A.UseTile.make("own", ""))
    other_ok = False
    if "received" not in pl.used:
        if pl.received >= 0:
            if _usable(pl, pl.received):
                out.append(A.UseTile.make("received", ""))
                other_ok = True
        else:
            seen = set()
            for t in pl.reserve:
                kind = tile_kind(t)
                if kind not in seen and _usable(pl, t):
                    seen.add(kind)
                    out.append(A.UseTile.make("reserve", kind))
                    other_ok = True
    if own_ok and other_ok and not pl.used and pl.uses_left == 1 and pl.tribunes >= 2:
        out.append(A.UseBoth.make())
    return out


def _do_use(state, task, action):
    p = task[1]
    pl = state.players[p]
    if isinstance(action, A.UseBoth):
        pl.tribunes -= 2
        pl.uses_left = 2
        return
    pl.uses_left -= 1
    if action.source == "own":
        tile, pl.kept = pl.kept, -1
        pl.used.append("own")
        dest = "ship"
    elif action.source == "received":
        tile, pl.received = pl.received, -1
        pl.used.append("received")
        dest = "reserve"
    else:
        tile = next(t for t in pl.reserve if tile_kind(t) == action.tile)
        pl.reserve.remove(tile)
        pl.used.append("received")
        dest = "removed"  # rules "Special case": a reserve tile used this way leaves the game
    if pl.uses_left == 0 or not _other_usable(pl):
        _finish_use(state, pl)
    _use_tile(state, pl, tile, dest)


def _other_usable(pl: PlayerState) -> bool:
    if "own" not in pl.used and pl.kept >= 0 and _usable(pl, pl.kept):
        return True
    if "received" in pl.used:
        return False
    if pl.received >= 0:
        return _usable(pl, pl.received)
    return any(_usable(pl, t) for t in pl.reserve)


def _skip_use(state: GameState, task: tuple) -> None:
    _finish_use(state, state.players[task[1]], popped=True)


def _finish_use(state: GameState, pl: PlayerState, popped: bool = False) -> None:
    """End of the tile-use step: unused own tiles to the ship, others' to the reserve."""
    if not popped:
        state.tasks.pop()
    pl.uses_left = 0
    if pl.kept >= 0:
        pl.ship.append(pl.kept)
        pl.kept = -1
    if pl.received >= 0:
        pl.reserve.append(pl.received)
        pl.received = -1


def _use_tile(state: GameState, pl: PlayerState, tile: int, dest: str) -> None:
    """Take the resources of ``tile`` or seat its citizen; then move it to ``dest``."""
    kind = tile_kind(tile)
    if kind in CITIZEN_KINDS:
        if _citizen_rows(pl, tile):
            _push(state, ("citizen", pl.seat, tile, dest))
            return
        # not placeable (only reachable via Library/Market 4): goes where unused tiles go
    else:
        builders, workers, assistants, coins, tribunes, upgrades = TILE_GAINS[kind]
        pl.builders += builders
        for colour, count in workers.items():
            pl.workers[_COLOUR_INDEX[colour]] += count
        pl.assistants += assistants
        pl.coins += coins
        pl.tribunes += tribunes
        for _ in range(upgrades):
            _push(state, ("upgrade", pl.seat))
    if dest == "ship":
        pl.ship.append(tile)
    elif dest == "reserve":
        pl.reserve.append(tile)
    else:
        state.removed.append(tile)


# --- building step -----------------------------------------------------------------------


def _opt_build(state, task):
    pl = state.players[task[1]]
    out: list[A.Action] = []
    w = pl.workers
    # conversions
    for i, colour in enumerate(COLOURS):
        if w[i] >= 2:
            out.append(A.Convert.make("pair", colour, ""))
    if pl.assistants > 0:
        for i, colour in enumerate(COLOURS):
            if w[i] > 0:
                out += [A.Convert.make("recolour", colour, o) for o in COLOURS if o != colour]
        if pl.craftsman1_left > 0 and pl.ability(CRAFTSMAN_I):
            out += [A.Convert.make("craftsman1", "", c) for c in COLOURS]
        if pl.craftsman2_left > 0 and pl.ability(CRAFTSMAN_II):
            out.append(A.Convert.make("craftsman2", "", ""))
    if pl.merchant2_left > 0 and pl.ability(MERCHANT_II):
        have = {"$": pl.coins, "T": pl.tribunes, "A": pl.assistants}
        out += [
            A.Convert.make("merchant2", g, r) for g in "$TA" if have[g] > 0 for r in "$TA" if r != g
        ]
    # building action
    if pl.builds_left > 0:
        out += _build_options(pl)
    out.append(A.EndTurn.make())
    return out


def _build_options(pl: PlayerState) -> list[A.Action]:
    """Every building action the player's builders and workers pay for exactly."""
    grid, buildings = pl.grid, pl.buildings
    free = [c for c in BUILDING_SPACES if grid[c] < 0 and not buildings[c]]
    if not free:
        return []
    colours = [c for i, c in enumerate(COLOURS) if pl.workers[i] > 0]
    codes = [*GRAYS, *colours] if pl.builders > 0 else colours
    out: list[A.Action] = []
    for code in codes:
        table = _BUILD_SINGLE[code]
        out += [table[cell] for cell in free]
    free_set = set(free)
    pairs = [i for i, (a, b) in enumerate(BUILD_PAIRS) if a in free_set and b in free_set]
    if pl.builders > 0:
        for colour in colours:
            for gray in GRAYS:
                table = _BUILD_MIXED[gray, colour]
                for i in pairs:
                    out += table[i]
    for i, colour in enumerate(COLOURS):
        if pl.workers[i] >= 2:
            table = _BUILD_DOUBLE[colour]
            out += [table[i] for i in pairs]
    return out


def _do_build(state, task, action):
    p = task[1]
    pl = state.players[p]
    if isinstance(action, A.EndTurn):
        state.tasks.pop()
        return
    if isinstance(action, A.Convert):
        _convert(pl, action)
        return
    pl.builds_left -= 1
    tile_id = state.next_building
    state.next_building += 1
    parts = [(action.a, cell_index(action.cell_a))]
    if action.b:
        parts.append((action.b, cell_index(action.cell_b)))
    for code, cell in parts:
        pl.buildings[cell] = code
        pl.building_tile[cell] = tile_id
        if code in GRAYS:
            pl.builders -= 1
        else:
            pl.workers[_COLOUR_INDEX[code]] -= 1
    if len(parts) == 1:
        _push(state, _benefit_task(p, action.a))
    elif action.a == action.b:  # two structures of one colour: two envoys, one after the other
        _push(state, _benefit_task(p, action.a), _benefit_task(p, action.b))
    else:
        gray, colour = (action.a, action.b) if action.a in GRAYS else (action.b, action.a)
        _push(state, ("first", p, gray, colour))


def _benefit_task(p: int, code: str) -> tuple:
    return ("gray", p, code) if code in GRAYS else ("envoy", p, "colour", code)


def _convert(pl: PlayerState, action: A.Convert) -> None:
    m = action.method
    if m == "pair":
        pl.workers[_COLOUR_INDEX[action.give]] -= 2
        pl.builders += 1
    elif m == "recolour":
        pl.assistants -= 1
        pl.workers[_COLOUR_INDEX[action.give]] -= 1
        pl.workers[_COLOUR_INDEX[action.get]] += 1
    elif m == "craftsman1":
        pl.assistants -= 1
        pl.craftsman1_left -= 1
        pl.workers[_COLOUR_INDEX[action.get]] += 1
    elif m == "craftsman2":
        pl.assistants -= 1
        pl.craftsman2_left -= 1
        pl.builders += 1
    else:
        pl.merchant2_left -= 1
        _add_simple(pl, action.give, -1)
        _add_simple(pl, action.get, 1)


def _add_simple(pl: PlayerState, code: str, amount: int) -> None:
    if code == "$":
        pl.coins += amount
    elif code == "T":
        pl.tribunes += amount
    else:
        pl.assistants += amount


def _opt_first(state, task):
    return [A.ChooseFirst.make("gray"), A.ChooseFirst.make("colour")]


def _do_first(state, task, action: A.ChooseFirst):
    state.tasks.pop()
    p, gray, colour = task[1], task[2], task[3]
    first, second = (gray, colour) if action.which == "gray" else (colour, gray)
    _push(state, _benefit_task(p, first), _benefit_task(p, second))


# --- benefits (rules "Benefit for gray buildings" / "... colored structures") --------------


def _score(state: GameState, pl: PlayerState, source: str, points: int) -> None:
    pl.score += points
    pl.points[source] += points
    pl.cycle_points[state.cycle - 1] += points


def column_points(state: GameState, pl: PlayerState) -> int:
    """Column value + 1 per active citizen (triumphal column, finished benefit track)."""
    return state.column_value + pl.active_citizens()


def _auto_gray(state: GameState, task: tuple) -> None:
    p, code = task[1], task[2]
    pl = state.players[p]
    if code == "C":
        _score(state, pl, "column", column_points(state, pl))
        return
    t = TRACKS.index(code)
    if pl.tracks[t] >= 4:
        return  # the track has ended: no more benefits from this building type
    pl.tracks[t] += 1
    if pl.tracks[t] == 4:
        _push(state, ("step", p, t, 4), ("track_end", p))
    else:
        _push(state, ("step", p, t, pl.tracks[t]))


def _auto_track_end(state: GameState, task: tuple) -> None:
    """End of the benefit track: the marker goes beside Trajan's Column and scores."""
    pl = state.players[task[1]]
    _score(state, pl, "tracks", column_points(state, pl))


def _opt_step(state, task):
    return [A.ChooseStep.make(n) for n in range(1, task[3] + 1)]


def _do_step(state, task, action: A.ChooseStep):
    state.tasks.pop()
    p, t = task[1], task[2]
    pl = state.players[p]
    benefit = TRACK_BENEFITS[TRACKS[t]][action.n - 1]
    if benefit == "worker_and_tribune":
        pl.tribunes += 1
        _push(state, ("worker", p))
    elif benefit == "builder":
        pl.builders += 1
    elif benefit == "eagle_envoy":
        _push(state, ("envoy", p, "eagle", ""))
    elif benefit == "take_tile":
        _push(state, ("pick", p))
    elif benefit == "two_assistants":
        pl.assistants += 2
    elif benefit == "two_tribunes":
        pl.tribunes += 2
    elif benefit == "upgrade":
        _push(state, ("upgrade", p))
    elif benefit == "extra_build":
        pl.builds_left += 1
    elif benefit == "coin":
        pl.coins += 1
    elif benefit == "area_bonus":
        _push(state, ("bonus", p, 2 if pl.ability(PATRICIAN_II) else 1))
    else:  # free_envoy
        _push(state, ("envoy", p, "free", ""))


def _opt_worker(state, task):
    return [A.ChooseWorker.make(c) for c in COLOURS]


def _do_worker(state, task, action: A.ChooseWorker):
    state.tasks.pop()
    state.players[task[1]].workers[_COLOUR_INDEX[action.colour]] += 1


def _opt_gain(state, task):
    return [A.ChooseGain.make(r) for r in task[2]]


def _do_gain(state, task, action: A.ChooseGain):
    state.tasks.pop()
    _add_simple(state.players[task[1]], action.resource, 1)


def _opt_bonus(state, task):
    if task[2] == 1:
        return [A.ChooseBonus.make(b) for b in AREA_BONUSES]
    return [A.ChooseBonus.make(pair) for pair in _BONUS_PAIRS]


def _do_bonus(state, task, action: A.ChooseBonus):
    state.tasks.pop()
    p = task[1]
    pl = state.players[p]
    for code in reversed(action.bonuses):
        if code == "U":
            _push(state, ("upgrade", p))
        elif code == "V":
            _score(state, pl, "bonus", AREA_BONUS_VP)
        else:
            _add_simple(pl, code, 1)


def _auto_upgrade(state: GameState, task: tuple) -> None:
    """An upgrade: +1 on the prestige track, or with Merchant I active straight to the next
    cypress (Appendix, Merchant I b); the jump is never worse, so nobody is asked)."""
    pl = state.players[task[1]]
    if pl.ability(MERCHANT_I):
        pl.prestige = next_cypress(pl.prestige)
    else:
        pl.prestige = min(pl.prestige + 1, PRESTIGE_MAX)


def _opt_pick(state, task):
    pl = state.players[task[1]]
    return [A.PickTile.make(CELL_NAMES[c]) for c in range(36) if pl.grid[c] >= 0]


def _do_pick(state, task, action: A.PickTile):
    """Library 4 / Market 4: take any tile from the grid and use it now."""
    state.tasks.pop()
    pl = state.players[task[1]]
    tile = _take_from_grid(pl, cell_index(action.cell))
    _use_tile(state, pl, tile, "ship")


# --- envoys ------------------------------------------------------------------------------


def envoy_targets(state: GameState, p: int, mode: str, colour: str) -> list[int]:
    """Forum cells where player ``p`` may put an envoy now (mode: colour/any/free/eagle)."""
    pl = state.players[p]
    if not pl.ship:
        return []
    geo = geometry(state.options.players, tuple(state.boards))
    forum = state.forum
    if mode == "colour":
        return envoy_cells(geo, forum, colour, pl.ability(PATRICIAN_I))
    if mode == "any":
        # Second citizen of Patrician I: the colour-area rule applies (components.md); the
        # Patrician I exception covers only "the color you have just built this turn".
        cells: list[int] = []
        for c in COLOURS:
            cells += envoy_cells(geo, forum, c, False)
        return sorted(cells)
    if mode == "free":
        return [i for i, col in enumerate(geo.colours) if col != "E" and forum[i] < 0]
    return [i for i in geo.eagles if forum[i] < 0]


def _opt_envoy(state, task):
    cells = envoy_targets(state, task[1], task[2], task[3])
    if not cells:
        return []
    coords = geometry(state.options.players, tuple(state.boards)).coords
    out = [A.PlaceEnvoy.make(coords[i][0] + 1, coords[i][1] + 1) for i in cells]
    out.append(A.PlaceEnvoy.make(0, 0))
    return out


def _do_envoy(state, task, action: A.PlaceEnvoy):
    state.tasks.pop()
    if action.declined:
        return
    p = task[1]
    pl = state.players[p]
    geo = geometry(state.options.players, tuple(state.boards))
    cell = geo.index[(action.row - 1, action.col - 1)]
    state.forum[cell] = pl.ship.pop()
    if completes_area(geo, state.forum, cell):
        _push(state, ("bonus", p, 2 if pl.ability(PATRICIAN_II) else 1))


# --- scoring decisions -------------------------------------------------------------------


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


# --- tables ------------------------------------------------------------------------------

_OPTIONS = {
    "setup_cranes": _opt_setup_cranes,
    "setup_row": _opt_setup_row,
    "setup_diagonal": _opt_setup_diagonal,
    "handicap": _opt_handicap,
    "citizen": _opt_citizen,
    "draft": _opt_draft,
    "use": _opt_use,
    "build": _opt_build,
    "first": _opt_first,
    "envoy": _opt_envoy,
    "step": _opt_step,
    "worker": _opt_worker,
    "bonus": _opt_bonus,
    "gain": _opt_gain,
    "pick": _opt_pick,
    "pay": _opt_pay,
}


def _pop_then(fn):
    def handler(state, task, action):
        state.tasks.pop()
        fn(state, task, action)

    return handler


_HANDLERS = {
    "setup_cranes": _pop_then(_do_setup_cranes),
    "setup_row": _pop_then(_do_setup_row),
    "setup_diagonal": _pop_then(_do_setup_diagonal),
    "handicap": _pop_then(_do_handicap),
    "citizen": _pop_then(_do_citizen),
    "draft": _do_draft,
    "use": _do_use,
    "build": _do_build,
    "first": _do_first,
    "envoy": _do_envoy,
    "step": _do_step,
    "worker": _do_worker,
    "bonus": _do_bonus,
    "gain": _do_gain,
    "pick": _do_pick,
    "pay": _do_pay,
}


def _skip_citizen(state: GameState, task: tuple) -> None:
    """A citizen with no free row after all: it goes where an unused tile goes."""
    pl = state.players[task[1]]
    tile, dest = task[2], task[3]
    if dest == "reserve":
        pl.reserve.append(tile)
    elif dest == "removed":
        state.removed.append(tile)
    else:
        pl.ship.append(tile)


def _skip_draft(state: GameState, task: tuple) -> None:
    pl = state.players[task[1]]
    pl.cards_left = []
    state.tasks.append(task)
    _finish_draft(state, pl, pl.taken[0][0] if pl.taken else -1, -1)


_SKIPPED = {"use": _skip_use, "citizen": _skip_citizen, "draft": _skip_draft}

_AUTO = {
    "deal": _auto_deal,
    "start_cycle": _auto_start_cycle,
    "start_round": _auto_start_round,
    "draft_done": _auto_draft_done,
    "turn_start": _auto_turn_start,
    "end_round": _auto_end_round,
    "scoring": _auto_scoring,
    "gray": _auto_gray,
    "track_end": _auto_track_end,
    "upgrade": _auto_upgrade,
}


def owner_of(tile: int) -> int:
    """Re-exported for scoring helpers."""
    return tile_owner(tile)


def _options(state: GameState, task: tuple) -> list[A.Action]:
    return _OPTIONS[task[0]](state, task)
