"""One window per game: a process playing a game holds an OS lock (``flock``) on the game's
lock file, which the OS drops when the process ends, so a crash leaves no stale lock."""

from __future__ import annotations

import os
import time
from pathlib import Path

from forum_trajanum.core.saves.paths import GameLockedError, games_dir

#: How long opening a game waits for a lock that a listing holds for a moment only.
_LOCK_PATIENCE = 0.3

try:  # POSIX
    import fcntl

    def _try_lock(fd: int, shared: bool = False) -> bool:
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

except ImportError:  # pragma: no cover - Windows
    import msvcrt

    def _try_lock(fd: int, shared: bool = False) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True


def lock_path(game_id: str) -> Path:
    return games_dir() / f".{game_id}.lock"


def held_elsewhere(game_id: str) -> bool:
    """Whether some process (this one included, through another handle) holds the lock."""
    try:
        fd = os.open(lock_path(game_id), os.O_RDWR)
    except OSError:
        return False
    try:
        return not _try_lock(fd, shared=True)
    finally:
        os.close(fd)  # closing drops the shared lock this probe may have taken


def acquire(game_id: str, create: bool = False) -> int:
    """Lock the game for this process; raises :class:`GameLockedError`."""
    flags = os.O_RDWR | os.O_CREAT | (os.O_EXCL if create else 0)
    fd = os.open(lock_path(game_id), flags, 0o644)
    deadline = time.monotonic() + _LOCK_PATIENCE
    while not _try_lock(fd):
        # A listing in another window probes the lock for a moment: wait that out, no more.
        if time.monotonic() > deadline:
            os.close(fd)
            raise GameLockedError(
                "This game is open in another window. Each game can be played in one window "
                "at a time: close it there, or choose another game."
            )
        time.sleep(0.02)
    return fd
