"""``determinize(view, rng)``: sampled worlds are consistent with what the viewer knows.

Architecture: search bots simulate on states sampled from their view; a sampled state must be
indistinguishable from the real one for the viewer, valid, and playable to the end.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forum_trajanum.games.forum_trajanum.engine import view
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.state import tile_kind
from tests.engine.invariants import check_invariants

from .games import every, games, play, share


def same_view_for_every_viewer(step):
    state = step.state
    for p in range(len(state.players)):
        seen = view(state, p)
        world = determinize(seen, random.Random(p))
        assert view(world, p) == seen
        assert check_invariants(world) == []


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=share(0.4))
@given(data=st.data())
def test_sampled_world_gives_the_viewer_the_same_view(players: int, data) -> None:
    data.draw(games(players, checks=[every(9, same_view_for_every_viewer)]), label="game")


@settings(max_examples=share(0.4))
@given(games(3, steps=40))
def test_sampled_worlds_differ_in_hidden_tiles_only(game) -> None:
    """Another player's face-down tiles and river are sampled, not copied from the state."""
    state = game.state
    seen = view(state, 0)
    worlds = [determinize(seen, random.Random(k)) for k in range(12)]
    grids = {tuple(w.players[1].grid) for w in worlds}
    assert len(grids) > 1
    own_river = tile_kind(state.players[0].river)
    assert all(tile_kind(w.players[0].river) == own_river for w in worlds)


def world_plays_to_the_end(step):
    # a world sampled for player 3 plays on to the third scoring, with its invariants checked
    world = determinize(view(step.state, 2), random.Random(3))
    assert len(play(world, step.choose).state.scorings) == 3


@settings(max_examples=share(0.4))
@given(games(4, checks=[every(60, world_plays_to_the_end)]))
def test_sampled_world_plays_to_the_end(game) -> None:
    assert len(game.state.scorings) == 3
