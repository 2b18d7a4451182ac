"""Saves of release 0.1.0 (``autosave.json`` and named saves at the top of the save folder):
the first listing imports each as a game and keeps the old file as ``*.json.v1``."""

from __future__ import annotations

import os
import time
from pathlib import Path

from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.files import UnreadableFile, read_limited
from forum_trajanum.core.saves.lock import NO_FOLLOW
from forum_trajanum.core.saves.paths import (
    SUFFIX,
    SaveError,
    games_dir,
    log_problem,
    save_dir,
    write_atomic,
)
from forum_trajanum.core.saves.summary import save_summary

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]  # Windows: no fcntl (checked before its use)


def import_legacy() -> list[str]:
    """Turn the saves of release 0.1.0 (``autosave.json``, named saves) into games; the old
    files stay as ``*.json.v1``. Returns the ids of the games made. What is not a regular file
    (a folder, a pipe, a device) is left alone."""
    root = save_dir()
    legacy = sorted(
        p for p in root.glob(f"*{SUFFIX}") if not p.name.startswith(".") and _regular(p)
    )
    if not legacy:
        return []
    made = []
    try:
        fd = os.open(root / ".import.lock", os.O_RDWR | os.O_CREAT | NO_FOLLOW, 0o644)
    except OSError as exc:  # a folder that cannot be written: the old saves stay as they are
        log_problem(f"cannot import the old saves in {root}: {exc}")
        return []
    try:
        # Two windows starting at once must not import a save twice: one waits for the other.
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        for path in legacy:
            try:
                if path.exists():
                    made.append(_import_one(path))
            except (OSError, SaveError) as exc:  # left where it is; the next listing tries again
                log_problem(f"could not import the old save {path}: {exc}")
    finally:
        os.close(fd)
    return made


def _regular(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def _import_one(path: Path) -> str:
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.saves.store import new_id, read_record
    from forum_trajanum.core.timeline import replay_valid

    try:
        data = read_limited(path)
    except UnreadableFile as exc:
        raise SaveError(str(exc)) from exc
    title = "" if path.stem == "autosave" else path.stem
    saved = path.stat().st_mtime
    record = None
    try:
        record = read_record(data).record
        state, good, _ = replay_valid(record, GAMES.get(record.game))
        del record.actions[good:]
    except RecordError as exc:
        log_problem(f"importing {path}: {exc}")
        record = None
    game_id = new_id(record.names if record else [], title)
    game_id = time.strftime("%Y%m%d-%H%M%S", time.localtime(saved)) + game_id[15:]
    while (games_dir() / f"{game_id}{SUFFIX}").exists():
        game_id += "-1"
    target = games_dir() / f"{game_id}{SUFFIX}"
    if record is None:
        write_atomic(target, data)  # listed as a damaged save, to be deleted by the player
    else:
        record.meta = save_summary(record, state, title).model_copy(
            update={"created": saved, "saved": saved}
        )
        write_atomic(target, record.to_json())
    path.rename(path.with_name(path.name + ".v1"))
    return game_id
