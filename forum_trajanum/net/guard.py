"""What the game host owes a network of strangers before any secret is shown: every
connection counted and timed until it plays a seat, and a log that a client cannot write
into (``forum-trajanum host``; :mod:`forum_trajanum.net.host` uses it).

- :class:`Gate`: the connections that play no seat yet (before their request's header, their
  websocket's hello, or idle between two requests) are counted apart from the seats: at most
  ``per_address`` from one address and ``most`` in all, and never so many that the host runs
  out of open files (its saves and the seats need some). Beyond, the oldest waiting
  connection of the address that has the most is let go: a silent crowd from a few addresses
  cannot keep a seat with a valid secret out, and a seat once in is never let go for them.
- :class:`OneLine` and :class:`Quiet`: the host's log, as ``serve``'s: one line per event, no
  traceback, every character a client could have sent shown printable (an escape sequence
  in a message never drives the host's terminal), and at most :data:`LOG_PER_MINUTE` lines a
  minute about one address, :data:`LOG_PER_MINUTE_IN_ALL` in all (then one line says the
  rest are left out).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web

from forum_trajanum.core.text import printable

LOG = logging.getLogger("forum-trajanum.host")

#: Connections at once from one address that play no seat yet (a browser opens several
#: for a page; a group behind one router has a connection each).
PER_ADDRESS = 16
#: Lines a minute the host's log takes about one address (or of one kind, for the host's own).
LOG_PER_MINUTE = 10
#: Lines a minute the host's log takes in all (a crowd of addresses).
LOG_PER_MINUTE_IN_ALL = 100
#: Open files kept for the host's own use (its saves, its log, the browser pages' processes)
#: whatever connects, at most a quarter of the limit.
SPARE_FILES = 64
#: The fewest connections the host takes, however low its open-file limit.
FEWEST = 4
#: The loggers whose lines reach the host's terminal: the host's, its web server's, its loop's,
#: and its browser pages' (``serve``'s and textual-serve's).
LOGGERS = ("forum-trajanum.host", "aiohttp", "asyncio", "forum-trajanum.serve", "textual-serve")


def open_files() -> int:
    """How many files this process has open now (0 where the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        with contextlib.suppress(OSError):
            return len(os.listdir(folder))
    return 0


def file_limit() -> int | None:
    """This process's open-file limit (None: none known)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def backlog(limit: int | None) -> int:
    """Connections the system holds for the host before it takes them (the loop then takes
    as many at once): a few under a low open-file limit."""
    return 128 if limit is None else max(8, min(128, limit // 8))


def address_of(peername: object) -> str:
    """Whom a connection is counted for: its IPv4 address, or its IPv6 network's first 64
    bits (one machine has a whole /64 to pick from)."""
    if not isinstance(peername, tuple) or not peername:
        return "?"
    try:
        address = ipaddress.ip_address(str(peername[0]).split("%")[0])
    except ValueError:
        return str(peername[0])
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        if not address.is_loopback:
            return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


@dataclass(eq=False)
class Waiting:
    """A connection that plays no seat yet."""

    peer: str
    transport: asyncio.Transport
    #: Its websocket once upgraded (told why when it is let go), else None.
    ws: object = None


class Gate:
    """The host's count of its connections (see the module's words)."""

    def __init__(self, most: int, per_address: int = PER_ADDRESS, refuse=None) -> None:
        self.most = most
        self.per_address = per_address
        #: ``refuse(ws, waiting)``: a coroutine telling a websocket let go why (the host's).
        self.refuse = refuse
        self.waiting: dict[object, Waiting] = {}
        self.by_peer: Counter[str] = Counter()
        #: Every open connection (seats too), by its protocol handler.
        self.open: dict[object, asyncio.Transport] = {}
        self.files_before = open_files()
        self.backlog = backlog(file_limit())
        #: Connections let go to make room (for the tests and the log).
        self.let_go = 0
        self._tasks: set[asyncio.Task] = set()

    def install(self, server) -> None:
        """Count the connections of an aiohttp ``web.Server`` (its connection hooks)."""
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler, transport) -> None:
            made(handler, transport)
            self.opened(handler, transport)

        def connection_lost(handler, exc=None) -> None:
            lost(handler, exc)
            self.closed(handler)

        server.connection_made = connection_made
        server.connection_lost = connection_lost
        self.files_before = open_files() + 2  # its tables' saves open; and its listeners

    def budget(self) -> int:
        """The most connections at once (seats too) the open-file limit leaves room for: the
        loop takes up to :attr:`backlog` at a time before the gate sees any of them."""
        limit = file_limit()
        if limit is None:
            return 1 << 30
        spare = min(SPARE_FILES, limit // 4)
        return max(FEWEST, limit - self.files_before - spare - self.backlog)

    def opened(self, handler, transport: asyncio.Transport) -> None:
        peer = address_of(transport.get_extra_info("peername"))
        self.open[handler] = transport
        self.waiting[handler] = Waiting(peer, transport)
        self.by_peer[peer] += 1
        if self.by_peer[peer] > self.per_address:
            self._let_go(self._oldest(peer), f"more than {self.per_address} connections")
        budget = self.budget()
        while self.waiting and (len(self.waiting) > self.most or len(self.open) > budget):
            heaviest = max(self.by_peer.values())
            peer = next(w.peer for w in self.waiting.values() if self.by_peer[w.peer] == heaviest)
            self._let_go(self._oldest(peer), "the host is full")

    def closed(self, handler) -> None:
        self.open.pop(handler, None)
        self._forget(handler)

    def seated(self, handler) -> None:
        """The connection plays a seat now (a valid secret): no longer counted as waiting."""
        self._forget(handler)

    def upgraded(self, handler, ws) -> None:
        """The connection is a websocket now, waiting for its hello."""
        waiting = self.waiting.get(handler)
        if waiting is not None:
            waiting.ws = ws

    def is_waiting(self, handler) -> bool:
        return handler in self.waiting

    def _oldest(self, peer: str):
        return next(h for h, w in self.waiting.items() if w.peer == peer)

    def _forget(self, handler) -> None:
        waiting = self.waiting.pop(handler, None)
        if waiting is not None:
            self.by_peer[waiting.peer] -= 1
            if self.by_peer[waiting.peer] <= 0:
                del self.by_peer[waiting.peer]

    def _let_go(self, handler, why: str) -> None:
        waiting = self.waiting[handler]
        self._forget(handler)
        self.let_go += 1
        LOG.warning(
            "let a connection from %s go that played no seat yet: %s",
            waiting.peer,
            why,
            extra={"peer": waiting.peer},
        )
        if waiting.ws is None or self.refuse is None:
            # not at once: aiohttp starts serving a connection just made in a moment
            loop = asyncio.get_running_loop()
            loop.call_soon(waiting.transport.close)
            loop.call_later(1.0, waiting.transport.abort)  # if a goodbye cannot be sent
            return
        task = asyncio.get_running_loop().create_task(self._refuse(waiting))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refuse(self, waiting: Waiting) -> None:
        """Say why, then close (no closing handshake to wait for: a silent client would not
        answer it; its file is free at once)."""
        transport = waiting.transport
        try:
            await asyncio.wait_for(self.refuse(waiting.ws), 0.5)
        except Exception:  # gone already: nothing to tell
            pass
        finally:
            transport.close()
            asyncio.get_running_loop().call_later(1.0, transport.abort)


class Site(web.TCPSite):
    """aiohttp's TCP site with a time limit on a TLS handshake (the loop's own is a minute,
    and a connection in its handshake is not yet one the gate sees)."""

    __slots__ = ("_handshake",)

    def __init__(self, *args, handshake: float, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._handshake = handshake

    async def start(self) -> None:
        if self._ssl_context is None:
            await super().start()
            return
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            server, self._host, self._port, ssl=self._ssl_context, backlog=self._backlog,
            reuse_address=self._reuse_address, reuse_port=self._reuse_port,
            ssl_handshake_timeout=self._handshake,
        )  # fmt: skip
        sockets = self._server.sockets
        self._bound_port = sockets[0].getsockname()[1] if sockets else self._port


# --- the log ------------------------------------------------------------------------------


class OneLine(logging.Formatter):
    """One line per event: an error's type and first words, never its traceback (it could
    show what a client sent), and every character not printable escaped."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            words = " ".join(str(error).split())
            text += f": {type(error).__name__}" + (f": {words[:160]}" if words else "")
        return printable(text)


