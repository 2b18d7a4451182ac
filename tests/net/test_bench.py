"""``python -m forum_trajanum.net.bench`` (issue 30, "Scale"): real websocket clients of a
host in a process of its own, one line of figures per number of tables."""

from __future__ import annotations

import re

import pytest

from forum_trajanum.net import bench


@pytest.mark.long
def test_the_benchmark_prints_moves_per_second_and_latencies_for_each_number_of_tables(capsys):
    assert bench.main(["--tables", "1,2", "--seconds", "1", "--game", "trajan"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "2 people per table" in lines[0] and "moves/s" in lines[1]
    rows = [line.split() for line in lines[2:]]
    assert [row[0] for row in rows] == ["1", "2"]
    for row in rows:
        _tables, moves, per_second, median, p95, cpu = row
        assert int(moves) > 0 and float(per_second) > 0
        assert 0 < float(median) <= float(p95) and float(cpu) >= 0
        assert all(re.fullmatch(r"[\d.]+", value) for value in row)
