"""Hints on the play screen: key ``h`` (or the command palette) suggests a move.

:class:`HintPanel` is the hint's line under the decision list, and the hint itself. The
suggestion is :func:`forum_trajanum.games.forum_trajanum.bots.hint.suggest`, run in a thread by
the shell's hint worker (:class:`forum_trajanum.tui.hints.Hints`) on the view on screen: the
view of the player whose decision it is, which holds only what that player may know (never
the state, never another player's view). While it thinks, the line says so; when it is back,
the panel says so (:class:`HintPanel.Done`) and the screen decides: when the decision is still
the same, the suggested entry of the decision list is marked "★ hint" and highlighted, its
cell on the board underlined under the cursor, and the line says why in player words. A hint
belongs to one view: the next action, an undo or another player's turn draws a new view, and
the hint is gone with the old one.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from rich.text import Text
from textual.message import Message

from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.games.forum_trajanum.engine.actions import crane_colours
from forum_trajanum.games.forum_trajanum.ui.cranes import STEP_ID
from forum_trajanum.games.forum_trajanum.ui.entries import THEN_GROUP, THEN_ID, THEN_SEP, group_of
from forum_trajanum.games.forum_trajanum.ui.labels import action_cells, describe, forum_cell
from forum_trajanum.tui.grouping import GROUP_ID, group_by_action
from forum_trajanum.tui.hintline import HintLine
from forum_trajanum.tui.hints import Hints
from forum_trajanum.tui.render import show_changed

#: The mark in front of the suggested entry of the decision list.
HINT_MARK = "★ hint "
HINT_STYLE = "bold #87d7ff"


#: The pages of a hint in the compact layout (one h: the suggestion, h again: the next best);
#: :data:`ALL` is the whole hint at once, where the screen has the rows for it.
FIRST, NEXT, ALL = "first", "next", "all"
#: The lines a page of the hint has below the list in the compact layout: at 80x24 the list
#: keeps its eight rows (the decision's second line and the cut choice's two give them).
PAGE_LINES = 3


def fits(words: str, width: int, lines: int = PAGE_LINES) -> bool:
    """Whether ``words`` wrap into ``lines`` lines of ``width`` columns (no width: yes)."""
    return width <= 0 or len(textwrap.wrap(words, width) or [""]) <= lines


def hint_words(
    hint,
    pv: PlayerView,
    keys: dict[str, str] | None = None,
    page: str = ALL,
    width: int = 0,
    combined: list[tuple[str, str]] | None = None,
) -> str:
    """The hint's reason in player words: the suggestion with what it costs and gives, and
    either the points it should lead to with the next best choices and theirs (all on one
    scale: expected points at the end of the game), each with where it is ahead of the other
    (``hint.reasons``), or, for a choice the heuristic answers alone, why. Each choice with
    its keys in the decision list (``keys``: entry id -> key,
    or for a choice inside a group its group's key and its own in the group, "C 2", said
    "[C] then [2]"), named in full (two choices may read alike in short).

    ``page`` :data:`FIRST` is the suggestion, its figure and its reason whole in
    :data:`PAGE_LINES` lines of ``width`` (what does not fit goes first: how it was worked
    out, then the note that h shows the next best); :data:`NEXT` the next best choices with
    their figures; :data:`ALL` everything at once.

    ``combined``: the list's builds after a conversion ((entry id, label) pairs). A
    suggested conversion whose plan goes on with one of them (``hint.then``) is named as
    that entry: the list offers the conversion and its build as one choice."""
    keys = keys or {}
    entry = suggested_entry(hint, combined or [])

    def named(action, whole: bool = True) -> str:
        key = keys.get(str(action), "")
        words = describe(action, pv)
        if not whole:
            words = words.split(" — ")[0]  # its costs and gains are on its line in the list
        said = " then ".join(f"[{k}]" for k in key.split())
        return f"{said} {words}" if said else words

    best, value = hint.top[0]
    text = f"Hint: {named(best)}"
    if entry is not None:  # the build after this conversion, one entry of the list
        said = " then ".join(f"[{k}]" for k in keys.get(entry[0], "").split())
        text = f"Hint: {said} {entry[1]}" if said else f"Hint: {entry[1]}"
    if value is None:
        return f"{text} — {hint.reason}." if hint.reason else text + "."
    why = list(getattr(hint, "reasons", ()) or ())
    why += [""] * (len(hint.top) - len(why))
    figure = f"About {value:.0f} points expected at the end of the game"
    because = f" ({why[0]})" if why[0] else ""
    nexts = [
        (f"{named(a, whole=False)}: {v:.0f}", f" ({w})" if w else "")
        for (a, v), w in zip(hint.top[1:], why[1:], strict=True)
        if v is not None
    ]
    how = f"each played on to the round's end in {hint.worlds} sampled games"
    if page == NEXT:
        if not nexts:
            return f"{text}. {figure}."
        for listed in (
            "Next best: " + "; ".join(n + w for n, w in nexts),
            "Next best: " + "; ".join(n + w for n, w in nexts[:1]),
            "Next best: " + "; ".join(n for n, _ in nexts),
        ):
            words = listed + f" ({how}; h: hide the hint)."
            if fits(words, width):
                return words
            if fits(listed + ".", width):
                return listed + "."
        return listed + "."
    if page == FIRST:
        more = " (h: the next best)" if nexts else ""
        after = "; h: the next best" if nexts else ""
        for words in (
            f"{text}. {figure}{because}, the most of the choices tried ({how}{after}).",
            f"{text}. {figure}{because}, the most of the choices tried{more}.",
            f"{text}. {figure}{because}{more}.",
            f"{text}. {figure}{more}.",
        ):
            if fits(words, width):
                return words
        return f"{text}. {figure}."
    text += f". {figure}{because}"
    if nexts:
        text += "; next best: " + "; ".join(n + w for n, w in nexts)
    return text + f" ({how})."


def suggested_entry(hint, combined: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The list's build after a conversion that ``hint``'s plan plays: its suggestion is a
    conversion and the build it plays next (``hint.then``) is offered with that conversion
    as one entry; (entry id, label), or None for any other suggestion."""
    then = getattr(hint, "then", None)
    if hint is None or then is None or not combined:
        return None
    wanted = f"{THEN_ID}{hint.action}{THEN_SEP}{then}"
    return next((pair for pair in combined if pair[0] == wanted), None)


