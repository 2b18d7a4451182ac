"""What the others did since a person last decided (issue 28, point 3): the lines of the
public log since then, for the one-line "Meanwhile" above the person's decision (and the
"Just now" of a bot's turn). Every person at the table gets it, in a hot-seat game of two or
more people as beside bots: the lines since their own last move, whoever played meanwhile.
What matters goes first (:func:`points_since`): the points each other player scored since."""

from __future__ import annotations

from forum_trajanum.games.trajan.engine.words import POINTS_SHORT


def _stops(session, seat: int, actor: int) -> bool:
    """Whether a line written by ``actor``'s move is where the recap for ``seat`` begins:
    ``seat``'s own last move (a person's view), or any person's (an onlooker's, while bots
    play between two people)."""
    if seat >= 0 and not session.is_bot(seat):
        return actor == seat
    return actor >= 0 and not session.is_bot(actor)


def _since(session, seat: int) -> int:
    """The index in the log of the first line after ``seat``'s own last move (see
    :func:`_stops`); 0 when there is none."""
    for index in range(len(session.log) - 1, -1, -1):
        entry = session.log[index]
        if _stops(session, seat, entry.actor if entry.actor >= 0 else entry.seat):
            return index + 1
    return 0


def recent_lines(session, names: list[str], seat: int = -1, most: int = 8) -> list[str]:
    """The public log lines since ``seat`` last decided (the others' moves and what they
    led to, a line about ``seat`` itself included), at most ``most`` of the latest; with no
    seat, since a person last decided."""
    entries = session.log[max(_since(session, seat), len(session.log) - most) :]
    return [(f"{names[e.seat]} " if e.seat >= 0 else "") + e.text for e in entries]


def points_since(session, names: list[str], seat: int) -> list[str]:
    """The points each other player scored since ``seat`` last decided, biggest first, in
    words: "Bob +12 VP (Trajan tiles +9, senate +3)" (a loss: "Bob -9 VP (demands -9)");
    nothing for a player whose score did not change."""
    if seat < 0 or session.is_bot(seat):
        return []
    start = _since(session, seat)
    before = session.log[start - 1].points if start else ()
    now = session.rules.points(session.state)
    if not before:  # the seat has not moved yet: since the game began
        before = tuple(dict.fromkeys(parts, 0) for parts in now)
    out = []
    for other, parts in enumerate(now):
        if other == seat:
            continue
        gained = {key: vp - before[other].get(key, 0) for key, vp in parts.items()}
        gained = {key: vp for key, vp in gained.items() if vp}
        total = sum(gained.values())
        if not gained:
            continue
        ordered = sorted(gained.items(), key=lambda kv: -abs(kv[1]))
        why = ", ".join(f"{POINTS_SHORT.get(key, key)} {vp:+d}" for key, vp in ordered)
        out.append((abs(total), f"{names[other]} {total:+d} VP ({why})"))
    return [words for _, words in sorted(out, key=lambda item: -item[0])]
