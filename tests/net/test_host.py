"""A real game host on 127.0.0.1 with real clients (issue 30, "Proof": a whole game of each
game with two people and a bot; reconnect; a wrong secret; a foreign Origin; a client that
stops reading; nothing lost, nothing doubled)."""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import ssl
import subprocess

import aiohttp
import pytest

from forum_trajanum.core import saves
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.session import GameSession
from forum_trajanum.net.client import Client, JoinError
from forum_trajanum.net.host import tls_context
from forum_trajanum.net.protocol import Act, Address, Hello, dump, read_host
from forum_trajanum.net.table import MOVED_ON
from tests.net.helpers import hosting, joined, play_to_the_end


@pytest.mark.parametrize("game", GAMES.names())
async def test_a_whole_game_is_played_by_two_people_and_a_bot_each_on_their_own_connection(
    game, save_home
):
    async with hosting(game, "Ann", "Bob", "easy") as hosted:
        table = hosted.table()
        async with joined(hosted.addresses[1]) as (ann, bob):
            assert (ann.seat, bob.seat) == (0, 1)
            assert ann.welcome.names == ["Ann", "Bob", "Easy bot"]
            played = await play_to_the_end([ann, bob])
            await ann.wait_for(lambda c: c.state.over)
            await bob.wait_for(lambda c: c.state.over)
            session = table.session
            assert session.over and played > 50
            # each client shows exactly the host's state: its own view, the whole log
            for client in (ann, bob):
                assert client.view == session.view_of(client.seat)
                assert [line.text for line in client.log] == [e.text for e in session.log]
                assert client.state.steps == len(session.record.actions)
            game_id = session.game.id
    # a normal saved game: its file replays to the same end (continue and replay read it)
    text = (saves.games_dir() / f"{game_id}.json").read_text()
    again, _opened = GameSession.open(game_id)
    try:
        assert again.over and again.record.actions == session.record.actions
        assert again.rules.scores(again.state) == session.rules.scores(session.state)
    finally:
        again.close()
    # the secrets are in no save: only their digests
    for address in hosted.addresses[1]:
        assert address.secret not in text and address.secret.replace("-", "") not in text
    assert len(json.loads(text.splitlines()[0])["meta"]["hosted"]["digests"]) == 3


async def test_a_wrong_secret_is_refused_in_words_and_plays_nothing():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        right = hosted.addresses[1][0]
        wrong = Address(right.host, right.port, 1, "aaaaa-bbbbb-ccccc-ddddd")
        with pytest.raises(JoinError, match="opens no seat at table 1"):
            await Client(wrong).start()
        other_table = Address(right.host, right.port, 2, right.secret)
        with pytest.raises(JoinError, match="opens no seat at table 2"):
            await Client(other_table).start()
        assert hosted.host.connections[1] == {}
        assert hosted.table().session.record.actions == []
        # a hello for table 1 on table 2's websocket (a proxy routes by it) is refused too
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"ws://{right.where}/ws/2")
            await ws.send_str(dump(Hello(table=1, secret=right.secret, client="client-abc")))
            refused = read_host((await ws.receive()).data)
            assert refused.words == "This connection is for table 2, not 1."
            await ws.close()


async def test_a_seat_in_use_refuses_another_window_and_takes_its_own_client_back():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        address = hosted.addresses[1][0]
        async with joined([address]) as (first,):
            with pytest.raises(JoinError, match="Ann's seat is already played from another") as e:
                await Client(address).start()
            # this window never had the seat: not "now played from another window" (QA)
            assert "now played" not in str(e.value) and "join again" in str(e.value)
            # the same client connecting again (its connection was lost) replaces the old one
            async with joined([address], client_id=first.client_id) as (again,):
                await first.wait_for(lambda c: c.connections == 2 or not c.connected)
                assert again.seat == 0
                assert hosted.host.connections[1][0].client == first.client_id


