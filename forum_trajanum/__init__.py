"""Forum Trajanum and Trajan for the terminal: pure rules engines on a shared core, a Textual
app and bots."""

__version__ = "0.1.0"

from forum_trajanum import games as _games  # noqa: F401  (registers the games)
