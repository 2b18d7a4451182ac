"""Forum Trajanum's export (``forum-trajanum export FILE``, :mod:`forum_trajanum.core.export`,
which calls :func:`structure` and :func:`to_text` as the ``"export"`` part of its Game): a game
record as a readable log (text) or as JSON.

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

from pathlib import Path

from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.files import name_and_bot, read_limited
from forum_trajanum.core.record import ReadRecord, read_record
from forum_trajanum.games.forum_trajanum.engine import view
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


def replay_of(found: ReadRecord, problem: str = "") -> GameReplay:
    """The replay of a Forum Trajanum game read from a file (a save damaged part-way: its
    readable part, and ``problem`` says what was lost)."""
    replay = GameReplay.of(found.record)
    if problem and not replay.problem:
        replay.problem = problem
    return replay


def load(path: str | Path) -> GameReplay:
    """Read a Forum Trajanum save file (any record version) and replay it; raises
    RecordError (player words) when the file cannot be read or holds another game."""
    from forum_trajanum.core.game import GAMES

    found = read_record(read_limited(path), GAMES)  # a pipe, a huge file: in words
    if not GAMES.get(found.record.game).has("replay"):
        raise RecordError("this save is not a Forum Trajanum game")
    damage = found.damage()
    return replay_of(found, f"the save is damaged: {damage}" if damage else "")


def structure(found: ReadRecord | GameReplay, public: bool = False, problem: str = "") -> dict:
    """The export as plain data (the JSON format), of a game read from a file or of its
    replay."""
    replay = found if isinstance(found, GameReplay) else replay_of(found, problem)
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
    return f"{p['seat']} {name_and_bot(p['name'], p['bot'])}"


def _scoring_lines(cycle: int, rows: list[dict]) -> list[str]:
    """The cycle's table as the game's Points tab has it: the VP of the cycle's rounds
    ("play"), the scoring's categories, the cycle's VP ("cycle": they add up to it) and the
    score so far."""
    width = max(len(r["name"]) for r in rows) + 2
    titles = [CATEGORY_TITLES[k] for k in SCORING_CATEGORIES]
    head = f"{'':<{width}}     play" + "".join(f"{title:>9}" for title in titles)
    out = ["", f"Scoring of cycle {cycle_name(cycle)}:", "      " + head + "    cycle    score"]
    for r in rows:
        play = sum(r[k] for k in PLAY_CATEGORIES)
        cells = "".join(f"{r[title]:>9}" for title in titles)
        out.append(
            f"      {r['name']:<{width}}{play:>9}{cells}{play + r['total']:>9}{r['score']:>9}"
        )
    return out


__all__ = ["load", "structure", "to_text"]
