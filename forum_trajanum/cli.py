"""The ``forum-trajanum`` command.

``forum-trajanum`` opens the terminal app; ``forum-trajanum new --seats Ann,Bob,normal``
opens it straight into a new game; ``forum-trajanum continue [NAME]`` resumes a saved game
directly; ``forum-trajanum simulate ...`` runs bot games (:mod:`forum_trajanum.simulate`);
``forum-trajanum serve`` serves the app in a web browser through textual-serve (the optional
"web" extra, :mod:`forum_trajanum.web`); ``forum-trajanum replay FILE`` steps through a saved
game; ``forum-trajanum export FILE`` prints its log (:mod:`forum_trajanum.core.export`);
``--version`` prints the version.
"""

from __future__ import annotations

import argparse
import sys


def _serve(argv: list[str]) -> int:
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


def _delay(text: str) -> float:
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


def _error(text: object) -> None:
    """Print a message to stderr as printable text: it may quote a file's name or a player's,
    which never carry terminal codes to the terminal."""
    from forum_trajanum.core.text import printable

    print(printable(text, lines=True), file=sys.stderr)


def _bot_delay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bot-delay",
        type=_delay,
        default=0.5,
        help="seconds a bot's move stays visible (0 to 10)",
    )


def _continue(argv: list[str]) -> int:
    """``forum-trajanum continue [NAME]``: open a saved game straight away."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum continue",
        description="Resume a saved game: the most recently played one, or the one named "
        "(its id, its name, or a part of it or of its players' names that fits one game).",
    )
    parser.add_argument("name", nargs="?", help="which game (default: the most recent)")
    _bot_delay(parser)
    args = parser.parse_args(argv)
    from forum_trajanum.core import saves

    try:
        game = saves.find_game(args.name)
    except saves.SaveError as exc:
        _error(f"forum-trajanum: {exc}")
        try:
            games = saves.list_games()[:10]
        except (OSError, saves.SaveError):
            games = []
        for info in games:
            _error(f"  {info.id}  {info.game_title()}: {info.label()}, {info.stage()}")
        return 1
    if not game.readable:  # said here, in the terminal, as opening it would say it
        _error(f"forum-trajanum: {game.why_not_opened()}")
        return 1
    from forum_trajanum.tui.app import ForumApp

    app = ForumApp(bot_delay=args.bot_delay, open_game=game.id)
    app.run()
    return app.return_code or 0


def _simulate(argv: list[str]) -> int:
    try:
        from forum_trajanum.simulate import main as simulate_main
    except ImportError:
        print("forum-trajanum simulate is not available in this installation.", file=sys.stderr)
        return 2
    result = simulate_main(argv)
    return result if isinstance(result, int) else 0


def _game_names() -> list[str]:
    from forum_trajanum.core.game import GAMES

    return GAMES.names()


def _game_argument(parser: argparse.ArgumentParser) -> None:
    """``--game``, one of the registered games (the default game unless named)."""
    from forum_trajanum.games import DEFAULT_GAME

    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=_game_names(),
        help=f"which game (default {DEFAULT_GAME})",
    )


def _game_titles() -> str:
    """The registered games' names for players: "A and B", "A, B and C"."""
    from forum_trajanum.core.game import GAMES

    titles = [GAMES.title(name) for name in GAMES.names()]
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)


def _seed(text: str) -> int:
    from forum_trajanum.core.seeds import seed_problem

    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None
    if seed_problem(seed):
        raise argparse.ArgumentTypeError(seed_problem(seed))
    return seed


def _game_option_flags(parser: argparse.ArgumentParser) -> dict[str, list]:
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


def _options_given(args, per_game: dict[str, list], command: str) -> dict | None:
    """The options of ``args.game`` given on the command line, by name; None (said on
    stderr) when an option of another game was given."""
    from forum_trajanum.core.game import GAMES

    given = {option.flag: getattr(args, option.flag) for options in per_game.values()
             for option in options}  # fmt: skip
    own = {option.flag: option for option in per_game[args.game]}
    stray = [flag for flag, value in given.items() if value is not None and flag not in own]
    if stray:
        _error(f"forum-trajanum {command}: {GAMES.title(args.game)} has no option {stray[0]} "
               f"(see forum-trajanum {command} --help).")  # fmt: skip
        return None
    return {option.name: given[flag] for flag, option in own.items() if given[flag] is not None}


