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
  ignored (one log line, no traceback), and ``/static/`` lists no directory;
- a number in an address (``?fontsize=``, ``?width=``) is ASCII digits or a 400, and a resize
  message whose size is not numbers is ignored; every log entry is one line (a request that
  aiohttp refuses, such as an oversized header, too: no traceback, no control character);
- at most ``--max-games`` (:data:`MAX_GAMES`) app processes run at once: the page and the
  websocket beyond them answer 503 with a message saying so;
- ``--port 0`` listens on a free port, which the printed address names.

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
import os
import secrets
import shlex
import signal
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web

from forum_trajanum import PROGRAM
from forum_trajanum.net.guard import OneLine  # the host's log and serve's: one formatter
from forum_trajanum.web.compat import ServerBase, ServiceBase

#: The page's title: the program's name
TITLE = PROGRAM
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


#: The most digits a number from a browser may have ("99999999999999999999" is clamped; a
#: longer run of digits is not a number a browser sends).
MAX_DIGITS = 20
_DIGITS = frozenset("0123456789")
#: The page's font sizes (``?fontsize=``), in pixels.
FONT_SIZES = (6, 64)
#: The most games (app processes) one server runs at once, unless ``--max-games`` says.
MAX_GAMES = 8
#: The most ``--max-games`` may say (each game is a process of some 50 MB).
MAX_GAMES_LIMIT = 100


