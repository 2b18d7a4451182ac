"""The decision list of the play screens (both games' lists are one)."""

from __future__ import annotations

from time import monotonic

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from forum_trajanum.tui.compat import event_clock
from forum_trajanum.tui.keys import ENTRY_KEYS
from forum_trajanum.tui.textlines import Hanging


def follows(before: tuple | None, now: tuple) -> bool:
    """Whether the decision ``now`` -- (its kind, whose it is, the game's number of actions)
    -- follows ``before`` as the same decision: the same kind for the same seat one step on,
    or back by an undo. Only then does a list keep its highlight on the same choice; any
    other list starts at its top, whose entry gives nothing away (a screen that shows one kind
    of decision now and then, the payment at each cycle's end, would otherwise keep a
    highlight from long ago)."""
    return before is not None and before[:2] == now[:2] and abs(now[2] - before[2]) <= 1


#: The keys that choose in a list: its entries' keys and Enter.
CHOICE_KEYS = frozenset((*ENTRY_KEYS, "enter"))

#: Seconds at most for which a list that was chosen from ignores keys when no new decision
#: comes (a choice refused with a message leaves the same list).
SPENT_AT_MOST = 1.0

#: Entries' drawings a list keeps (more: it starts afresh rather than grow).
KEPT_RENDERS = 1000


def prompt_key(prompt: object) -> tuple:
    """What an entry's words look like, for the list's kept drawings: a text by its words,
    styles and how it wraps; anything else by itself (the drawing is kept with it)."""
    if isinstance(prompt, Hanging):
        return ("hanging", prompt.indent, prompt_key(prompt.text))
    if isinstance(prompt, Text):
        return ("text", prompt.plain, tuple(prompt.spans), str(prompt.style), prompt.justify,
                prompt.overflow, prompt.no_wrap, prompt.end, prompt.tab_size)  # fmt: skip
    if isinstance(prompt, str):
        return ("str", prompt)
    return ("object", id(prompt))


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
        #: A choice was made from this list: until the next decision is on screen (or
        #: :data:`SPENT_AT_MOST` has passed), keys and clicks choose nothing.
        self._spent_until = 0.0
        #: When the list was first painted after a choice (Textual's clock, as a key's time):
        #: a key typed before it was typed for the list before.
        self._shown_at = 0.0
        #: The option a hint names, kept in view instead of the highlighted one.
        self._in_view: int | None = None
        #: Entries drawn before, by what they show, where and how (:meth:`_get_option_render`).
        self._renders: dict[tuple, tuple[object, list[Strip]]] = {}
        #: The width the list's lines were laid out for, and whether the resize being handled
        #: kept it (:meth:`_on_resize`).
        self._laid_out_width: int | None = None
        self._same_width = False

    def _get_option_render(self, option: Option, style) -> list[Strip]:
        """An entry's lines, drawn once for what it shows, its place, style and width: Textual
        draws every entry again for each new set of entries (and after each resize), and an
        entry's drawing is a good part of a move's repaint (an undo brings the entries of a
        decision back; a list grown by a row draws the same entries again)."""
        padding = self.get_component_styles("option-list--option").padding
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        prompt = option.prompt
        index = self._option_to_index.get(option)
        key = (prompt_key(prompt), index, style, padding, width, option._divider)
        kept = self._renders.get(key)
        if kept is not None and (key[0][0] != "object" or kept[0] is prompt):
            return kept[1]
        strips = super()._get_option_render(option, style)
        if len(self._renders) >= KEPT_RENDERS:
            self._renders.clear()
        self._renders[key] = (prompt, strips)
        return strips

    def notify_style_update(self) -> None:
        self._renders.clear()  # the list's styles changed: its entries are drawn anew
        super().notify_style_update()

    def _on_resize(self) -> None:
        """OptionList's handler of a resize (Textual calls each class's own, this one first):
        its caches hold each entry's lines and the list's lines laid out for the list's
        width, and it cleared them and repainted the whole list at every resize. At 80x24 a
        board update that changes the number of choices makes the list taller or shorter:
        the frame showing the update was followed, a frame later, by a repaint of the same
        lines. A new height keeps them (:meth:`_clear_caches`); a new width, a scroll bar
        that comes or goes, clears them as before. This class's own :meth:`on_resize` is
        called from here (Textual calls one handler of a class, the private one first)."""
        width = self.scrollable_content_region.width
        self._same_width = width == self._laid_out_width
        self._laid_out_width = width
        self.on_resize()

    def _clear_caches(self) -> None:
        """OptionList's: cleared, but not by a resize that kept the width (the lines are
        laid out for the width alone, :meth:`_on_resize`)."""
        if self._same_width:
            self._same_width = False
            return
        super()._clear_caches()

    def on_resize(self) -> None:
        """A list made shorter (a hint's line, a whole choice below it) keeps its highlighted
        choice in view (or the entry a hint names, :meth:`show_index`)."""
        if self._in_view is not None:
            self._bring_into_view(self._in_view)
        else:
            self.scroll_to_highlight()

    def show_index(self, index: int) -> None:
        """Scroll so the option at ``index`` is in view, the highlight staying where it is
        (a hint names an entry below the list's rows: QA at 80x24). Until the highlight
        moves or the options change, a resize keeps it in view."""
        self._in_view = index
        self._bring_into_view(index)

    def _bring_into_view(self, index: int) -> None:
        if not self.is_mounted or not 0 <= index < self.option_count:
            return
        y = self._index_to_line.get(index)
        if y is None:
            return
        height = self._heights[index]
        self.scroll_to_region(
            Region(0, y, self.scrollable_content_region.width, height),
            force=True,
            animate=False,
            immediate=True,
        )

    def watch_highlighted(self, highlighted: int | None) -> None:
        self._in_view = None  # the player moved: the highlight is what stays in view
        super().watch_highlighted(highlighted)

    def clear_options(self):
        self._in_view = None
        return super().clear_options()

    def hold(self, seconds: float) -> None:
        """Ignore Enter and clicks on an option for ``seconds`` from now."""
        self._held_until = monotonic() + seconds

    @property
    def held(self) -> bool:
        """Whether choosing is ignored now."""
        return monotonic() < max(self._held_until, self._spent_until)

    def spend(self) -> None:
        """A choice was made from the list: keys that follow (typed for this list, or queued
        while the next one is drawn) choose nothing until :meth:`arm_when_shown` has seen the
        next decision on screen."""
        self._spent_until = monotonic() + SPENT_AT_MOST

    def arm_when_shown(self) -> None:
        """The list shows a decision: keys choose in it from its first paint on (keys queued
        before that paint are handled before it, while the list is still spent)."""
        self.call_after_refresh(self._arm)

    def _arm(self) -> None:
        if self._spent_until:
            self._spent_until = 0.0
            self._shown_at = event_clock()

    def on_key(self, event: events.Key) -> None:
        """A choice key (a digit, a letter, Enter) typed before the list on screen was
        painted, or while its choice goes to the game, is dropped: it was typed for the list
        before (the screen's keys of the entries are checked after the list has seen it)."""
        if event.key in CHOICE_KEYS and (self.held or event.time < self._shown_at):
            event.stop()
            event.prevent_default()

    def action_select(self) -> None:  # Enter; a click on an option calls it too
        if not self.held:
            super().action_select()
