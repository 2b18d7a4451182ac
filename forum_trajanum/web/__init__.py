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
- it binds to localhost unless ``--host`` says otherwise;
- only its own page gets a game: the page and its websocket need the server's secret key (a
  random key made at start, in the address ``serve`` prints), the websocket only accepts a
  browser's connection from the server's own origin, and both only answer to the server's
  own host names (a page of another site, or a DNS name rebound to this machine, gets
  nothing); the terminal's size is clamped to what a screen can be, a malformed message is
  ignored (one log line, no traceback), and ``/static/`` lists no directory.

textual-serve's private names (the hooks overridden here) are reached through
:mod:`forum_trajanum.web.compat` only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import json
import logging
import math
import secrets
import shlex
import signal
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web

from forum_trajanum.web.compat import ServerBase, ServiceBase

TITLE = "Forum Trajanum"
TEMPLATES = Path(__file__).parent / "templates"
#: Seconds an app process has to quit by itself at shutdown before it is killed.
QUIT_WAIT = 1.2
#: The promise: after Ctrl+C or SIGTERM, the server and its apps are gone within this.
STOP_WITHIN = 2.0
_PR_SET_PDEATHSIG = 1
#: The terminal sizes an app may be given (columns, rows): from far below the game's 80x24
#: (its too-small note shows) to beyond any screen; anything else is clamped.
COLUMNS = (10, 500)
ROWS = (5, 200)
#: The most a browser sends as key presses in one message (a paste included).
MAX_INPUT = 4096
LOG = logging.getLogger("forum-trajanum.serve")


def clamp_size(value: object, default: int, bounds: tuple[int, int]) -> int:
    """A terminal dimension from what a browser sent (text, number or anything else): a whole
    number within ``bounds``, or ``default`` when it is not a number at all."""
    if isinstance(value, bool):
        return default
    if isinstance(value, str):
        value = value.strip()
        if not value.isdigit() or len(value) > 6:  # "99999999999999999999" is still huge
            return bounds[1] if value.isdigit() else default
        value = int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return default
        value = int(value)
    if not isinstance(value, int):
        return default
    return max(bounds[0], min(bounds[1], value))


REFUSED = (
    "This is a Forum Trajanum game server. Open the address that `forum-trajanum serve` "
    "printed when it started: only that address (with its key) gets a game."
)


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


class GameService(ServiceBase):
    """One app process for one browser tab, started from an argv list (no shell)."""

    def __init__(self, argv: list[str], **kwargs) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv

    async def open_process(self, environment: dict[str, str]) -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
            preexec_fn=_end_with_parent if sys.platform.startswith("linux") else None,
        )

    async def end(self) -> None:
        """Ask the app to quit; kill it if it has not within :data:`QUIT_WAIT` seconds."""
        process = self.process
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


