"""A game host among strangers (issue 35, points 1, 3, 4, 5 and 6): hostile clients against
a real host on 127.0.0.1, raw websockets and raw sockets, and the host's own terminal read
(a ``forum-trajanum host`` process of its own where what it prints is the point)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import shutil
import signal
import socket
import ssl
import struct
import subprocess
import sys
from dataclasses import dataclass, field

import aiohttp
import pytest

from forum_trajanum.core.game import GAMES
from forum_trajanum.core.session import GameSession
from forum_trajanum.net.client import Client, JoinError
from forum_trajanum.net.guard import LOG_PER_MINUTE, LOG_PER_MINUTE_IN_ALL, PER_ADDRESS, address_of
from forum_trajanum.net.host import Host, tls_context
from forum_trajanum.net.protocol import Hello, Undo, dump, parse_address, read_host
from forum_trajanum.net.table import Table
from tests.net.helpers import hosting, joined

#: What a hostile client writes to reach the host's terminal: the pane's title, the clipboard
#: (OSC 52), a cleared screen, a reset terminal, and a forged line of the host's own.
HOSTILE = "\x1b]0;TITLE\x07\x1b]52;c;cHduZWQ=\x07\x1b[2J\x1bc\r\nAnn joined. Table 1:"


def terminal_safe(text: str) -> bool:
    """Whether ``text`` holds no character that drives a terminal (lines apart)."""
    return all(char == "\n" or char.isprintable() for char in text)


# --- a host in a process of its own, its terminal read ------------------------------------


@dataclass
class HostProcess:
    process: asyncio.subprocess.Process
    addresses: list = field(default_factory=list)
    out: bytearray = field(default_factory=bytearray)
    err: bytearray = field(default_factory=bytearray)
    readers: list = field(default_factory=list)

    async def stop(self) -> tuple[str, str]:
        """Ctrl+C's signal; what the host printed, on stdout and on stderr."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(self.process.wait(), 30)
        await asyncio.wait_for(asyncio.gather(*self.readers), 30)
        return self.out.decode("utf-8", "replace"), self.err.decode("utf-8", "replace")


async def _read_into(stream: asyncio.StreamReader, into: bytearray) -> None:
    while chunk := await stream.read(65536):
        into += chunk


@contextlib.asynccontextmanager
async def host_process(*args: str, files: int | None = None):
    """``forum-trajanum host --seats Ann,Bob --port 0`` (``files``: its open-file limit)."""

    def limit() -> None:  # pragma: no cover - runs in the child
        if files is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "forum_trajanum.cli", "host", "--seats", "Ann,Bob", "--port", "0",
        *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        preexec_fn=limit,
    )  # fmt: skip
    running = HostProcess(process)
    readers = running.readers
    readers.append(asyncio.ensure_future(_read_into(process.stderr, running.err)))
    try:
        while True:
            line = await asyncio.wait_for(process.stdout.readline(), 60)
            assert line, f"the host ended: {running.err.decode()}"
            running.out += line
            found = re.search(r"(http://\S+)\s", line.decode())
            if found:
                running.addresses.append(parse_address(found.group(1)))
            if b"Press Ctrl+C" in line:
                break
        readers.append(asyncio.ensure_future(_read_into(process.stdout, running.out)))
        yield running
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        await asyncio.gather(*readers, return_exceptions=True)


async def seated(http: aiohttp.ClientSession, address, client: str = "client-raw"):
    """A raw websocket that said a valid hello (its welcome and state read)."""
    ws = await http.ws_connect(address.websocket())
    await ws.send_str(dump(Hello(table=address.table, secret=address.secret, client=client)))
    assert read_host((await ws.receive()).data).type == "welcome"
    assert read_host((await ws.receive()).data).type == "state"
    return ws


async def answered(ws) -> None:
    """Wait until the host has read every message sent before (it answers an undo)."""
    await ws.send_str(dump(Undo(id=999, decision="0.0")))
    while True:
        message = read_host((await ws.receive()).data)
        if message.type == "answer" and message.id == 999:
            return


