"""Trajan's bots: Easy, Normal, Hard and Expert, each deciding from its seat's view alone.

``make_bot(level, seed)`` makes one; ``bot.choose(view)`` returns one of ``view.legal``. A
bot never receives the game state: it samples worlds consistent with its view
(:func:`~forum_trajanum.games.trajan.engine.view.determinize`) and plays them with the engine's own
``legal_actions`` and ``apply``, so no rule is written here, only judgement.

- **Normal** plans a whole turn: for each choice of the current decision it plays the rest of
  its own turn in a sampled world with a quick policy (colours that complete the Trajan tile
  beside each tray, the best option of the target tray's action by the estimate below, the
  special action whenever it comes, and at an extra action tile's offer the better of
  spending and keeping the tile, each played to the turn's end) and keeps the choice whose
  turn ends with the best estimate. The estimate (:func:`estimate`) is the points a seat can expect
  at the end: its score, what the final scoring would give now (cards, camps, Trajan tiles on
  slots, construction sets, bonus tiles), the Trajan tiles it may still accomplish, the
  demands it cannot meet this quarter, its standing in the senate before the vote, and what
  its tokens, tiles and [+2] markers are worth later (an unused extra action tile nothing in
  the game's last round: it scores nothing at the end).
- **Easy** plays Normal's choice half the time and otherwise any choice that does something
  (it never passes an action it could take, nor ships for nothing).
- **Hard** searches Normal's best few choices in worlds sampled from its view: each choice is
  played in each world and the game goes on with every seat playing Normal through its own
  next turn (``turns`` = 2: until the turn after that comes; looking only until its next turn
  won 48 % of 40 games against Normal, two turns 70 %), and the choice with the best mean of
  (own estimate - best rival's) wins; anytime, within ``time_limit`` seconds on the wall
  clock (checked inside each playout). The search is the core's
  (:mod:`forum_trajanum.core.search`, Forum Trajanum's Hard uses it too); the candidates,
  the playouts, their horizon and the judging of a leaf are Trajan's, here.
- **Expert** (:mod:`forum_trajanum.games.trajan.bots.expert`) searches a tree over what its
  seat may know (the core's :mod:`forum_trajanum.core.ismcts`), three of its turns ahead,
  judging where they lead by a value fitted from self-play
  (:mod:`forum_trajanum.games.trajan.bots.value`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from forum_trajanum.core.search import (
    Budget,
    Deadline,
    OutOfTime,
    SearchReport,
    play_out,
    search,
)
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import PASS, Extra, Pass, Ship, Sow
from forum_trajanum.games.trajan.engine.quarter import spend_choices, votes
from forum_trajanum.games.trajan.engine.rules import FLOW, current_player
from forum_trajanum.games.trajan.engine.scoring import bonus_points, set_points
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.engine.view import determinize

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")

_FORUM = D.FORUM_TILES
#: Weight of a construction type one tile short of each set size (3, then 4 of a type).
_NEAR_SET = dict(zip((size - 1 for size in sorted(D.SET_POINTS)), (3.0, 5.0), strict=True))
_apply = FLOW.apply
_legal = FLOW.legal_actions


def estimate(state: GameState, seat: int) -> float:
    """The points ``seat`` can expect at the game's end, judged from ``state`` now (a
    finished game: its score, the final scoring already in it)."""
    pl = state.players[seat]
    value = float(pl.score)
    if not state.tasks:
        return value
    on_slots = [t for t in pl.slots if t >= 0]
    value += len(pl.hand) + pl.workers + pl.legions + len(on_slots)
    wild_sets = sum(_FORUM[t].kind == "wild_construction" for t in pl.tiles)
    value += set_points(pl.buildings, wild_sets)
    # a type one tile short of a set, or of the bigger set, is worth something already
    value += sum(_NEAR_SET.get(n, 0.0) for n in pl.buildings)
    value += bonus_points(state, seat)
    quarters_left = max(0, D.QUARTERS - max(state.quarter, 1))
    cycle = D.TIME_CYCLE[state.options.players]
    progress = ((max(state.round, 1) - 1) + state.time / cycle) / D.ROUNDS_PER_QUARTER
    # Trajan tiles beside the trays: likely to be accomplished later
    for tile in on_slots:
        value += 0.45 * D.TRAJAN_TILES[tile].vp + 1.5
    # the demands of this quarter (and a little for the quarters after it)
    if state.quarter >= 1:
        revealed = [d for d in state.revealed if d >= 0]
        met, _ = spend_choices(_with_revealed(state, revealed), seat) if revealed else (0, [])
        tiles = sum(1 for t in pl.tiles if _FORUM[t].kind in ("demand", "wild_demand")) + len(
            pl.kept
        )
        spare = max(0, tiles - met)
        unknown = D.DEMANDS_PER_QUARTER - len(revealed)
        unmet = (len(revealed) - met) + max(0.0, unknown - 0.7 * spare)
        value -= D.DEMAND_PENALTY[min(D.DEMANDS_PER_QUARTER, round(unmet))] * (0.6 + 0.4 * progress)
        kept = min(len(pl.kept), D.DEMANDS_PER_QUARTER)
        value += 1.5 * kept * quarters_left / (D.QUARTERS - 1)
    # the senate vote at the quarter's end: a bonus tile for the first two
    mine = votes(state, seat)
    rivals = sorted((votes(state, p) for p in range(len(state.players)) if p != seat), reverse=True)
    weight = 0.4 + 0.6 * progress
    if not rivals or mine > rivals[0]:
        value += 7.0 * weight
    elif len(rivals) < 2 or mine > rivals[1]:
        value += 3.0 * weight
    value += 0.4 * pl.senate
    # what tokens, tiles and markers are worth later
    value += 0.5 * min(pl.supply, 6)
    for tile in pl.tiles:
        kind = _FORUM[tile].kind
        if kind in ("extra", "wild_extra"):
            value += kept_extra_value(state)
        elif kind == "wild_commodity":
            value += 2.0
    value += 1.0 * sum(pl.plus2)
    if pl.leader >= 0 and pl.leader not in pl.provinces and pl.legions:
        others = sum(1 for s in state.legions[pl.leader] if s != seat)
        value += 0.5 * max(0, D.PROVINCE_VP[pl.leader] - D.LEGION_CROWDING * others)
    return value


def kept_extra_value(state: GameState) -> float:
    """What an unused extra action tile is worth later: a repeat in a later turn, but
    nothing in the game's last round (kept tiles score nothing at the end, R17)."""
    last_round = state.quarter >= D.QUARTERS and state.round >= D.ROUNDS_PER_QUARTER
    return 0.0 if last_round else 2.5


