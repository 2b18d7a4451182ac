"""One series of bot games played in slices, summed up as a whole: ``forum-trajanum simulate
--combine s0.json s20.json ...`` reads the summaries that ``simulate --first-game K --json
FILE`` wrote for each slice of the same plan (same game, players and seed) and gives the
summary of all their games, as if one run had played them.

A long series is played in slices so that a run stopped midway keeps what it finished (a
summary is written only at a run's end); combining them is how its figures are read.

Exact when every summary keeps each game's rows (``per_game[...]["rows"]``, written since
this module exists): the games' rows are summed up again by
:func:`~forum_trajanum.core.simulate.summarize`, the very code a single run uses. An older
summary keeps only its totals: then every figure is still exact (wins, scores and their
percentiles from the per-game scores, points and think means weighted by games and
decisions, the longest think, the deadline's cuts) but the median think time, which is not a
sum of parts: it is left out (``None``; the table shows "-").

Every file may be hostile (a pipe, ``/dev/zero``, a huge or deeply nested file, any JSON type
in any field): it is read with the limits of :mod:`~forum_trajanum.core.files` and checked
field by field, and what is wrong is said in words (:class:`BadSummary`), naming the file.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from forum_trajanum.core.files import UnreadableFile, load_json, read_limited
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.simulate import LEVELS, _labels, percentile, summarize, wilson
from forum_trajanum.core.text import printable

#: The largest summary read (a 1,000-game summary with its think times is a few megabytes).
MAX_SUMMARY = 64 * 1024 * 1024

Number = Annotated[float, Field(allow_inf_nan=False)]
Count = Annotated[int, Field(ge=0)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")


class _Row(_Strict):
    bot: str
    seat: Count
    score: Number
    points: dict[str, Number]
    win: Number
    think: list[Number]
    final_scoring: Number
    capped: Count = 0


class _Game(_Strict):
    game: Count
    seed: int
    seats: list[str]
    scores: list[Number]
    rows: list[_Row] | None = None
    win_score: Number | None = None
    winner_final_scoring: Number | None = None


class _Bot(_Strict):
    level: str
    games: Count
    wins: Number
    points_mean: dict[str, Number]
    decisions: Count
    final_scoring_mean: Number
    think_mean: Number
    think_max: Number
    deadline_cuts: Count = 0


class _Summary(_Strict):
    game: str
    players: list[str]
    seed: int
    jobs: Count = 1
    elapsed_seconds: Number = 0.0
    winner_final_scoring_mean: Number
    bots: dict[str, _Bot]
    per_game: list[_Game]
    interrupted: bool = False


class BadSummary(ValueError):
    """A file that is not a summary ``simulate`` wrote, or summaries that are not slices of
    one series; the message names the file and says what is wrong."""


def read_summary(path: str | Path) -> _Summary:
    """The summary in ``path``, checked (:class:`BadSummary` if it is none)."""
    name = printable(Path(path).name)
    try:
        data = read_limited(path, MAX_SUMMARY, what="a simulate summary")
    except UnreadableFile as exc:
        raise BadSummary(printable(str(exc))) from None
    try:
        found = load_json(data)
    except ValueError as exc:
        raise BadSummary(
            f"{name} is not a summary simulate wrote: it is not JSON ({exc})"
        ) from None
    try:
        summary = _Summary.model_validate(found)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the top level"
        raise BadSummary(
            f"{name} is not a summary simulate wrote: at {printable(where)}, {first['msg'].lower()}"
        ) from None
    _consistent(summary, name)
    return summary


def _consistent(summary: _Summary, name: str) -> None:
    """Refuse a summary whose parts do not fit together (a bot no seat has, a game with
    another number of seats...)."""
    if summary.game not in GAMES:
        raise BadSummary(f"{name} is of a game this program does not have ({summary.game!r})")
    if not 2 <= len(summary.players) <= 4 or any(p not in LEVELS for p in summary.players):
        raise BadSummary(f"{name} names players that are not 2-4 bot levels")
    labels = _labels(summary.players)
    if sorted(summary.bots) != sorted(labels):
        raise BadSummary(f"{name}'s bots are not its players")
    for game in summary.per_game:
        seats = len(labels)
        if sorted(game.seats) != sorted(labels) or len(game.scores) != seats:
            raise BadSummary(
                f"{name}'s game {game.game + 1} does not seat each of its players once"
            )
        if game.rows is not None and (
            [row.bot for row in game.rows] != game.seats
            or [row.score for row in game.rows] != game.scores
            or game.win_score is None
            or game.winner_final_scoring is None
        ):
            raise BadSummary(f"{name}'s game {game.game + 1} has rows that do not match its seats")


def combine(summaries: list[tuple[str, _Summary]]) -> dict[str, Any]:
    """The summary of every game in ``summaries`` ((file name, summary) pairs, slices of one
    series), as :func:`~forum_trajanum.core.simulate.summarize` gives it for one run, with
    ``combined`` (the files), ``game_numbers`` (which games of the plan, 1-based ranges)."""
    if not summaries:
        raise BadSummary("no summary to combine")
    first_name, first = summaries[0]
    seen: dict[int, str] = {}
    for name, summary in summaries:
        for field in ("game", "players", "seed"):
            if getattr(summary, field) != getattr(first, field):
                raise BadSummary(
                    f"{name} and {first_name} are not slices of one series: their {field} "
                    f"differ ({getattr(summary, field)!r} and {getattr(first, field)!r})"
                )
        for game in summary.per_game:
            if game.game in seen:
                raise BadSummary(f"game {game.game + 1} is in both {seen[game.game]} and {name}")
            seen[game.game] = name
    if not seen:
        raise BadSummary("the summaries hold no game")
    games = sorted((g for _, s in summaries for g in s.per_game), key=lambda g: g.game)
    labels = _labels(first.players)
    jobs = max(s.jobs for _, s in summaries)
    elapsed = sum(s.elapsed_seconds for _, s in summaries)
    if all(g.rows is not None for g in games):
        results = [
            {
                "game": g.game,
                "seed": g.seed,
                "bots": {labels.index(row.bot): row.model_dump() for row in g.rows or ()},
                "win_score": g.win_score,
                "winner_final_scoring": g.winner_final_scoring,
            }
            for g in games
        ]
        out = summarize(first.players, results, first.seed, jobs, elapsed, game=first.game)
    else:
        out = _from_totals(summaries, games, labels, jobs, elapsed)
    out["combined"] = [name for name, _ in summaries]
    out["game_numbers"] = ranges([g.game + 1 for g in games])
    out["first_game"] = games[0].game
    out["planned_games"] = len(games)
    out["interrupted"] = any(s.interrupted for _, s in summaries)
    return out


def _from_totals(
    summaries: list[tuple[str, _Summary]],
    games: list[_Game],
    labels: list[str],
    jobs: int,
    elapsed: float,
) -> dict[str, Any]:
    """The combined summary from each file's totals and per-game scores (some file keeps no
    rows): every figure but the median think time, which is None."""
    first = summaries[0][1]
    bots: dict[str, Any] = {}
    for b, label in enumerate(labels):
        parts = [s.bots[label] for _, s in summaries if s.bots[label].games]
        scores = [g.scores[g.seats.index(label)] for g in games]
        played = sum(p.games for p in parts)
        decisions = sum(p.decisions for p in parts)
        wins = sum(p.wins for p in parts)
        keys = {key for p in parts for key in p.points_mean}
        bots[label] = {
            "level": first.players[b],
            "games": played,
            "wins": wins,
            "win_rate": wins / played if played else 0.0,
            "win_rate_ci95": wilson(wins, played),
            "score_mean": statistics.fmean(scores) if scores else 0.0,
            "score_std": statistics.pstdev(scores) if len(scores) > 1 else 0.0,
            "score_p10": percentile(scores, 10),
            "score_median": statistics.median(scores) if scores else 0.0,
            "points_mean": {
                key: sum(p.points_mean.get(key, 0.0) * p.games for p in parts) / played
                for key in sorted(keys)
            }
            if played
            else {},
            "decisions": decisions,
            "final_scoring_mean": sum(p.final_scoring_mean * p.games for p in parts) / played
            if played
            else 0.0,
            "think_mean": sum(p.think_mean * p.decisions for p in parts) / decisions
            if decisions
            else 0.0,
            "think_median": None,
            "think_max": max((p.think_max for p in parts), default=0.0),
            "deadline_cuts": sum(p.deadline_cuts for p in parts),
        }
    out = summarize(first.players, [], first.seed, jobs, elapsed, game=first.game)
    out["bots"] = bots
    out["games"] = len(games)
    out["winning_score_mean"] = statistics.fmean(max(g.scores) for g in games)
    counted = [(s.winner_final_scoring_mean, len(s.per_game)) for _, s in summaries]
    out["winner_final_scoring_mean"] = sum(m * n for m, n in counted) / len(games)
    out["per_game"] = [g.model_dump(exclude_none=True) for g in games]
    return out


def ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 7, 9, 10]`` as ``"1-3, 7, 9-10"`` (sorted, no repeats)."""
    parts: list[str] = []
    start = prev = None
    for n in [*sorted(set(numbers)), None]:
        if prev is not None and n == prev + 1:
            prev = n
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = n
    return ", ".join(parts)
