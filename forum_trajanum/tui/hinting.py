"""Hints on the play screen: key ``h`` (or the command palette) suggests a move.

A mixin of :class:`forum_trajanum.tui.playscreen.PlayScreen`. The suggestion is
:func:`forum_trajanum.bots.hint.suggest` run in a worker thread on the screen's own view — the
view of the player whose decision it is, which holds only what that player may know (never
the state, never another player's view). While it thinks, a line says so; when it is back
and the decision is still the same, the suggested entry of the decision list is marked
"★ hint" and highlighted, its cell on the board underlined under the cursor, and a line says
why in player words. A hint belongs to one view: the next action, an undo or another
player's turn draws a new view, and the hint is gone with the old one.
"""

from __future__ import annotations

import contextlib

from rich.text import Text
from textual import work
from textual.widgets import OptionList, Static

from forum_trajanum.engine import PlayerView
from forum_trajanum.engine.actions import crane_colours
from forum_trajanum.tui.compat import app_closing
from forum_trajanum.tui.cranes import STEP_ID
from forum_trajanum.tui.entries import GROUP_ID, group_of
from forum_trajanum.tui.keys import ENTRY_KEYS
from forum_trajanum.tui.labels import action_cells, describe, forum_cell

#: The mark in front of the suggested entry of the decision list.
HINT_MARK = "★ hint "
HINT_STYLE = "bold #87d7ff"


def hint_words(hint, pv: PlayerView, keys: dict[str, str] | None = None) -> str:
    """The hint's reason in player words: the suggestion with what it costs and gives, and
    either the points it should lead to with the next best choices and theirs (all on one
    scale: expected points at the end of the game), or, for a choice the heuristic answers
    alone, why. Each choice with its key in the decision list (``keys``: entry id -> key; a
    choice inside a group has its group's key), named in full (two choices may read alike
    in short)."""
    keys = keys or {}

    def named(action, whole: bool = True) -> str:
        key = keys.get(str(action))
        words = describe(action, pv)
        if not whole:
            words = words.split(" — ")[0]  # its costs and gains are on its line in the list
        return (f"[{key}] " if key else "") + words

    best, value = hint.top[0]
    text = f"Hint: {named(best)}"
    if value is None:
        return f"{text} — {hint.reason}." if hint.reason else text + "."
    text += f". About {value:.0f} points expected at the end of the game"
    nexts = [f"{named(a, whole=False)}: {v:.0f}" for a, v in hint.top[1:] if v is not None]
    if nexts:
        text += "; next best: " + "; ".join(nexts)
    return text + f" (each played on to the round's end in {hint.worlds} sampled games)."


def hint_unavailable(pv: PlayerView) -> str:
    """Why no hint can be given for ``pv`` now ("" when one can)."""
    if pv.decider < 0:
        return "The game is over: there is nothing left to suggest."
    if pv.viewer < 0 or pv.viewer != pv.decider or not pv.legal:
        return "No hint now: it is not your decision (a hint is for your own choices)."
    return ""


