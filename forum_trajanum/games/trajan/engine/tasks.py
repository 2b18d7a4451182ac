"""Trajan's task records on the flow stack (see :mod:`forum_trajanum.core.tasks`): one small
typed record per kind of decision or automatic step, each decision with its title, phase and a
newcomer's explanation."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from forum_trajanum.core.tasks import TaskRegistry

TASKS = TaskRegistry("trajan")
TASK_TYPES = TASKS.types
record = TASKS.record
decides = TASKS.decides
automatic = TASKS.automatic
#: A task record as a pydantic field.
if TYPE_CHECKING:
    #: To the type checker, any of this game's task records (each kind has its own fields).
    TaskField = Any
else:
    TaskField = TASKS.field


class Phase(StrEnum):
    SETUP = "setup"
    TURN = "turn"
    QUARTER = "quarter"


class Why(StrEnum):
    """Why an action decision is open."""

    TRAY = "tray"  # the target tray's action
    BONUS = "bonus"  # a first construction tile's bonus action
    EXTRA = "extra"  # an extra action tile's repeat
    AGAIN = "again"  # the [+2] marker's second repeat


# --- decisions -------------------------------------------------------------------------


@record(
    "markers",
    "fill your trays with two markers each",
    Phase.SETUP,
    explain=(
        "Put two of your twelve markers into each tray of your action circle, clockwise "
        "from the Seaport, or take the drawn default for the rest. Each of the six trays is "
        "one action; markers of a Trajan tile's colours in one tray accomplish it later. "
        "Nobody sees another player's trays until everyone has placed, and the Trajan stacks "
        "are laid out only then (the markers come first). Then the start player is drawn, "
        "each player draws a bonus tile (yellow side up: it scores at the game's end), two "
        "more go beside the senate and two cards face up on the discard piles."
    ),
)
class MarkersTask(NamedTuple):
    player: int
    tray: int  # the next tray to fill


@record(
    "card",
    "take a starting card",
    Phase.SETUP,
    explain=(
        "Take three commodity cards, one at a time: from the face-down pile (nobody else "
        "sees it) or the top of a discard pile (everyone sees what you took)."
    ),
)
class CardTask(NamedTuple):
    player: int
    left: int  # cards still to take


@record(
    "start",
    "take a starting Trajan tile",
    Phase.SETUP,
    explain=(
        "Take the top tile of three different Trajan stacks; they go on slots II, IV and VI "
        "in the order you take them. A tile is accomplished when the tray beside it holds "
        "markers of both its colours at the end of your sowing."
    ),
)
class StartTask(NamedTuple):
    player: int
    slot: int  # the slot the next tile goes on


@record(
    "source",
    "choose the tray to take the markers from",
    Phase.TURN,
    explain=(
        # the key sentence first: the coach's strip at 80x24 shows two lines (EN l.191, l.239)
        "The tray that gets the last marker is the target: you may perform its action. Sow "
        "all markers of one tray one by one into the next trays clockwise. The time marker "
        "moves one space per marker taken."
    ),
)
class SourceTask(NamedTuple):
    player: int


@record(
    "sow",
    "choose the colour for the next tray",
    Phase.TURN,
    explain=(
        "Choose which of the markers in your hand goes into the next tray. Colours matter: "
        "a Trajan tile beside the target tray is accomplished when the tray holds its two "
        "colours."
    ),
)
class SowTask(NamedTuple):
    player: int
    tray: int  # the tray the next marker goes into
    hand: tuple[int, ...]  # markers still in hand, counts per colour
    target: int  # the tray that gets the last marker


@record(
    "special",
    "perform the Trajan tile's special action",
    Phase.TURN,
    explain=(
        "You accomplished a Trajan tile: its points are yours. Its special action (cards, "
        "tokens to a camp, a [+2] marker) is optional."
    ),
)
class SpecialTask(NamedTuple):
    player: int
    tile: int


@record(
    "act",
    "perform the action",
    Phase.TURN,
    explain=(
        "Perform the target tray's action with one of its options, or pass. After an action "
        "you may spend one extra action tile of it per turn to repeat it."
    ),
)
class ActTask(NamedTuple):
    player: int
    action: int  # the action (0-5)
    why: str  # a Why


@record(
    "discard",
    "discard a card",
    Phase.TURN,
    explain="You drew two cards at the Seaport: now discard one card face up onto a pile.",
)
class DiscardTask(NamedTuple):
    player: int


@record(
    "extra",
    "repeat the action with an extra action tile",
    Phase.TURN,
    explain=(
        "Spend an extra action tile of this action (or the extra action wild card) to "
        "perform it once more, twice with a [+2] marker on it. Only one per turn."
    ),
)
class ExtraTask(NamedTuple):
    player: int
    action: int


@record(
    "spend",
    "choose the forum tiles to spend on the demands",
    Phase.QUARTER,
    explain=(
        "The people's demands must be met where you can; choose which of your forum tiles "
        "meet them. The tiles spent leave the game."
    ),
)
class SpendTask(NamedTuple):
    player: int


@record(
    "consul",
    "choose a bonus tile as consul",
    Phase.QUARTER,
    explain=(
        "You have the most votes in the senate: take one of the two bonus tiles yellow side "
        "up; the vice consul gets the other, grey side up. They score at the game's end."
    ),
)
class ConsulTask(NamedTuple):
    player: int
    vice: int  # the vice consul, -1 none


# --- automatic steps ---------------------------------------------------------------------


@record("accomplish")
class AccomplishTask(NamedTuple):
    player: int
    tray: int


@record("settle")
class SettleTask(NamedTuple):
    player: int  # the last seat to place its markers


@record("begin")
class BeginTask(NamedTuple):
    player: int  # the start player


@record("end_turn")
class EndTurnTask(NamedTuple):
    player: int


@record("demands")
class DemandsTask(NamedTuple):
    player: int


@record("senate_vote")
class SenateVoteTask(NamedTuple):
    player: int  # who ended the quarter


@record("quarter_close")
class QuarterCloseTask(NamedTuple):
    player: int  # who ended the quarter
