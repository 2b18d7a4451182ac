"""``forum-trajanum serve`` against hostile numbers, headers and crowds (issue 26, items 6 and
7): a real server on 127.0.0.1 reached by a plain HTTP/websocket client. A number that is not
a whole number in ASCII digits gets a 400 (a resize message is ignored), an oversized header a
400, each with one log line and never a traceback; the server runs at most ``--max-games``
app processes and says so when full; ``--port`` is checked, and 0 listens on a free port that
the printed address names."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import threading

import pytest

from tests.waiting import DEADLINE, wait_until
from tests.web.test_serve_security import (
    RESIZED,
    Served,
    _children,
    _environment,
    _get,
    _Screen,
    _websocket,
)

aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed")
pytest.importorskip("textual_serve", reason="the web extra is not installed")
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: Texts that ``str.isdigit`` or ``int`` accept but are no ASCII whole number, and others.
NOT_NUMBERS = ["²", "٣", "1²", "-5", "+5", "1e3", "0x10", "", "1_000", "12.5", "9" * 21]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("home"))
    yield server
    server.stop()


def _log(served) -> str:
    return "".join(served.output)


def _apps(served) -> list[int]:
    """The server's app processes (its children that run the app: past their exec)."""
    found = []
    for pid in _children(served.process.pid):
        try:
            if "ROWS" in _environment(pid):
                found.append(pid)
        except OSError:
            continue
    return found


def test_a_font_size_that_is_not_a_whole_number_gets_400_and_one_log_line(served):
    for bad in NOT_NUMBERS:
        status, text = asyncio.run(_get(served.url, params={"fontsize": bad}))
        assert status == 400, bad
        assert "fontsize must be a whole number" in text and served.key not in text
    status, page = asyncio.run(_get(served.url, params={"fontsize": "200"}))
    assert status == 200 and 'data-font-size="64"' in page  # a number: clamped
    wait_until(
        lambda: _log(served).count("refused a page request") >= len(NOT_NUMBERS), what="the log"
    )
    assert "Traceback" not in _log(served)
    assert "fontsize must be a whole number" in _log(served)


def test_a_terminal_size_that_is_not_a_whole_number_gets_400_and_starts_no_app(served):
    own = f"http://127.0.0.1:{served.port}"
    before = len(_children(served.process.pid))
    for bad in NOT_NUMBERS:
        for name in ("width", "height"):
            url = f"ws://127.0.0.1:{served.port}/ws/{served.key}"
            assert asyncio.run(_websocket(url, own, params={name: bad})) == 400, (name, bad)
    assert len(_children(served.process.pid)) == before
    wait_until(lambda: "must be a whole number" in _log(served), what="the log")
    assert "Traceback" not in _log(served)


def test_a_resize_message_that_is_not_a_number_is_ignored_and_the_game_goes_on(served):
    own = f"http://127.0.0.1:{served.port}"
    url = f"ws://127.0.0.1:{served.port}/ws/{served.key}"

    async def script(ws):
        screen, pongs = _Screen(), []

        async def read_until(condition, what: str) -> None:
            deadline = asyncio.get_running_loop().time() + DEADLINE
            while not condition():
                left = deadline - asyncio.get_running_loop().time()
                assert left > 0, f"no {what} from the app: {screen.text[-300:]!r}"
                message = await ws.receive(timeout=left)
                if message.type == aiohttp.WSMsgType.TEXT:
                    pongs.append(message.json())
                elif message.type == aiohttp.WSMsgType.BINARY:
                    screen.add(message.data)
                else:
                    pytest.fail(f"the connection ended: {message.type!r}")

        await read_until(lambda: "Continue a game" in screen.text, "start screen")
        for width, height in (("²", "30"), ("100", "٣"), (True, 30), ("1e3", 40), (None, 30)):
            await ws.send_json(["resize", {"width": width, "height": height}])
        await ws.send_json(["ping", "after"])
        await read_until(lambda: ["pong", "after"] in pongs, "pong")
        # still the same game: a well-formed resize reaches its app
        await ws.send_json(["resize", {"width": "500", "height": 5}])
        await read_until(lambda: RESIZED in screen.text, "resize")
        return "played on"

    assert asyncio.run(_websocket(url, own, script)) == "played on"
    wait_until(lambda: _log(served).count("ignored a resize") >= 5, what="the log")
    assert "Traceback" not in _log(served)


