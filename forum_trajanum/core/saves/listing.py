"""What the list of games shows: each save's header, read with the limits of hostile input
(a damaged or foreign file is listed as a damaged save, never an error)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.files import (
    MAX_HEADER,
    NoPermission,
    TooBig,
    load_json,
    name_and_bot,
    read_limited,
)
from forum_trajanum.core.saves.lock import held_elsewhere
from forum_trajanum.core.saves.paths import (
    DAMAGED,
    NEWER,
    NO_PERMISSION,
    SUFFIX,
    UNREADABLE,
    SaveError,
    games_dir,
    newer_release,
    no_permission,
    read_only,
)
from forum_trajanum.core.saves.writer import flush

if TYPE_CHECKING:
    from forum_trajanum.core.record import GameRecordBase as GameRecord


@dataclass
class GameInfo:
    """One saved game as the list of games shows it (read from the file's header)."""

    id: str
    path: Path
    #: the registered name of its game, as the file says
    game: str = ""
    title: str = ""
    names: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    #: where the game stands in words ("cycle II, round 3"), as the game said when it was saved
    where: str = ""
    #: where play stood as the game's period (``Game.period``: (cycle, round), (quarter,
    #: round)), for a save made before the game said it in words
    period: tuple[int, int] = (0, 0)
    over: bool = False
    actions: int = 0
    saved: float = 0.0  # seconds since the epoch
    #: whether this release can open it; when not, ``problem`` says why in words
    readable: bool = True
    #: "" (it can be opened), DAMAGED (it can only be deleted), NEWER (a newer release made
    #: it) or NO_PERMISSION (this user may not read its file): the last two are no damage
    problem: str = ""
    locked: bool = False  # open in another window
    read_only: bool = False  # its file is read-only: it can be replayed, not played on
    scores: list[int] = field(default_factory=list)  # per seat, when last saved
    winners: list[int] = field(default_factory=list)  # seats of the first place (finished)

    def seats(self) -> str:
        """``Livia, Marcus (normal bot)``."""
        return ", ".join(
            name_and_bot(name, bot)
            for name, bot in zip(self.names, self.bots + [""] * len(self.names), strict=False)
        )

    def label(self) -> str:
        """The game's name: its title, or its seats."""
        return self.title or self.seats() or self.id

    def stage(self) -> str:
        """Where the game stands, in words."""
        if not self.readable:
            return self.problem or DAMAGED
        if self.over:
            return "finished"
        if self.where:
            return self.where
        if self.period[0] <= 0:
            return "setting up"
        from forum_trajanum.core.game import GAMES

        words = GAMES.get(self.game).period_name(self.period)  # "Cycle II, round 3"
        return words[:1].lower() + words[1:]

    def why_not_opened(self) -> str:
        """Why this game cannot be opened, in player words ("" when it can)."""
        if self.readable:
            return ""
        if self.problem == NO_PERMISSION:
            return no_permission(self.path.parent)
        if self.problem == NEWER:
            return newer_release()
        return UNREADABLE + " Delete it in the list of games (Continue a game, then d)."

    def game_title(self) -> str:
        """The game's name for players ("Trajan"), without loading the game."""
        from forum_trajanum.core.game import GAMES

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


def _header_of(path: Path) -> dict[str, Any] | None:
    """The header line of a save file, parsed with the limits of hostile input; None when the
    file has no header line but may be a save of version 1 (one JSON object: its first line
    begins with a brace, or is longer than any header). Raises :class:`UnreadableFile` or
    :class:`ValueError`."""
    try:
        line = read_limited(path, MAX_HEADER, first_line=True)
    except TooBig:
        return None
    try:
        header = load_json(line)
    except ValueError:
        header = None
    if isinstance(header, dict) and "record_version" in header:
        return header
    if line.lstrip().startswith(b"{"):
        return None
    raise ValueError("the first line is not a header")


def info_of(path: Path) -> GameInfo:
    """What the list shows of one save file; any problem makes it a damaged save (listed, to
    be deleted), a save of a newer release or one this user may not read (listed as such),
    never an error. The header is checked as opening the game would check it (its seed,
    options and seats: a save listed as healthy does not fail on open for its header), without
    reading the actions; a save of version 1 (no header line) is read whole, as opening it
    reads it."""
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.record import (
        FIRST_GAME,
        RECORD_VERSION,
        SaveMeta,
        _name,
        read_header,
    )

    game_id = path.name[: -len(SUFFIX)]
    info = GameInfo(game_id, path)
    try:
        info.saved = path.lstat().st_mtime
        header = _header_of(path)
    except NoPermission:
        info.readable, info.problem = False, NO_PERMISSION
        return _state_of_file(info)
    except (OSError, ValueError, TypeError, RecordError, RecursionError):
        _damaged(info)
        return _state_of_file(info)
    if header is None:  # a save of version 1 is read whole, as opening it reads it
        return _whole_file_info(info)
    try:
        version = header.get("record_version")
        if type(version) is not int:
            raise ValueError("not a version-2 header")
        game = header.get("game", FIRST_GAME)
        if not isinstance(game, str) or len(game) > 40:
            raise ValueError("no game named")
        if game in GAMES and version <= RECORD_VERSION:
            record = read_header(header, GAMES)
            game, meta, names, bots = record.game, record.meta, record.names, record.bots
        else:  # a game or a file version of a newer release: listed by its seats, as such
            data = header.get("meta")
            meta = SaveMeta.model_validate(data if isinstance(data, dict) else {})
            names = [_name(n) for n in _list(header.get("names"))]
            bots = [_name(b) for b in _list(header.get("bots"))]
            info.readable, info.problem = False, NEWER
        info.game, info.names, info.bots = game, list(names), list(bots)
        info.title, info.where = meta.title, meta.stage
        info.period, info.over = (meta.cycle, meta.round), meta.over
        count = header.get("action_count", 0)
        info.actions = count if type(count) is int and count >= 0 else 0
        info.saved = meta.saved if meta.saved is not None else info.saved
        info.scores, info.winners = list(meta.scores), list(meta.winners)
    except (OSError, ValueError, TypeError, RecordError, RecursionError):
        _damaged(info)
    return _state_of_file(info)


def _damaged(info: GameInfo) -> None:
    info.readable, info.problem = False, DAMAGED
    info.names, info.bots, info.title = [], [], ""


def _state_of_file(info: GameInfo) -> GameInfo:
    """The game as listed, with whether it is open elsewhere and whether it is read-only."""
    info.locked = held_elsewhere(info.id)
    info.read_only = info.readable and read_only(info.path)
    return info


def _whole_file_info(info: GameInfo) -> GameInfo:
    """A save without a header line, read whole (within the limits of hostile input): a save of
    version 1 is listed as the game it is (opening it opens it), anything else as damaged."""
    from forum_trajanum.core.saves.store import read_record

    try:
        data = read_limited(info.path)
        if not data.lstrip().startswith(b"{"):
            raise ValueError("not a JSON object")
        record = read_record(data).record
    except NoPermission:  # pragma: no cover - the header line was read a moment ago
        info.readable, info.problem = False, NO_PERMISSION
        return _state_of_file(info)
    except (OSError, ValueError, TypeError, RecordError, RecursionError):
        _damaged(info)
        return _state_of_file(info)
    meta, count = record.meta, len(record.actions)
    info.game, info.names, info.bots = record.game, list(record.names), list(record.bots)
    info.title, info.over, info.actions = meta.title, meta.over, count
    info.where = meta.stage or (f"{count} actions played" if count else "")
    info.saved = meta.saved if meta.saved is not None else info.saved
    return _state_of_file(info)


def _list(value: object) -> list[Any]:
    if not isinstance(value, list) or len(value) > 8:
        raise ValueError("not a list of seats")
    return value


def list_games(finished: bool | None = False) -> list[GameInfo]:
    """The saved games, the most recently played first: unfinished ones (``finished=False``,
    damaged saves included so that they can be deleted), finished ones (``True``) or all
    (``None``)."""
    from forum_trajanum.core.saves.legacy import import_legacy

    flush()
    import_legacy()
    games = [info_of(p) for p in _save_files(games_dir())]

    if finished is not None:
        games = [g for g in games if g.over == finished]
    return sorted(games, key=lambda g: (g.saved, g.id), reverse=True)


def _save_files(folder: Path) -> list[Path]:
    """The save files in ``folder`` (names ending ``.json``, not hidden); :class:`SaveError`
    in player words when the folder cannot be read (it is never taken for an empty one)."""
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries if e.name.endswith(SUFFIX)]
    except PermissionError:
        raise SaveError(
            f"The games folder {folder} cannot be read: there is no permission to read it."
        ) from None
    except OSError as exc:
        raise SaveError(
            f"The games folder {folder} cannot be read: {exc.strerror or exc}."
        ) from None
    return [folder / name for name in names if not name.startswith(".")]


