"""Game records: seed + options + actions replay to the same state; damaged records raise a
RecordError (a ValueError) with a clear message (architecture.md: "a game is reproducible
from seed + actions"; "a small hierarchy of ValueError subclasses")."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forum_trajanum.core import timeline as replaying
from forum_trajanum.games.forum_trajanum.engine import (
    GameRecord,
    RecordError,
    apply,
    is_over,
    legal_actions,
    new_game,
    parse,
)
from forum_trajanum.games.forum_trajanum.engine.record import RECORD_VERSION, read_record

from .games import games


def recorded_game(seed=41, players=3, steps=None, **options):
    """Play the first legal action (to the end, or ``steps`` times), recording every action;
    returns (record, state). Random records: the ``games`` strategy."""
    state = new_game(seed, players=players, **options)
    record = GameRecord(seed=seed, options=state.options)
    while not is_over(state) and (steps is None or len(record.actions) < steps):
        action = legal_actions(state)[0]
        record.append(action)
        apply(state, action)
    return record, state


@given(st.data())
def test_a_record_replays_to_the_same_state_and_any_prefix_to_the_state_after_it(data):
    # Records: seed + options + actions rebuild the exact state; replay(upto) rebuilds an
    # earlier state, from which the rest of the actions lead to the same end.
    game = data.draw(games(), label="game")
    text = game.record.to_json()
    record, state = GameRecord.load(text)
    assert record == game.record
    assert state.model_dump() == game.state.model_dump()
    upto = data.draw(st.integers(0, len(record.actions)), label="upto")
    early = replaying.replay(record, upto=upto)
    assert early.actions_taken == upto
    for action in record.actions[upto:]:
        apply(early, parse(action))
    assert early.model_dump() == game.state.model_dump()


def test_partial_replay_and_load():
    # Records: replay(upto) rebuilds an earlier state.
    record, _ = recorded_game(seed=42, players=2, steps=120)
    _, state = GameRecord.load(record.to_json())
    assert state.actions_taken == 120
    early = replaying.replay(record, upto=30)
    assert early.actions_taken == 30
    assert early.model_dump() == recorded_game(seed=42, players=2, steps=30)[1].model_dump()


def good_json():
    record, _ = recorded_game(seed=43, players=2, steps=60)
    return record.to_json()


def header_and_actions(text):
    """The header (a dict) and the action lines of a version-2 record."""
    lines = text.splitlines()
    return json.loads(lines[0]), lines[1:]


def joined(header, actions):
    return "\n".join([json.dumps(header), *actions]) + "\n"


def test_corrupt_json():
    # Records: a save whose header is corrupt raises RecordError.
    text = good_json().replace('"seed"', '"seed', 1)
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.from_json(text)


def test_truncated_json():
    # Records: a truncated save raises RecordError (from_json accepts no damage at all) ...
    text = good_json()
    with pytest.raises(RecordError, match="is damaged"):
        GameRecord.from_json(text[: len(text) // 2])
    with pytest.raises(RecordError, match="corrupt or truncated"):
        GameRecord.from_json(text[:30])
    with pytest.raises(RecordError):
        GameRecord.from_json(b"")


def test_a_truncated_record_keeps_the_actions_before_the_cut():
    # ... while read_record keeps every whole action before the damage and counts the rest.
    text = good_json()
    _, actions = header_and_actions(text)
    # three bytes into action 41 (line 42, after the header; actions may repeat, so count lines)
    cut = sum(len(line) + 1 for line in text.splitlines()[:41]) + 3
    found = read_record(text[:cut])
    assert found.record.actions == [json.loads(a) for a in actions[:40]]
    # what is true: the 41st line cannot be read, and the file ends there, although its
    # header counts every action (issue 26, item 8: never "the last N could not be read"
    # for actions the file does not hold)
    assert (found.lost, found.held, found.claimed) == (1, 41, len(actions))
    assert found.damage() == (
        "the last 1 action could not be read and must be played again; the file ends after "
        f"action 41, although its header counts {len(actions)} actions: any actions after it "
        "must be played again"
    )
    assert "41" in found.problem


def test_unknown_record_version():
    # Records: a record from a newer release raises RecordError naming its version.
    header, actions = header_and_actions(good_json())
    header["record_version"] = RECORD_VERSION + 1
    with pytest.raises(RecordError, match=f"version {RECORD_VERSION + 1}"):
        GameRecord.from_json(joined(header, actions))
    with pytest.raises(RecordError, match="version 7"):
        GameRecord.from_json(json.dumps({"format": "forum-trajanum-record", "schema_version": 7}))


@pytest.mark.parametrize("fmt", ["chess-pgn", None, 7])
def test_wrong_format(fmt):
    # Records: a file of another format raises RecordError.
    header, actions = header_and_actions(good_json())
    header["format"] = fmt
    with pytest.raises(RecordError, match="not a saved game"):
        GameRecord.from_json(joined(header, actions))
    with pytest.raises(RecordError):
        GameRecord.from_json("[1, 2, 3]")


def test_damaged_field():
    # Records: a field of the wrong type raises RecordError naming it.
    header, actions = header_and_actions(good_json())
    header["seed"] = "seven"
    with pytest.raises(RecordError, match="seed"):
        GameRecord.from_json(joined(header, actions))
    header, actions = header_and_actions(good_json())
    header["options"]["players"] = 9
    with pytest.raises(RecordError, match="players"):
        GameRecord.from_json(joined(header, actions))


def test_illegal_action_inside_a_record():
    # Records: an action that is not legal where it stands.
    header, actions = header_and_actions(good_json())
    actions[10] = '"end"'
    record = GameRecord.from_json(joined(header, actions))
    with pytest.raises(RecordError, match=r"action 11 \('end'\) cannot be replayed") as info:
        replaying.replay(record)
    assert isinstance(info.value, ValueError)


def test_unparseable_action_inside_a_record():
    # Records: an action that does not parse.
    header, actions = header_and_actions(good_json())
    actions[3] = '"dance the tarantella"'
    with pytest.raises(RecordError, match="action 4"):
        GameRecord.load(joined(header, actions))


def test_action_after_the_end_inside_a_record():
    # Rules "End of the game": nothing can follow the third scoring.
    record, _state = recorded_game(seed=44, players=2)
    record.actions.append("end")
    with pytest.raises(RecordError, match="over"):
        replaying.replay(record)


def test_options_that_setup_refuses_raise_record_error():
    # Records / DE "Spielen in gemischten Gruppen": the handicap names seats of this game.
    header, actions = header_and_actions(good_json())
    header["options"]["handicap"] = [5]
    with pytest.raises(RecordError):
        GameRecord.load(joined(header, actions))
