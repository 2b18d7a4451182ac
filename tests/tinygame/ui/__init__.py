"""Tiny's screens for the terminal app: play, scoring, game over, help and replay.

:data:`UI` is what the shell knows of them (:class:`~forum_trajanum.tui.contract.GameUI`),
each screen named lazily so that reading the contract loads none of them."""

from __future__ import annotations

from forum_trajanum.tui.contract import GameUI, lazy

_SCREENS = "tests.tinygame.ui.screens"

UI = GameUI(
    play_data=lazy(f"{_SCREENS}:play_data"),
    screen_class=lazy(f"{_SCREENS}:screen_class"),
    scoring_screen=lazy(f"{_SCREENS}:scoring_screen"),
    game_over_screen=lazy(f"{_SCREENS}:game_over_screen"),
    help_screen=lazy(f"{_SCREENS}:help_screen"),
    replay_screen=lazy("tests.tinygame.ui.replay:replay_screen"),
)
