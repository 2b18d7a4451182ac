"""What a random game costs each engine, counted in Python calls a decision (issue 37.5).

``python -m forum_trajanum.bench`` measures games per CPU second against a peer engine in the
same run; a test cannot (the machine is shared, its speed drifts). The number of Python
function calls (and calls into C) a seeded random game makes is the same on any machine and
follows the CPU time closely: a change that makes every decision pay again for something only
a screen needs (issue 37: the sowing order computed at every ``legal_actions`` halved
Trajan's speed) shows up here as a failure, not as a slow drift."""

from __future__ import annotations

import random
import sys

import pytest

from forum_trajanum.bench import play_random_game
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.tasks import AGAIN
from forum_trajanum.games.forum_trajanum.engine.rules import FLOW as FORUM_FLOW
from forum_trajanum.games.trajan.engine.rules import FLOW as TRAJAN_FLOW

FLOWS = {"forum-trajanum": FORUM_FLOW, "trajan": TRAJAN_FLOW}

#: Calls a decision, at most, in seeded random 4-player games. Measured when set: Forum
#: Trajanum 47.1, Trajan 37.9 (before issue 37.5: 85.5 and 106.3; before the states became
#: dataclasses: 53.3 and 44.8; before apply ran the automatic tasks itself: 48.2 and 41.3).
BUDGET = {"forum-trajanum": 52, "trajan": 42}


def calls_per_decision(name: str, seeds: range) -> float:
    game = GAMES.get(name)
    play_random_game(10_000, 4, game)  # warm the caches (geometry, interned actions)
    calls = decisions = 0

    def count(frame, event, arg) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    for seed in seeds:
        sys.setprofile(count)
        try:
            decisions += play_random_game(seed, 4, game)
        finally:
            sys.setprofile(None)
    return calls / decisions


@pytest.mark.parametrize("name", sorted(BUDGET))
def test_a_random_four_player_decision_costs_no_more_python_calls_than_its_budget(name):
    # issue 37.5: random games per CPU second at 10x catanatron's; bots and random play do
    # not pay for what only a screen needs (the safe choice on top)
    cost = calls_per_decision(name, range(3))
    assert cost <= BUDGET[name], f"{name}: {cost:.1f} calls a decision"


def _applied_then_run(flow, state, action) -> None:
    """What ``Flow.apply`` is defined to do with a legal action: the handler, then the
    automatic tasks run by ``run_automatic`` (apply runs them by the same loop, ``_run``)."""
    task = state.tasks.pop()
    depth = len(state.tasks)
    if flow._decisions[task.kind].handle(state, task, action) is AGAIN:
        state.tasks.insert(depth, task)
    state.actions_taken += 1
    flow.run_automatic(state)


@pytest.mark.parametrize("name", sorted(BUDGET))
def test_apply_reaches_the_same_state_and_decision_as_its_handler_then_run_automatic(name):
    # issue 37.5: apply runs the automatic tasks itself (no call to run_automatic); over
    # random 4-player games it must leave exactly what the handler then run_automatic leave
    flow = FLOWS[name]
    game = GAMES.get(name)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seed, game.options(players=4))
        while not game.is_over(state):
            action = rng.choice(game.legal_actions(state))
            expected = state.clone()
            expected._legal = state._legal
            _applied_then_run(flow, expected, action)
            game.apply(state, action)
            assert state == expected
            assert state.phase == expected.phase
            assert game.legal_actions(state) == game.legal_actions(expected)
