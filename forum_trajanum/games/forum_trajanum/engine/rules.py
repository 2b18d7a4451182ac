"""The rules: whose decision it is, the legal actions, and applying an action.

Flow is a stack of task records in ``state.tasks``
(:mod:`forum_trajanum.games.forum_trajanum.engine.tasks`),
played by the core's dispatcher (:class:`forum_trajanum.core.flow.Flow`). Automatic tasks
(dealing, revealing street cards, scoring...) run by themselves; the task on top after they
have run is the current decision. ``legal_actions(state)`` lists every legal action of that
decision and ``apply`` accepts only those. Each kind of task is ruled once by the module that
handles it. Section names in comments refer to the English rulebook.
"""

from __future__ import annotations

from forum_trajanum.core.flow import Flow
from forum_trajanum.games.forum_trajanum.engine import benefits, cycle, draft, turn  # noqa: F401  (registrations)
from forum_trajanum.games.forum_trajanum.engine.effects import CELL_NAMES
from forum_trajanum.games.forum_trajanum.engine.tasks import TASKS

__all__ = [
    "CELL_NAMES",
    "DECISION_TITLES",
    "FLOW",
    "apply",
    "current_player",
    "decision_kind",
    "decision_title",
    "describe_decision",
    "is_over",
    "legal_actions",
    "run_automatic",
]

#: Forum Trajanum's flow: every task kind has a rule (checked here, at import).
FLOW = Flow(TASKS, lambda state: f"cycle {state.cycle} round {state.round}")

#: The title of every decision kind, in words.
DECISION_TITLES = TASKS.titles()

#: The player who decides now, or -1 when the game is over.
current_player = FLOW.current_player
#: The kind of the current decision (a task kind), or "over".
decision_kind = FLOW.decision_kind
#: What the current decision is, in words ("game over" at the end).
decision_title = FLOW.decision_title
#: Whether the game has ended (after the scoring of cycle III).
is_over = FLOW.is_over
#: Every legal action of the current decision; empty only when the game is over.
legal_actions = FLOW.legal_actions
#: Apply a legal action to the state in place (``apply(state, action, player=None)``); an
#: action that is not legal raises an IllegalActionError and changes nothing.
apply = FLOW.apply
#: A short English description of the current decision, for messages.
describe_decision = FLOW.describe
#: Run automatic tasks until a decision with at least one legal action is on top.
run_automatic = FLOW.run_automatic
