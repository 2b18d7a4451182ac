"""A seat's address opened in a web browser: ``serve``'s page, whose terminal plays that seat.

A browser's ``GET /TABLE/SECRET`` (the address the host printed for a seat) gets the page of
``forum-trajanum serve`` (:mod:`forum_trajanum.web`: its template, its static files); the page's
terminal opens the websocket ``/term/TABLE/SECRET``, for which an app process of its own runs
``forum-trajanum join`` for that seat (through textual-serve, as ``serve`` runs its games),
connected back to this host like any other seat's client. ``serve``'s protections hold:

- the seat's secret in the address is the page's secret: a page or a terminal for an address
  without one of the table's secrets gets a refusal (403), in words;
- the terminal's websocket is accepted only from the host's own page (Origin) and, on a host
  bound to this machine, only under this machine's own names (the host's rules);
- at most ``max_games`` app processes run at once (``host --max-games``): beyond them, the page
  and the websocket say so (503);
- the secret reaches the app process in its environment, never on its command line (which
  every user of the machine can read).

It needs textual-serve (the ``[web]`` extra): without it, the address answers with how to play
the seat from a terminal instead (:func:`available`).
"""

from __future__ import annotations

import importlib.util
import logging
import ssl
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from aiohttp import web

from forum_trajanum.core.text import printable
from forum_trajanum.net.protocol import Address

if TYPE_CHECKING:
    from forum_trajanum.net.table import Table


class Held(Protocol):
    """A seat's connection, as the pages see it: open or closed."""

    @property
    def closed(self) -> bool: ...


class SeatHost(Protocol):
    """What the seats' pages read of the game host (:class:`forum_trajanum.net.host.Host`
    is one; the host imports this module, never the other way round)."""

    @property
    def bind(self) -> str: ...
    @property
    def port(self) -> int: ...
    @property
    def ssl_context(self) -> ssl.SSLContext | None: ...
    @property
    def tables(self) -> Mapping[int, Table]: ...
    @property
    def connections(self) -> Mapping[int, Mapping[int, Held]]: ...
    def host_ok(self, request: web.Request) -> bool: ...


LOG = logging.getLogger("forum-trajanum.host")

#: The most browser seats (app processes) one host runs at once, unless ``--max-games`` says.
MAX_PAGES = 8

NO_SEAT = (
    "This address opens no seat of this game host: its secret is not one of the table's. "
    "Check the address (copy it again from the host's terminal)."
)
NO_BROWSER = (
    "This game host cannot show a seat in a browser: it needs textual-serve "
    "(pip install 'forum-trajanum[web]'). Play this seat in a terminal instead: "
    "forum-trajanum join ADDRESS (this page's address)."
)


def available() -> bool:
    """Whether seats can be played in a browser here (textual-serve is installed)."""
    return importlib.util.find_spec("textual_serve") is not None


def seat_pages(host: SeatHost, max_games: int = MAX_PAGES, certfile: str | None = None):
    """The browser pages of ``host``'s seats (:class:`SeatPages`), or None without
    textual-serve."""
    if not available():
        return None
    return _seat_pages_class()(host, max_games, certfile)


