"""The messages screens post up to the app ("attributes down, messages up"): a screen never
calls the app's methods to change the game; it says what the player asked for, and the app
(with the session and the conductor) decides."""

from __future__ import annotations

from textual.message import Message


class ActionChosen(Message):
    """The player chose an action: one of the view's ``legal`` as it is (or its text). The
    screen does not check it: the engine's ``apply`` does, once. ``joined``: it completes
    the choice the player's last action began (one entry of the list that plays two actions),
    so one undo takes both back."""

    def __init__(self, action, joined: bool = False) -> None:
        self.action = action
        self.joined = joined
        super().__init__()


class UndoRequested(Message):
    """The player asked to take back the last step of their turn."""


class SaveCopyRequested(Message):
    """The player asked to save a copy of the game under a name."""


class MenuRequested(Message):
    """The player asked to go back to the start menu."""


class GameLeft(Message):
    """The player left a finished game's last screen for the start menu (nothing to ask:
    the game is over and saved)."""


class ScreenUncovered(Message):
    """A game screen is on top again (an overlay over it closed): the flow it held back may
    go on."""


class NewGameRequested(Message):
    """The player asked for the new-game form."""


class GamesRequested(Message):
    """The player asked for the list of saved games (unfinished, or finished ones)."""

    def __init__(self, finished: bool = False) -> None:
        self.finished = finished
        super().__init__()


class HelpRequested(Message):
    """The player asked for the help of the game on the screen (Forum Trajanum's outside a
    game), opened at ``tab``."""

    def __init__(self, tab: str = "keys") -> None:
        self.tab = tab
        super().__init__()


class QuitRequested(Message):
    """The player asked to quit the program."""
