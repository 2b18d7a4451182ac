"""The game host: an aiohttp server holding one or many tables, each seat played from its own
screen (``forum-trajanum host``).

A client opens the websocket ``/ws`` and says :class:`~forum_trajanum.net.protocol.Hello`
(the table and the seat's secret); from then on it receives that seat's states only. The rules
of ``serve`` hold here too:

- the host binds 127.0.0.1 unless told otherwise, and says what binding elsewhere means;
- only a seat's secret plays the seat (digests compared in constant time); a wrong secret, a
  seat already played from another client, another protocol version: a clear refusal;
- a browser's websocket is accepted only from the host's own page (Origin), and on a host
  bound to this machine only, only under this machine's own names (a DNS name rebound to it
  gets nothing);
- bounded: a client's message (:data:`~forum_trajanum.net.protocol.MAX_CLIENT_MESSAGE`), the
  time to send a request's header and to say hello, the connections that play no seat yet
  (``max_connections`` in all, :data:`~forum_trajanum.net.guard.PER_ADDRESS` from one
  address, and never beyond the open-file limit: :class:`~forum_trajanum.net.guard.Gate`; a
  seat with a valid secret always gets in), and each connection's queue of messages to send:
  a client that stops reading is let go when its queue is full, and never holds up the others
  or the host (each connection has its own sender task);
- its log: one line per event, printable, at most a few lines a minute about one address
  (:func:`~forum_trajanum.net.guard.log_to`); no traceback;
- optional TLS (``--certfile``/``--keyfile``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
import socket
import ssl
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

from forum_trajanum.core.text import printable
from forum_trajanum.games import DEFAULT_GAME
from forum_trajanum.net import browser, guard
from forum_trajanum.net.browser import MAX_PAGES
from forum_trajanum.net.protocol import (
    DEFAULT_PORT,
    MAX_CLIENT_MESSAGE,
    MAX_TABLES,
    Act,
    Address,
    Hello,
    Presence,
    ProtocolError,
    Refused,
    Undo,
    Welcome,
    digest,
    dump,
    new_secret,
    read_client,
)
from forum_trajanum.net.table import Table
from forum_trajanum.net.views import options_data

LOG = logging.getLogger("forum-trajanum.host")

#: Seconds a new connection has to say hello.
HELLO_WAIT = 10.0
#: Seconds a connection has to send its request's header (and an idle one is kept).
HEADER_WAIT = 10.0
#: Messages waiting to be sent to one client: beyond them, it is too slow and is let go.
SEND_QUEUE = 64
#: The most connections at once that play no seat yet, unless told otherwise.
MAX_CONNECTIONS = 64
#: Bytes the system may hold unsent for one client (its socket's send buffer): with the
#: queue above, what a client that stops reading costs the host before it is let go.
SEND_BUFFER = 256 * 1024
#: Seconds between websocket pings: a connection gone silent is noticed within about two.
HEARTBEAT = 15.0
#: Websocket close codes (4000-4999 are the application's own).
CLOSE_REFUSED = 4003
CLOSE_REPLACED = 4009
CLOSE_TOO_SLOW = 4008
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: What each client is told when the host is stopped on purpose (Ctrl+C): not to try again.
STOPPED = Refused(
    words="The host stopped the game. It is saved: when the host starts it again "
    "(forum-trajanum host --continue), your address opens your seat again.",
    retry=False,
    reason="stopped",
)
STOPPED_TEXT = dump(STOPPED)
#: Addresses that bind every network of the machine.
WILDCARD = ("0.0.0.0", "::", "")

#: A name or address to print in the seats' addresses (``--public-address``).
_HOST_NAME = re.compile(
    r"^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|[0-9A-Fa-f:.]{2,45})$"
)
_SEAT_PATH = re.compile(r"^/(?:table/)?[0-9]{1,3}/[A-Za-z0-9-]{1,64}/?$")
NOT_A_PAGE = (
    "This is a forum-trajanum game host. A seat is played with `forum-trajanum join ADDRESS`, "
    "or by opening ADDRESS in a browser: the address the host printed for that seat."
)


@dataclass(eq=False)
class Connection:
    """One client's websocket, once it has said hello: its seat, and its queue of messages
    to send (sent by its own task, so a slow client waits alone)."""

    ws: web.WebSocketResponse
    request: web.Request
    table: Table
    seat: int
    client: str
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    #: How many log lines the client has had (or will have once its queue is sent).
    log_known: int = 0
    sender: asyncio.Task | None = None
    closed: bool = False
    #: Why it was let go ("" while it is open or when it left by itself).
    dropped: str = ""

    def send(self, text: str) -> bool:
        """Queue a message; a full queue lets the client go (False)."""
        if self.closed:
            return False
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop("too slow: it did not read what it was sent")
            return False
        return True

    async def run_sender(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                await self.ws.send_str(text)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass  # the connection ended; the reader notices
        finally:
            self.closed = True

    def drop(self, why: str) -> None:
        """Let the client go at once: its transport is cut (no closing handshake to wait
        for: a client that does not read would not answer it)."""
        if self.closed:
            return
        self.closed = True
        self.dropped = why
        LOG.warning(
            "table %d: %s's connection let go: %s",
            self.table.number,
            self.table.session.name(self.seat),
            why,
        )
        if self.sender is not None:
            self.sender.cancel()
        transport = self.request.transport
        if transport is not None:
            transport.abort()


class Host:
    """The server: tables by number, and the connections to their seats."""

    def __init__(
        self,
        bind: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        *,
        ssl_context: ssl.SSLContext | None = None,
        max_connections: int = MAX_CONNECTIONS,
        send_queue: int = SEND_QUEUE,
        send_buffer: int = SEND_BUFFER,
        hello_wait: float = HELLO_WAIT,
        header_wait: float = HEADER_WAIT,
        per_address: int = guard.PER_ADDRESS,
        say=None,
        max_pages: int = MAX_PAGES,
        certfile: str | None = None,
        public_address: str | None = None,
    ) -> None:
        self.bind = bind
        #: The name other machines reach this host by (``--public-address``), or None: the
        #: machine's own addresses (:meth:`public_hosts`).
        self.public_address = public_address
        self._machine: list[tuple[str, str]] | None = None
        self.port = port
        self.ssl_context = ssl_context
        self.max_connections = max_connections
        self.send_queue = send_queue
        self.send_buffer = send_buffer
        self.hello_wait = hello_wait
        self.header_wait = header_wait
        #: The connections that play no seat yet, counted and let go when too many.
        self.gate = guard.Gate(max_connections, per_address, refuse=self._full)
        #: Prints a line for the host's own terminal (who joined, who left).
        self.say = say or (lambda _text: None)
        self.tables: dict[int, Table] = {}
        #: Each person's secret by table and seat, for the addresses (new games only: a
        #: resumed game's secrets are in no file, only in the addresses printed before).
        self.secrets: dict[int, dict[int, str]] = {}
        self.connections: dict[int, dict[int, Connection]] = {}
        #: Every open websocket (before its hello too).
        self.sockets: set[web.WebSocketResponse] = set()
        self.bot_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="host-bots")
        self.save_pool = ThreadPoolExecutor(max_workers=16, thread_name_prefix="host-saves")
        self.runner: web.AppRunner | None = None
        #: Connections let go (for the host's report and the tests).
        self.dropped: list[tuple[int, int, str]] = []
        #: The most seats played in browsers at once (each an app process), and the
        #: certificate those processes trust with TLS.
        self.max_pages = max_pages
        self.certfile = certfile
        #: The seats' browser pages (:mod:`forum_trajanum.net.browser`), once serving.
        self.pages = None

    # --- tables --------------------------------------------------------------------------

    @property
    def pools(self) -> dict:
        return {"bot_pool": self.bot_pool, "save_pool": self.save_pool}

    def add(self, table: Table, secrets_by_seat: dict[int, str] | None = None) -> None:
        """Hold ``table`` (its number must be free) and let its flow go on."""
        if table.number in self.tables:
            raise ValueError(f"two games want table {table.number}")
        if not 1 <= table.number <= MAX_TABLES:
            raise ValueError(f"a table's number is from 1 to {MAX_TABLES}")
        self.tables[table.number] = table
        self.secrets[table.number] = dict(secrets_by_seat or {})
        self.connections[table.number] = {}
        table.changed = self.broadcast
        table.say = self.say
        if self.runner is not None:
            table.listening(self.bind, self.port)
            table.kick()

    def addresses(self, number: int) -> list[tuple[int, str, Address | None]]:
        """Each person's seat at table ``number``: (seat, name, address); the address is
        None when this host does not know the secret (a resumed game: the one printed when
        the game began still works)."""
        table = self.tables[number]
        found = []
        for seat in table.people():
            secret = self.secrets[number].get(seat)
            address = None
            if secret is not None:
                tls = self.ssl_context is not None
                address = Address(self.public_host(), self.port, number, secret, tls)
            found.append((seat, table.session.name(seat), address))
        return found

    def seat_called(self, name: str) -> tuple[int, int] | None:
        """(table, seat) of the person called ``name`` (any case), or None."""
        wanted = name.strip().lower()
        for number, table in sorted(self.tables.items()):
            for seat in table.people():
                if table.session.name(seat).lower() == wanted:
                    return number, seat
        return None

    def nobody_called(self, name: str) -> str:
        """Player words: nobody of that name sits at a table (the people who do)."""
        people = ", ".join(
            printable(self.tables[n].session.name(seat))
            for n in sorted(self.tables)
            for seat in self.tables[n].people()
        )
        return f"nobody of that name ({printable(name)}) sits at a table (the people: {people})"

    def new_address(self, number: int, seat: int) -> Address:
        """A new secret for ``seat`` at table ``number``, saved at once (its digest): the
        address returned plays the seat, the old one opens nothing from now on (a
        connection made with it is let go)."""
        table = self.tables[number]
        secret = new_secret()
        self.secrets[number][seat] = secret
        digests = list(table.hosted.digests)
        digests[seat] = digest(secret)
        table.set_hosted(digests=digests)
        table.session.save()
        old = self.connections.get(number, {}).get(seat)
        if old is not None:
            old.drop("its seat got a new address")
        tls = self.ssl_context is not None
        return Address(self.public_host(), self.port, number, secret, tls)

    def public_host(self) -> str:
        """The host's name in the addresses it prints first (bound everywhere: the address
        of this machine's default route, see :meth:`public_hosts`)."""
        return self.public_hosts()[0][1]

    def public_hosts(self) -> list[tuple[str, str]]:
        """(what it is, host name) for each address the seats' addresses are printed with:
        ``--public-address``'s name; bound everywhere (0.0.0.0), each of this machine's own
        network addresses but the loopback, its default route's first (on this machine
        only when it has none); else the address bound."""
        if self.public_address:
            return [("--public-address", self.public_address)]
        if self.bind not in WILDCARD:
            return [("", self.bind)]
        if self._machine is None:  # asked of the system once, not at every address
            self._machine = machine_addresses() or [
                ("this machine only: it has no network address", "127.0.0.1")
            ]
        return self._machine

    # --- serving -------------------------------------------------------------------------

    def make_app(self) -> web.Application:
        """The routes: the clients' websocket, each seat's address as a browser page (with
        textual-serve), and what this server is for any other address."""
        app = web.Application(client_max_size=MAX_CLIENT_MESSAGE, middlewares=[self._seat_page])
        app.add_routes(
            [
                web.get("/ws/{table:[0-9]{1,3}}", self.connect),
                web.get("/ws", self.connect),
            ]
        )
        self.pages = browser.seat_pages(self, self.max_pages, self.certfile)
        if self.pages is not None:
            self.pages.install(app)
        app.add_routes([web.get("/{tail:.*}", self.page)])
        return app

    async def start(self) -> None:
        """Listen (port 0: a free port, which :attr:`port` then names) and start the flow
        of every table."""
        # aiohttp's keep-alive limit bounds the wait for a request's header too
        self.runner = web.AppRunner(
            self.make_app(), access_log=None, handle_signals=False,
            keepalive_timeout=self.header_wait,
        )  # fmt: skip
        await self.runner.setup()
        self.gate.install(self.runner.server)
        site = guard.Site(
            self.runner, self.bind, self.port, ssl_context=self.ssl_context,
            backlog=self.gate.backlog, handshake=self.header_wait,
        )  # fmt: skip
        await site.start()
        if self.port == 0:
            # aiohttp's TCPSite serves with an asyncio.Server (its AbstractServer has sockets)
            sockets = site._server.sockets if site._server is not None else []  # type: ignore[attr-defined]
            self.port = sockets[0].getsockname()[1]
        for table in self.tables.values():
            table.listening(self.bind, self.port)
            table.kick()

    async def stop(self) -> None:
        """Stop every table's flow, tell every connection the host stopped on purpose (a
        refusal: its client stops trying again) and close it, then the server; release the
        saves (after their last write)."""
        for table in self.tables.values():
            await table.stop()
        if self.pages is not None:
            await self.pages.stop()
        for seats in self.connections.values():
            for connection in list(seats.values()):
                connection.closed = True  # its queue is not sent: the refusal is the last word
                if connection.sender is not None:
                    connection.sender.cancel()
        games = {
            connection.ws: table.session.game.id if table.session.game else ""
            for number, table in self.tables.items()
            for connection in self.connections.get(number, {}).values()
        }
        await asyncio.gather(*(self._stopped(ws, games.get(ws, "")) for ws in list(self.sockets)))
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
        for table in self.tables.values():
            table.close()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.save_pool.shutdown(wait=True)

    async def _stopped(self, ws: web.WebSocketResponse, game_id: str = "") -> None:
        """Tell one connection the host was stopped on purpose (with the command that
        resumes its game), then close it."""
        text = STOPPED_TEXT
        if game_id:
            words = STOPPED.words.replace("host --continue", f"host --continue {game_id}")
            text = dump(STOPPED.model_copy(update={"words": words}))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.send_str(text), 1.0)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(code=WSCloseCode.GOING_AWAY), 1.0)

    async def page(self, request: web.Request) -> web.Response:
        """Any other address: what this server is (no game, no secret checked); without
        textual-serve, a seat's address says how to play it in a terminal."""
        if self.pages is None and _SEAT_PATH.match(request.path):
            return web.Response(text=browser.NO_BROWSER)
        return web.Response(text=NOT_A_PAGE)

    def origin_ok(self, request: web.Request) -> bool:
        """As ``serve``: a browser always says which page opens a websocket (Origin); it must
        be this host's own address as the browser reached it. A client that is not a browser
        sends none (it needs a seat's secret)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        parts = urlsplit(origin)
        return (
            parts.scheme in ("http", "https")
            and parts.netloc.lower() == (request.host or "").lower()
        )

    def host_ok(self, request: web.Request) -> bool:
        """As ``serve``: a host bound to this machine answers only to this machine's own
        names (a DNS name rebound to 127.0.0.1 gets nothing); on the scheme's own port (80,
        443 with TLS) a client names the host alone."""
        if self.bind not in LOOPBACK:
            return True
        names = {"localhost", "127.0.0.1", "[::1]"}
        if self.public_address:  # a proxy in front forwards the name it was reached by
            names.add(self.public_address.lower())
        hosts = {f"{name}:{self.port}" for name in names}
        if self.port == (443 if self.ssl_context is not None else 80):
            hosts |= names
        return (request.host or "").lower() in hosts

    @web.middleware
    async def _seat_page(self, request: web.Request, handler) -> web.StreamResponse:
        """A browser's request for a seat's page or terminal with a valid secret is a seat's
        connection: never let go to make room."""
        if "secret" in request.match_info and self.pages is not None:
            with contextlib.suppress(ValueError, KeyError):
                if self.pages.seat_of(request) is not None:
                    self.gate.seated(request.protocol)
        return await handler(request)

    async def connect(self, request: web.Request) -> web.StreamResponse:
        """A client's websocket: checked, then its hello, then its seat's messages."""
        if not (self.host_ok(request) and self.origin_ok(request)):
            LOG.warning(
                "refused a websocket from %s (origin %s, host %s)",
                request.remote,
                printable(repr(request.headers.get("Origin", "")[:80])),
                printable(repr((request.host or "")[:80])),
                extra={"peer": request.remote},
            )
            return web.Response(status=403, text=NOT_A_PAGE)
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_CLIENT_MESSAGE)
        try:
            self._bound_send_buffer(request)
            await ws.prepare(request)
        except ConnectionError:  # gone during the upgrade: nothing to answer, nothing to say
            return web.Response(status=400)
        self.sockets.add(ws)
        self.gate.upgraded(request.protocol, ws)
        connection: Connection | None = None
        try:
            connection = await self._hello(ws, request)
            if connection is not None:
                await self._serve(connection)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.sockets.discard(ws)
            if connection is not None:
                self._gone(connection)
        return ws

    def _bound_send_buffer(self, request: web.Request) -> None:
        """Keep the system from growing this client's send buffer to megabytes: a client
        that stops reading fills it soon, then its queue, and is let go."""
        transport = request.transport
        sock = transport.get_extra_info("socket") if transport is not None else None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.send_buffer)

    async def _refuse(
        self, ws: web.WebSocketResponse, words: str, retry: bool = False, reason: str = "other"
    ) -> None:
        with contextlib.suppress(Exception):
            await ws.send_str(dump(Refused(words=words, retry=retry, reason=reason)))
            await asyncio.wait_for(ws.close(code=CLOSE_REFUSED, message=b"refused"), 1.0)

    async def _full(self, ws: web.WebSocketResponse) -> None:
        """Tell a websocket let go to make room (before its hello) why (it is closed after)."""
        words = "This game host has as many connections as it takes just now; try again."
        await ws.send_str(dump(Refused(words=words, retry=True, reason="full")))

    async def _hello(self, ws: web.WebSocketResponse, request: web.Request) -> Connection | None:
        """Wait for the client's hello; its seat's connection, or None (refused)."""
        try:
            message = await asyncio.wait_for(ws.receive(), self.hello_wait)
        except TimeoutError:
            await self._refuse(ws, "No hello came in time.", retry=True)
            return None
        if message.type != WSMsgType.TEXT:
            return None
        try:
            hello = read_client(message.data)
        except ProtocolError as exc:
            LOG.warning(
                "refused a connection from %s: %s", request.remote, exc,
                extra={"peer": request.remote},
            )  # fmt: skip
            await self._refuse(ws, f"This host cannot understand the client: {exc}.")
            return None
        if not isinstance(hello, Hello):
            await self._refuse(ws, "A connection begins with a hello.")
            return None
        named = request.match_info.get("table")
        if named is not None and int(named) != hello.table:
            await self._refuse(ws, f"This connection is for table {int(named)}, not {hello.table}.")
            return None
        table = self.tables.get(hello.table)
        seat = table.seat_of(hello.secret) if table is not None else None
        if table is None or seat is None:
            LOG.warning(
                "refused a wrong secret from %s (table %d)", request.remote, hello.table,
                extra={"peer": request.remote},
            )  # fmt: skip
            await self._refuse(
                ws,
                f"This address opens no seat at table {hello.table}: its secret is not one of "
                "this table's. Check the address (copy it again from the host).",
                reason="secret",
            )
            return None
        seats = self.connections[table.number]
        old = seats.get(seat)
        if old is not None and not old.closed:
            if old.client != hello.client:
                name = table.session.name(seat)
                self.say(f"Table {table.number}: a second window for {name}'s seat was refused.")
                await self._refuse(
                    ws,
                    f"{name}'s seat is already played from another window. Close that one "
                    "first (a connection that was lost is let go within half a minute).",
                    retry=True,
                    reason="elsewhere",
                )
                return None
            old.drop("the same client connected again")
        connection = Connection(
            ws, request, table, seat, hello.client, asyncio.Queue(self.send_queue)
        )
        seats[seat] = connection
        self.gate.seated(request.protocol)
        session = table.session
        connection.send(
            dump(
                Welcome(
                    game=session.rules.name,
                    title=session.rules.title,
                    table=table.number,
                    seat=seat,
                    names=[session.name(s) for s in range(session.players)],
                    bots=[session.bot_level(s) for s in range(session.players)],
                    options=options_data(session.record.options),
                )
            )
        )
        connection.send(table.state_text(seat, hello.log_from))
        connection.log_known = len(session.log)
        connection.sender = asyncio.get_running_loop().create_task(connection.run_sender())
        self.say(f"{session.name(seat)} joined. {self.who(table)}")
        self._presence(table)
        return connection

    async def _serve(self, connection: Connection) -> None:
        """The seat's messages, one after the other, until the connection ends."""
        ws, table = connection.ws, connection.table
        peer = connection.request.remote
        async for message in ws:
            if message.type != WSMsgType.TEXT or connection.closed:
                if connection.closed:
                    break
                continue
            try:
                request = read_client(message.data)
            except ProtocolError as exc:
                LOG.warning(
                    "table %d: ignored a message from %s: %s", table.number, peer, exc,
                    extra={"peer": peer},
                )  # fmt: skip
                continue
            if isinstance(request, Act):
                answer = await table.act(connection.seat, request)
            elif isinstance(request, Undo):
                answer = await table.undo(connection.seat, request)
            else:
                continue  # a second hello changes nothing
            connection.send(dump(answer))

    def _gone(self, connection: Connection) -> None:
        connection.closed = True
        if connection.sender is not None:
            connection.sender.cancel()
        table = connection.table
        seats = self.connections.get(table.number, {})
        if seats.get(connection.seat) is connection:
            del seats[connection.seat]
            self.say(f"{table.session.name(connection.seat)} left. {self.who(table)}")
            self._presence(table)
        if connection.dropped:
            self.dropped.append((table.number, connection.seat, connection.dropped))

    def _presence(self, table: Table) -> None:
        seats = self.connections[table.number]
        connected = [seat in seats for seat in range(table.session.players)]
        text = dump(Presence(connected=connected))
        for connection in list(seats.values()):
            connection.send(text)

    def broadcast(self, table: Table) -> None:
        """Send every connected seat of ``table`` its own state (each seat's view, made for
        that seat alone)."""
        length = len(table.session.log)
        for connection in list(self.connections[table.number].values()):
            if connection.closed:
                continue
            if connection.send(table.state_text(connection.seat, connection.log_known)):
                connection.log_known = length

    def who(self, table: Table) -> str:
        """Who is connected at ``table``, and where its game stands, in a line."""
        seats = self.connections[table.number]
        session = table.session
        people = [f"{session.name(s)} ({'here' if s in seats else 'away'})" for s in table.people()]
        stage = session.rules.summary(session.state)
        return f"Table {table.number}: {', '.join(people) or 'bots only'}; {stage}."


