"""Hostile names never reach the terminal, the markup or the save (issue 26, points 1-3), in
both games: a save file whose name holds escape sequences (a terminal's title, its clipboard)
is shown with visible escapes by the Continue list, ``continue``, ``export``, ``replay`` and
the log; players' names and save titles that look like markup (``A[/]``, ``[reverse]Ann``,
``[@click=app.quit]Q``) are shown as the text they are on every screen; a name that cannot be
written as UTF-8 (a lone surrogate, a byte of another encoding) is refused at the command line
and the form, repaired (dropped) when a save holds it, and never stops a game or loses a move."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from forum_trajanum.core import saves
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.session import GameSession
from forum_trajanum.core.text import encodable, printable
from forum_trajanum.tui.compat import screen_strips
from tests.waiting import wait_for

ROOT = Path(__file__).resolve().parents[1]
#: A file name that sets the terminal's title and puts ``rm -rf ~`` on its clipboard.
HOSTILE = "zx\x1b]0;PWNED-TITLE\x07\x1b]52;c;cm0gLXJmIH4K\x07"
#: How it is shown: every code as a visible escape.
SHOWN = r"zx\x1b]0;PWNED-TITLE\x07\x1b]52;c;cm0gLXJmIH4K\x07"
#: Names that are markup to Textual and Rich: a closing tag with nothing to close (an error
#: when read as markup), a style, and a click action.
MARKUP_NAMES = ["A[/]", "[reverse]Ann", "[@click=app.quit]Q"]
GAME_NAMES = ["forum-trajanum", "trajan"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)
    return tmp_path


def cli(*args: str, home: Path) -> subprocess.CompletedProcess:
    """The ``forum-trajanum`` command run for real, in its own process (bytes out)."""
    env = {**os.environ, "FORUM_TRAJANUM_HOME": str(home), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "forum_trajanum.cli", *args],
        env=env, capture_output=True, timeout=120, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def no_terminal_codes(data: bytes | str) -> bool:
    """Whether ``data`` holds no ESC, BEL or C1 control (nothing a terminal acts on)."""
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    return not any((ord(c) < 32 and c != "\n") or 0x7F <= ord(c) <= 0x9F for c in text)


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in screen_strips(app.screen))


def session_of(game: str, names, actions: int = 3, seed: int = 5) -> GameSession:
    """A saved game of ``game`` with ``names``, ``actions`` first legal actions played."""
    rules = GAMES.get(game)
    session = GameSession.new(
        seed, rules.options(players=len(names)), list(names), [""] * len(names), game=game
    )
    for _ in range(actions):
        session.play(session.view_of(session.decider).legal[0])
    return session


def hostile_files(games: Path, game: str = "forum-trajanum") -> tuple[Path, Path]:
    """A damaged save and a healthy one (a real game), both named with escape sequences."""
    damaged = games / f"{HOSTILE}.json"
    damaged.write_bytes(b"garbage")
    session = session_of(game, ["Ann", "Bob"])
    session.close()
    healthy = games / f"{HOSTILE}-ok.json"
    session.game.path.rename(healthy)
    return damaged, healthy


# --- point 1: what comes from a file is printable text --------------------------------------


def test_printable_shows_every_terminal_code_as_a_visible_escape():
    assert printable(HOSTILE) == SHOWN
    assert printable("A\x9b31m\u202eB\u2028C\x7f") == r"A\x9b31m\u202eB\u2028C\x7f"
    assert printable("A\ud800") == r"A\ud800"  # a lone surrogate
    assert printable(b"Ren\xe9.json") == r"Ren\xe9.json"  # a byte that is not UTF-8
    assert printable(Path(os.fsdecode(b"Ren\xe9.json"))) == r"Ren\xe9.json"
    assert printable("one\ntwo") == r"one\ntwo" and printable("one\ntwo", lines=True) == "one\ntwo"
    for plain in ("Zoë", "日本語", "👨\u200d👩\u200d👧", "Ann [reverse]", "a\\x1b"):
        assert printable(plain) == plain
    assert not encodable("A\ud800") and encodable("Zoë")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_continue_prints_hostile_file_names_as_visible_escapes(game, home):
    hostile_files(saves.games_dir(), game)
    done = cli("continue", "nomatch", home=home)
    assert done.returncode == 1
    assert b"There is no unfinished game called 'nomatch'" in done.stderr
    assert SHOWN.encode() in done.stderr and no_terminal_codes(done.stderr)


@pytest.mark.parametrize("command", ["export", "replay"])
def test_export_and_replay_name_a_hostile_file_with_visible_escapes(command, home):
    folder = home / f"{HOSTILE}.json"
    folder.mkdir()  # a folder of that name: the message names it
    done = cli(command, str(folder), home=home)
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert f"{SHOWN}.json is a folder".encode() in done.stderr
    assert no_terminal_codes(done.stderr)


async def test_the_continue_list_shows_hostile_file_names_with_visible_escapes(home):
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.games import ConfirmScreen

    damaged, healthy = hostile_files(saves.games_dir())
    (saves.games_dir() / os.fsdecode(b"Ren\xe9.json")).write_bytes(b"garbage")
    app = ForumApp(bot_delay=0, guard_errors=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.continue_game()
        assert await wait_for(pilot, lambda: "Continue a game" in screen_text(app))
        shown = screen_text(app)
        assert SHOWN in shown and r"Ren\xe9" in shown
        assert no_terminal_codes(shown)
        ids = [g.id for g in app.screen.games]
        app.screen.query_one("#games").highlighted = ids.index(damaged.stem)
        await pilot.press("r")  # a replay of the damaged one says why it cannot be
        assert await wait_for(pilot, lambda: "cannot be replayed" in screen_text(app))
        await pilot.press("d")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert SHOWN in screen_text(app) and no_terminal_codes(screen_text(app))
        await pilot.press("y")
        assert await wait_for(pilot, lambda: f"Deleted: {SHOWN}" in screen_text(app))
        assert not damaged.exists() and no_terminal_codes(screen_text(app))
        # the healthy game of that name opens and plays
        ids = [g.id for g in app.screen.games]
        app.screen.query_one("#games").highlighted = ids.index(healthy.stem)
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: app.session is not None)
        assert app.session.game.path == healthy
    log = (home / saves.LOG).read_bytes()
    assert SHOWN.encode() in log and no_terminal_codes(log)


def in_a_terminal(home: Path, args: list[str], steps: list[tuple[bytes, object]]) -> bytes:
    """Run ``forum-trajanum ARGS`` for real on a pseudo-terminal of 120x40: for each step,
    type its keys, then read what the app writes until its words (one or a tuple of them)
    appear; then ctrl+q. The app must end by itself with status 0; returns every byte it
    wrote."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    from tests.waiting import DEADLINE

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    # the terminal's size is the pseudo-terminal's: COLUMNS and LINES, where the tests' own
    # environment has them, would override it (shutil.get_terminal_size reads them first)
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    env |= {"FORUM_TRAJANUM_HOME": str(home), "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
    app = subprocess.Popen(
        [sys.executable, "-m", "forum_trajanum.cli", *args],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
    )  # fmt: skip
    os.close(slave)
    out = bytearray()

    def read_until(condition) -> bool:
        deadline = time.monotonic() + DEADLINE
        while not condition() and time.monotonic() < deadline:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    out.extend(os.read(master, 65536))
                except OSError:  # the app has ended: nothing more to read
                    break
        return condition()

    try:
        for keys, words in steps:
            os.write(master, keys)
            wanted = words if isinstance(words, tuple) else (words,)
            assert read_until(lambda wanted=wanted: all(w in out for w in wanted)), words
        os.write(master, b"\x11")  # ctrl+q
        read_until(lambda: app.poll() is not None)
        assert app.wait(timeout=DEADLINE) == 0, bytes(out[-3000:])
    finally:
        if app.poll() is None:
            app.kill()
        os.close(master)
    return bytes(out)


def only_textuals_own_codes(out: bytes) -> bool:
    """Whether the only operating-system commands in ``out`` are Textual's own (the
    pointer's shape, OSC 22) and no bell rings outside them: no title (OSC 0), no clipboard
    (OSC 52)."""
    import re

    return set(re.findall(rb"\x1b\]([0-9]*)", out)) <= {b"22"} and b"\x07" not in re.sub(
        rb"\x1b\]22;[^\x07]*\x07", b"", out
    )


def test_the_continue_list_in_a_real_terminal_writes_no_code_from_a_file_name(home):
    # every byte the app writes is read back: Textual writes its own codes (colours, cursor
    # moves, the pointer's shape), none of the file name's own may be among them
    (saves.games_dir() / f"{HOSTILE}.json").write_bytes(b"garbage")
    out = in_a_terminal(
        home, [], [(b"", b"Continue a game"), (b"\x1b[B\r", b"PWNED-TITLE")]
    )  # down to "Continue a game", Enter: the list
    assert SHOWN.encode() in out and only_textuals_own_codes(out)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_new_and_continue_in_a_real_terminal_show_markup_names_as_text(game, home):
    # `new --seats 'A[/]',Bob` stopped with a MarkupError, and `continue` did every time
    seats = "A[/],[reverse]Ann"
    # the hand-over, the game's screen (its key bar: Hint; Undo is offered only once a step
    # can be taken back), its players' panel
    steps = [(b"", b"look away"), (b"\r", b"Hint"), (b"p", (b"[reverse]Ann", b"A[/]"))]
    out = in_a_terminal(home, ["new", "--game", game, "--seats", seats, "--no-coach"], steps)
    assert b"A[/]" in out and b"Error" not in out and only_textuals_own_codes(out)
    (game_info,) = saves.list_games()
    assert game_info.names == ["A[/]", "[reverse]Ann"]
    out = in_a_terminal(home, ["continue"], steps)
    assert b"A[/]" in out and b"Error" not in out and only_textuals_own_codes(out)


# --- point 2: names and titles are text, never markup ---------------------------------------


async def play_a_little(app, pilot, presses: int = 12) -> None:
    """Take the first choice a few times (hand-overs passed with Enter)."""
    for _ in range(presses):
        for key in ("1", "enter"):
            app.simulate_key(key)
            await pilot.pause()


def shows_every_name(text: str, names=MARKUP_NAMES) -> bool:
    return all(name in text for name in names)


@pytest.mark.long
@pytest.mark.parametrize("game", GAME_NAMES)
async def test_markup_in_players_names_is_shown_as_text_on_the_play_screens(game, home):
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.screens import HandOverScreen
    from forum_trajanum.tui.seats import settings_from_seats

    settings = settings_from_seats(",".join(MARKUP_NAMES), coach=[], seed=5, game=game)
    app = ForumApp(bot_delay=0, guard_errors=False, choice_hold=0.001, new_game=settings)
    async with app.run_test(size=(160, 50)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert app.screen.player_name in screen_text(app)
        seen = set()
        for _ in range(8):  # each player's screen, past a hand-over each
            await play_a_little(app, pilot, 3)
            text = screen_text(app)
            seen |= {name for name in MARKUP_NAMES if name in text}
            assert no_terminal_codes(text) and app.is_running
        assert seen == set(MARKUP_NAMES)
        for key in ("l", "p"):  # the log and the players' panels
            await pilot.press(key)
            assert any(name in screen_text(app) for name in MARKUP_NAMES)
        game_id = app.session.game.id
        actions = len(app.session.record.actions)
        app.session.close()  # as when its process ends
    # the game goes on with `continue` (the command opens it as this app does)
    app = ForumApp(bot_delay=0, guard_errors=False, choice_hold=0.001, open_game=game_id)
    async with app.run_test(size=(160, 50)) as pilot:
        assert await wait_for(pilot, lambda: app.session is not None)
        assert len(app.session.record.actions) == actions
        await play_a_little(app, pilot, 3)
        assert len(app.session.record.actions) > actions
        assert any(name in screen_text(app) for name in MARKUP_NAMES)


@pytest.mark.long
@pytest.mark.parametrize("game", GAME_NAMES)
async def test_a_bot_seat_named_with_markup_plays_while_its_name_shows_as_text(game, home):
    # a save's header may give a bot seat any name: the screens that watch a bot name it
    from forum_trajanum.tui.app import ForumApp

    rules = GAMES.get(game)
    session = GameSession.new(
        5, rules.options(players=2), ["[reverse]Ann", "A[/]"], ["", "easy"], game=game
    )
    app = ForumApp(bot_delay=0, guard_errors=False, choice_hold=0.001, session=session)
    async with app.run_test(size=(160, 50)) as pilot:
        seen = set()
        for _ in range(12):
            await play_a_little(app, pilot, 2)
            text = screen_text(app)
            seen |= {name for name in ("[reverse]Ann", "A[/]") if name in text}
            assert no_terminal_codes(text)
        assert seen == {"[reverse]Ann", "A[/]"} and app.is_running
        assert any(seat == 1 for seat in _seats_played(session))


def _seats_played(session: GameSession) -> set[int]:
    return {entry.seat for entry in session.log}


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_markup_in_names_is_text_on_the_game_over_screens_and_in_the_list(game, home):
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.games import GamesScreen

    session = session_of(game, MARKUP_NAMES, actions=0)
    session.autosave = False  # played to its end at once, then saved
    while not session.over:
        session.play(session.view_of(session.decider).legal[0])
    session.autosave = True
    session.save()
    app = ForumApp(bot_delay=0, guard_errors=False, choice_hold=0.001, session=session)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert shows_every_name(text)
        assert no_terminal_codes(text)
        for _ in range(3):
            await pilot.press("tab")
            assert no_terminal_codes(screen_text(app))
        app.continue_game(finished=True)
        assert await wait_for(pilot, lambda: "Finished games" in screen_text(app))
        assert shows_every_name(screen_text(app))
        await pilot.press("r")  # its replay
        assert await wait_for(pilot, lambda: not isinstance(app.screen, GamesScreen))
        await pilot.press("end", "s")
        await pilot.pause()
        assert any(name in screen_text(app) for name in MARKUP_NAMES)
    exported = cli("export", str(session.game.path), home=home)
    assert exported.returncode == 0 and no_terminal_codes(exported.stdout)
    assert shows_every_name(exported.stdout.decode())


@pytest.mark.parametrize("game", GAME_NAMES)
async def test_replay_of_a_game_with_markup_names_shows_them_as_text(game, home):
    from forum_trajanum.tui.replayapp import ReplayApp, replay_screen_for

    session = session_of(game, MARKUP_NAMES, actions=60)
    session.close()
    app = ReplayApp(replay_screen_for(session.game.path))
    async with app.run_test(size=(160, 50)) as pilot:
        seen = set()
        for key in ("end", "s", "l", "tab", "c", "tab", "1"):
            await pilot.press(key)
            text = screen_text(app)
            seen |= {name for name in MARKUP_NAMES if name in text}
            assert no_terminal_codes(text)
        assert seen == set(MARKUP_NAMES)
        assert app.is_running


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_replay_command_in_a_real_terminal_shows_markup_names_as_text(game, home):
    # `replay` printed a Rich traceback (the names went into the scores table as markup)
    session = session_of(game, ["A[/]", "[reverse]Ann"], actions=80)
    session.close()
    names = (b"A[/]", b"[reverse]Ann")
    # End (the last action), then the scores' table or the players' panel
    keys, shown = {"forum-trajanum": (b"s", b"Score after each round"), "trajan": (b"p", b"")}[game]
    steps = [(b"", names), (b"\x1b[F" + keys, (shown, *names))]
    out = in_a_terminal(home, ["replay", str(session.game.path)], steps)
    assert b"Error" not in out and b"Traceback" not in out and only_textuals_own_codes(out)


async def test_a_copy_saved_with_markup_in_its_title_keeps_the_title_as_text(home):
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.dialogs import SaveAsScreen

    session = session_of("forum-trajanum", ["Ann", "Bob"])
    app = ForumApp(bot_delay=0, guard_errors=False, choice_hold=0.001, session=session)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await pilot.press("enter")  # past the hand-over
        await pilot.press("s")
        assert await wait_for(pilot, lambda: isinstance(app.screen, SaveAsScreen))
        await pilot.press(*"[/]Copy", "enter")  # the notification says it as text
        assert await wait_for(pilot, lambda: "Saved a copy as '[/]Copy'" in screen_text(app))
        assert len(saves.list_games()) == 2 and app.is_running
        app.continue_game()
        assert await wait_for(pilot, lambda: "Continue a game" in screen_text(app))
        assert "[/]Copy" in screen_text(app)


# --- point 3: names that are not UTF-8 ----------------------------------------------------


def test_new_refuses_a_name_that_is_not_utf8_and_leaves_nothing_behind(home):
    done = cli("new", "--seats", os.fsdecode(b"Ren\xe9") + ",Bob", home=home)
    assert done.returncode == 2
    assert rb"The name 'Ren\xe9' holds a character that is not UTF-8 text" in done.stderr
    assert b"Traceback" not in done.stderr and no_terminal_codes(done.stderr)
    games = home / "games"
    assert not games.exists() or not list(games.iterdir())  # no save, no lock file


def _with_header_names(session: GameSession, names: list[str]) -> Path:
    """The session's save with its header's names replaced (as JSON writes them)."""
    path = session.game.path
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["names"] = names
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    return path


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_lone_surrogate_in_a_saved_name_is_dropped_and_every_move_is_saved(game, home):
    session = session_of(game, ["Ann", "Bob"])
    session.close()
    path = _with_header_names(session, ["A\ud800", "Bob"])
    assert '"A\\ud800"' in path.read_text()
    (listed,) = saves.list_games()
    assert listed.names == ["A", "Bob"] and listed.readable
    opened, found = GameSession.open(session.game.id)
    assert found.lost == 0 and opened.record.names == ["A", "Bob"]
    for _ in range(3):
        opened.play(opened.view_of(opened.decider).legal[0])
    assert opened.save_error == ""
    opened.close()
    again, found = GameSession.open(session.game.id)  # every move is on disk
    assert found.lost == 0 and len(again.record.actions) == 6
    assert again.record.names == ["A", "Bob"]
    again.close()
    done = cli("export", str(path), home=home)
    assert done.returncode == 0 and b"1 A" in done.stdout and no_terminal_codes(done.stdout)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_an_action_line_with_a_lone_surrogate_is_damage_after_the_good_actions(game, home):
    session = session_of(game, ["Ann", "Bob"], actions=4)
    session.close()
    path = session.game.path
    lines = path.read_text().splitlines()
    lines[3] = '"\\ud800"'  # the third action
    path.write_text("\n".join(lines) + "\n")
    opened, found = GameSession.open(session.game.id)
    assert found.lost == 2 and len(opened.record.actions) == 2
    opened.play(opened.view_of(opened.decider).legal[0])
    assert opened.save_error == ""
    opened.close()
    assert found.damaged_copy.exists()


def test_a_save_that_cannot_be_encoded_is_said_to_have_failed_not_to_be_saved(home, monkeypatch):
    session = session_of("forum-trajanum", ["Ann", "Bob"])
    session.record.names[0] = "A\ud800"  # past every check: the writer refuses it
    session.play(session.view_of(session.decider).legal[0])
    assert "not UTF-8" in session.save_error and session.unsaved == 1
    session.close()
    log = (home / saves.LOG).read_bytes()
    assert b"writing" in log and no_terminal_codes(log)


async def test_a_crash_says_the_game_is_saved_only_when_it_is(home, capsys):
    import asyncio
    import time

    from forum_trajanum.tui.app import ForumApp
    from tests.waiting import DEADLINE

    for broken in (False, True):
        session = session_of("forum-trajanum", ["Ann", "Bob"])
        app = ForumApp(bot_delay=0, guard_errors=True, choice_hold=0.001, session=session)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            if broken:  # a name past every check: the writer refuses the save
                session.record.names[0] = "A\ud800"
                session.play(session.view_of(session.decider).legal[0])
            app.call_later(lambda: 1 / 0)  # a bug; no waiting on the app: it is leaving
            deadline = time.monotonic() + DEADLINE
            while app.return_code is None and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
        said = capsys.readouterr()
        message = " ".join((said.err + said.out).split())
        assert app.return_code == 1 and "internal error (ZeroDivisionError" in message
        if broken:
            assert "Your game is saved" not in message
            assert "The last 1 action of this game could not be saved" in message
            assert "They are lost." in message
        else:
            assert "Your game is saved" in message
        session.close()


async def test_the_new_game_form_refuses_a_pasted_name_that_is_not_utf8(home):
    from textual import events

    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.screens import NewGameScreen

    app = ForumApp(bot_delay=0, guard_errors=False, choice_hold=0.001)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")  # New game
        assert await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        field = app.screen.query_one("#name-0")
        await pilot.press("ctrl+a", "ctrl+k")
        field.post_message(events.Paste("Ren\udce9"))
        assert await wait_for(pilot, lambda: "Ren" in field.value)
        app.screen.query_one("#start").focus()
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: "not UTF-8" in screen_text(app))
        assert app.session is None and isinstance(app.screen, NewGameScreen)
        assert app.focused is field
    assert not saves.list_games()
