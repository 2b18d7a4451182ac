"""``forum-trajanum simulate --players easy,normal --games 200`` (``--game trajan`` for
Trajan): bot games, and the table of how each level did. The games and the summary are the
core's (:mod:`forum_trajanum.core.simulate`, data); this command reads the arguments, shows
the progress bar and prints the table.

Every argument is checked before the first game (a number out of range, a seed whose games'
seeds a record cannot hold, a --json file or --records folder that cannot be written): a
sentence and status 2, never a traceback. A summary that cannot be written after the run (a
full disk) is a sentence and status 1.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from forum_trajanum.commands.common import quiet_stdout
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.simulate import (
    MAX_GAMES,
    MAX_ITERATIONS,
    SEED_BITS,
    SEED_STRIDE,
    max_jobs,
    reason,
    run,
    unwritable,
    unwritable_folder,
    write_summary,
)
from forum_trajanum.core.text import printable
from forum_trajanum.games import DEFAULT_GAME

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


def _console(stderr: bool = False) -> Console:
    import shutil

    from rich.console import Console

    width = max(shutil.get_terminal_size((140, 24)).columns, 140)
    return Console(stderr=stderr, width=width)


@contextlib.contextmanager
def _bar(games: int, shown: bool) -> Iterator[Callable[[], None] | None]:
    """The progress bar on stderr while the games are played; what advances it (None when
    it is not shown)."""
    if not shown:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=_console(stderr=True),
    ) as bar:
        task = bar.add_task("games", total=games)
        yield lambda: bar.advance(task)


def render_table(summary: dict[str, Any]) -> Table:
    """The summary as a rich Table. Its cells never wrap nor shrink: a number cut to fit
    ("21%-1…") would be a wrong number (:func:`print_table` widens the console instead)."""
    from rich.table import Table

    played = f"{summary['games']}"
    if summary.get("combined"):
        played += f" (games {summary['game_numbers']}; {len(summary['combined'])} summaries)"
    elif summary.get("first_game"):
        played += f" (from game {summary['first_game'] + 1})"
    if summary.get("interrupted"):
        played += f" of {summary.get('planned_games')} (interrupted)"
    table = Table(
        caption=(
            "score: mean, standard deviation, 10th percentile and median; points columns: "
            "mean points per category; think: milliseconds per decision (mean, median, max)"
        ),
        title=(
            f"{GAMES.title(summary['game'])}: {played} games, players "
            f"{','.join(summary['players'])}, seed {summary['seed']} (mean winning score "
            f"{summary['winning_score_mean']:.1f}; winner's last scoring "
            f"{summary['winner_final_scoring_mean']:.1f})"
        ),
    )
    categories = summary.get("categories") or GAMES.get(summary["game"]).categories
    headers = ["bot", "games", "win", "win 95% CI", "score", "sd", "p10", "med"]
    headers += [short for _, short in categories] + ["think", "median", "max"]
    for i, header in enumerate(headers):
        table.add_column(header, justify="left" if i == 0 else "right", no_wrap=True)
    for label, row in summary["bots"].items():
        table.add_row(
            label,
            str(row["games"]),
            f"{row['win_rate']:.1%}",
            "{:.0%}-{:.0%}".format(*row["win_rate_ci95"]),
            f"{row['score_mean']:.1f}",
            f"{row['score_std']:.1f}",
            f"{row.get('score_p10', 0.0):.1f}",
            f"{row.get('score_median', 0.0):.1f}",
            *(f"{row['points_mean'][k]:.1f}" for k, _ in categories),
            f"{row['think_mean'] * 1000:.1f}",
            "-" if row["think_median"] is None else f"{row['think_median'] * 1000:.1f}",
            f"{row['think_max'] * 1000:.1f}",
        )
    return table


def print_table(summary: dict[str, Any], console: Console | None = None) -> None:
    """Print the summary's table whole: a console narrower than the table is widened to it
    (the terminal wraps the long lines rather than rich cutting the numbers)."""
    from rich.measure import Measurement

    console = console or _console()
    table = render_table(summary)
    need = Measurement.get(console, console.options.update_width(10_000), table).maximum
    console.width = max(console.width, need)
    console.print(table)


def build_parser(default_game: str = DEFAULT_GAME) -> argparse.ArgumentParser:
    """The ``simulate`` command line (``--game`` is ``default_game`` unless given)."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum simulate", description="Play headless games between bots."
    )
    parser.add_argument(
        "--game",
        default=default_game,
        help=f"which game: {', '.join(GAMES)} (default {default_game})",
    )
    parser.add_argument(
        "--players",
        default="easy,normal",
        help="comma-separated bot levels, one per player (2-4), e.g. easy,normal,hard",
    )
    parser.add_argument(
        "--games",
        type=_whole("the number of games"),
        default=20,
        help=f"number of games, 1 to {MAX_GAMES:,} (default 20)",
    )
    parser.add_argument("--seed", type=_whole("the seed"), default=1, help="base seed (default 1)")
    parser.add_argument(
        "--first-game",
        type=_whole("--first-game"),
        default=0,
        metavar="K",
        help="skip the first K games of the plan (to play a long series in chunks)",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the summary as JSON")
    parser.add_argument(
        "--jobs",
        type=_whole("--jobs"),
        default=os.cpu_count() or 1,
        help=f"worker processes, 1 to {max_jobs()} (default: one per processor)",
    )
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    parser.add_argument(
        "--records",
        metavar="DIR",
        help="keep the record of every game in DIR (open them with replay or export)",
    )
    parser.add_argument(
        "--combine",
        nargs="+",
        metavar="FILE",
        help="play nothing: print the table of the games in these --json summaries, slices "
        "of one series (same game, players and seed; --first-game told them apart), as one "
        "run would; with --json, write it",
    )
    parser.add_argument(
        "--hard-iterations",
        type=_whole("--hard-iterations"),
        default=None,
        help="at most this many playouts per Hard decision (default: the Hard bot's own)",
    )
    return parser


def _whole(what: str) -> Callable[[str], int]:
    """An argparse type: a whole number (``what`` names it in the message)."""

    def whole(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, not {text[:40]!r}"
            ) from None

    return whole


def _checked(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse (``parser.error``: a usage line, a message, exit 2) what the run could not do,
    before any game is played."""
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games}")
    if not 0 <= args.first_game <= MAX_GAMES:
        parser.error(f"--first-game must be from 0 to {MAX_GAMES:,}, not {args.first_game}")
    if not 1 <= args.jobs <= max_jobs():
        parser.error(
            f"--jobs is a number of worker processes from 1 to {max_jobs()} (four per "
            f"processor of this machine), not {args.jobs}"
        )
    if args.hard_iterations is not None and not 1 <= args.hard_iterations <= MAX_ITERATIONS:
        parser.error(
            f"--hard-iterations must be from 1 to {MAX_ITERATIONS:,}, not {args.hard_iterations}"
        )
    last = args.first_game + args.games
    limit = (2**SEED_BITS - 1 - last) // SEED_STRIDE
    if not -limit <= args.seed <= limit:
        shown = str(args.seed) if len(str(args.seed)) <= 30 else f"{str(args.seed)[:27]}..."
        parser.error(f"--seed must be from {-limit:,} to {limit:,}, not {shown}")
    if args.json:
        problem = unwritable(args.json)
        if problem:
            parser.error(f"cannot write the summary to {args.json!r}: {problem}")
    if args.records:
        problem = unwritable_folder(args.records)
        if problem:
            parser.error(f"cannot keep the records in {args.records!r}: {problem}")


def main(argv: Sequence[str] | None = None, bot_delay: float | None = None) -> int:
    """Run the ``simulate`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    levels = [p.strip().lower() for p in args.players.split(",") if p.strip()]
    _checked(parser, args)
    if args.combine:
        return _combine(parser, args)
    settings = {}
    if args.hard_iterations is not None:
        settings["hard"] = {"iterations": args.hard_iterations}
    try:
        with _bar(args.games, shown=not args.no_progress) as advance:
            summary = run(
                levels,
                args.games,
                args.seed,
                args.jobs,
                settings=settings,
                progress=advance,
                records=args.records,
                first=args.first_game,
                game=args.game,
            )
    except ValueError as exc:
        parser.error(str(exc))
    except OSError as exc:
        parser.error(f"cannot write the records: {reason(exc)}")
    return _report(summary, args.json)


def _combine(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``--combine``: the table (and ``--json``) of the summaries' games together."""
    from forum_trajanum.core.combine import BadSummary, combine, read_summary

    try:
        summary = combine([(printable(Path(f).name), read_summary(f)) for f in args.combine])
    except BadSummary as exc:
        parser.error(f"cannot combine the summaries: {exc}")
    return _report(summary, args.json)


def _report(summary: dict[str, Any], json_file: str | None) -> int:
    """Print the table and write the summary to ``json_file`` (if any); the exit status."""
    try:
        print_table(summary)
    except OSError as exc:
        quiet_stdout()
        print(f"forum-trajanum simulate: cannot print the table: {reason(exc)}", file=sys.stderr)
        if not json_file:
            return 1
    if json_file:
        try:
            write_summary(json_file, summary)
        except OSError as exc:
            print(
                f"forum-trajanum simulate: cannot write the summary to {json_file!r}: "
                f"{reason(exc)}",
                file=sys.stderr,
            )
            return 1
    return 0
