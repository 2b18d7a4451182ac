"""Saved games: one file per game, written atomically after every action, one window per game.

Files live under ``platformdirs.user_data_dir("forum-trajanum")``, or under the directory named
by the environment variable ``FORUM_TRAJANUM_HOME`` (tests point it at a temporary directory):

- ``games/<id>.json`` — one game each (a :class:`~forum_trajanum.engine.GameRecord` in the
  current file format, its header carrying a summary for the list of games);
- ``games/.<id>.lock`` — the game's lock file: a process playing the game holds an OS lock
  on it (``flock``), which the OS drops when the process ends, so a crash leaves no stale lock;
- ``games/<id>.json.damaged`` — the damaged file, kept beside a repaired save;
- ``forum-trajanum.log`` — technical details of problems (never shown on the screen);
- ``*.json`` at the top — saves of release 0.1.0 (``autosave.json`` and named saves); the
  first listing imports each as a game and keeps the old file as ``*.json.v1``.

Every write goes to a temporary file in the same directory which then replaces the target with
:func:`os.replace`, so a crash never leaves half a save behind.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

# Only light imports: the start menu lists the saves before any engine is loaded.
from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.files import MAX_HEADER, UnreadableFile, load_json, read_limited

if TYPE_CHECKING:
    from forum_trajanum.core.record import GameRecordBase as GameRecord
    from forum_trajanum.core.record import SaveMeta

GAMES = "games"
SUFFIX = ".json"
LOG = "forum-trajanum.log"
_SLUG = re.compile(r"[^a-z0-9]+")
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


class SaveError(RecordError):
    """A save could not be written, found or read; the message is fit for a player."""


class GameLockedError(SaveError):
    """The game is open in another window (another process holds its lock)."""


def _folder(path: Path, what: str) -> Path:
    """``path`` as a folder (created on demand); :class:`SaveError` in player words when it
    cannot be (a file of that name, no permission, a full disk)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise SaveError(f"The {what} {path} is a file, not a folder.") from None
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


def log_problem(text: str) -> None:
    """Append a technical detail to the log file (the screen shows player words only)."""
    with contextlib.suppress(OSError, SaveError), (save_dir() / LOG).open("a") as log:
        log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}\n")


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# --- what the list of games shows ----------------------------------------------------------


@dataclass
class GameInfo:
    """One saved game as the list of games shows it (read from the file's header)."""

    id: str
    path: Path
    game: str = "forum-trajanum"
    title: str = ""
    names: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    #: where the game stands in words ("cycle II, round 3"), as the game said when it was saved
    where: str = ""
    cycle: int = 0
    round: int = 0
    over: bool = False
    actions: int = 0
    saved: float = 0.0  # seconds since the epoch
    readable: bool = True
    locked: bool = False  # open in another window
    scores: list[int] = field(default_factory=list)  # per seat, when last saved
    winners: list[int] = field(default_factory=list)  # seats of the first place (finished)

    def seats(self) -> str:
        """``Livia, Marcus (normal bot)``."""
        return ", ".join(
            f"{name} ({bot} bot)" if bot else name
            for name, bot in zip(self.names, self.bots + [""] * len(self.names), strict=False)
        )

    def label(self) -> str:
        """The game's name: its title, or its seats."""
        return self.title or self.seats() or self.id

    def stage(self) -> str:
        """Where the game stands, in words."""
        if not self.readable:
            return "damaged save"
        if self.over:
            return "finished"
        if self.where:
            return self.where
        if self.cycle <= 0:
            return "setting up"
        return f"cycle {['I', 'II', 'III'][min(self.cycle, 3) - 1]}, round {self.round}"

    def game_title(self) -> str:
        """The game's name for players ("Trajan"), without loading the game."""
        from forum_trajanum.games import GAMES

        return GAMES.title(self.game) if self.game in GAMES else self.game

    def result(self) -> str:
        """Who won a finished game and with how many VP, and the others' scores ("" when the
        save does not say: a game saved before it was recorded)."""
        seats = range(len(self.names))
        if not self.over or len(self.scores) != len(self.names) or not self.winners:
            return ""
        if any(w not in seats for w in self.winners):
            return ""
        best = self.scores[self.winners[0]]
        who = " and ".join(self.names[w] for w in self.winners)
        text = f"{who} won with {best} VP" if len(self.winners) == 1 else (
            f"{who} share the victory with {best} VP")  # fmt: skip
        others = [f"{self.names[s]} {self.scores[s]}" for s in seats if s not in self.winners]
        return text + (f" ({', '.join(others)})" if others else "")

    def when(self) -> str:
        """When it was last played."""
        return time.strftime("%d %b %Y %H:%M", time.localtime(self.saved))


