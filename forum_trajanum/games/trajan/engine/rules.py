"""Trajan's rules: the engine's API (:func:`new_game`, :func:`legal_actions`, :func:`apply`,
:func:`is_over`) and the flow that plays the task records. Each kind of task is ruled once by
the module that handles it: the setup (:mod:`~forum_trajanum.games.trajan.engine.setup`), the
turn (:mod:`~forum_trajanum.games.trajan.engine.turn`), the six actions
(:mod:`~forum_trajanum.games.trajan.engine.board`), the round and quarter ends
(:mod:`~forum_trajanum.games.trajan.engine.quarter`) and the final scoring
(:mod:`~forum_trajanum.games.trajan.engine.scoring`). Only they change a state.

Rulebook lines are cited as "EN l.N" (``shared/rules/trajan-rules-en.txt``); rulings R1-R39 are
in :mod:`forum_trajanum.games.trajan.data`.
"""

from __future__ import annotations

from forum_trajanum.core.flow import Flow
from forum_trajanum.core.numerals import roman
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import board, quarter, scoring, turn  # noqa: F401  (registrations)
from forum_trajanum.games.trajan.engine.setup import deal
from forum_trajanum.games.trajan.engine.state import GameState, TrajanOptions
from forum_trajanum.games.trajan.engine.tasks import TASKS


def where(state: GameState) -> str:
    """The current position in words, for messages."""
    if state.quarter <= 0:
        return "setup"
    return f"quarter {roman(state.quarter, D.QUARTERS)}, round {state.round}"


def new_game(seed: int, options: TrajanOptions | None = None) -> GameState:
    """A new game from ``seed`` (every random draw is made by the setup's ``deal``, R33),
    played on to its first decision."""
    state = deal(seed, options)
    FLOW.run_automatic(state)
    return state


FLOW = Flow(TASKS, where)
legal_actions = FLOW.legal_actions
is_over = FLOW.is_over
current_player = FLOW.current_player
decision_kind = FLOW.decision_kind
apply = FLOW.apply


__all__ = [
    "FLOW",
    "apply",
    "current_player",
    "decision_kind",
    "is_over",
    "legal_actions",
    "new_game",
]