# --- 1: a client's text reaches the host's terminal printable, and a flood takes a few lines


async def test_a_clients_escapes_reach_the_hosts_terminal_as_printable_text_one_line_each():
    async with host_process() as running:
        ann = running.addresses[0]
        async with aiohttp.ClientSession() as http:
            # before any secret: an unknown key in a hello, then a message type of its own
            for message in (
                {"v": 1, "type": "hello", "table": 1, "secret": "x", "client": "abcdefgh",
                 HOSTILE: 1},
                {"v": 1, "type": HOSTILE},
            ):  # fmt: skip
                ws = await http.ws_connect(ann.websocket())
                await ws.send_str(json.dumps(message))
                refused = read_host((await ws.receive()).data)
                assert refused.type == "refused" and "\x1b" not in refused.words
                await ws.close()
            # a seat's own messages after its hello
            ws = await seated(http, ann)
            act = {"v": 1, "type": "act", "id": 1, "decision": "0.0", "action": "x"}
            await ws.send_str(json.dumps({**act, HOSTILE: 1}))
            await answered(ws)
            await ws.close()
        out, err = await running.stop()
    assert terminal_safe(err) and terminal_safe(out), (out, err)
    lines = err.splitlines()
    # three events, three lines; the escapes shown as text; nothing forged
    assert len(lines) == 3, lines
    assert all(r"\x1b]0;TITLE\x07\x1b]52;c;" in line for line in lines), lines
    assert lines[0].startswith("refused a connection from 127.0.0.1: a malformed message")
    assert lines[2].startswith("table 1: ignored a message from 127.0.0.1: a malformed")
    assert out.count("Ann joined.") == 1  # the real one, on the host's own output


async def test_a_flood_of_malformed_messages_takes_a_few_lines_of_the_hosts_log():
    async with host_process() as running:
        async with aiohttp.ClientSession() as http:
            ws = await seated(http, running.addresses[0])
            for number in range(300):
                await ws.send_str(json.dumps({"v": 1, "type": "act", f"x{number}": HOSTILE}))
            await answered(ws)
            await ws.close()
        _out, err = await running.stop()
    lines = err.splitlines()
    assert len(lines) == LOG_PER_MINUTE + 1, lines[:20]
    assert lines[-1] == "127.0.0.1: more lines like these left out for the rest of this minute"
    assert terminal_safe(err)


# --- 3: silent websockets never keep a seat with its secret out -----------------------------


def from_address(number: int) -> aiohttp.ClientSession:
    """A client session whose connections come from 127.0.0.``number`` (all this machine)."""
    connector = aiohttp.TCPConnector(local_addr=(f"127.0.0.{number}", 0), limit=0)
    return aiohttp.ClientSession(connector=connector)


async def test_silent_websockets_from_the_players_own_address_never_keep_a_seat_out():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        address = hosted.addresses[1][0]
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            silent = [await http.ws_connect(address.websocket()) for _ in range(64)]
            async with joined([address]) as (ann,):
                assert ann.seat == 0 and hosted.host.connections[1][0].client == ann.client_id
            # the oldest were let go to make room, each told so: the host is full, try again
            first = await silent[0].receive()
            refused = read_host(first.data)
            assert (refused.reason, refused.retry) == ("full", True)
            for ws in silent:
                await ws.close()


