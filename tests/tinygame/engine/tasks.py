"""Tiny's task records on the flow stack (:mod:`forum_trajanum.core.tasks`): two decisions
(play a card, draw or keep) and the automatic steps between them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from forum_trajanum.core.tasks import TaskRegistry

TASKS = TaskRegistry("tiny")
#: A task record as a pydantic field.
if TYPE_CHECKING:
    #: To the type checker, any of this game's task records (each kind has its own fields).
    TaskField = Any
else:
    TaskField = TASKS.field


@TASKS.record(
    "play",
    "play a card face down",
    "play",
    explain=(
        "Choose a card of your hand and play it face down. When everyone has played, the "
        "cards are turned up: the highest wins the prize."
    ),
)
class PlayTask(NamedTuple):
    player: int


@TASKS.record(
    "draw",
    "draw a card or keep your hand",
    "play",
    explain=(
        "Draw the deck's top card (only you see it) or keep your hand. More cards mean more "
        "choice, but each card left in hand at the end costs a point."
    ),
)
class DrawTask(NamedTuple):
    player: int


@TASKS.record("round")
class RoundTask(NamedTuple):
    """A round begins: its prize is turned up."""

    player: int  # the round's start player


@TASKS.record("reveal")
class RevealTask(NamedTuple):
    """Everyone has played: the cards are turned up and the prize is won."""

    player: int  # the round's start player
