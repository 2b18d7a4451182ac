"""Forum Trajanum for the terminal: a pure rules engine, a Textual app and bots."""

__version__ = "0.1.0"
