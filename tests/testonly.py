"""Games that exist only in the tests (issue 29: "a third game would be its package plus one
line"): each is a package under ``tests/`` of the program's games' shape, registered into the
core's registry by :func:`registered` for the tests that ask for it (the fixture
``test_only_games`` of ``tests/conftest.py``, or the registry-wide modules at collection), and
taken out again afterwards, so that every other test sees the program's games alone.

Registering one is the line a game of the program has in ``forum_trajanum/games/__init__.py``;
nothing else of the program knows it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from forum_trajanum.core.game import GameRegistry
from forum_trajanum.games import GAMES


@dataclass(frozen=True)
class OnlyInTests:
    """A test-only game: its registry entry, and its package's folder (where its golden
    playthrough is kept)."""

    name: str
    title: str
    target: str
    folder: Path


HERE = Path(__file__).parent
#: Every test-only game.
TEST_GAMES: tuple[OnlyInTests, ...] = (
    OnlyInTests("tiny", "Tiny", "tests.tinygame.engine.game:GAME", HERE / "tinygame"),
)


@contextmanager
def registered(games: GameRegistry = GAMES) -> Iterator[list[str]]:
    """Every test-only game registered in ``games`` while inside (one already registered is
    left as it is); yields the names registered here, and takes them out again after."""
    added = []
    try:
        for game in TEST_GAMES:
            if game.name not in games:
                games.register(game.name, game.title, game.target)
                added.append(game.name)
        yield added
    finally:
        for name in added:
            games.unregister(name)
