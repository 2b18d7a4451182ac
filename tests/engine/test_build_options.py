"""The building options (rules "Building": a single structure or a double tile on two
adjacent free building spaces, paid exactly by builders and workers), found cheaply (issue
37.5): the same options in the same order as every affordable build enumerated."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.games.forum_trajanum.data import BUILDING_SPACES, COLOURS, GRAYS
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine.effects import CELL_NAMES
from forum_trajanum.games.forum_trajanum.engine.rules import apply, is_over, legal_actions
from forum_trajanum.games.forum_trajanum.engine.setup import new_game
from forum_trajanum.games.forum_trajanum.engine.turn import BUILD_PAIRS, _build_options


def every_build(pl) -> list:
    """Every building action ``pl`` pays for exactly, as defined: singles by code, then the
    gray-and-colour doubles both ways round, then the doubles of one colour, each over the
    free spaces (and pairs of them) in order."""
    free = [c for c in BUILDING_SPACES if pl.grid[c] < 0 and not pl.buildings[c]]
    colours = [c for i, c in enumerate(COLOURS) if pl.workers[i] > 0]
    codes = [*GRAYS, *colours] if pl.builders > 0 else colours
    out = [A.Build.make(code, CELL_NAMES[c], "", "") for code in codes for c in free]
    pairs = [(a, b) for a, b in BUILD_PAIRS if a in free and b in free]
    if pl.builders > 0:
        for colour in colours:
            for gray in GRAYS:
                for a, b in pairs:
                    out.append(A.Build.make(gray, CELL_NAMES[a], colour, CELL_NAMES[b]))
                    out.append(A.Build.make(gray, CELL_NAMES[b], colour, CELL_NAMES[a]))
    for i, colour in enumerate(COLOURS):
        if pl.workers[i] >= 2:
            out += [A.Build.make(colour, CELL_NAMES[a], colour, CELL_NAMES[b]) for a, b in pairs]
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_the_building_options_are_every_build_paid_for_exactly_in_order(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(6):
        state = new_game(seed, players=players)
        while not is_over(state):
            legal = legal_actions(state)
            if state.tasks[-1].kind == "build":
                for pl in state.players:
                    assert _build_options(pl) == every_build(pl)
                    checked += 1
            apply(state, rng.choice(legal))
    assert checked > 200
