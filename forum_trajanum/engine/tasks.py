"""The task records on the game's flow stack: one small typed record per kind of task.

``state.tasks`` is a stack of these records; the top one is the next thing to happen. A
*decision* is a task a player answers (its options and handler are registered once, in the
module that handles it, with :func:`forum_trajanum.engine.flow.decides`); every other task is
*automatic* and runs by itself. Each record names its fields, so nothing reads a task by
position, and each decision record carries its title and phase as data.

Records are ``NamedTuple`` classes: as cheap to build and copy as tuples (search clones the
stack thousands of times a second), immutable, and with named fields. ``TASK_TYPES`` maps each
``kind`` to its record; :data:`TaskField` lets pydantic models hold records and round-trip
them through JSON as ``{"kind": ..., field: value, ...}``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

from pydantic import PlainSerializer, PlainValidator

#: The phases of a game, as shown to players.
Phase = Literal["setup", "draft", "turn", "scoring", "over"]

#: Every task record by its kind.
TASK_TYPES: dict[str, type] = {}


def record(kind: str, title: str = "", phase: Phase | None = None):
    """Register a task record class under ``kind``; ``title`` (decisions only) says in words
    what the player decides, ``phase`` is the game phase the decision belongs to (None: it
    keeps the phase it interrupts). Refuses a kind registered twice."""

    def register(cls):
        if kind in TASK_TYPES:
            raise ValueError(f"task kind {kind!r} is declared twice")
        cls.kind = kind
        cls.title = title
        cls.phase = phase
        cls.public = getattr(cls, "public", _same)
        TASK_TYPES[kind] = cls
        return cls

    return register


def _same(task):
    return task


# --- Decisions (a player answers them) --------------------------------------------------------


@record("setup_cranes", "choose crane colours", "setup")
class SetupCranes(NamedTuple):
    player: int


@record("setup_row", "choose the row of the drawn citizen", "setup")
class SetupRow(NamedTuple):
    player: int


@record("setup_diagonal", "place the other two female-back citizens on two corners", "setup")
class SetupDiagonal(NamedTuple):
    player: int


@record("handicap", "take a citizen from a corner (handicap)", "setup")
class Handicap(NamedTuple):
    player: int


@record("citizen", "choose a citizen row")
class Citizen(NamedTuple):
    """Seat a citizen tile; it is face up, so its kind and owner are public, its id is not
    (``public()`` masks it)."""

    player: int
    tile: int  # tile id (-1 in a view)
    dest: str  # where the tile goes if it cannot be seated: "ship", "reserve", "removed", "setup"
    citizen: str  # tile kind: PAT / MER / CRA
    owner: int  # whose tile it is

    def public(self) -> Citizen:
        return self._replace(tile=-1)


@record("draft", "draft tiles", "draft")
class Draft(NamedTuple):
    player: int


@record("use", "use a Colonia tile", "turn")
class Use(NamedTuple):
    player: int


@record("build", "building step", "turn")
class Build(NamedTuple):
    player: int


@record("first", "choose which benefit comes first")
class First(NamedTuple):
    """After a gray + coloured double tile: which of the two benefits comes first."""

    player: int
    gray: str
    colour: str


@record("envoy", "place an envoy")
class Envoy(NamedTuple):
    """Place an envoy from the ship. ``mode``: "colour" (after building a structure of
    ``colour``), "any" (Patrician I's second citizen), "free" (Market 3: any free coloured
    cell), "eagle" (Library 3)."""

    player: int
    mode: str
    colour: str = ""


@record("step", "choose a benefit track step")
class Step(NamedTuple):
    """Take the benefit of one step 1..``reached`` of benefit track ``track`` (0-2: L S M)."""

    player: int
    track: int
    reached: int


@record("worker", "choose a worker colour")
class Worker(NamedTuple):
    player: int


@record("bonus", "choose an area bonus")
class Bonus(NamedTuple):
    """Take ``count`` (1 or 2) different area bonuses."""

    player: int
    count: int


@record("gain", "choose a second-citizen bonus")
class Gain(NamedTuple):
    """Take one resource of ``choices`` ("$T" or "$A")."""

    player: int
    choices: str


@record("pick", "take a Colonia tile to use now")
class Pick(NamedTuple):
    player: int


@record("pay", "pay citizens", "scoring")
class Pay(NamedTuple):
    player: int


# --- Automatic tasks ------------------------------------------------------------------------


@record("deal")
class Deal(NamedTuple):
    player: int


@record("start_cycle")
class StartCycle(NamedTuple):
    player: int = -1


@record("start_round")
class StartRound(NamedTuple):
    player: int = -1


@record("draft_done")
class DraftDone(NamedTuple):
    player: int = -1


@record("turn_start")
class TurnStart(NamedTuple):
    player: int


@record("end_round")
class EndRound(NamedTuple):
    player: int = -1


@record("scoring")
class Scoring(NamedTuple):
    player: int = -1


@record("gray")
class Gray(NamedTuple):
    """The benefit of a gray building just built (``code`` L S M C)."""

    player: int
    code: str


@record("track_end")
class TrackEnd(NamedTuple):
    player: int


@record("upgrade")
class Upgrade(NamedTuple):
    player: int


def task_from_data(value: Any):
    """A task record from itself or from its JSON form ``{"kind": ..., **fields}``."""
    if isinstance(value, tuple) and hasattr(value, "kind"):
        return value
    if isinstance(value, dict):
        data = dict(value)
        cls = TASK_TYPES.get(data.pop("kind", None))
        if cls is not None:
            return cls(**data)
    raise ValueError(f"not a task record: {value!r}")


def task_to_data(task) -> dict[str, Any]:
    """The JSON form of a task record."""
    return {"kind": task.kind, **task._asdict()}


#: A task record as a pydantic field: kept as the record, dumped as ``{"kind": ..., ...}``.
TaskField = Annotated[Any, PlainValidator(task_from_data), PlainSerializer(task_to_data)]
