"""Component facts of Forum Trajanum (shared/design/components.md), kept in one place."""

from forum_trajanum.games.forum_trajanum.data.components import *  # noqa: F403