def _seat_pages_class():
    import aiohttp_jinja2
    import jinja2

    from forum_trajanum.net.join import ADDRESS_VARIABLE
    from forum_trajanum.web import FONT_SIZES, TEMPLATES, BadQuery, GameServer, query_size

    class SeatPages(GameServer):
        """``serve``'s server, its pages and terminals keyed by the seats' secrets."""

        def __init__(self, host: SeatHost, max_games: int, certfile: str | None) -> None:
            self.game_host = host
            self.certfile = certfile
            super().__init__(host=host.bind, port=host.port, argv=self.join_argv(), key="-")
            self.max_games = max_games

        def join_argv(self) -> list[str]:
            """The app process of a browser's seat: ``forum-trajanum join`` (its address in
            the environment), trusting the host's own certificate with TLS."""
            argv = [sys.executable, "-m", "forum_trajanum.cli", "join"]
            if self.certfile:
                argv += ["--cafile", str(Path(self.certfile).resolve())]
            return argv

        def host_ok(self, request: web.Request) -> bool:
            return self.game_host.host_ok(request)

        def key_ok(self, given: str | None) -> bool:  # pragma: no cover - no serve key here
            return False

        def full_words(self) -> str:
            games = "one seat" if self.max_games == 1 else f"{self.max_games} seats"
            return (
                f"This game host already shows {games} in browsers, the most it shows at once. "
                "Close a tab of this game you are not playing, then reload this page, or play "
                "the seat in a terminal: forum-trajanum join ADDRESS. (Whoever started the "
                "host can allow more with --max-games N.)"
            )

        def seat_of(self, request: web.Request):
            """(table, seat, secret) of the address's secret, or None."""
            table = self.game_host.tables.get(int(request.match_info["table"]))
            secret = request.match_info["secret"]
            seat = table.seat_of(secret) if table is not None else None
            return None if seat is None else (table, seat, secret)

        def internal_address(self, table: int, secret: str) -> Address:
            """Where the app process reaches this host (this machine, its own port)."""
            bind = self.game_host.bind
            where = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "localhost": "127.0.0.1"}
            where["::"] = "::1"
            tls = self.game_host.ssl_context is not None
            return Address(where.get(bind, bind), self.game_host.port, table, secret, tls)

        async def seat_page(self, request: web.Request) -> web.StreamResponse:
            """The page of the address's seat, or a refusal in words."""
            found = self.seat_of(request) if self.host_ok(request) else None
            if found is None:
                LOG.warning("refused a seat's page from %s: no such seat", request.remote)
                return web.Response(status=403, text=NO_SEAT)
            table, seat, secret = found
            try:
                font_size = query_size(request, "fontsize", 16, FONT_SIZES)
            except BadQuery as bad:
                return web.Response(status=400, text=str(bad))
            session = table.session
            held = self.game_host.connections.get(table.number, {}).get(seat)
            if held is not None and not held.closed:  # said here: an app would only end
                words = (
                    f"{session.name(seat)}'s seat is already played from another window. "
                    "Close that one first, then reload this page."
                )
                return web.Response(status=409, text=words)
            if self.playing >= self.max_games:
                LOG.warning("refused a seat's page: %d run already (--max-games)", self.playing)
                return web.Response(status=503, text=self.full_words())
            title = f"{session.rules.title}: {printable(session.name(seat))}"
            return self.terminal_page(request, f"/term/{table.number}/{secret}", font_size, title)

        async def seat_terminal(self, request: web.Request) -> web.StreamResponse:
            """The page's terminal: ``join`` for its seat, in an app process of its own."""
            found = None
            if self.host_ok(request) and self.origin_ok(request):
                found = self.seat_of(request)
            if found is None:
                LOG.warning(
                    "refused a seat's terminal from %s (origin %r)",
                    request.remote,
                    printable(request.headers.get("Origin", "")[:80]),
                )
                return web.Response(status=403, text=NO_SEAT)
            table, _seat, secret = found
            address = self.internal_address(table.number, secret)
            return await self.run_terminal(request, self.argv, {ADDRESS_VARIABLE: address.url()})

        def install(self, app: web.Application) -> None:
            """Add the pages' routes, their template and static files to the host's app."""
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
            seat = "{table:[0-9]{1,3}}/{secret:[A-Za-z0-9-]{1,64}}"
            app.add_routes(
                [
                    web.get(f"/{seat}", self.seat_page),
                    web.get(f"/{seat}/", self.seat_page),
                    web.get(f"/table/{seat}", self.seat_page),
                    web.get(f"/term/{seat}", self.seat_terminal),
                    web.static("/static", self.statics_path, show_index=False),
                ]
            )

        async def stop(self) -> None:
            """End every seat's app process and close their browsers' connections."""
            await self.stop_apps(None)

    return SeatPages