# --- the command line ---------------------------------------------------------------------


def tls_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    """A server TLS context from a certificate and key file (None without a certificate)."""
    if not certfile:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certfile, keyfile)
    return context


def machine_addresses() -> list[tuple[str, str]]:
    """This machine's IPv4 network addresses but the loopback: (what it is, address), the
    default route's first ("eth0, the default route"). Each network interface's address
    where the system tells it (Linux), else the default route's alone."""
    found: list[tuple[str, str]] = []
    with contextlib.suppress(ImportError, OSError, AttributeError):
        import fcntl
        import struct

        siocgifaddr = 0x8915
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _index, name in socket.if_nameindex():
                try:
                    asked = struct.pack("256s", name[:15].encode("utf-8", "replace"))
                    answer = fcntl.ioctl(probe.fileno(), siocgifaddr, asked)
                except OSError:
                    continue  # an interface without an IPv4 address
                address = socket.inet_ntoa(answer[20:24])
                if not address.startswith("127."):
                    found.append((printable(name), address))
    route = ""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: the system picks the route
        route = probe.getsockname()[0]
    if route.startswith("127.") or route == "0.0.0.0":
        route = ""
    if route and route not in (address for _, address in found):
        found.append(("", route))
    found.sort(key=lambda each: each[1] != route)
    return [
        (", ".join(filter(None, (what, "the default route" if address == route else ""))), address)
        for what, address in found
    ]


