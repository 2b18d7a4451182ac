"""The decision list of the play screens (both games' lists are one)."""

from __future__ import annotations

from time import monotonic

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList


def follows(before: tuple | None, now: tuple) -> bool:
    """Whether the decision ``now`` -- (its kind, whose it is, the game's number of actions)
    -- follows ``before`` as the same decision: the same kind for the same seat one step on,
    or back by an undo. Only then does a list keep its highlight on the same choice; any
    other list starts at its top, whose entry gives nothing away (a screen that shows one kind
    of decision now and then, the payment at each cycle's end, would otherwise keep a
    highlight from long ago)."""
    return before is not None and before[:2] == now[:2] and abs(now[2] - before[2]) <= 1


class DecisionList(OptionList):
    """The list of a player's choices. It can be held: for a moment it ignores being chosen.

    A hand-over screen is dismissed with Enter, and so is a choice made. A second Enter that
    follows the first too fast (a double press, a key repeat) must not take the first choice
    of the decision that has just appeared. Terminals report no key releases, so a short
    time is the only sign of "a new, deliberate press"; :meth:`hold` starts it.
    """

    #: The list's size comes from the stylesheet, never from its entries: new entries need
    #: a repaint, not a layout of the whole screen (Textual's reactive asks for one). A
    #: scroll bar that appears or goes still asks for a layout (``show_vertical_scrollbar``).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._held_until = 0.0

    def on_resize(self) -> None:
        """A list made shorter (a hint's line, a whole choice below it) keeps its highlighted
        choice in view."""
        self.scroll_to_highlight()

    def hold(self, seconds: float) -> None:
        """Ignore Enter and clicks on an option for ``seconds`` from now."""
        self._held_until = monotonic() + seconds

    @property
    def held(self) -> bool:
        """Whether choosing is ignored now."""
        return monotonic() < self._held_until

    def action_select(self) -> None:  # Enter; a click on an option calls it too
        if not self.held:
            super().action_select()
