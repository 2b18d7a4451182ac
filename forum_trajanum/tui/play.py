"""The play screens: one per mode (setup, draft, turn, paying citizens, watching bots).

Each shows one :class:`PlayerView` only: the deciding player's own view, or a public view.
The decision list offers exactly ``view.legal``; the Colonia and Forum cursors highlight the
cells that appear in those actions. Choosing posts :class:`ActionChosen`; the app decides.
The setup's crane colours are chosen corner by corner, narrowing the engine's arrangements
(:mod:`forum_trajanum.tui.cranes`); only the complete arrangement is posted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, HorizontalScroll, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from forum_trajanum.engine import PlayerView
from forum_trajanum.engine.actions import SetupCranes, TakeTile
from forum_trajanum.engine.view import ColoniaView
from forum_trajanum.tui.cranes import STEP_ID, CraneStep, chosen_text, crane_steps
from forum_trajanum.tui.labels import (
    CORNER_NAMES,
    action_cells,
    cell_words,
    decision_context,
    describe,
    forum_cell,
    legal_actions_of,
)
from forum_trajanum.tui.panels import (
    log_text,
    players_text,
    private_text,
    status_line,
    supply_text,
    unseen_text,
)
from forum_trajanum.tui.widgets import (
    EAGLE_GLYPH,
    LEGAL_STYLE,
    MOVE_GLYPH,
    MOVE_STYLE,
    SEAT_STYLE,
    ColoniaGrid,
    DecisionList,
    ForumGrid,
    KeyBar,
)

#: When a decision has more Colonia-cell actions than this, the list shows only the actions
#: of the cell under the cursor (plus the actions that name no cell).
FILTER_ABOVE = 24

#: Log lines shown in the decision panel while somebody else (a bot) plays.
WATCH_LINES = 5

#: Seconds for which a new player's decision list ignores Enter (and clicks): a fast second
#: press after the hand-over screen's Enter must not take the first choice by accident.
CHOICE_HOLD = 0.3


@dataclass
class PlayData:
    """What a play screen draws: one view plus public names, bots and log lines."""

    view: PlayerView
    names: list[str]
    bots: list[str]
    log: list[str] = field(default_factory=list)
    can_undo: bool = False
    message: str = ""
    #: Seconds for which the decision list ignores being chosen (a new player's decision).
    hold: float = 0.0
    #: The last public move to show (Colonia cell names, Forum cell indexes) and its seat.
    flash: tuple[tuple[str, ...], tuple[int, ...]] = ((), ())
    flash_seat: int = -1
    #: Whose Colonia a public view shows (the human watching bots play), -1: the decider's.
    home: int = -1


class ActionChosen(Message):
    """The player chose a legal action (its text form)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()