def exposure_words(bind: str) -> str:
    """What binding elsewhere than this machine means (printed at start)."""
    if bind in LOOPBACK:
        return (
            "Only this machine can reach this host (--host 0.0.0.0 lets others on your network in)."
        )
    return (
        f"Listening on {bind}: anyone who can reach this machine can connect; only the seat "
        "addresses play, so give each person their own address and nobody else. Without "
        "--certfile/--keyfile, what is played travels unencrypted."
    )


@dataclass
class HostPlan:
    """What ``forum-trajanum host`` was asked to host (the command line reads it,
    :mod:`forum_trajanum.cli`): new games of these seats, or saved games to resume, and where
    to listen."""

    game: str = DEFAULT_GAME
    #: The seats of the new games: names, and "" or a bot's level per seat.
    names: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    #: The game's own options by name (its options model's fields).
    options: dict = field(default_factory=dict)
    seed: int | None = None
    tables: int = 1
    #: Saved games to resume (their ids, names or a part of them).
    resume: list[str] = field(default_factory=list)
    #: People (by name) of the resumed games whose seats get a new address (the old one
    #: opens nothing from then on).
    new_address: list[str] = field(default_factory=list)
    bind: str | None = None
    port: int | None = None
    certfile: str | None = None
    keyfile: str | None = None
    max_connections: int = MAX_CONNECTIONS
    #: The most seats played in browsers at once.
    max_pages: int = MAX_PAGES
    #: The seat (a person's name) the host's own terminal plays.
    play: str | None = None
    #: The name other machines reach the host by, for the addresses printed (a router's
    #: public address, a DNS name); None: the machine's own addresses.
    public_address: str | None = None


