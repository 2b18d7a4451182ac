"""A saved game's log as readable text or as JSON, for any game (the data of ``forum-trajanum
export FILE``: :mod:`forum_trajanum.commands.export` prints it).

What it shows follows the replay's rule: a finished game shows everything, the lines only the
acting player knew marked as secret then; an unfinished one only what an onlooker may know
(its players may still be playing it), and says so; ``--public`` limits a finished game to
that too. A game with an export of its own (``Game.modules["export"]``: a module with
``structure(found, public, problem) -> dict`` and ``to_text(dict) -> str``) writes its log its
way; any other game's is the core's (:mod:`forum_trajanum.core.gamelog`).

Everything written is printable: what a file or its players' names hold never reaches a
terminal as codes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from forum_trajanum.core import gamelog
from forum_trajanum.core.files import read_limited
from forum_trajanum.core.text import printable


def structure(
    path: str | Path, public: bool = False
) -> tuple[dict[str, Any], Callable[[dict[str, Any]], str]]:
    """The export of the save file ``path`` as plain data (its JSON form), and the function
    that writes it as text. Raises RecordError (player words) when the file cannot be read;
    a save damaged part-way gives its readable part, and says what was lost."""
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.record import read_record

    found = read_record(read_limited(path), GAMES)  # a pipe, a device, a huge file: in words
    game = GAMES.get(found.record.game)
    damage = f"the save is damaged: {found.damage()}" if found.damage() else ""
    if game.has("export"):
        own = game.load("export")
        data: dict[str, Any] = own.structure(found, public=public, problem=damage)
        return data, own.to_text
    return gamelog.structure(found.record, game, public=public, problem=damage), gamelog.to_text


def export(path: str | Path, fmt: str = "text", public: bool = False) -> str:
    """The export of the save file ``path`` in ``fmt`` ("text" or "json")."""
    data, to_text = structure(path, public)
    if fmt == "json":
        return to_json(data)
    return printable(to_text(data), lines=True)


def to_json(data: dict[str, Any]) -> str:
    """``data`` as JSON whose every character that is not printable text is written as
    JSON's own escape (the same value when read back)."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    return "".join(c if c.isprintable() or c == "\n" else json.dumps(c)[1:-1] for c in text) + "\n"


__all__ = ["export", "structure", "to_json"]