def _raw_request(port: int, header: bytes) -> bytes:
    """Send one GET with ``header`` over a plain socket; returns the reply's status line."""
    with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as raw:
        raw.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%s\r\n\r\n" % (port, header))
        reply = b""
        while b"\r\n" not in reply:
            chunk = raw.recv(4096)
            if not chunk:
                break
            reply += chunk
    return reply.split(b"\r\n", 1)[0]


def test_an_oversized_or_garbled_header_gets_400_and_one_log_line(served):
    cases = [
        b"X-Big: " + b"x" * 200_000,  # one 200 KB header
        b"X-Escapes: \x1b]0;PWNED\x07\x1b[2J",  # terminal controls in a header
        b"\n".join(b"X-%d: y" % n for n in range(500)),  # many headers
    ]
    before = _log(served).count("Error handling request")
    for header in cases:
        assert b" 400 " in _raw_request(served.port, header)
    wait_until(
        lambda: _log(served).count("Error handling request") >= before + len(cases), what="the log"
    )
    log = _log(served)
    assert "Traceback" not in log and "\x1b" not in log and "PWNED\x07" not in log
    lines = [line for line in log.splitlines() if "Error handling request" in line]
    assert all(len(line) < 400 for line in lines)  # one short line each, not the header
    status, _ = asyncio.run(_get(served.url))
    assert status == 200  # and the server serves on


@pytest.fixture(scope="module")
def capped(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("home"), "--max-games", "2")
    yield server
    server.stop()


def test_the_server_runs_at_most_max_games_apps_and_says_so_when_full(capped):
    own = f"http://127.0.0.1:{capped.port}"
    url = f"ws://127.0.0.1:{capped.port}/ws/{capped.key}"
    most = [0]
    stop = threading.Event()

    def watch() -> None:  # the most app processes seen at any moment (every 10 ms)
        while not stop.wait(0.01):
            most[0] = max(most[0], len(_children(capped.process.pid)))

    async def crowd() -> tuple[list, str, list]:
        release = asyncio.Event()

        async def hold(ws):
            await release.wait()
            return "played"

        async def open_one():
            return await _websocket(url, own, hold)

        tabs = [asyncio.ensure_future(open_one()) for _ in range(12)]
        # two games start; the other ten connections are refused (503) without a process
        refused = await asyncio.wait_for(_refusals(tabs, 10), DEADLINE)
        await asyncio.to_thread(wait_until, lambda: len(_apps(capped)) == 2, what="2 apps")
        status, page = await _get(capped.url)
        full = (status, page)
        release.set()
        results = await asyncio.gather(*tabs)
        return refused, full, results

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        refused, (status, page), results = asyncio.run(crowd())
    finally:
        stop.set()
        watcher.join()
    assert refused == [503] * 10
    assert sorted(results, key=str) == [503] * 10 + ["played"] * 2
    assert most[0] <= 2  # never more app processes than --max-games
    assert status == 503 and "already runs 2 games" in page and "--max-games" in page
    # once the games ended, the page and a game are there again
    wait_until(lambda: not _children(capped.process.pid), what="the apps to end")
    status, page = asyncio.run(_get(capped.url))
    assert status == 200 and f"/ws/{capped.key}" in page
    assert asyncio.run(_websocket(url, own, lambda ws: _connected())) == "connected"
    wait_until(lambda: "refused a game" in _log(capped), what="the log")
    assert "Traceback" not in _log(capped)


