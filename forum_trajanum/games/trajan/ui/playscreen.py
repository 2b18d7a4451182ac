"""Trajan's play screen and its watching form (what the app asks of the game's screens is in
:mod:`forum_trajanum.games.trajan.ui.play`); the panels it shows are drawn by
:mod:`~forum_trajanum.games.trajan.ui.panels` and :mod:`~forum_trajanum.games.trajan.ui.circles`.

One play screen shows one seat's view (or the public one while a bot plays): a status line
(quarter, round, the time marker and how far the round end is, the demands, your score and
hand), one board panel at a time switched by one key (your action circle, the board, the
province map, the construction district, the players, the log; side by side with the choices
and one's circle from 120 columns, all at once from 160) and the list of choices, each in
words with what it gives. Choosing a source tray says where the last marker lands, which
Trajan tile it can complete, the action that follows and how far time moves (the engine's
:func:`~forum_trajanum.games.trajan.engine.view.sowing_plan`).

Everything shown comes from the view; the screens compute no rule.
"""

from __future__ import annotations

import textwrap
from functools import partial
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.foresight import ends_turn
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.ui.boxes import BoardBox, LogBox, MapBox, PanelBox, Shows
from forum_trajanum.games.trajan.ui.choices import (
    choice_words,
    decision_title,
    list_entries,
    list_groups,
)
from forum_trajanum.games.trajan.ui.circles import OthersScreen, circle_title
from forum_trajanum.games.trajan.ui.panels import (
    PANEL_KEYS,
    PANEL_TITLES,
    PANEL_WORDS,
    panel_seat,
)
from forum_trajanum.games.trajan.ui.playdata import TrajanData
from forum_trajanum.games.trajan.ui.recap import RECAP_KEY, RecapScreen, meanwhile
from forum_trajanum.games.trajan.ui.statusline import status_line, whose_turn
from forum_trajanum.tui.decisionlist import follows
from forum_trajanum.tui.decisionpanel import DecisionPanel
from forum_trajanum.tui.gamescreens import GameScreen
from forum_trajanum.tui.grouping import BACK_ID, GROUP_ID
from forum_trajanum.tui.hintline import HintLine
from forum_trajanum.tui.hints import ASKED, HIDDEN, MORE, SHOWN, Hints
from forum_trajanum.tui.keys import ENTRY_KEYS, LEGEND_KEY, KeyBar, entry_key_name
from forum_trajanum.tui.logview import LogView
from forum_trajanum.tui.messages import (
    ActionChosen,
)
from forum_trajanum.tui.render import PanelText, set_title, show_changed
from forum_trajanum.tui.scrollpanel import ScrollPanel
from forum_trajanum.tui.statusline import StatusLine
from forum_trajanum.tui.textlines import Hanging

#: The lines a page of the hint has below 120 columns: the hint's line and two of the
#: list's, so that the list keeps its eight rows at 80x24.
HINT_LINES = 3
#: The rows of a long list of choices at 80 columns (play.tcss's max-height): one fewer beside
#: two lines of the decision's words, :data:`HINT_MORE_ROWS` fewer beside the hint whole.
LIST_ROWS = 10
HINT_MORE_ROWS = 2
#: What a choice that ends the turn says while it waits for its key.
END_WAIT = "This ends your turn: Enter or e to end it · another choice, Escape or u: not yet"


