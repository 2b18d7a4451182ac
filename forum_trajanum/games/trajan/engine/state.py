"""Trajan's game state (hidden information included), as dataclasses that pydantic validates
and dumps where they cross a boundary (:mod:`forum_trajanum.core.plain`).

The state is mutable and changed only by the rules (:mod:`forum_trajanum.games.trajan.engine.rules`
and the modules it names). Everything is ints and lists of ints (indices into the tables of
:mod:`forum_trajanum.games.trajan.data`); ``-1`` means "none", and in a view
(:mod:`forum_trajanum.games.trajan.engine.view`) it also stands for a card or tile the viewer
may not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from pydantic import BaseModel, ConfigDict, field_validator

from forum_trajanum.core.clone import Cloneable
from forum_trajanum.core.plain import PlainState
from forum_trajanum.core.visibility import PUBLIC, SEATS, VIEWER, Hidden, blank, hide_items
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.tasks import TaskField

#: Where a player's points come from (the score breakdown's categories).
POINT_SOURCES: tuple[str, ...] = (
    "trajan",  # Trajan tiles accomplished
    "ships",  # shipping commodities
    "provinces",  # legionnaires in provinces
    "senate",  # steps on the senate track
    "buildings",  # construction tiles
    "demands",  # penalties for unmet demands (zero or less)
    "leftovers",  # final: cards in hand, tokens in the camps, Trajan tiles on slots
    "sets",  # final: construction sets
    "bonus",  # final: bonus tiles
)


#: Who may see what (components §6; :mod:`forum_trajanum.core.visibility`): every field
#: below declares it. Fields hidden from some seats but partly shown, by the rule in words
#: here (the view module gives it as a function):
STACKS_SHOWN = "each stack's top tile, once every seat has placed its markers (EN l.107-109, R36)"
HAND_SHOWN = "the cards every player saw enter the hand (from a discard pile), and its size"
TRAYS_SHOWN = "every tray once every seat has placed its markers (R36); an empty tray, always"


def unseen_trays(trays: list[list[int]]) -> list[list[int]]:
    """Another seat's trays while the markers are placed (R36): a filled tray unknown, an
    empty one seen empty."""
    return [hide_items(tray) if any(tray) else tray[:] for tray in trays]


def first_pick(task) -> bool:
    """Whether a setup decision is its player's first of its step (their first tray, first
    starting card, first Trajan tile): the title names the start player (R33) there only,
    not again at each pick of the same step (EN l.107, l.127, l.129)."""
    if task.kind == "markers":
        return task.tray == 0
    if task.kind == "card":
        return task.left == D.START_HAND
    if task.kind == "start":
        return task.slot == D.START_SLOTS[0]
    return False


class TrajanOptions(BaseModel):
    """What a game is set up with."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int = D.PLAYER_COUNTS[0]

    @field_validator("players")
    @classmethod
    def _count(cls, value: int) -> int:
        if value not in D.PLAYER_COUNTS:
            *most, last = map(str, D.PLAYER_COUNTS)
            raise ValueError(
                f"Trajan is played by {', '.join(most)} or {last} players, not {value}"
            )
        return value


class QuarterReport(BaseModel):
    """What a quarter's end decided, for the screens (all public): the demands, each
    player's demands met and penalty, the senate vote before the reset, the consul and vice
    consul and the bonus tiles they took (-1: none). Frozen: a change makes a new report,
    so that a state's clone shares them."""

    model_config = ConfigDict(frozen=True)

    quarter: Annotated[int, PUBLIC]
    demands: Annotated[tuple[int, ...], PUBLIC]
    met: Annotated[tuple[int, ...], PUBLIC]
    penalty: Annotated[tuple[int, ...], PUBLIC]
    votes: Annotated[tuple[int, ...], PUBLIC] = ()
    consul: Annotated[int, PUBLIC] = -1
    vice: Annotated[int, PUBLIC] = -1
    consul_tile: Annotated[int, PUBLIC] = -1
    vice_tile: Annotated[int, PUBLIC] = -1
    #: per seat, per revealed demand in order, what met it: ("trajan", a kept Trajan tile),
    #: ("forum", a forum tile spent) or ("missed", -1); empty until the seat's demands
    met_by: Annotated[tuple[tuple[tuple[str, int], ...], ...], PUBLIC] = ()
    #: per seat, the senate space before the reset (its votes are SENATE_VP of it)
    senate: Annotated[tuple[int, ...], PUBLIC] = ()


