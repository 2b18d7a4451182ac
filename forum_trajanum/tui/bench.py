"""Responsiveness benchmark of the terminal app: ``python -m forum_trajanum.tui.bench``.

At 80x24 and at 160x45 it prints:

- start-up to the first frame of the start screen, against a minimal Textual app (one line of
  text) measured in the same run: each is a fresh Python process, timed from its launch to the
  moment it paints its first frame with the screen's content laid out (the start menu; the
  minimal app's line), watched from the very first paint, so work an app leaves for after that
  frame does not count (and the CPU time it used until then, a figure a busy machine disturbs
  less); the median of ``--starts`` launches each. The program's modules are compiled to
  bytecode first, as an install compiles them (pip does; Textual's, which the minimal app
  loads, are): with ``PYTHONDONTWRITEBYTECODE`` set and no bytecode beside its sources, each
  launch compiled the program's modules again, a fifth of the minimal app's start-up.
  Target: the game within 1.1 times the minimal app.
- for every game whose UI contract has a ``bench`` (its own scenario, in its ``ui``
  package): key-press-to-repaint times (median and 95th percentile) of moving a cursor (its
  board's or its list's; target p95 <= 10 ms) and of a whole-board update: an action taken
  (with a step that has one possible answer, played at once) and each undo back to where it
  began (target p95 <= 17 ms: within a frame at 60 frames a second). The app writes the save
  of each action in its writer thread while it repaints, as in play. Beside them, the CPU
  time the app's process (all threads) used in those intervals (on a loaded machine the wall
  clock also counts the time the process waited for a core).

``--phases`` also prints where a board update's time goes: the app's redraw of the screen
(its ``show_main``), Textual's layout and repaint of the frames (the screen's compositor,
:func:`forum_trajanum.tui.compat.compositor`) and the rest (the key's and the
messages' way through Textual's queues): their medians, and the parts of the update at the
95th percentile.

By default each key is sent as soon as the frame of the one before is made (keys in quick
succession: what the app does after a frame counts in the next key's figure); ``--pause 100``
lets the app settle 100 ms before each key (each key on a settled screen, as a person types).

The app runs headless; a "repaint" is the moment the screen's compositor has produced the frame
that shows the change. Measure on a quiet machine (``uptime``): the figures are wall-clock
times.

This module names no game: each game's scenario (``bench(width, height, samples)``, a
coroutine giving the cursor's and the board's seconds and their CPU seconds) drives its own
screens, with :class:`RepaintProbe` and :func:`until` from here.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

SIZES = ((80, 24), (160, 45))
START_TARGET = 1.1
CURSOR_TARGET_MS = 10
BOARD_TARGET_MS = 17
READY = "first-frame"


class RepaintProbe:
    """Wakes a waiter when the active screen has painted a frame in which ``condition`` holds."""

    #: Seconds to let the app settle before each key (``--pause``): 0 sends each key as soon as
    #: the frame of the one before is made, so that work the app does after a frame (a second
    #: layout its resize events ask for) lands in the next key's figure, as for keys typed in
    #: quick succession; a pause measures each key on a settled screen, as typed by a person.
    pause = 0.0
    #: ``--phases``: a list that each measured key adds its parts to (the seconds of the
    #: app's redraw, of Textual's layout and repaint, and the whole figure); None: not timed.
    phases: list[dict[str, float]] | None = None

    def __init__(self, app, redraw: str = "show_main") -> None:
        self.app = app
        #: The parts of the key being measured (``phases``).
        self.parts: dict[str, float] = {}
        if self.phases is not None and callable(getattr(app, redraw, None)):
            self._time_calls(app, {redraw: "redraw"})
        self.event = asyncio.Event()
        self.condition = None
        self.wrapped: set[int] = set()
        #: The CPU seconds this process used during each measured key-to-repaint (a busy
        #: machine delays the wall-clock figure; this one it hardly changes).
        self.cpu: list[float] = []
        #: When the last frame showing the condition was made: (wall clock, CPU time).
        self.painted = (0.0, 0.0)

    def _time_calls(self, target: object, parts: dict[str, str]) -> None:
        """Time each call of ``target``'s methods named in ``parts`` as the part it names
        (the app's redraw; a screen's layout and repaint). Timed once per object: a later
        probe hears of the calls instead."""
        timed_by = vars(target).get("_timed_by")
        target._timed_by = self  # type: ignore[attr-defined]
        if timed_by is not None:
            return
        for name, part in parts.items():
            original = getattr(target, name)

            def timed(*args, _original=original, _part=part, **kwargs):
                started = time.perf_counter()
                try:
                    return _original(*args, **kwargs)
                finally:
                    target._timed_by._part(_part, time.perf_counter() - started)

            setattr(target, name, timed)

    def _part(self, part: str, seconds: float) -> None:
        if self.condition is not None:  # a key is being measured
            self.parts[part] = self.parts.get(part, 0.0) + seconds

    def watch(self) -> None:
        screen = self.app.screen
        if id(screen) in self.wrapped:
            return
        self.wrapped.add(id(screen))
        from forum_trajanum.tui.compat import compositor, on_paint

        if self.phases is not None:
            self._time_calls(compositor(screen), {"reflow": "layout", "render_update": "repaint"})

        def refreshed(_screen) -> None:
            if self.condition is not None and self.condition():
                # the moment the frame is made (not when the waiter is next run: the loop
                # first handles what the frame's layout sent, the widgets' resize events)
                self.painted = time.perf_counter(), time.process_time()
                self.condition = None
                self.event.set()

        on_paint(screen, refreshed)

    async def key_to_repaint(self, key: str, condition, timeout: float = 5.0) -> float:
        """Send ``key`` and return the seconds until a frame shows ``condition``."""
        from forum_trajanum.tui.compat import send_key

        self.watch()
        if self.pause > 0:
            await asyncio.sleep(self.pause)  # not in the figure
        self.event.clear()
        self.parts = {}
        self.condition = condition
        started, cpu = time.perf_counter(), time.process_time()
        send_key(self.app, key)
        await asyncio.wait_for(self.event.wait(), timeout)
        painted, painted_cpu = self.painted
        self.cpu.append(painted_cpu - cpu)
        if self.phases is not None:
            self.phases.append({**self.parts, "total": painted - started})
        return painted - started


def at_95th(items: list[Any], key: Callable[[Any], float] | None = None) -> Any:
    """The item at the 95th percentile of ``items`` ordered by ``key`` (nearest rank)."""
    ordered = sorted(items, key=key)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def p95(samples: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    return at_95th(samples)


#: The parts of a board update ``--phases`` prints, in order (the rest: what is left of the
#: figure, the key's and the messages' way through Textual's queues).
PARTS = ("redraw", "layout", "repaint")


def parts_summary(phases: list[dict[str, float]]) -> str:
    """The parts of these keys' figures: their medians, and those of the key at the 95th
    percentile of the figures (nearest rank), in milliseconds."""
    if not phases:
        return "no keys measured"

    def rest(entry: dict[str, float]) -> float:
        return entry["total"] - sum(entry.get(part, 0.0) for part in PARTS)

    def parts_of(pick) -> str:
        words = [f"{part} {pick(lambda e, p=part: e.get(p, 0.0)) * 1000:.1f}" for part in PARTS]
        return ", ".join([*words, f"the rest {pick(rest) * 1000:.1f}"])

    at_p95 = at_95th(phases, key=lambda e: e["total"])
    return (
        f"medians: {parts_of(lambda f: statistics.median(f(e) for e in phases))} ms; "
        f"the p95 key ({at_p95['total'] * 1000:.1f} ms): {parts_of(lambda f: f(at_p95))} ms"
    )


def _summary(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:6.1f} ms   p95 {p95(samples) * 1000:6.1f} ms"


# --- start-up: one child process per launch ----------------------------------------------------


def _report_first_frame(app, shows, size: tuple[int, int]) -> None:
    """Run ``app`` headless and print READY at its first painted frame in which ``shows``
    (the widget that stands for the first screen's content) is laid out on the screen.

    The paint of every screen is watched from the start (not only after the app is found
    ready), so the figure is the real first frame: work the app schedules after that frame
    is not counted, work before it is."""
    from textual.screen import Screen

    from forum_trajanum.tui.compat import on_paint, shown_widgets

    def refreshed(screen) -> None:
        if screen is app.screen and shows() in shown_widgets(screen):
            print(READY, flush=True)
            os._exit(0)  # the parent has its figure; tearing the app down is not start-up

    on_paint(Screen, refreshed)

    async def run() -> None:
        async with app.run_test(size=size):
            await asyncio.sleep(10)

    asyncio.run(run())
    raise RuntimeError("no first frame within 10 s")


def _child(kind: str, width: int, height: int) -> None:
    """In a fresh process: import and start one app, report its first frame."""

    def first_widget(selector: str):
        found = app.screen.query(selector)
        return found.first() if found else None

    if kind == "minimal":
        from textual.app import App
        from textual.widgets import Static

        class Minimal(App):
            def compose(self):
                yield Static("Hello")

        app: App[Any] = Minimal()
        shows = lambda: first_widget("Static")  # noqa: E731
    else:
        from forum_trajanum.tui.app import ForumApp

        # min_size: the smallest terminal the game is played in (issue 9)
        app = ForumApp(bot_delay=0, min_size=(80, 24))
        shows = lambda: first_widget("StartScreen #menu")  # noqa: E731
    _report_first_frame(app, shows, (width, height))


def _cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _launch(kind: str, width: int, height: int) -> tuple[float, float]:
    """Wall-clock seconds from launching a child process to its report of the first frame, and
    the CPU seconds the child used (it exits right after that report). The CPU time hardly
    depends on what else the machine runs, the wall-clock time does."""
    command = [sys.executable, "-m", "forum_trajanum.tui.bench", "--child", kind,
               "--size", f"{width}x{height}"]  # fmt: skip
    cpu = _cpu_of_children()
    started = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None  # a pipe, asked for
        line = child.stdout.readline().strip()
        elapsed = time.perf_counter() - started
        child.wait()
    if line != READY:
        raise RuntimeError(f"the {kind} app did not report a first frame ({line!r})")
    return elapsed, _cpu_of_children() - cpu


def compile_program() -> None:
    """Compile the program's modules to bytecode beside their sources, as an install does
    (only those whose bytecode is missing or older than their source)."""
    import compileall
    from pathlib import Path

    import forum_trajanum

    compileall.compile_dir(Path(forum_trajanum.__file__).parent, quiet=2)


def start_up(width: int, height: int, launches: int) -> dict[str, tuple[float, float]]:
    """Median wall-clock and CPU start-up seconds of the minimal app and of the game,
    launched in turn (the program compiled first, :func:`compile_program`)."""
    compile_program()
    runs: dict[str, list[tuple[float, float]]] = {"minimal": [], "forum": []}
    for _ in range(launches):
        for kind, samples in runs.items():
            samples.append(_launch(kind, width, height))
    return {
        kind: (statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples))
        for kind, samples in runs.items()
    }


# --- cursor and board, in this process: each game's own scenario -----------------------------


async def until(pilot, condition, what: str) -> None:
    """Let the app work until ``condition()`` holds (at most 5 s)."""
    deadline = time.monotonic() + 5
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the app did not reach {what}")
        await pilot.pause(0.01)


def scenarios() -> list[tuple[str, Callable[..., Any]]]:
    """(title, scenario) of every registered game whose UI contract has a benchmark."""
    from forum_trajanum.games import GAMES
    from forum_trajanum.tui.contract import game_ui

    found: list[tuple[str, Callable[..., Any]]] = []
    for name in GAMES.names():
        ui = game_ui(GAMES.get(name))
        if ui is not None and ui.bench is not None:
            found.append((GAMES.title(name), ui.bench))
    return found


def probe_class(pause_ms: float) -> type[RepaintProbe]:
    """The probe class the games' scenarios use, its pause set (milliseconds). Run as
    ``python -m forum_trajanum.tui.bench`` this module is ``__main__``, a copy of the
    ``forum_trajanum.tui.bench`` the scenarios import: options set on this copy's class did not
    reach them (``--pause`` did nothing until 2026-12-07)."""
    import importlib

    probe: type[RepaintProbe] = importlib.import_module("forum_trajanum.tui.bench").RepaintProbe
    probe.pause = max(0.0, pause_ms) / 1000
    return probe


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m forum_trajanum.tui.bench")
    parser.add_argument("--samples", type=int, default=40, help="key presses per measure")
    parser.add_argument("--starts", type=int, default=7, help="launches of each app per size")
    parser.add_argument(
        "--pause",
        type=float,
        default=0.0,
        help="milliseconds to let the app settle before each key (default 0: keys in quick "
        "succession; 100 measures each key on a settled screen)",
    )
    parser.add_argument(
        "--phases",
        action="store_true",
        help="also print where a board update's time goes: the app's redraw, Textual's "
        "layout and repaint, and the rest (medians, and the p95 update's)",
    )
    parser.add_argument("--child", choices=("minimal", "forum"), help=argparse.SUPPRESS)
    parser.add_argument("--size", default="80x24", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    os.environ["FORUM_TRAJANUM_HOME"] = tempfile.mkdtemp(prefix="ft-bench-")
    probe = probe_class(args.pause)
    if args.child:
        width, height = (int(n) for n in args.size.split("x"))
        _child(args.child, width, height)
        return 0
    print(f"load average (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if probe.pause:
        print(f"each key sent after a pause of {args.pause:g} ms (the app settled)")
    for width, height in SIZES:
        starts = start_up(width, height, args.starts)
        print(f"\n{width}x{height}")
        for i, what in enumerate(("wall clock", "CPU time")):
            game, minimal = starts["forum"][i], starts["minimal"][i]
            print(f"  start-up to first frame ({what}): app {game * 1000:5.0f} ms, minimal "
                  f"Textual app {minimal * 1000:5.0f} ms: {game / minimal:.2f}x   (target <= "
                  f"{START_TARGET}x)")  # fmt: skip
        for title, bench in scenarios():
            probe.phases = [] if args.phases else None
            cursor, board, cursor_cpu, board_cpu = asyncio.run(bench(width, height, args.samples))
            print(f"  {title}:")
            print(f"    cursor move -> repaint:    {_summary(cursor)}   (target p95 <= "
                  f"{CURSOR_TARGET_MS} ms)")  # fmt: skip
            print(f"    action or undo -> repaint: {_summary(board)}   (target p95 <= "
                  f"{BOARD_TARGET_MS} ms)")  # fmt: skip
            print(f"    CPU time of this process in them: cursor {_summary(cursor_cpu)}, "
                  f"board {_summary(board_cpu)}   ({len(cursor)} cursor moves, {len(board)} "
                  "board updates)")  # fmt: skip
            if probe.phases is not None:  # the board's keys came after the cursor's
                print(f"    board update parts: {parts_summary(probe.phases[-len(board) :])}")
    print(f"\nload average at the end (1, 5, 15 min): "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
