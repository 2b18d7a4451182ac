"""A game's log for any game on the core: every action in player words, headed by period, each
scoring by category, and the ranking. ``forum-trajanum export`` uses it for a game without an
export of its own (:mod:`forum_trajanum.core.export`).

What it shows follows the same rule as the replay: a finished game shows everything, the lines
only the acting player knew marked as secret then; an unfinished one only what an onlooker may
know. The seed decides every hidden card, so it is shown only when everything is.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from forum_trajanum.core.files import name_and_bot
from forum_trajanum.core.timeline import Timeline

if TYPE_CHECKING:
    from forum_trajanum.core.game import Game
    from forum_trajanum.core.record import GameRecordBase

SECRET_MARK = "~"


def structure(
    record: GameRecordBase, game: Game, public: bool = False, problem: str = ""
) -> dict[str, Any]:
    """The log as plain data (the export's JSON form)."""
    timeline = Timeline(record, game)
    first = game.period(timeline.state)
    periods: list[dict[str, Any]] = [
        {"period": list(first), "title": game.period_name(first), "entries": []}
    ]
    scorings_seen = 0
    steps = list(_steps(timeline))
    state = timeline.state
    finished = game.is_over(state) and not timeline.problem
    full = finished and not public
    for step in steps:
        when = list(step.period)
        if when != periods[-1]["period"]:
            periods.append({"period": when, "title": game.period_name(step.period), "entries": []})
        lines = [(s, t, True) for s, t in step.secret] if full else []
        lines += [(s, t, False) for s, t in step.lines]
        entry: dict[str, Any] = {"n": step.number, "seat": step.seat + 1}
        if full:
            entry["action"] = step.text
        entry["lines"] = [
            {"seat": s + 1, "name": _name(record, s), "text": t, "secret": secret}
            for s, t, secret in lines
        ]
        periods[-1]["entries"].append(entry)
        # a scoring is shown once it is complete: when the period moves on or the game ends
        if step.scorings > scorings_seen and (step.moved_on or step.over):
            scorings_seen = step.scorings
            periods[-1]["entries"].append(
                # the scoring in the game's words (the core names none)
                {"scoring": scorings_seen, "name": game.scoring_name(scorings_seen)}
                | {"rows": step.scoring}
            )
    keys = game.rank_keys(state)
    ranking = [
        {
            "place": place,
            "seats": [
                {"seat": s + 1, "name": _name(record, s), "score": keys[s][0], "keys": keys[s][1:]}
                for s in seats
            ],
        }
        for place, seats in enumerate(game.ranking(state), start=1)
    ]
    return {
        "format": "forum-trajanum-export",
        "game": game.name,
        "title": game.title,
        "players": [
            {"seat": s + 1, "name": _name(record, s), "bot": _bot(record, s)}
            for s in range(game.players(state))
        ],
        "seed": record.seed if full else None,
        "options": record.options.model_dump(mode="json"),
        "actions": timeline.good,
        "finished": finished,
        "everything_shown": full,
        "problem": timeline.problem or problem,
        "categories": [key for key, _ in game.categories],
        "tie_breaks": list(game.tie_breaks),
        "periods": periods,
        "ranking": ranking,
    }


@dataclass(slots=True)
class _Step:
    """One action of the log, read from the timeline while its states are there."""

    number: int
    seat: int
    text: str
    lines: list[tuple[int, str]]
    secret: list[tuple[int, str]]
    #: the period the action was taken in, and whether the next one differs
    period: tuple[int, int]
    moved_on: bool
    over: bool
    scorings: int
    scoring: list[dict[str, Any]] | None


def _steps(timeline: Timeline) -> Iterator[_Step]:
    game = timeline.game
    for step in timeline:
        # the period the action was taken in (read now: the timeline's state changes with
        # the next step)
        major, minor = game.period(step.before)
        period = (major, minor)
        scorings = game.scorings(step.after)
        scoring = None
        if scorings:
            points = game.points(step.after)
            scores = game.scores(step.after)
            scoring = [
                {"seat": s + 1, "points": points[s], "score": scores[s]} for s in range(len(scores))
            ]
        yield _Step(
            number=step.number,
            seat=step.seat,
            text=step.text,
            lines=step.lines,
            secret=step.secret,
            period=period,
            moved_on=period != tuple(game.period(step.after)),
            over=game.is_over(step.after),
            scorings=scorings,
            scoring=scoring,
        )


def _name(record: GameRecordBase, seat: int) -> str:
    if seat < 0:
        return ""  # a line about the game, not a player
    names = record.names
    return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"


def _bot(record: GameRecordBase, seat: int) -> str:
    return record.bots[seat] if seat < len(record.bots) else ""


def to_text(data: dict[str, Any]) -> str:
    """The log as readable text."""
    out = [f"{data['title']} — game log", ""]
    out.append("Players: " + ", ".join(_player(p) for p in data["players"]))
    options = ", ".join(
        f"{v} players" if k == "players" else f"{k} {v}" for k, v in data["options"].items()
    )
    seed = f"; seed {data['seed']}" if data["seed"] is not None else ""
    out.append(f"Options: {options}{seed}")
    if data["finished"]:
        done = f"Finished after {data['actions']} actions."
        if data["everything_shown"]:
            done += (
                f" Everything is shown: lines marked {SECRET_MARK} were known only to that "
                "player when they happened."
            )
        else:
            done += " Only what an onlooker may know is shown."
    else:
        done = (
            f"Not finished: {data['actions']} actions so far. Only what an onlooker may know "
            "is shown (the game may still be played)."
        )
    out.append(done)
    if data["problem"]:
        out.append(f"Note: {data['problem']}.")
    names = {p["seat"]: p["name"] for p in data["players"]}
    for period in data["periods"]:
        out += ["", f"=== {period['title']} ==="]
        for entry in period["entries"]:
            if "scoring" in entry:
                out += _scoring(entry, data["categories"], names)
                continue
            for line in entry["lines"]:
                mark = SECRET_MARK if line["secret"] else " "
                who = f"{line['name']}: " if line["name"] else ""
                out.append(f"{entry['n']:>4} {mark} {who}{line['text']}")
    out += ["", "=== Final ranking ===" if data["finished"] else "=== Standing now ==="]
    for place in data["ranking"]:
        seats = " and ".join(f"{s['name']}: {s['score']} VP" for s in place["seats"])
        shared = " (shared place)" if len(place["seats"]) > 1 else ""
        out.append(f"{place['place']}. {seats}{shared}")
    if data["tie_breaks"]:
        out.append("Ties are broken by: " + ", then ".join(data["tie_breaks"]) + ".")
    return "\n".join(out) + "\n"


def _player(p: dict[str, Any]) -> str:
    return f"{p['seat']} {name_and_bot(p['name'], p['bot'])}"


def _scoring(entry: dict[str, Any], categories: list[str], names: dict[int, str]) -> list[str]:
    rows = entry["rows"]
    width = max(len(names[r["seat"]]) for r in rows) + 2
    head = f"{'':<{width}}" + "".join(f"{k:>11}" for k in categories) + "      score"
    name = entry.get("name") or f"scoring {entry['scoring']}"
    out = ["", f"Points after {name} (whole game so far):", "      " + head]
    for r in rows:
        cells = "".join(f"{r['points'].get(k, 0):>11}" for k in categories)
        out.append(f"      {names[r['seat']]:<{width}}{cells}{r['score']:>11}")
    return out
