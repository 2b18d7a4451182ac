"""The bots' setup choices follow their heuristic (the starting worker's colour under the
corner opened first, the citizen wanted earliest on it), not the engine's first order, and
are legal."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.bots.factory import make_bot
from forum_trajanum.games.forum_trajanum.bots.normal import EARLY_CITIZEN
from forum_trajanum.games.forum_trajanum.data import CITIZEN_KINDS, COLOURS
from forum_trajanum.games.forum_trajanum.engine import (
    GameOptions,
    apply,
    current_player,
    decision_kind,
    new_game,
    view,
)
from forum_trajanum.games.forum_trajanum.engine.actions import parse


def start_colour_of(seen) -> str:
    workers = seen.colonias[seen.viewer].workers
    return COLOURS[workers.index(max(workers))]


def game_with_start_colour_not_blue(players: int = 2, **options):
    """A new game whose first player's starting worker is not blue (the engine lists the
    crane orders beginning with blue first)."""
    for seed in range(50):
        state = new_game(seed, GameOptions(players=players, **options))
        if start_colour_of(view(state, 0)) != "B":
            return state
    raise AssertionError("no such seed")


def cranes_with(colour: str, corner: int) -> str:
    """A crane order (corners A1, F1, A6, F6) with ``colour`` under corner ``corner``."""
    rest = [x for x in COLOURS if x != colour]
    rest.insert(corner, colour)
    return "".join(rest)


def bots():
    return [make_bot("normal", 1), make_bot("hard", 1, clock=lambda: 0.0)]


@pytest.mark.parametrize("made", bots(), ids=["normal", "hard"])
def test_the_starting_worker_colour_goes_under_corner_a1(made):
    state = game_with_start_colour_not_blue()
    seen = view(state, 0)
    assert decision_kind(state) == "setup_cranes"
    action = made.choose(seen)
    assert action in seen.legal
    assert action.colours[0] == start_colour_of(seen)
    assert action != seen.legal[0]


def to_diagonal(cranes_of):
    """Player 1's setup up to the diagonal: cranes by ``cranes_of(start colour)``, the row
    the Normal bot picks; returns the state at the diagonal decision."""
    state = game_with_start_colour_not_blue()
    colour = start_colour_of(view(state, 0))
    apply(state, parse(f"cranes {cranes_of(colour)}"), 0)
    assert decision_kind(state) == "setup_row"
    apply(state, make_bot("normal", 2).choose(view(state, 0)), 0)
    assert decision_kind(state) == "setup_diagonal"
    return state, colour


@pytest.mark.parametrize("made", bots(), ids=["normal", "hard"])
def test_the_diagonal_holds_the_start_colour_crane_with_the_citizen_wanted_first_on_it(made):
    # the start colour under F1, the first corner of the anti diagonal (F1 + A6)
    state, colour = to_diagonal(lambda c: cranes_with(c, 1))
    assert state.players[0].cranes[1] == colour
    seen = view(state, 0)
    action = made.choose(seen)
    assert action in seen.legal
    assert action.diagonal == "anti"
    wanted = max((action.first, action.second), key=lambda k: EARLY_CITIZEN[CITIZEN_KINDS[k]])
    assert action.first == wanted  # on F1, above the start colour's crane
    assert action != seen.legal[0]  # the engine lists the main diagonal first


def test_the_handicap_citizen_comes_from_the_start_colour_corner():
    """A newcomer's extra citizen is taken from the corner whose crane has its starting
    worker's colour: that crane opens now and scores at the end of cycle I."""
    state = game_with_start_colour_not_blue(handicap=(0,))
    colour = start_colour_of(view(state, 0))
    apply(state, parse(f"cranes {cranes_with(colour, 3)}"), 0)  # under F6
    normal = make_bot("normal", 3)
    while decision_kind(state) != "handicap":
        seat = current_player(state)
        apply(state, normal.choose(view(state, seat)), seat)
    seen = view(state, 0)
    assert seen.decider == 0
    action = normal.choose(seen)
    assert action in seen.legal
    assert action.cell == "F6"
    assert action != seen.legal[0]
