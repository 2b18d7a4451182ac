"""``forum-trajanum serve`` in Debian's Chromium, driven by Playwright, on loopback only.

One server for the module (a free port on 127.0.0.1, its own save directory). What a tab shows
is read from the bytes the app sends to the browser's terminal (recorded by a script added to
the page, escape sequences stripped); screenshots go to the test's temporary directory, or to
the directory named by the environment variable SCREENSHOTS."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.waiting import DEADLINE, wait_until

CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1366, "height": 768}
#: Seconds of pressing Enter without a new action saved before the flow counts as stuck (a
#: hang, not a slow machine: like tests/waiting.py's DEADLINE).
STALL = DEADLINE
#: How long a press of Enter in a play loop waits for the repaint it causes before the next
#: press: a press that lands while a new player's list is held (``CHOICE_HOLD``, 0.3 s) is
#: ignored and repaints nothing. Pacing only: whether a press repainted is never asserted.
PACE = 0.5
#: How often a wait re-reads the page, in milliseconds (Playwright's default re-reads it on
#: every animation frame, sixty times a second, making the browser draw frames for nothing).
POLL = 25

playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')"
)
if not Path(CHROMIUM).exists():  # pragma: no cover - CI installs it (.ci/run)
    pytest.skip(
        f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)",
        allow_module_level=True,
    )

#: Records what the app sends to the terminal; window.screenText() is it without escapes.
RECORDER = """
(() => {
  window.received = "";
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      const decoder = new TextDecoder();
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string") {
          window.received += decoder.decode(event.data, { stream: true });
        }
      });
    }
  };
  window.screenText = () =>
    window.received
      .replace(/\\x1b\\[[0-9;?<>=]*[ -\\/]*[@-~]/g, "")
      .replace(/\\x1b[()][0-9A-B]/g, "");
})();
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """The server's save directory, also this process's (to read the saves)."""
    path = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FORUM_TRAJANUM_HOME", str(path))
        yield path


def _start_server(home: Path):
    """``forum-trajanum serve`` on a free port of 127.0.0.1: (url, process)."""
    port = _free_port()
    env = {**os.environ, "FORUM_TRAJANUM_HOME": str(home)}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "forum_trajanum.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    first = process.stdout.readline()  # printed once the server listens
    found = re.search(rf"http://127\.0\.0\.1:{port}/\?key=[\w-]+", first)
    assert found, first
    # keep reading its log, so that a full pipe never blocks the server
    threading.Thread(target=process.stdout.read, daemon=True).start()
    return found.group(0), process


@pytest.fixture(scope="module")
def server(home):
    """``forum-trajanum serve`` on 127.0.0.1; on teardown, SIGTERM must stop it cleanly (exit
    status 0) and end every app process. (How fast, ``STOP_WITHIN``, is a speed claim: not
    asserted by a test on a busy machine.)"""
    url, process = _start_server(home)
    yield url, process
    apps = _children(process.pid)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=DEADLINE) == 0
    wait_until(lambda: not any(_alive(pid) for pid in apps), what="the app processes to end")


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--no-first-run", "--disable-background-networking"],
        )
        yield chromium
        chromium.close()


class Tab:
    """One browser tab on the game, read through what its terminal received."""

    def __init__(self, browser, url: str, shots: Path, name: str) -> None:
        self.page = browser.new_page(viewport=VIEWPORT)
        self.page.add_init_script(RECORDER)
        self.shots, self.name, self.url = shots, name, url
        self.page.goto(url)

    def clear(self) -> None:
        self.page.evaluate("window.received = ''")

    def wait_for_text(self, text: str, timeout: float = DEADLINE) -> None:
        self.page.wait_for_function(
            "text => window.screenText().includes(text)",
            arg=text,
            timeout=timeout * 1000,
            polling=POLL,
        )

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def wait_for_match(self, pattern: str, timeout: float = DEADLINE) -> None:
        """Wait until what the terminal received since :meth:`clear` matches the JavaScript
        regular expression ``pattern``."""
        self.page.wait_for_function(
            "pattern => new RegExp(pattern).test(window.screenText())",
            arg=pattern,
            timeout=timeout * 1000,
            polling=POLL,
        )

    def press_paced(self, key: str) -> bool:
        """Press ``key`` in a play loop and wait up to :data:`PACE` for its repaint; whether
        it repainted (False: a held list ignored it) is for the loop's count only."""
        self.page.evaluate("window.received = ''")
        self.page.keyboard.press(key)
        try:
            self.page.wait_for_function(
                "window.received.length > 0", timeout=PACE * 1000, polling=POLL
            )
        except playwright_api.TimeoutError:
            return False
        return True

    def shot(self, label: str) -> Path:
        path = self.shots / f"{self.name}-{label}.png"
        self.page.screenshot(path=path)
        return path