def _whole(low: int, high: int, what: str):
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


def _host(argv: list[str]) -> int:
    """``forum-trajanum host --seats Ann,Bob,normal ...``: a game host for players on their
    own screens (:mod:`forum_trajanum.net`)."""
    from forum_trajanum.net.host import MAX_CONNECTIONS, MAX_PAGES, HostPlan, PlanError, run
    from forum_trajanum.net.protocol import DEFAULT_PORT, MAX_TABLES

    parser = argparse.ArgumentParser(
        prog="forum-trajanum host",
        description="Host games for players each at their own screen: prints one address per "
        "person, which they open with `forum-trajanum join ADDRESS` or in a browser; bots play "
        "on the host. "
        "Listens on this machine only (127.0.0.1) unless --host says otherwise: --host "
        "0.0.0.0 lets anyone who can reach this machine connect (only a seat's address plays "
        "that seat).",
    )
    _game_argument(parser)
    parser.add_argument(
        "--seats",
        help="2-4 seats in turn order: a name for a person, or easy, "
        "normal, hard or expert for a bot (e.g. Ann,Bob,normal)",
    )
    parser.add_argument(
        "--tables",
        type=_whole(1, MAX_TABLES, "--tables"),
        default=1,
        help="how many games of these seats at once (1)",
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="append",
        default=[],
        metavar="NAME",
        help="resume a saved game on the host, its addresses as before (may be repeated)",
    )
    parser.add_argument(
        "--new-address",
        dest="new_address",
        action="append",
        default=[],
        metavar="NAME",
        help="with --continue: a new address for NAME's seat (one that was lost); the old "
        "one opens nothing from then on (may be repeated)",
    )
    parser.add_argument(
        "--play", metavar="NAME", help="this terminal plays NAME's seat (the host runs meanwhile)"
    )
    parser.add_argument(
        "--host", dest="bind", metavar="ADDRESS", help="the address to listen on (127.0.0.1)"
    )
    parser.add_argument(
        "--public-address",
        metavar="NAME",
        help="the name or address other machines reach this host by (a router's public "
        "address, a DNS name), printed in the seats' addresses (bound to 0.0.0.0: each of "
        "this machine's own addresses)",
    )
    parser.add_argument(
        "--port",
        type=_whole(0, 65535, "the port"),
        help=f"the port ({DEFAULT_PORT}; 0: any free port)",
    )
    parser.add_argument(
        "--max-connections",
        type=_whole(1, 10_000, "--max-connections"),
        default=MAX_CONNECTIONS,
        metavar="N",
        help=f"the most connections at once that play no seat yet ({MAX_CONNECTIONS})",
    )
    parser.add_argument(
        "--max-games",
        dest="max_pages",
        type=_whole(1, 100, "--max-games"),
        default=MAX_PAGES,
        metavar="N",
        help=f"the most seats played in browsers at once, each a process ({MAX_PAGES})",
    )
    parser.add_argument("--certfile", help="TLS: the certificate (PEM) for https/wss addresses")
    parser.add_argument("--keyfile", help="TLS: the certificate's private key (PEM)")
    parser.add_argument("--seed", type=_seed, help="a whole number: the same seed, the same deal")
    per_game = _game_option_flags(parser)
    args = parser.parse_args(argv)
    options = _options_given(args, per_game, "host")
    if options is None:
        return 2
    plan = HostPlan(
        game=args.game,
        options=options,
        seed=args.seed,
        tables=args.tables,
        resume=args.resume,
        new_address=args.new_address,
        bind=args.bind,
        public_address=args.public_address,
        port=args.port,
        certfile=args.certfile,
        keyfile=args.keyfile,
        max_connections=args.max_connections,
        max_pages=args.max_pages,
        play=args.play,
    )
    if args.seats:
        from forum_trajanum.tui.seats import SeatError, settings_from_seats

        try:
            settings = settings_from_seats(args.seats, options, args.seed, coach=[], game=args.game)
        except SeatError as exc:
            _error(f"forum-trajanum host: {exc}")
            return 2
        plan.names, plan.bots, plan.options = settings.names, settings.bots, settings.options
    try:
        return run(plan, out=lambda text: print(text, flush=True))
    except (PlanError, OSError) as exc:
        _error(f"forum-trajanum host: {exc}")
        return 2


