"""What a play screen draws (:class:`PlayData`): the app builds it, the play screens and the
dialogs read it. Its own module, so that the screens and the dialogs need not import each
other."""

from __future__ import annotations

from dataclasses import dataclass, field

from forum_trajanum.games.forum_trajanum.engine import PlayerView


@dataclass
class PlayData:
    """What a play screen draws: one view plus public names, bots and log lines."""

    view: PlayerView
    names: list[str]
    bots: list[str]
    log: list[str] = field(default_factory=list)
    can_undo: bool = False
    message: str = ""
    #: Seconds for which the decision list ignores being chosen (a new player's decision).
    hold: float = 0.0
    #: The last public move to show (Colonia cell names, Forum cell indexes) and its seat.
    flash: tuple[tuple[str, ...], tuple[int, ...]] = ((), ())
    flash_seat: int = -1
    #: Whose Colonia a public view shows (the human watching bots play), -1: the decider's.
    home: int = -1
    #: How many actions the game had when this was made (a decision's place in the game).
    step: int = 0
