"""The private textual-serve names ``serve`` relies on (forum_trajanum/web/compat.py) still
exist in the installed textual-serve and still do their part: textual-serve starts an app
through the overridden hook, with the environment it builds, and talks to the process the hook
started; its server's private hooks reach the server's public methods; and the terminal app
never imports textual-serve."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed")

from textual_serve.download_manager import DownloadManager

from forum_trajanum.web.compat import (
    PRIVATE_NAMES,
    PRIVATE_SERVICE_ATTRIBUTES,
    ServerBase,
    ServiceBase,
)

#: A stand-in app: it says it is a Textual app, reads one meta packet from its input and
#: answers with one data packet naming its terminal size and what it read.
CHILD = """
import json, os, sys
out = sys.stdout.buffer
out.write(b"__GANGLION__\\n")
out.flush()
head = sys.stdin.buffer.read(5)
payload = sys.stdin.buffer.read(int.from_bytes(head[1:], "big"))
data = json.dumps(
    {"kind": head[:1].decode(), "size": [os.environ["COLUMNS"], os.environ["ROWS"]],
     "read": json.loads(payload)}
).encode()
out.write(b"D" + len(data).to_bytes(4, "big") + data)
out.flush()
"""


def test_every_private_textual_serve_name_serve_uses_exists():
    missing = [f"{cls.__name__}.{name}" for cls, name in PRIVATE_NAMES if not hasattr(cls, name)]
    assert not missing, (
        f"textual-serve no longer has {missing}: update forum_trajanum/web/compat.py"
    )


class Child(ServiceBase):
    """An app service whose process is :data:`CHILD` (no shell)."""

    opened_with: dict[str, str] | None = None

    async def open_process(self, environment):
        self.opened_with = environment
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            CHILD,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
        )


def test_textual_serve_starts_the_app_through_the_hook_and_talks_to_its_process():
    async def run() -> tuple[Child, list[bytes]]:
        received: list[bytes] = []

        async def write_bytes(data: bytes) -> None:
            received.append(data)

        async def nothing(*_args) -> None:
            pass

        service = Child(
            "unused shell command",
            write_bytes=write_bytes,
            write_str=nothing,
            close=nothing,
            download_manager=DownloadManager(),
        )
        await service.start(91, 33)  # textual-serve's public start: calls the hook
        for name in PRIVATE_SERVICE_ATTRIBUTES:
            assert hasattr(service, name), f"textual-serve's AppService no longer sets {name}"
        assert service.process is not None and service.stdin is service.process.stdin
        assert await service.send_meta({"type": "hello"})  # through the stdin the hook set
        await asyncio.wait_for(service.process.wait(), 20)
        for _ in range(200):  # textual-serve's reader passes the app's output on
            if received:
                break
            await asyncio.sleep(0.05)
        await service.stop()
        return service, received

    service, received = asyncio.run(run())
    assert service.opened_with is not None
    assert service.opened_with["COLUMNS"] == "91" and service.opened_with["ROWS"] == "33"
    assert service.opened_with["TEXTUAL_DRIVER"].endswith("WebDriver")
    assert received, "textual-serve read nothing from the process the hook started"
    answer = json.loads(received[0])
    assert answer == {"kind": "M", "size": ["91", "33"], "read": {"type": "hello"}}


def test_the_servers_private_hooks_reach_its_public_methods():
    calls: list[str] = []

    class Server(ServerBase):
        async def make_app(self):
            calls.append("make_app")
            return "app"

        async def process_messages(self, websocket, service):
            calls.append("process_messages")

        async def page(self, request):
            calls.append("page")

        async def connect(self, request):
            calls.append("connect")

        async def download(self, request):
            calls.append("download")

        def set_up_logging(self):
            calls.append("set_up_logging")

        async def stop_apps(self, app):
            calls.append("stop_apps")

    server = Server("unused")

    async def run() -> None:
        assert await server._make_app() == "app"
        await server._process_messages(None, None)
        await server.handle_index(None)
        await server.handle_websocket(None)
        await server.handle_download(None)
        server.initialize_logging()
        await server.on_shutdown(None)

    asyncio.run(run())
    assert calls == [
        "make_app", "process_messages", "page", "connect", "download", "set_up_logging",
        "stop_apps",
    ]  # fmt: skip


def test_the_terminal_app_does_not_import_textual_serve():
    code = (
        "import sys, forum_trajanum.tui.app, forum_trajanum.tui.compat, forum_trajanum.cli; "
        "print(any(name.startswith('textual_serve') for name in sys.modules))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"
