"""The chart of every player's score over the rounds: one sparkline per player.

The scores come from :attr:`GameSession.rounds` (recorded after every round); the chart only
draws them. All players' bars share one scale, so a taller bar is a higher score; a score
of 0 is a dot on the base line and a score below 0 its number there (over the gap to the
next round when the bar is too narrow for it: "-48" at 80 columns). The rounds come in
groups named by the game (Forum Trajanum's cycles I-III, Trajan's quarters I-IV), given by
the game's screens: the chart names no game.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Sparkline, Static

#: The seats' colours (seat 1 first), bold: every game's chart and Forum Trajanum's boards.
SEAT_STYLE = ("bold #ff87d7", "bold #87ffff", "bold #ffaf5f", "bold #afafff")
#: Rounds per group when the game says nothing else (a cycle, a quarter: four rounds).
PER_GROUP = 4
#: The width of the bars' scale when nobody says how many rounds it has.
ROUNDS = 12
BARS = "▁▂▃▄▅▆▇█"


def column_width(width: int, rounds: int = ROUNDS) -> int:
    """Characters per round in a chart ``width`` characters wide (at least 1)."""
    return max(1, width // rounds)


def below_zero(value: float, width: int, room: int = 0) -> str:
    """A score below 0 in a bar ``width`` characters wide, with ``room`` characters for the
    whole column (the bar and the gap after it): its number in the bar where it fits ("-4"),
    else over the gap too ("-48" in a column of 3: sixteen rounds at 80 columns), else
    minus signs (the chart's note names the lowest score), so it never looks like a score
    of 0 (a dot) or a gap. The cell is ``width`` long, or ``room`` when it takes the gap."""
    number = str(value)
    if len(number) <= width:
        return number.ljust(width)
    return number if len(number) <= room else "-" * width


class SharedScaleBars:
    """Bars for up to 12 rounds, scaled to ``top`` (not to the series' own maximum)."""

    def __init__(
        self, data: Sequence[float], top: int, width: int, height: int, style: str,
        rounds: int = ROUNDS,
    ):  # fmt: skip
        self.data, self.top, self.width, self.height = data, max(top, 1), width, max(height, 1)
        self.style = Style.parse(style)
        self.rounds = rounds

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        w = column_width(self.width, self.rounds)
        bar_w = w - 1 if w >= 3 else w  # a gap between rounds where there is room
        steps = len(BARS) * self.height
        # eighths of the whole height each round's bar reaches; at least a sliver above 0
        shown = self.data[: self.rounds]
        levels = [max(1, round(v * steps / self.top)) if v > 0 else 0 for v in shown]
        # a number may take the gap after its bar unless the next round's is a number too:
        # "-11" then "-9" would read "-11-9"
        rooms = [bar_w if n + 1 < len(shown) and shown[n + 1] < 0 else w for n in range(len(shown))]
        for line in reversed(range(self.height)):
            low = line * len(BARS)
            for value, level, room in zip(shown, levels, rooms, strict=True):
                if value < 0 and line == 0:
                    cell = below_zero(value, bar_w, room)
                elif level == 0 and line == 0:
                    cell = "·" * bar_w  # a score of 0: a dot on the base line, not a gap
                elif level <= low:
                    cell = " " * bar_w
                elif level >= low + len(BARS):
                    cell = BARS[-1] * bar_w
                else:
                    cell = BARS[level - low - 1] * bar_w
                yield Segment(cell, self.style)
                yield Segment(" " * (w - len(cell)))  # the gap, unless a number took it
            yield Segment(" " * max(0, self.width - w * len(levels)))
            if line:
                yield Segment.line()


class ScoreLine(Sparkline):
    """One player's score after each round, on the chart's shared scale."""

    DEFAULT_CSS = """
    ScoreLine { width: 1fr; height: 1; }
    """

    def __init__(
        self, data: Sequence[int], top: int, style: str, *, id: str | None = None,
        rounds: int = ROUNDS,
    ):  # fmt: skip
        super().__init__(list(data), id=id)
        self.top, self.style, self.rounds = top, style, rounds

    def render(self) -> SharedScaleBars:
        return SharedScaleBars(
            self.data or [], self.top, self.size.width, self.size.height, self.style, self.rounds
        )


class RoundAxis(Static):
    """Round numbers under the bars and the cycle each group of four rounds belongs to."""

    DEFAULT_CSS = """
    RoundAxis { width: 1fr; height: 1; }
    """

    def __init__(self, groups: Sequence[str], per_group: int = PER_GROUP) -> None:
        super().__init__()
        self.groups, self.per_group = tuple(groups), per_group

    def render(self) -> Text:
        rounds = len(self.groups) * self.per_group
        w = column_width(self.size.width, rounds)
        text = Text(style="#a0a0a0")
        for r in range(rounds):
            cycle, n = self.groups[r // self.per_group], r % self.per_group + 1
            if w >= 6:
                label = f"{cycle}.{n}"
            elif w >= 4 and n == 1:
                label = cycle  # the first round of a cycle names the cycle
            else:
                label = str(n)
            # cycles alternate bold and plain, so the groups of four stand apart
            text.append(label.ljust(w)[:w], style="" if r // self.per_group % 2 else "bold #d0d0d0")
        return text


class ScoreChart(Vertical):
    """Every player's score after each round: a name, a sparkline and the latest score."""

    DEFAULT_CSS = """
    ScoreChart { height: auto; max-width: 120; }
    ScoreChart .chart-row { height: auto; }
    ScoreChart .chart-name { width: 14; }
    ScoreChart .chart-score { width: 8; text-align: right; }
    ScoreChart #chart-title { color: #ffd75f; text-style: bold; }
    ScoreChart #chart-note { color: #a0a0a0; width: 100%; }
    """

    def __init__(
        self, history: Sequence[Sequence[int]], names: Sequence[str], *, id: str | None = None,
        groups: Sequence[str], per_group: int = PER_GROUP, styles: Sequence[str] = SEAT_STYLE,
    ) -> None:  # fmt: skip
        """``history``: per finished round, every player's score by seat; ``groups``: the
        names of the groups of ``per_group`` rounds (Forum Trajanum's cycles I-III, Trajan's
        quarters I-IV); ``styles``: each seat's colour."""
        super().__init__(id=id)
        self.groups, self.per_group = tuple(groups), per_group
        self.seat_styles = tuple(styles)
        self.rounds = len(self.groups) * per_group
        self.history = [tuple(scores) for scores in history][: self.rounds]
        self.names = list(names)

    def show(self, history: Sequence[Sequence[int]]) -> None:
        """Draw ``history`` instead (the replay moves through the game); rebuilt only when
        it changed."""
        history = [tuple(scores) for scores in history][: self.rounds]
        if history != self.history:
            self.history = history
            self.refresh(recompose=True)

    def series(self, seat: int) -> list[int]:
        """Seat ``seat``'s score after each recorded round."""
        return [scores[seat] for scores in self.history]

    def compose(self) -> ComposeResult:
        top = max((max(scores) for scores in self.history), default=0)
        yield Label("Score after each round", id="chart-title")
        for seat, name in enumerate(self.names):
            style = self.seat_styles[seat % len(self.seat_styles)]
            series = self.series(seat)
            latest = series[-1] if series else 0
            with Horizontal(classes="chart-row"):
                yield Label(Text(f"{seat + 1} {name}"[:13], style=style), classes="chart-name")
                yield ScoreLine(series, top, style, id=f"chart-{seat}", rounds=self.rounds)
                yield Label(f"{latest} VP", classes="chart-score")
        with Horizontal(classes="chart-row"):
            yield Label("round", classes="chart-name")
            yield RoundAxis(self.groups, self.per_group)
            yield Label("", classes="chart-score")
        played = len(self.history)
        note = f"full bar = {top} VP, the highest score; " if top >= 0 else ""
        low = min((min(scores) for scores in self.history), default=0)
        if low < 0:  # the lowest in full, whatever the columns' width
            note += f"a number = a score below 0 (the lowest: {low} VP); "
        note += "one column per round" if played else "no round is finished yet"
        yield Label(note, id="chart-note")
