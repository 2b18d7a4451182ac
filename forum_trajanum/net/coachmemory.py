"""The first-game coach of a joined seat: its memory (whether it is on, which kinds of decision
and which words it has explained) lives in the joining user's own folder, not in the host's
save, which belongs to whoever runs the host.

One small JSON file in the user's save folder (:data:`FILE`) holds an entry per seat joined,
keyed by the digest of the seat's secret (never the secret); it keeps the newest
:data:`MOST` entries. A file that cannot be read or written costs only the memory (the coach
may explain a kind again): play goes on, and the problem log says why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from pydantic import ValidationError

from forum_trajanum.core import saves
from forum_trajanum.core.record import CoachMemory
from forum_trajanum.net.protocol import digest

#: The file, in the user's save folder (JSON, but not named ``*.json``: at the top of that
#: folder such a file is an old release's save, imported as a game).
FILE = "joined-coach.data"
#: The most seats remembered (the oldest are forgotten first).
MOST = 200
#: The most bytes the file is read to.
MAX_BYTES = 2 * 1024 * 1024


@dataclass
class JoinedMeta:
    """What a joined window keeps of the game's record for itself: the coach's memory (the
    attribute the coach reads and writes, as on a game record's ``meta``)."""

    coach: CoachMemory | None = None
    key: str = field(default="", repr=False)


def _read() -> dict:
    try:
        path = saves.save_dir() / FILE
        if not path.exists():
            return {}
        data = json.loads(path.read_bytes()[:MAX_BYTES])
    except (OSError, ValueError, saves.SaveError) as exc:
        saves.log_problem(f"the joined seats' coach memory cannot be read: {exc}")
        return {}
    return data if isinstance(data, dict) else {}


def load(secret: str, seat: int, name: str) -> JoinedMeta:
    """The coach's memory of the seat whose secret this is: as it was left, or, for a seat
    not joined before, on unless ``name`` has finished a game in this user's folder."""
    key = digest(secret)
    entry = _read().get(key)
    memory = None
    if isinstance(entry, dict):
        try:
            memory = CoachMemory.model_validate(entry)
        except ValidationError:
            memory = None
    if memory is None:
        from forum_trajanum.tui.coach import veterans

        first_game = name.strip().lower() not in veterans()
        memory = CoachMemory(on=[seat] if first_game else [])
    return JoinedMeta(coach=memory, key=key)


def store(meta: JoinedMeta) -> None:
    """Write the seat's memory (atomically) beside the others'."""
    if meta.coach is None or not meta.key:
        return
    data = _read()
    data.pop(meta.key, None)
    data[meta.key] = meta.coach.model_dump(mode="json")
    while len(data) > MOST:
        data.pop(next(iter(data)))
    try:
        saves.write_atomic(saves.save_dir() / FILE, json.dumps(data))
    except (OSError, saves.SaveError) as exc:
        saves.log_problem(f"the joined seats' coach memory cannot be written: {exc}")
