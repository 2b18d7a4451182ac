"""The simulate command: JSON summary shape and its table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from forum_trajanum.commands import simulate as command
from forum_trajanum.core import simulate
from forum_trajanum.core import timeline as replaying
from forum_trajanum.core.simulate import game_plan, percentile
from forum_trajanum.games.forum_trajanum.engine.state import POINT_SOURCES


def test_seats_rotate_evenly():
    plan = game_plan(["easy", "normal", "hard"], 6, seed=1)
    for bot in range(3):
        seats = sorted(seating.index(bot) for _, _, seating in plan)
        assert seats == [0, 0, 1, 1, 2, 2]
    assert len({game_seed for _, game_seed, _ in plan}) == 2


def test_each_deal_is_played_with_the_seats_swapped():
    # bots.md: "seats swapped between paired games on the same seeds": a deal's luck is shared
    plan = game_plan(["expert", "hard"], 6, seed=11)
    by_seed: dict[int, list[list[int]]] = {}
    for _, game_seed, seating in plan:
        by_seed.setdefault(game_seed, []).append(seating)
    assert len(by_seed) == 3
    assert all(sorted(seatings) == [[0, 1], [1, 0]] for seatings in by_seed.values())
    # a series played in chunks is the same plan
    assert game_plan(["expert", "hard"], 4, seed=11, first=2) == plan[2:]


def test_json_and_table(tmp_path, capsys):
    out = tmp_path / "out.json"
    status = command.main(
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
        assert set(row["points_mean"]) == set(POINT_SOURCES)
        assert row["score_mean"] > 0 and row["score_std"] >= 0
        assert 0 < row["think_median"] <= row["think_max"]
        assert row["decisions"] > 0
        assert 0 < row["final_scoring_mean"] <= row["score_mean"]
        total_wins += row["wins"]
    assert total_wins == pytest.approx(4.0)  # shared wins count fractionally
    printed = capsys.readouterr().out
    assert "easy#2" in printed and "win" in printed and "think" in printed


def test_parallel_run_matches_serial():
    serial = simulate.run(["easy", "easy"], 2, seed=9, jobs=1, game="forum-trajanum")
    parallel = simulate.run(["easy", "easy"], 2, seed=9, jobs=2, game="forum-trajanum")
    for label in serial["bots"]:
        assert serial["bots"][label]["score_mean"] == parallel["bots"][label]["score_mean"]


def test_bad_level_is_reported(capsys):
    with pytest.raises(SystemExit):
        command.main(["--players", "easy,wizard", "--games", "1", "--no-progress"])
    assert "wizard" in capsys.readouterr().err


def test_records_replay_to_the_scores_the_simulation_reported(tmp_path):
    from forum_trajanum.games.forum_trajanum.engine.record import read_record
    from forum_trajanum.games.forum_trajanum.ui.export import load

    out, records = tmp_path / "out.json", tmp_path / "records"
    status = command.main(
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
        state = replaying.replay(found.record)
        assert [pl.score for pl in state.players] == game["scores"]
        replay = load(path)  # what replay and export open
        assert replay.finished and replay.steps[-1].scores == tuple(game["scores"])


def _summary_of_wide_numbers(game: str, levels: list[str]) -> dict:
    """A summary whose every cell is as wide as a long series makes it."""
    keys = simulate.point_keys(game)
    row = {"score": -100, "points": dict.fromkeys(keys, -32), "win": 0.0, "think": [1.2345],
           "final_scoring": 10, "capped": 0}  # fmt: skip
    games = [
        {"game": g, "seed": g, "win_score": 0, "winner_final_scoring": 0,
         "bots": {b: dict(row, seat=b, win=float(b == 1)) for b in range(4)}}
        for g in range(7)
    ]  # fmt: skip
    return simulate.summarize(levels, games, seed=123456, jobs=1, elapsed=1.0, game=game)


@pytest.mark.parametrize("game", ["forum-trajanum", "trajan"])
def test_the_table_cuts_no_number_even_on_a_narrow_terminal(game):
    from io import StringIO

    from rich.console import Console

    summary = _summary_of_wide_numbers(game, ["easy", "normal", "easy", "hard"])
    low, high = summary["bots"]["normal"]["win_rate_ci95"]
    interval = f"{low:.0%}-{high:.0%}"
    assert interval == "65%-100%"  # Normal won every game
    for width in (60, 140):
        console = Console(file=StringIO(), width=width, record=True)
        command.print_table(summary, console)
        text = console.export_text()
        assert "…" not in text, text
        assert interval in text and "normal" in text and "easy#2" in text
        assert "-100.0" in text and "1234.5" in text  # a score and a think time, whole
        assert "think: milliseconds per decision" in text
        assert "seconds per decision in ms" not in text


def test_a_trajan_simulation_prints_its_table_and_keeps_readable_records(tmp_path, capsys):
    """``simulate --game trajan``: the table, a JSON summary of the same shape as Forum
    Trajanum's, and records the core's record reader opens and replays to the scores."""
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.record import read_record
    from forum_trajanum.games.trajan.engine.rules import is_over

    out, records = tmp_path / "out.json", tmp_path / "records"
    status = command.main(
        ["--game", "trajan", "--players", "easy,normal", "--games", "2", "--seed", "4",
         "--jobs", "1", "--json", str(out), "--no-progress", "--records", str(records)]
    )  # fmt: skip
    assert status == 0
    printed = capsys.readouterr().out
    assert "Trajan: 2 games, players easy,normal, seed 4" in printed
    for word in ("easy", "normal", "win 95% CI", "trj", "shp", "bon", "think"):
        assert word in printed, word
    assert "…" not in printed

    data = json.loads(out.read_text())
    forum = simulate.run(["easy", "easy"], 1, seed=1, jobs=1, game="forum-trajanum")
    assert set(data) == set(forum)
    assert data["game"] == "trajan" and data["players"] == ["easy", "normal"]
    assert data["categories"] == [list(pair) for pair in GAMES.get("trajan").categories]
    assert set(data["bots"]) == {"easy", "normal"}
    for row in data["bots"].values():
        assert set(row) == set(forum["bots"]["easy"])
        assert set(row["points_mean"]) == set(simulate.point_keys("trajan"))
        assert row["games"] == 2 and row["decisions"] > 0
    assert sum(row["wins"] for row in data["bots"].values()) == pytest.approx(2.0)
    assert len(data["per_game"]) == 2
    assert all(set(game) == set(forum["per_game"][0]) for game in data["per_game"])

    assert len(list(records.iterdir())) == 2
    for game in data["per_game"]:
        path = simulate.record_path(records, game["game"], game["seed"])
        found = read_record(path.read_bytes(), GAMES)
        assert not found.problem and not found.lost
        assert found.record.game == "trajan" and found.record.names == game["seats"]
        state = replaying.replay(found.record)
        assert is_over(state)
        assert [pl.score for pl in state.players] == game["scores"]


def test_the_summary_and_table_give_each_levels_10th_percentile_and_median_score():
    """Issue 38: a collapse shows in the low scores, not in the mean: the table says each
    level's 10th-percentile and median score (11 games scoring 0, 10, ..., 100: 10 and 50)."""
    from io import StringIO

    from rich.console import Console

    keys = simulate.point_keys("forum-trajanum")
    games = [
        {"game": g, "seed": g, "win_score": 0, "winner_final_scoring": 0,
         "bots": {b: {"score": 10 * g + b, "points": dict.fromkeys(keys, 0), "win": float(b),
                      "think": [0.001], "final_scoring": 1, "capped": 0, "seat": b}
                  for b in range(2)}}
        for g in range(11)
    ]  # fmt: skip
    summary = simulate.summarize(
        ["hard", "normal"], games, seed=1, jobs=1, elapsed=1.0, game="forum-trajanum"
    )
    assert summary["bots"]["hard"]["score_p10"] == 10.0
    assert summary["bots"]["hard"]["score_median"] == 50.0
    assert summary["bots"]["normal"]["score_p10"] == 11.0
    assert summary["bots"]["normal"]["score_median"] == 51.0
    console = Console(file=StringIO(), width=200, record=True)
    command.print_table(summary, console)
    text = console.export_text()
    assert "p10" in text and "med" in text and "10th percentile" in text
    hard_row = next(line for line in text.splitlines() if "│ hard" in line or "hard " in line)
    assert "10.0" in hard_row and "50.0" in hard_row


