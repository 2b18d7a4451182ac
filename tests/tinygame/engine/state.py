"""Tiny's game state (hidden information included), as pydantic models. A view
(:func:`tests.tinygame.engine.view.view`) is a state of the same type whose hidden cards are
:data:`HIDDEN`."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from forum_trajanum.core.clone import Cloneable
from forum_trajanum.core.visibility import (
    EACH,
    PUBLIC,
    SEATS,
    VIEWER,
    Hidden,
    blank,
    hide_items_but,
)
from tests.tinygame import data as D
from tests.tinygame.engine.tasks import TaskField

#: A card the viewer may not know (in a view).
HIDDEN = -1
#: No card (a seat that has not played this round).
NONE = 0
#: Where a seat's points come from: the prizes won, the cards left in hand at the end.
POINT_SOURCES: tuple[str, ...] = ("prizes", "hand")


class TinyOptions(BaseModel):
    """What a game is set up with."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int = D.PLAYER_COUNTS[0]

    @field_validator("players")
    @classmethod
    def _count(cls, value: int) -> int:
        if value not in D.PLAYER_COUNTS:
            raise ValueError(f"Tiny is played by 2, 3 or 4 players, not {value}")
        return value


class Seat(Cloneable, BaseModel):
    """One seat's hand and points ("owner": the seat whose hand it is)."""

    hand: Annotated[list[int], Hidden(owner=True)]
    score: Annotated[int, PUBLIC] = 0
    points: Annotated[dict[str, int], PUBLIC] = Field(
        default_factory=lambda: dict.fromkeys(POINT_SOURCES, 0)
    )
    #: rounds won (the tie-break)
    won: Annotated[int, PUBLIC] = 0

    def gain(self, source: str, points: int) -> None:
        self.score += points
        self.points[source] += points


class TinyState(Cloneable, BaseModel):
    """Everything about a game of Tiny; in a view, the hidden cards are ``HIDDEN``."""

    seed: Annotated[int, Hidden(mask=blank(0))]
    options: Annotated[TinyOptions, PUBLIC]
    # -9: the whole state; a seat, or -1 (an onlooker) in a view
    viewer: Annotated[int, VIEWER] = -9
    phase: Annotated[str, PUBLIC] = "play"
    round: Annotated[int, PUBLIC] = 0  # 1 to ROUNDS once play starts
    start_player: Annotated[int, PUBLIC] = 0
    deck: Annotated[list[int], Hidden()]  # face down, top = last
    prize: Annotated[int, PUBLIC] = NONE  # the prize card turned up this round
    # per seat, the card played this round
    table: Annotated[list[int], Hidden(owner=EACH, mask=hide_items_but(NONE))] = Field(
        default_factory=list
    )
    #: per round played, the prize and each seat's card (all public once turned up)
    history: Annotated[list[list[int]], PUBLIC] = Field(default_factory=list)
    seats: Annotated[list[Seat], SEATS]
    #: per round's scoring, per seat: its points by category
    scorings: Annotated[list[list[dict[str, int]]], PUBLIC] = Field(default_factory=list)
    tasks: Annotated[list[TaskField], PUBLIC] = Field(default_factory=list)
    actions_taken: Annotated[int, PUBLIC] = 0
    _legal: list | None = PrivateAttr(default=None)

    # --- what a view shows (core: the View protocol) ------------------------------------

    @property
    def legal(self) -> list:
        """In a view: the viewer's legal actions when the decision is theirs, else none."""
        if self.viewer < 0 or not self.tasks or self.tasks[-1].player != self.viewer:
            return []
        return list(self.__pydantic_private__["_legal"] or [])

    @property
    def title(self) -> str:
        """The current decision in words ("game over" at the end)."""
        return self.tasks[-1].title if self.tasks else "game over"

    @property
    def decision(self) -> str:
        """The current decision's kind ("over" at the end)."""
        return self.tasks[-1].kind if self.tasks else "over"

    @property
    def decider(self) -> int:
        """The seat who decides now (-1 at the end)."""
        return self.tasks[-1].player if self.tasks else -1
