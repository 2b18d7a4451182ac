"""Keys pressed while the connection is lost (issue 35, point 13): a move chosen then is not
kept to be played later, when the game may have moved on, nor dropped silently: the screen
says it is not sent, and again when the connection is back; a move already on its way when
the connection was lost is sent again once on reconnecting (the host answers it once), and
the screen says so. Against a fake host that loses the connection when the test says."""

from __future__ import annotations

import asyncio
import json
import threading

from forum_trajanum.net.client import RemoteSession
from forum_trajanum.net.join import JoinApp
from forum_trajanum.tui.coach import CoachScreen
from forum_trajanum.tui.gamescreens import GameScreen
from tests.net.hostile import FakeHost, game_messages, read_requests
from tests.tui.conftest import past_hold, screen_text
from tests.waiting import settled, wait_for


def shown(app) -> str:
    """The screen's words, its lines joined (a message wraps)."""
    return " ".join(screen_text(app).split())


async def own_decision(app, pilot) -> None:
    """Wait until the seat's own decision is on screen (the coach's first word read)."""
    assert await wait_for(pilot, lambda: isinstance(app.screen, (GameScreen, CoachScreen)))
    if isinstance(app.screen, CoachScreen):
        await pilot.press("escape")
    assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
    await past_hold(pilot)


async def test_a_move_chosen_while_the_connection_is_lost_is_not_sent_and_the_screen_says_so():
    welcome, state = game_messages("forum-trajanum", seat=0)
    lose, back = threading.Event(), threading.Event()
    presence = {"v": 1, "type": "presence", "connected": [True, True]}
    requests: list[dict] = []

    async def script(number, hello, ws) -> None:
        if number == 1:
            for message in (welcome, state):
                await ws.send_str(json.dumps(message))
            await asyncio.to_thread(lose.wait)
            return  # the connection is lost
        await asyncio.to_thread(back.wait)  # connected again, no state yet: still lost
        for message in (welcome, state, presence):
            await ws.send_str(json.dumps(message))
        await read_requests(ws, requests)

    with FakeHost(script) as host:
        session = await RemoteSession.connect(host.address)
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(100, 32)) as pilot:
                await own_decision(app, pilot)
                lose.set()
                assert await wait_for(pilot, lambda: not session.connected)
                assert await wait_for(pilot, lambda: "A move chosen now is not sent" in shown(app))
                await pilot.press(
                    "1", "1", "1"
                )  # a move: three cranes' colours (the fourth follows)
                assert await wait_for(pilot, lambda: "Not sent: the connection" in shown(app))
                back.set()
                note = "The connection is back; what you chose while it was lost was not sent"
                assert await wait_for(pilot, lambda: note in shown(app))
                # still there after the host's next message (each one redraws the screen)
                assert await wait_for(pilot, lambda: session.presence == [True, True])
                await settled(pilot)
                assert note in shown(app)
                assert session.connected and not app.in_flight
        finally:
            await session.aclose()
    assert requests == []  # nothing played later


async def test_a_move_on_its_way_when_the_connection_is_lost_is_sent_again_once_with_a_note():
    welcome, state = game_messages("forum-trajanum", seat=0)
    _, after = game_messages("forum-trajanum", seat=0, actions=1)
    requests: list[dict] = []

    async def script(number, hello, ws) -> None:
        for message in (welcome, state):
            await ws.send_str(json.dumps(message))
        if number == 1:  # the move arrives, and the connection is lost before its answer
            message = await ws.receive()
            requests.append(json.loads(message.data))
            return

        def answer(request):  # as the host: the new state, then the answer
            return [after, {"v": 1, "type": "answer", "id": request["id"], "applied": True}]

        await read_requests(ws, requests, answer)

    with FakeHost(script) as host:
        session = await RemoteSession.connect(host.address)
        app = JoinApp(session, choice_hold=0.001)
        try:
            async with app.run_test(size=(100, 32)) as pilot:
                await own_decision(app, pilot)
                await pilot.press("1", "1", "1")
                note = "sent again when the connection came back"
                # the next decision's coach's word first, read (the note waits under it)
                assert await wait_for(
                    pilot, lambda: isinstance(app.screen, CoachScreen) or note in shown(app)
                )
                if isinstance(app.screen, CoachScreen):
                    await pilot.press("escape")
                assert await wait_for(pilot, lambda: note in shown(app))
        finally:
            await session.aclose()
    assert [r["type"] for r in requests] == ["act", "act"]  # once on each connection
    assert requests[0]["id"] == requests[1]["id"] and requests[0]["decision"] == "0.0"
