"""Errors a game engine on the core raises. All are ``ValueError`` subclasses with a message
that says what was tried, why it is not allowed, and where in the game it happened."""

from __future__ import annotations


class GameError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalActionError(GameError):
    """An action that is not among the legal actions of the current decision."""


class NotYourDecisionError(IllegalActionError):
    """An action by a player who is not the one to decide now."""


class GameOverError(IllegalActionError):
    """An action after the game has ended."""


class ActionParseError(GameError):
    """Text that is not the text form of any action."""


class RecordError(GameError):
    """A game record (save) that is corrupt, truncated, of an unknown version, or replays an
    illegal action."""
