"""What the commands share: the bot delay, the seed, the game and its options on a command
line, whole-number arguments, and printing a message that may quote a file's or a player's
name (as printable text)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

#: How long a bot's move stays visible unless ``--bot-delay`` says.
BOT_DELAY = 0.5


def delay(text: str) -> float:
    """``--bot-delay``: seconds, a number from 0 to 10."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value <= 10:  # NaN and infinity fail this too
        raise argparse.ArgumentTypeError(
            f"the bot delay is a number of seconds from 0 to 10, not {text!r}"
        )
    return value


def error(text: object) -> None:
    """Print a message to stderr as printable text: it may quote a file's name or a player's,
    which never carry terminal codes to the terminal."""
    from forum_trajanum.core.text import printable

    print(printable(text, lines=True), file=sys.stderr)


def game_names() -> list[str]:
    from forum_trajanum.core.game import GAMES

    return GAMES.names()


def game_argument(parser: argparse.ArgumentParser) -> None:
    """``--game``, one of the registered games (the default game unless named)."""
    from forum_trajanum.games import DEFAULT_GAME

    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=game_names(),
        help=f"which game (default {DEFAULT_GAME})",
    )


def game_titles() -> str:
    """The registered games' names for players: "A and B", "A, B and C"."""
    from forum_trajanum.core.game import GAMES

    titles = [GAMES.title(name) for name in GAMES.names()]
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)


def seed(text: str) -> int:
    from forum_trajanum.core.seeds import seed_problem

    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None
    if seed_problem(seed):
        raise argparse.ArgumentTypeError(seed_problem(seed))
    return seed


def game_option_flags(parser: argparse.ArgumentParser) -> dict[str, list]:
    """Add every game's own options to ``new``'s command line, a group per game, from each
    game's options model (:func:`forum_trajanum.core.options.offered`). A flag two games
    offer alike is added once. Returns, per game, the options it offers."""
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.options import CHOICE, SEATS, offered

    added: dict[str, object] = {}
    per_game: dict[str, list] = {}
    for name in GAMES.names():
        options = per_game[name] = offered(GAMES.get(name).options)
        group = None
        for option in options:
            if option.flag in added:
                if added[option.flag] != option:
                    raise ValueError(f"{option.flag} means two things in two games")
                continue
            added[option.flag] = option
            if group is None:
                group = parser.add_argument_group(f"{GAMES.title(name)}'s options (--game {name})")
            # no default here: an option given is told from one not given (its game's own
            # default is taken then), so that an option of another game can be refused
            if option.kind == CHOICE:
                values = [value for value, _ in option.choices]
                group.add_argument(option.flag, type=option.choice, choices=values,
                                   dest=option.flag, help=option.description)  # fmt: skip
            elif option.kind == SEATS:
                group.add_argument(option.flag, action="append", metavar=option.metavar or None,
                                   dest=option.flag, help=option.description)  # fmt: skip
            else:
                group.add_argument(option.flag, action="store_const", const=True,
                                   dest=option.flag, help=option.description)  # fmt: skip
    return per_game


def options_given(args, per_game: dict[str, list], command: str) -> dict | None:
    """The options of ``args.game`` given on the command line, by name; None (said on
    stderr) when an option of another game was given."""
    from forum_trajanum.core.game import GAMES

    given = {option.flag: getattr(args, option.flag) for options in per_game.values()
             for option in options}  # fmt: skip
    own = {option.flag: option for option in per_game[args.game]}
    stray = [flag for flag, value in given.items() if value is not None and flag not in own]
    if stray:
        error(f"forum-trajanum {command}: {GAMES.title(args.game)} has no option {stray[0]} "
               f"(see forum-trajanum {command} --help).")  # fmt: skip
        return None
    return {option.name: given[flag] for flag, option in own.items() if given[flag] is not None}


def whole(low: int, high: int, what: str):
    """An argument type: a whole number from ``low`` to ``high`` (``what`` names it)."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{what} is a whole number from {low} to {high}, not {text!r}"
            )
        return value

    return read


def bot_delay_argument(parser: argparse.ArgumentParser, default: float | None) -> None:
    """``--bot-delay``; its default is the one given before the command (``forum-trajanum
    --bot-delay 0 new ...``), else :data:`BOT_DELAY`."""
    parser.add_argument(
        "--bot-delay",
        type=delay,
        default=BOT_DELAY if default is None else default,
        help="seconds a bot's move stays visible (0 to 10)",
    )


def quiet_stdout() -> None:
    """After a failed write to the standard output: send what is left to the null device (so
    that Python's own flush at exit cannot fail with a traceback)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no real stdout
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