class PlanError(ValueError):
    """A plan that cannot be hosted; the words say why."""


def resume(plan: HostPlan, host: Host) -> None:
    """Hold the saved games the plan resumes (raises :class:`PlanError` in words; a game
    resumed before the problem is released)."""
    from forum_trajanum.core import saves
    from forum_trajanum.net.table import TableError

    try:
        for name in plan.resume:
            try:
                info = saves.find_game(name)
            except saves.SaveError as exc:
                raise PlanError(str(exc)) from exc
            table, fresh = Table.resume(info.id, **host.pools)
            if table.number in host.tables:
                table.close()
                raise PlanError(
                    f"two of the games to resume were both played at table {table.number}"
                )
            host.add(table, fresh)
    except (TableError, PlanError) as exc:
        _release(host)
        if isinstance(exc, PlanError):
            raise
        raise PlanError(str(exc)) from exc


@dataclass
class NewGames:
    """The new games of a plan, checked but not made yet: their options and seeds."""

    options: object = None
    seeds: list[int] = field(default_factory=list)


def new_games(plan: HostPlan, host: Host) -> NewGames:
    """Check the plan's new games (raises :class:`PlanError` in words); nothing is made."""
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.seeds import new_seed, seed_problem

    if not plan.names:
        if not host.tables:
            raise PlanError("nothing to host: give --seats (a new game) or --continue NAME")
        return NewGames()
    rules = GAMES.get(plan.game)
    fields = rules.options.model_fields
    chosen = {k: v for k, v in plan.options.items() if k in fields and k != "players"}
    try:
        options = rules.options(players=len(plan.names), **chosen)
    except ValueError as exc:
        raise PlanError(f"{rules.title} cannot be played so: {exc}") from exc
    # a seed given stays as given (the next tables count on from it)
    seeds = [
        plan.seed + index if plan.seed is not None else new_seed() for index in range(plan.tables)
    ]
    for seed in seeds:
        if seed_problem(seed):
            raise PlanError(f"--seed: {seed_problem(seed)}")
    return NewGames(options, seeds)


