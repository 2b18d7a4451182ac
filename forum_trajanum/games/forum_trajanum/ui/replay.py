"""The replay viewer: step through a saved game by action, turn and round, both ways.

It shows the board as an onlooker sees it (``view(state, -1)``). A finished game has no
secrets left, so then the Colonia shown is its owner's own view (the tiles a draft took are
visible at once) and a line under it says what that player alone knew at that moment (hand,
kept, passed and received tiles, river tile), and the log shows what each draft took, kept
and passed. An unfinished game shows only what an onlooker may know.

Keys: left/right one action, shift+left/right or [ ] one turn, page up/down one round, home/end
the start and the end; tab or 1-4 the seat whose Colonia is shown; c f s l the Colonia, Forum,
scores per round and log panels. Below 120 columns one panel shows at a time (80x24 works);
from 120 columns the Colonia stays on the left and the other panel is on the right.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import ContentSwitcher, Static

from forum_trajanum.games.forum_trajanum.engine import PlayerView, view
from forum_trajanum.games.forum_trajanum.engine.replay import (
    GameReplay,
    Section,
    cycle_name,
    street_words,
)
from forum_trajanum.games.forum_trajanum.engine.rules import DECISION_TITLES
from forum_trajanum.games.forum_trajanum.engine.view import ColoniaView
from forum_trajanum.games.forum_trajanum.engine.words import (
    CYCLE_NUMERALS,
    PLAY_WORDS,
    SCORING_WORDS,
    tile_words,
)
from forum_trajanum.games.forum_trajanum.ui.forumgrid import ForumGrid
from forum_trajanum.games.forum_trajanum.ui.panels import supply_text
from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid

# --- the one adapter to the play screen's board widgets ------------------------------------
# The play screen's widgets are being redesigned (branch ui); this screen touches them only
# here, so that a change of their API is an edit of these few lines.
from forum_trajanum.tui.chart import ScoreChart
from forum_trajanum.tui.replaystepper import ReplayStepper
from forum_trajanum.tui.textlines import cut_to_lines


def colonia_widget() -> ColoniaGrid:
    """The widget that draws a Colonia (cursor and legal marks unused here)."""
    grid = ColoniaGrid(id="replay-colonia")
    grid.can_focus = False  # the replay's keys (arrows, Enter) are the screen's
    return grid


def show_colonia(widget: ColoniaGrid, colonia: ColoniaView, side: str, title: str) -> None:
    # the grid draws the board only; its top border the title (plain text: it holds a name)
    widget.border_title = Text(title)
    widget.show(colonia, side)


def forum_widget() -> ForumGrid:
    """The widget that draws the Forum."""
    forum = ForumGrid(id="replay-forum")
    forum.border_title = "Forum"
    return forum


def show_forum(widget: ForumGrid, pv: PlayerView) -> None:
    widget.show(pv)


def supply(colonia: ColoniaView) -> Text:
    """Resources, tracks, ship, reserve, score and cranes of a Colonia, in words."""
    return supply_text(colonia)


# --- the screen ------------------------------------------------------------------------------

KEYS = Text.from_markup(  # whole in 80 columns (Home/End: the start, the end)
    "[b]←→[/] action  [b][ ][/] turn  [b]PgUp/Dn[/] round  [b]↑↓[/] scroll  [b]Tab[/] seat  "
    "[b]c f s l[/] panels  [b]q[/] close"
)


def category_words(key: str) -> str:
    """A scoring category in the log's words ("Trajan card", not the record's field name)."""
    return {**SCORING_WORDS, **PLAY_WORDS}.get(key, key.replace("_", " "))


WIDE = 120  # from this many columns the Colonia and another panel show side by side


class ReplayScreen(ReplayStepper):
    """Step through a :class:`GameReplay`; Escape or q closes it."""

    #: Smaller than the game's own minimum: the app lets this screen show at 80x24.
    MIN_SIZE = (80, 24)
    #: Below 30 rows (80x24) the Colonia has one-line cells: its six rows stay in view under
    #: the lines above it (QA at 80x24, issue 36: row VI was cut).
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    #replay-title { height: 1; background: #202830; }
    #replay-where { height: 2; padding: 0 1; }
    #replay-last { height: auto; min-height: 3; padding: 0 1; color: #ffd7af; }
    #replay-last { border-bottom: solid #303840; }
    #replay-body { height: 1fr; }
    #replay-left, #replay-right { height: 1fr; width: 1fr; }
    #replay-left { min-width: 74; }
    #replay-colonia { height: 14; padding: 0 1; border-top: solid #303840; }
    ReplayScreen.-short #replay-colonia { height: 8; }
    #replay-forum { height: auto; padding: 0 1; border-top: solid #303840; }
    #replay-supply, #replay-hands, #replay-scores, #replay-log { height: auto; padding: 0 1; }
    #replay-hands { color: #ffd7af; }
    #replay-keys { height: 1; background: #202830; }
    ReplayScreen ContentSwitcher { height: 1fr; }
    """

    BINDINGS = [
        # the panel in view scrolls (the key bar names them: QA at 80x24, issue 36)
        Binding("down", "scroll_panel(1)", "Scroll", show=False, priority=True),
        Binding("up", "scroll_panel(-1)", "Scroll", show=False, priority=True),
        Binding("c", "panel('colonia')", "Colonia"),
        Binding("f", "panel('forum')", "Forum"),
        Binding("s", "panel('scores')", "Scores"),
        Binding("l", "panel('log')", "Log"),
    ]

    replay: GameReplay

    def __init__(self, replay: GameReplay, position: int = 0) -> None:
        super().__init__(replay, position)
        self.panel = "colonia"
        self.right_panel = "forum"  # what the right column shows while the Colonia is chosen
        self._log_lines = self._all_log_lines()
        self._score_rows = self._section_ends()

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title")
        yield Static(id="replay-where")
        yield Static(id="replay-last")
        with Horizontal(id="replay-body"):
            with VerticalScroll(id="replay-left"):
                yield Static(id="replay-hands")  # short; first, so that 80x24 shows it
                yield colonia_widget()
                yield Static(id="replay-supply")
            with ContentSwitcher(initial="panel-forum", id="replay-right"):
                with VerticalScroll(id="panel-forum"):
                    yield forum_widget()
                with VerticalScroll(id="panel-scores"):
                    names = [self.replay.name(seat) for seat in range(self.replay.players)]
                    yield ScoreChart(
                        self.round_history(), names, id="replay-chart", groups=CYCLE_NUMERALS
                    )
                    yield Static(id="replay-scores")
                with VerticalScroll(id="panel-log"):
                    yield Static(id="replay-log")
        yield Static(KEYS, id="replay-keys")

    def on_mount(self) -> None:
        self.query_one("#replay-left").can_focus = False
        self.draw()

    def on_resize(self, event) -> None:
        self.place_panels()
        self.show_last()

    # --- the seat and the panel shown -------------------------------------------------------

    def action_pick_seat(self, seat: int) -> None:
        if 0 <= seat < self.replay.players:
            self.seat = seat
            if self.panel != "colonia" and not self.wide:
                self.panel = "colonia"
            self.draw()

    def action_scroll_panel(self, lines: int) -> None:
        """↑↓: scroll the panel in view (below 120 columns) or the right one (from there)."""
        shown = self.right_panel if self.panel == "colonia" else self.panel
        box = "#replay-left" if self.panel == "colonia" and not self.wide else f"#panel-{shown}"
        self.query_one(box, VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_panel(self, name: str) -> None:
        self.panel = name
        if name != "colonia":
            self.right_panel = name
        self.draw()

    # --- drawing ---------------------------------------------------------------------------

    @property
    def wide(self) -> bool:
        return self.size.width >= WIDE

    def place_panels(self) -> None:
        """One panel at a time below WIDE columns; the Colonia and another one from there."""
        left = self.query_one("#replay-left")
        right = self.query_one("#replay-right", ContentSwitcher)
        shown = self.right_panel if self.panel == "colonia" else self.panel
        right.current = f"panel-{shown}"
        if self.wide:
            left.display = right.display = True
        else:
            left.display = self.panel == "colonia"
            right.display = self.panel != "colonia"
        if self.panel == "log" or (self.wide and shown == "log"):
            self.query_one("#panel-log", VerticalScroll).scroll_end(animate=False)

    def draw(self) -> None:
        replay, position = self.replay, self.position
        state = replay.state_at(position)
        public = view(state, -1)
        seat = self.seat
        own = view(state, seat) if replay.full else public
        colonia = own.colonias[seat]
        self.query_one("#replay-title", Static).update(self.title_text(public))
        self.query_one("#replay-where", Static).update(self.where_text(public))
        self.show_last()
        title = f"Colonia of {replay.seat_label(seat)} (seat {seat + 1}; tab: next seat)"
        show_colonia(self.query_one(ColoniaGrid), colonia, public.options.side, title)
        self.query_one("#replay-supply", Static).update(supply(colonia))
        self.query_one("#replay-hands", Static).update(self.hands_text(colonia))
        show_forum(self.query_one(ForumGrid), public)
        self.query_one(ScoreChart).show(self.round_history())
        self.query_one("#replay-scores", Static).update(self.scores_table())
        self.query_one("#replay-log", Static).update(self.log_text())
        self.place_panels()

    def title_text(self, pv: PlayerView) -> Text:
        replay = self.replay
        text = Text()
        text.append(" REPLAY ", style="bold reverse")
        scores = "  ".join(
            f"{replay.name(c.seat)} {c.score}" for c in pv.colonias
        )  # scores are public
        text.append(f"  {scores}   ")
        if replay.full:
            text.append("finished: everything shown", style="italic #afafaf")
        else:
            text.append("unfinished: what an onlooker may know", style="italic #afafaf")
        return text

    def where_text(self, pv: PlayerView) -> Text:
        replay, position = self.replay, self.position
        section = replay.section_at(position)
        text = Text()
        if position >= replay.length and replay.finished:
            heading = "Game over"
        elif pv.cycle == 0:
            heading = "Setup"
        else:
            heading = section.title()
            street = street_words(pv.street)
            if street and section.part == "round":
                heading += f" ({street})"
        text.append(heading, style="bold")
        text.append(f"   action {position} of {replay.length}")
        if replay.problem:
            text.append(f"   ({replay.problem})", style="#ff8700")
        text.append("\n")
        if pv.decider >= 0:
            what = DECISION_TITLES.get(pv.decision, pv.title)
            text.append(f"Next: {replay.name(pv.decider)} — {what}")
        elif replay.finished:
            places = " · ".join(
                f"{n}. " + " and ".join(replay.name(s) for s in seats)
                for n, seats in enumerate(pv.ranking, start=1)
            )
            text.append(f"Final ranking: {places}")
        return text

    def show_last(self) -> None:
        """What the action just replayed did, in as many lines as it needs up to a quarter of
        the screen; cut beyond that with where the rest is (never silently)."""
        width, height = self.size.width or self.app.size.width, self.size.height or 24
        last = self.last_text()
        last.rstrip()  # no empty line after the last one
        text = cut_to_lines(last, width - 2, max(3, height // 4), "l: the log")
        self.query_one("#replay-last", Static).update(text)

    def last_text(self) -> Text:
        """What the action just replayed did (the game's start before the first one)."""
        text = Text()
        if self.position == 0:
            text.append("The game is set up. → or ] to step forward.", style="italic")
            return text
        step = self.replay.steps[self.position - 1]
        lines = self.replay.lines_of(step)
        met = self.sections_met()
        if met is not None:  # the last action shown closed the section before this one
            ended, begins = met
            text.append(f"{begins.title()} begins.", style="bold")
            before = ended.title()
            text.append(f" The last action before it ({before[:1].lower()}{before[1:]}):\n")
        if not lines:
            text.append(f"{step.number}. {self.replay.name(step.seat)}: (a secret draft step)")
        for seat, line, secret in lines:
            style = "italic" if secret else ""
            mark = " ~ " if secret else ". "
            text.append(f"{step.number}{mark}{self.replay.name(seat)}: {line}\n", style=style)
        if step.scoring is not None:
            text.append(f"Scoring of cycle {cycle_name(step.section.cycle)}: see s", style="bold")
        return text

    def hands_text(self, colonia: ColoniaView) -> Text:
        """What the shown player alone knew at this moment (a finished game only)."""
        text = Text()
        if not self.replay.full:
            return text
        parts = []
        if colonia.taken:
            hand = ", ".join(
                f"{cell} {tile_words(kind)}"
                for cell, kind in zip(colonia.taken_cells, colonia.taken, strict=False)
            )
            parts.append(f"in hand {hand}")
        for label, kind in (
            ("kept", colonia.kept),
            ("passed", colonia.passed),
            ("received", colonia.received),
            ("river tile", colonia.river),
        ):
            if kind:
                parts.append(f"{label} {tile_words(kind)}")
        if parts:
            text.append(f"Known to {self.replay.name(colonia.seat)} alone then: ", style="bold")
            text.append("; ".join(parts))
        return text

    def scores_table(self) -> Table:
        """Every player's score at the end of each round so far (the score over the rounds):
        a row per cycle and player, a column per round and the cycle's scoring."""
        replay = self.replay
        # the chart above says "Score after each round" (QA: the heading was shown twice)
        table = Table(title="In numbers, cycle by cycle", box=None, padding=(0, 1))
        table.add_column("cycle")
        table.add_column("player")
        for title in ("r1", "r2", "r3", "r4", "scored"):
            table.add_column(title, justify="right")
        cells: dict[tuple[int, str], tuple[int, ...]] = {}
        for end, section, scores in self._score_rows:
            if end <= self.position and section.cycle > 0:
                key = "scored" if section.part == "scoring" else f"r{section.round}"
                cells[section.cycle, key] = scores
        for cycle in (1, 2, 3):
            if not any(c == cycle for c, _ in cells):
                continue
            for seat in range(replay.players):
                row = [
                    str(cells[cycle, key][seat]) if (cycle, key) in cells else ""
                    for key in ("r1", "r2", "r3", "r4", "scored")
                ]
                table.add_row(
                    cycle_name(cycle) if seat == 0 else "", Text(replay.name(seat)[:12]), *row
                )
        if not cells:
            table.caption = "no round finished yet"
        return table

    def round_history(self) -> list[tuple[int, ...]]:
        """Every player's score after each round finished by now, as the game's own chart
        has them: a cycle's fourth round counts once the cycle's scoring is over."""
        history = []
        rows = self._score_rows
        for i, (end, section, scores) in enumerate(rows):
            if end > self.position or section.cycle == 0:
                continue
            # a fourth round waits for its cycle's scoring, unless the scoring asked nobody
            # anything (then this round's last action already scored the cycle)
            follows = rows[i + 1][1] if i + 1 < len(rows) else None
            scored_next = follows is not None and follows.part == "scoring"
            unscored = follows is None and not self.replay.full  # scoring may be to come
            if section.part == "scoring" or section.round < 4 or not (scored_next or unscored):
                history.append(scores)
        return history

    def _section_ends(self) -> list[tuple[int, Section, tuple[int, ...]]]:
        """(position at its end, section, scores then) per section of the game."""
        rows = []
        steps = self.replay.steps
        for i, step in enumerate(steps):
            if i + 1 == len(steps) or steps[i + 1].section != step.section:
                rows.append((i + 1, step.section, step.scores))
        return rows

    def _all_log_lines(self) -> list[tuple[int, str]]:
        """(action number, line) for every line the replay may show, in order."""
        replay = self.replay
        out: list[tuple[int, str]] = []
        section = None
        for step in replay.steps:
            if step.section != section:
                section = step.section
                out.append((step.number, f"— {section.title()} —"))
            for seat, line, secret in replay.lines_of(step):
                mark = "~" if secret else " "
                out.append((step.number, f"{step.number:>4}{mark}{replay.name(seat)}: {line}"))
            if step.scoring is not None:
                scored = ", ".join(
                    f"{replay.name(seat)} {sum(parts.values())} ("
                    + ", ".join(f"{category_words(key)} {value}" for key, value in parts.items())
                    + ")"
                    for seat, parts in enumerate(step.scoring)
                )
                cycle = cycle_name(step.section.cycle)
                out.append((step.number, f"Scoring of cycle {cycle}: {scored}"))
        return out

    def log_text(self) -> Text:
        """The log up to the current action (the last 200 lines)."""
        lines = [line for number, line in self._log_lines if number <= self.position]
        text = Text()
        for line in lines[-200:]:
            text.append(line + "\n")
        if not lines:
            text.append("Nothing played yet.", style="italic")
        return text


def replay_screen(found) -> ReplayScreen:
    """The replay viewer of a Forum Trajanum game read from a file (``found``: the core's
    ``ReadRecord``); a save damaged part-way replays its readable part and says what was
    lost."""
    replay = GameReplay.of(found.record)
    damage = found.damage()
    if damage and not replay.problem:
        replay.problem = f"the save is damaged: {damage}"
    return ReplayScreen(replay)
