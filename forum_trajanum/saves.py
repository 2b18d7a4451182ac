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
import json
import os
import re
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

# Only the errors at import time: the start menu lists the saves before the engine is loaded.
from forum_trajanum.core.errors import RecordError

if TYPE_CHECKING:
    from forum_trajanum.engine import GameRecord, GameState

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


def games_dir() -> Path:
    """The directory holding one file per game (created on demand)."""
    path = save_dir() / GAMES
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_problem(text: str) -> None:
    """Append a technical detail to the log file (the screen shows player words only)."""
    with contextlib.suppress(OSError), (save_dir() / LOG).open("a", encoding="utf-8") as log:
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
    title: str = ""
    names: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
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
        if self.cycle <= 0:
            return "setting up"
        return f"cycle {['I', 'II', 'III'][min(self.cycle, 3) - 1]}, round {self.round}"

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


def _summary(record: GameRecord, state: GameState, title: str | None) -> dict:
    from forum_trajanum.engine import is_over, ranking

    meta = dict(record.meta)
    now = time.time()
    meta.setdefault("created", now)
    if title is not None:
        meta["title"] = title
    meta.update(
        saved=now,
        cycle=state.cycle,
        round=state.round,
        over=is_over(state),
        scores=[pl.score for pl in state.players],
    )
    if meta["over"]:  # the list of finished games names the winner
        meta["winners"] = ranking(state)[0]
    return meta


def _ints(value) -> list[int]:
    """A list of whole numbers from a header field, or [] when it is anything else."""
    if isinstance(value, list) and all(type(v) is int for v in value):
        return list(value)
    return []


def _info(path: Path) -> GameInfo:
    game_id = path.name[: -len(SUFFIX)]
    info = GameInfo(game_id, path)
    try:
        info.saved = path.stat().st_mtime
        with path.open("rb") as handle:
            header = json.loads(handle.readline())
        meta = header.get("meta") or {}
        info.title = str(meta.get("title") or "")
        info.names = [str(n) for n in header.get("names") or []]
        info.bots = [str(b) for b in header.get("bots") or []]
        info.cycle, info.round = int(meta.get("cycle", 0)), int(meta.get("round", 0))
        info.over = bool(meta.get("over", False))
        info.actions = int(header.get("action_count", 0))
        info.saved = float(meta.get("saved", info.saved))
        info.scores, info.winners = _ints(meta.get("scores")), _ints(meta.get("winners"))
        if "record_version" not in header:
            raise ValueError("not a version-2 header")
    except (OSError, ValueError, TypeError, AttributeError):
        info.readable = False
    info.locked = _held_elsewhere(game_id)
    return info


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
        state: GameState,
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
        record.meta = _summary(record, state, title)
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


def _new_id(record: GameRecord, title: str = "") -> str:
    names = title or "-".join(n for n in record.names if n) or "game"
    slug = _SLUG.sub("-", names.lower()).strip("-")[:40] or "game"
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{slug}"


def create_game(record: GameRecord, state: GameState, title: str = "") -> GameFile:
    """A new game file for ``record`` (never another game's file), open and locked."""
    base = _new_id(record, title)
    for number in range(1, 1000):
        game_id = base if number == 1 else f"{base}-{number}"
        if (games_dir() / f"{game_id}{SUFFIX}").exists():
            continue
        try:
            fd = _acquire(game_id, create=True)  # O_EXCL: the id is ours alone
        except FileExistsError:
            continue
        game = GameFile(game_id, fd)
        game.save(record, state, title)
        return game
    raise SaveError("could not find a free name for a new save")  # pragma: no cover


def save_copy(record: GameRecord, state: GameState, title: str) -> GameInfo:
    """Save a copy of the game so far as a separate game called ``title``."""
    title = " ".join(title.split())[:40]
    if not title:
        raise SaveError("the name of the copy is empty")
    from forum_trajanum.engine import GameRecord

    copy = GameRecord(
        seed=record.seed,
        options=record.options,
        actions=list(record.actions),
        names=list(record.names),
        bots=list(record.bots),
    )
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
    state: GameState
    lost: int = 0
    damaged_copy: Path | None = None


UNREADABLE = (
    "This saved game cannot be read: the file is damaged so early that not even the players "
    "and the game's options can be recovered. It can only be deleted."
)