class PlayScreen(Screen):
    """Base of the play screens: Colonia, decisions, Forum, players and tracks, log.

    The layout follows the terminal size through breakpoint classes and the stylesheet:
    compact (below about 120x36) shows one main panel at a time, switched with c / f / p / l,
    with the decision list and a status line always in view; standard shows the Colonia beside
    the decisions and the Forum, the players below; wide adds the other players' Colonias.
    """

    MODE = "play"
    HINT = ""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-standard-w"), (160, "-wide-w")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-standard-h"), (45, "-wide-h")]
    PANELS = ("colonia", "forum", "players", "log")
    BINDINGS = [
        Binding("c", "panel('colonia')", "Colonia"),
        Binding("f", "panel('forum')", "Forum"),
        Binding("p", "panel('players')", "Players"),
        Binding("l", "panel('log')", "Log"),
        Binding("u", "undo", "Undo"),
        Binding("o", "boards", "Others"),
        Binding("t", "trajan", "Trajan"),
        Binding("s", "save", "Save"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "menu", "Menu"),
        *[Binding(str(n), f"pick({n})", f"Choice {n}", show=False) for n in range(1, 10)],
    ]

    def __init__(self, data: PlayData) -> None:
        super().__init__()
        self.data = data
        self.actions: list = []
        self.by_cell: dict[str, list] = {}
        self.by_forum: dict[tuple[int, int], object] = {}
        self.other: list = []
        self.filtered = False
        self._shown_ids: list[str] | None = None
        self._shown_view: PlayerView | None = None
        self.covered = False
        self._decision_key: tuple = ()
        self.panel = "colonia"

    def compose(self) -> ComposeResult:
        yield Static(id="status-line")
        yield Static(id="tabs")
        with Container(id="board"):
            with Container(id="p-colonia", classes="panel -shown"):
                yield ColoniaGrid(id="colonia")
                with VerticalScroll(id="colonia-side"):
                    yield Static(id="cursor-cell")
                    yield Static(id="private")
                    yield Static(id="supply")
                    yield Static(id="unseen")
                    yield Static(COLONIA_LEGEND, id="colonia-legend")
            with Vertical(id="p-decide"):
                yield Static(id="decision-title")
                yield DecisionList(id="decisions")
                yield Static(id="message")
            with VerticalScroll(id="p-forum", classes="panel"):
                yield ForumGrid(id="forum")
                yield Static(FORUM_LEGEND, id="forum-legend")
            with VerticalScroll(id="p-players", classes="panel"):
                yield Static(id="players")
            with VerticalScroll(id="p-log", classes="panel"):
                yield Static(id="log")
            with HorizontalScroll(id="p-others", classes="panel"):
                for n in range(3):
                    with Vertical(classes="other", id=f"other-{n}"):
                        yield Static(classes="other-title")
                        yield ColoniaGrid(classes="other-grid")
        yield KeyBar()

    def on_mount(self) -> None:
        for grid in self.query(".other-grid").results(ColoniaGrid):
            grid.can_focus = False
        self.query_one("#p-colonia").border_title = "Colonia"
        self.query_one("#p-decide").border_title = "Your choices"
        self.query_one("#p-forum").border_title = "Forum"
        self.query_one("#p-players").border_title = "Players and tracks"
        self.query_one("#p-log").border_title = "Log"
        self.query_one("#p-others").border_title = "Other players' Colonias"
        self.show(self.data)
        self.query_one("#decisions", OptionList).focus()

    def on_screen_resume(self) -> None:
        apply_breakpoints(self)
        lists = self.query("#decisions")  # empty while the screen is still being composed
        if lists and not isinstance(self.focused, (ColoniaGrid, ForumGrid)):
            lists.first().focus()
        self.app.resume_play()

    @property
    def compact(self) -> bool:
        """Whether the compact layout (one main panel at a time) is in use."""
        return self.has_class("-narrow") or self.has_class("-short")

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
        self.uncover()
        decisions = self.query_one("#decisions", DecisionList)
        if new_viewer:
            decisions.focus()
        if data.hold > 0:
            # from now (keys already queued) until a moment after the decision is on screen
            decisions.hold(data.hold)
            self.call_after_refresh(decisions.hold, data.hold)
        self.sort_actions()
        self.draw()

    def sort_actions(self) -> None:
        """Parse the legal actions and sort them by the Colonia / Forum cell they are about."""
        self.actions = legal_actions_of(self.data.view)
        self.by_cell, self.by_forum, self.other = {}, {}, []
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
        count = sum(len(v) for v in self.by_cell.values())
        self.filtered = count > FILTER_ABOVE

    def draw(self) -> None:
        """Draw the boards, the status and the decision list for ``self.data``."""
        data = self.data
        pv = data.view
        seat = self.shown_seat()
        colonia = self.colonia_shown(pv.colonias[seat])
        grid = self.query_one("#colonia", ColoniaGrid)
        owner = data.names[seat] + (" (you)" if pv.viewer == seat else "")
        flash_cells, flash_forum = data.flash
        grid.show(
            colonia,
            pv.options.side,
            self.marked_cells(),
            tuple(pv.street),
            tint=pv.decision == "draft",
            flash=frozenset(flash_cells) if data.flash_seat == seat else frozenset(),
        )
        self.query_one("#p-colonia").border_title = f"Colonia of {owner}"
        previous = self._decision_key
        # the same kind of decision again (another build, the draft's second tile): the
        # cursors stay where they are while their cell is still a choice
        self._decision_key = (pv.viewer, pv.decision, pv.cycle, pv.round)
        fresh = previous != self._decision_key
        self.place_grid_cursor(grid, fresh=fresh)
        if fresh and self.by_forum:
            self.set_panel("forum")
        elif fresh and self.by_cell:
            self.set_panel("colonia")
        self.show_cursor_cell()
        _set(self.query_one("#supply", Static), supply_text(colonia))
        _set(
            self.query_one("#private", Static),
            private_text(colonia) if pv.viewer == seat else Text(""),
        )
        _set(
            self.query_one("#unseen", Static),
            unseen_text(colonia) if pv.viewer == seat else Text(""),
        )
        _set(self.query_one("#status-line", Static), status_line(pv, data.names, seat), False)
        _set(self.query_one("#players", Static), players_text(pv, data.names, data.bots))
        self.query_one(ForumGrid).show(pv, frozenset(self.by_forum), frozenset(flash_forum))
        self.draw_tabs()
        self.show_decision_text()
        self.query_one("#p-decide").border_title = self.decider_title()
        self.fill_decisions()
        self.say(data.message)
        _set(self.query_one("#log", Static), log_text(data.log))
        # the newest line in view once the new text is laid out
        log_panel = self.query_one("#p-log", VerticalScroll)
        self.call_after_refresh(log_panel.scroll_end, animate=False)
        self.draw_others(seat)

    def draw_others(self, seat: int) -> None:
        """The other players' Colonias (shown in the wide layout)."""
        pv = self.data.view
        others = [c for c in pv.colonias if c.seat != seat]
        for n, box in enumerate(self.query(".other")):
            box.display = n < len(others)
            if n < len(others):
                c = others[n]
                title = f"{c.seat + 1} {self.data.names[c.seat]}: {c.score} VP"
                _set(box.query_one(".other-title", Static), Text(title, style=SEAT_STYLE[c.seat]))
                flash = self.data.flash[0] if self.data.flash_seat == c.seat else ()
                grid = box.query_one(".other-grid", ColoniaGrid)
                grid.show(c, pv.options.side, flash=frozenset(flash))

    def draw_tabs(self) -> None:
        text = Text(no_wrap=True, overflow="crop")
        for key, name in (("c", "Colonia"), ("f", "Forum"), ("p", "Players"), ("l", "Log")):
            shown = name.lower() == self.panel
            text.append(f" {key} ", style="bold reverse" if shown else "bold")
            text.append(f"{name} ", style="bold #ffd75f underline" if shown else "#a0a0a0")
        _set(self.query_one("#tabs", Static), text, layout=False)

    def show_decision_text(self) -> None:
        """The line above the list (hidden when it has nothing to say)."""
        text = self.decision_text()
        widget = self.query_one("#decision-title", Static)
        widget.display = bool(text.plain)
        _set(widget, text)

    def decider_title(self) -> str:
        """Who decides what, e.g. "Ann: place an envoy"."""
        pv = self.data.view
        if pv.decider < 0:
            return "Game over"
        return f"{self.data.names[pv.decider]}'s choice" if self.actions else "Playing"

    def set_panel(self, panel: str) -> None:
        """Show ``panel`` (the compact layout shows one main panel at a time)."""
        self.panel = panel
        for name in self.PANELS:
            self.query_one(f"#p-{name}").set_class(name == panel, "-shown")
        if self.is_mounted:
            self.draw_tabs()

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
        if self.by_cell and (fresh or self.by_cell.get(_cell_at(grid.cursor)) is None):
            # the engine lists the most natural choices first (e.g. the street's own tiles)
            first = next(a for a in self.actions if action_cells(a) and forum_cell(a) is None)
            grid.place_cursor(action_cells(first)[0])

    def decision_text(self) -> Text:
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
        if self.filtered:
            parts.append((f"Choices at {_cell_at(self.query_one(ColoniaGrid).cursor)}.", "bold"))
        context = decision_context(pv)
        if context:
            parts.append((context, "#d7d7af"))
        for n, (words, style) in enumerate(parts):
            text.append(("" if n == 0 else " ") + words, style=style)
        return text

    def fill_decisions(self) -> None:
        """Fill the decision list with :meth:`entries`; the highlight keeps its place when
        the same kind of decision follows."""
        pv = self.data.view
        entries = self.entries()
        ids = [i for i, _ in entries]
        if ids == self._shown_ids and pv == self._shown_view:
            return  # the same choices: keep the list (and its highlight) as it is
        options_list = self.query_one("#decisions", OptionList)
        old = options_list.highlighted
        old_id = (
            options_list.get_option_at_index(old).id
            if old is not None and old < options_list.option_count
            else None
        )
        same_kind = (
            self._shown_view is not None
            and self._shown_view.decision == pv.decision
            and self._shown_view.viewer == pv.viewer
        )
        self._shown_ids, self._shown_view = ids, pv
        options_list.clear_options()
        options_list.add_options(
            [
                Option(Text.assemble((f"{n + 1} " if n < 9 else "  ", "bold #87d7ff"), label), id=i)
                for n, (i, label) in enumerate(entries)
            ]
        )
        if entries:
            if same_kind and old_id in ids:  # the same choice is still there: stay on it
                options_list.highlighted = ids.index(old_id)
            elif same_kind and old is not None:
                options_list.highlighted = min(old, len(entries) - 1)
            else:
                options_list.highlighted = 0

    def entries(self) -> list[tuple[str, str]]:
        """The decision list as (option id, label) pairs; an id is a legal action's text."""
        pv = self.data.view
        shown: list = []
        if self.filtered:
            cell = _cell_at(self.query_one(ColoniaGrid).cursor)
            shown = list(self.by_cell.get(cell, []))
            # the street's own tiles stay listed; tribune takes show for the cursor cell only
            shown += [
                a
                for a in self.actions
                if isinstance(a, TakeTile) and not a.tribune and a not in shown
            ]
        else:
            for action in self.actions:
                if action_cells(action) and forum_cell(action) is None:
                    shown.append(action)
        shown += [a for a in self.actions if forum_cell(a) is not None]
        shown += self.other
        return [(str(a), describe(a, pv)) for a in shown]

    # --- input --------------------------------------------------------------------------

    def choose(self, text: str) -> None:
        """Hand a chosen legal action up to the app."""
        if text in self.data.view.legal:
            self.post_message(ActionChosen(text))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.choose(event.option.id)

    def action_pick(self, number: int) -> None:
        """A digit chooses the list entry with that number."""
        lst = self.query_one("#decisions", DecisionList)
        if lst.held or not 0 < number <= lst.option_count:
            return
        lst.highlighted = number - 1
        lst.action_select()

    def action_panel(self, panel: str) -> None:
        """c / f / p / l: show that panel (compact); the log key opens the whole log otherwise."""
        if panel == "log" and not self.compact:
            self.action_log()
            return
        self.set_panel(panel)
        if panel == "log":
            log_panel = self.query_one("#p-log", VerticalScroll)
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
        text = Text.assemble(
            (f"{_cell_at(index)}: ", "bold #ffd75f"), cell_words(grid.colonia, index)
        )
        _set(self.query_one("#cursor-cell", Static), text)

    def on_colonia_grid_cursor_moved(self, event: ColoniaGrid.CursorMoved) -> None:
        if self.is_mounted and self.query("#cursor-cell"):
            self.show_cursor_cell()
        if self.filtered and self.is_mounted:
            self.fill_decisions()
            self.show_decision_text()

    def on_colonia_grid_cell_chosen(self, event: ColoniaGrid.CellChosen) -> None:
        actions = self.by_cell.get(event.cell, [])
        # Enter on a draft cell takes that tile for its street (no tribune: that is a
        # separate, explicit entry of the list)
        plain = [a for a in actions if not (isinstance(a, TakeTile) and a.tribune)]
        if len(plain) == 1:
            self.choose(str(plain[0]))
        elif actions:
            lst = self.query_one("#decisions", OptionList)
            if not self.filtered:
                index = next(
                    (i for i in range(lst.option_count) if lst.get_option_at_index(i).id
                     == str(actions[0])), 0)  # fmt: skip
                lst.highlighted = index
            self.say(f"{len(actions)} choices on {event.cell}: pick one from the list.")
            lst.focus()
        else:
            self.say(f"Nothing to do on {event.cell} now; the cells marked ▸ are.")

    def on_forum_grid_cell_chosen(self, event: ForumGrid.CellChosen) -> None:
        action = self.by_forum.get((event.row, event.col))
        if action is not None:
            self.choose(str(action))
        else:
            self.say("No envoy may go there now; the spaces marked ▸ may take one.")

    def say(self, message: str) -> None:
        """Show a message under the decision list (whole, wrapped); the next redraw clears it."""
        widget = self.query_one("#message", Static)
        text = Text(message, style="bold #ff8700")
        if getattr(widget, "_shown_text", None) != text:
            widget._shown_text = text
            widget.display = bool(message)
            widget.update(text)  # with a layout pass: a long message takes several lines

    def action_undo(self) -> None:
        self.app.undo()

    def action_boards(self) -> None:
        from forum_trajanum.tui.dialogs import BoardsScreen

        self.app.push_screen(BoardsScreen(self.data))

    def action_trajan(self) -> None:
        from forum_trajanum.tui.dialogs import TrajanScreen

        self.app.push_screen(TrajanScreen(self.data.view))

    def action_log(self) -> None:
        from forum_trajanum.tui.dialogs import LogScreen

        self.app.push_screen(LogScreen(self.data.log))

    def action_help(self) -> None:
        from forum_trajanum.tui.dialogs import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_save(self) -> None:
        self.app.ask_save_name()

    def action_menu(self) -> None:
        self.app.to_menu()


