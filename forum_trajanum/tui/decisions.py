"""The decision panel of the play screen: the list of choices, the line above it, messages.

A mixin of :class:`forum_trajanum.tui.playscreen.PlayScreen`: it words the legal actions
(:func:`forum_trajanum.tui.labels.describe`, with the engine's previews), numbers them for the
digit keys, keeps the highlight in place when the same kind of decision follows and shows a
message whole until the next redraw.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.visual import visualize
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from forum_trajanum.data import cell_name
from forum_trajanum.engine.actions import END_TURN
from forum_trajanum.tui.decisionlist import follows
from forum_trajanum.tui.entries import BACK_ID, GROUP_ID, GROUP_WORDS, group_of
from forum_trajanum.tui.hinting import HINT_MARK
from forum_trajanum.tui.keys import ENTRY_KEYS
from forum_trajanum.tui.labels import action_cells, decision_context, describe, forum_cell
from forum_trajanum.tui.textlines import hidden
from forum_trajanum.tui.widgets import SEAT_STYLE, DecisionList

#: Log lines shown in the decision panel while somebody else (a bot) plays.
WATCH_LINES = 5


def set_text(widget: Static, text: Text, layout: bool = True) -> None:
    """Update a Static only when its text changed, and without a layout pass of the whole
    screen when its height cannot change (the new text takes as many lines as the old one at
    the widget's width)."""
    old = getattr(widget, "_shown_content", None)
    if getattr(widget, "_shown_text", None) == text:
        return
    # made once here, the Static's own ``visualize`` of it is free, and its height is kept
    content = visualize(widget, text)
    widget._shown_text, widget._shown_content = text, content
    width = widget.content_size.width
    if layout and hidden(widget):
        layout = False  # laid out when it is shown
    elif layout and old is not None and width > 0:
        layout = _height(widget, old, width) != _height(widget, content, width)
    widget.update(content, layout=layout)


def _height(widget: Static, content: Content, width: int) -> int:
    """The lines ``content`` takes in ``widget`` at ``width`` (wrapped as the widget wraps:
    each of its lines on its own)."""
    styles = widget.styles
    rules = (width, styles.text_wrap, styles.text_overflow, styles.line_pad)
    total = 0
    for line in content.plain.split("\n"):
        if cell_len(line) <= width:
            total += 1  # nothing to wrap (the common case, and quick)
            continue
        key = (line, rules)
        height = _LINE_HEIGHTS.get(key)
        if height is None:
            if len(_LINE_HEIGHTS) > 2000:  # old lines: start afresh rather than grow
                _LINE_HEIGHTS.clear()
            height = _LINE_HEIGHTS[key] = Content(line).get_height(styles, width)
        total += height
    return total


#: Heights of wrapped lines, by (line, (width, wrap rules)): a redraw changes few lines.
_LINE_HEIGHTS: dict[tuple, int] = {}


def cell_at(index: int) -> str:
    """A Colonia cell's name from its index (8 -> "C2")."""
    return cell_name(index)


class DecisionPanel:
    """The decision list and the lines around it (mixed into the play screen)."""

    #: The entries and the hint mark the list shows.
    _shown_entries: tuple | None = None
    #: The decision the list was last filled for: (its kind, its seat, the game's step).
    _shown_decision: tuple | None = None

    def show_decision_text(self) -> None:
        """The line above the list (hidden when it has nothing to say)."""
        text = self.decision_text()
        widget = self.query_one("#decision-title", Static)
        widget.display = bool(text.plain)
        set_text(widget, text)

    def decider_title(self) -> str:
        """Whose choice it is, e.g. "Ann's choice" (the line below says what it is)."""
        pv = self.data.view
        if pv.decider < 0:
            return "Game over"
        return f"{self.data.names[pv.decider]}'s choice" if self.actions else "Playing"

    def decision_text(self) -> Text:
        """What the decision is and is about (or, while another plays, the last moves)."""
        pv = self.data.view
        text = Text()
        if not self.actions:
            if pv.decider >= 0:
                text.append(self.data.names[pv.decider], style=SEAT_STYLE[pv.decider])
                text.append(f" is playing: {pv.title}…")
            # what just happened, move by move (the log panel may be out of view)
            for line in self.data.log[-WATCH_LINES:]:
                text.append("\n" + line, style="#b0b0b0")
            return text
        # the panel's title says who decides; this line what and what it is about
        parts = [(pv.title[:1].upper() + pv.title[1:] + ".", "bold")]
        if self.data.can_undo:
            parts.append(("[u] undo", "#87d787"))
        if END_TURN in pv.legal and len(self.actions) > 1:
            parts.append(("[e] end the turn", "#87d787"))  # often last in a long list
        if self.group_open:
            parts.append((f"{GROUP_WORDS[self.group_open]}: Escape goes back.", "bold"))
        context = "" if self.group_open else decision_context(pv)
        if context:
            parts.append((context, "#d7d7af"))
        for n, (words, style) in enumerate(parts):
            text.append(("" if n == 0 else " ") + words, style=style)
        return text

    def fill_decisions(self) -> None:
        """Fill the decision list with :meth:`entries`; the highlight keeps its place when
        the same kind of decision follows. A list whose entries did not change is left as it
        is (no repaint)."""
        pv = self.data.view
        entries = self.entries()
        ids = [i for i, _ in entries]
        mark = self.hint_entry(ids)  # the entry a hint suggests (marked "★ hint")
        shown = (entries, mark)
        options_list = self.query_one("#decisions", OptionList)
        decision = (pv.decision, pv.viewer, self.data.step)
        same_kind = follows(self._shown_decision, decision)
        self._shown_decision = decision
        if shown == self._shown_entries:
            if not same_kind and entries:
                options_list.highlighted = 0  # the same choices again, but a new decision
            return  # the same choices: keep the list (and its highlight) as it is
        old = options_list.highlighted
        old_id = (
            options_list.get_option_at_index(old).id
            if old is not None and old < options_list.option_count
            else None
        )
        self._shown_entries = shown
        # set_options, not clear_options + add_options: one update of the list's size, and
        # no moment without entries in which its scroll bar would go and come back
        options_list.set_options(
            [self._option(n, i, label, i == mark) for n, (i, label) in enumerate(entries)]
        )
        if entries:
            # only the same choice of the same kind of decision keeps the highlight: any
            # other list starts at its top, whose entry gives nothing away
            if same_kind and old_id in ids:
                options_list.highlighted = ids.index(old_id)
            else:
                options_list.highlighted = 0

    def _option(self, n: int, option_id: str, label: str, marked: bool) -> Option:
        """The list entry ``n``; one shown before is taken again (an undo brings back the
        entries of a decision, and a kept entry keeps its laid-out text)."""
        made = self.__dict__.setdefault("_options", {})
        key = (min(n, len(ENTRY_KEYS)), option_id, label, marked)
        option = made.get(key)
        if option is None:
            if len(made) > 500:  # entries of old decisions: start afresh rather than grow
                made.clear()
            prompt = Text.assemble(
                (f"{ENTRY_KEYS[n]} " if n < len(ENTRY_KEYS) else "  ", "bold #87d7ff"),
                (HINT_MARK if marked else "", "bold #ffd75f"),
                label,
                no_wrap=True,
                overflow="ellipsis",
            )
            option = made[key] = Option(prompt, id=option_id)
        return option

    def entries(self) -> list[tuple[str, str]]:
        """The decision list as (entry id, label) pairs; an id is a legal action's text (or a
        group's). Every choice of the decision is listed, always in the same order (the
        engine's: the choice that gives nothing away first), whatever the cursors do: the
        cells' choices, the Forum's, the rest, a group's one entry (on the last keys when
        the list is longer than the keys), ending the turn last."""
        pv = self.data.view
        if self.group_open:
            back = (BACK_ID, "← Back to all the choices (Escape)")
            return [(str(a), describe(a, pv)) for a in self.groups[self.group_open]] + [back]
        seen = set()
        shown = []
        grouped = {a for members in self.groups.values() for a in members}
        for action in self.actions:
            if action in grouped or action in seen:
                continue
            if action_cells(action) and forum_cell(action) is None:
                seen.add(action)
                shown.append(action)
        shown += [a for a in self.actions if forum_cell(a) is not None]
        rest = [a for a in self.other if str(a) != END_TURN]
        out = [(str(a), describe(a, pv)) for a in shown + rest]
        groups = [
            (GROUP_ID + name, f"{GROUP_WORDS[name]}… ({len(members)} ways)")
            for name, members in self.groups.items()
        ]
        # a group's entry has a key, and through it its entries: in a list longer than the
        # keys (a building step's hundred builds) the groups take its last keys
        at = min(len(out), max(0, len(ENTRY_KEYS) - len(groups)))
        out[at:at] = groups
        out += [(str(a), describe(a, pv)) for a in self.other if str(a) == END_TURN]
        return out

    def highlight_cell(self, cell: str) -> str:
        """Highlight the list's first choice on ``cell`` (its numbers stay as they are);
        returns the keys of the choices there in words ("3-5")."""
        lst = self.query_one("#decisions", OptionList)
        wanted = {str(a) for a in self.by_cell.get(cell, [])}
        wanted |= {GROUP_ID + group_of(a) for a in self.by_cell.get(cell, []) if group_of(a)}
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
        """Hand a chosen legal action up to the app (a group's entry opens the group)."""
        if text.startswith(GROUP_ID):
            self.open_group(None if text == BACK_ID else text.removeprefix(GROUP_ID))
            return
        if text in self.data.view.legal:
            from forum_trajanum.tui.messages import ActionChosen

            self.post_message(ActionChosen(text))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.choose(event.option.id)

    def action_end_turn(self) -> None:
        """e: end the turn, where that is one of the choices (it is the last entry of what
        can be a long list of builds and conversions)."""
        lst = self.query_one("#decisions", DecisionList)
        if END_TURN not in self.data.view.legal or not self.actions:
            self.say("There is no turn of yours to end now: the choices say what to decide.")
        elif not lst.held:
            self.choose(END_TURN)

    def open_group(self, group: str | None) -> None:
        """Show a group's entries in the list (None: back to the whole decision, on the
        group's own entry)."""
        closing = self.group_open
        self.group_open = group if group in self.groups else None
        self._shown_decision = None  # a different list: it starts at its top
        self.show_decision_text()
        self.fill_decisions()
        lst = self.query_one("#decisions", OptionList)
        ids = [lst.get_option_at_index(i).id for i in range(lst.option_count)]
        if closing and not self.group_open and GROUP_ID + closing in ids:
            lst.highlighted = ids.index(GROUP_ID + closing)
        if self.hint_action() is not None:
            self.show_hint_line()  # the hint's line names the keys of the list now shown
            mark = self.hint_entry(ids)
            if self.group_open and mark is not None:
                # the hint inside the group: its entry highlighted, in view once the hint's
                # line has taken its room from the list
                lst.highlighted = ids.index(mark)  # scrolled into view, also on a resize

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted choice whole on the line below the list, when the list cuts it."""
        self.show_choice_full()

    def show_choice_full(self) -> None:
        lst = self.query_one("#decisions", OptionList)
        widget = self.query_one("#choice-full", Static)
        index = lst.highlighted
        label, prompt = "", ""
        if index is not None and index < lst.option_count:
            option = lst.get_option_at_index(index)
            entries = dict(self._shown_entries[0]) if self._shown_entries else {}
            label, prompt = entries.get(option.id, ""), option.prompt
        width = lst.scrollable_content_region.width
        plain = prompt.plain if isinstance(prompt, Text) else str(prompt)
        fits = not label or width <= 0 or cell_len(plain) <= width
        widget.display = not fits
        set_text(widget, Text("" if fits else "» " + label))

    def action_close_group(self) -> None:
        """Escape / left arrow in a group: back to the whole decision."""
        if self.group_open:
            self.open_group(None)

    def action_pick(self, number: int) -> None:
        """A key of the list (1-9, then A-Z) chooses the entry with that key."""
        lst = self.query_one("#decisions", DecisionList)
        if lst.held or not 0 < number <= lst.option_count:
            return
        lst.highlighted = number - 1
        lst.action_select()

    def say(self, message: str) -> None:
        """Show a message under the decision list (whole, wrapped); the next redraw clears it."""
        widget = self.query_one("#message", Static)
        text = Text(message, style="bold #ff8700")
        if getattr(widget, "_shown_text", None) != text:
            widget._shown_text = text
            widget.display = bool(message)
            widget.update(text)  # with a layout pass: a long message takes several lines
            # the compact layout's decision panel grows while a message is shown (its fixed
            # height would put the message on the key bar's row under a cut entry's words)
            self.query_one("#p-decide").set_class(bool(message), "-said")
