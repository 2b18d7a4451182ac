"""``forum-trajanum replay FILE``: step through a saved game in the replay viewer."""

from __future__ import annotations

import argparse

from forum_trajanum.commands.common import error


def parser() -> argparse.ArgumentParser:
    """The ``replay`` command line."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum replay",
        description="Step through a saved game (a save file or a simulate record): by action, "
        "turn and round, forwards and backwards. A finished game shows everything; an "
        "unfinished one only what an onlooker may know.",
    )
    parser.add_argument("file", help="the save file (e.g. games/NAME.json)")
    return parser


def main(argv: list[str], bot_delay: float | None = None) -> int:
    args = parser().parse_args(argv)
    from forum_trajanum.core.errors import RecordError
    from forum_trajanum.tui.replayapp import ReplayApp, replay_screen_for

    try:
        screen = replay_screen_for(args.file)
    except RecordError as exc:
        error(f"forum-trajanum replay: {exc}")
        return 1
    app = ReplayApp(screen)
    app.run()
    return app.return_code or 0
