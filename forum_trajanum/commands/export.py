"""``forum-trajanum export FILE [--format text|json] [--public]``: print a saved game's log
(the log itself is the core's, :mod:`forum_trajanum.core.export`)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence

from forum_trajanum.commands.common import quiet_stdout
from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.export import export
from forum_trajanum.core.text import printable


def main(argv: Sequence[str] | None = None, bot_delay: float | None = None) -> int:
    """``forum-trajanum export FILE [--format text|json] [--public]``."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum export",
        description="Print a readable log of a saved game: every action, each scoring, the "
        "ranking. A finished game shows everything; an unfinished one only what an onlooker "
        "may know.",
    )
    parser.add_argument("file", help="a save file (e.g. games/NAME.json, or a simulate record)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--public", action="store_true", help="only what an onlooker may know, even when finished"
    )
    args = parser.parse_args(argv)
    try:
        text = export(args.file, args.format, args.public)
    except RecordError as exc:
        print(f"forum-trajanum export: {printable(exc, lines=True)}", file=sys.stderr)
        return 1
    return write_out(text)


def write_out(text: str) -> int:
    """Print ``text`` on the standard output; the exit status. An output that cannot take it
    (a full disk, a closed pipe) gets a message on stderr and status 1, never a traceback;
    a character the output's encoding lacks is written as an escape."""
    try:
        with contextlib.suppress(AttributeError, ValueError):  # a replaced sys.stdout
            # TextIO declares no reconfigure; a stream without one raises, suppressed
            sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as exc:
        quiet_stdout()
        if not isinstance(exc, BrokenPipeError):  # `export FILE | head`: the reader is done
            print(
                f"forum-trajanum export: cannot write the log: {exc.strerror or exc}",
                file=sys.stderr,
            )
        return 1
    return 0
