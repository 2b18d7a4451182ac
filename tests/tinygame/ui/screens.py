"""Tiny's screens for the terminal app, built from the shell's generic pieces (the game
screen and flow screen bases, the decision list, the key bar, the messages a screen posts).

One play screen shows one seat's view (or the public one while a bot plays): the round and
its prize, every seat's hand (its own cards, the others' counts), the cards on the table, the
last lines of the log and the list of choices. Everything shown comes from the view; the
screens compute no rule. Names are shown as plain text (``rich.text.Text``), never as markup.
"""

from __future__ import annotations

from time import monotonic

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

from forum_trajanum.core.ranking import places
from forum_trajanum.tui.decisionlist import DecisionList
from forum_trajanum.tui.gamescreens import ESCAPE_LINE, FlowScreen, GameScreen
from forum_trajanum.tui.keys import ENTRY_KEYS, KeyBar
from forum_trajanum.tui.messages import (
    ActionChosen,
    GameLeft,
    HelpRequested,
    MenuRequested,
    UndoRequested,
)
from forum_trajanum.tui.playdata import PlayData
from tests.tinygame import data as D
from tests.tinygame.engine.state import HIDDEN, NONE, TinyState

#: Lines of the log the play screen shows.
LOG_LINES = 6


def choice_words(action) -> str:
    """A choice in a player's words."""
    if action.kind == "play":
        return f"Play the {action.card} face down"
    return "Draw a card" if action.kind == "draw" else "Keep your hand"


def card(c: int) -> str:
    return "?" if c == HIDDEN else "-" if c == NONE else str(c)


def board_text(v: TinyState, names: list[str]) -> Text:
    """The round and its prize, every seat's hand and table card and points."""
    out = Text()
    if v.round and v.prize:
        points = D.prize_points(v.prize)
        out.append(f"Round {v.round} of {D.ROUNDS}: the prize is the {v.prize} ({points} VP)\n")
    else:
        out.append(f"Round {v.round} of {D.ROUNDS}\n")
    for seat, s in enumerate(v.seats):
        mark = "▶ " if seat == v.decider else "  "
        out.append(mark)
        out.append(Text(names[seat], style="bold"))
        hand = " ".join(card(c) for c in s.hand) or "no cards"
        played = card(v.table[seat]) if v.table else "-"
        out.append(f": {s.score} VP · hand {hand} · on the table {played}\n")
    return out


def log_lines(session, names: list[str]) -> list[str]:
    return [f"{names[e.seat]} {e.text}" if e.seat >= 0 else e.text for e in session.log]


class TinyScreen(GameScreen):
    """A seat's own view of the game, with its choices."""

    MODE = "tiny-turn"
    DEFAULT_CSS = """
    TinyScreen { layout: vertical; }
    TinyScreen #tiny-board { height: auto; padding: 0 1; background: $boost; }
    TinyScreen #decision-title { height: auto; color: $warning; padding: 0 1; }
    TinyScreen #decisions { height: 1fr; border: none; }
    TinyScreen #tiny-message { height: auto; min-height: 1; color: $warning; padding: 0 1; }
    TinyScreen #tiny-log { height: auto; max-height: 7; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("q", "menu", "Menu"),
        Binding("escape", "back", "Back", show=False),
        Binding("question_mark,f1", "help", "Help"),
        *(Binding(key, f"pick({n})", show=False) for n, key in enumerate(ENTRY_KEYS, start=1)),
    ]

    def __init__(self, data: PlayData) -> None:
        super().__init__(data)
        self._message = ""

    def compose(self) -> ComposeResult:
        yield Static(id="tiny-board")
        yield Static(id="decision-title")
        yield DecisionList(id="decisions")
        yield Static(id="tiny-message")
        yield Static(id="tiny-log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show(self.data)

    def show(self, data: PlayData) -> None:
        self.data = data
        v = data.view
        self.query_one("#tiny-board", Static).update(board_text(v, data.names))
        self.query_one("#tiny-log", Static).update(Text("\n".join(data.log[-LOG_LINES:])))
        options = self.query_one("#decisions", DecisionList)
        options.clear_options()
        title = self.query_one("#decision-title", Static)
        if v.legal:
            title.update(Text(f"{data.names[v.viewer]}: {v.title}"))
            options.add_options(
                Option(Text(f"{ENTRY_KEYS[n]} {choice_words(a)}"), id=str(a))
                for n, a in enumerate(v.legal)
            )
            options.highlighted = 0
            options.hold(data.hold)
            options.arm_when_shown()
            options.focus()
        else:
            who = data.names[v.decider] if v.decider >= 0 else ""
            title.update(Text(f"{who} is deciding: {v.title}" if who else "Game over"))
        self.say(data.message)

    def cover(self) -> None:
        for part in ("#tiny-board", "#decision-title", "#tiny-log"):
            self.query_one(part, Static).update("")
        self.query_one("#decisions", DecisionList).clear_options()

    def say(self, message: str) -> None:
        self._message = message
        self.query_one("#tiny-message", Static).update(Text(message))

    def escape_line_shown(self) -> bool:
        return self._message == ESCAPE_LINE

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        if event.option.id:
            self._choose(event.option.id)

    def action_pick(self, number: int) -> None:
        options = self.query_one("#decisions", DecisionList)
        if 1 <= number <= options.option_count and not options.held:
            self._choose(options.get_option_at_index(number - 1).id)

    def _choose(self, text: str) -> None:
        self.query_one("#decisions", DecisionList).spend()
        self.post_message(ActionChosen(text))

    def action_undo(self) -> None:
        self.post_message(UndoRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())

    def action_menu(self) -> None:
        self.post_message(MenuRequested())

    def action_back(self) -> None:
        self.say("" if self._message and self._message != ESCAPE_LINE else ESCAPE_LINE)


class TinyWatchScreen(TinyScreen):
    """The public view while a bot plays (or before a scoring)."""

    MODE = "tiny-watch"


def scoring_text(v: TinyState, scoring: int, names: list[str]) -> Text:
    """Round ``scoring``'s cards turned up, who won its prize, and the points."""
    prize, *cards = v.history[scoring - 1]
    gained = v.scorings[scoring - 1]
    out = Text(f"End of round {scoring}: the prize was the {prize}\n\n", style="bold")
    for seat, c in enumerate(cards):
        out.append(Text(names[seat], style="bold"))
        points = ", ".join(f"{n:+d} {k}" for k, n in gained[seat].items() if n)
        out.append(f" played the {c}{': ' + points if points else ''}\n")
    return out