def create(plan: HostPlan, host: Host, games: NewGames) -> None:
    """Make the plan's new games (each saved at once) and hold them (raises
    :class:`PlanError` in words)."""
    from forum_trajanum.net.table import TableError

    number = 1
    try:
        for seed in games.seeds:
            while number in host.tables:
                number += 1
            table, secrets = Table.new(
                number, plan.game, games.options, plan.names, plan.bots, seed,
                bind=host.bind, port=host.port, **host.pools,
            )  # fmt: skip
            host.add(table, secrets)
    except TableError as exc:
        raise PlanError(str(exc)) from exc


def seats_for_new_addresses(plan: HostPlan, host: Host) -> list[tuple[int, int]]:
    """(table, seat) of each person the plan gives a new address (``--new-address``; raises
    :class:`PlanError` in words). :meth:`Host.new_address` makes each once the host
    listens: the address printed then is the seat's, the old one opens nothing."""
    if plan.new_address and not plan.resume:
        raise PlanError(
            "--new-address is for a game resumed with --continue (a new game's addresses are "
            "all new)"
        )
    seats = []
    for name in plan.new_address:
        found = host.seat_called(name)
        if found is None:
            raise PlanError(f"--new-address {name}: {host.nobody_called(name)}")
        seats.append(found)
    return seats


