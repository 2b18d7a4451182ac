"""The writer thread: saves are written one after the other, in the order asked, while the
screen repaints; every reader of saves waits for the writes under way."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path

from forum_trajanum.core.saves.paths import (
    ReadOnlySaveError,
    SaveError,
    log_problem,
    read_only,
    write_atomic,
)


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
pending: set[Future] = set()


def writer() -> ThreadPoolExecutor:
    """The one writer thread: writes happen one after the other, in the order asked. Its
    thread is joined when the program ends, so no write under way is lost by quitting."""
    global _WRITER
    if _WRITER is None:
        _WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="forum-trajanum-save")
    return _WRITER


def flush() -> None:
    """Wait until every background write of this process is on disk (errors are raised by
    the game's own next save or flush)."""
    if pending:
        wait(list(pending))
