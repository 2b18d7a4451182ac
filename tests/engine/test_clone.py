"""``GameState.clone``: the search bots copy states thousands of times per decision, so the copy
is built without validation. It must still be a full, independent copy: playing on in the
copy (including the legal-action cache it starts with) never changes the original."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.engine import GameState, apply, is_over, legal_actions, new_game
from forum_trajanum.engine.state import GameOptions

from .helpers import along_random_game


@pytest.mark.parametrize("players", [2, 4])
def test_clone_is_equal_and_independent(players):
    rng = random.Random(players)
    checked = 0
    for state in along_random_game(new_game(11, GameOptions(players=players)), 11, every=7):
        before = state.model_dump()
        legal_before = [str(a) for a in legal_actions(state)]
        copy = state.clone()
        assert isinstance(copy, GameState)
        assert copy.model_dump() == before
        assert [str(a) for a in legal_actions(copy)] == legal_before
        # play the copy on for a while: the original must not notice
        for _ in range(12):
            if is_over(copy):
                break
            apply(copy, rng.choice(legal_actions(copy)))
        assert state.model_dump() == before
        assert [str(a) for a in legal_actions(state)] == legal_before
        # and the copy validates as a state of its own
        assert GameState.model_validate(copy.model_dump()).model_dump() == copy.model_dump()
        checked += 1
    assert checked > 20
