"""One seat's side of a hosted game: :class:`Client`, its connection to the host (asyncio,
reconnecting by itself), and :class:`RemoteSession`, the game session of that seat with the
interface the app's play screens use of :class:`~forum_trajanum.core.session.GameSession`
(its view, legal actions, log, scores, play and undo), mirrored from the host. Both run on
the event loop of the window that plays the seat (Textual's): one loop for the window and its
connection.

A client holds exactly what the host sent its seat: the seat's own view and the public log.
Every request names the decision it answers and waits for its answer; when the connection is
lost meanwhile, the client connects again and sends it again, and the host answers it once
(applied, or refused in words when the game has moved on).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import aiohttp

from forum_trajanum.core.errors import GameError
from forum_trajanum.core.game import GAMES, Game
from forum_trajanum.core.session import LogEntry, RoundScores
from forum_trajanum.core.text import printable
from forum_trajanum.net.protocol import (
    MAX_HOST_MESSAGE,
    Act,
    Address,
    Answer,
    Hello,
    LogLine,
    Presence,
    ProtocolError,
    Refused,
    State,
    Undo,
    Welcome,
    dump,
    parse_address,
    read_host,
)
from forum_trajanum.net.views import rebuilt_view

#: Seconds a request waits for its answer (reconnections included) before giving up.
REQUEST_WAIT = 30.0
#: Seconds between attempts to connect again: doubling from the first to the last.
RETRY_FIRST, RETRY_LAST = 0.05, 2.0
#: Seconds between websocket pings (a host gone silent is noticed).
HEARTBEAT = 15.0


class JoinError(GameError):
    """The seat cannot be played (a wrong secret, no host there, another protocol): player
    words."""


class NotSent(JoinError):
    """A request that was not sent: the connection is lost (player words)."""


class Malformed(ValueError):
    """What the host sent cannot be a message of this game (its words say what)."""


#: The kinds of :attr:`Client.ended` after which trying again cannot help (the window stops
#: connecting): a refusal's reason, or "malformed" (the host sent what cannot be read),
#: "refused" (the host's HTTP answer refused the connection), "unreachable" (no host listens
#: there, found before the seat was ever played).
FINAL = ("stopped", "elsewhere", "secret", "ended", "malformed", "refused", "unreachable")


def what_to_do(reason: str, address: Address) -> str:
    """What a person whose connection ended for ``reason`` can do (player words)."""
    again = f"forum-trajanum join {address.url()}"
    if reason == "stopped":
        # short, the address early: at 80x24 the window has two lines for it (QA: the
        # address was cut off there, the one thing the player needed)
        return (
            "The host stopped the game; nothing is lost. Rejoin once it is back (host "
            f"--continue): forum-trajanum join {address.short()}"
        )
    if reason == "elsewhere":
        return (
            "Your seat is now played from another window, so this one has stopped. To play "
            "here instead, close the other window, then join again (a lost connection is let "
            f"go within half a minute): {again}"
        )
    if reason == "full":
        return "The host is full: it takes no more connections now. Try again in a while."
    if reason == "ended":
        return "The game is over on the host."
    if reason == "secret":
        return (
            "This address opens no seat on the host (a wrong or replaced secret): ask the "
            "host for your seat's address again."
        )
    return ""


class Client:
    """One seat's connection to a game host (see the module's docstring)."""

    def __init__(
        self,
        address: Address | str,
        *,
        client_id: str | None = None,
        origin: str | None = None,
        reconnect: bool = True,
        keep_frames: bool = False,
        on_change: Callable[[Client], None] | None = None,
        ssl_context=None,
    ) -> None:
        self.address = parse_address(address) if isinstance(address, str) else address
        #: This client, the same across its reconnections.
        self.client_id = client_id or secrets.token_urlsafe(12)
        self.origin = origin
        self.reconnect = reconnect
        self.ssl_context = ssl_context
        #: Called (in the client's event loop) after every message from the host.
        self.on_change = on_change
        self.welcome: Welcome | None = None
        self.state: State | None = None
        self.log: list[LogLine] = []
        self.presence: list[bool] = []
        #: Why the host refused this seat ("" when it did not), in player words: everything
        #: the host sends is untrusted, shown as plain text (:func:`printable`).
        self.problem = ""
        #: Why the connection ended for good ("" while it is tried again): one of
        #: :data:`FINAL`. The window stops connecting and says :attr:`problem`.
        self.ended = ""
        #: Why connecting again does not work yet, while it is tried again ("" when nothing
        #: is known): the host is full, for one.
        self.trouble = ""
        #: Every message received, as its text (``keep_frames``: the privacy tests read them).
        self.frames: list[str] | None = [] if keep_frames else None
        #: Whether the last request answered was sent again after a reconnection (the
        #: connection was lost while it waited for its answer; the host answers it once).
        self.resent = False
        #: How many times the connection was made (1 at first; more after reconnections).
        self.connections = 0
        self._answers: dict[int, asyncio.Future] = {}
        self._next_id = 0
        self._requests = asyncio.Lock()
        self._changed = asyncio.Event()
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._up = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._http: aiohttp.ClientSession | None = None
        self._closing = False
        self._view: tuple[State, Any] | None = None

    # --- what the seat knows -------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self.welcome.seat if self.welcome is not None else -1

    @property
    def rules(self) -> Game:
        assert self.welcome is not None
        return GAMES.get(self.welcome.game)

    @property
    def options(self):
        assert self.welcome is not None
        return self.rules.options.model_validate(self.welcome.options)

    @property
    def view(self):
        """The seat's view now (rebuilt from the host's JSON once per state)."""
        state = self.state
        if state is None:
            return None
        if self._view is None or self._view[0] is not state:
            self._view = (state, rebuilt_view(self.rules, self.options, state.view, state.legal))
        return self._view[1]

    @property
    def connected(self) -> bool:
        return self._up.is_set()

    # --- running ---------------------------------------------------------------------------

    async def start(self, timeout: float = 10.0) -> None:
        """Connect and wait for the seat's first state; :class:`JoinError` when the host
        refuses (or cannot be reached within ``timeout``)."""
        self._task = asyncio.get_running_loop().create_task(self._run())
        try:
            await self.wait_for(lambda c: c.state is not None or c.problem, timeout)
        except TimeoutError:
            await self.close()
            raise JoinError(
                f"No game host answered at {self.address.where} within {timeout:g} seconds: "
                "is the host running, and is the address right?"
            ) from None
        if self.problem and self.state is None:
            problem = self.problem
            await self.close()
            raise JoinError(problem)

    def _end(self, reason: str, words: str) -> None:
        """The connection ends for good: no more tries; ``words`` say why."""
        self.ended = reason
        self.problem = words

    async def close(self) -> None:
        """Leave the table (the seat stays: its address opens it again)."""
        self._closing = True
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def _run(self) -> None:
        wait = RETRY_FIRST
        self._http = aiohttp.ClientSession()
        while not self._closing:
            said = (self.problem, self.trouble)
            try:
                await self._session_once()
                wait = RETRY_FIRST  # it was connected: try again at once
            except aiohttp.ClientSSLError as exc:
                self.problem = (
                    f"The host's TLS certificate is not trusted here ({exc.__class__.__name__}); "
                    "for a certificate the host made itself, join with --cafile FILE."
                )
            except aiohttp.WSServerHandshakeError as exc:
                self._refused_by_http(exc.status)
            except aiohttp.ClientConnectorError as exc:
                if self.state is None:  # nothing to come back to: say so at once
                    self._end("unreachable", self._unreachable(exc.os_error))
            except (aiohttp.ClientError, OSError, TimeoutError):
                pass
            except Exception as exc:  # what the host sent broke a check: never a traceback
                self._end(
                    "malformed",
                    f"The host sent something this window cannot read ({_first_line(exc)}).",
                )
            finally:
                was_up = self._up.is_set()
                self._up.clear()
                self._ws = None
                # a connection lost, or something new to say: not each failed try again
                # (the window redraws on each, which took away a note it had just shown)
                if was_up or (self.problem, self.trouble) != said:
                    self._notify()
            if self._closing or not self.reconnect or self.problem:
                break
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_LAST)

    def _unreachable(self, error: OSError) -> str:
        if isinstance(error, ConnectionRefusedError):
            why = "the connection was refused: nothing listens on that port"
        else:
            why = printable(error.strerror or error)
        return (
            f"No game host is listening at {self.address.where} ({why}): is the host running, "
            "and is the address right?"
        )

    def _refused_by_http(self, status: int) -> None:
        """The host answered the websocket's request with an HTTP refusal: say it as it is
        (it answered: it runs)."""
        where = self.address.where
        if status == 503:
            words = f"The game host at {where} is full: it takes no more connections now."
            if self.state is None:
                self._end("full", f"{words} Try again in a while.")
            else:
                self.trouble = f"{words} Trying again by itself…"
            return
        if status in (401, 403):
            words = f"The game host at {where} refused this connection (HTTP {status})."
        elif self.state is not None:  # a proxy's 502 while the host starts again, say
            self.trouble = f"The game host at {where} answered HTTP {status}: trying again…"
            return
        else:
            words = f"The game host at {where} answered HTTP {status}: it plays no game there."
        self._end("refused", f"{words} Check the address, or ask the host.")

    async def _session_once(self) -> None:
        headers = {"Origin": self.origin} if self.origin else None
        assert self._http is not None
        async with self._http.ws_connect(
            self.address.websocket(),
            heartbeat=HEARTBEAT,
            max_msg_size=MAX_HOST_MESSAGE,
            headers=headers,
            ssl=self.ssl_context if self.ssl_context is not None else True,
        ) as ws:
            self._ws = ws
            hello = Hello(
                table=self.address.table,
                secret=self.address.secret,
                client=self.client_id,
                log_from=len(self.log),
            )
            await ws.send_str(dump(hello))
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    continue
                if self.frames is not None:
                    self.frames.append(message.data)
                try:
                    self._take(read_host(message.data))
                except (ProtocolError, Malformed) as exc:
                    self._end(
                        "malformed",
                        f"The host sent something this window cannot read: {printable(exc)}. "
                        "Both sides need the same release of forum-trajanum.",
                    )
                    return
                if self.ended:  # refused for good: nothing more to read of this host
                    return

    def _take(self, message) -> None:
        """One message from the host: checked against the game and what came before, its
        texts made plain (the host is not trusted: a text reaches a terminal); raises
        :class:`Malformed` for what cannot be this game's."""
        if isinstance(message, Welcome):
            self.welcome = checked_welcome(message, self.welcome)
            self.connections += 1
        elif isinstance(message, State):
            if self.welcome is None:
                raise Malformed("a state before the welcome")
            message = checked_state(message, self.welcome)
            if message.log_start > len(self.log):
                raise Malformed("log lines with a gap before them")
            self._view = (message, self._rebuilt(message))
            del self.log[message.log_start :]
            self.log.extend(message.log)
            self.state = message
            self.trouble = ""
            self._up.set()
        elif isinstance(message, Presence):
            players = len(self.welcome.names) if self.welcome is not None else 0
            self.presence = list(message.connected[:players])
        elif isinstance(message, Answer):
            future = self._answers.pop(message.id, None)
            if future is not None and not future.done():
                future.set_result(message.model_copy(update={"words": printable(message.words)}))
        elif isinstance(message, Refused):
            self._refused(message)
        self._notify()

    def _refused(self, message: Refused) -> None:
        """The host refused the seat: act on the kind of refusal (its ``reason``); its words,
        made plain, are quoted."""
        words = printable(message.words)
        reason = message.reason
        said = f" (The host says: {words})" if words else ""
        if reason == "full" or (reason == "other" and message.retry):
            if self.state is not None:  # the seat was ours a moment ago: try again
                self.trouble = (
                    f"The host refused to connect again for now{said}: trying again by itself…"
                )
            elif reason == "full":
                self._end("full", what_to_do("full", self.address) + said)
            else:
                self._end("other", words or "The host refused this connection for now.")
            return
        if reason == "other":
            self._end("other", words or "The host refused this connection.")
            return
        if reason == "elsewhere" and self.state is None:  # this window never had the seat
            already = words or "This seat is already played from another window."
            self._end(
                reason, f"{already} Then join again: forum-trajanum join {self.address.url()}"
            )
            return
        self._end(reason, what_to_do(reason, self.address) + said)

    def _rebuilt(self, state: State):
        try:
            return rebuilt_view(self.rules, self.options, state.view, state.legal)
        except Exception as exc:  # pydantic's, an action's parse error, a rule's own check
            title = self.rules.title
            raise Malformed(f"a view of {title} that is not one ({_first_line(exc)})") from None

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()
        if self.on_change is not None:
            self.on_change(self)

    async def wait_for(self, condition: Callable[[Client], Any], timeout: float | None = 30.0):
        """Wait until ``condition(client)`` holds (checked after each message); raises
        ``TimeoutError`` (None: no time limit of its own)."""
        async with asyncio.timeout(timeout):
            while not (value := condition(self)):
                await self._changed.wait()
        return value

    # --- requests --------------------------------------------------------------------------

    async def act(
        self, text: str, decision: str | None = None, timeout: float = REQUEST_WAIT
    ) -> Answer:
        """Play ``text`` as this seat's answer to ``decision`` (the one on screen when it was
        chosen; by default the latest state's); the host's answer (``applied``, or ``words``
        saying why not: a choice made on a screen the game has moved past is refused)."""
        async with self._requests:
            assert self.state is not None
            answered = decision or self.state.decision
            return await self._request(
                lambda id_: Act(id=id_, decision=answered, action=text), timeout
            )

    async def undo(self, timeout: float = REQUEST_WAIT) -> Answer:
        """Take back the last step of this seat's turn."""
        async with self._requests:
            assert self.state is not None
            return await self._request(
                lambda id_: Undo(id=id_, decision=self.state.decision), timeout
            )

    def _final(self) -> None:
        """Raise :class:`JoinError` in the words of an ended connection."""
        if self.ended:
            raise JoinError(self.problem)

    async def _request(self, make, timeout: float) -> Answer:
        self._final()
        if not self.connected:
            # a key pressed while the connection is lost is not kept to be played later,
            # when the game may have moved on: the person chooses again once it is back
            raise NotSent(
                "Not sent: the connection to the host is lost. Choose again once it is back."
            )
        self._next_id += 1
        message = make(self._next_id)
        text = dump(message)
        future = asyncio.get_running_loop().create_future()
        self._answers[message.id] = future
        sent = 0
        try:
            async with asyncio.timeout(timeout):
                while True:
                    await self.wait_for(lambda c: c.connected or c.ended, None)
                    self._final()
                    ws = self._ws
                    try:
                        if ws is None:
                            raise ConnectionError
                        await ws.send_str(text)
                        sent += 1
                    except (ConnectionError, RuntimeError, aiohttp.ClientError):
                        await self.wait_for(lambda c: not c.connected or future.done(), None)
                        continue
                    # the answer, or the connection lost (then the same request again: the
                    # host answers it once)
                    lost = asyncio.ensure_future(self.wait_for(partial(_moved_on, ws=ws), None))
                    try:
                        await asyncio.wait({future, lost}, return_when=asyncio.FIRST_COMPLETED)
                    finally:
                        lost.cancel()
                    if future.done():
                        self.resent = sent > 1
                        return future.result()
        except TimeoutError:
            raise JoinError(
                "The host did not answer in time; the connection is tried again by itself."
            ) from None
        finally:
            self._answers.pop(message.id, None)


