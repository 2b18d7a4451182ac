"""A play screen's hint, for every game: asked for with ``h`` for the view on screen, worked out
in a thread by the game's own suggestion, then shown, shown whole, hidden and shown again.

:class:`Hints` is the one hint worker. The game gives what is its own: the suggestion (a
function of the view on screen, the deciding player's view, which holds only what that player
may know) and what to do with it once it is back (its words, its marks on the board). A hint
belongs to the view it was asked for: the next action, an undo or another player's turn draws
a new view (:meth:`Hints.follow`), and the hint is gone with the old one; a hint worked out
for a view no longer on screen, or given up meanwhile (Escape), is dropped unseen. The
suggestion runs in a worker thread, so the screen keeps answering keys; a suggestion that
fails gives no hint (the game says so) and never stops the game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import Any

from textual.widget import Widget

from forum_trajanum.tui.compat import app_closing

#: What a press of ``h`` did (:meth:`Hints.press`).
ASKED, WHOLE, SHOWN, MORE, HIDDEN = "asked", "whole", "shown", "more", "hidden"


class Hints:
    """The hint of one play screen (or of its hint line): the view it is for, whether it is
    being worked out, what was found, and whether it is kept off the screen.

    ``suggest(view)`` works the hint out (in a thread); ``found(view, hint)`` is called on the
    app's thread when it is back and still wanted (``hint`` None: the suggestion failed).
    ``owner`` is the widget whose workers run it."""

    def __init__(
        self,
        owner: Widget,
        suggest: Callable[[Any], Any],
        found: Callable[[Any, Any], None],
        group: str = "hint",
    ) -> None:
        self._owner = owner
        self._suggest = suggest
        self._found = found
        self._group = group
        #: The view the hint (or the thinking) is for; None: no hint.
        self.view: Any = None
        #: The hint worked out for :attr:`view` (None while thinking, or when none was).
        self.hint: Any = None
        self.thinking = False
        #: The worked-out hint is kept off the screen (h or Escape hid it; h shows it again).
        self.hidden = False
        #: h was pressed again while thinking: the hint is to come whole (not on one line).
        self.whole = False

    def forget(self) -> None:
        """No hint any more, nor thinking about one (a thought still running is dropped)."""
        self.view, self.hint, self.thinking = None, None, False
        self.hidden = self.whole = False

    def follow(self, view) -> None:
        """``view`` is on screen now: forget a hint that is not for it."""
        if self.view is not None and self.view is not view:
            self.forget()

    def ask(self, view) -> bool:
        """Work out a hint for ``view``, the view on screen; False when one is worked out for
        it already (or being worked out)."""
        if self.view is view:
            return False
        self.view, self.hint, self.thinking = view, None, True
        self.hidden = self.whole = False
        self._owner.run_worker(
            partial(self._think, view), thread=True, exclusive=True, group=self._group
        )
        return True

    def _think(self, view) -> None:
        """The suggestion, in a worker thread (the screen keeps answering keys meanwhile)."""
        try:
            hint = self._suggest(view)
        except Exception:  # a bot bug must not stop the game: no hint, and a word why
            hint = None
        # the app may have closed while the hint was worked out: then there is nobody to tell
        with contextlib.suppress(RuntimeError):
            self._owner.app.call_from_thread(self._back, view, hint)

    def _back(self, view, hint) -> None:
        """A hint is back: handed to the game unless it is no longer wanted (another view is
        on screen, it was given up, or the app shuts down)."""
        owner = self._owner
        if app_closing(owner.app) or not owner.is_mounted:
            return  # the app shuts down: its screens are being taken apart
        if self.view is view and self.thinking:
            self._found(view, hint)

    def take(self, view, hint) -> None:
        """The game keeps ``hint`` as the hint for ``view`` (the thinking is over)."""
        self.view, self.hint, self.thinking = view, hint, False

    def hide(self) -> None:
        """The hint off the screen: a worked-out one is kept (h shows it again), thinking
        about one is given up."""
        if self.view is not None and not self.thinking:
            self.hidden = True
        else:
            self.forget()

    def shown(self) -> bool:
        """Whether a hint, or the thinking about one, is on screen."""
        return self.view is not None and not self.hidden

    def worked_out(self) -> bool:
        """Whether a hint is worked out for the view it is for (shown or hidden)."""
        return self.view is not None and not self.thinking

    def press(self, view, grow: bool = False) -> str:
        """What ``h`` does for ``view``, the view on screen: a hidden hint is shown again
        (:data:`SHOWN`); with none, one is asked for (:data:`ASKED`); pressed while thinking,
        the hint is to come whole (:data:`WHOLE`); a shown hint is shown whole where the
        screen can (``grow``: it shows one line of it; :data:`MORE`), else hidden
        (:data:`HIDDEN`). The screen draws what it said."""
        self.follow(view)
        if self.view is view and self.hidden:
            self.hidden = False
            return SHOWN
        if self.ask(view):
            return ASKED
        if self.thinking:
            self.whole = True
            return WHOLE
        if grow:
            return MORE
        self.hide()
        return HIDDEN
