"""What Trajan's contract (:data:`forum_trajanum.games.trajan.ui.UI`) names for the app: the
play data and the play screen for a view, the scoring and game-over screens, the help and
the hand-over's words."""

from __future__ import annotations

from forum_trajanum.core.seat import Session
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.ui.panels import log_lines
from forum_trajanum.games.trajan.ui.playdata import TrajanData
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen, TrajanWatchScreen
from forum_trajanum.games.trajan.ui.recap import points_since, recent_lines
from forum_trajanum.games.trajan.ui.results import QuarterScreen, TrajanOverScreen

#: The most moves the recap's window shows (a game of four, a quarter's end between).
RECAP_MOST = 60


def handover_words(v: GameState, names) -> str:
    """The next decision on the hand-over screen, the start player named ("seat 2 is the
    start player" was the engine's words)."""
    return W.title(v, names)


def play_data(session: Session, v, *, names, bots, message="", hold=0.0, home=-1) -> TrajanData:
    """What a play screen draws for ``v`` and what the others did since its seat last
    decided (since a person did, on a public view). (With one person at the table, the app
    shows a bot's turn through that person's own view, hand included: the conductor names
    them as the watcher.)"""
    data = TrajanData.of(
        session, v, log_lines(session, names), names=names, bots=bots, message=message,
        hold=hold, home=home,
    )  # fmt: skip
    # what the others did since this seat last decided (trajan/recap.py)
    data.recent = recent_lines(session, names, v.viewer)
    data.recap = recent_lines(session, names, v.viewer, most=RECAP_MOST)
    if v.legal:
        data.scored = points_since(session, names, v.viewer)
    if not data.can_undo:
        data.undo_note = undo_note(session, v, names)
    return data


#: Why the last step cannot be taken back, by its kind (the steps that show their player
#: what was hidden: undo stops there, trajan/view.py's specs).
FINAL_STEPS = {
    "draw": "the cards you drew at the Seaport are seen",
    "display": "the cards drawn to replace your display's are seen",
    "special": "a Trajan tile's special action is final",
}


def undo_note(session, v: GameState, names) -> str:
    """Why u takes nothing back at ``v`` (issue 36.4: it said "a hidden tile was revealed or
    your turn began anew" where neither had happened)."""
    if not v.legal:
        who = names[v.decider] if 0 <= v.decider < len(names) else "another player"
        return f"Nothing to undo while {who} decides: u takes back steps of your own turn."
    if v.decision == "source":
        return "Nothing to undo: this turn has no step yet (a turn is final once it ends)."
    mid_turn = any(t.kind == "end_turn" and t.player == v.viewer for t in v.tasks)
    if v.quarter <= 0:  # the setup: its choices draw what was hidden
        return "Nothing to undo: a setup choice is final (it drew cards or showed markers)."
    if not mid_turn:  # a decision outside one's turn (the others' moves came before it)
        return "Nothing to undo: this is your first step since the others' moves."
    # mid-turn: the last step was the seat's own
    last = session.record.actions[-1] if session.record.actions else ""
    try:  # a joined seat's record holds no texts (another seat's may be secret)
        kind = session.rules.parse(last).kind if last else ""
    except ValueError:
        kind = ""
    if kind in FINAL_STEPS:
        return f"Nothing to undo: {FINAL_STEPS[kind]}, so that step and those before it stand."
    return "Nothing to undo: your turn's steps so far showed something hidden, so they stand."


def screen_class(v: GameState) -> type[TrajanScreen]:
    if v.viewer < 0 or not v.legal:
        return TrajanWatchScreen
    return TrajanScreen


def scoring_screen(v: GameState, scoring: int, names, history, hold: float = 0.0):
    return QuarterScreen(v, scoring, names, history, hold)


def game_over_screen(v: GameState, names, history):
    return TrajanOverScreen(v, names, history)


def help_screen(tab: str = "keys"):
    from forum_trajanum.games.trajan.ui.help import TrajanHelpScreen

    return TrajanHelpScreen(tab)