class TinyScoringScreen(FlowScreen):
    """The end of a round: the cards turned up and the points of its scoring."""

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]

    def __init__(self, v: TinyState, scoring: int, names, history=(), hold: float = 0.0):
        super().__init__()
        self.v, self.scoring, self.names = v, scoring, list(names)
        self._held_until = monotonic() + hold

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(scoring_text(self.v, self.scoring, self.names), id="tiny-scoring")
            yield Static(Text("Enter: go on", style="bold"))
        yield KeyBar()

    def action_close(self) -> None:
        if monotonic() >= self._held_until:
            self.dismiss(None)


def final_text(v: TinyState, names: list[str]) -> Text:
    """The final ranking with each seat's points by category."""
    ranked = places([(s.score, s.won) for s in v.seats])
    out = Text()
    for place, seats in enumerate(ranked, start=1):
        for seat in seats:
            s = v.seats[seat]
            out.append(f"{place}. ")
            out.append(Text(names[seat], style="bold"))
            parts = ", ".join(f"{k} {n}" for k, n in s.points.items())
            out.append(f": {s.score} VP ({parts}; rounds won {s.won})\n")
    return out


class TinyOverScreen(FlowScreen):
    """The final ranking."""

    BINDINGS = [Binding("q,escape,enter", "menu", "Menu")]

    def __init__(self, v: TinyState, names, history=()) -> None:
        super().__init__()
        self.v, self.names = v, list(names)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text("Final ranking", style="bold"))
            yield Static(final_text(self.v, self.names), id="tiny-final")
            yield Static(Text("Enter: back to the menu", style="bold"))
        yield KeyBar()

    def action_menu(self) -> None:
        self.post_message(GameLeft())


#: Tiny's rules in a player's words (the help's one page).
RULES = """Tiny: three rounds. Each round a prize card is turned up (a quarter of its value, \
rounded up, in VP). In turn, each player plays a card of their hand face down, then draws the \
deck's top card (only they see it) or keeps their hand. When everyone has played the cards \
are turned up: the highest wins the prize. At the end each card left in hand costs 1 VP.

Keys: 1-9 choose · u undo (a card played, until you draw) · q menu · ? this help"""


class TinyHelpScreen(Screen[None]):
    """Tiny's help: its rules and keys on one page; Escape closes it."""

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        yield Static(Text(RULES), id="tiny-help")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


# --- what Tiny gives the app (its GameUI: tests/tinygame/ui/__init__.py) ---------------------


def play_data(session, v, *, names, bots, message="", hold=0.0, home=-1) -> PlayData:
    return PlayData.of(
        session, v, log_lines(session, names), names=list(names), bots=list(bots),
        message=message, hold=hold, home=home,
    )  # fmt: skip


def screen_class(v: TinyState) -> type[TinyScreen]:
    return TinyScreen if v.viewer >= 0 and v.legal else TinyWatchScreen


def scoring_screen(v: TinyState, scoring: int, names, history, hold: float = 0.0):
    return TinyScoringScreen(v, scoring, names, history, hold)


def game_over_screen(v: TinyState, names, history):
    return TinyOverScreen(v, names, history)


def help_screen(tab: str = "keys"):
    return TinyHelpScreen()