def hint_unavailable(pv: PlayerView) -> str:
    """Why no hint can be given for ``pv`` now ("" when one can)."""
    if pv.decider < 0:
        return "The game is over: there is nothing left to suggest."
    if pv.viewer < 0 or pv.viewer != pv.decider or not pv.legal:
        return "No hint now: it is not your decision (a hint is for your own choices)."
    return ""


class HintPanel(HintLine):
    """The hint's line under the decision list, and the hint it shows (or is working out).

    Attributes down: the screen says which view is on screen (:meth:`follow`) and asks for a
    hint (:meth:`ask`); the decision panel that holds the line says the keys of its list
    (:meth:`show_line`). Messages up: a worked-out hint comes back as :class:`Done`, and the
    screen decides whether it is still for the decision on screen (:meth:`take`)."""

    class Done(Message):
        """A hint was worked out for ``view`` (``hint`` None: none could be)."""

        def __init__(self, view: PlayerView, hint) -> None:
            self.view = view
            self.hint = hint
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The view on screen (the screen passes it down with :meth:`follow`).
        self.view: PlayerView | None = None
        #: The hint itself: asked for, worked out in a thread, hidden and shown again (the
        #: shell's one hint worker; :meth:`take` keeps a worked-out one).
        self.hints = Hints(self, _suggest, self._back)
        self._line = Text()
        #: The list's builds after a conversion ((entry id, label) pairs): a suggested
        #: conversion one of them starts is named and marked as that entry.
        self.combined: list[tuple[str, str]] = []

    @property
    def hint(self):
        """The worked-out hint (None while thinking, or when there is none)."""
        return self.hints.hint

    @property
    def hint_view(self) -> PlayerView | None:
        """The view the hint (or the thinking) is for; None: no hint."""
        return self.hints.view

    def follow(self, view: PlayerView) -> None:
        """``view`` is on screen now: forget a hint that is not for it (a new decision or
        player)."""
        self.view = view
        self.hints.follow(view)

    def forget(self) -> None:
        """No hint any more (nor thinking about one)."""
        self.hints.forget()

    def _back(self, pv: PlayerView, hint) -> None:
        """A hint is worked out and still wanted: say so to the screen, which decides."""
        self.post_message(self.Done(pv, hint))

    def take(self, pv: PlayerView, hint) -> bool:
        """Take a worked-out hint for ``pv``, the view on screen (the screen decided it still
        is); False when there is none to show (the thinking is over either way)."""
        if hint is None or hint.action not in pv.legal:
            self.hints.forget()
            return False
        self.hints.take(pv, hint)
        return True

    def shown(self) -> bool:
        """Whether the line shows a hint for the view on screen, or the thinking about one."""
        return self.hints.view is self.view and self.hints.shown()

    def action(self):
        """The suggested action while it is for the view on screen and shown, else None."""
        hints = self.hints
        if hints.hint is not None and hints.view is self.view and not hints.hidden:
            return hints.hint.action
        return None

    def entry(self, ids: list[str], groups: dict[str, list] | None = None) -> str | None:
        """The id of the decision-list entry the hint suggests (a crane step that leads to
        the suggested arrangement, while the crane colours are chosen corner by corner); in
        a group (``groups``, by name), its group's entry."""
        action = self.action()
        if action is None:
            return None
        text = str(action)
        combined = suggested_entry(self.hints.hint, self.combined)
        if combined is not None:
            if combined[0] in ids:
                return combined[0]
            if GROUP_ID + THEN_GROUP in ids:
                return GROUP_ID + THEN_GROUP  # the builds after a conversion, behind one
        if text in ids:
            return text
        name = group_by_action(groups or {}).get(text) or group_of(action)
        group = GROUP_ID + name
        if name and group in ids:
            return group  # the group holding the suggestion (its entry opens it)
        colours = crane_colours(text)
        if colours:
            for i in ids:
                if i.startswith(STEP_ID) and colours.startswith(i.removeprefix(STEP_ID)):
                    return i
        return None

    def cells(self) -> tuple[frozenset[str], frozenset[tuple[int, int]]]:
        """The suggested action's Colonia cells and Forum cell (to underline on the board)."""
        action = self.action()
        if action is None:
            return frozenset(), frozenset()
        spot = forum_cell(action)
        if spot is not None:
            return frozenset(), frozenset({spot})
        return frozenset(action_cells(action)), frozenset()

    def line_text(self) -> Text:
        """What the line says now (a copy: thinking, the hint, or other words; may be empty)."""
        return self._line.copy()

    def page(self) -> str:
        """Which page of the hint the line shows: in the compact layout one h shows the
        suggestion whole (:data:`FIRST`, class ``-more``: below the list), h again the next
        best (:data:`NEXT`, class ``-next``); elsewhere all of it at once (:data:`ALL`)."""
        screen = self.screen if self.is_attached else None
        if screen is None or not (screen.has_class("-narrow") or screen.has_class("-short")):
            return ALL
        return NEXT if self.next_page else FIRST

    def has_next(self) -> bool:
        """Whether the worked-out hint has a page of next best choices."""
        hint = self.hints.hint
        return hint is not None and any(v is not None for _, v in hint.top[1:])

    def show_line(self, keys: Callable[[], dict[str, str]], words: str = "") -> bool:
        """The line: thinking, the hint (each choice named with its key in the list:
        ``keys()``), or ``words``; returns whether it says anything."""
        if not words and self.shown():
            if self.hints.thinking:
                words = "Hint: thinking…"
            elif self.hints.hint is not None and self.view is not None:
                width = self.content_size.width or (self.app.size.width - 1)
                words = hint_words(
                    self.hints.hint, self.view, keys(), self.page(), width, self.combined
                )
        self.display = bool(words)
        if not words:  # the next hint starts on its first page again
            self.remove_class("-next")
        text = Text(words, style=HINT_STYLE)
        self._line = text
        show_changed(self, text)  # unchanged: no layout, no repaint
        return bool(words)


def _suggest(pv: PlayerView):
    """The hint for ``pv``: :func:`forum_trajanum.games.forum_trajanum.bots.hint.suggest`."""
    from forum_trajanum.games.forum_trajanum.bots.hint import suggest

    return suggest(pv)