def _games(home: Path):
    from forum_trajanum.core import saves

    assert saves.save_dir() == home
    return saves.list_games(finished=None)


@pytest.mark.long
def test_setup_and_a_round_then_reload_and_continue_then_a_second_tab(
    browser, server, home, tmp_path
):
    url, _ = server
    started = time.monotonic()
    shots = Path(os.environ.get("SCREENSHOTS") or tmp_path)  # SCREENSHOTS=dir keeps them
    tab = Tab(browser, url, shots, "first")
    page = tab.page
    assert page.title() == "Forum Trajanum"
    intro = page.inner_text(".intro")
    assert "Forum Trajanum" in intro and "python" not in intro.lower()
    tab.wait_for_text("Continue a game")  # the start screen
    # keys work without a click: the terminal has the keyboard focus
    assert page.evaluate("document.activeElement.className") == "xterm-helper-textarea"
    tab.shot("start")
    tab.clear()
    tab.press("Enter")  # New game
    tab.wait_for_text("Players")
    # the form opens on its first field, the game; back past Back to Start
    tab.press("Shift+Tab", "Shift+Tab")
    tab.press("Enter")  # Start (2 people at one keyboard)
    (game,) = wait_until(lambda: _games(home), what="the new game's save")
    # setup and the first round, by Enter only (each press takes the first legal choice)
    # (a slow machine may take several presses per action: a press sent while the app is
    # still busy can land in the next player's held list; what must hold is that play moves
    # on: the save grows within STALL seconds of pressing)
    presses = ignored = 0
    progress = (0, time.monotonic())
    while not ((info := _games(home)[0]).period >= (1, 2)):
        if info.actions > progress[0]:
            progress = (info.actions, time.monotonic())
        stalled = time.monotonic() - progress[1]
        assert stalled < STALL, f"no action saved for {stalled:.0f} s of pressing Enter"
        presses += 1
        ignored += not tab.press_paced("Enter")
    print(f"\nsetup and a round: {presses} presses of Enter, {ignored} ignored (held lists)")
    tab.shot("round-2")
    assert any(text.startswith("diagonal") for text in _record(home, game.id))

    # reload: the tab's app ends (its lock with it); Continue resumes the same game
    page.reload()
    tab.wait_for_text("Continue a game")
    wait_until(lambda: not _games(home)[0].locked, what="the reloaded tab's old app to end")
    # what the old app saved: it writes in the background while it repaints, and closes the
    # game (releasing the lock) only after its last write
    played = _games(home)[0].actions
    assert played >= info.actions
    tab.clear()
    tab.press("ArrowDown", "Enter")  # Continue a game: the list
    tab.wait_for_text("Player 1, Player 2")
    tab.wait_for_text("cycle I, round 2")
    tab.shot("games")
    tab.press("Enter")
    wait_until(lambda: _games(home)[0].locked, what="the game to be open again")
    assert _games(home)[0].actions == played
    _press_enter_until(tab, home, lambda: _games(home)[0].actions > played)  # past the hand-over
    continued = _games(home)[0].actions
    # play went on (one choice, and any step with one possible answer after it plays itself;
    # the loop may send one more Enter before it sees the save grow)
    assert continued > played
    tab.shot("continued")
    before = _record(home, game.id)

    # a second tab cannot open the game the first one plays
    other = Tab(browser, url, shots, "second")
    other.wait_for_text("Continue a game")
    other.clear()
    other.press("ArrowDown", "Enter")
    other.wait_for_text("open in another window")
    other.clear()
    other.press("Enter")
    other.wait_for_text("This game is open in another window")
    other.shot("refused")
    # nothing overwritten (the first tab may still take a late Enter of its loop above)
    assert _record(home, game.id)[: len(before)] == before
    # it may start a game of its own instead: a second save, the first one untouched
    other.press("Escape", "ArrowUp", "Enter")
    other.wait_for_text("Players")
    other.press("Shift+Tab", "Shift+Tab", "Enter")  # from the game, past Back, to Start
    wait_until(lambda: len(_games(home)) == 2, what="the second tab's own game")
    assert game.id in [g.id for g in _games(home)]
    print(f"\nbrowser flow took {time.monotonic() - started:.1f} s")


def _press_enter_until(tab: Tab, home: Path, done) -> None:
    """Press Enter (paced) until ``done()``; fail when the newest game saves no new action for
    :data:`STALL` seconds of pressing (a hang)."""
    progress = (_games(home)[0].actions, time.monotonic())
    while not done():
        played = _games(home)[0].actions
        if played > progress[0]:
            progress = (played, time.monotonic())
        assert time.monotonic() - progress[1] < STALL, "no action saved while pressing Enter"
        tab.press_paced("Enter")


