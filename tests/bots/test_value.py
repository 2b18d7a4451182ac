"""Forum Trajanum's value fitted from self-play (bots/value.py, scripts/fit_value_forum.py):
the data file matches the features the code computes, the features are exactly what the
hand-set evaluation adds up, and the fitting routine recovers known weights."""

from __future__ import annotations

import importlib.util
import json
import math
import random
from pathlib import Path

import pytest

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


def test_the_pinned_fit_holds_the_named_weights_and_shrinks_the_rest_toward_the_hand_set():
    """``--pin --toward-hand``: the weights of value.PINNED stay the hand-set evaluation's
    whatever the data say (a point scored is a point at the end); a feature the data do not
    speak to keeps the hand-set weight; one the data speak to strongly follows the data."""
    script = load_script()
    rng = random.Random(39)
    size = 4
    hand = [0.0, 1.0, 2.0, 3.0]
    fixed = {1: 1.0}
    rows = []
    for _ in range(3000):
        x = [1.0, rng.uniform(0, 10), rng.uniform(0, 10), 0.0]  # feature 3 never varies
        y = 5.0 + 0.2 * x[1] + 7.0 * x[2] + rng.gauss(0, 0.01)  # the data say 0.2 and 7
        rows.append((0, x, y))
    (found,) = script.fit(rows, 0.01, 1, size, fixed, hand)
    assert found[1] == 1.0  # held, though the data alone say 0.2
    assert abs(found[2] - 7.0) < 0.5  # followed the data, away from the hand-set 2 (the held
    # weight leaves -0.8 x1 in the labels: noise to the others)
    assert found[3] == 3.0  # nothing to learn from: the hand-set weight
    assert len(found) == size


def test_the_data_file_holds_every_pinned_weight_at_the_hand_sets():
    """``--pin``: each weight of value.PINNED is the hand-set evaluation's (0 where it counts
    nothing) at every stage, and the data file says it was made so (its command)."""
    data = json.loads(value.DATA.read_text(encoding="utf-8"))
    assert "--pin" in data["made_by"]
    assert set(value.PINNED) <= set(value.FEATURES)
    assert "score" in value.PINNED and "forum" in value.PINNED
    for k, ws in enumerate(value.weights()):
        for name in value.PINNED:
            assert ws[value.FEATURES.index(name)] == value.HAND.get(name, 0.0), (k, name)


def test_a_step_up_the_slide_bar_or_an_envoy_more_on_the_ship_never_lowers_the_fitted_value():
    """Rules "Slide bar" and "Benefit for colored structures": a step up the bar makes every
    Trajan card task worth at least as much (and crossing a cypress, more), and an envoy on
    the ship can still reach the Forum; neither costs a point. The free fit weighed a step at
    -1.3 and a cypress crossed at -2.2 per scoring to come in cycle I, an envoy on the ship
    at -2.9: the Expert, judged by it, scored 12.2 points from its Trajan cards to Hard's
    19.9."""
    checked = 0
    for players in (2, 3):
        for state in positions(70 + players, players, every=13):
            if is_over(state) or not state.tasks:
                continue
            pl = state.players[0]
            before = value.fitted(state, 0)
            if pl.prestige < 7 and not pl.flipped:
                higher = state.clone()
                higher.players[0].prestige += 1
                assert value.fitted(higher, 0) >= before - 1e-9, value.stage(state)
                checked += 1
            more = state.clone()
            more.players[0].ship.append(0)
            assert value.fitted(more, 0) >= before - 1e-9, value.stage(state)
    assert checked >= 10


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


def test_expert_judges_as_hard_in_a_duel_and_hard_by_evaluate_unless_told():
    """The defaults the paired screens chose (see the bots' docstrings): with two players
    Expert's leaf is Hard's (the hand-set evaluation with Hard's counts, "reach"), with more
    the fitted value; the hint keeps the fitted value, an expected final score."""
    from forum_trajanum.games.forum_trajanum.bots.factory import make_bot

    expert = make_bot("expert", 1)
    assert expert.settings(2).value == "reach"  # a duel: Hard's leaf
    assert expert.settings(4).value == expert.settings(3).value == "fitted"
    assert make_bot("hard", 1).value == "evaluate"


def test_the_reach_value_is_the_hand_set_one_with_hards_counts():
    for state in positions(5, 3, every=17):
        standings_now = value.reach_standings(state)
        for p in range(len(state.players)):
            assert value.reach_value(state, p) == evaluate(state, p, reach=True)
        assert value.judge("reach") == (value.reach_standings, value.reach_value)
        best = max(value.reach_value(state, p) for p in range(len(state.players)))
        assert max(standings_now) == pytest.approx(
            best - sorted(value.reach_value(state, p) for p in range(len(state.players)))[-2]
        )
    with pytest.raises(ValueError, match="fitted, evaluate or reach"):
        value.judge("guess")


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
