"""The status line of a play screen (the shell's, for every game): one or two lines at the
screen's top saying when it is and where the player stands. A game gives its words as a
function of the width (its layout changes with the width: words from 120 columns, short
forms below); the line writes them again for its own width when the terminal is resized, so
no screen has to remember to redraw it.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from forum_trajanum.tui.render import show_changed

#: A game's status words for a width (in columns).
StatusWords = Callable[[int], Text]


class StatusLine(Static):
    """The status line: fed :attr:`words` (reactive), written for its width."""

    #: The game's words for a width; None: nothing yet. Setting it writes the line.
    words: reactive[StatusWords | None] = reactive(None, init=False, repaint=False)

    def watch_words(self) -> None:
        self._write()

    def on_resize(self) -> None:
        self._write()

    def clear(self) -> None:
        """Nothing shown (a hand-over covers the screen) until words are given again."""
        self.set_reactive(StatusLine.words, None)
        show_changed(self, "", layout=False)

    def _write(self) -> None:
        words = self.words
        if words is None or not self.is_attached:
            return
        # a line of fixed height: no layout; unchanged words: no repaint
        show_changed(self, words(self.size.width or self.app.size.width), layout=False)
