"""One replay stepper for every game (``core/replay.Replay``): a record replayed once, the state
after any action (from its snapshots, either way), where turns and rounds start, the scores
after each round, and a record that stops replaying part-way. Run for every registered game,
the test-only ones too; each game's viewer is tested by keys (tests/tui/test_replay.py,
tests/trajan/test_tui_replay.py)."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core.replay import SNAPSHOT_EVERY, Replay, next_mark, previous_mark
from forum_trajanum.games import GAMES
from tests import fuzzing, testonly

with testonly.registered():
    NAMES = GAMES.names()


@pytest.fixture(scope="module", autouse=True)
def _test_only_games():
    with testonly.registered():
        yield


def _record(name: str, seed: int = 4):
    """A random game's record of ``name`` (at most 120 actions)."""
    game = GAMES.get(name)
    seed_, options, _, played = fuzzing.play(game, random.Random(seed), steps=120)
    record = game.record(seed=seed_, options=options)
    for action in played:
        record.append(action)
    return game, record


def _state_after(game, record, position: int):
    """The state after the first ``position`` actions, played afresh."""
    state = game.new_game(record.seed, record.options)
    for text in record.actions[:position]:
        game.apply(state, game.parse(text))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_the_state_after_any_action_is_the_game_played_that_far_whichever_way_one_steps(name):
    game, record = _record(name)
    replay = Replay.of(record, game)
    assert replay.length == len(record.actions) and replay.problem == ""
    last = replay.length
    positions = [last, 0, SNAPSHOT_EVERY + 3, SNAPSHOT_EVERY + 2, 1, last - 1, last // 2]
    for position in positions:
        expected = _state_after(game, record, min(max(position, 0), last))
        assert replay.state_at(position).model_dump() == expected.model_dump(), position
    assert replay.full == game.is_over(_state_after(game, record, last))


@pytest.mark.parametrize("name", NAMES)
def test_turns_and_rounds_start_where_the_seat_or_the_section_changes(name):
    game, record = _record(name)
    replay = Replay.of(record, game)
    turns, rounds = replay.turn_starts(), replay.round_starts()
    for marks in (turns, rounds):
        assert marks[0] == 0 and marks[-1] == replay.length and marks == sorted(set(marks))
    assert set(rounds) <= set(turns)
    steps = replay.steps
    for i in range(1, replay.length):
        changed = (steps[i].seat, steps[i].section) != (steps[i - 1].seat, steps[i - 1].section)
        assert (i in turns) == changed
        assert (i in rounds) == (steps[i].section != steps[i - 1].section)
    middle = turns[len(turns) // 2]
    assert previous_mark(turns, middle) < middle < next_mark(turns, middle)
    assert next_mark(turns, replay.length) == replay.length and previous_mark(turns, 0) == 0
    assert replay.scores_after()[-1][1] == tuple(game.scores(replay.state_at(replay.length)))


@pytest.mark.parametrize("name", NAMES)
def test_a_record_that_stops_replaying_keeps_the_actions_before_and_says_where(name):
    game, record = _record(name)
    cut = 10
    broken = record.model_copy(update={"actions": [*record.actions[:cut], "no such action"]})
    replay = Replay.of(broken, game)
    assert replay.length == cut and replay.unplayable == 1 and not replay.full
    assert f"at action {cut + 1}" in replay.problem
    assert "no such action" not in replay.problem  # an action's text may name a secret
