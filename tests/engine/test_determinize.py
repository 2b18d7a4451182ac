"""``determinize(view, rng)``: sampled worlds are consistent with what the viewer knows.

Architecture: search bots simulate on states sampled from their view; a sampled state must be
indistinguishable from the real one for the viewer, valid, and playable to the end.
"""

from __future__ import annotations

import random

import pytest

from forum_trajanum.engine import apply, is_over, legal_actions, new_game, view
from forum_trajanum.engine.checks import check_invariants
from forum_trajanum.engine.determinize import determinize
from forum_trajanum.engine.state import tile_kind

from .helpers import along_random_game


def _states(players: int, seed: int, every: int):
    state = new_game(seed, players=players, handicap=(1,) if seed % 2 else ())
    return along_random_game(state, seed, every)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampled_world_gives_the_viewer_the_same_view(players: int) -> None:
    for state in _states(players, seed=players, every=9):
        for p in range(players):
            seen = view(state, p)
            world = determinize(seen, random.Random(p))
            assert view(world, p) == seen
            assert check_invariants(world) == []


def test_sampled_worlds_differ_in_hidden_tiles_only() -> None:
    """Another player's face-down tiles and river are sampled, not copied from the state."""
    state = next(s for i, s in enumerate(_states(3, seed=11, every=1)) if i == 40)
    seen = view(state, 0)
    worlds = [determinize(seen, random.Random(k)) for k in range(12)]
    grids = {tuple(w.players[1].grid) for w in worlds}
    assert len(grids) > 1
    own_river = tile_kind(state.players[0].river)
    assert all(tile_kind(w.players[0].river) == own_river for w in worlds)


def test_sampled_world_plays_to_the_end() -> None:
    for state in _states(4, seed=5, every=60):
        world = determinize(view(state, 2), random.Random(3))
        rng = random.Random(9)
        while not is_over(world):
            apply(world, rng.choice(legal_actions(world)))
        assert len(world.scorings) == 3
