"""Trajan's Expert bot: information-set Monte Carlo tree search over worlds sampled from the
seat's view (the core's :func:`forum_trajanum.core.ismcts.ismcts`); the candidates, the
playouts, their horizon and the judging of a leaf are Trajan's, here.

At a source-tray choice or an action's option (the decisions Hard searches too):

1. Normal's planning ranks the choices (each played to the end of the turn in a world sampled
   from the view); the best ``candidates`` are the root's arms.
2. Each iteration takes an arm by its upper confidence bound and plays it in that arm's next
   world (the j-th visit of every arm plays the j-th world: the arms are compared on the same
   worlds), then the game goes on with every seat playing Normal's planning through the
   seat's next ``turns`` turns.
3. The leaf is judged for every seat by the value fitted from self-play
   (:mod:`~forum_trajanum.games.trajan.bots.value`: its expected final score, from its score,
   the final scoring as it stands, the Trajan tiles within reach, the demands it cannot meet
   this quarter, the senate vote, its tokens and tiles, with weights fitted per number of
   players and quarter on games of Normal bots, those of the score, the demand penalty, a
   Trajan tile's points, provinces and buildings held at the hand-set estimate's); less the
   best rival's. (``judge="estimate"``:
   by the hand-set :func:`~forum_trajanum.games.trajan.bots.estimate` instead, as before.)

Other decisions (setup, colours to sow, the special action, extra action tiles) are Normal's.
Reproducible: the worlds come from a generator seeded by the bot's seed and the view itself,
and a fixed number of iterations decides; the deadline (``time_limit`` on the wall clock,
read before every iteration and every source-tray choice of a playout) is a safety cap only.

Its budget: 36 iterations over Normal's best 4 choices (9 playouts each, three turns
deep), where Hard plays 6 worlds for each of Normal's best 3, two turns deep. Until
2026-12-06 it had 15 iterations over 3 (5 playouts each: fewer than Hard's), and against Hard
won 19 of 40 games, 48 % (95 % interval 33-63 %), 125.2 points to 121.4 (``simulate --game
trajan --players expert,hard --games 20 --seed 11 --jobs 1`` and ``--first-game 20``).
Screened on 2026-12-06 on the shared 2-core machine (load 7-10; seed 2718, not used while
choosing; the same deals in both seat orders) with ``nice -n 5`` and one process,
``run(["expert", "hard"], 20, 2718, 1, settings={"expert": {"iterations": 36,
"candidates": 4}}, game="trajan")`` (what ``simulate --game trajan --players expert,hard
--games 20 --seed 2718 --jobs 1`` plays, with these settings): Expert won 13 of 20, 65 %
(95 % interval 43-82 %), 123.6 points (sd 13.6, p10 104.9) to Hard's 116.8 (sd 16.4, p10
93.0); think median 5 ms, mean 0.64 s, longest 2.06 s (the 2 s safety deadline; Hard's
longest 1.52 s). Then on a fresh seed, the same way (``simulate --game trajan --players
expert,hard --seed 9001 --jobs 1``, its games 0-39, stopped there for time): Expert won 24 of
40, 60 % (95 % interval 45-74 %), 122.4 points (sd 16.0, p10 98.9) to Hard's 117.5 (sd 18.5,
p10 96.9); longest think 2.08 s, and in 5 of the 40 games a think past the 2 s deadline (the
machine at load 6-10: a search cut there is not reproducible). Both seeds: 37 of 60, 62 %.
Where the points come from (seed 9001): Expert 20.1 from shipping, 17.6 from provinces and
7.2 from sets to Hard's 10.0, 11.7 and 3.2; Hard 61.1 from Trajan tiles to Expert's 47.1, and
Expert loses more to demands (-27.6 to -22.8). Not yet shown: the issue's target (65 % of
200 games, the interval's lower bound above 55 %). A value
fitted on the final margin between two seats (rather than each seat's own final score; 300
2-player games of Normal bots) forecast held-out margins no better than the difference of
the own-score values (mean error 15.9 to 15.6 points in quarter 1, 9.8 to 9.4 in quarter 4;
its sign the result's as often): not kept. Earlier screens (seed 7): the fitted value's
leaves won 8 of 10, the hand-set estimate's 5 of 10. In 4-player games (``--players
expert,hard,normal,easy --games 4 --seed 11``, with the budget of 15 over 3) Expert had the
highest mean score, 106.5, to Hard's 103.5, Normal's 88.8 and Easy's 47.0.

Where Expert and Hard differ (issue 38's diagnosis checked, 2026-12-06, a seed not used
before: ``simulate --game trajan --players expert,hard --games 20 --seed 6161 --jobs 1
--records DIR``, each record replayed and every seat's points by category read at each
quarter's end): Expert won 11 of 20, 123.2 points to 120.0, but trailed by 6.8 points after
quarter 1 (16.0 to 22.8) and by 14.2 after quarter 2 (37.0 to 51.2), 4.2 after quarter 3,
and came past with shipping (23.1 to 10.9 at the end, most of it from quarter 2 on: the cards
it held), provinces (17.1 to 12.3) and bonus tiles (20.9 to 16.5). The Trajan tiles are the
gap the diagnosis named: 48.5 points to Hard's 64.0, 4.2 behind after quarter 1 and 11.7
after quarter 2. The demands less so: -25.1 to -22.9, even until quarter 3 (-19.4 to
-18.4), the rest in quarter 4. The fitted weights explain both: a point scored in quarter 1
weighed 0.58 and a card in hand 2.37 (so the search held cards and shipped late rather than
score now), a Trajan tile's points about 0 (-0.21 to 0.17) and the demand penalty a seat
cannot avoid about 0 (-0.24 to 0.0, 2 players).

Those weights held at the hand-set estimate's (``value.PINNED``: the score 1, the demand
penalty 0.6 early to 1 at the quarter's end, a Trajan tile's points 0.45, provinces and
buildings 0), the rest fitted toward the hand-set's (``scripts/fit_value_trajan.py
--fit-seeds 1-300 --pin --toward-hand --ridge 0.1``), on the same 20 deals of seed 6161:
Expert won 12 of 20 (was 11), 121.8 points to 114.1, a margin of +7.8 a game (was +3.3; the
per-game difference +4.5, sd 31.3: within noise), better in 6 of the 10 deals; its Trajan
tiles 58.8 points to Hard's 52.0 (were 48.5 to 64.0), level with Hard after quarter 1 (23.6
to 22.2, was 16.0 to 22.8); demands still -23.0 to -19.4; shipping 13.6 (was 23.1); think
median 1 ms, mean 0.29 s, longest 1.99 s, 5 searches cut by the deadline in 2,964 decisions.
Then on a fresh seed (``nice -n 5 forum-trajanum simulate --game trajan --players
expert,hard --games 40 --seed 9401 --jobs 1``, 2026-12-06, load 3-4): Expert won 31 of 40,
77.5 % (95 % interval 62-88 %), 124.3 points (sd 14.9, p10 107.8) to Hard's 111.4 (sd 12.8,
p10 94.8); think median 0.9 ms, mean 0.28 s, longest 1.97 s (Hard's 1.22 s), 10 of 5,957
decisions cut by the 2 s deadline. Its Trajan tiles 54.9 points to 51.7, shipping 14.6 to
10.7, provinces 16.4 to 11.7, sets 9.0 to 2.0; the senate 15.4 to 21.4 and demands -26.1 to
-21.2 still Hard's. Level after quarter 2 (43.8 to 44.5), 4.9 ahead after quarter 3, 12.9 at
the end. Its next 20 games (``--first-game 40 --games 20``, the same command): 10 of 20,
129.3 points to 125.0 (the senate 13.9 to 27.9). Seed 9401's 60 games: 41 won, 68 % (interval
56-79 %); with seed 6161's 20, 53 of 80, 66 % (interval 55-76 %). Seed 9401's first 100
games: 69. Its next 100 (2026-12-07, ``nice -n 5 forum-trajanum simulate --game trajan
--players expert,hard --games 10 --first-game K --seed 9401 --jobs 1 --json sK.json`` for K =
100, 110, ... 190, read together by ``simulate --combine``; load 2-3.5): 56, 56 % (46-65 %),
121.7 points (p10 101.9) to Hard's 116.6 (p10 97.9), Trajan tiles 57.7 to 51.4, demands
-26.2 to -20.5, the senate 14.0 to 22.6; think mean 0.23 s, longest 1.98 s. The 200 games:
125, 62.5 % (95 % interval 56-69 %): the lower bound is above 55 %, the rate short of the
issue's 65 %; the demands and the senate are still where Hard gains.
In 4-player games (``simulate --game trajan --players expert,hard,normal,easy --games 4
--seed 9402 --jobs 1``: one deal, every level in every seat) Expert had the highest mean,
109.2, to Hard's 108.2, Normal's 85.5 and Easy's 54.0, but paid -34.2 for demands to Hard's
-11.0 (longest think 2.09 s): too few games to call, and the demands are where to look next.

The senate, the demands' tiles and the sets pinned too (2026-12-07; ``value.PINNED``; refit
with the same command, its games kept by ``--games``): the free fit's weights said a step up
the senate track cost 1.2 points and leading the senate early 6.3 (two players), a forum
demand tile held 3.6 on top of the demands it meets, a type one tile short of a set 3.1; the
Expert, judged by them, took 11.6 points from the senate to Hard's 24.1 and paid -25.4 for
demands to -22.1 (seed 9401's games 100-129). Paired on those 30 games (``nice -n 5
forum-trajanum simulate --game trajan --players expert,hard --games 10 --first-game K --seed
9401 --jobs 1`` for K = 100, 110, 120, on a 2-core machine beside other runs): 19 won where
the Expert before won 18 (simulate's count, ties to the senate: 21), a margin of +5.1 points
a game to +3.5 (paired difference +1.6, standard error 5.2: no difference shown); the senate
28.6 points to Hard's 20.9, demands -25.3 to -20.6, Trajan tiles 49.2 to 52.4; think median
1 ms, longest 1.9 s. Kept for the weights it corrects (each checked by a test: a step up the
senate, a demand tile more, never lower the value), not for a gain shown. The senate alone
pinned (a screen of the same games): 17 of 30, +5.5.

With those pins, on a fresh seed (2026-12-07, ``nice -n 5 forum-trajanum simulate --game
trajan --players expert,hard --games 10 --first-game K --seed 9903 --jobs 1 --json sK.json``
for K = 0, 10, ... 190, two slices at a time on the 2-core machine, read together by
``simulate --combine``): 128 of 200, 64.0 % (95 % interval 57-70 %), 124.1 points (sd 15.5,
p10 103.0) to Hard's 116.8 (sd 14.5, p10 98.0); the senate 25.9 to 20.5, Trajan tiles 50.6
to 55.2, demands -23.6 to -19.9; think median 0.8 ms, mean 0.26 s, longest 1.98 s. The
interval's lower bound is above 55 %; the rate is one point short of the issue's 65 % (34 of
the first 50, 94 of the next 150): the Trajan tiles and the demands are Hard's still.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from forum_trajanum.core.ismcts import Plan, TreeReport, ismcts, seeded
from forum_trajanum.core.search import Deadline
from forum_trajanum.games.trajan.bots import (
    NormalBot,
    _apply,
    _play_until_back,
    estimate,
    rank_choices,
)
from forum_trajanum.games.trajan.bots.value import value as fitted_value
from forum_trajanum.games.trajan.bots.value import values as fitted_values
from forum_trajanum.games.trajan.engine.rules import current_player
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.engine.view import determinize


def expected(state: GameState, judge: str = "fitted") -> list[float]:
    """Every seat's expected final points: by the value fitted from self-play
    (:mod:`~forum_trajanum.games.trajan.bots.value`), or with ``judge="estimate"`` by the
    hand-set :func:`~forum_trajanum.games.trajan.bots.estimate`."""
    if judge == "fitted":
        return fitted_values(state)
    return [estimate(state, p) for p in range(len(state.players))]


def standings(values: list[float]) -> list[float]:
    """Every seat's expected final points less its best rival's."""
    return [v - max(values[:p] + values[p + 1 :]) for p, v in enumerate(values)]


class ExpertBot:
    """Tree search over what the seat may know, played on by Normal's planning."""

    level = "expert"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 36,
        candidates: int = 4,
        turns: int = 3,
        exploration: float = 6.0,
        margin: float = 10.0,
        prior_weight: float = 0.05,
        time_limit: float = 2.0,
        judge: str = "fitted",
        prior: str = "estimate",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seed = seed
        self.normal = NormalBot(seed + 1)
        self.plan = Plan(iterations=iterations, depth=0, exploration=exploration)
        self.candidates = candidates
        self.turns = turns
        self.margin = margin
        self.prior_weight = prior_weight
        self.time_limit = time_limit
        if judge not in ("fitted", "estimate"):
            raise ValueError(f"judge must be 'fitted' or 'estimate', not {judge!r}")
        self.judge = judge
        if prior not in ("fitted", "estimate"):
            raise ValueError(f"prior must be 'fitted' or 'estimate', not {prior!r}")
        self.prior = prior
        self.clock = clock
        self.capped = 0  # searches the deadline cut short
        self.last = TreeReport()

    def choose(self, view: GameState):
        legal = view.legal
        if not legal:
            raise ValueError(f"player {view.viewer + 1} has no decision to make now")
        self.last = TreeReport()
        kind = view.tasks[-1].kind
        if len(legal) == 1 or view.phase == "setup" or kind not in ("source", "act"):
            return self.normal.choose(view)
        deadline = Deadline(self.time_limit, self.clock, foresight=False)
        rng = random.Random(seeded(self.seed, view.model_dump_json()))
        seat = view.viewer
        judge = fitted_value if self.prior == "fitted" else estimate
        ranked = rank_choices(determinize(view, rng), seat, legal, judge, deadline)
        top = ranked[: self.candidates]
        if len(top) == 1 or top[0][0] - top[1][0] > self.margin:
            return top[0][1]

        def leaf(state: GameState):
            _play_until_back(state, seat, deadline=deadline, turns=self.turns)
            values = expected(state, self.judge)
            return standings(values), values[seat]

        chosen, self.last = ismcts(
            [a for _, a in top],
            [self.prior_weight * v for v, _ in top],
            seat,
            sample=lambda: determinize(view, rng),
            apply=_apply,
            moves=lambda _state: (),
            mover=current_player,
            leaf=leaf,
            deadline=deadline,
            plan=self.plan,
        )
        if self.last.cut:
            self.capped += 1
        return top[chosen][1]