class HintPanel:
    """The hint of the play screen (mixed into it before :class:`DecisionPanel`)."""

    #: The view the hint (or the thinking) is for; None: no hint.
    hint_view: PlayerView | None = None
    hint = None
    thinking = False

    def action_hint(self) -> None:
        """h: suggest a move for the player whose decision is on screen."""
        pv = self.data.view
        why = hint_unavailable(pv)
        if why:
            self.say(why)
            return
        if self.hint_view is pv:
            if self.hint is not None:
                self.mark_hint()  # show it again (the cursor may have moved since)
            return  # already thinking about this decision
        self.hint_view, self.hint, self.thinking = pv, None, True
        self.show_hint_line()
        self.think(pv)

    @work(thread=True, exclusive=True, group="hint")
    def think(self, pv: PlayerView) -> None:
        """Run the suggestion in a thread (the screen keeps answering keys meanwhile)."""
        from forum_trajanum.bots.hint import suggest

        try:
            hint = suggest(pv)
        except Exception:  # a bot bug must not stop the game: no hint, and a word why
            hint = None
        # the app may have closed while the hint was worked out: then there is nobody to tell
        with contextlib.suppress(RuntimeError):
            self.app.call_from_thread(self.hint_done, pv, hint)

    def hint_done(self, pv: PlayerView, hint) -> None:
        """Show a finished hint, unless the decision on screen is another one by now."""
        if app_closing(self.app) or not self.is_mounted:
            return  # the app shuts down: its screens are being taken apart
        if self.hint_view is not pv or self.data.view is not pv or self.covered:
            return  # the player acted (or the keyboard passed on) meanwhile: drop it
        self.thinking = False
        if hint is None or str(hint.action) not in pv.legal:
            self.hint_view = None
            self.show_hint_line("No hint could be worked out for this decision, sorry.")
            return
        self.hint = hint
        self.mark_hint()

    def clear_hint(self) -> None:
        """Forget a hint that is not for the view on screen (a new decision or player)."""
        if self.hint_view is not None and self.hint_view is not self.data.view:
            self.hint_view, self.hint, self.thinking = None, None, False

    def hint_action(self):
        """The suggested action while it is for the view on screen, else None."""
        if self.hint is not None and self.hint_view is self.data.view:
            return self.hint.action
        return None

    def hint_entry(self, ids: list[str]) -> str | None:
        """The id of the decision-list entry the hint suggests (a crane step that leads to
        the suggested arrangement, while the crane colours are chosen corner by corner)."""
        action = self.hint_action()
        if action is None:
            return None
        text = str(action)
        if text in ids:
            return text
        group = GROUP_ID + group_of(action)
        if group_of(action) and group in ids:
            return group  # the group holding the suggestion (its entry opens it)
        colours = crane_colours(text)
        if colours:
            for i in ids:
                if i.startswith(STEP_ID) and colours.startswith(i.removeprefix(STEP_ID)):
                    return i
        return None

    def hint_cells(self) -> tuple[frozenset[str], frozenset[tuple[int, int]]]:
        """The suggested action's Colonia cells and Forum cell (to underline on the board)."""
        action = self.hint_action()
        if action is None:
            return frozenset(), frozenset()
        spot = forum_cell(action)
        if spot is not None:
            return frozenset(), frozenset({spot})
        return frozenset(action_cells(action)), frozenset()

    def mark_hint(self) -> None:
        """Put the hint on screen: the line, the marked entry, the cursors on its cells."""
        from forum_trajanum.tui.widgets import ColoniaGrid, ForumGrid

        action = self.hint_action()
        if action is None:
            return
        cells, spots = self.hint_cells()
        if spots:
            forum = self.query_one(ForumGrid)
            forum.cursor = next(iter(spots))
            self.set_panel("forum")
        elif cells and self.shown_seat() == self.data.view.viewer:
            self.query_one("#colonia", ColoniaGrid).place_cursor(action_cells(action)[0])
            self.set_panel("colonia")
        self.draw()  # the board with the hint's cells, the list with its mark
        lst = self.query_one("#decisions", OptionList)
        ids = [lst.get_option_at_index(i).id for i in range(lst.option_count)]
        entry = self.hint_entry(ids)
        self.show_hint_line()
        if entry is not None:
            lst.highlighted = ids.index(entry)
            # in view once the hint's line has taken its room from the list
            self.call_after_refresh(lst.scroll_to_highlight)

    def show_hint_line(self, words: str = "") -> None:
        """The hint's line under the decision list: thinking, the hint, or ``words``."""
        widget = self.query_one("#hint", Static)
        if not words and self.hint_view is self.data.view:
            if self.thinking:
                words = "Hint: thinking…"
            elif self.hint is not None:
                lst = self.query_one("#decisions", OptionList)
                keys = {
                    lst.get_option_at_index(n).id: ENTRY_KEYS[n]
                    for n in range(min(lst.option_count, len(ENTRY_KEYS)))
                }
                for members in self.groups.values():  # a choice in a group: the group's key
                    for action in members:
                        keys.setdefault(str(action), keys.get(GROUP_ID + group_of(action), ""))
                words = hint_words(self.hint, self.data.view, keys)
        widget.display = bool(words)
        text = Text(words, style=HINT_STYLE)
        if getattr(widget, "_shown_text", None) != text:  # unchanged: no layout, no repaint
            widget._shown_text = text
            widget.update(text)
        # the compact layout's decision panel grows while a hint is shown
        self.query_one("#p-decide").set_class(bool(words), "-hinted")
