"""``foresight.preview(view, action)``: what an action gives the deciding seat, from its view
alone, is what the action does (issue 27.5: a preview never promises what does not happen).
The screens' "(+N VP)" and the hints read it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forum_trajanum.games.trajan.engine.foresight import preview, sowing_plan
from forum_trajanum.games.trajan.engine.rules import (
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
)
from forum_trajanum.games.trajan.engine.state import GameState, TrajanOptions
from forum_trajanum.games.trajan.engine.tasks import ActTask, SowTask
from forum_trajanum.games.trajan.engine.view import view

from .helpers import can_still_accomplish


def change(before: GameState, after: GameState, seat: int, was=None) -> dict[str, int]:
    """What an action did to ``seat``'s view (``was``: its view of ``before``, when already
    made): its points by category, leaving out a quarter's scoring that the end of the turn
    led to (EN l.405-425: the scoring's, not the action's), and the change in cards in hand."""
    was = view(before, seat) if was is None else was
    now = view(after, seat)
    out = {k: now.players[seat].points[k] - n for k, n in was.players[seat].points.items()}
    for i, parts in enumerate(now.scorings):
        earlier = was.scorings[i][seat] if i < len(was.scorings) else {}
        for k, n in parts[seat].items():
            out[k] -= n - earlier.get(k, 0)
    out = {k: d for k, d in out.items() if d}
    cards = len(now.players[seat].hand) - len(was.players[seat].hand)
    if cards:
        out["cards"] = cards
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_every_preview_along_a_game_is_what_its_action_does(players, seed, data):
    # For every legal action at every decision: the points and cards the preview gives are
    # the change the action makes to the deciding seat's view; a tray taken moves the time
    # marker, sows its markers towards the target tray and leads to that tray's action as
    # its plan says (R1, R19).
    state = new_game(seed, TrajanOptions(players=players))
    checked = scoring = 0
    while not is_over(state):
        seat = current_player(state)
        mine = view(state, seat)
        legal = legal_actions(state)
        for action in legal:
            after = state.clone()
            apply(after, action)
            promised = preview(mine, action)
            assert promised == change(state, after, seat, mine), action
            if action.kind == "take":  # what the tray's words say: "→ Senate; time +4"
                plan = sowing_plan(mine, seat, action.tray)
                assert after.time == plan.time, action
                sows = [t for t in after.tasks if isinstance(t, SowTask)]
                if sows:
                    assert (sum(sows[-1].hand), sows[-1].target) == (plan.markers, plan.target)
                acts = [t.action for t in after.tasks if isinstance(t, ActTask)]
                assert acts[-1:] == ([plan.target] if acts else []), action
                assert acts or not plan.action_possible, action  # "(nothing to do there)"
            scoring += any(k != "cards" for k in promised)
            checked += 1
        apply(state, legal[data.draw(st.integers(0, len(legal) - 1))])
    assert checked > 500 and scoring > 20  # whole games, many actions that score


def test_a_sowing_choice_says_when_it_loses_the_tile_the_tray_choice_promised():
    # EN l.187-189: with markers of several colours the player chooses which goes where; the
    # tray list promised "can complete"; a colour that makes the tile impossible says so
    # (QA: the top colour lost the tile, and no line said which one keeps it)
    from forum_trajanum.games.trajan.engine.foresight import sow_keeps_tile
    from forum_trajanum.games.trajan.engine.words import sow_words

    from .helpers import random_game

    checked = lost = 0
    games = ((state, seed) for seed in range(1, 40) for state, _ in random_game(seed, 2))
    for state, _ in games:
        if checked >= 60 and lost >= 3:
            break
        top = state.tasks[-1] if state.tasks else None
        if not isinstance(top, SowTask):
            continue
        seat, tile = top.player, state.players[top.player].slots[top.target]
        mine = view(state, seat)
        for action in legal_actions(state):
            now, then = sow_keeps_tile(mine, seat, top, action.colour)
            truth = tile >= 0 and can_still_accomplish(
                apply(state.clone(), action), seat, top.target, tile
            )
            assert then == truth, (action, top)
            words = sow_words(mine, action)
            assert ("can no longer be done" in words) == (now and not then), words
            checked += 1
            lost += now and not then
    assert checked >= 60 and lost >= 3