async def test_silent_websockets_opened_again_and_again_never_keep_the_players_out():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        address = hosted.addresses[1][0]
        stop = asyncio.Event()
        seen = {"opened": 0, "full": 0}

        async def crowd(number: int) -> None:
            async with from_address(number) as http:

                async def one() -> None:
                    while not stop.is_set():
                        with contextlib.suppress(aiohttp.ClientError, OSError):
                            ws = await http.ws_connect(address.websocket())
                            seen["opened"] += 1
                            message = await ws.receive()  # until it is let go, then again
                            if message.type == aiohttp.WSMsgType.TEXT:
                                refused = read_host(message.data)
                                seen["full"] += (refused.reason, refused.retry) == ("full", True)
                            await ws.close()

                await asyncio.gather(*(one() for _ in range(PER_ADDRESS + 2)))

        # from enough addresses to fill the host's 64 waiting places and more
        addresses = range(2, 3 + 64 // PER_ADDRESS)
        crowds = [asyncio.ensure_future(crowd(number)) for number in addresses]
        try:
            # the crowd is there (each of its websockets opened once at least)
            await wait_until(lambda: seen["opened"] >= len(addresses) * (PER_ADDRESS + 2))
            async with joined(hosted.addresses[1]) as (ann, bob):
                assert (ann.seat, bob.seat) == (0, 1)
                answer = await ann.act(ann.state.legal[0])
                assert answer.applied
            # and was let go again and again, each told to try again (the host is full)
            assert seen["full"] > 64
        finally:
            stop.set()
            for task in crowds:
                task.cancel()
            await asyncio.gather(*crowds, return_exceptions=True)


async def wait_until(condition, timeout: float = 20.0) -> None:
    """Wait for ``condition()`` (the host's own state, read in this loop)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "the condition did not come true in time"
        await asyncio.sleep(0.01)


async def test_each_refusal_says_its_kind_for_the_client_to_act_on():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        ann = hosted.addresses[1][0]
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(ann.websocket())
            await ws.send_str(dump(Hello(table=1, secret="aaaaa-bbbbb", client="client-x1")))
            wrong = read_host((await ws.receive()).data)
            assert (wrong.reason, wrong.retry) == ("secret", False)
            async with joined([ann]):
                with pytest.raises(JoinError):
                    await Client(ann).start()
                ws = await http.ws_connect(ann.websocket())
                await ws.send_str(dump(Hello(table=1, secret=ann.secret, client="client-x2")))
                elsewhere = read_host((await ws.receive()).data)
                assert (elsewhere.reason, elsewhere.retry) == ("elsewhere", True)


# --- 4: a header that never ends, a crowd from one address, the open-file limit ------------


async def raw_connection(port: int, source: str = "127.0.0.1"):
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def test_a_request_header_that_never_ends_is_let_go_in_time():
    async with hosting("trajan", "Ann", "Bob", header_wait=0.5) as hosted:
        port = hosted.host.port
        reader, writer = await raw_connection(port)
        writer.write(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\n")

        async def trickle() -> None:  # a header line every tenth of a second, never the end
            for number in range(1000):
                writer.write(b"X-%d: y\r\n" % number)
                await asyncio.sleep(0.1)

        trickling = asyncio.ensure_future(trickle())
        try:
            assert await asyncio.wait_for(reader.read(), 10) == b""  # the host closed it
        finally:
            trickling.cancel()
            writer.close()
        await wait_until(lambda: not hosted.host.gate.open)


def certificate(tmp_path):
    """A test certificate for 127.0.0.1: the host's TLS context and a client's that trusts it
    (the test is skipped without openssl)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl makes the test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True,
    )  # fmt: skip
    return tls_context(str(cert), str(key)), ssl.create_default_context(cafile=str(cert))


async def test_a_tls_handshake_that_never_comes_is_let_go_in_time(tmp_path):
    context, trusted = certificate(tmp_path)
    async with hosting("trajan", "Ann", "Bob", header_wait=0.5, ssl_context=context) as hosted:
        reader, writer = await raw_connection(hosted.host.port)  # and not a byte of TLS
        try:
            assert await asyncio.wait_for(reader.read(), 10) == b""  # the host closed it
        finally:
            writer.close()
        async with joined(hosted.addresses[1][:1], ssl_context=trusted) as (ann,):
            assert ann.seat == 0


