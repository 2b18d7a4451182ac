"""What ``join`` says when the host refuses, as it is (issue 35, points 3, 14 and 16, the
joining side): a full host (HTTP 503 before the websocket, or a refusal of reason "full") is
said to be full, a 403 a refusal, not "no host answered"; a seat now played from another
window says so and what to do, and stops trying; a host stopped on purpose says so and what
to do (``host --continue``, then join again), and stops trying. Against a fake host that
refuses as the real one does."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from forum_trajanum.cli import main
from forum_trajanum.net.client import Client, JoinError, RemoteSession
from forum_trajanum.net.join import JoinApp
from forum_trajanum.tui.gamescreens import GameScreen
from tests.net.hostile import FakeHost, game_messages, read_requests, script_of
from tests.waiting import wait_for

PATIENT = 20  # seconds: longer than an answer at once takes


@pytest.mark.parametrize(
    ("status", "words"),
    [(503, "is full: it takes no more connections now"), (403, "refused this connection")],
)
def test_join_says_a_host_that_answers_with_a_refusal_is_full_or_refusing(
    status, words, capsys, monkeypatch
):
    monkeypatch.setattr("forum_trajanum.net.join.PATIENCE", PATIENT)
    with FakeHost(status=status) as host:
        assert main(["join", host.address.url()]) == 1
    said = capsys.readouterr().err
    assert words in said and "No game host answered" not in said, said


async def test_a_refusal_of_reason_full_at_joining_says_the_host_is_full():
    refusal = {"v": 1, "type": "refused", "words": "Too many.", "retry": True, "reason": "full"}
    with FakeHost(script_of(refusal)) as host, pytest.raises(JoinError) as refused:
        await Client(host.address).start(timeout=20)
    assert "The host is full" in str(refused.value) and "Too many." in str(refused.value)


async def test_a_seat_whose_host_is_full_when_it_connects_again_keeps_trying_and_says_why():
    welcome, state = game_messages("trajan", seat=0)
    lose = threading.Event()

    async def script(number, hello, ws) -> None:
        if number == 1:
            for message in (welcome, state):
                await ws.send_str(json.dumps(message))
            await asyncio.to_thread(lose.wait)  # then the connection is lost
        else:
            refusal = {"v": 1, "type": "refused", "words": "", "retry": True, "reason": "full"}
            await ws.send_str(json.dumps(refusal))

    with FakeHost(script) as host:
        client = Client(host.address)
        await client.start(timeout=20)
        try:
            lose.set()
            await client.wait_for(lambda c: c.trouble, 60)
            await client.wait_for(lambda c: host.connections >= 3 or c.ended, 60)
            assert not client.ended and "refused to connect again for now" in client.trouble
        finally:
            await client.close()


async def ended_in_a_window(reason: str, words: str):
    """A seat's window whose connection is lost, then refused for ``reason``: the app, the
    fake host (closed) and how many connections it had when the window was left."""
    welcome, state = game_messages("trajan", seat=1, actions=2)
    lose = threading.Event()

    async def script(number, hello, ws) -> None:
        if number == 1:
            for message in (welcome, state):
                await ws.send_str(json.dumps(message))
            await asyncio.to_thread(lose.wait)
        else:
            refusal = {"v": 1, "type": "refused", "words": words, "retry": True, "reason": reason}
            await ws.send_str(json.dumps(refusal))
            await read_requests(ws, [])

    with FakeHost(script) as host:
        session = await RemoteSession.connect(host.address)
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
                lose.set()
                assert await wait_for(pilot, lambda: session.ended == reason)
                assert await wait_for(pilot, lambda: session.problem in app.screen.data.message)
                shown = app.screen.data.message
                await pilot.press("q")
                assert await wait_for(pilot, lambda: bool(app.farewell))
            # no more tries after the refusal: the client's connecting has ended
            assert session.client._task.done()
            connections = host.connections
        finally:
            await session.aclose()
    return app, shown, connections


async def test_a_window_whose_seat_is_now_played_from_another_one_says_so_and_stops():
    app, shown, connections = await ended_in_a_window(
        "elsewhere", "Bob's seat is already played from another window."
    )
    assert "Your seat is now played from another window" in shown
    assert "close the other window, then join again" in shown
    assert "trying again" not in shown
    assert connections == 2  # the refusal was the last try
    assert "played from another window" in app.farewell


async def test_a_host_stopped_on_purpose_says_so_to_its_clients_and_they_stop_trying():
    app, shown, connections = await ended_in_a_window("stopped", "The host was stopped.")
    assert "The host stopped the game" in shown and "host --continue" in shown
    assert "The host was stopped." in shown  # its own words, quoted
    assert "trying again" not in shown and connections == 2
    assert "The host stopped the game" in app.farewell