def _join(argv: list[str]) -> int:
    """``forum-trajanum join ADDRESS``: play one's seat of a hosted game in this terminal."""
    from forum_trajanum.net.join import main as join_main

    return join_main(argv)


def _new(argv: list[str]) -> int:
    """``forum-trajanum new --seats Ann,Bob,normal ...``: open the app straight into a game."""

    parser = argparse.ArgumentParser(
        prog="forum-trajanum new",
        description="Start a new game at once, without the start menu. Each game has options "
        "of its own (below).",
    )
    _game_argument(parser)
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
    parser.add_argument("--seed", type=_seed, help="a whole number: the same seed, the same deal")
    _bot_delay(parser)
    per_game = _game_option_flags(parser)
    args = parser.parse_args(argv)
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.tui.seats import SeatError, settings_from_seats

    options = _options_given(args, per_game, "new")
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
        _error(f"forum-trajanum new: {exc}")
        return 2
    from forum_trajanum.tui.app import ForumApp, no_screens

    if not GAMES.get(args.game).has("ui"):
        print(f"forum-trajanum new: {no_screens(GAMES.get(args.game))}", file=sys.stderr)
        return 2

    app = ForumApp(bot_delay=args.bot_delay, new_game=settings)
    app.run()
    return app.return_code or 0


def _export(argv: list[str]) -> int:
    from forum_trajanum.core.export import main as export_main

    return export_main(argv)


def replay_parser() -> argparse.ArgumentParser:
    """The ``replay`` command line."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum replay",
        description="Step through a saved game (a save file or a simulate record): by action, "
        "turn and round, forwards and backwards. A finished game shows everything; an "
        "unfinished one only what an onlooker may know.",
    )
    parser.add_argument("file", help="the save file (e.g. games/NAME.json)")
    return parser


def _replay(argv: list[str]) -> int:
    """``forum-trajanum replay FILE``: open the replay viewer on a save file."""
    args = replay_parser().parse_args(argv)
    from forum_trajanum.core.errors import RecordError
    from forum_trajanum.tui.replayapp import ReplayApp, replay_screen_for

    try:
        screen = replay_screen_for(args.file)
    except RecordError as exc:
        _error(f"forum-trajanum replay: {exc}")
        return 1
    app = ReplayApp(screen)
    app.run()
    return app.return_code or 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``forum-trajanum`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "simulate":
        return _simulate(argv[1:])
    if argv and argv[0] == "serve":
        return _serve(argv[1:])
    if argv and argv[0] == "continue":
        return _continue(argv[1:])
    if argv and argv[0] == "new":
        return _new(argv[1:])
    if argv and argv[0] == "replay":
        return _replay(argv[1:])
    if argv and argv[0] == "export":
        return _export(argv[1:])
    if argv and argv[0] == "host":
        return _host(argv[1:])
    if argv and argv[0] == "join":
        return _join(argv[1:])
    parser = argparse.ArgumentParser(
        prog="forum-trajanum",
        description=f"Stefan Feld's board games {_game_titles()} in the terminal, for 2-4 "
        "players at one keyboard or against bots. Subcommands: new (start a game at once: "
        "new --seats Ann,Bob,normal; new --game NAME for another game than the first: "
        f"{', '.join(_game_names())}), continue [NAME] (resume a saved game), replay FILE "
        "(step through a game), export FILE (a game's log), simulate (bot games), serve (in "
        "a web browser), host (a game for players each at their own screen: host --seats "
        "Ann,Bob,normal), join ADDRESS (play one's seat of a hosted game).",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    _bot_delay(parser)
    args = parser.parse_args(argv)
    if args.version:
        from forum_trajanum import __version__

        print(__version__)
        return 0
    from forum_trajanum.tui.app import ForumApp

    app = ForumApp(bot_delay=args.bot_delay)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
