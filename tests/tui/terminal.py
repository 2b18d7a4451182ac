"""What a terminal shows of a headless app: each frame the app paints is applied to a grid of
characters, as a terminal applies it (only the lines and spans a frame repaints change).

``screen_strips`` renders the whole screen afresh from the widgets; a terminal keeps whatever
no frame repainted. The two differ exactly when a frame forgets a part of the screen that
changed (issue 27, point 3: the previous decision's entries left under a new list)."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console
from rich.segment import ControlType

from forum_trajanum.tui.compat import on_frame, screen_strips

#: Seconds a test waits for the terminal to show the screen after a key: a frame still to
#: come is painted long before (even on a busy machine); a line a frame forgot stays for good.
SETTLED = 5.0


class Terminal:
    """The characters a terminal of the app's size shows, frame after frame."""

    def __init__(self, app) -> None:
        self.app = app
        width, height = app.size
        self.rows = [[" "] * width for _ in range(height)]
        self._console = Console(width=width, file=io.StringIO(), color_system=None)
        on_frame(app, self.apply)

    def apply(self, update) -> None:
        """Write one frame (a compositor update: cursor moves and text) onto the grid."""
        x = y = 0
        width, height = len(self.rows[0]), len(self.rows)
        for segment in update.__rich_console__(self._console, self._console.options):
            if segment.control:
                for control in segment.control:
                    if control[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = control[1], control[2]
                continue
            if segment.text == "\n":
                x, y = 0, y + 1
                continue
            for char in segment.text:
                cells = max(cell_len(char), 1)
                if 0 <= y < height and 0 <= x < width:
                    self.rows[y][x] = char
                    if cells == 2 and x + 1 < width:
                        self.rows[y][x + 1] = ""  # the second cell of a wide character
                x += cells

    def lines(self) -> list[str]:
        """The terminal's lines now."""
        return ["".join(row) for row in self.rows]

    def differences(self) -> list[tuple[int, str, str]]:
        """(row, on the terminal, on the screen) for each line the terminal shows otherwise
        than the app's screen is now."""
        shown = [strip.text for strip in screen_strips(self.app.screen)]
        return [
            (y, line, screen.ljust(len(line)))
            for y, (line, screen) in enumerate(zip(self.lines(), shown, strict=False))
            if line != screen.ljust(len(line))
        ]
