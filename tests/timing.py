"""A pytest plugin for ``scripts/suite_time.py``: the CPU time each test costs, written as one
JSON line per test (with its tier: marked ``long`` or not) to the folder named by
``SUITE_TIMING`` (one file per worker). Not loaded by
the suite itself (``-p tests.timing``); without ``SUITE_TIMING`` it does nothing."""

from __future__ import annotations

import json
import os
import resource
import time
from pathlib import Path

import pytest


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (servers, browsers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    folder = os.environ.get("SUITE_TIMING")
    if not folder:
        yield
        return
    cpu, wall = _cpu(), time.perf_counter()
    yield
    line = {
        "test": item.nodeid,
        "cpu": _cpu() - cpu,
        "wall": time.perf_counter() - wall,
        "long": item.get_closest_marker("long") is not None,  # its tier
    }
    with (Path(folder) / f"{os.getpid()}.jsonl").open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
