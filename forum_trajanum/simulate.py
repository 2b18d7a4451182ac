"""Headless bot matches: ``forum-trajanum simulate --players easy,normal --games 200``
(``--game trajan`` for Trajan; ``python -m forum_trajanum.simulate`` too).

The command's entry point: the machinery, for any game on the core (games in parallel worker
processes, seats rotating, the summary table and JSON, ``--records``), is the core's
(:mod:`forum_trajanum.core.simulate`); this module gives it the program's default game.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from forum_trajanum.core import simulate as core
from forum_trajanum.core.simulate import LEVELS, game_plan, point_keys, record_path, wilson
from forum_trajanum.games import DEFAULT_GAME


def run(
    levels: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    settings: dict | None = None,
    progress: bool = True,
    records: str | Path | None = None,
    first: int = 0,
    game: str = DEFAULT_GAME,
) -> dict:
    """Play ``games`` games of ``game`` (:func:`forum_trajanum.core.simulate.run`)."""
    return core.run(levels, games, seed, jobs, settings, progress, records, first, game=game)


def summarize(
    levels: Sequence[str],
    results: list[dict],
    seed: int,
    jobs: int,
    elapsed: float,
    game: str = DEFAULT_GAME,
) -> dict:
    """Per-game results as the per-bot summary (:func:`forum_trajanum.core.simulate.summarize`)."""
    return core.summarize(levels, results, seed, jobs, elapsed, game=game)


def render_table(summary: dict):
    """The summary as a rich Table (a summary naming no game is the default game's)."""
    return core.render_table({"game": DEFAULT_GAME, **summary})


def print_table(summary: dict, console=None) -> None:
    """Print the summary's table whole (:func:`forum_trajanum.core.simulate.print_table`)."""
    core.print_table({"game": DEFAULT_GAME, **summary}, console)


def build_parser():
    """The ``simulate`` command line."""
    return core.build_parser(DEFAULT_GAME)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``simulate`` command; returns the exit status."""
    return core.main(argv, DEFAULT_GAME)


__all__ = [
    "LEVELS",
    "build_parser",
    "game_plan",
    "main",
    "point_keys",
    "print_table",
    "record_path",
    "render_table",
    "run",
    "summarize",
    "wilson",
]


if __name__ == "__main__":
    sys.exit(main())
