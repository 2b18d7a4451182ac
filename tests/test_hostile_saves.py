"""Hostile saves, round two (issue 26, items 4, 5 and 8), with real files in the games folder
and real processes: a crafted file no longer freezes the list or the opening of a good game
(every check of file data is linear, and the list reads the folder once per visit)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from forum_trajanum.core import saves
from forum_trajanum.core.saves import listing
from forum_trajanum.core.session import GameSession
from tests.test_hostile_files import _session, _trajan_session, words_in
from tests.waiting import wait_for

ROOT = Path(__file__).resolve().parents[1]
#: The issue's file: a string of escaped quotes that never ends (64 KB, the header limit).
ESCAPED_QUOTES = b'"' + b'\\"' * 32_700


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    return tmp_path


def run_cli(*args: str, home: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """``forum-trajanum ARGS`` in a process of its own (the timeout only stops a hang)."""
    env = {**os.environ, "FORUM_TRAJANUM_HOME": str(home), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "forum_trajanum.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def freezing_files(games: Path) -> list[Path]:
    """The issue's four files of escaped quotes."""
    made = []
    for number in range(4):
        path = games / f"quotes-{number}.json"
        path.write_bytes(ESCAPED_QUOTES)
        made.append(path)
    return made


def trajan_with_a_long_line() -> tuple[str, int]:
    """A real Trajan save with one line of escaped quotes after its actions, as long as the
    largest save read allows: (its id, its actions)."""
    session = _trajan_session(actions=4)
    session.close()
    path = session.game.path
    room = saves_limit() - path.stat().st_size - 2
    with path.open("ab") as out:
        out.write(b'"' + b'\\"' * (room // 2) + b"\n")
    return session.game.id, 4


def saves_limit() -> int:
    from forum_trajanum.core.files import MAX_FILE

    return MAX_FILE


def test_files_of_escaped_quotes_are_listed_as_damaged_and_continue_lists_every_game(home):
    healthy = _session(("Ann", "Bob"))
    healthy.close()
    long_id, _ = trajan_with_a_long_line()
    quotes = freezing_files(saves.games_dir())
    listed = {g.id: g for g in saves.list_games()}
    assert all(listed[p.stem].stage() == "damaged save" for p in quotes)
    # its header is whole: listed by its seats; its long line is found when it is opened
    assert listed[long_id].seats() == "Tia, Ugo" and listed[healthy.game.id].readable
    # forum-trajanum continue with a name that fits none lists the games, in a real process
    done = run_cli("continue", "no-such-game", home=home)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "There is no unfinished game called 'no-such-game'" in done.stderr
    for game_id in (healthy.game.id, long_id, *(p.stem for p in quotes)):
        assert game_id in done.stderr


async def test_the_list_reads_each_file_once_per_visit_and_a_good_game_opens_among_them(
    monkeypatch,
):
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.games import GamesScreen
    from forum_trajanum.tui.screens import HandOverScreen

    healthy = _session(("Ann", "Bob"))
    healthy.close()
    quotes = freezing_files(saves.games_dir())
    reads: Counter[str] = Counter()
    read_limited = listing.read_limited

    def counted(path, *args, **kwargs):
        reads[Path(path).name] += 1
        return read_limited(path, *args, **kwargs)

    monkeypatch.setattr(listing, "read_limited", counted)
    app = ForumApp(bot_delay=0, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        assert reads[quotes[0].name] == 1  # the start menu: is there a game to continue?
        await pilot.press("down", "enter")  # Continue a game
        assert await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        screen = app.screen
        assert {healthy.game.id, *(p.stem for p in quotes)} <= {g.id for g in screen.games}
        await pilot.press("f", "f")  # finished games and back: the games read on arrival
        assert all(reads[p.name] == 2 for p in quotes), reads
        screen.query_one("#games").highlighted = [g.id for g in screen.games].index(healthy.game.id)
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert app.session.game.id == healthy.game.id
        # opening the game read none of the other files again
        assert all(reads[p.name] == 2 for p in quotes), reads


async def test_a_trajan_save_with_a_line_of_megabytes_opens_at_its_last_action():
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.dialogs import MessageScreen

    game_id, actions = trajan_with_a_long_line()
    freezing_files(saves.games_dir())
    assert saves.find_game(game_id).id == game_id  # forum-trajanum continue NAME
    app = ForumApp(bot_delay=0, open_game=game_id, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert "the last 1 action could not be read" in words_in(app, "#message-text")
        assert len(app.session.record.actions) == actions
        app.session.close()
    opened, found = GameSession.open(game_id)  # repaired: whole again, the long line kept aside
    assert found.lost == 0 and len(opened.record.actions) == actions
    opened.play(opened.view_of(opened.decider).legal[0])
    opened.close()
    assert (saves.games_dir() / f"{game_id}.json.damaged").stat().st_size > 4_000_000
