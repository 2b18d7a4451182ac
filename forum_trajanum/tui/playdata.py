"""What a play screen draws (:class:`PlayData`), for every game: one view (what its player may
know), the players' names and bots, the public log in words, whether undo is offered, a
message, and where the decision stands in the game. The app asks a game's UI contract for it
(``play_data``); a game with more to show (the last move to flash, what the others did
meanwhile) adds its own fields in a subclass. Its own module, so that a game's screens and
dialogs need not import each other to read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class PlayData:
    """What a play screen draws: one view plus public names, bots and log lines."""

    view: Any
    names: list[str]
    bots: list[str]
    log: list[str] = field(default_factory=list)
    can_undo: bool = False
    message: str = ""
    #: Seconds for which the decision list ignores being chosen (a new player's decision).
    hold: float = 0.0
    #: Whose board a public view shows (the person watching bots play), -1: the decider's.
    home: int = -1
    #: How many actions the game had when this was made (a decision's place in the game).
    step: int = 0

    @classmethod
    def of(cls, session, view, log: list[str], *, names, bots, message="", hold=0.0, home=-1):
        """What a play screen draws for ``view`` in ``session``, with the game's log in words
        (``log``): undo is offered to the deciding seat while the session can undo; ``step``
        is the number of actions so far."""
        can_undo = view.viewer == session.decider and session.can_undo()
        return cls(
            view, names, bots, log, can_undo, message, hold, home, len(session.record.actions)
        )
