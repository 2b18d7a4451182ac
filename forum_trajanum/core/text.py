"""Text from outside the program made fit to show: a file's name, a player's name, a save's
title, a message that quotes any of them. People share save files, so such text may hold
escape sequences that retitle a terminal or fill its clipboard, bells, direction overrides,
bytes that are not UTF-8 (a file name, a command line) and lone surrogates (a JSON ``\\ud800``).

:func:`printable` is the one way such text reaches a screen, a log, stderr or an export: every
character that is not plain printable text is shown as a visible escape (``\\x1b``,
``\\u202e``), so nothing reaches the terminal but what the player reads, and nothing is hidden
either. :func:`encodable` says whether text can be written to a save (UTF-8)."""

from __future__ import annotations

import os

#: Characters that change how text around them is shown without being seen themselves: the
#: direction marks, embeddings, overrides and isolates (a name could be shown reversed).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Invisible format characters that are part of ordinary text (joiners in emoji and scripts).
_KEPT_FORMAT = frozenset("\u200c\u200d")


_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escaped(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (Python's surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def _shown(char: str) -> bool:
    if char.isprintable():  # letters, marks, numbers, punctuation, symbols and the space
        return char not in _BIDI
    return char in _KEPT_FORMAT


def printable(value: object, lines: bool = False) -> str:
    """``value`` (text, bytes, or a path of either) as plain printable text: control
    characters (C0 such as ESC and BEL, DEL, C1), direction overrides, line and paragraph
    separators and invisible format characters are shown as escapes (``\\x1b``, ``\\u202e``);
    a byte that is not UTF-8 (in bytes, or carried by a ``surrogateescape`` name) as
    ``\\xe9``; a lone surrogate as ``\\ud800``. With ``lines`` newlines are kept (a message
    of several lines, a traceback). Anything else is shown by its ``str``."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        value = bytes(value).decode("utf-8", "surrogateescape")
    elif not isinstance(value, str):
        value = str(value)
    if value.isprintable() and value.isascii():  # the usual case, at once
        return value
    return "".join(
        char if _shown(char) or (lines and char == "\n") else _escaped(char) for char in value
    )


def encodable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogate: a JSON ``"\\ud800"`` or a
    byte of a command line that was not UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