def _record(home: Path, game_id: str) -> list[str]:
    from forum_trajanum.games.forum_trajanum.engine import GameRecord

    return GameRecord.from_json((home / "games" / f"{game_id}.json").read_bytes()).actions


@pytest.mark.long
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the OS ends apps on Linux")
@pytest.mark.parametrize("how", ["SIGINT", "SIGKILL"])
def test_the_games_end_with_the_server_even_when_it_is_killed(browser, home, how):
    # Ctrl+C (SIGINT) stops the server and its apps; if the server is killed outright, the OS
    # ends its apps (nothing is left running).
    url, process = _start_server(home)
    page = browser.new_page(viewport=VIEWPORT)
    page.goto(url)
    page.wait_for_selector("body.-first-byte")
    apps = wait_until(lambda: _children(process.pid), what="the tab's app process")
    process.send_signal(getattr(signal, how))
    # Ctrl+C stops the server by itself (exit status 0); SIGKILL ends it outright
    assert process.wait(timeout=DEADLINE) == (0 if how == "SIGINT" else -signal.SIGKILL)
    wait_until(lambda: not any(_alive(pid) for pid in apps), what="the app processes to end")
    page.close()


@pytest.fixture
def own_server(tmp_path):
    """A server of its own (its own save directory) for one test; stopped after it."""
    path = tmp_path / "home"
    path.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FORUM_TRAJANUM_HOME", str(path))
        url, process = _start_server(path)
        yield url, path
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)


@pytest.mark.long
def test_a_trajan_game_starts_and_plays_in_the_browser(browser, own_server, tmp_path):
    # issue 17: "`serve` plays Trajan in the browser"
    url, home = own_server
    tab = Tab(browser, url, Path(os.environ.get("SCREENSHOTS") or tmp_path), "trajan")
    tab.wait_for_text("Continue a game")
    tab.clear()
    tab.press("Enter")  # New game
    tab.wait_for_text("Players")
    # the form opens on its first field, the game: open its list with Space (its arrow turns
    # up), choose Trajan with Enter (the field shows it, and the next field has the focus),
    # then back past the game and Back to Start
    tab.clear()
    tab.press("Space")
    tab.wait_for_text("▲")
    tab.clear()
    tab.press("ArrowDown", "Enter")
    tab.wait_for_match(r"Trajan\s+▼")  # not "Forum Trajanum ▼"
    for key in ("Shift+Tab", "Shift+Tab", "Shift+Tab"):  # each once the last is drawn
        tab.press_paced(key)
    tab.press("Enter")
    (game,) = wait_until(lambda: _games(home), what="the Trajan game's save")
    assert game.game == "trajan"
    tab.wait_for_text("Pass the keyboard")
    tab.clear()
    tab.press("Enter")  # the hand-over
    tab.wait_for_text("action circle")
    tab.shot("trajan-circle")
    # play on by Enter (the coach's boxes and the first choices) until actions are saved
    _press_enter_until(tab, home, lambda: _games(home)[0].actions >= 6)
    from forum_trajanum.core import saves

    record, _ = saves.read_game(game.id)
    assert record.game == "trajan" and len(record.actions) >= 6


@pytest.mark.long
def test_a_hostile_file_name_reaches_the_browser_as_text_never_as_terminal_codes(
    browser, own_server, tmp_path
):
    # issue 26.1: a damaged save named with OSC codes set the terminal's title and put
    # `rm -rf ~` on the clipboard when the Continue list opened; served, the same app must
    # send the browser's terminal the name as visible escapes only
    from forum_trajanum.core import saves

    url, home = own_server
    assert saves.save_dir() == home
    hostile = "zx\x1b]0;PWNED-TITLE\x07\x1b]52;c;cm0gLXJmIH4K\x07"
    saves.games_dir().mkdir(parents=True, exist_ok=True)
    (saves.games_dir() / f"{hostile}.json").write_bytes(b"garbage")
    tab = Tab(browser, url, Path(os.environ.get("SCREENSHOTS") or tmp_path), "hostile")
    tab.wait_for_text("Continue a game")
    title = tab.page.title()
    tab.clear()
    tab.press("ArrowDown", "Enter")  # Continue a game: the list, with the damaged file
    tab.wait_for_text("PWNED-TITLE")
    tab.wait_for_text(r"\x1b]52;c;cm0gLXJmIH4K\x07")  # the name, its codes shown as text
    received = tab.page.evaluate("window.received")
    assert "\x1b]0;PWNED" not in received and "\x1b]52;" not in received
    # the only operating-system commands sent are Textual's own (22: the pointer's shape)
    assert set(re.findall("\x1b\\](\\d+);", received)) <= {"22"}
    assert tab.page.title() == title
    tab.shot("list")
