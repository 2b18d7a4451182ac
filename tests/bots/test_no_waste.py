"""No bot wastes: a property over whole games and random positions, every level, both games.

Issue 38: Forum Trajanum's Hard spent its last turn recolouring blue -> green -> blue (x4),
eight assistants for nothing. What counts as waste here, precisely:

- **Forum Trajanum, a building step** (rules "Building step": conversions and builds, in any
  order). A run of k consecutive conversions by one player is *wasteful* when the engine
  offered, from where the run began, a way to holdings at least as good with fewer than k
  conversions (none included). Holdings: the player's supply (builders, workers of each
  colour, assistants, coins, tribunes; more of each is at least as good) and everything else
  of the player's own (Colonia, ship, tracks, prestige, points, citizens), which must be
  equal. So a recolouring undone in the same step (``B -> G, G -> B``: back where it began,
  two assistants spent), a chain (``B -> G, G -> Y``, where ``B -> Y`` does it with one
  assistant) and any longer circle are waste; a conversion that trades one thing for another
  is not (what it is good for is the bot's judgement, not a rule).
- **Trajan, a turn** (rules "Course of play": a player's turn is one action, with what it
  triggers). A turn is *wasteful* when it ends with the player's own holdings no better than
  where they began, something spent: its supply, workers, legionnaires, cards, forum tiles or
  [+2] markers fewer or equal, none more, fewer of at least one, and nothing else of its own
  changed (buildings, senate, provinces, leader, display, bonus tiles, points). The markers
  sown (the turn's own mechanism) are not counted.

The checks read the engine alone (its legal actions, its ``apply``), not the bots' guard.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import asdict

import pytest

from forum_trajanum.core.game import GAMES
from forum_trajanum.games.forum_trajanum.engine.actions import Convert
from forum_trajanum.games.forum_trajanum.engine.state import PlayerState

FT, TRAJAN = "forum-trajanum", "trajan"
LEVELS = ("easy", "normal", "hard", "expert")
#: test-sized searches that search all the same; a frozen clock keeps deadlines from striking
SMALL = {
    FT: {
        "hard": {"iterations": 2, "candidates": 2, "min_worlds": 1, "clock": lambda: 0.0},
        "expert": {"iterations": 4, "candidates": 2, "work": 0, "clock": lambda: 0.0},
    },
    TRAJAN: {
        "hard": {"worlds": 1, "candidates": 2, "turns": 1, "clock": lambda: 0.0},
        "expert": {"iterations": 4, "candidates": 2, "turns": 1, "clock": lambda: 0.0},
    },
}

_FT_SUPPLY = ("builders", "assistants", "coins", "tribunes")
#: the turn's bookkeeping and the draft: not holdings
_FT_NOT_HOLDINGS = {
    *_FT_SUPPLY,
    "workers",
    "uses_left",
    "used",
    "revealed",
    "builds_left",
    "craftsman1_left",
    "craftsman2_left",
    "merchant2_left",
    "taken",
    "drafted",
    "draft_tribunes",
    "kept",
    "passed",
    "received",
    "cards_left",
    "deal",
}
_TRAJAN_NOT_HOLDINGS = {
    "trays",
    "arch",
    "height",
    "known",
    "hand",
    "tiles",
    "kept",
    "plus2",
    "supply",
    "workers",
    "legions",
}

#: a Trajan turn's decisions (the quarter's demands and the setup are not a turn)
_TRAJAN_TURN = {"source", "sow", "special", "act", "discard", "extra"}


def ft_holdings(pl: PlayerState):
    supply = (pl.builders, *pl.workers, pl.assistants, pl.coins, pl.tribunes)
    rest = sorted((k, repr(v)) for k, v in asdict(pl).items() if k not in _FT_NOT_HOLDINGS)
    return supply, rest


def trajan_holdings(pl):
    supply = (
        pl.supply,
        pl.workers,
        pl.legions,
        len(pl.hand),
        len(pl.tiles),
        len(pl.kept),
        sum(pl.plus2),
    )
    rest = sorted((k, repr(v)) for k, v in asdict(pl).items() if k not in _TRAJAN_NOT_HOLDINGS)
    return supply, rest


def at_least_as_good(a, b) -> bool:
    """Holdings ``a`` are at least as good as ``b``."""
    return a[1] == b[1] and all(x >= y for x, y in zip(a[0], b[0], strict=True))


def cheaper_way(game, state, seat: int, target, conversions: int) -> bool:
    """Whether the engine offers, from ``state``, fewer than ``conversions`` conversions
    (breadth first, none included) to holdings at least as good as ``target``."""
    frontier = deque([(state, 0)])
    while frontier:
        here, depth = frontier.popleft()
        if at_least_as_good(ft_holdings(here.players[seat]), target):
            return True
        if depth + 1 >= conversions or game.current_player(here) != seat:
            continue
        for action in game.legal_actions(here):
            if isinstance(action, Convert):
                after = here.clone()
                game.apply(after, action)
                frontier.append((after, depth + 1))
    return False


def ft_waste(game, run: list) -> list[str]:
    """The wasteful stretches of one run of consecutive conversions ``run``: (state before,
    seat, action, state after) per conversion."""
    found = []
    for i in range(len(run)):
        # every stretch of up to 3 conversions is searched for a shorter way; longer ones
        # (never seen) only for coming back to where they began
        for j in range(i, len(run)):
            k = j - i + 1
            before, seat = run[i][0], run[i][1]
            target = ft_holdings(run[j][3].players[seat])
            wasteful = (
                cheaper_way(game, before, seat, target, k)
                if k <= 3
                else at_least_as_good(ft_holdings(before.players[seat]), target)
            )
            if wasteful:
                found.append(" / ".join(str(r[2]) for r in run[i : j + 1]))
    return found


class Waste:
    """Watches a game step by step and collects the waste of the watched seats."""

    def __init__(self, name: str, watched: set[int]) -> None:
        self.game = GAMES.get(name)
        self.name = name
        self.watched = watched
        self.run: list = []  # Forum Trajanum: the conversions in a row
        self.turn: tuple | None = None  # Trajan: (seat, holdings at its start, actions)
        self.found: list[str] = []

    def step(self, state, seat: int, action) -> None:
        """``action`` by ``seat`` is about to be applied to ``state`` (applied here)."""
        if self.name == FT:
            before = state.clone()
            self.game.apply(state, action, seat)
            if isinstance(action, Convert) and seat in self.watched:
                if self.run and self.run[-1][1] != seat:
                    self._close()
                self.run.append((before, seat, action, state.clone()))
            else:
                self._close()
            return
        kind = self.game.decision_kind(state)
        if kind not in _TRAJAN_TURN or kind == "source" or (self.turn and self.turn[0] != seat):
            self._close_turn(state)
        if kind == "source":  # a turn begins with the tray the markers are taken from
            self.turn = (seat, trajan_holdings(state.players[seat]), [])
        if self.turn is not None:
            self.turn[2].append(str(action))
        self.game.apply(state, action, seat)

    def _close(self) -> None:
        if self.run:
            self.found += ft_waste(self.game, self.run)
        self.run = []

    def _close_turn(self, state) -> None:
        if self.turn is not None and self.turn[0] in self.watched:
            seat, began, actions = self.turn
            ended = trajan_holdings(state.players[seat])
            if at_least_as_good(began, ended) and began[0] != ended[0]:
                self.found.append(" / ".join(actions))
        self.turn = None

    def finish(self, state) -> list[str]:
        self._close()
        self._close_turn(state)
        return self.found


def make(name: str, level: str, seed: int):
    return GAMES.get(name).load("bots").make_bot(level, seed, **SMALL[name].get(level, {}))


def whole_game(name: str, levels: tuple[str, ...], seed: int) -> dict[str, list[str]]:
    """The waste of each level in one whole game between ``levels``."""
    game = GAMES.get(name)
    bots = [make(name, level, seed * 10 + i) for i, level in enumerate(levels)]
    state = game.new_game(seed, game.options(players=len(levels)))
    watch = {lv: Waste(name, {s for s, x in enumerate(levels) if x == lv}) for lv in set(levels)}
    while not game.is_over(state):
        seat = game.current_player(state)
        action = bots[seat].choose(game.view(state, seat))
        for w in watch.values():
            w.step(state.clone(), seat, action)
        game.apply(state, action, seat)
    return {lv: w.finish(state) for lv, w in watch.items()}


def test_the_detector_sees_a_recolouring_undone_and_a_chain():
    """The issue's case (rules "Building step": a recolouring costs an assistant): blue ->
    green -> blue is waste, blue -> green -> yellow too (blue -> yellow does it for one
    assistant), a single recolouring is not."""
    game = GAMES.get(FT)
    rng = random.Random(5)
    state = game.new_game(5, game.options(players=2))
    while True:  # random play to a building step with two recolourings on offer
        legal = game.legal_actions(state)
        seat = game.current_player(state)
        recolours = [a for a in legal if isinstance(a, Convert) and a.method == "recolour"]
        pl = state.players[seat]
        if recolours and pl.assistants >= 2:
            break
        game.apply(state, rng.choice(legal), seat)

    def played(*texts):
        w = Waste(FT, {seat})
        s = state.clone()
        for t in texts:
            w.step(s, seat, game.parse(t))
        return w.finish(s)

    first = recolours[0]
    back = f"convert recolour {first.get} {first.give}"
    assert played(str(first), back) == [f"{first} / {back}"]
    other = next(c for c in "RGBY" if c not in (first.give, first.get))
    onward = f"convert recolour {first.get} {other}"
    assert played(str(first), onward) == [f"{first} / {onward}"]
    assert played(str(first)) == []


def test_the_trajan_detector_sees_turns_of_random_play_that_spend_for_nothing():
    """Random play does waste turns (a march there and back on an extra action tile, rules
    "Military" and "Forum": the tile is spent, the leader back where it was), so the Trajan
    check below can fail."""
    game = GAMES.get(TRAJAN)
    found: list[str] = []
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_game(seed, game.options(players=2 + seed % 3))
        watch = Waste(TRAJAN, set(range(4)))
        while not game.is_over(state):
            seat = game.current_player(state)
            watch.step(state, seat, rng.choice(game.legal_actions(state)))
        found += watch.finish(state)
        if found:
            break
    assert found


@pytest.mark.parametrize("name", [FT, TRAJAN])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_level_wastes_in_whole_games(name, seed):
    """Every level, in 2-, 3- and 4-player games, plays no wasteful conversion run (Forum
    Trajanum, rules "Building step") and no turn that ends no better with something spent
    (Trajan, rules "Course of play")."""
    levels = {1: ("easy", "normal"), 2: ("hard", "easy", "normal"), 3: LEVELS}[seed]
    if name == FT and seed == 1:
        levels = ("hard", "normal")
    found = whole_game(name, levels, seed)
    assert {lv: w for lv, w in found.items() if w} == {}


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_wastes_at_random_building_steps(level):
    """Random positions from random play (rules "Building step"), where supplies are odd and
    assistants many: each level plays the whole building step from there; no wasteful run."""
    game = GAMES.get(FT)
    rng = random.Random(38)
    checked = 0
    for seed in range(6):
        state = game.new_game(100 + seed, game.options(players=2))
        while not game.is_over(state) and checked < 8 * (seed + 1):
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            converts = sum(isinstance(a, Convert) for a in legal)
            if converts >= 3 and rng.random() < 0.5:
                bot = make(FT, level, seed)
                watch = Waste(FT, {seat})
                s = state.clone()
                while game.current_player(s) == seat and not game.is_over(s):
                    watch.step(s, seat, bot.choose(game.view(s, seat)))
                assert watch.finish(s) == [], f"seed {100 + seed}"
                checked += 1
            game.apply(state, rng.choice(legal), seat)
    assert checked >= 20


@pytest.mark.parametrize("level", LEVELS)
def test_no_trajan_level_wastes_a_turn_from_random_positions(level):
    """Random positions from random play (rules "Course of play"): each level plays one whole
    turn from the start of a turn; none ends no better with something spent."""
    game = GAMES.get(TRAJAN)
    rng = random.Random(38)
    checked = 0
    for seed in range(4):
        state = game.new_game(200 + seed, game.options(players=2 + seed % 3))
        while not game.is_over(state) and checked < 6 * (seed + 1):
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            if game.decision_kind(state) == "source" and rng.random() < 0.3:
                bot = make(TRAJAN, level, seed)
                watch = Waste(TRAJAN, {seat})
                s = state.clone()
                watch.step(s, seat, bot.choose(game.view(s, seat)))
                while game.decision_kind(s) in _TRAJAN_TURN - {"source"}:
                    who = game.current_player(s)
                    watch.step(
                        s,
                        who,
                        bot.choose(game.view(s, who))
                        if who == seat
                        else rng.choice(game.legal_actions(s)),
                    )
                assert watch.finish(s) == [], f"seed {200 + seed}"
                checked += 1
            game.apply(state, rng.choice(legal), seat)
    assert checked >= 12


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_search_levels_do_not_recolour_back_and_forth_where_the_normal_ranking_would(level):
    """Rules "Building step": seed 4, three Normal bots, move 262: player 1's building step,
    where the Normal ranking alone (without the guard) recolours B -> Y, Y -> B, B -> Y, Y -> B,
    B -> Y (four assistants for nothing, issue 38). Hard and Expert trust that ranking at the
    building step; from the same position they play the whole step without waste."""
    game = GAMES.get(FT)
    normals = [make(FT, "normal", 40 + i) for i in range(3)]
    state = game.new_game(4, game.options(players=3))
    for _ in range(262):
        seat = game.current_player(state)
        game.apply(state, normals[seat].choose(game.view(state, seat)), seat)
    assert game.current_player(state) == 0 and game.decision_kind(state) == "build"
    bot = make(FT, level, 5)
    watch = Waste(FT, {0})
    moves = []
    while game.current_player(state) == 0 and not game.is_over(state):
        action = bot.choose(game.view(state, 0))
        moves.append(str(action))
        watch.step(state, 0, action)
    assert watch.finish(state) == [], moves
