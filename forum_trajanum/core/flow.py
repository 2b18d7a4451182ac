"""The dispatcher of a game's task stack: whose decision it is, its legal actions, applying one.

A game's state keeps its flow as a stack of task records (``state.tasks``, top = next; see
:mod:`forum_trajanum.core.tasks`). Automatic tasks run by themselves; the task on top after they
have run is the current decision. ``legal_actions`` lists every legal action of that decision
and ``apply`` accepts only those: it is the only way the state changes.

The state of any game on this dispatcher has ``tasks`` (the stack), ``phase`` (set from the
decision's record; "over" at the end), ``actions_taken`` (a counter) and a private ``_legal``
attribute (the cached legal actions of the current decision, a list that is never changed,
only replaced).

Handlers never pop their own task: the dispatcher takes the task off the stack, calls the
handler, and puts the task back (below whatever the handler pushed) when the handler returns
:data:`~forum_trajanum.core.tasks.AGAIN` — a decision that stays open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from forum_trajanum.core.actions import Action
from forum_trajanum.core.errors import GameOverError, IllegalActionError, NotYourDecisionError
from forum_trajanum.core.tasks import AGAIN, TaskRegistry


class Flow:
    """The five-function rules API over one game's :class:`TaskRegistry`.

    ``where(state)`` words the current position for error messages ("cycle II round 3").
    """

    def __init__(self, tasks: TaskRegistry, where: Callable[[Any], str]) -> None:
        tasks.check_complete()
        self.tasks = tasks
        self._where = where
        self._decisions = tasks.decisions
        self._runs = tasks.runs
        #: Each decision kind's handler by kind: one dict look-up an action on the hot path
        #: (the registry's rules are complete, checked above).
        self._handles = {kind: rule.handle for kind, rule in tasks.decisions.items()}

    def current_player(self, state: Any) -> int:
        """The seat who decides now, or -1 when the game is over."""
        return state.tasks[-1].player if state.tasks else -1

    def decision_kind(self, state: Any) -> str:
        """The kind of the current decision (a task kind), or "over"."""
        return state.tasks[-1].kind if state.tasks else "over"

    def decision_title(self, state: Any) -> str:
        """What the current decision is, in words ("game over" at the end)."""
        return state.tasks[-1].title if state.tasks else "game over"

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""
        return not state.tasks

    def describe(self, state: Any) -> str:
        """The current decision, its player and where in the game, for messages."""
        if not state.tasks:
            return "game over"
        task = state.tasks[-1]
        return f"{task.title}, player {task.player + 1}, {self._where(state)}"

    def legal_actions(self, state: Any) -> list[Any]:
        """Every legal action of the current decision; empty only when the game is over."""
        private = state.__pydantic_private__  # a plain dict: the cache must be cheap to reach
        cached: list[Any] | None = private["_legal"]
        if cached is None:
            task = state.tasks[-1] if state.tasks else None
            cached = self._decisions[task.kind].options(state, task) if task else []
            private["_legal"] = cached
        return cached

    def apply(self, state: Any, action: Any, player: int | None = None) -> Any:
        """Apply a legal ``action`` to ``state`` in place and return it.

        ``player``, when given, is who tries the action. An action that is not legal raises an
        :class:`IllegalActionError` (what was tried, why, and where) and changes nothing.
        """
        tasks = state.tasks
        if not tasks:
            raise GameOverError(f"the game is over; {action} is not possible")
        task = tasks[-1]
        if player is not None and player != task.player:
            raise NotYourDecisionError(
                f"player {player + 1} tried {action!s} but it is player {task.player + 1}'s "
                f"decision ({self.describe(state)})"
            )
        private = state.__pydantic_private__
        legal = private["_legal"]
        if legal is None:
            legal = self.legal_actions(state)
        for shared in legal:  # the shared instances first: no field-by-field comparison
            if shared is action:
                break
        else:
            if action not in legal:
                raise IllegalActionError(self._why_illegal(state, action, legal))
        tasks.pop()
        depth = len(tasks)
        if self._handles[task.kind](state, task, action) is AGAIN:
            tasks.insert(depth, task)  # the decision stays open below what the action started
        state.actions_taken += 1
        self._run(state, private)
        return state

    def run_automatic(self, state: Any) -> None:
        """Run automatic tasks until a decision with at least one legal action is on top
        (a decision without one is skipped)."""
        self._run(state, state.__pydantic_private__)

    def _run(self, state: Any, private: dict[str, Any]) -> None:
        """:meth:`run_automatic` given the state's private dict (read once a decision)."""
        private["_legal"] = None
        tasks = state.tasks
        decisions = self._decisions
        runs = self._runs
        while tasks:
            task = tasks[-1]
            rule = decisions.get(task.kind)
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
            runs[task.kind](state, task)
        state.phase = "over"

    def _why_illegal(self, state: Any, action: Any, legal: list[Any]) -> str:
        kinds = sorted({a.kind for a in legal})
        where = self.describe(state)
        if not isinstance(action, Action):
            return f"{_named(action)} is not an action ({where})"
        own = getattr(type(legal[0]), "actions", None) if legal else None
        if own is not None and not own.owns(action):
            other = action.actions.game if action.actions is not None else "no game"
            return f"{_named(action)} is an action of {other}, not of {own.game} ({where})"
        if action.kind not in kinds:
            allowed = ", ".join(kinds)
            return (
                f"{_named(action)} is not possible now: the decision is to {where}; "
                f"allowed: {allowed}"
            )
        examples = ", ".join(str(a) for a in legal[:8]) + (" ..." if len(legal) > 8 else "")
        return f"{_named(action)} is not legal ({where}); legal here: {examples}"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _named(action: object) -> str:
    """An action's text for a message; anything else (or an action whose fields do not make a
    text) shown as a short repr."""
    if isinstance(action, Action):
        try:
            return action.text()
        except (ValueError, IndexError, KeyError, TypeError):
            return f"{type(action).__name__} {_shown(action.__dict__)}"
    return _shown(action)