def _first_line(error: Exception) -> str:
    return printable(
        str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    )[:160]


def _moved_on(client: Client, ws: object) -> bool:
    """Whether ``client`` is no longer on the connection ``ws`` (lost: a new one), or its
    game has ended."""
    return client._ws is not ws or bool(client.ended)


def checked_welcome(welcome: Welcome, before: Welcome | None) -> Welcome:
    """The host's welcome, checked (a game this release plays, its options, a name and a bot
    level for each seat, the client's seat among them; a reconnection's the same table and
    seat as before), its texts plain; :class:`Malformed` otherwise."""
    try:
        rules = GAMES.get(welcome.game)
    except (LookupError, TypeError, ImportError):
        raise Malformed(
            f"a game this release does not know ({printable(welcome.game)[:40]!r})"
        ) from None
    try:
        options = rules.options.model_validate(welcome.options)
    except Exception as exc:
        raise Malformed(f"options {rules.title} does not have ({_first_line(exc)})") from None
    players = getattr(options, "players", len(welcome.names))
    if not (len(welcome.names) == len(welcome.bots) == players) or welcome.seat >= players:
        raise Malformed(f"seats that do not match a game of {players} players")
    if before is not None and (before.game, before.table, before.seat) != (
        welcome.game,
        welcome.table,
        welcome.seat,
    ):
        raise Malformed("another game or seat after connecting again")
    return welcome.model_copy(
        update={
            "title": printable(welcome.title),
            "names": [printable(name) for name in welcome.names],
            "bots": [printable(level) for level in welcome.bots],
        }
    )


