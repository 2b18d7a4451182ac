"""Reading files that may be hostile: a save folder or a command line can name anything — a FIFO,
``/dev/zero``, a directory, a file of gigabytes, JSON nested a hundred thousand deep, numbers
like ``1e300`` or ``NaN``. Everything here either returns what a save can be, or raises
:class:`UnreadableFile` with a message in player words; it never hangs, never reads without
limit and never lets a ``RecursionError`` or ``MemoryError`` through."""

from __future__ import annotations

import json
import os
import re
import stat
import unicodedata
from itertools import accumulate, repeat
from pathlib import Path
from typing import Any, NoReturn

from forum_trajanum.core.errors import RecordError

#: The largest save file read (a whole game is some tens of kilobytes).
MAX_FILE = 4 * 1024 * 1024
#: The largest first line (a save's header) read to list a game.
MAX_HEADER = 64 * 1024
#: The deepest nesting of JSON a save may hold (its deepest part is about 4).
MAX_DEPTH = 16
#: The longest name kept for a player or a game.
MAX_NAME = 40


class UnreadableFile(RecordError):
    """A file that is not a readable save: not a regular file, too big, not JSON, nested too
    deep. The message is fit for a player."""


class NoPermission(UnreadableFile):
    """A file this user has no permission to read: it may be a whole save (it is no sign of
    damage)."""


class TooBig(UnreadableFile):
    """A file (or its first line) bigger than what is read of it."""


def read_limited(
    path: str | os.PathLike[str],
    limit: int = MAX_FILE,
    first_line: bool = False,
    what: str = "a saved game",
) -> bytes:
    """The bytes of the regular file ``path`` (its first line only with ``first_line``),
    refusing anything that is not a regular file or is bigger than ``limit`` (the messages
    name the file as ``what`` is expected to be).

    The file is opened without waiting (a FIFO with no writer does not block) and checked on
    the open descriptor, so a name swapped for something else meanwhile is caught too."""
    name = Path(path).name
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        raise UnreadableFile(f"{name} is a folder, not {what}") from None
    except FileNotFoundError:
        raise UnreadableFile(f"there is no file {name}") from None
    except PermissionError:
        raise NoPermission(f"there is no permission to read {name}") from None
    except OSError as exc:
        raise UnreadableFile(f"{name} cannot be opened: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(f"{name} is a folder, not {what}")
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(f"{name} is not a regular file (a device or a pipe?)")
        if info.st_size > limit and not first_line:
            raise TooBig(f"{name} is far too big for {what} ({info.st_size // 1024} KB)")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.readline(limit + 1) if first_line else handle.read(limit + 1)
    except PermissionError:
        raise NoPermission(f"there is no permission to read {name}") from None
    except OSError as exc:
        raise UnreadableFile(f"{name} cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise TooBig(f"{name} is far too big for {what}")
    return data


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number a save holds")


def load_json(data: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON that may be hostile: ``NaN`` / ``Infinity`` and numbers beyond a float's
    range are refused, nesting deeper than ``max_depth`` is refused (before parsing, so a
    file of brackets cannot exhaust the stack). Raises :class:`ValueError`."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError("not UTF-8 text") from exc
    if _too_deep(data, max_depth):
        raise ValueError(f"nested deeper than {max_depth}")
    try:
        return json.loads(data, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError as exc:  # pragma: no cover - _depth refuses deep nesting first
        raise ValueError("nested too deep") from exc


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is beyond any number a save holds")
    return value


#: Text outside brackets: what is no bracket and no quote, and whole strings (escapes
#: included). Possessive throughout: what was matched is never tried again, so each character
#: is looked at once, and a string that never ends stops the match at its opening quote after
#: one look to the end of the text.
_PLAIN = re.compile(r'(?:[^\[\]{}"]++|"(?:[^"\\]++|\\.)*+")*+', re.DOTALL)
#: Brackets and the numbers, commas and spaces between them, up to the next string.
_STRUCTURE = re.compile(r'[^"]*+')
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where ``pattern`` (one that matches the empty text too) stops matching from ``pos``."""
    found = pattern.match(text, pos)
    assert found is not None  # the pattern matches the empty text
    return found.end()


def _too_deep(text: str, max_depth: int) -> bool:
    """Whether brackets nest deeper than ``max_depth`` in JSON text (brackets inside strings
    do not count). One pass, linear in the text: it goes from string to string, each run of
    brackets between two strings summed up at once (a hostile file may be a string of
    megabytes, or megabytes of brackets, or of escaped quotes)."""
    depth = pos = 0
    end = len(text)
    while True:
        pos = _end(_PLAIN, text, pos)
        if pos == end or text[pos] == '"':
            # the end, or a string that never ends: that is no JSON, and the parser refuses
            # it there, before any bracket after it
            return False
        stop = _end(_STRUCTURE, text, pos)
        run = text[pos:stop]
        if max(accumulate(map(_STEP.get, run, repeat(0)), initial=depth)) > max_depth:
            return True
        depth += run.count("[") + run.count("{") - run.count("]") - run.count("}")
        pos = stop


def clean_name(text: object, limit: int = MAX_NAME) -> str:
    """A name safe to show in a terminal and to save: control characters (escape sequences,
    bells, direction overrides) and lone surrogates (which no file can hold: the next save
    would fail) removed, whitespace folded, at most ``limit`` characters; a value that is not
    text gives ""."""
    if not isinstance(text, str):
        return ""
    kept = []
    for char in text[: limit * 8]:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs") or (category == "Cf" and char != "\u200d"):
            kept.append(" " if char in "\t\n\r" else "")
        else:
            kept.append(char)
    return " ".join("".join(kept).split())[:limit].strip()


def name_and_bot(name: str, bot: str) -> str:
    """A seat's name with its bot level, said once: "Marcus (normal bot)", but "Normal bot"
    (a bot named after its level, as the new-game form names it) and "Normal bot 2" alone
    (QA: "Normal bot (normal bot)" in the games list, the replay and the export)."""
    if not bot:
        return name
    said = f"{bot} bot".lower()
    words = name.lower()
    if words == said or (words.startswith(said + " ") and words[len(said) + 1 :].isdigit()):
        return name
    return f"{name} ({bot} bot)"