async def test_connections_from_one_address_are_capped_and_the_players_still_get_in():
    async with hosting("trajan", "Ann", "Bob") as hosted:
        port = hosted.host.port
        crowd = [await raw_connection(port, "127.0.0.2") for _ in range(50)]
        for _reader, writer in crowd:
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end

        async def ended(reader) -> bool:
            try:
                return await asyncio.wait_for(reader.read(), 10) == b""
            except ConnectionResetError:
                return True

        # all but the newest few are let go at once
        closed = await asyncio.gather(*(ended(reader) for reader, _ in crowd[:-PER_ADDRESS]))
        assert all(closed)
        async with joined(hosted.addresses[1]) as (ann, bob):
            assert (ann.seat, bob.seat) == (0, 1)
        for _reader, writer in crowd:
            writer.close()


async def test_the_host_keeps_working_at_its_open_file_limit(save_home):
    # a host whose limit is 128 open files, and more than twice as many connections that
    # never end their header, from ten addresses: before, the host ran out of files (accepting
    # nothing, saving nothing); now it lets the oldest go, and a player joins and plays
    async with host_process(files=128) as running:
        ann_address = running.addresses[0]
        crowd = []
        for number in range(300):
            try:
                connection = await asyncio.wait_for(
                    raw_connection(ann_address.port, f"127.0.0.{2 + number % 10}"), 2
                )
            except (OSError, TimeoutError):
                break  # the host takes no more
            connection[1].write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            crowd.append(connection)
        assert len(crowd) == 300  # every one was taken (and the oldest let go)
        async with joined([ann_address]) as (ann,):
            answer = await ann.act(ann.state.legal[0])
            assert answer.applied
            await ann.wait_for(lambda c: c.state.steps >= 1)
            played = ann.state.steps
        for _reader, writer in crowd:
            writer.close()
        out, err = await running.stop()
    assert "Traceback" not in err and terminal_safe(err)
    assert "out of open files" not in err  # the oldest were let go before it came to that
    # ten addresses, a few lines each, and a few in all: the log says it and stays short
    assert "let a connection from 127.0.0.2 go that played no seat yet" in err
    lines = err.splitlines()
    assert len(lines) == LOG_PER_MINUTE_IN_ALL + 1, err[-2000:]
    assert lines[-1] == "the host's log: more lines like these left out for the rest of this minute"
    # the move is saved
    game_id = re.search(r"Table 1: .*, game (\S+)", out).group(1)
    session, _opened = GameSession.open(game_id)
    try:
        assert len(session.record.actions) == played
    finally:
        session.close()


# --- 5: refused requests take one line each, never a traceback ----------------------------


async def test_a_connection_reset_right_after_the_upgrade_ends_quietly(caplog):
    async with hosting("trajan", "Ann", "Bob") as hosted:
        port = hosted.host.port
        _reader, writer = await raw_connection(port)
        writer.write(upgrade(port))
        await writer.drain()
        reset(writer)
        server = hosted.host.runner.server
        await wait_until(lambda: not server.connections)
        async with joined(hosted.addresses[1][:1]) as (ann,):
            assert ann.seat == 0
        # (the log is read here: a wrong secret's line is its only line)
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(hosted.addresses[1][0].websocket())
            await ws.send_str(dump(Hello(table=1, secret="aaaaa-bbbbb", client="client-x1")))
            assert read_host((await ws.receive()).data).type == "refused"
    noted = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert noted == ["refused a wrong secret from 127.0.0.1 (table 1)"], noted


def upgrade(port: int, path: str = "/ws/1") -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def reset(writer: asyncio.StreamWriter) -> None:
    """Close with a reset (RST), not a goodbye."""
    sock = writer.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