def _with_revealed(state: GameState, revealed: list[int]) -> GameState:
    if len(revealed) == len(state.revealed):
        return state
    copy = state.clone()
    copy.revealed = revealed
    return copy


def standing(state: GameState, seat: int) -> float:
    """Own estimate less the best rival's (what Hard maximises)."""
    best = max(estimate(state, p) for p in range(len(state.players)) if p != seat)
    return estimate(state, seat) - best


# ── the quick policy: how Normal finishes a turn in its head ─────────────────────────────


def _sow_choice(state: GameState, legal: list) -> object:
    """Colour for the next tray: one the Trajan tile beside that tray still needs."""
    task = state.tasks[-1]
    pl = state.players[task.player]
    tray = pl.trays[task.tray]
    tile = pl.slots[task.tray]
    best, score = legal[0], -1.0
    for action in legal:
        c = action.colour
        value = 0.0
        if tile >= 0:
            a, b = D.TRAJAN_TILES[tile].colours
            need = [a, b]
            for have in range(D.NUM_COLOURS):
                for _ in range(tray[have]):
                    if have in need:
                        need.remove(have)
            if c in need:
                value += 2.0 + (1.0 if task.tray == task.target else 0.0)
        value -= 0.1 * tray[c]  # spread the colours
        if value > score:
            best, score = action, value
    return best


def _greedy(state: GameState, seat: int, legal: list) -> object:
    """The legal action whose result has the best estimate (one step)."""
    best, score = legal[0], float("-inf")
    for action in legal:
        after = state.clone()
        _apply(after, action)
        value = estimate(after, seat)
        if isinstance(action, Pass):
            value -= 0.01
        if value > score:
            best, score = action, value
    return best


