"""What a game host and a seat's client say to each other, and a seat's address.

Every message is a JSON object in one websocket text message (aiohttp's websockets do the
framing), validated by a frozen pydantic model here. Each carries ``v``, the protocol's version
(:data:`VERSION`): a message of another version is refused in words that say so, before
anything else of it is read. Sizes are bounded: a client's message by
:data:`MAX_CLIENT_MESSAGE` bytes (the host's websocket refuses a longer one), a host's by
:data:`MAX_HOST_MESSAGE`, and every text and list field by its model.

The client says:

- :class:`Hello`: which table, the seat's secret, which client it is (a reconnection of the
  same client replaces its lost connection), and how many log lines it has already;
- :class:`Act`: an action's text and the decision it answers (:attr:`State.decision`);
- :class:`Undo`: take back the last step of its own turn (naming the decision too).

The host says:

- :class:`Welcome`: the table's game, its seats' names and bots, and which seat is the
  client's;
- :class:`State`: the seat's view (``Game.view(state, seat)``), its legal actions when the
  decision is its own, the public log lines it has not had, the scores after each round;
- :class:`Presence`: which seats have a connection now;
- :class:`Answer`: whether an :class:`Act` or :class:`Undo` was carried out, in player words
  when it was not;
- :class:`Refused`: why a connection cannot play (the host closes it after).

A seat's address names the host, the table and the seat's secret:
``http://HOST:PORT/TABLE/SECRET`` (``https`` with TLS); its short form, to read aloud or
type, leaves out the scheme and the default port: ``HOST/TABLE/SECRET``.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from forum_trajanum.core.record import MAX_ACTION
from forum_trajanum.core.text import printable

#: The protocol's version: the ``v`` of every message.
VERSION: Final = 1
#: The most bytes a client's message may have (the host's websocket refuses a longer one).
MAX_CLIENT_MESSAGE = 8 * 1024
#: The most bytes a host's message may have (a whole view and log fit many times over).
MAX_HOST_MESSAGE = 4 * 1024 * 1024
#: The port a host listens on unless told otherwise.
DEFAULT_PORT = 8765
#: The most tables one host holds.
MAX_TABLES = 999
#: The longest log line a state message carries (a game's lines are far shorter).
MAX_LINE = 2000
#: The most log lines one state message carries (a whole game's log fits).
MAX_LINES = 20_000
#: Letters of a seat's secret: no 0/o, 1/l/i, which read aloud or copied by hand are mixed up.
SECRET_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
#: A secret is this many letters (31**20 is about 2**99), in groups of 5 joined by "-".
SECRET_LENGTH = 20

_Id = Annotated[int, Field(ge=0, lt=2**31)]
_Seat = Annotated[int, Field(ge=-1, le=7)]
#: A decision's name: how many actions the game has had, and how many steps were taken back.
_Decision = Annotated[str, Field(max_length=24, pattern=r"^\d{1,9}\.\d{1,9}$")]
_Name = Annotated[str, Field(max_length=80)]
_Words = Annotated[str, Field(max_length=1000)]


class ProtocolError(ValueError):
    """A message that is not one of this protocol's (its words say why, for a log or a
    refusal)."""


class Message(BaseModel):
    """Base of every message: frozen, no field beyond its own, and the protocol's version."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = VERSION


# --- the client's messages ----------------------------------------------------------------


