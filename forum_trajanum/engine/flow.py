"""The registry of decisions and automatic tasks, and the dispatcher's stack bookkeeping.

Each module that handles a task kind registers it once: a decision with its options (the
legal actions) and its handler, an automatic task with the function that runs it. The task
record itself (fields, title, phase) is declared in :mod:`forum_trajanum.engine.tasks`.

Handlers never pop their own task: the dispatcher takes the task off the stack, calls the
handler, and puts the task back (below whatever the handler pushed) when the handler returns
:data:`AGAIN` — a decision that stays open, like the draft after the first tile or the
building step after a conversion.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from forum_trajanum.engine.tasks import TASK_TYPES

#: A handler's answer: the decision stays open after this action.
AGAIN = "again"


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """How one kind of decision is played: its legal actions, applying one, and what
    happens when it has no legal action (``skipped``, optional)."""

    record: type
    options: Callable[[Any, Any], list]
    handle: Callable[[Any, Any, Any], str | None]
    skipped: Callable[[Any, Any], None] | None = None


#: Decision rules by task kind.
DECISIONS: dict[str, DecisionRule] = {}
#: Automatic tasks by task kind: the function that runs one.
AUTOMATIC: dict[str, Callable[[Any, Any], None]] = {}


def decides(record: type, *, options, handle, skipped=None) -> None:
    """Register the decision of task record ``record``; refuses a kind registered twice."""
    _check_new(record)
    DECISIONS[record.kind] = DecisionRule(record, options, handle, skipped)


def automatic(record: type, run) -> None:
    """Register the automatic task of ``record``; refuses a kind registered twice."""
    _check_new(record)
    AUTOMATIC[record.kind] = run


def _check_new(record: type) -> None:
    kind = getattr(record, "kind", None)
    if TASK_TYPES.get(kind) is not record:
        raise ValueError(f"{record.__name__} is not a task record of engine.tasks")
    if kind in DECISIONS or kind in AUTOMATIC:
        raise ValueError(f"task kind {kind!r} is registered twice")
