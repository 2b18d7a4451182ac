"""Saves: atomic writes, names, autosave, and clear messages for broken files."""

from __future__ import annotations

import os

import pytest

from forum_trajanum import saves
from forum_trajanum.engine import GameOptions, GameRecord, RecordError, apply, legal_actions


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    return tmp_path


def _record(actions: int = 5) -> GameRecord:
    record = GameRecord(seed=3, options=GameOptions(players=2), names=["A", "B"], bots=["", ""])
    state = record.start()
    for _ in range(actions):
        action = legal_actions(state)[0]
        apply(state, action)
        record.append(action)
    return record


def test_save_dir_follows_the_environment(home):
    assert saves.save_dir() == home


def test_save_and_load_round_trip():
    record = _record()
    saves.save(record, "my game")
    loaded, state = saves.load("my game")
    assert loaded.actions == record.actions
    assert loaded.names == ["A", "B"]
    assert state.actions_taken == 5
    assert "my game" in saves.list_saves()


def test_autosave_is_atomic_and_leaves_no_temporary_files(home):
    saves.autosave(_record(2))
    saves.autosave(_record(4))
    assert saves.has_autosave()
    assert [p.name for p in home.iterdir()] == ["autosave.json"]
    record, _ = saves.load(saves.AUTOSAVE)
    assert len(record.actions) == 4


def test_a_failed_write_keeps_the_old_save(home, monkeypatch):
    saves.autosave(_record(2))

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", broken_replace)
        with pytest.raises(saves.SaveError, match="could not write"):
            saves.autosave(_record(4))
    record, _ = saves.load(saves.AUTOSAVE)
    assert len(record.actions) == 2
    assert [p.name for p in home.iterdir()] == ["autosave.json"]


@pytest.mark.parametrize(
    "content, words",
    [
        ("{not json", "not valid JSON"),
        ('{"format": "something else"}', "not a Forum Trajanum"),
        ("", "not valid JSON"),
    ],
)
def test_a_corrupt_save_gives_a_clear_message(home, content, words):
    (home / "broken.json").write_text(content)
    with pytest.raises(RecordError, match=words):
        saves.load("broken")


def test_a_save_with_an_illegal_action_is_refused(home):
    record = _record(3)
    record.actions.append("build L C3")
    saves.save(record, "tampered")
    with pytest.raises(RecordError, match="cannot be replayed"):
        saves.load("tampered")


def test_missing_save_and_bad_names():
    with pytest.raises(saves.SaveError, match="no save called"):
        saves.load("nothing here")
    with pytest.raises(saves.SaveError, match="not a usable save name"):
        saves.save(_record(0), "../escape")
