"""The sowing options' order (EN l.187-189, issue 27.1), computed cheaply (issue 37.5): it is
the order its definition gives, every colour in hand ranked by whether the target's Trajan
tile can still be accomplished once a marker of it goes into the next tray, then by colour."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.games.trajan.engine import turn
from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions


def defined_order(state, task) -> list[int]:
    """The colours of the sowing decision ``task`` as the order is defined: each colour in
    hand asked in full, when the tile can still be accomplished now."""
    pl = state.players[task.player]
    colours = [c for c in range(len(task.hand)) if task.hand[c]]
    now, _ = turn.keeps_tile(pl, task, colours[0])
    if now:
        colours.sort(key=lambda c: not turn.keeps_tile(pl, task, c)[1])
    return colours


@pytest.mark.parametrize("players", [2, 4])
def test_the_sowing_options_come_in_the_order_their_definition_gives(players):
    rng = random.Random(players)
    ranked = 0
    for seed in range(12):
        state = new_game(seed, TrajanOptions(players=players))
        while not is_over(state):
            legal = legal_actions(state)
            task = state.tasks[-1]
            if task.kind == "sow":
                assert [a.colour for a in legal] == defined_order(state, task)
                ranked += turn.keeps_tile(state.players[task.player], task, legal[0].colour)[0]
            apply(state, rng.choice(legal))
    assert ranked > 50  # the tile could still be accomplished at many of them


def test_two_states_with_the_same_hand_get_lists_of_their_own():
    state = new_game(3, TrajanOptions(players=2))
    while (
        state.tasks[-1].kind != "sow"
        or turn.keeps_tile(state.players[state.tasks[-1].player], state.tasks[-1], 0)[0]
    ):
        apply(state, legal_actions(state)[0])
    copy = state.clone()
    copy._legal = None  # computed again (a clone shares the cache: it is never changed)
    assert legal_actions(copy) == legal_actions(state)
    assert legal_actions(copy) is not legal_actions(state)  # the hand's table is not lent out
