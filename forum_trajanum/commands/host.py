"""``forum-trajanum host --seats Ann,Bob,normal ...``: a game host for players each at their
own screen (:mod:`forum_trajanum.net`)."""

from __future__ import annotations

import argparse

from forum_trajanum.commands.common import (
    error,
    game_argument,
    game_option_flags,
    options_given,
    seed,
    whole,
)


def main(argv: list[str], bot_delay: float | None = None) -> int:
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
    game_argument(parser)
    parser.add_argument(
        "--seats",
        help="2-4 seats in turn order: a name for a person, or easy, "
        "normal, hard or expert for a bot (e.g. Ann,Bob,normal)",
    )
    parser.add_argument(
        "--tables",
        type=whole(1, MAX_TABLES, "--tables"),
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
        type=whole(0, 65535, "the port"),
        help=f"the port ({DEFAULT_PORT}; 0: any free port)",
    )
    parser.add_argument(
        "--max-connections",
        type=whole(1, 10_000, "--max-connections"),
        default=MAX_CONNECTIONS,
        metavar="N",
        help=f"the most connections at once that play no seat yet ({MAX_CONNECTIONS})",
    )
    parser.add_argument(
        "--max-games",
        dest="max_pages",
        type=whole(1, 100, "--max-games"),
        default=MAX_PAGES,
        metavar="N",
        help=f"the most seats played in browsers at once, each a process ({MAX_PAGES})",
    )
    parser.add_argument("--certfile", help="TLS: the certificate (PEM) for https/wss addresses")
    parser.add_argument("--keyfile", help="TLS: the certificate's private key (PEM)")
    parser.add_argument("--seed", type=seed, help="a whole number: the same seed, the same deal")
    per_game = game_option_flags(parser)
    args = parser.parse_args(argv)
    options = options_given(args, per_game, "host")
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
            error(f"forum-trajanum host: {exc}")
            return 2
        plan.names, plan.bots, plan.options = settings.names, settings.bots, settings.options
    try:
        return run(plan, out=lambda text: print(text, flush=True))
    except (PlanError, OSError) as exc:
        error(f"forum-trajanum host: {exc}")
        return 2
