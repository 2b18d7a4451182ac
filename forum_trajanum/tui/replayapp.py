"""The replay of a saved game, whichever game it is: ``forum-trajanum replay FILE`` (the
viewer alone, :class:`ReplayApp`) and ``r`` in the games list. The viewer is the game's own
screen, as its UI contract gives it (``replay_screen(found)``); this module names no game."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from forum_trajanum.tui.compat import FixedApp


def replay_screen_for(path) -> Screen:
    """The replay viewer of the game saved at ``path``, as its game's UI contract gives it.
    Raises RecordError in player words when the file cannot be read or its game has no
    replay."""
    from forum_trajanum.core.errors import RecordError
    from forum_trajanum.core.files import read_limited
    from forum_trajanum.core.game import GAMES
    from forum_trajanum.core.record import read_record
    from forum_trajanum.tui.contract import game_ui

    found = read_record(read_limited(path), GAMES)
    game = GAMES.get(found.record.game)
    ui = game_ui(game)
    made = ui.replay_screen if ui is not None else None
    if made is None:
        raise RecordError(f"{game.title} games cannot be replayed in this window yet")
    return made(found)


class ReplayApp(FixedApp):
    """``forum-trajanum replay FILE``: the replay viewer alone (a game's replay screen, which
    closes the app when it closes)."""

    CSS_PATH = str(Path(__file__).parent / "forum_trajanum.tcss")
    TITLE = "Forum Trajanum — replay"  # the program's name, whichever game is replayed

    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.replay_screen = screen
        self.animation_level = "none"

    def on_mount(self) -> None:
        self.push_screen(self.replay_screen, lambda _: self.exit())
