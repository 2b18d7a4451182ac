"""Forum Trajanum and Trajan for the terminal: pure rules engines on a shared core, a Textual
app and bots."""

__version__ = "0.1.0"

from forum_trajanum import games as _games  # noqa: F401  (registers the games)

#: The program's name for players (its window's and its web page's title): the name of the
#: package and of its first game; each game's own title is in the registry.
PROGRAM = "Forum Trajanum"
