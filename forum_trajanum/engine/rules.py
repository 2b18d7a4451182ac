"""The rules: whose decision it is, the legal actions, and applying an action.

Flow is a stack of task records in ``state.tasks`` (:mod:`forum_trajanum.engine.tasks`).
Automatic tasks (dealing, revealing street cards, scoring...) run by themselves; the task on
top after they have run is the current decision. ``legal_actions(state)`` lists every legal
action of that decision and ``apply`` accepts only those. Each kind of task is registered once
(:mod:`forum_trajanum.engine.flow`) by the module that handles it. Section names in comments
refer to the English rulebook.
"""

from __future__ import annotations

from forum_trajanum.engine import actions as A
from forum_trajanum.engine import benefits, cycle, draft, turn  # noqa: F401  (registrations)
from forum_trajanum.engine.effects import CELL_NAMES
from forum_trajanum.engine.errors import GameOverError, IllegalActionError, NotYourDecisionError
from forum_trajanum.engine.flow import AGAIN, AUTOMATIC, DECISIONS
from forum_trajanum.engine.state import GameState
from forum_trajanum.engine.tasks import TASK_TYPES

__all__ = [
    "CELL_NAMES",
    "DECISION_TITLES",
    "apply",
    "current_player",
    "decision_kind",
    "decision_title",
    "is_over",
    "legal_actions",
]

_unregistered = set(TASK_TYPES) - set(DECISIONS) - set(AUTOMATIC)
if _unregistered:  # pragma: no cover - a programming error, caught at import
    raise RuntimeError(f"task kinds without a rule: {sorted(_unregistered)}")


#: The title of every decision kind, in words.
DECISION_TITLES = {kind: rule.record.title for kind, rule in DECISIONS.items()}


def current_player(state: GameState) -> int:
    """The player who decides now, or -1 when the game is over."""
    return state.tasks[-1].player if state.tasks else -1


def decision_kind(state: GameState) -> str:
    """The kind of the current decision (a task kind), or "over"."""
    return state.tasks[-1].kind if state.tasks else "over"


def decision_title(state: GameState) -> str:
    """What the current decision is, in words ("game over" at the end)."""
    return state.tasks[-1].title if state.tasks else "game over"


def is_over(state: GameState) -> bool:
    """Whether the game has ended (after the scoring of cycle III)."""
    return not state.tasks


def legal_actions(state: GameState) -> list[A.Action]:
    """Every legal action of the current decision; empty only when the game is over."""
    private = state.__pydantic_private__  # plain dict: the cache must be cheap to reach
    cached = private["_legal"]
    if cached is None:
        cached = _options(state, state.tasks[-1]) if state.tasks else []
        private["_legal"] = cached
    return cached


def apply(state: GameState, action: A.Action, player: int | None = None) -> GameState:
    """Apply a legal ``action`` to ``state`` in place and return it.

    ``player``, when given, is who tries the action. An action that is not legal raises an
    :class:`IllegalActionError` and leaves the state unchanged.
    """
    if not state.tasks:
        raise GameOverError(f"the game is over; {action} is not possible")
    task = state.tasks[-1]
    if player is not None and player != task.player:
        raise NotYourDecisionError(
            f"player {player + 1} tried {action!s} but it is player {task.player + 1}'s "
            f"decision ({describe_decision(state)})"
        )
    legal = legal_actions(state)
    if not any(a is action for a in legal) and action not in legal:
        raise IllegalActionError(_why_illegal(state, action, legal))
    tasks = state.tasks
    tasks.pop()
    depth = len(tasks)
    if DECISIONS[task.kind].handle(state, task, action) is AGAIN:
        tasks.insert(depth, task)  # the decision stays open below what the action started
    state.actions_taken += 1
    run_automatic(state)
    return state


def describe_decision(state: GameState) -> str:
    """A short English description of the current decision, for messages."""
    if not state.tasks:
        return "game over"
    task = state.tasks[-1]
    return f"{task.title}, player {task.player + 1}, cycle {state.cycle} round {state.round}"


def _why_illegal(state: GameState, action: A.Action, legal: list[A.Action]) -> str:
    kinds = sorted({a.kind for a in legal})
    where = describe_decision(state)
    if action.kind not in kinds:
        allowed = ", ".join(kinds)
        return f"{action!s} is not possible now: the decision is to {where}; allowed: {allowed}"
    examples = ", ".join(str(a) for a in legal[:8]) + (" ..." if len(legal) > 8 else "")
    return f"{action!s} is not legal ({where}); legal here: {examples}"


def run_automatic(state: GameState) -> None:
    """Run automatic tasks until a decision with at least one legal action is on top."""
    private = state.__pydantic_private__
    private["_legal"] = None
    tasks = state.tasks
    while tasks:
        task = tasks[-1]
        rule = DECISIONS.get(task.kind)
        if rule is not None:
            options = rule.options(state, task)
            if options:
                private["_legal"] = options
                phase = task.phase
                if phase is not None and phase != state.phase:
                    state.phase = phase
                return
            tasks.pop()
            if rule.skipped is not None:
                rule.skipped(state, task)
            continue
        tasks.pop()
        AUTOMATIC[task.kind](state, task)
    state.phase = "over"


def _options(state: GameState, task) -> list[A.Action]:
    return DECISIONS[task.kind].options(state, task)