class GameServer(ServerBase):
    """textual-serve's server with the changes listed in the module's docstring."""

    def __init__(
        self, host: str = "localhost", port: int = 8000, argv=None, key: str | None = None
    ) -> None:
        self.argv = list(argv or app_argv())
        super().__init__(
            shlex.join(self.argv), host=host, port=port, title=TITLE, templates_path=TEMPLATES
        )
        #: The secret in the address this server prints: a page or websocket without it is
        #: refused.
        self.key = key or secrets.token_urlsafe(18)
        self.services: set[GameService] = set()
        self.sockets: set[web.WebSocketResponse] = set()

    @property
    def url(self) -> str:
        """The address to open (it carries the key)."""
        return f"{self.public_url}/?key={self.key}"

    def own_hosts(self) -> set[str]:
        """The ``host:port`` values a request to this server may name (its Host header)."""
        names = {"localhost", "127.0.0.1", "[::1]", self.host.lower()}
        if ":" in self.host and not self.host.startswith("["):
            names.add(f"[{self.host.lower()}]")
        return {f"{name}:{self.port}" for name in names}

    def key_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.key.encode())

    def host_ok(self, request: web.Request) -> bool:
        """Whether the request names this server (not a DNS name rebound to this machine)."""
        return (request.host or "").lower() in self.own_hosts()

    def origin_ok(self, request: web.Request) -> bool:
        """Whether a websocket comes from this server's own page: a browser always says which
        page opens a websocket (Origin); it must be this server's address as the browser
        reached it. A client that is not a browser sends no Origin (it needs the key)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()

    async def make_app(self) -> web.Application:
        """The routes: the page, its websocket (both keyed), downloads, and the static files
        (no directory listings)."""
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
        app.add_routes(
            [
                web.get("/", self.page, name="index"),
                web.get("/ws/{key}", self.connect, name="websocket"),
                web.get("/download/{key}", self.download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_shutdown.append(self.stop_apps)
        return app

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The game's page, for the printed address only (its key); else a short refusal."""
        if not self.host_ok(request) or not self.key_ok(request.query.get("key")):
            LOG.warning("refused a page request for %s from %s", request.path, request.remote)
            return web.Response(status=403, text=REFUSED)
        base = f"{request.scheme}://{request.host}"
        context = {
            "font_size": clamp_size(request.query.get("fontsize"), 16, (6, 64)),
            "app_websocket_url": f"ws://{request.host}/ws/{self.key}",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"  # the page holds the key
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    async def download(self, request: web.Request) -> web.StreamResponse:
        """A file an app hands the browser (textual-serve's answer), for this server's own
        host names only."""
        if not self.host_ok(request):
            return web.Response(status=403, text=REFUSED)
        return await self.serve_download(request)

    def set_up_logging(self) -> None:
        """One line per event on the console: no tracebacks with local variables (they could
        show what a browser sent, saves' names included)."""
        logging.basicConfig(level="DEBUG" if self.debug else "INFO", format="%(message)s")

    def announce(self, *_aiohttp_words) -> None:
        """Say where to play, once the server listens (aiohttp calls this after binding)."""
        # one line, never wrapped: the address is copied or clicked whole
        self.console.print(f"[bold]{TITLE}[/] in your browser: [cyan]{self.url}[/]", soft_wrap=True)
        self.console.print(
            "Only this address (with its key) opens a game; keep it to yourself.",
            highlight=False,
        )
        if self.host not in ("localhost", "127.0.0.1", "::1"):
            self.console.print(
                f"[bold #ff8700]Listening on {self.host}: anyone who has the address above "
                "can play and open your saved games.[/]"
            )
        self.console.print("Press Ctrl+C to stop.")

    async def stop_apps(self, app: web.Application) -> None:
        """Stop every app process, then close the browsers' connections."""
        await asyncio.gather(*(service.end() for service in list(self.services)))
        await asyncio.gather(
            *(socket.close() for socket in list(self.sockets)), return_exceptions=True
        )

    async def process_messages(
        self, websocket: web.WebSocketResponse, app_service: GameService
    ) -> None:
        """The browser's messages to the app (key presses, resizes, pings, focus), checked:
        a malformed one is ignored with one log line; sizes are clamped, input is capped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):
                envelope = None
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                LOG.warning("ignored a malformed message from a browser")
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data[:MAX_INPUT].encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(
                    clamp_size(data.get("width"), 80, COLUMNS),
                    clamp_size(data.get("height"), 24, ROWS),
                )
            elif kind == "ping" and isinstance(data, (str, int, float)):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
            else:
                LOG.warning("ignored a browser message of kind %r", kind[:20])

    async def connect(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's handler, with a :class:`GameService` that the server tracks; only
        for this server's own page (host, origin and key checked before anything starts)."""
        if not (
            self.host_ok(request)
            and self.origin_ok(request)
            and self.key_ok(request.match_info.get("key"))
        ):
            LOG.warning(
                "refused a websocket from %s (origin %r)",
                request.remote,
                request.headers.get("Origin", "")[:80],
            )
            return web.Response(status=403, text=REFUSED)
        websocket = web.WebSocketResponse(heartbeat=15)
        width = clamp_size(request.query.get("width"), 80, COLUMNS)
        height = clamp_size(request.query.get("height"), 24, ROWS)
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
                await self.process_messages(websocket, service)
            finally:
                await service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # as textual-serve: log it, keep serving the others
            LOG.error("a game connection failed: %s: %s", type(error).__name__, error)
        finally:
            if service is not None:
                await service.end()
                self.services.discard(service)
            self.sockets.discard(websocket)
        return websocket

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM; then stop within :data:`STOP_WITHIN` seconds."""
        self.debug = debug
        self.set_up_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(
            self.make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=self.announce,
            shutdown_timeout=STOP_WITHIN - QUIT_WAIT - 0.4,
        )


def main(argv: list[str] | None = None) -> int:
    """``forum-trajanum serve [--host HOST] [--port PORT]``."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum serve",
        description="Play in a web browser. Binds to localhost and prints the address to open: "
        "it carries a secret key, without which no page gets a game. --host 0.0.0.0 exposes "
        "the server to the network: anyone who has the printed address can play and open your "
        "saved games.",
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
