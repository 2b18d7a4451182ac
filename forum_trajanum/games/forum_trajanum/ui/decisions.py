"""The decision panel of the play screen: the list of choices, the line above it, messages.

:class:`DecisionPanel` is a widget of
:class:`forum_trajanum.games.forum_trajanum.ui.playscreen.PlayScreen`: the
screen passes it what to show (:class:`Choices`), and it words the legal actions
(:func:`forum_trajanum.games.forum_trajanum.ui.labels.describe`, with the engine's previews),
numbers them for the
digit keys, keeps the highlight in place when the same kind of decision follows, opens and
closes the groups of a long list and shows a message whole until the next redraw. A choice
goes up as a message (:class:`~forum_trajanum.tui.messages.ActionChosen`); the app decides.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from forum_trajanum.games.forum_trajanum.data import cell_name
from forum_trajanum.games.forum_trajanum.engine.actions import END_TURN, EndTurn
from forum_trajanum.games.forum_trajanum.ui.entries import THEN_GROUP, group_words
from forum_trajanum.games.forum_trajanum.ui.hinting import HINT_MARK, HintPanel
from forum_trajanum.games.forum_trajanum.ui.labels import (
    action_cells,
    decision_context,
    describe,
    forum_cell,
)
from forum_trajanum.games.forum_trajanum.ui.widgets import SEAT_STYLE
from forum_trajanum.tui.decisionlist import follows
from forum_trajanum.tui.decisionpanel import DecisionPanel as ShellDecisionPanel
from forum_trajanum.tui.grouping import BACK_ID, GROUP_ID, group_by_action
from forum_trajanum.tui.keys import ENTRY_KEYS
from forum_trajanum.tui.messages import ActionChosen
from forum_trajanum.tui.render import set_title, show_changed

if TYPE_CHECKING:
    from forum_trajanum.games.forum_trajanum.ui.playdata import PlayData

#: Log lines shown in the decision panel while somebody else (a bot) plays.
WATCH_LINES = 5

#: The action that ends a player's turn (the engine's interned value).
ENDS_TURN = EndTurn.make()


def cell_at(index: int) -> str:
    """A Colonia cell's name from its index (8 -> "C2")."""
    return cell_name(index)


@dataclass
class Choices:
    """What the decision panel shows: the play screen passes it down with each redraw."""

    #: The view, the names, the log, whether undo is possible, the message to show, ...
    data: PlayData
    #: The legal actions of the view, in the engine's order.
    actions: list
    #: Those about no cell of a board, but for the grouped ones.
    other: list
    #: Entries behind one entry of the list (a building step's conversions), by group.
    groups: dict[str, list]
    #: Entries of the screen's own instead of the actions' ((entry id, label) pairs: the
    #: setup's crane colours, corner by corner); choosing one posts
    #: :class:`DecisionPanel.EntryChosen`.
    steps: list[tuple[str, str]] | None = None
    #: Words after the line above the list (the setup's corner and colours chosen so far).
    note: Text | None = None
    #: Whether the line above the list begins with the decision's title (the setup's crane
    #: steps say what to do in their note: the title repeated the coach's, QA at 80x24).
    titled: bool = True
    #: The lines of the line above the list in the compact layout (80x24), notes first: two,
    #: three while the crane colours are chosen (the corner, why its colour matters, the
    #: colours chosen so far; its list has four entries or fewer).
    lines: int = 2
    #: The legal actions by their text: the list's entry ids of actions (any other id is a
    #: group's or one of :attr:`steps`).
    by_text: dict[str, Any] = field(default_factory=dict)
    #: Builds that one conversion makes possible (the engine's ``builds_after_conversion``):
    #: (entry id, label) pairs listed after the builds; choosing one posts
    #: :class:`DecisionPanel.EntryChosen` (the screen plays the conversion, then the build).
    after_conversion: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.by_text:
            self.by_text = {str(a): a for a in self.actions}


