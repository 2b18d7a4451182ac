"""Where saves live, the errors of saving, the problem log and atomic writes.

Files live under ``platformdirs.user_data_dir("forum-trajanum")``, or under the directory named
by the environment variable ``FORUM_TRAJANUM_HOME`` (tests point it at a temporary directory):
``games/<id>.json`` one game each, ``games/.<id>.lock`` its lock, ``games/<id>.json.damaged``
a damaged file kept beside its repaired save, ``forum-trajanum.log`` the problem log (details
never shown on the screen; stdlib :mod:`logging`), ``crash.log`` what an internal error left;
each log rotates at :data:`LOG_BYTES` and keeps :data:`LOG_BACKUPS` older files (``.1``, ``.2``).
Every write goes to a temporary file in the same directory which then replaces the target with
:func:`os.replace`, and the folder is synced after it, so a crash or a power cut never leaves
half a save behind nor loses the replacement.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import stat
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.text import printable

if TYPE_CHECKING:
    import logging.handlers

GAMES = "games"
SUFFIX = ".json"
LOG = "forum-trajanum.log"
CRASH_LOG = "crash.log"
#: A log grows to this many bytes, then becomes ``.1`` (the older ``.1`` becomes ``.2``).
LOG_BYTES = 512 * 1024
#: How many older files a log keeps.
LOG_BACKUPS = 2


class SaveError(RecordError):
    """A save could not be written, found or read; the message is fit for a player."""


class GameLockedError(SaveError):
    """The game is open in another window (another process holds its lock)."""


#: What the list says of a save that cannot be opened, and why (its "stage").
DAMAGED = "damaged save"
NEWER = "made by a newer release of the game"
NO_PERMISSION = "no permission to read it"

UNREADABLE = (
    "This saved game cannot be read: the file is damaged so early that not even the players "
    "and the game's options can be recovered. It can only be deleted."
)


READ_ONLY = (
    "This game's save file is read-only, so the game is not played on here (every move is "
    "saved into it). It was left as it is: make the file writable to play on, or replay the "
    "game (r in the list of games)."
)


class ReadOnlySaveError(SaveError):
    """A save file made read-only (by its owner, to keep it as it is): it is not opened for
    play, and never replaced."""


def read_only(path: Path) -> bool:
    """Whether the save file ``path`` is read-only: nobody may write it, or this user may not
    (replacing it, which the folder would allow, would undo that)."""
    try:
        info = path.lstat()
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    return not info.st_mode & 0o222 or not os.access(path, os.W_OK)


def newer_release(detail: str = "") -> str:
    """Why a save of a newer release is not opened, in player words (``detail``: its version
    or its game, as the record said)."""
    return (
        "This game was made by a newer release of the game"
        + (f" ({detail})" if detail else "")
        + ". It is not damaged and was left as it is: play it with that release, or update "
        "this one."
    )


def no_permission(folder: Path) -> str:
    """Why a save this user may not read is not opened, in player words."""
    return (
        "This game cannot be opened: there is no permission to read its file (in "
        f"{folder}). It was left as it is: allow your user to read and write it, then open "
        "it again."
    )


def _folder(path: Path, what: str) -> Path:
    """``path`` as a folder (created on demand); :class:`SaveError` in player words when it
    cannot be (a file of that name, no permission, a full disk)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise SaveError(f"The {what} {path} is a file, not a folder.") from None
    except PermissionError:
        raise SaveError(
            f"The {what} {path} cannot be used: there is no permission to read or make it."
        ) from None
    except OSError as exc:
        raise SaveError(f"The {what} {path} cannot be made: {exc.strerror or exc}.") from None
    if not path.is_dir():
        raise SaveError(f"The {what} {path} is a file, not a folder.")
    return path


def save_dir() -> Path:
    """The directory holding saves (created on demand); :class:`SaveError` when it cannot
    be used."""
    home = os.environ.get("FORUM_TRAJANUM_HOME")
    if home:
        path = Path(home)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("forum-trajanum"))
    return _folder(path, "save folder")


def games_dir() -> Path:
    """The directory holding one file per game (created on demand)."""
    return _folder(save_dir() / GAMES, "games folder")


@functools.cache
def _log_file() -> type[logging.handlers.RotatingFileHandler]:
    """The class of a log file that rotates at :data:`LOG_BYTES` and whose failures (a full
    disk) drop the line instead of printing a trace (made on first use: ``logging.handlers``
    is not imported before the start screen's first frame)."""
    import logging.handlers

    class _LogFile(logging.handlers.RotatingFileHandler):
        def emit(self, record: logging.LogRecord) -> None:
            with contextlib.suppress(OSError):  # opening the file on a full or read-only disk
                super().emit(record)

        def handleError(self, record: logging.LogRecord) -> None:
            # pragma: no cover - needs a failing disk
            pass

    return _LogFile


def _file_logger(name: str, filename: str) -> logging.Logger:
    """A logger writing to ``filename`` in the save folder (opened on first use; when the
    folder cannot be written, what would be logged is dropped: it is never worth a crash)."""
    logger = logging.getLogger(name)
    try:
        target = str(save_dir() / filename)
    except SaveError:
        return logger
    if not any(getattr(h, "baseFilename", None) == target for h in logger.handlers):
        for old in list(logger.handlers):  # the save folder moved (tests, another HOME)
            logger.removeHandler(old)
            with contextlib.suppress(OSError):  # its last lines may not fit on its disk
                old.close()
        try:
            handler = _log_file()(target, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
                               encoding="utf-8", delay=True)  # fmt: skip
        except OSError:
            return logger
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return logger


def log_problem(text: str) -> None:
    """Write a technical detail to ``forum-trajanum.log`` (the screen shows player words); a
    file's name or a player's in it is written as printable text (no terminal codes)."""
    _file_logger("forum_trajanum.problems", LOG).warning(printable(text))


def log_crash(text: str) -> str:
    """Write an internal error's traceback to ``crash.log``; returns where it went ("" when
    nowhere)."""
    _file_logger("forum_trajanum.crash", CRASH_LOG).error(printable(text, lines=True))
    try:
        return str(save_dir() / CRASH_LOG)
    except SaveError:
        return ""


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``; a file that is
    replaced keeps its permissions (a save shared with a group stays so)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        old = path.lstat()
        mode = stat.S_IMODE(old.st_mode) if stat.S_ISREG(old.st_mode) else None
    except OSError:
        mode = None
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (the folder's entry is written, not only the
    file); where folders cannot be opened (Windows) or synced, the rename stands as it is."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