class TrajanScreen(GameScreen):
    """A seat's own view of the game, with its choices.

    Compact (below 120 columns): one panel at a time above the choices. Standard (from 120):
    a panel on the left as tall as the screen (the board whole at 120x36; the players above
    it from 45 rows), the choices on the right with one's action circle below them. Wide
    (from 160): everything at once in three columns: the other players' circles (then the
    players) and the province map; the board and the construction district; the choices,
    one's circle and the log (from 36 rows)."""

    MODE = "trajan-turn"
    #: The list's entries as last filled, the kind and seat of their decision, the game's
    #: step then (what keeps the highlight).
    _shown_choices: list | None = None
    #: The entry shown whole (wrapped) in the list: the highlighted one, when it is cut.
    _whole_entry: int | None = None
    _shown_decision: tuple | None = None
    #: The rows the list and the decision's words keep at 80 columns (None: as the layout
    #: gives): :meth:`_fit_list`.
    _list_rows: tuple | None = None
    #: The lines the decision's words (with a message first) take at 80 columns: one or two.
    _title_rows = 2
    #: Covered for a hand-over (:meth:`cover`) until the next :meth:`show`: a redraw asked
    #: for before (after a refresh, a first layout) draws nothing meanwhile.
    covered = False
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide"), (160, "-wider")]
    #: From 45 rows (with 120 columns) the players' panel stays in view too; from 36 (with
    #: 160) the log.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-standard"), (45, "-tall")]
    #: The panels' keys, one entry of the key bar where their words do not fit (80 columns):
    #: "c b m d p l o Panels". They were the switched panel's title there ("(keys c b m d p l
    #: o)"), which the coach's strip covers at 80x24: a newcomer's first decisions showed no
    #: key for Map, District, Players and Log.
    KEYBAR_GROUP = ((*PANEL_KEYS.values(), "o"), "Panels")
    #: Left out of the key bar when it does not fit even so, one after the other: the panels'
    #: keys and Others, the seat's own circle and the board last.
    KEYBAR_SPARE = ("d", "l", "p", "m", "o", "b", "c")
    #: Its stylesheet (the layouts by size), beside this module.
    CSS_PATH = "play.tcss"
    #: The game's own keys (the standard ones are every play screen's: GameScreen).
    BINDINGS = [
        Binding("o", "others", "Others"),
        # what the others did since one's last move, whole (named on the Meanwhile line)
        Binding(RECAP_KEY, "recap", "Recap", show=False),
        *(
            Binding(key, f"panel('{panel}')", PANEL_WORDS[panel])
            for panel, key in PANEL_KEYS.items()
        ),
    ]
    #: The game's own keys on the key bar, after the standard ones (e and the recap's key
    #: are said where they apply).
    KEYBAR_OWN = ("o", *PANEL_KEYS.values())

    def __init__(self, data: TrajanData) -> None:
        super().__init__(data)
        #: The group of entries the list shows (None: the whole decision), and whose.
        self._group: str | None = None
        self._group_of: tuple = ()
        self.panel = "circle"
        self._actions: list = []
        #: The hint (h): its words, whole and on one line, once worked out.
        self.hints = Hints(self, _suggest, self._hint_found, group="trajan-hint")
        self._title = Text()
        #: The entry of a choice that ends the turn, waiting for Enter or e (issue 36.5: a
        #: one-digit slip is never final), or None.
        self._ending: str | None = None

    def compose(self) -> ComposeResult:
        yield StatusLine(id="t-status")
        with Horizontal(id="t-body"):
            with Vertical(id="t-left"):
                with PanelBox(id="t-players-box", classes="t-box"):  # from 120x45
                    yield Static(id="t-players")
                with PanelBox(id="t-panel-box", classes="t-box"):
                    yield PanelText(id="t-panel")
                with MapBox(id="t-map-box", classes="t-box"):  # from 160
                    yield Static(id="t-map")
            with Vertical(id="t-mid"):  # from 160 columns
                with BoardBox(id="t-board-box", classes="t-box"):
                    # the time track apart: most moves change it alone of the board's lines
                    yield Static(id="t-time")
                    yield PanelText(id="t-board")
                with PanelBox(id="t-district-box", classes="t-box"):
                    yield Static(id="t-district")
            # the shell's decision panel: the decision's words, the hint's line, the choices,
            # the message
            yield DecisionPanel(
                id="p-decide",
                hint=HintLine(id="t-hint"),
                message_id="t-message",
                below=(
                    # from 120 columns: one's circle below the choices (the trays chosen
                    # from), its height kept: the list above stays put
                    PanelBox(PanelText(id="t-circle"), id="t-circle-box", classes="t-box"),
                    # from 160x36: the log, its new lines wrapped alone, only those in view
                    # drawn, the latest kept in view (a Static wrapped the whole log again
                    # at each move)
                    LogBox(LogView(id="t-log", plain=True), id="t-log-box", classes="t-box"),
                ),
            )
        yield KeyBar()

    def on_mount(self) -> None:
        # the switched panel's frame says whether lines are below its view, also when the
        # decision panel below it (which fits its list at 80 columns) gives or takes rows
        box = self.query_one("#t-panel-box")
        for attribute in ("size", "virtual_size"):
            self.watch(box, attribute, self._panel_resized, init=False)
        self.show(self.data)

    def _panel_resized(self, _value=None) -> None:
        if not self.covered:
            self.call_after_refresh(self._say_more_below)

    def show(self, data: TrajanData) -> None:
        self.covered = False
        if data.view is not self.data.view:  # something happened: an old hint is gone
            self.hints.forget()
            self.query_one("#t-hint", HintLine).close_pages()
            self._ending = None
        self.data = data
        self._draw_status()
        self._draw_panel()
        self._fill_choices(data)
        self._set_message(data.message)
        self.show_keys()

    # --- the panels ---------------------------------------------------------------------

    def _layout(self) -> str:
        if self.has_class("-wider"):
            return "wider"
        return "wide" if self.has_class("-wide") else "narrow"

    def boxes(self) -> dict[str, str]:
        """Which panel each shown box holds now (by the box's id)."""
        layout, panel = self._layout(), self.panel
        if layout == "narrow":
            return {"t-panel-box": panel}
        if layout == "wide":
            shown = {"t-circle-box": "circle"}
            if self.has_class("-tall"):
                shown["t-players-box"] = "players"
            fixed = set(shown.values())
            shown["t-panel-box"] = "board" if panel in fixed else panel
            return shown
        shown = {
            "t-circle-box": "circle",
            # the others' circles first; p: the players first (p again: the circles)
            "t-panel-box": "players" if panel == "players" else "others",
            "t-board-box": "board",
            "t-map-box": "map",
            "t-district-box": "district",
        }
        if not self.has_class("-short"):
            shown["t-log-box"] = "log"
        elif panel == "log":  # no row for the log below the circle: in the others' place
            shown["t-panel-box"] = "log"
        return shown

    def _draw_panel(self, follow: bool = True) -> None:
        """Give each box in view what it shows (it draws itself: :mod:`.boxes`); ``follow``:
        the log shown at its latest line (False: its frame redrawn alone, the log left where
        the player scrolled it)."""
        shown = self.boxes()
        narrow = self._layout() == "narrow"
        for box_id, panel in shown.items():
            box: Any = self.query_one(f"#{box_id}")  # a PanelBox, or the log's box
            switched = box_id == "t-panel-box"
            title = self._box_title(box, panel, shown, narrow) if switched else PANEL_TITLES[panel]
            if box_id == "t-map-box":  # the drawing alone there: its short names in g
                title += f"  ({LEGEND_KEY}: the short names)"
            box.shows = Shows(panel, self.data, title, not narrow, switched, follow)
            if switched:
                self.call_after_refresh(self._say_more_below)

    def _box_title(self, box: ScrollPanel, panel: str, shown: dict[str, str], narrow: bool):
        """The switched box's frame: its panel, the keys of the panels it can show (its own
        and those not in view; at 80 columns the key bar's, :attr:`KEYBAR_GROUP`), and how it
        scrolls."""
        title = PANEL_TITLES[panel]
        if narrow and panel == "circle":  # the circle's heading, on its frame
            title = circle_title(self.data.view, panel_seat(self.data), self.data.names)
        if not narrow:  # (narrow: the key bar has them all)
            keys = [k for p, k in PANEL_KEYS.items() if p == panel or p not in shown.values()]
            if "others" not in shown.values():  # o: the others' circles, not in view
                keys = [*keys, "o"]
            title += f"  (keys {' '.join(keys)})" if keys else ""
        # at 80x24 what does not fit below is said on the frame (the circle's essential lines
        # fit in view, its supply and camps come after them)
        more = narrow and box.more_below
        scroll = " · PgDn: more" if more else " · PgUp/PgDn scroll"
        if narrow and panel == "log" and not more and box.max_scroll_y > 0:
            scroll = " · PgUp: earlier"  # the log at its foot (the latest in view)
        if narrow and Text(title + scroll).cell_len <= self.size.width - 4:
            title += scroll  # framed by its top line alone: no bottom line for it
        if not box.subtitled:
            box.subtitled = True
            box.border_subtitle = Text("PgUp/PgDn scroll")
        return title

    def coach_spot(self):
        """From 120 columns the board (on the left; from 160 in the middle): the coach's box
        covers neither the choices nor one's circle below them, which it explains."""
        layout = self._layout()
        if layout == "narrow":
            return None
        return self.query_one("#t-board-box" if layout == "wider" else "#t-panel-box")

    def _draw_status(self) -> None:
        """The status line (written again for its width when the window is resized)."""
        self.query_one("#t-status", StatusLine).words = partial(status_line, self.data)

    def on_resize(self) -> None:
        if self.covered:  # the next show draws everything for the size then
            return
        self.call_after_refresh(self._show_whole_entry)
        self.call_after_refresh(lambda: self._set_note(self._note(self.data)))
        self.call_after_refresh(self._fit_list)
        self.call_after_refresh(self._draw_panel)
        self.call_after_refresh(lambda: self._set_message(self._decide().message))

    def action_panel(self, panel: str) -> None:
        if panel == self.panel == "players" and self._layout() == "wider":
            panel = "others"  # p again: the others' circles first, as before
        changed = panel != self.panel
        self.panel = panel
        self._draw_panel()
        if changed and panel != "log":  # a panel opens at its top (its header in view)
            self.query_one("#t-panel-box").scroll_home(animate=False)

    def action_others(self) -> None:
        """The other players' action circles, from this screen's view."""
        v, home = self.data.view, self.data.home
        self.app.push_screen(OthersScreen(v, v.viewer if v.viewer >= 0 else home, self.data.names))

    def action_recap(self) -> None:
        """r: what the others did since this seat's last move, whole, in its own window."""
        self.app.push_screen(RecapScreen(self.data.scored, self.data.recap or self.data.recent))

    def action_scroll_panel(self, pages: int) -> None:
        # scrolling lets go of the log's latest lines: it stays where the player put it (back
        # at its foot, it follows them again)
        self.query_one("#t-panel-box", ScrollPanel).page(pages)
        self.call_after_refresh(self._say_more_below)

    def _say_more_below(self) -> None:
        """The switched panel's frame says "PgDn: more" while lines are below its view."""
        if self.covered:  # asked for before a hand-over covered the screen: nothing to say
            return
        box = self.query_one("#t-panel-box", ScrollPanel)
        more = box.lines_below()
        state = (more, box.max_scroll_y > 0)  # and whether it scrolls at all (the log's)
        if box.scroll_state != state:
            box.more_below, box.scroll_state = more, state
            self._draw_panel(follow=False)

    # --- the choices --------------------------------------------------------------------

    def _fill_choices(self, data: TrajanData) -> None:
        v = data.view
        options = self._decide().choice_list
        legal = v.legal
        old_id = self._decide().highlighted_id()
        if self._group_of != (v.viewer, data.step):  # another decision: its groups closed
            self._group_of, self._group = (v.viewer, data.step), None
        entries = [
            (i, f"{ENTRY_KEYS[n] if n < len(ENTRY_KEYS) else ' '} {words}")
            for n, (i, words) in enumerate(list_entries(v, legal, self._group))
        ]
        # the highlight stays only on the same choice of the same kind of decision one step
        # on (or back, by undo); any other list starts at its top
        decision = (v.tasks[-1].kind if v.tasks else "", v.viewer, data.step, self._group)
        same_kind = follows(self._shown_decision, decision)
        self._shown_decision = decision
        self._actions = list(legal)
        ids = [i for i, _ in entries]
        # a fresh list starts on the engine's top choice, the one that spends nothing (the
        # pass, shown last, where every other choice spends: an extra action tile's)
        top = ids.index(str(legal[0])) if legal and str(legal[0]) in ids else 0
        if entries == self._shown_choices and entries:
            if not same_kind:
                options.highlighted = top
        else:
            self._shown_choices = entries
            self._whole_entry = None  # new options: each on its one line
            options.clear_options()
            decide = self._decide()

            # from 160 columns the list wraps every entry: a list of items ("Seaport Y P,
            # Forum O W") breaks between them, under the words, not under the key
            wraps = self._layout() == "wider"

            def entry(entry_id: str, words: str) -> Option:
                def make() -> Option:
                    prompt = Hanging(Text(words), indent=2, items=True) if wraps else Text(words)
                    return Option(prompt, id=entry_id)

                return decide.kept_option((entry_id, words, wraps), make)

            options.add_options(entry(i, words) for i, words in entries)
            options.highlighted = ids.index(old_id) if same_kind and old_id in ids else top
        self.query_one("#t-hint").set_class(not legal, "-watch")
        # at 80 columns on the choices' top line (shown there alone: the wider layouts keep
        # the status line in view beside the coach)
        set_title(self.query_one("#p-decide"), whose_turn(data))
        if not legal:
            who = data.names[v.decider] if v.decider >= 0 else ""
            self._title = Text(
                f"{who} is deciding: {W.title(v, data.names)}" if who else "Game over"
            )
            self._show_title()
            self._set_note(self._note(data))
            return
        self._title = Text(decision_title(v, data.names))
        self._show_title()
        self._set_note(self._note(data))
        options.hold(data.hold)
        options.arm_when_shown()
        options.focus()
        self.call_after_refresh(self._show_whole_entry)
        self.call_after_refresh(self._fit_list)

    def _fit_list(self) -> None:
        """At 80 columns the decision panel fits its list: the list keeps the rows of its
        entries and of the longest one's whole words (the highlighted choice is wrapped in
        place where the list cuts it), so that neither the list nor the panel above moves as
        the cursor passes over the choices.

        A short list keeps the decision's two lines (a message, first on them, moves
        nothing); a long one, which scrolls anyway, has the rows of :data:`LIST_ROWS` and
        gives one up to a second line of the decision's words or of a message, and one to the
        hint's or the recap's one line, so that the decision takes one line where its words
        do (the first screen's circle lost its supply line to an empty second line: QA at
        80x24) and the panel above never moves within a decision (h, "Thinking about a
        hint…", took a row from it)."""
        options = self._decide().choice_list
        fit = None
        padding = options.get_component_styles("option-list--option").padding.width
        width = options.scrollable_content_region.width - padding
        if self._layout() == "narrow" and width > 2 and self._shown_choices:
            console = self.app.console
            extra = max(
                len(Text(words).wrap(console, width - 2)) - 1 for _, words in self._shown_choices
            )
            hint = self._decide().has_class("-hint-more")
            most = LIST_ROWS - (HINT_MORE_ROWS if hint else 0)
            rows = len(self._shown_choices) + extra
            note = self.query_one("#t-hint").display and not hint  # the note's one line
            # short: beside the decision's two lines; long: a row given up to a second one
            # and to the note's line
            long = most + 1 - self._title_rows - note
            fit = (rows, 2) if rows < most else (long, 1)
        if self._list_rows != fit:
            self._list_rows = fit
            title = self._decide().title_line
            options.styles.min_height = options.styles.max_height = fit and fit[0]
            title.styles.min_height = fit and fit[1]

    def _note(self, data: TrajanData):
        """The words between the decision and its choices: the hint (at 80 columns on one
        line, whole after h again), or the bots' moves since the player's last one (at 80
        columns on one line: all of them are in the log)."""
        if not data.view.legal:  # a bot's moves stay readable until the next person decides
            recent = Text()
            if data.recent:
                recent.append("Just now:\n", style="bold")
                recent.append("\n".join(data.recent))
            return recent
        narrow = self._layout() == "narrow"
        note = self.query_one("#t-hint", HintLine)
        if self.hints.worked_out() and not self.hints.hidden:
            whole, found = self.hints.hint
            if not narrow or not found:
                return whole
            width = note.content_size.width or self.size.width
            return hint_page(self.data.view, found, self._number, width, note.next_page)
        width = self.size.width if narrow else 0
        if self._layout() == "wider" and not self.has_class("-short"):
            # the log stands in view below: the recap on one line leaves the choices their rows
            width = self.query_one("#t-hint").content_size.width or self.size.width // 3
        return meanwhile(data.recent, width=width, scored=data.scored)

    def on_option_list_option_highlighted(self, event) -> None:
        self._show_whole_entry()

    def _show_whole_entry(self) -> None:
        """The highlighted choice whole in the list, wrapped under its words where the list
        would cut it (the others one line each, cut with "…"): shown once, where it is
        chosen. It was cut in the list and repeated whole in two lines below it (QA at
        80x24: the setup's drawn markers, the entry a new list starts on). From 160 columns
        the list wraps every entry itself."""
        options = self._decide().choice_list
        index = options.highlighted
        whole = self._whole_entry
        shown = self._shown_choices or []
        if whole is not None and whole != index:
            if whole < options.option_count and whole < len(shown):
                options.replace_option_prompt_at_index(whole, Text(shown[whole][1]))
            self._whole_entry = whole = None
        if index is None or index >= len(shown):
            return
        words = shown[index][1]
        padding = options.get_component_styles("option-list--option").padding.width
        width = options.scrollable_content_region.width - padding
        wraps = self._layout() == "wider"  # the list wraps every entry there
        # the hint whole on two of the list's rows names its choice whole: eight one-line
        # entries in view (issue 36)
        hint = self.query_one("#t-hint", HintLine).more and self.hints.shown()
        cut = width > 0 and not wraps and not hint and Text(words).cell_len > width
        if cut and whole != index:
            # under its words, not under its key ("1 ", "A ")
            options.replace_option_prompt_at_index(
                index, Hanging(Text(words), indent=2, items=True)
            )
            self._whole_entry = index
            options.call_after_refresh(options.scroll_to_highlight)
        elif not cut and whole == index:
            options.replace_option_prompt_at_index(index, Text(words))
            self._whole_entry = None

    def _set_note(self, text) -> None:
        """The words between the decision's title and its choices: a hint, or what a bot did
        just now (shown whole, wrapped; nothing when empty)."""
        note = self.query_one("#t-hint", HintLine)
        shown = bool(str(text))
        rows_change = note.display != shown
        if rows_change:  # showing or hiding it lays the screen out
            note.display = shown
        # the hint whole on three lines: the list keeps eight rows (play.tcss)
        decide = self._decide()
        if decide.has_class("-hint-more") != note.more:
            decide.set_class(note.more, "-hint-more")
            rows_change = True
        if rows_change:  # at 80 columns a long list gives the line its row
            self._fit_list()
        show_changed(note, text)

    def _show_title(self) -> None:
        """The decision's words above the choices; at 80 columns a message goes first on
        their two lines (the panel above and the list keep their rows)."""
        decide = self._decide()
        message = decide.message
        said = message.copy() if isinstance(message, Text) else Text(message)
        said.stylize("bold")
        narrow = self._layout() == "narrow"
        lines = 2 if narrow and said.plain else 0
        title = decide.title_line
        shown = decide.show_title(self._title, said, lines)
        if narrow:  # one line or two: a long list gives up its row to the second
            wrapped = len(shown.wrap(self.app.console, title.width())) if shown.plain else 1
            rows = min(2, max(1, wrapped))
            if rows != self._title_rows:
                self._title_rows = rows
                self._fit_list()

    def _decide(self) -> DecisionPanel:
        """The decision panel (the shell's: the decision's words, the hint's line, the
        choices, the message)."""
        return self.query_one("#p-decide", DecisionPanel)

    def _set_message(self, text) -> None:
        """The message below the choices. A wide screen keeps its line (a list that grew and
        shrank by a line at each message was laid out and drawn twice); a narrow one has no
        line to spare: there the message goes first on the decision's lines."""
        self._decide().show_message(text, on_title=self._layout() == "narrow", keep_line=True)
        self._show_title()

    def cover(self) -> None:
        self.covered = True
        self._title = Text()
        self._decide().message = ""
        for part in ("#t-panel", "#t-circle", "#t-players", "#decision-title"):
            show_changed(self.query_one(part, Static), "")
        self.query_one("#t-status", StatusLine).clear()
        self._set_note("")
        self._decide().choice_list.clear_options()
        self._shown_choices = None
        self._whole_entry = None

    def say(self, message: str) -> None:
        message = self.with_standing(message)  # a lost or ended connection stays in view
        self._set_message(Text(message, style="bold") if message else "")

    def escape_line_shown(self) -> bool:
        return str(self._decide().message) == self.escape_line

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        if event.option.id:
            self._choose(event.option.id)

    def _open_group(self, name: str | None) -> None:
        """Show a group's entries in the list (None: back to the whole decision); a hint
        worked out names its choice by the key it has there."""
        self._group = name
        self._fill_choices(self.data)
        v = self.data.view
        if self.hints.worked_out() and self.hints.view is v and self.hints.hint:
            found = self.hints.hint[1]
            self.hints.take(v, (self.hint_text(v, found), found))
            self._set_note(self._note(self.data))

    def action_pick(self, number: int) -> None:
        entry = self._decide().entry_at_key(number)
        if entry is not None:
            if entry == self._ending:  # a digit never ends the turn: Enter or e does
                self._wait_to_end(entry)
                return
            self._choose(entry)

    def _choose(self, entry: str) -> None:
        """A choice made: keys that follow choose nothing until the next decision is on
        screen (a digit typed after the last sowing took a senate tile in the next list). A
        group's entry opens the group instead, its back entry closes it. The entry's action
        goes up as the view holds it (the engine's ``apply`` checks it)."""
        if entry.startswith(GROUP_ID):
            self._ending = None
            self._open_group(None if entry == BACK_ID else entry.removeprefix(GROUP_ID))
            return
        action = next((a for a in self._actions if str(a) == entry), entry)
        # the last choice of the turn: a key more
        fresh = entry != self._ending and not isinstance(action, str)
        if fresh and ends_turn(self.data.view, action):
            self._wait_to_end(entry)
            return
        self._ending = None
        self._decide().choice_list.spend()
        self.post_message(ActionChosen(action))

    def _wait_to_end(self, entry: str) -> None:
        """The choice ``entry`` ends the turn: highlighted, it waits for Enter or e (another
        choice, Escape or u leave the turn open), as Forum Trajanum's end of a turn waits
        while a step of it can be taken back."""
        self._ending = entry
        self.show_keys()
        options = self._decide().choice_list
        ids = self._decide().entry_ids()
        if entry in ids:
            options.highlighted = ids.index(entry)
        self.say(END_WAIT)

    def key_offered(self, action: str) -> bool:
        """Whether the key bar offers ``action`` now: u only where it takes something back
        (issue 36.4: it was offered while the bots played), h only at a decision of the
        seat's (the hint is for its own choices)."""
        if action == "hint":
            return bool(self.data.view.legal)
        return action != "undo" or self.data.can_undo or self._ending is not None

    @property
    def waiting_to_end(self) -> bool:
        """Whether a choice that ends the turn waits for Enter or e."""
        return self._ending is not None

    def action_end_turn(self) -> None:
        """e: the choice that ends the turn, once chosen, is played (Enter does the same)."""
        if self._ending is not None:
            self._choose(self._ending)
        elif self.data.view.legal:
            self.say("Your turn ends with its last choice: choose it, then Enter or e.")
        else:
            self.say("There is no turn of yours to end now.")

    def _keep_turn(self) -> bool:
        """Escape or u while a choice that ends the turn waits: nothing is played."""
        if self._ending is None:
            return False
        self._ending = None
        self.show_keys()
        self.say("Nothing was played: your turn goes on, choose again.")
        return True

    def undo_refused(self) -> bool:
        """u while the turn's last choice waits: nothing is played; where nothing can be
        taken back, the true reason in the game's words."""
        if self._keep_turn():
            return True
        if not self.data.can_undo:
            self.say(self.data.undo_note or "Nothing to undo now.")
            return True
        return False

    def close_innermost(self) -> bool:
        """Escape: the turn's last choice waiting (nothing is played), a group of choices,
        the hint (or the thinking about one)."""
        if self._keep_turn():
            return True
        if self._group is not None:  # in a group: back to the whole decision
            self._open_group(None)
            return True
        if self.hints.shown():
            self._hide_hint()
            self.say("")
            return True
        return False

    def said(self) -> str:
        return str(self._decide().message)

    # --- the hint -----------------------------------------------------------------------

    def action_hint(self) -> None:
        """h: a hint. Below 120 columns it comes whole in the hint's line and the cut choice's
        two (the suggestion, its figure and its reason: the list keeps its rows), h again
        shows the next best choices, h again hides it; wider, it comes whole at once and h
        again hides it. h once more shows it again."""
        if not self.data.view.legal:
            return
        note = self.query_one("#t-hint", HintLine)
        narrow = self._layout() == "narrow"
        found = self.hints.hint[1] if self.hints.worked_out() and self.hints.hint else []
        did = self.hints.press(self.data.view, note.grows(narrow, len(found) > 1))
        note.turn_page(did, narrow)
        if did == ASKED:
            self.say("Thinking about a hint…")
        if did in (SHOWN, MORE, HIDDEN):
            self._set_note(self._note(self.data))
            self._show_whole_entry()

    def _hide_hint(self) -> None:
        """The hint off the screen (kept: h shows it again), and no more thinking about one."""
        self.hints.hide()
        self.query_one("#t-hint", HintLine).close_pages()
        self._set_note(self._note(self.data))
        self._show_whole_entry()

    def hint_text(self, v: GameState, found) -> Text:
        """The hint in words: the best choices, each with the points the search expects for
        the player at the game's end if it is chosen and where it is ahead of the other; a
        setup choice with its reason."""
        if not found:
            return Text("No hint could be worked out for this decision, sorry.")
        out = Text()
        out.append("Hint", style="bold")
        action, value = found[0]
        if value is None:  # a choice answered by a rule: its reason, no figure
            out.append(f": {self._number(action)}{choice_words(v, action)}")
            reason = getattr(found, "reason", "")
            out.append(f" — {reason}." if reason else ".")
            return out
        out.append(
            ": the Expert's best choices for you, each with your expected points at the "
            "game's end if you choose it"
        )
        for (action, value), why in zip(found, reasons_of(found), strict=True):
            out.append(f"\n{self._number(action)}{choice_words(v, action)}: ")
            out.append(f"about {value:.0f} VP", style="bold")
            if why:
                out.append(f" — {why}")
        return out

    def _number(self, action) -> str:
        """The key of an action's entry, or of its group's entry ("C) "): in the list on
        screen (a group open: the key there), else in the whole decision's."""
        index = self._entry_index(action)
        if index is None:  # not in the list on screen: its key in the whole decision's
            whole = list_entries(self.data.view, self._actions, None)
            index = self._entry_index(action, [i for i, _ in whole])
        if index is None:
            return ""
        key = entry_key_name(index)  # as the key bar names it: "Shift+H", never "H" read as h
        return f"{key}) " if key else ""

    def _entry_index(self, action, ids: list[str] | None = None) -> int | None:
        """The index of an action's entry (or its group's) in the list on screen, or in the
        entries ``ids``."""
        if action not in self._actions:
            return None
        if ids is None:
            ids = [i for i, _ in self._shown_choices or []]
        groups = list_groups(self._actions)
        name = next((n for n, members in groups.items() if action in members), None)
        for entry in (str(action), GROUP_ID + name if name else ""):
            if entry in ids:
                return ids.index(entry)
        return None

    def _hint_found(self, v: GameState, found) -> None:
        """The hint is back (``found`` None: it could not be worked out): shown in words,
        unless the player acted meanwhile."""
        if v is not self.data.view:
            return  # the player acted meanwhile: the hint is not wanted
        found = found or []
        self.hints.take(v, (self.hint_text(v, found), found))
        if self._layout() == "narrow":
            self.query_one("#t-hint", HintLine).show_whole()  # the list keeping its rows
        self.say("")
        self._set_note(self._note(self.data))
        self._show_whole_entry()
        index = self._entry_index(found[0][0]) if found else None
        if index is not None:  # the hinted entry in view, even below the list's rows
            options = self._decide().choice_list
            self.call_after_refresh(options.show_index, index)


