"""Hostile saves, round two (issue 26, items 4, 5 and 8), with real files in the games folder
and real processes: a crafted file no longer freezes the list or the opening of a good game
(every check of file data is linear, and the list reads the folder once per visit)."""

from __future__ import annotations

import ctypes
import json
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


# --- item 5: a save that is not damaged is never called damaged, nor offered for deletion ---


def _newer_saves(games: Path) -> dict[str, Path]:
    """A whole game's save as a newer release would write it: a newer file version, and a
    game this release does not have."""
    session = _session(("Ann", "Bob"))
    session.close()
    lines = session.game.path.read_text().splitlines()
    made = {}
    for name, change in (("newer-version", {"record_version": 99}), ("chess", {"game": "chess"})):
        header = {**json.loads(lines[0]), **change}
        made[name] = games / f"{name}.json"
        made[name].write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    session.game.path.unlink()
    return made


def test_a_save_of_a_newer_release_is_listed_as_such_and_opening_it_says_so(home):
    made = _newer_saves(saves.games_dir())
    listed = {g.id: g for g in saves.list_games()}
    for name, path in made.items():
        before = path.read_bytes()
        info = listed[name]
        assert info.stage() == "made by a newer release of the game" and not info.readable
        assert info.seats() == "Ann, Bob"  # what it is, for the player to know it
        with pytest.raises(saves.SaveError) as refused:
            saves.open_game(name)
        said = str(refused.value)
        assert said.startswith("This game was made by a newer release of the game (")
        assert "It is not damaged and was left as it is" in said
        assert "damaged so early" not in said and "deleted" not in said
        assert path.read_bytes() == before and not list(path.parent.glob("*.damaged*"))
    assert "version 99; this release reads versions 1 to 4" in _open_error("newer-version")
    assert "a game this release does not know, 'chess'" in _open_error("chess")
    # forum-trajanum continue NAME, in a real process: the same words, nothing opened
    done = run_cli("continue", "chess", home=home)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "This game was made by a newer release of the game" in done.stderr
    assert made["chess"].exists()


def test_continue_without_a_name_opens_the_newest_game_that_can_be_opened(monkeypatch, capsys):
    import forum_trajanum.tui.app as app_module
    from forum_trajanum import cli

    opened = []

    class App:
        return_code = 0

        def __init__(self, **kwargs):
            opened.append(kwargs["open_game"])

        def run(self):
            pass

    healthy = _session(("Ann", "Bob"))
    healthy.close()
    os.utime(healthy.game.path, (1, 1))
    made = _newer_saves(saves.games_dir())  # newer than the healthy one
    monkeypatch.setattr(app_module, "ForumApp", App)
    assert saves.list_games()[0].id in made  # the newest is a newer release's
    assert cli.main(["continue"]) == 0 and opened == [healthy.game.id]
    healthy.game.path.unlink()  # only saves this release cannot open: the newest says why
    assert cli.main(["continue"]) == 1 and opened == [healthy.game.id]
    assert "This game was made by a newer release of the game" in capsys.readouterr().err


def _open_error(game_id: str) -> str:
    with pytest.raises(saves.SaveError) as refused:
        saves.open_game(game_id)
    return str(refused.value)