COLONIA_LEGEND = Text.assemble(
    ("Legend  ", "bold"), ("░░", "#5a5a5a"), " face-down tile, ", ("▲", "bold #af87ff"),
    " temple, ", ("▸", LEGAL_STYLE), " a choice now, ", (MOVE_GLYPH, MOVE_STYLE),
    " the last move, LIB library, BAS basilica, MKT market, ",
    "COL triumphal column, B G Y R structures (fountain, park, stable, house), crane with its ",
    "colour (✓ scored); citizens P M C. Streets of the street cards lit on the edges.",
)  # fmt: skip

FORUM_LEGEND = Text.assemble(
    ("B G Y R", "bold"), " coloured spaces, ", (EAGLE_GLYPH, "bold #ffd75f"), " eagle, ",
    ("1-4", "bold"), " envoy of that seat, ", ("▸", LEGAL_STYLE), " may take your envoy, ",
    (MOVE_GLYPH, MOVE_STYLE), " the last move",
)  # fmt: skip


def apply_breakpoints(screen: Screen) -> None:
    """Set the breakpoint classes for the app's size now (Textual sets them on a resize of
    the active screen only; a reused screen may have missed one)."""
    width, height = screen.app.size
    classes = {}
    for points, size in (
        (screen.HORIZONTAL_BREAKPOINTS, width),
        (screen.VERTICAL_BREAKPOINTS, height),
    ):
        names = [name for _, name in points or []]
        reached = [name for start, name in points or [] if size >= start]
        for name in names:
            classes[name] = bool(reached) and name == reached[-1]
    screen.update_classes(classes, animate=False)


