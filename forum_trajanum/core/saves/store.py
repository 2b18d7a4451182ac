"""Saved games: one file per game, written atomically after every action, one window per game;
creating, opening (a damaged save resumes at its last good action), copying, reading and
deleting a game."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.files import NoPermission, UnreadableFile, read_limited
from forum_trajanum.core.saves.lock import acquire, lock_path
from forum_trajanum.core.saves.paths import (
    READ_ONLY,
    SUFFIX,
    UNREADABLE,
    ReadOnlySaveError,
    SaveError,
    games_dir,
    log_problem,
    newer_release,
    no_permission,
    read_only,
    write_atomic,
)
from forum_trajanum.core.saves.summary import save_summary
from forum_trajanum.core.saves.writer import FileWriter, flush

if TYPE_CHECKING:
    from forum_trajanum.core.record import GameRecordBase, ReadRecord
    from forum_trajanum.core.record import GameRecordBase as GameRecord


_SLUG = re.compile(r"[^a-z0-9]+")


class GameFile:
    """A game this process has open: it holds the game's lock until :meth:`close` (or until
    the process ends) and writes the save after every action."""

    def __init__(self, game_id: str, lock_fd: int) -> None:
        self.id = game_id
        self.path = games_dir() / f"{game_id}{SUFFIX}"
        self._fd: int | None = lock_fd
        self._writing: list[Future[None]] = []  # writes not yet checked for an error
        self._writer = FileWriter(self.path)

    @property
    def is_open(self) -> bool:
        return self._fd is not None

    def save(
        self,
        record: GameRecord,
        state: object,
        title: str | None = None,
        background: bool = False,
    ) -> None:
        """Write the record (atomically), its header summing up ``state`` for the list.

        The text is made now and written (and synced to disk) by a writer thread, this
        game's writes one after the other (``saves.writer.FileWriter``). Without
        ``background`` this waits for it; with it the caller goes on (the play screen
        repaints meanwhile) and a failed write raises its
        :class:`SaveError` at a later save or at :meth:`flush`. Every reader of saves in this
        module, and :meth:`close`, waits for the writes under way first."""
        if self._fd is None:
            raise SaveError("this game was closed; it cannot be saved any more")
        record.meta = save_summary(record, state, title)
        writing = self._writer.submit(record.to_json())
        self._writing.append(writing)
        if not background:
            self.flush()
        else:
            self._check_written(wait=False)

    def _check_written(self, wait: bool) -> None:
        """Raise the first error of this game's background writes that are done (all of them
        with ``wait``); a write still under way is not waited for without ``wait``."""
        failed = None
        for writing in list(self._writing):
            if wait or writing.done():
                self._writing.remove(writing)
                try:
                    writing.result()
                except SaveError as exc:
                    failed = failed or exc
        if failed is not None:
            raise failed

    def flush(self) -> None:
        """Wait for this game's writes; raises the :class:`SaveError` of a failed one."""
        self._check_written(wait=True)

    @property
    def last_write(self) -> Future[None] | None:
        """The future of the newest write not yet checked (done when it, and every write
        before it, is on disk), or None: an event loop awaits it instead of a thread."""
        return self._writing[-1] if self._writing else None

    @property
    def written(self) -> bool:
        """Whether no write is under way (``flush`` then returns at once)."""
        return all(writing.done() for writing in self._writing)

    def close(self) -> None:
        """Release the game's lock (another window may open it now), after the last write."""
        if self._fd is not None:
            try:
                self.flush()
            except SaveError as exc:
                log_problem(f"saving {self.id} when closing it: {exc}")
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        self.close()


def new_id(names: list[str], title: str = "") -> str:
    words = title or "-".join(n for n in names if n) or "game"
    slug = _SLUG.sub("-", words.lower()).strip("-")[:40] or "game"
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{slug}"


def create_game(record: GameRecord, state: object, title: str = "") -> GameFile:
    """A new game file for ``record`` (never another game's file), open and locked."""
    base = new_id(record.names, title)
    for number in range(1, 1000):
        game_id = base if number == 1 else f"{base}-{number}"
        if (games_dir() / f"{game_id}{SUFFIX}").exists():
            continue
        try:
            fd = acquire(game_id, create=True)  # O_EXCL: the id is ours alone
        except FileExistsError:
            continue
        except OSError as exc:
            log_problem(f"cannot create the lock of {game_id}: {exc}")
            raise SaveError(f"could not start a save: {exc.strerror or exc}") from exc
        game = GameFile(game_id, fd)
        try:
            game.save(record, state, title)
        except SaveError:
            # nothing of the new game stays behind: no lock file, no half a save
            os.close(fd)
            game._fd = None
            lock_path(game_id).unlink(missing_ok=True)
            raise
        return game
    raise SaveError("could not find a free name for a new save")  # pragma: no cover