def find_game(name: str | None) -> GameInfo:
    """The unfinished game called ``name`` (its id or title; a unique part of its id, title or
    seat names will do), or the most recently played one that can be opened when ``name`` is
    None (the most recently played one when none can)."""
    games = list_games(finished=False)
    if not games:
        raise SaveError("There is no unfinished game to continue.")
    if name is None:
        return next((g for g in games if g.readable), games[0])
    wanted = name.strip().lower()
    tests: tuple[Callable[[GameInfo], bool], ...] = (
        lambda g: wanted in (g.id.lower(), g.title.lower()),
        lambda g: wanted in f"{g.id} {g.title} {g.seats()}".lower(),
    )
    for test in tests:
        found = [g for g in games if test(g)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise SaveError(
                f"{len(found)} games match {name!r}: "
                + "; ".join(f"{g.id} ({g.label()})" for g in found)
            )
    raise SaveError(f"There is no unfinished game called {name!r}.")


def save_copy(record: GameRecord, state: object, title: str) -> GameInfo:
    """Save a copy of the game so far as a separate game called ``title``."""
    from forum_trajanum.core.files import clean_name
    from forum_trajanum.core.record import SaveMeta

    title = clean_name(title)
    if not title:
        raise SaveError("the name of the copy is empty")
    copy = record.model_copy(update={"actions": list(record.actions), "meta": SaveMeta()})
    from forum_trajanum.core.saves.store import create_game

    game = create_game(copy, state, title)
    game.close()
    return info_of(game.path)
