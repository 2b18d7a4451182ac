"""Forum Trajanum's screens for the terminal app, its replay screen and its export.

:data:`UI` is what the shell knows of them (:class:`~forum_trajanum.tui.contract.GameUI`):
each screen is named here and imported on first use, so that reading the contract loads none
of them."""

from __future__ import annotations

from forum_trajanum.tui.contract import GameUI, lazy

_HERE = "forum_trajanum.games.forum_trajanum"

UI = GameUI(
    play_data=lazy(f"{_HERE}.ui.play:play_data"),
    screen_class=lazy(f"{_HERE}.ui.play:screen_class"),
    scoring_screen=lazy(f"{_HERE}.ui.play:scoring_screen"),
    game_over_screen=lazy(f"{_HERE}.ui.play:game_over_screen"),
    help_screen=lazy(f"{_HERE}.ui.help:help_screen"),
    replay_screen=lazy(f"{_HERE}.ui.replay:replay_screen"),
    glossary=lazy(f"{_HERE}.ui.glossary:glossary"),
    warm_up=(f"{_HERE}.ui.play", f"{_HERE}.ui.results", f"{_HERE}.bots.factory"),
    bench=lazy(f"{_HERE}.ui.bench:cursor_and_board"),
)
