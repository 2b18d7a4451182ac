"""The decision panel of a play screen (the shell's, for every game): what the decision is,
its choices, the hint's line and a message.

:class:`DecisionPanel` holds the shell's parts of it:

- the line above the choices (:class:`~forum_trajanum.tui.decisiontitle.DecisionTitle`), on
  which the compact layout (80x24) puts a message first;
- the list of choices (:class:`~forum_trajanum.tui.decisionlist.DecisionList`: its keys 1-9
  and A-Z, its hold after a choice);
- the hint's line (:class:`~forum_trajanum.tui.hintline.HintLine`, or a game's subclass);
- the message line below the list, where the layout has a row for it.

A game words the decision and fills the list; it may add parts of its own (:meth:`parts`: Forum
Trajanum's line with a cut choice whole) and panels below them (``below``: Trajan's circle and
log from 120 columns). The panel decides nothing about the game: a choice goes up from the
list as Textual's ``OptionList.OptionSelected``, and the game's screen posts the action.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from forum_trajanum.tui.decisionlist import DecisionList
from forum_trajanum.tui.decisiontitle import DecisionTitle
from forum_trajanum.tui.hintline import HintLine
from forum_trajanum.tui.render import show_changed

#: List entries a panel keeps made (:meth:`DecisionPanel.kept_option`; more: it starts afresh
#: rather than grow).
KEPT_OPTIONS = 500


class DecisionPanel(Vertical):
    """The decision panel: the shell's parts (see the module's docstring), a game's own
    parts among them (:meth:`parts`) and its panels below them (``below``)."""

    def __init__(
        self,
        *,
        hint: HintLine | None = None,
        message_id: str = "message",
        below: Iterable[Widget] = (),
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.title_line = DecisionTitle(id="decision-title")
        self.choice_list = DecisionList(id="decisions")
        self.hint_line = hint if hint is not None else HintLine(id="hint")
        self.message_line = Static(id=message_id)
        self._below = list(below)
        #: The message shown (:meth:`show_message`), under the list or first above it.
        self.message: Text | str = ""
        #: List entries made before, with the words each was made with (:meth:`kept_option`).
        self._kept_options: dict[Hashable, tuple[Option, object]] = {}

    def parts(self) -> Iterator[Widget]:
        """The panel's parts from the top: the decision's words, the hint's line, the list,
        the message. A game overrides it to add or order its own."""
        yield self.title_line
        yield self.hint_line
        yield self.choice_list
        yield self.message_line

    def compose(self) -> ComposeResult:
        yield from self.parts()
        yield from self._below

    # --- the words ------------------------------------------------------------------------

    def show_title(self, words: Text, notes: Text | None = None, lines: int = 0) -> Text:
        """The decision's words above the list; with ``lines`` (the compact layout) ``notes``
        (a message, a hint's line) first on that many lines. Returns what it shows."""
        return self.title_line.show(words, notes, lines)

    def show_message(self, message: Text | str, *, on_title: bool, keep_line: bool) -> bool:
        """Keep ``message`` (:attr:`message`) and show it on the line below the list, unless
        it goes first on the decision's lines (``on_title``: the compact layout, where no
        row is spare; the game shows the title again). ``keep_line``: the line keeps its
        row while empty (a list that grew and shrank by a row at each message was laid out
        and drawn twice). Returns whether the message changed."""
        changed = str(message) != str(self.message)
        self.message = message
        line = self.message_line
        text = Text("") if on_title else message
        shown = not on_title and (keep_line or bool(str(text)))
        if line.display != shown:
            line.display = shown
        show_changed(line, text)  # a long message takes several lines
        return changed

    # --- the list -------------------------------------------------------------------------

    def kept_option(self, key: Hashable, make: Callable[[], Option]) -> Option:
        """The list entry for ``key``, made by ``make`` once: one shown before is taken again
        (an undo brings back the entries of a decision; Textual measures and draws a new
        entry afresh), unless its words were replaced meanwhile (a highlighted choice shown
        whole)."""
        kept = self._kept_options.get(key)
        if kept is None or kept[0].prompt is not kept[1]:
            if len(self._kept_options) > KEPT_OPTIONS:  # old decisions' entries: afresh
                self._kept_options.clear()
            option = make()
            kept = self._kept_options[key] = (option, option.prompt)
        return kept[0]

    def entry_ids(self) -> list[str]:
        """The ids of the list's entries, from the top (a legal action's text, a group's)."""
        lst = self.choice_list
        return [lst.get_option_at_index(n).id or "" for n in range(lst.option_count)]

    def highlighted_id(self) -> str | None:
        """The id of the highlighted entry, or None."""
        lst = self.choice_list
        index = lst.highlighted
        if index is None or index >= lst.option_count:
            return None
        return lst.get_option_at_index(index).id

    def entry_at_key(self, number: int) -> str | None:
        """The id of the entry with the key ``number`` (1-9, then A-Z), or None: none has
        it, or the list holds its keys after a choice (:meth:`DecisionList.hold`)."""
        lst = self.choice_list
        if lst.held or not 0 < number <= lst.option_count:
            return None
        return lst.get_option_at_index(number - 1).id or ""

    def choose_highlighted(self) -> None:
        """Take the highlighted entry, as Enter in the list does (not while it is held)."""
        self.choice_list.action_select()


__all__ = ["DecisionPanel"]