def quick(state: GameState, legal: list) -> object:
    """The quick policy's choice at the current decision."""
    kind = state.tasks[-1].kind
    if len(legal) == 1:
        return legal[0]
    if kind == "sow":
        return _sow_choice(state, legal)
    if kind == "extra":
        return _extra_choice(state, legal)
    if kind == "special":
        return legal[0]
    return _greedy(state, current_player(state), legal)


def _extra_choice(state: GameState, legal: list) -> object:
    """At an extra action tile's offer: spend it or keep it, whichever ends the turn (played
    on quickly both ways) with the better estimate; a tie spends it."""
    seat = current_player(state)
    best, score = legal[0], float("-inf")
    for action in legal:
        after = state.clone()
        _apply(after, action)
        _finish_turn(after, seat)
        value = estimate(after, seat) - (0.01 if not isinstance(action, Extra) else 0.0)
        if value > score:
            best, score = action, value
    return best


def _finish_turn(state: GameState, seat: int, limit: int = 40) -> None:
    """Play ``seat``'s decisions with the quick policy until the turn passes."""
    for _ in range(limit):
        if not state.tasks or current_player(state) != seat:
            return
        if state.tasks[-1].kind in ("source", "spend", "consul", "markers", "card", "start"):
            return
        legal = _legal(state)
        _apply(state, quick(state, legal))


def rank_choices(
    world: GameState,
    seat: int,
    legal: list,
    judge: Callable[[GameState, int], float] = estimate,
    deadline: Deadline | None = None,
) -> list[tuple[float, object]]:
    """Every legal action with the estimate (or ``judge``'s value) after playing the rest of
    the turn quickly, best first. With a ``deadline``, the clock is read before each action
    after the first, and the actions not reached when it has come are left out (an action
    tile's 140 options took 6 s on a loaded machine, before a search could begin)."""
    ranked = []
    for i, action in enumerate(legal):
        if deadline is not None and i:
            try:
                deadline.tick()
            except OutOfTime:
                break
        after = world.clone()
        _apply(after, action)
        _finish_turn(after, seat)
        value = judge(after, seat)
        if isinstance(action, Pass):
            value -= 0.01
        ranked.append((value, action))
    ranked.sort(key=lambda pair: pair[0], reverse=True)
    return ranked


# ── setup choices ────────────────────────────────────────────────────────────────────────


