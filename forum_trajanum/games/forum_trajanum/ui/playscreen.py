"""The play screen's base: the board panels, the decision list and their layouts by size.

:class:`PlayScreen` shows one :class:`PlayerView` only: the deciding player's own view, or a
public view. The decision list offers exactly ``view.legal``; the Colonia and Forum cursors
highlight the cells that appear in those actions. Choosing posts :class:`ActionChosen`; the
app decides. The screens of each mode (setup, draft, turn, ...) are in
:mod:`forum_trajanum.games.forum_trajanum.ui.play`.

The screen draws the boards itself; the decision panel
(:class:`~forum_trajanum.games.forum_trajanum.ui.decisions.DecisionPanel`) and the hint's line in it
(:class:`~forum_trajanum.games.forum_trajanum.ui.hinting.HintPanel`) are widgets with their own
state: the screen
passes them what to show and hears back from them by messages.
"""

from __future__ import annotations

from functools import partial
from typing import Any
from weakref import WeakKeyDictionary

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, HorizontalScroll, Vertical
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import OptionList, Static

from forum_trajanum.games.forum_trajanum.data import CITIZEN_ABILITIES, ROW_TITLES
from forum_trajanum.games.forum_trajanum.engine.actions import TakeTile
from forum_trajanum.games.forum_trajanum.engine.conversions import builds_after_conversion
from forum_trajanum.games.forum_trajanum.engine.forum import AreaRule, area_rule
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision
from forum_trajanum.games.forum_trajanum.engine.view import ColoniaView
from forum_trajanum.games.forum_trajanum.ui.decisions import (
    Choices,
    DecisionPanel,
    cell_at,
)
from forum_trajanum.games.forum_trajanum.ui.entries import THEN_ID, THEN_SEP, list_groups
from forum_trajanum.games.forum_trajanum.ui.focusing import arrows_words, choices_after_colonia
from forum_trajanum.games.forum_trajanum.ui.forumgrid import ForumGrid
from forum_trajanum.games.forum_trajanum.ui.hinting import HintPanel, hint_unavailable
from forum_trajanum.games.forum_trajanum.ui.labels import (
    action_cells,
    cell_words,
    converted_words,
    forum_cell,
)
from forum_trajanum.games.forum_trajanum.ui.panels import (
    COLONIA_LEGEND,
    FORUM_LEGEND,
    forum_notes,
    players_text,
    private_text,
    rule_words,
    side_supply_text,
    unseen_text,
)
from forum_trajanum.games.forum_trajanum.ui.playdata import PlayData
from forum_trajanum.games.forum_trajanum.ui.statusline import status_line
from forum_trajanum.games.forum_trajanum.ui.widgets import SEAT_STYLE, ColoniaGrid
from forum_trajanum.tui.decisionlist import DecisionList
from forum_trajanum.tui.gamescreens import GameScreen
from forum_trajanum.tui.hints import ASKED, MORE, SHOWN, WHOLE
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.logview import LogView
from forum_trajanum.tui.messages import (
    ActionChosen,
    SaveCopyRequested,
)
from forum_trajanum.tui.render import set_title, show_changed
from forum_trajanum.tui.scrollpanel import ScrollPanel, scroll_pages
from forum_trajanum.tui.statusline import StatusLine
from forum_trajanum.tui.textlines import TextLines

#: The main panel each app shows (compact layout): one choice for all its play screens (one
#: per mode: setup, draft, turn, watching a bot), so that switching mode never changes it.
_PANEL_OF_APP: WeakKeyDictionary = WeakKeyDictionary()


def side_more_words(end: float, at: float) -> str:
    """What the foot of a scrolled box says: ``end`` is its last scroll position (0: all of
    it in view), ``at`` where it is now."""
    if end < 1:
        return ""
    below = int(end - at + 0.5)
    if below >= 1:
        return f"↓ PgDn: {below} more line{'s' if below > 1 else ''}"
    return "↑ PgUp: back to the top"


#: The compact layout's panel tabs: their keys and names, in their order on the tabs line.
TAB_KEYS = {"c": "Colonia", "f": "Forum", "p": "Players", "l": "Log"}

#: What the panel tabs say when a decision showed the panel it is about (issue 36, item 7).
DECISION_PANEL_NOTE = "◀ shown for this choice"


