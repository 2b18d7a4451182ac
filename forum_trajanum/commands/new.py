"""``forum-trajanum new --seats Ann,Bob,normal ...``: open the app straight into a new game."""

from __future__ import annotations

import argparse
import sys

from forum_trajanum.commands.common import (
    bot_delay_argument,
    error,
    game_argument,
    game_option_flags,
    options_given,
    seed,
)


def main(argv: list[str], bot_delay: float | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="forum-trajanum new",
        description="Start a new game at once, without the start menu. Each game has options "
        "of its own (below).",
    )
    game_argument(parser)
    parser.add_argument(
        "--seats",
        required=True,
        help="2-4 seats in turn order, separated by commas: a name for a person, or easy, "
        "normal, hard or expert for a bot (e.g. Ann,Bob,normal)",
    )
    parser.add_argument(
        "--coach",
        action="append",
        metavar="NAME",
        help="the first-game coach explains each new kind of decision to this player (name or "
        "seat number); may be repeated (default: every person who has not finished a game)",
    )
    parser.add_argument("--no-coach", action="store_true", help="no coach for anybody")
    parser.add_argument("--seed", type=seed, help="a whole number: the same seed, the same deal")
    bot_delay_argument(parser, bot_delay)
    per_game = game_option_flags(parser)
    args = parser.parse_args(argv)
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.tui.seats import SeatError, settings_from_seats

    options = options_given(args, per_game, "new")
    if options is None:
        return 2
    try:
        settings = settings_from_seats(
            args.seats,
            options,
            args.seed,
            coach=[] if args.no_coach else args.coach,
            game=args.game,
        )
    except SeatError as exc:
        error(f"forum-trajanum new: {exc}")
        return 2
    from forum_trajanum.tui.app import ForumApp, no_screens

    if not GAMES.get(args.game).has("ui"):
        print(f"forum-trajanum new: {no_screens(GAMES.get(args.game))}", file=sys.stderr)
        return 2

    app = ForumApp(bot_delay=args.bot_delay, new_game=settings)
    app.run()
    return app.return_code or 0