def test_percentile_interpolates_between_ranks():
    assert percentile([], 10) == 0.0
    assert percentile([7], 10) == 7.0
    assert percentile([0, 100], 10) == pytest.approx(10.0)
    assert percentile([3, 1, 2], 50) == 2.0


def _slices(tmp_path, first_games, games=2, players="easy,easy"):
    """Summaries of slices of seed 3's plan, written by the command as a user would."""
    paths = []
    for first in first_games:
        out = tmp_path / f"s{first}.json"
        status = command.main(
            ["--players", players, "--games", str(games), "--seed", "3", "--jobs", "1",
             "--first-game", str(first), "--json", str(out), "--no-progress"]
        )  # fmt: skip
        assert status == 0
        paths.append(str(out))
    return paths


def test_slices_of_a_series_combine_into_the_summary_of_one_run(tmp_path, capsys):
    """Issue 38.4: a 200-game series is played in slices (``--first-game``); ``--combine``
    gives the figures one run of all its games gives, the median think time included."""
    from forum_trajanum.core.combine import combine, read_summary

    whole = simulate.run(["easy", "easy"], 4, seed=3, jobs=1, game="forum-trajanum")
    paths = _slices(tmp_path, [2, 0])
    combined = combine([(p, read_summary(p)) for p in paths])
    assert combined["games"] == 4 and combined["game_numbers"] == "1-4"
    for label, row in whole["bots"].items():
        got = combined["bots"][label]
        same = ("games", "wins", "score_mean", "score_p10", "score_median", "decisions",
                "final_scoring_mean", "deadline_cuts", "points_mean", "win_rate_ci95")  # fmt: skip
        for key in same:
            assert got[key] == pytest.approx(row[key]), key
        # think times differ from run to run; the combined median is the median of them all
        thinks = [t for g in combined["per_game"] for r in g["rows"] if r["bot"] == label
                  for t in r["think"]]  # fmt: skip
        assert got["think_median"] == pytest.approx(sorted(thinks)[len(thinks) // 2], abs=1e-3)
    assert combined["per_game"][0]["scores"] == whole["per_game"][0]["scores"]
    capsys.readouterr()
    out = tmp_path / "all.json"
    assert command.main(["--combine", *paths, "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "games 1-4; 2 summaries" in printed
    assert json.loads(out.read_text())["bots"]["easy"]["wins"] == whole["bots"]["easy"]["wins"]


def test_summaries_written_before_the_rows_combine_all_but_the_median_think(tmp_path, capsys):
    """A summary without per-game rows (written before ``--combine`` existed) still combines:
    every figure from its totals, the median think time shown as "-"."""
    from forum_trajanum.core.combine import combine, read_summary

    paths = _slices(tmp_path, [0, 2])
    exact = combine([(p, read_summary(p)) for p in paths])
    for path in paths:
        data = json.loads(Path(path).read_text())
        for game in data["per_game"]:
            for key in ("rows", "win_score", "winner_final_scoring"):
                del game[key]
        Path(path).write_text(json.dumps(data))
    old = combine([(p, read_summary(p)) for p in paths])
    for label, row in exact["bots"].items():
        assert old["bots"][label]["think_median"] is None
        for key in ("wins", "score_mean", "score_std", "score_p10", "decisions",
                    "final_scoring_mean"):  # fmt: skip
            assert old["bots"][label][key] == pytest.approx(row[key]), key
        for key in ("think_mean", "think_max"):  # the rows keep think times to the microsecond
            assert old["bots"][label][key] == pytest.approx(row[key], abs=1e-6), key
        for key, value in row["points_mean"].items():
            assert old["bots"][label]["points_mean"][key] == pytest.approx(value)
    assert old["winning_score_mean"] == pytest.approx(exact["winning_score_mean"])
    assert old["winner_final_scoring_mean"] == pytest.approx(exact["winner_final_scoring_mean"])
    capsys.readouterr()
    assert command.main(["--combine", *paths]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "│ easy#2" in line)
    assert row.rstrip(" │").split("│")[-2].strip() == "-"


def test_combine_refuses_what_is_no_slice_of_the_series_and_says_which_file(tmp_path, capsys):
    """Overlapping slices, another seed or players, and hostile files: a sentence naming the
    file and status 2, never a traceback."""
    import os

    paths = _slices(tmp_path, [0, 2])
    (tmp_path / "again").mkdir()
    overlap = _slices(tmp_path / "again", [1])
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    good = json.loads(Path(paths[0]).read_text())
    wrong_type = tmp_path / "wrong.json"
    wrong_type.write_text(json.dumps({**good, "seed": True}))
    other_seed = tmp_path / "seed.json"
    other_seed.write_text(json.dumps({**good, "seed": 4}))
    unseated = tmp_path / "unseated.json"
    unseated.write_text(json.dumps({**good, "bots": {"hard": good["bots"]["easy"]}}))
    cases = {
        (paths[0], overlap[0]): "game 2 is in both",
        (paths[0], str(other_seed)): "not slices of one series: their seed differ",
        (str(fifo),): "pipe.json is not a regular file",
        ("/dev/zero",): "zero is not a regular file",
        (str(deep),): "deep.json is not a summary simulate wrote: it is not JSON",
        (str(wrong_type),): "wrong.json is not a summary simulate wrote: at seed",
        (str(unseated),): "unseated.json's bots are not its players",
        (str(tmp_path),): "is a folder, not a simulate summary",
    }
    for files, words in cases.items():
        with pytest.raises(SystemExit) as stop:
            command.main(["--combine", *files])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err, (files, err)
