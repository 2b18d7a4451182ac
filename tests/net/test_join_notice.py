"""A connection ended or lost stays in view at 80x24 (QA: the host stopped with Ctrl+C while
Ann's coach strip was up, then while Bob asked for a hint): whatever covers the screen, and
with what to do, the address to join again, whole."""

from __future__ import annotations

import asyncio
import json
import threading

from forum_trajanum.net.client import RemoteSession
from forum_trajanum.net.join import JoinApp
from forum_trajanum.tui.coach import CoachScreen
from forum_trajanum.tui.gamescreens import GameScreen
from tests.net.hostile import FakeHost, game_messages, read_requests
from tests.test_hostile_names import screen_text
from tests.waiting import settled, wait_for


def stopping_host(game: str, seat: int):
    """A fake host that sends ``seat``'s game, then (once ``stop`` is set) drops the
    connection and refuses the next one: the host was stopped."""
    welcome, state = game_messages(game, seat=seat)
    stop = threading.Event()

    async def script(number, hello, ws) -> None:
        if number == 1:
            for message in (welcome, state):
                await ws.send_str(json.dumps(message))
            await asyncio.to_thread(stop.wait)
        else:
            refusal = {"v": 1, "type": "refused", "words": "", "retry": True, "reason": "stopped"}
            await ws.send_str(json.dumps(refusal))
            await read_requests(ws, [])

    return FakeHost(script), stop


async def stopped_window(seat: int, press: str = "", first: str = "", game="forum-trajanum"):
    """The 80x24 screen text of ``seat``'s window (Forum Trajanum, a first game: the coach
    strip comes up on Ann's decision) once the host was stopped, before and after the keys
    ``press``; and the address to join again. ``first``: keys pressed before the host stops
    (on the coach strip: k closes it, the coach off)."""
    host, stop = stopping_host(game, seat)
    with host:
        session = await RemoteSession.connect(host.address)
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                shown = (CoachScreen,) if seat == 0 else (GameScreen,)
                assert await wait_for(pilot, lambda: isinstance(app.screen, shown))
                for key in first:
                    await pilot.press(key)
                assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
                stop.set()
                assert await wait_for(pilot, lambda: session.ended == "stopped")
                assert await wait_for(
                    pilot, lambda: "The host stopped the game" in screen_text(app)
                ), screen_text(app)
                await settled(pilot)
                before = screen_text(app)
                for key in press:
                    await pilot.press(key)
                await settled(pilot)
                after = screen_text(app)
        finally:
            await session.aclose()
    return before, after, host.address.short()


async def test_the_coach_strip_gives_way_when_the_host_stops():
    before, _, address = await stopped_window(0)
    assert "Coach:" not in before  # the strip gave way to the notice
    assert "The host stopped the game" in before and address in before, before


async def test_the_address_to_rejoin_is_whole_on_the_80x24_screen():
    """On Ann's own decision (the coach off), where the message has the choices' two lines."""
    before, _, address = await stopped_window(0, first="k")
    assert "Ann's choice" in before, before
    assert address in before, before  # one line holds it whole
    flat = " ".join(before.split())
    assert f"forum-trajanum join {address}" in flat, before


async def test_a_hint_asked_for_with_the_host_down_leaves_the_notice_in_view():
    _, after, address = await stopped_window(1, "h")
    assert "No hint now" in " ".join(after.split()), after  # the other message shows
    assert "The host stopped the game" in after and address in after, after


async def test_a_move_not_sent_with_the_host_down_keeps_the_address_whole():
    """Trajan, Ann's own decision (the coach off): 1 is not sent, and says so."""
    _, after, address = await stopped_window(0, "1", first="k", game="trajan")
    flat = " ".join(after.split())
    assert "Not sent" in flat and address in after, after
