"""The boxes of Trajan's play screen: each shows one of its panels (one's action circle, the
board, the province map, the construction district, the players, the others' circles, the
log) and draws itself from reactive data.

The screen decides the layout -- which box shows which panel, and the words of each frame
(the keys of the panels out of view, how the switched box scrolls) -- and gives each box a
:class:`Shows`; the box's watcher draws it: its frame's title, its content (only when it
changed: :func:`~forum_trajanum.tui.render.show_changed`), and where its view goes (the log at
its latest lines, another panel at its top). What a panel says is
:mod:`~forum_trajanum.games.trajan.ui.panels`'.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Static

from forum_trajanum.games.trajan.ui.panels import (
    NOTHING_YET,
    board_below_time,
    map_drawing,
    panel_text,
    time_line,
)
from forum_trajanum.games.trajan.ui.playdata import TrajanData
from forum_trajanum.tui.logview import LogView
from forum_trajanum.tui.render import Drawn, set_title, show_changed
from forum_trajanum.tui.scrollpanel import ScrollPanel


@dataclass(frozen=True, eq=False)
class Shows:
    """What a box shows: ``panel`` (its name) from ``data``, under ``title``.

    ``heading``: the panel's own heading line (below 120 columns its frame says it);
    ``switched``: the box whose panel the panel keys switch (it opens another panel at its
    top); ``follow``: the log at its latest lines (False: left where the player scrolled it,
    its frame alone redrawn)."""

    panel: str
    data: TrajanData
    title: str
    heading: bool = True
    switched: bool = False
    follow: bool = True


class PanelBox(ScrollPanel):
    """A scrolling box that shows one panel (its content in the ``Static`` child whose id is
    the box's without ``-box``)."""

    #: What the box shows; setting it draws the box (every time: its content is compared
    #: with what is on screen before anything is repainted).
    shows: reactive[Shows | None] = reactive(None, init=False, always_update=True, repaint=False)

    def watch_shows(self, shows: Shows | None) -> None:
        if shows is not None:
            self.draw(shows)

    def draw(self, shows: Shows) -> None:
        set_title(self, shows.title)
        target = self.query_one(f"#{(self.id or '')[:-4]}", Static)
        show_changed(target, self.content(shows), shows.panel)
        if shows.panel == "log" and shows.follow:
            # anchored at its foot (Textual's anchor): each layout keeps the latest lines in
            # view, however late it comes (under the coach's strip the log showed the
            # previous turn until Escape: issue 36.11), until the player scrolls up
            self.follow_end()
        elif shows.switched and shows.panel != "log":
            self.follow_end(False)  # another panel opens at its top

    def content(self, shows: Shows):
        """The panel's words."""
        return panel_text(shows.data, shows.panel, heading=shows.heading)


class MapBox(PanelBox):
    """The province map beside everything else (from 160 columns): the drawing alone, drawn
    for the box's width (its short names are in the legend)."""

    def content(self, shows: Shows):
        return Drawn(partial(map_drawing, shows.data.view, shows.data.names))


class BoardBox(PanelBox):
    """The board beside everything else (from 160 columns), its time track on its own line
    above the rest: most moves change the track alone of the board's lines."""

    def content(self, shows: Shows):
        view = shows.data.view
        time = self.query_one("#t-time", Static)
        track = time_line(view, two_lines=True)  # two lines: never wraps
        if time.display != bool(track):  # none in the setup
            time.display = bool(track)
        show_changed(time, track, shows.panel)
        return board_below_time(view, shows.data.names)


class LogBox(Vertical):
    """The log below one's circle (from 160x36): its own widget, its new lines wrapped alone
    and kept at its latest line."""

    shows: reactive[Shows | None] = reactive(None, init=False, always_update=True, repaint=False)

    def watch_shows(self, shows: Shows | None) -> None:
        if shows is not None:
            set_title(self, shows.title)
            self.query_one(LogView).show(shows.data.log or [NOTHING_YET])


__all__ = ["BoardBox", "LogBox", "MapBox", "PanelBox", "Shows"]
