"""The screens every screen of the program is built on: Textual's :class:`Screen` and
:class:`ModalScreen` whose ``dismiss`` acts only while the screen is the one on top.

Keys sent quickly reach a screen after it has closed: the app forwards each key to the
focused widget's queue when the key arrives, and the widget handles it later, when an earlier
key may have closed its screen already (Enter twice on a dialog, a digit twice on the
choose-a-game list). Textual's ``dismiss`` then pops whichever screen is on top now, not the
one dismissed: the game's screen, the start menu, at last the bottom of the stack, and the
app's next switch of screens fails (``IndexError: pop from empty list`` in ``switch_screen``,
``ScreenStackError``). A screen that is no longer the active one already had its answer (or
was replaced): its late dismiss has no result and pops nothing. (This was a patch of
Textual's ``Screen.dismiss`` for the whole process; a class of the program's own says it
where it is used: ``tests/tui/test_screenbase.py`` checks that every screen is one.)

A screen's work asked for after its next repaint (``call_after_refresh``) is not done once
the screen has closed: a key of the same burst may close a dialog before its first repaint
(t then Escape on Forum Trajanum's Trajan cards, whose scroll to the current card then found
none of its widgets: ``NoMatches``, random keys).

Their frames come as soon as asked for once a frame's time has passed since the last one
(:class:`~forum_trajanum.tui.compat.FrameTimer`): Textual's own timer could leave a change
waiting up to two frames' time after a pause.
"""

from __future__ import annotations

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen, ScreenResultType
from textual.timer import Timer

from forum_trajanum.tui.compat import frame_timer


def _on_top(screen: Screen) -> bool:
    return screen.is_attached and screen.app.screen is screen


class _WhileOpen:
    """``call_after_refresh`` whose callback does nothing once the screen has closed."""

    def call_after_refresh(self, callback, *args, **kwargs) -> bool:
        screen = self

        def while_open(*given, **named):
            if not screen.is_attached:
                return None
            return callback(*given, **named)

        return super().call_after_refresh(while_open, *args, **kwargs)  # type: ignore[misc]


class OwnScreen(_WhileOpen, Screen[ScreenResultType]):
    """A full screen of the program: its ``dismiss`` acts only while it is on top."""

    @property
    def _update_timer(self) -> Timer:  # Textual's name: its frames, each asked for at once
        return frame_timer(self)

    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        if not _on_top(self):
            return AwaitComplete.nothing()
        return super().dismiss(result)


class OwnModalScreen(_WhileOpen, ModalScreen[ScreenResultType]):
    """A dialog of the program: its ``dismiss`` acts only while it is on top."""

    @property
    def _update_timer(self) -> Timer:  # as OwnScreen's
        return frame_timer(self)

    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        if not _on_top(self):
            return AwaitComplete.nothing()
        return super().dismiss(result)
