"""The writers: saves are written while the screen repaints, each game's one after the other
in the order asked, different games' at the same time; every reader of saves waits for the
writes under way.

Each save is synced to disk (``os.fsync``), which on a disk takes milliseconds; a game host
saves many games at once (:mod:`forum_trajanum.net`), and the system syncs files written at
the same time together. So each game file has its own queue (:class:`FileWriter`) served by
a shared pool of threads, and a save still queued when a newer one of the same game comes is
not written at all: the newer one holds all of it (each save is the whole game), and both are
done when it is on disk.
"""

from __future__ import annotations

import threading
from collections import deque
from concurrent.futures import Future, wait
from pathlib import Path
from typing import TYPE_CHECKING

from forum_trajanum.core.saves.paths import (
    ReadOnlySaveError,
    SaveError,
    log_problem,
    read_only,
    write_atomic,
)

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

#: Threads writing saves at most (each game's saves are written one after the other).
WRITERS = 16


def write_save(path: Path, text: str) -> None:
    if read_only(path):  # made read-only while the game was open: kept as it is
        log_problem(f"{path} was made read-only: not replaced")
        raise ReadOnlySaveError("could not write the save: its file was made read-only")
    try:
        write_atomic(path, text)
    except OSError as exc:
        log_problem(f"writing {path} failed: {exc}")
        raise SaveError(f"could not write the save: {exc.strerror or exc}") from exc
    except ValueError as exc:  # text that is not UTF-8 (a lone surrogate): nothing written
        log_problem(f"writing {path} failed: {exc}")
        raise SaveError("could not write the save: it holds text that is not UTF-8") from exc


_WRITER: ThreadPoolExecutor | None = None
#: Background writes under way (see ``GameFile.save``).
pending: set[Future[None]] = set()


def writer() -> ThreadPoolExecutor:
    """The pool of writer threads. Its threads are joined when the program ends, so no write
    under way is lost by quitting."""
    global _WRITER
    if _WRITER is None:
        # imported on the first write (not before the start screen's first frame)
        from concurrent.futures import ThreadPoolExecutor

        _WRITER = ThreadPoolExecutor(max_workers=WRITERS, thread_name_prefix="forum-trajanum-save")
    return _WRITER


class FileWriter:
    """The saves of one file, written one after the other on the writers' pool; of the saves
    queued while one is written, only the newest is written next (it holds the others)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._queue: deque[tuple[Future[None], str]] = deque()
        self._busy = False

    def submit(self, text: str) -> Future[None]:
        """Write ``text`` to the file after the writes asked before; the future is done when
        it (or a newer text of the file) is on disk, or holds the :class:`SaveError`."""
        future: Future[None] = Future()
        pending.add(future)
        future.add_done_callback(pending.discard)
        with self._lock:
            self._queue.append((future, text))
            start = not self._busy
            self._busy = True
        if start:
            writer().submit(self._drain)
        return future

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._busy = False
                    return
                batch = list(self._queue)
                self._queue.clear()
            futures = [f for f, _ in batch if f.set_running_or_notify_cancel()]
            try:
                write_save(self.path, batch[-1][1])
            except BaseException as exc:  # a SaveError: each caller hears of it
                for future in futures:
                    future.set_exception(exc)
            else:
                for future in futures:
                    future.set_result(None)


def flush() -> None:
    """Wait until every background write of this process is on disk (errors are raised by
    the game's own next save or flush)."""
    if pending:
        wait(list(pending))
