"""The scoring after a cycle and the end of the game: points by category and by cycle, the
winner, the final boards and the chart of the scores over the rounds.

Every number comes from the engine's public view (``scorings``, ``points``, ``cycle_points``,
``ranking`` and its tie-break values) or from the scores the session recorded after each
round; the tie-breaks, their order and their words are the engine's
(:data:`~forum_trajanum.games.forum_trajanum.engine.scoring.TIE_BREAKS`); these screens only arrange
and word them.
"""

from __future__ import annotations

from collections.abc import Sequence
from time import monotonic

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.widgets import Label, Static, TabbedContent, TabPane

from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.games.forum_trajanum.engine.scoring import TIE_BREAKS, RankKey
from forum_trajanum.games.forum_trajanum.engine.state import TRAJAN_CARDS_KEY
from forum_trajanum.games.forum_trajanum.engine.words import CYCLE_NUMERALS
from forum_trajanum.games.forum_trajanum.ui.forumgrid import ForumGrid
from forum_trajanum.games.forum_trajanum.ui.panels import supply_text
from forum_trajanum.games.forum_trajanum.ui.widgets import SEAT_STYLE, ColoniaGrid
from forum_trajanum.tui.chart import ScoreChart
from forum_trajanum.tui.gamescreens import FlowScreen
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.screenbase import OwnScreen
from forum_trajanum.tui.scrollmark import MoreMarked

#: Points scored at the end of a cycle, by category (keys of the view's ``scorings``);
#: short column titles, so that a table fits 80 columns; SCORING_NOTES says what they count.
SCORING_CATEGORIES = {
    "cranes": "Cranes",
    "colonia": "Colonia",
    "eagles": "Eagles",
    "area": "Area",
    TRAJAN_CARDS_KEY: "Trajan",
}
#: Points scored during play (keys of a Colonia's ``points`` and of each cycle's record).
PLAY_CATEGORIES = {
    "column": "Columns",
    "tracks": "Tracks",
    "bonus": "Bonus",
}
#: What each column of a cycle's table counts, in a player's words (under the tables).
SCORING_NOTES = (
    "Play: VP scored during the cycle's rounds (triumphal columns, finished tracks, area "
    "bonuses taken as 2 VP).  "
    "Cranes: VP per structure of an uncovered crane's colour, once per crane.  "
    "Colonia: per row, its different gray buildings times (1 + its active citizens).  "
    "Eagles: 2 VP per envoy on a Forum eagle, 1 VP per envoy next to one.  "
    "Area: the largest connected group of your envoys in the Forum.  "
    "Trajan: the cycle's Trajan card, building and collection tasks.  "
    "Cycle: all the VP of the cycle, play and scoring."
)
#: ... and the points scored during play, by kind.
PLAY_NOTES = (
    "Columns: triumphal columns built.  Tracks: benefit tracks finished.  "
    "Bonus: area bonuses taken as 2 VP."
)


def seat_text(seat: int, names: Sequence[str]) -> Text:
    """A player's seat number and name in the seat's colour (the number says it without)."""
    return Text(f"{seat + 1} {names[seat]}", style=SEAT_STYLE[seat % len(SEAT_STYLE)])


def _table(title: str, columns: Sequence[str]) -> Table:
    table = Table(
        title=title,
        title_style="bold #ffd75f",
        title_justify="left",
        box=box.SIMPLE_HEAVY,
        pad_edge=False,
        # two spaces between columns, one (the box's own) in the whole game's table of ten:
        # every table fits 80 columns with its headers whole (a long name is shortened)
        padding=0 if len(columns) > 8 else (0, 1, 0, 0),
    )
    table.add_column("Player", no_wrap=True, max_width=12)
    for column in columns:
        table.add_column(column, justify="right", no_wrap=True)
    return table


