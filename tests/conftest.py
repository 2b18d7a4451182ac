"""Hypothesis profiles for the random-play properties (``tests/randomplay.py``).

``dev`` (the default) plays a few games per property so that a local run stays quick; ``ci``
(``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``) plays three times more, without the example
database (a clean clone has none) and prints the blob that reproduces a failure; ``deep``
(``HYPOTHESIS_PROFILE=deep python -m pytest -n auto``) plays 200 games per property (up to a
few CPU-minutes each: before a release, after an engine change, overnight).

How many games CI plays: 15 per property (about 15 whole games per game and player count in the
contract; fewer where a property tries every legal action of every decision, through
``share``). Random play is there to reach the engine's paths that no hand-made test thought of,
and every CI run draws new games (no database): what one run misses, the next ones may reach.
Measured by ``python scripts/random_play_reach.py`` (uniform choices, Python's line tracing
over each game's package), the 45 games that 15 per player count make (2, 3 and 4 players)
reach 98.8% to 100% of the lines that 180 games reach (three samples per game); what they
missed comes once in 40 games or rarer: Forum Trajanum's benefit that picks a tile of one's own
Colonia and Trajan's demands choice (R14), each with a constructed test of its own, and a few
single lines. Before, ``ci`` played 50 per property: three times the CPU for that last 1%,
which later runs reach anyway. A rarer combination is for the deep run and the fuzz (``python
scripts/fuzz_games.py --cases 20000``) to find.
"""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import HealthCheck, Phase, settings

# A headless app paints each frame for no one (its driver writes nothing); the tests read the
# screen in full when they look at it (``screen_strips``, a snapshot), so frames go unpainted.
from forum_trajanum.tui.compat import unpainted_when_headless

unpainted_when_headless()

# (Compiled modules are kept even where PYTHONDONTWRITEBYTECODE is set: tests/bytecode.py,
# loaded before every other plugin by pyproject's addopts.)


# Temporary files (every test's save folder) in memory where the machine has /dev/shm: a game
# played by keys saves after each of its hundreds of actions, and each save is synced to disk
# (``os.fsync``); on a memory file system that costs nothing, and what is tested is the same.
def _roomy_memory_disk(path: str = "/dev/shm") -> bool:
    """Whether ``path`` is a writable folder with at least 1 GB free (a container's default
    /dev/shm of 64 MB is not used)."""
    try:
        stats = os.statvfs(path)
    except OSError:
        return False
    return os.access(path, os.W_OK) and stats.f_bavail * stats.f_frsize >= 1 << 30


if "TMPDIR" not in os.environ and _roomy_memory_disk():
    os.environ["TMPDIR"] = "/dev/shm"
    import tempfile

    tempfile.tempdir = None  # read TMPDIR again