@dataclass(kw_only=True, slots=True)
class PlayerState(Cloneable):
    """One player's mat, hand, tokens and points ("owner": the player whose mat it is).

    A dataclass with slots, not a pydantic model: the rules read and write its fields more
    than any other's, and a plain attribute costs a tenth of a pydantic one (issue 37.5);
    pydantic validates and dumps it with the state that holds it."""

    #: per tray (0-5), the markers in it as counts per colour (0-5)
    trays: Annotated[list[list[int]], Hidden(owner=True, mask=unseen_trays, partly=TRAYS_SHOWN)]
    #: per slot (0-5), the Trajan tile beside its tray, -1 none
    slots: Annotated[list[int], PUBLIC] = field(default_factory=lambda: [-1] * D.NUM_TRAYS)
    # the slot the Arch of Trajan is on; D.ARCH_CENTRE: the centre
    arch: Annotated[int, PUBLIC] = D.ARCH_START
    # Trajan demand tiles kept on the mat
    kept: Annotated[list[int], PUBLIC] = field(default_factory=list)
    # forum and extra action tiles on the mat
    tiles: Annotated[list[int], PUBLIC] = field(default_factory=list)
    # per action
    plus2: Annotated[list[bool], PUBLIC] = field(default_factory=lambda: [False] * D.NUM_ACTIONS)
    # commodities (-1: unknown, in a view)
    hand: Annotated[list[int], Hidden(owner=True, partly=HAND_SHOWN)] = field(default_factory=list)
    #: the cards of the hand every player has seen enter it (from a discard pile)
    known: Annotated[list[int], PUBLIC] = field(default_factory=list)
    # commodities played in front
    display: Annotated[list[int], PUBLIC] = field(default_factory=list)
    supply: Annotated[int, PUBLIC] = D.SUPPLY_AT_START
    workers: Annotated[int, PUBLIC] = D.WORKERS_AT_START  # in the worker camp
    legions: Annotated[int, PUBLIC] = D.LEGIONS_AT_START  # legionnaires in the military camp
    leader: Annotated[int, PUBLIC] = -1  # province of the military leader; -1: the camp
    # provinces with a legionnaire
    provinces: Annotated[list[int], PUBLIC] = field(default_factory=list)
    # construction sites with a worker
    sites: Annotated[list[int], PUBLIC] = field(default_factory=list)
    buildings: Annotated[list[int], PUBLIC] = field(
        default_factory=lambda: [0] * len(D.BUILDING_TYPES)
    )
    senate: Annotated[int, PUBLIC] = 0  # space on the senate track
    height: Annotated[int, PUBLIC] = 0  # stacking order on the space (higher = on top)
    bonus: Annotated[list[int], PUBLIC] = field(default_factory=list)  # bonus tiles in front
    yellow: Annotated[list[bool], PUBLIC] = field(default_factory=list)  # their sides
    score: Annotated[int, PUBLIC] = 0
    points: Annotated[dict[str, int], PUBLIC] = field(
        default_factory=lambda: dict.fromkeys(POINT_SOURCES, 0)
    )
    # setup defaults drawn from the seed (R33): the 12 markers in order, the stacks in order
    default_markers: Annotated[list[int], Hidden(owner=True)] = field(default_factory=list)
    default_stacks: Annotated[list[int], Hidden(owner=True)] = field(default_factory=list)

    def gain(self, source: str, vp: int) -> None:
        self.score += vp
        self.points[source] += vp


