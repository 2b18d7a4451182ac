"""One event loop for a networked game (issue 39, point 2): ``join``'s window and its
connection to the host run on Textual's loop, the moves sent by the window's async workers,
with no loop in a thread of their own; ``host --play`` serves the game, plays its own seat
and draws its window on one loop too."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from forum_trajanum.core.game import GAMES
from forum_trajanum.net.client import RemoteSession
from forum_trajanum.net.host import HostPlan, host_and_play
from forum_trajanum.net.join import JoinApp
from forum_trajanum.tui.coach import CoachScreen
from forum_trajanum.tui.gamescreens import GameScreen
from tests.net.helpers import hosting
from tests.tui.conftest import past_hold
from tests.waiting import DEADLINE, wait_for


def loop_threads() -> set[str]:
    """The names of the threads that could run an event loop of the join window's or the
    host's own (the connection's thread was called "join", the host's "host")."""
    return {t.name for t in threading.enumerate()} & {"join", "host"}


async def play_one_move(app: JoinApp, pilot) -> bool:
    """Wait for the seat's own decision, then press its first choice (again, for a move of
    several choices, the coach's words read) until the host has played a move of it."""
    session = app.session
    assert await wait_for(pilot, lambda: session.decider == session.seat)
    steps = session.steps
    deadline = time.monotonic() + DEADLINE  # only stops a test that would hang
    while session.steps == steps and time.monotonic() < deadline:
        if isinstance(app.screen, CoachScreen):
            await pilot.press("escape")
        elif isinstance(app.screen, GameScreen) and not app.in_flight:
            await past_hold(pilot)
            await pilot.press("1")
        await pilot.pause()
    return session.steps > steps


@pytest.mark.parametrize("game", GAMES.names())
async def test_a_joined_window_and_its_connection_run_on_one_event_loop(game):
    async with hosting(game, "Ann", "Bob", seed=3) as hosted:
        table = hosted.table()
        first = hosted.addresses[1][table.session.decider]  # two people: seat order
        session = await RemoteSession.connect(first)
        try:
            # the connection runs here, on the test's loop, which runs the app below
            assert session.loop is asyncio.get_running_loop()
            assert loop_threads() == set()
            # a blocking call on that loop would wait for itself: refused in words
            with pytest.raises(RuntimeError, match="own event loop"):
                session.play(session.view_of(session.seat).legal[0])
            app = JoinApp(session, choice_hold=0.001)
            async with app.run_test(size=(100, 32)) as pilot:
                assert await play_one_move(app, pilot)  # sent by the window's async worker
                assert len(table.session.record.actions) == session.steps  # the host played it
                assert loop_threads() == set()
        finally:
            await session.aclose()


async def test_the_hosts_own_seat_is_served_played_and_drawn_on_one_event_loop():
    plan = HostPlan(names=["Ann", "Bob"], bots=["", "easy"], port=0, play="Ann")
    said: list[str] = []
    seen: dict[str, object] = {}
    stop = asyncio.Event()  # what Ctrl+C sets

    def out(line: str) -> None:
        said.append(line)
        if line.startswith("Your window is closed"):
            stop.set()

    async def enter(prompt: str) -> None:
        seen["prompt"] = prompt

    async def run(app: JoinApp) -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            seen["loop"] = app.session.loop is asyncio.get_running_loop()
            seen["threads"] = loop_threads()
            seen["played"] = await play_one_move(app, pilot)
            await pilot.press("q")  # leave the window; the host goes on

    assert await host_and_play(plan, out, run=run, enter=enter, stop=stop) == 0
    assert seen == {
        "prompt": "Give each person their address, then press Enter to play Ann. ",
        "loop": True,
        "threads": set(),
        "played": True,
    }
    assert any("Ann" in line for line in said)  # the addresses were printed first
    closed = said.index(
        "Your window is closed; the host goes on for the others. Press Ctrl+C to stop it."
    )
    assert said[closed + 1 :] == [
        "Stopping: every client is told the host stopped.",
        "Stopped; every game is saved (host --continue NAME resumes one).",
    ]