def _set(widget: Static, text: Text, layout: bool = True) -> None:
    """Update a Static only when its text changed (a one-line one without a layout pass)."""
    if getattr(widget, "_shown_text", None) != text:
        widget._shown_text = text
        widget.update(text, layout=layout)


def _cell_at(index: int) -> str:
    from forum_trajanum.data import cell_name

    return cell_name(index)


class SetupScreen(PlayScreen):
    """Setup choices: crane colours per corner, the first citizen's row, the diagonal.

    The crane colours are chosen one corner at a time (the last corner is forced); each step
    narrows the engine's arrangements, and only the complete arrangement is played."""

    MODE = "setup"
    HINT = "Setup: choose from the list and press Enter."
    BINDINGS = [Binding("escape,backspace", "back_corner", "Back one corner", show=False)]

    def __init__(self, data: PlayData) -> None:
        super().__init__(data)
        #: Crane colours chosen so far, corner by corner (A1, F1, A6, F6).
        self.cranes_chosen = ""
        self.crane_steps: list[CraneStep] = []
        self._cranes_of: tuple = ()

    def sort_actions(self) -> None:
        super().sort_actions()
        pv = self.data.view
        arrangements = [a for a in self.actions if isinstance(a, SetupCranes)]
        if self._cranes_of != (pv.viewer, pv.legal):  # another decision: start at A1
            self._cranes_of, self.cranes_chosen = (pv.viewer, pv.legal), ""
        self.crane_steps = crane_steps(arrangements, self.cranes_chosen) if arrangements else []
        if arrangements and not self.crane_steps:  # cannot happen; start again rather than stall
            self.cranes_chosen = ""
            self.crane_steps = crane_steps(arrangements, "")

    def corner(self) -> str:
        """The corner whose crane colour is being chosen."""
        return CORNER_NAMES[self.crane_steps[0].corner]

    def colonia_shown(self, colonia: ColoniaView) -> ColoniaView:
        if not self.crane_steps:
            return colonia
        chosen = self.cranes_chosen
        cranes = tuple(chosen[i] if i < len(chosen) else c for i, c in enumerate(colonia.cranes))
        return colonia.model_copy(update={"cranes": cranes})

    def marked_cells(self) -> frozenset[str]:
        return frozenset({self.corner()}) if self.crane_steps else super().marked_cells()

    def place_grid_cursor(self, grid: ColoniaGrid, fresh: bool) -> None:
        if self.crane_steps:
            grid.place_cursor(self.corner())
        else:
            super().place_grid_cursor(grid, fresh)

    def entries(self) -> list[tuple[str, str]]:
        if not self.crane_steps:
            return super().entries()
        return [(step.id, step.label()) for step in self.crane_steps]

    def decision_text(self) -> Text:
        text = super().decision_text()
        if self.crane_steps:
            number = self.crane_steps[0].corner + 1
            text.append(
                f" Crane colour for corner {self.corner()} ({number} of {len(CORNER_NAMES)}, "
                "marked ▸ on your Colonia).",
                style="#d7d7af",
            )
            if self.cranes_chosen:
                text.append(f" Chosen: {chosen_text(self.cranes_chosen)}.", style="#87afaf")
                text.append(" [Esc] back one corner", style="#87d787")
        return text

    # Textual calls a handler of every class in the MRO for one message: these handle the
    # crane steps and prevent_default() keeps PlayScreen's own handler from running too
    # (calling it as well posted every setup choice twice).
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if option_id.startswith(STEP_ID):
            event.stop()
            event.prevent_default()
            self.pick_cranes(option_id.removeprefix(STEP_ID))

    def on_colonia_grid_cell_chosen(self, event: ColoniaGrid.CellChosen) -> None:
        if self.crane_steps and event.cell == self.corner():
            event.prevent_default()
            self.query_one("#decisions", OptionList).focus()

    def pick_cranes(self, chosen: str) -> None:
        """Show the next corner's colours after ``chosen`` (nothing is played yet)."""
        self.cranes_chosen = chosen
        self.sort_actions()
        self.draw()

    def action_back_corner(self) -> None:
        """Escape / Backspace: choose the previous corner's colour again."""
        if self.crane_steps and self.cranes_chosen:
            self.pick_cranes(self.cranes_chosen[:-1])


