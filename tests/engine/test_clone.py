"""``GameState.clone``: the search bots copy states thousands of times per decision, so the copy
is built without validation. It must still be a full, independent copy: playing on in the
copy (including the legal-action cache it starts with) never changes the original."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forum_trajanum.engine import GameState, apply, is_over, legal_actions

from .games import games, share

EVERY = 7  # check every 7th state of a game


def clone_is_equal_and_independent(_state):
    def check(step):
        if step.number % EVERY:
            return
        state = step.state
        before = state.model_dump()
        legal_before = [str(a) for a in legal_actions(state)]
        copy = state.clone()
        assert isinstance(copy, GameState)
        assert copy.model_dump() == before
        assert [str(a) for a in legal_actions(copy)] == legal_before
        # play the copy on for a while (choices drawn like the game's): the original must not
        # notice
        for _ in range(12):
            if is_over(copy):
                break
            legal = legal_actions(copy)
            apply(copy, legal[step.choose(legal)])
        assert state.model_dump() == before
        assert [str(a) for a in legal_actions(state)] == legal_before
        # and the copy validates as a state of its own
        assert GameState.model_validate(copy.model_dump()).model_dump() == copy.model_dump()

    return check


@pytest.mark.parametrize("players", [2, 4])
@settings(max_examples=share(0.4))
@given(data=st.data())
def test_clone_is_equal_and_independent(players, data):
    data.draw(games(players, checks=[clone_is_equal_and_independent]), label="game")
