"""Expert bot: information-set Monte Carlo tree search over worlds sampled from the seat's view
(the core's :func:`forum_trajanum.core.ismcts.ismcts`); what is Forum Trajanum's is here: the
candidates, the playouts, their horizon and the judging of a leaf.

For each decision with a choice (setup choices, the worker colour and a gain are the Normal
policy's, as for Hard; with two players the building step is searched as Hard searches it, a
build and ending the turn always among the arms; with three or four Normal's ranking decides
it: :func:`style`):

1. The Normal policy ranks the legal actions on one world sampled from the view (at the
   building step without the conversions the no-waste guard rules out,
   :mod:`~forum_trajanum.games.forum_trajanum.bots.thrift`, as for Hard); the best
   ``candidates`` are the root's arms (a clear favourite, ahead by ``margin``, is played at
   once). ``ranking_value`` is the value that ranking uses: the hand-set ``evaluate`` by
   default (the fitted one there did not win more, see below).
2. Each iteration takes an arm by its upper confidence bound and plays it in that arm's next
   world (the j-th visit of every arm plays the j-th world sampled: the arms are compared on
   the same worlds); with ``depth`` > 0 it then descends through the Normal policy's best
   ``branching`` actions of whoever decides; then it plays on to the end of the round (or
   through the cycle's scoring) by the Normal policy for every player (with a narrower
   building lookahead, as in Hard's playouts); with two players from cycle III's round 3 on
   (``to_end=3``, as Hard) to the end of the game, so that the leaf is the final score; the
   work budget counts the positions those longer playouts try, so they get fewer
   iterations, not more time.
3. With two players the leaf is judged for every seat as Hard judges its leaves
   (``value="reach"``, :func:`~forum_trajanum.games.forum_trajanum.bots.value.reach_value`):
   the hand-set :func:`~forum_trajanum.games.forum_trajanum.bots.evaluation.evaluate` (points
   so far, the scorings still to come, this and later cycles' Trajan cards, the Forum, the
   ship, resources...) counting only the envoys that can still reach the Forum, every step the
   slide bar reads, and a building step with nothing to build with as its loss, less the best
   rival's. With three or four players (and ``value="fitted"``) by the value fitted from
   self-play (:func:`~forum_trajanum.games.forum_trajanum.bots.value.fitted`; the Expert's leaf
   at every table until 2026-12-07, see the end); ``value="evaluate"``: the hand-set one
   without Hard's counts.

How long it searches: at least the player count's iterations (:data:`ITERATIONS`), then on
until its playouts' lookahead has tried :data:`WORK` positions (``work``), at most
:data:`MOST_ITERATIONS`. A playout's cost varies twentyfold within a round (a draft at its
start plays every turn of the round, a choice at its end a step or two), so a fixed count
spent 20 iterations on a choice whose playouts are nearly free and gave it no more than the
costliest; a count of positions tried gives the cheap choices the search they can afford.

Reproducible: the worlds come from a generator seeded by the bot's seed and the view itself,
and counts decide (iterations and positions tried, never the clock); the deadline
(``time_limit``, 2.2 s on the wall clock, read before every iteration and every position a
playout's lookahead tries) is a safety cap only, for a machine far slower or busier than
usual.

Measured on 2026-12-06 on the shared 2-core machine (load 6-10: other sessions and up to
two more simulations beside it), each deal played in both seat orders:

- The work budget (3,000 positions past the 20 iterations), on seeds not used before (the
  paired games ``nice -n 5 forum-trajanum simulate --players expert,hard --games 20 --seed 31
  --jobs 1`` plays, played by a screening loop that printed each game): 17 of 20 won against
  Hard, 85 %, margin +14.1 points a game (standard error 4.3); think median 0.48 s, longest
  2.19 s, the deadline cutting 253 searches in the 20 games (the playouts try about 2,000
  positions a second at load 8, fewer at the load 9-10 of that run). Before (20 iterations,
  the same Hard): 36 of 60, 60 % (47-71 %) on seeds 11 and 21.
  Then on a fresh seed, the table as printed (``nice -n 5 forum-trajanum simulate --players
  expert,hard --games 20 --seed 9001 --jobs 1``): 13 of 20, 65 % (43-82 %), 88.5 points (sd
  17.4, 10th percentile 70.7) to Hard's 84.3 (sd 13.5), margin +4.2 a game (standard error
  6.0); think median 0.24 s, mean 0.46 s, longest 2.18 s; the deadline cut 50 of its searches
  (Hard's 97). Its next 12 games (``--games 12 --first-game 20``): 4 of 12, 83.4 points to
  85.7, the deadline cutting 11. Seed 9001's 32 games: 17, 53 % (36-69 %), 86.6 points to
  84.8, margin +1.8 a game (standard error 4.2); with seed 31's 20: 34 of 52, 65 % (52-77 %),
  against 60 % (47-71 %) before: the work budget's gain is not shown (seed 31's 85 % was in
  part luck), nor the issue's target over 200 games.
- The leaf's value, screened on the same 20 games (``nice -n 5 forum-trajanum simulate
  --players expert,hard --games 20 --seed 7 --jobs 1``, the variant set by ``value`` and
  ``ranking_value``): the hand-set ``evaluate`` won 9 of 20 against Hard, 45 % (95 % interval
  26-66 %), 88.7 points to 87.2; the fitted value won 14, 70 % (48-85 %), 91.8 to 87.0; the
  fitted value also in the Normal ranking that shortlists the arms and decides the building
  step won 6, 30 % (15-52 %), 77.0 to 84.2 (per deal, the margin 12.2 points worse than the
  fitted leaf alone, standard error 5.6: the fitted weights say what went with a high score in
  Normal's games, not what an action is worth, so that ranking stays the hand-set one).
- The chosen settings on seeds not used to choose them (``nice -n 5 forum-trajanum simulate
  --players expert,hard --games 20 --seed 11 --jobs 1``): 14 of 20, 70 % (48-85 %), 96.7
  points (sd 13.3, 10th percentile 81.3) to Hard's 85.9 (sd 13.0); think median 0.10 s, mean
  0.45 s, longest 2.19 s (the deadline struck on the loaded machine). Seeds 7 and 11 together:
  28 of 40, 70 % (55-82 %). Not shown yet: the issue's target (65 % of 200 games with the
  interval's lower bound above 55 %).

Against the Hard that plays cycle III's last two rounds out (2026-12-06, the table as printed:
``nice -n 5 forum-trajanum simulate --players expert,hard --games 20 --seed 7001 --jobs 1``):
9 of 20, 45 % (26-66 %), 89.0 points (sd 11.1, 10th percentile 77.0) to Hard's 92.2 (sd
16.3); think median 0.14 s, longest 2.13 s. Expert is not stronger than this Hard.

Searching the building step as Hard does (``trust_normal=()``, a build and the end of the
turn always among the arms, cycle III's last two rounds played out: ``to_end=3``), on
2026-12-07 against today's Hard (``simulate --players expert,hard --games 20 --seed 4242
--jobs 1``, in-process with those settings, load 2-3): 10 of 20, 84.8 points to Hard's 91.8,
think median 0.28 s, longest 2.13 s: not kept. In 4-player games the same day (``simulate
--players expert,hard,normal,easy --games 4 --seed 9701 --jobs 1``) Expert had the highest
mean, 96.5, to Hard's 84.5, Normal's 86.2 and Easy's 34.5.
Before the fitted value (the hand-set leaf, no no-waste guard): 17 of 30, 57 % (39-73 %),
91.1 points to 89.8 (``--games 20 --seed 11 --jobs 2`` and ``--games 10 --first-game 20``);
in 4-player games (``--players expert,hard,normal,easy --games 4 --seed 11``, seats rotating)
Expert had the highest mean score, 96.5, to Hard's 76.0, Normal's 77.2 and Easy's 31.0 (think
median 0.90 s, longest 2.19 s).

Its leaf value with the weights the rules give held (2026-12-07; ``value.PINNED``, refit by
``python scripts/fit_value_forum.py --train 1000-1299 --test 2000-2099 --every 6 --ridge 0.1
--pin --toward-hand --write``): the free fit said, in cycle I, a step of the slide bar -1.3
points and a cypress crossed -2.2 per scoring to come, the Forum -1.4, an envoy on the ship
-2.9; the Expert, judged by it, scored 12.2 points from its Trajan cards to Hard's 19.9 and
lost seed 4242's first 20 games 7 to 13 (``nice -n 5 forum-trajanum simulate --players
expert,hard --games 20 --seed 4242 --jobs 1``, a margin of -7.5 points a game). The same
20 deals, each screened on the shared 2-core machine (load 2-3): with the Colonia, the
cranes, this cycle's card, the Forum and the score held, 11 won, margin -2.3; with the slide
bar's steps and flip, the citizens, their coins and the tracks held too, 10, -0.9; with every
weight the rules give held (kept: only the resources, the tiles in hand, later cycles' cards,
free spaces and the bias are fitted), 9, -2.5, Trajan cards 14.1 to Hard's 19.6 (paired on
the games, each +5 to +6.6 points a game over the free fit, standard errors 4.6-5.8; the
three alike within them). Held-out error 8.4 points (the free fit's 7.3). Kept for the weights
it corrects (each checked by a test: a step up the slide bar and an envoy more never lower
the value), not for a gain shown over Hard: about level with it on these deals, and on a
fresh seed (``nice -n 5 forum-trajanum simulate --players expert,hard --games 20 --seed 9902
--jobs 1``) 7 of 20, 94.5 points to 102.9: still weaker than Hard.

Judged as Hard judges (2026-12-07, eighth stop; kept): the fitted value above was fitted on
the hand-set evaluation's old counts, without the three that Hard's leaves gained from its
worst games (the envoys that can still reach the Forum, the slide bar as it reads, a starved
building step), and the Expert trusted Normal at the building step and stopped its playouts
at the round's end, where Hard searches the building step and plays cycle III's last two
rounds out. With all three of Hard's (``value="reach"``, ``trust_normal=()``, ``to_end=3``),
against Hard on seed 4242's and seed 9902's first 20 games each, the unchanged Expert played
on the same deals in the same run (``forum-trajanum simulate --players expert,hard --games
20 --seed S --jobs 1``, each game in its own process, two at a time on the 2-core machine):
21 of 40 won where the fitted leaf won 17 (10 and 11, against 10 and 7), the margin over Hard
+0.7 points a game against -5.7 (paired on the deals +6.3 points a game, standard error 4.0),
96.8 points to Hard's 96.2; think median 0.35 s (was 0.17 s), mean 0.39 s, longest 2.2 s
(the safety cap). About level with Hard, where it was weaker; far from the 65 % the issue
asks for. In four-player games with those settings (``forum-trajanum simulate --players
expert,hard,normal,easy --games 8 --first-game 4 --seed 9701 --jobs 2``) it scored 89.0 to
Hard's 96.4, Normal's 84.4 and Easy's 28.6 (2 of 8 won), where on the same deals the fitted
value had scored 92.8 to 88.4, 80.2 and 31.6 (4 won): not the highest mean. So the settings
go by the table (:func:`style`): Hard's in a duel, where they were measured better, the
fitted value's with three or four players, where it had the highest mean. Eight games
each: the four-player difference is within their noise too.

Hard's sharper Normal (2026-12-08; ``sharp``, kept): Hard now ranks its candidates and plays
its playouts by :func:`~.normal.sharp_policy` (bots/hard.py),
and the Expert, which searches a duel as Hard does, does too with two players (its ranking,
its tree's moves and its playouts). Screened against that Hard on the fresh deals of seed
9904, games 0-39 (in-process as ``forum-trajanum simulate --players expert,hard --games 20
--first-game K --seed 9904 --jobs 1`` plays them, K = 0 and 20 side by side): 18.5 of 40
won, 46 % (95 % interval 32-61 %), 92.2 points to Hard's 90.8 (+1.4 a game); think median
0.31 s, longest 2.20 s. On the same deals the Expert before against the Hard before: 23 of
40, 91.9 to 92.0 (-0.1). Level with Hard either way, within the noise of 40 games; kept so
that a duel's Expert plays as Hard plays, with its tree on top. With three or four players
the Expert is unchanged (the fitted value, Normal's plain playouts).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from forum_trajanum.core.ismcts import Plan, TreeReport, ismcts, seeded
from forum_trajanum.core.search import Deadline
from forum_trajanum.games.forum_trajanum.bots import legal_of
from forum_trajanum.games.forum_trajanum.bots.hard import horizon, play_round, shortlist
from forum_trajanum.games.forum_trajanum.bots.normal import NormalPolicy, sharp_policy
from forum_trajanum.games.forum_trajanum.bots.thrift import Thrift
from forum_trajanum.games.forum_trajanum.bots.value import judge
from forum_trajanum.games.forum_trajanum.engine import (
    Action,
    PlayerView,
    apply,
    current_player,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision as D

#: Iterations a decision's search plays at least, by player count: a playout of a round takes
#: about twice as long with four players as with two.
ITERATIONS = {2: 20, 3: 14, 4: 10}
#: The most iterations a decision's search plays.
MOST_ITERATIONS = 120
#: The work a decision's search may do past its first iterations: positions its playouts'
#: lookahead tries (about 2,000 a second on the loaded 2-core machine).
WORK = 3000


@dataclass(frozen=True)
class Style:
    """How the search judges and how far it plays: the leaf's value (``value``: "reach",
    "fitted" or "evaluate", :func:`~forum_trajanum.games.forum_trajanum.bots.value.judge`),
    the decisions where Normal's ranking is trusted (``trust_normal``) and cycle III's round
    from which the playouts go on to the end of the game (``to_end``; None: never)."""

    value: str
    trust_normal: frozenset[str]
    to_end: int | None


#: With two players: Hard's judgement, its search of the building step and cycle III's last
#: two rounds played out (21 of 40 against Hard where the fitted value won 17: the module's
#: text).
DUEL = Style("reach", frozenset(), 3)
#: With three or four players: the value fitted from self-play, Normal trusted at the building
#: step, playouts to the round's end (with it the Expert had the highest mean in four-player
#: games; judged as Hard, on the same 8 games, it had not: the module's text).
GROUP = Style("fitted", frozenset({D.BUILD}), None)


def style(players: int) -> Style:
    """The Expert's :class:`Style` at a table of ``players``."""
    return DUEL if players == 2 else GROUP


