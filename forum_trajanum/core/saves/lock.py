"""One window per game: a process playing a game holds an OS lock (``flock``) on the game's
lock file, which the OS drops when the process ends, so a crash leaves no stale lock."""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path

from forum_trajanum.core.saves.paths import GameLockedError, SaveError, games_dir

#: A lock file is opened without following a link (a link planted in its place would make
#: the game create or lock the file it points to) and without waiting (a pipe).
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)

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
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]  # Windows only
        except OSError:
            return False
        return True


def lock_path(game_id: str) -> Path:
    return games_dir() / f".{game_id}.lock"


def held_elsewhere(game_id: str) -> bool:
    """Whether some process (this one included, through another handle) holds the lock."""
    try:
        fd = os.open(lock_path(game_id), os.O_RDWR | NO_FOLLOW)
    except OSError:
        return False
    try:
        return not _try_lock(fd, shared=True)
    finally:
        os.close(fd)  # closing drops the shared lock this probe may have taken


class LockFileError(SaveError):
    """A game's lock file is a link or not a plain file: it is left as it is, and the game is
    not opened (it cannot be locked safely)."""


def acquire(game_id: str, create: bool = False) -> int:
    """Lock the game for this process; raises :class:`GameLockedError`, :class:`LockFileError`
    (its lock file is a link or not a plain file: never followed) or :class:`OSError`."""
    path = lock_path(game_id)
    flags = os.O_RDWR | os.O_CREAT | NO_FOLLOW | (os.O_EXCL if create else 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        if exc.errno not in (errno.ELOOP, errno.EISDIR, errno.ENXIO):
            raise
        fd = None
    if fd is None or not stat.S_ISREG(os.fstat(fd).st_mode):
        if fd is not None:
            os.close(fd)
        raise LockFileError(
            f"The lock file of this game (the hidden file beside its save, in {path.parent}) "
            "is a link or not a plain file: it is never followed, so the game can be neither "
            "opened nor deleted. It was left as it is: remove it to play this game."
        )
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
