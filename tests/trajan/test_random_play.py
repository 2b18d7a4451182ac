"""Random games of 2, 3 and 4 players: legal actions only, every invariant at every step
(12 markers and 15 tokens per player, every tile and card accounted for, scores equal the sum
of their events), action texts round-trip, and each game ends after 4 quarters of 4 rounds
with a final ranking ("End of the game", EN l.522-542)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forum_trajanum.trajan.actions import parse
from forum_trajanum.trajan.checks import check_invariants
from forum_trajanum.trajan.game import GAME, TrajanRecord, ranking
from forum_trajanum.trajan.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.trajan.state import TrajanOptions


@pytest.mark.parametrize("players", [2, 3, 4])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_games_finish_with_every_invariant_kept(players, seed, data):
    state = new_game(seed, TrajanOptions(players=players))
    record = TrajanRecord(seed=seed, options=state.options)
    periods = set()
    while not is_over(state):
        legal = legal_actions(state)
        assert legal, "a game that is not over has a legal action"
        action = legal[data.draw(st.integers(0, len(legal) - 1))] if len(legal) > 1 else legal[0]
        assert parse(str(action)) == action
        apply(state, action)
        record.append(action)
        check_invariants(state)
        periods.add((state.quarter, state.round))
    assert {(q, r) for q in range(1, 5) for r in range(1, 5)} <= periods
    assert len(state.scorings) == 4
    places = ranking(state)
    assert sorted(p for place in places for p in place) == list(range(players))
    # the record round-trips through its file form and replays to the same end
    again = TrajanRecord.model_validate_json(record.model_dump_json()).replay()
    assert again.model_dump() == state.model_dump()
    assert GAME.scores(again) == [pl.score for pl in state.players]


def test_a_clone_shares_nothing_with_its_original():
    state = new_game(3, TrajanOptions(players=3))
    copy = state.clone()
    while not is_over(copy) and copy.actions_taken < 120:
        apply(copy, legal_actions(copy)[-1])
    assert state.model_dump() == new_game(3, TrajanOptions(players=3)).model_dump()
