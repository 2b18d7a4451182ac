"""Trajan's save-file migrations: ``MIGRATIONS[v]`` turns file version ``v`` into ``v + 1``.

Version 3 (the first with Trajan) had the action markers placed in turn order from the start
player, who was drawn and told before them. From version 4 the markers are placed in seat
order and the start player is drawn after them (EN l.107 before l.113, ruling R37). Each
seat's placement is its own (its pairs and its drawn default depend on nothing another seat
did), so an old save's placements, moved into seat order, replay to the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from forum_trajanum.games.trajan import data as D


def _complete(block: list[str]) -> bool:
    """Whether a seat's placements fill its trays (``markers rest`` or the sixth tray)."""
    return bool(block) and (block[-1].strip().lower().endswith("rest") or len(block) == D.NUM_TRAYS)


def _marker_blocks(actions: list, players: int) -> tuple[list[list[str]], int]:
    """The old file's placements: one block of texts per seat in the order they were played,
    and how many of the actions they take. A block ends with ``markers rest`` or its sixth
    tray; the reading stops at the first action that is not a placement."""
    blocks: list[list[str]] = []
    used = 0
    while len(blocks) < players:
        block: list[str] = []
        while used < len(actions) and not _complete(block):
            text = actions[used]
            if not isinstance(text, str) or not text.strip().lower().startswith("markers"):
                break
            block.append(text)
            used += 1
        if block:
            blocks.append(block)
        if not _complete(block):
            break
    return blocks, used


def _markers_in_seat_order(data: dict) -> dict:
    """Version 3 to 4: the placements moved from turn order (start player first) into seat
    order; the actions after them are kept as they were. A save left while the markers were
    still being placed keeps the placements that seat order can take (those of the seats
    before the first one still to place, and that seat's so far): the others are placed
    again."""
    actions = data.get("actions")
    options = data.get("options")
    seed = data.get("seed")
    players = options.get("players", D.PLAYER_COUNTS[0]) if isinstance(options, dict) else None
    if not isinstance(actions, list) or type(seed) is not int or players not in D.PLAYER_COUNTS:
        return data  # the record's own checks say what is wrong with it
    start = random.Random(seed).randrange(players)  # as setup draws it first (R33)
    blocks, used = _marker_blocks(actions, players)
    by_seat = {(start + i) % players: block for i, block in enumerate(blocks)}
    moved: list[str] = []
    for seat in range(players):
        block = by_seat.get(seat, [])
        moved += block
        if not _complete(block):
            break
    else:  # every seat placed: the game goes on as it went
        return {**data, "actions": moved + actions[used:]}
    if moved == actions[: len(moved)]:
        return data  # nothing moves (seat 1 started): it replays as it did
    return {**data, "actions": moved}


MIGRATIONS: dict[int, Callable[[dict], dict]] = {3: _markers_in_seat_order}
