"""Where the arrow keys go, said on the play screen (mixed into its screen class): the key bar
begins with it and, in the compact layout that has no room for frames, the panel tabs mark a
board that has the keys. The frames of the standard layouts are the stylesheet's
(``:focus-within`` in play.tcss)."""

from __future__ import annotations

from textual.widgets import OptionList

from forum_trajanum.tui.keys import KeyBar


class ArrowsSaid:
    """The play screen's part that says where the arrow keys go."""

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