def whole_number(value: object) -> int | None:
    """A whole number from what a browser sent, or None when it is not one: a JSON number (a
    finite float gives its whole part) or text of ASCII digits only (at most
    :data:`MAX_DIGITS`, blanks around allowed). ``"²"``, ``"٣"``, ``"-5"``, ``"1e9"``, ``""``,
    True and anything else are not numbers."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.strip(" \t")
        if 0 < len(text) <= MAX_DIGITS and _DIGITS.issuperset(text):
            return int(text)
    return None


def clamp_size(value: object, default: int, bounds: tuple[int, int]) -> int:
    """A terminal dimension from what a browser sent (text, number or anything else): a whole
    number within ``bounds``, or ``default`` when it is not a number at all."""
    number = whole_number(value)
    if number is None:
        return default
    return max(bounds[0], min(bounds[1], number))


class BadQuery(ValueError):
    """An address whose query has a value that is not what it should be (a 400)."""


def query_size(request: web.Request, name: str, default: int, bounds: tuple[int, int]) -> int:
    """The query's ``name`` clamped to ``bounds``, ``default`` when the query has none; raises
    :class:`BadQuery` (player words) when it is there but not a whole number."""
    given = request.query.get(name)
    if given is None:
        return default
    number = whole_number(given)
    if number is None:
        raise BadQuery(
            f"In the address, {name} must be a whole number from {bounds[0]} to {bounds[1]}, "
            f"not {shown(given)}."
        )
    return clamp_size(number, default, bounds)


def shown(text: str, limit: int = 20) -> str:
    """``text`` as a log or a page may show it: quoted, cut to ``limit`` characters, every
    character that is not printable escaped (no terminal control reaches the console)."""
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


REFUSED = (
    f"This is a {TITLE} game server. Open the address that `forum-trajanum serve` "
    "printed when it started: only that address (with its key) gets a game."
)


def full_text(limit: int) -> str:
    """What a page or a websocket is told when the server already runs its most games."""
    games = "one game" if limit == 1 else f"{limit} games"
    return (
        f"{TITLE}: this server already runs {games}, the most it runs at once. Close "
        "the tab of a game you are not playing (the game is saved), then reload this page. "
        "(Whoever started the server can allow more with `forum-trajanum serve --max-games N`.)"
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

    def __init__(self, argv: list[str], *, environment: dict[str, str] | None = None, **kwargs):
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv
        #: Variables added to the app's environment (a secret travels there, not in argv,
        #: which every user of the machine can read).
        self.environment = dict(environment or {})

    async def open_process(self, environment: dict[str, str]) -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={**environment, **self.environment},
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
        self,
        host: str = "localhost",
        port: int = 8000,
        argv=None,
        key: str | None = None,
        max_games: int = MAX_GAMES,
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
        #: The most games (app processes) at once: a connection beyond them gets no process.
        self.max_games = max_games
        #: Games whose browser is connected, and app processes that run (a game whose tab
        #: closed holds its process until the app has quit).
        self.playing = 0
        self.processes = 0
        self._freed: asyncio.Condition | None = None
        #: Whether the server has listened (then an OSError is not about listening).
        self.listening = False

    @property
    def public_url(self) -> str:
        """The server's address as a browser writes it (its real port once it listens)."""
        host = self.host
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"http://{host}" if self.port == 80 else f"http://{host}:{self.port}"

    @public_url.setter
    def public_url(self, _value: str) -> None:
        """textual-serve sets it at start; it is always worked out from host and port."""

    @property
    def url(self) -> str:
        """The address to open (it carries the key)."""
        return f"{self.public_url}/?key={self.key}"

    def own_hosts(self) -> set[str]:
        """The ``host:port`` values a request to this server may name (its Host header); on
        port 80 a browser names the host alone."""
        names = {"localhost", "127.0.0.1", "[::1]", self.host.lower()}
        if ":" in self.host and not self.host.startswith("["):
            names.add(f"[{self.host.lower()}]")
        hosts = {f"{name}:{self.port}" for name in names}
        return hosts | names if self.port == 80 else hosts

    def full_words(self) -> str:
        """What a page or a websocket is told when the server runs its most games."""
        return full_text(self.max_games)

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
        """The game's page, for the printed address only (its key); else a short refusal. A
        ``fontsize`` that is not a whole number gets a 400; when the server runs its most
        games already, the page says so (503)."""
        if not self.host_ok(request) or not self.key_ok(request.query.get("key")):
            LOG.warning("refused a page request for %s from %s", request.path, request.remote)
            return web.Response(status=403, text=REFUSED)
        try:
            font_size = query_size(request, "fontsize", 16, FONT_SIZES)
        except BadQuery as bad:
            LOG.warning("refused a page request from %s: %s", request.remote, bad)
            return web.Response(status=400, text=str(bad))
        if self.playing >= self.max_games:
            LOG.warning("refused a page: %d games run already (--max-games)", self.playing)
            return web.Response(status=503, text=self.full_words())
        return self.terminal_page(request, f"/ws/{self.key}", font_size)

    def terminal_page(
        self, request: web.Request, socket_path: str, font_size: int, title: str | None = None
    ) -> web.StreamResponse:
        """The page whose terminal's websocket is ``socket_path`` on this server (the page
        holds a secret: never cached, never named to another site)."""
        base = f"{request.scheme}://{request.host}"
        scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": font_size,
            "app_websocket_url": f"{scheme}://{request.host}{socket_path}",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": title or self.title},
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
        handler = logging.StreamHandler()
        handler.setFormatter(OneLine())
        logging.basicConfig(level="DEBUG" if self.debug else "INFO", handlers=[handler])

    def announce(self, *_aiohttp_words) -> None:
        """Say where to play, once the server listens (aiohttp calls this after binding)."""
        self.listening = True
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

    async def stop_apps(self, app: web.Application | None) -> None:
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
                width, height = whole_number(data.get("width")), whole_number(data.get("height"))
                if width is None or height is None:
                    LOG.warning("ignored a resize that is not two whole numbers")
                    continue
                await app_service.set_terminal_size(
                    clamp_size(width, 80, COLUMNS), clamp_size(height, 24, ROWS)
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
        return await self.run_terminal(request)

    async def run_terminal(
        self,
        request: web.Request,
        argv: list[str] | None = None,
        environment: dict[str, str] | None = None,
    ) -> web.StreamResponse:
        """A checked websocket's app process (``argv``, the server's own by default, with
        ``environment``), within ``--max-games``: its size read from the address, then the
        game until it closes."""
        try:
            width = query_size(request, "width", 80, COLUMNS)
            height = query_size(request, "height", 24, ROWS)
        except BadQuery as bad:
            LOG.warning("refused a websocket from %s: %s", request.remote, bad)
            return web.Response(status=400, text=str(bad))
        if not await self.take_a_game():
            LOG.warning(
                "refused a game to %s: %d games run already (--max-games)",
                request.remote,
                self.playing,
            )
            return web.Response(status=503, text=self.full_words())
        try:
            return await self.play(request, width, height, argv, environment)
        finally:
            self.processes -= 1
            async with self.freed:
                self.freed.notify_all()

    @property
    def freed(self) -> asyncio.Condition:
        """Notified whenever a game's app process has ended."""
        if self._freed is None:
            self._freed = asyncio.Condition()
        return self._freed

    async def take_a_game(self) -> bool:
        """Count one more game if the server runs fewer than its most; False if not. When
        only games whose tab has closed fill the count (a reload), wait for their apps to
        quit (within :data:`QUIT_WAIT` and a bit)."""
        if self.playing >= self.max_games:
            return False
        if self.processes >= self.max_games:
            try:
                async with self.freed:
                    await asyncio.wait_for(
                        self.freed.wait_for(lambda: self.processes < self.max_games),
                        QUIT_WAIT + 1.0,
                    )
            except TimeoutError:
                return False
            if self.playing >= self.max_games:
                return False
        self.processes += 1
        return True

    async def play(
        self,
        request: web.Request,
        width: int,
        height: int,
        argv: list[str] | None = None,
        environment: dict[str, str] | None = None,
    ) -> web.StreamResponse:
        """Run one game for this websocket: its app process (``argv``, the server's own by
        default, with ``environment`` added to its environment), and their messages."""
        websocket = web.WebSocketResponse(heartbeat=15)
        service: GameService | None = None
        playing = False
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            service = GameService(
                argv or self.argv,
                environment=environment,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.services.add(service)
            self.playing += 1
            playing = True
            await service.start(width, height)
            try:
                await self.process_messages(websocket, service)
            finally:
                self.playing -= 1
                playing = False
                await service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # as textual-serve: log it, keep serving the others
            LOG.error("a game connection failed: %s: %s", type(error).__name__, error)
        finally:
            if playing:
                self.playing -= 1
            if service is not None:
                await service.end()
                self.services.discard(service)
            self.sockets.discard(websocket)
        return websocket

    def listen_anywhere(self) -> list[socket.socket]:
        """For port 0: sockets on a free port the system picks (the same port on each of the
        host's addresses, as ``localhost`` has two), whose number becomes :attr:`port`."""
        addresses = socket.getaddrinfo(
            self.host, 0, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
        sockets: list[socket.socket] = []
        try:
            for family, kind, protocol, _name, address in addresses:
                if sockets:
                    address = (address[0], self.port, *address[2:])
                listener = socket.socket(family, kind, protocol)
                try:
                    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                    if family == socket.AF_INET6:
                        listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                    listener.bind(address)
                except OSError:
                    listener.close()
                    if not sockets:
                        raise
                    continue  # the other address family has that port taken: one is enough
                listener.listen(128)
                listener.setblocking(False)
                sockets.append(listener)
                self.port = listener.getsockname()[1]
        except BaseException:
            for listener in sockets:
                listener.close()
            raise
        return sockets

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM; then stop within :data:`STOP_WITHIN` seconds."""
        self.debug = debug
        self.set_up_logging()
        where: dict = {"host": self.host, "port": self.port}
        if self.port == 0:
            where = {"sock": self.listen_anywhere()}
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(
            self.make_app(),
            **where,
            handle_signals=False,
            loop=loop,
            print=self.announce,
            shutdown_timeout=STOP_WITHIN - QUIT_WAIT - 0.4,
        )


def port_number(text: str) -> int:
    """``--port``: a whole number from 1 to 65535, or 0 for any free port."""
    number = whole_number(text)
    if number is None or number > 65535:
        raise argparse.ArgumentTypeError(
            f"a port is a whole number from 1 to 65535 (or 0: any free port), not {shown(text)}"
        )
    return number


def games_number(text: str) -> int:
    """``--max-games``: a whole number from 1 to :data:`MAX_GAMES_LIMIT`."""
    number = whole_number(text)
    if number is None or not 1 <= number <= MAX_GAMES_LIMIT:
        raise argparse.ArgumentTypeError(
            f"the most games at once is a whole number from 1 to {MAX_GAMES_LIMIT}, "
            f"not {shown(text)}"
        )
    return number


def main(argv: list[str] | None = None) -> int:
    """``forum-trajanum serve [--host HOST] [--port PORT] [--max-games N]``."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum serve",
        description="Play in a web browser. Binds to localhost and prints the address to open: "
        "it carries a secret key, without which no page gets a game. --host 0.0.0.0 exposes "
        "the server to the network: anyone who has the printed address can play and open your "
        "saved games.",
    )
    parser.add_argument("--host", default="localhost", help="address to bind (localhost)")
    parser.add_argument(
        "--port", type=port_number, default=8000, help="port (8000; 0: any free port)"
    )
    parser.add_argument(
        "--max-games",
        type=games_number,
        default=MAX_GAMES,
        metavar="N",
        help=f"the most games played at once, each in its own browser tab ({MAX_GAMES})",
    )
    args = parser.parse_args(argv)
    server = GameServer(host=args.host, port=args.port, max_games=args.max_games)
    try:
        server.serve()
    except OSError as exc:
        if server.listening:  # its address could not be printed (a full disk, a closed pipe)
            with contextlib.suppress(OSError, ValueError, AttributeError):
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, sys.stdout.fileno())  # no second failure at exit
                os.close(null)
            problem = "cannot print the address to open"
        else:
            problem = f"cannot listen on {shown(args.host, 60)} port {server.port}"
        print(f"forum-trajanum serve: {problem}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
