"""The play screens: one per mode (setup, draft, turn, paying citizens, watching bots).

Their common base, :class:`PlayScreen` (board panels, decision list, layouts by size), is in
:mod:`forum_trajanum.games.forum_trajanum.ui.playscreen`. The setup's crane colours are
chosen corner by corner, narrowing the engine's arrangements
(:mod:`forum_trajanum.games.forum_trajanum.ui.cranes`);
only the complete arrangement is posted.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList

from forum_trajanum.core.seat import Session
from forum_trajanum.games.forum_trajanum.engine import PlayerView
from forum_trajanum.games.forum_trajanum.engine.actions import SetupCranes, crane_colours
from forum_trajanum.games.forum_trajanum.engine.tasks import Phase, decision_phase
from forum_trajanum.games.forum_trajanum.engine.view import ColoniaView
from forum_trajanum.games.forum_trajanum.engine.words import CORNER_NAMES, CRANE_COLOUR_WHY
from forum_trajanum.games.forum_trajanum.ui.cranes import (
    STEP_ID,
    CraneStep,
    chosen_text,
    crane_steps,
)
from forum_trajanum.games.forum_trajanum.ui.decisions import Choices, DecisionPanel
from forum_trajanum.games.forum_trajanum.ui.playdata import PlayData
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid

__all__ = [
    "DraftScreen",
    "PayScreen",
    "SetupScreen",
    "TurnScreen",
    "WatchScreen",
    "screen_class",
]


class SetupScreen(PlayScreen):
    """Setup choices: crane colours per corner, the first citizen's row, the diagonal.

    The crane colours are chosen one corner at a time (the last corner is forced); each step
    narrows the engine's arrangements, and only the complete arrangement is played."""

    MODE = "setup"
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

    def choices(self) -> Choices:
        """The crane colours of the corner being chosen are the list's entries, and the line
        above it says which corner it is, why its colour matters (the engine's words) and
        what was chosen so far."""
        choices = super().choices()
        if not self.crane_steps:
            return choices
        number = self.crane_steps[0].corner + 1
        note = Text()
        note.append(f"Choose the crane colour for corner {self.corner()}", style="bold")
        note.append(
            f" ({number} of {len(CORNER_NAMES)}, marked ▸ on your Colonia).", style="#d7d7af"
        )
        # why the colour matters (the engine's words), a line of its own: at 80x24 the three
        # lines above the list are this corner, the why and the colours chosen so far
        note.append("\n" + CRANE_COLOUR_WHY, style="#d7d7af")
        if self.cranes_chosen:
            note.append(f"\nChosen: {chosen_text(self.cranes_chosen)}.", style="#87afaf")
            note.append(" [Esc] back one corner", style="#87d787")
        steps = [(step.id, step.label()) for step in self.crane_steps]
        return replace(choices, steps=steps, note=note, titled=False, lines=3)

    def on_decision_panel_entry_chosen(self, event: DecisionPanel.EntryChosen) -> None:
        """A crane step chosen in the list: the next corner's colours."""
        if event.entry_id.startswith(STEP_ID):
            event.stop()
            self.pick_cranes(event.entry_id.removeprefix(STEP_ID))

    def on_colonia_grid_cell_chosen(self, event: ColoniaGrid.CellChosen) -> None:
        if self.crane_steps and event.cell == self.corner():
            event.prevent_default()
            self.query_one("#decisions", OptionList).focus()

    def pick_cranes(self, chosen: str) -> None:
        """Show the next corner's colours after ``chosen`` (nothing is played yet). A hint
        for an arrangement that no longer fits the colours chosen is gone."""
        self.cranes_chosen = chosen
        hints = self.hint_panel()
        hinted = hints.action()
        if hinted is not None and not crane_colours(str(hinted)).startswith(chosen):
            hints.forget()
        self.sort_actions()
        self.draw()

    def action_back_corner(self) -> None:
        """Escape / Backspace: choose the previous corner's colour again (at the first corner
        Escape does what it does everywhere: closes what is open, or says how to leave)."""
        if self.crane_steps and self.cranes_chosen:
            self.pick_cranes(self.cranes_chosen[:-1])
        else:
            self.action_back()


class DraftScreen(PlayScreen):
    """The draft: take tiles from the streets of the two street cards, keep one, pass one."""

    MODE = "draft"


class TurnScreen(PlayScreen):
    """A turn: use tiles, convert, build with the grid cursor, place envoys on the Forum."""

    MODE = "turn"


class PayScreen(PlayScreen):
    """Cycle end: pay 1 coin per citizen row that should stay active."""

    MODE = "pay"


class WatchScreen(PlayScreen):
    """Public view while a bot plays (no private information of anybody)."""

    MODE = "watch"

    def on_mount(self) -> None:
        self.show(self.data)


#: The play screen of each phase of the game (the engine says which phase a decision is of).
PHASE_SCREENS: dict[Phase, type[PlayScreen]] = {
    Phase.SETUP: SetupScreen,
    Phase.DRAFT: DraftScreen,
    Phase.TURN: TurnScreen,
    Phase.SCORING: PayScreen,
}


def screen_class(pv: PlayerView) -> type[PlayScreen]:
    """The play screen for the mode of the view's current decision."""
    if pv.viewer < 0 or not pv.legal:
        return WatchScreen
    return PHASE_SCREENS[decision_phase(pv.decision)]


# --- what Forum Trajanum gives the app (tui/gamescreens.py) ----------------------------------


def play_data(
    session: Session,
    pv: PlayerView,
    *,
    names: list[str],
    bots: list[str],
    message: str = "",
    hold: float = 0.0,
    home: int = -1,
) -> PlayData:
    """What a play screen draws for ``pv``: the view, the names, the log in words, whether
    undo is possible, and on a public view the last move to flash."""
    from forum_trajanum.games.forum_trajanum.ui.panels import last_move, log_lines

    public = pv.viewer != session.decider and session.record.actions and session.log
    data = PlayData.of(
        session, pv, log_lines(session, names), names=names, bots=bots, message=message,
        hold=hold, home=home if public else -1,
    )  # fmt: skip
    if public:
        data.flash, data.flash_seat = last_move(session.record.actions[-1]), session.log[-1].seat
        data.news_from = news_from(session, home)
    return data


def news_from(session: Session, seat: int) -> int:
    """The index in :func:`~forum_trajanum.games.forum_trajanum.ui.panels.log_lines` of the
    first line after the last one ``seat``'s own action wrote (0: none, or no seat)."""
    if seat < 0 or seat == session.decider:
        return 0
    lines, when, after = 0, None, 0
    for entry in session.log:
        if entry.period != when:  # log_lines marks where a new period begins
            when = entry.period
            lines += 1
        lines += 1
        if entry.actor == seat:
            after = lines
    return after


def scoring_screen(pv: PlayerView, scoring: int, names, history, hold: float = 0.0):
    """The scoring of a cycle, over the board (the app goes on when it is closed)."""
    from forum_trajanum.games.forum_trajanum.ui.results import ScoringScreen

    return ScoringScreen(pv, scoring, names, history, hold=hold)


def game_over_screen(pv: PlayerView, names, history):
    """The final ranking, the points by cycle and category, and the final boards."""
    from forum_trajanum.games.forum_trajanum.ui.results import GameOverScreen

    return GameOverScreen(pv, names, history)
