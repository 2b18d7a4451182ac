"""What Trajan's contract (:data:`forum_trajanum.games.trajan.ui.UI`) names for the app: the
play data and the play screen for a view, the scoring and game-over screens, the help and
the hand-over's words."""

from __future__ import annotations

from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.ui.panels import log_lines
from forum_trajanum.games.trajan.ui.playdata import TrajanData
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen, TrajanWatchScreen
from forum_trajanum.games.trajan.ui.recap import points_since, recent_lines
from forum_trajanum.games.trajan.ui.results import QuarterScreen, TrajanOverScreen


def handover_words(v: GameState, names) -> str:
    """The next decision on the hand-over screen, the start player named ("seat 2 is the
    start player" was the engine's words)."""
    return W.title(v, names)


def play_data(session, v, *, names, bots, message="", hold=0.0, home=-1) -> TrajanData:
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
    if v.legal:
        data.scored = points_since(session, names, v.viewer)
    return data


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
