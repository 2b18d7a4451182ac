"""``forum-trajanum serve``: the app in a web browser, through textual-serve (the optional
"web" extra, :mod:`forum_trajanum.web`)."""

from __future__ import annotations

import sys


def main(argv: list[str], bot_delay: float | None = None) -> int:
    try:
        from forum_trajanum.web import main as serve_main
    except ImportError:
        print(
            "forum-trajanum serve needs textual-serve, which is not installed.\n"
            "Install it with:  pip install 'forum-trajanum[web]'",
            file=sys.stderr,
        )
        return 2
    return serve_main(argv)