def checked_state(state: State, welcome: Welcome) -> State:
    """The host's state of the seat, checked against its welcome (who decides, the scores and
    log lines of as many seats as the game has), its texts plain; :class:`Malformed`
    otherwise. The view itself is checked by rebuilding it (:meth:`Client._rebuilt`)."""
    players = len(welcome.names)
    seats = range(-1, players)
    if state.decider not in seats:
        raise Malformed(f"a seat {state.decider} deciding in a game of {players}")
    if any(len(line.scores) != players for line in state.rounds):
        raise Malformed("scores of another number of players")
    lines = []
    for line in state.log:
        if (
            line.seat not in seats
            or line.actor not in seats
            or len(line.points) not in (0, players)
        ):
            raise Malformed("a log line of a seat the game does not have")
        lines.append(line.model_copy(update={"text": printable(line.text)}))
    return state.model_copy(
        update={
            "log": lines,
            "legal": [printable(text) for text in state.legal],
            "played_alone": printable(state.played_alone),
            "view": _plain(state.view),
        }
    )


def _plain(data: Any) -> Any:
    """JSON data with every text plain (:func:`printable`: a text a view carries may reach
    the screen)."""
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, dict):
        return {printable(key): _plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_plain(value) for value in data]
    return data


@dataclass(frozen=True)
class RemoteRecord:
    """What a joined seat knows of the game's record: its game, options, names and bots, and
    how many actions it has had. Their texts are not sent (another seat's may be secret):
    :attr:`actions` holds an empty text for each."""

    game: str
    options: Any
    names: list[str]
    bots: list[str]
    steps: int
    seed: int = 0
    #: What the window keeps for itself (the coach's memory: ``meta.coach``), or None.
    meta: Any = None

    @property
    def actions(self) -> list[str]:
        return [""] * self.steps