def open_game(game_id: str) -> OpenedGame:
    """Lock and load the game ``game_id``. A save damaged part-way resumes at its last good
    action (the damaged file is kept beside it); raises :class:`SaveError` (with player words)
    when the game is open elsewhere, gone, or cannot be read at all."""
    flush()
    path = games_dir() / f"{game_id}{SUFFIX}"
    if "/" in game_id or "\\" in game_id or not path.exists():
        raise SaveError("This game is not saved any more (deleted in another window?).")
    from forum_trajanum.engine.record import read_record

    fd = _acquire(game_id)
    game = GameFile(game_id, fd)
    try:
        data = path.read_bytes()
        found = read_record(data)
        record = found.record
        state, good, problem = record.replay_valid()
    except (OSError, RecordError) as exc:
        game.close()
        log_problem(f"cannot read {path}: {exc}")
        raise SaveError(UNREADABLE) from exc
    lost = found.lost + len(record.actions) - good
    opened = OpenedGame(game, record, state, lost)
    if lost:
        log_problem(f"{path}: {found.problem or problem}; resumed after {good} actions")
        del record.actions[good:]
        try:
            opened.damaged_copy = _keep_damaged(path, data)
        except OSError as exc:  # the next save replaces the file: say so in the log at least
            log_problem(f"could not keep a copy of the damaged {path}: {exc}")
        try:
            game.save(record, state)
        except SaveError as exc:
            log_problem(f"could not write the repaired {path}: {exc}")
    return opened


def read_game(game_id: str) -> tuple[GameRecord, GameState]:
    """Read a saved game without opening it for play (no lock, nothing written); raises
    :class:`~forum_trajanum.engine.RecordError` for any damage."""
    flush()
    try:
        data = (games_dir() / f"{game_id}{SUFFIX}").read_bytes()
    except OSError as exc:
        raise SaveError(f"there is no saved game {game_id!r}") from exc
    from forum_trajanum.engine import GameRecord

    return GameRecord.load(data)


def _keep_damaged(path: Path, data: bytes) -> Path:
    target = path.with_name(path.name + ".damaged")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.damaged-{number}")
    write_atomic(target, data)
    return target


def delete_game(game_id: str) -> None:
    """Delete a saved game; raises :class:`GameLockedError` while it is open elsewhere."""
    flush()
    fd = _acquire(game_id)
    try:
        (games_dir() / f"{game_id}{SUFFIX}").unlink(missing_ok=True)
        _lock_path(game_id).unlink(missing_ok=True)
    finally:
        os.close(fd)


# --- saves of release 0.1.0 ---------------------------------------------------------------


def import_legacy() -> list[str]:
    """Turn the saves of release 0.1.0 (``autosave.json``, named saves) into games; the old
    files stay as ``*.json.v1``. Returns the ids of the games made."""
    root = save_dir()
    legacy = sorted(p for p in root.glob(f"*{SUFFIX}") if not p.name.startswith("."))
    if not legacy:
        return []
    made = []
    fd = os.open(root / ".import.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        # Two windows starting at once must not import a save twice: one waits for the other.
        if "fcntl" in globals():
            fcntl.flock(fd, fcntl.LOCK_EX)
        for path in legacy:
            try:
                if path.exists():
                    made.append(_import_one(path))
            except OSError as exc:  # left where it is; the next listing tries again
                log_problem(f"could not import the old save {path}: {exc}")
    finally:
        os.close(fd)
    return made


def _import_one(path: Path) -> str:
    from forum_trajanum.engine import GameRecord
    from forum_trajanum.engine.record import read_record

    data = path.read_bytes()
    title = "" if path.stem == "autosave" else path.stem
    saved = path.stat().st_mtime
    try:
        record = read_record(data).record
        state, good, _ = record.replay_valid()
        del record.actions[good:]
    except RecordError as exc:
        log_problem(f"importing {path}: {exc}")
        record = None
    game_id = _new_id(record or GameRecord(seed=0, options={}), title)
    game_id = time.strftime("%Y%m%d-%H%M%S", time.localtime(saved)) + game_id[15:]
    while (games_dir() / f"{game_id}{SUFFIX}").exists():
        game_id += "-1"
    target = games_dir() / f"{game_id}{SUFFIX}"
    if record is None:
        write_atomic(target, data)  # listed as a damaged save, to be deleted by the player
    else:
        record.meta = {**_summary(record, state, title), "created": saved, "saved": saved}
        write_atomic(target, record.to_json())
    path.rename(path.with_name(path.name + ".v1"))
    return game_id