def save_summary(record: GameRecord, state, title: str | None) -> SaveMeta:
    """The record's app data brought up to date for this save: title, times, and where the
    game stands (the game's own words), its scores and, once over, its winners."""
    from forum_trajanum.games import GAMES

    game = GAMES.get(record.game)
    now = time.time()
    over = game.is_over(state)
    update = {
        "saved": now,
        "created": record.meta.created or now,
        "stage": game.summary(state),
        "over": over,
        "scores": game.scores(state),
        "winners": game.ranking(state)[0] if over else [],
        "cycle": getattr(state, "cycle", 0),
        "round": getattr(state, "round", 0),
    }
    if title is not None:
        update["title"] = title
    return record.meta.model_copy(update=update)


def _header_of(path: Path) -> dict:
    """The header line of a save file, parsed with the limits of hostile input; raises
    :class:`UnreadableFile` or :class:`ValueError`."""
    header = load_json(read_limited(path, MAX_HEADER, first_line=True))
    if not isinstance(header, dict):
        raise ValueError("the first line is not a header")
    return header


def _info(path: Path) -> GameInfo:
    """What the list shows of one save file; any problem makes it a damaged save (listed, to
    be deleted), never an error."""
    from forum_trajanum.core.record import SaveMeta, _name

    game_id = path.name[: -len(SUFFIX)]
    info = GameInfo(game_id, path)
    try:
        info.saved = path.lstat().st_mtime
        header = _header_of(path)
        if type(header.get("record_version")) is not int:
            raise ValueError("not a version-2 header")
        meta = header.get("meta")
        meta = SaveMeta.model_validate(meta if isinstance(meta, dict) else {})
        game = header.get("game", "forum-trajanum")
        if not isinstance(game, str) or len(game) > 40:
            raise ValueError("no game named")
        info.game = game
        info.title, info.where = meta.title, meta.stage
        info.names = [_name(n) for n in _list(header.get("names"))]
        info.bots = [_name(b) for b in _list(header.get("bots"))]
        info.cycle, info.round, info.over = meta.cycle, meta.round, meta.over
        count = header.get("action_count", 0)
        info.actions = count if type(count) is int and count >= 0 else 0
        info.saved = meta.saved if meta.saved is not None else info.saved
        info.scores, info.winners = list(meta.scores), list(meta.winners)
    except (OSError, ValueError, TypeError, UnreadableFile):
        info.readable = False
        info.names, info.bots, info.title = [], [], ""
    info.locked = _held_elsewhere(game_id)
    return info


def _list(value) -> list:
    if not isinstance(value, list) or len(value) > 8:
        raise ValueError("not a list of seats")
    return value


def list_games(finished: bool | None = False) -> list[GameInfo]:
    """The saved games, the most recently played first: unfinished ones (``finished=False``,
    damaged saves included so that they can be deleted), finished ones (``True``) or all
    (``None``)."""
    flush()
    import_legacy()
    games = [_info(p) for p in games_dir().glob(f"*{SUFFIX}") if not p.name.startswith(".")]

    if finished is not None:
        games = [g for g in games if g.over == finished]
    return sorted(games, key=lambda g: (g.saved, g.id), reverse=True)


