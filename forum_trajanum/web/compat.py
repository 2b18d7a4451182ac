"""Every private textual-serve name ``forum-trajanum serve`` leans on, in one place.

textual-serve's public API serves an app from a shell command line, with its own page and
messages; it has no hook for an argv without a shell, a keyed page or checked messages. So the
server overrides some of its private methods and sets some of its private attributes. Each of
those is touched here only: :class:`ServiceBase` and :class:`ServerBase` route textual-serve's
private hooks to public methods that :mod:`forum_trajanum.web` implements, and
``tests/web/test_compat.py`` checks that the installed textual-serve still has every name in
:data:`PRIVATE_NAMES` and still calls the hooks. ``pyproject.toml`` caps textual-serve below 2.

This module imports textual-serve (the ``[web]`` extra): only :mod:`forum_trajanum.web`
imports it, never the terminal app (whose private Textual names are in
:mod:`forum_trajanum.tui.compat`).
"""

from __future__ import annotations

from asyncio.subprocess import Process

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

#: (class, private name) pairs this module overrides or uses.
PRIVATE_NAMES: tuple[tuple[type, str], ...] = (
    (AppService, "_open_app_process"),  # overridden: how an app's process starts
    (AppService, "_build_environment"),  # the app's environment (web driver, terminal size)
    (Server, "_make_app"),  # overridden: the routes
    (Server, "_process_messages"),  # overridden: a browser's messages to the app
    (Server, "handle_index"),  # overridden: the page
    (Server, "handle_websocket"),  # overridden: the page's websocket, to its own app
    (Server, "handle_download"),  # overridden, and used: a file an app hands the browser
    (Server, "initialize_logging"),  # overridden: the console's log
    (Server, "on_shutdown"),  # overridden: the server stops
)
#: Private attributes textual-serve sets on an AppService, which this module sets and reads.
PRIVATE_SERVICE_ATTRIBUTES = ("_process", "_stdin")


class ServiceBase(AppService):
    """textual-serve's app service (one app process for one browser tab), whose process a
    subclass starts in :meth:`open_process`."""

    async def open_process(self, environment: dict[str, str]) -> Process:
        """Start the app's process with ``environment`` and its standard streams piped."""
        raise NotImplementedError

    @property
    def process(self) -> Process | None:
        """The app's process, once started."""
        return self._process

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        process = await self.open_process(self._build_environment(width=width, height=height))
        self._process, self._stdin = process, process.stdin
        return process


class ServerBase(Server):
    """textual-serve's server, whose private hooks call the public methods below (a subclass
    implements them)."""

    async def make_app(self) -> web.Application:
        """The aiohttp application: its routes and shutdown."""
        raise NotImplementedError

    async def process_messages(self, websocket: web.WebSocketResponse, service) -> None:
        """Pass a browser's messages on to its app's ``service`` until the socket closes."""
        raise NotImplementedError

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The page with the app's terminal."""
        raise NotImplementedError

    async def connect(self, request: web.Request) -> web.StreamResponse:
        """The page's websocket: runs an app for it and passes their messages."""
        raise NotImplementedError

    async def download(self, request: web.Request) -> web.StreamResponse:
        """A file an app hands the browser (textual-serve's own answer by default)."""
        return await self.serve_download(request)

    async def serve_download(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's answer to a download request."""
        return await Server.handle_download(self, request)

    def set_up_logging(self) -> None:
        """Set up the log (textual-serve's by default)."""
        Server.initialize_logging(self)

    async def stop_apps(self, app: web.Application) -> None:
        """End what runs when the server stops."""

    async def _make_app(self) -> web.Application:
        return await self.make_app()

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service) -> None:
        await self.process_messages(websocket, app_service)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        return await self.page(request)

    # a refused connection is answered with an HTTP response, not a websocket
    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        return await self.connect(request)

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        return await self.download(request)

    def initialize_logging(self) -> None:
        self.set_up_logging()

    async def on_shutdown(self, app: web.Application) -> None:
        await self.stop_apps(app)