def _release(host: Host) -> None:
    """Release the saves of every table the host holds (a host that does not start)."""
    for table in host.tables.values():
        table.close()
    host.tables.clear()


def announce(host: Host, out=print) -> None:
    """Print the seats' addresses and what exposing the host means."""
    out(f"Game host on {host.bind} port {host.port}. {exposure_words(host.bind)}")
    hosts = host.public_hosts()
    if host.bind in WILDCARD and not host.public_address:
        listed = ", ".join(
            f"{address} ({printable(what)})" if what else address for what, address in hosts
        )
        several = len(hosts) > 1
        out(
            f"This machine's network address{'es' if several else ''}: {listed}."
            + (
                " Each seat's address is printed with each: give each person the one of the "
                "network they are on."
                if several
                else ""
            )
            + " Behind a router or a name, --public-address NAME prints that instead."
        )
    for number, table in sorted(host.tables.items()):
        session = table.session
        game_id = printable(session.game.id if session.game else "?")
        out(f"Table {number}: {session.rules.title}, game {game_id}")
        for _seat, name, address in host.addresses(number):
            if address is None:
                out(f"  {printable(name)}: the address printed when this game began")
                continue
            short = f"   (short: {address.short()})" if address.has_short() else ""
            out(f"  {printable(name)}: {address.url()}{short}")
            for what, other in hosts[1:]:
                also = Address(other, address.port, address.table, address.secret, address.tls)
                where = printable(what or other)
                out(f"  {' ' * len(printable(name))}  or {also.url()}   ({where})")
    out(
        "Each person opens their own address: forum-trajanum join ADDRESS in a terminal, or "
        "the address in a browser. Keep them private."
    )
    out("Press Ctrl+C to stop (every game is saved after each move).")


