"""The status line above the board: cycle, round, street cards, and a player's score and
supply, never cut.

It is written in the longest form that fits the terminal's width, down to a short form that
holds even the largest numbers and street symbols in 80 columns (the player's name is left
out only there: the decision's title names the player too). The legend explains the short
forms.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static

from forum_trajanum.data import COLOURS, STREET_SYMBOLS
from forum_trajanum.engine import PlayerView
from forum_trajanum.replay import cycle_name
from forum_trajanum.tui.widgets import COLOUR_STYLE, SEAT_STYLE


@dataclass(frozen=True)
class Form:
    """One way to write the status line, from the longest to the shortest."""

    cycle: str  # "{c}" cycle, "{r}" round
    streets: str  # the word before the street symbols ("" none)
    name: bool  # the player's name before the score
    supply: tuple[str, str, str, str]  # builders, assistants, coins, tribunes ("{n}")
    sep: str = " "  # between the supply's parts


FORMS = (
    Form("Cycle {c}, round {r} of 4", "streets ", True,
         ("builders {n}", "assistants {n}", "coins {n}", "tribunes {n}"), " │ "),
    Form("Cycle {c} round {r}/4", "streets ", True,
         ("builders {n}", "assist {n}", "coins {n}", "trib {n}")),
    Form("{c} {r}/4", "streets ", True, ("builders {n}", "asst {n}", "coins {n}", "trib {n}")),
    Form("{c} {r}/4", "", True, ("bld {n}", "asst {n}", "coin {n}", "trib {n}")),
    Form("{c} {r}/4", "", False, ("bld {n}", "asst {n}", "coin {n}", "trib {n}")),
)  # fmt: skip


def status_text(pv: PlayerView, names: list[str], seat: int, form: Form) -> Text:
    """The status line of ``seat`` in ``form``."""
    c = pv.colonias[seat]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(" " + form.cycle.format(c=cycle_name(pv.cycle), r=max(pv.round, 1)), "bold")
    text.append(" │ " + form.streets)
    text.append(" ".join(STREET_SYMBOLS[s] for s in pv.street) or "-", style="bold #87d7ff")
    text.append(" │ ")
    if form.name:
        text.append(names[seat] + " ", style=SEAT_STYLE[seat])
    text.append(f"{c.score} VP", style="bold")
    builders, assistants, coins, tribunes = (f.format(n="{}") for f in form.supply)
    text.append(" │ " + builders.format(c.builders) + form.sep)
    workers = " ".join(f"{colour}{n}" for colour, n in zip(COLOURS, c.workers, strict=True))
    if form.sep != " ":
        text.append("workers ")
    for i, part in enumerate(workers.split(" ")):
        text.append(("" if i == 0 else " ") + part, style=COLOUR_STYLE[part[0]])
    for part, n in ((assistants, c.assistants), (coins, c.coins), (tribunes, c.tribunes)):
        text.append(form.sep + part.format(n))
    return text


def status_line(pv: PlayerView, names: list[str], seat: int, width: int = 0) -> Text:
    """The longest form of ``seat``'s status line that fits ``width`` columns (0: the
    longest), else the shortest."""
    for form in FORMS:
        text = status_text(pv, names, seat, form)
        if not width or text.cell_len <= width:
            return text
    return text


class StatusLine(Static):
    """The status line: written again for its width when the terminal is resized."""

    def show(self, pv: PlayerView, names: list[str], seat: int) -> None:
        """Show ``seat``'s status from ``pv``."""
        self._shown = (pv, names, seat)
        self._write()

    def on_resize(self) -> None:
        self._write()

    def _write(self) -> None:
        shown = getattr(self, "_shown", None)
        if shown is None:
            return
        text = status_line(*shown, width=self.size.width or self.app.size.width)
        if getattr(self, "_text", None) != text:
            self._text = text
            self.update(text, layout=False)
