"""``forum-trajanum continue [NAME]``: open a saved game straight away."""

from __future__ import annotations

import argparse

from forum_trajanum.commands.common import bot_delay_argument, error


def main(argv: list[str], bot_delay: float | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="forum-trajanum continue",
        description="Resume a saved game: the most recently played one, or the one named "
        "(its id, its name, or a part of it or of its players' names that fits one game).",
    )
    parser.add_argument("name", nargs="?", help="which game (default: the most recent)")
    bot_delay_argument(parser, bot_delay)
    args = parser.parse_args(argv)
    from forum_trajanum.core import saves

    try:
        game = saves.find_game(args.name)
    except saves.SaveError as exc:
        error(f"forum-trajanum: {exc}")
        try:
            games = saves.list_games()[:10]
        except (OSError, saves.SaveError):
            games = []
        for info in games:
            error(f"  {info.id}  {info.game_title()}: {info.label()}, {info.stage()}")
        return 1
    if not game.readable:  # said here, in the terminal, as opening it would say it
        error(f"forum-trajanum: {game.why_not_opened()}")
        return 1
    from forum_trajanum.tui.app import ForumApp

    app = ForumApp(bot_delay=args.bot_delay, open_game=game.id)
    app.run()
    return app.return_code or 0
