"""The rules: whose decision it is, the legal actions, and applying an action.

Flow is a stack of tasks in ``state.tasks``. Automatic tasks (dealing, revealing street cards,
scoring...) run by themselves; the task on top after they have run is the current decision.
``legal_actions(state)`` lists every legal action of that decision and ``apply`` accepts only
those. Section names in comments refer to the English rulebook.
"""

from __future__ import annotations

from forum_trajanum.engine import actions as A
from forum_trajanum.engine import benefits, cycle, draft, turn
from forum_trajanum.engine.effects import CELL_NAMES
from forum_trajanum.engine.errors import GameOverError, IllegalActionError, NotYourDecisionError
from forum_trajanum.engine.state import GameState

__all__ = ["CELL_NAMES", "apply", "current_player", "decision_kind", "is_over", "legal_actions"]

_MODULES = (cycle, draft, turn, benefits)
_OPTIONS = {k: v for m in _MODULES for k, v in m.OPTIONS.items()}
_HANDLERS = {k: v for m in _MODULES for k, v in m.HANDLERS.items()}
_AUTO = {k: v for m in _MODULES for k, v in m.AUTO.items()}
_SKIPPED = {k: v for m in _MODULES for k, v in m.SKIPPED.items()}
#: Decisions (task kinds) that a player answers; every other task runs by itself.
DECISIONS = frozenset(_OPTIONS)


def current_player(state: GameState) -> int:
    """The player who decides now, or -1 when the game is over."""
    return state.tasks[-1][1] if state.tasks else -1


def decision_kind(state: GameState) -> str:
    """The kind of the current decision (a task kind), or "over"."""
    return state.tasks[-1][0] if state.tasks else "over"


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
    if player is not None and player != task[1]:
        raise NotYourDecisionError(
            f"player {player + 1} tried {action!s} but it is player {task[1] + 1}'s decision "
            f"({describe_decision(state)})"
        )
    legal = legal_actions(state)
    if not any(a is action for a in legal) and action not in legal:
        raise IllegalActionError(_why_illegal(state, action, legal))
    _HANDLERS[task[0]](state, task, action)
    state.actions_taken += 1
    run_automatic(state)
    return state


def describe_decision(state: GameState) -> str:
    """A short English description of the current decision, for messages."""
    if not state.tasks:
        return "game over"
    kind, p = state.tasks[-1][0], state.tasks[-1][1]
    title = DECISION_TITLES.get(kind, kind)
    return f"{title}, player {p + 1}, cycle {state.cycle} round {state.round}"


DECISION_TITLES = {
    "setup_cranes": "choose crane colours",
    "setup_row": "choose the row of the drawn citizen",
    "setup_diagonal": "choose the diagonal for the other two citizens",
    "handicap": "take a citizen from a corner (handicap)",
    "citizen": "choose a citizen row",
    "draft": "draft tiles",
    "use": "use a Colonia tile",
    "build": "building step",
    "first": "choose which benefit comes first",
    "envoy": "place an envoy",
    "step": "choose a benefit track step",
    "worker": "choose a worker colour",
    "bonus": "choose an area bonus",
    "gain": "choose a second-citizen bonus",
    "pick": "take a Colonia tile to use now",
    "pay": "pay citizens",
}


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
        kind = task[0]
        if kind in DECISIONS:
            options = _options(state, task)
            if options:
                private["_legal"] = options
                phase = _PHASE_OF.get(kind)
                if phase is not None and phase != state.phase:
                    state.phase = phase
                return
            tasks.pop()
            _SKIPPED.get(kind, _noop)(state, task)
            continue
        tasks.pop()
        _AUTO[kind](state, task)
    state.phase = "over"


_PHASE_OF = {
    "setup_cranes": "setup", "setup_row": "setup", "setup_diagonal": "setup", "handicap": "setup",
    "draft": "draft", "use": "turn", "build": "turn", "pay": "scoring",
}  # fmt: skip


def _noop(state: GameState, task: tuple) -> None:
    return None


def _options(state: GameState, task: tuple) -> list[A.Action]:
    return _OPTIONS[task[0]](state, task)
