"""Where the test suite's time goes: ``python scripts/suite_time.py [pytest arguments]``.

Runs the README's test command (``python -m pytest -n auto``, or the arguments given) once and
prints its wall time; the CPU time of pytest and every process it started (what
``/usr/bin/time`` counts); the machine's busy CPU time meanwhile (Linux: it also counts what a
browser's processes spend, which their parent does not collect); and the CPU time of the tests
by folder and by tier, with the costliest tests. A machine of ``c`` cores runs the suite in no
less than its busy CPU time divided by ``c``.

The tiers: the whole suite (the README's test command, CI) and the quick tier of the edit loop,
``-m "not long"``. One run of the whole suite reports the tests' CPU time in each; the quick
tier's own figures (its wall time, its workers' start-up) come from running it:
``python scripts/suite_time.py -n auto -m "not long"``. With ``SUITE_TIMING=folder`` set, each
test's line (``tests/timing.py``) is kept in that folder, to compare two runs test by test."""

from __future__ import annotations

import collections
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _busy() -> float | None:
    """The machine's busy CPU seconds since boot (Linux's /proc/stat), None elsewhere."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    arguments = sys.argv[1:] or ["-n", "auto"]
    kept = os.environ.get("SUITE_TIMING")  # a folder of one's own: the lines are kept there
    with tempfile.TemporaryDirectory() as temporary:
        folder = kept or temporary
        env = {**os.environ, "SUITE_TIMING": folder}
        busy, wall = _busy(), time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "tests.timing", *arguments], cwd=ROOT, env=env
        )
        wall = time.perf_counter() - wall
        busy = None if busy is None else _busy() - busy
        tests = [
            json.loads(line)
            for path in Path(folder).glob("*.jsonl")
            for line in path.read_text().splitlines()
        ]
    cores = os.cpu_count() or 1
    print(f"\n{len(tests)} tests, pytest exit status {done.returncode}")
    print(f"wall {wall:.1f} s on {cores} cores")
    print(f"CPU of pytest and what it started: {_children_cpu():.1f} s")
    if busy is not None:
        floor = busy / cores
        print(f"the machine's busy CPU meanwhile: {busy:.1f} s (at least {floor:.1f} s wall)")
    by_folder: collections.Counter[str] = collections.Counter()
    for test in tests:
        parts = test["test"].split("::")[0].split("/")
        by_folder["/".join(parts[:2]) if len(parts) > 2 else parts[0]] += test["cpu"]
    print(f"\nCPU s by folder (tests alone: {sum(by_folder.values()):.1f} s)")
    for folder_name, cpu in by_folder.most_common():
        print(f"{cpu:8.1f}  {folder_name}")
    print("\nCPU s by tier (tests alone)")
    for tier, name in ((False, 'quick (-m "not long")'), (True, "long")):
        share = [test["cpu"] for test in tests if test.get("long", False) is tier]
        floor = sum(share) / cores
        print(f"{sum(share):8.1f}  {name}: {len(share)} tests, at least {floor:.1f} s wall")
    print("\ncostliest tests (CPU s, wall s)")
    for test in sorted(tests, key=lambda t: -t["cpu"])[:15]:
        tier = "  long" if test.get("long") else ""
        print(f"{test['cpu']:8.1f} {test['wall']:6.1f}  {test['test']}{tier}")
    quick = sorted((t for t in tests if not t.get("long")), key=lambda t: -t["cpu"])[:15]
    if quick and any(test.get("long") for test in tests):
        print('\ncostliest tests of the quick tier (-m "not long"; CPU s, wall s)')
        for test in quick:
            print(f"{test['cpu']:8.1f} {test['wall']:6.1f}  {test['test']}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
