"""``forum-trajanum serve`` gives a game to its own page only (issue 20, items 1, 2 and 8): a
real server on 127.0.0.1, reached by a plain HTTP/websocket client as a foreign page or a
hostile program would. No browser is needed: what a browser adds (the Origin header) is sent by
hand."""

from __future__ import annotations

import asyncio
import codecs
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.waiting import DEADLINE, wait_until

aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed")
pytest.importorskip("textual_serve", reason="the web extra is not installed")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


class Served:
    """A running ``serve``: its keyed address, its port, and everything it printed."""

    def __init__(self, home: Path, *options: str, port: int | None = None) -> None:
        """``serve`` with ``options`` on ``port`` (a free one by default; 0 lets ``serve``
        pick one, which it prints)."""
        port = _free_port() if port is None else port
        env = {**os.environ, "FORUM_TRAJANUM_HOME": str(home)}
        argv = [sys.executable, "-m", "forum_trajanum.cli", "serve", "--host", "127.0.0.1"]
        self.process = subprocess.Popen(
            [*argv, "--port", str(port), *options],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        first = self.process.stdout.readline()
        found = re.search(rf"http://127\.0\.0\.1:({port or '[0-9]+'})/\?key=([\w-]+)", first)
        assert found, first
        self.url, self.port, self.key = found.group(0), int(found.group(1)), found.group(2)
        self.base = f"http://127.0.0.1:{self.port}"
        self.output: list[str] = [first]
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.output.append(line)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("home"))
    yield server
    server.stop()


async def _get(url: str, headers: dict | None = None, params=None) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as client,
        client.get(url, headers=headers, params=params) as reply,
    ):
        return reply.status, await reply.text()


async def _websocket(url: str, origin: str | None, script=None, params=None):
    """Open a websocket as a page of ``origin`` would; returns the HTTP status of a refusal,
    or what ``script(ws)`` returns once connected."""
    headers = {"Origin": origin} if origin else {}
    async with aiohttp.ClientSession() as client:
        try:
            async with client.ws_connect(url, headers=headers, params=params) as ws:
                return await script(ws) if script else "connected"
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


def test_the_page_needs_the_printed_address_with_its_key(served):
    status, page = asyncio.run(_get(served.url))
    assert status == 200 and f"/ws/{served.key}" in page
    for wrong in (f"{served.base}/", f"{served.base}/?key=guess", f"{served.base}/?key="):
        status, text = asyncio.run(_get(wrong))
        assert status == 403 and served.key not in text and "printed" in text


def test_a_page_asked_for_under_another_host_name_gets_nothing(served):
    # DNS rebinding: a foreign name resolving to this machine; the Host header says so
    status, text = asyncio.run(_get(served.url, {"Host": f"evil.example:{served.port}"}))
    assert status == 403 and served.key not in text


def test_a_websocket_from_another_origin_is_refused_even_with_the_key(served):
    url = f"ws://127.0.0.1:{served.port}/ws/{served.key}"
    before = len(_children(served.process.pid))
    assert asyncio.run(_websocket(url, "http://evil.example")) == 403
    assert asyncio.run(_websocket(url, f"http://127.0.0.1:{served.port + 1}")) == 403
    assert len(_children(served.process.pid)) == before  # no app process was started


def test_a_websocket_without_the_key_is_refused_even_from_the_own_origin(served):
    own = f"http://127.0.0.1:{served.port}"
    for path in ("/ws/wrong-key", "/ws/", "/ws"):
        status = asyncio.run(_websocket(f"ws://127.0.0.1:{served.port}{path}", own))
        assert status in (403, 404), path


#: What the app says once its terminal is 500 columns by 5 rows (its too-small notice).
RESIZED = "The terminal is too small: 500x5."
_ESCAPES = re.compile(
    r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-B]"
)


class _Screen:
    """What an app's terminal output shows, as text (escape sequences removed)."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._raw = ""

    def add(self, data: bytes) -> None:
        self._raw += self._decoder.decode(data)

    @property
    def text(self) -> str:
        return _ESCAPES.sub("", self._raw)


def _environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_huge_terminal_size_is_clamped_and_malformed_messages_are_ignored(served):
    own = f"http://127.0.0.1:{served.port}"
    url = f"ws://127.0.0.1:{served.port}/ws/{served.key}?width=99999999999999999999&height=100000"

    before = set(_children(served.process.pid))

    def started_app() -> dict | None:
        """The new app process's environment, once it runs the app (after its exec)."""
        for pid in set(_children(served.process.pid)) - before:
            try:
                environment = _environment(pid)
            except OSError:
                continue
            if "ROWS" in environment:
                return environment
        return None

    async def script(ws):
        environment = wait_until(started_app, what="the app process")
        # the app's output arrives as bytes (what its terminal shows), a pong as text
        screen, pong = _Screen(), None
        deadline = time.monotonic() + DEADLINE

        async def read_until(condition, what: str) -> None:
            nonlocal pong
            while not condition():
                left = deadline - time.monotonic()
                assert left > 0, f"no {what} from the app: {screen.text[-300:]!r}"
                message = await ws.receive(timeout=left)
                if message.type == aiohttp.WSMsgType.TEXT:
                    pong = message.json()
                elif message.type == aiohttp.WSMsgType.BINARY:
                    screen.add(message.data)
                else:
                    pytest.fail(f"the connection ended: {message.type!r}")

        await read_until(lambda: "Continue a game" in screen.text, "start screen")
        for bad in ("not json", "[", '{"a": 1}', "[]", "[5]", '["resize", 7]', '["stdin", 1]'):
            await ws.send_str(bad)
        await ws.send_str('["resize", {"width": 100000, "height": -5}]')
        await ws.send_str('["ping", "still here"]')
        # the app says the size it was given: its too-small notice names it
        await read_until(lambda: pong is not None and RESIZED in screen.text, "pong or resize")
        return environment, pong, screen.text

    environment, pong, shown = asyncio.run(_websocket(url, own, script))
    assert (environment["COLUMNS"], environment["ROWS"]) == ("500", "200")
    assert pong == ["pong", "still here"]
    # the later resize, {"width": 100000, "height": -5}, reached the app clamped to 500x5
    assert RESIZED in shown and "too small: 100000" not in shown
    wait_until(lambda: "ignored a malformed message" in "".join(served.output), what="the log")
    assert "Traceback" not in "".join(served.output)


def test_static_files_are_served_but_no_directory_is_listed(served):
    status, _ = asyncio.run(_get(f"{served.base}/static/js/textual.js"))
    assert status == 200
    for listing in ("/static/", "/static/js/"):
        status, text = asyncio.run(_get(served.base + listing))
        assert status in (403, 404) and "textual.js" not in text


def test_a_terminal_dimension_from_a_browser_is_a_whole_number_within_bounds():
    from forum_trajanum.web import clamp_size

    bounds = (10, 500)
    cases = [
        ("120", 120), ("99999999999999999999", 500), ("0", 10), ("-5", 80), ("1e9", 80),
        ("", 80), (None, 80), (True, 80), (7, 10), (10**40, 500), (130.7, 130),
        (float("inf"), 80), (float("nan"), 80), ([3], 80), (" 90 ", 90),
    ]  # fmt: skip
    for value, expected in cases:
        assert clamp_size(value, 80, bounds) == expected, value
