"""Forum Trajanum's random play: the generic harness (``tests/randomplay.py``, the same the
contract runs for every game) with this game's options and invariants. :func:`games` plays a
whole game as one Hypothesis strategy, its options drawn too (every player count, side,
introductory game, handicap seats and random Forum boards, shrinking towards 2 players, side
A, no introductory game, no handicap, the printed Forum boards); ``check_invariants`` runs
after every action, and a test adds its own step checks with ``checks=``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hypothesis import strategies as st

from forum_trajanum.games.forum_trajanum.engine import Action, GameOptions, GameState
from forum_trajanum.games.forum_trajanum.engine.game import GAME
from tests import randomplay
from tests.engine.invariants import check_invariants
from tests.randomplay import Check, PlayedGame, Step, StepCheck, every, share

__all__ = [
    "Check",
    "PlayedGame",
    "Step",
    "StepCheck",
    "every",
    "game_options",
    "games",
    "play",
    "scores_never_fall",
    "share",
]


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


def play(
    state: GameState,
    choose: Callable[[list[Action]], int],
    checks: Iterable[Check] = (),
    seed: int = 0,
    steps: int | None = None,
) -> PlayedGame:
    """Play ``state`` to the end (or for ``steps`` actions), taking ``legal[choose(legal)]`` at
    every decision, with ``check_invariants`` and ``checks`` after every action
    (:func:`tests.randomplay.play`)."""
    return randomplay.play(GAME, state, choose, checks, seed, steps, check_invariants)


def games(
    players: int | None = None,
    checks: Iterable[Check] = (),
    options: st.SearchStrategy[GameOptions] | None = None,
    steps: int | None = None,
) -> st.SearchStrategy[PlayedGame]:
    """A complete random game (or its first ``steps`` actions) of ``players`` (any count when
    None) with options drawn from ``options`` (every option when None), checked at every
    step."""
    drawn = options if options is not None else game_options(players)
    return randomplay.games(GAME, drawn, checks, steps, check_invariants)


# --- step checks shared by several tests --------------------------------------------------


def scores_never_fall(state: GameState) -> StepCheck:
    """Rules "Victory points": points are only ever gained."""
    scores = [pl.score for pl in state.players]

    def check(step: Step) -> None:
        nonlocal scores
        now = [pl.score for pl in step.state.players]
        assert all(b >= a for a, b in zip(scores, now, strict=True)), f"a score fell: {now}"
        scores = now

    return check
