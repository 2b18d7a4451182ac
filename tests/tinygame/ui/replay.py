"""Tiny's replay viewer: step through a saved game by action, both ways.

An unfinished game is shown as an onlooker sees it (``view(state, -1)``: hands are counts);
a finished one has no secrets left, so every hand is shown and the log tells the cards each
player played and drew. Keys: left/right one action, home/end the start and the end; Escape
or q closes."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from forum_trajanum.core.game import GAMES
from forum_trajanum.core.timeline import Timeline
from tests.tinygame.ui.screens import board_text


class TinyReplay:
    """A record replayed once: the state and the log lines after every action."""

    def __init__(self, record) -> None:
        self.record = record
        self.game = GAMES.get(record.game)
        timeline = Timeline(record, self.game)
        self.states = [timeline.state.clone()]
        self.lines: list[list[tuple[int, str]]] = [[]]
        secrets = []
        for step in timeline:
            self.states.append(step.after.clone())
            self.lines.append(list(step.lines))
            secrets.append(list(step.secret))
        self.finished = self.game.is_over(timeline.state)
        if self.finished:  # no secrets left: what each player alone knew is told too
            for lines, secret in zip(self.lines[1:], secrets, strict=True):
                lines += secret
        self.problem = timeline.problem

    @property
    def length(self) -> int:
        return len(self.states) - 1

    def names(self) -> list[str]:
        return [name or f"Player {seat + 1}" for seat, name in enumerate(self.record.names)]


class TinyReplayScreen(Screen[None]):
    """Step through a Tiny record; Escape or q closes it."""

    BINDINGS = [
        Binding("right", "step(1)", "Action"),
        Binding("left", "step(-1)", "Back"),
        Binding("home", "jump(0)", "Start", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, replay: TinyReplay) -> None:
        super().__init__()
        self.replay = replay
        self.position = 0

    def compose(self) -> ComposeResult:
        yield Static(id="replay-where")
        yield Static(id="replay-board")
        yield Static(Text("←/→ action · Home/End · q close"), id="replay-keys")

    def on_mount(self) -> None:
        self.draw()

    def go(self, position: int) -> None:
        self.position = min(max(position, 0), self.replay.length)
        self.draw()

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_jump(self, where: int) -> None:
        self.go(self.replay.length if where < 0 else where)

    def action_close(self) -> None:
        self.dismiss(None)

    def draw(self) -> None:
        replay, names = self.replay, self.replay.names()
        state = replay.states[self.position]
        shown = state if replay.finished else replay.game.view(state, -1)
        where = Text(f"Action {self.position} of {replay.length}", style="bold")
        if not replay.finished:
            where.append(" · an unfinished game: hands are not shown")
        for seat, text in replay.lines[self.position]:
            where.append("\n" + (f"{names[seat]} {text}" if seat >= 0 else text))
        self.query_one("#replay-where", Static).update(where)
        self.query_one("#replay-board", Static).update(board_text(shown, names))


def replay_screen(found) -> TinyReplayScreen:
    """The replay viewer of a Tiny game read from a file (the core's ReadRecord, or a
    record)."""
    return TinyReplayScreen(TinyReplay(getattr(found, "record", found)))