async def start(plan: HostPlan, say=None) -> Host:
    """A host with the plan's tables, listening (raises :class:`PlanError`, ``OSError``).
    New games are made once the host listens: a host that does not start leaves no game
    behind."""
    bind = plan.bind or "127.0.0.1"
    if plan.public_address is not None and not _HOST_NAME.match(plan.public_address):
        raise PlanError(
            f"--public-address {printable(plan.public_address[:80])!r} is not a host name or "
            "address (such as game.example.org or 203.0.113.7: no http://, no port)"
        )
    port = DEFAULT_PORT if plan.port is None else plan.port
    context = tls_context(plan.certfile, plan.keyfile)
    host = Host(
        bind, port, ssl_context=context, max_connections=plan.max_connections, say=say,
        max_pages=plan.max_pages, certfile=plan.certfile, public_address=plan.public_address,
    )  # fmt: skip
    resume(plan, host)
    try:
        games = new_games(plan, host)
        seats = seats_for_new_addresses(plan, host)
    except PlanError:
        _release(host)
        raise
    if plan.resume:  # where the resumed game's host listened, unless told otherwise
        first = next(iter(host.tables.values())).hosted
        host.bind = plan.bind or first.bind
        host.port = plan.port if plan.port is not None else (first.port or port)
    # listening comes first: a host that cannot listen (its port in use) makes no new game
    try:
        await host.start()
    except OSError:
        _release(host)
        raise
    try:
        for number, seat in seats:  # once listening: a new address is always printed
            host.new_address(number, seat)
        create(plan, host, games)
    except BaseException:
        await host.stop()
        raise
    return host


def run(plan: HostPlan, out=print) -> int:
    """Host until Ctrl+C or SIGTERM (with ``plan.play``, the host's own terminal plays that
    seat meanwhile); the exit status."""
    # one printable line per event; with --play, in the problem log, not over the game's window
    undo = guard.log_to(_ProblemLog() if plan.play else logging.StreamHandler(sys.stderr))
    try:
        if plan.play:
            return _run_playing(plan, out)
        return asyncio.run(_serve(plan, out))
    finally:
        undo()


