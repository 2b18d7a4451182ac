"""The help screen's parts that every game shares: two-column tables of symbols or keys and
their meanings, the legend's sections, and :class:`HelpPages`, what a game puts in the help
screen's four tabs (keys, legend, rules, rulings). The help screen itself is
:class:`forum_trajanum.tui.dialogs.HelpScreen`; the texts are each game's (in its ``ui``
package): this module names no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

#: A row of the help's tables: a symbol (or a key) and what it means.
Row = tuple[str, str]


def entries(rows: list[Row]) -> Table:
    """Symbols and their meanings in two columns; a long meaning wraps in its column."""
    table = Table.grid(padding=(0, 2))
    # as wide as the longest symbol (at least 12, so that the sections line up), never cut
    width = max([12, *(cell_len(symbol) for symbol, _ in rows)])
    table.add_column(width=width, style="bold", no_wrap=True)
    table.add_column()
    for symbol, meaning in rows:
        table.add_row(symbol, meaning)
    return table


def legend_sections(sections: Iterable[tuple[str, list[Row]]]) -> Group:
    """A legend: each section's title, then its rows in two columns, indented."""
    parts: list = []
    for title, rows in sections:
        parts.append(Text(title, style="bold #ffd75f"))
        parts.append(Padding(entries(rows), (0, 0, 1, 2)))
    return Group(*parts)


@dataclass(frozen=True)
class HelpPages:
    """What a game shows in the help screen's four tabs: its keys, its legend, its rules in
    player words and its rulings (each a mark and a text), with a note under them. The legend
    and the rules are made when the help opens (``legend()``, ``rules()``)."""

    keys: Sequence[Row] = ()
    legend: Callable[[], RenderableType] = Text
    rules: Callable[[], str | Text] = str
    rulings: Sequence[Row] = ()
    #: Under the rulings (where the game's data come from, say); "" for nothing.
    notice: str = ""
