"""Forum Trajanum's value fitted from self-play (bots/value.py, scripts/fit_value_forum.py):
the data file matches the features the code computes, the features are exactly what the
hand-set evaluation adds up, and the fitting routine recovers known weights."""

from __future__ import annotations

import importlib.util
import json
import math
import random
from pathlib import Path

from forum_trajanum.core.fitting import solve
from forum_trajanum.games.forum_trajanum.bots import value
from forum_trajanum.games.forum_trajanum.bots.evaluation import evaluate
from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    current_player,
    is_over,
    new_game,
    view,
)

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fit_value_forum.py"


def load_script():
    spec = importlib.util.spec_from_file_location("fit_value_forum", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(seed: int, players: int, every: int):
    """Every ``every``-th state of a game of Normal bots, and the final one."""
    state = new_game(seed, players=players)
    bots = [NormalBot(seed * 10 + i) for i in range(players)]
    step = 0
    while not is_over(state):
        if step % every == 0:
            yield state.clone()
        seat = current_player(state)
        apply(state, bots[seat].choose(view(state, seat)), seat)
        step += 1
    yield state


def test_the_data_file_loads_with_the_features_the_code_computes_for_every_stage():
    data = json.loads(value.DATA.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == value.FEATURES
    assert set(data["weights"]) == set(value.STAGES)
    weights = value.weights()
    assert len(weights) == len(value.STAGES)
    assert all(len(w) == len(value.FEATURES) and all(map(math.isfinite, w)) for w in weights)
    assert "fit_value_forum.py" in data["made_by"]


def test_the_features_add_up_to_the_hand_set_evaluation_with_its_own_weights():
    """The fit sees what evaluate sees: under :data:`value.HAND` the features sum to
    evaluate exactly, for every seat, at every stage of 2- and 4-player games."""
    stages = set()
    for players in (2, 4):
        for state in positions(3, players, every=2):
            for p in range(players):
                assert math.isclose(value.hand_set(state, p), evaluate(state, p), abs_tol=1e-9)
            if state.tasks:
                stages.add(value.stage(state))
    assert stages == set(range(len(value.STAGES)))


def test_the_fitted_value_is_the_final_score_once_the_game_is_over_and_finite_before():
    *before, last = positions(4, 3, every=11)
    assert is_over(last)
    assert [value.fitted(last, p) for p in range(3)] == [float(pl.score) for pl in last.players]
    assert all(math.isfinite(value.fitted(s, p)) for s in before for p in range(3))


def test_the_fitting_routine_recovers_known_weights_from_synthetic_data():
    """Labels made from known weights per stage (a small noise added): the least-squares fit
    with a tiny ridge finds them again; a feature that is always 0 gets weight 0."""
    script = load_script()
    rng = random.Random(38)
    size, stages = 6, 2
    true = [[rng.uniform(-5, 5) for _ in range(size)] for _ in range(stages)]
    true[1][4] = 0.0  # stage 1 never sees feature 4
    rows = []
    for _ in range(2000):
        k = rng.randrange(stages)
        x = [1.0] + [rng.uniform(0, 10) for _ in range(size - 1)]
        if k == 1:
            x[4] = 0.0
        y = sum(w * v for w, v in zip(true[k], x, strict=True)) + rng.gauss(0, 0.01)
        rows.append((k, x, y))
    found = script.fit(rows, 1e-9, stages, size)
    for k in range(stages):
        for w, t in zip(found[k], true[k], strict=True):
            assert abs(w - t) < 0.01, (k, found[k], true[k])
    assert found[1][4] == 0.0


def test_the_solver_solves_a_system_that_needs_a_row_swap():
    """The one solver both games' fits use (core/fitting.py)."""
    x = solve([[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]], [5.0, 3.0, 4.0])
    assert [round(v, 9) for v in x] == [1.0, 2.0, 1.0]


def test_expert_and_hard_judge_their_leaves_by_the_value_they_are_given(monkeypatch):
    """value="fitted" sends every leaf of the search through the fitted value; "evaluate"
    never does (the hand-set evaluation judges)."""
    from forum_trajanum.games.forum_trajanum.bots.expert import ExpertBot
    from forum_trajanum.games.forum_trajanum.bots.hard import HardBot

    calls = []
    original = value.fitted_standings

    def counted(state):
        calls.append(1)
        return original(state)

    monkeypatch.setattr(value, "fitted_standings", counted)
    small = {
        ExpertBot: {"iterations": 4, "clock": lambda: 0.0},
        HardBot: {"iterations": 4, "min_worlds": 4, "clock": lambda: 0.0},
    }
    for make, settings in small.items():
        for name in ("fitted", "evaluate"):
            calls.clear()
            leaves = 0
            for state in positions(8, 2, every=9):
                if is_over(state) or not state.tasks:
                    continue
                bot = make(3, value=name, **settings)
                bot.choose(view(state, current_player(state)))
                leaves += bot.last.iterations if make is ExpertBot else bot.last.playouts
                if leaves >= 8:
                    break
            assert leaves >= 8
            assert len(calls) == (leaves if name == "fitted" else 0), (make, name)


def test_expert_judges_by_the_fitted_value_and_hard_by_evaluate_unless_told():
    """The defaults the paired screens chose (see the bots' docstrings)."""
    from forum_trajanum.games.forum_trajanum.bots.factory import make_bot

    assert make_bot("expert", 1).value == "fitted"
    assert make_bot("hard", 1).value == "evaluate"


def test_the_pairs_a_relative_fit_learns_from_are_each_seat_against_each_rival():
    """scripts/fit_value_forum.py also fits the final score *differences* (to show whether a
    value of a seat against its rivals would judge better than the score's fit): every
    ordered pair of seats, their features and their final scores subtracted."""
    script = load_script()
    moment = (4, [[1.0, 2.0], [1.0, 5.0], [1.0, 7.0]], [90.0, 80.0, 100.0])
    got = list(script.pairs([moment]))
    assert len(got) == 6 and all(k == 4 for k, _, _ in got)
    assert (4, [0.0, -3.0], 10.0) in got and (4, [0.0, 2.0], 20.0) in got
    assert sorted(y for _, _, y in got) == [-20.0, -10.0, -10.0, 10.0, 10.0, 20.0]
    assert list(script.records([moment])) == [
        (4, [1.0, 2.0], 90.0),
        (4, [1.0, 5.0], 80.0),
        (4, [1.0, 7.0], 100.0),
    ]
