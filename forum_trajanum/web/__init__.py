"""``forum-trajanum serve``: the game in a web browser, through textual-serve.

Every browser tab gets its own app process (the saves' locks keep two tabs from playing one
game). On top of textual-serve's :class:`~textual_serve.server.Server` this adds:

- a page with the game's title and name, whose terminal has the keyboard focus on load
  (``templates/app_index.html``);
- app processes started without a shell (so an executable path with spaces or quotes just
  works), in their own session (the terminal's Ctrl+C goes to the server only), and on Linux
  ended by the OS if the server dies, even by SIGKILL;
- Ctrl+C / SIGTERM stop the server and every app process within :data:`STOP_WITHIN` seconds:
  each app is asked to quit, and ended if it has not after :data:`QUIT_WAIT` seconds;
- it binds to localhost unless ``--host`` says otherwise. There is no login: whoever can
  reach the address can play, and reach every saved game of the user running the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shlex
import signal
import sys
from pathlib import Path

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

TITLE = "Forum Trajanum"
TEMPLATES = Path(__file__).parent / "templates"
#: Seconds an app process has to quit by itself at shutdown before it is killed.
QUIT_WAIT = 1.2
#: The promise: after Ctrl+C or SIGTERM, the server and its apps are gone within this.
STOP_WITHIN = 2.0
_PR_SET_PDEATHSIG = 1


def app_argv() -> list[str]:
    """The command line of one app process (this Python, this package)."""
    return [sys.executable, "-m", "forum_trajanum.cli"]


def _end_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: have the OS send SIGTERM to the app when the server process dies."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


class GameService(AppService):
    """One app process for one browser tab, started from an argv list (no shell)."""

    def __init__(self, argv: list[str], **kwargs) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv

    async def _open_app_process(self, width: int = 80, height: int = 24):
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
            preexec_fn=_end_with_parent if sys.platform.startswith("linux") else None,
        )
        self._stdin = process.stdin
        return process

    async def end(self) -> None:
        """Ask the app to quit; kill it if it has not within :data:`QUIT_WAIT` seconds."""
        process = self._process
        if process is None or process.returncode is not None:
            return

        async def quit_by_itself() -> None:
            with contextlib.suppress(Exception):  # its input may be closed already
                await self.send_meta({"type": "quit"})
            await process.wait()

        try:
            await asyncio.wait_for(quit_by_itself(), QUIT_WAIT)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


class GameServer(Server):
    """textual-serve's server with the changes listed in the module's docstring."""

    def __init__(self, host: str = "localhost", port: int = 8000, argv=None) -> None:
        self.argv = list(argv or app_argv())
        super().__init__(
            shlex.join(self.argv), host=host, port=port, title=TITLE, templates_path=TEMPLATES
        )
        self.services: set[GameService] = set()
        self.sockets: set[web.WebSocketResponse] = set()

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(f"[bold]{TITLE}[/] in your browser: [cyan]{self.public_url}[/]")
        if self.host not in ("localhost", "127.0.0.1", "::1"):
            self.console.print(
                f"[bold #ff8700]Listening on {self.host}: there is no login — anyone who can "
                "reach this address can play and open your saved games.[/]"
            )
        self.console.print("Press Ctrl+C to stop.")

    async def on_shutdown(self, app: web.Application) -> None:
        """Stop every app process, then close the browsers' connections."""
        await asyncio.gather(*(service.end() for service in list(self.services)))
        await asyncio.gather(
            *(socket.close() for socket in list(self.sockets)), return_exceptions=True
        )

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's handler, with a :class:`GameService` that the server tracks."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service: GameService | None = None
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            service = GameService(
                self.argv,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.services.add(service)
            await service.start(width, height)
            try:
                await self._process_messages(websocket, service)
            finally:
                await service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # as textual-serve: log it, keep serving the others
            import logging

            logging.getLogger("textual-serve").exception(error)
        finally:
            if service is not None:
                await service.end()
                self.services.discard(service)
            self.sockets.discard(websocket)
        return websocket

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM; then stop within :data:`STOP_WITHIN` seconds."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda *args: None,
            shutdown_timeout=STOP_WITHIN - QUIT_WAIT - 0.4,
        )


def main(argv: list[str] | None = None) -> int:
    """``forum-trajanum serve [--host HOST] [--port PORT]``."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum serve",
        description="Play in a web browser. Binds to localhost; --host 0.0.0.0 exposes the "
        "game to the network WITHOUT any login (anyone who can reach it can play and open "
        "your saved games).",
    )
    parser.add_argument("--host", default="localhost", help="address to bind (localhost)")
    parser.add_argument("--port", type=int, default=8000, help="port (8000)")
    args = parser.parse_args(argv)
    try:
        GameServer(host=args.host, port=args.port).serve()
    except OSError as exc:
        print(f"forum-trajanum serve: cannot listen on {args.host}:{args.port}: {exc}")
        return 1
    return 0
