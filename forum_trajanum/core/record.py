"""Game records: which game, seed + options + the action texts in order, in a versioned format.

A record is what a save file holds; replaying it rebuilds the exact state (all randomness is
drawn at setup from the seed). The file format has its own version, :data:`RECORD_VERSION`:

- version 1 (release 0.1.0, Forum Trajanum only): one JSON object ``{"format",
  "schema_version": 1, "seed", "options", "actions": [...], "names", "bots"}``;
- version 2 (Forum Trajanum only): JSON lines. The first line is the header (every field but
  the actions, plus ``record_version``, ``action_count`` and the app's ``meta``), then one JSON
  string per action, so a file cut or damaged part-way still yields every action before the
  damage, and a cut inside an action's line never parses as a shorter action (its closing
  quote is missing);
- version 3: version 2 with the header naming its ``game`` ("forum-trajanum", "trajan");
- version 4: version 3 where a game of Trajan places its action markers in seat order (the
  start player is drawn after them, rulebook EN l.107 before l.113): Trajan's own step moves
  a version-3 file's placements into that order; a Forum Trajanum file is unchanged.

Older versions are brought up to date by the game's own migrations (``Game.migrations``) and
the core's step from 2 to 3, one version at a time. Every field is validated by a typed
model: each game's record class (a subclass of :class:`GameRecordBase` with the game's
options model) and the app's :class:`SaveMeta`. Any problem raises :class:`RecordError` with
a message fit for a player; a file is read with the limits of :mod:`forum_trajanum.core.files`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    field_validator,
    model_validator,
)

from forum_trajanum.core.errors import GameError, RecordError
from forum_trajanum.core.files import MAX_FILE, MAX_NAME, clean_name, load_json
from forum_trajanum.core.seeds import SEED_LIMIT
from forum_trajanum.core.text import encodable

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping


class RecordGame(Protocol):
    """What reading a record needs of its game (:class:`forum_trajanum.core.game.Game` is
    one; this module imports no game and no registry: they import it)."""

    @property
    def title(self) -> str: ...
    @property
    def record(self) -> type[GameRecordBase]: ...
    @property
    def migrations(self) -> Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]: ...


class RecordGames(Protocol):
    """The games a record may be of, by name (:data:`forum_trajanum.core.game.GAMES`)."""

    def __contains__(self, name: object) -> bool: ...
    def get(self, name: str) -> RecordGame: ...


RECORD_FORMAT = "forum-trajanum-record"
#: The version of the save-file format this code writes.
RECORD_VERSION = 4
#: The game of a version-1 or version-2 file (only Forum Trajanum existed then).
FIRST_GAME = "forum-trajanum"
#: The longest text of an action a record holds.
MAX_ACTION = 200
#: The longest line an action's text can be written as: in quotes, each character escaped to
#: at most 12 bytes (a character beyond the Basic Multilingual Plane, as two ``\\uXXXX``).
_ACTION_LINE = 2 + 12 * MAX_ACTION
#: Seconds since the epoch that a save's times may hold (1970 to the year 3000).
_TIMES = (0.0, 32_503_680_000.0)


def _or_default(default: Any) -> WrapValidator:
    """A field of the app's data that falls back to ``default`` when its value is not what it
    should be (the game itself is not damaged by a wrong title or coach setting)."""

    def validate(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        try:
            return handler(value)
        except ValidationError:
            return default() if callable(default) else default

    return WrapValidator(validate)


def _name(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("a name is text")
    return clean_name(value)


#: A player's or a game's name: text, control characters removed, at most 40 characters.
Name = Annotated[str, BeforeValidator(_name)]
Time = Annotated[float | None, Field(ge=_TIMES[0], le=_TIMES[1]), _or_default(None)]


class CoachMemory(BaseModel):
    """The first-game coach's memory of a game: the seats it explains to, and per seat the
    kinds of decision (and the words) already explained."""

    model_config = ConfigDict(extra="ignore")
    on: Annotated[list[Annotated[StrictInt, Field(ge=0, le=7)]], _or_default(list)] = []
    seen: Annotated[
        dict[Annotated[str, Field(max_length=2)], list[Annotated[str, Field(max_length=60)]]],
        _or_default(dict),
    ] = {}


#: A seat secret's digest as a save keeps it: SHA-256, 64 lower-case hex digits.
SecretDigest = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class HostedMeta(BaseModel):
    """A game played on a game host (``forum-trajanum host``, :mod:`forum_trajanum.net`):
    its table's number, where the host listened, and per seat the digest of the seat's
    secret ("" for a bot); never a secret itself. ``undos``: how many steps were taken back
    on the host (a decision's name counts them, so a resent move never lands twice)."""

    model_config = ConfigDict(extra="ignore")
    table: Annotated[StrictInt, Field(ge=1, le=999)] = 1
    bind: Annotated[str, Field(max_length=255)] = "127.0.0.1"
    port: Annotated[StrictInt, Field(ge=0, le=65535)] = 0
    digests: Annotated[list[SecretDigest | Literal[""]], Field(max_length=8)] = []
    undos: Annotated[StrictInt, Field(ge=0, lt=2**31)] = 0


class SaveMeta(BaseModel):
    """The app's data about a game, kept in its save's header: its title, when it was made and
    last saved, where it stands (for the list of games), and the coach's memory. Every field
    that is not what it should be falls back to its default."""

    model_config = ConfigDict(extra="ignore")
    title: Annotated[Name, _or_default("")] = ""
    created: Time = None
    saved: Time = None
    #: Where the game stands in words ("cycle II, round 3"), from the game's ``summary``.
    stage: Annotated[str, Field(max_length=60), BeforeValidator(clean_name), _or_default("")] = ""
    #: Forum Trajanum's cycle and round (saves made before ``stage`` existed).
    cycle: Annotated[StrictInt, Field(ge=0, le=9), _or_default(0)] = 0
    round: Annotated[StrictInt, Field(ge=0, le=9), _or_default(0)] = 0
    over: Annotated[StrictBool, _or_default(False)] = False
    scores: Annotated[
        list[Annotated[StrictInt, Field(ge=-10**6, le=10**6)]], Field(max_length=8),
        _or_default(list),
    ] = []  # fmt: skip
    winners: Annotated[
        list[Annotated[StrictInt, Field(ge=0, le=7)]], Field(max_length=8), _or_default(list)
    ] = []
    coach: Annotated[CoachMemory | None, _or_default(None)] = None
    #: Set for a game played on a game host (saves made before hosting existed have none).
    hosted: Annotated[HostedMeta | None, _or_default(None)] = None


class GameRecordBase(BaseModel):
    """Everything needed to rebuild a game: its game, seed, options and actions in order, the
    seats' names and bot levels, and the app's :class:`SaveMeta`. Each game subclasses it with
    its own ``game`` and ``options`` types."""

    format: str = RECORD_FORMAT
    game: str = FIRST_GAME
    seed: Annotated[StrictInt, Field(ge=-SEED_LIMIT, lt=SEED_LIMIT)]
    options: Any = None
    actions: list[Annotated[str, Field(max_length=MAX_ACTION)]] = Field(default_factory=list)
    names: Annotated[list[Name], Field(max_length=8)] = Field(default_factory=list)
    #: per seat: "" (a person) or a bot level
    bots: Annotated[list[Annotated[str, Field(max_length=MAX_NAME)]], Field(max_length=8)] = Field(
        default_factory=list
    )
    meta: Annotated[SaveMeta, _or_default(SaveMeta)] = Field(default_factory=SaveMeta)

    @field_validator("bots", mode="before")
    @classmethod
    def _clean_levels(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [clean_name(v) if isinstance(v, str) else v for v in value]
        return value

    @model_validator(mode="after")
    def _one_entry_per_seat(self) -> GameRecordBase:
        """Names and bot levels: one per seat of the options' player count (a record made
        without them gets empty names and people); the app's per-seat data (scores, winners,
        the coach's seats) that does not fit the seats falls back to its default."""
        players = getattr(self.options, "players", None)
        if type(players) is not int:
            return self
        for what in ("names", "bots"):
            if what not in self.model_fields_set:
                setattr(self, what, [""] * players)
            elif len(getattr(self, what)) != players:
                count = len(getattr(self, what))
                raise ValueError(
                    f"the save has {count} {'name' if what == 'names' else 'bot setting'}"
                    f"{'' if count == 1 else 's'} for a game of {players} players"
                )
        meta, seats = self.meta, range(players)
        update: dict[str, Any] = {}
        if meta.scores and len(meta.scores) != players:
            update["scores"] = []
        if any(w not in seats for w in meta.winners):
            update["winners"] = []
        if meta.coach is not None and any(s not in seats for s in meta.coach.on):
            on = [s for s in meta.coach.on if s in seats]
            update["coach"] = meta.coach.model_copy(update={"on": on})
        if meta.hosted is not None and len(meta.hosted.digests) != players:
            update["hosted"] = None
        if update:
            self.meta = meta.model_copy(update=update)
        return self

    def to_json(self) -> str:
        """The record in the current file format (:data:`RECORD_VERSION`, JSON lines)."""
        header = self.model_dump(mode="json", exclude={"actions"}, exclude_none=True)
        header = {"format": RECORD_FORMAT, "record_version": RECORD_VERSION, **header}
        header["action_count"] = len(self.actions)
        lines = [json.dumps(header, ensure_ascii=False, separators=(",", ":"))]
        # each action as json.dumps writes a string (ASCII, escaped), without its per-call
        # overhead: a save is written after every action and holds them all
        lines += map(encode_basestring_ascii, self.actions)
        return "\n".join(lines) + "\n"

    def append(self, action: object) -> None:
        """Add an action (or its text) at the end."""
        self.actions.append(str(action))


@dataclass
class ReadRecord:
    """What :func:`read_record` found: the record up to the first damage, how many actions
    of the file could not be read after it, what the damage was (technical, for a log; ""
    when none), and, for a file that ends before its header's count of actions, that count
    (how many of those actions ever existed nobody can tell: a header may claim a million)."""

    record: GameRecordBase
    lost: int = 0
    problem: str = ""
    #: the header's count of actions, when the file ends before it (else 0)
    claimed: int = 0
    #: how many action lines the file holds (readable or not)
    held: int = 0

    def damage(self) -> str:
        """What of the file could not be read, in player words ("" when all of it could)."""
        return damage_words(self.lost, self.claimed, self.held)


def damage_words(lost: int, claimed: int, held: int) -> str:
    """Player words for a save damaged part-way: ``lost`` actions of the file could not be
    read; the file ends after ``held`` actions although its header counts ``claimed``."""
    said = []
    if lost:
        said.append(
            f"the last {lost} action{'' if lost == 1 else 's'} could not be read and must be "
            "played again"
        )
    if claimed:
        said.append(
            f"the file ends after action {held}, although its header counts {claimed} "
            "actions: any actions after it must be played again"
        )
    return "; ".join(said)


def read_record(data: str | bytes, games: RecordGames) -> ReadRecord:
    """Read a save file of any version and game, keeping every action before the first damaged
    one.

    Raises :class:`RecordError` only when nothing usable is left (not a record, a damaged
    header, a game or version this release does not know, a file far too big)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_FILE:
        raise RecordError("the file is far too big for a saved game")
    first, _, rest = raw.partition(b"\n")
    header = _json_object(first)
    if header is not None and "record_version" in header:
        return _read_lines(header, rest, games)
    whole = _json_object(raw)
    if whole is None:
        raise RecordError("the save is not valid JSON (corrupt or truncated)")
    _check_format(whole)
    version = whole.get("schema_version")
    if type(version) is not int or version != 1:
        raise RecordError(
            f"the record has version {_shown(version)}; this version of the game reads "
            f"versions 1 to {RECORD_VERSION}"
        )
    game = games.get(FIRST_GAME)
    return ReadRecord(_validated(migrate(whole, version, game), game))


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."


def _json_object(raw: bytes) -> dict[str, Any] | None:
    try:
        value = load_json(raw)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _check_format(data: dict[str, Any]) -> None:
    if data.get("format") != RECORD_FORMAT:
        raise RecordError("this file is not a saved game of this program")


class NewerRecordError(RecordError):
    """A save this release cannot read because a newer release made it: a newer file version,
    or a game this release does not have. The file is no sign of damage; ``detail`` says what
    is newer, in a player's words."""

    def __init__(self, detail: str) -> None:
        super().__init__(f"{detail}: it may come from a newer release")
        self.detail = detail


def _game_of(header: dict[str, Any], version: int, games: RecordGames) -> RecordGame:
    name = header.get("game", FIRST_GAME) if version >= 3 else FIRST_GAME
    if not isinstance(name, str) or not name:
        raise RecordError("the save does not say which game it is")
    if name not in games:
        raise NewerRecordError(
            f"it is a game this release does not know, {_shown(clean_name(name))}"
        )
    return games.get(name)


def _validated(data: dict[str, Any], game: RecordGame) -> GameRecordBase:
    cls = game.record
    fields = {k: v for k, v in data.items() if k in cls.model_fields}
    try:
        return cls.model_validate(fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])[:60]
        message = str(first["msg"]).removeprefix("Value error, ")[:200]
        if not where:  # the record as a whole (its seats do not fit its options)
            raise RecordError(f"the record is damaged: {message}") from exc
        raise RecordError(f"the record is damaged at {where!r}: {message}") from exc
    except (GameError, TypeError, RecursionError) as exc:  # pragma: no cover - belt and braces
        raise RecordError(f"the record is damaged: {exc}") from exc


def _version_and_game(header: dict[str, Any], games: RecordGames) -> tuple[int, RecordGame]:
    """The file version and the game of a version-2+ header; RecordError when either is not
    one this release reads."""
    _check_format(header)
    version = header.get("record_version")
    if type(version) is int and version > RECORD_VERSION:
        raise NewerRecordError(
            f"its file is of version {_shown(version)}; this release reads versions 1 to "
            f"{RECORD_VERSION}"
        )
    if type(version) is not int or not 2 <= version <= RECORD_VERSION:
        raise RecordError(
            f"the record has version {_shown(version)}; this version of the game reads "
            f"versions 1 to {RECORD_VERSION} (it may come from a newer release)"
        )
    return version, _game_of(header, version, games)


def read_header(header: dict[str, Any], games: RecordGames) -> GameRecordBase:
    """The record a save's header (its first line, parsed) describes, without its actions:
    the list of games checks a save with it as reading the whole file would (its seed,
    options, seats), without reading further. Raises :class:`RecordError`."""
    version, game = _version_and_game(header, games)
    data = {k: v for k, v in header.items() if k != "actions"}
    return _validated(migrate({**data, "actions": []}, version, game), game)


def _read_lines(header: dict[str, Any], rest: bytes, games: RecordGames) -> ReadRecord:
    version, game = _version_and_game(header, games)
    actions: list[str] = []
    lines = rest.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the final newline
    problem = ""
    for number, line in enumerate(lines, start=1):
        try:
            # a line longer than any action's text can be written is not parsed at all
            text = load_json(line, max_depth=0) if len(line) <= _ACTION_LINE else None
        except ValueError:
            text = None
        # a lone surrogate ("\ud800" in JSON) cannot be written again: that line is damage,
        # not a reason to refuse the whole save
        if not isinstance(text, str) or len(text) > MAX_ACTION or not encodable(text):
            problem = f"action {number} is damaged: {line[:40]!r}"
            break
        actions.append(text)
    expected = header.get("action_count")
    lost, claimed = len(lines) - len(actions), 0
    if type(expected) is int and expected > len(lines):
        # the file ends early: said as it is (the header's count may be anything)
        claimed = expected
        problem = problem or f"the save ends after {len(lines)} of {expected} actions"
    data = migrate({**header, "actions": actions}, version, game)
    return ReadRecord(_validated(data, game), lost, problem, claimed, len(lines))


def migrate(data: dict[str, Any], version: int, game: RecordGame) -> dict[str, Any]:
    """Bring record data of file version ``version`` up to :data:`RECORD_VERSION`, one version
    at a time: the game's own step where it has one (``game.migrations[v]`` turns version
    ``v`` into ``v + 1``), and the core's step to version 3 (the header names its game)."""
    while version < RECORD_VERSION:
        step = game.migrations.get(version)
        if step is not None:
            data = step(data)
        elif version < 2:
            raise RecordError(f"the record has version {version}, which {game.title} never wrote")
        if version == 2:
            data = {**data, "game": FIRST_GAME}
        version += 1
    return {**data, "record_version": RECORD_VERSION}