async def test_the_list_does_not_delete_a_save_of_a_newer_release_and_says_why():
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.dialogs import MessageScreen
    from forum_trajanum.tui.games import ConfirmScreen, GamesScreen

    made = _newer_saves(saves.games_dir())
    app = ForumApp(bot_delay=0, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("down", "enter")  # Continue a game
        assert await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        games = app.screen
        assert "made by a newer release of the game" in words_in(app, "#games")
        await pilot.press("d")
        assert await wait_for(pilot, lambda: words_in(app, "#games-message"))
        assert not isinstance(app.screen, ConfirmScreen)
        assert "This game is not damaged: a newer release" in words_in(app, "#games-message")
        assert all(path.exists() for path in made.values())
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        shown = words_in(app, "#message-text")
        assert "made by a newer release" in shown and "deleted" not in shown
        assert app.screen is not games and app.session is None


def _permissions_hold() -> None:
    """Run in the child process before it starts: root gives up overriding the permissions of
    files (a user's own process has none to give up), so that a mode-000 file is unreadable to
    it as it is to any user."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "the capability cannot be given up")


def run_as_a_user(args: list[str], home: Path) -> subprocess.CompletedProcess:
    """``python ARGS`` in a process of its own for which file permissions hold (this user's, or
    root's without its overrides); skips the test where this machine cannot make one."""
    env = {**os.environ, "FORUM_TRAJANUM_HOME": str(home), "PYTHONPATH": str(ROOT)}
    probe = home / "probe"
    probe.write_text("x")
    probe.chmod(0)
    try:
        check = subprocess.run(
            [sys.executable, "-c", f"open({str(probe)!r}).read()"],
            preexec_fn=_permissions_hold,
            capture_output=True,
            timeout=60,
        )
    except subprocess.SubprocessError:
        pytest.skip("this machine cannot start a process that file permissions hold for")
    finally:
        probe.unlink()
    if b"PermissionError" not in check.stderr:
        pytest.skip("this machine lets every process read a mode-000 file")
    return subprocess.run(
        [sys.executable, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        preexec_fn=_permissions_hold,
    )


#: The list of games as a player meets it, in a process of its own: Continue, the line of the
#: game the file of which may not be read, d (delete), then Enter (open it).
LIST_SCENARIO = """
import asyncio, json, sys
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.dialogs import MessageScreen
from forum_trajanum.tui.games import ConfirmScreen, GamesScreen
from tests.test_hostile_files import words_in
from tests.waiting import wait_for

async def main():
    seen = {}
    app = ForumApp(bot_delay=0, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("down", "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        seen["list"] = words_in(app, "#games")
        ids = [g.id for g in app.screen.games]
        app.screen.query_one("#games").highlighted = ids.index(sys.argv[1])
        await pilot.press("d")
        await wait_for(pilot, lambda: words_in(app, "#games-message"))
        seen["asked"] = isinstance(app.screen, ConfirmScreen)
        seen["delete"] = "" if seen["asked"] else words_in(app, "#games-message")
        if seen["asked"]:
            await pilot.press("y")
        else:
            await pilot.press("enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
            seen["open"] = words_in(app, "#message-text")
    print(json.dumps(seen))

asyncio.run(main())
"""


def test_a_save_this_user_may_not_read_is_never_called_damaged_nor_deleted(home):
    healthy, other = _session(("Ann", "Bob")), _session(("Cai", "Dee"), seed=4)
    healthy.close()
    other.close()
    path = healthy.game.path
    path.chmod(0)
    before = path.stat()
    done = run_as_a_user(["-c", LIST_SCENARIO, healthy.game.id], home)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert "no permission to read it" in seen["list"] and "Cai, Dee" in seen["list"]
    assert not seen["asked"] and "it is not deleted from here" in seen["delete"]
    assert "there is no permission to read its file" in seen["open"]
    assert "damaged" not in seen["open"]
    # forum-trajanum continue NAME says it in the terminal, and opens nothing
    done = run_as_a_user(["-m", "forum_trajanum.cli", "continue", healthy.game.id], home)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "This game cannot be opened: there is no permission to read its file" in done.stderr
    after = path.stat()
    assert (after.st_mode, after.st_size, after.st_mtime_ns) == (
        before.st_mode,
        before.st_size,
        before.st_mtime_ns,
    )
    path.chmod(0o600)  # allowed again: the game was never touched, and plays on
    session, opened = GameSession.open(healthy.game.id)
    assert opened.lost == 0 and len(session.record.actions) == 3
    session.close()


def test_a_games_folder_that_may_not_be_read_says_so_not_that_there_is_no_game(home):
    session = _session(("Ann", "Bob"))
    session.close()
    folder = saves.games_dir()
    folder.chmod(0)
    try:
        done = run_as_a_user(["-m", "forum_trajanum.cli", "continue"], home)
        shown = run_as_a_user(["-c", FINISHED_SCENARIO], home)
    finally:
        folder.chmod(0o755)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    said = f"The games folder {folder} cannot be read: there is no permission to read it."
    assert said in done.stderr and "There is no unfinished game" not in done.stderr
    # the list of games says it too, not "No finished games yet"
    assert shown.returncode == 0, shown.stderr
    assert said in " ".join(shown.stdout.split())
    assert session.game.path.exists()


#: The start menu's Finished games, in a process of its own: what its message line says.
FINISHED_SCENARIO = """
import asyncio
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.games import GamesScreen
from tests.test_hostile_files import words_in
from tests.waiting import wait_for

async def main():
    app = ForumApp(bot_delay=0, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        menu = app.screen.query_one("#menu")
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        menu.highlighted = ids.index("finished")
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
        print(words_in(app, "#games-message"))

asyncio.run(main())
"""


# --- item 8: a planted lock link, a header's false count, a version-1 file, a read-only save ---


def test_a_lock_file_that_is_a_link_is_never_followed_and_the_game_is_left_as_it_is(tmp_path):
    from forum_trajanum.core.saves.lock import lock_path

    session = _session()
    session.close()
    game_id, path = session.game.id, session.game.path
    before = path.read_bytes()
    target = tmp_path / "elsewhere" / "planted"
    target.parent.mkdir()
    lock = lock_path(game_id)
    lock.unlink()
    lock.symlink_to(target)
    assert saves.list_games()[0].id == game_id  # listing does not follow it either
    for attempt in (saves.open_game, saves.delete_game):
        with pytest.raises(saves.SaveError) as refused:
            attempt(game_id)
        said = str(refused.value)
        assert "is a link or not a plain file: it is never followed" in said
        assert "remove it to play this game" in said
    assert not target.exists()  # the link's target was never made
    assert lock.is_symlink() and path.read_bytes() == before
    target.write_text("someone else's file\n")  # a target that exists is neither locked nor changed
    with pytest.raises(saves.SaveError, match="never followed"):
        saves.open_game(game_id)
    assert target.read_text() == "someone else's file\n"
    lock.unlink()
    os.mkfifo(lock)  # a pipe in its place: said the same way, no waiting
    with pytest.raises(saves.SaveError, match="never followed"):
        saves.open_game(game_id)
    lock.unlink()  # removed, as the message says: the game plays on
    opened, _ = GameSession.open(game_id)
    assert len(opened.record.actions) == 3
    opened.close()


def _claiming(count: int, actions: int = 5) -> GameSession:
    session = _session(actions=actions)
    session.close()
    path = session.game.path
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["action_count"] = count
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    return session


async def test_a_header_claiming_a_million_actions_says_where_the_file_ends(capsys):
    from forum_trajanum import cli
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.dialogs import MessageScreen

    session = _claiming(1_000_000)
    assert cli.main(["export", str(session.game.path)]) == 0
    exported = capsys.readouterr().out
    assert "the file ends after action 5, although its header counts 1000000 actions" in exported
    app = ForumApp(bot_delay=0, open_game=session.game.id, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        shown = words_in(app, "#message-text")
        assert "resumes at its last readable action, action 5" in shown
        assert "the file ends after action 5, although its header counts 1000000 actions" in shown
        assert "999995" not in shown and "could not be read" not in shown
        assert len(app.session.record.actions) == 5
        app.session.close()
    (info,) = saves.list_games()
    assert info.actions == 5  # repaired: the header counts what the file holds


def test_a_version_1_save_in_the_games_folder_is_listed_as_the_game_it_opens_as():
    fixture = Path(__file__).parent / "fixtures" / "v1-autosave.json"
    games = saves.games_dir()
    (games / "old.json").write_bytes(fixture.read_bytes())
    damaged = json.loads(fixture.read_text())
    damaged["schema_version"] = 7
    (games / "old-damaged.json").write_text(json.dumps(damaged, indent=1))
    listed = {g.id: g for g in saves.list_games()}
    old = listed["old"]
    assert old.readable and old.seats() == "Livia, Marcus (normal bot)"
    assert old.actions == 72 and old.stage() == "72 actions played"
    session, opened = GameSession.open("old")  # as listed: it opens, whole
    assert len(session.record.actions) == 72 and not opened.damaged
    session.close()
    assert listed["old-damaged"].stage() == "damaged save"
    with pytest.raises(saves.SaveError, match="damaged so early"):
        saves.open_game("old-damaged")


def test_a_read_only_save_is_not_played_on_nor_replaced_and_can_be_replayed():
    from forum_trajanum.tui.games import game_line
    from forum_trajanum.tui.replayapp import replay_screen_for

    session = _session()
    session.close()
    path = session.game.path
    path.chmod(0o444)
    before = path.read_bytes()
    (info,) = saves.list_games()
    assert info.read_only and game_line(info).plain.endswith(" · read-only")
    with pytest.raises(saves.SaveError) as refused:
        GameSession.open(session.game.id)
    assert str(refused.value) == saves.READ_ONLY
    assert path.read_bytes() == before and (path.stat().st_mode & 0o777) == 0o444
    assert not list(path.parent.glob("*.damaged*"))
    replay_screen_for(path)  # r in the list: it replays
    path.chmod(0o640)  # writable again: it plays on, and keeps the permissions it was given
    opened, _ = GameSession.open(session.game.id)
    opened.play(opened.view_of(opened.decider).legal[0])
    opened.wait_saved()
    assert (path.stat().st_mode & 0o777) == 0o640 and len(path.read_text().splitlines()) == 5
    # made read-only while the game is open: the next save is refused, and said
    path.chmod(0o444)
    before = path.read_bytes()
    opened.play(opened.view_of(opened.decider).legal[0])
    opened.wait_saved()
    assert "its file was made read-only" in opened.save_error and opened.unsaved == 1
    assert path.read_bytes() == before and (path.stat().st_mode & 0o777) == 0o444
    opened.close()
