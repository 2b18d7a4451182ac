"""The command line against bad arguments and outputs that cannot be written (issue 26, item
7), as real processes: ``simulate`` checks its numbers and its --json file and --records
folder before playing any game, and says why in a sentence; a summary or a log that cannot be
written (``/dev/full``) is a message and a non-zero status. Never a traceback, never a raw
pydantic error. (``serve --port`` is in tests/web/test_serve_hostile.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waiting import DEADLINE

FIXTURE = Path(__file__).parent / "fixtures" / "export-game.json"
needs_dev_full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")


def _run(*argv: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "forum_trajanum.cli", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=DEADLINE,
        env={**os.environ, "COLUMNS": "200"},
    )


def _simulate(*options: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    base = ["--players", "easy,easy", "--games", "1", "--jobs", "1", "--no-progress"]
    return _run("simulate", *base, *options, stdout=stdout)


def _no_traceback(done: subprocess.CompletedProcess) -> None:
    for stream in (done.stdout or "", done.stderr):
        assert "Traceback" not in stream and "validation error" not in stream, stream


def _played(done: subprocess.CompletedProcess) -> bool:
    """Whether the run played its games (it printed the summary's table)."""
    return "win 95% CI" in (done.stdout or "")


def test_simulate_refuses_a_json_file_it_cannot_write_before_playing(tmp_path):
    a_file = tmp_path / "file"
    a_file.write_text("")
    for target, reason in [
        ("/nonexistent/x.json", "No such file or directory"),
        (str(a_file / "x.json"), "Not a directory"),
        (str(tmp_path), "it is a folder"),
    ]:
        done = _simulate("--json", target, "--games", "1000")
        assert done.returncode == 2, target
        assert f"cannot write the summary to {target!r}: {reason}" in done.stderr
        assert not _played(done)  # refused before the first of 1000 games
        _no_traceback(done)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]  # nothing left behind


@needs_dev_full
def test_simulate_says_so_when_its_summary_cannot_be_written_after_the_run():
    done = _simulate("--json", "/dev/full")
    assert done.returncode == 1
    assert "cannot write the summary to '/dev/full': No space left on device" in done.stderr
    assert _played(done)  # the table has the summary
    _no_traceback(done)


def test_simulate_writes_the_summary_to_a_new_file_after_checking_it(tmp_path):
    out = tmp_path / "summary.json"
    done = _simulate("--json", str(out))
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["games"] == 1


@needs_dev_full
def test_simulate_and_export_to_a_full_output_say_so_with_a_non_zero_status():
    with open("/dev/full", "w") as full:
        simulated = _simulate(stdout=full)
        exported = _run("export", str(FIXTURE), stdout=full)
        as_json = _run("export", str(FIXTURE), "--format", "json", stdout=full)
    assert simulated.returncode == 1
    assert "cannot print the table: No space left on device" in simulated.stderr
    for done in (exported, as_json):
        assert done.returncode == 1
        assert (
            done.stderr == "forum-trajanum export: cannot write the log: No space left on device\n"
        )
    for done in (simulated, exported, as_json):
        assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_export_to_a_reader_that_stops_early_ends_quietly():
    reader = subprocess.Popen(["head", "-c", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    done = _run("export", str(FIXTURE), "--format", "json", stdout=reader.stdin)
    reader.stdin.close()
    reader.wait(timeout=DEADLINE)
    reader.stdout.close()
    assert done.returncode in (0, 1)  # 1 when the reader had gone before the end
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_simulate_refuses_a_seed_a_record_cannot_hold_in_words(tmp_path):
    records = tmp_path / "records"
    for seed in (str(10**25), "-9223344366822"):
        done = _simulate("--seed", seed, "--records", str(records))
        assert done.returncode == 2, seed
        assert "--seed must be from -9,223,344,366,821 to 9,223,344,366,821" in done.stderr
        assert not _played(done)
        _no_traceback(done)
    assert not records.exists() or not any(records.iterdir())
    done = _simulate("--seed", "9223344366821", "--records", str(records))
    assert done.returncode == 0, done.stderr  # the largest seed still plays and is recorded
    assert len(list(records.glob("game-*.json"))) == 1


def test_simulate_refuses_a_job_count_out_of_range_before_starting_a_pool():
    most = 4 * (os.cpu_count() or 1)
    for jobs in ("0", str(most + 1), "²"):
        done = _simulate("--jobs", jobs)
        assert done.returncode == 2, jobs
        assert f"from 1 to {most}" in done.stderr or "must be a whole number" in done.stderr
        assert not _played(done)
        _no_traceback(done)


def test_simulate_refuses_other_numbers_out_of_range_in_words(tmp_path):
    cases = [
        (["--games", "0"], "--games must be from 1 to 1,000,000"),
        (["--games", str(10**9)], "--games must be from 1 to 1,000,000"),
        (["--first-game", "-1"], "--first-game must be from 0"),
        (["--hard-iterations", "0"], "--hard-iterations must be from 1"),
        (["--records", str(tmp_path / "file" / "records")], "cannot keep the records in"),
    ]
    (tmp_path / "file").write_text("")
    for options, message in cases:
        done = _simulate(*options)
        assert done.returncode == 2, options
        assert message in done.stderr, done.stderr
        _no_traceback(done)
