"""The golden playthroughs (OpenSpiel's way): for every registered game, a seeded game played
now matches ``tests/fixtures/playthrough-<name>.txt`` line by line (every action, public log
line, score, and every seat's view as a digest); a registered game without its file fails.
``tests/fixtures/README.md`` says how to regenerate a file
(``tests/fixtures/make_playthroughs.py``) and when."""

from __future__ import annotations

import dataclasses
import difflib

import pytest

from forum_trajanum.games import GAMES
from tests import testonly
from tests.fixtures import make_playthroughs

REGENERATE = ".venv/bin/python tests/fixtures/make_playthroughs.py"


# the program's games and the test-only ones (registered for this module's tests)
with testonly.registered():
    NAMES = GAMES.names()


@pytest.fixture(autouse=True)
def _test_only_games(test_only_games):
    """The test-only games are registered for every test here, as at collection."""


@pytest.mark.parametrize("name", NAMES)
def test_a_seeded_game_plays_exactly_as_its_golden_playthrough(name):
    path = make_playthroughs.path_of(name)
    assert path.exists(), f"{name} has no golden playthrough: make it with `{REGENERATE} {name}`"
    golden = path.read_text(encoding="utf-8")
    now = make_playthroughs.playthrough(name)
    if now != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), now.splitlines(), "golden", "now", n=2, lineterm=""
        )
        shown = "\n".join(list(diff)[:40])
        pytest.fail(
            f"{name} no longer plays as {path.name} (if the change is meant, regenerate it "
            f"with `{REGENERATE} {name}` and read the diff):\n{shown}"
        )


def test_every_golden_playthrough_is_of_a_registered_game():
    """No file is left behind by a game that is no longer registered (the test-only games'
    files in their own packages included)."""
    folders = {make_playthroughs.FOLDER, *make_playthroughs.FOLDERS.values()}
    files = {path for folder in folders for path in folder.glob("playthrough-*.txt")}
    assert files == {make_playthroughs.path_of(name) for name in GAMES.names()}
    assert set(make_playthroughs.FOLDERS) <= set(GAMES.names())


def test_a_registered_game_without_its_file_fails(monkeypatch, tmp_path):
    """The check can fail: with the files away, each game's test fails, naming the command
    that makes its file."""
    monkeypatch.setattr(make_playthroughs, "FOLDER", tmp_path)
    monkeypatch.setattr(make_playthroughs, "FOLDERS", {})
    for name in GAMES.names():
        with pytest.raises(AssertionError, match=f"make_playthroughs.py {name}"):
            test_a_seeded_game_plays_exactly_as_its_golden_playthrough(name)


@pytest.mark.parametrize("name", NAMES)
def test_a_view_that_shows_one_more_thing_changes_the_golden_playthrough(name, monkeypatch):
    """Issue 37 point 3: every seat's view is in the file (as a digest of what the host sends
    it), so a privacy change is a diff: seat 1 sent seat 2's view (its hand, its secrets) no
    longer plays as the file, though every action, log line and score is the same."""
    game = GAMES.get(name)
    honest = game.view

    def leaky(state, seat):
        return honest(state, 1 if seat == 0 else seat)

    golden = make_playthroughs.path_of(name).read_text(encoding="utf-8")
    monkeypatch.setitem(GAMES._loaded, name, dataclasses.replace(game, view=leaky))
    now = make_playthroughs.playthrough(name)
    assert now != golden
    unviewed = [line for line in now.splitlines() if not line.startswith("    views ")]
    assert unviewed == [line for line in golden.splitlines() if not line.startswith("    views ")]