async def test_refused_requests_take_one_line_each_on_the_hosts_terminal_and_no_traceback():
    async with host_process() as running:
        port = running.addresses[0].port
        requests = [
            b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"b" * 100_000 + b"\r\n\r\n",
            b"GET /\x1b]0;TITLE\x07 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        ]
        for request in requests:
            reader, writer = await raw_connection(port)
            writer.write(request)
            with contextlib.suppress(ConnectionError):  # it may close before all is read
                answer = await asyncio.wait_for(reader.read(), 10)
                assert answer.startswith((b"HTTP/1.1 400", b"HTTP/1.0 400")), answer[:80]
            writer.close()
        # and a reset right after the upgrade
        reader, writer = await raw_connection(port)
        writer.write(upgrade(port))
        await writer.drain()
        reset(writer)
        async with joined(running.addresses[:1]) as (ann,):
            assert ann.seat == 0
        _out, err = await running.stop()
    assert "Traceback" not in err and terminal_safe(err), err[:3000]
    lines = err.splitlines()
    assert len(lines) == 3, lines
    assert all(line.startswith("refused a request from 127.0.0.1: ") for line in lines), lines


# --- 6: the scheme's own port ---------------------------------------------------------------


@pytest.mark.parametrize("port", [80, 443])
async def test_a_host_on_its_schemes_own_port_takes_seats_whose_clients_name_the_host_alone(
    port, tmp_path
):
    context, trusted = certificate(tmp_path) if port == 443 else (None, None)
    host = Host("127.0.0.1", port, ssl_context=context)
    try:
        await host.start()
    except OSError as exc:  # not allowed here, or taken
        pytest.skip(f"cannot listen on port {port} here: {exc}")
    try:
        rules = GAMES.get("trajan")
        table, secrets = Table.new(
            1, "trajan", rules.options(players=2), ["Ann", "Bob"], ["", ""], 7, port=port,
            **host.pools,
        )  # fmt: skip
        host.add(table, secrets)
        ann = next(a for _, _, a in host.addresses(1))
        # its Host header names 127.0.0.1 alone, as a browser's does on this port
        async with joined([ann], ssl_context=trusted) as (client,):
            assert client.seat == 0
        async with aiohttp.ClientSession() as http:  # a name rebound here is still refused
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(
                    ann.websocket(), headers={"Host": "attacker.example"}, ssl=trusted or True
                )
    finally:
        await host.stop()


def test_a_connection_is_counted_for_its_ipv4_address_or_its_ipv6_networks_first_64_bits():
    # one machine has a whole IPv6 /64 to pick its addresses from
    assert address_of(("2001:db8:1:2:aaaa::1", 5000, 0, 0)) == "2001:db8:1:2::/64"
    assert address_of(("2001:db8:1:2:bbbb::9", 5001, 0, 0)) == "2001:db8:1:2::/64"
    assert address_of(("::ffff:10.0.0.7", 5000, 0, 0)) == "10.0.0.7"
    assert address_of(("::1", 5000, 0, 0)) == "::1"
    assert address_of(("10.0.0.7", 5000)) == "10.0.0.7"
    assert address_of(None) == "?"


async def test_a_loopback_host_behind_a_proxy_takes_seats_named_by_its_public_address():
    # a reverse proxy in front forwards the public name it was reached by in the Host header
    host = Host("127.0.0.1", 0, public_address="games.example.org")
    await host.start()
    try:
        rules = GAMES.get("trajan")
        table, secrets = Table.new(
            1, "trajan", rules.options(players=2), ["Ann", "Bob"], ["", ""], 7, port=host.port,
            **host.pools,
        )  # fmt: skip
        host.add(table, secrets)
        ann = next(a for _, _, a in host.addresses(1))
        hello = dump(Hello(table=1, secret=ann.secret, client="proxytest1"))
        local = f"ws://127.0.0.1:{host.port}/ws/1"
        async with aiohttp.ClientSession() as http:
            named = {"Host": f"games.example.org:{host.port}"}
            async with http.ws_connect(local, headers=named) as ws:
                await ws.send_str(hello)
                assert read_host((await ws.receive()).data).type == "welcome"
            with pytest.raises(aiohttp.WSServerHandshakeError):  # any other name: refused
                await http.ws_connect(local, headers={"Host": f"attacker.example:{host.port}"})
    finally:
        await host.stop()
