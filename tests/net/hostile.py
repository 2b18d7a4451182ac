"""A fake game host for the tests of ``join``: a small aiohttp websocket server on 127.0.0.1
(in a thread of its own, so that a real ``join`` process or a blocking session can talk to
it) that answers each connection's hello with messages a test writes, true or crafted; and
a pseudo-terminal that runs a real ``join`` and reads every byte it writes."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from forum_trajanum.core.game import GAMES
from forum_trajanum.core.session import GameSession
from forum_trajanum.net.protocol import Address
from forum_trajanum.net.views import legal_texts, options_data, view_data
from tests.waiting import DEADLINE

ROOT = Path(__file__).resolve().parents[2]
SECRET = "abcde-fghjk-mnpqr-stuvw"
#: Terminal codes a hostile host may put in a text: the window's title, the clipboard
#: (``rm -rf ~``), a reset of the whole terminal.
ESCAPES = "\x1b]0;PWNED-TITLE\x07\x1b]52;c;cm0gLXJmIH4K\x07\x1bc"


def game_messages(game: str = "trajan", names=("Ann", "Bob"), seat: int = 0, actions: int = 0):
    """A true welcome and state for ``seat`` of a new game (``actions`` first legal actions
    played; all of them to the game's end when below 0), as dicts a test may change before
    they are sent."""
    rules = GAMES.get(game)
    options = rules.options(players=len(names))
    session = GameSession.new(3, options, list(names), [""] * len(names), game=game)
    session.autosave = False
    played = 0
    while played != actions and not session.over:  # actions < 0: to the end of the game
        session.play(session.view_of(session.decider).legal[0])
        played += 1
    view = session.view_of(seat)
    welcome = {
        "v": 1, "type": "welcome", "game": game, "title": rules.title, "table": 1, "seat": seat,
        "names": list(names), "bots": [""] * len(names), "options": options_data(options),
    }  # fmt: skip
    state = {
        "v": 1, "type": "state", "decision": f"{len(session.record.actions)}.0",
        "steps": len(session.record.actions), "decider": session.decider, "over": session.over,
        "view": view_data(view), "legal": legal_texts(view), "log_start": 0,
        "log": [
            {"seat": e.seat, "text": e.text, "period": list(e.period), "actor": e.actor,
             "points": [dict(p) for p in e.points]}
            for e in session.log
        ],
        "rounds": [{"period": list(r.period), "scores": list(r.scores)} for r in session.rounds],
        "scorings": rules.scorings(session.state), "can_undo": False, "played_alone": "",
    }  # fmt: skip
    return welcome, state


#: What a fake host does with one connection: ``script(number, hello, ws)`` (number: 1 for
#: the first connection), a coroutine that sends what it likes and returns when the
#: connection should close.
Script = Callable[[int, dict, web.WebSocketResponse], object]


class FakeHost:
    """A hostile (or merely scripted) host: ``with FakeHost(script) as host: host.address``.
    ``status`` answers the websocket's request with that HTTP status instead of upgrading
    it. ``received`` holds every client message, as dicts."""

    def __init__(self, script: Script | None = None, *, status: int | None = None) -> None:
        self.script = script
        self.status = status
        self.received: list[dict] = []
        self.connections = 0
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def address(self) -> Address:
        return Address("127.0.0.1", self.port, 1, SECRET)

    def __enter__(self) -> FakeHost:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(DEADLINE)
        return self

    def __exit__(self, *exc) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(DEADLINE)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(DEADLINE)

    def call(self, coroutine):
        """Run ``coroutine`` in the host's loop (from a test) and return its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(DEADLINE)

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_get("/ws/{table}", self._websocket)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]

    async def _stop(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _websocket(self, request: web.Request):
        if self.status is not None:
            return web.Response(status=self.status, text="no")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.add(ws)
        self.connections += 1
        number = self.connections
        try:
            hello = json.loads((await ws.receive()).data)
            self.received.append(hello)
            if self.script is not None:
                await self.script(number, hello, ws)
        finally:
            self._sockets.discard(ws)
            await ws.close()
        return ws


async def read_requests(ws: web.WebSocketResponse, received: list[dict], answer=None) -> None:
    """Keep a connection open, noting each request (and answering it: ``answer(request)``
    gives the messages to send back), until the client closes it."""
    async for message in ws:
        if message.type.name != "TEXT":
            continue
        request = json.loads(message.data)
        received.append(request)
        for reply in answer(request) if answer is not None else ():
            await ws.send_str(json.dumps(reply))


def script_of(*messages: dict, then=None) -> Script:
    """A script that sends ``messages`` on every connection, then keeps it open."""

    async def script(number: int, hello: dict, ws: web.WebSocketResponse) -> None:
        for message in messages:
            await ws.send_str(json.dumps(message))
        await read_requests(ws, [], then)

    return script


class Terminal:
    """A real ``forum-trajanum join`` in a pseudo-terminal of 80x24 (its address in the
    environment, as a host's page starts it); every byte it writes is kept in :attr:`out`."""

    def __init__(self, address: Address, home: Path, *args: str, size=(80, 24)) -> None:
        self.master, slave = pty.openpty()
        width, height = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        env = {**os.environ, "FORUM_TRAJANUM_HOME": str(home), "PYTHONPATH": str(ROOT),
               "TERM": "xterm-256color", "FORUM_TRAJANUM_JOIN_ADDRESS": address.url()}  # fmt: skip
        self.process = subprocess.Popen(
            [sys.executable, "-m", "forum_trajanum.cli", "join", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.out = bytearray()

    def read_until(self, condition, timeout: float = DEADLINE) -> bool:
        """Read what ``join`` writes until ``condition(out)`` holds, or it ends."""
        deadline = time.monotonic() + timeout
        while not condition(bytes(self.out)) and time.monotonic() < deadline:
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # it has ended: nothing more to read
                    break
                if not data:
                    break
                self.out.extend(data)
        return condition(bytes(self.out))

    def shows(self, *words: bytes) -> bool:
        return self.read_until(lambda out: all(w in out for w in words))

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def wait(self) -> int:
        """Its exit status, once it has ended (all its output read)."""
        self.read_until(lambda _out: False)  # to the end of its output (its terminal closes)
        return self.process.wait(timeout=DEADLINE)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(DEADLINE)
        os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def no_terminal_codes_but_textuals(out: bytes) -> bool:
    """Whether the only operating-system commands in ``out`` are Textual's own (the
    pointer's shape, OSC 22), no bell rings outside them, and no reset (ESC c): no title
    (OSC 0), no clipboard (OSC 52)."""
    import re

    oscs = set(re.findall(rb"\x1b\]([0-9]*)", out))
    bells = b"\x07" in re.sub(rb"\x1b\]22;[^\x07]*\x07", b"", out)
    return oscs <= {b"22"} and not bells and b"\x1bc" not in out
