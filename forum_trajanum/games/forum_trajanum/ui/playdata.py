"""What a Forum Trajanum play screen draws (:class:`PlayData`): the shell's play data
(:class:`forum_trajanum.tui.playdata.PlayData`) with the last public move to flash. The app
builds it, the play screens and the dialogs read it."""

from __future__ import annotations

from dataclasses import dataclass

from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.tui import playdata


@dataclass
class PlayData(playdata.PlayData):
    """What a play screen draws: one view plus public names, bots and log lines, and the
    last public move to show."""

    view: PlayerView
    #: The last public move to show (Colonia cell names, Forum cell indexes) and its seat.
    flash: tuple[tuple[str, ...], tuple[int, ...]] = ((), ())
    flash_seat: int = -1
    #: The first of the log lines that the watch screen's "Just now" may show: the ones
    #: after the last move of the person at the table (their own moves are not news once
    #: another seat's turn has begun).
    news_from: int = 0
