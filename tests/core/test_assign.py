"""The game states' fields are plain attributes on the engine's hot path (issue 37.5:
``forum_trajanum/core/plain.py``, dataclasses with slots), and a name that is no field is
still refused, as pydantic refused it."""

from __future__ import annotations

import pytest

from forum_trajanum.core.game import GAMES


@pytest.mark.parametrize("name", ["forum-trajanum", "trajan"])
def test_a_state_field_is_assigned_and_a_name_that_is_no_field_is_refused(name):
    game = GAMES.get(name)
    state = game.new_game(3, game.options(players=2))
    state.actions_taken = 41
    state.players[1].score = 7
    assert state.actions_taken == 41 and state.players[1].score == 7
    assert state.model_dump()["players"][1]["score"] == 7
    # a plain attribute, not pydantic's: a misspelt one is refused by the slots
    with pytest.raises(AttributeError, match="actions_takne"):
        state.actions_takne = 1  # a typo
    with pytest.raises(AttributeError, match="scroe"):
        state.players[0].scroe = 1
    assert "actions_takne" not in state.model_dump()
    assert "scroe" not in state.model_dump()["players"][0]


@pytest.mark.parametrize("name", ["forum-trajanum", "trajan"])
def test_the_legal_action_cache_is_a_private_attribute_still(name):
    # the flow's cache of legal actions lives apart from the fields: a clone, a view and a
    # dump do not carry it as a field
    game = GAMES.get(name)
    state = game.new_game(3, game.options(players=2))
    assert game.legal_actions(state)
    state._legal = None
    assert state.__pydantic_private__["_legal"] is None and "_legal" not in state.model_dump()
    assert game.legal_actions(state)  # computed again
    assert state.__pydantic_private__["_legal"] is not None


@pytest.mark.parametrize("name", ["forum-trajanum", "trajan"])
def test_a_state_crosses_a_boundary_as_a_pydantic_model_did(name):
    # saves, views sent to a client and tests dump and validate it as before
    game = GAMES.get(name)
    state = game.new_game(3, game.options(players=3))
    game.apply(state, game.legal_actions(state)[0])
    again = type(state).model_validate_json(state.model_dump_json())
    assert again == state and again.model_dump() == state.model_dump()
    assert type(state).model_validate(state.model_dump(mode="json")) == state
    assert again.__pydantic_private__ == {"_legal": None}  # a cache is not data
    with pytest.raises(ValueError):
        type(state).model_validate({**state.model_dump(), "players": "four"})
    copy = state.model_copy(update={"actions_taken": 99})
    assert copy.actions_taken == 99 and state.actions_taken != 99
    assert copy.players is state.players  # a shallow copy, as pydantic's model_copy
    assert copy.__pydantic_private__ is not state.__pydantic_private__
