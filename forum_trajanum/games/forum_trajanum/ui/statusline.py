"""The status line above the board: cycle, round, street cards, and a player's score and
supply, in labelled words and never cut.

It has one fixed layout per width, the same on every screen of a game: two lines, the first
saying when it is and where the player stands (cycle and round, or "Last round of the game",
the street cards, name and score), the second the player's supply. Below 120 columns the
workers are written with their colour letters (B blue, G green, Y yellow, R red, each in its
colour, explained by the legend); from 120 in words. The longest numbers (three-digit scores,
two-digit supplies) and the widest street cards fit 80 columns; only a name too wide for what
is left of its line is shortened, never a field. The shell's
:class:`~forum_trajanum.tui.statusline.StatusLine` shows it, written again for its width.
"""

from __future__ import annotations

from rich.text import Text

from forum_trajanum.games.forum_trajanum.data import (
    COLOURS,
    CYCLES,
    ROUNDS_PER_CYCLE,
    STREET_SYMBOLS,
)
from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.games.forum_trajanum.engine.replay import cycle_name
from forum_trajanum.games.forum_trajanum.engine.words import LAST_ROUND
from forum_trajanum.games.forum_trajanum.ui.widgets import COLOUR_STYLE, SEAT_STYLE

#: The separator between two fields.
SEP = " │ "
#: The colours' words for the workers from 120 columns.
COLOUR_WORDS = {"B": "blue", "G": "green", "Y": "yellow", "R": "red"}
#: From this width the workers are written in words.
WORDS_FROM = 120


def _name(name: str, room: int) -> str:
    """``name`` in at most ``room`` cells (shortened with "…" when wider)."""
    text = Text(name)
    if text.cell_len > room:
        text.truncate(max(room, 1), overflow="ellipsis")
    return text.plain


def status_lines(pv: PlayerView, names: list[str], seat: int, width: int = 0) -> list[Text]:
    """``seat``'s status in ``width`` columns (0: as wide as it needs): two lines."""
    c = pv.colonias[seat]
    first = Text(no_wrap=True, overflow="ellipsis")
    when = f"Cycle {cycle_name(pv.cycle)}, round {max(pv.round, 1)} of 4"
    if pv.cycle >= CYCLES and pv.round >= ROUNDS_PER_CYCLE:
        when = LAST_ROUND
    first.append(f" {when}", "bold")
    first.append(SEP + "street cards ")
    streets = " ".join(STREET_SYMBOLS[s] for s in pv.street)
    first.append(streets or "none yet", style="bold #87d7ff" if streets else "")
    first.append(SEP)
    score = f" {c.score} VP"
    room = (width or 10**6) - first.cell_len - len(score)
    first.append(_name(names[seat], room), style=SEAT_STYLE[seat % 4])
    first.append(score, style="bold")
    second = Text(no_wrap=True, overflow="ellipsis")
    second.append(f" builders {c.builders}" + SEP + "workers")
    words = not width or width >= WORDS_FROM
    for colour, n in zip(COLOURS, c.workers, strict=True):
        second.append(" ")
        second.append(f"{COLOUR_WORDS[colour]} {n}" if words else f"{colour}{n}",
                      style=COLOUR_STYLE[colour])  # fmt: skip
    second.append(SEP + f"assistants {c.assistants}")
    second.append(SEP + f"coins {c.coins}")
    second.append(SEP + f"tribunes {c.tribunes}")
    return [first, second]


def status_line(pv: PlayerView, names: list[str], seat: int, width: int = 0) -> Text:
    """``seat``'s status in ``width`` columns as one text (its lines one under the other)."""
    return Text("\n", no_wrap=True).join(status_lines(pv, names, seat, width))
