"""Hard bot: determinized flat Monte Carlo search with UCB over the root actions.

For each non-trivial decision:

1. The Normal policy ranks the legal actions on one world sampled from the view; the best
   few become the root candidates (a clear favourite is played at once).
2. Each iteration samples a fresh world consistent with the view
   (:func:`~forum_trajanum.engine.determinize.determinize`: hidden tiles, other players'
   hands, future street cards), plays the candidate chosen by UCB1 with the engine's
   ``apply``, and rolls out to the end of the round (or the cycle's scoring) with the fast
   Easy policy for everyone; the leaf is scored by :func:`evaluate` as the bot's expected
   final points minus the best opponent's.
3. The candidate with the best mean wins (the Normal ranking breaks ties).

Determinism: the budget is a fixed number of iterations, drawn from the bot's own
``random.Random(seed)``, so the same seed and views give the same moves on any machine. A
wall-clock cap (``time_cap`` seconds, default 20) only cuts a search short as a safety net;
in normal play it is never reached.
"""

from __future__ import annotations

import math
import random
import time

from forum_trajanum.bots.easy import easy_pick
from forum_trajanum.bots.evaluation import evaluate
from forum_trajanum.bots.normal import NormalPolicy
from forum_trajanum.engine import (
    Action,
    PlayerView,
    apply,
    decision_kind,
    is_over,
    legal_actions,
    parse,
)
from forum_trajanum.engine.determinize import determinize

#: Decisions not worth a search: the Normal policy answers them.
QUICK = frozenset(
    {"setup_cranes", "setup_row", "setup_diagonal", "handicap", "worker", "gain", "upgrade_choice"}
)


def relative_value(state, me: int) -> float:
    """Own evaluation minus the best opponent's."""
    mine = evaluate(state, me)
    others = [evaluate(state, p) for p in range(len(state.players)) if p != me]
    return mine - max(others)


class HardBot:
    """Search player: flat Monte Carlo over sampled worlds, guided by the Normal heuristic."""

    level = "hard"

    def __init__(
        self,
        seed: int,
        iterations: int = 48,
        candidates: int = 4,
        margin: float = 6.0,
        time_cap: float = 20.0,
        exploration: float = 6.0,
    ) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.candidates = candidates
        self.margin = margin
        self.time_cap = time_cap
        self.exploration = exploration
        self.policy = NormalPolicy(self.rng)
        self.capped = 0  # searches the time cap cut short (should stay 0)

    def choose(self, view: PlayerView) -> Action:
        """The candidate with the best mean rollout value."""
        if not view.legal:
            raise ValueError(f"player {view.viewer + 1} has no decision to make now")
        legal = [parse(text) for text in view.legal]
        if len(legal) == 1:
            return legal[0]
        me = view.viewer
        unseen = view.colonias[me].unseen
        world = determinize(view, self.rng)
        ranked = self.policy.ranked(world, me, legal_actions(world), unseen)
        by_text = {str(a): a for a in legal}
        ranked = [(v, by_text[str(a)]) for v, a in ranked if str(a) in by_text]
        if decision_kind(world) in QUICK or len(ranked) == 1:
            return ranked[0][1]
        top = ranked[: self.candidates]
        if top[0][0] - top[1][0] >= self.margin:
            return top[0][1]
        return self._search(view, me, [a for _, a in top])

    def _search(self, view: PlayerView, me: int, arms: list[Action]) -> Action:
        start = time.perf_counter()
        n = len(arms)
        visits = [0] * n
        totals = [0.0] * n
        horizon = (view.cycle, view.round)
        for it in range(max(self.iterations, n)):
            if it >= n and time.perf_counter() - start > self.time_cap:
                self.capped += 1
                break
            if it < n:
                arm = it
            else:
                log_t = math.log(it)
                arm = max(
                    range(n),
                    key=lambda i: (
                        totals[i] / visits[i] + self.exploration * math.sqrt(log_t / visits[i])
                    ),
                )
            world = determinize(view, self.rng)
            apply(world, arms[arm])
            self._rollout(world, horizon)
            visits[arm] += 1
            totals[arm] += relative_value(world, me)
        best = max(range(n), key=lambda i: (totals[i] / visits[i] if visits[i] else -1e9, -i))
        return arms[best]

    def _rollout(self, state, horizon: tuple[int, int]) -> None:
        """Play on with the Easy policy until the round (or the cycle's scoring) is over."""
        rng = self.rng
        for _ in range(400):
            if is_over(state) or (state.cycle, state.round) != horizon:
                return
            apply(state, easy_pick(legal_actions(state), rng))
