"""Random play of any registered game as one Hypothesis strategy: :func:`games` plays a whole
game, choosing every action among ``legal_actions`` with a drawn index, and checks the state
after every action. It names no game: the contract (``tests/core/test_game_contract.py``) runs
it for every game, and each game's own tests add what is the game's own (its invariants, its
options, its tally of points: ``tests/engine/games.py``, ``tests/trajan/test_random_play.py``).

Why the checks run inside the strategy: a game is a few hundred decisions, each depending on
the ones before, so the choices cannot be drawn up front. The strategy draws one index per
decision that offers a choice (``st.integers(0, len(legal) - 1)``), so

* every choice shrinks towards 0, the first legal action: a shrunk failure reads as "the
  first legal action everywhere except at these few steps";
* the game stops at the first broken check, so a failure is the action list up to that step,
  and the note on the error holds it as the game's record (seed, options, action texts), the
  save file that the app opens (``forum_trajanum.core.record.read_record`` reads it back);
* the seed shrinks towards 0, and the options towards what the given strategy shrinks to.

A check is made once per game with the new state and returns the function called with every
:class:`Step` (so it may keep what it saw: the scores before, a tally).

The number of games comes from the Hypothesis profile (registered in ``tests/conftest.py``):
a small one for local runs, a larger one that ``.ci/run`` selects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from forum_trajanum.core.game import Game


@dataclass(frozen=True)
class Step:
    """One applied action: what the decision was, and the state right after it."""

    number: int  # actions applied so far, this one included
    kind: str  # the decision kind the action answered
    actor: int  # the seat who decided
    legal: list = field(repr=False)  # the legal actions of that decision
    action: Any
    state: Any = field(repr=False)  # after the action (live: read it, do not keep it)
    #: Draws an index into a list of legal actions from the game's own choices, for a check
    #: that plays on in a copy (so that its choices shrink with the game's).
    choose: Callable[[list], int] = field(repr=False)


StepCheck = Callable[[Step], None]
#: Called once per game with the new state; returns the check called after every action.
Check = Callable[[Any], StepCheck]


@dataclass
class PlayedGame:
    """A finished game: its record, final state and the periods it went through ((cycle,
    round), (quarter, round): the game's ``period``, in order, the setup's (x, 0) left out)."""

    record: Any
    state: Any
    periods: list[tuple[int, int]] = field(default_factory=list)
    checks: list[StepCheck] = field(default_factory=list)  # this game's, to read what they saw
    choices: dict[int, int] = field(default_factory=dict)  # step -> index, where not 0

    def __repr__(self) -> str:
        return (
            f"PlayedGame({self.record.game}, seed={self.record.seed}, {self.record.options!r}, "
            f"{len(self.record.actions)} actions, choices other than the first: {self.choices})"
        )


def _failure_note(record, choices: dict[int, int], step: int, action: str) -> str:
    return (
        f"Failed at action {step} ({action!r}); choices other than the first legal action "
        f"(step: index): {choices}.\nThe game up to there (a save file: "
        f"forum_trajanum.core.record.read_record reads it, its record replays it):\n"
        f"{record.to_json()}"
    )


def play(
    game: Game,
    state,
    choose: Callable[[list], int],
    checks: Iterable[Check] = (),
    seed: int = 0,
    steps: int | None = None,
    invariants: Callable[[Any], list[str] | None] | None = None,
) -> PlayedGame:
    """Play ``state`` to the end (or for ``steps`` actions), taking ``legal[choose(legal)]`` at
    every decision, with the game's own ``invariants`` (``invariants(state)`` returns what is
    broken, or raises) and then ``checks`` after every action. A failing check (or an engine
    error) is raised with a note holding the game up to there."""

    def pick(legal: list) -> int:
        return choose(legal) if len(legal) > 1 else 0

    record = game.record(seed=seed, options=state.options)
    step_checks = [make(state) for make in checks]
    played = PlayedGame(record=record, state=state, checks=step_checks)
    number = 0
    while not game.is_over(state) and (steps is None or number < steps):
        legal = game.legal_actions(state)
        assert legal, "a game that is not over has no legal action"
        index = pick(legal)
        if index:
            played.choices[number + 1] = index
        action = legal[index]
        kind, actor = game.decision_kind(state), game.current_player(state)
        number += 1
        record.append(action)
        try:
            game.apply(state, action)
            if invariants is not None:
                broken = invariants(state)
                assert not broken, f"broken invariants: {broken}"
            period = game.period(state)
            if period[1] and period not in played.periods[-1:]:
                played.periods.append(period)
            done = Step(number, kind, actor, legal, action, state, pick)
            for check in step_checks:
                check(done)
        except Exception as exc:
            exc.add_note(_failure_note(record, played.choices, number, str(action)))
            raise
    return played


@st.composite
def games(
    draw,
    game: Game,
    options: st.SearchStrategy,
    checks: Iterable[Check] = (),
    steps: int | None = None,
    invariants: Callable[[Any], list[str] | None] | None = None,
) -> PlayedGame:
    """A complete random game of ``game`` with options drawn from ``options`` (or its first
    ``steps`` actions), checked at every step (see :func:`play`)."""
    opts = draw(options)
    seed = draw(st.integers(0, 2**32 - 1))

    def choose(legal: list) -> int:
        return draw(choice_index(len(legal)))

    state = game.new_game(seed, opts)
    return play(game, state, choose, checks, seed=seed, steps=steps, invariants=invariants)


#: Index strategies by the number of legal actions: built once, not a few hundred times a game.
_INDICES: dict[int, st.SearchStrategy[int]] = {}


def choice_index(count: int) -> st.SearchStrategy[int]:
    """The strategy of an index into ``count`` legal actions."""
    if count not in _INDICES:
        _INDICES[count] = st.integers(0, count - 1)
    return _INDICES[count]


def share(fraction: float) -> int:
    """``max_examples`` for a property with costly step checks: a share of the profile's."""
    return max(2, round(settings().max_examples * fraction))


def every(n: int, check: StepCheck) -> Check:
    """A check that runs ``check(step)`` after every ``n``-th action (for costly checks)."""

    def make(_state) -> StepCheck:
        def at_every_nth(step: Step) -> None:
            if step.number % n == 0:
                check(step)

        return at_every_nth

    return make
