"""Hostile input never stops the game (issue 20, items 3-8): real hostile files in the save
folder — a FIFO, a symlink to /dev/zero, a folder, huge and deeply nested files, numbers no
date can hold, wrong JSON types — are listed as damaged saves while every healthy game stays
listed and playable; Trajan records with hostile fields and headers with a bad seed or bad
options are listed as damaged and said in words by continue, export and replay; failing disks
(a full or read-only file system, mounted for the test where this machine allows it, or a writer
that raises as a full disk does) are said in words on the screen, the menu and quitting ask
before unsaved actions are lost, and the log says why; escape sequences in names never reach the
terminal."""

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
from forum_trajanum.games.forum_trajanum.engine import GameOptions, legal_actions
from forum_trajanum.tui.compat import screen_strips
from tests.waiting import wait_for

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


def words_in(app, selector: str) -> str:
    """The words a widget of the active screen shows, read from the screen as laid out (what
    a player reads there), its lines joined."""
    region = app.screen.query_one(selector).region
    rows = screen_strips(app.screen)[region.y : region.bottom]
    return " ".join(" ".join(row.text[region.x : region.right] for row in rows).split())


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
    said = str(refused.value)
    if name == "newer-game":  # no damage: said as it is (issue 26, item 5)
        assert said.startswith("This game was made by a newer release of the game")
    else:
        assert said == saves.UNREADABLE
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


async def test_on_a_full_disk_a_new_game_leaves_no_lock_behind_and_the_menu_says_what_is_unsaved(
    tmp_path, monkeypatch
):
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.games import ConfirmScreen
    from forum_trajanum.tui.startscreen import StartScreen

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
        assert not [p for p in (disk / "games").iterdir() if p.name.endswith(".lock")]
        app = ForumApp(bot_delay=0, session=session, guard_errors=False)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("q")  # the menu, from the hand-over or the play screen
            assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            shown = words_in(app, "#confirm-text")
            assert "The last 4 actions of this game could not be saved" in shown
            assert "No space left on device" in shown and "Go to the menu anyway?" in shown
            await pilot.press("n")  # stay: the game goes on, nothing closed
            assert await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
            assert app.session is session and not isinstance(app.screen, StartScreen)


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


async def test_in_a_read_only_folder_the_games_list_says_why_a_game_cannot_be_deleted_or_opened(
    tmp_path, monkeypatch
):
    # issue 20, item 4, as a player meets it: the list of games, d, y, the message
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.dialogs import MessageScreen
    from forum_trajanum.tui.games import ConfirmScreen, GamesScreen

    with mounted(tmp_path, "size=1m") as disk:
        monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(disk))
        session = _session()
        session.close()
        game_id = session.game.id
        (disk / "games" / f".{game_id}.lock").unlink()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        app = ForumApp(bot_delay=0, guard_errors=False)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("down", "enter")  # Continue a game
            assert await wait_for(pilot, lambda: isinstance(app.screen, GamesScreen))
            games = app.screen
            assert [g.id for g in games.games] == [game_id]
            await pilot.press("d")
            assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")
            assert await wait_for(pilot, lambda: app.screen is games)
            assert await wait_for(pilot, lambda: words_in(app, "#games-message"))
            shown = words_in(app, "#games-message")
            assert "This game cannot be deleted: its folder cannot be written" in shown
            assert "Read-only file system" in shown
            assert (disk / "games" / f"{game_id}.json").exists()
            await pilot.press("enter")  # open it
            assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
            shown = words_in(app, "#message-text")
            assert "This game cannot be opened: its folder cannot be written" in shown
            assert app.session is None and app.is_running


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


async def test_an_escape_sequence_pasted_into_a_name_of_the_new_game_form_is_removed():
    # issue 20, item 7: a terminal delivers pasted text as it is, escape sequences, bells and
    # all; the form's name field takes it, the game's record and screens never see them
    from textual import events

    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.screens import NewGameScreen

    app = ForumApp(bot_delay=0, guard_errors=False, choice_hold=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")  # New game
        assert await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        field = form.query_one("#name-0")
        field.focus()
        await pilot.press("ctrl+a", "ctrl+k")  # the field is empty, its cursor at its start
        field.post_message(events.Paste(ESC_NAME))
        assert await wait_for(pilot, lambda: "Red" in field.value)
        assert "\x1b" in field.value  # the field holds what the terminal gave it
        form.query_one("#start").focus()
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: app.session is not None)
        assert app.session.record.names == ["[31mRed]0;TITLE", "Player 2"]
        assert await wait_for(pilot, lambda: not isinstance(app.screen, NewGameScreen))
        shown = "".join(strip.text for strip in screen_strips(app.screen))
        assert "[31mRed]0;TITLE" in shown  # the name as the screen shows it
        assert "\x1b" not in shown and "\x07" not in shown
    saved = saves.list_games()[0]
    assert saved.names[0] == "[31mRed]0;TITLE"


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