class PlayScreen(GameScreen):
    """Base of the play screens: Colonia, decisions, Forum, players and tracks, log.

    The layout follows the terminal size through breakpoint classes and the stylesheet:
    compact (below about 120x36) shows one main panel at a time, switched with c / f / p / l,
    with the decision list and a status line always in view; standard shows the Colonia beside
    the decisions and the Forum, the players below; wide adds the other players' Colonias and
    puts the decisions along the bottom, as wide as their entries.
    """

    MODE = "play"
    #: Read when the first play screen is shown (the start screen does without it).
    CSS_PATH = "play.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-standard-w"), (160, "-wide-w")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-standard-h"), (45, "-wide-h")]
    PANELS = ("colonia", "forum", "players", "log")
    #: Keys the key bar may leave out when it is too narrow, in this order (the help shows
    #: all of them; the compact layout's tabs line shows the first four, and the bar leaves
    #: them out there: keys_shown_elsewhere).
    KEYBAR_SPARE = ("c", "f", "p", "l", "o")
    #: The game's own keys (the standard ones are every play screen's: GameScreen).
    BINDINGS = [
        Binding("c", "panel('colonia')", "Colonia"),
        Binding("f", "panel('forum')", "Forum"),
        Binding("p", "panel('players')", "Players"),
        Binding("l", "panel('log')", "Log"),
        Binding("o", "boards", "Others"),
        Binding("t", "trajan_cards", "Trajan"),  # the Trajan cards
        Binding("s", "save", "Save"),
    ]
    #: The game's own keys on the key bar, after the standard ones (e, said beside the
    #: decision, is left out).
    KEYBAR_OWN = ("c", "f", "p", "l", "o", "t", "s")

    def __init__(self, data: PlayData) -> None:
        super().__init__(data)
        self.actions: list = []
        #: The legal actions by their text (the list's entries' ids).
        self.by_text: dict[str, Any] = {}
        self.by_cell: dict[str, list] = {}
        self.by_forum: dict[tuple[int, int], object] = {}
        self.other: list = []
        #: Entries behind one entry of the list (a building step's conversions), by group.
        self.groups: dict[str, list] = {}
        #: Builds one conversion makes possible, with that conversion (building step only).
        self.converted: dict = {}
        #: A build chosen with its conversion: played once the conversion is (its text).
        self.pending_build = ""
        self.covered = False
        self._decision_key: tuple = ()
        self.panel = "colonia"
        #: Why the panel changed when the player did not change it ("": the player did).
        self.panel_note = ""

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status-line")
        yield Static(id="tabs")
        with Container(id="board"):
            with Container(id="p-colonia", classes="panel -shown"):
                yield ColoniaGrid(id="colonia")
                with ScrollPanel(id="colonia-side"):
                    # docked at its foot: says that lines are below and that PgDn shows them
                    yield Static(id="side-more")
                    yield Static(id="cursor-cell")
                    yield Static(id="private")
                    yield TextLines(id="supply")
                    yield Static(id="unseen")
                    yield Static(COLONIA_LEGEND, id="colonia-legend")
            yield DecisionPanel(id="p-decide")
            with ScrollPanel(id="p-forum", classes="panel"):
                yield ForumGrid(id="forum")
                yield Static(id="forum-rule")
                yield Static(FORUM_LEGEND, id="forum-legend")
                yield Static(id="forum-notes")
            # the log before the players' strip: the wide layout's grid places it beside the
            # Forum, the strip below both (the standard layout does not show it)
            yield LogView(id="p-log", classes="panel")
            with ScrollPanel(id="p-players", classes="panel"):
                yield TextLines(id="players")
            with HorizontalScroll(id="p-others", classes="panel"):
                for n in range(3):
                    with Vertical(classes="other", id=f"other-{n}"):
                        yield Static(classes="other-title")
                        yield ColoniaGrid(classes="other-grid")
        yield KeyBar()

    def on_mount(self) -> None:
        for grid in self.query(".other-grid").results(ColoniaGrid):
            grid.can_focus = False
        # Tab goes from the Colonia straight to the choices; the side panel scrolls by PgUp /
        # PgDn (its foot says so) and by mouse (its supply is also on the players panel, p)
        side = self.query_one("#colonia-side")
        side.can_focus = False
        # its foot says, whenever that changes, whether lines are below its view
        for attribute in ("scroll_y", "virtual_size", "size"):
            self.watch(side, attribute, self.show_side_more, init=False)
        self.call_after_refresh(self.show_side_more)
        for panel, title in (
            ("colonia", "Colonia"),
            ("decide", "Your choices"),
            ("forum", "Forum"),
            ("players", "Players and tracks"),
            ("log", "Log"),
            ("others", "Other players' Colonias"),
        ):
            if getattr(self.query_one(f"#p-{panel}"), "_shown_title", None) is None:
                set_title(self.query_one(f"#p-{panel}"), title)  # unless drawn already
        self.show(self.data)
        self.query_one("#decisions", OptionList).focus()
        self.watch(self, "focused", self.focus_moved, init=False)

    def on_screen_resume(self) -> None:
        # GameScreen.on_screen_resume (Textual calls each class's handler) sets the
        # breakpoint classes and lets the flow go on
        lists = self.query("#decisions")  # empty while the screen is still being composed
        if lists and not isinstance(self.focused, (ColoniaGrid, ForumGrid)):
            lists.first().focus()

    def query_one(self, selector, expect_type=None):
        """``Screen.query_one``, remembered: this screen's widgets are composed once and never
        replaced, and a redraw looks up some twenty of them (a DOM search each)."""
        key = (selector, expect_type)
        cache = self.__dict__.setdefault("_found", {})
        found = cache.get(key)
        if found is None or not found.is_attached:
            found = super().query_one(selector, expect_type)
            cache[key] = found
        return found

    def composed(self) -> bool:
        """Whether the screen's widgets are there (a redraw before that waits for on_mount)."""
        try:
            self.query_one("#decisions")
        except NoMatches:
            return False
        return True

    def other_boxes(self) -> list[tuple[Widget, Static, ColoniaGrid]]:
        """The other players' Colonias: (box, title, grid) each, looked up once."""
        found = self.__dict__.get("_other_boxes")
        if found is None:
            found = self.__dict__["_other_boxes"] = [
                (
                    box,
                    box.query_one(".other-title", Static),
                    box.query_one(".other-grid", ColoniaGrid),
                )
                for box in self.query(".other")
            ]
        return found

    def decision_panel(self) -> DecisionPanel:
        """The decision panel: the list of choices and the lines around it."""
        return self.query_one("#p-decide", DecisionPanel)

    def hint_panel(self) -> HintPanel:
        """The hint's line under the list, which holds the hint (or works one out)."""
        return self.query_one("#hint", HintPanel)

    @property
    def compact(self) -> bool:
        """Whether the compact layout (one main panel at a time) is in use."""
        return self.has_class("-narrow") or self.has_class("-short")

    def keys_shown_elsewhere(self) -> frozenset[str]:
        """The panel keys the compact layout's tabs line shows: the key bar leaves them out
        (at 80x24 it said ``l Log`` a second time)."""
        return frozenset(TAB_KEYS) if self.compact else frozenset()

    def rows_lent(self) -> int:
        """Rows the board has only while the decision panel is short: the compact layout's
        panel fits its list (up to its ``max-height``, play.tcss), and a short list's rows
        go to the board above. The Colonia draws for the room it has without them
        (:meth:`ColoniaGrid.room`), so it does not change size between decisions."""
        if not self.compact:
            return 0
        panel = self.decision_panel()
        top = panel.styles.max_height
        return max(0, int(top.value) - panel.outer_size.height) if top is not None else 0

    # --- drawing ------------------------------------------------------------------------

    def shown_seat(self) -> int:
        """Whose Colonia the big grid shows: the viewer, or (public view) the decider."""
        pv = self.data.view
        if pv.viewer >= 0:
            return pv.viewer
        if self.data.home >= 0:
            return self.data.home
        return max(pv.decider, 0)

    def cover(self) -> None:
        """Hide everything but the title (a hand-over screen is about to cover this one).

        Inline styles, not a CSS class: a class on the screen would restyle every widget."""
        self.covered = True
        for part in self.query("#board, #status-line"):
            part.styles.visibility = "hidden"

    def uncover(self) -> None:
        if self.covered:
            self.covered = False
            for part in self.query("#board, #status-line"):
                part.styles.visibility = "visible"

    def show(self, data: PlayData) -> None:
        """Redraw everything from ``data``."""
        new_viewer = data.view.viewer != self.data.view.viewer
        self.data = data
        if not self.composed():  # still being composed: on_mount draws ``data``
            return
        self.uncover()
        shown = _PANEL_OF_APP.get(self.app)
        if shown is not None and shown != self.panel:  # another mode's screen showed it
            self.set_panel(shown, self.panel_note)
        decisions = self.query_one("#decisions", DecisionList)
        if new_viewer:
            decisions.focus()
        if data.hold > 0:
            # from now (keys already queued) until a moment after the decision is on screen
            decisions.hold(data.hold)
            self.call_after_refresh(decisions.hold, data.hold)
        self.sort_actions()
        self.draw()
        if self.pending_build:
            self.call_after_refresh(self.play_pending_build)

    def sort_actions(self) -> None:
        """Sort the view's legal actions by the Colonia / Forum cell they are about;
        the conversions of a building step go behind one entry of the list (a group), and so
        do the entries of any list longer than its keys (``entries.list_groups``)."""
        pv = self.data.view
        self.actions = list(pv.legal)
        self.by_text = {str(action): action for action in self.actions}
        self.by_cell, self.by_forum, self.other = {}, {}, []
        self.groups = {}
        for action in self.actions:
            cells = action_cells(action)
            spot = forum_cell(action)
            if spot is not None:
                self.by_forum[spot] = action
            elif cells:
                for cell in cells:
                    self.by_cell.setdefault(cell, []).append(action)
            else:
                self.other.append(action)
        self.converted = builds_after_conversion(pv)
        self.groups = list_groups(self.actions)
        if self.groups:
            grouped = {a for members in self.groups.values() for a in members}
            self.other = [a for a in self.other if a not in grouped]

    def choices(self) -> Choices:
        """What the decision panel shows (a screen may add entries of its own): the builds a
        conversion makes possible among them."""
        pv = self.data.view
        return Choices(
            self.data,
            self.actions,
            self.other,
            self.groups,
            by_text=self.by_text,
            after_conversion=[
                (f"{THEN_ID}{conversion}{THEN_SEP}{build}", converted_words(build, conversion, pv))
                for build, conversion in self.converted.items()
            ],
        )

    def on_decision_panel_entry_chosen(self, event: DecisionPanel.EntryChosen) -> None:
        """A build after a conversion: the conversion is played now, the build once the
        building step is back on screen with the build among its legal actions."""
        if not event.entry_id.startswith(THEN_ID):
            return
        event.stop()
        conversion, build = event.entry_id.removeprefix(THEN_ID).split(THEN_SEP)
        action = self.by_text.get(conversion)
        if action is None:
            return
        self.pending_build = build
        self.choose(action)

    def play_pending_build(self) -> None:
        """The build chosen with its conversion, once the conversion is played: played when
        it is legal now (the engine's list says), else said and dropped."""
        build, self.pending_build = self.pending_build, ""
        if not build:
            return
        action = self.by_text.get(build)
        if action is not None and self.data.view.viewer == self.data.view.decider:
            self.decision_panel().choice_list.spend()
            self.post_message(ActionChosen(action, joined=True))  # one choice: one undo
        else:
            self.say(f"The conversion is made, but {build} is no longer possible.")

    def draw(self) -> None:
        """Draw the boards, the status and the decision list for ``self.data``."""
        data = self.data
        pv = data.view
        seat = self.shown_seat()
        colonia = self.colonia_shown(pv.colonias[seat])
        grid = self.query_one("#colonia", ColoniaGrid)
        owner = data.names[seat] + (" (you)" if pv.viewer == seat else "")
        flash_cells, flash_forum = data.flash
        hints = self.hint_panel()
        hints.follow(pv)  # a hint is for the view it was worked out from only
        hint_cells, hint_forum = hints.cells()
        flash = frozenset(flash_cells) if data.flash_seat == seat else frozenset()
        grid.show(
            colonia,
            pv.options.side,
            self.marked_cells(),
            tuple(pv.street),
            tint=pv.decision == Decision.DRAFT,
            flash=flash | hint_cells if pv.viewer == seat else flash,
        )
        set_title(self.query_one("#p-colonia"), f"Colonia of {owner}")
        previous = self._decision_key
        # the same kind of decision again (another build, the draft's second tile): the
        # cursors stay where they are while their cell is still a choice
        self._decision_key = (pv.viewer, pv.decision, pv.cycle, pv.round)
        fresh = previous != self._decision_key
        self.place_grid_cursor(grid, fresh=fresh)
        # a new decision shows the board its choices are on (and the tabs say so); otherwise
        # the panel is the one the player chose: it changes by the player's key only
        named = "forum" if self.by_forum else "colonia" if self.by_cell else ""
        if fresh and named and named != self.panel:
            self.set_panel(named, DECISION_PANEL_NOTE)
        elif fresh and named != self.panel:
            self.panel_note = ""
        self.show_cursor_cell()
        self.query_one("#supply", TextLines).update(side_supply_text(colonia))
        for name, words in (("#private", private_text), ("#unseen", unseen_text)):
            widget = self.query_one(name, Static)
            text = words(colonia) if pv.viewer == seat else Text("")
            text.rstrip()
            widget.display = bool(text.plain)  # an empty one takes no line
            show_changed(widget, text)
        status = self.query_one("#status-line", StatusLine)
        status.words = partial(status_line, pv, data.names, seat)
        self.query_one("#players", TextLines).update(players_text(pv, data.names, data.bots))
        self.draw_forum(frozenset(flash_forum) | hint_forum)
        self.draw_tabs()
        self.decision_panel().show(self.choices())
        self.cursor_to_highlight()
        self.query_one("#p-log", LogView).show(data.log)
        self.draw_others(seat)
        self.show_keys()  # u is offered only while a step can be taken back

    def draw_forum(self, flash: frozenset[tuple[int, int]]) -> None:
        """The Forum with its legal spaces, the last move, the area the colour-area rule
        sends the deciding player's envoy to (the engine's ``area_rule``) and its notes."""
        pv = self.data.view
        rule = area_rule(pv) if pv.viewer >= 0 and pv.viewer == pv.decider else AreaRule()
        lit = frozenset(pv.forum_coords[i] for area in rule.areas for i in area)
        self.query_one(ForumGrid).show(pv, frozenset(self.by_forum), flash, lit)
        words = self.query_one("#forum-rule", Static)
        text = rule_words(rule, pv)
        words.display = bool(text.plain)
        show_changed(words, text)
        show_changed(self.query_one("#forum-notes", Static), forum_notes(pv))

    def draw_others(self, seat: int) -> None:
        """The other players' Colonias (shown in the wide layout)."""
        pv = self.data.view
        others = [c for c in pv.colonias if c.seat != seat]
        for n, (box, title_line, grid) in enumerate(self.other_boxes()):
            box.display = n < len(others)
            if n < len(others):
                c = others[n]
                title = f"{c.seat + 1} {self.data.names[c.seat]}: {c.score} VP"
                show_changed(title_line, Text(title, style=SEAT_STYLE[c.seat]))
                flash = self.data.flash[0] if self.data.flash_seat == c.seat else ()
                grid.show(c, pv.options.side, flash=frozenset(flash))

    def draw_tabs(self) -> None:
        text = Text(no_wrap=True, overflow="crop")
        board = arrows_words(self.focused).startswith("←")  # a board has the arrow keys
        for key, name in TAB_KEYS.items():
            shown = name.lower() == self.panel
            text.append(f" {key} ", style="bold reverse" if shown else "bold")
            text.append(f"{name} ", style="bold #ffd75f underline" if shown else "#a0a0a0")
        if board:  # the arrows move this panel's cursor, not the choices
            text.append(" ◀ in focus: arrows move its cursor",
                        style="bold #ffd75f")  # fmt: skip
        elif self.panel_note and self.compact:
            text.append(f" {self.panel_note}", style="bold #ffd75f")
        show_changed(self.query_one("#tabs", Static), text, layout=False)

    def set_panel(self, panel: str, note: str = "") -> None:
        """Show ``panel`` (the compact layout shows one main panel at a time); ``note`` says
        why when the player did not choose it ("": the player did). Every play screen of the
        app shows it from now on."""
        self.panel = panel
        self.panel_note = note
        if self.is_attached:
            _PANEL_OF_APP[self.app] = panel
        for name in self.PANELS:
            self.query_one(f"#p-{name}").set_class(name == panel, "-shown")
        self.focus_off_hidden_panel()
        if self.is_mounted:
            self.draw_tabs()

    def on_resize(self) -> None:
        """The window may have become small enough for the compact layout, which hides the
        panel in focus (a board Tab reached): the focus goes to the choices. The key bar
        says again which keys it shows (the tabs line shows the panel keys only then)."""
        self.call_after_refresh(self.focus_off_hidden_panel)
        self.call_after_refresh(self.show_keys)

    def focus_off_hidden_panel(self) -> None:
        """The focus never rests on a hidden panel (the compact layout shows one at a time):
        from a panel just hidden (or from nowhere) it goes to the choices, where Enter
        chooses. Textual would otherwise leave it nowhere (or on the hidden board) and Enter
        would do nothing."""
        focused = self.focused
        if not self.compact or not self.is_mounted:
            return
        if focused is None or any(
            node.has_class("panel") and not node.has_class("-shown")
            for node in focused.ancestors_with_self
        ):
            self.query_one("#decisions", OptionList).focus()

    def colonia_shown(self, colonia: ColoniaView) -> ColoniaView:
        """The Colonia as drawn (a screen may show a choice in the making on it)."""
        return colonia

    def marked_cells(self) -> frozenset[str]:
        """The Colonia cells marked as legal: those the legal actions are about. In the draft
        only the street cards' own tiles: a tile off the streets costs a tribune and is
        offered for the cell under the cursor."""
        plain = {
            cell
            for cell, actions in self.by_cell.items()
            if any(not (isinstance(a, TakeTile) and a.tribune) for a in actions)
        }
        return frozenset(plain or self.by_cell)

    def place_grid_cursor(self, grid: ColoniaGrid, fresh: bool) -> None:
        """Keep the Colonia cursor on a legal cell (the first one for a new decision)."""
        if self.by_cell and (fresh or self.by_cell.get(cell_at(grid.cursor)) is None):
            # the engine lists the most natural choices first (e.g. the street's own tiles)
            first = next(a for a in self.actions if action_cells(a) and forum_cell(a) is None)
            grid.place_cursor(action_cells(first)[0])

    def action_panel(self, panel: str) -> None:
        """c / f / p / l: show that panel (compact); the log key opens the whole log otherwise."""
        if panel == "log" and not self.compact:
            self.action_log()
            return
        self.set_panel(panel)
        if panel == "log":
            log_panel = self.query_one("#p-log", LogView)
            self.call_after_refresh(log_panel.scroll_end, animate=False)
        widget = {"colonia": ColoniaGrid, "forum": ForumGrid}.get(panel)
        if widget is not None:
            self.query_one(widget).focus()

    def show_cursor_cell(self) -> None:
        """The cell under the Colonia cursor in words (the long form of its short one)."""
        grid = self.query_one("#colonia", ColoniaGrid)
        if grid.colonia is None:
            return
        index = grid.cursor
        row = index // 6  # the citizen row beside the cursor's grid row
        text = Text.assemble(
            (f"{cell_at(index)}: ", "bold #ffd75f"), cell_words(grid.colonia, index)
        )
        # the row's citizen ability, but while crane colours are chosen (nothing to do with
        # citizens: QA at 80x24, the Patrician's envoy rule beside the crane colours)
        if self.data.view.decision != Decision.SETUP_CRANES:
            text.append(f"\n{ROW_TITLES[row]}: ", style="bold #d7afff")
            text.append(CITIZEN_ABILITIES[row], style="#d7afff")
        show_changed(self.query_one("#cursor-cell", Static), text)

    def show_side_more(self, _value=None) -> None:
        """The foot of the words beside the Colonia: how many lines are below their view and
        that PgDn shows them; at their end, that PgUp goes back; nothing while all of them
        are in view (they are seven rows at 80x24, and some sixty lines in a game)."""
        if not self.is_mounted:
            return
        side = self.query_one("#colonia-side")
        foot = self.query_one("#side-more", Static)
        words = side_more_words(side.max_scroll_y, side.scroll_y)
        if foot.display != bool(words):
            foot.display = bool(words)
        show_changed(foot, words)

    def action_scroll_panel(self, pages: int) -> None:
        """PgDn / PgUp: a page down or up the words beside the Colonia; in the compact
        layout, of the panel in view (the Forum, the players, the log). The focus stays
        where it is: the arrows still move the choices or the board's cursor."""
        if self.compact and self.panel != "colonia":  # the Forum, the players, the log
            scroll_pages(self.query_one(f"#p-{self.panel}"), pages)
            return
        # the side's last row says what is below it (when it shows): it does not scroll
        side = self.query_one("#colonia-side", ScrollPanel)
        side.page(pages, foot=1 if self.query_one("#side-more").display else 0)

    def on_colonia_grid_cursor_moved(self, event: ColoniaGrid.CursorMoved) -> None:
        """The cursor's cell in words, and the list's highlight on its first choice there
        (the list itself, and its numbers, stay as they are)."""
        if self.is_mounted and self.query("#cursor-cell"):
            self.show_cursor_cell()
            if event.by_player:  # the player moves it (a redraw moves the list not)
                self.highlight_cell_choices(self.by_cell.get(event.cell, []), event.cell)

    def on_forum_grid_cursor_moved(self, event: ForumGrid.CursorMoved) -> None:
        """The list's highlight follows the Forum's cursor onto the choice on its space."""
        action = self.by_forum.get((event.row, event.col))
        self.highlight_cell_choices([action] if action is not None else [], "")

    def highlight_cell_choices(self, actions: list, cell: str) -> None:
        """Highlight the first of ``actions`` (a board cell's choices) in the list; a group
        or another cell's choices, shown instead of the whole list, close first when they
        do not hold them (Escape's way back)."""
        panel = self.decision_panel()
        if not actions:
            return  # a cell without choices: the highlight stays where it is
        if panel.cell_open and panel.cell_open[0] != cell:
            panel.close_group()
        if not panel.highlight(actions) and (panel.group_open or panel.cell_open):
            panel.close_group()  # a group without this cell's choices: the whole list
            panel.highlight(actions)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The boards' cursors follow the list's highlight (arrows, keys, a new list)."""
        self.cursor_to_highlight()

    def cursor_to_highlight(self) -> None:
        """Put the board cursor on the cell of the highlighted choice, where it is about one:
        the cursor and the highlight name the same choice (issue 27, point 7)."""
        if not self.composed():
            return
        highlighted = self.decision_panel().highlighted_id() or ""
        action = self.by_text.get(highlighted)
        if action is None and highlighted.startswith(THEN_ID):  # a build after a conversion
            build = highlighted.split(THEN_SEP)[-1]
            action = next((b for b in self.converted if str(b) == build), None)
        if action is None:
            return
        spot = forum_cell(action)
        if spot is not None:
            self.query_one(ForumGrid).place_cursor(spot)
            return
        cells = action_cells(action)
        grid = self.query_one("#colonia", ColoniaGrid)
        if cells and cell_at(grid.cursor) not in cells:
            grid.place_cursor(cells[0])
            self.show_cursor_cell()

    def on_colonia_grid_cell_chosen(self, event: ColoniaGrid.CellChosen) -> None:
        """Enter (or a click) on a Colonia cell: its one choice is taken; several open in the
        list, by themselves (Escape goes back); with no cell marked, Enter is the list's."""
        actions = self.by_cell.get(event.cell, [])
        # Enter on a draft cell takes that tile for its street (no tribune: that is a
        # separate, explicit entry of the list)
        plain = [a for a in actions if not (isinstance(a, TakeTile) and a.tribune)]
        if len(plain) == 1:
            self.choose(plain[0])
        elif actions:
            self.open_cell(event.cell, actions)
        elif not self.marked_cells():
            self.decision_panel().choose_highlighted()  # no board choice now: the list's
        else:
            self.say(f"Nothing to do on {event.cell} now; the cells marked ▸ are.")

    def open_cell(self, cell: str, actions: list) -> None:
        """Show the choices on ``cell`` alone in the list, with the focus on it; Escape
        goes back to the whole list and to the board."""
        self._opened_from = self.focused
        self.decision_panel().open_cell(cell, actions)
        self.query_one("#decisions", OptionList).focus()

    def on_forum_grid_cell_chosen(self, event: ForumGrid.CellChosen) -> None:
        action = self.by_forum.get((event.row, event.col))
        if action is not None:
            self.choose(action)
        elif not self.by_forum:
            self.decision_panel().choose_highlighted()  # no envoy to place: the list's
        else:
            self.say("No envoy may go there now; the spaces marked ▸ may take one.")

    def choose(self, action) -> None:
        """Hand a legal action chosen on a board (one of the view's) up to the app."""
        self.post_message(ActionChosen(action))

    def say(self, message: str) -> None:
        """Show a message under the decision list (whole, wrapped); the next redraw clears it
        (a standing notice stays: :meth:`with_standing`)."""
        self.decision_panel().say(self.with_standing(message))

    def escape_line_shown(self) -> bool:
        return self.decision_panel().said() == self.escape_line

    # --- where the arrow keys go --------------------------------------------------------

    @property
    def focus_chain(self) -> list:
        """Textual's Tab order with the choices right after the Colonia (see
        :func:`~forum_trajanum.games.forum_trajanum.ui.focusing.choices_after_colonia`)."""
        return choices_after_colonia(super().focus_chain)

    def arrows_hint(self) -> str:
        """Where the arrow keys go now, for the key bar: the choices or a board's cursor."""
        return arrows_words(self.focused)

    def focus_moved(self, _focused=None) -> None:
        """The focus moved: the panel tabs say it again (the key bar: GameScreen)."""
        if self.composed():
            self.draw_tabs()

    # --- the hint -----------------------------------------------------------------------

    def action_hint(self) -> None:
        """h: suggest a move for the player whose decision is on screen. In a small window
        the hint comes whole below the list (the suggestion, its figure and its reason; the
        list keeps its rows), h again shows the next best choices, h again hides it; where
        there is room it comes whole at once and h again hides it. h once more shows it."""
        pv = self.data.view
        why = hint_unavailable(pv)
        if why:
            self.say(why)
            return
        hints = self.hint_panel()
        self.say("")  # a message's moment is over: the hint's line takes its place
        compact = self.has_class("-narrow") or self.has_class("-short")
        did = hints.hints.press(pv, grow=hints.grows(compact, hints.has_next()))
        hints.turn_page(did, compact)
        if did == SHOWN:  # hidden: shown again (the cursor may have moved since)
            self.mark_hint() if hints.action() is not None else self.draw()
        elif did in (ASKED, WHOLE):  # thinking (it comes whole below the list)
            self.decision_panel().show_hint_line()
        elif did == MORE:  # its page below the list, then the next best choices
            self.mark_hint()
        else:
            self.draw()

    def hide_hint(self) -> None:
        """The hint off the screen, its mark and its cells too (kept: h shows it again); the
        thinking about one given up."""
        hints = self.hint_panel()
        hints.hints.hide()
        hints.close_pages()
        self.draw()

    def on_hint_panel_done(self, event: HintPanel.Done) -> None:
        """A hint is worked out: shown, unless the decision on screen is another one by now."""
        event.stop()
        hints = self.hint_panel()
        pv = event.view
        if hints.hint_view is not pv or self.data.view is not pv or self.covered:
            return  # the player acted (or the keyboard passed on) meanwhile: drop it
        if hints.take(pv, event.hint):
            if self.compact:
                hints.show_whole()  # below the list, the list keeping its rows
            self.mark_hint()
        else:
            self.decision_panel().show_hint_line(
                "No hint could be worked out for this decision, sorry."
            )

    def mark_hint(self) -> None:
        """Put the hint on screen: the cursors on its cells, the board and the list with it."""
        hints = self.hint_panel()
        action = hints.action()
        if action is None:
            return
        cells, spots = hints.cells()
        if spots:
            forum = self.query_one(ForumGrid)
            forum.cursor = next(iter(spots))
            self.set_panel("forum")
        elif cells and self.shown_seat() == self.data.view.viewer:
            self.query_one("#colonia", ColoniaGrid).place_cursor(action_cells(action)[0])
            self.set_panel("colonia")
        self.draw()  # the board with the hint's cells, the list with its mark
        self.decision_panel().point_at_hint()

    # --- the decision panel's keys ------------------------------------------------------

    def action_pick(self, number: int) -> None:
        """A key of the list (1-9, then A-Z) chooses the entry with that key."""
        self.decision_panel().pick(number)

    def action_end_turn(self) -> None:
        """e: end the turn, where that is one of the choices."""
        self.decision_panel().end_turn()

    def close_innermost(self) -> bool:
        """Escape: a group or a cell's choices open in the list, else the hint (or the
        thinking about one)."""
        panel = self.decision_panel()
        if panel.group_open or panel.cell_open:
            self.action_close_group()
        elif self.hint_panel().shown() or self.hint_panel().display:
            self.hide_hint()
        else:
            return False
        return True

    def said(self) -> str:
        return self.decision_panel().said()

    def action_close_group(self) -> None:
        """Escape / left arrow in a group: back to the whole decision (and to the board a
        cell's choices were opened from)."""
        panel = self.decision_panel()
        from_cell = panel.cell_open is not None
        panel.close_group()
        board = self.__dict__.pop("_opened_from", None)
        if from_cell and isinstance(board, (ColoniaGrid, ForumGrid)) and board.is_attached:
            board.focus()

    # --- the other keys -----------------------------------------------------------------

    def key_offered(self, action: str) -> bool:
        """Whether the key bar offers ``action`` now: undo only while a step can be taken
        back (the session says; issue 36, item 4), the hint only at a decision of the seat's
        (:func:`hint_unavailable`: h there says why not)."""
        if action == "hint":
            return not hint_unavailable(self.data.view)
        return action != "undo" or self.data.can_undo

    def action_boards(self) -> None:
        from forum_trajanum.games.forum_trajanum.ui.dialogs import BoardsScreen

        self.app.push_screen(BoardsScreen(self.data))

    def action_trajan_cards(self) -> None:
        from forum_trajanum.games.forum_trajanum.ui.dialogs import TrajanCardsScreen

        self.app.push_screen(TrajanCardsScreen(self.data.view))

    def action_log(self) -> None:
        from forum_trajanum.tui.dialogs import LogScreen

        self.app.push_screen(LogScreen(self.data.log))

    def action_save(self) -> None:
        self.post_message(SaveCopyRequested())