def reasons_of(found) -> list[str]:
    """The reason of each of the hint's choices ("" where it has none)."""
    said = list(getattr(found, "reasons", ()) or ())
    return (said + [""] * len(found))[: len(found)]


def hint_page(v: GameState, found, number, width: int, nexts: bool) -> Text:
    """A page of the hint in :data:`HINT_LINES` lines of ``width`` columns (below 120
    columns): the suggestion whole with its figure and its reason (what does not fit goes
    first: the reason, then the note that h shows the next best), or (``nexts``) the next
    best choices with theirs. ``number(action)`` is the key of its entry ("3) ")."""

    def fits(words: str) -> bool:
        return width <= 0 or len(textwrap.wrap(words, width) or [""]) <= HINT_LINES

    why = reasons_of(found)
    if nexts and len(found) > 1:
        plain = [f"{number(a)}{choice_words(v, a)}: about {value:.0f} VP" for a, value in found[1:]]
        told = [f"{p} ({w})" if w else p for p, w in zip(plain, why[1:], strict=True)]
        words = f"Next best: {' · '.join(plain)}"
        for words in (
            f"Next best: {' · '.join(told)} (h: hide the hint)",
            f"Next best: {' · '.join(told)}",
            f"Next best: {told[0]}",
            f"Next best: {' · '.join(plain)} (h: hide the hint)",
            f"Next best: {' · '.join(plain)}",
        ):
            if fits(words):
                break
        return Text(words)
    action, value = found[0]
    if value is None:  # a setup choice: its reason, no figure
        text = f"Hint: {number(action)}{choice_words(v, action)}"
        reason = getattr(found, "reason", "")
        words = f"{text} — {reason}." if reason else f"{text}."
        return Text(words if fits(words) else f"{text}.")
    text = f"Hint: {number(action)}{choice_words(v, action)}: about {value:.0f} VP"
    more = " (h: the next best)" if len(found) > 1 else ""
    because = f", {why[0]}" if why[0] else ""
    candidates = (
        f"{text} expected for you at the game's end{because}, the most of the choices the "
        f"Expert tried{more}.",
        f"{text} expected for you at the game's end{because}{more}.",
        f"{text} at the game's end{because}{more}.",
        f"{text} expected for you at the game's end{more}.",
        f"{text} at the game's end{more}.",
    )
    return Text(next((w for w in candidates if fits(w)), text + " at the game's end."))


def _suggest(v: GameState):
    """The hint for ``v``: the Expert's best choices with the points it expects and why
    (:func:`forum_trajanum.games.trajan.bots.hint`)."""
    from forum_trajanum.games.trajan.bots import hint

    return hint(v)


class TrajanWatchScreen(TrajanScreen):
    """The public view while a bot plays (or before a scoring)."""

    MODE = "trajan-watch"
