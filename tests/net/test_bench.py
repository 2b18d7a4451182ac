"""``python -m forum_trajanum.net.bench`` (issue 30, "Scale"): real websocket clients of a
host in a process of its own, one line of figures per number of tables and pace."""

from __future__ import annotations

import re

import pytest

from forum_trajanum.net import bench


@pytest.mark.long
def test_the_benchmark_prints_moves_per_second_and_latencies_for_each_number_of_tables(capsys):
    # half a second a run: each plays a move at least (a table's first move is sent before the
    # run's end: at full speed at once, at the 0.05 s pace after table 1's first pause, drawn
    # from its seeded generator: 0.007 s)
    argv = ["--tables", "1,2", "--think", "0,0.05", "--seconds", "0.5", "--game", "trajan"]
    assert bench.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "2 people per table" in lines[0] and "moves/s" in lines[1]
    rows = [line.replace("full speed", "0").replace(" s ", " ").split() for line in lines[2:-1]]
    assert [row[:2] for row in rows] == [["1", "0"], ["1", "0.05"], ["2", "0"], ["2", "0.05"]]
    for row in rows:
        _tables, _pace, moves, per_second, median, p95, host_cpu, clients_cpu = row
        assert int(moves) > 0 and float(per_second) > 0
        assert 0 < float(median) <= float(p95) and float(host_cpu) >= 0 <= float(clients_cpu)
        assert all(re.fullmatch(r"[\d.]+", value) for value in row)
    assert lines[-1].startswith("Target")