def _setup_choice(view: GameState, legal: list) -> object:
    kind = view.tasks[-1].kind
    seat = view.viewer
    pl = view.players[seat]
    if kind == "markers":
        # two different colours in every tray: more Trajan tiles within reach
        pairs = [a for a in legal if a.pair >= 0]
        colours = D.NUM_COLOURS
        left = [D.MARKERS_PER_COLOUR - sum(t[c] for t in pl.trays) for c in range(colours)]
        mixed = [a for a in pairs if a.pair // colours != a.pair % colours]
        choices = mixed or pairs
        return max(
            choices, key=lambda a: (left[a.pair // colours] + left[a.pair % colours], -a.pair)
        )
    if kind == "card":
        held = {c for c in pl.hand if c >= 0}
        for action in legal:
            if action.pile and view.discards[action.pile - 1][-1] in held:
                return action  # a pair for the identical ship
        return legal[0]
    if kind == "start":
        slot = view.tasks[-1].slot
        tray = pl.trays[slot]

        def fit(action) -> float:
            tile = D.TRAJAN_TILES[view.stacks[action.stack][-1]]
            a, b = tile.colours
            have = (tray[a] >= 2) if a == b else (tray[a] > 0) + (tray[b] > 0)  # R3
            return have * 3 + tile.vp * 0.3

        return max(legal, key=fit)
    return legal[0]


# ── the bots ─────────────────────────────────────────────────────────────────────────────


class NormalBot:
    """Plans each decision over the rest of its turn, in one world sampled from its view."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def ranked(
        self, view: GameState, deadline: Deadline | None = None
    ) -> list[tuple[float, object]]:
        legal = view.legal
        world = determinize(view, self.rng)
        return rank_choices(world, view.viewer, legal, deadline=deadline)

    def choose(self, view: GameState):
        legal = view.legal
        if not legal:
            raise ValueError(f"player {view.viewer + 1} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        if view.phase == "setup":
            return _setup_choice(view, legal)
        if view.tasks[-1].kind == "sow":
            return _sow_choice(view, legal)
        return self.ranked(view)[0][1]


def _useful(action) -> bool:
    if isinstance(action, Pass):
        return False
    if isinstance(action, Ship):
        return bool(action.cards) or action.wilds == 0
    return True


class EasyBot:
    """Normal's choice half the time, otherwise any choice that does something."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.normal = NormalBot(seed + 1)

    def choose(self, view: GameState):
        legal = view.legal
        if not legal:
            raise ValueError(f"player {view.viewer + 1} has no decision to make now")
        if self.rng.random() < 0.5:
            return self.normal.choose(view)
        useful = [a for a in legal if _useful(a)]
        if useful and view.tasks[-1].kind == "act":
            ships = [a for a in useful if isinstance(a, Ship)]
            scoring = [a for a in ships if _ship_points(view, a) > 0]
            useful = [a for a in useful if not isinstance(a, Ship)] + scoring or useful
        return self.rng.choice(useful or legal)


def _ship_points(view: GameState, action: Ship) -> int:
    size = len(action.cards) + action.wilds
    if action.ship == D.PAIRS:
        size //= D.PAIR_CARDS
    table = D.SHIP_FRONT if view.ships[action.ship] else D.SHIP_BACK
    return table[action.ship][size - 1]


class HardBot:
    """Normal's best few choices, each played on in sampled worlds until the turn comes back;
    anytime within ``time_limit`` seconds (the core's search:
    :func:`forum_trajanum.core.search.search`)."""

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        # the search stops at 1.5 s: the last step it started (one source-tray choice of a
        # playout, about 0.1-0.3 s of work) may run past it, and on a loaded machine (a
        # 4-player game beside a simulation) a 2.0 s limit gave one answer of 3.2 s
        time_limit: float = 1.5,
        candidates: int = 3,
        worlds: int = 6,
        clock: Callable[[], float] = time.perf_counter,
        iterations: int | None = None,
        turns: int = 2,
    ) -> None:
        self.rng = random.Random(seed)
        self.normal = NormalBot(seed + 1)
        self.time_limit = time_limit
        self.candidates = candidates
        self.worlds = iterations if iterations is not None else worlds  # simulate's name
        self.clock = clock
        #: how many of its own turns each playout looks ahead (until the turn after that)
        self.turns = turns
        self.capped = 0  # searches the deadline cut short
        self.last = SearchReport()

    def choose(self, view: GameState):
        legal = view.legal
        if not legal:
            raise ValueError(f"player {view.viewer + 1} has no decision to make now")
        self.last = SearchReport()
        kind = view.tasks[-1].kind
        if len(legal) == 1 or view.phase == "setup" or kind not in ("source", "act"):
            return self.normal.choose(view)
        # the clock is read only before the worlds and before a playout's source-tray
        # choices (its slow steps); the search stops when the deadline has come, or before a
        # world when the longest world so far would end past it
        deadline = Deadline(self.time_limit, self.clock, foresight=False)
        ranked = self.normal.ranked(view, deadline)
        top = [action for _, action in ranked[: self.candidates]]
        if len(top) == 1 or ranked[0][0] - ranked[1][0] > 8.0:
            return top[0]
        seat = view.viewer
        chosen, self.last = search(
            top,
            [0.05 * value for value, _ in ranked[: len(top)]],
            sample=lambda: determinize(view, self.rng),
            apply=_apply,
            play=lambda state: _play_until_back(state, seat, deadline=deadline, turns=self.turns),
            judge=lambda state: (standing(state, seat), estimate(state, seat)),
            deadline=deadline,
            budget=Budget(max_worlds=self.worlds),
        )
        if self.last.cut:
            self.capped += 1
        return top[chosen]


def _play_until_back(
    state: GameState,
    seat: int,
    limit: int = 200,
    deadline: Deadline | None = None,
    turns: int = 1,
) -> None:
    """Play on with every seat's quick planning until ``seat`` is to choose a source tray
    again (its next turn; ``turns`` times), or the game ends; the ``deadline`` is read before
    each source-tray choice (the slow step) and raises
    :class:`~forum_trajanum.core.search.OutOfTime` when it has come."""
    left_seat = False

    def back(state: GameState) -> bool:
        nonlocal left_seat, turns
        if not state.tasks:
            return True
        if current_player(state) != seat:
            left_seat = True
        elif left_seat and state.tasks[-1].kind == "source":
            turns -= 1
            if turns <= 0:
                return True
            left_seat = False  # its own turn in the playout: played by Normal's planning
        return False

    def tick(state: GameState) -> None:
        if deadline is not None and state.tasks[-1].kind == "source":
            deadline.tick()

    play_out(
        state,
        _apply,
        _playout_choice,
        back,
        tick=tick if deadline is not None else None,
        limit=limit * turns,
    )


def _playout_choice(state: GameState) -> object:
    """How every seat plays in a playout: a source tray by Normal's planning, the rest of the
    turn by the quick policy."""
    legal = _legal(state)
    if state.tasks[-1].kind == "source" and len(legal) > 1:
        return rank_choices(state, current_player(state), legal)[0][1]
    return quick(state, legal)


#: What the value fitted from self-play (``bots/value.py``) misses of the final score, by the
#: round of the game of the position it judges (quarter 1 round 1 first): the final score less
#: the fitted value, on average over every tray and action decision of both seats in games of
#: two Normal bots the fit never saw. It runs in a sawtooth within each quarter, from about +3
#: at its first round to about -3 at its last: positions just before a quarter's end were
#: judged a few points too high, those just after it too low. The hint adds it to the value at
#: the end of each playout (``advice.final_points``), so figures whose playouts end at
#: different places in the game are on one scale (issue 38.3: a seat's figure moved with the
#: round its playouts ended in). Measured by ``python scripts/hint_calibration.py --game
#: trajan --fit --games 60 --first-seed 5001``.
# fmt: off
FINAL_OFFSETS = (
    3.2, -2.4, -5.0, -4.3,  # quarter 1, rounds 1-4
    2.3, -0.7, -3.3, -4.9,
    2.7, -0.2, -1.6, -2.7,
    3.7, 1.2, -2.1, -2.7,
)
# fmt: on


def round_of_game(state: GameState) -> int:
    """The round ``state`` is in, counted over the whole game from 0 (quarter 1's first
    round; the setup counts as it): the index of :data:`FINAL_OFFSETS`."""
    return (max(state.quarter, 1) - 1) * D.ROUNDS_PER_QUARTER + max(state.round, 1) - 1


def final_offset(state: GameState) -> float:
    """Points to add to the fitted value of ``state`` for the expected final score at its
    place in the game: :data:`FINAL_OFFSETS` hold the middle of each round, between them the
    time marker's place says how far the round has gone."""
    cycle = D.TIME_CYCLE[state.options.players]
    rnd = round_of_game(state)
    at = min(max(rnd + (state.time % cycle) / cycle - 0.5, 0.0), len(FINAL_OFFSETS) - 1.0)
    low = int(at)
    high = min(low + 1, len(FINAL_OFFSETS) - 1)
    return FINAL_OFFSETS[low] + (at - low) * (FINAL_OFFSETS[high] - FINAL_OFFSETS[low])


def hint(view: GameState, worlds: int | None = None, top: int = 3, **settings):
    """The hint for the viewer's decision: the best few choices with the points each is
    expected to lead to at the end, each with its reason, from the view alone (the same view
    always gives the same hint): :func:`forum_trajanum.games.trajan.bots.advice.suggest`."""
    from forum_trajanum.games.trajan.bots.advice import suggest

    return suggest(view, worlds=worlds, top=top, **settings)


def make_bot(level: str, seed: int, **settings):
    """A new Trajan bot of ``level`` ("easy", "normal", "hard" or "expert"), deterministic
    for ``seed``; ``settings`` go to its constructor."""
    key = level.strip().lower() if isinstance(level, str) else level
    if key == "expert":
        from forum_trajanum.games.trajan.bots.expert import ExpertBot

        return ExpertBot(seed, **settings)
    classes = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
    if key not in classes:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
    return classes[key](seed, **settings)


__all__ = [
    "LEVELS",
    "PASS",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "Sow",
    "estimate",
    "final_offset",
    "hint",
    "make_bot",
    "round_of_game",
]
