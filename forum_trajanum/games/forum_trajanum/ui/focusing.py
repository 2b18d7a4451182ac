"""Where the arrow keys go, said on the play screen: the key bar begins with it and, in the
compact layout that has no room for frames, the panel tabs mark a board that has the keys.
The frames of the standard layouts are the stylesheet's (``:focus-within`` in play.tcss). And
the Tab order that puts the choices right after the Colonia. Plain functions: the play
screen calls them with its focus chain and its focused widget."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import OptionList

from forum_trajanum.tui.gamescreens import CHOICES_ARROWS


def choices_after_colonia(chain: list[Widget]) -> list[Widget]:
    """Textual's Tab order (the panels by their place on the screen), with the choices
    right after the Colonia: Tab goes from the Colonia to the choices in every layout, the
    wide one too, where the choices lie below the Forum and the players' strip."""
    ids = [widget.id for widget in chain]
    if "colonia" in ids and "decisions" in ids:
        choices = chain.pop(ids.index("decisions"))
        colonia = next(widget for widget in chain if widget.id == "colonia")
        chain.insert(chain.index(colonia) + 1, choices)
    return chain


def arrows_words(focused: Widget | None) -> str:
    """Where the arrow keys go with ``focused`` in focus, for the key bar: the choices or a
    board's cursor ("←" first: a board has them)."""
    from forum_trajanum.games.forum_trajanum.ui.forumgrid import ForumGrid
    from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid

    if isinstance(focused, ColoniaGrid):
        return "←↑↓→ Colonia"
    if isinstance(focused, ForumGrid):
        return "←↑↓→ Forum"
    if isinstance(focused, OptionList):
        return CHOICES_ARROWS
    return "↑↓ scroll" if focused is not None else ""
