"""Responsiveness benchmark of the terminal app: ``python -m forum_trajanum.tui.bench``.

Prints the start-up time to the first frame, and key-press-to-repaint times (median and p95)
for moving the Colonia cursor and for a whole-board update (an action and its undo). Runs the
app headless at 160x50; a "repaint" is the moment the screen's compositor has produced the
frame that shows the change. Targets: first frame <= 1.0 s, cursor p95 <= 50 ms, board
update p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

START = time.perf_counter()


class RepaintProbe:
    """Wakes a waiter when the active screen has painted a frame in which ``condition`` holds."""

    def __init__(self, app) -> None:
        self.app = app
        self.event = asyncio.Event()
        self.condition = None
        self.wrapped: set[int] = set()

    def watch(self) -> None:
        screen = self.app.screen
        if id(screen) in self.wrapped:
            return
        self.wrapped.add(id(screen))
        original = screen._compositor_refresh

        def refreshed() -> None:
            original()
            if self.condition is not None and self.condition():
                self.condition = None
                self.event.set()

        screen._compositor_refresh = refreshed

    async def key_to_repaint(self, key: str, condition, timeout: float = 5.0) -> float:
        """Send ``key`` and return the seconds until a frame shows ``condition``."""
        from textual import events

        self.watch()
        self.event.clear()
        self.condition = condition
        started = time.perf_counter()
        self.app._driver.send_message(events.Key(key, None))
        await asyncio.wait_for(self.event.wait(), timeout)
        return time.perf_counter() - started


def _summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return f"median {statistics.median(ordered) * 1000:6.1f} ms   p95 {p95 * 1000:6.1f} ms"


async def _first_frame() -> float:
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.screens import StartScreen

    app = ForumApp(bot_delay=0)
    painted = asyncio.Event()
    first: list[float] = []

    async with app.run_test(size=(160, 50)) as pilot:
        while not isinstance(app.screen, StartScreen):
            await asyncio.sleep(0.001)
        probe = RepaintProbe(app)
        probe.condition = lambda: True
        probe.event = painted
        probe.watch()
        await asyncio.wait_for(painted.wait(), 10)
        first.append(time.perf_counter() - START)
        await pilot.pause()
    return first[0]


def _session_at_build(seed: int):
    from forum_trajanum.engine import GameOptions
    from forum_trajanum.tui.session import GameSession

    session = GameSession.new(seed, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    while session.state.tasks[-1].kind != "build" or not any(
        a.startswith("build") for a in session.view_of(session.decider).legal
    ):
        session.play(session.view_of(session.decider).legal[0])
    return session


async def _cursor_and_board(samples: int) -> tuple[list[float], list[float]]:
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.play import TurnScreen

    session = _session_at_build(3)
    # no hold after the hand-over: with --samples 1 the first Enter would come too soon
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    cursor: list[float] = []
    board: list[float] = []
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("enter")  # the hand-over
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        probe = RepaintProbe(app)
        grid = app.screen.query_one("#colonia")
        await pilot.press("tab")
        await pilot.pause()
        for _ in range(samples):
            before = grid.cursor
            cursor.append(await probe.key_to_repaint("right", lambda b=before: grid.cursor != b))
            await pilot.pause()
        await pilot.press("shift+tab")  # back to the decision list
        await pilot.pause()
        for _ in range(samples):
            count = len(app.session.record.actions)
            board.append(
                await probe.key_to_repaint(
                    "enter", lambda c=count: len(app.session.record.actions) == c + 1
                )
            )
            await pilot.pause()
            board.append(
                await probe.key_to_repaint(
                    "u", lambda c=count: len(app.session.record.actions) == c
                )
            )
            await pilot.pause()
    return cursor, board


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m forum_trajanum.tui.bench")
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args(argv)
    os.environ["FORUM_TRAJANUM_HOME"] = tempfile.mkdtemp(prefix="ft-bench-")
    first = asyncio.run(_first_frame())
    cursor, board = asyncio.run(_cursor_and_board(args.samples))
    print(f"start-up to first frame: {first * 1000:6.0f} ms   (target <= 1000 ms)")
    print(f"cursor move -> repaint:  {_summary(cursor)}   (target p95 <= 50 ms)")
    print(f"board update -> repaint: {_summary(board)}   (target p95 <= 100 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