class DecisionPanel(ShellDecisionPanel):
    """The decision panel: the shell's (:class:`forum_trajanum.tui.decisionpanel.DecisionPanel`:
    the line above the list, the list of choices, the hint's line, a message), with a cut
    choice whole below the list and the hint's line
    (:class:`~forum_trajanum.games.forum_trajanum.ui.hinting.HintPanel`) below that.

    Attributes down: the screen passes what to show (:meth:`show`), the choices on a board's
    cell to highlight (:meth:`highlight`), a message (:meth:`say`), and its keys' actions
    (:meth:`pick`, :meth:`end_turn`, :meth:`close_group`). Messages up: a legal action chosen
    is posted as :class:`~forum_trajanum.tui.messages.ActionChosen`, an entry of the screen's
    own as :class:`EntryChosen`; a group's entry opens the group here."""

    class EntryChosen(Message):
        """An entry of the screen's own was chosen (:attr:`Choices.steps`)."""

        def __init__(self, entry_id: str) -> None:
            self.entry_id = entry_id
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        hints = HintPanel(id="hint")
        super().__init__(hint=hints, id=id)
        #: The hint's line, with this game's words of a hint.
        self.hints = hints
        #: What the panel shows (None until the screen's first redraw).
        self.choices: Choices | None = None
        #: The group whose entries the list shows instead of the whole decision (None: all).
        self.group_open: str | None = None
        #: A group closed by a choice in it: the next list of the same decision highlights
        #: its entry (the way back into it), not the top.
        self._back_to_group: str | None = None
        #: The decision the open group is of: another one closes it.
        self._group_of_view: tuple = ()
        #: The choices on one board cell the list shows instead of the whole decision (Enter
        #: on a cell with several): (the cell's name, its legal actions' texts); None: all.
        self.cell_open: tuple[str, tuple[str, ...]] | None = None
        self._cell_legal: tuple = ()
        self._cell_actions: list = []
        #: The entries and the hint mark the list shows.
        self._shown_entries: tuple | None = None
        #: The decision the list was last filled for: (its kind, its seat, the game's step).
        self._shown_decision: tuple | None = None
        self.full_line = Static(id="choice-full")
        #: While set, the line above the list waits to be written (:meth:`_title_once`).
        self._title_held = False

    @property
    def shown(self) -> Choices:
        """The choices shown (the screen's redraws give them before anything reads them)."""
        if self.choices is None:
            raise LookupError("the decision panel shows no choices yet")
        return self.choices

    def parts(self) -> Iterator[Widget]:
        yield self.title_line
        yield self.choice_list
        yield self.full_line
        yield self.hints
        yield self.message_line

    def show(self, choices: Choices) -> None:
        """Show ``choices`` (the screen redraws): the line above the list, whose choice it
        is (the panel's title), the list, the message and the hint's line."""
        self.choices = choices
        self.hints.combined = choices.after_conversion
        pv = choices.data.view
        key = (pv.viewer, pv.decision, pv.cycle, pv.round)
        if self._group_of_view != key:  # another decision: groups closed
            self._group_of_view, self.group_open, self.cell_open = key, None, None
        if self.group_open not in choices.groups and not (
            self.group_open == THEN_GROUP and choices.after_conversion
        ):
            self.group_open = None
        if self.cell_open and self._cell_legal != tuple(pv.legal):
            self.cell_open = None  # a cell's choices are for the view they were opened in
        with self._title_once():
            set_title(self, self.decider_title())
            self.fill_decisions()
            self.choice_list.arm_when_shown()
            self.say(choices.data.message)
            self.show_hint_line()

    @contextmanager
    def _title_once(self) -> Iterator[None]:
        """The line above the list written once, when the message and the hint's line are
        known (each of them writes it again in the compact layout: three times a redraw, and
        a height it had for a moment asked for a layout of the whole screen)."""
        self._title_held = True
        try:
            yield
        finally:
            self._title_held = False
        self.show_decision_text()

    def compact(self) -> bool:
        """Whether the screen has the compact layout (below about 120x36: at 80x24 the
        board above keeps its rows, the list its eight)."""
        screen = self.screen
        return screen.has_class("-narrow") or screen.has_class("-short")

    def show_decision_text(self) -> None:
        """The line above the list (hidden when it has nothing to say). In the compact layout
        a message and the hint's one line go first on it, the decision's words after them in
        what is left of its two lines (three at the crane colours, :attr:`Choices.lines`):
        neither takes a row from the list."""
        if self._title_held:
            return  # written once the message and the hint's line are known
        text = self.decision_text()
        lines, notes = 0, None
        if self.is_attached and self.compact():
            # its two lines (the choices' own number), one while the hint is shown whole below
            # the list; while another plays, the list is empty: the last moves take its rows
            if self.has_class("-hint-more"):
                lines = 1
            else:
                lines = self.shown.lines if self.shown.actions else 7
            notes = self.compact_notes()
        widget = self.title_line
        shown = widget.show(text, notes, lines)
        widget.display = bool(shown.plain)

    def compact_notes(self) -> Text:
        """The compact layout's lines before the decision's words: the message (whole) and
        the hint's one line (cut to the width; h again shows it whole under the list)."""
        out = Text()
        if str(self.message):
            out.append(str(self.message), style="bold #ff8700")
        hint = self.hints.line_text()
        if hint.plain and not self.hints.more:
            hint.truncate(max(self._title_width(), 10), overflow="ellipsis")
            if out.plain:
                out.append("\n")
            out.append_text(hint)
        return out

    def _title_width(self) -> int:
        return self.title_line.width()

    def on_resize(self) -> None:
        # another layout (compact or not): the message and the hint where it puts them
        self.call_after_refresh(self.place_notes)

    def place_notes(self) -> None:
        """The message and the hint's line where the layout puts them."""
        if self.choices is None:
            return
        with self._title_once():
            self.say(str(self.message), force=True)
            self.show_hint_line()

    def decider_title(self) -> str:
        """Whose choice it is, e.g. "Ann's choice" (the line below says what it is)."""
        data = self.shown.data
        pv = data.view
        if pv.decider < 0:
            return "Game over"
        return f"{data.names[pv.decider]}'s choice" if self.shown.actions else "Playing"

    def decision_text(self) -> Text:
        """What the decision is and is about (or, while another plays, the last moves)."""
        text = self._decision_words()
        if self.shown.note is not None:
            text.append(" " if text.plain else "")
            text.append(self.shown.note)
        return text

    def _decision_words(self) -> Text:
        data = self.shown.data
        pv = data.view
        text = Text()
        if not self.shown.actions:
            if pv.decider >= 0:
                text.append(data.names[pv.decider], style=SEAT_STYLE[pv.decider])
                text.append(f" is playing: {pv.title.rstrip('.…')}…")
            # what just happened, move by move (the log panel may be out of view)
            # (the person's own moves are not news once another seat's turn has begun)
            watched = data.log[getattr(data, "news_from", 0) :][-WATCH_LINES:]
            if watched and self.is_attached and self.compact():
                # the compact layout's lines above the empty list (at 80x24: a joined seat's
                # window while another seat plays) say what they are, as Trajan's do
                text.append("\nJust now:" if text.plain else "Just now:", style="bold")
            for line in watched:
                text.append("\n" + line, style="#b0b0b0")
            return text
        # the panel's title says who decides; this line what and what it is about
        parts = [(pv.title[:1].upper() + pv.title[1:] + ".", "bold")] if self.shown.titled else []
        if data.can_undo:
            parts.append(("[u] undo", "#87d787"))
        if ENDS_TURN in pv.legal and len(self.shown.actions) > 1:
            parts.append(("[e] end the turn", "#87d787"))  # often last in a long list
        if self.group_open:
            parts.append((f"{group_words(self.group_open)}: Escape goes back.", "bold"))
        elif self.cell_open:
            parts.append((f"The choices on {self.cell_open[0]}: Escape goes back.", "bold"))
        context = "" if self.group_open or self.cell_open else decision_context(pv)
        if context:
            parts.append((context, "#d7d7af"))
        for n, (words, style) in enumerate(parts):
            text.append(("" if n == 0 else " ") + words, style=style)
        return text

    def fill_decisions(self) -> None:
        """Fill the decision list with :meth:`entries`; the highlight keeps its place when
        the same kind of decision follows. A list whose entries did not change is left as it
        is (no repaint)."""
        data = self.shown.data
        pv = data.view
        entries = self.entries()
        ids = [i for i, _ in entries]
        # the entry a hint suggests (marked "★ hint")
        mark = self.hints.entry(ids, self.shown.groups)
        shown = (entries, mark)
        options_list = self.choice_list
        decision = (pv.decision, pv.viewer, data.step)
        same_kind = follows(self._shown_decision, decision)
        self._shown_decision = decision
        if shown == self._shown_entries:
            if not same_kind and entries:
                options_list.highlighted = 0  # the same choices again, but a new decision
            return  # the same choices: keep the list (and its highlight) as it is
        old_id = self.highlighted_id()
        self._shown_entries = shown
        # set_options, not clear_options + add_options: one update of the list's size, and
        # no moment without entries in which its scroll bar would go and come back
        options_list.set_options(
            [self._option(n, i, label, i == mark) for n, (i, label) in enumerate(entries)]
        )
        if entries:
            # only the same choice of the same kind of decision keeps the highlight: any
            # other list starts at its top, whose entry gives nothing away
            back, self._back_to_group = self._back_to_group, None
            if same_kind and back and GROUP_ID + back in ids:
                options_list.highlighted = ids.index(GROUP_ID + back)
            elif same_kind and old_id in ids:
                options_list.highlighted = ids.index(old_id)
            else:
                options_list.highlighted = 0

    def _option(self, n: int, option_id: str, label: str, marked: bool) -> Option:
        """The list entry ``n``; one shown before is taken again (:meth:`kept_option`: an
        undo brings back the entries of a decision, and a kept entry keeps its laid-out
        text)."""

        def make() -> Option:
            prompt = Text.assemble(
                (f"{ENTRY_KEYS[n]} " if n < len(ENTRY_KEYS) else "  ", "bold #87d7ff"),
                (HINT_MARK if marked else "", "bold #ffd75f"),
                label,
                no_wrap=True,
                overflow="ellipsis",
            )
            return Option(prompt, id=option_id)

        return self.kept_option((min(n, len(ENTRY_KEYS)), option_id, label, marked), make)

    def entries(self) -> list[tuple[str, str]]:
        """The decision list as (entry id, label) pairs; an id is a legal action's text (or a
        group's). Every choice of the decision is listed, always in the same order whatever
        the cursors do: the engine's first choice on top (the one that spends and gives away
        nothing: Enter takes it on a fresh decision), then the cells' choices, the Forum's,
        the rest, a group's one entry each, ending the turn last unless it is the top. No
        level has more entries than there are keys (the groups see to it). The screen's own
        entries (:attr:`Choices.steps`) instead, when it has them."""
        choices = self.shown
        if choices.steps is not None:
            return list(choices.steps)
        pv = choices.data.view
        back = (BACK_ID, "← Back to all the choices (Escape)")
        if self.group_open == THEN_GROUP:
            return [*choices.after_conversion, back]
        if self.group_open:
            return [(str(a), describe(a, pv)) for a in choices.groups[self.group_open]] + [back]
        if self.cell_open:
            by_text = choices.by_text
            return [(text, describe(by_text[text], pv)) for text in self.cell_open[1]] + [back]
        grouped = {a for members in choices.groups.values() for a in members}
        # the engine's first choice stays the top entry (it spends nothing)
        first = [a for a in choices.actions[:1] if a not in grouped]
        seen = set(first)
        shown = list(first)
        for action in choices.actions:
            if action in grouped or action in seen:
                continue
            if action_cells(action) and forum_cell(action) is None:
                seen.add(action)
                shown.append(action)
        builds = [(str(a), describe(a, pv)) for a in shown]
        shown = [a for a in choices.actions if forum_cell(a) is not None and a not in seen]
        rest = [a for a in choices.other if a != ENDS_TURN and a not in seen]
        out = [(str(a), describe(a, pv)) for a in shown + rest]
        out += [
            (GROUP_ID + name, f"{group_words(name)}… ({len(members)} ways)")
            for name, members in choices.groups.items()
        ]
        out += [
            (str(a), describe(a, pv)) for a in choices.other if a == ENDS_TURN and a not in seen
        ]
        return builds + self._after_conversion(len(builds) + len(out)) + out

    def _after_conversion(self, listed: int) -> list[tuple[str, str]]:
        """The builds a conversion makes possible, where the builds are: each its own entry
        when the keys suffice, else behind one entry (a long building step)."""
        extra = self.shown.after_conversion
        room = len(ENTRY_KEYS) - listed
        if len(extra) <= room:
            return list(extra)
        if room >= 1:
            return [(GROUP_ID + THEN_GROUP, f"{group_words(THEN_GROUP)}… ({len(extra)} ways)")]
        return []  # no key left: each is reached by its conversion, as before

    def highlight(self, actions: list) -> str:
        """Highlight the list's first choice of ``actions`` (the choices on one cell of a
        board; the list's numbers stay as they are); returns their keys in words ("3-5")."""
        lst = self.choice_list
        wanted = {str(a) for a in actions}
        in_group = group_by_action(self.shown.groups)
        wanted |= {GROUP_ID + in_group[str(a)] for a in actions if str(a) in in_group}
        found = [i for i in range(lst.option_count) if lst.get_option_at_index(i).id in wanted]
        if not found:
            return ""
        lst.highlighted = found[0]
        keys = [ENTRY_KEYS[i] if i < len(ENTRY_KEYS) else "" for i in found]
        keys = [k for k in keys if k]
        if not keys:
            return "further down"
        return keys[0] if len(keys) == 1 else f"{keys[0]}-{keys[-1]}"

    # --- input --------------------------------------------------------------------------

    def choose(self, text: str) -> None:
        """An entry chosen (by its id): a group's opens the group; a legal action goes up to
        the app as it is (the engine's ``apply`` checks it), an entry of the screen's own up
        to the screen."""
        if text.startswith(GROUP_ID):
            self.open_group(None if text == BACK_ID else text.removeprefix(GROUP_ID))
            return
        # keys that follow choose nothing until the next decision is on screen (issue 27:
        # a digit typed after a choice took an entry of the list that came next)
        self.choice_list.spend()
        action = self.shown.by_text.get(text)
        if action is not None:
            if self.group_open == "convert":  # the builds it opens are on the whole list
                self.group_open = None
                self._back_to_group = "convert"  # the highlight then on the group's entry
            self.post_message(ActionChosen(action))
        else:
            self.post_message(self.EntryChosen(text))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.choose(event.option.id)

    def end_turn(self) -> None:
        """End the turn, where that is one of the choices (it is the last entry of what can
        be a long list of builds and conversions)."""
        if ENDS_TURN not in self.shown.data.view.legal or not self.shown.actions:
            self.say("There is no turn of yours to end now: the choices say what to decide.")
        elif not self.choice_list.held:
            self.choose(END_TURN)

    def open_cell(self, cell: str, actions: list) -> None:
        """Show only the choices on the board cell ``cell`` (``actions``, legal ones) in the
        list, keyed from 1, until Escape (or Back, or another decision)."""
        self.say("")  # what was said was about the list before
        self.cell_open = (cell, tuple(str(a) for a in actions))
        self._cell_actions = list(actions)
        self._cell_legal = tuple(self.shown.data.view.legal)
        self.open_group(None, keep_cell=True)

    def open_group(self, group: str | None, keep_cell: bool = False) -> None:
        """Show a group's entries in the list (None: back to the whole decision, on the
        group's own entry, or on the first choice of the cell whose choices were shown)."""
        closing = self.group_open
        closing_cell = None if keep_cell else self.cell_open
        was_on = self.highlighted_id()
        if not keep_cell:
            self.cell_open = None
        then = group == THEN_GROUP and bool(self.shown.after_conversion)
        self.group_open = group if group in self.shown.groups or then else None
        self._shown_decision = None  # a different list: it starts at its top
        self.show_decision_text()
        self.fill_decisions()
        lst = self.choice_list
        ids = self.entry_ids()
        if closing and not self.group_open and GROUP_ID + closing in ids:
            lst.highlighted = ids.index(GROUP_ID + closing)
        elif closing_cell and not self.group_open:
            # back on the choice that was highlighted among the cell's, or the cell's first
            # one (or the entry of the group that holds it): the board's cursor stays there
            if was_on in ids and was_on in closing_cell[1]:
                lst.highlighted = ids.index(was_on)
            else:
                self.highlight(self._cell_actions)
        if self.hints.action() is not None:
            self.show_hint_line()  # the hint's line names the keys of the list now shown
            mark = self.hints.entry(ids, self.shown.groups)
            if self.group_open and mark is not None:
                # the hint inside the group: its entry highlighted, in view once the hint's
                # line has taken its room from the list
                lst.highlighted = ids.index(mark)  # scrolled into view, also on a resize

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted choice whole on the line below the list, when the list cuts it."""
        self.show_choice_full()

    def show_choice_full(self) -> None:
        lst = self.choice_list
        widget = self.full_line
        index = lst.highlighted
        label: str = ""
        prompt: object = ""
        if index is not None and index < lst.option_count:
            option = lst.get_option_at_index(index)
            entries = dict(self._shown_entries[0]) if self._shown_entries else {}
            label, prompt = entries.get(option.id, ""), option.prompt
        width = lst.scrollable_content_region.width
        fits = not label or width <= 0 or cell_len(_plain(prompt)) <= width
        # compact: the panel fits its list, so the line stays (blank) while any choice of the
        # list is cut: the panel and the board above keep their rows as the cursor moves
        widget.display = not fits or (
            width > 0
            and self.compact()
            and any(cell_len(_plain(option.prompt)) > width for option in lst.options)
        )
        show_changed(widget, Text("" if fits else "» " + label))

    def close_group(self) -> None:
        """Back to the whole decision from a group or a cell's choices (Escape / left
        arrow)."""
        if self.group_open or self.cell_open:
            self.open_group(None)

    def pick(self, number: int) -> None:
        """Choose the entry with the key ``number`` (1-9, then A-Z)."""
        if self.entry_at_key(number) is None:
            return
        self.choice_list.highlighted = number - 1
        self.choice_list.action_select()

    def say(self, message: str, force: bool = False) -> None:
        """Show a message (whole, wrapped) under the decision list, or in the compact layout
        first on the line above it; the next redraw clears it."""
        compact = self.is_attached and self.compact()
        text = Text(message, style="bold #ff8700")
        changed = self.show_message(text if message else "", on_title=compact, keep_line=False)
        if compact and (changed or force) and self.choices is not None:
            self.show_decision_text()

    def said(self) -> str:
        """The message shown (under the list, or in the compact layout above it; "" when
        none is)."""
        return str(self.message)

    # --- the hint -----------------------------------------------------------------------

    def show_hint_line(self, words: str = "") -> None:
        """The hint's line under the list (compact: first on the decision's lines; h again:
        whole under the list): thinking, the hint, or ``words``."""
        shown = self.hints.show_line(self._keys, words)
        if not shown:  # the next hint starts on its one line again (compact)
            self.hints.close_pages()
        more = shown and self.hints.more
        # compact: the hint's one line is on the line above the list (h again: whole below
        # it, the list giving up rows for it as the player asked)
        if self.is_attached and self.compact() and not more:
            self.hints.display = False
        self.set_class(more, "-hint-more")
        if self.choices is not None and self.is_attached and self.compact():
            self.show_decision_text()

    def _keys(self) -> dict[str, str]:
        """The key of each entry of the list, and of each choice in a closed group the keys
        that reach it: its group's, then its own in the opened group ("C 2"), so that two
        choices of one group are never named by the same key."""
        lst = self.choice_list
        keys = {
            lst.get_option_at_index(n).id or "": ENTRY_KEYS[n]
            for n in range(min(lst.option_count, len(ENTRY_KEYS)))
        }
        for name, members in self.shown.groups.items():
            for n, action in enumerate(members):
                group = keys.get(GROUP_ID + name, "")
                own = f" {ENTRY_KEYS[n]}" if group and n < len(ENTRY_KEYS) else ""
                keys.setdefault(str(action), group + own)
        then = keys.get(GROUP_ID + THEN_GROUP, "")
        for n, (entry, _) in enumerate(self.shown.after_conversion):
            if then and n < len(ENTRY_KEYS):  # behind one entry: its key, then its own
                keys.setdefault(entry, f"{then} {ENTRY_KEYS[n]}")
        # a suggestion the list holds step by step (the crane colours, corner by corner):
        # the key of the step that leads to it (QA: the first hint named no key)
        action = self.hints.action()
        if action is not None and str(action) not in keys:
            found = self.hints.entry(list(keys), self.shown.groups)
            if found is not None and found in keys:
                keys[str(action)] = keys[found]
        return keys

    def point_at_hint(self) -> None:
        """The hint on the list: its line, and its entry highlighted (the screen has drawn
        the board and the list with it)."""
        lst = self.choice_list
        ids = self.entry_ids()
        entry = self.hints.entry(ids, self.shown.groups)
        self.show_hint_line()
        if entry is not None:
            lst.highlighted = ids.index(entry)
            # in view once the hint's line has taken its room from the list
            self.call_after_refresh(lst.scroll_to_highlight)


def _plain(prompt: object) -> str:
    """An option's words as plain text."""
    return prompt.plain if isinstance(prompt, Text) else str(prompt)