def cycle_table(pv: PlayerView, cycle: int, names: Sequence[str], totals: bool) -> Table:
    """The points of ``cycle`` (1-3): rows = players; columns = the VP scored during its
    rounds, each category of its scoring, and their sum (the engine's record of the cycle
    holds both, so the columns add up to the cycle's points). ``totals`` adds the score."""
    breakdown = pv.scorings[cycle - 1]
    columns = ["Play", *SCORING_CATEGORIES.values(), "Cycle"]
    if totals:
        columns.append("Score")
    table = _table(f"Scoring of cycle {CYCLE_NUMERALS[cycle - 1]}", columns)
    for seat, parts in enumerate(breakdown):
        play = sum(parts.get(key, 0) for key in PLAY_CATEGORIES)
        cells: list[str | Text] = [str(play)]
        cells += [str(parts.get(key, 0)) for key in SCORING_CATEGORIES]
        cells.append(Text(str(sum(parts.values())), style="bold"))
        if totals:
            cells.append(Text(str(pv.colonias[seat].score), "bold"))
        table.add_row(seat_text(seat, names), *cells)
    return table


def game_table(pv: PlayerView, names: Sequence[str]) -> Table:
    """The whole game: rows = players, columns = every source of points and the total."""
    sources = {**PLAY_CATEGORIES, **SCORING_CATEGORIES}
    table = _table("The whole game, by category", [*sources.values(), "Total"])
    for colonia in pv.colonias:
        table.add_row(
            seat_text(colonia.seat, names),
            *[str(colonia.points.get(key, 0)) for key in sources],
            Text(str(colonia.score), style="bold"),
        )
    return table


def cycles_table(pv: PlayerView, names: Sequence[str]) -> Table:
    """Points per cycle (scoring and play together): rows = players, columns = cycles."""
    table = _table("The whole game, by cycle", [*(f"Cycle {c}" for c in CYCLE_NUMERALS), "Total"])
    for colonia in pv.colonias:
        table.add_row(
            seat_text(colonia.seat, names),
            *[str(points) for points in colonia.cycle_points],
            Text(str(colonia.score), style="bold"),
        )
    return table