def _cannot_listen(plan: HostPlan, exc: OSError, out) -> int:
    where = (
        f"{plan.bind or '127.0.0.1'} port {plan.port if plan.port is not None else DEFAULT_PORT}"
    )
    out(f"forum-trajanum host: cannot listen on {where}: {exc.strerror or exc}")
    return 1


async def _serve(plan: HostPlan, out) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    try:
        host = await start(plan, say=lambda text: out(printable(text)))
    except OSError as exc:
        return _cannot_listen(plan, exc, out)
    announce(host, out)
    await stop.wait()
    out("Stopping: every client is told the host stopped.")
    await host.stop()
    out(stopped_words(host))
    return 0


def stopped_words(host: Host) -> str:
    """What the host's terminal says once stopped: whether every game is saved."""
    lost = [table for _, table in sorted(host.tables.items()) if table.save_problem]
    if not lost:
        return "Stopped; every game is saved (host --continue NAME resumes one)."
    numbers = ", ".join(str(table.number) for table in lost)
    which = f"games of tables {numbers}" if len(lost) > 1 else f"game of table {numbers}"
    return (
        f"Stopped. The {which} could not be saved: the last moves are lost (see the lines "
        "above); every other game is saved."
    )


def _run_playing(plan: HostPlan, out) -> int:
    """The host, and this terminal's window playing ``plan.play``, on one event loop."""
    return asyncio.run(host_and_play(plan, out))


async def host_and_play(
    plan: HostPlan, out, run=None, enter=None, stop: asyncio.Event | None = None
) -> int:
    """Host the plan's games and play the seat called ``plan.play`` in a join window, the
    host, the window and its connection on the running event loop; after the window closes,
    host on until ``stop`` is set (Ctrl+C and SIGTERM set it; SIGTERM closes the window too).
    ``run(app)`` runs the window (by default in this terminal), ``enter(prompt)`` waits for
    the person to have handed out the addresses (by default Enter on a terminal)."""
    from forum_trajanum.core import saves
    from forum_trajanum.net.client import JoinError, RemoteSession
    from forum_trajanum.net.join import JoinApp

    assert plan.play is not None  # this terminal plays a seat (see above)
    try:
        host = await start(plan)  # says nothing on this terminal: the game is on it
    except OSError as exc:
        return _cannot_listen(plan, exc, out)
    stop = asyncio.Event() if stop is None else stop
    app: JoinApp | None = None

    def stopping() -> None:
        stop.set()
        if app is not None:
            app.exit()

    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):
        loop.add_signal_handler(signal.SIGTERM, stopping)
    try:
        address = await _own_seat(host, plan.play)
        announce(host, out)
        prompt = f"Give each person their address, then press Enter to play {plan.play}. "
        await (_enter(prompt) if enter is None else enter(prompt))
        if not stop.is_set():
            session = await RemoteSession.connect(address)
            try:
                app = JoinApp(session)
                await (app.run_async() if run is None else run(app))
            finally:
                await session.aclose()
        if not stop.is_set():
            out("Your window is closed; the host goes on for the others. Press Ctrl+C to stop it.")
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signal.SIGINT, stop.set)
            await stop.wait()
            out("Stopping: every client is told the host stopped.")
    except (PlanError, JoinError) as exc:
        out(f"forum-trajanum host: {printable(str(exc))}")
        return 2
    finally:
        with contextlib.suppress(NotImplementedError):
            loop.remove_signal_handler(signal.SIGINT)
            loop.remove_signal_handler(signal.SIGTERM)
        await host.stop()
        saves.flush()
    out(stopped_words(host))
    return 0


async def _enter(prompt: str) -> None:
    """Wait for Enter on this terminal (at once when it is not one), reading the line on
    the event loop (the host serves meanwhile)."""
    if not sys.stdin.isatty():
        return
    print(prompt, end="", flush=True)
    loop = asyncio.get_running_loop()
    typed = loop.create_future()
    fd = sys.stdin.fileno()

    def readable() -> None:
        if not typed.done():
            typed.set_result(None)

    loop.add_reader(fd, readable)
    try:
        await typed
    finally:
        loop.remove_reader(fd)
    sys.stdin.readline()


class _ProblemLog(logging.Handler):
    """The host's warnings into the problem log (while the host's terminal shows a game)."""

    def emit(self, record: logging.LogRecord) -> None:
        from forum_trajanum.core import saves

        saves.log_problem(self.format(record))


async def _own_seat(host: Host, name: str) -> Address:
    """The address of the seat called ``name`` (any case) for this terminal; a resumed
    game's seat, whose secret this host does not know, gets a new one."""
    found = host.seat_called(name)
    if found is None:
        raise PlanError(f"--play {name}: {host.nobody_called(name)}")
    number, seat = found
    secret = host.secrets[number].get(seat)
    if secret is None:
        return host.new_address(number, seat)
    tls = host.ssl_context is not None
    return Address(host.public_host(), host.port, number, secret, tls)
