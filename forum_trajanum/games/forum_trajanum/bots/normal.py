"""Normal bot: a heuristic player with a one-step lookahead.

For each decision it samples one world consistent with its view
(:func:`~forum_trajanum.games.forum_trajanum.engine.determinize.determinize`), tries candidate
actions on copies
of it with the engine's own ``apply`` (finishing its own follow-up choices, like where the
envoy goes, greedily) and keeps the action whose result :func:`evaluate` likes best.

- Draft: values each street's tiles (known corner tiles, the average of its own unseen tiles
  for face-down spaces), the space it frees for building (rows with citizens), the crane it
  uncovers (structures of that colour before the scoring), and keeps the better tile.
- Building step: builds for Colonia rows (new gray types in rows with citizens), Trajan tasks
  of this and later cycles, open cranes and envoys towards eagles and its largest group;
  converts resources when that enables a better build.
- Scoring: pays the citizens whose rows and abilities are worth their coin.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from forum_trajanum.games.forum_trajanum.bots import legal_of
from forum_trajanum.games.forum_trajanum.bots.evaluation import (
    W,
    evaluate,
    fade,
    gray_row_missing,
    reach_value,
    row_multiplier,
    scorings_left,
    tile_value,
)
from forum_trajanum.games.forum_trajanum.bots.thrift import Thrift
from forum_trajanum.games.forum_trajanum.data import (
    CITIZEN_KINDS,
    COLOURS,
    CORNERS,
    CRANE_POINTS,
    DIAGONALS,
    cell_index,
)
from forum_trajanum.games.forum_trajanum.engine import (
    Action,
    PlayerView,
    apply,
    current_player,
    decision_kind,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.actions import (
    Build,
    Convert,
    EndTurn,
    KeepTile,
    SkipCard,
)
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.state import tile_kind
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision as D

#: Follow-up decisions of one's own that the lookahead resolves greedily.
FOLLOW_UPS = frozenset({D.FIRST, D.ENVOY, D.STEP, D.WORKER, D.BONUS, D.GAIN, D.PICK, D.CITIZEN})
#: Preferred citizen row for the setup citizen, by class (0-based rows): Patrician I (envoys
#: may start a new colour area; points beside eagles) over Patrician II (a second area bonus,
#: which needs completed areas first); Merchant I, whose bar flip and cypress jumps pay for
#: the whole game, so the sooner the better; Craftsman II (assistant -> builder, the scarcest
#: resource) over Craftsman I (assistant -> worker).
SETUP_ROW = {"patrician": 0, "merchant": 2, "craftsman": 5}
#: How much the bots want a female-back citizen early, by class (setup diagonal, handicap):
#: the merchant's bar flip counts from the moment it is active, the craftsman's conversions
#: help every building step from the start, the patrician's Forum abilities matter most once
#: the Forum fills.
EARLY_CITIZEN = {"merchant": 0.5, "craftsman": 0.3, "patrician": 0.1}
_CORNER_INDEX = {cell: i for i, cell in enumerate(CORNERS)}


def after(state, action: Action, me: int, depth: int = 1, value=evaluate):
    """A copy of ``state`` with ``action`` applied and ``me``'s follow-ups resolved greedily
    (by ``value``)."""
    s = state.clone()
    apply(s, action)
    resolve_follow_ups(s, me, depth, value)
    return s


def resolve_follow_ups(state, me: int, depth: int, value=evaluate) -> None:
    """Play ``me``'s pending follow-up decisions (envoy, track step, bonus...) greedily."""
    for _ in range(8):
        if current_player(state) != me or decision_kind(state) not in FOLLOW_UPS:
            return
        legal = legal_actions(state)
        if len(legal) == 1 or depth <= 0:
            choice = legal[0]
        else:
            choice = max(legal, key=lambda a: value(after(state, a, me, depth - 1, value), me))
        apply(state, choice)