class Hello(Message):
    """The first message of a connection: the seat it plays."""

    type: Literal["hello"] = "hello"
    table: Annotated[int, Field(ge=1, le=MAX_TABLES)]
    secret: Annotated[str, Field(max_length=64)]
    #: This client (random, made once per client): a reconnection of the same client replaces
    #: its old connection; another client on the same seat is refused while one is connected.
    client: Annotated[str, Field(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
    #: How many of the table's log lines the client has (the host sends the ones after).
    log_from: Annotated[int, Field(ge=0, le=10**7)] = 0


class Act(Message):
    """Play ``action`` (its text) as the answer to ``decision``."""

    type: Literal["act"] = "act"
    id: _Id
    decision: _Decision
    action: Annotated[str, Field(max_length=MAX_ACTION)]


class Undo(Message):
    """Take back the last step of the seat's own turn (at ``decision``)."""

    type: Literal["undo"] = "undo"
    id: _Id
    decision: _Decision


ClientMessage = Annotated[Hello | Act | Undo, Field(discriminator="type")]


# --- the host's messages ------------------------------------------------------------------


class Welcome(Message):
    """The table the connection plays at, and its seat."""

    type: Literal["welcome"] = "welcome"
    game: Annotated[str, Field(max_length=40)]
    title: _Name
    table: Annotated[int, Field(ge=1, le=MAX_TABLES)]
    seat: Annotated[int, Field(ge=0, le=7)]
    names: Annotated[list[_Name], Field(max_length=8)]
    #: per seat: "" for a person, else the bot's level
    bots: Annotated[list[_Name], Field(max_length=8)]
    #: the game's options (its options model as JSON)
    options: dict[str, Any]


class LogLine(BaseModel):
    """One public log line (:class:`~forum_trajanum.core.session.LogEntry`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: _Seat
    text: Annotated[str, Field(max_length=MAX_LINE)]
    period: tuple[int, int]
    actor: _Seat = -1
    #: every seat's points by category just after the action that wrote the line
    points: Annotated[list[dict[str, int]], Field(max_length=8)] = []


class RoundLine(BaseModel):
    """Every seat's score at the end of one round (scores are public)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    period: tuple[int, int]
    scores: Annotated[list[int], Field(max_length=8)]


class State(Message):
    """Where the game stands for one seat: all of it but the log lines it already has."""

    type: Literal["state"] = "state"
    #: The decision to answer now (an :class:`Act` names it).
    decision: _Decision
    #: How many actions the game has had.
    steps: Annotated[int, Field(ge=0)]
    decider: _Seat
    over: bool
    #: ``Game.view(state, seat)`` as JSON (:mod:`forum_trajanum.net.views`).
    view: dict[str, Any]
    #: The seat's legal actions (texts) when the decision is its own, else none.
    legal: Annotated[list[Annotated[str, Field(max_length=MAX_ACTION)]], Field(max_length=10_000)]
    #: The log: the lines from number ``log_start`` on (the client keeps those before).
    log_start: Annotated[int, Field(ge=0)]
    log: Annotated[list[LogLine], Field(max_length=MAX_LINES)]
    rounds: Annotated[list[RoundLine], Field(max_length=100)]
    #: How many scorings (cycle or quarter ends) the game has had.
    scorings: Annotated[int, Field(ge=0, le=100)]
    #: Whether the seat can take back a step of its turn now.
    can_undo: bool = False
    #: What the seat's last action led to by itself (the game's ``played_alone``), for its
    #: next decision's message; "" for nothing (and always for another seat's action). While
    #: the host cannot save the game, words saying so follow, for every seat.
    played_alone: _Words = ""


class Presence(Message):
    """Which seats have a connection (a bot's seat never has one)."""

    type: Literal["presence"] = "presence"
    connected: Annotated[list[bool], Field(max_length=8)]


class Answer(Message):
    """The outcome of the client's :class:`Act` or :class:`Undo` number ``id``."""

    type: Literal["answer"] = "answer"
    id: _Id
    applied: bool
    #: Why not (player words), or "" when applied.
    words: _Words = ""


class Refused(Message):
    """This connection cannot play (the host closes it after): why, in player words."""

    type: Literal["refused"] = "refused"
    words: _Words
    #: Whether trying again later may work (a full host, a seat in use), or never will (a
    #: wrong secret, another protocol version).
    retry: bool = False
    #: What kind of refusal, for the client to act on (the words are for the player):
    #: "stopped" the host was stopped on purpose; "elsewhere" the seat is played from another
    #: window; "full" the host takes no more connections now; "secret" the address opens no
    #: seat (wrong or replaced secret); "ended" the game is over; "other" anything else.
    reason: Literal["other", "stopped", "elsewhere", "full", "secret", "ended"] = "other"


HostMessage = Annotated[Welcome | State | Presence | Answer | Refused, Field(discriminator="type")]

_CLIENT = TypeAdapter(ClientMessage)
_HOST = TypeAdapter(HostMessage)


class _Versioned(BaseModel):
    """Only a message's version (read when a message does not validate, to say why)."""

    v: Any = None


def _read(text: str | bytes, adapter: TypeAdapter, who: str):
    # pydantic's own JSON parser: no Python recursion (a message of brackets cannot exhaust
    # the stack), no NaN, and no Python object made for what does not validate
    try:
        return adapter.validate_json(text)
    except ValidationError as exc:
        problem = exc
    try:
        version = _Versioned.model_validate_json(text).v
    except ValidationError:
        raise ProtocolError("not a message: a message is a JSON object") from None
    if version != VERSION:
        raise ProtocolError(
            f"the {who} speaks version {_shown(version)} of the game's protocol; this one "
            f"speaks version {VERSION}: both sides need the same release of forum-trajanum"
        )
    first = problem.errors()[0]
    # the words name what was sent (a key, a type tag): shown printable wherever they go
    where = printable(".".join(str(part) for part in first["loc"])[:60])
    raise ProtocolError(f"a malformed message ({where}: {printable(first['msg'][:120])})") from None


def read_client(text: str | bytes) -> Hello | Act | Undo:
    """A client's message; :class:`ProtocolError` for anything else."""
    return _read(text, _CLIENT, "client")


def read_host(text: str | bytes) -> Welcome | State | Presence | Answer | Refused:
    """A host's message; :class:`ProtocolError` for anything else."""
    return _read(text, _HOST, "host")


def dump(message: Message) -> str:
    """A message as the JSON text a websocket carries."""
    return message.model_dump_json()


def _quoted(text: object, most: int = 100) -> str:
    """What a person gave, in quotes, as plain text: whole up to ``most`` characters, else
    cut with "…" inside the quotes (never a quote left open)."""
    shown = printable(text)
    return f"'{shown if len(shown) <= most else shown[: most - 1] + '…'}'"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."


# --- secrets --------------------------------------------------------------------------------


def new_secret() -> str:
    """A new seat secret: 20 letters of :data:`SECRET_LETTERS` in groups of 5 ("k7dqm-...")."""
    letters = "".join(secrets.choice(SECRET_LETTERS) for _ in range(SECRET_LENGTH))
    return "-".join(letters[i : i + 5] for i in range(0, SECRET_LENGTH, 5))


def plain_secret(secret: str) -> str:
    """A secret as it is compared: lower case, without its dashes and blanks (read aloud or
    typed, its groups may be written either way)."""
    return "".join(secret.lower().replace("-", "").split())


def digest(secret: str) -> str:
    """What a save keeps of a secret: its SHA-256 digest (hex). A secret is ~99 random bits:
    a digest cannot be turned back into it."""
    return hashlib.sha256(plain_secret(secret).encode("utf-8", "replace")).hexdigest()


def secret_matches(secret: str, expected: str) -> bool:
    """Whether ``secret`` is the one whose digest is ``expected``, compared in constant time
    (the digests; an empty ``expected``, a bot's seat, matches nothing)."""
    given = digest(secret)
    return hmac.compare_digest(given, expected or "-" * len(given)) and bool(expected)


# --- addresses ------------------------------------------------------------------------------


class AddressError(ValueError):
    """Text that is not a seat's address; the words say what one looks like."""


@dataclass(frozen=True)
class Address:
    """Where a seat is played: the host, its port, the table and the seat's secret."""

    host: str
    port: int
    table: int
    secret: str
    tls: bool = False

    @property
    def where(self) -> str:
        """``host:port`` (an IPv6 host in brackets)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    def url(self) -> str:
        """The address to open (``join`` takes it, a browser may too)."""
        return f"{'https' if self.tls else 'http'}://{self.where}/{self.table}/{self.secret}"

    def short(self) -> str:
        """The address to read aloud or type: without its scheme (http is what ``join``
        assumes) and without the port where it is the host's default one; the whole address
        with TLS (the scheme says to use it)."""
        if self.tls:
            return self.url()
        host = f"[{self.host}]" if ":" in self.host else self.host
        where = host if self.port == DEFAULT_PORT else self.where
        return f"{where}/{self.table}/{self.secret}"

    def has_short(self) -> bool:
        """Whether :meth:`short` leaves out more than the scheme (worth printing beside the
        address)."""
        return not self.tls and self.port == DEFAULT_PORT

    def websocket(self) -> str:
        """The websocket of the address's table (``/ws/TABLE``: a proxy in front of several
        host processes can route by it); the secret is not in it: it travels in
        :class:`Hello`."""
        return f"{'wss' if self.tls else 'ws'}://{self.where}/ws/{self.table}"

    def origin(self) -> str:
        """The address's own origin (what a page of the host itself names)."""
        return f"{'https' if self.tls else 'http'}://{self.where}"


_ADDRESS = re.compile(
    r"^(?:(?P<scheme>https?|wss?)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)"
    r"(?::(?P<port>\d{1,5}))?/(?:table/)?(?P<table>\d{1,3})/(?P<secret>[A-Za-z0-9-]{1,64})/?$"
)
_EXAMPLE = "http://127.0.0.1:8765/1/k7dqm-2xp9w-fa3hz-tb6ce"


def parse_address(text: str) -> Address:
    """A seat's address from its long or short form; :class:`AddressError` in player words."""
    found = _ADDRESS.match(text.strip()) if isinstance(text, str) and len(text) < 400 else None
    if found is None:
        raise AddressError(
            f"{_quoted(text)} is not a seat's address: it looks like {_EXAMPLE} (the host prints "
            "one for each person's seat)"
        )
    port = int(found["port"] or DEFAULT_PORT)
    table = int(found["table"])
    if not 0 < port < 65536 or not 0 < table <= MAX_TABLES:
        raise AddressError(
            f"{_quoted(text)} names a port or table that cannot be: an address looks like "
            f"{_EXAMPLE}"
        )
    host = found["host"].strip("[]")
    return Address(host, port, table, found["secret"], tls=found["scheme"] in ("https", "wss"))
