"""Forum Trajanum's task records on the flow stack: one small typed record per kind of task.

``state.tasks`` is a stack of these records; the top one is the next thing to happen. A
*decision* is a task a player answers (its options and handler are ruled once, in the module
that handles it, with :func:`decides`); every other task is *automatic* and runs by itself
(:mod:`forum_trajanum.core.tasks` has the registry, :mod:`forum_trajanum.core.flow` the
dispatcher). Each record names its fields, so nothing reads a task by position, and each
decision record carries its title and phase as data. ``TASK_TYPES`` maps each ``kind`` to its
record; :data:`TaskField` lets pydantic models hold records and round-trip them through JSON as
``{"kind": ..., field: value, ...}``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from forum_trajanum.core.tasks import TaskRegistry
from forum_trajanum.games.forum_trajanum.engine.words import CRANE_POINTS_WORDS

#: The phases of a game, as shown to players.
PhaseName = Literal["setup", "draft", "turn", "scoring", "over"]

#: Forum Trajanum's task kinds and their rules.
TASKS = TaskRegistry("forum-trajanum")
#: Every task record by its kind.
TASK_TYPES = TASKS.types
#: Declare a task record (see :meth:`TaskRegistry.record`).
record = TASKS.record
#: Rule a decision / an automatic task (see :class:`TaskRegistry`); the modules that handle
#: each kind call these.
decides = TASKS.decides
automatic = TASKS.automatic


# --- Decisions (a player answers them) --------------------------------------------------------


@record(
    "setup_cranes",
    "choose crane colours",
    "setup",
    explain=(
        "Each corner of your Colonia hides a crane of one colour under a tile. When a "
        "corner's tile is taken, its crane is uncovered: at the next scoring it scores "
        f"{CRANE_POINTS_WORDS} for every structure of its colour in your Colonia, once. Put "
        "colours you expect to build early under corners you will empty soon."
    ),
)
class SetupCranes(NamedTuple):
    player: int


@record(
    "setup_row",
    "choose the row of the drawn citizen",
    "setup",
    explain=(
        "You drew a female-back citizen. Put it into one of the two citizen rows of its "
        "class; the row's special ability is active from now on (the help describes each "
        "row). A citizen also multiplies the Colonia scoring of its grid row."
    ),
)
class SetupRow(NamedTuple):
    player: int


@record(
    "setup_diagonal",
    "place the other two female-back citizens on two corners",
    "setup",
    explain=(
        "The other two female-back citizens lie face up on two diagonally opposite corners. "
        "Choose the diagonal and which citizen lies on which corner; taking a corner tile "
        "later gives you that citizen and uncovers the crane beneath it."
    ),
)
class SetupDiagonal(NamedTuple):
    player: int


@record(
    "handicap",
    "take a citizen from a corner, or none (handicap)",
    "setup",
    explain=(
        "As a newcomer you get 1 extra coin and may take one more citizen now, from a face-up"
        " corner tile: the corner's crane is uncovered. Taking none keeps only the coin."
    ),
)
class Handicap(NamedTuple):
    player: int


@record(
    "citizen",
    "choose a citizen row",
    explain=(
        "Seat the citizen in a row of its class: the left space first, then the right one. A "
        "first citizen activates the row's ability; a second one gives the row's bonus once "
        "and makes the row score more."
    ),
)
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


@record(
    "draft",
    "draft tiles",
    "draft",
    explain=(
        "Take one tile from the street of each street card (a row or column of your Colonia),"
        " keep one and pass the other face down to your right neighbour. A tribune lets you "
        "ignore a street card and take from anywhere. Emptied spaces are where you can build "
        "later."
    ),
)
class Draft(NamedTuple):
    player: int


@record(
    "use",
    "use a Colonia tile",
    "turn",
    explain=(
        "Use one of your two tiles: the one you kept or the one you received. Its resources "
        "go to your supply; a citizen goes into a citizen row. With 2 tribunes you may use "
        "both. An unused tile goes to your ship (or reserve); the ship's tiles are your "
        "envoys."
    ),
)
class Use(NamedTuple):
    player: int


@record(
    "build",
    "building step",
    "turn",
    explain=(
        "Build once on an empty space: a gray building for 1 builder, a coloured structure "
        "for 1 worker of its colour, or a double tile on two adjacent spaces. Before and "
        "after, you may convert resources (2 workers of a colour make a builder; an assistant"
        " recolours a worker). Then end the turn."
    ),
)
class Build(NamedTuple):
    player: int


@record(
    "first",
    "choose which benefit comes first",
    explain=(
        "You built a gray building and a coloured structure with one double tile. Choose "
        "which of their two benefits to take first."
    ),
)
class First(NamedTuple):
    """After a gray + coloured double tile: which of the two benefits comes first."""

    player: int
    gray: str
    colour: str


@record(
    "envoy",
    "place an envoy",
    explain=(
        "Send an envoy from your ship to a free Forum space. Envoys score at every scoring: 2"
        " VP on an eagle, 1 VP next to one, and points for your largest connected group. "
        "Filling the last space of a colour area wins an area bonus."
    ),
)
class Envoy(NamedTuple):
    """Place an envoy from the ship. ``mode``: "colour" (after building a structure of
    ``colour``), "any" (Patrician I's second citizen), "free" (Market 3: any free coloured
    cell), "eagle" (Library 3)."""

    player: int
    mode: str
    colour: str = ""


@record(
    "step",
    "choose a benefit track step",
    explain=(
        "Your gray building moved its benefit track one step. Take the benefit of the step "
        "reached or of any step before it. After the fourth step the track is finished and "
        "scores like a triumphal column."
    ),
)
class Step(NamedTuple):
    """Take the benefit of one step 1..``reached`` of benefit track ``track`` (0-2: L S M)."""

    player: int
    track: int
    reached: int


@record(
    "worker",
    "choose a worker colour",
    explain=("Take one worker of the colour you choose."),
)
class Worker(NamedTuple):
    player: int


@record(
    "bonus",
    "choose an area bonus",
    explain=(
        "An area bonus: choose a tribune, an assistant, a coin, an upgrade (your slide bar "
        "one step along) or 2 VP."
    ),
)
class Bonus(NamedTuple):
    """Take ``count`` (1 or 2) different area bonuses, won for ``reason``: "area" (an envoy
    completed a colour area of the Forum), "step" (a benefit track's step: ``at`` is the
    track's letter and the step, "M2") or "citizen" (a second citizen: ``at`` is its row,
    "2")."""

    player: int
    count: int  # type: ignore[assignment]  # shadows tuple.count: the field keeps its name
    reason: str = "area"
    at: str = ""


@record(
    "gain",
    "choose a second-citizen bonus",
    explain=("The second citizen of this row gives a bonus once: choose which resource to take."),
)
class Gain(NamedTuple):
    """Take one resource of ``choices`` ("$T" or "$A")."""

    player: int
    choices: str


@record(
    "pick",
    "take a Colonia tile to use now",
    explain=(
        "Take any tile still lying on your Colonia and use it now. A face-down tile is "
        "revealed as you take it; taking a corner tile uncovers its crane."
    ),
)
class Pick(NamedTuple):
    player: int


@record(
    "pay",
    "pay citizens",
    "scoring",
    explain=(
        "Before the scoring, pay 1 coin for each citizen row you want to keep active. An "
        "unpaid row turns inactive: it loses its ability and its citizens do not count until "
        "you pay for it again at a later scoring."
    ),
)
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


#: A task record as a pydantic field: kept as the record, dumped as ``{"kind": ..., ...}``.
if TYPE_CHECKING:
    #: To the type checker, any of this game's task records (each kind has its own fields).
    TaskField = Any
else:
    TaskField = TASKS.field


# --- The contract with the app and the bots ----------------------------------------------------


class Decision(StrEnum):
    """Every kind of decision a player answers (a view's ``decision``; "over" at the end): the
    app and the bots compare with these, never with strings of their own (a test checks
    that they are exactly the decision kinds the rules register)."""

    SETUP_CRANES = "setup_cranes"
    SETUP_ROW = "setup_row"
    SETUP_DIAGONAL = "setup_diagonal"
    HANDICAP = "handicap"
    CITIZEN = "citizen"
    DRAFT = "draft"
    USE = "use"
    BUILD = "build"
    FIRST = "first"
    ENVOY = "envoy"
    STEP = "step"
    WORKER = "worker"
    BONUS = "bonus"
    GAIN = "gain"
    PICK = "pick"
    PAY = "pay"
    OVER = "over"


class Phase(StrEnum):
    """The parts of the game a decision belongs to (the app shows one screen for each)."""

    SETUP = "setup"
    DRAFT = "draft"
    TURN = "turn"
    SCORING = "scoring"


def decision_phase(kind: str) -> Phase:
    """The phase a decision kind belongs to: its record's own, or a player's turn for the
    small follow-up decisions (a benefit step, a worker's colour, an envoy...) that keep the
    phase they interrupt; the end of the game counts as the scoring."""
    if kind == Decision.OVER:
        return Phase.SCORING
    phase = TASK_TYPES[kind].phase
    return Phase(phase) if phase else Phase.TURN