class ExpertBot:
    """Tree search over what the seat may know, guided and played on by the Normal policy."""

    level = "expert"

    def __init__(
        self,
        seed: int,
        iterations: int | None = None,
        candidates: int = 4,
        branching: int = 2,
        depth: int = 0,
        exploration: float = 6.0,
        margin: float = 6.0,
        trust_normal: tuple[str, ...] | None = None,
        prior_weight: float = 0.2,
        playout_builds: int = 2,
        time_limit: float = 2.2,
        work: int | None = None,
        most_iterations: int = MOST_ITERATIONS,
        value: str | None = None,
        ranking_value: str = "evaluate",
        to_end: int | Literal["by players"] | None = "by players",
        sharp: bool = True,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seed = seed
        #: None: by the player count (:data:`ITERATIONS`)
        self.iterations = iterations
        self.plan = Plan(iterations=iterations or 0, depth=depth, exploration=exploration)
        self.candidates = candidates
        self.branching = branching
        self.margin = margin
        #: None: by the player count (:func:`style`), as ``value`` and ``to_end``
        self.trust_normal = None if trust_normal is None else frozenset(trust_normal)
        self.prior_weight = prior_weight
        self.playout_builds = playout_builds
        self.time_limit = time_limit
        #: 0: exactly the iterations; else at least them, then on until the playouts have tried
        #: ``work`` positions (a count, so the same view and seed decide alike anywhere); None:
        #: :data:`WORK` when the iterations are the player count's, 0 when they are given
        self.work = work if work is not None else (WORK if iterations is None else 0)
        self.most_iterations = most_iterations
        self._worked = 0
        self.value = value
        #: (every seat's standing, own value) when given; None: the value's (``judge``)
        self.judge: tuple[Callable, Callable] | None = None
        # the value of the Normal ranking that shortlists the arms and decides the building
        # step (the playouts keep the hand-set one: they stand for the Normal players)
        self.ranking_value = ranking_value
        #: cycle III's round from which the playouts go on to the end of the game, the leaf
        #: then the final score itself, as Hard's (None: never)
        self.to_end = to_end
        #: with two players, Hard's sharper Normal policy (:func:`~.normal.sharp_policy`) ranks
        #: the arms and plays the playouts and the tree's moves, as Hard's
        self.sharp = sharp
        self.clock = clock
        self.thrift = Thrift()  # no wasteful conversions at the building step, as for Hard
        self.capped = 0  # searches the deadline cut short
        self.last = TreeReport()
        self._deadline: Deadline | None = None

    def choose(self, view: PlayerView) -> Action:
        """The arm with the best mean value after the tree search."""
        self.last = TreeReport()
        legal = self.thrift.choices(view, legal_of(view))
        if len(legal) == 1:
            return legal[0]
        deadline = self._deadline = Deadline(self.time_limit, self.clock)
        rng = random.Random(seeded(self.seed, view.model_dump_json()))
        me = view.viewer
        players = len(view.colonias)
        given = self.settings(players)
        if self.sharp and players == 2:  # as Hard's
            ranking = sharp_policy(rng)
            playout = sharp_policy(rng, self.playout_builds, self._tick)
        else:
            ranking = NormalPolicy(rng, value=judge(self.ranking_value)[1])
            playout = NormalPolicy(rng, build_candidates=self.playout_builds, tick=self._tick)
        decided, top = shortlist(
            view, legal, ranking, rng,
            trust_normal=given.trust_normal, candidates=self.candidates, margin=self.margin,
        )  # fmt: skip
        if decided is not None:
            return decided
        done = horizon(view, given.to_end)
        ranks, own = self.judge or judge(given.value)

        def moves(state) -> list[Action]:
            if done(state):
                return []
            seat = current_player(state)
            options = playout.ranked(state, seat, legal_actions(state))
            return [a for _, a in options[: self.branching]]

        def leaf(state):
            play_round(state, playout, done, deadline)
            return ranks(state), own(state, me)

        best = top[0][0]
        least = self.iterations or ITERATIONS.get(players, 10)
        work = self.work
        plan = replace(self.plan, iterations=max(least, self.most_iterations) if work else least)
        self._worked = 0

        def enough(done: int) -> bool:
            return done >= least and self._worked >= work

        chosen, self.last = ismcts(
            [a for _, a in top],
            [self.prior_weight * (v - best) for v, _ in top],
            me,
            sample=lambda: determinize(view, rng),
            apply=apply,
            moves=moves,
            mover=current_player,
            leaf=leaf,
            deadline=deadline,
            plan=plan,
            enough=enough,
        )
        if self.last.cut:
            self.capped += 1
        return top[chosen][1]

    def settings(self, players: int) -> Style:
        """Its :class:`Style` at a table of ``players``: :func:`style`'s, with what it was
        told instead."""
        found = style(players)
        return Style(
            self.value or found.value,
            found.trust_normal if self.trust_normal is None else self.trust_normal,
            found.to_end if self.to_end == "by players" else self.to_end,
        )

    def _tick(self) -> None:
        self._worked += 1
        if self._deadline is not None:  # set by the think that plays the playouts ticking it
            self._deadline.tick()
