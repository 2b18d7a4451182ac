"""Trajan's replay viewer: step through a saved game by action, turn and round, both ways.

It shows the game as an onlooker sees it (``view(state, -1)``): hands are counts and the
face-down piles are hidden. A finished game has no secrets left, so then every hand is shown
(the full state) and the log names the cards each player drew. The panels are the play
screen's (:mod:`forum_trajanum.games.trajan.ui.panels`): the action circle of the seat
chosen with tab or 1-4, the board, the provinces, the construction district, the players and
the log.

Keys: left/right one action, [ ] one turn, page up/down one round, home/end the start and the
end; tab or 1-4 the seat whose circle is shown; c b m d p l the panels; Esc or q closes.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from forum_trajanum.core.replay import Replay, ReplayStep
from forum_trajanum.games.trajan.engine.view import view
from forum_trajanum.games.trajan.ui.panels import PANEL_KEYS, PANEL_TITLES, panel_text
from forum_trajanum.games.trajan.ui.playdata import TrajanData
from forum_trajanum.games.trajan.ui.statusline import status_line
from forum_trajanum.tui.replaystepper import ReplayStepper
from forum_trajanum.tui.textlines import cut_to_lines

#: Below this many columns one panel shows at a time; from here the circle stays on the left.
WIDE = 120


class TrajanReplay(Replay):
    """A Trajan record replayed once (:meth:`of`): the core's replay, each action's section
    the (quarter, round) it was taken in, as the game's log heads it."""

    def names(self) -> list[str]:
        return list(self.record.names)

    def said(self, step: ReplayStep, names: list[str]) -> list[str]:
        """A step's lines in words, each named by its own seat (a quarter's end or the final
        scoring tells every seat's figures under that seat's name); once the game is over,
        what its player alone knew is told too."""
        lines = step.lines + step.secret if self.full else step.lines
        return [f"{names[seat]} {text}" if seat >= 0 else text for seat, text in lines]


class TrajanReplayScreen(ReplayStepper):
    """Step through a Trajan record; Escape or q closes it."""

    MIN_SIZE = (80, 24)
    DEFAULT_CSS = """
    TrajanReplayScreen { layout: vertical; }
    TrajanReplayScreen #r-status { height: auto; background: $boost; }
    TrajanReplayScreen #r-where { height: auto; padding: 0 1; color: #ffd7af; }
    TrajanReplayScreen #r-body { height: 1fr; }
    TrajanReplayScreen .r-box { height: 1fr; border: round $primary 50%; }
    TrajanReplayScreen #r-keys { height: 1; background: $boost; }
    """
    BINDINGS = [
        *(Binding(key, f"panel('{panel}')", show=False) for panel, key in PANEL_KEYS.items()),
    ]

    replay: TrajanReplay

    def __init__(self, replay: TrajanReplay, position: int = 0) -> None:
        super().__init__(replay, position)
        self.panel = "circle"

    def compose(self) -> ComposeResult:
        yield Static(id="r-status")
        yield Static(id="r-where")
        with Horizontal(id="r-body"):
            with VerticalScroll(id="r-circle-box", classes="r-box"):
                yield Static(id="r-circle")
            with VerticalScroll(id="r-panel-box", classes="r-box"):
                yield Static(id="r-panel")
        yield Static(
            Text(  # whole in 80 columns (how to close it was cut off there)
                "←→ action  [ ] turn  PgUp/Dn round  Home/End  Tab seat  c b m d p l  q close",
                no_wrap=True,
                overflow="ellipsis",
            ),
            id="r-keys",
        )

    def on_mount(self) -> None:
        self.draw()

    def on_resize(self) -> None:
        self.draw()

    # --- the panel shown ----------------------------------------------------------------

    def action_panel(self, panel: str) -> None:
        self.panel = panel
        self.draw()

    # --- drawing -----------------------------------------------------------------------

    def _log(self) -> list[str]:
        lines, when = [], None
        replay = self.replay
        names = replay.names()
        for step in replay.steps[: self.position]:
            if step.section != when:
                when = step.section
                lines.append(f"── {replay.game.period_name(when)} ──")
            lines += replay.said(step, names)
        return lines

    def draw(self) -> None:
        replay = self.replay
        state = replay.state_at(self.position)
        step = replay.steps[self.position - 1] if self.position else None
        names = replay.names()
        # a finished game shows everything; an unfinished one what an onlooker may know
        shown = state if replay.full else view(state, -1)
        data = TrajanData(shown, names, list(replay.record.bots), self._log(), home=self.seat)
        width = self.size.width or self.app.size.width
        self.query_one("#r-status", Static).update(status_line(data, width))
        where = Text()
        where.append(f"Action {self.position} of {replay.length}", style="bold")
        if not replay.full:
            where.append(" · an unfinished game: hands are not shown")
        if replay.problem:
            where.append(f" · {replay.problem}", style="bold red")
        if step is not None:
            said = replay.said(step, names) or [f"{names[step.seat]}: (no words)"]
            met = self.sections_met()
            if met is not None:  # the last action shown closed the section before this one
                ended, begins = (replay.game.period_name(section) for section in met)
                where.append(f"\n{begins} begins.", style="bold")
                where.append(f" The last action before it ({ended}):")
            where.append("\n" + "; ".join(said))
        # as many lines as it needs up to a quarter of the screen, then cut with where the
        # rest is (QA at 80 columns: the last action's narration stopped mid-word, no "…")
        height = self.size.height or self.app.size.height
        where = cut_to_lines(where, width - 2, max(3, height // 4), "l: the log has it all")
        self.query_one("#r-where", Static).update(where)
        wide = self.size.width >= WIDE
        circle_box = self.query_one("#r-circle-box")
        panel_box = self.query_one("#r-panel-box")
        panel = self.panel
        if wide:
            circle_box.display = True
            panel = "board" if panel == "circle" else panel
        else:
            circle_box.display = panel == "circle"
        panel_box.display = wide or panel != "circle"
        circle_box.border_title = Text(f"{names[self.seat]}'s action circle (tab: next seat)")
        self.query_one("#r-circle", Static).update(panel_text(data, "circle"))
        panel_box.border_title = Text(PANEL_TITLES[panel])
        self.query_one("#r-panel", Static).update(panel_text(data, panel))
        if panel == "log":
            panel_box.call_after_refresh(panel_box.scroll_end, animate=False)


def replay_screen(record) -> TrajanReplayScreen:
    """The replay viewer for a Trajan record (the app's and ``forum-trajanum replay``'s)."""
    return TrajanReplayScreen(TrajanReplay.of(record))
