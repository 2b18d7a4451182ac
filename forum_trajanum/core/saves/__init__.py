"""Saved games, on the core: a file per game (any registered game), written atomically after
every action by a writer thread, one window per game (an OS lock), the list of games read with
the limits of hostile input, damaged saves resumed at their last good action, saves of release
0.1.0 picked up as games, and the problem and crash logs.

- :mod:`~forum_trajanum.core.saves.paths`: where saves live, errors, logs, atomic writes;
- :mod:`~forum_trajanum.core.saves.lock`: the one-window-per-game lock;
- :mod:`~forum_trajanum.core.saves.writer`: the writer thread;
- :mod:`~forum_trajanum.core.saves.summary`: a save's app data (what the list shows);
- :mod:`~forum_trajanum.core.saves.listing`: the list of games, a copy under a name;
- :mod:`~forum_trajanum.core.saves.store`: creating, opening, reading, deleting;
- :mod:`~forum_trajanum.core.saves.legacy`: release 0.1.0's saves.
"""

from typing import TYPE_CHECKING, Any

from forum_trajanum.core.saves.legacy import import_legacy
from forum_trajanum.core.saves.listing import GameInfo, find_game, list_games, save_copy
from forum_trajanum.core.saves.lock import held_elsewhere
from forum_trajanum.core.saves.paths import (
    DAMAGED,
    LOG,
    NEWER,
    NO_PERMISSION,
    READ_ONLY,
    UNREADABLE,
    GameLockedError,
    SaveError,
    games_dir,
    log_crash,
    log_problem,
    save_dir,
    write_atomic,
)
from forum_trajanum.core.saves.summary import save_summary
from forum_trajanum.core.saves.writer import flush

if TYPE_CHECKING:
    from forum_trajanum.core.saves.store import (
        GameFile,
        OpenedGame,
        create_game,
        delete_game,
        open_game,
        read_game,
    )

#: Names of :mod:`~forum_trajanum.core.saves.store`, imported on first use: listing the games
#: (the start screen's "Continue") needs none of them, and the start screen's first frame
#: comes before they load.
_STORE = frozenset(
    ("GameFile", "OpenedGame", "create_game", "delete_game", "open_game", "read_game")
)


def __getattr__(name: str) -> Any:
    if name in _STORE:
        from forum_trajanum.core.saves import store

        value = getattr(store, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DAMAGED",
    "LOG",
    "NEWER",
    "NO_PERMISSION",
    "READ_ONLY",
    "UNREADABLE",
    "GameFile",
    "GameInfo",
    "GameLockedError",
    "OpenedGame",
    "SaveError",
    "create_game",
    "delete_game",
    "find_game",
    "flush",
    "games_dir",
    "held_elsewhere",
    "import_legacy",
    "list_games",
    "log_crash",
    "log_problem",
    "open_game",
    "read_game",
    "save_copy",
    "save_dir",
    "save_summary",
    "write_atomic",
]
