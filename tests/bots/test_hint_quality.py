"""The hint's test set (issue 38.3): positions from whole games, each legal choice valued by a
long search (``scripts/hint_quality.py``, which made ``tests/data/hint_quality_*.json``), and
issue 38's case of a column on B6 against a library whose first library step meets cycle
III's collection task (Trajan card III-2: "1 triumphal column in the Colonia + 1 tribune + 1
builder"; rules "Building patterns and collecting resources": a task met scores 3, 5 or 7 VP
by the slide bar)."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("hint_quality", ROOT / "scripts/hint_quality.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _data(game: str) -> dict:
    return json.loads((ROOT / "tests" / "data" / f"hint_quality_{game}.json").read_text())


@pytest.mark.parametrize("game", ["forum", "trajan"])
def test_the_test_set_holds_fifty_positions_spread_over_whole_games_with_every_choice_valued(
    game,
):
    data = _data(game)
    assert data["game"] == game and data["worlds"] >= 6 and data["within"] == 2.0
    played = [e for e in data["positions"] if not e.get("constructed")]
    assert len(played) >= 50
    assert len({e["id"] for e in data["positions"]}) == len(data["positions"])
    for entry in data["positions"]:
        values = entry["values"]
        assert len(values) >= 2 and all(math.isfinite(v) for v in values.values())
        assert entry["seat"] in (0, 1) and entry["stage"]
    for entry in played:
        assert (
            entry["seed"] >= 1
            and entry["moves"]
            and all(isinstance(m, str) for m in entry["moves"])
        )
    # spread over the game: every cycle (Forum Trajanum) or quarter (Trajan) has positions
    parts = {e["stage"].split("/")[0] for e in played}
    assert parts == ({"1", "2", "3"} if game == "forum" else {"1", "2", "3", "4"})
    assert len({e["seed"] for e in played}) >= 4  # from several games


def test_the_b6_case_is_in_the_test_set_and_the_library_is_worth_more_than_the_column():
    (entry,) = [e for e in _data("forum")["positions"] if e.get("constructed") == "b6"]
    values = entry["values"]
    best = max(values, key=values.get)
    assert best.startswith("build L ")
    assert values[best] - values["build C B6"] >= 2.0


@pytest.mark.long
def test_the_hint_takes_the_library_in_the_b6_case():
    script = _script()
    from forum_trajanum.games.forum_trajanum.bots.hint import suggest
    from forum_trajanum.games.forum_trajanum.engine import view

    (entry,) = [e for e in _data("forum")["positions"] if e.get("constructed") == "b6"]
    state, seat = script.b6_position()
    pv = view(state, seat)
    assert {str(a) for a in pv.legal} == set(entry["values"])  # the same position
    hint = suggest(pv, time_cap=float("inf"))
    values = entry["values"]
    assert values[str(hint.action)] >= max(values.values()) - 2.0
    assert str(hint.action) != "build C B6"


@pytest.mark.long
@pytest.mark.parametrize("game", ["forum", "trajan"])
def test_the_hint_is_within_two_points_of_the_best_on_a_handful_of_the_test_sets_positions(game):
    # every tenth position of the set, rebuilt by the engine from its game's seed and moves:
    # the same choices as stored, and the hint's suggestion within 2 points of the best
    script = _script()
    side = script.GAMES[game]
    played = [e for e in _data(game)["positions"] if not e.get("constructed")]
    for entry in played[::10]:
        state, seat = script.position(side, entry)
        seen = side.view(state, seat)
        assert {str(a) for a in seen.legal} == set(entry["values"]), entry["id"]
        # no clock: the cap is a safety net a loaded test run could strike
        suggestion, value, best = script.judge(side, entry, time_cap=float("inf"))
        assert value >= best - 2.0, (entry["id"], suggestion, value, best)


@pytest.mark.long
def test_the_hint_finds_a_best_choice_beyond_normals_first_four():
    # Issue 38.3: the hint searched only the Normal heuristic's best four choices. In the
    # test set's position 2:47 (cycle I, round 3, where to send an envoy: 12 choices) every
    # choice within 2 points of the best is Normal's 7th or lower; the hint now ranks every
    # legal choice, screens the best eight in two worlds and plays the best three on.
    script = _script()
    side = script.GAMES["forum"]
    (entry,) = [e for e in _data("forum")["positions"] if e["id"] == "2:47"]
    suggestion, value, best = script.judge(side, entry, time_cap=float("inf"))
    assert value >= best - 2.0, (suggestion, value, best)
