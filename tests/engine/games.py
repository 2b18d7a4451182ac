"""Random play as one Hypothesis strategy: :func:`games` plays a whole game, choosing every
action among ``legal_actions`` with a drawn index, and checks the state at every step.

Why the checks run inside the strategy: a game is a few hundred decisions, each depending on
the ones before, so the choices cannot be drawn up front. The strategy draws one index per
decision that offers a choice (``st.integers(0, len(legal) - 1)``), so

* every choice shrinks towards 0, the first legal action: a shrunk failure reads as "the
  first legal action everywhere except at these few steps";
* the game stops at the first broken check, so a failure is the action list up to that step,
  and the note on the error holds it as a record (seed, options, action texts) that
  ``GameRecord.from_json(...).replay()`` rebuilds;
* the seed shrinks towards 0 and the options towards 2 players, side A, no introductory game,
  no handicap, the printed Forum boards.

Every example is a complete game unless a check fails. ``check_invariants`` runs after every
action; a test adds its own step checks with ``checks=``: each is called once per game with
the new state and returns the function called with every :class:`Step`.

The number of games comes from the Hypothesis profile (registered in ``tests/conftest.py``):
a small one for local runs, a larger one that ``.ci/run`` selects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from hypothesis import settings
from hypothesis import strategies as st

from forum_trajanum.games.forum_trajanum.engine import (
    Action,
    GameOptions,
    GameRecord,
    GameState,
    PlayerView,
    apply,
    current_player,
    decision_kind,
    is_over,
    legal_actions,
    new_game,
    parse,
    view,
)
from forum_trajanum.games.forum_trajanum.engine.checks import check_invariants


@dataclass(frozen=True)
class Step:
    """One applied action: what the decision was, and the state right after it."""

    number: int  # actions applied so far, this one included
    kind: str  # the decision kind the action answered
    actor: int  # the player who decided
    legal: list[Action] = field(repr=False)  # the legal actions of that decision
    action: Action
    state: GameState = field(repr=False)  # after the action (live: read it, do not keep it)
    #: Draws an index into a list of legal actions from the game's own choices, for a check
    #: that plays on in a copy (so that its choices shrink with the game's).
    choose: Callable[[list[Action]], int] = field(repr=False)


StepCheck = Callable[[Step], None]
#: Called once per game with the new state; returns the check called after every action.
Check = Callable[[GameState], StepCheck]


@dataclass
class PlayedGame:
    """A finished game: its record, final state and the (cycle, round) pairs it went through."""

    record: GameRecord
    state: GameState
    rounds: list[tuple[int, int]] = field(default_factory=list)
    checks: list[StepCheck] = field(default_factory=list)  # this game's, to read what they saw
    choices: dict[int, int] = field(default_factory=dict)  # step -> index, where not 0

    def __repr__(self) -> str:
        opts = self.record.options
        return (
            f"PlayedGame(seed={self.record.seed}, {opts!r}, {len(self.record.actions)} actions, "
            f"choices other than the first: {self.choices})"
        )


def game_options(players: int | None = None, **fixed) -> st.SearchStrategy[GameOptions]:
    """Options of a game: every player count, side, introductory game, handicap seats and
    random Forum boards;
    ``fixed`` pins fields (``game_options(2, introductory=True)``)."""

    def for_count(n: int) -> st.SearchStrategy[GameOptions]:
        fields = {
            "players": st.just(n),
            "side": st.sampled_from(("A", "B")),
            "introductory": st.booleans(),
            "handicap": st.sets(st.integers(0, n - 1)).map(lambda seats: tuple(sorted(seats))),
            "random_forum": st.booleans(),
        }
        fields.update({name: st.just(value) for name, value in fixed.items()})
        return st.builds(GameOptions, **fields)

    counts = st.sampled_from((2, 3, 4)) if players is None else st.just(players)
    return counts.flatmap(for_count)


def _failure_note(record: GameRecord, choices: dict[int, int], step: int, action: str) -> str:
    return (
        f"Failed at action {step} ({action!r}); choices other than the first legal action "
        f"(step: index): {choices}.\nThe game up to there (GameRecord JSON, replays with "
        f"GameRecord.from_json(...).replay()):\n{record.to_json()}"
    )


def play(
    state: GameState,
    choose: Callable[[list[Action]], int],
    checks: Iterable[Check] = (),
    seed: int = 0,
    steps: int | None = None,
) -> PlayedGame:
    """Play ``state`` to the end (or for ``steps`` actions), taking ``legal[choose(legal)]`` at
    every decision, with ``check_invariants`` and ``checks`` after every action. A failing
    check (or an engine error) is raised with a note holding the game up to there."""

    def pick(legal: list[Action]) -> int:
        return choose(legal) if len(legal) > 1 else 0

    record = GameRecord(seed=seed, options=state.options)
    step_checks = [make(state) for make in checks]
    game = PlayedGame(record=record, state=state, checks=step_checks)
    number = 0
    while not is_over(state) and (steps is None or number < steps):
        legal = legal_actions(state)
        assert legal, "a non-terminal state has no legal action"
        index = pick(legal)
        if index:
            game.choices[number + 1] = index
        action = legal[index]
        kind, actor = decision_kind(state), current_player(state)
        number += 1
        record.append(action)
        try:
            apply(state, action)
            problems = check_invariants(state)
            assert not problems, f"broken invariants: {problems}"
            if state.round and (state.cycle, state.round) not in game.rounds[-1:]:
                game.rounds.append((state.cycle, state.round))
            done = Step(number, kind, actor, legal, action, state, pick)
            for check in step_checks:
                check(done)
        except Exception as exc:
            exc.add_note(_failure_note(record, game.choices, number, str(action)))
            raise
    return game


@st.composite
def games(
    draw,
    players: int | None = None,
    checks: Iterable[Check] = (),
    options: st.SearchStrategy[GameOptions] | None = None,
    steps: int | None = None,
) -> PlayedGame:
    """A complete random game (or its first ``steps`` actions), checked at every step (see the
    module docstring)."""
    opts = draw(options if options is not None else game_options(players))
    seed = draw(st.integers(0, 2**32 - 1))

    def choose(legal: list[Action]) -> int:
        return draw(_index(len(legal)))

    return play(new_game(seed, opts), choose, checks, seed=seed, steps=steps)


#: Index strategies by the number of legal actions: built once, not a few hundred times a game.
_INDICES: dict[int, st.SearchStrategy[int]] = {}


def _index(count: int) -> st.SearchStrategy[int]:
    """The strategy of an index into ``count`` legal actions."""
    if count not in _INDICES:
        _INDICES[count] = st.integers(0, count - 1)
    return _INDICES[count]


def share(fraction: float) -> int:
    """``max_examples`` for a property with costly step checks: a share of the profile's."""
    return max(2, round(settings().max_examples * fraction))


