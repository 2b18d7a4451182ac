"""Save, load and autosave games as game records (seed + options + action texts).

Files live under ``platformdirs.user_data_dir("forum-trajanum")``, or under the directory named
by the environment variable ``FORUM_TRAJANUM_HOME`` (tests point it at a temporary directory).
Every write is atomic: the record goes to a temporary file in the same directory which then
replaces the target with :func:`os.replace`, so a crash never leaves half a save behind.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from forum_trajanum.engine import GameRecord, GameState, RecordError

AUTOSAVE = "autosave"
SUFFIX = ".json"
_NAME = re.compile(r"^[\w\- ]{1,40}$")


class SaveError(RecordError):
    """A save could not be written, found or read; the message is fit for a player."""


def save_dir() -> Path:
    """The directory holding saves (created on demand)."""
    home = os.environ.get("FORUM_TRAJANUM_HOME")
    if home:
        path = Path(home)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("forum-trajanum"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def _path(name: str) -> Path:
    name = name.strip()
    if not _NAME.match(name):
        raise SaveError(
            f"{name!r} is not a usable save name: use 1-40 letters, digits, spaces, - or _"
        )
    return save_dir() / f"{name}{SUFFIX}"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(record: GameRecord, name: str) -> Path:
    """Save ``record`` under ``name``; returns the file written."""
    path = _path(name)
    try:
        write_atomic(path, record.to_json())
    except OSError as exc:
        raise SaveError(f"could not write the save {name!r}: {exc.strerror or exc}") from exc
    return path


def autosave(record: GameRecord) -> Path:
    """Save ``record`` as the autosave (called after every action)."""
    return save(record, AUTOSAVE)


def load(name: str) -> tuple[GameRecord, GameState]:
    """Load and replay the save ``name``; raises :class:`RecordError` with a clear message."""
    path = _path(name)
    try:
        text = path.read_bytes()
    except FileNotFoundError as exc:
        raise SaveError(f"there is no save called {name!r}") from exc
    except OSError as exc:
        raise SaveError(f"could not read the save {name!r}: {exc.strerror or exc}") from exc
    try:
        return GameRecord.load(text)
    except RecordError as exc:
        raise SaveError(f"the save {name!r} cannot be loaded: {exc}") from exc


def has_autosave() -> bool:
    """Whether an autosave exists."""
    return (save_dir() / f"{AUTOSAVE}{SUFFIX}").exists()


def list_saves() -> list[str]:
    """Names of the saves, newest first (the autosave included)."""
    files = sorted(save_dir().glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [p.stem for p in files if not p.name.startswith(".")]


def delete(name: str) -> None:
    """Remove the save ``name`` if it exists."""
    _path(name).unlink(missing_ok=True)
