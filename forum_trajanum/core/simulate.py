"""Headless bot matches for any game on the core with bots, as data: the ``simulate`` command
(``forum-trajanum simulate --players easy,normal --games 200``, ``--game trajan`` for
Trajan; :mod:`forum_trajanum.commands.simulate`) reads its arguments and prints the table.

Games run in parallel worker processes (Ctrl-C stops early and reports the games finished);
seats rotate so that every bot sits in every seat equally often (as far as the number of games
allows), each deal (game seed) played once in every rotation. The summary is a table (and, with
``--json``, a JSON file) per bot: win rate (shared wins count fractionally), final score mean
and standard deviation, mean points per scoring category, think time per decision. With
``--records DIR`` the record of every game is kept in DIR, in the format saves use, so that
``forum-trajanum replay`` and ``export`` open it.

What the command checks before the first game is here as data too (:func:`unwritable`,
:func:`unwritable_folder`, the limits).
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from forum_trajanum.core.game import GAMES

#: The bot levels every game has.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
#: A game's seed is ``seed * SEED_STRIDE + its number // seats`` (:func:`game_plan`).
SEED_STRIDE = 1_000_003
#: A record keeps a seed in 64 bits (signed): every game's seed must fit.
SEED_BITS = 63
#: The most games one ``simulate`` plays (its plan is held in memory).
MAX_GAMES = 1_000_000
#: The most ``--hard-iterations``.
MAX_ITERATIONS = 1_000_000


def max_jobs() -> int:
    """The most worker processes ``--jobs`` may ask for: four per processor (more only wait
    for a processor, each holding its own memory)."""
    return 4 * (os.cpu_count() or 1)


def point_keys(game: str) -> tuple[str, ...]:
    """The game's scoring categories (the table's points columns)."""
    return tuple(key for key, _ in GAMES.get(game).categories)


def _labels(levels: Sequence[str]) -> list[str]:
    """Unique names for the bots: a repeated level gets "#2", "#3"..."""
    seen: dict[str, int] = {}
    out = []
    for level in levels:
        seen[level] = seen.get(level, 0) + 1
        out.append(level if seen[level] == 1 else f"{level}#{seen[level]}")
    return out


def game_plan(
    levels: Sequence[str], games: int, seed: int, first: int = 0
) -> list[tuple[int, int, list[int]]]:
    """(game index, game seed, bot index per seat) for every game: seats rotate each game,
    and each game seed is played once in every rotation before the next one (games 0 and 1 of
    two bots: the same deal with the seats swapped), so the luck of a deal is every bot's alike.

    ``first`` skips the plan's first games, so that a long series can be played in chunks
    (``--first-game 40 --games 40`` plays games 41-80 of the same plan)."""
    n = len(levels)
    plan = []
    for g in range(first, first + games):
        rotation = g % n
        plan.append((g, seed * SEED_STRIDE + g // n, [(s + rotation) % n for s in range(n)]))
    return plan


def _play_one(job: tuple[Any, ...]) -> dict[str, Any]:
    """Worker: play one game; return per-bot results (picklable)."""
    from forum_trajanum.core.match import play_game

    g, game_seed, seating, levels, settings, records, game = job
    make_bot = GAMES.get(game).load("bots").make_bot
    actions: list[str] = []
    bots = [
        _Recording(make_bot(levels[b], game_seed * 10 + seat, **settings.get(levels[b], {})),
                   actions)
        for seat, b in enumerate(seating)
    ]  # fmt: skip
    result = play_game(bots, game_seed, game=game)
    if records:
        labels = _labels(levels)
        _write_record(Path(records), g, game_seed, [labels[b] for b in seating],
                      [levels[b] for b in seating], actions, game)  # fmt: skip
    per_bot: dict[int, dict[str, Any]] = {}
    for seat, b in enumerate(seating):
        per_bot[b] = {
            "seat": seat,
            "score": result.scores[seat],
            "points": result.points[seat],
            "win": result.win_share(seat),
            "think": result.think[seat],
            "final_scoring": result.final_scoring[seat] if result.final_scoring else 0,
            # searches a deadline cut short (Hard); 0 for bots without one
            "capped": getattr(bots[seat].bot, "capped", 0),
        }
    winner_final = [per_bot[b]["final_scoring"] for b in per_bot if per_bot[b]["win"] > 0]
    return {
        "game": g,
        "seed": game_seed,
        "bots": per_bot,
        "win_score": max(result.scores),
        "winner_final_scoring": max(winner_final, default=0),
    }


class _Recording:
    """A bot whose every answer is also appended to a shared list (the game's record)."""

    def __init__(self, bot: Any, actions: list[str]) -> None:
        self.bot, self.actions, self.level = bot, actions, bot.level

    def choose(self, view: Any) -> Any:
        action = self.bot.choose(view)
        self.actions.append(str(action))
        return action


def record_path(records: Path, game: int, seed: int) -> Path:
    """Where ``--records`` keeps game number ``game`` (0-based)."""
    return records / f"game-{game + 1:04d}-seed-{seed}.json"


def _write_record(
    records: Path,
    game: int,
    seed: int,
    names: list[str],
    bots: list[str],
    actions: list[str],
    name: str,
) -> None:
    """Write one game's record atomically, in the save-file format (header summary too)."""
    from forum_trajanum.core.errors import RecordError
    from forum_trajanum.core.saves import save_summary, write_atomic
    from forum_trajanum.core.timeline import replay_valid

    rules = GAMES.get(name)
    record = rules.record(seed=seed, options=rules.options(players=len(names)),
                          actions=actions, names=names, bots=bots)  # fmt: skip
    state, _, problem = replay_valid(record, rules)  # the list's summary; checks the record
    if problem:  # pragma: no cover - the bots played legal actions
        raise RecordError(problem)
    record.meta = save_summary(record, state, f"simulate game {game + 1}")
    write_atomic(record_path(records, game, seed), record.to_json())


def run(
    levels: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    settings: dict[str, Any] | None = None,
    progress: Callable[[], None] | None = None,
    records: str | Path | None = None,
    first: int = 0,
    *,
    game: str,
) -> dict[str, Any]:
    """Play ``games`` games of ``game`` and return the summary as a JSON-ready dict; with
    ``records``, keep each game's record in that directory; ``progress`` is called after each
    game (the command's bar)."""
    if game not in GAMES:
        raise ValueError(f"no game called {game!r}; choose one of: {', '.join(GAMES)}")
    if not GAMES.get(game).has("bots"):
        raise ValueError(f"{GAMES.title(game)} has no bots yet, so it cannot be simulated")
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")
    if not 2 <= len(levels) <= 4:
        raise ValueError(f"a game needs 2-4 players, got {len(levels)}: {','.join(levels)}")
    settings = settings or {}
    if records is not None:
        Path(records).mkdir(parents=True, exist_ok=True)
    plan = [
        (g, game_seed, seating, list(levels), settings, str(records) if records else None, game)
        for g, game_seed, seating in game_plan(levels, games, seed, first)
    ]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    interrupted = False
    try:
        if jobs <= 1:
            _collect(map(_play_one, plan), results, progress)
        else:
            pool = get_context("spawn").Pool(jobs)
            try:
                _collect(pool.imap_unordered(_play_one, plan), results, progress)
                pool.close()
            finally:
                pool.terminate()
                pool.join()
    except KeyboardInterrupt:  # Ctrl-C: report the games finished so far
        interrupted = True
    elapsed = time.perf_counter() - started
    results.sort(key=lambda r: r["game"])
    summary = summarize(levels, results, seed=seed, jobs=jobs, elapsed=elapsed, game=game)
    summary["planned_games"] = games
    summary["first_game"] = first
    summary["interrupted"] = interrupted
    return summary


def _collect(
    iterator: Iterable[dict[str, Any]],
    out: list[dict[str, Any]],
    progress: Callable[[], None] | None,
) -> None:
    """Append finished games to ``out`` (so an interrupted run keeps them)."""
    for item in iterator:
        out.append(item)
        if progress is not None:
            progress()


def summarize(
    levels: Sequence[str],
    results: list[dict[str, Any]],
    seed: int,
    jobs: int,
    elapsed: float,
    *,
    game: str,
) -> dict[str, Any]:
    """Aggregate per-game results into the per-bot summary."""
    keys = point_keys(game)
    labels = _labels(levels)
    bots = {}
    for b, label in enumerate(labels):
        rows = [r["bots"][b] for r in results if b in r["bots"]]
        scores = [row["score"] for row in rows]
        think = [t for row in rows for t in row["think"]]
        bots[label] = {
            "level": levels[b],
            "games": len(rows),
            "wins": sum(row["win"] for row in rows),
            "win_rate": (sum(row["win"] for row in rows) / len(rows)) if rows else 0.0,
            "win_rate_ci95": wilson(sum(row["win"] for row in rows), len(rows)),
            "score_mean": statistics.fmean(scores) if scores else 0.0,
            "score_std": statistics.pstdev(scores) if len(scores) > 1 else 0.0,
            "score_p10": percentile(scores, 10),
            "score_median": statistics.median(scores) if scores else 0.0,
            "points_mean": {
                key: statistics.fmean(row["points"].get(key, 0) for row in rows) if rows else 0.0
                for key in keys
            },
            "decisions": len(think),
            "final_scoring_mean": statistics.fmean(row["final_scoring"] for row in rows)
            if rows
            else 0.0,
            "think_mean": statistics.fmean(think) if think else 0.0,
            "think_median": statistics.median(think) if think else 0.0,
            "think_max": max(think) if think else 0.0,
            "deadline_cuts": sum(row.get("capped", 0) for row in rows),
        }
    win_scores = [r["win_score"] for r in results]
    return {
        "game": game,
        "categories": [list(pair) for pair in GAMES.get(game).categories],
        "players": list(levels),
        "games": len(results),
        "seed": seed,
        "jobs": jobs,
        "elapsed_seconds": elapsed,
        "winning_score_mean": statistics.fmean(win_scores) if win_scores else 0.0,
        # points the winner made in the game's last scoring alone (Forum Trajanum's cycle III
        # scoring: the rulebook's example is 54)
        "winner_final_scoring_mean": statistics.fmean(r["winner_final_scoring"] for r in results)
        if results
        else 0.0,
        "bots": bots,
        "per_game": [
            {
                "game": r["game"],
                "seed": r["seed"],
                "seats": [labels[b] for b, _ in sorted(r["bots"].items(), key=_seat_of)],
                "scores": [row["score"] for _, row in sorted(r["bots"].items(), key=_seat_of)],
                # each seat's whole row (its think times too), so that summaries of a
                # series played in slices combine exactly (core/combine.py)
                "rows": [
                    {**row, "bot": labels[b], "think": [round(t, 6) for t in row["think"]]}
                    for b, row in sorted(r["bots"].items(), key=_seat_of)
                ],
                "win_score": r["win_score"],
                "winner_final_scoring": r["winner_final_scoring"],
            }
            for r in results
        ],
    }


def _seat_of(item: tuple[Any, ...]) -> int:
    return int(item[1]["seat"])


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile of ``values``, interpolated between the two nearest ranks (the
    spreadsheet way: the smallest value is the 0th, the largest the 100th); 0 for none."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    at = (len(ordered) - 1) * p / 100
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (shared wins count fractionally)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def unwritable(path: str | Path) -> str | None:
    """Why the file ``path`` cannot be written (player words), or None when it can: it is
    opened for writing as the summary will be (created and removed again when it did not
    exist), without waiting for a reader of a pipe."""
    target = Path(path)
    if target.is_dir():
        return "it is a folder"
    existed = os.path.lexists(target)
    flags = os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK
    if not existed:
        flags |= os.O_CREAT | os.O_EXCL
    try:
        os.close(os.open(target, flags, 0o666))
        if not existed:
            target.unlink()
    except OSError as exc:
        return reason(exc)
    return None


def unwritable_folder(path: str | Path) -> str | None:
    """Why the folder ``path`` cannot hold records (player words), or None: it is made if
    need be, and a file is written in it and removed."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".simulate-probe-{os.getpid()}"
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        probe.unlink()
    except OSError as exc:
        return reason(exc)
    return None


def reason(error: OSError) -> str:
    """An OS error in player words (its description, without the error number)."""
    return error.strerror or str(error)


def write_summary(path: str | Path, summary: dict[str, Any]) -> None:
    """Write the summary as JSON to ``path``; raises OSError (a full disk, ...)."""
    text = json.dumps(summary, indent=2)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
