"""Trajan's screens for the terminal app: play, others' circles, recap, replay, help.

:data:`UI` is what the shell knows of them (:class:`~forum_trajanum.tui.contract.GameUI`):
each screen is named here and imported on first use, so that reading the contract loads none
of them."""

from __future__ import annotations

from forum_trajanum.tui.contract import GameUI, lazy

_SCREENS = "forum_trajanum.games.trajan.ui.play"


def replay_screen(found):
    """The replay viewer of a Trajan game read from a file."""
    from forum_trajanum.games.trajan.ui.replayscreen import replay_screen as made

    return made(found.record)


UI = GameUI(
    play_data=lazy(f"{_SCREENS}:play_data"),
    screen_class=lazy(f"{_SCREENS}:screen_class"),
    scoring_screen=lazy(f"{_SCREENS}:scoring_screen"),
    game_over_screen=lazy(f"{_SCREENS}:game_over_screen"),
    help_screen=lazy(f"{_SCREENS}:help_screen"),
    replay_screen=replay_screen,
    handover_words=lazy(f"{_SCREENS}:handover_words"),
    # Trajan marks no one by a seat number: the hand-over names the player alone
    names_only=True,
    warm_up=(_SCREENS, "forum_trajanum.games.trajan.bots"),
    bench=lazy("forum_trajanum.games.trajan.ui.bench:cursor_and_board"),
    glossary=lazy("forum_trajanum.games.trajan.ui.glossary:glossary"),
)
