"""The ``forum-trajanum`` command line: the app, or one of its commands, each a module of this
package with ``main(argv, bot_delay) -> int`` (its own parser, its own ``--help``).

``forum-trajanum [--bot-delay S] [--version] [COMMAND ...]``: the options before a command are
the program's (a ``--bot-delay`` there is the command's default); everything after the command
is the command's own, ``--help`` included. A command not known is answered with the nearest
one ("did you mean new?"). Only the chosen command's module is imported (start-up time).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """A command: its module in this package and its line in ``forum-trajanum --help``."""

    module: str
    line: str


#: Every command, in the order ``--help`` lists them.
COMMANDS: dict[str, Command] = {
    "new": Command("new", "start a game at once: new --seats Ann,Bob,normal [--game NAME]"),
    "continue": Command("resume", "resume a saved game: the most recent, or the one named"),
    "replay": Command("replay", "step through a saved game, forwards and backwards"),
    "export": Command("export", "print a saved game's log, as text or JSON"),
    "simulate": Command("simulate", "play bot games and print how each level did"),
    "serve": Command("serve", "serve the app in a web browser"),
    "host": Command("host", "host a game for players each at their own screen"),
    "join": Command("join", "play your seat of a hosted game: join ADDRESS"),
}

#: The program's own options that take a value (the rest are flags).
_VALUED = ("--bot-delay",)


def _split(argv: list[str]) -> tuple[list[str], str | None, list[str]]:
    """(the program's options, the command or None, the command's arguments)."""
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            return argv[:i], None, argv[i + 1 :]
        if not word.startswith("-") or word == "-":
            return argv[:i], word, argv[i + 1 :]
        i += 2 if word in _VALUED else 1
    return argv, None, []


def parser() -> argparse.ArgumentParser:
    """The program's own command line (its ``--help`` lists the commands, a line each)."""
    from forum_trajanum.commands.common import BOT_DELAY, delay, game_titles

    parser = argparse.ArgumentParser(
        prog="forum-trajanum",
        description=f"Stefan Feld's board games {game_titles()} in the terminal, for 2-4 "
        "players at one keyboard or against bots. Without a command: the start menu.",
        epilog="Each command has its own help: forum-trajanum COMMAND --help.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--bot-delay",
        type=delay,
        default=None,  # None: not given (a command then has its own default)
        help=f"seconds a bot's move stays visible (0 to 10, default {BOT_DELAY}; before a "
        "command: its default)",
    )
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name, command in COMMANDS.items():
        commands.add_parser(name, help=command.line, add_help=False)
    return parser


def unknown(name: str) -> str:
    """What the program says of a command it does not know: the nearest ones, if any."""
    from forum_trajanum.core.text import printable

    near = difflib.get_close_matches(name, COMMANDS, n=2, cutoff=0.5)
    said = f"forum-trajanum: there is no command {printable(name)!r}"
    if near:
        said += f"; did you mean {' or '.join(near)}?"
    return said + f" (the commands: {', '.join(COMMANDS)}; forum-trajanum --help says more)"


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``forum-trajanum`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    own, name, rest = _split(argv)
    if name is not None and name not in COMMANDS:
        print(unknown(name), file=sys.stderr)
        return 2
    args = parser().parse_args(own)
    if args.version:
        from forum_trajanum import __version__

        print(__version__)
        return 0
    if name is not None:
        module = importlib.import_module(f"forum_trajanum.commands.{COMMANDS[name].module}")
        return module.main(rest, args.bot_delay)
    from forum_trajanum.commands.common import BOT_DELAY
    from forum_trajanum.tui.app import ForumApp

    app = ForumApp(bot_delay=BOT_DELAY if args.bot_delay is None else args.bot_delay)
    app.run()
    return app.return_code or 0
