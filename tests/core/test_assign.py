"""core/assign: the game states' fields are assigned without pydantic's dispatch (issue 37.5),
and a name that is no field is still refused, as pydantic refused it."""

from __future__ import annotations

import pytest

from forum_trajanum.core.assign import assign_all
from forum_trajanum.core.game import GAMES


@pytest.mark.parametrize("name", ["forum-trajanum", "trajan"])
def test_a_state_field_is_assigned_and_a_name_that_is_no_field_is_refused(name):
    game = GAMES.get(name)
    state = game.new_game(3, game.options(players=2))
    state.actions_taken = 41
    state.players[1].score = 7
    assert state.actions_taken == 41 and state.players[1].score == 7
    assert state.model_dump()["players"][1]["score"] == 7
    with pytest.raises(ValueError, match="no field"):
        state.actions_takne = 1  # a typo
    with pytest.raises(ValueError, match="no field"):
        state.players[0].scroe = 1
    assert "actions_takne" not in vars(state) and "scroe" not in vars(state.players[0])


@pytest.mark.parametrize("name", ["forum-trajanum", "trajan"])
def test_the_legal_action_cache_is_a_private_attribute_still(name):
    # the flow's cache of legal actions lives apart from the fields: a clone, a view and a
    # dump do not carry it as a field
    game = GAMES.get(name)
    state = game.new_game(3, game.options(players=2))
    state._legal = None
    assert state.__pydantic_private__["_legal"] is None and "_legal" not in vars(state)
    assert game.legal_actions(state)  # computed again


def test_several_fields_are_assigned_at_once_and_a_misspelt_one_changes_nothing():
    game = GAMES.get("forum-trajanum")
    pl = game.new_game(3, game.options(players=2)).players[0]
    assign_all(pl, score=5, coins=9)
    assert (pl.score, pl.coins) == (5, 9)
    with pytest.raises(ValueError, match="no field coisn"):
        assign_all(pl, score=6, coisn=1)
    assert (pl.score, pl.coins) == (5, 9) and "coisn" not in vars(pl)