class RemoteSession:
    """The game session of one seat played on a host: what the app's play screens use of a
    :class:`~forum_trajanum.core.session.GameSession`, mirrored from the host. The host saves
    the game: saving here does nothing.

    Its connection runs on the event loop it was connected on (:meth:`connect`): a window's
    own, Textual's, so one loop serves the window and its connection, and the window's async
    workers send its moves (:meth:`act`, :meth:`take_back`); :meth:`play`, :meth:`undo` and
    :meth:`close` block, for code in another thread (a test's)."""

    def __init__(self) -> None:
        """An unconnected session: :meth:`connect` makes one."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listeners: list[Callable[[RemoteSession], None]] = []
        self._ready = threading.Condition()
        self._version = 0
        self.autosave = False
        self.save_error = ""
        self.background_saves = False
        #: What the window keeps of the game for itself (``record.meta``: the coach's
        #: memory), and how it writes it (:meth:`save`); the host keeps the game.
        self.meta: Any = None
        self.keep: Callable[[], None] | None = None
        self.client: Client

    @classmethod
    async def connect(
        cls, address: Address | str, *, timeout: float = 10.0, **client_options
    ) -> RemoteSession:
        """A session of the seat at ``address``, its connection on the running event loop;
        :class:`JoinError` when the host refuses it (or cannot be reached within
        ``timeout``)."""
        session = cls()
        session._loop = asyncio.get_running_loop()
        session.client = Client(address, on_change=session._changed, **client_options)
        await session.client.start(timeout)
        return session

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the connection runs on."""
        assert self._loop is not None
        return self._loop

    @property
    def _welcome(self) -> Welcome:
        """The host's welcome (a connected session has had it)."""
        welcome = self.client.welcome
        assert welcome is not None
        return welcome

    def _changed(self, _client) -> None:
        with self._ready:
            self._version += 1
            self._ready.notify_all()
        for listener in list(self._listeners):
            listener(self)

    def _call(self, coroutine, timeout: float | None = None):
        """Run ``coroutine`` on the connection's loop from another thread and wait for it."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:  # no loop runs in this thread: as it should
            running = None
        if running is not None and running is self._loop:
            coroutine.close()
            raise RuntimeError(
                "a blocking call on the connection's own event loop (it would wait for "
                "itself): await act(), take_back() or aclose() there"
            )
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def on_change(self, listener: Callable[[RemoteSession], None]) -> None:
        """Call ``listener(session)`` after every message from the host (on the
        connection's event loop: the window's own, after :meth:`connect`)."""
        self._listeners.append(listener)

    def wait_until(self, condition: Callable[[RemoteSession], Any], timeout: float = 30.0):
        """Block until ``condition(session)`` holds (checked after each message from the
        host), from a thread other than the connection's; raises ``TimeoutError``."""
        with self._ready:
            if not self._ready.wait_for(lambda: condition(self), timeout):
                raise TimeoutError("the condition did not come true in time")
        return condition(self)

    # --- who and what (as GameSession) -------------------------------------------------------

    @property
    def rules(self) -> Game:
        return self.client.rules

    @property
    def seat(self) -> int:
        """The seat this session plays."""
        return self.client.seat

    @property
    def host_state(self) -> State:
        """The host's last message of the seat's state."""
        assert self.client.state is not None
        return self.client.state

    @property
    def state(self):
        """What this seat knows of the game's state: its own view (a client never holds
        another seat's secrets; what the screens read of a state, the points, is public)."""
        return self.client.view

    @property
    def record(self) -> RemoteRecord:
        welcome = self._welcome
        return RemoteRecord(
            game=welcome.game,
            options=self.client.options,
            names=list(welcome.names),
            bots=list(welcome.bots),
            steps=self.host_state.steps,
            meta=self.meta,
        )

    @property
    def players(self) -> int:
        return len(self._welcome.names)

    @property
    def decider(self) -> int:
        return self.host_state.decider

    @property
    def over(self) -> bool:
        return self.host_state.over

    @property
    def steps(self) -> int:
        """How many actions the game has had."""
        return self.host_state.steps

    @property
    def scorings(self) -> int:
        return self.host_state.scorings

    @property
    def connected(self) -> bool:
        return self.client.connected

    @property
    def ended(self) -> str:
        """Why the connection ended for good ("" while it holds or is tried again): one of
        :data:`FINAL`."""
        return self.client.ended

    @property
    def problem(self) -> str:
        """What the window says of an ended connection, and what to do (player words)."""
        return self.client.problem

    @property
    def trouble(self) -> str:
        """Why connecting again does not work yet ("" when nothing is known)."""
        return self.client.trouble

    @property
    def resent(self) -> bool:
        """Whether the last move or undo answered was sent again after a reconnection."""
        return self.client.resent

    @property
    def presence(self) -> list[bool]:
        return list(self.client.presence)

    def name(self, seat: int) -> str:
        names = self._welcome.names
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    def bot_level(self, seat: int) -> str:
        bots = self._welcome.bots
        return bots[seat] if 0 <= seat < len(bots) else ""

    def is_bot(self, seat: int) -> bool:
        return bool(self.bot_level(seat))

    def view_of(self, seat: int | None = None):
        """The seat's own view (the only one a client has, whichever seat is asked of)."""
        return self.client.view

    def public_view(self):
        """The seat's own view: a joined seat's screen is its own only."""
        return self.client.view

    @property
    def log(self) -> list[LogEntry]:
        return [
            LogEntry(line.seat, line.text, line.period, line.actor, tuple(line.points))
            for line in self.client.log
        ]

    @property
    def rounds(self) -> list[RoundScores]:
        rounds = self.host_state.rounds
        return [RoundScores(r.period, tuple(r.scores)) for r in rounds]

    @property
    def played_alone(self) -> str:
        return self.host_state.played_alone

    # --- acting ------------------------------------------------------------------------------

    @property
    def decision(self) -> str:
        """The name of the decision the seat's latest state is at (a move names it)."""
        return self.host_state.decision

    async def act(self, action, decision: str | None = None) -> list[LogEntry]:
        """Send ``action`` (or its text) as this seat's answer to ``decision`` (by default
        the latest state's); raises :class:`GameError` with the host's words when it was not
        played. Returns once the host has saved it and the seat's new state is here: the
        public log lines it added."""
        before = len(self.client.log)
        answer = await self.client.act(str(action), decision)
        if not answer.applied:
            raise GameError(answer.words)
        return self.log[before:]

    async def take_back(self) -> bool:
        """Take back the last step of the seat's turn; whether the host did."""
        if not self.can_undo():
            return False
        return (await self.client.undo()).applied

    def play(self, action, seat: int | None = None, decision: str | None = None):
        """:meth:`act`, from a thread other than the connection's (it blocks)."""
        if seat is not None and seat != self.seat:
            raise GameError(f"this window plays {self.name(self.seat)}'s seat only")
        return self._call(self.act(action, decision), REQUEST_WAIT + 5)

    def can_undo(self) -> bool:
        return self.client.state is not None and self.client.state.can_undo

    def undo(self) -> bool:
        """:meth:`take_back`, from a thread other than the connection's (it blocks)."""
        return bool(self._call(self.take_back(), REQUEST_WAIT + 5))

    # --- saving: the host's ----------------------------------------------------------------

    def save(self) -> None:
        """The host saves the game after every action; here only what the window keeps for
        itself (:attr:`meta`) is written, by :attr:`keep`."""
        if self.keep is not None:
            self.keep()

    @property
    def saved(self) -> bool:
        return True

    @property
    def unsaved(self) -> int:
        return 0

    def wait_saved(self) -> None:
        """Nothing is saved here."""

    async def aclose(self) -> None:
        """Leave the table (its address opens the seat again), on the connection's loop."""
        with contextlib.suppress(Exception):
            await self.client.close()

    def close(self) -> None:
        """Leave the table, from a thread other than the connection's (it blocks)."""
        self._call(self.aclose(), 5)


if TYPE_CHECKING:  # the type checker holds RemoteSession to what the screens use of a session
    from forum_trajanum.core.seat import Session

    _REMOTE: type[Session] = RemoteSession
