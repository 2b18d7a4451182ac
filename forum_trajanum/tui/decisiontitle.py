"""The line above a play screen's choices (the shell's, for every game): what the decision is.

In the compact layout (80x24) it has a fixed number of lines that never grows: the notes (a
message, a hint's line) come first on them, whole, then what of the decision's words fits,
the last line cut with "…" where more did not (cropped, it stopped mid-sentence with nothing to
say so). Wider, it shows the decision's words whole; the screen shows the notes elsewhere.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from forum_trajanum.tui.render import show_changed
from forum_trajanum.tui.textlines import notes_first


class DecisionTitle(Static):
    """The decision's words above the choices (see the module's docstring)."""

    def width(self) -> int:
        """The width its words are wrapped at."""
        return self.content_size.width or self.size.width or self.app.size.width

    def show(self, words: Text, notes: Text | None = None, lines: int = 0) -> Text:
        """Show ``words``; with ``lines`` (the compact layout), ``notes`` first on that many
        lines and what of ``words`` fits after them. Returns what it shows."""
        text = notes_first(notes or Text(), words, self.width(), lines) if lines else words
        show_changed(self, text)
        return text


__all__ = ["DecisionTitle"]
