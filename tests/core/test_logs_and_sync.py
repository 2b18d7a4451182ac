"""The save folder's files stay small and durable: each log rotates, keeping two older files,
and a save's atomic replacement is followed by a sync of its folder (issue 39 point 7)."""

from __future__ import annotations

import os
import stat

from forum_trajanum.core.saves import paths


def test_the_problem_log_rotates_and_keeps_two_older_files(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    monkeypatch.setattr(paths, "LOG_BYTES", 2000)
    line = "a problem worth a line " * 4  # about a hundred bytes a line
    for n in range(200):  # some 20 kB: ten times the limit
        paths.log_problem(f"{n} {line}")
    log = tmp_path / paths.LOG
    for each in (log, log.with_name(log.name + ".1"), log.with_name(log.name + ".2")):
        assert each.exists()
        assert each.stat().st_size <= 2000 + 200  # one line may end past the limit
    assert not log.with_name(log.name + ".3").exists()
    assert "199 a problem" in log.read_text()  # the newest line is in the log itself


def test_the_crash_log_rotates_too(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    monkeypatch.setattr(paths, "LOG_BYTES", 1000)
    for n in range(40):
        paths.log_crash(f"Traceback {n}\n" + "  a frame of the trace\n" * 5)
    crash = tmp_path / paths.CRASH_LOG
    assert crash.stat().st_size <= 1000 + 300
    assert crash.with_name(crash.name + ".1").exists()


def test_an_atomic_write_syncs_the_file_and_then_its_folder(tmp_path, monkeypatch):
    synced: list[str] = []
    real = os.fsync

    def recording(fd):
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", recording)
    paths.write_atomic(tmp_path / "game.json", "saved")
    assert (tmp_path / "game.json").read_text() == "saved"
    assert synced == ["file", "folder"]  # the folder after the replacement


def test_a_folder_that_cannot_be_synced_leaves_the_save_written(tmp_path, monkeypatch):
    real = os.fsync

    def folders_fail(fd):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(22, "Invalid argument")  # some file systems refuse a folder's sync
        real(fd)

    monkeypatch.setattr(os, "fsync", folders_fail)
    paths.write_atomic(tmp_path / "game.json", "saved")
    assert (tmp_path / "game.json").read_text() == "saved"
