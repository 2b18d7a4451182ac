"""The messages screens post up to the app ("attributes down, messages up"): a screen never
calls the app's methods to change the game; it says what the player asked for, and the app
(with the session and the conductor) decides."""

from __future__ import annotations

from textual.message import Message


class ActionChosen(Message):
    """The player chose a legal action (its text form)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__()


class UndoRequested(Message):
    """The player asked to take back the last step of their turn."""


class SaveCopyRequested(Message):
    """The player asked to save a copy of the game under a name."""


class MenuRequested(Message):
    """The player asked to go back to the start menu."""