def _pending_bonus(state, me: int) -> float:
    """A rough value for follow-ups left unresolved in a quick estimate."""
    if current_player(state) != me:
        return 0.0
    kind = decision_kind(state)
    if kind in (D.ENVOY, D.FIRST):
        return 2.5 * max(1, scorings_left(state))
    if kind == D.STEP:
        return 2.5
    return 0.0


class NormalPolicy:
    """The Normal bot's decision making on a (determinized) state; Hard reuses it."""

    def __init__(
        self,
        rng: random.Random,
        build_candidates: int = 6,
        tick: Callable[[], None] | None = None,
        value: Callable[..., float] = evaluate,
        use_builds: int = 0,
    ) -> None:
        self.rng = rng
        #: at the choice of the tile to use, how many of the builds it allows right after are
        #: looked at (0: none, the position after the tile is judged as it is; -1: the
        #: building step's whole ranking, conversions too)
        self.use_builds = use_builds
        # what a position is worth to a player: the hand-set evaluation, or Expert's fitted
        # value for its own decisions
        self.value = value
        self.build_candidates = build_candidates
        # called before every position the lookahead tries: Hard's playouts pass a deadline
        # check that raises, so that one slow decision cannot overrun Hard's deadline
        self.tick = tick or _no_tick

    # --- entry point ---------------------------------------------------------------------

    def choose(self, state, me: int, legal: Sequence[Action], unseen: dict | None = None):
        """The best of ``legal`` for player ``me`` in ``state`` (by this policy)."""
        return self.ranked(state, me, legal, unseen)[0][1]

    def ranked(
        self, state, me: int, legal: Sequence[Action], unseen: dict | None = None
    ) -> list[tuple[float, Action]]:
        """``legal`` with values, best first (values are comparable within one decision)."""
        if len(legal) == 1:
            return [(0.0, legal[0])]
        kind = decision_kind(state)
        if kind == D.SETUP_CRANES:
            return self._setup_cranes(state, me, legal)
        if kind == D.SETUP_ROW:
            return self._setup_row(state, me, legal)
        if kind == D.SETUP_DIAGONAL:
            return self._setup_diagonal(state, me, legal)
        if kind == D.HANDICAP:
            return self._handicap(state, me, legal)
        if kind == D.DRAFT:
            return self._draft(state, me, legal, unseen)
        if kind == D.BUILD:
            return self._build(state, me, legal)
        if kind == D.USE and self.use_builds:
            return self._use(state, me, legal)
        return self._lookahead(state, me, legal)

    # --- generic -------------------------------------------------------------------------

    def _lookahead(self, state, me: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        scored = []
        for a in legal:
            self.tick()
            scored.append((self.value(after(state, a, me, 1, self.value), me), a))
        return _sorted(scored)

    def _use(self, state, me: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Each tile judged by the building step it leads to: the position after it, or after
        the best of the builds it allows then, whichever is better."""
        scored = []
        for a in legal:
            self.tick()
            s = after(state, a, me, 1, self.value)
            best = self.value(s, me)
            if current_player(s) == me and decision_kind(s) == D.BUILD:
                step = legal_actions(s)
                if self.use_builds < 0:  # the building step's whole ranking, conversions too
                    best = max(best, self._build(s, me, step)[0][0])
                else:
                    builds = [b for b in step if isinstance(b, Build)]
                    for value, _b in self._best_builds(s, me, builds, self.use_builds):
                        best = max(best, value)
            scored.append((best, a))
        return _sorted(scored)

    # --- setup ---------------------------------------------------------------------------

    def _setup_cranes(self, state, me, legal):
        """The starting worker's colour goes under corner A1.

        A crane scores once, at the end of the cycle in which its corner tile was taken,
        3/2/1 VP per structure of its colour: it pays most under a corner opened early, in
        the colour one can build early, which is the starting worker's. The cranes are
        chosen before the corners are filled (setup 3 before 4), so the plan is finished in
        the diagonal step: the citizen wanted first goes onto this corner (see
        :meth:`_setup_diagonal`); citizens are drafted early, resource tiles on the other two
        corners later. Nothing known at this point tells the other three colours apart, so
        they keep the engine's order."""
        colour = start_colour(state.players[me])
        return _sorted([(1.0 if a.colours[0] == colour else 0.0, a) for a in legal])

    def _setup_diagonal(self, state, me, legal):
        """The diagonal whose crane has the starting worker's colour, with the citizen wanted
        earliest (:data:`EARLY_CITIZEN`) on that corner: drafting it early uncovers the crane
        of the colour built first."""
        return _sorted([(self._corner_plan(state, me, a), a) for a in legal])

    def _corner_plan(self, state, me, action) -> float:
        pl = state.players[me]
        colour = start_colour(pl)
        value = 0.0
        for cell, kind in zip(
            DIAGONALS[action.diagonal], (action.first, action.second), strict=True
        ):
            if pl.cranes[_CORNER_INDEX[cell]] == colour:
                value += 1.0 + EARLY_CITIZEN[CITIZEN_KINDS[kind]]
        return value

    def _handicap(self, state, me, legal):
        """The extra citizen from the corner whose crane has the starting worker's colour
        (it opens now, the crane scores at the end of cycle I), else the citizen wanted
        earliest."""
        pl = state.players[me]
        colour = start_colour(pl)
        scored = []
        for a in legal:
            if a.cell == "none":  # a citizen and an open crane are worth more than nothing
                scored.append((-1.0, a))
                continue
            cell = cell_index(a.cell)
            value = EARLY_CITIZEN.get(CITIZEN_KINDS.get(tile_kind(pl.grid[cell]), ""), 0.0)
            if pl.cranes[_CORNER_INDEX[cell]] == colour:
                value += 1.0
            scored.append((value, a))
        return _sorted(scored)

    def _setup_row(self, state, me, legal):
        pl = state.players[me]
        kind = tile_kind(pl.female + 34 * me) if pl.female >= 0 else ""
        want = SETUP_ROW.get(CITIZEN_KINDS.get(kind, ""), -1)
        return _sorted([(1.0 if a.row - 1 == want else 0.0, a) for a in legal])

    # --- draft ---------------------------------------------------------------------------

    def _draft(self, state, me, legal, unseen):
        pl = state.players[me]
        if isinstance(legal[0], KeepTile):
            values = {}
            for tile, cell in pl.taken:
                values[cell] = tile_value(tile_kind(tile), pl, state, own=True)
            return _sorted([(values[cell_index(a.cell)], a) for a in legal])
        hidden = self._hidden_value(state, me, unseen)
        scored = []
        for a in legal:
            if isinstance(a, SkipCard):
                scored.append((0.0, a))
                continue
            cell = cell_index(a.cell)
            if cell in _CORNER_INDEX:
                value = tile_value(tile_kind(pl.grid[cell]), pl, state, own=True)
                value += self._crane_value(state, me, _CORNER_INDEX[cell])
            else:
                value = hidden + self._space_value(state, me, cell)
            if a.tribune:
                value -= W.tribune * fade(state) + 0.8
            scored.append((value, a))
        return _sorted(scored)

    def _hidden_value(self, state, me, unseen) -> float:
        pl = state.players[me]
        if not unseen:
            return 3.0
        total = sum(unseen.values())
        return sum(tile_value(k, pl, state, own=True) * n for k, n in unseen.items()) / total

    def _crane_value(self, state, me, corner: int) -> float:
        pl = state.players[me]
        if pl.crane_state[corner] != 0:
            return 0.0
        colour = pl.cranes[corner]
        built = pl.buildings.count(colour)
        turns_left = 4 - max(state.round, 1) + 1
        per = CRANE_POINTS[max(state.cycle, 1) - 1]
        return per * (built + 0.6 * turns_left) - 1.0

    def _space_value(self, state, me, cell: int) -> float:
        pl = state.players[me]
        row = cell // 6
        value = 0.3
        if gray_row_missing(pl, row) > 0:
            value += 0.5 * row_multiplier(pl, row) * max(1, scorings_left(state))
        return value

    # --- building step -------------------------------------------------------------------

    def _build(self, state, me, legal):
        base = self.value(state, me)
        builds = [a for a in legal if isinstance(a, Build)]
        converts = [a for a in legal if isinstance(a, Convert)]
        scored: list[tuple[float, Action]] = [(base, a) for a in legal if isinstance(a, EndTurn)]
        for value, a in self._best_builds(state, me, builds, self.build_candidates):
            scored.append((value, a))
        for a in converts:
            self.tick()
            s = after(state, a, me, 1, self.value)
            best = self.value(s, me)
            if s.players[me].builds_left > 0 and current_player(s) == me:
                before = {(b.a, b.b) for b in builds}
                new = [
                    b for b in legal_actions(s) if isinstance(b, Build) and (b.a, b.b) not in before
                ]
                for value, _b in self._best_builds(s, me, new, 2):
                    best = max(best, value)
            scored.append((best - 0.05, a))  # converting must strictly pay off
        return _sorted(scored)

    def _best_builds(self, state, me, builds, keep: int) -> list[tuple[float, Action]]:
        """The ``keep`` most promising builds, valued by full lookahead."""
        if not builds:
            return []
        quick = []
        for a in builds:
            self.tick()
            s = state.clone()
            apply(s, a)
            quick.append((evaluate(s, me, forum=False) + _pending_bonus(s, me), a))
        quick.sort(key=lambda x: -x[0])
        out = []
        for _, a in quick[:keep]:
            self.tick()
            out.append((self.value(after(state, a, me, 1, self.value), me), a))
        return out


def sharp_policy(
    rng: random.Random, build_candidates: int = 6, tick: Callable[[], None] | None = None
) -> NormalPolicy:
    """The Normal policy made sharper (Hard's own ranking and its playouts): it ranks by the
    evaluation that sees which envoys can still reach the Forum, every step of the slide bar
    and a supply with nothing to build with (:func:`reach_value`), and it judges the tile
    to use by the building step it leads to (``use_builds``: as many builds as it looks at in
    a building step).

    Measured as a player against the Normal bot (2026-12-08; ``python
    scripts/policy_duel.py --deals 300 --seed 7``: 600 games, each deal in both seat orders):
    won 57.2 %, +3.95 points a game (standard error 0.82); each half alone about +2 (the
    tile judged by its building step +2.25, se 0.79; the evaluation alone +2.33, se 0.81). As
    the playouts play it (two builds looked at, ``--builds 2``), +3.75 (se 1.16, 260 games)
    against the playouts' plain Normal."""
    return NormalPolicy(rng, build_candidates, tick, value=reach_value, use_builds=build_candidates)


def _no_tick() -> None:
    pass


def start_colour(pl) -> str:
    """The colour of the player's starting worker (the colour it holds most workers of)."""
    return COLOURS[max(range(len(COLOURS)), key=lambda c: (pl.workers[c], -c))]


def _sorted(scored: list[tuple[float, Action]]) -> list[tuple[float, Action]]:
    return sorted(scored, key=lambda x: -x[0])


class NormalBot:
    """Heuristic player: one-step lookahead on a world sampled from its view."""

    level = "normal"

    def __init__(self, seed: int, build_candidates: int = 6) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.policy = NormalPolicy(self.rng, build_candidates)
        self.thrift = Thrift()

    def choose(self, view: PlayerView) -> Action:
        """The action the heuristic likes best among ``view.legal``."""
        legal = self.thrift.choices(view, legal_of(view))
        if len(legal) == 1:
            return legal[0]
        state = determinize(view, self.rng)
        me = view.viewer
        # the sampled world offers exactly the view's legal actions (the same interned values)
        return self.policy.choose(state, me, legal, view.colonias[me].unseen)