@dataclass
class OpenedGame:
    """A game opened by :func:`open_game`: the file (locked), the record replayed to
    ``state``, and, for a damaged save, how many actions were lost and where the damaged
    file was kept."""

    game: GameFile
    record: GameRecord
    state: object
    #: actions of the file that could not be read or replayed
    lost: int = 0
    damaged_copy: Path | None = None
    #: the header's count of actions when the file ends before it (0 otherwise)
    claimed: int = 0
    #: how many action lines the file held
    held: int = 0

    @property
    def damaged(self) -> bool:
        """Whether the save was damaged (it resumes at its last good action)."""
        return bool(self.lost or self.claimed)

    def damage(self) -> str:
        """What was lost, in player words ("" when nothing)."""
        from forum_trajanum.core.record import damage_words

        return damage_words(self.lost, self.claimed, self.held)


def _game_path(game_id: str) -> Path:
    if not game_id or "/" in game_id or "\\" in game_id or game_id.startswith("."):
        raise SaveError("This game is not saved any more (deleted in another window?).")
    return games_dir() / f"{game_id}{SUFFIX}"


def open_game(
    game_id: str, replay: Callable[[GameRecordBase], tuple[Any, int, str]] | None = None
) -> OpenedGame:
    """Lock and load the game ``game_id``. A save damaged part-way resumes at its last good
    action (the damaged file is kept beside it first: when that copy cannot be written, the
    game is not opened and its file stays as it was); raises :class:`SaveError` (with player
    words) when the game is open elsewhere, gone, or cannot be read at all. ``replay(record)
    -> (state, actions replayed, problem)`` replays the record (the session passes its own, so
    that a game is replayed once); by default the core's check of a record."""
    flush()
    path = _game_path(game_id)
    if not path.exists() and not path.is_symlink():
        raise SaveError("This game is not saved any more (deleted in another window?).")
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.record import NewerRecordError
    from forum_trajanum.core.timeline import replay_valid

    try:
        fd = acquire(game_id)
    except OSError as exc:
        raise SaveError(
            f"This game cannot be opened: its folder cannot be written ({exc.strerror or exc})."
        ) from exc
    game = GameFile(game_id, fd)
    try:
        data = read_limited(path)
        if read_only(path):
            raise ReadOnlySaveError(READ_ONLY)
        found = read_record(data)
        record = found.record
        if replay is None:
            state, good, problem = replay_valid(record, GAMES.get(record.game))
        else:
            state, good, problem = replay(record)
    except SaveError:
        game.close()
        raise
    except (OSError, RecordError) as exc:
        game.close()
        log_problem(f"cannot read {path}: {exc}")
        if isinstance(exc, NoPermission):  # no sign of damage: nothing says "delete"
            raise SaveError(no_permission(path.parent)) from exc
        if isinstance(exc, NewerRecordError):
            raise SaveError(newer_release(exc.detail)) from exc
        raise SaveError(UNREADABLE) from exc
    lost = found.lost + len(record.actions) - good
    opened = OpenedGame(game, record, state, lost, claimed=found.claimed, held=found.held)
    if opened.damaged:
        log_problem(f"{path}: {found.problem or problem}; resumed after {good} actions")
        try:
            opened.damaged_copy = _keep_damaged(path, data)
        except OSError as exc:
            game.close()
            log_problem(f"could not keep a copy of the damaged {path}: {exc}")
            raise SaveError(
                f"This save is damaged after action {good}, and there is no room to keep a copy "
                f"of it before repairing it ({exc.strerror or exc}). Nothing was changed: free "
                "some disk space and open it again."
            ) from exc
        del record.actions[good:]
        try:
            game.save(record, state)
        except SaveError as exc:
            log_problem(f"could not write the repaired {path}: {exc}")
    return opened


def read_record(data: bytes) -> ReadRecord:
    """The core's reader of records, with this program's games."""
    from forum_trajanum.core import record
    from forum_trajanum.core.game import GAMES

    return record.read_record(data, GAMES)


def read_game(game_id: str) -> tuple[GameRecordBase, Any]:
    """Read a saved game without opening it for play (no lock, nothing written): (record,
    state); raises :class:`RecordError` for any damage."""
    flush()
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.timeline import replay_valid

    try:
        data = read_limited(_game_path(game_id))
    except UnreadableFile as exc:
        raise SaveError(f"there is no readable saved game {game_id!r}: {exc}") from exc
    found = read_record(data)
    if found.problem:
        raise RecordError(found.problem)
    state, _, problem = replay_valid(found.record, GAMES.get(found.record.game))
    if problem:
        raise RecordError(problem)
    return found.record, state


def _keep_damaged(path: Path, data: bytes) -> Path:
    target = path.with_name(path.name + ".damaged")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.damaged-{number}")
    write_atomic(target, data)
    return target


def delete_game(game_id: str) -> None:
    """Delete a saved game; raises :class:`SaveError` in player words when it is open
    elsewhere, is not a file, or its folder cannot be written."""
    flush()
    path = _game_path(game_id)
    if path.is_dir() and not path.is_symlink():
        raise SaveError(
            f"{path.name} is a folder, not a saved game: it was left as it is (remove it by "
            f"hand from {path.parent} if it is not needed)."
        )
    try:
        fd = acquire(game_id)
    except OSError as exc:
        raise SaveError(
            f"This game cannot be deleted: its folder cannot be written ({exc.strerror or exc})."
        ) from exc
    try:
        path.unlink(missing_ok=True)
        lock_path(game_id).unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(f"This game cannot be deleted: {exc.strerror or exc}.") from exc
    finally:
        os.close(fd)
