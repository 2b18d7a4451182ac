"""The simulate command: JSON summary shape and its table."""

from __future__ import annotations

import json

import pytest

from forum_trajanum import simulate
from forum_trajanum.simulate import POINT_KEYS, game_plan


def test_seats_rotate_evenly():
    plan = game_plan(["easy", "normal", "hard"], 6, seed=1)
    for bot in range(3):
        seats = sorted(seating.index(bot) for _, _, seating in plan)
        assert seats == [0, 0, 1, 1, 2, 2]
    assert len({game_seed for _, game_seed, _ in plan}) == 6


def test_json_and_table(tmp_path, capsys):
    out = tmp_path / "out.json"
    status = simulate.main(
        ["--players", "easy,easy", "--games", "4", "--seed", "3", "--jobs", "1",
         "--json", str(out), "--no-progress"]
    )  # fmt: skip
    assert status == 0
    data = json.loads(out.read_text())
    assert data["players"] == ["easy", "easy"]
    assert data["games"] == 4 and data["seed"] == 3
    assert 0 < data["winner_final_scoring_mean"] <= data["winning_score_mean"]
    assert len(data["per_game"]) == 4 and not data["interrupted"]
    assert set(data["bots"]) == {"easy", "easy#2"}
    total_wins = 0.0
    for row in data["bots"].values():
        assert row["games"] == 4
        assert 0.0 <= row["win_rate"] <= 1.0
        assert set(row["points_mean"]) == set(POINT_KEYS)
        assert row["score_mean"] > 0 and row["score_std"] >= 0
        assert 0 < row["think_median"] <= row["think_max"]
        assert row["decisions"] > 0
        assert 0 < row["final_scoring_mean"] <= row["score_mean"]
        total_wins += row["wins"]
    assert total_wins == pytest.approx(4.0)  # shared wins count fractionally
    printed = capsys.readouterr().out
    assert "easy#2" in printed and "win" in printed and "think" in printed


def test_parallel_run_matches_serial():
    serial = simulate.run(["easy", "easy"], 2, seed=9, jobs=1, progress=False)
    parallel = simulate.run(["easy", "easy"], 2, seed=9, jobs=2, progress=False)
    for label in serial["bots"]:
        assert serial["bots"][label]["score_mean"] == parallel["bots"][label]["score_mean"]


def test_bad_level_is_reported(capsys):
    with pytest.raises(SystemExit):
        simulate.main(["--players", "easy,wizard", "--games", "1", "--no-progress"])
    assert "wizard" in capsys.readouterr().err


def test_records_replay_to_the_scores_the_simulation_reported(tmp_path):
    from forum_trajanum.engine.record import read_record
    from forum_trajanum.export import load

    out, records = tmp_path / "out.json", tmp_path / "records"
    status = simulate.main(
        ["--players", "easy,easy", "--games", "3", "--seed", "5", "--jobs", "1",
         "--json", str(out), "--no-progress", "--records", str(records)]
    )  # fmt: skip
    assert status == 0
    summary = json.loads(out.read_text())
    assert len(list(records.iterdir())) == 3  # no temporary file left behind
    for game in summary["per_game"]:
        path = simulate.record_path(records, game["game"], game["seed"])
        found = read_record(path.read_bytes())
        assert not found.problem and found.record.names == game["seats"]
        state = found.record.replay()
        assert [pl.score for pl in state.players] == game["scores"]
        replay = load(path)  # what replay and export open
        assert replay.finished and replay.steps[-1].scores == tuple(game["scores"])
