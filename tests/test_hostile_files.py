"""Hostile input never stops the game (issue 20, items 3-8): real hostile files in the save
folder — a FIFO, a symlink to /dev/zero, a folder, huge and deeply nested files, numbers no
date can hold, wrong JSON types — are listed as damaged saves while every healthy game stays
listed and playable; failing disks (a full or read-only file system, mounted for the test where
this machine allows it) are said in words and lose nothing; escape sequences in names never
reach the terminal."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from forum_trajanum import cli
from forum_trajanum.core import saves
from forum_trajanum.core.files import clean_name
from forum_trajanum.core.session import GameSession
from forum_trajanum.engine import GameOptions, legal_actions

ESC_NAME = "\x1b[31mRed\x1b]0;TITLE\x07"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    return tmp_path


def _session(names=("Ann", "Bob"), actions=3, seed=3) -> GameSession:
    session = GameSession.new(seed, GameOptions(players=len(names)), list(names), ["", ""])
    for _ in range(actions):
        session.play(legal_actions(session.state)[0])
    return session


def _header(**changes) -> str:
    header = {
        "format": "forum-trajanum-record",
        "record_version": 3,
        "game": "forum-trajanum",
        "seed": 1,
        "options": {"players": 2},
        "names": ["Eve", "Mal"],
        "bots": ["", ""],
        "meta": {"title": ""},
        "action_count": 0,
    }
    header.update(changes)
    return json.dumps(header)


def hostile_files(games: Path) -> dict[str, Path]:
    """Every hostile file of the issue, made for real in ``games``."""
    made = {}

    def write(name: str, text: str | bytes) -> None:
        path = games / f"{name}.json"
        path.write_bytes(text.encode() if isinstance(text, str) else text)
        made[name] = path

    for name, value in (("infinity", "Infinity"), ("nan", "NaN"), ("huge-number", "1e300")):
        write(name, _header().replace('"meta": {"title": ""}', f'"meta": {{"saved": {value}}}'))
    write("brackets", "[" * 200_000 + "]" * 200_000)
    write("v1-list", json.dumps({"format": "forum-trajanum-record", "schema_version": [1]}))
    write("v1-object", json.dumps({"format": "forum-trajanum-record", "schema_version": {}}))
    write("big-name", _header(names=["x" * 5_000_000, "Bob"]))
    write("wrong-types", _header(names=7, bots={"a": 1}, seed="x", action_count=[1]))
    write("newer-game", _header(game="chess"))
    (games / "zero.json").symlink_to("/dev/zero")
    made["zero"] = games / "zero.json"
    os.mkfifo(games / "fifo.json")
    made["fifo"] = games / "fifo.json"
    (games / "folder.json").mkdir()
    made["folder"] = games / "folder.json"
    return made


def test_every_hostile_file_is_listed_as_damaged_and_the_healthy_games_stay_listed():
    first, second = _session(("Ann", "Bob")), _session(("Cai", "Dee"), seed=4)
    first.close()
    second.close()
    hostile = hostile_files(saves.games_dir())
    listed = {g.id: g for g in saves.list_games()}
    assert listed[first.game.id].readable and listed[first.game.id].seats() == "Ann, Bob"
    assert listed[second.game.id].readable and listed[second.game.id].actions == 3
    # a date no clock can show is ignored (the file's time is shown): the game itself is whole
    assert listed["huge-number"].readable and listed["huge-number"].when()
    for name in hostile:
        if name in ("newer-game", "huge-number"):  # readable headers, listed by their seats
            continue
        assert not listed[name].readable, name
        assert listed[name].stage() == "damaged save" and listed[name].names == []
    # the healthy games open and play on
    for game in (first, second):
        session, _ = GameSession.open(game.game.id)
        session.play(legal_actions(session.state)[0])
        session.close()


@pytest.mark.parametrize(
    "name",
    ["infinity", "nan", "brackets", "v1-list", "v1-object", "big-name",
     "wrong-types", "newer-game", "zero", "fifo"],
)  # fmt: skip
def test_opening_a_hostile_file_says_so_in_words_and_changes_nothing(name):
    path = hostile_files(saves.games_dir())[name]
    before = path.lstat()
    with pytest.raises(saves.SaveError) as refused:
        GameSession.open(name)
    assert "damaged" in str(refused.value) or "cannot be read" in str(refused.value)
    after = path.lstat()
    assert (after.st_mtime_ns, after.st_size) == (before.st_mtime_ns, before.st_size)
    assert not path.with_name(path.name + ".damaged").exists()


def test_a_wrong_coach_setting_in_a_save_opens_the_game_with_the_coach_off():
    session = _session()
    session.close()
    path = session.game.path
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["meta"]["coach"] = {"on": 5, "seen": [1, 2]}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    opened, _ = GameSession.open(session.game.id)
    assert opened.record.meta.coach.on == [] and opened.record.meta.coach.seen == {}
    assert len(opened.record.actions) == 3
    opened.close()


def test_deleting_a_save_that_is_a_folder_says_why_and_leaves_it():
    folder = hostile_files(saves.games_dir())["folder"]
    with pytest.raises(saves.SaveError, match="is a folder, not a saved game"):
        saves.delete_game("folder")
    assert folder.is_dir()


async def test_the_start_screen_and_the_continue_list_open_among_hostile_files():
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.games import GamesScreen

    session = _session(("Ann", "Bob"))
    session.close()
    hostile_files(saves.games_dir())
    app = ForumApp(bot_delay=0, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("down", "enter")  # Continue a game
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GamesScreen)
        shown = [g.id for g in screen.games]
        assert session.game.id in shown and "fifo" in shown and "zero" in shown
        # deleting the folder save says why, the app goes on
        screen.query_one("#games").highlighted = shown.index("folder")
        await pilot.press("d", "y")
        await pilot.pause()
        assert "is a folder" in str(screen.query_one("#games-message").render())
        assert app.is_running


def _mount(tmp_path: Path, options: str) -> Path:
    if os.geteuid() != 0 or not sys.platform.startswith("linux"):
        pytest.skip("mounting a small file system for the test needs root on Linux")
    point = tmp_path / "mnt"
    point.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(point)])
    if done.returncode != 0:
        pytest.skip("this machine does not let the test mount a tmpfs")
    return point


@contextlib.contextmanager
def mounted(tmp_path: Path, options: str):
    point = _mount(tmp_path, options)
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=False)


def test_on_a_full_disk_a_new_game_leaves_no_lock_behind_and_the_menu_says_what_is_unsaved(
    tmp_path, monkeypatch
):
    with mounted(tmp_path, "size=64k") as disk:
        monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(disk))
        saves.games_dir()
        (disk / "filler").write_bytes(b"x" * 56 * 1024)  # what is left cannot hold a save
        with contextlib.suppress(OSError):
            (disk / "filler2").write_bytes(b"x" * 16 * 1024)
        session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
        assert session.game is None and session.save_error
        for _ in range(4):
            session.play(legal_actions(session.state)[0])
        assert session.unsaved == 4
        assert not [p for p in (disk / "games").iterdir() if p.name.endswith(".lock")]


def test_a_damaged_save_on_a_full_disk_is_not_replaced_and_not_opened(tmp_path, monkeypatch):
    with mounted(tmp_path, "size=256k") as disk:
        monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(disk))
        session = _session(actions=6)
        session.close()
        path = session.game.path
        damaged = path.read_bytes()[:-3]  # the last action cut
        path.write_bytes(damaged)
        filler = disk / "filler"
        with contextlib.suppress(OSError), filler.open("wb") as out:
            while True:
                out.write(b"x" * 4096)
                out.flush()
        with pytest.raises(saves.SaveError, match="no room to keep a copy"):
            GameSession.open(session.game.id)
        assert path.read_bytes() == damaged
        assert not list(disk.glob("games/*.damaged*"))
        filler.unlink()
        opened, found = GameSession.open(session.game.id)  # with room again: repaired
        assert found.lost == 1 and found.damaged_copy.read_bytes() == damaged
        opened.close()


def test_in_a_folder_that_cannot_be_written_opening_and_deleting_say_why(tmp_path, monkeypatch):
    with mounted(tmp_path, "size=1m") as disk:
        monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(disk))
        session = _session()
        session.close()
        game_id = session.game.id
        (disk / "games" / f".{game_id}.lock").unlink()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        assert [g.id for g in saves.list_games()] == [game_id]
        with pytest.raises(saves.SaveError, match="cannot be opened: its folder"):
            saves.open_game(game_id)
        with pytest.raises(saves.SaveError, match="cannot be deleted"):
            saves.delete_game(game_id)


def test_control_characters_never_reach_a_name():
    assert clean_name(ESC_NAME) == "[31mRed]0;TITLE"
    assert clean_name("Ann\u202eevil\u200dok\n\tBob") == "Annevil\u200dok Bob"
    assert clean_name(7) == "" and len(clean_name("x" * 500)) == 40
    from forum_trajanum.tui.seats import settings_from_seats

    settings = settings_from_seats(f"{ESC_NAME},Bob", coach=[])
    assert settings.names[0] == "[31mRed]0;TITLE"
    # a save carrying such a name: the list and the record show it cleaned
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    session.close()
    path = session.game.path
    text = path.read_text().replace('"Ann"', json.dumps(ESC_NAME))
    path.write_text(text)
    (info,) = saves.list_games()
    assert "\x1b" not in info.seats() and "\x07" not in info.seats()
    opened, _ = GameSession.open(session.game.id)
    assert all("\x1b" not in name for name in opened.record.names)
    opened.close()


def test_an_unknown_bot_level_is_said_to_be_taken_as_a_name():
    from forum_trajanum.tui.seats import settings_from_seats

    settings = settings_from_seats("Ann,godlike", coach=[])
    assert settings.bots == ["", ""] and "'godlike' is not a bot level" in settings.note
    assert settings_from_seats("Ann,Bob", coach=[]).note == ""


@pytest.mark.parametrize("command", ["export", "replay"])
def test_export_and_replay_of_a_device_or_a_pipe_say_what_it_is(command, tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe.json")
    for target, words in (("/dev/zero", "not a regular file"), (tmp_path / "pipe.json", "pipe")):
        assert cli.main([command, str(target)]) == 1
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err


def test_bad_command_lines_get_a_message_not_a_traceback(tmp_path, monkeypatch, capsys):
    for delay in ("inf", "nan", "-1", "soon"):
        with pytest.raises(SystemExit) as stopped:
            cli.main(["new", "--seats", "Ann,Bob", "--bot-delay", delay])
        assert stopped.value.code == 2
        assert "bot delay is a number of seconds" in capsys.readouterr().err
    home_file = tmp_path / "a-file"
    home_file.write_text("not a folder")
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(home_file))
    assert cli.main(["continue"]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err
