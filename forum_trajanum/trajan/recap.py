"""What the others did since a person last decided (issue 28, point 3): the lines of the
public log since then, for the one-line "Meanwhile" above the person's decision (and the
"Just now" of a bot's turn). Every person at the table gets it, in a hot-seat game of two or
more people as beside bots: the lines since their own last move, whoever played meanwhile."""

from __future__ import annotations


def _stops(session, seat: int, actor: int) -> bool:
    """Whether a line written by ``actor``'s move is where the recap for ``seat`` begins:
    ``seat``'s own last move (a person's view), or any person's (an onlooker's, while bots
    play between two people)."""
    if seat >= 0 and not session.is_bot(seat):
        return actor == seat
    return actor >= 0 and not session.is_bot(actor)


def recent_lines(session, names: list[str], seat: int = -1, most: int = 8) -> list[str]:
    """The public log lines since ``seat`` last decided (the others' moves and what they
    led to, a line about ``seat`` itself included), at most ``most`` of the latest; with no
    seat, since a person last decided."""
    lines: list[str] = []
    for entry in reversed(session.log):
        actor = entry.actor if entry.actor >= 0 else entry.seat
        if _stops(session, seat, actor):
            break
        who = f"{names[entry.seat]} " if entry.seat >= 0 else ""
        lines.append(who + entry.text)
        if len(lines) == most:
            break
    return lines[::-1]