class ScoringScreen(MoreMarked, FlowScreen):
    """The scoring of one cycle: rows = players, columns = categories; and the score chart
    (what is below the fold at 80x24, the key bar says, and that ↓ or PgDn shows it)."""

    MORE_BOX = "#scoring-scroll"

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]
    DEFAULT_CSS = """
    ScoringScreen #scoring-scroll { height: 1fr; padding: 0 1; }
    ScoringScreen .results-note { color: #a0a0a0; margin-top: 1; }
    ScoringScreen #scoring-chart { margin-top: 1; }
    ScoringScreen.-tall ScoreLine { height: 2; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]

    def __init__(
        self,
        pv: PlayerView,
        cycle: int,
        names: Sequence[str],
        history: Sequence[Sequence[int]] = (),
        hold: float = 0.0,
    ) -> None:
        """``hold``: seconds for which Enter does not close the screen (the key that ended the
        cycle, pressed twice, must not skip its scoring unseen)."""
        super().__init__()
        self.pv, self.cycle, self.names = pv, cycle, list(names)
        self.history = list(history)
        self._held_until = monotonic() + hold

    @property
    def held(self) -> bool:
        """Whether the screen still ignores Enter."""
        return monotonic() < self._held_until

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scoring-scroll"):
            yield Static(cycle_table(self.pv, self.cycle, self.names, totals=True))
            yield ScoreChart(self.history, self.names, id="scoring-chart", groups=CYCLE_NUMERALS)
            yield Static(f"{SCORING_NOTES}  Score: the total so far.", classes="results-note")
            yield Label("Press Enter to continue.")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#scoring-scroll").focus()
        self.mark_more()

    def action_close(self) -> None:
        if not self.held:
            self.dismiss(None)


def winner_text(
    places: Sequence[Sequence[int]], keys: Sequence[RankKey], names: Sequence[str]
) -> Text:
    """Who won, in words, and, when the scores were level, how the tie was broken."""
    first = list(places[0])
    score = keys[first[0]].score
    text = Text()
    if len(first) == 1:
        text.append(f"{names[first[0]]} wins", style="bold #ffd75f")
        text.append(f" with {score} VP.")
    else:
        who = " and ".join(names[s] for s in first)
        text.append(f"{who} share the victory", style="bold #ffd75f")
        text.append(f" with {score} VP each: the same {' and '.join(TIE_BREAKS)}.")
    level = [s for place in places[1:] for s in place if keys[s].score == score]
    if level and len(first) == 1:
        winner = keys[first[0]]
        others = " and ".join(names[s] for s in level)
        verb = "has" if len(level) == 1 else "have"
        # the first tie-break on which the winner is ahead; the ones before it were level
        n = next(n for n, tie in enumerate(TIE_BREAKS) if tie.of(winner) != tie.of(keys[level[0]]))
        decisive = TIE_BREAKS[n]
        against = ", ".join(str(decisive.of(keys[s])) for s in level)
        reason = "".join(f"the same {tie} ({tie.of(winner)}) and " for tie in TIE_BREAKS[:n])
        reason += f"more {decisive} ({decisive.of(winner)} against {against})"
        text.append(f"\n{others} {verb} {score} VP too; {names[first[0]]} wins with {reason}.")
    return text


def ranking_table(
    places: Sequence[Sequence[int]], keys: Sequence[RankKey], names: Sequence[str]
) -> Table:
    """Places with the rank keys: the score, then each tie-break's value."""
    table = Table(
        title="Final ranking",
        title_style="bold #ffd75f",
        title_justify="left",
        box=box.SIMPLE_HEAVY,
        pad_edge=False,
    )
    table.add_column("Place", justify="right")
    table.add_column("Player", no_wrap=True)
    table.add_column("VP", justify="right")
    for tie in TIE_BREAKS:
        table.add_column(tie.capitalize(), justify="right")
    for place, seats in enumerate(places, start=1):
        for seat in seats:
            table.add_row(
                f"{place}." + (" (shared)" if len(seats) > 1 else ""),
                seat_text(seat, names),
                Text(str(keys[seat].score), style="bold"),
                *(str(tie.of(keys[seat])) for tie in TIE_BREAKS),
            )
    return table


def tie_break_note() -> str:
    """The ranking's rule in words: most VP, then each tie-break in order."""
    ties = ", then ".join(
        f"most {tie}" + (f" ({tie.detail})" if tie.detail else "") for tie in TIE_BREAKS
    )
    return f"Most VP wins; level players: {ties}."