class DraftScreen(PlayScreen):
    """The draft: take tiles from the streets of the two street cards, keep one, pass one."""

    MODE = "draft"
    HINT = "Draft: tinted streets are the street cards'; Tab to the grid, arrows + Enter."


class TurnScreen(PlayScreen):
    """A turn: use tiles, convert, build with the grid cursor, place envoys on the Forum."""

    MODE = "turn"
    HINT = "Turn: Tab to the Colonia or Forum, arrows to move, Enter to choose."


class PayScreen(PlayScreen):
    """Cycle end: pay 1 coin per citizen row that should stay active."""

    MODE = "pay"
    HINT = "Scoring: pay your citizens."


class WatchScreen(PlayScreen):
    """Public view while a bot plays (no private information of anybody)."""

    MODE = "watch"
    HINT = "A bot is playing…"

    def on_mount(self) -> None:
        self.show(self.data)


def screen_class(pv: PlayerView) -> type[PlayScreen]:
    """The play screen for the mode of the view's current decision."""
    if pv.viewer < 0 or not pv.legal:
        return WatchScreen
    if pv.decision in ("setup_cranes", "setup_row", "setup_diagonal", "handicap"):
        return SetupScreen
    if pv.decision == "draft":
        return DraftScreen
    if pv.decision == "pay":
        return PayScreen
    return TurnScreen