def every(n: int, check: StepCheck) -> Check:
    """A check that runs ``check(step)`` after every ``n``-th action (for costly checks)."""

    def make(_state: GameState) -> StepCheck:
        def at_every_nth(step: Step) -> None:
            if step.number % n == 0:
                check(step)

        return at_every_nth

    return make


# --- step checks shared by several tests --------------------------------------------------


def action_text_round_trips(_state: GameState) -> StepCheck:
    """Decision model: ``parse(str(a)) == a`` for the chosen action."""

    def check(step: Step) -> None:
        assert parse(str(step.action)) == step.action, str(step.action)

    return check


def scores_never_fall(state: GameState) -> StepCheck:
    """Rules "Victory points": points are only ever gained."""
    scores = [pl.score for pl in state.players]

    def check(step: Step) -> None:
        nonlocal scores
        now = [pl.score for pl in step.state.players]
        assert all(b >= a for a, b in zip(scores, now, strict=True)), f"a score fell: {now}"
        scores = now

    return check


def actor_view_round_trips(_state: GameState) -> StepCheck:
    """The acting player's view survives its JSON form (what a bot or a save would carry)."""

    def check(step: Step) -> None:
        seen = view(step.state, step.actor)
        assert PlayerView.model_validate_json(seen.model_dump_json()) == seen

    return check