@dataclass(kw_only=True, slots=True)
class GameState(PlainState):
    """Everything about a game of Trajan, hidden information included. A view
    (:func:`forum_trajanum.games.trajan.engine.view.view`) is a state of the same type with the
    hidden
    parts replaced by -1 and ``viewer`` set."""

    seed: Annotated[int, Hidden(mask=blank(0))]
    options: Annotated[TrajanOptions, PUBLIC]
    # -9: the whole state; a seat, or -1 (an onlooker) in a view
    viewer: Annotated[int, VIEWER] = -9
    phase: Annotated[str, PUBLIC] = "setup"
    quarter: Annotated[int, PUBLIC] = 0  # 1-4 once play starts
    round: Annotated[int, PUBLIC] = 0  # 1-4 within the quarter
    start_player: Annotated[int, PUBLIC] = 0
    time: Annotated[int, PUBLIC] = 0  # the time marker's place in its cycle
    round_ends: Annotated[bool, PUBLIC] = False  # the marker reached or passed its start this turn
    extra_used: Annotated[bool, PUBLIC] = False  # an extra action tile was used this turn
    players: Annotated[list[PlayerState], SEATS]
    deck: Annotated[list[int], Hidden()]  # face-down commodity cards, top = last
    discards: Annotated[list[list[int]], PUBLIC]  # the two discard piles, top = last
    forum_pile: Annotated[list[int], Hidden()]  # face-down forum tiles, top = last
    extra_pile: Annotated[list[int], Hidden()]  # face-down extra action tiles, top = last
    demand_pile: Annotated[list[int], Hidden()]  # face-down demand tiles (demands), top = last
    demands_out: Annotated[list[int], Hidden()]  # the 3 removed at setup (hidden from everyone)
    revealed: Annotated[list[int], PUBLIC] = field(default_factory=list)  # this quarter's demands
    bag: Annotated[list[int], Hidden()]  # bonus tiles in the bag, next = last
    senate_bonus: Annotated[list[int], PUBLIC]  # bonus tiles beside the senate track
    # the six Trajan stacks, top = last
    stacks: Annotated[list[list[int]], Hidden(partly=STACKS_SHOWN)]
    provinces: Annotated[list[int], PUBLIC]  # the forum tile in each province, -1 none
    legions: Annotated[list[list[int]], PUBLIC]  # per province, the seats with a legionnaire there
    forum: Annotated[list[int], PUBLIC]  # forum spaces, -1 empty
    yellow: Annotated[list[int], PUBLIC]  # the 3 yellow spaces (extra action tiles), -1 empty
    district: Annotated[list[int], PUBLIC]  # per site, its construction tile, -1 taken
    workers: Annotated[list[list[int]], PUBLIC]  # per site, the seats with a worker there
    # coloured up
    ships: Annotated[list[bool], PUBLIC] = field(default_factory=lambda: [True] * len(D.SHIPS))
    senate_clock: Annotated[int, PUBLIC] = 0  # the last stacking height given
    #: tiles out of the game, all seen by everyone: forum-type tiles, Trajan tiles, demands
    gone_tiles: Annotated[list[int], PUBLIC] = field(default_factory=list)
    gone_trajan: Annotated[list[int], PUBLIC] = field(default_factory=list)
    gone_demands: Annotated[list[int], PUBLIC] = field(default_factory=list)
    #: per quarter end, per player: points by category that scoring gave
    scorings: Annotated[list[list[dict[str, int]]], PUBLIC] = field(default_factory=list)
    reports: Annotated[list[QuarterReport], PUBLIC] = field(default_factory=list)
    tasks: Annotated[list[TaskField], PUBLIC] = field(default_factory=list)
    actions_taken: Annotated[int, PUBLIC] = 0

    @property
    def legal(self) -> list:
        """In a view: the viewer's legal actions when the decision is theirs, else none."""
        if self.viewer < 0 or not self.tasks or self.tasks[-1].player != self.viewer:
            return []
        return list(self.__pydantic_private__["_legal"] or [])

    @property
    def title(self) -> str:
        """The current decision in words; at setup it names the start player too (R33: drawn
        from the seed), for the screen that hands the keyboard over to the next player, once
        per step (a player's first tray, card or Trajan tile), not at each of their picks."""
        if not self.tasks:
            return "game over"
        task = self.tasks[-1]
        if self.quarter > 0 or not 0 <= self.start_player < len(self.players):
            return task.title
        if not first_pick(task):
            return task.title
        if self.start_player == self.viewer == task.player:
            return f"{task.title} — you are the start player"
        return f"{task.title} — seat {self.start_player + 1} is the start player"

    @property
    def decision(self) -> str:
        """The current decision's kind ("over" at the end)."""
        return self.tasks[-1].kind if self.tasks else "over"

    @property
    def task(self):
        """The current decision's task record (None at the end)."""
        return self.tasks[-1] if self.tasks else None

    @property
    def decider(self) -> int:
        """The seat who decides now (-1 at the end)."""
        return self.tasks[-1].player if self.tasks else -1