def _full_disk(path, text):
    raise OSError(28, "No space left on device")


async def test_when_saving_fails_the_menu_and_quitting_ask_first_and_the_log_says_why(home):
    # issue 20, item 6: a disk that refuses the save (the writer raises OSError as a full
    # disk does); the menu and quitting say how many actions are not saved, and ask
    from forum_trajanum.core.saves import writer
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.games import ConfirmScreen
    from forum_trajanum.tui.startscreen import StartScreen

    session = _session(actions=2)  # saved: its file holds 2 actions
    app = ForumApp(bot_delay=0, session=session, guard_errors=False, choice_hold=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        with pytest.MonkeyPatch.context() as disk:
            disk.setattr(writer, "write_atomic", _full_disk)
            for _ in range(3):  # three actions played in the app, none of them saved
                session.play(legal_actions(session.state)[0])
            await pilot.press("q")
            assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            shown = words_in(app, "#confirm-text")
            assert "The last 3 actions of this game could not be saved" in shown
            assert "No space left on device" in shown and "Leaving now loses them" in shown
            assert "Go to the menu anyway?" in shown
            await pilot.press("n")
            assert await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
            # quitting asks too; "no" keeps the game
            await pilot.press("ctrl+q")
            assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            shown = words_in(app, "#confirm-text")
            assert "The last 3 actions" in shown and "Quit anyway?" in shown
            await pilot.press("n")
            assert await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
            assert app.is_running and app.session is session
        # the disk works again: the menu saves first, then asks nothing
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.session is None
    record, _ = saves.read_game(session.game.id)
    assert len(record.actions) == 5  # the 3 unsaved actions reached the disk at last
    log = (home / saves.LOG).read_text()
    assert "No space left on device" in log and session.game.id in log


async def test_quitting_with_unsaved_actions_quits_only_on_yes(home, monkeypatch):
    from forum_trajanum.core.saves import writer
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.games import ConfirmScreen

    session = _session(actions=2)
    monkeypatch.setattr(writer, "write_atomic", _full_disk)
    app = ForumApp(bot_delay=0, session=session, guard_errors=False, choice_hold=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        session.play(legal_actions(session.state)[0])
        await pilot.press("ctrl+q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "The last 1 action of this game could not be saved" in words_in(app, "#confirm-text")
        await pilot.press("y")
        assert await wait_for(pilot, lambda: not app.is_running)
    assert len(saves.read_game(session.game.id)[0].actions) == 2  # as the menu said


# --- Trajan records, and headers that only the record's check refuses (issue 20, item 1) ---


def _trajan_header(**changes) -> str:
    return _header(**{"game": "trajan", **changes})


def bad_records(games: Path) -> dict[str, Path]:
    """Saves whose first line is a JSON header naming a game this release plays, but holding
    what no game can be: Trajan records with hostile fields, Forum Trajanum headers with a
    bad seed or bad options. Each is a damaged save: nothing in it can be played."""
    cases = {
        "trajan-no-names": _trajan_header(names=[]),
        "trajan-three-names-for-two": _trajan_header(names=["Eve", "Mal", "Zed"]),
        "trajan-one-bot-for-two": _trajan_header(bots=[""]),
        "trajan-99-players": _trajan_header(options={"players": 99}),
        "trajan-nan-seed": _trajan_header(seed="SEED").replace('"SEED"', "NaN"),
        "trajan-list-for-a-name": _trajan_header(names=[["Eve"], "Mal"]),
        "trajan-list-for-a-level": _trajan_header(bots=["", ["easy"]]),
        "trajan-text-for-options": _trajan_header(options="2 players"),
        "trajan-huge-names": _trajan_header(names=["E"] * 10_000),  # within the header limit
        "forum-seed-text": _header(seed="1"),
        "forum-seed-beyond-64-bits": _header(seed=2**64),
        "forum-9-players": _header(options={"players": 9}, names=["A"] * 8, bots=[""] * 8),
        "forum-side-c": _header(options={"players": 2, "side": "C"}),
    }
    made = {}
    for name, text in cases.items():
        made[name] = games / f"{name}.json"
        made[name].write_text(text + "\n")
    return made


def unknown_action(games: Path) -> Path:
    """A whole Trajan header whose first of two actions no version of Trajan knows."""
    path = games / "trajan-unknown-action.json"
    path.write_text(_trajan_header(action_count=2) + '\n"fly to the moon"\n"pass"\n')
    return path


def _trajan_session(names=("Tia", "Ugo"), actions=3) -> GameSession:
    from forum_trajanum.games.trajan.engine.state import TrajanOptions

    session = GameSession.new(
        5, TrajanOptions(players=len(names)), list(names), [""] * len(names), game="trajan"
    )
    for _ in range(actions):
        session.play(session.view_of(session.decider).legal[0])
    return session


def test_hostile_trajan_records_and_bad_headers_are_listed_as_damaged_and_healthy_games_play():
    healthy = [_trajan_session(), _session(("Ann", "Bob"))]
    for session in healthy:
        session.close()
    bad = bad_records(saves.games_dir())
    unknown = unknown_action(saves.games_dir())
    listed = {g.id: g for g in saves.list_games()}
    for name in bad:
        assert not listed[name].readable, name
        assert listed[name].stage() == "damaged save" and listed[name].names == []
    # a whole header: listed by its seats; what its actions hold is found when it is opened
    info = listed[unknown.stem]
    assert info.readable and info.game == "trajan" and info.seats() == "Eve, Mal"
    assert listed[healthy[0].game.id].seats() == "Tia, Ugo"
    assert listed[healthy[0].game.id].game_title() == "Trajan"
    assert listed[healthy[1].game.id].seats() == "Ann, Bob"
    for session in healthy:  # the healthy games open and play on
        opened, found = GameSession.open(session.game.id)
        assert found.lost == 0 and len(opened.record.actions) == 3
        opened.play(opened.view_of(opened.decider).legal[0])
        opened.close()


@pytest.mark.parametrize(
    "name",
    ["trajan-no-names", "trajan-99-players", "trajan-nan-seed", "trajan-list-for-a-name",
     "trajan-huge-names", "forum-seed-text", "forum-9-players"],
)  # fmt: skip
async def test_continue_export_and_replay_of_a_bad_record_say_so_in_words(name, capsys):
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.dialogs import MessageScreen

    path = bad_records(saves.games_dir())[name]
    before = path.read_bytes()
    # forum-trajanum continue NAME: the app opens the game named
    assert saves.find_game(name).id == name
    app = ForumApp(bot_delay=0, open_game=name, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert words_in(app, "#message-text") == saves.UNREADABLE
        assert app.session is None
    for command in ("export", "replay"):
        assert cli.main([command, str(path)]) == 1
        out = capsys.readouterr()
        assert out.err.startswith(f"forum-trajanum {command}: ") and "Traceback" not in out.err
        assert "damaged" in out.err or "not valid JSON" in out.err
    assert path.read_bytes() == before
    assert not list(saves.games_dir().glob("*.damaged*"))


def test_the_record_says_which_seats_do_not_fit():
    from forum_trajanum.core.errors import RecordError
    from forum_trajanum.core.saves.store import read_record

    for names, words in (([], "0 names"), (["A", "B", "C"], "3 names")):
        with pytest.raises(RecordError, match=f"the save has {words} for a game of 2 players"):
            read_record(_trajan_header(names=names).encode())
    with pytest.raises(RecordError, match="1 bot setting for a game of 2 players"):
        read_record(_header(bots=["easy"]).encode())
    # the app's own per-seat data that does not fit falls back (the game is whole)
    meta = {"scores": [1, 2, 3], "winners": [5], "coach": {"on": [0, 6], "seen": {}}}
    found = read_record(_trajan_header(meta=meta).encode())
    assert found.record.meta.scores == [] and found.record.meta.winners == []
    assert found.record.meta.coach.on == [0]


async def test_an_unknown_action_in_a_trajan_record_is_said_by_continue_export_and_replay(
    capsys,
):
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.dialogs import MessageScreen
    from forum_trajanum.tui.replayapp import ReplayApp, replay_screen_for

    path = unknown_action(saves.games_dir())
    assert cli.main(["export", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Note: action 1 ('fly to the moon') cannot be replayed" in out
    app = ReplayApp(replay_screen_for(path))  # what forum-trajanum replay shows
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for(
            pilot, lambda: "stops replaying at action 1" in words_in(app, "#r-where")
        )
    app = ForumApp(bot_delay=0, open_game=path.stem, guard_errors=False)
    async with app.run_test(size=(100, 40)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        shown = words_in(app, "#message-text")
        assert "the last 2 actions could not be read and must be played again" in shown
        assert app.session is not None and app.session.record.actions == []
    assert (path.parent / f"{path.name}.damaged").exists()