@pytest.mark.long  # four app processes start one after the other
def test_a_reload_at_the_limit_gets_its_game_while_the_old_app_quits(capped):
    own = f"http://127.0.0.1:{capped.port}"
    url = f"ws://127.0.0.1:{capped.port}/ws/{capped.key}"

    async def first_screen(ws) -> str:
        async for message in ws:  # the app's first output: it runs
            if message.type == aiohttp.WSMsgType.BINARY:
                return "played"
        return "closed"

    async def reloads() -> list:
        release = asyncio.Event()

        async def hold(ws):
            await release.wait()
            return "held"

        other = asyncio.ensure_future(_websocket(url, own, hold))  # one game goes on
        await asyncio.to_thread(wait_until, lambda: len(_apps(capped)) == 1, what="1 app")
        # the second tab: played, closed, and opened again at once, three times over (its
        # old app may still be quitting: the new one waits for it, and is not told "full")
        results = [await _websocket(url, own, first_screen) for _ in range(3)]
        release.set()
        return [*results, await other]

    assert asyncio.run(reloads()) == ["played"] * 3 + ["held"]
    wait_until(lambda: not _children(capped.process.pid), what="the apps to end")
    assert "Traceback" not in _log(capped)


async def _connected() -> str:
    return "connected"


async def _refusals(tabs: list, count: int) -> list:
    """The first ``count`` tabs to finish (the refused ones: the others wait to be released)."""
    done: list = []
    for finished in asyncio.as_completed(tabs):
        done.append(await finished)
        if len(done) == count:
            return done
    return done


def _serve(*options: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "forum_trajanum.cli", "serve", "--host", "127.0.0.1", *options],
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        env={**os.environ},
    )


BAD_OPTIONS = [
    ("--port", "99999"),
    ("--port", "65536"),
    ("--port", "-1"),
    ("--port", "²"),
    ("--port", "http"),
    ("--max-games", "0"),
    ("--max-games", "1000"),
    ("--max-games", "²"),
]


def _refusal(option: str) -> str:
    return "from 1 to 65535" if option == "--port" else "whole number from 1 to"


def test_serve_refuses_a_port_or_a_game_limit_out_of_range_with_a_clear_message():
    for option, value in (BAD_OPTIONS[0], BAD_OPTIONS[5]):  # as a real process
        done = _serve(option, value)
        assert done.returncode == 2, (option, value)
        assert "Traceback" not in done.stderr and not done.stdout
        assert _refusal(option) in done.stderr, done.stderr


def test_serve_options_out_of_range_are_refused_before_any_server_starts(monkeypatch, capsys):
    from forum_trajanum import web

    monkeypatch.setattr(web, "GameServer", None)  # any start would fail loudly
    for option, value in BAD_OPTIONS:
        with pytest.raises(SystemExit) as stopped:
            web.main([option, value])
        assert stopped.value.code == 2
        assert _refusal(option) in capsys.readouterr().err, (option, value)


def test_serve_on_port_0_prints_the_free_port_it_listens_on(tmp_path):
    server = Served(tmp_path, port=0)
    try:
        assert server.port != 0
        status, page = asyncio.run(_get(server.url))
        assert status == 200 and f"ws://127.0.0.1:{server.port}/ws/{server.key}" in page
    finally:
        server.stop()


def test_serve_on_a_port_in_use_says_so_without_a_traceback():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        done = _serve("--port", str(taken.getsockname()[1]))
    assert done.returncode == 1 and "cannot listen" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_serve_whose_address_cannot_be_printed_says_so_and_stops():
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "forum_trajanum.cli", "serve", "--port", "0"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=DEADLINE,
        )
    assert done.returncode == 1
    assert done.stderr == (
        "forum-trajanum serve: cannot print the address to open: No space left on device\n"
    )


def test_a_number_from_a_browser_is_ascii_digits_only():
    from forum_trajanum.web import clamp_size, whole_number

    for text in NOT_NUMBERS:
        assert whole_number(text) is None, text
        assert clamp_size(text, 80, (10, 500)) == 80, text
    assert [whole_number(x) for x in ("7", " 42 ", "0009", 3, 3.9)] == [7, 42, 9, 3, 3]
