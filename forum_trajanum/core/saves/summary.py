"""A save's app data brought up to date (:func:`save_summary`): what the list of games shows
of it without replaying it. Every writer of a save uses it (the store, the import of release
0.1.0's saves, ``simulate``)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from forum_trajanum.core.record import GameRecordBase as GameRecord
    from forum_trajanum.core.record import SaveMeta


def save_summary(record: GameRecord, state: Any, title: str | None) -> SaveMeta:
    """The record's app data brought up to date for this save: title, times, and where the
    game stands (the game's own words), its scores and, once over, its winners."""
    from forum_trajanum.core.game import GAMES

    game = GAMES.get(record.game)
    now = time.time()
    over = game.is_over(state)
    update = {
        "saved": now,
        "created": record.meta.created or now,
        "stage": game.summary(state),
        "over": over,
        "scores": game.scores(state),
        "winners": game.ranking(state)[0] if over else [],
        # the period, for a release that lists the game by it
        "cycle": game.period(state)[0],
        "round": game.period(state)[1],
    }
    if title is not None:
        update["title"] = title
    return record.meta.model_copy(update=update)
