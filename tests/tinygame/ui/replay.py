"""Tiny's replay viewer: step through a saved game by action, both ways.

An unfinished game is shown as an onlooker sees it (``view(state, -1)``: hands are counts);
a finished one has no secrets left, so every hand is shown and the log tells the cards each
player played and drew. The stepping and its keys are the shell's (tui/replaystepper.py)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from forum_trajanum.core.replay import Replay
from forum_trajanum.tui.replaystepper import ReplayStepper
from tests.tinygame.ui.screens import board_text


class TinyReplay(Replay):
    """A Tiny record replayed once: the core's replay, with names for nameless seats."""

    def names(self) -> list[str]:
        return [name or f"Player {seat + 1}" for seat, name in enumerate(self.record.names)]


class TinyReplayScreen(ReplayStepper):
    """Step through a Tiny record; Escape or q closes it."""

    def compose(self) -> ComposeResult:
        yield Static(id="replay-where")
        yield Static(id="replay-board")
        yield Static(Text("←/→ action · Home/End · q close"), id="replay-keys")

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        replay, names = self.replay, self.replay.names()
        state = replay.state_at(self.position)
        shown = state if replay.full else replay.game.view(state, -1)
        where = Text(f"Action {self.position} of {replay.length}", style="bold")
        if not replay.full:
            where.append(" · an unfinished game: hands are not shown")
        if self.position:  # the last action's lines (once finished, its player's own too)
            step = replay.steps[self.position - 1]
            for seat, text, _ in replay.lines_of(step):
                where.append("\n" + (f"{names[seat]} {text}" if seat >= 0 else text))
        self.query_one("#replay-where", Static).update(where)
        self.query_one("#replay-board", Static).update(board_text(shown, names))


def replay_screen(found) -> TinyReplayScreen:
    """The replay viewer of a Tiny game read from a file (the core's ReadRecord, or a
    record)."""
    return TinyReplayScreen(TinyReplay.of(getattr(found, "record", found)))
