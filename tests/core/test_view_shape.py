"""One view shape for every registered game, and one check of a move's legality (issue 29).

Every game's ``view(state, seat)`` is a :class:`~forum_trajanum.core.view.View`: the viewer,
the decider, the decision, its title, and ``legal``, the viewer's legal actions as the engine's
own action values (the very objects ``legal_actions(state)`` lists, so a bot's or a screen's
choice goes back to ``apply`` as it is). A move played through the session is checked once,
by the engine's ``apply``: nothing looks it up among the legal actions first, and an illegal
one changes nothing and gets the engine's message. Run for every name in the registry, the
test-only games (``tests/testonly.py``) too, naming no game.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from forum_trajanum.core.errors import GameError
from forum_trajanum.core.session import GameSession
from forum_trajanum.core.view import View
from forum_trajanum.games import GAMES
from tests import fuzzing, testonly

with testonly.registered():
    NAMES = GAMES.names()
#: Every how many actions the views are looked at (every seat's and the onlooker's).
EVERY = 5


@pytest.fixture(scope="module", autouse=True)
def _test_only_games():
    """The test-only games are registered while this module's tests run, as they were at
    its collection."""
    with testonly.registered():
        yield


def _random_states(name: str, seed: int):
    """The states along one random game of ``name`` (every ``EVERY``-th and the last)."""
    game = GAMES.get(name)
    rng = random.Random(seed)
    players = rng.choice([n for n in fuzzing.player_counts(name) if 2 <= n <= 4])
    state = game.new_game(seed, game.options(players=players))
    step = 0
    while not game.is_over(state):
        if step % EVERY == 0:
            yield state
        game.apply(state, rng.choice(game.legal_actions(state)))
        step += 1
    yield state


@pytest.mark.parametrize("name", NAMES)
def test_every_games_view_is_a_view_whose_legal_actions_are_the_engines_own(name):
    game = GAMES.get(name)
    looked = 0
    for seed in range(2):
        for state in _random_states(name, seed):
            decider = game.current_player(state)
            legal = game.legal_actions(state)
            for seat in [-1, *range(game.players(state))]:
                seen = game.view(state, seat)
                assert isinstance(seen, View)
                assert seen.viewer == seat and seen.decider == decider
                assert seen.decision == game.decision_kind(state)
                assert isinstance(seen.title, str) and seen.title
                if seat == decider:
                    # the engine's own values, in its order: played back as they are
                    assert len(seen.legal) == len(legal)
                    assert all(a is b for a, b in zip(seen.legal, legal, strict=True))
                else:
                    assert len(seen.legal) == 0  # another's decision: no choices
            looked += 1
        assert game.is_over(state) and decider == -1 and seen.decision == "over"
        assert seen.title == "game over"
    assert looked > 5  # two whole games looked at along the way


class _Counted:
    """A game's rules with ``apply`` and ``legal_actions`` noting each call, in order."""

    def __init__(self, game) -> None:
        self.calls: list[str] = []

        def apply(state, action, player=None):
            self.calls.append("apply")
            return game.apply(state, action, player)

        def legal_actions(state):
            self.calls.append("legal_actions")
            return game.legal_actions(state)

        self.rules = dataclasses.replace(game, apply=apply, legal_actions=legal_actions)


def _session_and_an_illegal_action(name: str):
    """A session of ``name`` a few moves in (by its first legal actions), and one of its own
    actions that was legal earlier but is not now."""
    game = GAMES.get(name)
    session = GameSession.new(
        3, game.options(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game=name
    )
    earlier: list = []
    while True:
        legal = game.legal_actions(session.state)
        stale = [a for a in earlier if a not in legal]
        if stale and len(session.record.actions) >= 6:
            return session, stale[-1]
        earlier += legal[:20]
        session.play(legal[0])


@pytest.mark.parametrize("name", NAMES)
def test_a_move_is_checked_once_by_the_engines_apply_and_nothing_before_it(name):
    session, _ = _session_and_an_illegal_action(name)
    counted = _Counted(session.rules)
    session.rules = counted.rules
    seat = session.decider
    action = session.view_of(seat).legal[-1]
    counted.calls.clear()
    played = len(session.record.actions)
    session.play(action, seat)
    assert counted.calls.count("apply") == 1
    assert counted.calls[0] == "apply"  # no look-up among the legal actions before it
    assert session.record.actions[played:] == [str(action)]  # saved as its text


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_move_changes_nothing_and_says_the_engines_reason(name):
    session, illegal = _session_and_an_illegal_action(name)
    game = session.rules
    seat = session.decider
    try:
        game.apply(session.state.clone(), illegal, seat)
    except GameError as exc:
        reason = str(exc)
    else:
        pytest.fail(f"{illegal} was legal")
    counted = _Counted(game)
    session.rules = counted.rules
    before = (
        session.state.model_dump(),
        list(session.record.actions),
        len(session.log),
        session.view_of(seat),
    )
    counted.calls.clear()
    with pytest.raises(GameError) as refused:
        session.play(illegal, seat)
    assert str(refused.value) == reason and reason
    assert counted.calls == ["apply"]
    after = (
        session.state.model_dump(),
        list(session.record.actions),
        len(session.log),
        session.view_of(seat),
    )
    assert after == before