# A whole game is one example: it is slow to generate (a tenth of a second or more) and draws a
# few hundred choices; neither is a problem here. Past its first 10 examples Hypothesis also
# tries mutated copies of them, which stop as invalid when they outgrow their source: a few
# games more than max_examples (50 passing and 5 invalid for a contract case at 50).
_GAMES = dict(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.register_profile("dev", max_examples=5, **_GAMES)
settings.register_profile("ci", max_examples=15, database=None, print_blob=True, **_GAMES)
settings.register_profile("deep", parent=settings.get_profile("ci"), max_examples=200)
# a failure's first example at once, unshrunk (to read its note quickly)
settings.register_profile(
    "repro", parent=settings.get_profile("ci"), phases=[Phase.explicit, Phase.generate]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# The suite's wall time on a small machine (``python -m pytest -n auto``). A few tests are long
# (the browser's flow, a whole game by keys, Hard bots' games): started last, each would run on
# alone at the end, so they go first. And much of a test's time is waiting (for a browser, a
# server, a bot's thread, a screen's next frame), not computing: a worker more than the cores
# overlap it.
LONG = (
    "long: a test of many seconds (or of the costliest, tests/tiers.py), scheduled first and "
    "left out of the quick tier"
)


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", LONG)
    # xdist hands each worker a first batch of a quarter of its share of the tests, in
    # order: all the long tests, first in the order, went to one worker, which ran them one
    # after the other while the others ran out of work. Batches of two spread them.
    # (The quick tier, -m "not long", has no long test: xdist's larger first batches keep each
    # file's tests on one worker, with its module fixtures set up once: 60.6 -> 57.1 s.)
    quick = "not long" in (getattr(config.option, "markexpr", "") or "")
    if getattr(config.option, "maxschedchunk", "absent") is None and not quick:
        config.option.maxschedchunk = 2


#: The node ids of every test collected, and whether their files were collected whole.
COLLECTED = pytest.StashKey[frozenset]()
WHOLE_FILES = pytest.StashKey[bool]()


@pytest.hookimpl(tryfirst=True)  # before -k and -m deselect any
def pytest_collection_modifyitems(config, items) -> None:
    from tests.tiers import LONG_ELSEWHERE

    for item in items:
        if item.nodeid in LONG_ELSEWHERE:
            item.add_marker(pytest.mark.long)
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable
    # every test collected, before -k and -m deselect any (tests/test_tiers.py)
    config.stash[COLLECTED] = frozenset(item.nodeid for item in items)
    config.stash[WHOLE_FILES] = not any("::" in str(arg) for arg in config.args)


def pytest_collection_finish(session) -> None:
    """Less of each worker's time in Python's garbage collector: the thousands of objects made
    while collecting (test modules, Textual's classes, the games' data) live to the end, so
    they are moved out of the collector's sight (``gc.freeze``); and a Pilot test makes and
    drops widgets by the hundred, so the youngest generation is collected after 50,000 new
    objects rather than 700 (about 7% less CPU on the app's tests, measured with
    ``/usr/bin/time`` over tests/tui/test_screens.py, test_form.py,
    trajan/test_tui_newcomer.py and core/test_game_contract.py: 20.2 -> 18.7 user s). What is
    tested is the same: only when unreachable objects are reclaimed changes."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, *gc.get_threshold()[1:])


@pytest.fixture(autouse=True)
def unfrozen_heap(monkeypatch):
    """The app's ``settle_heap`` (a full garbage collection, then ``gc.freeze``: after the
    first frame and when a game begins, so that a full pass over Textual's objects never
    stops a game for tens of milliseconds) does nothing in tests: a test's app lives for a
    second, each start cost a full collection (about 4 ms, twice per app), and what it froze
    outlived its test. Nothing a test checks depends on when the collector runs."""
    monkeypatch.setattr("forum_trajanum.tui.app.settle_heap", lambda: None)


def pytest_xdist_auto_num_workers(config) -> int:
    """Two workers a core and one more (5 on 2 cores): a test's wall time is partly waiting
    (an idle app, a server, a browser, a bot's thread), which another worker fills. Measured
    with ``scripts/suite_time.py`` on 2 cores: the whole suite 153.3 s with 4 workers, 146.5 s
    with 5; the quick tier 55.9 s and 52.6 s."""
    return 2 * (os.cpu_count() or 1) + 1


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch):
    """Every test's Textual pilot waits for an idle app in slices of 5 ms, not Textual's 20
    (``pilot.pause()``, twice in each ``pilot.press``; the CPU threshold scaled with the
    slice): a whole game by keys is a thousand such waits, and the suite spent most of its
    wall time asleep in them. So short a wait no longer covers a refresh the app makes a
    moment later (Textual's 60 frames a second): ``pilot.press`` presses each key once the
    screen shows what the one before did (``tests/waiting.settled``), as a person types, and
    the app drops a key typed for a list not painted yet; a test that reads the screen after
    anything else waits for what it must show, or for the app to have settled, never on a
    pause alone being long enough. (Autouse; the name stays for the tests that ask for it.)
    Private names of Textual's test helpers: an upgrade that drops them fails here."""
    import textual._wait as wait
    from textual.pilot import Pilot

    from tests.waiting import settled

    assert hasattr(wait, "SLEEP_GRANULARITY") and hasattr(wait, "SLEEP_IDLE"), "update me"
    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 0.005)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 0.005 / 20)
    press = Pilot.press

    async def press_seen(self, *keys: str) -> None:
        for key in keys:
            await press(self, key)
            await settled(self, pause=False)

    monkeypatch.setattr(Pilot, "press", press_seen)


@pytest.fixture
def test_only_games():
    """The test-only games (``tests/testonly.py``: Tiny) registered beside the program's own
    for one test; the names registered."""
    from tests.testonly import registered

    with registered() as names:
        yield names