def _peer(record: logging.LogRecord) -> str:
    """Whom a line is about: the address it names (the host's lines say it; aiohttp's
    "Error handling request from %s" too), else its words (a line said again and again)."""
    peer = getattr(record, "peer", None)
    if peer is not None:
        return str(peer)
    args = record.args
    if record.msg == "Error handling request from %s" and isinstance(args, tuple) and args:
        return str(args[0])
    return str(record.msg)[:60]


_IN_ALL = "\0 in all"


class Quiet(logging.Filter):
    """At most ``per_minute`` lines a minute about one address (or of one kind), and
    ``in_all`` in all; the first line beyond a limit says the rest of that minute's are left
    out. Also words aiohttp's refusal of a request that is not HTTP, and the loop's "out of
    open files", as the host's own."""

    def __init__(
        self,
        per_minute: int = LOG_PER_MINUTE,
        in_all: int = LOG_PER_MINUTE_IN_ALL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.per_minute = per_minute
        self.in_all = in_all
        self.clock = clock
        self._counts: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        if str(record.msg).startswith("socket.accept() out of system resource"):
            error = record.exc_info[1] if record.exc_info else None
            record.msg = "the host is out of open files: it takes no connection for a second (%s)"
            record.args = (str(error) or "?",)
            record.exc_info = None
        if record.msg == "Error handling request from %s" and record.exc_info:
            error = record.exc_info[1]
            record.msg = "refused a request from %s: it is not one this host answers (%s)"
            first = record.args[:1] if isinstance(record.args, tuple) and record.args else ("?",)
            record.args = (*first, type(error).__name__)
            record.exc_info = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        key = _peer(record)
        count = self._count(key)
        if count > self.per_minute + 1:
            return False
        everything = self._count(_IN_ALL)
        if everything > self.in_all:
            return self._last(record, everything == self.in_all + 1, "the host's log")
        if count > self.per_minute:
            return self._last(record, True, key)
        return True

    def _count(self, key: str) -> int:
        """This minute's lines of ``key`` with this one."""
        now = self.clock()
        began, count = self._counts.get(key, (now, 0))
        if now - began >= 60:
            began, count = now, 0
        self._counts[key] = (began, count + 1)
        if len(self._counts) > 10_000:  # a crowd of addresses: forget the past minutes
            for old in [k for k, (b, _) in self._counts.items() if now - b >= 60]:
                del self._counts[old]
        return count + 1

    @staticmethod
    def _last(record: logging.LogRecord, first_beyond: bool, whose: str) -> bool:
        """The first line beyond a limit says so (and is kept); the others are left out."""
        if first_beyond:
            record.msg = "%s: more lines like these left out for the rest of this minute"
            record.args = (whose,)
            record.exc_info = None
        return first_beyond


def log_to(handler: logging.Handler) -> Callable[[], None]:
    """Send the host's log (its own lines, its web server's and its loop's) to ``handler``
    only, one line per event and quiet (see :class:`Quiet`); returns how to undo it."""
    handler.setFormatter(OneLine())
    quiet = Quiet()
    handler.addFilter(quiet)
    undo = []
    for name in LOGGERS:
        logger = logging.getLogger(name)
        undo.append((logger, logger.propagate, logger.level))
        logger.addHandler(handler)
        logger.propagate = False
        if logger.level == logging.NOTSET or logger.level > logging.WARNING:
            logger.setLevel(logging.WARNING)

    def undone() -> None:
        for logger, propagate, level in undo:
            logger.removeHandler(handler)
            logger.propagate = propagate
            logger.setLevel(level)

    return undone
