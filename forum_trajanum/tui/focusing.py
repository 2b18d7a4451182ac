"""Where the arrow keys go, said on the play screen (mixed into its screen class): the key bar
begins with it and, in the compact layout that has no room for frames, the panel tabs mark a
board that has the keys. The frames of the standard layouts are the stylesheet's
(``:focus-within`` in play.tcss)."""

from __future__ import annotations

from textual.widgets import OptionList

from forum_trajanum.tui.keys import KeyBar


class ArrowsSaid:
    """The play screen's part that says where the arrow keys go."""

    @property
    def focus_chain(self) -> list:
        """Textual's Tab order (the panels by their place on the screen), with the choices
        right after the Colonia: Tab goes from the Colonia to the choices in every layout,
        the wide one too, where the choices lie below the Forum and the players' strip."""
        chain = super().focus_chain
        ids = [widget.id for widget in chain]
        if "colonia" in ids and "decisions" in ids:
            choices = chain.pop(ids.index("decisions"))
            chain.insert(chain.index(self.query_one("#colonia")) + 1, choices)
        return chain

    def arrows_hint(self) -> str:
        """Where the arrow keys go now, for the key bar: the choices or a board's cursor."""
        from forum_trajanum.tui.widgets import ColoniaGrid, ForumGrid

        focused = self.focused
        if isinstance(focused, ColoniaGrid):
            return "←↑↓→ Colonia"
        if isinstance(focused, ForumGrid):
            return "←↑↓→ Forum"
        if isinstance(focused, OptionList):
            return "↑↓ choices"
        return "↑↓ scroll" if focused is not None else ""

    def board_in_focus(self) -> bool:
        """Whether a board (the Colonia or the Forum) has the arrow keys."""
        return self.arrows_hint().startswith("←")

    def focus_moved(self, _focused=None) -> None:
        """The focus moved: the key bar and the panel tabs say it again."""
        for bar in self.query(KeyBar):
            bar.show_keys()
        if self.composed():
            self.draw_tabs()