async def test_a_websocket_from_another_sites_page_is_refused_and_the_hosts_own_is_not():
    async with hosting("forum-trajanum", "Ann", "Bob") as hosted:
        address = hosted.addresses[1][0]
        async with aiohttp.ClientSession() as http:
            for origin in ("http://evil.example", "null", f"http://{address.where}.evil.example"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(address.websocket(), headers={"Origin": origin})
                assert refused.value.status == 403
            # a name rebound to this machine (DNS rebinding) is refused as well
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(
                    address.websocket(), headers={"Host": f"attacker.example:{address.port}"}
                )
        async with joined([address], origin=address.origin()) as (ann,):
            assert ann.seat == 0


async def test_a_resent_action_applies_once_and_an_answer_to_an_old_decision_is_refused():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        table = hosted.table()
        async with joined(hosted.addresses[1]) as clients:
            mover = next(c for c in clients if c.state.legal)
            decision, text = mover.state.decision, mover.state.legal[0]
            message = Act(id=90, decision=decision, action=text)
            first = await mover._request(lambda _id: message, 10)
            steps = len(table.session.record.actions)
            again = await mover._request(lambda _id: message, 10)  # the same, sent again
            assert first.applied and again.applied
            assert len(table.session.record.actions) == steps  # played once
            assert table.session.record.actions.count(text) >= 1
            # another action answering that old decision: refused in words, nothing played
            other = Act(id=91, decision=decision, action="pass")
            refused = await mover._request(lambda _id: other, 10)
            assert not refused.applied and refused.words == MOVED_ON
            assert len(table.session.record.actions) == steps


async def test_an_action_out_of_turn_or_not_legal_is_refused_in_player_words():
    async with (
        hosting("forum-trajanum", "Ann", "Bob") as hosted,
        joined(hosted.addresses[1]) as clients,
    ):
        waiting = next(c for c in clients if not c.state.legal)
        answer = await waiting.act("pass")
        assert not answer.applied and answer.words.startswith("It is ")
        mover = next(c for c in clients if c.state.legal)
        answer = await mover.act("no such move")
        assert not answer.applied and "not one of your choices" in answer.words
        assert hosted.table().session.record.actions == []


async def test_undo_takes_back_a_step_of_the_own_turn_for_everybody_once():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        table = hosted.table()
        async with joined(hosted.addresses[1]) as clients:

            def mover():
                return next(c for c in clients if c.state.legal)

            # play until the seat deciding can take a step back
            for _ in range(200):
                if mover().state.can_undo:
                    break
                assert (await mover().act(mover().state.legal[0])).applied
            client = mover()
            assert client.state.can_undo
            steps = client.state.steps
            old = client.state.decision
            assert (await client.undo()).applied
            assert client.state.steps == steps - 1
            others = [c for c in clients if c is not client]
            await others[0].wait_for(lambda c: c.state.steps == steps - 1)
            assert len(table.session.record.actions) == steps - 1
            assert table.hosted.undos == 1
            # an action answering the decision from before the undo is refused
            late = Act(id=50, decision=old, action=client.state.legal[0])
            refused = await client._request(lambda _id: late, 10)
            assert not refused.applied
            assert len(table.session.record.actions) == steps - 1


async def test_a_client_whose_connection_is_cut_reconnects_by_itself_to_the_hosts_state():
    async with hosting("forum-trajanum", "Ann", "Bob", "easy") as hosted:
        table = hosted.table()
        async with joined(hosted.addresses[1]) as clients:
            await play_to_the_end(clients, until=lambda cs: cs[0].state.steps > 30)
            ann = clients[0]
            hosted.host.connections[1][0].drop("the test cuts it")
            await ann.wait_for(lambda c: c.connections == 2 and c.connected)
            # meanwhile the game went on: the client shows exactly where it stands
            await play_to_the_end(clients, until=lambda cs: cs[0].state.steps > 60)
            hosted.host.connections[1][0].drop("the test cuts it again")
            await play_to_the_end(clients, until=lambda cs: cs[0].state.steps > 90)
            await ann.wait_for(lambda c: c.connected and c.state.decision == table.decision)
            assert ann.view == table.session.view_of(0)
            assert [line.text for line in ann.log] == [e.text for e in table.session.log]


async def test_a_client_that_stops_reading_is_let_go_and_never_stalls_the_others():
    async with hosting("trajan", "Ann", "Bob", "Cy", send_queue=4) as hosted:
        table = hosted.table()
        address = hosted.addresses[1][2]
        async with aiohttp.ClientSession() as http:
            silent = await http.ws_connect(
                address.websocket(), timeout=aiohttp.ClientWSTimeout(ws_close=0.1)
            )
            hello = Hello(table=1, secret=address.secret, client="silent-client")
            await silent.send_str(dump(hello))
            await asyncio.wait_for(silent.receive(), 10)  # its welcome: its seat is taken
            # from now on it reads nothing: its socket's small buffer fills, then the host's
            # queue for it
            transport = silent._response.connection.transport
            transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            transport.pause_reading()
            changed = asyncio.Event()

            def noted(t) -> None:
                hosted.host.broadcast(t)
                changed.set()

            table.changed = noted

            async def cy_plays() -> None:
                """Cy's moves arrive as a client's that sends without reading would."""
                number = 0
                while not table.session.over:
                    if table.session.decider == 2:
                        number += 1
                        legal = table.session.view_of(2).legal
                        act = Act(id=number, decision=table.decision, action=str(legal[0]))
                        assert (await table.act(2, act)).applied
                        continue
                    changed.clear()
                    await changed.wait()

            cy = asyncio.ensure_future(cy_plays())
            try:
                async with joined(hosted.addresses[1][:2]) as clients:
                    loop = asyncio.get_running_loop()
                    started = loop.time()
                    await play_to_the_end(clients, until=lambda _cs: hosted.host.dropped)
                    assert hosted.host.dropped == [
                        (1, 2, "too slow: it did not read what it was sent")
                    ]
                    assert 2 not in hosted.host.connections[1]
                    # the others play on to the end, without waiting for the one let go
                    await play_to_the_end(clients)
                    assert table.session.over and loop.time() - started < 60
            finally:
                cy.cancel()
            await silent.close()


async def test_more_waiting_connections_than_the_host_takes_let_the_oldest_go_and_silent_ones():
    # issue 35: a full host no longer refuses the newest (a crowd of silent websockets kept
    # every player out so): the oldest that has not said hello is let go, told to try again
    async with hosting("trajan", "Ann", "Bob", max_connections=2, hello_wait=0.2) as hosted:
        address = hosted.addresses[1][0]
        async with aiohttp.ClientSession() as http:
            first = await http.ws_connect(address.websocket())
            second = await http.ws_connect(address.websocket())
            third = await http.ws_connect(address.websocket())
            full = read_host((await first.receive()).data)
            assert (full.reason, full.retry) == ("full", True)
            assert "as many connections as it takes" in full.words
            # the others did not say hello: each is told so and closed
            for ws in (second, third):
                message = await ws.receive()
                assert read_host(message.data).words == "No hello came in time."
                ended = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                assert (await ws.receive()).type in ended


async def test_a_message_beyond_the_size_limit_ends_its_connection_not_the_host():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        address = hosted.addresses[1][0]
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(address.websocket())
            await ws.send_str("x" * 100_000)
            closing = await ws.receive()
            assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        async with joined([address]) as (ann,):
            assert ann.seat == 0


async def test_the_hosts_terminal_says_who_joins_and_leaves_and_who_is_there():
    said = []
    async with (
        hosting("trajan", "Ann", "Bob", "easy", say=said.append) as hosted,
        joined(hosted.addresses[1][:1]) as (ann,),
    ):
        await ann.wait_for(lambda c: c.presence == [True, False, False])
        async with joined(hosted.addresses[1][1:]) as (bob,):
            await ann.wait_for(lambda c: c.presence == [True, True, False])
            await bob.wait_for(lambda c: c.presence == [True, True, False])
        await ann.wait_for(lambda c: c.presence == [True, False, False])
    assert said[0].startswith("Ann joined. Table 1: Ann (here), Bob (away); ")
    assert said[1].startswith("Bob joined. Table 1: Ann (here), Bob (here); ")
    assert said[2].startswith("Bob left. Table 1: Ann (here), Bob (away); ")
    assert said[3].startswith("Ann left. Table 1: Ann (away), Bob (away); ")


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
async def test_a_host_with_a_certificate_plays_over_tls(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True,
    )  # fmt: skip
    context = tls_context(str(cert), str(key))
    async with hosting("trajan", "Ann", "Bob", ssl_context=context) as hosted:
        address = hosted.addresses[1][0]
        assert address.tls and address.url().startswith("https://")
        assert address.websocket().startswith("wss://")
        trusted = ssl.create_default_context(cafile=str(cert))
        async with joined([address], ssl_context=trusted) as (ann,):
            assert ann.seat == 0 and ann.view == hosted.table().session.view_of(0)
        # a client that does not trust the certificate gets no game
        with pytest.raises(JoinError, match="certificate is not trusted"):
            await Client(address).start()
