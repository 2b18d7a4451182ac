"""What a Trajan play screen draws (:class:`TrajanData`): one seat's view, the names, the
log and what the others did since the seat last decided."""

from __future__ import annotations

from dataclasses import dataclass, field

from forum_trajanum.games.trajan.engine.state import GameState


@dataclass
class TrajanData:
    """What a Trajan play screen draws."""

    view: GameState
    names: list[str]
    bots: list[str]
    log: list[str] = field(default_factory=list)
    can_undo: bool = False
    message: str = ""
    hold: float = 0.0
    home: int = -1
    #: The others' moves since the seat last decided (a person's "Meanwhile", a bot's turn).
    recent: list[str] = field(default_factory=list)
    #: The points each other player scored since (first in "Meanwhile", issue: a 9 VP
    #: Trajan tile hidden behind the last move).
    scored: list[str] = field(default_factory=list)
    #: How many actions the game had when this was made (a decision's place in the game).
    step: int = 0