def find_game(name: str | None) -> GameInfo:
    """The unfinished game called ``name`` (its id or title; a unique part of its id, title or
    seat names will do), or the most recently played one when ``name`` is None."""
    games = list_games(finished=False)
    if not games:
        raise SaveError("There is no unfinished game to continue.")
    if name is None:
        return games[0]
    wanted = name.strip().lower()
    for test in (
        lambda g: wanted in (g.id.lower(), g.title.lower()),
        lambda g: wanted in f"{g.id} {g.title} {g.seats()}".lower(),
    ):
        found = [g for g in games if test(g)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise SaveError(
                f"{len(found)} games match {name!r}: "
                + "; ".join(f"{g.id} ({g.label()})" for g in found)
            )
    raise SaveError(f"There is no unfinished game called {name!r}.")


# --- an open game -------------------------------------------------------------------------


def _lock_path(game_id: str) -> Path:
    return games_dir() / f".{game_id}.lock"


def _held_elsewhere(game_id: str) -> bool:
    """Whether some process (this one included, through another handle) holds the lock."""
    try:
        fd = os.open(_lock_path(game_id), os.O_RDWR)
    except OSError:
        return False
    try:
        return not _try_lock(fd, shared=True)
    finally:
        os.close(fd)  # closing drops the shared lock this probe may have taken


def _acquire(game_id: str, create: bool = False) -> int:
    """Lock the game for this process; raises :class:`GameLockedError`."""
    flags = os.O_RDWR | os.O_CREAT | (os.O_EXCL if create else 0)
    fd = os.open(_lock_path(game_id), flags, 0o644)
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


class GameFile:
    """A game this process has open: it holds the game's lock until :meth:`close` (or until
    the process ends) and writes the save after every action."""

    def __init__(self, game_id: str, lock_fd: int) -> None:
        self.id = game_id
        self.path = games_dir() / f"{game_id}{SUFFIX}"
        self._fd: int | None = lock_fd
        self._writing: list[Future] = []  # writes not yet checked for an error

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

        The text is made now and written (and synced to disk) by this module's writer thread,
        one write after the other. Without ``background`` this waits for it; with it the
        caller goes on (the play screen repaints meanwhile) and a failed write raises its
        :class:`SaveError` at a later save or at :meth:`flush`. Every reader of saves in this
        module, and :meth:`close`, waits for the writes under way first."""
        if self._fd is None:
            raise SaveError("this game was closed; it cannot be saved any more")
        record.meta = save_summary(record, state, title)
        writing = _writer().submit(_write_save, self.path, record.to_json())
        _pending.add(writing)
        writing.add_done_callback(_pending.discard)
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


def _write_save(path: Path, text: str) -> None:
    try:
        write_atomic(path, text)
    except OSError as exc:
        log_problem(f"writing {path} failed: {exc}")
        raise SaveError(f"could not write the save: {exc.strerror or exc}") from exc


_WRITER: ThreadPoolExecutor | None = None
#: Background writes under way (see ``GameFile.save``).
_pending: set[Future] = set()


def _writer() -> ThreadPoolExecutor:
    """The one writer thread: writes happen one after the other, in the order asked. Its
    thread is joined when the program ends, so no write under way is lost by quitting."""
    global _WRITER
    if _WRITER is None:
        _WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="forum-trajanum-save")
    return _WRITER


def flush() -> None:
    """Wait until every background write of this process is on disk (errors are raised by
    the game's own next save or flush)."""
    if _pending:
        wait(list(_pending))


def _new_id(names: list[str], title: str = "") -> str:
    names = title or "-".join(n for n in names if n) or "game"
    slug = _SLUG.sub("-", names.lower()).strip("-")[:40] or "game"
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{slug}"


def create_game(record: GameRecord, state: object, title: str = "") -> GameFile:
    """A new game file for ``record`` (never another game's file), open and locked."""
    base = _new_id(record.names, title)
    for number in range(1, 1000):
        game_id = base if number == 1 else f"{base}-{number}"
        if (games_dir() / f"{game_id}{SUFFIX}").exists():
            continue
        try:
            fd = _acquire(game_id, create=True)  # O_EXCL: the id is ours alone
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
            _lock_path(game_id).unlink(missing_ok=True)
            raise
        return game
    raise SaveError("could not find a free name for a new save")  # pragma: no cover


def save_copy(record: GameRecord, state: object, title: str) -> GameInfo:
    """Save a copy of the game so far as a separate game called ``title``."""
    from forum_trajanum.core.files import clean_name
    from forum_trajanum.core.record import SaveMeta

    title = clean_name(title)
    if not title:
        raise SaveError("the name of the copy is empty")
    copy = record.model_copy(update={"actions": list(record.actions), "meta": SaveMeta()})
    game = create_game(copy, state, title)
    game.close()
    return _info(game.path)


@dataclass
class OpenedGame:
    """A game opened by :func:`open_game`: the file (locked), the record replayed to
    ``state``, and, for a damaged save, how many actions were lost and where the damaged
    file was kept."""

    game: GameFile
    record: GameRecord
    state: object
    lost: int = 0
    damaged_copy: Path | None = None


UNREADABLE = (
    "This saved game cannot be read: the file is damaged so early that not even the players "
    "and the game's options can be recovered. It can only be deleted."
)


def _game_path(game_id: str) -> Path:
    if not game_id or "/" in game_id or "\\" in game_id or game_id.startswith("."):
        raise SaveError("This game is not saved any more (deleted in another window?).")
    return games_dir() / f"{game_id}{SUFFIX}"


def open_game(game_id: str) -> OpenedGame:
    """Lock and load the game ``game_id``. A save damaged part-way resumes at its last good
    action (the damaged file is kept beside it first: when that copy cannot be written, the
    game is not opened and its file stays as it was); raises :class:`SaveError` (with player
    words) when the game is open elsewhere, gone, or cannot be read at all."""
    flush()
    path = _game_path(game_id)
    if not path.exists() and not path.is_symlink():
        raise SaveError("This game is not saved any more (deleted in another window?).")
    from forum_trajanum.core.record import replay_valid
    from forum_trajanum.games import GAMES

    try:
        fd = _acquire(game_id)
    except OSError as exc:
        raise SaveError(
            f"This game cannot be opened: its folder cannot be written ({exc.strerror or exc})."
        ) from exc
    game = GameFile(game_id, fd)
    try:
        data = read_limited(path)
        found = _read(data)
        record = found.record
        state, good, problem = replay_valid(record, GAMES.get(record.game))
    except (OSError, RecordError) as exc:
        game.close()
        log_problem(f"cannot read {path}: {exc}")
        raise SaveError(UNREADABLE) from exc
    lost = found.lost + len(record.actions) - good
    opened = OpenedGame(game, record, state, lost)
    if lost:
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


def _read(data: bytes):
    """The core's reader of records, with this program's games."""
    from forum_trajanum.core.record import read_record
    from forum_trajanum.games import GAMES

    return read_record(data, GAMES)


def read_game(game_id: str):
    """Read a saved game without opening it for play (no lock, nothing written): (record,
    state); raises :class:`RecordError` for any damage."""
    flush()
    from forum_trajanum.core.record import replay_valid
    from forum_trajanum.games import GAMES

    try:
        data = read_limited(_game_path(game_id))
    except UnreadableFile as exc:
        raise SaveError(f"there is no readable saved game {game_id!r}: {exc}") from exc
    found = _read(data)
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
        fd = _acquire(game_id)
    except OSError as exc:
        raise SaveError(
            f"This game cannot be deleted: its folder cannot be written ({exc.strerror or exc})."
        ) from exc
    try:
        path.unlink(missing_ok=True)
        _lock_path(game_id).unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(f"This game cannot be deleted: {exc.strerror or exc}.") from exc
    finally:
        os.close(fd)


# --- saves of release 0.1.0 ---------------------------------------------------------------


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
        fd = os.open(root / ".import.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:  # a folder that cannot be written: the old saves stay as they are
        log_problem(f"cannot import the old saves in {root}: {exc}")
        return []
    try:
        # Two windows starting at once must not import a save twice: one waits for the other.
        if "fcntl" in globals():
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
    from forum_trajanum.core.record import replay_valid
    from forum_trajanum.games import GAMES

    try:
        data = read_limited(path)
    except UnreadableFile as exc:
        raise SaveError(str(exc)) from exc
    title = "" if path.stem == "autosave" else path.stem
    saved = path.stat().st_mtime
    record = None
    try:
        record = _read(data).record
        state, good, _ = replay_valid(record, GAMES.get(record.game))
        del record.actions[good:]
    except RecordError as exc:
        log_problem(f"importing {path}: {exc}")
        record = None
    game_id = _new_id(record.names if record else [], title)
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