class GameOverScreen(MoreMarked, OwnScreen[None]):
    """The end: the winner; tabs for the ranking and chart, the points by cycle and
    category, and the final boards (every Colonia and the Forum). What a tab holds below the
    fold (at 80x24) the key bar says, and that ↓ or PgDn shows it."""

    MORE_BOX = "TabPane > VerticalScroll"

    BINDINGS = [
        Binding("1", "tab('ranking')", "Ranking"),
        Binding("2", "tab('points')", "Points"),
        Binding("3", "tab('boards')", "Boards"),
        # not Enter: a player pressing Enter through the last steps must not skip the result
        Binding("q,escape", "menu", "Menu"),
    ]
    DEFAULT_CSS = """
    GameOverScreen #winner { padding: 0 1; height: auto; }
    GameOverScreen TabbedContent { height: 1fr; }
    GameOverScreen TabPane { padding: 0 1; height: 1fr; }
    GameOverScreen TabPane > VerticalScroll { height: 1fr; }
    GameOverScreen .results-note { color: #a0a0a0; margin-top: 1; }
    GameOverScreen #final-chart { margin-top: 1; }
    GameOverScreen .final-board { height: auto; width: 74; }
    GameOverScreen #final-boards { height: auto; layout: grid; grid-size: 1; grid-gutter: 1 2;
                                   grid-rows: auto; }
    GameOverScreen.-wide #final-boards { grid-size: 2; }
    GameOverScreen ForumGrid { height: auto; width: auto; }
    GameOverScreen.-tall ScoreLine { height: 3; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (152, "-wide")]

    def __init__(
        self, pv: PlayerView, names: Sequence[str], history: Sequence[Sequence[int]] = ()
    ) -> None:
        """``pv``: the final public view (its ``ranking`` and ``rank_keys`` are the engine's
        final places and tie-break values); ``history``: the scores after each round."""
        super().__init__()
        self.pv, self.names, self.history = pv, list(names), list(history)
        self.places = [list(place) for place in pv.ranking]
        self.keys = pv.rank_keys

    def compose(self) -> ComposeResult:
        pv, names = self.pv, self.names
        yield Static(winner_text(self.places, self.keys, names), id="winner")
        with TabbedContent(initial="ranking"):
            with TabPane("1 Ranking", id="ranking"), VerticalScroll():
                yield Static(ranking_table(self.places, self.keys, names))
                yield Static(tie_break_note(), classes="results-note")
                yield ScoreChart(self.history, names, id="final-chart", groups=CYCLE_NUMERALS)
            with TabPane("2 Points", id="points"), VerticalScroll():
                for cycle in (1, 2, 3):
                    yield Static(cycle_table(pv, cycle, names, totals=False))
                yield Static(game_table(pv, names))
                yield Static(cycles_table(pv, names))
                yield Static(f"{SCORING_NOTES}  {PLAY_NOTES}", classes="results-note")
            with (
                TabPane("3 Final boards", id="boards"),
                VerticalScroll(),
                Container(id="final-boards"),
            ):
                forum = ForumGrid(id="final-forum")
                forum.can_focus = False
                with Vertical(classes="final-board"):
                    yield Label(Text("The Forum", style="bold #ffd75f"))
                    yield forum
                for colonia in pv.colonias:
                    grid = ColoniaGrid(id=f"final-colonia-{colonia.seat}", classes="board-grid")
                    grid.can_focus = False  # to look at, not to choose
                    with Vertical(classes="final-board"):
                        title = f"Colonia of {names[colonia.seat]} (seat {colonia.seat + 1})"
                        yield Label(Text(title, style=SEAT_STYLE[colonia.seat % 4]))
                        yield grid
                        yield Static(supply_text(colonia))
        yield KeyBar()

    def on_mount(self) -> None:
        pv = self.pv
        self.query_one("#final-forum", ForumGrid).show(pv)
        for colonia in pv.colonias:
            grid = self.query_one(f"#final-colonia-{colonia.seat}", ColoniaGrid)
            grid.show(colonia, pv.options.side)
        self.focus_pane()
        self.mark_more()

    def _tabs(self) -> TabbedContent | None:
        """The tabs, or None while the screen has none (keys typed on while it is being
        closed: a random-key test once found a tab key there, and a traceback)."""
        found = self.query(TabbedContent)
        return found.first() if found else None

    def more_box(self):
        """The shown tab's scroll area."""
        tabs = self._tabs()
        pane = tabs.active_pane if tabs is not None else None
        return pane.query_one(VerticalScroll) if pane is not None else None

    def focus_pane(self) -> None:
        """Focus the shown tab's scroll area, so that arrows and PgUp/PgDn scroll it."""
        box = self.more_box()
        if box is not None:
            box.focus()

    def action_tab(self, pane: str) -> None:
        tabs = self._tabs()
        if tabs is None:
            return
        tabs.active = pane
        self.focus_pane()
        self.call_after_refresh(self.show_more)  # another tab: what it holds below

    def action_menu(self) -> None:
        from forum_trajanum.tui.messages import GameLeft

        self.post_message(GameLeft())
