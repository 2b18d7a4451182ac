"""The saves' writers: each game's saves one after the other, different games' at the same
time, and a save still queued when a newer one of its game comes is held by the newer one
(a game host saves many games at once: issue 30's benchmark; each save is synced to disk)."""

from __future__ import annotations

import threading

import pytest

from forum_trajanum.core.saves import writer
from forum_trajanum.core.saves.writer import FileWriter, flush


def test_saves_queued_behind_a_write_are_held_by_the_newest_and_all_are_done_after_it(
    tmp_path, monkeypatch
):
    written: list[str] = []
    first_started, let_go = threading.Event(), threading.Event()
    real = writer.write_atomic

    def slow_then_real(path, text):
        if not written:
            first_started.set()
            assert let_go.wait(30)
        written.append(text)
        real(path, text)

    monkeypatch.setattr(writer, "write_atomic", slow_then_real)
    game = FileWriter(tmp_path / "game.json")
    futures = [game.submit("save 1")]
    assert first_started.wait(30)
    futures += [game.submit(f"save {n}") for n in (2, 3, 4)]
    let_go.set()
    for future in futures:
        future.result(30)
    assert written == ["save 1", "save 4"]  # 2 and 3 are in 4
    assert (tmp_path / "game.json").read_text() == "save 4"


def test_another_games_save_is_written_while_one_game_waits_for_its_disk(tmp_path, monkeypatch):
    stuck, let_go = threading.Event(), threading.Event()
    real = writer.write_atomic

    def stuck_for_one(path, text):
        if path.name == "slow.json":
            stuck.set()
            assert let_go.wait(30)
        real(path, text)

    monkeypatch.setattr(writer, "write_atomic", stuck_for_one)
    slow = FileWriter(tmp_path / "slow.json").submit("slow")
    assert stuck.wait(30)
    FileWriter(tmp_path / "quick.json").submit("quick").result(30)
    assert (tmp_path / "quick.json").read_text() == "quick" and not slow.done()
    let_go.set()
    flush()
    assert slow.done() and (tmp_path / "slow.json").read_text() == "slow"


def test_a_failed_write_is_told_to_every_save_it_held(tmp_path):
    future = FileWriter(tmp_path / "gone" / "game.json").submit("text")  # no such folder
    with pytest.raises(writer.SaveError, match="could not write the save"):
        future.result(30)
