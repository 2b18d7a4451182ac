"""What a Trajan play screen draws (:class:`TrajanData`): the shell's play data
(:class:`forum_trajanum.tui.playdata.PlayData`: one seat's view, the names, the log) with what
the others did since the seat last decided."""

from __future__ import annotations

from dataclasses import dataclass, field

from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.tui.playdata import PlayData


@dataclass
class TrajanData(PlayData):
    """What a Trajan play screen draws."""

    view: GameState
    #: The others' moves since the seat last decided (a person's "Meanwhile", a bot's turn).
    recent: list[str] = field(default_factory=list)
    #: The points each other player scored since (first in "Meanwhile", issue: a 9 VP
    #: Trajan tile hidden behind the last move).
    scored: list[str] = field(default_factory=list)
    #: Every move of the others since (the recap's own window, r; ``recent`` keeps the latest).
    recap: list[str] = field(default_factory=list)
    #: Why u takes nothing back now, in player words ("" where it does).
    undo_note: str = ""
