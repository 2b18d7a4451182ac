"""``forum-trajanum export FILE``: a game record as a readable log (text) or as JSON.

The log has a heading per cycle and round, every action in player words (the engine's public
log lines, :func:`forum_trajanum.games.forum_trajanum.engine.public_lines`), each cycle's scoring by
category and
the final ranking with its tie-break values.

What it shows: a finished game shows everything, including what each player alone knew when
it happened (the tiles a draft took, which one was kept and which passed), marked as secret
then; an unfinished game shows only what an onlooker may know (its players may still be
playing it), and says so. ``--public`` limits a finished game to that too.

The seed decides every hidden tile, so it is shown only when everything is.

The JSON format holds the same: ``{"players", "seed", "options", "finished", "cycles": [{"cycle",
"title", "sections": [{"title", "round", "part", "entries": [...]}]}], "ranking"}``; an entry is
an action (``{"n", "seat", "lines": [{"seat", "name", "text", "secret"}]}``, plus the
action's text when everything may be shown) or a scoring (``{"scoring": [{"seat", "name",
categories..., "total", "score", and the points scored during the cycle's rounds: "column",
"tracks", "bonus"}]}``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from forum_trajanum.core import gamelog
from forum_trajanum.core.files import read_limited
from forum_trajanum.core.text import printable
from forum_trajanum.games.forum_trajanum.engine import RecordError, view
from forum_trajanum.games.forum_trajanum.engine.record import read_record
from forum_trajanum.games.forum_trajanum.engine.replay import (
    GameReplay,
    Section,
    cycle_name,
    street_words,
)
from forum_trajanum.games.forum_trajanum.engine.scoring import (
    PLAY_CATEGORIES,
    SCORING_CATEGORIES,
    TIE_BREAKS,
)
from forum_trajanum.games.forum_trajanum.engine.state import TRAJAN_CARDS_KEY

#: The export's name of each scoring category (the scoring's keys in the JSON, its column
#: titles in the text): the engine's key, but for the Trajan cards' points, which the export
#: has always called "trajan".
CATEGORY_TITLES = {
    "cranes": "cranes",
    "colonia": "colonia",
    "eagles": "eagles",
    "area": "area",
    TRAJAN_CARDS_KEY: "trajan",
}
SECRET_MARK = "~"


def load(path: str | Path) -> GameReplay:
    """Read a save file (any record version) and replay it; raises RecordError (player
    words) when the file cannot be read. A save damaged part-way yields its readable part."""
    data = read_limited(path)  # a pipe, a device or a huge file: a RecordError in words
    found = read_record(data)
    from forum_trajanum.core.game import GAMES

    game = GAMES.get(found.record.game)
    damage = f"the save is damaged: {found.damage()}" if found.damage() else ""
    if not game.has("replay"):  # a game without a replay of its own: the core's log
        return gamelog.structure(found.record, game, problem=damage)
    replay = GameReplay.of(found.record)
    if damage and not replay.problem:
        replay.problem = damage
    return replay


def _game(record):
    from forum_trajanum.core.game import GAMES

    return GAMES.get(record.game)


def structure(replay: GameReplay, public: bool = False) -> dict:
    """The export as plain data (the JSON format)."""
    full = replay.full and not public
    state = replay.state_at(replay.length)
    pv = view(state, -1)
    players = [
        {"seat": s + 1, "name": replay.name(s), "bot": _bot(replay, s)}
        for s in range(replay.players)
    ]
    cycles: list[dict] = []
    section: Section | None = None
    for step in replay.steps:
        if step.section != section:
            section = step.section
            if not cycles or cycles[-1]["cycle"] != section.cycle:
                title = "Setup" if section.cycle == 0 else f"Cycle {cycle_name(section.cycle)}"
                cycles.append({"cycle": section.cycle, "title": title, "sections": []})
            cycles[-1]["sections"].append(
                {
                    "title": section.title(),
                    "part": section.part,
                    "round": section.round,
                    "street": street_words(step.street) if section.part == "round" else "",
                    "entries": [],
                }
            )
        entries = cycles[-1]["sections"][-1]["entries"]
        # what the player alone knew comes first: it happened before the public summary
        lines = [(s, t, True) for s, t in step.secret] if full else []
        lines += [(s, t, False) for s, t in step.lines]
        if lines:
            entry: dict = {"n": step.number, "seat": step.seat + 1}
            if full:
                entry["action"] = step.action
            entry["lines"] = [
                {"seat": s + 1, "name": replay.name(s), "text": t, "secret": secret}
                for s, t, secret in lines
            ]
            entries.append(entry)
        if step.scoring is not None:
            entries.append(
                {
                    "scoring": [
                        {
                            "seat": s + 1,
                            "name": replay.name(s),
                            **{CATEGORY_TITLES[k]: parts.get(k, 0) for k in SCORING_CATEGORIES},
                            "total": sum(parts.get(k, 0) for k in SCORING_CATEGORIES),
                            # scored during the cycle's rounds (columns, tracks, bonuses)
                            **{k: parts.get(k, 0) for k in PLAY_CATEGORIES},
                            "score": step.scores[s],
                        }
                        for s, parts in enumerate(step.scoring)
                    ]
                }
            )
    keys = pv.rank_keys
    ranking = [
        {
            "place": place,
            "seats": [
                {
                    "seat": s + 1,
                    "name": replay.name(s),
                    "score": keys[s].score,
                    "active_citizens": keys[s].active_citizens,
                    "resources": keys[s].resources_left,
                }
                for s in seats
            ],
        }
        for place, seats in enumerate(pv.ranking, start=1)
    ]
    return {
        "format": "forum-trajanum-export",
        "players": players,
        # the seed decides every hidden tile: shown only when nothing is secret any more
        "seed": replay.record.seed if full else None,
        "options": replay.record.options.model_dump(mode="json"),
        "actions": replay.length,
        "finished": replay.finished,
        "everything_shown": full,
        "problem": replay.problem,
        "cycles": cycles,
        "ranking": ranking,
    }


def _bot(replay: GameReplay, seat: int) -> str:
    bots = replay.record.bots
    return bots[seat] if seat < len(bots) else ""


def to_text(data: dict) -> str:
    """The export as a readable log."""
    out: list[str] = ["Forum Trajanum — game log", ""]
    out.append("Players: " + ", ".join(_player(p) for p in data["players"]))
    options = data["options"]
    extras = [
        label
        for key, label in (
            ("introductory", "introductory game"),
            ("random_forum", "random Forum boards"),
        )
        if options.get(key)
    ]
    if options.get("handicap"):
        extras.append("newcomer handicap for seat(s) " + ", ".join(
            str(s + 1) for s in options["handicap"]))  # fmt: skip
    out.append(
        f"Options: {options['players']} players, Colonia side {options['side']}"
        + "".join(f", {e}" for e in extras)
        + (f"; seed {data['seed']}" if data["seed"] is not None else "")
    )
    if data["finished"]:
        state = f"Finished after {data['actions']} actions."
        if data["everything_shown"]:
            state += (
                f" Everything is shown: lines marked {SECRET_MARK} were known only to that "
                "player when they happened."
            )
        else:
            state += " Only what an onlooker may know is shown."
    else:
        state = (
            f"Not finished: {data['actions']} actions so far. Only what an onlooker may know is "
            "shown (the game may still be played)."
        )
    out.append(state)
    if data["problem"]:
        out.append(f"Note: {data['problem']}.")
    for cycle in data["cycles"]:
        out += ["", f"=== {cycle['title']} ==="]
        for section in cycle["sections"]:
            if section["part"] != "setup":
                street = f" ({section['street']})" if section["street"] else ""
                out += ["", f"--- {section['title']}{street} ---"]
            for entry in section["entries"]:
                if "scoring" in entry:
                    out += _scoring_lines(cycle["cycle"], entry["scoring"])
                    continue
                for line in entry["lines"]:
                    mark = SECRET_MARK if line["secret"] else " "
                    out.append(f"{entry['n']:>4} {mark} {line['name']}: {line['text']}")
    out += ["", "=== Final ranking ===" if data["finished"] else "=== Standing now ==="]
    for place in data["ranking"]:
        seats = place["seats"]
        joined = " and ".join(
            f"{s['name']}: {s['score']} VP, {_count(s['active_citizens'], 'active citizen')}, "
            f"{_count(s['resources'], 'resource')}"
            for s in seats
        )
        shared = " (shared place)" if len(seats) > 1 else ""
        out.append(f"{place['place']}. {joined}{shared}")
    out.append("Ties are broken by " + ", then ".join(f"most {tie}" for tie in TIE_BREAKS) + ".")
    return "\n".join(out) + "\n"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _player(p: dict) -> str:
    return f"{p['seat']} {p['name']}" + (f" ({p['bot']} bot)" if p["bot"] else "")


def _scoring_lines(cycle: int, rows: list[dict]) -> list[str]:
    width = max(len(r["name"]) for r in rows) + 2
    titles = [CATEGORY_TITLES[k] for k in SCORING_CATEGORIES]
    head = f"{'':<{width}}" + "".join(f"{title:>9}" for title in titles)
    out = ["", f"Scoring of cycle {cycle_name(cycle)}:", "      " + head + "    total    score"]
    for r in rows:
        cells = "".join(f"{r[title]:>9}" for title in titles)
        out.append(f"      {r['name']:<{width}}{cells}{r['total']:>9}{r['score']:>9}")
    return out


def export(path: str | Path, fmt: str = "text", public: bool = False) -> str:
    """The export of the save file ``path`` in ``fmt`` ("text" or "json"): printable text
    (what a file or its players' names hold never reaches a terminal as codes)."""
    loaded = load(path)
    if isinstance(loaded, dict):  # the core's log of a game without its own replay
        if public and loaded["everything_shown"]:
            found = read_record(read_limited(path))
            loaded = gamelog.structure(found.record, _game(found.record), public=True)
        if fmt == "json":
            return _json(loaded)
        return printable(gamelog.to_text(loaded), lines=True)
    data = structure(loaded, public=public)
    if fmt == "json":
        return _json(data)
    return printable(to_text(data), lines=True)


def _json(data: dict) -> str:
    """``data`` as JSON whose every character that is not printable text is written as
    JSON's own escape (the same value when read back)."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    return "".join(c if c.isprintable() or c == "\n" else json.dumps(c)[1:-1] for c in text) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``forum-trajanum export FILE [--format text|json] [--public]``."""
    parser = argparse.ArgumentParser(
        prog="forum-trajanum export",
        description="Print a readable log of a saved game: every action, each scoring, the "
        "ranking. A finished game shows everything; an unfinished one only what an onlooker "
        "may know.",
    )
    parser.add_argument("file", help="a save file (e.g. games/NAME.json, or a simulate record)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--public", action="store_true", help="only what an onlooker may know, even when finished"
    )
    args = parser.parse_args(argv)
    try:
        text = export(args.file, args.format, args.public)
    except RecordError as exc:
        print(f"forum-trajanum export: {printable(exc, lines=True)}", file=sys.stderr)
        return 1
    return write_out(text)


def write_out(text: str) -> int:
    """Print ``text`` on the standard output; the exit status. An output that cannot take it
    (a full disk, a closed pipe) gets a message on stderr and status 1, never a traceback;
    a character the output's encoding lacks is written as an escape."""
    try:
        with contextlib.suppress(AttributeError, ValueError):  # a replaced sys.stdout
            sys.stdout.reconfigure(errors="backslashreplace")
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as exc:
        _quiet_stdout()
        if not isinstance(exc, BrokenPipeError):  # `export FILE | head`: the reader is done
            print(
                f"forum-trajanum export: cannot write the log: {exc.strerror or exc}",
                file=sys.stderr,
            )
        return 1
    return 0


def _quiet_stdout() -> None:
    """After a failed write to the standard output: send what is left to the null device (so
    that Python's own flush at exit cannot fail with a traceback)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
