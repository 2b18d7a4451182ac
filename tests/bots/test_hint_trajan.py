"""A hint does not miss a Trajan task (issue 19, item 11): a build that completes the Trajan
card's building task, worth 7 VP with the slide bar at 7, is what the hint suggests, or the
hint converts first and the task is still completed by following it.

Rules "Building patterns and collecting resources": "The upper task is always a building
task ... For completed tasks, you earn 3, 5, or 7 victory points ... depending on the position
of the Trajan head on your slide bar"; cards I-3 "2 different gray buildings directly one
above the other" and III-4 "3 different gray buildings directly one above another".
"""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.bots.hint import suggest
from forum_trajanum.games.forum_trajanum.data import cell_index, trajan_card_value
from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    decision_kind,
    legal_actions,
    new_game,
    view,
)
from forum_trajanum.games.forum_trajanum.engine.actions import Build, Convert
from forum_trajanum.games.forum_trajanum.engine.cards import building_task
from forum_trajanum.games.forum_trajanum.engine.rules import current_player
from forum_trajanum.games.forum_trajanum.engine.state import GameState
from tests.engine.helpers import build_step, play_first_while, put_buildings, refresh, vacate


def completing(state: GameState, p: int, card: str) -> set[str]:
    """The legal builds that fulfil ``card``'s building task once more."""
    before = building_task(card, state.players[p])
    found = set()
    for action in legal_actions(state):
        if isinstance(action, Build):
            after = state.clone()
            apply(after, action)
            if building_task(card, after.players[p]) > before:
                found.add(str(action))
    return found


def shape_trajan_build(state: GameState, p: int, card: str, grays: dict[str, str], space: str):
    """Give player ``p`` the gray buildings ``grays`` ({"A2": "L"}), an empty building space
    ``space``, 1 builder, 1 blue worker, 2 assistants and the slide bar at 7 (7 VP a task),
    with ``card`` as this cycle's Trajan card."""
    pl = state.players[p]
    state.trajan_cards[max(state.cycle, 1) - 1] = card
    for cell in (*grays, space):
        pl.buildings[cell_index(cell)] = ""
    vacate(state, p, *grays, space)
    put_buildings(state, p, grays)
    pl.builders, pl.workers, pl.assistants, pl.coins = 1, [1, 0, 0, 0], 2, 3
    pl.prestige = 7
    refresh(state)


def last_building_step(seed: int) -> tuple[GameState, int]:
    """The first building step of cycle III, round 4 (first legal actions up to it)."""
    state = new_game(seed, players=2)
    play_first_while(
        state, lambda s: not (decision_kind(s) == "build" and s.cycle == 3 and s.round == 4)
    )
    return state, current_player(state)


def test_the_hint_takes_the_build_that_completes_the_trajan_task():
    # cycle I, first building step: a library on A2; another gray building on A3 completes
    # I-3, and there are conversions to choose instead (2 assistants)
    state, p = build_step(seed=1)
    shape_trajan_build(state, p, "I-3", {"A2": "L"}, "A3")
    pl = state.players[p]
    assert trajan_card_value(pl.prestige, pl.flipped) == 7
    wanted = completing(state, p, "I-3")
    assert wanted and len(wanted) < len(legal_actions(state)) / 2
    hint = suggest(view(state, p), time_cap=float("inf"))
    assert str(hint.action) in wanted


@pytest.mark.long
def test_following_the_hints_through_the_last_building_step_completes_the_trajan_task():
    # cycle III, round 4: resources are worth nothing at the end, so a conversion before the
    # build costs nothing and may be suggested first; following the hints still builds the
    # third gray building under the library and the basilica (III-4, 7 VP)
    state, p = last_building_step(seed=3)
    shape_trajan_build(state, p, "III-4", {"D2": "L", "D3": "S"}, "D4")
    pl = state.players[p]
    assert building_task("III-4", pl) == 0 and completing(state, p, "III-4")
    while current_player(state) == p and decision_kind(state) == "build":
        hint = suggest(view(state, p), time_cap=float("inf"))
        if isinstance(hint.action, Convert):  # the build stays open after it
            after = state.clone()
            apply(after, hint.action)
            assert completing(after, p, "III-4")
        apply(state, hint.action)
        if str(hint.action) == "end":
            break
    assert building_task("III-4", pl) == 1
